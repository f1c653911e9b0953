#include "numerics/adaptive_evaluation.hpp"

#include "numerics/agreement.hpp"

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
  auto evaluate = [&](unsigned digits) {
    ScopedPrecision scope(digits);
    std::vector<Real> values;
    for (const auto& v : point) values.push_back(to_real(v));
    return at_precision(digits)(values);
  };
  const unsigned ceiling = 16 * target_;
  unsigned low = target_ + kGuardDigits;
  unsigned high = low + std::max(20u, low / 2);
  Real previous;
  std::string last_failure;
  bool have_previous = false;
  try {
    previous = evaluate(low);
    have_previous = true;
  } catch (const EvaluationError& err) {
    last_failure = err.what();
  }
  while (high <= ceiling) {
    try {
      Real current = evaluate(high);
      ScopedPrecision scope(high);
      if (have_previous) {
        const double agree = digits_of_agreement(previous, current, low);
        if (agree >= target_ + 2) {
          out.converged = true;
          out.value = current;
          out.digits = agree;
          out.precision = high;
          return out;
        }
        out.digits = agree;
      }
      previous = current;
      have_previous = true;
    } catch (const EvaluationError& err) {
      last_failure = err.what();
      have_previous = false;
    }
    low = high;
    high *= 2;
  }
  out.value = previous;
  out.precision = low;
  out.failure = last_failure.empty()
                    ? "did not reach " + std::to_string(target_) + " digits by " + std::to_string(low) +
                          " digits of working precision (cancellation)"
                    : last_failure;
  return out;
}

}  // namespace attnverify::num
