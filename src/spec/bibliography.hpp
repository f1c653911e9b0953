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

}  // namespace attnverify
