// Piecewise decomposition of a kernel f(x) built from exp-polynomials and
// relu / step / abs (docs/design.md §2).
//
// split_into_pieces(f) first writes cosh and sinh of x as exponentials, then finds
// the breakpoints (real roots of the arguments of relu, step and abs, located by
// real_roots below; nested calls are resolved innermost first), and on each open
// interval between breakpoints replaces every call by its branch there:
//   relu(u) -> u or 0,   step(u) -> 1 or 0,   abs(u) -> u or -u,
// chosen by the sign of u at an interior test point. The result is a list of pieces
// whose expressions are smooth exp-polynomials (proofs/exp_poly.hpp). The kinked
// functions max, min, clip, elu, leaky_relu and piecewise reach this as relu and
// step (proofs/kinked_functions.hpp).
//
// absolute_value() splits pieces further where they change sign (located by
// real_roots, unless every term keeps one sign on the interval) and flips negative
// pieces; square() squares each piece. Both keep the class closed, as docs/design.md §2
// requires.
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <optional>
#include <vector>

#include "proofs/exp_poly.hpp"

namespace attnverify::sym {

/// An open interval (lower, upper) of the real line; std::nullopt is -inf / +inf.
struct Interval {
  std::optional<GiNaC::ex> lower;
  std::optional<GiNaC::ex> upper;
};

struct Piece {
  Interval where;
  GiNaC::ex expr;  ///< smooth on `where`: no relu/step/abs of x left
};

struct Piecewise {
  std::vector<Piece> pieces;  ///< ordered left to right, covering the real line

  /// Finite interval ends, left to right: the points where quadrature must split.
  std::vector<GiNaC::ex> boundaries() const;
};

/// y clamped to the closure of `where`, with relu: lower + relu(y - lower) - relu(y - upper),
/// an open end dropping its term (y - relu(y - upper) when there is no lower end, and so on).
/// For expectations over a piece of a law whose end points are symbolic (beta +- sqrt3 gamma).
GiNaC::ex clamp_to(const GiNaC::ex& y, const Interval& where);

/// True for a call relu(u), step(u) or abs(u): the functions the split removes.
bool is_switch(const GiNaC::ex& e);

/// True for a call that is not analytic where its argument vanishes: a switch, or a registered
/// primitive of smoothness class Kink or Jump (proofs/primitive_function.hpp), which the split
/// does not remove. For the guards that must see every kink.
bool is_kinked(const GiNaC::ex& e);

/// Whether e holds a relu, step or abs call anywhere.
bool has_switch(const GiNaC::ex& e);

/// An innermost relu/step/abs call containing x (one whose argument has no such call), or
/// none.
std::optional<GiNaC::ex> innermost_switch(const GiNaC::ex& e, const GiNaC::symbol& x);

/// The branch of a switch call for an argument of the given sign (> 0 or < 0): relu(u) = u
/// or 0, step(u) = 1 or 0, |u| = u or -u.
GiNaC::ex switch_branch(const GiNaC::ex& call, int argument_sign);

/// e with each relu/step/abs call replaced by its branch where `branch` gives one: called on each
/// call once its arguments are done (innermost first), it returns +1 or -1 (the sign of the
/// argument the branch is taken for, switch_branch) or 0 (the call stays). The one skeleton of
/// every "kinks at their branch" rule: at a point, on a box, near a limit, on a half-line.
GiNaC::ex with_branches(const GiNaC::ex& e, const std::function<int(const GiNaC::ex& call)>& branch);

/// e with every relu/step/abs of x replaced by its branch at x = at where the sign of its
/// argument there is certified by interval arithmetic (proofs/range_enclosure.hpp), innermost
/// first; `unresolved` counts the calls whose sign is not shown, which are left as they are.
GiNaC::ex branches_at(const GiNaC::ex& e, const GiNaC::symbol& x, const GiNaC::ex& at, int& unresolved);

/// cosh(u) and sinh(u) of x as exponentials ((e^u + e^-u)/2, (e^u - e^-u)/2), so that
/// cosh(x) is an exp-polynomial; calls not containing x are left as they are.
GiNaC::ex hyperbolic_as_exp(const GiNaC::ex& e, const GiNaC::symbol& x);

/// Decomposes f(x); throws NotInClass when a breakpoint cannot be located exactly.
Piecewise split_into_pieces(const GiNaC::ex& f, const GiNaC::symbol& x);

/// |f| as a piecewise function; throws NotInClass when sign changes cannot be located.
Piecewise absolute_value(const Piecewise& f, const GiNaC::symbol& x);

/// f^2 piece by piece.
Piecewise square(const Piecewise& f);

/// Real roots of a polynomial of degree <= 2 in x with constant coefficients, in
/// increasing order, as exact expressions. Throws NotInClass otherwise.
std::vector<GiNaC::ex> real_polynomial_roots(const GiNaC::ex& polynomial, const GiNaC::symbol& x);

/// Real roots of g(x) = 0, exact, in increasing order (repeated roots once), for
///  - polynomials whose irreducible factors over the rationals have degree <= 2
///    (GiNaC factor), e.g. x^3 - x, x^4 - 1;
///  - p(x) exp(a x + b): the roots of p;
///  - c1 exp(a1 x + b1) + c2 exp(a2 x + b2), a1 != a2: x = (log(-c2/c1) + b2 - b1)/(a1 - a2)
///    when -c2/c1 > 0, else none. Throws NotInClass for anything else.
std::vector<GiNaC::ex> real_roots(const GiNaC::ex& g, const GiNaC::symbol& x);

}  // namespace attnverify::sym
