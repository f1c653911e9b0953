// The direct route of feature-map and measure variants (docs/design.md §1, "closed form vs
// numeric"): S = E|a| / sqrt(E a^2) from moments computed exactly from the spec's
// explicit cases or vectors, without the invariants the closed form uses. The
// moments are exact rationals, so the only error is the final evaluation, done to
// P + 10 digits: the error estimate is P + 10 digits.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "src/verdicts/claim_check.hpp"
#include "src/verdicts/route_comparison.hpp"

namespace attnverify {

/// mean_abs / sqrt(mean_square), both exact and mean_square > 0.
NumericOutcome direct_S(const GiNaC::numeric& mean_abs, const GiNaC::numeric& mean_square, unsigned digits);

/// The same as a ball that contains it (Arb, aiming at P + 5 digits); nullopt where it cannot be
/// enclosed.
std::optional<num::Ball> direct_S_ball(const GiNaC::numeric& mean_abs, const GiNaC::numeric& mean_square,
                                       unsigned digits);

/// The direct route at the case or vector with this index.
using DirectRoute = std::function<NumericOutcome(std::size_t index)>;
/// A ball that contains the direct route's S at the case or vector with this index, or nullopt.
using DirectBall = std::function<std::optional<num::Ball>(std::size_t index)>;

/// Appends one "closed-vs-direct" record per point of `domain`: `closed` with the
/// point's substitution against `direct(point.index)`; with `ball`, the verdict is certified
/// where the closed form's ball and the direct ball decide (route_comparison.hpp's rule), and
/// otherwise says why it is estimated.
void check_closed_vs_direct(const Spec& spec, const ClaimDomain& domain, const GiNaC::ex& closed,
                            const DirectRoute& direct, const std::string& method, unsigned digits,
                            std::vector<CheckRecord>& records, const DirectBall& ball = {});

/// The direct route as a claim witness.
PointWitness direct_witness(const DirectRoute& direct);

}  // namespace attnverify
