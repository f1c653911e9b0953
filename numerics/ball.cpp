#include "numerics/ball.hpp"

#include <arf.h>
#include <cln/cln.h>
#include <flint/fmpq.h>
#include <flint/fmpz.h>

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace attnverify::num {

namespace {

std::string integer_text(const GiNaC::numeric& n) {
  std::ostringstream os;
  os << n;  // GiNaC prints integers as plain decimal digits
  return os.str();
}

// arb_set_str for a decimal "m", "me" or "meE": Arb computes 10^E by repeated squaring, seconds
// for an exponent of thousands of digits (a claim exp(-10^9999 gamma^-60) printed at a search
// point: the claim fuzzer, 2026-11-29); such an exponent is taken as exp(E log 10) instead, with
// log2 |E| guard bits. Returns Arb's error code (0 on success).
int set_decimal(arb_t out, const std::string& text, slong bits) {
  const std::string::size_type e = text.find_first_of("eE");
  if (e == std::string::npos) return arb_set_str(out, text.c_str(), bits);
  std::string::size_type digits_from = e + 1;
  if (digits_from < text.size() && (text[digits_from] == '-' || text[digits_from] == '+')) ++digits_from;
  if (text.size() - digits_from <= 18) return arb_set_str(out, text.c_str(), bits);
  for (std::string::size_type k = digits_from; k < text.size(); ++k)
    if (text[k] < '0' || text[k] > '9') return 1;
  fmpz_t exponent;
  fmpz_init(exponent);
  const std::string exponent_text = text.substr(text[e + 1] == '+' ? e + 2 : e + 1);
  int status = fmpz_set_str(exponent, exponent_text.c_str(), 10);
  arb_t mantissa, power;
  arb_init(mantissa);
  arb_init(power);
  if (status == 0) status = arb_set_str(mantissa, text.substr(0, e).c_str(), bits);
  if (status == 0) {
    const slong guarded = bits + static_cast<slong>(fmpz_bits(exponent)) + 16;
    arb_const_log10(power, guarded);
    arb_mul_fmpz(power, power, exponent, guarded);
    arb_exp(power, power, guarded);
    arb_mul(out, mantissa, power, bits);
  }
  arb_clear(mantissa);
  arb_clear(power);
  fmpz_clear(exponent);
  return status;
}

}  // namespace

Ball Ball::from_numeric(const GiNaC::numeric& z, slong bits) {
  Ball out;
  ExactConstant::from_ex(z).to_ball(out.get(), bits);
  return out;
}

ExactConstant ExactConstant::from_ex(const GiNaC::ex& value) {
  ExactConstant out;
  if (value.is_equal(GiNaC::Pi)) {
    out.pi_ = true;
    return out;
  }
  if (!GiNaC::is_exactly_a<GiNaC::numeric>(value)) throw std::domain_error("not a number or pi");
  const GiNaC::numeric z = GiNaC::ex_to<GiNaC::numeric>(value);
  if (!z.is_real()) throw std::domain_error("a complex number has no real ball");
  GiNaC::numeric q = z;
  if (!z.is_rational()) q = GiNaC::numeric(cln::rational(cln::realpart(z.to_cl_N())));
  fmpz_set_str(fmpq_numref(out.value_), integer_text(q.numer()).c_str(), 10);
  fmpz_set_str(fmpq_denref(out.value_), integer_text(q.denom()).c_str(), 10);
  return out;
}

void ExactConstant::to_ball(arb_t out, slong bits) const {
  if (pi_)
    arb_const_pi(out, bits);
  else
    arb_set_fmpq(out, value_, bits);
}

double Ball::relative_accuracy_digits() const {
  if (!finite() || contains_zero()) return -std::numeric_limits<double>::infinity();
  if (exact()) return std::numeric_limits<double>::infinity();
  // log10(|m|) - log10(r), from the exponents and leading bits of m and r (a double
  // would overflow for values such as 1e-434294481903251837)
  fmpz_t e;
  fmpz_init(e);
  double mantissa_m = 0, mantissa_r = 0;
  slong exp_m = 0, exp_r = 0;
  {
    arf_t m;
    arf_init(m);
    arf_abs(m, arb_midref(value_));
    arf_frexp(m, e, m);  // m in [1/2, 1)
    mantissa_m = arf_get_d(m, ARF_RND_DOWN);
    exp_m = fmpz_get_si(e);
    arf_clear(m);
  }
  {
    arf_t r;
    arf_init(r);
    arf_set_mag(r, arb_radref(value_));
    arf_frexp(r, e, r);
    mantissa_r = arf_get_d(r, ARF_RND_UP);
    exp_r = fmpz_get_si(e);
    arf_clear(r);
  }
  fmpz_clear(e);
  const double log10_2 = 0.30102999566398120;
  // the exponents apart in double: fmpz_get_si clamps a huge exponent near LONG_MIN or LONG_MAX, whose
  // difference overflows a long (the claim fuzzer: cosh(50**gamma)^2)
  return std::log10(mantissa_m) - std::log10(mantissa_r) + (static_cast<double>(exp_m) - static_cast<double>(exp_r)) * log10_2;
}

Ball Ball::from_text(const std::string& mid, const std::string& rad, unsigned mid_digits, slong bits) {
  Ball out, radius;
  if (set_decimal(out.value_, mid, bits) != 0 || !out.finite())
    throw std::invalid_argument("'" + mid.substr(0, 40) + "' is not a finite decimal number");
  if (arb_set_str(radius.value_, rad.c_str(), 30) != 0 || !radius.finite() || !arb_is_nonnegative(radius.value_))
    throw std::invalid_argument("'" + rad.substr(0, 40) + "' is not a radius (a decimal number >= 0)");
  // the printed midpoint is the true one rounded to mid_digits significant digits: its
  // error is at most half a unit in the last digit, below |mid| * 10^(1 - mid_digits)
  Ball rounding;
  arb_abs(rounding.value_, out.value_);
  Ball scale;
  arb_set_si(scale.value_, 10);
  arb_pow_ui(scale.value_, scale.value_, mid_digits > 0 ? mid_digits - 1 : 0, 64);
  arb_div(rounding.value_, rounding.value_, scale.value_, 64);
  arb_add_error(out.value_, rounding.value_);
  arb_add_error(out.value_, radius.value_);
  return out;
}

std::string Ball::midpoint_text(unsigned digits) const {
  if (!finite()) return "nan";
  Ball mid;
  arb_get_mid_arb(mid.get(), value_);
  char* text = arb_get_str(mid.get(), static_cast<slong>(digits), ARB_STR_NO_RADIUS);
  std::string out(text);
  flint_free(text);
  return out;
}

std::string Ball::radius_text() const {
  if (!finite()) return "inf";
  if (exact()) return "0";
  // Arb prints a ball centred at 0 as "[+/- r]" with r rounded up: an upper bound
  Ball centred;
  mag_set(arb_radref(centred.get()), arb_radref(value_));
  char* text = arb_get_str(centred.get(), 3, 0);
  std::string out(text);
  flint_free(text);
  const std::string prefix = "[+/- ";
  if (out.rfind(prefix, 0) == 0 && !out.empty() && out.back() == ']')
    out = out.substr(prefix.size(), out.size() - prefix.size() - 1);
  return out;
}

std::pair<std::string, std::string> Ball::printed(unsigned digits) const {
  if (!finite()) return {"nan", "inf"};
  const std::string mid = midpoint_text(digits);
  // |x - mid| over the ball: the printed decimal held exactly enough (a ball of its own,
  // whose tiny radius only widens the bound), subtracted from this ball
  // enough bits for the midpoint's mantissa and for the decimal (an exact ball has an unbounded
  // relative accuracy, so that is not the measure)
  const slong bits = std::max<slong>(arb_bits(value_), bits_for_digits(static_cast<double>(mid.size()))) + 64;
  Ball decimal, distance;
  if (set_decimal(decimal.value_, mid, bits) != 0) return {"nan", "inf"};
  arb_sub(distance.value_, value_, decimal.value_, bits);
  arb_abs(distance.value_, distance.value_);
  arf_t upper;
  arf_init(upper);
  arb_get_ubound_arf(upper, distance.value_, 64);
  Ball radius;
  arf_get_mag(arb_radref(radius.value_), upper);  // rounded up
  arf_clear(upper);
  return {mid, radius.radius_text()};
}

double Ball::midpoint_double() const {
  if (!finite()) return std::numeric_limits<double>::quiet_NaN();
  return arf_get_d(arb_midref(value_), ARF_RND_NEAR);
}

slong bits_for_digits(double digits) { return static_cast<slong>(std::ceil(digits * 3.3219280948873623)) + 4; }

void release_ball_caches() { flint_cleanup(); }

}  // namespace attnverify::num
