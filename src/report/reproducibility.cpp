#include "src/report/reproducibility.hpp"

#include <fmt/format.h>
#include <sys/utsname.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "numerics/sparsity_estimate.hpp"
#include "src/report/latex_escape.hpp"
#include "src/spec/file_digest.hpp"
#include "src/version.hpp"

namespace attnverify {

namespace {

// UTC time of the report: SOURCE_DATE_EPOCH (reproducible-builds.org) when it holds a
// number, else now.
std::string report_date() {
  std::time_t t = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    char* end = nullptr;
    const long long value = std::strtoll(epoch, &end, 10);
    if (end != epoch && *end == '\0' && value >= 0) t = static_cast<std::time_t>(value);
  }
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &utc);
  return text;
}

// PRETTY_NAME of /etc/os-release and the kernel release, e.g. "Debian GNU/Linux 12
// (bookworm), Linux 6.1.0".
std::string operating_system() {
  std::string name = "unknown";
  std::ifstream release("/etc/os-release");
  for (std::string line; std::getline(release, line);)
    if (line.rfind("PRETTY_NAME=", 0) == 0) {
      name = line.substr(12);
      if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
    }
  utsname u{};
  if (uname(&u) == 0) name += std::string(", ") + u.sysname + " " + u.release + " " + u.machine;
  return name;
}

std::string compiler() {
#if defined(__clang__)
  return std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("GCC ") + __VERSION__;
#else
  return "unknown";
#endif
}

}  // namespace

std::string reproducibility_latex(const RunResult& run) {
  std::ostringstream out;
  out << "\\section*{Reproducibility}\\addcontentsline{toc}{section}{Reproducibility}\n"
      << "{\\small\\begin{longtable}{@{}p{0.22\\linewidth}p{0.74\\linewidth}@{}}\\toprule\n";
  const auto row = [&](const std::string& key, const std::string& latex_value) {
    out << key << " & \\raggedright\\arraybackslash " << latex_value << "\\\\\n";
  };
  // a date set by SOURCE_DATE_EPOCH (a test's fixed date, or a reproducible build's) says so
  row("date", latex_escape(report_date()) + (std::getenv("SOURCE_DATE_EPOCH")
                                                  ? " (set by SOURCE\\_DATE\\_EPOCH, not the time of the run)"
                                                  : ""));
  row("source commit", "\\texttt{" + latex_escape(kSourceCommit) + "} (when the build was configured)");
  row("operating system", latex_escape(operating_system()));
  row("compiler", latex_escape(compiler()));
  std::string libraries;
  for (const auto& [name, version] : library_versions())
    libraries += (libraries.empty() ? "" : ", ") + latex_escape(name) + " " + latex_escape(version);
  row("libraries", libraries);
  row("working precision", fmt::format("{} decimal digits (MPFR); a grid point agrees at {:.0f} digits",
                                       run.options.digits, required_digits(run.options.digits)));
  const auto threads_text = [](unsigned threads, unsigned cores) {
    return threads ? std::to_string(threads) : fmt::format("all cores ({})", cores ? std::to_string(cores) : "unknown");
  };
  if (run.shard_runs.empty()) {
    row("threads", threads_text(run.options.threads, std::thread::hardware_concurrency()));
  } else {  // a merge: what each shard ran with
    std::string threads;
    for (const auto& s : run.shard_runs)
      threads += (threads.empty() ? "" : ", ") + fmt::format("shard {}: {}", s.index, threads_text(s.threads, s.cores));
    row("threads", threads + fmt::format(" ({} shards merged)", run.shard_runs.size()));
  }
  std::set<unsigned long> seeds;
  for (const auto& v : run.variants)
    for (const auto& r : v.records)
      if (r.seed) seeds.insert(*r.seed);
  std::string seed_text;
  for (const unsigned long s : seeds) seed_text += (seed_text.empty() ? "" : ", ") + std::to_string(s);
  row("seeds", run.options.seed_override ? std::to_string(*run.options.seed_override) + " (--seed, for every spec)"
               : seeds.empty()           ? std::string("none used")
                                         : seed_text + " (from the specs)");
  if (run.seconds > 0) row("wall time", fmt::format("{:.1f} s (the checks; the PDF build is extra)", run.seconds));
  if (!run.shard_runs.empty()) {
    std::string seconds;
    for (const auto& s : run.shard_runs) seconds += (seconds.empty() ? "" : ", ") + fmt::format("{:.1f} s", s.seconds);
    row("wall time", "shards " + seconds + " (the checks of each; the merge and the PDF build are extra)");
  }
  // each spec file with the first 16 hex digits of its SHA-256 (results.json has all 64),
  // and one SHA-256 over the list as sha256sum prints it, which a reader can recompute
  // files of one folder are named within it (the folder once), as sha256sum prints them when run there
  std::optional<std::filesystem::path> folder;
  for (const auto& v : run.variants) {
    const std::filesystem::path parent = std::filesystem::path(v.spec.file).parent_path();
    if (!folder) folder = parent;
    if (*folder != parent || parent.empty()) {
      folder = std::filesystem::path();
      break;
    }
  }
  const bool one_folder = folder && !folder->empty();
  if (one_folder) row("spec folder", "\\texttt{" + latex_escape(folder->string()) + "}");
  std::string files, listing;
  std::size_t count = 0;
  std::set<std::string> listed;  // a sweep's variants share their file: listed once
  for (const auto& v : run.variants) {
    if (!listed.insert(v.spec.file).second) continue;
    ++count;
    const std::string name = one_folder ? std::filesystem::path(v.spec.file).filename().string() : v.spec.file;
    files += (files.empty() ? "" : ", ") + std::string("\\texttt{") + latex_escape(name) + "}~\\texttt{" +
             latex_escape(v.spec.sha256.substr(0, 16)) + "}";
    listing += v.spec.sha256 + "  " + name + "\n";
  }
  row(fmt::format("spec files ({}), the first 16 hex digits of each SHA-256", count),
      "{\\footnotesize " + files + "}");
  if (!run.variants.empty())
    row("all spec files", "\\texttt{" + sha256_hex(listing) +
                              "}, the SHA-256 of what \\texttt{sha256sum} prints for the files above, in this order" +
                              (one_folder ? ", run in the spec folder" : ""));
  row("command", "\\texttt{" + latex_escape(run.options.command) + "}");
  if (!run.options.planted_error.empty())
    row("planted error", "a negative-control run: every kernel closed form was replaced by $S\\,(1 + \\epsilon)$, "
                         "$\\epsilon = \\texttt{" + latex_escape(run.options.planted_error) +
                         "}$, in the grid and sampled checks; its disagreements are planted");
  row("reproduce",
      "\\texttt{scripts/run-suite.sh} from the repository root (the standard suite), or the command above after a "
      "build; every value is in \\texttt{results.json} beside this report.");
  out << "\\bottomrule\\end{longtable}}\n";
  return out.str();
}

}  // namespace attnverify
