// Randomised numeric checks of the attention identities of Perm-bias (docs/claims.md C,
// Perm-1 to Perm-6) with Eigen, in double and in MPFR at the working precision.
//
// Each trial draws sizes (d up to 128 features, n up to 512 tokens), weights, biases
// and tokens from a seeded generator (entries uniform in [-1, 1) scaled by 1/sqrt(fan-in),
// drawn as exact doubles so both precisions see the same numbers), then measures
//   residual: the largest entry of |lhs - rhs| of the identity, divided by
//             eps * max(1, max |rhs|)  (units of the working epsilon, relative to the
//             output's scale; eps = 2^-52 in double, 2^(1-bits) in MPFR);
//   effect:   for the parts of a claim that say something *changes* the output, the
//             smallest such change over the trials, in the same units.
// The a-priori rounding bound used as tolerance is 16 (d + n) eps: the gamma_k bound
// k eps / (1 - k eps) of a length-k dot product (Higham, Accuracy and Stability of
// Numerical Algorithms, 2002, eq. 3.4) for the two contractions K^T Q and V A, with a
// factor 8 for the softmax's exp and division and the norms' sqrt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "proofs/attention_identities.hpp"

namespace attnverify::num {

using sym::AttentionIdentity;
using sym::IdentitySetting;

struct IdentityTrials {
  unsigned trials = 0;
  unsigned digits = 0;       ///< working precision; 0 for double
  double residual_eps = 0;   ///< largest residual over the trials, units of eps
  double tolerance_eps = 0;  ///< 16 (d + n) at the trial with the largest residual
  /// smallest effect over the trials (units of eps), for identities with a "changes"
  /// part (Perm-4, Perm-6); empty for the others
  std::optional<double> effect_eps;
  double worst_residual_relative = 0;  ///< the largest residual as a relative number (eps * residual_eps)
  unsigned largest_d = 0, largest_n = 0;
  std::string worst_trial;  ///< "d = .., n = .., m = .., trial k"
};

/// Runs `trials` random trials of `identity` in double (digits = 0) or MPFR at `digits`
/// decimal digits. In double, trial 0 uses the largest sizes (d = 128, n = 512, m = 16);
/// in MPFR trial 0 has d = 128 and trial 1 n = 512 (n = 64 for the layer), with
/// d^2 n <= 2^19 and m <= 2 to bound the cost. Trials run in parallel (OpenMP); the
/// result is deterministic for a given seed and independent of the thread count.
IdentityTrials run_identity_trials(AttentionIdentity identity, const IdentitySetting& setting, unsigned trials,
                                   std::uint64_t seed, unsigned digits);

}  // namespace attnverify::num
