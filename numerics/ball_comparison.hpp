// Certified comparison of two expressions at one exact point (ball arithmetic,
// numerics/ball_expression.hpp), the rule of docs/spec-format.md ("How claims are
// judged") at working precision P decimal digits:
//
//   d = (claim - reference) / reference        (a ball, from the balls of both)
//   agree      |d| <= 10^-(P-5) for every point of the ball d: the two agree to at
//              least P - 5 digits, proved;
//   disagree   |d| >  10^-(P-5) for every point of d (the balls of claim and reference
//              are then disjoint): the claim is proved to differ;
//   undecided  neither at any precision up to the ceiling (a cancellation Arb could
//              not resolve, or a value too large for Arb's range): never agree.
//
// The precision starts at P + 10 digits and doubles; it goes on past the decision
// until both balls are accurate to P + 2 digits (so that the values written to
// results.json are right to P digits), unless the ceiling comes first.
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "numerics/ball.hpp"
#include "numerics/ball_expression.hpp"

namespace attnverify::num {

enum class PointOutcome { Agree, Disagree, Undecided };

struct PointComparison {
  PointOutcome outcome = PointOutcome::Undecided;
  Ball claim, reference;     ///< the enclosures at the deciding precision
  Ball relative_difference;  ///< d above
  slong bits = 0;            ///< the deciding precision
  /// -log10 |mid d|, capped at cap_digits (a figure for reports; the outcome is decided
  /// on the balls, not on this number)
  double digits = 0;
  std::string reason;  ///< for undecided: which value could not be enclosed, at how many bits
};

/// The rule above applied once to two given balls (e.g. a closed form's and a
/// certified integral's), at `bits` for the difference.
struct BallVerdict {
  PointOutcome outcome = PointOutcome::Undecided;
  Ball relative_difference;
  double digits = 0;  ///< -log10 |mid d|, capped at P + 10 (0 when undecided)
};
BallVerdict compare_balls(const Ball& claim, const Ball& reference, unsigned working_digits, slong bits);

/// Compares claim(point) with reference(point) (same variables, same order).
/// `ceiling_bits` bounds the precision (kMaxBallBits by default; the counterexample
/// search uses a lower one).
PointComparison compare_at_point(const BallExpression& claim, const BallExpression& reference,
                                 const std::vector<GiNaC::numeric>& point, unsigned working_digits,
                                 slong ceiling_bits = kMaxBallBits);

/// The tolerance 10^-(P-5) of the rule above as a ball (exact to 64 bits below it).
Ball agreement_tolerance(unsigned working_digits);

}  // namespace attnverify::num
