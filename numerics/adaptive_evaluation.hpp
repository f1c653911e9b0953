// Evaluation of a closed form to a target number of correct digits (Ziv's strategy).
//
// A closed form such as (beta^2+gamma^2) erfc(-beta/(sqrt2 gamma))/2 + ... can
// cancel, and a published formula written with 1 + erf(beta/(sqrt2 gamma)) cancels
// catastrophically for beta/gamma << 0 (1 + erf(-21.2) is 1e-197 but rounds to
// exactly 0 at 60 and at 90 digits). Evaluating at one precision would hide that,
// and so would comparing two precisions alone. Instead the expression is evaluated
// at p1 = P + 10 digits and p2 > p1; a value is accepted when
//   (a) it agrees with the previous precision's value to at least P + 2 digits, and
//   (b) at the current precision the digits lost to cancellation in any sum
//       (CompiledExpression::last_cancellation_digits) leave at least P + 2 digits.
// Otherwise the precision grows (enough to cover the measured cancellation, and at
// least doubling) up to a ceiling of 16 P digits. A sum that has lost everything
// (exactly 0, or rounding noise) at every precision up to the ceiling is taken to
// be a true zero, i.e. zero to within 10^-(16 P) relative: the value is accepted if
// (a) holds, and `note` says so. The figure `digits` is the agreement of the last
// two evaluations: an estimate of the correct digits, not a bound.
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
  std::string note;       ///< set when a sum was taken as a true zero at the ceiling
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
