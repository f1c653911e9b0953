#include "proofs/uniform_certificate.hpp"

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

// The arguments of relu, step and abs expanded, so that beta + sqrt3 gamma - c in u, v
// reads v - c.
struct ExpandSwitchArguments : map_function {
  ex operator()(const ex& e) override {
    const ex mapped = e.map(*this);
    if (!is_switch(mapped)) return mapped;
    return function(ex_to<function>(mapped).get_serial(), mapped.op(0).expand());
  }
};

// An open interval of one coordinate with g and M resolved on it.
struct Band {
  End lo, hi;
  ex p;  // an exact point inside
  ex g;       // g in x, no switch left
  ex M;       // M with the switches of this coordinate resolved
};

// The intervals of coordinate t on which neither M's switches in t nor g's switch, in order.
std::vector<Band> bands(const ex& M, const ex& g, const symbol& t, const symbol& x) {
  std::vector<Band> out;
  std::vector<std::pair<End, End>> work{{End{}, End{}}};
  std::size_t visited = 0;
  while (!work.empty()) {
    const auto [lo, hi] = work.back();
    work.pop_back();
    if (++visited > 512) throw NotShown{"too many intervals of " + to_text(t)};
    const ex p = interior_point(lo, hi);
    const Resolved mr = resolve_switches(M, lo, hi, p, t);
    const Resolved gr = mr.split_at ? mr : resolve_switches(g, lo, hi, p, x);
    if (gr.split_at) {
      work.emplace_back(lo, gr.split_at);
      work.emplace_back(gr.split_at, hi);
      continue;
    }
    try {
      to_exp_poly(gr.value, x);  // g continuous on the interval
    } catch (const NotInClass& err) {
      throw NotShown{"g is not an exp-polynomial between " + end_text(lo, true) + " and " + end_text(hi, false) +
                     " (" + std::string(err.what()) + ")"};
    }
    out.push_back({lo, hi, p, gr.value, mr.value});
  }
  std::sort(out.begin(), out.end(), [](const Band& a, const Band& b) {
    if (!a.lo || !b.lo) return !a.lo && b.lo;
    return approximate(*a.lo) < approximate(*b.lo);
  });
  for (std::size_t k = 0; k + 1 < out.size(); ++k)
    if (!out[k].hi || !out[k + 1].lo || !is_identically_zero(*out[k].hi - *out[k + 1].lo))
      throw NotShown{"the intervals of " + to_text(t) + " do not meet"};
  return out;
}

// The shape check: c u^i v^j exp(E) term by term, E a polynomial in u and v, no denominator in
// u or v.
void check_smooth(const ex& M, const symbol& u, const symbol& v) {
  for (const ex& term : terms_of(M.expand()))
    for (const ex& f : factors_of(term)) {
      if (!f.has(u) && !f.has(v)) continue;
      const bool power_ok = (f.is_equal(u) || f.is_equal(v)) ||
                            (is_exactly_a<power>(f) && (f.op(0).is_equal(u) || f.op(0).is_equal(v)) &&
                             f.op(1).info(info_flags::nonnegint));
      const bool exp_call = is_ex_the_function(f, exp) ||
                            (is_exactly_a<power>(f) && is_ex_the_function(f.op(0), exp) && f.op(1).info(info_flags::integer));
      const ex exponent = !exp_call ? ex(0) : is_ex_the_function(f, exp) ? f.op(0) : f.op(0).op(0);
      // a polynomial exponent: atan(y) + atan(1/y) (piecewise constant, zero derivative) is not
      const bool exp_ok = exp_call && exponent.expand().is_polynomial(u) && exponent.expand().is_polynomial(v);
      if (!power_ok && !exp_ok)
        throw NotShown{"the factor '" + to_text(f) + "' of 2 sqrt3 gamma m is not exp(polynomial) or a power of u, v"};
    }
}

// The cell I x J meets u < v unless I lies at or right of J.
bool meets_lower_diagonal(const Band& I, const Band& J) {
  if (!I.lo || !J.hi) return true;
  return !is_identically_zero(*J.hi - *I.lo) && certified_sign(*J.hi - *I.lo) > 0;
}

}  // namespace

