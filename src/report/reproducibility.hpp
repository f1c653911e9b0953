// The report's "Reproducibility" block: what produced these numbers and how to produce
// them again. Date (UTC; SOURCE_DATE_EPOCH when set, for byte-identical reports), source
// commit (src/cli/version.hpp.in), operating system and kernel, compiler, library
// versions, working precision, threads, seeds, wall time, the spec files, the exact
// command and the one-line reproduce command.
#pragma once

#include <string>

#include "src/run/run_result.hpp"

namespace attnverify {

/// The LaTeX of the block (an unnumbered section with a two-column table).
std::string reproducibility_latex(const RunResult& run);

}  // namespace attnverify
