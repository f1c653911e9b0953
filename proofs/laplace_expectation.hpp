// Closed-form expectations of piecewise exp-polynomials under Laplace scores.
//
// For X = beta + gamma*eps with eps of density e^{-sqrt2 |z|}/sqrt2 (mean 0, variance 1), X
// has density r/2 e^{-r |x - beta|} with r = sqrt2/gamma (scale b = 1/r = gamma/sqrt2). For a
// piece g(x) = c x^m exp(a x + b0) on (x_l, x_u), split at beta* = beta clamped to [x_l, x_u]:
//   E[g(X) 1{x_l < X < x_u}]
//     = c e^{b0} r/2 [ e^{-r beta} (P_{a+r}(beta*) - P_{a+r}(x_l))
//                    + e^{r beta}  (P_{a-r}(x_u)   - P_{a-r}(beta*)) ],
// with P_s the antiderivative of x^m e^{s x} (proofs/exp_poly.hpp). An infinite end contributes
// P = 0: P_{a+r}(-inf) = 0 needs a + r > 0 and P_{a-r}(+inf) = 0 needs a - r < 0, which is
// exactly when the piece's expectation exists (gamma < sqrt2/|a|). Where it does not, the
// formula is meaningless; the kernel kind decides existence first (numerics/score_distribution.hpp)
// and never evaluates it there. The result is in exp, relu and rational functions of beta,
// gamma, without erf.
#pragma once

#include <ginac/ginac.h>

#include "proofs/piecewise.hpp"

namespace attnverify::sym {

/// E[g(beta + gamma*eps)], eps standard Laplace (variance 1), for a piecewise exp-polynomial g
/// in x, where the expectation exists; gamma a positive symbol or number. Throws NotInClass if
/// a piece leaves the class.
GiNaC::ex laplace_expectation(const Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                              const GiNaC::ex& gamma);

}  // namespace attnverify::sym
