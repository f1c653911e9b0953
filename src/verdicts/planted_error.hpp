// A planted error: the test-only negative control of the grid and sampled checks (the
// referee's request to "plant an error in a closed form and show that the grid check and
// the sampled check catch it, and at what size of error"). The hidden option
// `run --plant-error EPS` replaces a kernel's closed form S by S (1 + EPS) where those two
// checks compare against it; tests/planted_error_test.sh runs it at sizes just above and
// well below the thresholds the report states under "what the checks detect".
#pragma once

#include <string>

#include "numerics/ball.hpp"
#include "numerics/precision.hpp"
#include "src/verdicts/run_options.hpp"

namespace attnverify {

/// Why `text` is not a planted relative error, or "" when it is one: a decimal number
/// m or m e k (m digits with an optional point, k an optional sign and at most 4 digits),
/// nonzero, with |value| < 1. Used by the command line to refuse anything else.
std::string planted_error_problem(const std::string& text);

/// True when the run plants an error (options.planted_error is not empty).
bool plants_error(const RunOptions& options);

/// S (1 + e) at the working precision of `S`, with e = options.planted_error; S itself when
/// nothing is planted.
num::Real with_planted_error(const num::Real& S, const RunOptions& options);

/// The ball S (1 + e), with e enclosed exactly as Arb reads its decimal text (arb_set_str),
/// at `bits` bits; a copy of S when nothing is planted.
num::Ball with_planted_error(const num::Ball& S, const RunOptions& options, long bits);

}  // namespace attnverify
