// The strict sign of an expression in one variable u at every u > 0, proved symbolically.
//
// Rules, tried in order (each sound; anything else is "not shown", never a wrong sign):
//  1. the positivity prover of proofs/definedness.hpp on u in (0, infinity) (range enclosure,
//     factors), for e and for -e;
//  2. a product or an integer power: the signs of its factors;
//  3. from zero: if e is smooth on [0, infinity) (built from +, *, non-negative integer powers
//     and exp, sinh, cosh, tanh, erf, erfc of expressions in u) and e(0) = 0 exactly, then e has,
//     on (0, infinity), the strict sign that e' has there (the mean value theorem:
//     e(u) = u e'(xi) for some xi in (0, u)). e' is first multiplied by e^(-k u) for a k among the
//     rates of its exponentials (a positive factor that does not change its sign, and that makes
//     e' of e = 1 - 2u e^(-u) - e^(-2u) into 2u + 2e^(-u) - 2), and the rules apply to it again,
//     at most `depth` times.
//
// Example: (u - sinh u)/(u sinh u) < 0 for u > 0 (issue 44: d log S^2/dn for the decay sequence
// with u = n |log lambda|).
#pragma once

#include <ginac/ginac.h>

#include <optional>

namespace attnverify::sym {

/// +1 when e > 0 at every u > 0 is proved, -1 when e < 0 there is proved, nullopt otherwise.
/// e must depend on no symbol but u (nullopt otherwise). Never throws.
std::optional<int> sign_on_positive_half_line(const GiNaC::ex& e, const GiNaC::symbol& u, int depth = 4);

/// e's form at every u > 0: each relu, step and abs whose argument has, by the rules above, a
/// strict sign at every u > 0 replaced by its branch there (relu(c u) = c u for c > 0, 0 for
/// c < 0; proofs/piecewise.hpp), innermost first; the others stay. Never throws.
GiNaC::ex branches_on_positive_half_line(const GiNaC::ex& e, const GiNaC::symbol& u);

}  // namespace attnverify::sym
