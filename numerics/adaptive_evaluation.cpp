#include "numerics/adaptive_evaluation.hpp"

#include "numerics/agreement.hpp"
#include "numerics/ball_expression.hpp"

#include <fmt/format.h>

#include <cmath>

namespace attnverify::num {

AdaptiveEvaluator::AdaptiveEvaluator(GiNaC::ex e, std::vector<GiNaC::ex> variables, unsigned target_digits)
    : expression_(std::move(e)), variables_(std::move(variables)), target_(target_digits) {
  max_digits_ = at_precision(target_ + kGuardDigits).max_digits();  // compile errors surface here
}

const CompiledExpression& AdaptiveEvaluator::at_precision(unsigned digits) const {
  auto& slot = compiled_[digits];
  if (!slot) slot = std::make_unique<CompiledExpression>(expression_, variables_, digits);
  return *slot;
}

Evaluation AdaptiveEvaluator::operator()(const std::vector<GiNaC::numeric>& point) const {
  Evaluation out;
  struct Sample {
    Real value;
    double cancellation;  // digits lost to cancellation (+inf: total loss)
  };
  auto evaluate = [&](unsigned digits) {
    ScopedPrecision scope(digits);
    std::vector<Real> values;
    for (const auto& v : point) values.push_back(to_real(v));
    const CompiledExpression& program = at_precision(digits);
    Sample sample{program(values), 0};
    sample.cancellation = program.last_cancellation_digits();
    return sample;
  };
  // 16 P digits, or lower where a function cannot be evaluated higher (erf/erfc)
  const unsigned ceiling = max_digits_ ? std::min(16 * target_, max_digits_) : 16 * target_;
  const double need = target_ + 2;
  auto accurate = [&](const Sample& x, unsigned digits) { return x.cancellation < static_cast<double>(digits) - need; };
  // Confirms `first` (at precision p) by a second precision: above p, or below it at the
  // ceiling. Returns true and fills `out` when the two agree to `need` digits.
  auto confirm = [&](const Sample& first, unsigned p, bool total_loss) {
    unsigned q = p + std::max(20u, p / 2);
    if (q > ceiling) q = p - std::max(10u, p / 10);
    if (q <= target_ + kGuardDigits / 2) return false;
    const Sample second = evaluate(q);
    if (total_loss != !std::isfinite(second.cancellation)) return false;
    if (!total_loss && !accurate(second, q)) return false;
    ScopedPrecision scope(std::max(p, q));
    const double agree = digits_of_agreement(first.value, second.value, std::min(p, q));
    out.digits = agree;
    if (agree < need) return false;
    out.converged = true;
    out.value = q > p ? second.value : first.value;
    out.precision = std::max(p, q);
    return true;
  };
  std::string last_failure;
  bool nonfinite_after_cancellation = false;
  unsigned p = target_ + kGuardDigits;
  while (true) {
    Sample x;
    try {
      x = evaluate(p);
    } catch (const EvaluationError& err) {
      last_failure = err.what();
      const double lost = at_precision(p).last_cancellation_digits();
      nonfinite_after_cancellation = !std::isfinite(lost) || lost >= static_cast<double>(p) - need;
      out.not_finite = !nonfinite_after_cancellation;
      if (p >= ceiling) break;
      p = std::min(2 * p, ceiling);
      continue;
    }
    out.value = x.value;
    out.precision = p;
    out.not_finite = false;
    last_failure.clear();
    const bool total_loss = !std::isfinite(x.cancellation);
    try {
      if (accurate(x, p) && confirm(x, p, false)) return out;
    } catch (const EvaluationError& err) {
      last_failure = err.what();
    }
    if (p >= ceiling) break;
    const double wanted = total_loss ? 2.0 * p : need + x.cancellation + kGuardDigits;
    p = std::min(std::max(p + std::max(20u, p / 2), static_cast<unsigned>(std::ceil(wanted))), ceiling);
  }
  // MPFR could not settle it; ball arithmetic can, where the cancellation is real but
  // harmless ((beta^2 - 1/100) erf(gamma) + gamma at beta = 1/10) or resolvable at a
  // higher precision ((1 + e^-2000)^2 - 1): the ball's radius is a bound, so an accurate
  // ball is a correct value whatever cancelled on the way
  if (!(!last_failure.empty() && !nonfinite_after_cancellation)) {
    try {
      const BallExpression balls(expression_, variables_);
      const BallEvaluation b =
          evaluate_to_accuracy(balls, point, target_ + 2.0, bits_for_digits(target_ + kGuardDigits));
      if (b.accurate && b.value.finite()) {
        const unsigned digits = target_ + kGuardDigits;
        ScopedPrecision scope(digits);
        out.converged = true;
        out.value = Real(b.value.midpoint_text(digits));
        out.digits = std::min(b.value.relative_accuracy_digits(), static_cast<double>(digits));
        out.precision = digits;
        out.not_finite = false;
        out.note = fmt::format("MPFR's evaluation cancelled; enclosed with ball arithmetic at {} bits instead", b.bits);
        return out;
      }
    } catch (const std::exception&) {
    }
  }
  if (!last_failure.empty() && nonfinite_after_cancellation)
    last_failure = "undecided: not finite at every precision up to " + std::to_string(p) +
                   " digits, but a sum feeding it had cancelled completely (catastrophic cancellation, not a proven "
                   "singularity)";
  out.failure = !last_failure.empty()
                    ? last_failure
                    : "did not reach " + std::to_string(target_) + " digits by " + std::to_string(out.precision) +
                          " digits of working precision: a sum cancelled " +
                          (std::isfinite(at_precision(out.precision).last_cancellation_digits())
                               ? "too far"
                               : "completely, which proves nothing (it is not taken as 0)");
  return out;
}

}  // namespace attnverify::num
