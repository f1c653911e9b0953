#include "proofs/piecewise.hpp"

#include <algorithm>

#include "proofs/parameter_ranges.hpp"
#include "proofs/primitive_function.hpp"
#include "proofs/range_enclosure.hpp"
#include "proofs/trigonometric_forms.hpp"
#include "proofs/canonical_form.hpp"
#include "proofs/constant_sign.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/polynomial_sign.hpp"
#include "proofs/printing.hpp"
#include "proofs/range_enclosure.hpp"
#include "proofs/relu.hpp"
#include "proofs/scoped_digits.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// Numeric value of a constant expression (exact roots may contain sqrt), at GiNaC's
// current Digits; used only to order breakpoints and read signs at interior test
// points, which lie at least half an interval away from any root.
numeric approximate(const ex& e) {
  const ex value = e.evalf();
  if (!is_exactly_a<numeric>(value) || !ex_to<numeric>(value).is_real())
    throw NotInClass("'" + to_text(e) + "' does not evaluate to a real constant");
  return ex_to<numeric>(value);
}

// The sign of a real constant: exact for a number GiNaC holds exactly; otherwise from the first
// Arb ball (64 to 8192 bits, proofs/constant_sign.hpp) that excludes 0, a bound rather than an
// estimate; 0 where the symbolic zero test shows it. Only a constant the balls do not evaluate
// (a function outside their list) falls back to its values at 60 and 120 digits, which must
// agree and stand beyond the distance between them (by 10^6) and beyond 10^-100, or NotInClass
// is thrown. At GiNaC's default 17 digits, the kinks of (x - 1)^2 (x + 3)^2 - 10^-40, 10^-20
// apart, were merged and |f| took f's sign across them (a false closed form found by the attack
// of 2026-11-30).
//
// With symbolic parameters active (proofs/parameter_ranges.hpp), a constant in them has a sign
// only where one sign holds for every value in their ranges; otherwise NotInClass says so.
int sign_of(const ex& e) {
  if (is_exactly_a<numeric>(e) && ex_to<numeric>(e).is_real()) return ex_to<numeric>(e).csgn();
  if (has_parameter(e)) {
    try {
      if (is_identically_zero(e)) return 0;
    } catch (const std::exception&) {
    }
    if (const std::optional<int> sign = sign_for_every_parameter(e)) return *sign;
    throw NotInClass("the sign of '" + to_text(e) + "' is not shown to be one and the same for every " +
                     parameter_ranges_text() + " (a breakpoint may cross another, or a piece change sign, inside "
                     "the range: narrow the range)");
  }
  if (const std::optional<int> sign = constant_sign_by_balls(e)) return *sign;
  try {
    if (is_identically_zero(e)) return 0;
  } catch (const std::exception&) {
  }
  numeric coarse, fine;
  {
    const ScopedDigits digits(60);
    coarse = approximate(e);
  }
  {
    const ScopedDigits digits(120);
    fine = approximate(e);
  }
  if (coarse.is_zero() && fine.is_zero()) return 0;
  if (abs(fine) > abs(fine - coarse) * numeric(1000000) && abs(fine) > pow(numeric(10), -100)) return fine.csgn();
  throw NotInClass("the sign of '" + to_text(e) + "' is not decided at 120 digits");
}

// a < b for real constants (sign_of of the difference; equal ones compare false)
bool less_than(const ex& a, const ex& b) { return !(a - b).is_zero() && sign_of(a - b) < 0; }

// An interior point of the interval, exact.
ex test_point(const Interval& where) {
  if (where.lower && where.upper) return (*where.lower + *where.upper) / 2;
  if (where.lower) return *where.lower + 1;
  if (where.upper) return *where.upper - 1;
  return 0;
}

bool strictly_inside(const ex& point, const Interval& where) {
  if (where.lower && !less_than(*where.lower, point)) return false;
  if (where.upper && !less_than(point, *where.upper)) return false;
  return true;
}

