// Closed form vs numeric route at one grid point: fills a CheckRecord's values,
// digits of agreement and verdict by the rule of src/verdicts/verdict.hpp (docs/design.md §4).
#pragma once

#include <optional>
#include <string>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/ball.hpp"
#include "numerics/ball_expression.hpp"
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

/// A ball as the decimal text of results.json and shards (Ball::printed): mid to P + 5
/// digits, rad an upper bound of the distance from mid to every point of the ball, so the
/// exact value lies in [mid - rad, mid + rad].
Enclosure enclosure_of(const num::Ball& b, unsigned digits);

/// The precision ceiling of a closed form's ball at a grid point, in bits (about 1200
/// digits; the certified rule then reads the ball's width).
inline constexpr slong kClosedFormCeilingBits = 4096;

/// The closed form at an exact grid point as a ball, aiming at P + 5 digits from P + 10
/// digits of precision, doubled up to kClosedFormCeilingBits.
num::Ball closed_form_ball(const num::BallExpression& closed, const std::vector<GiNaC::numeric>& point,
                           unsigned digits);

/// Balls of the closed form and of the numeric route at a grid point, or why there are none.
struct CertifiedOutcome {
  std::optional<num::Ball> closed, numeric;
  std::string failure;
};

/// The certified rule (docs/spec-format.md, "How claims are judged", applied to grid
/// points; numerics/ball_comparison.hpp): with both balls at least P - 5 digits narrow
/// and |closed - numeric|/|numeric| <= 10^-(P-5) on every point of the balls, the record
/// becomes a certified agree; with that quantity > 10^-(P-5) everywhere, a certified
/// disagree (the closed form is proved to differ from the integral). Otherwise the
/// estimated verdict of judge_closed_vs_numeric stands and the record says why it is
/// not certified, and an agreement's method ends in ", estimated (not certified)". The
/// balls are written to `enclosure` whenever they exist.
/// `what` names the numeric route's quantity in the record ("the defining integrals", "the exact sum").
void certify_closed_vs_numeric(CheckRecord& record, const CertifiedOutcome& balls, unsigned digits,
                               const std::string& what = "the defining integrals");

/// A grid point without a closed form (the numeric route alone, verdict not-applicable, its
/// value in `numeric`): certified when `ball` (the route's enclosure of the value, or none, with
/// `why_not`) is at least P - 5 digits narrow: then `certified`, the ball in `enclosure`, and the
/// method `certified_method`; else the record says "Estimated, not certified: <why>" and its
/// method ends in ", estimated (not certified)" (issue 42, H6: such points are counted apart).
void certify_value(CheckRecord& record, const num::Ball* ball, const std::string& why_not, unsigned digits,
                   const std::string& certified_method);

/// Whether a grid record's value rests on an error estimate only: a not-applicable record with
/// a value, or an agree, that is not certified (the summaries count these apart).
bool estimated_only(const CheckRecord& record);

/// Why the balls a record prints (its `enclosure`) do not prove the verdict it carries
/// as certified, or "" when they do: the certified rule above, recomputed from the
/// printed balls (Ball::from_text, mid to P + 5 digits) as a merge of shards does for
/// every record marked certified. Proved means, by the balls' roles:
///   closed and numeric (a grid point): compare_balls decides the record's verdict, and
///       an agree has both balls at least P - 5 digits narrow;
///   claim and closed (a claim's counterexample): compare_balls says disagree;
///   numeric alone (no closed form): the ball is at least P - 5 digits narrow and the
///       verdict is not-applicable.
std::string certified_record_problem(const CheckRecord& record, unsigned digits);

}  // namespace attnverify
