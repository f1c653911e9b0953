#include "proofs/heat_equation_certificate.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "proofs/trigonometric_forms.hpp"
#include "proofs/canonical_form.hpp"
#include "proofs/certificate_support.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/erf.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/printing.hpp"
#include "proofs/range_enclosure.hpp"
#include "proofs/relu.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// e = sum_{k=low}^{high} c_k gamma^k with every c_k a polynomial in beta (constants may
// be any real constants: sqrt(2), pi, ...).
struct Laurent {
  int low = 0;
  std::vector<ex> coefficients;  // c_low, ..., c_high
  ex at(int k) const {
    return k < low || k >= low + static_cast<int>(coefficients.size()) ? ex(0) : coefficients[k - low];
  }
};

Laurent laurent(const ex& e, const symbol& gamma, const symbol& beta, const std::string& what) {
  const ex expanded = e.expand();
  Laurent out;
  try {
    out.low = expanded.ldegree(gamma);
    const int high = expanded.degree(gamma);
    ex rebuilt = 0;
    for (int k = out.low; k <= high; ++k) {
      const ex c = expanded.coeff(gamma, k);
      if (c.has(gamma) || !c.is_polynomial(beta))
        throw NotShown{what + " '" + to_text(e) + "' is not a polynomial in beta, gamma and 1/gamma"};
      out.coefficients.push_back(c);
      rebuilt += c * pow(gamma, k);
    }
    if (!(expanded - rebuilt).expand().is_zero())
      throw NotShown{what + " '" + to_text(e) + "' is not a polynomial in beta, gamma and 1/gamma"};
  } catch (const NotShown&) {
    throw;
  } catch (const std::exception&) {
    throw NotShown{what + " '" + to_text(e) + "' is not a polynomial in beta, gamma and 1/gamma"};
  }
  return out;
}

// Powers q^r of a polynomial q in gamma alone with positive constant term and no negative
// coefficient (1 + 2a gamma^2, a > 0: the factors of Gaussian exponents) are positive, smooth and
// bounded above and below on [0, G] for every G, with value q(0)^r at gamma = 0. Each is replaced by
// a fresh symbol for the analysis below, which then treats it as a bounded constant; `at_zero`
// maps the symbols to their values at gamma = 0 for the limit (I). A q^r inside an erf or under
// a 1/gamma^2 exponent is not such a constant there: the checks that need its value (signs of
// leading coefficients, the Gaussian centre) see a symbol and fail, so such forms are not certified.
struct BoundedFactors {
  exmap to_symbol;  // q^r -> w
  exmap at_zero;    // w -> q(0)^r
  std::vector<symbol> symbols;
};

bool bounded_in_gamma(const ex& q, const Symbols& s) {
  if (q.has(s.beta) || !q.has(s.gamma)) return false;
  const ex p = q.expand();
  if (!p.is_polynomial(s.gamma)) return false;
  for (int k = 0; k <= p.degree(s.gamma); ++k) {
    const ex c = p.coeff(s.gamma, k);
    if (!is_exactly_a<numeric>(c) || !ex_to<numeric>(c).is_rational()) return false;
    if (ex_to<numeric>(c).is_negative() || (k == 0 && !ex_to<numeric>(c).is_positive())) return false;
  }
  return true;
}

ex replace_bounded_factors(const ex& e, BoundedFactors& b, const Symbols& s) {
  struct Mapper : public map_function {
    BoundedFactors& b;
    const Symbols& s;
    Mapper(BoundedFactors& bf, const Symbols& sy) : b(bf), s(sy) {}
    ex operator()(const ex& node) override {
      if (is_exactly_a<power>(node) && is_exactly_a<numeric>(node.op(1)) && ex_to<numeric>(node.op(1)).is_rational() &&
          !ex_to<numeric>(node.op(1)).is_nonneg_integer() && bounded_in_gamma(node.op(0), s)) {
        for (const auto& [from, to] : b.to_symbol)
          if (from.is_equal(node)) return to;
        b.symbols.emplace_back("w" + std::to_string(b.symbols.size()));
        const ex w = b.symbols.back();
        b.to_symbol[node] = w;
        b.at_zero[w] = pow(node.op(0).subs(s.gamma == 0), node.op(1));
        return w;
      }
      return node.map(*this);
    }
  } mapper(b, s);
  return mapper(e);
}

