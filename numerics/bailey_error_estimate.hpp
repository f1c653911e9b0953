// Bailey's error estimate for double-exponential quadrature (Bailey, Jeyabalan & Li,
// "A comparison of three high-precision quadrature schemes", Experimental Mathematics 14
// (2005) 317-329, section 3; mpmath's TanhSinh.estimate_error is the same rule).
//
// The DE rules converge quadratically: each halving of the step roughly squares the
// error. From the last three level sums S_k, S_{k-1}, S_{k-2} of one integral and its L1
// norm l1 (the sum of |terms| times the step), with
//   d1 = log10(|S_k - S_{k-1}| / l1),   d2 = log10(|S_k - S_{k-2}| / l1),
// the error of S_k is estimated as
//   l1 * 10^max(d1^2 / d2, 2 d1, -floor_digits).
// d1^2/d2 extrapolates the quadratic convergence, 2 d1 guards against a d2 close to d1
// (convergence not yet quadratic), and floor_digits caps the claim at the working
// precision. Without S_{k-2} (level 1), when a difference is not below l1, or when
// S_k = S_{k-2}, the estimate is the last difference |S_k - S_{k-1}|; 0 when S_k = S_{k-1}.
//
// It is an estimate, not a bound: a rule that has not reached its quadratic phase can be
// off by orders of magnitude, which is why the checks compare the value with an
// independent route.
#pragma once

#include <optional>

#include "numerics/precision.hpp"

namespace attnverify::num {

/// The estimated absolute error of s_k (see above); s_k2 is absent at level 1. Computed
/// at the current MPFR precision; floor_digits > 0.
Real bailey_error_estimate(const Real& s_k, const Real& s_k1, const std::optional<Real>& s_k2, const Real& l1,
                           unsigned floor_digits);

}  // namespace attnverify::num
