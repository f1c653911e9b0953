// What a run produces, for the writers (src/report/): the options, the bibliography and
// every variant's result. Its own header so that the writers do not see the checks.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "src/spec/bibliography.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

struct RunResult {
  RunOptions options;
  Bibliography bibliography;
  std::vector<VariantResult> variants;
  double seconds = 0;  ///< wall time of the run (0 when not measured, e.g. a merge of shards)
  /// A merge of shards: what each shard ran with (the report's reproducibility block says it),
  /// in shard order; empty for an unsharded run.
  struct ShardRun {
    unsigned index = 0;
    unsigned threads = 0;  ///< --threads (0: all cores)
    unsigned cores = 0;    ///< the cores of its machine (0: unknown)
    double seconds = 0;    ///< its wall time (the checks)
  };
  std::vector<ShardRun> shard_runs;
  /// A shard's blocks of dealt grids of variants it does not run (src/verdicts/grid_blocks.hpp,
  /// src/run/shard.hpp): the records of one block each, for the merge; empty otherwise.
  struct GridPart {
    std::string variant;
    std::string spec_file;  ///< the variant's spec (its digest goes into shard.json)
    std::size_t block = 0;
    std::vector<CheckRecord> records;  ///< the grid check at the block's points, in grid order
    VariantResult::Timing timing;      ///< what the block cost in its shard
  };
  std::vector<GridPart> grid_parts;

  /// Number of records whose verdict differs from the expected one.
  std::size_t unexpected_count() const;
};

/// Library versions recorded in reports: attnverify, GiNaC, Boost, MPFR, Arb, FLINT, Eigen,
/// fmt, nlohmann-json (compile-time versions of the headers this build used).
std::vector<std::pair<std::string, std::string>> library_versions();

}  // namespace attnverify
