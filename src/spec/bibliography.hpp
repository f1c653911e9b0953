// The bibliography: keys used by specs (claim and variant sources) and reports.
// File format (TOML), one table per key:
//   [Su2023]
//   author = "Su Jianlin"
//   title  = "..."
//   year   = 2023
//   url    = "https://kexue.fm/archives/9889"
//   note   = "Equation numbers count its displayed equations in order."
#pragma once

#include <map>
#include <string>

namespace attnverify {

struct Reference {
  std::string key, author, title, url, note;
  long year = 0;
};

using Bibliography = std::map<std::string, Reference>;

/// Loads a bibliography file; throws SpecError on any malformed or unknown field.
Bibliography load_bibliography(const std::string& path);

/// The key of an entry that makes every source key known (not a key a bibliography file can
/// hold: keys are identifiers). `attnverify derive` reads specs with it, as it cites nothing.
inline constexpr const char* kAnySource = "*";

/// Whether `key` is a source the specs may cite: a key of `bibliography`, or any key where
/// `bibliography` holds kAnySource.
inline bool knows_source(const Bibliography& bibliography, const std::string& key) {
  return bibliography.count(key) > 0 || bibliography.count(kAnySource) > 0;
}

}  // namespace attnverify
