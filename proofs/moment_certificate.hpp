// Certificate for a closed-form expectation of a polynomial under a law given by its moments
// (docs/proofs.md, "Expectations from moments"): logistic and Student-t scores.
//
// Claim certified: m(beta, gamma) = E g(beta + gamma eps) at every real beta and gamma > 0, for g
// as the spec wrote it (|f| or f^2) when g is a polynomial p in x, or |p| with p >= 0 (or <= 0)
// on the whole real line by Sturm's theorem (proofs/polynomial_sign.hpp).
//
// Theorem used: Taylor's formula, exact for a polynomial, and linearity of E:
// E p(beta + gamma eps) = sum_{j <= deg p} p^(j)(beta) gamma^j E eps^j / j!, which needs
// E |eps|^deg p < infinity.
//
// The moments are computed anew, not by the derivation's formula (proofs/moment_expectation.hpp):
//   logistic   from the moment generating function: E e^{t eps} = sqrt3 t / sin(sqrt3 t) for
//              |t| < pi/sqrt3 (the standard logistic law's pi s / sin(pi s), Johnson, Kotz &
//              Balakrishnan 1995, ch. 23), mu_j = j! [t^j] of its Taylor series (GiNaC's series);
//   Student-t  from the density's Pearson equation (nu + t^2) p'(t) = -(nu + 1) t p(t): integrating
//              t^k times it by parts gives E T^(k+1) = k nu E T^(k-1) / (nu - k - 1) for k + 1 < nu,
//              so mu_(k+1) = k (nu - 2) mu_(k-1) / (nu - k - 1) with mu_0 = 1, mu_1 = 0, the
//              boundary terms vanishing because E |T|^(k+1) < infinity there.
// What is checked, exactly: m - sum_j p^(j)(beta) gamma^j mu_j / j! expands to 0. Nothing is
// sampled at points.
//
// Under logistic scores, g constant or linear on each piece of an interval subdivision (step,
// |x|) is certified by antiderivatives: on a piece c + d x over (a, b), A(x) = c F(x) +
// d (x F(x) - s log(1 + e^u)), F the logistic cdf with location beta and scale s = sqrt3 gamma/pi,
// u = (x - beta)/s; A' = (c + d x) times the density is checked by the zero test, A(inf) =
// c + d beta and A(-inf) = 0 by a lemma (docs/proofs.md), and m - sum of A(b) - A(a) must be 0
// by the zero test.
#pragma once

#include <ginac/ginac.h>

#include <optional>

#include "proofs/derivation_certificate.hpp"

namespace attnverify::sym {

/// The certificate above under logistic scores. Never throws.
DerivationCertificate certify_logistic_expectation(const GiNaC::ex& m, const GiNaC::ex& g);

/// The certificate above under Student-t scores with nu > 2 degrees of freedom. Never throws.
DerivationCertificate certify_student_t_expectation(const GiNaC::ex& m, const GiNaC::ex& g, const GiNaC::numeric& nu);

}  // namespace attnverify::sym
