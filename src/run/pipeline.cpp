#include "src/run/pipeline.hpp"

#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "src/kinds/derivation_summary.hpp"
#include "src/verdicts/multiple_comparisons.hpp"
#include "src/properties/property_checks.hpp"
#include "src/spec/spec_error.hpp"

namespace attnverify {

namespace fs = std::filesystem;

RunResult run_checks(const std::vector<Spec>& specs, const Bibliography& bibliography, const RunOptions& options,
                     const Progress& progress) {
  RunResult result;
  result.options = options;
  result.bibliography = bibliography;
  for (const Spec& spec : specs) result.variants.push_back(check_variant(spec, options, progress));
  return result;
}

void judge_run(RunResult& result) {
  // each variant's sampled checks are one family of Holm's procedure (with confirmation), so a
  // variant's verdicts do not depend on what else ran
  for (auto& v : result.variants) {
    std::vector<CheckRecord*> sampled;
    for (auto& r : v.records)
      if (r.check == CheckKind::Sampled) sampled.push_back(&r);
    apply_holm(sampled, result.options.family_alpha);
    judge_sampled_properties(v);
  }
}

RunResult run_suite(const std::vector<Spec>& specs, const Bibliography& bibliography, const RunOptions& options,
                    const Progress& progress) {
  RunResult result = run_checks(specs, bibliography, options, progress);
  judge_run(result);
  return result;
}

namespace {

// CPU seconds of the process, over all its threads
double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace

CostClock::CostClock() : wall_start_(std::chrono::steady_clock::now()), cpu_start_(process_cpu_seconds()) {}

VariantResult::Timing CostClock::elapsed(unsigned shard) const {
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start_).count(),
          process_cpu_seconds() - cpu_start_, shard};
}

VariantResult check_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  const CostClock clock;
  VariantResult result = spec.kind->check(spec, options, progress);
  // the certificate of the closed forms (proofs/derivation_certificate.hpp), from the
  // kind's derivation, which the checks above already computed (proofs/derivation_cache.hpp)
  if (result.derived() && !result.forms.empty()) result.certificate = spec.kind->derive(spec).certificate;
  attach_parametric(result);  // a file with symbolic parameters: its forms and claims in them
  result.timing = clock.elapsed();
  progress(fmt::format("[{}] checked in {:.1f} s wall, {:.1f} s CPU", spec.name, result.timing->wall_seconds,
                       result.timing->cpu_seconds));
  return result;
}

std::vector<std::string> collect_spec_files(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const auto& path : paths) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec && ec != std::errc::no_such_file_or_directory)
      throw SpecError(path, 0, "", "cannot be read: " + ec.message());
    if (fs::is_directory(status)) {
      std::vector<std::string> found;
      fs::directory_iterator it(path, ec);
      if (ec) throw SpecError(path, 0, "", "cannot list this directory: " + ec.message());
      for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec) throw SpecError(path, 0, "", "cannot list this directory: " + ec.message());
        const fs::path entry = it->path();
        if (entry.extension() != ".toml" || entry.filename() == "bibliography.toml") continue;
        std::error_code entry_ec;
        const fs::file_status s = fs::status(entry, entry_ec);  // follows symlinks; a loop is an error
        if (entry_ec) throw SpecError(entry.string(), 0, "", "cannot be read: " + entry_ec.message());
        if (!fs::is_regular_file(s)) throw SpecError(entry.string(), 0, "", "is not a regular file");
        found.push_back(entry.string());
      }
      std::sort(found.begin(), found.end());
      if (found.empty()) throw SpecError(path, 0, "", "no spec files (*.toml) in this directory");
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(status)) {
      files.push_back(path);
    } else if (fs::exists(status)) {
      throw SpecError(path, 0, "", "is not a regular file or a directory (a spec must be a file)");
    } else {
      throw SpecError(path, 0, "", "no such file or directory");
    }
  }
  return files;
}

std::string find_bibliography(const std::vector<std::string>& spec_files, const std::string& explicit_path) {
  if (!explicit_path.empty()) return explicit_path;
  if (spec_files.empty()) return "bibliography.toml";
  const fs::path beside = fs::path(spec_files.front()).parent_path() / "bibliography.toml";
  return fs::exists(beside) ? beside.string() : std::string();
}

}  // namespace attnverify
