// Closed-form expectations of piecewise exp-polynomials under uniform scores.
//
// For X = beta + gamma*eps with eps uniform on [-sqrt3, sqrt3] (mean 0, variance 1), X is
// uniform on [L, U] = [beta - sqrt3 gamma, beta + sqrt3 gamma] with density 1/(2 sqrt3 gamma),
// so for a piece g(x) = c x^m exp(a x + b) on (x_l, x_u)
//   E[g(X) 1{x_l < X < x_u}] = c e^b (P(clamp(U)) - P(clamp(L))) / (2 sqrt3 gamma),
// with P the antiderivative of x^m e^{a x} (proofs/exp_poly.hpp) and clamp(y) = y clamped to
// [x_l, x_u] (proofs/piecewise.hpp): where [L, U] misses the piece both clamps are the same
// end and the term is 0. Every moment exists (the law has no tails). The result is in exp,
// relu and polynomials in beta, gamma, without erf.
#pragma once

#include <ginac/ginac.h>

#include "proofs/piecewise.hpp"

namespace attnverify::sym {

/// E[g(beta + gamma*eps)], eps uniform on [-sqrt3, sqrt3], for a piecewise exp-polynomial g
/// in x; gamma a positive symbol or number. Throws NotInClass if a piece leaves the class.
GiNaC::ex uniform_expectation(const Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                              const GiNaC::ex& gamma);

}  // namespace attnverify::sym
