// Closed form vs numeric route at one grid point: fills a CheckRecord's values,
// digits of agreement and verdict by the rule of src/verdicts/verdict.hpp (docs/design.md §4).
#pragma once

#include <string>

#include "numerics/adaptive_evaluation.hpp"
#include "src/verdicts/check_record.hpp"

namespace attnverify {

/// The numeric route's outcome at a point: its value when it succeeded, the -log10
/// of its relative error estimate, and the reason when it failed.
struct NumericOutcome {
  bool ok = false;
  num::Real value;
  double error_digits = 0;
  std::string failure;
};

/// Records "closed" and "numeric" values (decimal strings at `digits`), the digits of
/// agreement (capped at digits + kGuardDigits) and the verdict with its reason.
void judge_closed_vs_numeric(CheckRecord& record, const num::Evaluation& closed, const NumericOutcome& numeric,
                             unsigned digits);

}  // namespace attnverify
