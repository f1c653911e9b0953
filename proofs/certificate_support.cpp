#include "proofs/certificate_support.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "proofs/trigonometric_forms.hpp"
#include "proofs/constant_sign.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/parameter_ranges.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/printing.hpp"
#include "proofs/range_enclosure.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// The roots real_roots gives for u are all of them, none merged with another: u is a
// polynomial of degree <= 1, or of degree 2 whose discriminant is exactly 0 or certified
// non-zero, or such a polynomial times one exponential, or c1 e^(a1 x) + c2 e^(a2 x) with
// constant c1, c2 (one root at most). real_roots orders and merges roots in floating point,
// which two roots 1e-500 apart would defeat.
bool roots_are_certain(const ex& u, const symbol& x) {
  const ex e = u.expand();
  const auto polynomial_ok = [&](const ex& p) {
    if (!p.is_polynomial(x)) return false;
    const int degree = p.degree(x);
    if (degree <= 1) return true;
    if (degree > 2) return false;
    const ex disc = (pow(p.coeff(x, 1), 2) - 4 * p.coeff(x, 2) * p.coeff(x, 0)).normal();
    return !disc.has(x) && (is_identically_zero(disc) || certified_sign(disc) != 0);
  };
  if (e.is_polynomial(x)) return polynomial_ok(e);
  try {
    std::vector<ex> slopes;
    ex polynomial_part = 0;
    for (const ExpPolyTerm& t : to_exp_poly(e, x)) {
      if (std::none_of(slopes.begin(), slopes.end(), [&](const ex& s) { return (s - t.slope).is_zero(); }))
        slopes.push_back(t.slope);
      polynomial_part += t.coefficient * exp(t.offset) * pow(x, t.power);
      if (slopes.size() == 2 && t.power > 0) return false;
    }
    if (slopes.size() == 1) return polynomial_ok(polynomial_part.expand());
    return slopes.size() == 2 && !polynomial_part.has(x);
  } catch (const NotInClass&) {
    return false;
  }
}

}  // namespace

int certified_sign(const ex& constant) {
  if (has_parameter(constant)) return sign_for_every_parameter(constant).value_or(0);
  const Range r = enclose(constant, {});
  if (r.positive()) return 1;
  if (r.negative()) return -1;
  return constant_sign_by_balls(constant).value_or(0);  // Arb balls where the doubles hold 0
}

double approximate(const ex& constant) {
  const ex v = at_parameter_midpoints(constant).evalf();
  if (!is_exactly_a<numeric>(v) || !ex_to<numeric>(v).is_real())
    throw NotShown{"'" + to_text(constant) + "' is not a real constant"};
  return ex_to<numeric>(v).to_double();
}

// true: lo < r < hi; false: r <= lo or r >= hi; throws when interval arithmetic cannot tell
bool strictly_inside(const ex& r, const End& lo, const End& hi) {
  for (const End& end : {lo, hi})
    if (end && is_identically_zero(r - *end)) return false;
  const int above = lo ? certified_sign(r - *lo) : 1;
  const int below = hi ? certified_sign(*hi - r) : 1;
  if (above < 0 || below < 0) return false;
  if (above > 0 && below > 0) return true;
  throw NotShown{"cannot place the point " + to_text(r) + " relative to the interval's ends"};
}

// An exact dyadic point strictly inside (lo, hi); with an end in the symbolic parameters, the
// exact midpoint or the end -+ 1, in them.
ex interior_point(const End& lo, const End& hi) {
  if ((lo && has_parameter(*lo)) || (hi && has_parameter(*hi))) {
    const ex p = lo && hi ? ex((*lo + *hi) / 2) : lo ? ex(*lo + 1) : ex(*hi - 1);
    if ((lo && certified_sign(p - *lo) <= 0) || (hi && certified_sign(*hi - p) <= 0))
      throw NotShown{"the interval between " + (lo ? to_text(*lo) : "-inf") + " and " + (hi ? to_text(*hi) : "inf") +
                     " is not shown non-empty for every " + parameter_ranges_text()};
    return p;
  }
  double mid = 0;
  if (lo && hi) mid = (approximate(*lo) + approximate(*hi)) / 2;
  else if (lo) mid = approximate(*lo) + 1;
  else if (hi) mid = approximate(*hi) - 1;
  const double scale = 1 << 24;
  const numeric p = numeric(static_cast<long>(std::llround(mid * scale))) / numeric(static_cast<long>(scale));
  if ((lo && certified_sign(p - *lo) <= 0) || (hi && certified_sign(*hi - p) <= 0))
    throw NotShown{"the interval between " + (lo ? to_text(*lo) : "-inf") + " and " + (hi ? to_text(*hi) : "inf") +
                   " is too narrow for a test point"};
  return p;
}

