#include "numerics/sparsity_estimate.hpp"

#include <cmath>

namespace attnverify::num {

SparsityEstimate estimate_sparsity(const SampleMoments& m) {
  SparsityEstimate out;
  out.n = m.count;
  if (m.count < 2 || m.mean_v <= 0) return out;
  const double u = m.mean_u, v = m.mean_v;
  out.S = u / std::sqrt(v);
  const double var_u = m.m2_u / (m.count - 1), var_v = m.m2_v / (m.count - 1), cov = m.c_uv / (m.count - 1);
  const double gu = 1 / std::sqrt(v), gv = -u / (2 * v * std::sqrt(v));
  const double variance = (gu * gu * var_u + 2 * gu * gv * cov + gv * gv * var_v) / m.count;
  out.standard_error = std::sqrt(std::max(variance, 0.0));
  const double h_uv = -1 / (2 * v * std::sqrt(v)), h_vv = 3 * u / (4 * v * v * std::sqrt(v));
  out.bias = (2 * h_uv * cov + h_vv * var_v) / (2 * m.count);
  return out;
}

}  // namespace attnverify::num
