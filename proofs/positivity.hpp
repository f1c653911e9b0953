// A small, sound prover of strict positivity for rational expressions whose
// variables lie in the open unit interval or are positive (used for bounds such as
// the inequality of Su2023 eq. 11 on lambda in (0, 1)).
//
// The expression is normalised to numerator / denominator and each is factored
// (GiNaC factor). Every factor must be shown of one strict sign on the domain:
// a non-zero number; a positive symbol; a positive power of such; or a polynomial
// of degree <= 1 in a single unit-interval variable v, whose sign on (0, 1) is that
// of its values at v = 0 and v = 1 when neither is of the other sign and not both
// are 0. Anything else is "not shown" (never a wrong "yes").
#pragma once

#include <ginac/ginac.h>

#include <vector>

namespace attnverify::sym {

/// True only with a proof that e > 0 whenever every symbol of `unit_interval` lies
/// in (0, 1) and every other symbol is positive (possymbol).
bool is_provably_positive(const GiNaC::ex& e, const std::vector<GiNaC::ex>& unit_interval);

/// The same, and through products and real powers with a positive exponent of factors so
/// shown (the principal root of a positive number is positive), which the normal form
/// above treats as opaque: sqrt((1 + lambda)/(n (1 - lambda) (1 + lambda^n))) > 0.
bool is_provably_positive_with_roots(const GiNaC::ex& e, const std::vector<GiNaC::ex>& unit_interval);

}  // namespace attnverify::sym