// One term c * exp(E) * prod erf(..) of the expanded closed form, classified for (G) and (I).
struct Term {
  ex c = 1;  // real constants and powers of beta and gamma
  ex E = 0;  // the exponent
  std::vector<ex> erfs;
  std::vector<ex> trigonometric;  // sin(u), cos(u) and their powers, u a polynomial in beta and gamma: |.| <= 1
  bool gaussian = false;  // E = -k (beta - centre)^2 / gamma^2 + ...: tends to 0 off the centre
  ex centre;
  // erf calls whose argument has a negative power of gamma: the leading coefficient, a
  // polynomial in beta, whose sign decides the limit
  std::vector<std::pair<ex, ex>> erf_leading;  // (call, leading coefficient)
};

Term classify(const ex& term, const Symbols& s, const BoundedFactors& bounded) {
  Term t;
  const auto is_bounded = [&](const ex& f) {
    for (const symbol& w : bounded.symbols)
      if (f.has(w)) return true;
    return false;
  };
  for (const ex& f : factors_of(term)) {
    if (!f.has(s.beta) && !f.has(s.gamma) && is_bounded(f) && (is_a<symbol>(f) || is_exactly_a<power>(f))) {
      t.c *= f;  // a power of a bounded factor q(gamma)^r: a positive constant for (G) and (I)
    } else if (!f.has(s.beta) && !f.has(s.gamma)) {
      approximate(f);  // a real constant
      t.c *= f;
    } else if (is_ex_the_function(f, exp)) {
      t.E += f.op(0);
    } else if (is_exactly_a<power>(f) && is_ex_the_function(f.op(0), exp) && f.op(1).info(info_flags::integer)) {
      t.E += f.op(1) * f.op(0).op(0);
    } else if (is_ex_the_function(f, erf) || is_ex_the_function(f, erfc)) {
      t.erfs.push_back(f);
    } else if (const ex base = is_exactly_a<power>(f) && f.op(1).info(info_flags::posint) ? f.op(0) : f;
               is_ex_the_function(base, sin) || is_ex_the_function(base, cos)) {
      // bounded by 1 for (G); tends to its value at gamma = 0 in (I) when its argument has no
      // negative power of gamma (checked below: otherwise it oscillates as gamma -> 0+)
      if (laurent(base.op(0), s.gamma, s.beta, "the argument").low < 0)
        throw NotShown{"the argument of '" + to_text(base) + "' has a negative power of gamma (it oscillates as gamma -> 0+)"};
      t.trigonometric.push_back(f);
    } else if (f.is_equal(s.beta) || f.is_equal(s.gamma) ||
               (is_exactly_a<power>(f) && (f.op(0).is_equal(s.beta) || f.op(0).is_equal(s.gamma)) &&
                f.op(1).info(info_flags::integer) && (f.op(0).is_equal(s.gamma) || f.op(1).info(info_flags::nonnegint)))) {
      t.c *= f;
    } else {
      throw NotShown{"the factor '" + to_text(f) +
                     "' is outside exp, erf, erfc, sin, cos and integer powers of beta and gamma"};
    }
  }
  const Laurent c = laurent(t.c, s.gamma, s.beta, "the coefficient");
  const Laurent E = laurent(t.E, s.gamma, s.beta, "the exponent");
  for (const ex& call : t.erfs) {
    const Laurent u = laurent(call.op(0), s.gamma, s.beta, "the argument");
    if (u.low < 0) t.erf_leading.emplace_back(call, u.coefficients.front());
  }
  if (E.low >= 0) {
    // (G): |c exp(E)| <= poly(|beta|) exp(C (1 + beta^2)) for gamma in (0, G]
    if (c.low < 0)
      throw NotShown{"the term '" + to_text(term) + "' grows like a negative power of gamma as gamma -> 0+"};
    if (t.E.expand().degree(s.beta) > 2)
      throw NotShown{"the exponent '" + to_text(t.E) + "' grows faster than beta^2 (outside Tychonoff's class)"};
    return t;
  }
  // a Gaussian bump: the exponent's 1/gamma^2 part must be -k (beta - b)^2 with k > 0
  const ex e2 = E.at(-2).expand();
  if (E.low != -2 || e2.degree(s.beta) != 2)
    throw NotShown{"the exponent '" + to_text(t.E) + "' is not of the form -k (beta - b)^2/gamma^2 + ..."};
  const ex k2 = e2.coeff(s.beta, 2), k1 = e2.coeff(s.beta, 1), k0 = e2.coeff(s.beta, 0);
  if (certified_sign(k2) >= 0 || !is_identically_zero(k1 * k1 - 4 * k2 * k0))
    throw NotShown{"the exponent '" + to_text(t.E) + "' is not of the form -k (beta - b)^2/gamma^2 + ..."};
  t.gaussian = true;
  t.centre = (-k1 / (2 * k2)).normal();
  const realsymbol sv("s");
  const exmap shifted{{s.beta, t.centre + s.gamma * sv}};
  const ex Es = t.E.subs(shifted).expand();
  const ex cs = t.c.subs(shifted).expand();
  const Laurent Esl = laurent(Es, s.gamma, sv, "the exponent");
  const Laurent csl = laurent(cs, s.gamma, sv, "the coefficient");
  if (Esl.low < 0 || csl.low < 0 || Es.degree(sv) > 2 || !is_identically_zero(Es.coeff(sv, 2) - k2))
    throw NotShown{"the term '" + to_text(term) + "' is not bounded near beta = " + to_text(t.centre) +
                   " as gamma -> 0+"};
  return t;
}

