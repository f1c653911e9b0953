// Options of one run, shared by the pipeline and the checks.
#pragma once

#include <optional>
#include <string>

namespace attnverify {

inline constexpr unsigned long kDefaultSeed = 20231201;

struct RunOptions {
  unsigned digits = 50;                        ///< working precision P (30, 50 or 100)
  std::optional<unsigned long> seed_override;  ///< --seed: replaces every spec's sampling seed
  unsigned threads = 0;                        ///< sampling threads; 0 = all cores
  double family_alpha = 0.01;                  ///< Holm family-wise error rate for sampled checks
  std::string command;                         ///< the command line, recorded in every output

  /// The seed a spec's sampling uses: --seed, else the spec's, else kDefaultSeed.
  unsigned long seed_for(const std::optional<unsigned long>& spec_seed) const {
    return seed_override ? *seed_override : spec_seed.value_or(kDefaultSeed);
  }
};

}  // namespace attnverify
