// Certified enclosures of the moments behind a kernel's sparsity and its sampled route
// (Gaussian scores below; another score law, numerics/score_distribution.hpp, replaces z by
// its coordinate u, phi by its weight W and the tail bound by its own, and a bounded law has
// no tails),
//
//   E|f(X)|^k, k = 1..K (E|f(X)| and E f(X)^2 for S; up to k = 6 for the sampled route's
//   population moments),   X = beta + gamma eps, eps ~ N(0,1), gamma > 0,
//
// as Arb balls that contain the exact values (F. Johansson, "Numerical integration in
// arbitrary-precision ball arithmetic", ICMS 2018, LNCS 10931, 255-263: acb_calc_integrate
// bounds the Gauss-Legendre error from the integrand's magnitude on ellipses around
// each segment, which it evaluates in complex ball arithmetic; its enclosure holds
// for any integrand that is analytic there or reports otherwise).
//
// In z, E g(X) = int g(beta + gamma z) phi(z) dz with phi(z) = exp(-z^2/2)/sqrt(2 pi). The
// line is cut into three kinds of parts, each with a rigorous enclosure:
//  1. tails |z| >= T: [0, tail bound] from numerics/gaussian_tail_bound.hpp, T chosen
//     so that the bound is below the part's share of the tolerance;
//  2. segments of [-T, T] on which f is one analytic piece and has one sign: the sign
//     of every relu/step/abs argument and of f itself is *proved* on the segment by
//     evaluating f on the real interval in ball arithmetic (numerics/ball_expression.hpp),
//     bisecting until it is; the segment is then integrated by acb_calc_integrate with
//     the piece (numerics/analytic_piece.hpp): |f|^k = s^k f_piece^k with s the proved sign;
//  3. slivers where no sign could be proved (a kink, a sign change of f, within a width
//     w): [0, w sup|f|^k sup phi] with the sup from the same interval evaluation.
// The kinks passed in only place the first cuts (a kink at a cut is approached from
// both sides); the proof does not rely on them: a kink missing from the list is found
// by the bisection and becomes a sliver.
//
// Accuracy: the enclosures aim at a relative radius of 10^-(P+5) for working digits P,
// at about P + 10 digits of precision; the tolerance is set from rough estimates of the
// moments (rough_moments(), or the double-exponential route's values), which affect only the
// effort, never the enclosure. Whether the radius met the aim is for the caller to
// read from the balls; the failure reasons below leave no enclosure at all.
//
// Thread safety: a copy per thread, made in one thread (construction touches GiNaC,
// evaluation does not).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "numerics/analytic_piece.hpp"
#include "numerics/ball.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/gaussian_tail_bound.hpp"
#include "numerics/score_distribution.hpp"

namespace attnverify::num {

struct CertifiedMoments {
  bool ok = false;
  std::vector<Ball> absolute;  ///< absolute[k - 1] contains E|f(X)|^k, k = 1..K (when ok)
  const Ball& mean_abs() const { return absolute.at(0); }     ///< contains E|f(X)|
  const Ball& mean_square() const { return absolute.at(1); }  ///< contains E f(X)^2 (K >= 2)
  /// why no enclosure (no growth bound, a sign not proved, the bisection budget spent); with
  /// ok, a note that acb_calc_integrate missed its goal somewhere (the enclosure holds, wider)
  std::string failure;
  std::size_t segments = 0;  ///< analytic segments integrated
  std::size_t slivers = 0;   ///< slivers bounded
  std::size_t interval_evaluations = 0;  ///< evaluations of f on real intervals (the sign proofs)
  std::size_t evaluations = 0;  ///< evaluations of the integrand in complex balls (acb_calc_integrate), all k
  double T = 0;                          ///< the truncation |z| <= T
};

class CertifiedGaussianMoments {
 public:
  /// f(x) with kinks (x positions, any order; rounded to split points) at working
  /// precision `digits`. Throws EvaluationError if f cannot be compiled.
  /// `law` is the score distribution (numerics/score_distribution.hpp): the route then
  /// integrates in its coordinate u, cuts at its breakpoints and bounds its tails.
  CertifiedGaussianMoments(const GiNaC::ex& f, const GiNaC::symbol& x, const std::vector<GiNaC::numeric>& kinks_x,
                           unsigned digits, std::shared_ptr<const ScoreDistribution> law = normal_distribution());

  /// Enclosures of E|f(X)|^k for k = 1..K, K = estimates.size(), at the point whose beta and
  /// gamma (> 0) the balls contain (exact rationals rounded with Ball::from_numeric).
  /// estimates[k - 1] is a rough positive value of E|f(X)|^k (any accuracy: it sets the
  /// absolute tolerance 10^-(P+8) estimate, never the enclosure). The caller must know the
  /// moments finite (numerics/score_distribution.hpp's existence rule): a tail bound that
  /// is not finite leaves no enclosure, with the reason. `eval_limit` > 0 caps the integrand
  /// evaluations of each acb_calc_integrate call (0: Arb's default, 1000 prec + prec^2); the
  /// first call that misses its goal within the cap ends the work, with no enclosure (a
  /// caller that caps has a cheaper route to fall back on).
  CertifiedMoments operator()(const Ball& beta, const Ball& gamma, const std::vector<Ball>& estimates,
                              slong eval_limit = 0) const;

  /// Rough values of E|f(X)|^k, k = 1..highest, when no other route gave any (the
  /// tolerance only): the largest |f(beta + gamma z)|^k phi(z) on a grid of z with step 1/8
  /// over |z| <= 2 c gamma + 2 p + 41 (c, p of the growth bound, where the mass lies), at
  /// 64 bits. Empty without a growth bound or when f vanishes on the whole grid.
  std::optional<std::vector<Ball>> rough_moments(const Ball& beta, const Ball& gamma, unsigned highest = 2) const;

  slong bits() const { return bits_; }
  /// Why no growth bound exists (empty when it does): then no point is certified.
  const std::string& growth_failure() const { return growth_.failure; }
  /// f's growth bound, when it has one.
  const std::optional<GrowthBound>& growth() const { return growth_.bound; }

 private:
  std::shared_ptr<const ScoreDistribution> law_;
  BallExpression f_;
  AnalyticPiece piece_;
  GrowthBoundResult growth_;
  std::vector<Ball> kinks_;
  unsigned digits_;
  slong bits_;
};

}  // namespace attnverify::num
