#include "proofs/zero_set.hpp"

#include <algorithm>
#include <cmath>

#include "proofs/piecewise.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

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

namespace {

bool is_function_named(const ex& e, const char* name) {
  return is_a<function>(e) && ex_to<function>(e).get_name() == name;
}

// Why e (without switches) is not shown real-analytic on the domain, or "": every power with an
// exponent that is not a non-negative integer, and every log, must have an argument proved
// positive there (sqrt(beta^2) = |beta| is not analytic at 0: it hides a switch).
std::string not_analytic(const ex& e, const ParameterDomain& domain) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    if (is_exactly_a<power>(*it)) {
      const ex exponent = it->op(1);
      const bool natural = is_exactly_a<numeric>(exponent) && ex_to<numeric>(exponent).is_nonneg_integer();
      if (!natural && !provably_positive_on(it->op(0), domain))
        return "the base of " + to_text(*it) + " is not shown positive, so it need not be analytic";
    } else if (is_function_named(*it, "log") && !provably_positive_on(it->op(0), domain)) {
      return "the argument of " + to_text(*it) + " is not shown positive";
    }
  }
  return "";
}

// e without switches: real-analytic where defined (not_analytic) and not identically 0, shown by
// a witness: e is non-zero at one sample value of its continuous parameters (for every value of
// an integer parameter it depends on). That the zero test does not reduce e to 0 is no witness:
// the test can miss a zero (an attack had 0/(sqrt(cos(beta)^2 + sin(beta)^2 + 3) - 2), 0/0
// everywhere, extended continuously and "proved").
bool analytic_zero_set_is_thin(const ex& e, const ParameterDomain& domain, std::string& why) {
  if (is_identically_zero(e)) {
    why = to_text(e) + " is identically 0";
    return false;
  }
  if (const std::string problem = not_analytic(e, domain); !problem.empty()) {
    why = problem;
    return false;
  }
  const bool on_an_integer = std::any_of(domain.variables.begin(), domain.variables.end(),
                                         [&](const DomainVariable& v) { return v.integer && e.has(v.symbol); });
  // the samples of the continuous parameters (every combination of their first three)
  std::vector<exmap> samples{exmap{}};
  for (const DomainVariable& v : domain.variables) {
    if (v.integer || !e.has(v.symbol)) continue;
    std::vector<exmap> next;
    for (const exmap& partial : samples)
      for (std::size_t k = 0; k < v.samples.size() && k < 3; ++k) {
        exmap extended = partial;
        extended[v.symbol] = v.samples[k];
        next.push_back(extended);
      }
    samples = next;
  }
  // then the identity theorem on the connected continuous part
  for (const exmap& at : samples)
    if (provably_nonzero_on(e.subs(at), domain)) return true;
  why = on_an_integer ? to_text(e) + " may vanish, for some integer value of its parameters, at every value of the "
                                     "others (no sample shows it non-zero for every integer): its zero set may have "
                                     "interior"
                      : to_text(e) + " is not shown non-zero at any sample point (it may vanish identically)";
  return false;
}

// The zero set of a product is the union of its factors' (thin when each is), and that of u^r,
// r > 0, is u's; 1/u never vanishes.
bool factors_thin(const ex& e, const ParameterDomain& domain, std::string& why);

}  // namespace

bool zero_set_is_thin(const ex& e, const ParameterDomain& domain, std::string& why) {
  try {
    return factors_thin(e, domain, why);
  } catch (const std::exception& err) {
    why = std::string("its zero set could not be examined: ") + err.what();
    return false;
  }
}

namespace {

bool switches_thin(const ex& e, const ParameterDomain& domain, std::string& why);

bool factors_thin(const ex& e, const ParameterDomain& domain, std::string& why) {
  if (is_exactly_a<mul>(e)) {
    for (const ex& factor : e)
      if (!factors_thin(factor, domain, why)) return false;
    return true;
  }
  if (is_exactly_a<power>(e) && is_exactly_a<numeric>(e.op(1)) && ex_to<numeric>(e.op(1)).is_real()) {
    if (ex_to<numeric>(e.op(1)).is_negative()) return true;  // 1/u is never 0 where it is defined
    if (ex_to<numeric>(e.op(1)).is_positive()) return factors_thin(e.op(0), domain, why);
  }
  if (is_exactly_a<numeric>(e)) {
    if (!e.is_zero()) return true;
    why = "the divisor is 0";
    return false;
  }
  return switches_thin(e, domain, why);
}

bool switches_thin(const ex& e, const ParameterDomain& domain, std::string& why) {
  try {
    const std::vector<ex> arguments = switch_arguments(e);
    if (arguments.empty()) return analytic_zero_set_is_thin(e, domain, why);
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
    if (!v) {  // every switch has a constant argument: one branch everywhere (resolved below by the zero test)
      why = "a switch of a constant argument";
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
      // the piece itself: analytic, and not 0 on an open set for any integer value
      std::string piece_why;
      if (!analytic_zero_set_is_thin(piece, domain, piece_why)) {
        why = "on the piece of " + to_text(v->symbol) + " around " + to_text(p) + ": " + piece_why;
        return false;
      }
    }
    return true;
  } catch (const std::exception& err) {
    why = std::string("its zero set could not be examined: ") + err.what();
    return false;
  }
}

}  // namespace

}  // namespace attnverify::sym
