// Whether the zero set of an expression on a claim's domain has empty interior ("is thin"):
// the premise of a continuous extension (docs/spec-format.md, "How claims are judged": a claim
// declared `continuous_extension = true` is taken as its limit where a divisor vanishes, which
// continuity determines only at points that are limits of points where the divisor does not
// vanish). docs/history.md, issue 42, M3: relu(beta)/relu(beta) vanishes on all of beta <= 0,
// where no extension is determined, yet it was excused.
//
// Shown thin, never guessed:
//   - e without relu, step or abs (the expression language's switches; max, min, clip and
//     piecewise are written with them) and not identically 0: built from functions analytic
//     where defined, e is real-analytic on each open set where it is defined, and a
//     real-analytic function that vanishes on an open subset of a connected open set vanishes
//     on all of it (the identity theorem), which the zero test would have found;
//   - e whose switches all have arguments c1 v + c0 (rational constants, c1 != 0) in one real
//     variable v of the domain: v's range is cut at their roots, and on each open piece the
//     switches take the branch of their argument's exact sign at the piece's middle and leave
//     an e without switches, which must not be identically 0.
// Anything else (switches of several variables, of nonlinear arguments, a zero test that
// does not decide) is not shown thin.
#pragma once

#include <ginac/ginac.h>

#include <string>

#include "proofs/definedness.hpp"

namespace attnverify::sym {

/// True only with the argument above that e's zero set on `domain` has empty interior; `why`
/// says where it fails otherwise ("relu(beta)/... is 0 on beta < 0", "the switches' arguments
/// are not linear in one variable"). Never throws.
bool zero_set_is_thin(const GiNaC::ex& e, const ParameterDomain& domain, std::string& why);

}  // namespace attnverify::sym
