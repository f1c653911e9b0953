// The fixed, documented point sets at which a claim is compared numerically with
// the derivation when symbolic equivalence is not shown (LaCASt style: small
// rationals of both signs, avoiding special values only where the domain demands).
//
//   kernel   beta  in {-2, -1, -1/2, 0, 1/2, 1, 2}
//            gamma in {1/4, 1/2, 1, 2, 3}                         35 points
//   sequence lambda in {1/10, 1/2, 9/10, 99/100}
//            n      in {1, 2, 3, 10, 100}                         20 points
//            (lambda = 1 is excluded: published forms are 0/0 there; the
//             derivation's lambda = 1 case is checked on the grid instead)
// The reference point for the sign argument of proofs/equivalence.hpp is
// (beta, gamma) = (1/2, 1).
// Documented for users in docs/spec-format.md ("How claims are judged").
#pragma once

#include <vector>

#include "src/spec.hpp"

namespace attnverify {

std::vector<GridPoint> claim_points(VariantKind kind);

/// The reference point for a kernel claim's sign: (beta, gamma) = (1/2, 1).
GridPoint kernel_reference_point();

}  // namespace attnverify
