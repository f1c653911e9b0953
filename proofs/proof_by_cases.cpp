#include "proofs/proof_by_cases.hpp"

#include "proofs/equivalence.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/printing.hpp"
#include "proofs/range_enclosure.hpp"

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

}  // namespace

CaseProof prove_by_cases(const ex& claim, const ex& derived, const symbol& v) {
  CaseProof out;
  if (!has_switch_of(claim, v)) return out;
  try {
    const std::optional<std::vector<ex>> kinks = separated_kinks(claim, v);
    if (!kinks) return out;
    const Piecewise pieces = split_into_pieces(claim, v);
    // the split must have found exactly these kinks (it orders them in floating point)
    const std::vector<ex> found = pieces.boundaries();
    if (found.size() != kinks->size()) return out;
    for (const ex& b : found) {
      bool known = false;
      for (const ex& k : *kinks) known = known || is_identically_zero(b - k);
      if (!known) return out;
    }
    for (const Piece& piece : pieces.pieces)
      if (!prove_equal(piece.expr, derived).proved) return out;
    const std::vector<ex>& points = found;
    for (const ex& b : points) {
      const ex at_claim = claim.subs(v == b), at_derived = derived.subs(v == b);
      if (!prove_equal(at_claim, at_derived).proved) return out;
    }
    out.proved = true;
    std::string where;
    for (const ex& b : points) where += (where.empty() ? "" : ", ") + to_text(b);
    out.method = "by cases in " + to_text(v) +
                 (points.empty() ? std::string(": its switches keep one branch on the real line")
                                 : " at " + where + ": on each of the " + std::to_string(pieces.pieces.size()) +
                                       " open intervals and at " + (points.size() == 1 ? "that point" : "each point")) +
                 " the claim reduces to the derivation";
  } catch (const std::exception&) {
    out = CaseProof{};
  }
  return out;
}

}  // namespace attnverify::sym
