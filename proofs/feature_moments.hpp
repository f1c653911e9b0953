// Componentwise moments of a feature map phi applied to Gaussian keys (docs/design.md §2,
// kind feature_map; Su2023 eq. 8 needs the mean mu~ and covariance Sigma~ of
// k~ = phi(k)). For one component k_i ~ N(beta, gamma^2), X = beta + gamma*eps:
//
//   m1(beta, gamma) = E phi(X),   m2(beta, gamma) = E phi(X)^2,   v = m2 - m1^2.
//
// With k ~ N(mu, diag(sigma^2)) the components of phi(k) are independent, so
//   mu~_i = m1(mu_i, sigma_i),   Sigma~ = diag(v(mu_i, sigma_i)).
// phi goes through the same engine as kernels: pieces (proofs/piecewise.hpp) and
// Gaussian expectations by truncated normal moments (proofs/gaussian_expectation.hpp).
// When phi is outside the class the status is NoClosedForm with the reason.
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <vector>

namespace attnverify::sym {

struct FeatureMoments {
  bool derived = false;
  std::string reason;  ///< why there is no closed form, when !derived
  GiNaC::ex phi;
  GiNaC::ex mean;         ///< m1 in beta, gamma
  GiNaC::ex mean_square;  ///< m2 in beta, gamma
  GiNaC::ex variance;     ///< m2 - m1^2
};

/// Never throws for phi outside the class; reports !derived instead.
FeatureMoments derive_feature_moments(const GiNaC::ex& phi);

/// The invariants of Su2023 eq. 8-9 at a case in raw coordinates (q, mu, sigma of
/// one length d, exact), as exact expressions: q~_i = phi(q_i),
///   qmu = sum_i q~_i m1(mu_i, sigma_i),  qSq = sum_i q~_i^2 v(mu_i, sigma_i),
///   q1 = sum_i q~_i,  q2 = sqrt(sum_i q~_i^2),
/// and, when every component has the same (mu, sigma), mu~ = m1 and sigma~ = sqrt(v).
/// `substitution` maps the symbols of proofs/symbols.hpp to these values (mu and
/// sigma only when iid). Requires moments.derived.
struct FeatureCase {
  GiNaC::ex qmu, qSq, q1, q2;
  bool iid = false;
  GiNaC::ex mu, sigma;
  GiNaC::lst substitution;
};

FeatureCase feature_case(const FeatureMoments& moments, const std::vector<GiNaC::numeric>& q,
                         const std::vector<GiNaC::numeric>& mu, const std::vector<GiNaC::numeric>& sigma);

}  // namespace attnverify::sym
