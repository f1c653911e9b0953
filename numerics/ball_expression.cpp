#include "numerics/ball_expression.hpp"

#include <arb_hypgeom.h>

#include "numerics/program_interpreter.hpp"
#include "proofs/primitive_function.hpp"

namespace attnverify::num {

namespace {

// [0, hi] as a ball whose lower end is exactly 0 (midpoint and radius the same
// magnitude r >= hi/2): arb_set_interval_arf may round the lower end just below 0,
// and sqrt of such a ball would not be finite
void set_zero_to(arb_t x, const arf_t hi) {
  mag_t r;
  mag_init(r);
  arf_get_mag(r, hi);
  mag_mul_2exp_si(r, r, -1);
  arf_set_mag(arb_midref(x), r);
  mag_set(arb_radref(x), r);
  mag_clear(r);
}

// relu on a ball: [0, max(0, upper)]; exact where the ball has one sign
void ball_relu(arb_t x, slong bits) {
  if (arb_is_nonnegative(x)) return;
  if (arb_is_nonpositive(x) || !arb_is_finite(x)) {
    if (arb_is_nonpositive(x)) arb_zero(x);
    return;
  }
  arf_t hi;
  arf_init(hi);
  arb_get_ubound_arf(hi, x, bits);
  set_zero_to(x, hi);
  arf_clear(hi);
}

// step on a ball: 1 above 0, 0 below, 1/2 at an exact 0, [0, 1] on a ball that straddles 0
void ball_step(arb_t x) {
  if (!arb_is_finite(x)) return;
  if (arb_is_zero(x)) {
    arb_set_d(x, 0.5);
  } else if (arb_is_positive(x)) {
    arb_one(x);
  } else if (arb_is_negative(x)) {
    arb_zero(x);
  } else {
    arb_set_d(x, 0.5);
    mag_set_d(arb_radref(x), 0.5);
  }
}

// |x| on a ball: arb_abs keeps the radius, so a ball around 0 would reach below 0 (and
// sqrt of it would not be finite); [0, upper bound of |x|] instead
void ball_abs(arb_t x, slong bits) {
  if (!arb_contains_zero(x) || !arb_is_finite(x)) {
    arb_abs(x, x);
    return;
  }
  arf_t hi;
  arf_init(hi);
  arb_get_abs_ubound_arf(hi, x, bits);
  set_zero_to(x, hi);
  arf_clear(hi);
}

// An increasing function on a wide ball: [F(lower end), F(upper end)], which for a ball
// of large relative radius is far tighter than the midpoint-radius formula (exp of
// [-1.2e7 +/- 1.2e7] is [0, e^-23000] this way, [0 +/- 10^4778262] the other). `F` is
// applied to the exact ends. Narrow balls, and balls that are not finite, are left to F.
// A finite ball whose radius exceeds 2^-20 of its smallest absolute value (every ball
// that contains 0):
// one where the midpoint-radius formulas lose much to the interval's true image.
bool is_wide(const arb_t x) {
  if (!arb_is_finite(x) || arb_is_exact(x)) return false;
  mag_t lower;
  mag_init(lower);
  arb_get_mag_lower(lower, x);  // every point has |x| >= lower
  mag_mul_2exp_si(lower, lower, -20);
  const bool wide = mag_cmp(arb_radref(x), lower) > 0;
  mag_clear(lower);
  return wide;
}

// The exact ends of a finite ball, as exact balls.
void ends(arb_t lo, arb_t hi, const arb_t x, slong bits) {
  arf_t end;
  arf_init(end);
  arb_get_lbound_arf(end, x, bits);
  arb_set_arf(lo, end);
  arb_get_ubound_arf(end, x, bits);
  arb_set_arf(hi, end);
  arf_clear(end);
}

template <class F>
void increasing_on_ends(arb_t x, slong bits, F apply) {
  if (!is_wide(x)) {
    apply(x, x, bits);
    return;
  }
  arb_t lo, hi;
  arb_init(lo);
  arb_init(hi);
  ends(lo, hi, x, bits);
  apply(lo, lo, bits);
  apply(hi, hi, bits);
  arb_union(x, lo, hi, bits);
  arb_clear(lo);
  arb_clear(hi);
}

// x * y on wide balls: the hull of the four products of the ends (the image of a product
// of intervals), each product a ball, so the hull contains the exact image.
void interval_mul(arb_t x, const arb_t y, slong bits) {
  if (!is_wide(x) && !is_wide(y)) {
    arb_mul(x, x, y, bits);
    return;
  }
  arb_t a, b, c, d, p;
  arb_init(a);
  arb_init(b);
  arb_init(c);
  arb_init(d);
  arb_init(p);
  ends(a, b, x, bits);
  ends(c, d, y, bits);
  arb_mul(x, a, c, bits);
  arb_mul(p, a, d, bits);
  arb_union(x, x, p, bits);
  arb_mul(p, b, c, bits);
  arb_union(x, x, p, bits);
  arb_mul(p, b, d, bits);
  arb_union(x, x, p, bits);
  arb_clear(a);
  arb_clear(b);
  arb_clear(c);
  arb_clear(d);
  arb_clear(p);
}

// x^k, k an integer, on a wide ball: monotone on a ball without 0 (the hull of the ends'
// powers); on a ball that contains 0, [0, max(|lo|, |hi|)^k] for even k > 0 and the hull of
// the ends for odd k > 0; negative k there is left to Arb (not finite).
void interval_pow(arb_t x, const fmpz_t k, slong bits) {
  if (!is_wide(x) || (arb_contains_zero(x) && fmpz_sgn(k) < 0)) {
    arb_pow_fmpz(x, x, k, bits);
    return;
  }
  arb_t lo, hi;
  arb_init(lo);
  arb_init(hi);
  const bool even_through_zero = arb_contains_zero(x) && fmpz_is_even(k);
  ends(lo, hi, x, bits);
  if (even_through_zero) {
    arb_abs(lo, lo);
    arb_abs(hi, hi);
    arb_max(hi, lo, hi, bits);
    arb_pow_fmpz(hi, hi, k, bits);
    arb_zero(lo);
  } else {
    arb_pow_fmpz(lo, lo, k, bits);
    arb_pow_fmpz(hi, hi, k, bits);
  }
  arb_union(x, lo, hi, bits);
  arb_clear(lo);
  arb_clear(hi);
}

}  // namespace

BallExpression::BallExpression(const GiNaC::ex& e, std::vector<GiNaC::ex> variables)
    : program_(compile_program(e, variables)), variables_(variables.size()) {
  for (const GiNaC::ex& c : program_.constants) constants_.push_back(ExactConstant::from_ex(c));
  stack_.resize(program_.stack_depth);
  for (const Instruction& ins : program_.code)
    if (is_switch(ins)) ++switches_;
}

Ball BallExpression::operator()(const std::vector<GiNaC::numeric>& point, slong bits) const {
  std::vector<Ball> balls;
  balls.reserve(point.size());
  for (const GiNaC::numeric& v : point) balls.push_back(Ball::from_numeric(v, bits));
  return evaluate(balls, bits);
}

namespace {

// Arb real-ball arithmetic for numerics/program_interpreter.hpp: monotone functions of a
// wide ball on its ends, products and powers by interval rules; each switch records the
// sign of its argument when asked
struct BallOps {
  const std::vector<ExactConstant>& constants;
  const std::vector<Ball>& point;
  slong bits;
  std::vector<int>* switch_signs;
  fmpz_t power;

