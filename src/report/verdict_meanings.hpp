// The report's section "What each verdict proves" (\label{verdicts}): the one place that
// says what "proved", "certified", "numeric evidence", "statistical" and "inconclusive"
// establish, with this run's working precision P, its tolerance 10^-(P-5), its count of
// certified grid points and its family-wise level. Every other sentence of the report
// uses these words in these senses (docs/spec-format.md, "How claims are judged", gives
// the same rules for users).
#pragma once

#include <string>

#include "src/run/run_result.hpp"

namespace attnverify {

/// The LaTeX of the section (unnumbered, in the table of contents).
std::string verdict_meanings_latex(const RunResult& run);

}  // namespace attnverify
