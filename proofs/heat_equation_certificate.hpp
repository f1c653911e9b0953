// Certificate for a closed-form Gaussian expectation by the heat equation
// (docs/proofs.md, "Certificates of derived closed forms").
//
// Claim certified: m(beta, gamma) = E g(beta + gamma*eps), eps ~ N(0, 1), for every
// real beta and gamma > 0, where g(x) is given as written in the spec (relu, step, abs,
// cosh, ... allowed) and m is a closed form in exp, erf, erfc and powers of beta, gamma.
//
// Theorem used. Let g be piecewise continuous with |g(x)| <= A exp(a|x|). Then
// E g(beta + gamma*eps) is the only function u(beta, gamma), C^2 in beta and C^1 in
// gamma on R x (0, inf), with
//   (H) du/dgamma = gamma * d^2u/dbeta^2                (the heat equation u_t = u_bb
//                                                        in t = gamma^2 / 2),
//   (G) |u| <= A' exp(a' beta^2) on R x (0, G] for every G > 0   (Tychonoff's class),
//   (I) u(beta, gamma) -> g(beta) as gamma -> 0+ at every beta but finitely many.
// The difference of two such functions solves the heat equation in Tychonoff's class and
// is locally bounded as gamma -> 0+, so it tends to 0 in L^1_loc by dominated
// convergence and vanishes by uniqueness of the Cauchy problem in that class
// (A. N. Tychonoff, Mat. Sb. 42 (1935) 199-216; for initial values taken in L^1_loc,
// D. V. Widder, The Heat Equation, Academic Press 1975, ch. VIII). E g(beta+gamma*eps)
// itself satisfies (H), (G) and (I) at the points where g is continuous.
//
// What is checked, exactly and without evaluating m at sample points:
//   (H) d m/dgamma - gamma d^2 m/dbeta^2 reduces to 0 (GiNaC differentiation and the
//       zero test of proofs/equivalence.hpp); m is smooth for gamma > 0 because its only
//       denominators are powers of gamma (checked term by term).
//   (G) term by term: c(beta, gamma) exp(E) prod erf(..), with |erf| <= 1; either E has
//       no negative power of gamma, degree <= 2 in beta, and c none either; or
//       E = -k (beta - b)^2 / gamma^2 + ... with k > 0, and after beta = b + gamma*s both
//       E = -k s^2 + (degree <= 1 in s) and c have no negative power of gamma.
//   (I) the limit gamma -> 0+ is taken term by term on each open interval between the
//       points where a term's behaviour changes (the centres b above, the roots of the
//       leading coefficient of each erf argument in 1/gamma) and where a relu, step or
//       abs of g switches: Gaussian terms tend to 0, erf(c/gamma + ...) to sign(c) (signs
//       read with interval arithmetic, proofs/range_enclosure.hpp), the rest by gamma = 0.
//       The sum must equal g with its switches resolved on the interval, and g must be an
//       exp-polynomial there (so |g| <= A exp(a|x|)).
// Powers q^r of a polynomial q(gamma) with positive constant term and non-negative coefficients
// (1 + 2a gamma^2, from an exponent quadratic in x: proofs/gaussian_expectation.cpp) count as
// bounded positive constants in (G) and take their value q(0)^r in (I): they are smooth, and
// bounded above and below on [0, G]. Where such a factor enters an erf argument or a 1/gamma^2
// exponent, the signs these checks read are not shown and the form is not certified (E e^{-X^2}
// is; relu(x) e^{-x^2} is not). In (H) each square root sqrt(q) is held as one symbol r, r^2 = q
// folded back, and the coefficients of the products of r's must each reduce to 0.
// Anything outside these shapes gives a certificate that is not verified, with the reason.
#pragma once

#include <ginac/ginac.h>

#include "proofs/derivation_certificate.hpp"

namespace attnverify::sym {

/// Certifies m(beta, gamma) = E g(beta + gamma*eps) as above; g is in x, m in beta and
/// gamma (proofs/symbols.hpp). Never throws: a failure is a certificate with a reason.
DerivationCertificate certify_gaussian_expectation(const GiNaC::ex& m, const GiNaC::ex& g);

}  // namespace attnverify::sym
