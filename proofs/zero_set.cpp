#include "proofs/zero_set.hpp"

#include <algorithm>
#include <cmath>

#include "proofs/equivalence.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

bool is_switch(const ex& e) {
  if (!is_a<function>(e)) return false;
  const std::string name = ex_to<function>(e).get_name();
  return name == "abs" || name == "relu" || name == "step";
}

// The switches' arguments of e.
std::vector<ex> switch_arguments(const ex& e) {
  std::vector<ex> out;
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_switch(*it) && std::none_of(out.begin(), out.end(), [&](const ex& a) { return a.is_equal(it->op(0)); }))
      out.push_back(it->op(0));
  return out;
}

bool has_switch(const ex& e) { return !switch_arguments(e).empty(); }

}  // namespace

bool zero_set_is_thin(const ex& e, const ParameterDomain& domain, std::string& why) {
  try {
    const std::vector<ex> arguments = switch_arguments(e);
    if (arguments.empty()) {
      if (is_identically_zero(e)) {
        why = to_text(e) + " is identically 0";
        return false;
      }
      return true;
    }
    // one real variable v carries every switch, each argument c1 v + c0 with rational c1 != 0
    const DomainVariable* v = nullptr;
    std::vector<numeric> roots;
    for (const ex& u : arguments) {
      const DomainVariable* carrier = nullptr;
      for (const DomainVariable& d : domain.variables)
        if (u.has(d.symbol)) {
          if (carrier) {
            why = "a switch's argument " + to_text(u) + " depends on several parameters";
            return false;
          }
          carrier = &d;
        }
      if (!carrier) continue;  // a constant argument: one branch everywhere
      if (v && !v->symbol.is_equal(carrier->symbol)) {
        why = "the switches' arguments depend on different parameters";
        return false;
      }
      v = carrier;
      const ex expanded = expand(u);
      if (!is_a<symbol>(v->symbol) || !expanded.is_polynomial(v->symbol) || expanded.degree(v->symbol) != 1) {
        why = "a switch's argument " + to_text(u) + " is not linear in " + to_text(v->symbol);
        return false;
      }
      const ex c1 = expanded.coeff(v->symbol, 1), c0 = expanded.coeff(v->symbol, 0);
      if (!is_exactly_a<numeric>(c1) || !is_exactly_a<numeric>(c0) || !ex_to<numeric>(c1).is_rational() ||
          !ex_to<numeric>(c0).is_rational() || ex_to<numeric>(c1).is_zero()) {
        why = "a switch's argument " + to_text(u) + " has coefficients that are not rational numbers";
        return false;
      }
      roots.push_back(-ex_to<numeric>(c0) / ex_to<numeric>(c1));
    }
    if (!v) {  // every switch has a constant argument: one branch everywhere
      if (!is_identically_zero(e)) return true;
      why = to_text(e) + " is identically 0";
      return false;
    }
    if (v->integer) {
      why = "the switches are in an integer parameter";
      return false;
    }
    std::sort(roots.begin(), roots.end(), [](const numeric& a, const numeric& b) { return a < b; });
    roots.erase(std::unique(roots.begin(), roots.end(), [](const numeric& a, const numeric& b) { return a == b; }),
                roots.end());
    // the open pieces of v's range between consecutive roots, each probed at an inner point
    const bool lo_finite = std::isfinite(v->range.lo), hi_finite = std::isfinite(v->range.hi);
    std::vector<numeric> cuts;
    for (const numeric& r : roots)
      if ((!lo_finite || r > numeric(v->range.lo)) && (!hi_finite || r < numeric(v->range.hi))) cuts.push_back(r);
    std::vector<numeric> probes;
    const numeric first = lo_finite ? numeric(v->range.lo) : (cuts.empty() ? numeric(-1) : cuts.front() - 2);
    const numeric last = hi_finite ? numeric(v->range.hi) : (cuts.empty() ? numeric(1) : cuts.back() + 2);
    std::vector<numeric> ends{first};
    ends.insert(ends.end(), cuts.begin(), cuts.end());
    ends.push_back(last);
    for (std::size_t k = 0; k + 1 < ends.size(); ++k) probes.push_back((ends[k] + ends[k + 1]) / 2);
    for (const numeric& p : probes) {
      // the branch inside this piece: every argument's sign at p (exact: the roots are exact)
      exmap branches;
      for (const ex& u : arguments) {
        const ex at = u.subs(v->symbol == p);
        if (!is_exactly_a<numeric>(at) || ex_to<numeric>(at).is_zero()) {
          why = "a switch's sign inside a piece of " + to_text(v->symbol) + " could not be read";
          return false;
        }
      }
      for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it) {
        if (!is_switch(*it)) continue;
        const ex at = it->op(0).subs(v->symbol == p);
        const bool positive = ex_to<numeric>(at).is_positive();
        const std::string name = ex_to<function>(*it).get_name();
        const ex branch = name == "abs"    ? (positive ? it->op(0) : ex(-it->op(0)))
                          : name == "relu" ? (positive ? it->op(0) : ex(0))
                                           : ex(positive ? 1 : 0);
        branches[*it] = branch;
      }
      const ex piece = e.subs(branches, subs_options::no_pattern);
      if (has_switch(piece)) {
        why = "a switch inside another could not be resolved on a piece of " + to_text(v->symbol);
        return false;
      }
      if (is_identically_zero(piece)) {
        why = to_text(e) + " is 0 on an open interval of " + to_text(v->symbol) + " around " + to_text(p);
        return false;
      }
    }
    return true;
  } catch (const std::exception& err) {
    why = std::string("its zero set could not be examined: ") + err.what();
    return false;
  }
}

}  // namespace attnverify::sym
