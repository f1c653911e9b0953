// Evaluation of a closed form to a target number of correct digits (Ziv's strategy).
//
// A closed form such as (beta^2+gamma^2) erfc(-beta/(sqrt2 gamma))/2 + ... can
// cancel, and a published formula written with 1 + erf(beta/(sqrt2 gamma)) cancels
// catastrophically for beta/gamma << 0 (1 + erf(-21.2) is 1e-197 but rounds to
// exactly 0 at 60 and at 90 digits). Evaluating at one precision would hide that,
// and so would comparing two precisions alone. Instead the expression is evaluated
// at p1 = P + 10 digits and p2 > p1; a value is accepted when
//   (a) the two agree to at least P + 2 digits, and
//   (b) at the higher precision, the digits lost to cancellation in any sum
//       (CompiledExpression::last_cancellation_digits) leave at least P + 2 digits;
// otherwise the precision grows (to cover the measured cancellation, at least
// doubling) up to a ceiling of 16 P digits; a sum that stays exactly 0 at every
// precision is reported as not converged. The figure `digits` is the agreement of
// the last two evaluations: an estimate of the correct digits, not a bound.
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
  Real value;             ///< at the last precision used
  double digits = 0;      ///< estimated correct digits (agreement of the last two precisions)
  unsigned precision = 0; ///< decimal digits of the last evaluation
  std::string failure;    ///< why it did not converge
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
  mutable std::map<unsigned, std::unique_ptr<CompiledExpression>> compiled_;
};

}  // namespace attnverify::num
