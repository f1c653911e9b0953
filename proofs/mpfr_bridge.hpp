// Exact conversions between GiNaC numbers (CLN) and MPFR values, used where GiNaC's
// evalf must call an MPFR function (erf, erfc). Nothing passes through double:
//  - numeric -> mpfr: a rational p/q (and a CLN float, converted to its exact
//    rational value first) becomes mpfr(p)/mpfr(q), correctly rounded;
//  - mpfr -> numeric: x = m * 2^e exactly (mpfr_get_z_2exp), then the rational
//    m * 2^e is converted to a GiNaC float at the requested digits.
#pragma once

#include <ginac/ginac.h>
#include <mpfr.h>

namespace attnverify::sym::detail {

/// Binary precision (bits) that carries `digits` decimal digits, plus 4 guard bits.
mpfr_prec_t bits_for_digits(long digits);

/// RAII owner of an mpfr_t with the precision of `digits` decimal digits.
class MpfrValue {
 public:
  explicit MpfrValue(long digits);
  ~MpfrValue();
  MpfrValue(const MpfrValue&) = delete;
  MpfrValue& operator=(const MpfrValue&) = delete;
  mpfr_ptr get() { return value_; }

 private:
  mpfr_t value_;
};

/// Sets `out` to the real number `z`, correctly rounded. Throws std::domain_error for complex z.
void numeric_to_mpfr(const GiNaC::numeric& z, mpfr_ptr out);

/// Exact rational value of the finite MPFR number `x`, rounded to a GiNaC float of `digits` digits.
GiNaC::ex mpfr_to_numeric(mpfr_srcptr x, long digits);

}  // namespace attnverify::sym::detail
