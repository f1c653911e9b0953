#include "src/verdicts/route_comparison.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "numerics/precision.hpp"
#include "numerics/agreement.hpp"
#include "numerics/ball_comparison.hpp"

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
    num::ScopedPrecision scope(std::max(closed.precision, num::Precision{digits}.guarded()));
    agree = num::digits_of_agreement(closed.value, numeric.value, num::Precision{digits}.guarded());
    record.digits = agree;
  }
  const std::string failure = !numeric.ok ? numeric.failure : (closed.converged ? "" : closed.failure);
  const Judgement j = judge_agreement(agree, numeric.error_digits, closed.converged, failure, digits);
  record.verdict = j.verdict;
  record.detail = j.reason;
  // estimated from the numeric route's error estimate; certify_closed_vs_numeric raises it
  if (j.verdict == Verdict::Agree || j.verdict == Verdict::Disagree)
    record.evidence = {EvidenceLevel::NumericEvidence,
                       fmt::format("the closed form {} the numeric route at {} (to {:.1f} digits, estimated)",
                                   j.verdict == Verdict::Agree ? "=" : "!=", describe_point(record.point), agree)};
  if (!closed.note.empty())
    record.detail += (record.detail.empty() ? "" : " ") + std::string("Closed form: ") + closed.note + ".";
}

Enclosure enclosure_of(const num::Ball& b, unsigned digits) {
  // the printed radius covers the midpoint's rounding: [mid - rad, mid + rad] holds the value
  auto [mid, rad] = b.printed(num::Precision{digits}.printed());
  return {std::move(mid), std::move(rad)};
}

num::Ball closed_form_ball(const num::BallExpression& closed, const std::vector<GiNaC::numeric>& point,
                           unsigned digits) {
  return num::evaluate_to_accuracy(closed, point, num::Precision{digits}.evaluation_target(), num::Precision{digits}.ball_bits(),
                                   kClosedFormCeilingBits)
      .value;
}

void certify_closed_vs_numeric(CheckRecord& record, const CertifiedOutcome& balls, unsigned digits,
                               const std::string& what) {
  std::string why_not = balls.failure;
  if (balls.closed && balls.numeric) {
    // a ball that is not finite encloses nothing worth printing (and is no decimal to read back)
    record.enclosure.clear();
    if (balls.closed->finite()) record.enclosure.emplace_back("closed", enclosure_of(*balls.closed, digits));
    if (balls.numeric->finite()) record.enclosure.emplace_back("numeric", enclosure_of(*balls.numeric, digits));
    const double narrow = num::Precision{digits}.required();
    const double closed_digits = balls.closed->relative_accuracy_digits();
    const double numeric_digits = balls.numeric->relative_accuracy_digits();
    const num::BallVerdict v =
        num::compare_balls(*balls.closed, *balls.numeric, digits, num::Precision{digits}.ball_bits());
    const bool disagree = v.outcome == num::PointOutcome::Disagree;
    if (disagree || (v.outcome == num::PointOutcome::Agree && closed_digits >= narrow && numeric_digits >= narrow)) {
      record.verdict = disagree ? Verdict::Disagree : Verdict::Agree;
      record.certified = true;
      record.digits = v.digits;
      record.method = "certified: Arb balls of the closed form and of " + what;
      record.evidence = {disagree ? EvidenceLevel::CertifiedCounterexample : EvidenceLevel::CertifiedOnBox,
                         "the closed form " + std::string(disagree ? "!=" : "=") + " " + what + " at " +
                             describe_point(record.point) +
                             (disagree ? "" : fmt::format(" to 1e-{} relative", num::Precision{digits}.required()))};
      record.detail = disagree
                          ? fmt::format(
                                "Certified: the balls of the closed form and of {} are disjoint; they differ by a "
                                "relative {} (agreement needs 1e-{}).",
                                what, v.relative_difference.midpoint_text(3), num::Precision{digits}.required())
                          : fmt::format(
                                "Certified: the closed form and {} agree to 1e-{} relative on every point of their "
                                "balls (radii {} and {}).",
                                what, num::Precision{digits}.required(), balls.closed->radius_text(), balls.numeric->radius_text());
      return;
    }
    why_not = fmt::format("the balls ({:.0f} and {:.0f} digits narrow) do not decide at 1e-{}",
                          std::max(0.0, closed_digits), std::max(0.0, numeric_digits), num::Precision{digits}.required());
  }
  record.detail += (record.detail.empty() ? "" : " ") + std::string("Estimated, not certified: ") + why_not + ".";
  // the verdict stands on the numeric route's error estimate: an agreement says so
  if (record.verdict == Verdict::Agree) record.method += ", estimated (not certified)";
}

