// Sharded runs: `attnverify run --shard i/N` checks a deterministic subset of the
// variants, so a batch scheduler (a Slurm job array, GNU parallel) can run the N
// shards anywhere; `attnverify merge` combines the shards into one results.json and
// report, identical to an unsharded run apart from the recorded command line.
//
// Assignment: the variants in the run's order (spec files sorted as for an unsharded
// run), variant k (0-based) to shard (k mod N) + 1. A variant is the unit because its
// checks share one derivation, with one exception: a grid of more than kGridBlockPoints
// points of a kind that deals its grid (Kind::grid_dealing: kernels, whose quadrature is
// costly per point) is cut into blocks (src/verdicts/grid_blocks.hpp), and block b of
// variant k is checked by shard ((k + b) mod N) + 1; each shard derives the variant's S
// again for its blocks, and the merge puts the blocks' records back in grid order. Each variant's results depend only on its spec and
// the run options (per-spec seeds, no state shared between variants), which is what
// makes the merge exact; tests/shard_test.sh compares a merged N = 3 run with an
// unsharded one.
//
// A shard writes shard.json: the run options, the bibliography, every variant's
// spec file and the full results of its checks (records, figures, tables, notes),
// with the derived closed forms as GiNaC archives (exact, not reparsed from text).
// The merge reloads the spec files named there, so it runs in the same checkout.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "src/run/pipeline.hpp"

namespace attnverify {

struct Shard {
  unsigned index = 1;  ///< 1-based
  unsigned count = 1;
};

/// A shard-related input error (bad --shard text, missing or inconsistent shards).
class ShardError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parses "i/N" with 1 <= i <= N <= 10000; throws ShardError naming what is wrong.
Shard parse_shard(const std::string& text);

/// The specs of `shard` among `all` (in the run's order).
std::vector<Spec> select_shard(const std::vector<Spec>& all, const Shard& shard);

/// The checks of one shard: its variants (select_shard), each with only this shard's blocks
/// of a dealt grid, and this shard's blocks of the dealt grids of the other variants
/// (RunResult::grid_parts). Not judged (sampled checks are judged by the merge).
RunResult run_shard_checks(const std::vector<Spec>& all, const Shard& shard, const Bibliography& bibliography,
                           const RunOptions& options, const Progress& progress);

/// shard.json for a shard's result; `all_names` and `all_files` are every variant of the
/// whole run and its spec file, in the run's order. The file carries a SHA-1 digest of
/// its content (a checksum against edits and damage, not a signature).
std::string shard_json(const RunResult& result, const Shard& shard, const std::vector<std::string>& all_names,
                       const std::vector<std::string>& all_files);

/// The unsharded run rebuilt from the shard.json files in `directories` (any order).
/// Each shard is verified before it is used: size (512 MB) and JSON nesting (64) bounded,
/// its digest, the count (1..10000) and index, its variants exactly those the run assigns
/// to it, every spec file unchanged (its digest) and defining the variant named, the
/// options a run can have (digits 30, 50 or 100), no control characters in any string,
/// labels of derived forms within the whitelist of published formulas (src/spec/spec_text.hpp); what each record
/// expects is taken from the reloaded spec, never from the shard. Throws ShardError naming the file and the reason (the
/// shards come from different runs, a shard is missing or given twice, a value is malformed or tampered with), and
/// SpecError if a spec file named in a shard no longer loads.
RunResult merge_shards(const std::vector<std::string>& directories, const std::string& command);

}  // namespace attnverify
