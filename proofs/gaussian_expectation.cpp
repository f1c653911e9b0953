#include "proofs/gaussian_expectation.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/printing.hpp"
#include "proofs/trigonometric_forms.hpp"
#include "proofs/truncated_moments.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

std::optional<ex> standardised(const std::optional<ex>& end, const ex& beta, const ex& gamma, const ex& shift) {
  if (!end) return std::nullopt;
  return ((*end - beta) / gamma - shift).expand();
}

// E[x^m e^{c x^2 + a x + o} 1{l < X < u}], X ~ N(beta, gamma^2), c < 0: the exponent and the
// density's -(x - beta)^2/(2 gamma^2) make another Gaussian, of variance g2 = gamma^2/(1 - 2c gamma^2)
// and mean b2 = (beta + a gamma^2)/(1 - 2c gamma^2), so the term is
//   e^o (1 - 2c gamma^2)^(-1/2) exp((c beta^2 + a beta + a^2 gamma^2/2)/(1 - 2c gamma^2)) E[Y^m 1{l < Y < u}],
// Y ~ N(b2, g2) (completing the square; with c = 0 it is the linear case below)
ex quadratic_exponent_term(const ExpPolyTerm& term, const Interval& where, const ex& beta, const ex& gamma) {
  const ex c = term.curvature, a = term.slope;
  const ex q = 1 - 2 * c * pow(gamma, 2);  // > 0 for c < 0
  const ex g2 = gamma / sqrt(q), b2 = (beta + a * pow(gamma, 2)) / q;
  const ex prefactor = term.coefficient * exp(term.offset + (c * pow(beta, 2) + a * beta + pow(a * gamma, 2) / 2) / q) /
                       sqrt(q);
  const std::optional<ex> l = standardised(where.lower, b2, g2, 0), u = standardised(where.upper, b2, g2, 0);
  ex moments = 0;
  for (unsigned k = 0; k <= term.power; ++k)
    moments += binomial(numeric(term.power), numeric(k)) * pow(b2, term.power - k) * pow(g2, k) *
               truncated_normal_moment(k, l, u);
  return prefactor * moments;
}

}  // namespace

ex gaussian_expectation(const Piecewise& g, const symbol& x, const ex& beta, const ex& gamma) {
  // E[c x^m e^{a x + o} 1{l < X < u}] by completing the square: the shifted normal law's moments
  const auto expectation_of = [&](const Piece& piece, const ex& expr) {
    ex total = 0;
    for (const ExpPolyTerm& term : to_gaussian_exp_poly(expr, x)) {
      if (!term.curvature.is_zero()) {
        total += quadratic_exponent_term(term, piece.where, beta, gamma);
        continue;
      }
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
    return total;
  };
  ex total = 0;
  for (const Piece& piece : g.pieces) {
    if (!has_trigonometric(piece.expr, x)) {
      total += expectation_of(piece, piece.expr);
      continue;
    }
    // sin and cos of b x + c by Euler's formula: complex slopes, whose expectation over the
    // whole line is the normal law's characteristic function (proofs/trigonometric_forms.hpp)
    if (piece.where.lower || piece.where.upper)
      throw NotInClass("'" + to_text(piece.expr) +
                       "' has a trigonometric factor on a piece with an end; only whole-line pieces are derived "
                       "(over a half-line the truncated moments need erf of a complex argument)");
    total += real_form(expectation_of(piece, trigonometric_as_exponentials(piece.expr, x)));
  }
  return collect_transcendentals(total);
}

}  // namespace attnverify::sym