// Splits `where` at the given sorted points that lie strictly inside it.
std::vector<Interval> subdivide(const Interval& where, const std::vector<ex>& points) {
  std::vector<Interval> out;
  std::optional<ex> left = where.lower;
  for (const auto& p : points) {
    if (!strictly_inside(p, where)) continue;
    out.push_back({left, p});
    left = p;
  }
  out.push_back({left, where.upper});
  return out;
}

void split_recursive(const ex& f, const Interval& where, const symbol& x, std::vector<Piece>& out) {
  const std::optional<ex> call = innermost_switch(f, x);
  if (!call) {
    out.push_back({where, f});
    return;
  }
  const ex argument = call->op(0);
  std::vector<ex> roots;
  try {
    roots = real_roots(argument, x);
  } catch (const NotInClass& err) {
    throw NotInClass("cannot locate the breakpoints of '" + to_text(*call) + "': " + err.what());
  }
  for (const Interval& sub : subdivide(where, roots)) {
    const int s = sign_of(argument.subs(x == test_point(sub)));
    split_recursive(f.subs(*call == switch_branch(*call, s)), sub, x, out);
  }
}

}  // namespace

bool is_switch(const ex& e) {
  return is_ex_the_function(e, relu) || is_ex_the_function(e, step) || is_ex_the_function(e, abs);
}

bool is_kinked(const ex& e) {
  if (is_switch(e)) return true;
  const PrimitiveFunction* f = primitive_of(e);
  return f && f->is_switch();
}

bool has_switch(const ex& e) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_switch(*it)) return true;
  return false;
}

std::optional<ex> innermost_switch(const ex& e, const symbol& x) {
  for (const_postorder_iterator it = e.postorder_begin(); it != e.postorder_end(); ++it) {
    if (!is_switch(*it) || !it->has(x)) continue;
    return *it;  // post-order visits children first, so the first hit is innermost
  }
  return std::nullopt;
}

ex switch_branch(const ex& call, int argument_sign) {
  const ex u = call.op(0);
  if (is_ex_the_function(call, relu)) return argument_sign > 0 ? u : ex(0);
  if (is_ex_the_function(call, step)) return argument_sign > 0 ? ex(1) : ex(0);
  return argument_sign > 0 ? u : -u;  // abs
}

ex with_branches(const ex& e, const std::function<int(const ex& call)>& branch) {
  struct Branches : map_function {
    const std::function<int(const ex&)>& branch;
    explicit Branches(const std::function<int(const ex&)>& b) : branch(b) {}
    ex operator()(const ex& e) override {
      const ex node = e.map(*this);  // arguments first
      if (!is_switch(node)) return node;
      const int sign = branch(node);
      return sign == 0 ? node : switch_branch(node, sign);
    }
  } branches(branch);
  return branches(e);
}

ex branches_at(const ex& e, const symbol& x, const ex& at, int& unresolved) {
  return with_branches(e, [&](const ex& call) {
    if (!call.op(0).has(x)) return 0;
    const Range sign = enclose(call.op(0).subs(x == at), parameter_symbol_ranges());
    if (sign.positive()) return 1;
    if (sign.negative()) return -1;
    ++unresolved;
    return 0;
  });
}

namespace {

struct HyperbolicAsExp : public map_function {
  const symbol& x;
  explicit HyperbolicAsExp(const symbol& x) : x(x) {}
  ex operator()(const ex& e) override {
    const ex mapped = e.map(*this);
    if (!mapped.has(x)) return mapped;
    if (is_ex_the_function(mapped, cosh)) return (exp(mapped.op(0)) + exp(-mapped.op(0))) / 2;
    if (is_ex_the_function(mapped, sinh)) return (exp(mapped.op(0)) - exp(-mapped.op(0))) / 2;
    return mapped;
  }
};

}  // namespace

ex hyperbolic_as_exp(const ex& e, const symbol& x) {
  HyperbolicAsExp as_exp(x);
  return as_exp(e);
}

ex clamp_to(const ex& y, const Interval& where) {
  ex out = where.lower ? *where.lower + relu(y - *where.lower) : y;
  if (where.upper) out -= relu(y - *where.upper);
  return out;
}

