#include "proofs/proof_by_cases.hpp"

#include "proofs/equivalence.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/printing.hpp"
#include "proofs/range_enclosure.hpp"

#include <algorithm>
#include <optional>

namespace attnverify::sym {

using namespace GiNaC;

namespace {

bool has_switch_of(const ex& e, const symbol& v) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_switch(*it) && it->has(v)) return true;
  return false;
}

// The kinks of the claim in v, exact and certified apart, or nothing when any switch of v
// has an argument that is not c1 v + c0 with constant c1 != 0, or holds another switch, or
// two kinks are closer than 1e-9 relative (where the split's floating-point ordering and
// its signs at midpoints could be wrong, docs/proofs.md).
std::optional<std::vector<ex>> separated_kinks(const ex& claim, const symbol& v) {
  std::vector<ex> kinks;
  for (const_preorder_iterator it = claim.preorder_begin(); it != claim.preorder_end(); ++it) {
    if (!is_switch(*it) || !it->has(v)) continue;
    const ex u = it->op(0).expand();
    if (has_switch_of(u, v) || !u.is_polynomial(v) || u.degree(v) < 1 || u.degree(v) > 2) return std::nullopt;
    const ex c2 = u.coeff(v, 2), c1 = u.coeff(v, 1), c0 = u.coeff(v, 0);
    for (const ex& c : {c2, c1, c0})
      if (c.has(v) || enclose(c, {}).lo == -HUGE_VAL || enclose(c, {}).hi == HUGE_VAL) return std::nullopt;
    std::vector<ex> roots;
    if (c2.is_zero()) {
      if (!enclose(c1, {}).nonzero()) return std::nullopt;
      roots.push_back((-c0 / c1).normal());
    } else {
      // a quadratic: its real roots by the sign of the discriminant, certified by interval
      // arithmetic or exactly 0 (a double root, where u keeps its sign)
      if (!enclose(c2, {}).nonzero()) return std::nullopt;
      const ex discriminant = (c1 * c1 - 4 * c2 * c0).normal();
      const Range d = enclose(discriminant, {});
      if (d.positive()) {
        roots.push_back(((-c1 - sqrt(discriminant)) / (2 * c2)).normal());
        roots.push_back(((-c1 + sqrt(discriminant)) / (2 * c2)).normal());
      } else if (is_identically_zero(discriminant)) {
        roots.push_back((-c1 / (2 * c2)).normal());
      } else if (!d.negative()) {
        return std::nullopt;  // the discriminant's sign is not shown
      }
    }
    for (const ex& root : roots) {
      bool seen = false;
      for (const ex& k : kinks) seen = seen || is_identically_zero(k - root);
      if (!seen) kinks.push_back(root);
    }
  }
  for (std::size_t a = 0; a < kinks.size(); ++a)
    for (std::size_t b = a + 1; b < kinks.size(); ++b) {
      const Range gap = enclose(abs(kinks[a] - kinks[b]) - (abs(kinks[a]) + 1) / 1000000000, {});
      if (!gap.positive()) return std::nullopt;
    }
  return kinks;
}

// e with every switch of v at its branch at the test point t, or nothing when a sign there is
// not certified.
std::optional<ex> all_branches_at(const ex& e, const symbol& v, const ex& t) {
  int unresolved = 0;
  const ex out = sym::branches_at(e, v, t, unresolved);
  if (unresolved != 0) return std::nullopt;
  return out;
}

}  // namespace

CaseProof prove_by_cases(const ex& claim, const ex& derived, const symbol& v) {
  CaseProof out;
  if (!has_switch_of(claim, v) && !has_switch_of(derived, v)) return out;
  try {
    // the kinks of both sides (S under the Laplace law has relu(beta) of its derivation's
    // split at 0): every switch's argument keeps its sign between consecutive kinks
    std::optional<std::vector<ex>> kinks = separated_kinks(lst{claim, derived}, v);
    if (!kinks) return out;
    // ordered by certified signs of their differences (checked for every pair first, so that
    // the comparison is a strict order)
    for (std::size_t a = 0; a < kinks->size(); ++a)
      for (std::size_t b = a + 1; b < kinks->size(); ++b)
        if (!enclose((*kinks)[a] - (*kinks)[b], {}).nonzero()) return out;
    std::sort(kinks->begin(), kinks->end(), [](const ex& a, const ex& b) { return enclose(a - b, {}).negative(); });
    // a test point inside each open interval, left to right
    std::vector<ex> tests;
    if (kinks->empty()) {
      tests.push_back(0);
    } else {
      tests.push_back(kinks->front() - 1);
      for (std::size_t k = 0; k + 1 < kinks->size(); ++k) tests.push_back(((*kinks)[k] + (*kinks)[k + 1]) / 2);
      tests.push_back(kinks->back() + 1);
    }
    for (const ex& t : tests) {
      const std::optional<ex> c = all_branches_at(claim, v, t), d = all_branches_at(derived, v, t);
      if (!c || !d || !prove_equal(*c, *d).proved) return out;
    }
    for (const ex& b : *kinks) {
      const ex at_claim = claim.subs(v == b), at_derived = derived.subs(v == b);
      if (!prove_equal(at_claim, at_derived).proved) return out;
    }
    out.proved = true;
    std::string where;
    for (const ex& b : *kinks) where += (where.empty() ? "" : ", ") + to_text(b);
    out.method = "by cases in " + to_text(v) +
                 (kinks->empty() ? std::string(": its switches keep one branch on the real line")
                                 : " at " + where + ": on each of the " + std::to_string(tests.size()) +
                                       " open intervals and at " + (kinks->size() == 1 ? "that point" : "each point")) +
                 " the claim reduces to the derivation";
  } catch (const std::exception&) {
    out = CaseProof{};
  }
  return out;
}

}  // namespace attnverify::sym
