#include "proofs/cases_form.hpp"

#include <set>
#include <stdexcept>

#include "proofs/piecewise.hpp"
#include "proofs/display_form.hpp"
#include "proofs/printing.hpp"
#include "proofs/relu.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// The relu, abs and step terms of e, in a set ordered by GiNaC's canonical comparison.
void kinked_terms(const ex& e, std::set<ex, ex_is_less>& out) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_switch(*it)) out.insert(*it);
}

}  // namespace

std::optional<CasesForm> kink_cases(const ex& e) {
  try {
    std::set<ex, ex_is_less> terms;
    kinked_terms(e, terms);
    if (terms.empty()) return std::nullopt;
    std::optional<ex> parameter;  // an ex: a copy as GiNaC::symbol would slice a realsymbol, which then matches nothing
    std::optional<numeric> root;
    exmap below, above;
    for (const ex& term : terms) {
      if (is_ex_the_function(term, step)) return std::nullopt;  // not continuous at the kink
      const ex u = term.op(0);
      // u = a p + b, a and b rational, in one symbol p
      std::set<ex, ex_is_less> symbols;
      for (const_preorder_iterator it = u.preorder_begin(); it != u.preorder_end(); ++it)
        if (is_a<symbol>(*it)) symbols.insert(*it);
      if (symbols.size() != 1) return std::nullopt;
      const ex p = *symbols.begin();
      if (parameter && !p.is_equal(*parameter)) return std::nullopt;
      if (!u.is_polynomial(p) || u.degree(p) != 1) return std::nullopt;
      const ex a = u.coeff(p, 1), b = u.coeff(p, 0);
      if (!is_exactly_a<numeric>(a) || !is_exactly_a<numeric>(b) || !ex_to<numeric>(a).is_rational() ||
          !ex_to<numeric>(b).is_rational() || ex_to<numeric>(a).is_zero())
        return std::nullopt;
      const numeric r = -ex_to<numeric>(b) / ex_to<numeric>(a);
      if (root && r != *root) return std::nullopt;
      parameter = p, root = r;
      // below the root u has the sign of -a, above it the sign of a
      const bool rising = ex_to<numeric>(a).is_positive();
      if (is_ex_the_function(term, relu)) {
        below[term] = rising ? ex(0) : u;
        above[term] = rising ? u : ex(0);
      } else {  // abs
        below[term] = rising ? -u : u;
        above[term] = rising ? u : -u;
      }
    }
    CasesForm cases{*parameter, *root, e.subs(below, subs_options::no_pattern),
                    e.subs(above, subs_options::no_pattern)};
    return cases;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string cases_latex(const CasesForm& c) {
  const std::string p = to_latex(c.parameter), at = to_latex(c.at);
  return "\\begin{cases} " + to_latex(display_form(c.below)) + " & " + p + " < " + at + " \\\\ " +
         to_latex(display_form(c.above)) + " & " + p + " \\ge " + at + " \\end{cases}";
}

std::string cases_text(const CasesForm& c) {
  const std::string p = to_text(c.parameter), at = to_text(c.at);
  return to_text(c.below) + "  for " + p + " < " + at + ";  " + to_text(c.above) + "  for " + p + " >= " + at;
}

}  // namespace attnverify::sym
