#include "proofs/laplace_certificate.hpp"

#include <algorithm>

#include "proofs/canonical_form.hpp"
#include "proofs/certificate_support.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// m and g resolved on one open interval of beta
struct Cell {
  End lo, hi;
  ex m;  // in beta, gamma, no switch of beta left
  ex g;  // in x, no switch left
};

// The terms c(gamma) beta^j exp(a beta + e) of m grouped by their rate a(gamma): (a, the sum of
// its terms). Throws NotShown for any other shape (the shape check).
std::vector<std::pair<ex, ex>> rates_of(const ex& m, const Symbols& s) {
  std::vector<std::pair<ex, ex>> rates;
  for (const ex& term : terms_of(m.expand())) {
    ex exponent = 0;
    for (const ex& f : factors_of(term)) {
      if (!f.has(s.beta)) continue;
      if (is_ex_the_function(f, exp)) {
        exponent += f.op(0);
      } else if (is_exactly_a<power>(f) && is_ex_the_function(f.op(0), exp) && f.op(1).info(info_flags::integer)) {
        exponent += f.op(1) * f.op(0).op(0);
      } else if (!(f.is_equal(s.beta) ||
                   (is_exactly_a<power>(f) && f.op(0).is_equal(s.beta) && f.op(1).info(info_flags::nonnegint)))) {
        throw NotShown{"the factor '" + to_text(f) + "' of m is not exp(linear in beta) or a power of beta"};
      }
    }
    const ex e = exponent.expand();
    if (!e.is_polynomial(s.beta) || e.degree(s.beta) > 1)
      throw NotShown{"the exponent '" + to_text(exponent) + "' of m is not linear in beta"};
    const ex rate = e.coeff(s.beta, 1).normal();
    const auto same = std::find_if(rates.begin(), rates.end(), [&](const auto& a) { return (a.first - rate).is_zero(); });
    if (same == rates.end()) rates.emplace_back(rate, term);
    else same->second += term;
  }
  return rates;
}

// The slopes of g's exp-polynomial on an interval whose coefficient (summed over like
// terms) is not identically 0.
std::vector<ex> live_slopes(const ex& g, const symbol& x) {
  std::vector<std::pair<ex, ex>> by_slope;  // slope, summed coefficient polynomial
  for (const ExpPolyTerm& t : to_exp_poly(g, x)) {
    const ex part = t.coefficient * exp(t.offset) * pow(x, t.power);
    const auto same = std::find_if(by_slope.begin(), by_slope.end(),
                                   [&](const auto& p) { return is_identically_zero(p.first - t.slope); });
    if (same == by_slope.end()) by_slope.emplace_back(t.slope, part);
    else same->second += part;
  }
  std::vector<ex> out;
  for (const auto& [slope, coefficient] : by_slope)
    if (!is_identically_zero(coefficient)) out.push_back(slope);
  return out;
}

// (R) at one end: side = +1 (beta -> +inf) or -1
void check_growth(const Cell& cell, int side, const ex& r, const Symbols& s) {
  const std::vector<ex> slopes = live_slopes(cell.g, s.x);
  for (const auto& rate : rates_of(cell.m, s)) {  // a pair: clang cannot capture a structured binding
    const ex& a = rate.first;
    const ex& terms = rate.second;
    if (is_identically_zero(a + side * r)) continue;  // e^{-r |beta|}: decays
    if (is_identically_zero(terms)) continue;         // terms that cancel
    const bool of_g = !a.has(s.gamma) && std::any_of(slopes.begin(), slopes.end(), [&](const ex& b) {
      return is_identically_zero(a - b);
    });
    if (!of_g)
      throw NotShown{"the rate " + to_text(a) + " of m as beta -> " + (side > 0 ? "+inf" : "-inf") +
                     " is neither " + (side > 0 ? "-" : "") +
                     "sqrt2/gamma nor a rate of g there, so m = o(e^{sqrt2 |beta|/gamma}) is not shown"};
  }
}

}  // namespace

