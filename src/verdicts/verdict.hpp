// Verdicts and the rules that assign them (docs/design.md §4).
//
// Closed form vs numeric route at working precision P (decimal digits):
//   agree         digits of agreement >= P - 5, AND the numeric route's own error
//                 estimate is below 10^-(P-5) (relative), AND the closed form's
//                 evaluation converged to P digits;
//   inconclusive  either route missed its own error target (never agree then);
//   disagree      both routes met their targets and still differ by more than 10^-(P-5).
// The same rule decides each point of a claim's numeric comparison.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace attnverify {

enum class Verdict { Agree, Disagree, Inconclusive, NotApplicable };

/// "agree", "disagree", "inconclusive", "not-applicable": the spelling in specs, shards,
/// results.json and the report.
std::string to_string(Verdict verdict);
/// Writes to_string(verdict) (for test logs and diagnostics).
std::ostream& operator<<(std::ostream& out, Verdict verdict);
/// The verdict a spelling names; nullopt for any other text.
std::optional<Verdict> verdict_from_string(std::string_view text);

/// The digits two routes must agree to at working precision P: P - 5.
double required_digits(unsigned working_digits);

/// "1e-30.2" for exponent -30.2, "1e+0.2" for 0.2: an error estimate written from its log10.
std::string power_of_ten(double exponent);

struct Judgement {
  Verdict verdict;
  std::string reason;  ///< for inconclusive and disagree: what happened, with figures
};

/// Applies the rule above. `numeric_error_digits` is -log10 of the numeric route's
/// relative error estimate; `failure` is non-empty when a route failed outright.
Judgement judge_agreement(double digits, double numeric_error_digits, bool closed_converged, const std::string& failure,
                          unsigned working_digits);

}  // namespace attnverify
