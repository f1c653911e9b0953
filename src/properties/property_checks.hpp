// Property checks (src/spec/property_spec.hpp) judged on a variant's derived S.
// One CheckRecord per property (check = CheckKind::Property, claim = its id), whose verdict
// combines its checks: agree when every check agrees, disagree when one disagrees
// (that check's counterexample is recorded), inconclusive otherwise. How each kind
// is decided:
//   even       symbolic: S(p) - S(-p) is identically zero (proofs/equivalence.hpp);
//              else numeric at the claim point set; a point where the two differ
//              beyond 10^-(P-5) is a counterexample
//   limit      symbolic first: derived large-n asymptotics for sequences
//              (proofs/sequence_derivation.hpp), GiNaC series (proofs/limits.hpp);
//              else numeric extrapolation (numerics/limit_extrapolation.hpp)
//   infimum/   grid search + golden-section refinement at P + 10 digits
//   supremum   (numerics/extremum_search.hpp); coordinates within 1e-10 of a
//              rational with denominator <= 12 are snapped and the value there is
//              computed exactly and checked not to be worse than the refined one
//   monotone   symbolic when the derivative is manifestly of one sign; else the
//              derivative's sign on a 41 x 41 grid over the box
//   bound      proved when (bound/S)^2 - 1 > 0 and the bound's (S's) sign are proved
//              (sequences: lambda = 1 settled from S's form there for every n); else the
//              relation at the claim point set, the grid, n = 1..64 (sequences) and the
//              best points of a counterexample search, with the smallest relative margin
//   norm-ratio extremes of r in each dimension (proofs/norm_ratio.hpp), mapped
//              through the quantity where it is shown continuous and its monotonicity
//              in r certified (Arb branch-and-bound of dQ/dr); else only a certified
//              point beyond a claimed extreme decides; r's range confirmed by 10^4
//              seeded random points per dimension
//   without a closed form (PropertyTarget::certified_value): an infimum's greater_than, a
//              supremum's less_than and monotone on a lattice of certified balls of S
//              (src/properties/lattice_checks.hpp); the other kinds are not decided
//   sampled    after Holm's correction (src/verdicts/multiple_comparisons.hpp): the
//              variant's sampled checks (judge_sampled_properties)
#pragma once

#include <ginac/ginac.h>

#include "proofs/sequence_derivation.hpp"
#include "src/spec/kind.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

struct PropertyTarget {
  GiNaC::ex S;  ///< in spec.property_parameters(); ex(0) when properties get no closed form
  const sym::SequenceDerivation* sequence = nullptr;  ///< sequences: the derivation (asymptotics, lambda = 1)
  std::string no_closed_form_reason;  ///< why S is ex(0): the record says it
  /// Where S is ex(0): a certified ball of S at an exact point of the properties' parameters from
  /// the variant's numeric route, or why none (kernels: the defining integrals by Arb, as at a grid
  /// point); infimum and supremum bounds and monotonicity are then decided on a lattice over
  /// their box (src/properties/lattice_checks.hpp). Empty: no numeric route for properties.
  std::function<CertifiedValue(const GridPoint&)> certified_value = {};
};

/// The record of one property of the spec (check = CheckKind::Property, claim = its id).
/// Deterministic in the spec, the target and the options' digits and seed, so a merge of
/// shards can compute it again (Kind::recheck_property).
CheckRecord check_property(const Spec& spec, const Property& property, const PropertyTarget& target,
                           const RunOptions& options);

/// Appends one record per property of the spec to result.records.
void check_properties(const Spec& spec, const PropertyTarget& target, const RunOptions& options, VariantResult& result,
                      const Progress& progress);

/// Decides the `sampled` properties of a variant from its sampled records; call
/// after the multiple-comparison correction.
void judge_sampled_properties(VariantResult& result);

}  // namespace attnverify
