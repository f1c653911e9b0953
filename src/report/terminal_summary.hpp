// The one-screen terminal summary of a run: a line per variant (closed-form status,
// grid agreement with the worst digits, claim verdicts) and a closing line with the
// count of unexpected verdicts.
#pragma once

#include <string>

#include "src/run/run_result.hpp"

namespace attnverify {

std::string terminal_summary(const RunResult& run);

}  // namespace attnverify
