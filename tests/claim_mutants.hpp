// Mutant generation for the mutation suite (tests/mutation_test.cpp): every mutant
// is the claim with one local change at one of its subexpressions. Operators:
//   coefficient  each number c -> c + 1, -c, 2c (also changes exponents: x^2 -> x^3)
//   term         in each sum, drop one term, or flip its sign
//   swap         exchange two parameters (beta <-> gamma, lambda <-> n)
//   function     erf(u) -> erfc(u), erfc(u) -> erf(u), exp(u) -> exp(2u), and the
//                equivalent erf(u) -> 1 - erfc(u), which must be proved equivalent
//   root         A^(p/q) -> A^p (drop a root)
// Mutants structurally equal to the claim or to an earlier mutant are dropped.
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "proofs/erf.hpp"
#include "proofs/printing.hpp"

namespace attnverify::test {

struct Mutant {
  std::string how;
  GiNaC::ex expression;
};

// Replaces every occurrence of the number `from` by `to`, including numeric
// coefficients of products and exponents, which GiNaC's subs() does not reach.
inline GiNaC::ex replace_number(const GiNaC::ex& e, const GiNaC::numeric& from, const GiNaC::numeric& to) {
  struct Mapper : GiNaC::map_function {
    GiNaC::numeric from, to;
    Mapper(const GiNaC::numeric& f, const GiNaC::numeric& t) : from(f), to(t) {}
    GiNaC::ex operator()(const GiNaC::ex& node) override {
      if (GiNaC::is_exactly_a<GiNaC::numeric>(node) && GiNaC::ex_to<GiNaC::numeric>(node) == from) return to;
      return node.map(*this);
    }
  } mapper(from, to);
  return mapper(e);
}

inline std::vector<Mutant> generate_mutants(const GiNaC::ex& claim, const GiNaC::ex& a, const GiNaC::ex& b) {
  using namespace GiNaC;
  std::vector<Mutant> out;
  auto keep = [&](const std::string& how, const ex& mutant) {
    if (mutant.is_equal(claim)) return;
    for (const Mutant& m : out)
      if (m.expression.is_equal(mutant)) return;
    out.push_back({how, mutant});
  };
  std::vector<ex> nodes;  // distinct subexpressions, preorder
  for (const_preorder_iterator it = claim.preorder_begin(); it != claim.preorder_end(); ++it) {
    bool seen = false;
    for (const ex& n : nodes) seen = seen || n.is_equal(*it);
    if (!seen) nodes.push_back(*it);
  }
  for (const ex& node : nodes) {
    const std::string at = sym::to_text(node);
    if (is_exactly_a<numeric>(node)) {
      const numeric c = ex_to<numeric>(node);
      for (const numeric& replacement : {c + 1, -c, 2 * c})
        keep("coefficient " + at + " -> " + sym::to_text(replacement), replace_number(claim, c, replacement));
    }
    if (is_exactly_a<add>(node)) {
      for (const ex& term : node) {
        keep("drop term " + sym::to_text(term) + " of " + at,
             claim.subs(node == node - term, subs_options::no_pattern));
        keep("flip sign of " + sym::to_text(term) + " in " + at,
             claim.subs(node == node - 2 * term, subs_options::no_pattern));
      }
    }
    if (is_ex_the_function(node, sym::erf)) {
      keep("erf -> erfc in " + at, claim.subs(node == sym::erfc(node.op(0)), subs_options::no_pattern));
      // an equivalent rewrite: the suite must prove it, not flag it
      keep("erf(u) -> 1 - erfc(u) (equivalent) in " + at,
           claim.subs(node == 1 - sym::erfc(node.op(0)), subs_options::no_pattern));
    }
    if (is_ex_the_function(node, sym::erfc))
      keep("erfc -> erf in " + at, claim.subs(node == sym::erf(node.op(0)), subs_options::no_pattern));
    if (is_ex_the_function(node, exp))
      keep("exp(u) -> exp(2u) in " + at, claim.subs(node == exp(2 * node.op(0)), subs_options::no_pattern));
    if (is_exactly_a<power>(node) && is_exactly_a<numeric>(node.op(1)) && !ex_to<numeric>(node.op(1)).is_integer())
      keep("drop the root of " + at,
           claim.subs(node == pow(node.op(0), ex_to<numeric>(node.op(1)).numer()), subs_options::no_pattern));
  }
  keep("swap " + sym::to_text(a) + " and " + sym::to_text(b), claim.subs(lst{a == b, b == a}));
  return out;
}

}  // namespace attnverify::test
