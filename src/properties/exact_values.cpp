#include "src/properties/exact_values.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/agreement.hpp"
#include "numerics/ball_expression.hpp"
#include "proofs/definedness.hpp"
#include "proofs/domain_rewrites.hpp"
#include "proofs/equivalence.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;
using num::Real;

// Whether two exact numbers are equal: symbolically if possible, else to P - 5 digits.
// Returns the digits of agreement (P + 10 when proved equal).
double agreement(const ex& a, const ex& b, unsigned digits) {
  if (sym::is_identically_zero(a - b)) return num::Precision{digits}.guarded();
  const num::Evaluation x = num::AdaptiveEvaluator(a, {}, digits)({});
  const num::Evaluation y = num::AdaptiveEvaluator(b, {}, digits)({});
  if (!x.converged || !y.converged) return std::numeric_limits<double>::quiet_NaN();
  num::ScopedPrecision scope(std::max(x.precision, y.precision));
  return num::digits_of_agreement(x.value, y.value, num::Precision{digits}.guarded());
}

bool positive_by_a_ball(const GiNaC::ex& c) {
  try {
    const num::BallExpression b(c, {});
    const num::BallEvaluation e = num::evaluate_to_accuracy(b, {}, 10, 128, 16384);
    return e.value.finite() && e.value.positive();
  } catch (const std::exception&) {
    return false;
  }
}

std::string decimal(const ex& e, unsigned digits, unsigned shown) {
  const num::Evaluation v = num::AdaptiveEvaluator(e, {}, digits)({});
  if (!v.converged) return "(not evaluated: " + v.failure + ")";
  num::ScopedPrecision scope(v.precision);
  return num::to_decimal(v.value, shown);
}

ExactComparison compare_exactly(const ex& a, const ex& b) {
  try {
    if (sym::is_identically_zero(a - b)) return ExactComparison::Equal;
  } catch (const std::exception&) {
  }
  // two positive (or two negative) numbers with equal squares are equal: the square removes a
  // root the zero test does not see through (10 sqrt(7)/41 against
  // 5 sqrt(2) sqrt(14 e^(9/5)) e^(-9/10)/41, the probe of 2026-11-29); the signs by balls
  try {
    const bool positive = positive_by_a_ball(a) && positive_by_a_ball(b);
    const bool negative = !positive && positive_by_a_ball(-a) && positive_by_a_ball(-b);
    if ((positive || negative) && sym::is_identically_zero(GiNaC::expand(a * a - b * b))) return ExactComparison::Equal;
  } catch (const std::exception&) {
  }
  try {
    const num::BallExpression difference(a - b, {});
    for (const slong bits : {256, 1024, 4096, 16384}) {
      const num::Ball d = difference({}, bits);
      if (d.finite() && !d.contains_zero()) return ExactComparison::Apart;
    }
  } catch (const std::exception&) {
  }
  return ExactComparison::Undecided;
}

ExactComparison compare_exactly_at(const ex& a, const ex& b, const std::vector<ex>& symbols,
                                   const std::vector<GiNaC::numeric>& at) {
  try {
    GiNaC::exmap point;
    for (std::size_t k = 0; k < symbols.size() && k < at.size(); ++k) point[symbols[k]] = at[k];
    if (!sym::exact_substitution_is_cheap(a, point) || !sym::exact_substitution_is_cheap(b, point))
      return ExactComparison::Undecided;
    const auto constant = [&](const ex& e) { return GiNaC::normal(sym::resolve_signed_switches(e.subs(point), {})); };
    const ex x = constant(a), y = constant(b);
    for (const ex& e : {x, y})
      for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
        if (GiNaC::is_a<GiNaC::symbol>(*it)) return ExactComparison::Undecided;
    return compare_exactly(x, y);
  } catch (const std::exception&) {
    return ExactComparison::Undecided;
  }
}

std::string ball_text(const num::Ball& b) { return "[" + b.midpoint_text(12) + " +/- " + b.radius_text() + "]"; }

num::Ball negated(const num::Ball& b) {
  num::Ball out;
  arb_neg(out.get(), b.get());
  return out;
}

// A dyadic rational in (x/2, x] for x > 0 (0 for x <= 0 or not finite).
numeric dyadic_below(double x) {
  if (!(x > 0) || !std::isfinite(x)) return 0;
  int exponent = 0;
  std::frexp(x, &exponent);  // x in [2^(exponent-1), 2^exponent)
  return numeric(2).power(exponent - 1);
}

// The exact value of an MPFR number, as a rational m 2^e.
numeric exact_rational(const Real& v) {
  mpz_t m;
  mpz_init(m);
  const long e = mpfr_get_z_2exp(m, v.backend().data());
  char* digits = mpz_get_str(nullptr, 10, m);
  const numeric mantissa(digits);
  void (*release)(void*, size_t);
  mp_get_memory_functions(nullptr, nullptr, &release);
  release(digits, std::strlen(digits) + 1);
  mpz_clear(m);
  return mantissa * numeric(2).power(e);
}

}  // namespace attnverify
