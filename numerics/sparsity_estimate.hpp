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

#include "numerics/attention_sampler.hpp"

namespace attnverify::num {

struct SparsityEstimate {
  double n = 0;
  double S = 0;
  double standard_error = 0;
  double bias = 0;  ///< estimated E[S_n] - S
};

SparsityEstimate estimate_sparsity(const SampleMoments& m);

/// Two-sided 95% normal quantile, 1.959963984540054.
inline constexpr double kZ95 = 1.959963984540054;

}  // namespace attnverify::num
