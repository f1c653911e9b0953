// A kinked function f(x) on one piece between its kinks, evaluated in complex ball
// arithmetic (Arb's acb_t), for certified integration with acb_calc_integrate.
//
// f is a compiled program (numerics/expression_program.hpp) of one variable. On a
// piece, every relu, step and abs is replaced by its branch there, given as the sign s
// of its argument (numerics/ball_expression.hpp records these signs):
//   relu(u) -> u (s = +1) or 0 (s = -1),  step(u) -> 1 or 0,  abs(u) -> u or -u.
// What remains is analytic wherever its functions are: +, *, integer powers, exp, erf,
// erfc, sinh, cosh are entire; 1/u fails where u's ball contains 0, tanh at its poles;
// log, log1p, sqrt and real powers use their principal branches, which are analytic
// off the cut (-inf, 0] (acb_log_analytic, acb_sqrt_analytic, acb_pow_analytic).
//
// With `analytic` set (acb_calc_integrate's order = 1) the result is a non-finite ball
// wherever the piece is not proved analytic on the input ball; acb_calc_integrate then
// subdivides, so its enclosure holds. The branches are the caller's claim: the
// piece equals f only where the recorded argument signs hold (certified_gaussian_moments
// proves them on every interval it integrates over).
//
// One object keeps a scratch stack: do not use it from two threads at once. It touches
// no GiNaC object after construction.
#pragma once

#include <acb.h>
#include <ginac/ginac.h>

#include <vector>

#include "numerics/ball.hpp"
#include "numerics/expression_program.hpp"

namespace attnverify::num {

class AnalyticPiece {
 public:
  /// Compiles f(x). Throws EvaluationError for another symbol or an unsupported function.
  AnalyticPiece(const GiNaC::ex& f, const GiNaC::ex& x);
  AnalyticPiece(const AnalyticPiece& other);
  AnalyticPiece& operator=(const AnalyticPiece&) = delete;
  ~AnalyticPiece();

  /// out = the piece of f selected by `branches` (one sign per relu/step/abs, in program
  /// order; +1 or -1) at the complex ball x, at `bits` of working precision.
  void evaluate(acb_t out, const acb_t x, const std::vector<int>& branches, bool analytic, slong bits) const;

 private:
  ExpressionProgram program_;
  std::vector<ExactConstant> constants_;
  acb_ptr stack_;
};

}  // namespace attnverify::num
