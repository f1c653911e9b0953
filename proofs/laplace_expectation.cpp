#include "proofs/laplace_expectation.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/exp_poly.hpp"

namespace attnverify::sym {

using namespace GiNaC;

ex laplace_expectation(const Piecewise& g, const symbol& x, const ex& beta, const ex& gamma) {
  const ex r = sqrt(ex(2)) / gamma;  // the rate of the density r/2 e^{-r |x - beta|}
  ex total = 0;
  for (const Piece& piece : g.pieces) {
    const ex centre = clamp_to(beta, piece.where);
    for (const ExpPolyTerm& term : to_exp_poly(piece.expr, x)) {
      const ex up = term.slope + r, down = term.slope - r;
      // left of beta: the weight is e^{r (x - beta)}; right of it, e^{-r (x - beta)}
      const ex left = power_exp_antiderivative(term.power, up, centre) -
                      (piece.where.lower ? power_exp_antiderivative(term.power, up, *piece.where.lower) : ex(0));
      const ex right = (piece.where.upper ? power_exp_antiderivative(term.power, down, *piece.where.upper) : ex(0)) -
                       power_exp_antiderivative(term.power, down, centre);
      total += term.coefficient * exp(term.offset) * (exp(-r * beta) * left + exp(r * beta) * right);
    }
  }
  return collect_transcendentals(total * r / 2);
}

}  // namespace attnverify::sym
