#include "proofs/linear_attention.hpp"

#include <stdexcept>

#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

LinearAttentionDerivation derive_linear_attention() {
  const auto& s = symbols();
  LinearAttentionDerivation d;
  d.mean = s.qmu;                                // E a = q^T E k (linearity)
  d.second_moment = s.qSq + pow(s.qmu, 2);       // E a^2 = Var a + (E a)^2, Var a = q^T Sigma q
  d.S_general = d.mean / sqrt(d.second_moment);  // a >= 0: E|a| = E a
  d.iid_substitution = lst{s.qmu == s.mu * s.q1, s.qSq == pow(s.sigma, 2) * pow(s.q2, 2)};
  d.S_iid = d.S_general.subs(d.iid_substitution);
  // S_iid is homogeneous of degree 0 in (mu, sigma) and in (q1, q2): set sigma = mu/snr,
  // q2 = r q1 in S^2 (a rational function) and take the positive root
  const ex square = normal(pow(d.S_iid, 2).subs(lst{s.sigma == s.mu / s.snr, s.q2 == s.r * s.q1}));
  d.S_snr = sqrt(square.numer()) / sqrt(square.denom());
  return d;
}

LinearCaseMoments linear_case_moments(const LinearCase& c) {
  const std::size_t n = c.q.size();
  if (c.mu.size() != n || c.Sigma.size() != n)
    throw std::invalid_argument("q, mu and Sigma must have the same dimension");
  for (const auto& row : c.Sigma)
    if (row.size() != n) throw std::invalid_argument("Sigma must be square");
  LinearCaseMoments m;
  m.mean = 0;
  m.second_moment = 0;
  m.qmu = 0;
  m.qSq = 0;
  m.q1 = 0;
  m.q2_squared = 0;
  for (std::size_t i = 0; i < n; ++i) {
    m.mean += c.q[i] * c.mu[i];
    m.q1 += c.q[i];
    m.q2_squared += c.q[i] * c.q[i];
    for (std::size_t j = 0; j < n; ++j) {
      m.second_moment += c.q[i] * c.q[j] * (c.Sigma[i][j] + c.mu[i] * c.mu[j]);
      m.qSq += c.q[i] * c.Sigma[i][j] * c.q[j];
    }
  }
  m.qmu = m.mean;
  m.iid = n > 0;
  for (std::size_t i = 0; i < n && m.iid; ++i) {
    if (c.mu[i] != c.mu[0]) m.iid = false;
    for (std::size_t j = 0; j < n; ++j)
      if (c.Sigma[i][j] != (i == j ? c.Sigma[0][0] : numeric(0))) m.iid = false;
  }
  if (m.iid) {
    m.mu = c.mu[0];
    m.sigma_squared = c.Sigma[0][0];
  }
  return m;
}

lst LinearCaseMoments::substitution() const {
  const auto& s = symbols();
  lst out{s.qmu == qmu, s.qSq == qSq, s.q1 == q1, s.q2 == sqrt(ex(q2_squared))};
  if (iid) {
    out.append(s.mu == mu);
    out.append(s.sigma == sqrt(ex(sigma_squared)));
  }
  return out;
}

}  // namespace attnverify::sym
