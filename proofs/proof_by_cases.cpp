#include "proofs/proof_by_cases.hpp"

#include "proofs/equivalence.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

bool has_switch_of(const ex& e, const symbol& v) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_switch(*it) && it->has(v)) return true;
  return false;
}

}  // namespace

CaseProof prove_by_cases(const ex& claim, const ex& derived, const symbol& v) {
  CaseProof out;
  if (!has_switch_of(claim, v)) return out;
  try {
    const Piecewise pieces = split_into_pieces(claim, v);
    for (const Piece& piece : pieces.pieces)
      if (!prove_equal(piece.expr, derived).proved) return out;
    const std::vector<ex> points = pieces.boundaries();
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
