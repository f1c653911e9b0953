#include "numerics/certified_gaussian_moments.hpp"

#include <acb_calc.h>
#include <arb_calc.h>
#include <fmt/format.h>

#include "numerics/precision.hpp"
#include <algorithm>

namespace attnverify::num {

namespace {

// The integrand of one segment for acb_calc_integrate: s f_piece(beta + gamma z)^k phi(z)
// (s only for k = 1).
struct SegmentIntegrand {
  const AnalyticPiece* piece;
  const std::vector<int>* branches;
  int sign;
  unsigned k;
  arb_srcptr beta, gamma;
  const ScoreDistribution* law;
  int side;  // the law's analytic piece: breakpoints left of the segment
};

int segment_integrand(acb_ptr out, const acb_t z, void* param, slong order, slong prec) {
  const auto* p = static_cast<const SegmentIntegrand*>(param);
  acb_t x, phi;
  acb_init(x);
  acb_init(phi);
  p->law->eps(x, z, prec);
  acb_mul_arb(x, x, p->gamma, prec);
  acb_add_arb(x, x, p->beta, prec);
  p->piece->evaluate(out, x, *p->branches, order != 0, prec);
  if (p->k == 1) {
    if (p->sign < 0) acb_neg(out, out);
  } else {
    acb_sqr(out, out, prec);
  }
  p->law->weight(phi, z, p->side, order != 0, prec);
  acb_mul(out, out, phi, prec);
  acb_clear(x);
  acb_clear(phi);
  return 0;
}

// x = beta + gamma e(u) on a real ball u
void score_of(Ball& out, const ScoreDistribution& law, const Ball& u, const Ball& beta, const Ball& gamma, slong bits) {
  acb_t a;
  acb_init(a);
  acb_set_arb(a, u.get());
  law.eps(a, a, bits);
  arb_mul(out.get(), acb_realref(a), gamma.get(), bits);
  arb_add(out.get(), out.get(), beta.get(), bits);
  acb_clear(a);
}

// [0, upper end of b] as a ball
Ball zero_to(const Ball& b, slong bits) {
  arf_t lo, hi;
  arf_init(lo);
  arf_init(hi);
  arb_get_ubound_arf(hi, b.get(), bits);
  Ball out;
  arb_set_interval_arf(out.get(), lo, hi, bits);
  arf_clear(lo);
  arf_clear(hi);
  return out;
}

// every point of a <= every point of b
bool below(const Ball& a, const Ball& b) { return arb_le(a.get(), b.get()) != 0; }

Ball times_power_of_ten(const Ball& a, long exponent, slong bits) {
  Ball ten, out;
  arb_set_ui(ten.get(), 10);
  fmpz_t e;
  fmpz_init_set_si(e, exponent);
  arb_pow_fmpz(ten.get(), ten.get(), e, bits);
  fmpz_clear(e);
  arb_mul(out.get(), a.get(), ten.get(), bits);
  return out;
}

struct Interval {
  Ball lo, hi;  // exact (zero radius) ends
  int depth;
};

struct Segment {
  Ball lo, hi;
  std::vector<int> branches;
  int sign;  // of f on the segment; 0: f is 0 there
};

}  // namespace

CertifiedGaussianMoments::CertifiedGaussianMoments(const GiNaC::ex& f, const GiNaC::symbol& x,
                                                   const std::vector<GiNaC::numeric>& kinks_x, unsigned digits,
                                                   std::shared_ptr<const ScoreDistribution> law)
    : law_(std::move(law)),
      f_(f, {x}),
      piece_(f, x),
      growth_(growth_bound(f_.program())),
      digits_(digits),
      bits_(Precision{digits}.ball_bits()) {
  for (const auto& k : kinks_x) kinks_.push_back(Ball::from_numeric(k, bits_));
}

std::optional<std::pair<Ball, Ball>> CertifiedGaussianMoments::rough_moments(const Ball& beta,
                                                                             const Ball& gamma) const {
  if (!growth_.bound) return std::nullopt;
  constexpr slong bits = 64;
  Ball reach;  // 2 c gamma + 2 p + 41 for the normal law; the support, or 850, for the others
  arb_mul(reach.get(), growth_.bound->c.get(), gamma.get(), bits);
  arb_add(reach.get(), reach.get(), growth_.bound->p.get(), bits);
  arb_mul_2exp_si(reach.get(), reach.get(), 1);
  arb_add_ui(reach.get(), reach.get(), 41, bits);
  const double z_max = law_->support()             ? static_cast<double>(*law_->support())
                       : !law_->is_normal() ? std::min(850.0, 2 * law_->negligible_beyond())
                                            : std::min(arf_get_d(arb_midref(reach.get()), ARF_RND_UP), 1e5);
  const double step = std::max(0.125, 2 * z_max / 20000);
  Ball best[2], z, term;
  std::vector<Ball> point(1);
  for (double zd = -z_max; zd <= z_max; zd += step) {
    arb_set_d(z.get(), zd);
    score_of(point[0], *law_, z, beta, gamma, bits);
    const Ball value = f_.evaluate(point, bits);
    if (!value.finite()) continue;
    Ball phi;
    law_->weight(phi, z, bits);
    for (int k = 0; k < 2; ++k) {
      arb_abs(term.get(), value.get());
      if (k == 1) arb_sqr(term.get(), term.get(), bits);
      arb_mul(term.get(), term.get(), phi.get(), bits);
      arb_get_mid_arb(term.get(), term.get());
      if (arf_cmp(arb_midref(term.get()), arb_midref(best[k].get())) > 0) best[k] = term;
    }
  }
  if (!best[0].positive() || !best[1].positive()) return std::nullopt;
  return std::make_pair(best[0], best[1]);
}

CertifiedMoments CertifiedGaussianMoments::operator()(const Ball& beta, const Ball& gamma, const Ball& estimate_abs,
                                                      const Ball& estimate_square) const {
  CertifiedMoments out;
  const slong bits = bits_;
  if (!growth_.bound) {
    out.failure = "no bound on the Gaussian tails of f (no rule for " + growth_.failure + ")";
    return out;
  }
  if (!gamma.positive()) {
    out.failure = "gamma is not positive";
    return out;
  }
  if (!estimate_abs.finite() || !estimate_square.finite() || !estimate_abs.positive() || !estimate_square.positive()) {
    out.failure = "no positive estimate of the moments to set the tolerance";
    return out;
  }
  // the absolute tolerance of each moment: 10^-(P+8) of its estimate, a quarter each to
  // the tails and the slivers, the rest to the segments
  const long shift = -static_cast<long>(digits_) - 8;
  const Ball tol[2] = {times_power_of_ten(estimate_abs, shift, 64), times_power_of_ten(estimate_square, shift, 64)};
  Ball quarter[2], sliver_tol[2];
  for (int k = 0; k < 2; ++k) {
    arb_mul_2exp_si(quarter[k].get(), tol[k].get(), -2);
    arb_mul_2exp_si(sliver_tol[k].get(), tol[k].get(), -12);  // per sliver
  }

  // 1. the truncation T: the support of a bounded law; else the smallest of 8, 10, 12.5,
  // ... (x1.25) whose tail bounds fit
  Ball T, tails[2];
  if (law_->support()) {
    arb_set_si(T.get(), *law_->support());
    out.T = static_cast<double>(*law_->support());
  } else {
    for (double t = 8;; t *= 1.25) {
      if (t > 1e5) {
        out.failure = "the tail bound under the " + law_->title() + " law does not fall below the tolerance for |u| <= 1e5";
        return out;
      }
      arb_set_d(T.get(), t);
      bool fits = true;
      for (unsigned k = 1; k <= 2; ++k) {
        const std::optional<Ball> bound = law_->tail_bound(*growth_.bound, k, beta, gamma, T, bits);
        if (!bound) {
          out.failure = "the growth bound of f does not make the tails of E|f(X)|^" + std::to_string(k) +
                        " finite under the " + law_->title() + " law";
          return out;
        }
        tails[k - 1] = *bound;
        fits = fits && bound->finite() && below(*bound, quarter[k - 1]);
      }
      if (fits) {
        out.T = t;
        break;
      }
    }
  }

  // 2. the first cuts: -T, the kinks' z = (x_k - beta)/gamma (midpoints) inside, T
  std::vector<Ball> cuts;
  {
    Ball minus_T;
    arb_neg(minus_T.get(), T.get());
    cuts.push_back(minus_T);
    for (const Ball& k : kinks_) {
      Ball z;
      arb_sub(z.get(), k.get(), beta.get(), bits);
      arb_div(z.get(), z.get(), gamma.get(), bits);
      law_->u_of_eps(z, z, bits);
      mag_zero(arb_radref(z.get()));
      if (arb_gt(z.get(), minus_T.get()) && arb_lt(z.get(), T.get())) cuts.push_back(z);
    }
    for (const long b : law_->breakpoints()) {  // exact: W's own kinks
      Ball z;
      arb_set_si(z.get(), b);
      if (arb_gt(z.get(), minus_T.get()) && arb_lt(z.get(), T.get())) cuts.push_back(z);
    }
    std::sort(cuts.begin() + 1, cuts.end(),
              [](const Ball& a, const Ball& b) { return arf_cmp(arb_midref(a.get()), arb_midref(b.get())) < 0; });
    cuts.erase(std::unique(cuts.begin(), cuts.end(),
                           [](const Ball& a, const Ball& b) { return arb_equal(a.get(), b.get()) != 0; }),
               cuts.end());
    cuts.push_back(T);
  }

  // a segment never spans one of the law's breakpoints (W is another analytic function on each side)
  const auto at_breakpoint = [&](const Ball& u) {
    for (const long b : law_->breakpoints()) {
      Ball z;
      arb_set_si(z.get(), b);
      if (arb_equal(z.get(), u.get())) return true;
    }
    return false;
  };

  // 3. prove the branches and the sign of f interval by interval, left to right
  const int max_depth = static_cast<int>(bits) + 64;
  const std::size_t budget = 20000;
  std::vector<Segment> segments;
  Ball sliver_sum[2];
  std::vector<Ball> point(1);
  std::vector<int> signs;
  for (std::size_t c = 0; c + 1 < cuts.size(); ++c) {
    std::vector<Interval> stack{{cuts[c], cuts[c + 1], 0}};
    while (!stack.empty()) {
      const Interval I = stack.back();
      stack.pop_back();
      Ball Z, w;
      arb_union(Z.get(), I.lo.get(), I.hi.get(), bits);
      arb_sub(w.get(), I.hi.get(), I.lo.get(), bits);
      score_of(point[0], *law_, Z, beta, gamma, bits);
      const Ball value = f_.evaluate(point, bits, &signs);
      ++out.interval_evaluations;
      const bool branches_proved = std::none_of(signs.begin(), signs.end(), [](int s) { return s == 0; });
      const bool sign_proved = value.positive() || value.negative() || value.is_zero();
      if (branches_proved && sign_proved) {
        const int sign = value.positive() ? 1 : value.negative() ? -1 : 0;
        if (!segments.empty() && segments.back().branches == signs && segments.back().sign == sign &&
            arb_equal(segments.back().hi.get(), I.lo.get()) && !at_breakpoint(I.lo))
          segments.back().hi = I.hi;
        else
          segments.push_back({I.lo, I.hi, signs, sign});
        continue;
      }
      // a sliver if w sup|f|^k sup phi is within its share
      Ball phi, bound[2];
      law_->weight(phi, Z, bits);
      arb_mul(phi.get(), phi.get(), w.get(), bits);
      arb_abs(bound[0].get(), value.get());
      arb_sqr(bound[1].get(), bound[0].get(), bits);
      bool sliver = value.finite();
      for (int k = 0; k < 2 && sliver; ++k) {
        arb_mul(bound[k].get(), bound[k].get(), phi.get(), bits);
        sliver = bound[k].finite() && below(bound[k], sliver_tol[k]);
      }
      if (sliver) {
        for (int k = 0; k < 2; ++k) arb_add(sliver_sum[k].get(), sliver_sum[k].get(), bound[k].get(), bits);
        ++out.slivers;
        continue;
      }
      if (I.depth >= max_depth || out.interval_evaluations >= budget) {
        out.failure =
            fmt::format("the sign of f{} could not be proved near z = {} (beta + gamma z = {}) within {} bisections",
                        branches_proved ? "" : " or of a kink's argument", Z.midpoint_text(8),
                        point[0].midpoint_text(8), out.interval_evaluations);
        return out;
      }
      Ball mid;
      arb_add(mid.get(), I.lo.get(), I.hi.get(), 2 * bits);
      arb_mul_2exp_si(mid.get(), mid.get(), -1);
      mag_zero(arb_radref(mid.get()));  // any split point will do; keep the ends exact
      stack.push_back({mid, I.hi, I.depth + 1});
      stack.push_back({I.lo, mid, I.depth + 1});
    }
  }

  // 4. integrate the segments; add the slivers and the tails as [0, bound]
  acb_calc_integrate_opt_t options;
  acb_calc_integrate_opt_init(options);
  mag_t segment_tol[2];
  for (int k = 0; k < 2; ++k) {
    mag_init(segment_tol[k]);
    Ball t;
    arb_mul_2exp_si(t.get(), tol[k].get(), -4);
    arb_get_mag_lower(segment_tol[k], t.get());
  }
  Ball total[2];
  acb_t a, b, result;
  acb_init(a);
  acb_init(b);
  acb_init(result);
  bool converged = true;
  for (const Segment& s : segments) {
    if (s.sign == 0) continue;  // f = 0 on the whole segment
    ++out.segments;
    int side = 0;  // breakpoints at or left of the segment's start
    for (const long b : law_->breakpoints()) {
      Ball z;
      arb_set_si(z.get(), b);
      side += arb_le(z.get(), s.lo.get()) ? 1 : 0;
    }
    acb_set_arb(a, s.lo.get());
    acb_set_arb(b, s.hi.get());
    for (unsigned k = 1; k <= 2; ++k) {
      SegmentIntegrand param{&piece_, &s.branches, s.sign, k, beta.get(), gamma.get(), law_.get(), side};
      const int status =
          acb_calc_integrate(result, segment_integrand, &param, a, b, bits, segment_tol[k - 1], options, bits);
      converged &= status == ARB_CALC_SUCCESS;
      arb_add(total[k - 1].get(), total[k - 1].get(), acb_realref(result), bits);
    }
  }
  acb_clear(a);
  acb_clear(b);
  acb_clear(result);
  for (int k = 0; k < 2; ++k) {
    mag_clear(segment_tol[k]);
    arb_add(total[k].get(), total[k].get(), zero_to(sliver_sum[k], bits).get(), bits);
    arb_add(total[k].get(), total[k].get(), zero_to(tails[k], bits).get(), bits);
  }
  out.mean_abs = total[0];
  out.mean_square = total[1];
  out.ok = total[0].finite() && total[1].finite();
  if (!out.ok)
    out.failure = "an enclosure is not finite (the integrand was not proved analytic on a segment)";
  else if (!converged)
    out.failure = "acb_calc_integrate did not reach its goal on a segment (the enclosure holds, wider)";
  return out;
}

}  // namespace attnverify::num
