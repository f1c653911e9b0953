// The sign of a real constant expression (no symbols) by Arb ball arithmetic at increasing
// precision: the expression is evaluated as a ball (a midpoint and a radius that Arb guarantees
// to contain the exact value) at 64, 128, ..., up to `max_bits` bits of working precision, and
// its sign is read from the first ball that excludes 0. A ball that still holds 0 at the ceiling
// leaves the sign undecided: an exact zero is shown only by the symbolic zero test, never here.
//
// Evaluated: rationals, pi, e (exp(1)), +, *, integer powers, powers of positive bases to real
// constant exponents (sqrt), exp, log of a positive ball, sin, cos, atan, sinh, cosh, tanh, erf,
// erfc. Anything else (an unknown function, a complex constant) is undecided.
//
// e^{pi sqrt 163} - 640320^3 - 744 = -7.4999e-13 (about 30 digits cancel) is negative at 192
// bits; the double intervals of proofs/range_enclosure.hpp hold 0.
#pragma once

#include <ginac/ginac.h>

#include <optional>

namespace attnverify::sym {

/// +1 or -1 when a ball of `constant` at some precision up to max_bits excludes 0; nullopt when
/// every ball holds 0, or `constant` has a symbol or a part the evaluator does not take. Never
/// throws.
std::optional<int> constant_sign_by_balls(const GiNaC::ex& constant, long max_bits = 8192);

}  // namespace attnverify::sym
