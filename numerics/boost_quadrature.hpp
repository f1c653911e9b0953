// Gaussian expectations by Boost.Math's double-exponential quadrature over MPFR reals:
// the library witness of the numeric route (docs/design.md §6), an implementation
// independent of attnverify's own rules (numerics/gaussian_quadrature.hpp) and of the
// certified route (numerics/certified_gaussian_moments.hpp).
//
//   E[g(beta + gamma eps)] = int g(beta + gamma z) phi(z) dz,   phi(z) = exp(-z^2/2)/sqrt(2 pi),
//
// split at z = 0 and at every kink z_k = (x_k - beta)/gamma: boost::math::quadrature::
// tanh_sinh on each finite piece (shifted so that it starts at 0: Boost 1.74 trips near
// a non-zero left endpoint) and exp_sinh on the two half-lines (the left one reflected).
// A non-finite integrand at |z| > 40 is taken as 0 (phi < 1e-348 there; infinite-range
// rules sample huge |z|, where g phi becomes inf * 0). Each integrator is built once per
// precision (2-35 ms).
//
// Accuracy: tolerance 10^-(P+2) relative to the pieces' L1 norms; the error is Boost's
// estimate (the difference of the last two levels), not a bound. Single-threaded use
// only (the integrators are cached process-wide, like Real's default precision).
#pragma once

#include <boost/math/quadrature/tanh_sinh.hpp>

#include <functional>
#include <string>
#include <vector>

#include "numerics/precision.hpp"

namespace attnverify::num {

/// The tanh-sinh integrator for `precision` decimal digits, built on first use with the
/// minimum complement Boost 1.74 needs to construct at all (Boost issue #380).
boost::math::quadrature::tanh_sinh<Real>& boost_tanh_sinh(unsigned precision);

struct BoostExpectation {
  bool ok = false;
  Real value;
  Real error;  ///< sum of Boost's error estimates over the pieces
  Real l1;     ///< sum of the pieces' L1 norms
  std::string failure;
};

/// E[g(beta + gamma eps)] at `digits` working digits (the current precision must be at
/// least Precision{digits}.guarded()); gamma > 0. Never throws: a Boost exception is a failure.
BoostExpectation boost_gaussian_expectation(const std::function<Real(const Real&)>& g, const Real& beta,
                                            const Real& gamma, const std::vector<Real>& kinks_x, unsigned digits);

}  // namespace attnverify::num
