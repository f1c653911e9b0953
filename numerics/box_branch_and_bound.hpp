// Interval branch-and-bound with Arb balls: proves that an expression keeps one sign
// on a closed box, or finds a point where it certainly has the other.
//
// The claim is f(x) > 0 (Relation::Positive) or f(x) >= 0 (Relation::Nonnegative) for
// every x of the box B = [lo_1, hi_1] x ... x [lo_k, hi_k] (exact rational ends). A
// sub-box is settled when the ball of f over it (BallExpression::evaluate on the
// sub-box's balls, numerics/ball_expression.hpp) lies inside the claimed half-line:
// Arb's enclosure contains f at every point of the sub-box, so the claim holds there.
// A sub-box that is not settled is tested at its centre (an exact rational point): a
// ball there that lies inside the complement is a certified counterexample. Otherwise
// the sub-box is reduced or split:
//   - monotonicity test (Hansen, "Global Optimization Using Interval Analysis", 1992,
//     sec. 12.4; Ratschek & Rokne 1988): when the ball of df/dx_j over the sub-box is
//     > 0, the minimum of f over it lies on the face x_j = lo_j, which replaces the
//     sub-box (< 0: the face x_j = hi_j; exactly 0: f does not depend on x_j there, and
//     x_j = lo_j). The gradient is optional; without it, or where it is not finite, the test
//     is skipped, and where f has a jump (a step) on a sub-box whose step arguments do not keep
//     one sign;
//   - a kink keeps its branch on a sub-box where its argument's ball has one strict sign
//     (BallExpression::evaluate's switch signs): f then equals its branch form there, so the
//     rules below that need f smooth (written "without relu, step or abs") apply on a sub-box
//     where every kink keeps its branch (for the Taylor test, on the sub-box stretched to the
//     face);
//   - mean value form (Moore 1966; Neumaier, "Interval Methods for Systems of Equations",
//     1990, sec. 2.3): for f without relu, step or abs, f over the sub-box lies in
//     f(c) + sum_j ball(df/dx_j) (x_j - c_j), c the centre, which is second-order tight
//     where the natural ball is only first-order; the sub-box is settled when either lies
//     on the claimed side;
//   - a sub-box reduced to one point is settled by the ball of f there, or by an
//     exact zero (`exact_zero_at`, a symbolic test supplied by the caller) when the
//     relation is >= 0 and the ball contains 0 (f touches 0 at a corner); a sub-box
//     reduced to a face likewise when f vanishes identically on that face (dS/dbeta of an
//     even S on beta = 0);
//   - Taylor test at a vanishing face (`vanishing_faces`, supplied by the caller): when f
//     and its first k - 1 derivatives in x_j vanish identically on the face x_j = v of the
//     whole box, Taylor's theorem with the Lagrange remainder gives
//     f(x) = (x_j - v)^k / k! * d^k f/dx_j^k (x with x_j replaced by some xi between v and
//     x_j), so the sign of f on a sub-box follows from the ball of d^k f/dx_j^k over the
//     sub-box stretched along x_j to the face (dS/dbeta of an even S, which is 0 to third
//     order on beta = 0, where neither the ball of f nor of its gradient has one sign).
//     Needs f k times differentiable: only for f without relu, step or abs, and only
//     where that ball is finite;
//   - else it is halved along its widest axis: at the geometric mean when
//     0 < lo and hi/lo > 8 (a range such as gamma in [0.001, 1000] is split by decades),
//     else at the midpoint; the split point is a dyadic rational.
// Balls are computed at 128 bits, raised with the depth of the split (2 bits per halving)
// up to 1024, so that rounding never hides what the split resolves.
//
// A sub-box where f is undefined (a ball that is not finite: a division by a ball
// containing 0, a log of a ball below 0) is never settled: the run ends undecided there
// unless a certified counterexample is found. The outcome is Proved only when every
// sub-box is settled; the run stops undecided after `max_boxes` sub-boxes or when a
// sub-box is narrower than 2^-200 of its axis (f touches 0 where no exact zero is known).
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "numerics/ball.hpp"
#include "numerics/ball_expression.hpp"

