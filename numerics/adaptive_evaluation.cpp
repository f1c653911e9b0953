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
    have_previous = true;
  } catch (const EvaluationError& err) {
    last_failure = err.what();
  }
  while (high <= ceiling) {
    // enough digits to cover the measured cancellation, and at least double
    auto next_precision = [&] {
      const double wanted = std::isfinite(cancellation) ? need + cancellation + kGuardDigits : 2.0 * high;
      return std::max(2 * high, static_cast<unsigned>(std::ceil(wanted)));
    };
    try {
      Real current = evaluate(high);
      ScopedPrecision scope(high);
      const bool total_loss = !std::isfinite(cancellation);
      const bool last = next_precision() > ceiling;
      const bool accurate = !total_loss && cancellation < high - need;
      if (have_previous && (accurate || (total_loss && last))) {
        const double agree = digits_of_agreement(previous, current, low);
        if (agree >= need) {
          out.converged = true;
          out.value = current;
          out.digits = agree;
          out.precision = high;
          if (total_loss)
            out.note = "a sum vanished to rounding level at every precision up to " + std::to_string(high) +
                       " digits and was taken as an exact zero";
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
    high = next_precision();
  }
  out.value = previous;
  out.precision = low;
  if (!last_failure.empty())
    out.failure = last_failure;
  else
    out.failure = "did not reach " + std::to_string(target_) + " digits by " + std::to_string(low) +
                  " digits of working precision (cancellation)";
  return out;
}

}  // namespace attnverify::num
