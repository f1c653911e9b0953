#include "src/verdicts/route_comparison.hpp"

#include <algorithm>

#include "numerics/agreement.hpp"

namespace attnverify {

void judge_closed_vs_numeric(CheckRecord& record, const num::Evaluation& closed, const NumericOutcome& numeric,
                             unsigned digits) {
  record.values.emplace_back("closed", num::to_decimal(closed.value, digits));
  if (numeric.ok) {
    record.values.emplace_back("numeric", num::to_decimal(numeric.value, digits));
    record.error_digits = numeric.error_digits;
  }
  double agree = 0;
  if (closed.converged && numeric.ok) {
    num::ScopedPrecision scope(std::max(closed.precision, digits + num::kGuardDigits));
    agree = num::digits_of_agreement(closed.value, numeric.value, digits + num::kGuardDigits);
    record.digits = agree;
  }
  const std::string failure = !numeric.ok ? numeric.failure : (closed.converged ? "" : closed.failure);
  const Judgement j = judge_agreement(agree, numeric.error_digits, closed.converged, failure, digits);
  record.verdict = j.verdict;
  record.detail = j.reason;
  if (!closed.note.empty())
    record.detail += (record.detail.empty() ? "" : " ") + std::string("Closed form: ") + closed.note + ".";
}

}  // namespace attnverify
