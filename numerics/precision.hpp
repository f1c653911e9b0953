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

/// The precisions of one check at working precision P, said once instead of as offsets at
/// each use (docs/design.md §4). Decimal digits unless named bits.
///   P + 10  guarded():           internal arithmetic: quadrature nodes, sums, Arb balls
///   P + 5   evaluation_target(): accuracy of a value that is printed or compared, and the
///           significant digits of a printed midpoint (printed())
///   P + 2   comparison_target(): tolerance of a route refined before its comparison at P
///   P - 5   required():          digits of agreement an `agree` needs
///   P + 20  resolution():        the digits at which a search counts two values as equal
struct Precision {
  unsigned working = 50;  ///< P, the run's --digits

  unsigned guarded() const { return working + kGuardDigits; }
  /// Arb bits of guarded() digits (numerics/ball.hpp's bits_for_digits).
  long ball_bits() const;
  double evaluation_target() const { return working + 5.0; }
  unsigned printed() const { return working + 5; }
  double comparison_target() const { return working + 2.0; }
  double required() const { return working - 5.0; }
  double resolution() const { return working + 20.0; }
};

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

/// A decimal's text ("0.88463185274256462", "9.4206718635779e-312") rounded to `digits`
/// significant digits, exponent kept, read at the text's own length; the text unchanged when it
/// is not a number MPFR reads.
std::string rounded_decimal(const std::string& text, unsigned digits);

}  // namespace attnverify::num
