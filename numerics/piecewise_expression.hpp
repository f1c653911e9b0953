// f(x) evaluated piece by piece: for f in the piecewise exp-polynomial class
// (proofs/piecewise.hpp), each open interval between f's breakpoints gets its own compiled
// branch, so that x in (l, u) evaluates the branch there instead of f as written. This avoids
// the cancellation that forms such as min(exp(x), 3) = exp(x) - relu(exp(x) - 3) suffer far
// out in the tails (exp(300) - (exp(300) - 3) at 60 digits is noise), where the quadrature of
// a slowly decaying law (Laplace, logistic) still samples f. Outside the class f is compiled
// whole, as written.
#pragma once

#include <ginac/ginac.h>

#include <vector>

#include "numerics/compiled_expression.hpp"
#include "numerics/precision.hpp"

namespace attnverify::num {

class PiecewiseExpression {
 public:
  /// f in x at `digits` decimal digits; throws EvaluationError if a branch (or f) cannot be compiled.
  PiecewiseExpression(const GiNaC::ex& f, const GiNaC::symbol& x, unsigned digits);
  /// f(x): the branch of the piece containing x (at a breakpoint, the piece to its right;
  /// the quadrature never samples one). No check of the result, as CompiledExpression's.
  Real evaluate_unchecked(const Real& x) const;
  /// How many branches f was split into (1: compiled whole).
  std::size_t branches() const { return branches_.size(); }

 private:
  std::vector<Real> lower_;  ///< lower end of each branch after the first, increasing
  std::vector<CompiledExpression> branches_;
  mutable std::vector<Real> point_;
};

}  // namespace attnverify::num
