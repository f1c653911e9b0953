// Evaluation of a closed form to a target number of correct digits (Ziv's strategy).
//
// A closed form such as (beta^2+gamma^2) erfc(-beta/(sqrt2 gamma))/2 + ... can
// cancel, and a published formula written with 1 + erf(beta/(sqrt2 gamma)) cancels
// catastrophically for beta/gamma << 0 (1 + erf(-21.2) is 1e-197 but rounds to
// exactly 0 at 60 and at 90 digits). Evaluating at one precision would hide that,
// and so would comparing two precisions alone. The loop, starting at p = P + 10:
//   - evaluate at p and measure the digits lost to cancellation in every sum
//     (CompiledExpression::last_cancellation_digits);
//   - if at least P + 2 digits survive, confirm at a second precision (above p, or
//     below it at the ceiling); accept when the two agree to P + 2 digits;
//   - on partial loss, go to P + 2 + loss + 10 digits; on total loss (a sum at
//     rounding level, or 0), double p;
//   - up to a ceiling of 16 P digits, or kMaxErfDigits = 295 for expressions with
//     erf/erfc (MPFR 4.2.0 aborts above; numerics/expression_program.hpp).
// A sum that has lost everything at the ceiling is unresolved, never taken to be 0
// (1 + e^-2000 rounds to 1 at every precision below 870 digits, so (1 + e^-2000)^2 - 1
// cancels completely although it is 2e^-2000): the evaluation then fails with that
// reason unless ball arithmetic (numerics/ball_expression.hpp), tried last, encloses
// the value to P + 2 digits: a ball's radius is a bound, so that value is right.
// `digits` is the agreement of the two precisions: an
// estimate of the correct digits, not a bound. A value that is not finite at every
// precision is `not_finite` only if the last attempt lost fewer than p - P - 2 digits
// to cancellation; otherwise (1 + erf(-41) rounding to 0 under a square root, say)
// the failure says the point could not be decided.
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "numerics/compiled_expression.hpp"

namespace attnverify::num {

struct Evaluation {
  bool converged = false;
  Real value;              ///< at the last precision used
  double digits = 0;       ///< estimated correct digits (agreement of the last two precisions)
  unsigned precision = 0;  ///< decimal digits of the last evaluation
  std::string failure;     ///< why it did not converge
  std::string note;        ///< set when ball arithmetic settled what MPFR's check could not
  /// Not finite (division by zero, a negative radicand, overflow) at every precision
  /// up to the ceiling, with the last attempt free of cancellation: the expression
  /// really is undefined here. False when cancellation could have caused it.
  bool not_finite = false;
};

class AdaptiveEvaluator {
 public:
  /// `target_digits` is P. Throws EvaluationError if `e` cannot be compiled.
  AdaptiveEvaluator(GiNaC::ex e, std::vector<GiNaC::ex> variables, unsigned target_digits);

  /// Evaluates at an exact point (rationals, same order as the variables).
  Evaluation operator()(const std::vector<GiNaC::numeric>& point) const;

 private:
  const CompiledExpression& at_precision(unsigned digits) const;
  GiNaC::ex expression_;
  std::vector<GiNaC::ex> variables_;
  unsigned target_;
  unsigned max_digits_ = 0;
  mutable std::map<unsigned, std::unique_ptr<CompiledExpression>> compiled_;
};

}  // namespace attnverify::num
