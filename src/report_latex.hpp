// The LaTeX report (reports/: report.tex, compiled to report.pdf with latexmk).
// Per variant: the derived closed forms typeset from GiNaC next to the published
// formulas, each claim's verdict with method and figure, worst and median digits of
// agreement over the grid, and a pgfplots figure (S against gamma for several beta;
// for sequences S_n against n for several lambda). The run's seed, precision,
// library versions and command line are recorded; no date, so that the same run
// gives the same text.
#pragma once

#include <string>

#include "src/pipeline.hpp"

namespace attnverify {

/// The complete report.tex text.
std::string report_latex(const RunResult& run);

/// Text (UTF-8) as LaTeX that pdflatex typesets with the report's preamble: the special
/// characters \ { } $ & # ^ _ % ~ < > escaped; newline and tab as a space (a blank line
/// would end a paragraph or break a heading); the Latin-1 and Latin Extended-A letters the
/// OT1 fonts have, and common punctuation, as they are; Greek letters and a few symbols
/// (≠ ≈ − ∞ ∂ ∑ ± √) as math; any other character (CJK, emoji, control) as its code point
/// [U+XXXX], so that no string can stop the PDF build. Never throws.
std::string latex_escape(const std::string& text);

}  // namespace attnverify
