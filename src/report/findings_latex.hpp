// The report's first section (issue 19): what the run found about the literature, in
// sentences and short tables, before any per-variant detail. Published claims found
// wrong come first, each with the spec's reason and the computed evidence (the deciding
// values, or the counterexample with both values); then the re-typed copies found wrong,
// the negative controls, and the claims that hold, grouped by source with the method that
// decided them. Claims are told apart by their role (src/spec/expectation.hpp).
#pragma once

#include <string>

#include "src/run/run_result.hpp"

namespace attnverify {

/// The LaTeX of the "Findings" section (unnumbered, in the table of contents).
std::string findings_latex(const RunResult& run);

}  // namespace attnverify
