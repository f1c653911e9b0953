// Property checks (src/spec/property_spec.hpp) judged on a variant's derived S.
// One CheckRecord per property (check = CheckKind::Property, claim = its id), whose verdict
// combines its checks (src/properties/property_outcome.hpp): agree when every check agrees,
// disagree when one disagrees (that check's counterexample is recorded), inconclusive
// otherwise. Each check is decided by its property kind (src/spec/property_kind.hpp), one file
// per kind under src/properties/kinds/, registered in src/properties/registry.cpp; each file's
// header says how its kind is decided, with and without a closed form of S.
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "proofs/limits.hpp"
#include "src/properties/property_outcome.hpp"
#include "src/spec/kind.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

struct PropertyTarget {
  GiNaC::ex S;  ///< in spec.property_parameters(); ex(0) when properties get no closed form
  /// S on a face of the domain where S's general form does not hold: `parameter` = `value`, with S
  /// there `S` in the other parameters (sequences: lambda = 1, where the general form is 0/0 and
  /// S_n has a form of its own, proofs/sequence_derivation.hpp). Unset: S holds on the whole domain.
  struct FaceForm {
    std::string parameter;
    GiNaC::numeric value;
    GiNaC::ex S;
  };
  std::optional<FaceForm> face_form;
  /// S's large-`parameter` behaviour derived by the kind, off the face: S ~ coefficient
  /// parameter^power, with limit `limit` (sequences: n -> infinity for 0 < lambda < 1).
  struct Asymptote {
    std::string parameter;
    GiNaC::ex coefficient, power, limit;
  };
  std::optional<Asymptote> asymptote;
  /// S's limit as `parameter` -> infinity where S has no closed form, from a theorem whose
  /// hypotheses the kind has checked (sequences with power weights c i^q: the growth of power
  /// sums, proofs/power_sums.hpp). `theorem` names it and the case that applies.
  struct LimitFromTheorem {
    std::string parameter;
    GiNaC::ex limit;
    std::string theorem;
  };
  std::optional<LimitFromTheorem> limit_from_theorem;
  /// S depends on `exponent` through powers base^(k exponent) and explicitly (sequences: lambda^n,
  /// n): properties may rewrite base^(k exponent) = e^(-k u) with u = exponent |log base| for a base
  /// in (0, 1), a monotonicity in the exponent becoming one in u (S's derivative in the exponent has
  /// the sign of its derivative in u).
  struct PowerAtom {
    std::string base, exponent;
  };
  std::optional<PowerAtom> power_atom;
  /// Whether S of the first two parameters (kernels: beta, gamma > 0) may depend on their ratio
  /// alone: properties then try the reduction of src/properties/ratio_reduction.hpp, which proves
  /// it or declines.
  bool ratio_of_first_two = false;
  /// Where the variant's weights are a_j = f(q.k_j) with iid Gaussian keys k_j ~ N(mu, sigma^2 I_d)
  /// (kernels under the normal law): the hypotheses of the scalar reduction (Su2023 eq. 4: S of the
  /// weights tends to S(beta, gamma) as n -> infinity, src/properties/kinds/scalar_reduction.cpp)
  /// as certified for f. Unset: the variant has no such weights.
  struct GaussianKeys {
    std::string f;          ///< f(x) as written
    std::string growth;     ///< a certified |f(x)| <= M (1+|x|)^p e^{c|x|}, as text; empty when none
    std::string nonzero;    ///< an interval of x on which f != 0 is certified, as text; empty when none
    std::string not_shown;  ///< why a hypothesis is not certified, when `growth` or `nonzero` is empty
  };
  std::optional<GaussianKeys> gaussian_keys;
  std::string no_closed_form_reason;  ///< why S is ex(0): the record says it
  /// Where S is ex(0) because its closed form holds on part of the domain only (kernels under a
  /// law where S exists on a region, KernelRoute::existence_region): that form and the region.
  /// check_property hands `S` to a check whose kind's box (PropertyKind::box) is certified inside
  /// the region (each of `positive` > 0 at every point of the box, by Arb branch-and-bound), with
  /// `S_on_box_only` set; every other check gets the target as it is.
  /// A limit (a path, not a box) uses S along a path whose tail is shown inside the region
  /// (path_tail_in_region below).
  struct RegionalForm {
    GiNaC::ex S;                         ///< in spec.property_parameters(), equal to S on the region
    std::vector<GiNaC::ex> positive;     ///< the region: every one > 0 (open); polynomials in the parameters
    std::string region;                  ///< its text, e.g. "gamma < sqrt(2)/2"
  };
  std::optional<RegionalForm> regional_form;
  /// S equals the variant's S on the check's box and is not known to elsewhere: the kind states
  /// nothing beyond the box (no reduction to beta/gamma over a half-line, no "wherever defined").
  bool S_on_box_only = false;
  /// Where S is ex(0): a certified ball of S at an exact point of the properties' parameters from
  /// the variant's numeric route, or why none (kernels: the defining integrals by Arb, as at a grid
  /// point); infimum and supremum bounds, monotonicity and convexity are then decided on a lattice
  /// over their box (src/properties/lattice_checks.hpp). Empty: no numeric route for properties.
  std::function<CertifiedValue(const GridPoint&)> certified_value = {};
};

/// Checks decided on the certified balls of S at points (even, bound) stop, undecided, at this
/// many points without a ball: a route that cannot serve at a few points rarely serves at the
/// rest, and each failure may take seconds (an f whose sign is not proved: 2.8 s a point).
constexpr std::size_t kMaxPointsWithoutBall = 3;

/// Whether the path p -> 0+, p -> infinity or p -> -infinity (`to`), the other parameters fixed by
/// `fixed` (p's the only symbol left), lies inside `form`'s region from some point on: each
/// condition, a polynomial in p, has its lowest coefficient not 0 (towards 0), or its leading
/// coefficient (towards infinity; times (-1)^degree towards -infinity), > 0 by a ball (exact_values.hpp, positive_by_a_ball; "not 0"
/// by the symbolic zero test). False when not shown (a condition that is not a polynomial in p,
/// a coefficient neither shown 0 nor positive). Never throws.
bool path_tail_in_region(const PropertyTarget::RegionalForm& form, const GiNaC::lst& fixed, const GiNaC::symbol& p,
                         sym::LimitPoint to);

/// The outcome of a check of S where the target has no closed form (PropertyTarget::S is ex(0))
/// and the kind has no route without one: not decided, with the target's reason.
PropertyOutcome without_closed_form(const PropertyTarget& target);

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
