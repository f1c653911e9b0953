// A compiled expression evaluated in double precision, for Monte Carlo sampling
// where the statistic's own confidence interval (1e-3 .. 1e-5 relative) is many
// orders above double rounding. Same program as CompiledExpression
// (numerics/expression_program.hpp); constants rounded once to double; erf/erfc
// from <cmath>. Not for closed-form checks: those run in MPFR.
//
// The object holds no GiNaC values (only instructions and doubles), so copies can be
// used in parallel threads: GiNaC's reference counting is not thread-safe, and a
// thread must never copy or walk an expression.
#pragma once

#include <ginac/ginac.h>

#include <vector>

#include "numerics/expression_program.hpp"

namespace attnverify::num {

class DoubleExpression {
 public:
  /// Compiles `e` of one variable `variable`; throws EvaluationError like compile_program.
  DoubleExpression(const GiNaC::ex& e, const GiNaC::ex& variable);

  /// f(x); non-finite results are returned as they are (the caller checks).
  /// Uses an internal stack: one copy per thread.
  double operator()(double x) const;

 private:
  std::vector<Instruction> code_;
  std::vector<double> constants_;
  mutable std::vector<double> stack_;
};

}  // namespace attnverify::num
