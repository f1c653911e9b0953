#include "src/report/pdf_build.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "src/report/process.hpp"

namespace attnverify {

namespace fs = std::filesystem;

namespace {

// The first TeX errors of the log ("! ..." lines with the two lines after them, or
// file:line: errors), else the last lines of latexmk's own output.
std::string first_errors(const fs::path& log, const fs::path& output) {
  std::vector<std::string> lines;
  {
    std::ifstream in(log);
    std::string line;
    while (std::getline(in, line)) lines.push_back(line);
  }
  std::string out;
  int shown = 0;
  for (std::size_t k = 0; k < lines.size() && shown < 3; ++k) {
    if (lines[k].rfind("!", 0) == 0 || lines[k].find(".tex:") != std::string::npos) {
      for (std::size_t j = k; j < lines.size() && j < k + 3; ++j) out += "  " + lines[j] + "\n";
      ++shown;
    }
  }
  if (!out.empty()) return "first errors in " + log.string() + ":\n" + out;
  std::ifstream in(output);
  std::string line;
  lines.clear();
  while (std::getline(in, line)) lines.push_back(line);
  for (std::size_t k = lines.size() > 15 ? lines.size() - 15 : 0; k < lines.size(); ++k) out += "  " + lines[k] + "\n";
  return "last lines of " + output.string() + ":\n" + out;
}

constexpr const char* kGroupFile = "latexmk.pgid";

// Build folders of runs that were killed (kill -9, a full disk): the process group of
// their latexmk is killed if it still runs there (its working directory is checked, so a
// reused process id is left alone), and the folder removed.
void remove_stale_builds(const fs::path& out_dir) {
  std::error_code ec;
  for (fs::directory_iterator it(out_dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(".latex-build-", 0) != 0 || !it->is_directory(ec) || it->is_symlink(ec)) continue;
    std::ifstream in(it->path() / kGroupFile);
    long group = 0;
    if (in >> group && group > 1) {
      std::error_code cwd_ec;
      const fs::path cwd = fs::read_symlink(fmt::format("/proc/{}/cwd", group), cwd_ec);
      if (!cwd_ec && fs::equivalent(cwd, it->path(), cwd_ec)) kill(static_cast<pid_t>(-group), SIGKILL);
    }
    fs::remove_all(it->path(), ec);
    ec.clear();
  }
}

}  // namespace

double latex_timeout_seconds(std::size_t tex_bytes) {
  return kLatexTimeoutSeconds + kLatexSecondsPerMegabyte * static_cast<double>(tex_bytes) / 1e6;
}

PdfBuild build_pdf(const std::string& tex_text, const std::string& out_dir, const std::function<bool()>& should_stop,
                   double timeout_seconds) {
  PdfBuild result;
  if (timeout_seconds <= 0) timeout_seconds = latex_timeout_seconds(tex_text.size());
  remove_stale_builds(out_dir);
  std::string pattern = (fs::path(out_dir) / ".latex-build-XXXXXX").string();
  if (!mkdtemp(pattern.data())) {
    result.failure = "cannot create a build folder in " + out_dir;
    return result;
  }
  const fs::path build(pattern);
  {
    std::ofstream tex(build / "report.tex", std::ios::binary);
    tex << tex_text;
    if (!tex) {
      result.failure = "cannot write " + (build / "report.tex").string();
      return result;
    }
  }
  const std::vector<std::string> argv{"latexmk",
                                      "-pdf",
                                      "-norc",
                                      "-interaction=nonstopmode",
                                      "-halt-on-error",
                                      "-file-line-error",
                                      "-pdflatex=pdflatex -no-shell-escape %O %S",
                                      "report.tex"};
  const ProcessResult run =
      run_process(argv, build.string(), {{"openin_any", "p"}, {"openout_any", "p"}, {"shell_escape", "f"}},
                  "latexmk.out", timeout_seconds, should_stop, [&](int pid) {
                    std::ofstream(build / kGroupFile) << pid << "\n";
                  });
  // the finished build replaces the previous one, so its log can be read
  const fs::path kept = fs::path(out_dir) / ".latexmk-build";
  std::error_code ec;
  fs::remove_all(kept, ec);
  fs::path folder = build;
  if (!ec) {
    fs::rename(build, kept, ec);
    if (!ec) folder = kept;
  }
  if (run.stopped) {
    result.stopped = true;
    result.failure = "stopped";
    return result;
  }
  if (run.timed_out) {
    result.failure = fmt::format("latexmk did not finish within {:.0f} s and was stopped (a TeX loop?); {}",
                                 timeout_seconds, first_errors(folder / "report.log", folder / "latexmk.out"));
    return result;
  }
  if (!run.failure.empty()) {
    result.failure = "latexmk: " + run.failure;
    return result;
  }
  if (run.exit_code != 0 || !fs::exists(folder / "report.pdf")) {
    result.failure = fmt::format("latexmk failed (exit status {}); {}", run.exit_code,
                                 first_errors(folder / "report.log", folder / "latexmk.out"));
    return result;
  }
  result.ok = true;
  result.pdf = (folder / "report.pdf").string();
  return result;
}

}  // namespace attnverify
