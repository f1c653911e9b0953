// Gaussian expectations by double-exponential quadrature at working precision.
//
//   E[g(beta + gamma*eps)] = int_{-inf}^{inf} g(beta + gamma z) phi(z) dz,
//   phi(z) = exp(-z^2/2)/sqrt(2 pi),  gamma > 0.
//
// The z-line is split at every kink z_k = (x_k - beta)/gamma of g (across a kink
// tanh-sinh stalls near 1e-12, DESIGN §6). Half-lines use exp-sinh in a shifted
// variable t >= 0 (z = z_k + t or z = z_k - t) with the upper bound passed
// explicitly; finite pieces use tanh-sinh on [0, z_{k+1} - z_k], shifted so that the
// left endpoint is 0 (DESIGN §6). The line is also split at the integrand's peak,
// located on a coarse grid z = -64..64 step 1/4, because exp-sinh converges slowly
// when the mass lies far from its endpoint. Integrators are built once per object.
//
// Tails: exp-sinh samples z up to ~1e300 and beyond, where g(x) phi(z) becomes
// inf * 0. For |z| > 40 (phi(z) < 1e-348) a non-finite integrand value is taken as
// 0; this is sound for the kernel class (growth at most exp(a x)) and is where
// non-integrable kernels would be misjudged (issue 8 covers detecting those).
//
// Precision: arithmetic at P + kGuardDigits digits; each piece is asked for a
// relative tolerance 10^-(P+2) (of its L1 norm). The returned error is Boost's
// a-posteriori estimate (difference of the last two levels), summed over pieces:
// an estimate, not a bound (Boost.Math docs, "tanh_sinh").
// References: Takahasi & Mori (1974); Bailey, Jeyabalan & Li, Experimental
// Mathematics 14 (2005) 317-329; Boost.Math quadrature documentation.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "numerics/precision.hpp"

namespace attnverify::num {

struct QuadratureResult {
  bool ok = false;
  Real value;           ///< the expectation
  Real error_estimate;  ///< sum of the pieces' absolute error estimates
  Real l1;              ///< sum of the pieces' L1 norms
  std::size_t pieces = 0;
  std::size_t evaluations = 0;  ///< integrand calls, peak search included (the cost measure of bench/)
  std::string failure;  ///< why not ok (non-finite integrand, no convergence)

  /// -log10(error_estimate / |value|), capped at `cap_digits`.
  double relative_error_digits(double cap_digits) const;
};

class GaussianQuadrature {
 public:
  /// Builds the integrators for working precision `digits` (P).
  explicit GaussianQuadrature(unsigned digits);
  ~GaussianQuadrature();

  /// E[g(beta + gamma*eps)] with g's kinks at `kinks_x` (any order). g is called at
  /// precision P + kGuardDigits with x = beta + gamma z. gamma must be > 0.
  QuadratureResult expectation(const std::function<Real(const Real&)>& g, const Real& beta, const Real& gamma,
                               const std::vector<Real>& kinks_x) const;

  unsigned working_digits() const { return digits_; }
  unsigned internal_digits() const { return digits_ + kGuardDigits; }

 private:
  struct Integrators;
  unsigned digits_;
  std::unique_ptr<Integrators> integrators_;
};

}  // namespace attnverify::num
