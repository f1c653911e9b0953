// Laplace's approximation of the softmax entropy's large-d slope (Su2021-entropy;
// docs/claims.md C, Entropy-1), derived with GiNaC.
//
// With L = lambda d and the angle density prop. to sin^{d-2}(theta), c = cos(theta) has
// density prop. to (1 - c^2)^{(d-3)/2}, so for d -> infinity at fixed lambda
//   log E[e^{L c}] = d max_c g(c) + O(1),  g(c) = lambda c + (1/2) log(1 - c^2),
// and the tilted mean of c tends to the maximiser c*, so the n -> infinity entropy gap
//   G = log E[e^{Lc}] - L E[c e^{Lc}] / E[e^{Lc}] = d (g(c*) - lambda c*) + O(1)
//     = -C(lambda) lambda d + O(1),   C(lambda) = -log(1 - c*^2) / (2 lambda).
// The engine derives c* from g'(c) = 0 (the root of the quadratic numerator in (0, 1))
// and C from it; nothing of the published 0.24 is used. At lambda = 1, c* = (sqrt 5 - 1)/2,
// 1 - c*^2 = c* and C(1) = (1/2) log((1 + sqrt 5)/2) = 0.2406...
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <utility>
#include <vector>

namespace attnverify::sym {

struct LaplaceEntropySlope {
  GiNaC::possymbol lambda{"lambda", "\\lambda"};
  GiNaC::ex exponent;      ///< g(c) = lambda c + log(1 - c^2) / 2
  GiNaC::ex peak;          ///< c*(lambda)
  GiNaC::ex coefficient;   ///< C(lambda), so that G = -C lambda d + O(1)
  std::string derivation;  ///< the steps, one line, for the report
};

/// Derives c*(lambda) and C(lambda). Throws std::runtime_error if g'(c) = 0 does not
/// reduce to a quadratic in c with exactly one root in (0, 1) for lambda > 0.
LaplaceEntropySlope derive_laplace_entropy_slope();

/// C(lambda) evaluated at a positive lambda (GiNaC evalf at 20 digits, as a double).
double laplace_coefficient(const LaplaceEntropySlope& slope, double lambda);

/// The lambda intervals in [1e-3, 1e3] on which |C(lambda) - target| <= half_width.
/// C rises from 0 (C ~ lambda/2 as lambda -> 0) to one maximum (0.2454 at lambda =
/// 1.31) and falls back to 0 (C ~ log(lambda)/(2 lambda)), so the set is empty, one
/// interval, or two intervals with a gap where C exceeds target + half_width. The
/// maximum by Boost's brent_find_minima, each crossing by toms748_solve (relative
/// accuracy about 1e-12).
struct CoefficientBand {
  double peak_lambda = 0, peak = 0;                  ///< where C is largest, and its value
  std::vector<std::pair<double, double>> intervals;  ///< lambda intervals with |C - target| <= half_width
  /// The lambda where C(lambda) = target exactly (none, or one on each side of the peak;
  /// relative accuracy 2^-40): the only lambda at which G + target lambda d stays O(1).
  std::vector<double> roots;
};
CoefficientBand laplace_coefficient_band(const LaplaceEntropySlope& slope, double target, double half_width);

}  // namespace attnverify::sym
