#include "numerics/sparsity_estimate.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

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

PopulationDelta population_delta(const std::vector<Real>& m) {
  if (m.size() != 7 || !(m[2] > 0)) throw std::invalid_argument("population_delta needs E|a|^k, k = 0..6, with E a^2 > 0");
  const Real root = sqrt(m[2]);
  const Real g1 = 1 / root, g2 = -m[1] / (2 * m[2] * root);
  // L - E L = P(|a|) with P(u) = g2 u^2 + g1 u + c; the powers of P as coefficients in u
  const std::vector<Real> p = {-(g1 * m[1] + g2 * m[2]), g1, g2};
  const auto times = [](const std::vector<Real>& a, const std::vector<Real>& b) {
    std::vector<Real> c(a.size() + b.size() - 1, Real(0));
    for (std::size_t i = 0; i < a.size(); ++i)
      for (std::size_t j = 0; j < b.size(); ++j) c[i + j] += a[i] * b[j];
    return c;
  };
  const auto expectation = [&](const std::vector<Real>& poly) {
    Real sum = 0;
    for (std::size_t k = 0; k < poly.size(); ++k) sum += poly[k] * m[k];
    return sum;
  };
  const std::vector<Real> p2 = times(p, p);
  const Real variance = expectation(p2), third = expectation(times(p2, p));
  PopulationDelta out;
  if (variance > 0) {
    out.sd = static_cast<double>(sqrt(variance));
    out.skewness = static_cast<double>(third / (variance * sqrt(variance)));
  }
  const Real cov = m[3] - m[1] * m[2], var_v = m[4] - m[2] * m[2];
  const Real h_uv = -1 / (2 * m[2] * root), h_vv = 3 * m[1] / (4 * m[2] * m[2] * root);
  out.n_bias = static_cast<double>((2 * h_uv * cov + h_vv * var_v) / 2);
  return out;
}

namespace {
Real binomial(unsigned n, unsigned k) {
  Real out = 1;
  for (unsigned j = 1; j <= k; ++j) out = out * (n - k + j) / j;
  return out;
}
}  // namespace

std::vector<Real> moments_of_independent_sum(const std::vector<std::pair<Real, std::vector<Real>>>& terms) {
  if (terms.empty()) throw std::invalid_argument("moments_of_independent_sum needs at least one term");
  const std::size_t size = terms.front().second.size();
  if (size == 0) throw std::invalid_argument("moments_of_independent_sum needs E Y^0");
  std::vector<Real> cumulants(size, Real(0));
  for (const auto& [weight, m] : terms) {
    if (m.size() != size) throw std::invalid_argument("moments_of_independent_sum: terms of different lengths");
    std::vector<Real> kappa(size, Real(0));
    Real power = 1;
    for (unsigned n = 1; n < size; ++n) {
      kappa[n] = m[n];
      for (unsigned k = 1; k < n; ++k) kappa[n] -= binomial(n - 1, k - 1) * kappa[k] * m[n - k];
      power *= weight;
      cumulants[n] += power * kappa[n];
    }
  }
  std::vector<Real> out(size, Real(0));
  out[0] = 1;
  for (unsigned n = 1; n < size; ++n)
    for (unsigned k = 1; k <= n; ++k) out[n] += binomial(n - 1, k - 1) * cumulants[k] * out[n - k];
  return out;
}

}  // namespace attnverify::num