namespace attnverify::num {

struct BoxAxis {
  GiNaC::numeric lo, hi;  ///< exact rationals, lo <= hi
};

enum class Relation { Positive, Nonnegative };  ///< f > 0, f >= 0

enum class BoxOutcome { Proved, Counterexample, Undecided };

struct BoxResult {
  BoxOutcome outcome = BoxOutcome::Undecided;
  std::size_t boxes = 0;                  ///< sub-boxes examined
  std::size_t reduced = 0;                ///< of them, reduced to a face by the monotonicity test
  std::size_t by_taylor = 0;              ///< of them, settled by the Taylor test at a vanishing face
  std::vector<GiNaC::numeric> point;      ///< Counterexample: the exact point
  Ball value;                             ///< Counterexample: the ball of f there (in the complement)
  std::vector<BoxAxis> open_box;          ///< Undecided: the sub-box that was left
  std::string reason;                     ///< Undecided: why
};

/// A face x_axis = v (v = lo or hi of the whole box's axis) on which f and its first
/// order - 1 derivatives in x_axis vanish identically, with d^order f/dx_axis^order.
struct VanishingFace {
  std::size_t axis = 0;
  bool upper = false;  ///< the face x_axis = hi (else lo)
  int order = 1;       ///< k >= 1
  const BallExpression* derivative = nullptr;  ///< d^k f/dx_axis^k, same variables as f
};

struct BoxFunction {
  const BallExpression* f = nullptr;                 ///< required
  std::vector<const BallExpression*> gradient;       ///< df/dx_j, or empty (no monotonicity test)
  /// Optional, used only for >= 0: true when f is exactly 0 (symbolically) on the face
  /// where the given coordinates are fixed and the empty ones free (at a point when all are
  /// given).
  std::function<bool(const std::vector<std::optional<GiNaC::numeric>>&)> exact_zero_at;
  /// Optional: faces of the whole box where f vanishes to a known order (the caller proves
  /// the vanishing symbolically); used only when f has no relu, step or abs.
  std::vector<VanishingFace> vanishing_faces;
  /// Optional, one flag per axis: the claim is about the points whose coordinate on this axis
  /// is an integer (a sequence's length n). Such an axis of a sub-box is cut to its integers
  /// [ceil lo, floor hi] (a sub-box with none holds no point of the claim: settled), and a
  /// counterexample is tested at an integer there. f is still enclosed over the real
  /// sub-box, which holds those points, so a proof stays a proof.
  std::vector<bool> integer_axes;
};

/// Decides f > 0 or f >= 0 on `box` (axes in the order of f's variables; on an integer axis
/// at its integers only). Never throws
/// for an undefined f (undecided); throws std::invalid_argument for an axis with lo > hi
/// or a box of the wrong dimension.
BoxResult certify_sign_on_box(const BoxFunction& f, const std::vector<BoxAxis>& box, Relation relation,
                              std::size_t max_boxes = 20000);

/// The ball of an axis (the hull of its exact ends, rounded outwards at `bits`), and of each axis
/// of a box: every point of the box lies in them.
Ball axis_ball(const BoxAxis& a, slong bits);
std::vector<Ball> box_balls(const std::vector<BoxAxis>& box, slong bits);

/// The largest integer <= x and the smallest integer >= x, for an exact rational x (the ends
/// of an integer axis).
GiNaC::numeric floor_of(const GiNaC::numeric& x);
GiNaC::numeric ceil_of(const GiNaC::numeric& x);

/// "[lo, hi] x [lo, hi]" with exact ends, or, when digits > 0, each end rounded to the
/// nearest decimal of `digits` significant digits (for reading only: not the exact box).
std::string box_text(const std::vector<BoxAxis>& box, int digits = 0);

}  // namespace attnverify::num