void certify_value(CheckRecord& record, const num::Ball* ball, const std::string& why_not, unsigned digits,
                   const std::string& certified_method) {
  const double narrow = num::Precision{digits}.required();
  if (ball && ball->finite()) record.enclosure = {{"numeric", enclosure_of(*ball, digits)}};
  if (record.verdict == Verdict::NotApplicable && ball && ball->relative_accuracy_digits() >= narrow) {
    record.certified = true;
    record.method = certified_method;
    record.evidence = {EvidenceLevel::CertifiedOnBox,
                       "S at " + describe_point(record.point) + " lies in a ball of radius " + ball->radius_text()};
    record.detail += fmt::format("{}the value is certified: it lies in a ball of radius {}.",
                                 record.detail.empty() ? "" : "; ", ball->radius_text());
    return;
  }
  const std::string why =
      ball ? fmt::format("its ball is {:.0f} digits narrow, not {:.0f}", std::max(0.0, ball->relative_accuracy_digits()), narrow)
           : why_not;
  record.detail += fmt::format("{}Estimated, not certified: {}.", record.detail.empty() ? "" : " ", why);
  if (record.verdict == Verdict::NotApplicable) {
    record.method += ", estimated (not certified)";
    if (!record.values.empty())
      record.evidence = {EvidenceLevel::NumericEvidence, "S at " + describe_point(record.point) + " estimated"};
  }
}

bool estimated_only(const CheckRecord& record) {
  if (!record.is_grid_check() || record.certified) return false;
  return record.verdict == Verdict::Agree || (record.verdict == Verdict::NotApplicable && !record.values.empty());
}

std::string certified_record_problem(const CheckRecord& record, unsigned digits) {
  std::map<std::string, num::Ball> balls;
  const slong bits = num::Precision{digits}.ball_bits();
  for (const auto& [role, e] : record.enclosure) {
    try {
      balls.emplace(role, num::Ball::from_text(e.mid, e.rad, num::Precision{digits}.printed(), bits));
    } catch (const std::invalid_argument& err) {
      return "its '" + role + "' ball is not a ball: " + err.what();
    }
  }
  const double narrow = num::Precision{digits}.required();
  const auto has = [&](const char* role) { return balls.count(role) > 0; };
  if (record.is_grid_check() && has("closed") && has("numeric")) {
    const num::BallVerdict v = num::compare_balls(balls.at("closed"), balls.at("numeric"), digits, bits);
    if (v.outcome == num::PointOutcome::Disagree && record.verdict == Verdict::Disagree) return "";
    if (v.outcome == num::PointOutcome::Agree && record.verdict == Verdict::Agree &&
        balls.at("closed").relative_accuracy_digits() >= narrow &&
        balls.at("numeric").relative_accuracy_digits() >= narrow)
      return "";
    return "its balls of the closed form and of the numeric route do not prove '" + to_string(record.verdict) + "'";
  }
  if (record.check == CheckKind::Claim && has("claim") && (has("closed") || has("numeric"))) {
    // against the derived S, or (no closed form, another score law) the numeric route's ball of S
    const num::BallVerdict v =
        num::compare_balls(balls.at("claim"), balls.at(has("closed") ? "closed" : "numeric"), digits, bits);
    if (v.outcome == num::PointOutcome::Disagree && record.verdict == Verdict::Disagree) return "";
    return "its balls of the claim and of S are not disjoint beyond the tolerance, so they prove no counterexample";
  }
  if (record.is_grid_check() && has("numeric") && balls.size() == 1) {
    if (record.verdict == Verdict::NotApplicable && balls.at("numeric").relative_accuracy_digits() >= narrow) return "";
    return "its ball of the numeric route is not P - 5 digits narrow, or its verdict is not not-applicable";
  }
  return "it carries no balls that a certified verdict of its check rests on";
}

}  // namespace attnverify
