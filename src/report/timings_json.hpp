// timings.json: what each variant's checks cost, beside results.json (which stays the same at any
// thread count and in any number of shards, so holds no time). Layout:
//   {"threads": --threads of the run (0: all cores; a merge: see "shards"),
//    "cores": the machine's cores,
//    "wall_seconds": the run's wall time (a merge: 0, the shards' own are under "shards"),
//    "shards": [{"index", "threads", "cores", "wall_seconds"}]   (a merge of shards only),
//    "variants": [{"name", "kind", "wall_seconds", "cpu_seconds", "shard"}]   (in the run's order;
//                 "shard" only in a merge; a variant of a shard written before timings were
//                 recorded has no entry),
//    "total": {"wall_seconds", "cpu_seconds"}}   (the sums over "variants")
// Seconds are rounded to 0.01. CPU seconds are the process's over all its threads while the
// variant ran (VariantResult::Timing).
#pragma once

#include <string>

#include "src/run/run_result.hpp"

namespace attnverify {

/// timings.json for `run` (the layout above).
std::string timings_json(const RunResult& run);

/// One line for the terminal: the total wall and CPU seconds of the variants and the three that
/// took the most CPU time, e.g. "time: 37.2 s wall, 55.9 s CPU; most CPU: fact-a 10.8 s, ...
/// (timings.json)"; "" when no variant has a timing.
std::string timings_line(const RunResult& run);

}  // namespace attnverify
