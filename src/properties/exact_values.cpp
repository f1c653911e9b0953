#include "src/properties/exact_values.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/agreement.hpp"
#include "numerics/ball_expression.hpp"
#include "proofs/definedness.hpp"
#include "proofs/domain_rewrites.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/symbols.hpp"

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

// Whether e holds a floating-point number (GiNaC's numeric that is not a rational): no exact
// value, so nothing about it is decided exactly.
static bool has_float(const ex& e) {
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (GiNaC::is_a<GiNaC::numeric>(*it) && !GiNaC::ex_to<GiNaC::numeric>(*it).is_cinteger() &&
        !GiNaC::ex_to<GiNaC::numeric>(*it).is_crational())
      return true;
  return false;
}

ExactComparison compare_exactly(const ex& a, const ex& b) {
  if (has_float(a) || has_float(b)) return ExactComparison::Undecided;
  // balls first: a difference they show is cheap, where the zero test of constants with large
  // exponentials could run for minutes (S of exp(lambda i) against a bound at n = 1000: the attack
  // of 2026-11-29)
  try {
    const num::BallExpression difference(a - b, {});
    for (const slong bits : {256, 1024, 4096, 16384}) {
      const num::Ball d = difference({}, bits);
      if (d.finite() && !d.contains_zero()) return ExactComparison::Apart;
    }
  } catch (const std::exception&) {
  }
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
  return ExactComparison::Undecided;
}

ExactComparison compare_exactly_at(const ex& a, const ex& b, const std::vector<ex>& symbols,
                                   const std::vector<GiNaC::numeric>& at) {
  return compare_exactly_at(a, b, symbols, std::vector<ex>(at.begin(), at.end()));
}

ExactComparison compare_exactly_at(const ex& a, const ex& b, const std::vector<ex>& symbols, const std::vector<ex>& at) {
  try {
    GiNaC::exmap point;
    for (std::size_t k = 0; k < symbols.size() && k < at.size(); ++k) point[symbols[k]] = at[k];
    if (!sym::exact_substitution_is_cheap(a, point) || !sym::exact_substitution_is_cheap(b, point))
      return ExactComparison::Undecided;
    const auto constant = [&](const ex& e) { return GiNaC::normal(sym::resolve_signed_switches(e.subs(point), {})); };
    const ex x = constant(a), y = constant(b);
    if (!sym::has_no_symbol(x) || !sym::has_no_symbol(y)) return ExactComparison::Undecided;
    return compare_exactly(x, y);
  } catch (const std::exception&) {
    return ExactComparison::Undecided;
  }
}

std::vector<std::vector<ex>> quadratic_irrational_candidates(double b, double g) {
  std::vector<std::vector<ex>> out;
  if (!(g > 0) || !std::isfinite(b) || !std::isfinite(g)) return out;
  const double t = b / g;
  std::vector<ex> gammas{ex(1)};
  // g to 3 significant digits, as an exact decimal
  const int k = 2 - static_cast<int>(std::floor(std::log10(g)));
  if (std::abs(k) < 15) {
    const GiNaC::numeric scale = GiNaC::pow(GiNaC::numeric(10), GiNaC::numeric(k));
    const GiNaC::numeric rounded = GiNaC::numeric(static_cast<long>(std::llround(g * std::pow(10.0, k)))) / scale;
    if (rounded.is_positive() && rounded != 1) gammas.push_back(rounded);
  }
  const auto add = [&](const ex& ratio) {
    for (const ex& g0 : gammas) {
      std::vector<ex> p{ratio * g0, g0};
      if (std::none_of(out.begin(), out.end(), [&](const std::vector<ex>& q) { return q[0].is_equal(p[0]) && q[1].is_equal(p[1]); }))
        out.push_back(p);
    }
  };
  for (long q = 1; q <= 12 && out.size() < 24; ++q) {
    const double p2 = std::round(t * t * q);
    if (p2 > 0 && std::abs(t * t - p2 / q) <= 2e-3 * std::max(1.0, t * t))
      // pow of an ex, not GiNaC::sqrt of a numeric, which is a floating-point number
      add((t < 0 ? -1 : 1) * GiNaC::pow(ex(GiNaC::numeric(static_cast<long>(p2), q)), GiNaC::numeric(1, 2)));
    const double p1 = std::round(t * q);
    if (std::abs(t - p1 / q) <= 2e-3 * std::max(1.0, std::abs(t))) add(GiNaC::numeric(static_cast<long>(p1), q));
  }
  return out;
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
