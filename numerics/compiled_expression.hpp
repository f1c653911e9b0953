// Evaluation of GiNaC expressions in MPFR arithmetic (Boost.Multiprecision Real).
//
// The expression tree is compiled once into a postfix program
// (numerics/expression_program.hpp) and then evaluated at any point. Constants are converted
// exactly from GiNaC rationals (one correct rounding, proofs/mpfr_bridge.hpp);
// nothing passes through double. erf and erfc call MPFR's correctly rounded
// mpfr_erf / mpfr_erfc; exp, log, pow go through Boost.Multiprecision to MPFR.
//
// A program is compiled for one precision (digits) and evaluates under a
// ScopedPrecision of that precision. It keeps a scratch stack, and each x^y instruction
// a chain of its last powers (numerics/power_chain.hpp: consecutive integer powers of one
// base, as in a sequence's terms, for a multiplication each, with mpfr_pow's values), so
// one object must not be used from two threads at once.
#pragma once

#include <ginac/ginac.h>

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "numerics/expression_program.hpp"
#include "numerics/power_chain.hpp"
#include "numerics/precision.hpp"

namespace attnverify::num {

class CompiledExpression {
 public:
  /// Compiles `e` with `variables` bound by position; throws EvaluationError for a
  /// symbol not in `variables`, an unsupported function, or erf/erfc requested above
  /// kMaxErfDigits (numerics/expression_program.hpp).
  CompiledExpression(const GiNaC::ex& e, std::vector<GiNaC::ex> variables, unsigned digits);

  /// Value at `point` (same order as the variables). Throws EvaluationError if the
  /// result is not finite.
  Real operator()(const std::vector<Real>& point) const;

  /// Same, without the finiteness check (for quadrature integrands, which guard tails themselves).
  Real evaluate_unchecked(const std::vector<Real>& point) const;

  unsigned digits() const { return digits_; }
  /// The highest precision this expression may be compiled for (0: unlimited).
  unsigned max_digits() const { return program_.max_digits(); }
  /// Number of instructions: an upper bound on the roundings in one evaluation.
  std::size_t size() const { return program_.code.size(); }

  /// Decimal digits lost to cancellation in the last evaluation: the maximum over
  /// every sum of log10(max |term| / |sum|) (0 when no sum cancelled by more than
  /// 3 digits; +infinity when a sum of non-zero terms came out 0 or within 5 digits
  /// of the precision, i.e. nothing but rounding was left).
  double last_cancellation_digits() const { return cancellation_digits_; }

 private:
  unsigned digits_;
  ExpressionProgram program_;
  std::vector<Real> constants_;
  mutable std::vector<Real> stack_;
  mutable double cancellation_digits_ = 0;
  mutable std::vector<PowerChain> power_chains_;  // one per Pow instruction (numerics/power_chain.hpp)
  mutable std::array<Real, 2> scratch_;           // a sum's largest term and |sum| 1000
};

/// Converts an exact GiNaC real number to Real at the current default precision.
Real to_real(const GiNaC::numeric& value);

}  // namespace attnverify::num
