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

/// The largest |skewness / sqrt(n)| of the delta-method statistic's mean at which the
/// 95% CLT interval is taken as trustworthy: the first Edgeworth term moves each 2.5%
/// tail by about kappa (z^2 - 1) phi(z) / 6 = 0.028 kappa at z = 1.96 (Hall, The Bootstrap
/// and Edgeworth Expansion, 1992, §2.4), so at 0.5 a tail lies within 1.1%..3.9%.
inline constexpr double kMaxCltSkewness = 0.5;

/// Two-sided 95% normal quantile, 1.959963984540054.
inline constexpr double kZ95 = 1.959963984540054;

}  // namespace attnverify::num
