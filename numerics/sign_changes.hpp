// Sign changes of a function of one variable with no closed-form roots (for example
// gelu(x) = x Phi(x) at 0, silu, or tanh(x - 1)): the kinks of |f| where quadrature
// of E|f(X)| must split (docs/design.md §6: across a kink tanh-sinh stalls near 1e-12).
//
// f is scanned in double precision at `step` over [lower, upper], and each bracket
// [a, b] with f(a) f(b) < 0 (or f = 0 exactly at a scan point between opposite
// signs) is refined by bisection in MPFR until its width is below 10^-(digits+10).
// This is an estimate, not a proof: two sign changes closer than `step` cancel in the
// scan and are missed, and so are sign changes outside [lower, upper]. A zero without
// a sign change (f = x^2 at 0) is not a kink of |f| and is not reported.
#pragma once

#include <ginac/ginac.h>

#include <vector>

namespace attnverify::num {

/// Sign changes of f(x) in [lower, upper], increasing, each as a GiNaC float with
/// digits + 10 significant digits. Throws EvaluationError when f cannot be compiled.
std::vector<GiNaC::numeric> locate_sign_changes(const GiNaC::ex& f, const GiNaC::symbol& x, double lower, double upper,
                                                double step, unsigned digits);

}  // namespace attnverify::num
