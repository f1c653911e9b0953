#include "numerics/certified_gaussian_moments.hpp"

#include <acb_calc.h>
#include <arb_calc.h>
#include <fmt/format.h>

#include "numerics/precision.hpp"
#include <algorithm>

namespace attnverify::num {

namespace {

// The integrand of one segment for acb_calc_integrate: |f|^k phi = s^k f_piece(beta + gamma z)^k phi(z)
// (s = +-1, the sign of f on the segment, so s^k = s for odd k only).
struct SegmentIntegrand {
  const AnalyticPiece* piece;
  const std::vector<int>* branches;
  int sign;
  unsigned k;
  arb_srcptr beta, gamma;
  const ScoreDistribution* law;
  int side;  // the law's analytic piece: breakpoints left of the segment
  std::size_t* evaluations;  // counted for the caller
};

int segment_integrand(acb_ptr out, const acb_t z, void* param, slong order, slong prec) {
  const auto* p = static_cast<const SegmentIntegrand*>(param);
  ++*p->evaluations;
  acb_t x, phi;
  acb_init(x);
  acb_init(phi);
  p->law->eps(x, z, prec);
  acb_mul_arb(x, x, p->gamma, prec);
  acb_add_arb(x, x, p->beta, prec);
  p->piece->evaluate(out, x, *p->branches, order != 0, prec);
  if (p->k == 2)
    acb_sqr(out, out, prec);
  else if (p->k > 2)
    acb_pow_ui(out, out, p->k, prec);
  if (p->k % 2 == 1 && p->sign < 0) acb_neg(out, out);
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

std::optional<std::vector<Ball>> CertifiedGaussianMoments::rough_moments(const Ball& beta, const Ball& gamma,
                                                                       unsigned highest) const {
  if (!growth_.bound || highest == 0) return std::nullopt;
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
  std::vector<Ball> best(highest);
  Ball z, term;
  std::vector<Ball> point(1);
  for (double zd = -z_max; zd <= z_max; zd += step) {
    arb_set_d(z.get(), zd);
    score_of(point[0], *law_, z, beta, gamma, bits);
    const Ball value = f_.evaluate(point, bits);
    if (!value.finite()) continue;
    Ball phi;
    law_->weight(phi, z, bits);
    Ball power;  // |f|^k
    arb_one(power.get());
    for (unsigned k = 0; k < highest; ++k) {
      arb_mul(power.get(), power.get(), value.get(), bits);
      arb_abs(power.get(), power.get());
      arb_mul(term.get(), power.get(), phi.get(), bits);
      arb_get_mid_arb(term.get(), term.get());
      if (arf_cmp(arb_midref(term.get()), arb_midref(best[k].get())) > 0) best[k] = term;
    }
  }
  if (std::any_of(best.begin(), best.end(), [](const Ball& b) { return !b.positive(); })) return std::nullopt;
  return best;
}

CertifiedMoments CertifiedGaussianMoments::operator()(const Ball& beta, const Ball& gamma,
                                                      const std::vector<Ball>& estimates, slong eval_limit) const {
  CertifiedMoments out;
  const slong bits = bits_;
  const std::size_t K = estimates.size();  // E|f|^k for k = 1..K
  if (K == 0) {
    out.failure = "no moment asked for";
    return out;
  }
  if (!growth_.bound) {
    out.failure = "no bound on the Gaussian tails of f (no rule for " + growth_.failure + ")";
    return out;
  }
  if (!gamma.positive()) {
    out.failure = "gamma is not positive";
    return out;
  }
  if (std::any_of(estimates.begin(), estimates.end(), [](const Ball& e) { return !e.finite() || !e.positive(); })) {
    out.failure = "no positive estimate of the moments to set the tolerance";
    return out;
  }
  // the absolute tolerance of each moment: 10^-(P+8) of its estimate, a quarter each to
  // the tails and the slivers, the rest to the segments
  const long shift = -static_cast<long>(digits_) - 8;
  std::vector<Ball> tol(K), quarter(K), sliver_tol(K), tails(K);
  for (std::size_t k = 0; k < K; ++k) {
    tol[k] = times_power_of_ten(estimates[k], shift, 64);
    arb_mul_2exp_si(quarter[k].get(), tol[k].get(), -2);
    arb_mul_2exp_si(sliver_tol[k].get(), tol[k].get(), -12);  // per sliver
  }

  // 1. the truncation T: the support of a bounded law; else the smallest of 8, 10, 12.5,
  // ... (x1.25) whose tail bounds fit
  Ball T;
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
      for (unsigned k = 1; k <= K; ++k) {
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
  std::vector<Ball> sliver_sum(K);
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
      Ball phi, size;
      std::vector<Ball> bound(K);
      law_->weight(phi, Z, bits);
      arb_mul(phi.get(), phi.get(), w.get(), bits);
      arb_abs(size.get(), value.get());
      bool sliver = value.finite();
      Ball power;
      arb_one(power.get());
      for (std::size_t k = 0; k < K && sliver; ++k) {
        arb_mul(power.get(), power.get(), size.get(), bits);
        arb_mul(bound[k].get(), power.get(), phi.get(), bits);
        sliver = bound[k].finite() && below(bound[k], sliver_tol[k]);
      }
      if (sliver) {
        for (std::size_t k = 0; k < K; ++k) arb_add(sliver_sum[k].get(), sliver_sum[k].get(), bound[k].get(), bits);
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
  options->eval_limit = eval_limit;  // 0 keeps Arb's default
  std::vector<mag_struct> segment_tol(K);  // mag_t is an array type: a vector holds the structs
  for (std::size_t k = 0; k < K; ++k) {
    mag_init(&segment_tol[k]);
    Ball t;
    arb_mul_2exp_si(t.get(), tol[k].get(), -4);
    arb_get_mag_lower(&segment_tol[k], t.get());
  }
  std::vector<Ball> total(K);
  acb_t a, b, result;
  acb_init(a);
  acb_init(b);
  acb_init(result);
  bool converged = true;
  for (const Segment& s : segments) {
    if (eval_limit > 0 && !converged) break;  // capped: a wide ball is of no use to the caller
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
    for (unsigned k = 1; k <= K; ++k) {
      SegmentIntegrand param{&piece_, &s.branches, s.sign, k, beta.get(), gamma.get(), law_.get(), side,
                             &out.evaluations};
      const int status =
          acb_calc_integrate(result, segment_integrand, &param, a, b, bits, &segment_tol[k - 1], options, bits);
      converged &= status == ARB_CALC_SUCCESS;
      if (eval_limit > 0 && !converged) break;
      arb_add(total[k - 1].get(), total[k - 1].get(), acb_realref(result), bits);
    }
  }
  acb_clear(a);
  acb_clear(b);
  acb_clear(result);
  for (std::size_t k = 0; k < K; ++k) mag_clear(&segment_tol[k]);
  if (eval_limit > 0 && !converged) {
    out.failure = fmt::format("acb_calc_integrate did not reach its goal on a segment within its cap of {} "
                              "evaluations of the integrand",
                              eval_limit);
    return out;
  }
  for (std::size_t k = 0; k < K; ++k) {
    arb_add(total[k].get(), total[k].get(), zero_to(sliver_sum[k], bits).get(), bits);
    arb_add(total[k].get(), total[k].get(), zero_to(tails[k], bits).get(), bits);
  }
  out.ok = std::all_of(total.begin(), total.end(), [](const Ball& b) { return b.finite(); });
  out.absolute = std::move(total);
  if (!out.ok)
    out.failure = "an enclosure is not finite (the integrand was not proved analytic on a segment)";
  else if (!converged)
    out.failure = "acb_calc_integrate did not reach its goal on a segment (the enclosure holds, wider)";
  return out;
}

}  // namespace attnverify::num
