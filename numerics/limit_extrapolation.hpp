// Numeric limit of a function of one parameter v as v -> 0 or v -> inf, when no
// series expansion is available (docs/history.md, issue 4: "numeric extrapolation with its rate
// stated").
//
// The function is evaluated at v_k = 10^(-k) (to 0) or 10^k (to inf), k = 1..40, at
// working precision (MPFR's exponent range keeps e^(-v^2) representable far beyond
// double). Against a claimed limit L, with tolerance tol = 10^-(P-5) max(1, |L|):
//   reached    |f(v_k) - L| <= tol from some k on: the claim holds numerically;
//   elsewhere  successive values settle (|f(v_k) - f(v_k-1)| <= tol) at a value
//              farther than tol from L: the limit is that value, not L; or their
//              differences D_k = |f(v_k) - f(v_k-1)| fall as a power law (over the last 4
//              values, the 2 declines of D stable to 1%, above 0.05 decades per decade),
//              so the remaining change is about D_n r/(1 - r), r = 10^-exponent, and L lies
//              more than 1000 times that from f(v_n): the values converge elsewhere (the
//              value they approach is named, with its digits);
//   power law  |f(v_k) - L| ~ C t_k^p (t = v or 1/v) with the local exponent p
//              stable to 1% over the last 3 steps and p > 0, and the last |f(v_n) - L| at most
//              10^-(P-10) max(1, |L|) (the law resolves L to about 1% of it; a larger distance
//              leaves the check undecided): converging at rate t^p (an
//              exponent that only settles, with a correction of the next order, does not agree:
//              values 10^-8 beside the true limit settle as well over 5 decades);
//   elsewhere  also, with 5 or more values, declines of the differences D_k that settle
//              geometrically (of one sign, each change at most half the one before, the last
//              within 10%), the rest taken at the smaller of the last two declines (weights
//              i^(1/2), declines 0.85, 0.96, 0.99: a claimed 19/20 against 0.94281);
//   otherwise  undecided.
// The local exponent p_k = log10(D_k / D_(k+1)) (per decade of t) is reported as the
// rate. This is numeric evidence, not a proof.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "numerics/precision.hpp"

namespace attnverify::num {

enum class LimitOutcome { Reached, SettledElsewhere, ConvergesElsewhere, PowerLaw, Undecided };

struct LimitEstimate {
  LimitOutcome outcome = LimitOutcome::Undecided;
  Real last_value;           ///< f at the last point evaluated
  int last_exponent = 0;     ///< that point is 10^(+-last_exponent)
  int reached_exponent = 0;  ///< Reached: the first k with |f - L| <= tol
  double rate = 0;           ///< local exponent p (decades of |f - L| per decade of t)
  std::string summary;       ///< one sentence with the figures
};

/// `f(e)` is the function at v = 10^e (exact powers of ten, e = -k or k), or at v = -10^e when
/// `negative` (v -> -inf; the summary then names the points -10^k). It may throw EvaluationError
/// (the sequence ends there). `to_zero` selects v -> 0. `digits` is P; call under a precision of
/// at least P + 10 digits.
LimitEstimate extrapolate_limit(const std::function<Real(int)>& f, bool to_zero, const Real& claimed, unsigned digits,
                                bool negative = false);

}  // namespace attnverify::num
