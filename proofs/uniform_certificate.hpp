// Certificate for a closed-form expectation under uniform scores by the fundamental theorem
// of calculus (docs/proofs.md, "Uniform expectations").
//
// Claim certified: m(beta, gamma) = E g(beta + gamma*eps), eps uniform on [-sqrt3, sqrt3]
// (mean 0, variance 1), at every real beta and gamma > 0 where the form is defined, where g(x)
// is given as written
// (relu, step, abs, cosh, ... allowed) and m is in exp, relu, abs and polynomials in
// beta, gamma and 1/gamma.
//
// Coordinates. X is uniform on [u, v] = [beta - sqrt3 gamma, beta + sqrt3 gamma], so with
// M = 2 sqrt3 gamma m = (v - u) m the claim is M(u, v) = int_u^v g(x) dx on u < v.
//
// Theorem used. Let g be piecewise continuous. A function M on {u <= v} that is continuous,
// has dM/dv = g(v) and dM/du = -g(u) off finitely many lines u = const and v = const, and
// vanishes at one point of the diagonal u = v equals int_u^v g: the difference is continuous
// on a convex set with zero gradient off finitely many lines, hence constant, and it is 0
// on the diagonal (the issue's "2 sqrt3 gamma dm/dbeta = g(beta + sqrt3 gamma) -
// g(beta - sqrt3 gamma) with the value at one point", with the value at gamma -> 0+).
//
// What is checked, exactly and without evaluating m at sample points:
//   shape  after beta = (u + v)/2, gamma = (v - u)/(2 sqrt3), every switch of M has an
//          argument in u alone or in v alone; on each cell I x J between their switch
//          points and those of g (I in u, J in v, the cell meeting u < v), M is a sum of
//          terms c u^i v^j exp(E(u, v)) with i, j >= 0 and E a polynomial (smooth: no
//          denominator in u, v; a piecewise constant such as atan(y) + atan(1/y) is refused);
//          g is a function of x alone and m has no step (whose value at its switch is not its
//          one-sided limit; the switches relu and abs are continuous);
//   (D)    dM/dv - g(v) and dM/du + g(u) reduce to 0 on each cell;
//   (C)    the one-sided values of M agree across each cell boundary, identically;
//   (B)    M(w, w) = 0 at one w left of every switch point.
// Anything outside these shapes gives a certificate that is not verified, with the reason.
#pragma once

#include <ginac/ginac.h>

#include "proofs/derivation_certificate.hpp"

namespace attnverify::sym {

/// Certifies m(beta, gamma) = E g(beta + gamma*eps) under uniform scores as above; g is in
/// x, m in beta and gamma (proofs/symbols.hpp). Never throws: a failure is a certificate with
/// a reason. Method "fundamental theorem of calculus".
DerivationCertificate certify_uniform_expectation(const GiNaC::ex& m, const GiNaC::ex& g);

}  // namespace attnverify::sym
