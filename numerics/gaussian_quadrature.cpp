#include "numerics/gaussian_quadrature.hpp"

#include <boost/math/constants/constants.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "numerics/precision.hpp"
#include "numerics/agreement.hpp"
#include "numerics/bailey_error_estimate.hpp"
#include "numerics/double_exponential.hpp"

namespace attnverify::num {

namespace {

using Rule = DoubleExponentialRule;

// the longest finite piece, in standard deviations of the Gaussian weight, within
// |z| <= kSubdivided (the peak search's range, 64, and a margin)
constexpr int kMaxPieceLength = 4;
constexpr int kSubdivided = 72;

// A piece of the z-line and the running sums of its integrands. A side is one run of
// nodes: a half-line has one (z = a - s or z = a + s), a finite piece two (z = a + half*d
// next to a, z = b - half*d next to b; the node t = 0 is the midpoint and counted once).
struct Piece {
  enum class Shape { Left, Right, Finite } shape;
  Real a, b, half;                           // (-inf, a], [a, inf), or [a, b] with half = (b - a)/2
  std::array<double, 2> t_low{}, t_high{};   // active t range per side, found at level 0
  std::vector<Real> sum, abs_sum;            // sum of w f and of w |f| over evaluated nodes (without h)
  std::vector<std::vector<Real>> estimates;  // estimates[k][i] = h_k * sum at level k
  std::vector<Real> error;
  bool converged = false;

