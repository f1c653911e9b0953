// Expectations E[g(beta + gamma eps)] under a standardized law from its moments and its
// distribution function, for laws whose truncated moments leave the engine's class (logistic:
// polylogarithms; Student-t: incomplete beta functions) but whose full moments are rational:
//
//   a polynomial g on the whole line   E g(beta + gamma eps) = sum_j g^(j)(beta) gamma^j mu_j / j!
//                                      (Taylor's formula, exact for a polynomial), mu_j = E eps^j;
//   a constant c on an interval (a, b) c (F((b - beta)/gamma) - F((a - beta)/gamma)), F the cdf
//                                      of eps, where the law's F is elementary (logistic);
//   c + d x on an interval (a, b)      (c + d beta)(F(z_b) - F(z_a)) + d gamma (H(z_b) - H(z_a)),
//                                      z = (end - beta)/gamma, H(z) = E[eps 1{eps <= z}] the
//                                      partial first moment, H(-inf) = H(inf) = 0, where H is
//                                      elementary (logistic: H(z) = (sqrt3/pi)(w sigma(w) -
//                                      log(1 + e^w)), w = pi z/sqrt3, sigma(w) = 1/(1 + e^-w), the
//                                      standard logistic density l e^-l/(1 + e^-l)^2 having the
//                                      antiderivative l sigma(l) - log(1 + e^l), 0 at -inf).
//
// Pieces that are 0 contribute nothing; adjacent pieces with one expression are merged first
// (|(x - 1)^2| is split at its double root). Anything else throws NotInClass with the reason.
//
// The moments (eps standardized: mean 0, variance 1):
//   logistic    mu_2k = (2^2k - 2) |B_2k| 3^k, odd moments 0 (the standard logistic law has
//               E L^2k = (2^2k - 2) |B_2k| pi^2k, and eps = sqrt3 L / pi; Johnson, Kotz &
//               Balakrishnan, "Continuous Univariate Distributions" vol. 2, 1995, ch. 23, eq. 23.9):
//               E eps^4 = 21/5;
//   Student-t   mu_2k = (nu - 2)^k prod_{i=1}^k (2i - 1)/(nu - 2i), existing for 2k < nu (E T^2k =
//               nu^k Gamma(k + 1/2) Gamma(nu/2 - k)/(sqrt(pi) Gamma(nu/2)), ibid. ch. 28, and eps =
//               T sqrt((nu - 2)/nu)): E eps^4 = 3 (nu - 2)/(nu - 4); odd moments 0 for j < nu.
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <optional>

#include "proofs/piecewise.hpp"

namespace attnverify::sym {

/// mu_j = E eps^j of the standardized law, or nullopt where it does not exist.
using MomentOf = std::function<std::optional<GiNaC::ex>(unsigned j)>;
/// F(z) = P(eps <= z) in closed form, or nullopt where the law has none in the engine's class.
using CdfOf = std::function<std::optional<GiNaC::ex>(const GiNaC::ex& z)>;
/// H(z) = E[eps 1{eps <= z}] in closed form, or nullopt where the law has none in the engine's class.
using PartialMomentOf = std::function<std::optional<GiNaC::ex>(const GiNaC::ex& z)>;

/// E eps^j of the standardized logistic law (see above); exact rationals.
std::optional<GiNaC::ex> logistic_moment(unsigned j);
/// P(eps <= z) of the standardized logistic law: 1/(1 + exp(-pi z/sqrt3)).
GiNaC::ex logistic_cdf(const GiNaC::ex& z);
/// E[eps 1{eps <= z}] of the standardized logistic law: (sqrt3/pi)(w/(1 + e^-w) - log(1 + e^w)),
/// w = pi z/sqrt3 (see above).
GiNaC::ex logistic_partial_mean(const GiNaC::ex& z);
/// E eps^j of the standardized Student-t law with nu > 2 degrees of freedom; nullopt for j >= nu.
std::optional<GiNaC::ex> student_t_moment(unsigned j, const GiNaC::numeric& nu);

/// E[g(beta + gamma eps)] for the pieces above; throws NotInClass (the reason names the piece
/// or the moment that is missing). `law` names the law in that reason ("logistic scores").
GiNaC::ex moment_expectation(const Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta,
                             const GiNaC::ex& gamma, const MomentOf& moment, const CdfOf& cdf,
                             const PartialMomentOf& partial_mean, const std::string& law);

}  // namespace attnverify::sym
