// Property checks over a box without a closed form (issue 43, R2): S enclosed in certified balls
// by the variant's numeric route (kernels: Arb's acb_calc_integrate of the defining integrals,
// as at a grid point) at the points of a lattice over the box, 9 per axis (log-spaced on an
// axis with 0 < lo and hi/lo >= 100, else evenly; exact ends; inner points rounded to 6
// significant digits), so 81 points on a 2-parameter box.
//
//   S > t (infimum greater_than), S < t (supremum less_than): a lattice point whose ball lies
//     wholly on the wrong side is a certified counterexample (disagree); the relation holding
//     at every point, each ball wholly on its side, is numeric evidence at those points (agree);
//     otherwise (a point without a ball, or one the ball does not decide) inconclusive.
//   increasing / decreasing in p: along each lattice line in p, two neighbouring points whose
//     balls are disjoint and in the wrong order are a certified counterexample; every
//     neighbouring pair disjoint and in order is numeric evidence (agree); otherwise
//     inconclusive (equal values leave the direction undecided, as for a closed form).
// Nothing is proved between lattice points: an agree names its points.
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "src/properties/property_checks.hpp"
#include "src/properties/property_outcome.hpp"
#include "src/spec/spec.hpp"
#include "src/verdicts/check_record.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/verdicts/evidence.hpp"
#include "src/verdicts/verdict.hpp"

namespace attnverify {

/// The relation a lattice check tests.
enum class LatticeRelation { GreaterThan, LessThan, Increasing, Decreasing };

/// The lattice's values of one axis over [lo, hi] (lo <= hi; one value when lo == hi): 9 exact
/// numbers, the ends exact, log-spaced when 0 < lo and hi >= 100 lo. An `integer` axis (a
/// sequence's n) takes those values rounded to the integers of [lo, hi], without repeats (empty
/// when there is none).
std::vector<GiNaC::numeric> lattice_axis(const GiNaC::numeric& lo, const GiNaC::numeric& hi, bool integer = false);

/// Decides `relation` over the box (names[k] in ranges[k], in the order of the certified
/// route's points) from `S`'s balls at the lattice's points. `threshold`: t of S > t or S < t;
/// `axis`: the index of p for a monotonicity; `integer_axes`: which axes take integers only
/// (empty: none). `digits`: the working precision (values shown).
PropertyOutcome decide_on_lattice(const std::vector<std::string>& names,
                                 const std::vector<std::pair<GiNaC::numeric, GiNaC::numeric>>& ranges,
                                 LatticeRelation relation, const GiNaC::numeric& threshold, std::size_t axis,
                                 const std::function<CertifiedValue(const GridPoint&)>& S, unsigned digits,
                                 const std::vector<bool>& integer_axes = {});

/// A property check without a closed form decided on the lattice over its box `over` (a range
/// of every parameter, inside the variant's property domain, else not decided, said why):
/// `threshold` for S > t or S < t, `parameter` the p of a monotonicity. Integer parameters (n)
/// take integers only. nullopt when the target has no certified route (PropertyTarget::
/// certified_value) or `parameter` is not one of the variant's.
std::optional<PropertyOutcome> check_on_lattice(const Spec& spec, const ParameterRanges& over,
                                                LatticeRelation relation, const GiNaC::numeric& threshold,
                                                const std::string& parameter, const PropertyTarget& target,
                                                const RunOptions& options);

}  // namespace attnverify
