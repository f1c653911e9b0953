#include "numerics/power_chain.hpp"

#include <cstdlib>

namespace attnverify::num {

namespace {
constexpr long kMaxStep = 64;
constexpr unsigned long kMaxRoundings = 1ul << 21;
constexpr mpfr_prec_t kExtraBits = 64;
constexpr long kMaxExponent = 1l << 62;

// Whether v is a number the chain may build on: finite, non-zero, and clear of the exponent
// range's ends (an underflow rounded to nearest can return the smallest positive number, a
// normal number whose error is no longer a few roundings: refused with a margin).
bool usable(mpfr_srcptr v) {
  return mpfr_regular_p(v) && mpfr_get_exp(v) > mpfr_get_emin() + 2 && mpfr_get_exp(v) < mpfr_get_emax() - 2;
}

// ceil(log2(r)) for r >= 1
long ceil_log2(unsigned long r) {
  long k = 0;
  while ((1ul << k) < r) ++k;
  return k;
}
}  // namespace

PowerChain::PowerChain() {
  mpfr_init2(base_, MPFR_PREC_MIN);
  mpfr_init2(value_, MPFR_PREC_MIN);
  mpfr_init2(factor_, MPFR_PREC_MIN);
}

PowerChain::~PowerChain() {
  mpfr_clear(base_);
  mpfr_clear(value_);
  mpfr_clear(factor_);
}

PowerChain::PowerChain(const PowerChain&) : PowerChain() {}

PowerChain& PowerChain::operator=(const PowerChain& other) {
  if (this != &other) forget();
  return *this;
}

void PowerChain::forget() {
  known_ = have_value_ = false;
  factor_step_ = 0;
}

bool PowerChain::power(mpfr_ptr out, mpfr_srcptr x, mpfr_srcptr y) {
  const mpfr_prec_t p = mpfr_get_prec(x);
  if (!mpfr_regular_p(x) || !mpfr_integer_p(y) || !mpfr_fits_slong_p(y, MPFR_RNDN) || mpfr_get_prec(out) != p) {
    forget();
    return false;
  }
  const long e = mpfr_get_si(y, MPFR_RNDN);
  if (e > kMaxExponent || e < -kMaxExponent) {  // beyond it, e - exponent_ could overflow a long
    forget();
    return false;
  }
  const bool same_base = known_ && mpfr_get_prec(base_) == p && mpfr_equal_p(base_, x);
  // |e|, |exponent_| <= 2^62: their difference fits a long
  const long difference = e - exponent_;
  const bool small_step = same_base && difference != 0 && difference <= kMaxStep && difference >= -kMaxStep;
  if (!small_step) {
    // remember (x, e): a chain starts if the next call steps from here
    if (mpfr_get_prec(base_) != p) mpfr_set_prec(base_, p);
    mpfr_set(base_, x, MPFR_RNDN);  // exact: same precision
    known_ = true;
    have_value_ = false;
    factor_step_ = 0;
    exponent_ = e;
    return false;
  }
  const long step = difference;
  const mpfr_prec_t q = p + kExtraBits;
  if (!have_value_ || roundings_ >= kMaxRoundings) {
    mpfr_set_prec(value_, q);
    mpfr_pow_si(value_, x, e, MPFR_RNDN);  // one rounding
    roundings_ = 1;
    have_value_ = true;
  } else {
    if (factor_step_ != step) {
      // x^s, or x^-|s| = 1/x^|s| for a step down (a multiplication a step is about half a division)
      mpfr_set_prec(factor_, q);
      factor_rounded_ = mpfr_pow_si(factor_, x, step, MPFR_RNDN) != 0;
      factor_step_ = step;
      if (!usable(factor_)) {
        factor_step_ = 0;
        have_value_ = false;
        exponent_ = e;
        return false;
      }
    }
    mpfr_mul(value_, value_, factor_, MPFR_RNDN);
    roundings_ += factor_rounded_ ? 2 : 1;
  }
  exponent_ = e;
  if (!usable(value_)) {  // (an overflow or underflow, or near one: no chain through it)
    have_value_ = false;
    return false;
  }
  const mpfr_exp_t err = q - 2 - ceil_log2(roundings_);
  if (!mpfr_can_round(value_, err, MPFR_RNDN, MPFR_RNDN, p)) return false;
  mpfr_set(out, value_, MPFR_RNDN);
  return true;
}

}  // namespace attnverify::num
