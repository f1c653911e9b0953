// Scale invariance of a kernel's S: S(beta, gamma) = S_t(beta / gamma) for gamma > 0,
// proved symbolically, turns a property over a (beta, gamma) box into one over an interval
// of t = beta / gamma (docs/proofs.md, "Properties on a box").
//
// For a positively homogeneous kernel, f(c x) = c^p f(x) for c > 0 (x, relu(x)^2, |x|,
// leaky relu, ...), E|f(beta + gamma eps)| = gamma^p E|f(t + eps)| and
// E f(beta + gamma eps)^2 = gamma^(2p) E f(t + eps)^2, so S depends on t alone. The
// reduction does not assume this: it substitutes beta = t gamma into the derived S, takes
// gamma^m out of every radicand whose terms all carry it (gamma > 0), and accepts only when
// the zero test (proofs/equivalence.hpp) proves the result equal to S(t, 1).
//
// Branch-and-bound in one variable then replaces two: the ball of a derivative of S over
// a sub-box no longer mixes the dependency of beta and gamma, which made relu^2's
// dS/dbeta near beta/gamma = -2 need sub-boxes of width 10^-5 in two dimensions (billions)
// against 10^-3 in one (700 sub-boxes).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <vector>

#include "numerics/box_branch_and_bound.hpp"

namespace attnverify {

struct RatioReduction {
  GiNaC::ex t;              ///< the ratio's symbol (real)
  GiNaC::ex S_t;            ///< S(t, 1), with S(beta, gamma) = S_t(beta / gamma) for gamma > 0
  num::BoxAxis range;       ///< t over the box: [min, max] of beta/gamma at its corners
};

/// The reduction of S over the box beta in box[0], gamma in box[1] (exact rationals,
/// gamma's lower end > 0), or nothing when S is not proved to depend on beta/gamma alone.
/// Never throws.
std::optional<RatioReduction> reduce_to_ratio(const GiNaC::ex& S, const GiNaC::ex& beta, const GiNaC::ex& gamma,
                                              const std::vector<num::BoxAxis>& box);

/// An exact point (beta, gamma) of the box with beta / gamma = t, for t in the reduction's
/// range (the image of the box under beta/gamma is that interval, so one exists): gamma is
/// the midpoint of the gamma-interval that keeps t gamma inside beta's range. Throws
/// std::invalid_argument for t outside the range.
std::vector<GiNaC::numeric> point_with_ratio(const GiNaC::numeric& t, const std::vector<num::BoxAxis>& box);

}  // namespace attnverify