Resolved resolve_switches(ex g, const End& lo, const End& hi, const ex& p, const symbol& x) {
  for (int guard = 0; guard < 256; ++guard) {
    const std::optional<ex> call = innermost_switch(g, x);
    if (!call) {
      // a switch of the symbolic parameters alone (|t| on t in [1/2, 2]) takes the branch its
      // argument's sign gives for every value of them; one without a certified sign stays
      if (has_parameter(g))
        g = with_branches(g, [&](const ex& c) { return c.has(x) || !has_parameter(c.op(0)) ? 0 : certified_sign(c.op(0)); });
      return {g, std::nullopt};
    }
    const ex u = call->op(0);
    if (has_trigonometric(u, x)) {
      // a trigonometric argument: no switch point located, but one sign on the whole line
      // shown by interval arithmetic resolves the switch everywhere (2 + cos(3x + 1) in [1, 3]);
      // step needs a strict sign, relu and abs a weak one
      const Range r = enclose(u, {});
      const bool weak = !is_ex_the_function(*call, step);
      const int sign = r.positive() || (weak && r.nonnegative()) ? 1 : r.negative() || (weak && r.nonpositive()) ? -1 : 0;
      if (sign == 0)
        throw NotShown{"'" + to_text(u) + "' is not shown to keep one sign on the real line (a trigonometric "
                       "argument's sign changes are not located)"};
      g = g.subs(*call == switch_branch(*call, sign));
      continue;
    }
    if (!roots_are_certain(u, x))
      throw NotShown{"the switch points of '" + to_text(*call) + "' are not located with certainty (see roots_are_certain)"};
    std::vector<ex> roots;
    try {
      roots = real_roots(u, x);
    } catch (const NotInClass& err) {
      throw NotShown{"cannot locate where '" + to_text(*call) + "' switches: " + err.what()};
    }
    for (const ex& r : roots)
      if (strictly_inside(r, lo, hi)) return {0, r};
    const int sign = certified_sign(u.subs(x == p));
    if (sign == 0) throw NotShown{"cannot read the sign of '" + to_text(u) + "' at x = " + to_text(p)};
    g = g.subs(*call == switch_branch(*call, sign));
  }
  throw NotShown{"too many nested switches in g"};
}

std::vector<ex> sorted_distinct(std::vector<ex> points) {
  std::sort(points.begin(), points.end(), [](const ex& a, const ex& b) { return approximate(a) < approximate(b); });
  std::vector<ex> out;
  for (const ex& p : points) {
    if (!out.empty() && is_identically_zero(p - out.back())) continue;
    if (!out.empty() && certified_sign(p - out.back()) <= 0)
      throw NotShown{"cannot order the points " + to_text(out.back()) + " and " + to_text(p)};
    out.push_back(p);
  }
  return out;
}

void check_certificate_inputs(const ex& m, const ex& g) {
  const Symbols& s = symbols();
  if (g.has(s.beta) || g.has(s.gamma)) throw NotShown{"g = " + to_text(g) + " is not a function of x alone"};
  for (const ex& e : {m, g})
    for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
      if (is_exactly_a<numeric>(*it) && !ex_to<numeric>(*it).is_real())
      {
        std::ostringstream constant;  // GiNaC's own printer: to_text is for real expressions
        constant << *it;
        throw NotShown{"the closed form or g has the non-real constant " + constant.str() +
                       " (the theorems are for real g and m)"};
      }
  for (const_preorder_iterator it = m.preorder_begin(); it != m.preorder_end(); ++it)
    if (is_ex_the_function(*it, step))
      throw NotShown{"m has the discontinuous switch '" + to_text(*it) + "', whose value at its switch point is not checked"};
}

std::string end_text(const End& end, bool lower) {
  return end ? to_text(*end) : (lower ? "-inf" : "inf");
}

}  // namespace attnverify::sym
