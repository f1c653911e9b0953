#include "numerics/adaptive_evaluation.hpp"

#include "numerics/agreement.hpp"

#include <cmath>

namespace attnverify::num {

AdaptiveEvaluator::AdaptiveEvaluator(GiNaC::ex e, std::vector<GiNaC::ex> variables, unsigned target_digits)
    : expression_(std::move(e)), variables_(std::move(variables)), target_(target_digits) {
  (void)at_precision(target_ + kGuardDigits);  // compile errors surface here
}

const CompiledExpression& AdaptiveEvaluator::at_precision(unsigned digits) const {
  auto& slot = compiled_[digits];
  if (!slot) slot = std::make_unique<CompiledExpression>(expression_, variables_, digits);
  return *slot;
}

Evaluation AdaptiveEvaluator::operator()(const std::vector<GiNaC::numeric>& point) const {
  Evaluation out;
  double cancellation = 0;
  auto evaluate = [&](unsigned digits) {
    ScopedPrecision scope(digits);
    std::vector<Real> values;
    for (const auto& v : point) values.push_back(to_real(v));
    const CompiledExpression& program = at_precision(digits);
    Real value = program(values);
    cancellation = program.last_cancellation_digits();
    return value;
  };
  const unsigned ceiling = 16 * target_;
  const double need = target_ + 2;
  unsigned low = target_ + kGuardDigits;
  unsigned high = low + std::max(20u, low / 2);
  Real previous;
  std::string last_failure;
  bool have_previous = false;
  try {
    previous = evaluate(low);
    have_previous = cancellation < low - need;  // a value that lost too much is no reference
  } catch (const EvaluationError& err) {
    last_failure = err.what();
  }
  while (high <= ceiling) {
    try {
      Real current = evaluate(high);
      ScopedPrecision scope(high);
      const bool accurate = cancellation < high - need;
      if (have_previous && accurate) {
        const double agree = digits_of_agreement(previous, current, low);
        if (agree >= need) {
          out.converged = true;
          out.value = current;
          out.digits = agree;
          out.precision = high;
          return out;
        }
        out.digits = agree;
      }
      previous = current;
      have_previous = accurate;
    } catch (const EvaluationError& err) {
      last_failure = err.what();
      have_previous = false;
    }
    low = high;
    // enough digits to cover the measured cancellation, and at least double
    const double wanted = std::isfinite(cancellation) ? need + cancellation + kGuardDigits : 2.0 * high;
    high = std::max(2 * high, static_cast<unsigned>(std::ceil(wanted)));
  }
  out.value = previous;
  out.precision = low;
  if (!last_failure.empty())
    out.failure = last_failure;
  else if (!std::isfinite(cancellation))
    out.failure = "a sum cancels to exactly 0 at every precision up to " + std::to_string(low) + " digits";
  else
    out.failure = "did not reach " + std::to_string(target_) + " digits by " + std::to_string(low) +
                  " digits of working precision (cancellation)";
  return out;
}

}  // namespace attnverify::num
