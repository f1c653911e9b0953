// results.json (docs/design.md §4a): run metadata, one entry per variant with its closed
// forms, one record per check. Numbers that carry precision are decimal strings
// with all working digits; keys keep a fixed order so that two runs with the same
// spec, seed and precision give identical files.
#pragma once

#include <string>

#include "src/run/run_result.hpp"

namespace attnverify {

/// The JSON text for a run.
std::string results_json(const RunResult& run);

/// Writes `text` to `path` through a temporary file and a rename, so an interrupted
/// run leaves the previous file intact. Throws std::runtime_error on I/O failure.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace attnverify
