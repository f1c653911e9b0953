// Closed-form Gaussian expectations of piecewise exp-polynomials.
//
// For X = beta + gamma*eps, eps ~ N(0,1), and a piece g(x) = c x^m exp(a x + b) on
// (x_l, x_u), substitute x = beta + gamma z and complete the square,
//   exp(a gamma z) phi(z) = exp(a^2 gamma^2 / 2) phi(z - a gamma),
// then with w = z - a gamma:
//   E[g(X) 1{x_l < X < x_u}]
//     = c exp(a beta + b + a^2 gamma^2/2)
//       * sum_{k=0}^m binom(m,k) (beta + a gamma^2)^(m-k) gamma^k M_k(l, u),
//   l = (x_l - beta)/gamma - a gamma,  u = (x_u - beta)/gamma - a gamma,
// with M_k the truncated normal moments of proofs/truncated_moments.hpp (docs/design.md §2).
// The result is expressed with exp, erf/erfc and polynomials in beta, gamma.
#pragma once

#include <ginac/ginac.h>

#include "proofs/piecewise.hpp"

namespace attnverify::sym {

/// E[g(beta + gamma*eps)] for a piecewise exp-polynomial g in x; gamma must be a
/// positive symbol or number. Throws NotInClass if a piece leaves the class.
GiNaC::ex gaussian_expectation(const Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                               const GiNaC::ex& gamma);

}  // namespace attnverify::sym