ex limit_on_interval(const std::vector<Term>& terms, const ex& p, const Symbols& s, const BoundedFactors& bounded) {
  ex total = 0;
  for (const Term& t : terms) {
    if (t.gaussian) continue;  // exp(-k (beta - b)^2 / gamma^2) * (powers of 1/gamma) -> 0 for beta != b
    ex value = (t.c.expand().subs(s.gamma == 0) * exp(t.E.expand().subs(s.gamma == 0))).subs(bounded.at_zero);
    for (const ex& factor : t.trigonometric) value *= factor.subs(s.gamma == 0).subs(bounded.at_zero);
    for (const ex& call : t.erfs) {
      const auto lead = std::find_if(t.erf_leading.begin(), t.erf_leading.end(),
                                     [&](const auto& l) { return l.first.is_equal(call); });
      if (lead == t.erf_leading.end()) {
        value *= call.subs(s.gamma == 0).subs(bounded.at_zero);  // erf(u(beta, 0)): no negative power of gamma
        continue;
      }
      const int sign = certified_sign(lead->second.subs(s.beta == p));
      if (sign == 0) throw NotShown{"cannot read the sign of '" + to_text(lead->second) + "' at beta = " + to_text(p)};
      value *= is_ex_the_function(call, erf) ? ex(sign) : ex(1 - sign);  // erf -> sign, erfc -> 1 - sign
    }
    total += value;
  }
  return total;
}

// Whether e is identically 0, with each square root of a sum held as a symbol r: every power
// q^(n + 1/2) is written q^n r (an identity for q != 0 on the principal branch), the expansion is
// a sum of c_S prod_{r in S} r with r^2 = q folded back into the coefficients, and each c_S,
// free of the r's, must reduce to 0 by the zero test (a sufficient condition). The zero test
// alone holds q^(-1/2) and q^(-3/2) as unrelated atoms, so the heat equation of
// (1 + gamma^2)^(-1/2) exp((gamma^2 - beta^2 + 2 beta)/(2 (1 + gamma^2))) (E e^{X - X^2/2}) did not
// reduce.
bool zero_with_square_roots(const ex& e) {
  std::vector<std::pair<symbol, ex>> roots;
  struct Split : public map_function {
    std::vector<std::pair<symbol, ex>>& roots;
    explicit Split(std::vector<std::pair<symbol, ex>>& r) : roots(r) {}
    ex operator()(const ex& node) override {
      if (is_exactly_a<power>(node) && is_exactly_a<numeric>(node.op(1)) &&
          ex_to<numeric>(node.op(1)).is_rational() && ex_to<numeric>(node.op(1)).denom() == 2) {
        const ex q = node.op(0).map(*this);
        const symbol* r = nullptr;
        for (const auto& [symbol_of, base] : roots)
          if (base.is_equal(q)) r = &symbol_of;
        if (!r) {
          roots.emplace_back(symbol("r" + std::to_string(roots.size())), q);
          r = &roots.back().first;
        }
        return pow(q, ex_to<numeric>(node.op(1)) - numeric(1, 2)) * *r;
      }
      return node.map(*this);
    }
  } split(roots);
  const ex expanded = expand(split(e));
  if (roots.empty() || roots.size() > 4) return false;
  // the coefficients c_S, one square root at a time
  std::vector<ex> parts{expanded};
  for (const auto& [r, q] : roots) {
    std::vector<ex> next;
    for (const ex& part : parts) {
      ex even = 0, odd = 0;
      for (int k = part.ldegree(r); k <= part.degree(r); ++k) {
        const ex c = part.coeff(r, k);
        const int half = k >= 0 ? k / 2 : -((-k + 1) / 2);  // floor(k/2)
        ((k - 2 * half) == 0 ? even : odd) += c * pow(q, half);
      }
      next.push_back(expand(even));
      next.push_back(expand(odd));
    }
    parts = std::move(next);
  }
  for (const ex& part : parts)
    if (!part.is_zero() && !is_identically_zero(part)) return false;
  return true;
}

