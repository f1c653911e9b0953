#include "numerics/sequence_sum.hpp"

#include <boost/math/special_functions/fpclassify.hpp>
#include <fmt/format.h>

#include <cmath>

#include "numerics/precision.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/compiled_expression.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::num {

SequenceSum sum_sequence(const GiNaC::ex& weight, const GiNaC::numeric& lambda, unsigned long n, unsigned digits) {
  const auto& s = sym::symbols();
  SequenceSum out;
  out.precision = Precision{digits}.guarded() + static_cast<unsigned>(std::ceil(std::log10(static_cast<double>(n) + 1)));
  const CompiledExpression term(weight, {s.lambda, s.n, s.i}, out.precision);
  ScopedPrecision scope(out.precision);
  std::vector<Real> point{to_real(lambda), Real(n), Real(0)};
  Real sum_abs = 0, sum_square = 0;
  for (unsigned long i = 1; i <= n; ++i) {
    point[2] = i;
    const Real a = term(point);
    if (!(boost::math::isfinite)(a))
      throw EvaluationError(fmt::format("the weight a_i is not a finite number at i = {} (lambda = {}, n = {})", i,
                                        lambda.to_double(), n));
    // sum_abs += |a|, and sum_square += a^2 in one rounding (mpfr_fma, as Boost.Multiprecision
    // evaluates `s += a * a`): in place, no temporaries
    if (mpfr_signbit(a.backend().data()))
      mpfr_sub(sum_abs.backend().data(), sum_abs.backend().data(), a.backend().data(), MPFR_RNDN);
    else
      mpfr_add(sum_abs.backend().data(), sum_abs.backend().data(), a.backend().data(), MPFR_RNDN);
    mpfr_fma(sum_square.backend().data(), a.backend().data(), a.backend().data(), sum_square.backend().data(),
             MPFR_RNDN);
  }
  if (sum_square == 0)
    throw EvaluationError(fmt::format("every weight a_i is 0 at lambda = {}, n = {}: S = 0/0", lambda.to_double(), n));
  if (!(boost::math::isfinite)(sum_square))
    throw EvaluationError(fmt::format("the sum of a_i^2 overflows at lambda = {}, n = {}", lambda.to_double(), n));
  out.mean_abs = sum_abs / n;
  out.mean_square = sum_square / n;
  out.S = out.mean_abs / sqrt(out.mean_square);
  // relative error of S <= err(mean_abs) + err(mean_square)/2 + 2 roundings
  const double unit_roundoff_log10 = -static_cast<double>(out.precision) + std::log10(5.0);
  const double terms = static_cast<double>(n) + static_cast<double>(term.size()) + 4;
  out.error_digits = -(unit_roundoff_log10 + std::log10(2 * terms));
  return out;
}

std::optional<Ball> certified_sequence_sum(const GiNaC::ex& weight, const GiNaC::numeric& lambda, unsigned long n,
                                           unsigned digits, unsigned long max_terms) {
  if (n == 0 || n > max_terms) return std::nullopt;
  const auto& s = sym::symbols();
  const slong bits = bits_for_digits(Precision{digits}.guarded() + std::ceil(std::log10(static_cast<double>(n) + 1)));
  const BallExpression term(weight, {s.lambda, s.n, s.i});
  std::vector<Ball> point{Ball::from_numeric(lambda, bits),
                          Ball::from_numeric(GiNaC::numeric(static_cast<long>(n)), bits), Ball()};
  Ball sum_abs, sum_square, a;
  for (unsigned long i = 1; i <= n; ++i) {
    arb_set_ui(point[2].get(), i);
    a = term.evaluate(point, bits);
    if (!a.finite()) return std::nullopt;
    arb_addmul(sum_square.get(), a.get(), a.get(), bits);
    arb_abs(a.get(), a.get());
    arb_add(sum_abs.get(), sum_abs.get(), a.get(), bits);
  }
  // S_n = (sum|a|/n) / sqrt(sum a^2/n) = sum|a| / sqrt(n sum a^2)
  Ball S;
  arb_mul_ui(S.get(), sum_square.get(), n, bits);
  arb_rsqrt(S.get(), S.get(), bits);
  arb_mul(S.get(), S.get(), sum_abs.get(), bits);
  if (!S.finite()) return std::nullopt;
  return S;
}

}  // namespace attnverify::num
