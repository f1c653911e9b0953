// Consecutive integer powers of one base, correctly rounded for the cost of one multiplication
// each (issue 46: decay's exact sums, a_i = lambda^(n-i) for i = 1..10^6, spent their time in
// mpfr_pow, a binary powering of about 20 squarings per term).
//
// A chain keeps x^e at q = p + 64 bits (p the result's precision). When the next call asks for
// x^(e + s) with the same x, bit for bit, and an integer step 1 <= |s| <= 64, it multiplies by
// x^s (computed once per step, at q bits) and counts the roundings R since x^e was last computed
// by mpfr_pow (x^s may add one a step: a relative error of at most 2^-q each): then |chain - x^(e+s)| < 2^(EXP(chain) + 2 + ceil(log2 R) - q) (each rounding to
// nearest has relative error at most 2^-q, and R 2^-q <= 2^-40). mpfr_can_round (MPFR manual,
// "Rounding") says whether every number within that error rounds, to nearest at p bits, to the
// same number; if so that number is the correctly rounded x^(e+s), the very number mpfr_pow
// returns (MPFR rounds every function correctly), and the chain returns it. Otherwise, or for a
// base or exponent outside the chain (not a finite non-zero x, not an integer y with |y| <= 2^62,
// a new base, a step of 0 or above 64, a power or factor within 2 binades of the exponent range's
// ends, where an underflow may have rounded), it returns false and the caller computes x^y itself. The chain starts
// anew (one mpfr_pow at q bits) after 2^21 roundings. So results are bit for bit those of
// mpfr_pow; only the time differs.
#pragma once

#include <mpfr.h>

namespace attnverify::num {

class PowerChain {
 public:
  PowerChain();
  ~PowerChain();
  /// A copy starts with no chain (the chain is a cache of the last calls, not a value).
  PowerChain(const PowerChain&);
  PowerChain& operator=(const PowerChain&);

  /// Sets `out` to x^y rounded to nearest at out's precision and returns true if the chain
  /// gives it correctly rounded (see above); otherwise leaves `out` alone and returns false.
  /// `out` may be `x`. Requires prec(out) == prec(x).
  bool power(mpfr_ptr out, mpfr_srcptr x, mpfr_srcptr y);

 private:
  void forget();

  mpfr_t base_, value_, factor_;
  bool known_ = false;       // base_ and exponent_ hold the last call's x and y
  bool have_value_ = false;  // value_ approximates base_^exponent_ with roundings_ roundings
  long exponent_ = 0;
  unsigned long roundings_ = 0;
  long factor_step_ = 0;        // factor_ = base_^factor_step_ at q bits (0: none yet)
  bool factor_rounded_ = false;  // whether computing factor_ rounded
};

}  // namespace attnverify::num
