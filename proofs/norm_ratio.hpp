// Extremes of the norm ratio r(y) = ||y||_2 / ||y||_1 over y in R^d, y != 0
// (Su2023 eq. 9 and the claim "||q~||_2/||q~||_1 has maximum sqrt(d)";
// Su2023-sparsity's range S(x) in [1/sqrt(n), 1]).
//
// r depends only on |y| and is scale-invariant, so it suffices to take y >= 0 on the
// simplex sum y_i = 1, where r^2 = F(y) = sum y_i^2. The derivation, done by GiNaC
// for the given d:
//   - Lagrange: grad F = lambda grad(sum y_i) gives the only stationary point
//     y_i = 1/d (solved with lsolve), in the relative interior;
//   - the Hessian of F is computed and checked to be 2 I (positive definite), so F is
//     strictly convex: the stationary point is the unique minimum, F = 1/d;
//   - a convex function on a polytope attains its maximum at a vertex; F is evaluated
//     at every vertex e_k: the maximum is 1, at every e_k.
// Hence min r = d^(-1/2) at y = (1,...,1)/d, max r = 1 at y = e_1.
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <vector>

namespace attnverify::sym {

struct NormRatioExtremes {
  unsigned d = 0;
  GiNaC::ex minimum, maximum;                   ///< exact values of r
  std::vector<GiNaC::ex> minimiser, maximiser;  ///< points on the simplex
  std::string argument;                         ///< the derivation in one sentence
};

/// Throws std::invalid_argument for d = 0 and std::logic_error if a step of the
/// derivation does not come out as stated above (a defect, never expected).
NormRatioExtremes norm_ratio_extremes(unsigned d);

}  // namespace attnverify::sym