  BallOps(const std::vector<ExactConstant>& c, const std::vector<Ball>& p, slong b, std::vector<int>* s)
      : constants(c), point(p), bits(b), switch_signs(s) {
    fmpz_init(power);
  }
  ~BallOps() { fmpz_clear(power); }
  BallOps(const BallOps&) = delete;
  BallOps& operator=(const BallOps&) = delete;

  void record(arb_srcptr argument) const {
    if (switch_signs) switch_signs->push_back(arb_is_positive(argument) ? 1 : arb_is_negative(argument) ? -1 : 0);
  }
  void constant(Ball& out, long k) const { constants[static_cast<std::size_t>(k)].to_ball(out.get(), bits); }
  void variable(Ball& out, long k) const { out = point.at(static_cast<std::size_t>(k)); }
  void add(Ball* t, std::size_t n) const {
    for (std::size_t k = 1; k < n; ++k) arb_add(t[0].get(), t[0].get(), t[k].get(), bits);
  }
  void mul(Ball* t, std::size_t n) const {
    for (std::size_t k = 1; k < n; ++k) interval_mul(t[0].get(), t[k].get(), bits);
  }
  void pow_int(Ball& x, long k) {
    fmpz_set_si(power, k);
    interval_pow(x.get(), power, bits);
  }
  void pow(Ball& xb, const Ball& yb) const {
    arb_ptr x = xb.get();
    arb_srcptr y = yb.get();
    if ((is_wide(x) || is_wide(y)) && arb_is_positive(x)) {  // x^y = exp(y log x), each step on ends
      increasing_on_ends(x, bits, arb_log);
      interval_mul(x, y, bits);
      increasing_on_ends(x, bits, arb_exp);
    } else {
      arb_pow(x, x, y, bits);
    }
  }
  void sqrt(Ball& x) const { increasing_on_ends(x.get(), bits, arb_sqrt); }
  void exp(Ball& x) const { increasing_on_ends(x.get(), bits, arb_exp); }
  void log(Ball& x) const { arb_log(x.get(), x.get(), bits); }
  void log1p(Ball& x) const { arb_log1p(x.get(), x.get(), bits); }
  void erf(Ball& x) const { increasing_on_ends(x.get(), bits, arb_hypgeom_erf); }
  void erfc(Ball& x) const { arb_hypgeom_erfc(x.get(), x.get(), bits); }
  void tanh(Ball& x) const { increasing_on_ends(x.get(), bits, arb_tanh); }
  void sinh(Ball& x) const { arb_sinh(x.get(), x.get(), bits); }
  void cosh(Ball& x) const { arb_cosh(x.get(), x.get(), bits); }
  void relu(Ball& x) const {
    record(x.get());
    ball_relu(x.get(), bits);
  }
  void step(Ball& x) const {
    record(x.get());
    ball_step(x.get());
  }
  void abs(Ball& x) const {
    record(x.get());
    ball_abs(x.get(), bits);
  }
  // a registered primitive: its descriptor's enclosure; a switch records its argument's sign
  // as relu, step and abs do (the same test, is_switch, that AcbOps::primitive reads)
  void primitive(Ball& x, long k) const {
    const sym::PrimitiveFunction& f = sym::primitive_at(static_cast<std::size_t>(k));
    if (f.is_switch()) record(x.get());
    f.operations.on_ball(x.get(), x.get(), bits);
  }
};

}  // namespace

Ball BallExpression::evaluate(const std::vector<Ball>& point, slong bits, std::vector<int>* switch_signs) const {
  if (switch_signs) switch_signs->clear();
  BallOps ops(constants_, point, bits, switch_signs);
  interpret(program_.code, stack_.data(), ops);
  return stack_[0];
}

BallEvaluation evaluate_to_accuracy(const BallExpression& e, const std::vector<GiNaC::numeric>& point,
                                    double target_digits, slong start_bits, slong ceiling_bits) {
  BallEvaluation out;
  for (slong bits = start_bits;; bits = std::min(2 * bits, ceiling_bits)) {
    out.value = e(point, bits);
    out.bits = bits;
    if (out.value.is_zero() || out.value.relative_accuracy_digits() >= target_digits) {
      out.accurate = true;
      return out;
    }
    if (bits >= ceiling_bits) return out;
  }
}

}  // namespace attnverify::num
