#include "numerics/piecewise_expression.hpp"

#include "proofs/exp_poly.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/scoped_digits.hpp"

namespace attnverify::num {

PiecewiseExpression::PiecewiseExpression(const GiNaC::ex& f, const GiNaC::symbol& x, unsigned digits) : point_(1) {
  try {
    const sym::Piecewise pieces = sym::split_into_pieces(f, x);
    std::vector<Real> lower;
    for (std::size_t k = 1; k < pieces.pieces.size(); ++k) {
      GiNaC::ex end = *pieces.pieces[k].where.lower;
      if (!GiNaC::is_exactly_a<GiNaC::numeric>(end)) {
        const sym::ScopedDigits scope(static_cast<long>(digits) + 60);  // an irrational breakpoint, e.g. log(3)
        end = end.evalf();
      }
      if (!GiNaC::is_exactly_a<GiNaC::numeric>(end) || !GiNaC::ex_to<GiNaC::numeric>(end).is_real())
        throw sym::NotInClass("a breakpoint is not a real number");
      ScopedPrecision scope(digits);
      lower.push_back(to_real(GiNaC::ex_to<GiNaC::numeric>(end)));
    }
    std::vector<CompiledExpression> branches;
    for (const sym::Piece& piece : pieces.pieces) branches.emplace_back(piece.expr, std::vector<GiNaC::ex>{x}, digits);
    lower_ = std::move(lower);
    branches_ = std::move(branches);
  } catch (const std::exception&) {
    // outside the class (sigmoid, gelu), or a branch the evaluator cannot compile: f as written
    lower_.clear();
    branches_.clear();
    branches_.emplace_back(f, std::vector<GiNaC::ex>{x}, digits);
  }
}

Real PiecewiseExpression::evaluate_unchecked(const Real& x) const {
  std::size_t k = 0;
  while (k < lower_.size() && x >= lower_[k]) ++k;
  point_[0] = x;
  return branches_[k].evaluate_unchecked(point_);
}

}  // namespace attnverify::num
