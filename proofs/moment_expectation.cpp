#include "proofs/moment_expectation.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

std::optional<ex> logistic_moment(unsigned j) {
  if (j % 2 == 1) return ex(0);
  const unsigned k = j / 2;
  if (k == 0) return ex(1);
  const numeric b = abs(bernoulli(numeric(j)));
  return ex((pow(numeric(2), numeric(j)) - 2) * b * pow(numeric(3), numeric(k)));
}

ex logistic_cdf(const ex& z) { return 1 / (1 + exp(-Pi * z / sqrt(ex(3)))); }

ex logistic_partial_mean(const ex& z) {
  const ex w = Pi * z / sqrt(ex(3));
  return sqrt(ex(3)) / Pi * (w / (1 + exp(-w)) - log(1 + exp(w)));
}

std::optional<ex> student_t_moment(unsigned j, const numeric& nu) {
  if (numeric(j) >= nu) return std::nullopt;
  if (j % 2 == 1) return ex(0);
  numeric m = 1;
  for (unsigned i = 1; i <= j / 2; ++i) m = m * (nu - 2) * numeric(2 * i - 1) / (nu - numeric(2 * i));
  return ex(m);
}

namespace {

// adjacent pieces with the same expression as one piece (|(x - 1)^2| is split at x = 1)
std::vector<Piece> merged(const Piecewise& g) {
  std::vector<Piece> out;
  for (const Piece& p : g.pieces) {
    if (!out.empty() && (out.back().expr - p.expr).expand().is_zero()) {
      out.back().where.upper = p.where.upper;
      continue;
    }
    out.push_back(p);
  }
  return out;
}

}  // namespace

ex moment_expectation(const Piecewise& g, const symbol& x, const ex& beta, const ex& gamma, const MomentOf& moment,
                      const CdfOf& cdf, const PartialMomentOf& partial_mean, const std::string& law) {
  ex total = 0;
  for (const Piece& piece : merged(g)) {
    const ex p = piece.expr.expand();
    if (p.is_zero()) continue;
    if (!p.is_polynomial(x))
      throw NotInClass("no closed form under " + law + " for the piece " + to_text(p) +
                       " (only polynomials and constants on intervals have one from the law's moments)");
    const bool whole_line = !piece.where.lower && !piece.where.upper;
    if (whole_line) {
      // Taylor's formula at beta: g(beta + gamma eps) = sum_j g^(j)(beta) (gamma eps)^j / j!
      ex derivative = p;
      for (int j = 0; j <= p.degree(x); ++j) {
        const std::optional<ex> mu = moment(static_cast<unsigned>(j));
        if (!mu)
          throw NotInClass("E eps^" + std::to_string(j) + " does not exist under " + law + ", so E of " +
                           to_text(p) + " does not");
        total += derivative.subs(x == beta) * pow(gamma, j) * *mu / factorial(j);
        derivative = derivative.diff(x);
      }
      continue;
    }
    if (p.degree(x) > 1)
      throw NotInClass("no closed form under " + law + " for the piece " + to_text(p) +
                       " on a half-line or interval (its truncated moments of order 2 and above are outside the "
                       "engine's class)");
    const auto F = [&](const std::optional<ex>& end, int infinite_value) -> ex {
      if (!end) return infinite_value;
      const std::optional<ex> value = cdf((*end - beta) / gamma);
      if (!value)
        throw NotInClass("the distribution function of " + law +
                         " has no closed form in the engine's class, so the piece " + to_text(p) +
                         " on a half-line or interval has none");
      return *value;
    };
    const auto H = [&](const std::optional<ex>& end) -> ex {
      if (!end) return 0;  // E eps = 0, and E[eps 1{eps <= z}] -> 0 as z -> -inf
      const std::optional<ex> value = partial_mean((*end - beta) / gamma);
      if (!value)
        throw NotInClass("the partial first moment of " + law +
                         " has no closed form in the engine's class, so the piece " + to_text(p) +
                         " on a half-line or interval has none");
      return *value;
    };
    // c + d X = (c + d beta) + d gamma eps on the piece
    const ex c = p.coeff(x, 0), d = p.coeff(x, 1);
    total += (c + d * beta) * (F(piece.where.upper, 1) - F(piece.where.lower, 0));
    if (!d.is_zero()) total += d * gamma * (H(piece.where.upper) - H(piece.where.lower));
  }
  return collect_transcendentals(total);
}

}  // namespace attnverify::sym
