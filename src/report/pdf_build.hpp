// Typesetting report.tex into report.pdf with latexmk, treating the text as untrusted
// (spec strings reach it, escaped or whitelisted, src/spec/spec_text.hpp):
//   - a fresh private build folder for every build (inside the output folder, so that the
//     PDF is moved into place by a rename): a truncated .aux of an interrupted build can
//     never block a later one;
//   - latexmk runs by fork/exec with an argument vector (src/report/process.hpp), never through a
//     shell, with -norc (no latexmkrc from the output folder or elsewhere is executed),
//     pdflatex with -no-shell-escape, and kpathsea's openin_any = openout_any = p
//     ("paranoid": TeX may not read or write files outside the build folder, nor dot
//     files), so \input{/etc/passwd} or \openin cannot reach a file;
//   - a wall-clock limit (kLatexTimeoutSeconds) and an early stop on Ctrl-C.
// The finished folder replaces OUT/.latexmk-build, so the last build's log is there to read.
#pragma once

#include <functional>
#include <string>

namespace attnverify {

/// A TeX loop in hostile input is stopped here; the standard suite's report takes ~20 s.
inline constexpr double kLatexTimeoutSeconds = 300;
/// The limit grows with the document: latexmk takes about 25 s per MB of report.tex
/// (measured: 5 000 claims), so 60 s per MB above the first keeps a margin of 2.
inline constexpr double kLatexSecondsPerMegabyte = 60;

/// kLatexTimeoutSeconds plus kLatexSecondsPerMegabyte for each MB of `tex_bytes`.
double latex_timeout_seconds(std::size_t tex_bytes);

struct PdfBuild {
  bool ok = false;
  bool stopped = false;  ///< should_stop() ended it
  std::string pdf;       ///< the built PDF (inside OUT/.latexmk-build) when ok
  std::string failure;   ///< why not, with the first TeX errors from the log
};

/// Builds `tex_text` (the report) into a PDF under `out_dir`, in a new build folder
/// OUT/.latex-build-XXXXXX that becomes OUT/.latexmk-build when latexmk ends, stopped
/// after `timeout_seconds` (default: latex_timeout_seconds of the text). Build folders
/// that a killed run left behind are removed first, and what still runs in them
/// (latexmk's process group, recorded in the folder) is killed: the caller holds the
/// output folder's lock, so no other run is using them.
PdfBuild build_pdf(const std::string& tex_text, const std::string& out_dir, const std::function<bool()>& should_stop,
                   double timeout_seconds = 0);

}  // namespace attnverify
