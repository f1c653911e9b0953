// Ball arithmetic (Arb, F. Johansson, "Arb: efficient arbitrary-precision midpoint-radius
// interval arithmetic", IEEE Trans. Computers 66 (2017) 1281-1292): a real number is
// enclosed in a ball [m +/- r]; every Arb operation returns a ball that contains the
// exact result of the operation on every point of its input balls. A statement proved
// on balls (two balls are disjoint, a ball lies above a bound) is therefore a proof
// about the exact numbers, whatever rounding happened on the way.
//
// Ball is the RAII owner of one arb_t. Precision is given per operation in bits
// (Arb's convention); bits_for_digits converts from the project's decimal digits.
// A ball that is not finite (infinite radius or NaN midpoint) encloses nothing useful:
// Arb returns it for a division by a ball that contains 0, the square root or log
// of a ball that reaches below 0, or an exponent beyond Arb's range.
#pragma once

#include <arb.h>
#include <flint/fmpq.h>
#include <ginac/ginac.h>

#include <string>

namespace attnverify::num {

class Ball {
 public:
  Ball() { arb_init(value_); }
  ~Ball() { arb_clear(value_); }
  Ball(const Ball& other) {
    arb_init(value_);
    arb_set(value_, other.value_);
  }
  Ball& operator=(const Ball& other) {
    if (this != &other) arb_set(value_, other.value_);
    return *this;
  }
  Ball(Ball&& other) noexcept {
    arb_init(value_);
    arb_swap(value_, other.value_);
  }
  Ball& operator=(Ball&& other) noexcept {
    arb_swap(value_, other.value_);
    return *this;
  }

  arb_ptr get() { return value_; }
  arb_srcptr get() const { return value_; }

  /// The exact rational `value` (GiNaC numeric, a CLN float is taken at its exact
  /// value), rounded to `bits` with the rounding error in the radius. Throws
  /// std::domain_error for a complex number.
  static Ball from_numeric(const GiNaC::numeric& value, slong bits);
  /// A ball read from {"mid": mid, "rad": rad} text, mid with `mid_digits` significant digits:
  /// [mid +/- (rad + half a unit in the last printed digit of mid)]. Ball::printed's radius
  /// already covers the rounding of mid, so for its text the extra half unit only widens;
  /// it keeps a ball printed by midpoint_text and radius_text alone contained too. Throws
  /// std::invalid_argument for text that is not a finite decimal number or a radius < 0.
  static Ball from_text(const std::string& mid, const std::string& rad, unsigned mid_digits, slong bits);

  bool finite() const { return arb_is_finite(value_) != 0; }
  bool exact() const { return arb_is_exact(value_) != 0; }
  bool is_zero() const { return arb_is_zero(value_) != 0; }
  bool contains_zero() const { return arb_contains_zero(value_) != 0; }
  bool positive() const { return arb_is_positive(value_) != 0; }        ///< every point > 0
  bool negative() const { return arb_is_negative(value_) != 0; }        ///< every point < 0
  bool nonnegative() const { return arb_is_nonnegative(value_) != 0; }  ///< every point >= 0
  bool nonpositive() const { return arb_is_nonpositive(value_) != 0; }  ///< every point <= 0

  /// -log10(radius / |midpoint|): the decimal digits the ball certifies relative to its
  /// value (+infinity for an exact ball, -infinity when it contains 0 or is not finite).
  double relative_accuracy_digits() const;

  /// The midpoint in decimal with `digits` significant digits ("0" for 0).
  std::string midpoint_text(unsigned digits) const;
  /// The radius, rounded up, in decimal with 3 significant digits ("0" for an exact ball).
  std::string radius_text() const;
  /// The ball in decimal as results.json and shards print it, {mid, rad}: the midpoint rounded
  /// to `digits` significant digits, and a radius rounded up to 3 digits that covers this
  /// ball's radius *and* the rounding of the printed midpoint, so that every point of this
  /// ball (and so the exact value it encloses) lies in [mid - rad, mid + rad]. {"nan", "inf"}
  /// for a ball that is not finite.
  std::pair<std::string, std::string> printed(unsigned digits) const;
  /// The midpoint as a double (for plotting and for the search's objective only).
  double midpoint_double() const;

 private:
  arb_t value_;
};

/// An exact rational (FLINT fmpq), or pi: a constant of a compiled expression held
/// without GiNaC, so that interpreters may round it in any thread at their own precision.
class ExactConstant {
 public:
  ExactConstant() { fmpq_init(value_); }
  ~ExactConstant() { fmpq_clear(value_); }
  ExactConstant(const ExactConstant& other) : pi_(other.pi_) {
    fmpq_init(value_);
    fmpq_set(value_, other.value_);
  }
  ExactConstant& operator=(const ExactConstant& other) {
    pi_ = other.pi_;
    fmpq_set(value_, other.value_);
    return *this;
  }

  /// The exact value of a real GiNaC numeric (a float at its exact value), or pi for
  /// GiNaC::Pi. Throws std::domain_error for anything else. Not thread-safe (GiNaC).
  static ExactConstant from_ex(const GiNaC::ex& value);

  /// The constant rounded to `bits`, the rounding error in the radius. Thread-safe.
  void to_ball(arb_t out, slong bits) const;

 private:
  bool pi_ = false;
  fmpq_t value_;
};

/// Binary precision carrying `digits` decimal digits: ceil(digits log2(10)) + 4.
slong bits_for_digits(double digits);

/// The bits Arb caches for constants (pi) in this thread are freed; call at the end of
/// a thread that used Arb (Arb keeps them per thread).
void release_ball_caches();

}  // namespace attnverify::num
