// The batch bootstrap of the sparsity estimate S_n = mean|a| / sqrt(mean a^2)
// (Efron & Tibshirani, An Introduction to the Bootstrap, 1993, ch. 6 and 13; Künsch 1989
// for resampling blocks): the sample's batches of keys (numerics/attention_sampler.hpp,
// BatchSums) are drawn with replacement, as many as there are, and S* is recomputed from
// the resampled sums, B times. Batches of i.i.d. keys are i.i.d., so this is a bootstrap of
// the i.i.d. sample at the resolution of a batch. It is a second, model-free estimate of
// the standard error beside the delta method; like the plug-in SE it sees only the sample,
// so it cannot see tails the sample missed (the population SE of
// numerics/sparsity_estimate.hpp can).
//
// Cost: B x (number of units); more than kMaxBootstrapUnits batches are first merged,
// consecutive ones together, into at most that many units (still i.i.d. but for the
// last, which may be smaller). Randomness: boost::random::mt19937_64 from `seed`, so the
// result is reproducible on any platform.
#pragma once

#include <cstdint>
#include <vector>

#include "numerics/attention_sampler.hpp"

namespace attnverify::num {

inline constexpr std::size_t kMaxBootstrapUnits = 20000;
/// B for the sampled checks: enough for a standard error (Efron & Tibshirani, §6.4: 50-200).
inline constexpr std::size_t kBootstrapReplicates = 500;

struct BootstrapResult {
  bool ok = false;                  ///< false with fewer than 2 units or a zero sum of squares
  double standard_error = 0;        ///< the standard deviation of the B replicates S*
  double lower = 0, upper = 0;      ///< the 2.5% and 97.5% percentiles of S* (percentile interval)
  std::size_t units = 0;            ///< resampling units after merging
  std::size_t replicates = 0;       ///< B
};

/// B = `replicates` bootstrap replicates of S_n from `batches`.
BootstrapResult bootstrap_sparsity(const std::vector<BatchSums>& batches, std::size_t replicates, std::uint64_t seed);

}  // namespace attnverify::num
