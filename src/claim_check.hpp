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
#include "src/spec.hpp"
#include "numerics/precision.hpp"

namespace attnverify {

/// The numeric route at one point: S and -log10 of its relative error estimate.
using NumericWitness = std::function<std::optional<std::pair<num::Real, double>>(const GridPoint&)>;

/// The record of a claim that cannot be judged because the variant has no closed form.
CheckRecord claim_without_derivation(const Spec& spec, const Claim& claim, const std::string& reason);

CheckRecord check_claim(const Spec& spec, const Claim& claim, const GiNaC::ex& derived_S, unsigned digits,
                        const NumericWitness& witness);

/// Without a closed form: the claim against the numeric route (quadrature or
/// summation) on the same point set, with the same rule; the reference's own error
/// estimate must meet the target or the point is inconclusive.
CheckRecord check_claim_against_numeric(const Spec& spec, const Claim& claim, unsigned digits,
                                        const NumericWitness& witness, const std::string& no_closed_form_reason);

/// Judges every claim of the spec against `derived_S`, or, when it is null, against
/// the numeric route `witness` (inconclusive if there is none), appending to `records`.
void check_claims(const Spec& spec, const GiNaC::ex* derived_S, const std::string& no_closed_form_reason,
                  unsigned digits, const NumericWitness& witness, std::vector<CheckRecord>& records,
                  const std::function<void(const std::string&)>& progress);

}  // namespace attnverify
