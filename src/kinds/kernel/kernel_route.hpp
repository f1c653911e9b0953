// The numeric route for kernel variants: S(beta, gamma) from the defining integrals
//   E|f(beta + gamma eps)|  and  E f(beta + gamma eps)^2.
// The closed form is not used; only the kink locations come from the piecewise decomposition.
//
// Main route: the certified route (numerics/certified_gaussian_moments.hpp) encloses both
// moments and S in Arb balls that contain the exact values, its tolerance set from its own
// rough moments; where the balls of S and of both moments are at least P - 5 digits narrow, the
// midpoints are the route's values and the radii bound their errors (NumericS::source = Arb).
// Where it cannot serve (no growth bound of f, a sign it cannot prove, a ball too wide, or,
// for an estimate, its integration cap reached), the double-exponential rules
// (numerics/gaussian_quadrature.hpp) give the value with an error estimate; at grid points the
// certified route is then tried once more, uncapped, with their values as its tolerance.
// docs/architecture.md ("The kernel's numeric route, measured") gives the timings that chose
// this order. The double-exponential rules integrate in one pass over shared nodes (each node
// evaluates f once and phi once for both integrals), split at the kinks of |f| and f^2 and at
// the peaks of |f| phi and f^2 phi (located from log|f| in double).
//
// A grid is evaluated in parallel (evaluate_grid): every thread works on its own copy
// of the route, made before the threads start, and each point is computed
// independently, so the results are identical at any thread count. GiNaC is not
// touched inside the threads (its reference counts are not thread-safe, and its
// global Digits is never set there).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "numerics/certified_gaussian_moments.hpp"
#include "numerics/compiled_expression.hpp"
#include "numerics/piecewise_expression.hpp"
#include "numerics/double_expression.hpp"
#include "numerics/gaussian_quadrature.hpp"
#include "proofs/kernel_derivation.hpp"
#include "src/spec/spec.hpp"

namespace attnverify {

/// Enclosures of E|f(X)|, E f(X)^2 and S at one point, or why there are none.
struct CertifiedS {
  bool ok = false;
  num::Ball mean_abs, mean_square, S;
  std::string failure;  ///< why not ok, or a note on an enclosure wider than aimed at
};

struct NumericS {
  /// Which rule gave the values: the Arb balls' midpoints, or the double-exponential rules.
  enum class Source { Arb, DoubleExponential };
  bool ok = false;
  num::Real mean_abs, mean_square, S;
  /// -log10 of the relative error of S (and of both moments): a bound from the balls' radii
  /// when source is Arb, the rules' estimate when it is DoubleExponential
  double error_digits = 0;
  Source source = Source::DoubleExponential;
  std::size_t evaluations = 0;  ///< DE nodes evaluated (each serves both integrals), peak search included
  std::string failure;
  std::optional<CertifiedS> certified;  ///< the certified route's balls, wherever it ran
};

/// Whether S exists at a point under the score law: E f(X)^2 finite (numerics/score_distribution.hpp's
/// rule) and positive (a bounded law's support may lie where f = 0: S = 0/0).
struct SExistence {
  enum class State { Exists, Diverges, ZeroOverZero, Undecided } state = State::Exists;
  std::string reason;  ///< for every state but Exists
};

/// Where S exists under the route's law, as one region of the kernel domain beta in R,
/// gamma > 0 (existence() decided for every point at once; issue 43). When `known`, S exists
/// exactly on the points with gamma < gamma_below (if set) and e > 0 for every e of
/// half_planes (each linear in beta and gamma): an intersection of half-planes, so convex and
/// connected. Laplace: E f(X)^2 < inf iff 2 r gamma < sqrt2 for f's largest end rate r > 0
/// (the boundary excluded: there S exists only if f decays polynomially at that end, and
/// such an f leaves the region unknown). Uniform: S = 0/0 where f = 0 on all of
/// [beta - sqrt3 gamma, beta + sqrt3 gamma]; for f = 0 on (-inf, b] that is
/// beta + sqrt3 gamma <= b. Not known (with `reason`) for f outside the piecewise class, a
/// rate not decided exactly, or an interval where f = 0 that is bounded at both ends.
struct ExistenceRegion {
  bool known = false;
  std::optional<GiNaC::ex> gamma_below;
  std::vector<GiNaC::ex> half_planes;
  std::string reason;  ///< when not known
  /// S exists at every point of the kernel domain.
  bool whole_domain() const { return known && !gamma_below && half_planes.empty(); }
  /// The conditions as text, e.g. "gamma < sqrt(2)/4" or "beta + sqrt(3)*gamma > 0"; "" when whole.
  std::string describe() const;
};

/// E|f(beta + gamma eps)|^k for k = 0..highest (m[0] = 1), or why not.
struct AbsoluteMoments {
  bool ok = false;
  std::vector<num::Real> m;
  NumericS::Source source = NumericS::Source::DoubleExponential;  ///< Arb: midpoints of certified balls
  std::string failure;
};

class KernelRoute {
 public:
  /// Compiles f for the route at working precision `digits`; throws
  /// num::EvaluationError if f cannot be compiled.
  KernelRoute(const sym::KernelDerivation& derivation, unsigned digits,
              std::shared_ptr<const num::ScoreDistribution> law = num::normal_distribution());
  /// Whether S exists at (beta, gamma) = point under the route's law (exactly, from f's
  /// growth at both ends when f is in the piecewise class; from its growth bound else, which
  /// can prove existence only). Main thread only (GiNaC).
  SExistence existence(const GridPoint& point) const;
  /// Whether E|f(X)|^k exists at scale gamma (the same rule; no 0/0 test). Main thread only.
  SExistence moment_existence(unsigned k, const GiNaC::numeric& gamma) const;
  /// Where S exists, as a region (ExistenceRegion above). Main thread only (GiNaC).
  ExistenceRegion existence_region() const;
  /// S at (beta, gamma) = point (exact rationals) by the main route: Arb first, its
  /// integrations capped, with `certified` set to its balls; the double-exponential rules where
  /// it cannot serve, with `certified` empty (certify() then runs Arb uncapped). Fails with
  /// the reason where S does not exist or is not shown to (existence()). Main thread only.
  NumericS operator()(const GridPoint& point) const;
  /// S at (beta, gamma) = point by the double-exponential rules alone (an estimate, no
  /// balls), or why not (existence()). Main thread only.
  NumericS double_exponential(const GridPoint& point) const;
  /// S at (beta, gamma) = point as at a grid point: the main route with `certified` always set,
  /// Arb uncapped (and again with the double-exponential values as its tolerance where it could
  /// not serve at first). What a claim without a derived S is judged against. Main thread only.
  NumericS certified(const GridPoint& point) const;
  /// S at (beta, gamma) by the double-exponential rules alone (an estimate; no balls);
  /// touches no GiNaC object, so copies of the route may run in parallel threads (with the
  /// default precision set to internal_digits()).
  NumericS evaluate(const num::Real& beta, const num::Real& gamma) const;
  /// Which rules a method runs: the main route (Arb first, capped for an estimate), the
  /// double-exponential rules alone, or the main route certified as at a grid point (Arb
  /// uncapped; evaluate_grid certifies with Main as well).
  enum class Rules { Main, DoubleExponential, MainCertified };
  /// S at every point of `grid`, in parallel on `threads` threads (0: all cores), the
  /// caller having checked that S exists at each (existence()); out[k] belongs to grid[k]
  /// and does not depend on the thread count. With Rules::Main every point gets `certified`
  /// (where the DE rules serve, Arb runs again uncapped with their values as its tolerance).
  /// `points_done`, when given, is called on the calling thread (OpenMP's master) after each of
  /// its points with the number of points finished on all threads (for a ProgressMeter); what it
  /// throws stops the remaining points and is rethrown here.
  std::vector<NumericS> evaluate_grid(const std::vector<GridPoint>& grid, unsigned threads,
                                      Rules rules = Rules::Main,
                                      const std::function<void(std::size_t)>& points_done = {}) const;
  /// E|f(X)|^k, k = 0..highest, at `point`: the midpoints of the certified route's balls
  /// where each is at least P - 5 digits narrow (Rules::Main), else the double-exponential rules in one
  /// pass (|f|^k has the kinks of |f| or f^2; its peak is placed from k log|f|). The sampled
  /// route's population standard error is made from them. Main thread only.
  AbsoluteMoments absolute_moments(const GridPoint& point, unsigned highest, Rules rules = Rules::Main) const;
  /// S at `point` by Boost.Math's tanh_sinh/exp_sinh (numerics/boost_quadrature.hpp), the
  /// library witness for disputed points; error_digits from Boost's estimates. Main thread only.
  NumericS boost_witness(const GridPoint& point) const;
  /// The certified route at `point`: estimate.certified when the route already ran there,
  /// else with `estimate` (the double-exponential values, if ok; else its own rough
  /// moments) setting its tolerance.
  CertifiedS certify(const GridPoint& point, const NumericS& estimate) const;

