// Sparsity of non-negative linear attention (docs/design.md §2, kind feature_map; Su2023
// eq. 8 and 9): a_j = q~ . k~_j with q~ >= 0 and k~ = phi(k) >= 0 of mean mu~ and
// covariance Sigma~. Because a >= 0, E|a| = E a, and by linearity of expectation
//   E a   = q~^T mu~                                   (= qmu)
//   E a^2 = Var a + (E a)^2 = q~^T Sigma~ q~ + (q~^T mu~)^2   (= qSq + qmu^2)
//   S     = qmu / sqrt(qmu^2 + qSq).
// With iid components (mu~ = mu 1, Sigma~ = sigma^2 I) and q~ >= 0,
// qmu = mu ||q~||_1 and qSq = sigma^2 ||q~||_2^2, so
//   S = mu q1 / sqrt(mu^2 q1^2 + sigma^2 q2^2) = 1 / sqrt(1 + (r / snr)^2),
// r = ||q~||_2 / ||q~||_1, snr = mu / sigma. Symbols: proofs/symbols.hpp.
// The direct route (linear_case_moments) computes E a and E a^2 from the vectors
// themselves, exactly in rationals, without the invariants.
#pragma once

#include <ginac/ginac.h>

#include <vector>

namespace attnverify::sym {

struct LinearAttentionDerivation {
  GiNaC::ex mean;               ///< E a in qmu
  GiNaC::ex second_moment;      ///< E a^2 in qmu, qSq
  GiNaC::ex S_general;          ///< S in qmu, qSq
  GiNaC::ex S_iid;              ///< S in mu, sigma, q1, q2
  GiNaC::ex S_snr;              ///< S in snr, r
  GiNaC::lst iid_substitution;  ///< qmu == mu*q1, qSq == sigma^2*q2^2
};

LinearAttentionDerivation derive_linear_attention();

/// An explicit case: q~ (length d, entries >= 0, not all 0), mu~ (length d, >= 0)
/// and Sigma~ (d x d, symmetric), exact rationals.
struct LinearCase {
  std::vector<GiNaC::numeric> q, mu;
  std::vector<std::vector<GiNaC::numeric>> Sigma;
};

/// Exact moments of a = q~ . k~ at a case, and its invariants.
struct LinearCaseMoments {
  GiNaC::numeric mean;           ///< E a = sum_i q_i mu_i
  GiNaC::numeric second_moment;  ///< E a^2 = sum_ij q_i q_j (Sigma_ij + mu_i mu_j)
  GiNaC::numeric qmu, qSq, q1, q2_squared;
  bool iid = false;                  ///< all mu_i equal and Sigma = c I
  GiNaC::numeric mu, sigma_squared;  ///< the common mean and variance, when iid
  /// symbol == exact value for every invariant of the case (q2, sigma as square roots)
  GiNaC::lst substitution() const;
};

/// Throws std::invalid_argument when the shapes do not match.
LinearCaseMoments linear_case_moments(const LinearCase& c);

}  // namespace attnverify::sym