DerivationCertificate certify_laplace_expectation(const ex& m, const ex& g) {
  const Symbols& s = symbols();
  DerivationCertificate out;
  out.method = "screened Poisson equation";
  try {
    check_certificate_inputs(m, g);
    for (const_preorder_iterator it = m.preorder_begin(); it != m.preorder_end(); ++it)
      if (is_switch(*it) && it->has(s.gamma))
        throw NotShown{"the switch '" + to_text(*it) + "' of m moves with gamma"};
    const ex r = sqrt(ex(2)) / s.gamma;
    const ex initial = hyperbolic_as_exp(g, s.x);
    // the intervals of beta on which neither m nor g switches
    std::vector<Cell> cells;
    std::vector<std::pair<End, End>> work{{End{}, End{}}};
    std::size_t visited = 0;
    while (!work.empty()) {
      const auto [lo, hi] = work.back();
      work.pop_back();
      if (++visited > 512) throw NotShown{"too many intervals of beta"};
      const ex p = interior_point(lo, hi);
      const Resolved mr = resolve_switches(m, lo, hi, p, s.beta);
      const Resolved gr = mr.split_at ? mr : resolve_switches(initial, lo, hi, p, s.x);
      if (gr.split_at) {
        work.emplace_back(lo, gr.split_at);
        work.emplace_back(gr.split_at, hi);
        continue;
      }
      cells.push_back({lo, hi, mr.value, gr.value});
    }
    std::sort(cells.begin(), cells.end(), [](const Cell& a, const Cell& b) {
      if (!a.lo || !b.lo) return !a.lo && b.lo;
      return approximate(*a.lo) < approximate(*b.lo);
    });
    for (const Cell& cell : cells) {
      const std::string where = "between " + end_text(cell.lo, true) + " and " + end_text(cell.hi, false);
      try {
        to_exp_poly(cell.g, s.x);  // g continuous on the interval
      } catch (const NotInClass& err) {
        throw NotShown{"g is not an exp-polynomial " + where + " (" + std::string(err.what()) + ")"};
      }
      rates_of(cell.m, s);  // the shape: smooth in beta
      const ex residual = cell.m - pow(s.gamma, 2) / 2 * cell.m.diff(s.beta, 2) - cell.g.subs(s.x == s.beta);
      if (!is_identically_zero(residual))
        throw NotShown{"m - (gamma^2/2) d^2m/dbeta^2 does not reduce to g " + where};
    }
    for (std::size_t k = 0; k + 1 < cells.size(); ++k) {
      const ex q = *cells[k].hi;
      if (!cells[k + 1].lo || !is_identically_zero(*cells[k + 1].lo - q))
        throw NotShown{"the intervals of beta do not meet at " + to_text(q)};
      const ex left = cells[k].m, right = cells[k + 1].m;
      if (!is_identically_zero((left - right).subs(s.beta == q)))
        throw NotShown{"m is not continuous at beta = " + to_text(q)};
      if (!is_identically_zero(m.subs(s.beta == q) - left.subs(s.beta == q)))
        throw NotShown{"m at beta = " + to_text(q) + " is not its limit there"};
      if (!is_identically_zero((left.diff(s.beta) - right.diff(s.beta)).subs(s.beta == q)))
        throw NotShown{"dm/dbeta is not continuous at beta = " + to_text(q)};
    }
    check_growth(cells.back(), +1, r, s);
    check_growth(cells.front(), -1, r, s);
    out.verified = true;
    const std::size_t n = cells.size();
    std::string where = "on the whole line";
    if (n == 2) where = "on both sides of beta = " + to_text(*cells.front().hi);
    if (n > 2) where = "on each of the " + std::to_string(n) + " open intervals between " + std::to_string(n - 1) + " switch points";
    out.steps.push_back("m - (gamma^2/2) d^2m/dbeta^2 = g holds identically " + where +
                        (n == 2 ? ", m and dm/dbeta are continuous across it" : n > 2 ? ", m and dm/dbeta are continuous across them" : "") +
                        ", and m = o(e^{sqrt2 |beta|/gamma}) at both ends wherever E g exists");
  } catch (const NotShown& n) {
    out.reason = n.reason;
  } catch (const std::exception& err) {
    out.reason = std::string("the symbolic engine failed: ") + err.what();
  }
  return out;
}

}  // namespace attnverify::sym
