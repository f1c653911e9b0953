// The sparsity estimate from sample moments, with its standard error and bias.
//
//   S_n = u_bar / sqrt(v_bar),   u = |a|, v = a^2.
// Standard error by the delta method (e.g. Casella & Berger, Statistical Inference,
// 2nd ed., §5.5.4): with g = (1/sqrt(v), -u/(2 v^(3/2))) and Sigma the sample
// covariance of (u, v),
//   SE^2 = g' Sigma g / n.
// Finite-n bias of the ratio estimator, second-order delta term:
//   E[S_n] - S ~ (2 H_uv Cov(u,v) + H_vv Var(v)) / (2n),
//   H_uv = -1/(2 v^(3/2)),  H_vv = 3u/(4 v^(5/2))   (H_uu = 0).
// Both are estimates from the same sample; they need finite fourth moments of a,
// which every kernel of the exp-polynomial class has under a Gaussian.
#pragma once

#include <vector>

#include "numerics/attention_sampler.hpp"
#include "numerics/precision.hpp"

namespace attnverify::num {

struct SparsityEstimate {
  double n = 0;
  double S = 0;
  double standard_error = 0;
  double bias = 0;  ///< estimated E[S_n] - S
};

SparsityEstimate estimate_sparsity(const SampleMoments& m);

/// The delta-method statistic of S_n from the population moments m[k] = E|a|^k,
/// k = 0..6 (m[0] = 1), where the sample estimate above has only the sample's:
///   L = g1 |a| + g2 a^2,   g = (1/sqrt(m2), -m1/(2 m2^(3/2))),
///   SE(n) = sd / sqrt(n),  sd^2 = Var L  (the asymptotic variance of sqrt(n) (S_n - S)),
///   skewness = E(L - E L)^3 / (Var L)^(3/2)  (the mean of n copies has skewness / sqrt(n)),
///   bias(n) = n_bias / n,  n_bias = (2 H_uv Cov(|a|, a^2) + H_vv Var(a^2)) / 2 (as above).
/// The moments are combined in the precision of `m` (Var L and E(L - E L)^3 are sums of
/// m[k] with cancelling signs), and the results rounded to double. Reference for why:
/// heavy-tailed weights (exp) make the sample's fourth moment, and so the plug-in SE,
/// unreliable (the relative SD of the sample mean of a^4 is sqrt((m8 - m4^2) / n) / m4,
/// about 30 for exp at (beta, gamma) = (0.5, 1), n = 10^4).
/// Throws std::invalid_argument unless m has 7 entries with m[2] > 0.
struct PopulationDelta {
  double sd = 0;
  double skewness = 0;
  double n_bias = 0;
};
PopulationDelta population_delta(const std::vector<Real>& m);

/// The raw moments E a^k, k = 0..K, of a = sum_i w_i Y_i for independent Y_i, from each
/// term's weight w_i and raw moments E Y_i^k (k = 0..K, the same K for all): cumulants add
/// over independent terms and scale as w^k (kappa_k(w Y) = w^k kappa_k(Y)); moments and
/// cumulants convert by kappa_n = m_n - sum_{k<n} C(n-1, k-1) kappa_k m_{n-k}. In the
/// precision of the inputs (the conversion cancels). The feature-map sampled route's
/// population moments: a = phi(q) . phi(k), independent components. Throws
/// std::invalid_argument on an empty list or terms of different lengths.
std::vector<Real> moments_of_independent_sum(const std::vector<std::pair<Real, std::vector<Real>>>& terms);

/// The largest |skewness / sqrt(n)| = |kappa_n| of the delta-method statistic's mean at
/// which a sampled check counts as a test (a convention, not a bound): the first Edgeworth
/// term of the studentised z moves each 2.5% tail by kappa_n (2 z^2 + 1) phi(z) / 6 =
/// 0.085 kappa_n at z = 1.96, in opposite directions, so the two-sided 5% level is kept to
/// first order; at |kappa_n| = 0.25 each tail stays within 0.4%..4.6% (at 0.3 the term would
/// make a tail negative, where the expansion is no guide). Hall, The Bootstrap and Edgeworth
/// Expansion, 1992, §2.6. Holm's first steps test far tails (|z| near 4), which this
/// argument does not cover.
inline constexpr double kMaxCltSkewness = 0.25;

/// Two-sided 95% normal quantile, 1.959963984540054.
inline constexpr double kZ95 = 1.959963984540054;

}  // namespace attnverify::num