  unsigned internal_digits() const { return quadrature_.internal_digits(); }
  const num::ScoreDistribution& law() const { return quadrature_.law(); }

 private:
  num::GaussianQuadrature quadrature_;
  num::PiecewiseExpression f_;  ///< f branch by branch (numerics/piecewise_expression.hpp)
  std::optional<num::DoubleExpression> f_double_;  // log|f| for the peaks; empty if f has no double form
  std::vector<num::Real> kinks_;                   // the union of |f|'s and f^2's kinks, at internal_digits()
  num::CertifiedGaussianMoments certified_;
  std::shared_ptr<const num::ScoreDistribution> law_;
  std::optional<std::pair<num::EndGrowth, num::EndGrowth>> growth_;  // exact, in the piecewise class
  // (lower, upper) where f = 0; an end that is empty is infinite
  std::vector<std::pair<std::optional<GiNaC::ex>, std::optional<GiNaC::ex>>> zero_intervals_;
  bool zero_intervals_known_ = true;  // false when f could not be split into pieces

  KernelRoute(const sym::KernelDerivation& derivation, unsigned digits, const std::vector<GiNaC::numeric>& kinks,
              std::shared_ptr<const num::ScoreDistribution> law);
  CertifiedS certify_at(const num::Ball& beta, const num::Ball& gamma, const NumericS& estimate,
                        slong eval_limit = 0) const;
  // certify_fallback (the grid, whose every point is certified): Arb uncapped, and where it
  // cannot serve, again with the DE values as tolerance; else (an estimate) Arb capped at
  // kEstimateEvalLimit, and `certified` left empty where the DE rules serve
  NumericS main_route(const num::Real& beta, const num::Real& gamma, const num::Ball& beta_ball,
                      const num::Ball& gamma_ball, bool certify_fallback) const;
  NumericS at_point(const GridPoint& point, Rules rules) const;  // existence first, then the rules
};

}  // namespace attnverify
