#include "src/verdicts/verdict.hpp"

#include <cmath>
#include <ostream>

#include <fmt/format.h>

#include "numerics/precision.hpp"

namespace attnverify {

std::string to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::Agree:
      return "agree";
    case Verdict::Disagree:
      return "disagree";
    case Verdict::Inconclusive:
      return "inconclusive";
    case Verdict::NotApplicable:
      return "not-applicable";
  }
  return "inconclusive";
}

std::ostream& operator<<(std::ostream& out, Verdict verdict) { return out << to_string(verdict); }

std::optional<Verdict> verdict_from_string(std::string_view text) {
  for (Verdict v : {Verdict::Agree, Verdict::Disagree, Verdict::Inconclusive, Verdict::NotApplicable})
    if (to_string(v) == text) return v;
  return std::nullopt;
}

double required_digits(unsigned working_digits) { return num::Precision{working_digits}.required(); }

std::string power_of_ten(double exponent) {
  return fmt::format("1e{}{:.1f}", exponent < 0 ? "-" : "+", std::fabs(exponent));
}

Judgement judge_agreement(double digits, double numeric_error_digits, bool closed_converged, const std::string& failure,
                          unsigned working_digits) {
  const double need = required_digits(working_digits);
  if (!failure.empty()) return {Verdict::Inconclusive, failure};
  if (!closed_converged)
    return {Verdict::Inconclusive, fmt::format("the closed form did not converge to {} digits", working_digits)};
  if (numeric_error_digits < need)
    return {Verdict::Inconclusive, fmt::format("the numeric route's error estimate {} misses the target 1e-{:.0f}",
                                               power_of_ten(-numeric_error_digits), need)};
  if (digits >= need) return {Verdict::Agree, ""};
  return {Verdict::Disagree, fmt::format("the routes agree to {:.1f} digits only; {:.0f} are required", digits, need)};
}

}  // namespace attnverify
