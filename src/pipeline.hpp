// The run: load specs, check every variant, collect the results for the writers.
#pragma once

#include <string>
#include <vector>

#include "src/bibliography.hpp"
#include "src/run_options.hpp"
#include "src/variant_checks.hpp"
#include "src/variant_result.hpp"

namespace attnverify {

struct RunResult {
  RunOptions options;
  Bibliography bibliography;
  std::vector<VariantResult> variants;

  /// Number of records whose verdict differs from the expected one.
  std::size_t unexpected_count() const;
};

/// Checks every spec in order.
RunResult run_suite(const std::vector<Spec>& specs, const Bibliography& bibliography, const RunOptions& options,
                    const Progress& progress);

/// Spec files named by `paths`: files as given, directories expanded to their
/// *.toml files (sorted, bibliography.toml excluded). Throws SpecError for a path
/// that does not exist.
std::vector<std::string> collect_spec_files(const std::vector<std::string>& paths);

/// The bibliography for the given spec files: `explicit_path` if non-empty, else
/// bibliography.toml beside the first spec file, else "" (none: specs without
/// claims need no bibliography; a source then fails as unknown).
std::string find_bibliography(const std::vector<std::string>& spec_files, const std::string& explicit_path);

/// Library versions recorded in reports: attnverify, GiNaC, CLN, Boost, MPFR.
std::vector<std::pair<std::string, std::string>> library_versions();

}  // namespace attnverify
