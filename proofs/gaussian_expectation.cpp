#include "proofs/gaussian_expectation.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/truncated_moments.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

std::optional<ex> standardised(const std::optional<ex>& end, const ex& beta, const ex& gamma, const ex& shift) {
  if (!end) return std::nullopt;
  return ((*end - beta) / gamma - shift).expand();
}

}  // namespace

ex gaussian_expectation(const Piecewise& g, const symbol& x, const ex& beta, const ex& gamma) {
  ex total = 0;
  for (const Piece& piece : g.pieces) {
    for (const ExpPolyTerm& term : to_exp_poly(piece.expr, x)) {
      const ex a = term.slope;
      const ex shift = a * gamma;  // completing the square moves the Gaussian by a*gamma
      const std::optional<ex> l = standardised(piece.where.lower, beta, gamma, shift);
      const std::optional<ex> u = standardised(piece.where.upper, beta, gamma, shift);
      const ex prefactor = term.coefficient * exp(a * beta + term.offset + pow(a * gamma, 2) / 2);
      const ex centre = beta + a * pow(gamma, 2);
      ex moments = 0;
      for (unsigned k = 0; k <= term.power; ++k)
        moments += binomial(numeric(term.power), numeric(k)) * pow(centre, term.power - k) * pow(gamma, k) *
                   truncated_normal_moment(k, l, u);
      total += prefactor * moments;
    }
  }
  return collect_transcendentals(total);
}

}  // namespace attnverify::sym
