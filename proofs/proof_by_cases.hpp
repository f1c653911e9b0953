// Proof of claim = derived by cases at the kinks of the claim and of the derivation in one
// real variable (docs/proofs.md, "Rules of the claim prover").
//
// The relu, step and abs of v in the claim and in the derivation (S under the Laplace law
// has relu(beta) from its split at 0) are located (the real roots of their arguments,
// exact) and the real line of v is split there. On each open interval every switch has one
// branch (its argument's sign at an interior test point, certified by interval
// arithmetic), and the claim with its branches must equal the derivation with its branches
// (proofs/equivalence.hpp, prove_equal without a sign argument); at each breakpoint the
// claim at that value of v (step(0) = 1/2, relu(0) = |0| = 0) must equal the derivation at
// it. Together these cover every real v. Examples: |beta| erf(|beta|/(sqrt 2 gamma)) =
// beta erf(beta/(sqrt 2 gamma)) by the parity of erf, on beta < 0, beta > 0 and at beta = 0;
// S of |x| under the Laplace law, whose derivation holds relu(beta), is
// (|beta| + gamma/sqrt2 e^(-sqrt2 |beta|/gamma))/sqrt(beta^2 + gamma^2) on beta < 0, beta > 0 and at 0.
// Only switches of c1 v + c0 (constants, c1 != 0) or c2 v^2 + c1 v + c0 (c2 != 0; its real
// roots by the discriminant's sign, certified by interval arithmetic, or a double root when
// the discriminant is exactly 0), none inside another, with kinks at least 1e-9 relative
// apart and ordered by certified signs of their differences (interval arithmetic).
// Example: relu(beta^2 - 1) = relu(beta - 1)(beta + 1) + relu(-beta - 1)(1 - beta), split
// at beta = -1 and 1.
#pragma once

#include <ginac/ginac.h>

#include <string>

namespace attnverify::sym {

struct CaseProof {
  bool proved = false;
  std::string method;  ///< when proved: the cases, in one sentence
};

/// Tries the proof by cases in `v` (real, unrestricted). Not proved when neither side has a
/// switch of v, a breakpoint cannot be located exactly, or one case fails. Never throws.
CaseProof prove_by_cases(const GiNaC::ex& claim, const GiNaC::ex& derived, const GiNaC::symbol& v);

}  // namespace attnverify::sym
