// Working precision for all numeric routes.
//
// Real is Boost.Multiprecision's MPFR float with run-time precision. Its default
// precision is a process-wide static in Boost 1.74 (not thread-local), so every
// numeric routine sets it through ScopedPrecision (RAII: restored on exit and on
// exceptions). Parallel code (the quadrature grid of
// src/kinds/kernel/kernel_route.hpp) sets the precision before its threads start; inside them a
// ScopedPrecision of the same precision writes nothing.
//
// Units: precision is given in decimal digits. "Working precision P" means the
// targets are P digits; internal arithmetic adds kGuardDigits (docs/design.md §4).
#pragma once

#include <boost/multiprecision/mpfr.hpp>

#include <string>

namespace attnverify::num {

using Real = boost::multiprecision::mpfr_float;

/// Guard digits added to the working precision inside quadrature and summation.
inline constexpr unsigned kGuardDigits = 10;

/// Sets Real's default precision to `digits` decimal digits for the lifetime of the
/// object. When it already is `digits` nothing is written, so numeric code may run in
/// parallel threads once the caller has set the precision outside them (a write
/// inside parallel code would race on the process-wide value).
class ScopedPrecision {
 public:
  explicit ScopedPrecision(unsigned digits) : saved_(Real::default_precision()) {
    if (saved_ != digits) Real::default_precision(digits);
    // MPFR's widest exponent range (about 10^(+-1.4e18); the default stops near
    // 10^(-3.2e8)), so that far Gaussian tails do not underflow to 0; the range is
    // thread-local in MPFR, and widening it never changes a value that fitted before
    if (mpfr_get_emin() != mpfr_get_emin_min()) mpfr_set_emin(mpfr_get_emin_min());
    if (mpfr_get_emax() != mpfr_get_emax_max()) mpfr_set_emax(mpfr_get_emax_max());
  }
  ~ScopedPrecision() {
    if (Real::default_precision() != saved_) Real::default_precision(saved_);
  }
  ScopedPrecision(const ScopedPrecision&) = delete;
  ScopedPrecision& operator=(const ScopedPrecision&) = delete;

 private:
  unsigned saved_;
};

/// Decimal text of x with `digits` significant digits (scientific when needed), e.g. for results.json.
std::string to_decimal(const Real& x, unsigned digits);

}  // namespace attnverify::num
