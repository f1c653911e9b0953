// Claim vs derivation (DESIGN §1): symbolic equivalence first
// (proofs/equivalence.hpp); then, always, a numeric comparison at working precision
// on the documented point set (src/claim_points.hpp). The verdict:
//   agree     symbolic proof (method "symbolic"), confirmed at every point; or no
//             proof but every point agrees to >= P - 5 digits (method "numeric");
//   disagree  the claim is not finite at a point where S is, or some point where
//             both evaluations converged differs by more than 10^-(P-5); that point
//             is the counterexample, and the numeric route (quadrature or
//             summation) is run there as a third witness;
//   inconclusive  an evaluation did not converge, or proof and numbers conflict.
// A spec's `expected` never enters the computation; it only marks the record.
#pragma once

#include <functional>
#include <optional>

#include "src/check_record.hpp"
#include "src/claim_points.hpp"
#include "src/run_options.hpp"
#include "src/spec.hpp"
#include "numerics/precision.hpp"

namespace attnverify {

/// The numeric route at one point: S and -log10 of its relative error estimate.
using NumericWitness = std::function<std::optional<std::pair<num::Real, double>>(const GridPoint&)>;
/// The same for any claim point (feature maps and measures: direct computation).
using PointWitness = std::function<std::optional<std::pair<num::Real, double>>(const ClaimPoint&)>;

/// The record of a claim that cannot be judged because the variant has no closed form.
CheckRecord claim_without_derivation(const Spec& spec, const Claim& claim, const std::string& reason);

/// Kernels and sequences: on claim_domain(spec, seed).
CheckRecord check_claim(const Spec& spec, const Claim& claim, const GiNaC::ex& derived_S, unsigned digits,
                        const NumericWitness& witness, unsigned long seed = kDefaultSeed);

/// Any kind: `claim_S` (the claim, possibly rewritten into the derivation's symbols)
/// against `derived_S` on `domain`.
CheckRecord check_claim_on_domain(const Spec& spec, const Claim& claim, const GiNaC::ex& claim_S,
                                  const GiNaC::ex& derived_S, const ClaimDomain& domain, unsigned digits,
                                  const PointWitness& witness);

/// Without a closed form: the claim against the numeric route (quadrature or
/// summation) on the same point set, with the same rule; the reference's own error
/// estimate must meet the target or the point is inconclusive.
CheckRecord check_claim_against_numeric(const Spec& spec, const Claim& claim, unsigned digits,
                                        const NumericWitness& witness, const std::string& no_closed_form_reason,
                                        unsigned long seed = kDefaultSeed);

/// Judges every claim of the spec against `derived_S`, or, when it is null, against
/// the numeric route `witness` (inconclusive if there is none), appending to `records`.
void check_claims(const Spec& spec, const GiNaC::ex* derived_S, const std::string& no_closed_form_reason,
                  unsigned digits, unsigned long seed, const NumericWitness& witness, std::vector<CheckRecord>& records,
                  const std::function<void(const std::string&)>& progress);

}  // namespace attnverify