std::vector<ex> Piecewise::boundaries() const {
  std::vector<ex> out;
  for (std::size_t k = 1; k < pieces.size(); ++k) out.push_back(*pieces[k].where.lower);
  return out;
}

std::vector<ex> real_polynomial_roots(const ex& polynomial, const symbol& x) {
  const ex p = polynomial.expand();
  if (!p.is_polynomial(x)) throw NotInClass("'" + to_text(polynomial) + "' is not a polynomial in x");
  const int degree = p.degree(x);
  std::vector<ex> c;
  for (int k = 0; k <= degree; ++k) {
    const ex ck = p.coeff(x, k);
    if (!is_parametric_constant(ck)) throw NotInClass("a coefficient of '" + to_text(polynomial) + "' is not constant");
    c.push_back(ck);
  }
  std::vector<ex> roots;
  if (degree <= 0) return roots;
  if (degree == 1) {
    roots.push_back((-c[0] / c[1]).normal());
  } else if (degree == 2) {
    const ex discriminant = (c[1] * c[1] - 4 * c[2] * c[0]).normal();
    const int s = sign_of(discriminant);
    if (s == 0) roots.push_back((-c[1] / (2 * c[2])).normal());
    if (s > 0) {
      roots.push_back(((-c[1] - sqrt(discriminant)) / (2 * c[2])).normal());
      roots.push_back(((-c[1] + sqrt(discriminant)) / (2 * c[2])).normal());
    }
  } else {
    throw NotInClass("'" + to_text(polynomial) + "' has degree " + std::to_string(degree) +
                     " > 2 in x; its real roots are not located exactly");
  }
  std::sort(roots.begin(), roots.end(), less_than);
  return roots;
}

namespace {

std::vector<ex> sorted_unique(std::vector<ex> roots) {
  std::sort(roots.begin(), roots.end(), less_than);
  std::vector<ex> out;
  for (const ex& r : roots)
    if (out.empty() || less_than(out.back(), r)) out.push_back(r);
  return out;
}

}  // namespace

std::vector<ex> real_roots(const ex& g, const symbol& x) {
  const ex expanded = g.expand();
  if (expanded.is_polynomial(x)) {
    if (expanded.degree(x) <= 2) return real_polynomial_roots(expanded, x);
    std::vector<ex> roots;
    const ex factored = factor(expanded);
    for (const ex& f : factors_of(factored)) {
      const ex base = is_exactly_a<power>(f) ? f.op(0) : f;
      if (!base.has(x)) continue;
      const std::vector<ex> r = real_polynomial_roots(base, x);
      roots.insert(roots.end(), r.begin(), r.end());
    }
    return sorted_unique(roots);
  }
  const std::vector<ExpPolyTerm> terms = to_gaussian_exp_poly(expanded, x);
  // group by the exponent: sum_k p_k(x) exp(c_k x^2 + a_k x)
  std::vector<std::pair<ex, ex>> groups;  // (slope, polynomial factor including exp(offset))
  std::vector<ex> curvatures;             // c_k of each group
  for (const ExpPolyTerm& t : terms) {
    const ex part = t.coefficient * pow(x, t.power) * exp(t.offset);
    std::size_t k = 0;
    while (k < groups.size() && !((groups[k].first - t.slope).is_zero() && (curvatures[k] - t.curvature).is_zero())) ++k;
    if (k == groups.size()) {
      groups.emplace_back(t.slope, part);
      curvatures.push_back(t.curvature);
    } else {
      groups[k].second += part;
    }
  }
  if (groups.size() == 1) return real_roots(groups[0].second, x);  // p(x) exp(c x^2 + a x): the roots of p
  if (groups.size() == 2 && curvatures[0].is_zero() && curvatures[1].is_zero() && !groups[0].second.has(x) &&
      !groups[1].second.has(x)) {
    const ex ratio = (-groups[1].second / groups[0].second).normal();
    if (sign_of(ratio) <= 0) return {};
    return {(log(ratio) / (groups[0].first - groups[1].first)).normal()};
  }
  throw NotInClass("cannot locate the real roots of '" + to_text(g) + "' exactly");
}