void check_heat_equation(const ex& m, const Symbols& s, bool radicals) {
  const ex residual = m.diff(s.gamma) - s.gamma * m.diff(s.beta, 2);
  if (!normal(residual.expand()).is_zero() && !is_identically_zero(residual) &&
      !(radicals && zero_with_square_roots(residual)))
    throw NotShown{radicals ? "dm/dgamma - gamma d^2m/dbeta^2 is not reduced to 0 by the zero test, which does not "
                              "simplify the powers of 1 + 2a gamma^2 in it (a form with x^2 in an exponent)"
                            : "dm/dgamma - gamma d^2m/dbeta^2 does not reduce to 0"};
}

}  // namespace

DerivationCertificate certify_gaussian_expectation(const ex& m, const ex& g) {
  const Symbols& s = symbols();
  DerivationCertificate out;
  out.method = "heat equation";
  try {
    check_certificate_inputs(m, g);
    // (G) and the shapes the limit needs, term by term
    std::vector<Term> terms;
    std::vector<ex> points;
    BoundedFactors bounded;
    for (const ex& term : terms_of(replace_bounded_factors(m.expand(), bounded, s).expand())) {
      terms.push_back(classify(term, s, bounded));
      const Term& t = terms.back();
      if (t.gaussian) points.push_back(t.centre);
      for (const auto& [call, lead] : t.erf_leading) {
        std::vector<ex> roots;
        try {
          roots = real_polynomial_roots(lead, s.beta);
        } catch (const NotInClass& err) {
          throw NotShown{"cannot locate where the argument of '" + to_text(call) + "' changes sign: " + err.what()};
        }
        if (lead.expand().is_zero()) throw NotShown{"an erf argument has a vanishing leading coefficient"};
        points.insert(points.end(), roots.begin(), roots.end());
      }
    }
    // (H)
    check_heat_equation(m, s, !bounded.symbols.empty());
    // (I) on each open interval between the points, refined where g switches
    const ex initial = hyperbolic_as_exp(g, s.x);
    const std::vector<ex> sorted = sorted_distinct(points);
    std::vector<std::pair<End, End>> work;
    for (std::size_t k = 0; k <= sorted.size(); ++k)
      work.emplace_back(k == 0 ? End{} : End{sorted[k - 1]}, k == sorted.size() ? End{} : End{sorted[k]});
    std::size_t intervals = 0;
    while (!work.empty()) {
      const auto [lo, hi] = work.back();
      work.pop_back();
      if (++intervals > 256) throw NotShown{"too many intervals for the initial values"};
      const ex p = interior_point(lo, hi);
      const Resolved r = resolve_switches(initial, lo, hi, p, s.x);
      if (r.split_at) {
        work.emplace_back(lo, r.split_at);
        work.emplace_back(r.split_at, hi);
        --intervals;
        continue;
      }
      try {
        // |g| <= A exp(a|x|) on the interval (x^m e^{-c x^2 + b x}, c > 0, is bounded so too)
        // (sin and cos of b x + c by Euler's formula: |e^{(a + ib) x}| = e^{a x})
        to_gaussian_exp_poly(
            has_trigonometric(r.value, s.x) ? trigonometric_as_exponentials(r.value, s.x) : r.value, s.x);
      } catch (const NotInClass& err) {
        throw NotShown{"g is not an exp-polynomial on an interval (" + std::string(err.what()) + ")"};
      }
      const ex limit = limit_on_interval(terms, p, s, bounded);
      if (!is_identically_zero(limit - r.value.subs(s.x == s.beta)))
        throw NotShown{"the limit gamma -> 0+ is " + to_text(limit) + ", not g(beta) = " +
                       to_text(r.value.subs(s.x == s.beta)) + ", between " + (lo ? to_text(*lo) : "-inf") + " and " +
                       (hi ? to_text(*hi) : "inf")};
    }
    out.verified = true;
    out.steps.push_back(
        "dm/dgamma = gamma d^2m/dbeta^2 holds identically, every term is of Gaussian growth, and m -> g as "
        "gamma -> 0+ " + (intervals == 1 ? std::string("on the whole line")
                                         : "on each of the " + std::to_string(intervals) + " open intervals between " +
                                               std::to_string(intervals - 1) + (intervals == 2 ? " point" : " points")));
  } catch (const NotShown& n) {
    out.reason = n.reason;
  } catch (const std::exception& err) {
    out.reason = std::string("the symbolic engine failed: ") + err.what();
  }
  return out;
}

}  // namespace attnverify::sym
