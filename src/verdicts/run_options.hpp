// Options of one run, shared by the pipeline and the checks.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace attnverify::num {
class ScoreCache;
}

namespace attnverify {

inline constexpr unsigned long kDefaultSeed = 20231201;

struct RunOptions {
  unsigned digits = 50;                        ///< working precision P (30, 50 or 100)
  std::optional<unsigned long> seed_override;  ///< --seed: replaces every spec's sampling seed
  unsigned threads = 0;                        ///< sampling threads; 0 = all cores
  double family_alpha = 0.01;                  ///< Holm family-wise error rate for sampled checks
  std::string command;                         ///< the command line, recorded in every output
  /// Test-only negative control (hidden option --plant-error EPS): a decimal relative error
  /// e, e.g. "1e-44", planted in every kernel closed form where the grid check (closed form
  /// vs quadrature) and the sampled check use it, i.e. S is replaced by S (1 + e). Empty:
  /// nothing planted. tests/planted_error_test.sh shows that the thresholds the report
  /// states under "what the checks detect" are met.
  std::string planted_error;
  /// A shard's share of a dealt grid (src/verdicts/grid_blocks.hpp): whether this run checks
  /// the grid block with the given index of the variant being checked. Empty: every block
  /// (an unsharded run). Set per variant by run_shard_checks (src/run/shard.hpp); not an
  /// option a run records.
  std::function<bool(std::size_t block)> checks_grid_block;
  /// Scores already drawn in this run (numerics/attention_sampler.hpp, ScoreCache): checks that
  /// sample the same keys draw them once. Null: nothing kept. Changes CPU time only, never a value.
  std::shared_ptr<num::ScoreCache> score_cache;

  /// The seed a spec's sampling uses: --seed, else the spec's, else kDefaultSeed.
  unsigned long seed_for(const std::optional<unsigned long>& spec_seed) const {
    return seed_override ? *seed_override : spec_seed.value_or(kDefaultSeed);
  }
};

}  // namespace attnverify