Piecewise split_into_pieces(const ex& f, const symbol& x) {
  Piecewise out;
  HyperbolicAsExp as_exp(x);
  split_recursive(as_exp(f), Interval{}, x, out.pieces);
  return out;
}

namespace {

// True when every exp-polynomial term of the piece has one common, constant sign on
// its interval (x^m of odd m counts only where the interval avoids 0): no sign change.
bool keeps_one_sign(const Piece& piece, const symbol& x) {
  const std::vector<ExpPolyTerm> terms = to_gaussian_exp_poly(piece.expr, x);
  const ex t = test_point(piece.where);
  const bool interval_avoids_zero = !strictly_inside(0, piece.where);
  int common = 0;
  for (const auto& term : terms) {
    if (term.power % 2 == 1 && !interval_avoids_zero) return false;
    const int s = sign_of(term.coefficient) * (term.power % 2 == 1 ? sign_of(t) : 1);
    if (common != 0 && s != common) return false;
    common = s;
  }
  return true;
}

}  // namespace

Piecewise absolute_value(const Piecewise& f, const symbol& x) {
  Piecewise out;
  for (const Piece& piece : f.pieces) {
    if (has_trigonometric(piece.expr, x)) {
      // one sign on the whole line, shown by interval arithmetic (2 + cos(3x + 1) lies in
      // [1, 3]); a sign change is not located: a trigonometric factor may have infinitely many
      if (piece.where.lower || piece.where.upper)
        throw NotInClass("'" + to_text(piece.expr) +
                         "' has a trigonometric factor on a piece with an end (f has a kink); only whole-line "
                         "pieces are derived (over a half-line the truncated moments need erf of a complex argument)");
      const Range r = enclose(piece.expr, parameter_symbol_ranges());
      if (!r.nonnegative() && !r.nonpositive())
        throw NotInClass("'" + to_text(piece.expr) +
                         "' is not shown to keep one sign on the real line, and E|f| of a trigonometric f that "
                         "changes sign (cos(x) changes sign infinitely often) has no closed form here; S is "
                         "computed numerically");
      out.pieces.push_back({piece.where, r.nonnegative() ? piece.expr : ex(-piece.expr)});
      continue;
    }
    std::vector<ex> sign_changes;
    // a polynomial with rational coefficients that keeps one sign on the whole line (Sturm's
    // theorem) changes sign nowhere: x^4 + 1, whose real roots (none) are not located exactly
    const LineSign line = is_polynomial_piece(piece.expr, x) ? polynomial_sign_on_real_line(piece.expr.expand(), x)
                                                              : LineSign::Unknown;
    if (line == LineSign::Unknown && (is_polynomial_piece(piece.expr, x) || !keeps_one_sign(piece, x))) {
      try {
        sign_changes = real_roots(piece.expr, x);
      } catch (const NotInClass& err) {
        throw NotInClass("cannot locate where '" + to_text(piece.expr) + "' changes sign: " + err.what());
      }
    }
    for (const Interval& sub : subdivide(piece.where, sign_changes)) {
      const int s = sign_of(piece.expr.subs(x == test_point(sub)));
      const ex absolute = s < 0 ? ex(-piece.expr) : piece.expr;
      // a root where f keeps its sign (x^2 at 0) leaves |f| one expression on both sides: one
      // piece, so that an expectation has no split there (under the Laplace law a split at 0
      // put relu(beta) terms into E|x^2| that cancel only by cases)
      if (!out.pieces.empty() && out.pieces.back().where.upper && sub.lower &&
          (out.pieces.back().where.upper.value() - sub.lower.value()).is_zero() &&
          (out.pieces.back().expr - absolute).expand().is_zero()) {
        out.pieces.back().where.upper = sub.upper;
        continue;
      }
      out.pieces.push_back({sub, absolute});
    }
  }
  return out;
}

Piecewise square(const Piecewise& f) {
  Piecewise out;
  for (const Piece& piece : f.pieces) out.pieces.push_back({piece.where, pow(piece.expr, 2).expand()});
  return out;
}

}  // namespace attnverify::sym
