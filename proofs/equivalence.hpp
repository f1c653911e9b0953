// Symbolic equivalence of two closed forms: sound but incomplete.
//
// is_identically_zero(e) returns true only with a proof that e = 0 on the real
// domain of the symbols: it applies the identities of proofs/canonical_form.hpp
// (erfc -> 1 - erf, cosh/sinh/tanh -> exponentials, power splitting for positive
// bases, merging of exponentials),
// replaces radicals of sums and symbolic powers (lambda^n) by fresh symbols, and
// takes the rational normal form with every remaining transcendental subexpression
// (erf(.), sqrt(2), pi^(1/4), ...) treated as an independent symbol, then
// groups the numerator by its exponential factor exp(r_k(beta, gamma)) and requires
// every group's coefficient to normalise to 0. Treating dependent subexpressions as
// independent can only miss a zero, never invent one, so `false` means "not shown"
// and the caller falls back to numeric comparison (docs/design.md §1, claim vs derivation).
//
// prove_equal(claim, derived) tries claim - derived, then claim^2 - derived^2 (which
// removes the square roots of S = E|f| / sqrt(E f^2)). Either identity holds only where
// both sides are defined; the caller must establish that the claim is defined on the
// whole domain (proofs/definedness.hpp). The squared route also needs the claim's sign:
// either the claim is manifestly non-negative (products, sums and principal roots of
// non-negative parts), or `sign_proof` proves it (a claim that is continuous and
// non-zero on a connected domain and positive at one point is positive everywhere; the
// caller checks each of these premises). Nothing here assumes continuity.
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <optional>
#include <string>

namespace attnverify::sym {

/// a / b brought to a normal form with the rewrites of the zero test (erfc -> 1 - erf,
/// cosh, sinh, tanh -> exponentials, positive powers split, exponentials merged) and
/// radicals of sums held as atoms, then substituted back: an expression equal to a / b
/// wherever both are defined. Throws what GiNaC throws (e.g. for b = 0).
GiNaC::ex canonical_ratio(const GiNaC::ex& a, const GiNaC::ex& b);

/// True only when e is proved to be identically zero (see above).
bool is_identically_zero(const GiNaC::ex& e);

/// True when e is built only from non-negative parts: non-negative numbers, positive
/// symbols, exp, erfc, relu, step, abs, even powers, principal roots, sums and products.
bool is_manifestly_nonnegative(const GiNaC::ex& e);

struct EquivalenceProof {
  bool proved = false;
  bool squared = false;  ///< by claim^2 - derived^2 (then the sign argument is part of the proof)
  std::string method;    ///< how it was proved, in one sentence; empty if not proved
  /// Not proved, but claim^2 - derived^2 reduces to 0: |claim| = derived where defined,
  /// and only the sign is missing (the caller reports this).
  bool squares_agree = false;
};

/// Tries to prove claim == derived where both are defined. `sign_proof` (optional)
/// returns a sentence when it proves claim >= 0 on the whole domain, for the squared
/// route; it is called only when the squares agree and the claim is not manifestly
/// non-negative.
EquivalenceProof prove_equal(const GiNaC::ex& claim, const GiNaC::ex& derived,
                             const std::function<std::optional<std::string>()>& sign_proof = {});

}  // namespace attnverify::sym
