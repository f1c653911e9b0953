#include "numerics/sparsity_estimate.hpp"

#include <algorithm>
#include <cmath>

namespace attnverify::num {

SparsityEstimate estimate_sparsity(const SampleMoments& m) {
  SparsityEstimate out;
  out.n = m.count;
  if (m.count < 2 || m.mean_v <= 0) return out;
  using std::sqrt;  // long double throughout: the moments may be far beyond double's range
  const long double u = m.mean_u, v = m.mean_v;
  out.S = static_cast<double>(u / sqrt(v));
  const long double var_u = m.m2_u / (m.count - 1), var_v = m.m2_v / (m.count - 1), cov = m.c_uv / (m.count - 1);
  const long double gu = 1 / sqrt(v), gv = -u / (2 * v * sqrt(v));
  const long double variance = (gu * gu * var_u + 2 * gu * gv * cov + gv * gv * var_v) / m.count;
  out.standard_error = static_cast<double>(sqrt(std::max(variance, 0.0L)));
  const long double h_uv = -1 / (2 * v * sqrt(v)), h_vv = 3 * u / (4 * v * v * sqrt(v));
  out.bias = static_cast<double>((2 * h_uv * cov + h_vv * var_v) / (2 * m.count));
  return out;
}

}  // namespace attnverify::num
