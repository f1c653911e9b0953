// Signs over a box in ball arithmetic, for the property kinds (src/properties/kinds/): f > 0 or
// f >= 0 on every point of an exact box by Arb branch-and-bound
// (numerics/box_branch_and_bound.hpp), with f's gradient for the monotonicity test, the Taylor
// test on faces where f vanishes identically (decided by the symbolic zero test) and exact zeros
// at points; and the same for a function of S in one variable where S(beta, gamma) is a function
// of beta/gamma (src/properties/ratio_reduction.hpp).
//
// An outcome Proved is a certificate on the whole box (every real point of each axis, only the
// integers of an integer axis such as a sequence's n unless f is a derivative in it); a
// Counterexample is a point whose ball of f lies wholly on the wrong side; Undecided says why
// (never thrown: an f that does not compile in ball arithmetic is undecided).
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <string>
#include <vector>

#include "numerics/box_branch_and_bound.hpp"
#include "proofs/symbols.hpp"

namespace attnverify {

/// Branch-and-bound on a box: sub-boxes examined before the check is left undecided.
constexpr std::size_t kBoxBudget = 20000;
/// Expressions with more nodes than this get no symbolic gradient, normal form or logarithmic
/// derivative: GiNaC's cost there has no bound (60 relu kinks ran out of memory).
constexpr std::size_t kMaxGradientNodes = 4000;

/// log S written as a sum: log(a b) = log a + log b, log(a^c) = c log a, log(e^a) = a. Only its
/// derivative is meant to be used: d/dp of the sum is the sum of g'/g = S'/S wherever no factor g
/// is 0, whatever the factors' signs (d log|g| = g'/g), so no sign is assumed.
GiNaC::ex log_expanded(const GiNaC::ex& e);

using sym::tree_size;  // proofs/symbols.hpp

/// f `relation` 0 on `box` (one axis per symbol, exact ends) in `budget` sub-boxes at most (fewer
/// for a large f: about 2 s of work). The box is first cut at 0 on each axis whose range holds 0
/// inside and where f vanishes identically on x_j = 0, so that the Taylor test applies on each
/// half. `derivative_in`: the symbol f is a derivative in, whose integer axis (n) then counts
/// every real point. Proved when every part is; the first counterexample, else the first
/// undecided part, otherwise.
num::BoxResult certify_on_box(const GiNaC::ex& f, const std::vector<GiNaC::ex>& symbols,
                              const std::vector<num::BoxAxis>& box, num::Relation relation,
                              std::size_t budget = kBoxBudget, const GiNaC::ex& derivative_in = GiNaC::ex());

/// f = of_S(S) `relation` 0 on the box, for an f that depends on the point through S alone: where
/// S(beta, gamma) = S_t(beta/gamma) is proved (`ratio_of_first_two`, PropertyTarget: a box of two
/// parameters, beta and gamma > 0), first in one variable over
/// t's interval, the image of the box (f = of_S(S_t) there, exactly), a counterexample mapped to
/// a point of the box with that t; else, or when that is undecided, certify_on_box. `route`
/// receives ", over t = beta/gamma in [..] as S(beta, gamma) = S_t(t)" when the reduction
/// decided, else "".
num::BoxResult certify_function_of_S(const std::function<GiNaC::ex(const GiNaC::ex&)>& of_S, const GiNaC::ex& S,
                                     bool ratio_of_first_two, const std::vector<GiNaC::ex>& symbols,
                                     const std::vector<num::BoxAxis>& box, num::Relation relation, std::string& route);

/// " Not certified (numeric evidence): <why>." for a finding, naming the sub-box left undecided.
std::string undecided_note(const num::BoxResult& r);

}  // namespace attnverify
