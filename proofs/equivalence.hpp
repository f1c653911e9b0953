// Symbolic equivalence of two closed forms: sound but incomplete.
//
// is_identically_zero(e) returns true only with a proof that e = 0 on the real
// domain of the symbols: it applies the identities of proofs/canonical_form.hpp
// (erfc -> 1 - erf, power splitting for positive bases, merging of exponentials),
// replaces radicals of sums and symbolic powers (lambda^n) by fresh symbols, and
// takes the rational normal form with every remaining transcendental subexpression
// (erf(.), sqrt(2), pi^(1/4), ...) treated as an independent symbol, then
// groups the numerator by its exponential factor exp(r_k(beta, gamma)) and requires
// every group's coefficient to normalise to 0. Treating dependent subexpressions as
// independent can only miss a zero, never invent one, so `false` means "not shown"
// and the caller falls back to numeric comparison (DESIGN §1, claim vs derivation).
//
// prove_equal(claim, derived) tries claim - derived, then claim^2 - derived^2 (which
// removes the square roots of S = E|f| / sqrt(E f^2)); the squared route also needs
// the sign of the claim: either the claim is manifestly non-negative (products,
// sums and principal roots of non-negative parts), or the domain is connected, the
// claim is continuous and non-zero there (claim^2 = derived^2 > 0) and positive at
// one reference point, so by the intermediate value theorem positive everywhere.
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <optional>
#include <string>

namespace attnverify::sym {

/// True only when e is proved to be identically zero (see above).
bool is_identically_zero(const GiNaC::ex& e);

/// True when e is built only from non-negative parts: non-negative numbers, positive
/// symbols, exp, erfc, relu, step, abs, even powers, principal roots, sums and products.
bool is_manifestly_nonnegative(const GiNaC::ex& e);

struct EquivalenceProof {
  bool proved = false;
  std::string method;  ///< how it was proved, in one sentence; empty if not proved
};

/// Tries to prove claim == derived. `positive_at_reference` (optional) evaluates the
/// claim's sign at a reference point of a connected domain, for the squared route;
/// pass nothing when the domain is not connected (e.g. integer n).
EquivalenceProof prove_equal(const GiNaC::ex& claim, const GiNaC::ex& derived,
                             const std::function<std::optional<bool>()>& positive_at_reference = {});

}  // namespace attnverify::sym
