#include "proofs/uniform_expectation.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/exp_poly.hpp"

namespace attnverify::sym {

using namespace GiNaC;

ex uniform_expectation(const Piecewise& g, const symbol& x, const ex& beta, const ex& gamma) {
  const ex half_width = sqrt(ex(3)) * gamma;
  ex total = 0;
  for (const Piece& piece : g.pieces) {
    const ex from = clamp_to(beta - half_width, piece.where), to = clamp_to(beta + half_width, piece.where);
    for (const ExpPolyTerm& term : to_exp_poly(piece.expr, x))
      total += term.coefficient * exp(term.offset) *
               (power_exp_antiderivative(term.power, term.slope, to) -
                power_exp_antiderivative(term.power, term.slope, from));
  }
  return collect_transcendentals(total / (2 * half_width));
}

}  // namespace attnverify::sym
