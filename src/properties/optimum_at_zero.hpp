// The optimum of S at beta = 0 over the domain's side(s) (issue 44, exact extrema), for the
// infimum and supremum kinds and for bounds by a constant.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "numerics/box_branch_and_bound.hpp"
#include "src/verdicts/evidence.hpp"

namespace attnverify {

// The optimum at beta = 0 beyond the box (issue 44, exact extrema): where S(beta, gamma) = S_t(t),
// t = beta/gamma (src/properties/ratio_reduction.hpp), S_t is defined and continuous on the side(s)
// of t = 0 that the box's beta reaches (0 included),
// and on each side of t = 0 that the box's beta reaches S_t > 0 moves away from S_t(0) monotonically
// (d(log S_t)/dt of a strict sign at every t > 0, and of S_t(-t) likewise, proofs/half_line_sign.hpp),
// the infimum (supremum) of S over that side of the domain is S_t(0), attained at beta = 0.
struct OptimumAtZero {
  GiNaC::ex value;      ///< S_t(0), exact
  EvidenceLevel level;  ///< whole domain (beta of both signs) or a stated subdomain (one sign)
  std::string region;   ///< "beta in R, gamma > 0", "beta >= 0, gamma > 0", ...
  std::string how;
};

/// The optimum at beta = 0 of S (in `symbols` = beta, gamma) over the side(s) of beta = 0 that
/// `box` (exact, gamma's lower end > 0) reaches, as above; `maximise` for the supremum. nullopt
/// when any step is not proved. Never throws.
std::optional<OptimumAtZero> optimum_at_zero_ratio(const GiNaC::ex& S, const std::vector<GiNaC::ex>& symbols,
                                                   const std::vector<num::BoxAxis>& box, bool maximise);

}  // namespace attnverify
