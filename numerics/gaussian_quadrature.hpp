// Expectations over the score law by double-exponential quadrature at working precision.
// The law is Gaussian unless the constructor is given another (numerics/score_distribution.hpp);
// the quadrature then runs in that law's coordinate u (x = beta + gamma e(u), weight W(u)),
// split also at the law's breakpoints and confined to its support, and the tail guard below
// applies beyond its negligible_beyond(). The text below speaks of the Gaussian case.
//
//   E[g(beta + gamma*eps)] = int_{-inf}^{inf} g(beta + gamma z) phi(z) dz,
//   phi(z) = exp(-z^2/2)/sqrt(2 pi),  gamma > 0.
//
// The z-line is split at every kink z_k = (x_k - beta)/gamma of g (across a kink a
// DE rule stalls near 1e-12, docs/design.md §6) and at the integrand's peak (a DE rule from
// an endpoint resolves mass near that endpoint; mass 10-30 units away needs far more
// levels), and within |z| <= 72 finite pieces are cut to at most 4 long (on longer
// ones tanh-sinh converged linearly and the error estimate below turned optimistic:
// 1e-59 claimed, 1e-37 true). Half-lines use the exp-exp rule s = exp(t - e^-t) from their endpoint,
// finite pieces tanh-sinh (numerics/double_exponential.hpp); the nodes are built once
// per precision for the whole process. The peak is located on the grid
// z = -64..64 step 1/4 from log|g| in double when the caller supplies it (cheap),
// else from the integrand itself at working precision (513 evaluations).
//
// Several integrands g_0..g_{m-1} can share one pass (expectations()): every node
// evaluates them together and pays for one exp(-z^2/2); each keeps its own sums and
// error estimate. The split points are the union of all their kinks and peaks.
//
// Tails: a non-finite integrand value at |z| > 40 (phi(z) < 1e-348) is taken as 0;
// this is sound for the kernel class (growth at most exp(a x)) and is where
// non-integrable kernels would be misjudged (docs/history.md, issue 8 covers detecting those).
//
// Precision and error: arithmetic at P + kGuardDigits digits (P = working digits).
// All pieces advance level by level (step h_k = 2^-(k+1)); nodes whose level-0 terms
// are below 10^-(P + kGuardDigits + 5) of the piece's largest term are not refined. A
// piece stops when, for every integrand, its error estimate is at most
// 10^-(P+2) * L1 / (number of pieces), L1 being the integrand's total L1 norm over all
// pieces. The estimate is Bailey's (numerics/bailey_error_estimate.hpp): with
// d1 = log10(|S_k - S_{k-1}| / L1_piece), d2 = log10(|S_k - S_{k-2}| / L1_piece),
//   error = L1_piece * 10^max(d1^2/d2, 2 d1, -(P + kGuardDigits)),
// which relies on the DE rules' quadratic convergence (each halving of h squares the
// error); at level 1 it is |S_1 - S_0|. It is an estimate, not a bound; the checks
// compare the value with an independent route, which the estimate cannot replace.
// References: Takahasi & Mori (1974); Mori, Publ. RIMS 41 (2005) 897-935.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "numerics/precision.hpp"
#include "numerics/score_distribution.hpp"

namespace attnverify::num {

struct QuadratureResult {
  bool ok = false;
  Real value;           ///< the expectation
  Real error_estimate;  ///< sum of the pieces' absolute error estimates
  Real l1;              ///< sum of the pieces' L1 norms
  std::size_t pieces = 0;
  std::size_t evaluations = 0;  ///< nodes evaluated (shared by the integrands of one pass), peak search included
  std::size_t levels = 0;       ///< the deepest level any piece needed (h = 2^-(levels+1))
  std::string failure;          ///< why not ok (non-finite integrand, no convergence)

  /// -log10(error_estimate / |value|), capped at `cap_digits`.
  double relative_error_digits(double cap_digits) const;
};

/// g_0(x), ..., g_{m-1}(x) written to values[0..m-1] (at precision P + kGuardDigits).
using IntegrandFamily = std::function<void(const Real& x, Real* values)>;
/// log|g_i(x)| in double written to log_abs[0..m-1] (-inf where g_i = 0); used only to
/// place a split point at each integrand's peak.
using LogMagnitudes = std::function<void(double x, double* log_abs)>;

/// Thread safety: const member functions may run in parallel threads provided Real's
/// default precision already equals internal_digits() (numerics/precision.hpp) and
/// each thread has its own integrand objects.
class GaussianQuadrature {
 public:
  /// Quadrature at working precision `digits` (P); takes the process-wide DE rules
  /// for P + kGuardDigits digits (built on first use, 20-60 ms); `law` is the score
  /// distribution of eps (the standard normal by default).
  explicit GaussianQuadrature(unsigned digits,
                              std::shared_ptr<const ScoreDistribution> law = normal_distribution());

  /// E[g(beta + gamma*eps)] with g's kinks at `kinks_x` (any order). g is called at
  /// precision P + kGuardDigits with x = beta + gamma z. gamma must be > 0.
  QuadratureResult expectation(const std::function<Real(const Real&)>& g, const Real& beta, const Real& gamma,
                               const std::vector<Real>& kinks_x) const;

  /// E[g_i(beta + gamma*eps)] for i < count in one pass over shared nodes, split at
  /// the union `kinks_x` of the integrands' kinks and at each integrand's peak
  /// (located from `log_abs` when given). One result per integrand; each result's
  /// `evaluations` counts the shared nodes.
  std::vector<QuadratureResult> expectations(const IntegrandFamily& g, std::size_t count, const Real& beta,
                                             const Real& gamma, const std::vector<Real>& kinks_x,
                                             const LogMagnitudes& log_abs = {}) const;

  unsigned working_digits() const { return digits_; }
  unsigned internal_digits() const { return Precision{digits_}.guarded(); }
  const ScoreDistribution& law() const { return *law_; }

 private:
  unsigned digits_;
  std::shared_ptr<const ScoreDistribution> law_;
  Real weight_scale_, eps_scale_, tolerance_, negligible_, rounding_;
};

}  // namespace attnverify::num
