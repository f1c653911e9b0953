// The LaTeX report (reports/: report.tex, compiled to report.pdf with latexmk).
// Per variant: the derived closed forms typeset from GiNaC next to the published
// formulas, each claim's verdict with method and figure, worst and median digits of
// agreement over the grid, and a pgfplots figure (S against gamma for several beta;
// for sequences S_n against n for several lambda). The run's seed, precision,
// library versions and command line are recorded; no date, so that the same run
// gives the same text.
#pragma once

#include <string>

#include "src/report/latex_escape.hpp"
#include "src/run/run_result.hpp"

namespace attnverify {

/// The complete report.tex text.
std::string report_latex(const RunResult& run);

}  // namespace attnverify