  std::size_t sides() const { return shape == Shape::Finite ? 2 : 1; }
};

}  // namespace

double QuadratureResult::relative_error_digits(double cap_digits) const {
  return num::relative_error_digits(error_estimate, value, cap_digits);
}

GaussianQuadrature::GaussianQuadrature(unsigned digits, std::shared_ptr<const ScoreDistribution> law)
    : digits_(digits), law_(std::move(law)) {
  ScopedPrecision scope(internal_digits());
  law_->scales(weight_scale_, eps_scale_);
  tolerance_ = pow(Real(10), -static_cast<int>(Precision{digits_}.comparison_target()));
  negligible_ = pow(Real(10), -static_cast<int>(internal_digits() + 5));
  rounding_ = pow(Real(10), -static_cast<int>(internal_digits()));
  // built here, outside any parallel code (they set the default precision)
  (void)Rule::shared(Rule::Kind::TanhSinh, internal_digits());
  (void)Rule::shared(Rule::Kind::ExpExp, internal_digits());
}

QuadratureResult GaussianQuadrature::expectation(const std::function<Real(const Real&)>& g, const Real& beta,
                                                 const Real& gamma, const std::vector<Real>& kinks_x) const {
  return expectations([&](const Real& x, Real* values) { values[0] = g(x); }, 1, beta, gamma, kinks_x).front();
}

std::vector<QuadratureResult> GaussianQuadrature::expectations(const IntegrandFamily& g, std::size_t count,
                                                               const Real& beta_in, const Real& gamma_in,
                                                               const std::vector<Real>& kinks_x,
                                                               const LogMagnitudes& log_abs) const {
  ScopedPrecision scope(internal_digits());
  std::vector<QuadratureResult> out(count);
  const Real beta = beta_in, gamma = gamma_in;
  std::size_t evaluations = 0;
  std::vector<Real> values(count);

  // values[i] = g_i(beta + gamma z) phi(z), with the tail guard of the header. The
  // hot path works in place on scratch numbers (no temporaries to allocate: that is
  // what a fixed-precision backend would save, bench/route_bench measures it)
  const ScoreDistribution& law = *law_;
  const double negligible_beyond = law.negligible_beyond();
  const Real scaled_gamma = gamma * eps_scale_;  // x = beta + gamma eps_scale psi(u)
  Real x, e, weight;
  auto integrand = [&](const Real& z) {
    ++evaluations;
    law.eps_shape(e, z);
    mpfr_fma(x.backend().data(), scaled_gamma.backend().data(), e.backend().data(), beta.backend().data(), MPFR_RNDN);
    g(x, values.data());
    law.weight_shape(weight, z);
    mpfr_mul(weight.backend().data(), weight.backend().data(), weight_scale_.backend().data(), MPFR_RNDN);
    for (Real& v : values) {
      mpfr_mul(v.backend().data(), v.backend().data(), weight.backend().data(), MPFR_RNDN);
      if (!mpfr_number_p(v.backend().data())) {
        if (abs(z) > negligible_beyond || weight == 0) {
          v = 0;
          continue;
        }
        throw std::domain_error("the integrand is not finite at u = " + to_decimal(z, 20));
      }
    }
  };

  try {
    // split points: the kinks, and each integrand's peak on the grid z = -64..64 step 1/4
    // in the law's coordinate u: u = psi^-1((x - beta) / (gamma eps_scale)), and its breakpoints
    std::vector<Real> z;
    for (const Real& kink : kinks_x) {
      Real u;
      law.eps_shape_inverse(u, Real((kink - beta) / scaled_gamma));
      z.push_back(u);
    }
    for (const long b : law.breakpoints()) z.push_back(Real(b));
    const std::optional<long> support = law.support();
    std::vector<std::optional<double>> peaks(count);
    if (log_abs) {
      const double b = beta.convert_to<double>(), c = scaled_gamma.convert_to<double>();
      std::vector<double> logs(count), best(count, -std::numeric_limits<double>::infinity());
      Real shape;
      for (int k = -256; k <= 256; ++k) {
        const double zk = k / 4.0;
        law.eps_shape(shape, Real(zk));
        log_abs(b + c * shape.convert_to<double>(), logs.data());
        const double log_weight = law.log_weight(zk);
        for (std::size_t i = 0; i < count; ++i) {
          const double value = logs[i] + log_weight;
          if (std::isfinite(value) && value > best[i]) best[i] = value, peaks[i] = zk;
        }
      }
    }
    if (std::any_of(peaks.begin(), peaks.end(), [](const auto& p) { return !p; })) {
      // no logarithm in double (or none finite): the integrands themselves at working precision
      std::vector<Real> best(count, Real(0));
      const std::vector<std::optional<double>> found = peaks;
      for (int k = -256; k <= 256; ++k) {
        try {
          integrand(Real(k) / 4);
        } catch (const std::exception&) {
          continue;
        }
        for (std::size_t i = 0; i < count; ++i)
          if (!found[i] && abs(values[i]) > best[i]) best[i] = abs(values[i]), peaks[i] = k / 4.0;
      }
    }
    for (const auto& peak : peaks) {
      if (!peak) continue;
      const Real p(*peak);
      if (std::none_of(z.begin(), z.end(), [&](const Real& k) { return abs(Real(k - p)) < 1; })) z.push_back(p);
    }
    if (support) {
      // a bounded law: split points inside [-s, s] only, and its ends
      const Real s_end(*support);
      z.erase(std::remove_if(z.begin(), z.end(), [&](const Real& u) { return abs(u) >= s_end; }), z.end());
      z.push_back(-s_end);
      z.push_back(s_end);
    }
    std::sort(z.begin(), z.end());
    z.erase(std::unique(z.begin(), z.end()), z.end());
    if (z.empty()) z.push_back(Real(0));
    // finite pieces at most kMaxPieceLength long within |z| <= kSubdivided: on a longer
    // piece the Gaussian factor varies on a scale much shorter than the piece,
    // tanh-sinh's convergence is no longer quadratic, and Bailey's estimate turns
    // optimistic (measured: identity at beta = -2.5, gamma = 0.1, piece [0, 25]:
    // estimate 1e-59, error 1e-37). Beyond |z| = kSubdivided (past the peak search)
    // the integrand is negligible, and a piece there may be 1e30 long (gamma = 1e-30)
    std::vector<Real> split{z.front()};
    for (std::size_t k = 1; k < z.size(); ++k) {
      const Real lo = max(z[k - 1], Real(-kSubdivided)), hi = min(z[k], Real(kSubdivided));
      if (hi - lo > kMaxPieceLength) {
        const long parts = static_cast<long>(ceil(Real((hi - lo) / kMaxPieceLength)).convert_to<double>());
        for (long j = 0; j <= parts; ++j) {
          const Real point = lo + (hi - lo) * j / parts;
          if (point > split.back() && point < z[k]) split.push_back(point);
        }
      }
      split.push_back(z[k]);
    }
    z = std::move(split);

    const Rule& tanh_sinh = Rule::shared(Rule::Kind::TanhSinh, internal_digits());
    const Rule& exp_exp = Rule::shared(Rule::Kind::ExpExp, internal_digits());
    std::vector<Piece> pieces;
    auto add_piece = [&](Piece::Shape shape, const Real& a, const Real& b) {
      Piece p;
      p.shape = shape;
      p.a = a;
      p.b = b;
      p.half = shape == Piece::Shape::Finite ? Real((b - a) / 2) : Real(0);
      p.sum.assign(count, Real(0));
      p.abs_sum.assign(count, Real(0));
      p.error.assign(count, Real(0));
      pieces.push_back(std::move(p));
    };
    if (!support) add_piece(Piece::Shape::Left, z.front(), z.front());
    for (std::size_t k = 0; k + 1 < z.size(); ++k) add_piece(Piece::Shape::Finite, z[k], z[k + 1]);
    if (!support) add_piece(Piece::Shape::Right, z.back(), z.back());

    // one node of a piece on one side: adds w f and w |f| (the rule's weight times the
    // piece's scale) to the sums, in place; magnitudes[i] keeps this node's |w f_i|
    Real zk, scaled_weight, scaled_abscissa;
    const unsigned long half_line_scale = law.half_line_scale();
    std::vector<Real> magnitudes(count);
    auto add_node = [&](Piece& p, const Rule::Node& node, std::size_t side) {
      const Real* w = &node.weight;
      const Real* s = &node.abscissa;
      if (p.shape != Piece::Shape::Finite && half_line_scale != 1) {
        // a slower tail than the Gaussian's: the half-line u = a +- L s reaches L s_max
        mpfr_mul_ui(scaled_abscissa.backend().data(), node.abscissa.backend().data(), half_line_scale, MPFR_RNDN);
        mpfr_mul_ui(scaled_weight.backend().data(), node.weight.backend().data(), half_line_scale, MPFR_RNDN);
        s = &scaled_abscissa;
        w = &scaled_weight;
      }
      switch (p.shape) {
        case Piece::Shape::Left:
          mpfr_sub(zk.backend().data(), p.a.backend().data(), s->backend().data(), MPFR_RNDN);
          break;
        case Piece::Shape::Right:
          mpfr_add(zk.backend().data(), p.a.backend().data(), s->backend().data(), MPFR_RNDN);
          break;
        case Piece::Shape::Finite:
          mpfr_mul(scaled_weight.backend().data(), node.weight.backend().data(), p.half.backend().data(), MPFR_RNDN);
          w = &scaled_weight;
          if (node.t == 0) {
            mpfr_add(zk.backend().data(), p.a.backend().data(), p.half.backend().data(), MPFR_RNDN);
          } else if (side == 0) {  // a + half d
            mpfr_fma(zk.backend().data(), p.half.backend().data(), node.abscissa.backend().data(), p.a.backend().data(),
                     MPFR_RNDN);
          } else {  // b - half d
            mpfr_fms(zk.backend().data(), p.half.backend().data(), node.abscissa.backend().data(), p.b.backend().data(),
                     MPFR_RNDN);
            mpfr_neg(zk.backend().data(), zk.backend().data(), MPFR_RNDN);
          }
          break;
      }
      integrand(zk);
      for (std::size_t i = 0; i < count; ++i) {
        Real& term = magnitudes[i];
        mpfr_mul(term.backend().data(), w->backend().data(), values[i].backend().data(), MPFR_RNDN);
        mpfr_add(p.sum[i].backend().data(), p.sum[i].backend().data(), term.backend().data(), MPFR_RNDN);
        mpfr_abs(term.backend().data(), term.backend().data(), MPFR_RNDN);
        mpfr_add(p.abs_sum[i].backend().data(), p.abs_sum[i].backend().data(), term.backend().data(), MPFR_RNDN);
      }
    };

    const double inf = std::numeric_limits<double>::infinity();
    unsigned deepest = 0;
    for (unsigned level = 0; level <= Rule::kMaxLevel; ++level) {
      const Real h(Rule::step(level));
      for (Piece& p : pieces) {
        if (p.converged) continue;
        const auto& nodes = (p.shape == Piece::Shape::Finite ? tanh_sinh : exp_exp).level(level);
        if (level == 0) {
          // every level-0 node; the active range per side keeps the nodes where some
          // integrand's term is above negligible_ times that integrand's largest term in
          // the piece, widened by one step
          std::array<std::vector<std::vector<Real>>, 2> terms;  // [side][node][integrand]
          std::vector<Real> largest(count, Real(0));
          for (std::size_t side = 0; side < p.sides(); ++side)
            for (const auto& node : nodes) {
              terms[side].emplace_back(count, Real(0));
              if (side == 1 && node.t == 0) continue;
              add_node(p, node, side);
              terms[side].back() = magnitudes;
              for (std::size_t i = 0; i < count; ++i)
                if (magnitudes[i] > largest[i]) largest[i] = magnitudes[i];
            }
          const bool all_zero = std::all_of(largest.begin(), largest.end(), [](const Real& v) { return v == 0; });
          for (std::size_t side = 0; side < p.sides(); ++side) {
            p.t_low[side] = inf;
            p.t_high[side] = -inf;
            for (std::size_t j = 0; j < nodes.size(); ++j) {
              bool active = all_zero;
              for (std::size_t i = 0; i < count && !active; ++i) active = terms[side][j][i] > negligible_ * largest[i];
              if (!active) continue;
              p.t_low[side] = std::min(p.t_low[side], nodes[j].t - Rule::step(0));
              p.t_high[side] = std::max(p.t_high[side], nodes[j].t + Rule::step(0));
            }
          }
          // a half-line whose integrand still matters at its last node (s ~ 90 standard
          // deviations out) does not decay: the integral may diverge
          if (p.shape != Piece::Shape::Finite && !all_zero && p.t_high[0] > nodes.back().t) {
            const Real reach = nodes.back().abscissa * half_line_scale;
            const Real at = p.shape == Piece::Shape::Left ? Real(p.a - reach) : Real(p.a + reach);
            throw std::domain_error(
                "the integrand has not decayed at z = " + to_decimal(at, 6) +
                ": the defining integral may not converge (or its mass lies past |z| = 64, where the "
                "search for its peak ends)");
          }
        } else {
          for (std::size_t side = 0; side < p.sides(); ++side)
            for (const auto& node : nodes)
              if (node.t >= p.t_low[side] && node.t <= p.t_high[side]) add_node(p, node, side);
        }
        std::vector<Real> estimate(count);
        for (std::size_t i = 0; i < count; ++i) estimate[i] = h * p.sum[i];
        p.estimates.push_back(std::move(estimate));
      }
      deepest = level;
      if (level == 0) continue;

      // error estimates, and each integrand's total L1 over all pieces at their current level
      std::vector<Real> l1_total(count, Real(0));
      for (Piece& p : pieces) {
        const std::size_t k = p.estimates.size() - 1;
        const Real hk(Rule::step(static_cast<unsigned>(k)));
        for (std::size_t i = 0; i < count; ++i) {
          const Real l1 = hk * p.abs_sum[i];
          l1_total[i] += l1;
          if (p.converged) continue;
          Real error = bailey_error_estimate(p.estimates[k][i], p.estimates[k - 1][i],
                                             k >= 2 ? std::optional<Real>(p.estimates[k - 2][i]) : std::nullopt, l1,
                                             internal_digits());
          if (error > 0 && error < rounding_ * l1) error = rounding_ * l1;
          p.error[i] = error;
        }
      }
      bool all = true;
      for (Piece& p : pieces) {
        if (p.converged) continue;
        bool done = true;
        for (std::size_t i = 0; i < count; ++i)
          done = done && p.error[i] <= tolerance_ * l1_total[i] / static_cast<long>(pieces.size());
        p.converged = done;
        all = all && done;
      }
      if (all) break;
    }

    for (std::size_t i = 0; i < count; ++i) {
      QuadratureResult& r = out[i];
      r.value = 0;
      r.error_estimate = 0;
      r.l1 = 0;
      for (const Piece& p : pieces) {
        const std::size_t k = p.estimates.size() - 1;
        r.value += p.estimates[k][i];
        r.error_estimate += p.error[i];
        r.l1 += Real(Rule::step(static_cast<unsigned>(k))) * p.abs_sum[i];
      }
      r.pieces = pieces.size();
      r.levels = deepest;
      r.ok = true;
    }
  } catch (const std::exception& err) {
    for (QuadratureResult& r : out) {
      r.ok = false;
      r.failure = err.what();
    }
  }
  for (QuadratureResult& r : out) r.evaluations = evaluations;
  return out;
}

}  // namespace attnverify::num
