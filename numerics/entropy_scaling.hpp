// The entropy of softmax attention over many keys (Su2021-entropy; docs/claims.md C,
// Entropy-1), by two independent evaluations of the n -> infinity limit and by
// Monte Carlo over real queries and keys at finite n.
//
// Setting: ||q|| = ||k|| = sqrt d, keys uniform on that sphere and independent of q,
// logits s_i = lambda q.k_i = L cos(theta_i) with L = lambda d. The softmax entropy is
//   H = log sum_i e^{s_i} - sum_i p_i s_i
//     = log n + log (1/n) sum_i e^{s_i} - (sum_i s_i e^{s_i}) / (sum_i e^{s_i}),
// and by the law of large numbers, as n -> infinity,
//   H - log n -> G(lambda, d) = log E[e^{L c}] - L E[c e^{L c}] / E[e^{L c}],
// c = cos(theta), theta the angle between two independent uniform directions in d
// dimensions, whose density on [0, pi] is sin^{d-2}(theta) / int_0^pi sin^{d-2}.
//
// G is dimensionless (nats). Everything here requires d >= 2 and lambda > 0.
// lambda is a double (exact binary value) on purpose: a Real argument keeps the
// precision it was made with, and Boost 1.74 evaluates functions of it (cyl_bessel_i)
// at that precision, not at the working one; this cost 30 digits in a first version.
#pragma once

#include <cstdint>

#include "numerics/precision.hpp"

namespace attnverify::num {

struct EntropyLimit {
  Real value;           ///< G(lambda, d)
  Real error_estimate;  ///< absolute, propagated from tanh-sinh's error estimates (an estimate, not a bound)
};

/// G(lambda, d) by tanh-sinh quadrature in MPFR over theta in [0, pi] of the three
/// integrals int sin^{d-2}, int e^{L cos} sin^{d-2} and int cos e^{L cos} sin^{d-2},
/// each split at the peak of its integrand and scaled by the peak value (so that
/// L up to ~1e4 neither overflows nor loses the peak). Working precision `digits`
/// decimal digits, internally Precision{digits}.guarded(); the quadrature target is
/// 10^-(digits + 3) relative per integral. Throws std::invalid_argument for d < 2 or
/// lambda <= 0.
EntropyLimit entropy_limit_by_quadrature(unsigned d, double lambda, unsigned digits);

/// G(lambda, d) in closed form with modified Bessel functions of the first kind
/// (Boost.Math cyl_bessel_i in MPFR), nu = d/2 - 1:
///   E[e^{L c}]   = Gamma(nu + 1) (2/L)^nu I_nu(L)        (DLMF 10.32.2),
///   E[c e^{L c}] = Gamma(nu + 1) (2/L)^nu I_{nu+1}(L)    (d/dL of the above, DLMF 10.29.4),
///   G = log Gamma(nu + 1) + nu log(2/L) + log I_nu(L) - L I_{nu+1}(L) / I_nu(L).
/// Same precision convention and errors as the quadrature.
Real entropy_limit_by_bessel(unsigned d, double lambda, unsigned digits);

/// Var(e^{L c}) / E[e^{L c}]^2 = L^nu I_nu(2L) / (Gamma(nu + 1) 4^nu I_nu(L)^2) - 1, the
/// relative variance of one softmax weight; (1/n) of it is the scale of the finite-n
/// bias of H - log n (delta method). At 30 digits; returned as a double.
double weight_relative_variance(unsigned d, double lambda);

/// Monte Carlo of H - log n with real vectors: per trial a query direction and n keys
/// k_i = sqrt d g_i / ||g_i||, g_i ~ N(0, I_d) (Eigen, Boost.Random normals, one
/// stream per trial from splitmix64 of the seed and the trial; OpenMP over trials,
/// the result independent of the thread count). `stretch` != 1 breaks the uniform
/// law on purpose: g_i's component along the query is multiplied by `stretch` before
/// normalising (keys anisotropic and correlated with the query).
struct EntropySample {
  double mean = 0;            ///< mean over trials of H - log n (nats)
  double standard_error = 0;  ///< sample standard deviation / sqrt(trials)
  unsigned trials = 0;
  unsigned long n = 0;
};
EntropySample sample_entropy_gap(unsigned d, double lambda, unsigned long n, unsigned trials, std::uint64_t seed,
                                 double stretch);

}  // namespace attnverify::num
