// A GiNaC expression evaluated in ball arithmetic (numerics/ball.hpp): the result
// is a ball that contains the exact value of the expression at the exact point.
//
// The expression is compiled once into the postfix program of
// numerics/expression_program.hpp and interpreted with Arb: +, *, integer and real
// powers, sqrt, exp, log, log1p, erf and erfc (arb_hypgeom_erf/erfc, no precision
// limit), tanh, sinh, cosh, and the kinks, each enclosed on a ball that straddles the
// kink: relu -> [0, upper bound], step -> [0, 1] (1/2 on an exact 0, GiNaC's
// convention), abs -> arb_abs. Constants are the exact GiNaC rationals and pi,
// rounded once at the evaluation's precision; the point's coordinates are exact
// rationals too. Where the expression is undefined (a division by a ball that
// contains 0, the square root of a ball that reaches below 0, an exponent past Arb's
// range) the result is a ball that is not finite.
//
// evaluate_to_accuracy raises the precision (doubling from the start) until the ball's
// relative radius is at most 10^-target_digits, or the ceiling is reached: a sum that
// cancels to rounding level at one precision is resolved at a higher one, and one that
// cancels at every precision up to the ceiling is reported as not resolved, never as 0.
//
// One object keeps a scratch stack: do not use it from two threads at once (copy it,
// in one thread, for each).
#pragma once

#include <ginac/ginac.h>

#include <vector>

#include "numerics/ball.hpp"
#include "numerics/expression_program.hpp"

namespace attnverify::num {

/// The precision ceiling of ball evaluations, in bits (about 19 700 decimal digits):
/// enough to resolve cancellations such as exp(9000) - cosh(9000) - sinh(9000) (3900
/// digits); beyond it a value is reported as unresolved. At this precision one erf
/// takes about 2.5 ms on the reference machine.
inline constexpr slong kMaxBallBits = 65536;

class BallExpression {
 public:
  /// Compiles `e` with `variables` bound by position. Throws EvaluationError for a
  /// symbol not in `variables`, a complex constant or an unsupported function.
  BallExpression(const GiNaC::ex& e, std::vector<GiNaC::ex> variables);

  /// The enclosure at the exact point `point` (rationals, in the order of the
  /// variables), computed at `bits` of working precision.
  Ball operator()(const std::vector<GiNaC::numeric>& point, slong bits) const;

  /// The same with the point given as balls (already rounded to `bits` or exact). With
  /// `switch_signs`, the sign of the argument of every relu, step and abs, in program
  /// order, is written there: +1 (every point of the argument's ball > 0), -1 (< 0) or
  /// 0 (the ball contains 0). Touches no GiNaC object: copies of one BallExpression,
  /// made in one thread, may run in parallel threads.
  Ball evaluate(const std::vector<Ball>& point, slong bits, std::vector<int>* switch_signs = nullptr) const;

  std::size_t variable_count() const { return variables_; }
  /// The number of relu, step and abs calls in the compiled program.
  std::size_t switch_count() const { return switches_; }
  const ExpressionProgram& program() const { return program_; }

 private:
  ExpressionProgram program_;
  std::vector<ExactConstant> constants_;  // program_.constants, exact, without GiNaC
  std::size_t variables_;
  std::size_t switches_ = 0;
  mutable std::vector<Ball> stack_;
};

struct BallEvaluation {
  Ball value;             ///< at the last precision used
  slong bits = 0;         ///< that precision
  bool accurate = false;  ///< relative radius <= 10^-target_digits (or the value is an exact 0)
};

/// Evaluates at start_bits, 2 start_bits, ... up to ceiling_bits until the relative
/// radius is at most 10^-target_digits.
BallEvaluation evaluate_to_accuracy(const BallExpression& e, const std::vector<GiNaC::numeric>& point,
                                    double target_digits, slong start_bits, slong ceiling_bits = kMaxBallBits);

}  // namespace attnverify::num