DerivationCertificate certify_uniform_expectation(const ex& m, const ex& g) {
  const Symbols& s = symbols();
  DerivationCertificate out;
  out.method = "fundamental theorem of calculus";
  try {
    check_certificate_inputs(m, g);
    const realsymbol u("u"), v("v");
    const ex root3 = sqrt(ex(3));
    ExpandSwitchArguments expand_switch_arguments;
    const ex M = (2 * root3 * s.gamma * m)
                     .expand()
                     .subs(exmap{{s.beta, (u + v) / 2}, {s.gamma, (v - u) / (2 * root3)}})
                     .map(expand_switch_arguments);
    if (M.has(s.beta) || M.has(s.gamma)) throw NotShown{"m is not a function of beta and gamma alone"};
    for (const_preorder_iterator it = M.preorder_begin(); it != M.preorder_end(); ++it)
      if (is_switch(*it) && it->has(u) && it->has(v))
        throw NotShown{"the switch '" + to_text(*it) + "' of m depends on both ends of the support"};
    const ex initial = hyperbolic_as_exp(g, s.x);
    const std::vector<Band> in_u = bands(M, initial, u, s.x), in_v = bands(M, initial, v, s.x);
    // M on each cell meeting u < v: resolve u's switches, then v's
    std::vector<std::vector<std::optional<ex>>> cell(in_u.size(), std::vector<std::optional<ex>>(in_v.size()));
    std::size_t cells = 0;
    for (std::size_t i = 0; i < in_u.size(); ++i)
      for (std::size_t j = 0; j < in_v.size(); ++j) {
        const Band &I = in_u[i], &J = in_v[j];
        if (!meets_lower_diagonal(I, J)) continue;
        const Resolved r = resolve_switches(I.M, J.lo, J.hi, J.p, v);
        if (r.split_at) throw NotShown{"a switch of v appears only after u's are resolved"};
        const ex Mc = r.value;
        const std::string where = "on the cell u in (" + end_text(I.lo, true) + ", " + end_text(I.hi, false) +
                                  "), v in (" + end_text(J.lo, true) + ", " + end_text(J.hi, false) + ")";
        check_smooth(Mc, u, v);
        if (!is_identically_zero(Mc.diff(v) - J.g.subs(s.x == v)))
          throw NotShown{"dM/dv does not reduce to g(v) " + where + " (M = 2 sqrt3 gamma m)"};
        if (!is_identically_zero(Mc.diff(u) + I.g.subs(s.x == u)))
          throw NotShown{"dM/du does not reduce to -g(u) " + where + " (M = 2 sqrt3 gamma m)"};
        cell[i][j] = Mc;
        ++cells;
      }
    // (C) across the boundaries between cells that both meet u < v
    for (std::size_t i = 0; i < in_u.size(); ++i)
      for (std::size_t j = 0; j < in_v.size(); ++j) {
        if (!cell[i][j]) continue;
        if (i + 1 < in_u.size() && cell[i + 1][j] &&
            !is_identically_zero((*cell[i][j] - *cell[i + 1][j]).subs(u == *in_u[i].hi)))
          throw NotShown{"2 sqrt3 gamma m is not continuous across beta - sqrt3 gamma = " + to_text(*in_u[i].hi)};
        if (j + 1 < in_v.size() && cell[i][j + 1] &&
            !is_identically_zero((*cell[i][j] - *cell[i][j + 1]).subs(v == *in_v[j].hi)))
          throw NotShown{"2 sqrt3 gamma m is not continuous across beta + sqrt3 gamma = " + to_text(*in_v[j].hi)};
      }
    // (B) on the diagonal, left of every switch point: cell (0, 0) reaches it
    End left_end = in_u.front().hi;
    if (in_v.front().hi && (!left_end || approximate(*in_v.front().hi) < approximate(*left_end)))
      left_end = in_v.front().hi;
    const ex w = interior_point(End{}, left_end);
    if (in_v.front().hi && certified_sign(*in_v.front().hi - w) <= 0)
      throw NotShown{"cannot place a diagonal point left of every switch point"};
    if (!is_identically_zero(cell[0][0]->subs(exmap{{u, w}, {v, w}})))
      throw NotShown{"2 sqrt3 gamma m does not tend to 0 as gamma -> 0+ at beta = " + to_text(w)};
    out.verified = true;
    out.steps.push_back("with u, v = beta -/+ sqrt3 gamma, M = 2 sqrt3 gamma m has dM/dv = g(v) and dM/du = -g(u) "
                        "identically " +
                        (cells == 1 ? std::string("on the whole half-plane u < v")
                                    : "on each of the " + std::to_string(cells) +
                                          " cells between its switch lines, is continuous across them,") +
                        " and vanishes at u = v = " + to_text(w) + ", so M = int_u^v g");
  } catch (const NotShown& n) {
    out.reason = n.reason;
  } catch (const std::exception& err) {
    out.reason = std::string("the symbolic engine failed: ") + err.what();
  }
  return out;
}

}  // namespace attnverify::sym
