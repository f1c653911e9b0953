// Certificate for a closed-form expectation under Laplace scores by its differential
// equation in beta, the screened Poisson equation (docs/proofs.md, "Laplace expectations").
//
// Claim certified: m(beta, gamma) = E g(beta + gamma*eps), eps of density e^{-sqrt2 |z|}/sqrt2
// (mean 0, variance 1), at every real beta and every gamma > 0 at which E g exists and the
// closed form is defined, where g(x) is given as written (relu, step, abs, cosh, ... allowed)
// and m is in exp, relu, abs and polynomials in beta with coefficients in gamma.
//
// Theorem used. With r = sqrt2/gamma, E g(beta + gamma eps) = (r/2) int g(x) e^{-r|x - beta|} dx
// is, for piecewise continuous g with E|g| finite, the only function u of beta with
//   (E) u - (gamma^2/2) u'' = g on each open interval where g is continuous
//       (e^{-r|z|} r/2 is the Green's function of 1 - r^-2 d^2/dz^2),
//   (C) u and u' continuous on the whole line,
//   (R) u(beta) = o(e^{r |beta|}) as beta -> +inf and as beta -> -inf.
// The difference of two such functions is C^1, solves w'' = r^2 w off finitely many points
// (so w'' extends continuously and w is C^2), hence w = A e^{r beta} + B e^{-r beta}, and (R)
// forces A = B = 0. E g itself has (E), (C) and (R) when it exists: its growth at +inf is
// that of g's outer piece, whose exponential rates are all < r exactly when E g exists.
//
// What is checked, exactly and without evaluating m at sample points:
//   shape  on each interval of beta between the switch points of m and of g, m is a sum
//          of terms c(gamma) beta^j exp(a(gamma) beta + e(gamma)), j >= 0 (smooth in beta);
//   (E)    m - (gamma^2/2) d^2m/dbeta^2 - g(beta) reduces to 0 on each interval, with the
//          switches of both resolved there (proofs/certificate_support.hpp);
//   (C)    the one-sided values of m and dm/dbeta agree at each switch point, identically
//          in gamma, and so does m's own value there (m has no step; g is of x alone);
//   (R)    on the outer intervals every rate a of m is -r at +inf (+r at -inf), or a
//          constant rate of g's outer piece with a non-zero coefficient (all of which are
//          below r wherever E g exists).
// Anything outside these shapes gives a certificate that is not verified, with the reason.
#pragma once

#include <ginac/ginac.h>

#include "proofs/derivation_certificate.hpp"

namespace attnverify::sym {

/// Certifies m(beta, gamma) = E g(beta + gamma*eps) under Laplace scores as above; g is in
/// x, m in beta and gamma (proofs/symbols.hpp). Never throws: a failure is a certificate with
/// a reason. Method "screened Poisson equation".
DerivationCertificate certify_laplace_expectation(const GiNaC::ex& m, const GiNaC::ex& g);

}  // namespace attnverify::sym
