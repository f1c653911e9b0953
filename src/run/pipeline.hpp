// The run: load specs, check every variant, collect the results for the writers.
#pragma once

#include <chrono>

#include <string>
#include <vector>

#include "src/run/run_result.hpp"
#include "src/spec/bibliography.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/spec/kind.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

/// Checks every spec in order: run_checks, then judge_run.
RunResult run_suite(const std::vector<Spec>& specs, const Bibliography& bibliography, const RunOptions& options,
                    const Progress& progress);

/// Every check of every spec, in order, before the run-wide step of judge_run (the
/// sampled checks' verdicts are still the per-check ones).
RunResult run_checks(const std::vector<Spec>& specs, const Bibliography& bibliography, const RunOptions& options,
                     const Progress& progress);

/// The judging step after the checks: per variant, Holm's procedure with confirmation over its
/// sampled checks (src/verdicts/multiple_comparisons.hpp; their order breaks ties), then the
/// properties decided from sampled checks. Run once (a merge of shards runs it after merging).
void judge_run(RunResult& result);

/// Spec files named by `paths`: files as given, directories expanded to their
/// *.toml files (sorted, bibliography.toml excluded). Throws SpecError for a path
/// that does not exist.
std::vector<std::string> collect_spec_files(const std::vector<std::string>& paths);

/// The bibliography for the given spec files: `explicit_path` if non-empty, else
/// bibliography.toml beside the first spec file, else "" (none: specs without
/// claims need no bibliography; a source then fails as unknown).
std::string find_bibliography(const std::vector<std::string>& spec_files, const std::string& explicit_path);

/// Every check of one variant: its kind's (Kind::check), with its wall and CPU seconds.
VariantResult check_variant(const Spec& spec, const RunOptions& options, const Progress& progress);

/// The wall and CPU seconds since its construction (CPU: this process, over all its threads,
/// CLOCK_PROCESS_CPUTIME_ID): what a variant, or a shard's grid block, cost (timings.json).
class CostClock {
 public:
  CostClock();
  /// The seconds so far, for the given shard (0: an unsharded run).
  VariantResult::Timing elapsed(unsigned shard = 0) const;

 private:
  std::chrono::steady_clock::time_point wall_start_;
  double cpu_start_;
};

}  // namespace attnverify
