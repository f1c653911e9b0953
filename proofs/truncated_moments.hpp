// Truncated moments of the standard normal distribution.
//
//   M_k(l, u) = int_l^u z^k phi(z) dz,     phi(z) = exp(-z^2/2) / sqrt(2 pi)
//
//   M_0 = Phi(u) - Phi(l)                    (written with erfc on half-lines:
//                                             int_l^inf phi = erfc(l/sqrt 2)/2,
//                                             int_-inf^u phi = erfc(-u/sqrt 2)/2)
//   M_1 = phi(l) - phi(u)
//   M_k = (k-1) M_{k-2} + l^(k-1) phi(l) - u^(k-1) phi(u)     (integration by parts)
//
// with phi(+-inf) = 0 and l^(k-1) phi(l) -> 0 at infinite endpoints. Reference: the
// recurrence for moments of the truncated normal, e.g. Johnson, Kotz & Balakrishnan,
// Continuous Univariate Distributions vol. 1 (1994), §13.10; docs/design.md §2.
// Verified against tanh-sinh quadrature in tests/truncated_moments_test.cpp.
#pragma once

#include <ginac/ginac.h>

#include <optional>

namespace attnverify::sym {

/// The standard normal density phi(z) as an expression.
GiNaC::ex normal_density(const GiNaC::ex& z);

/// M_k(lower, upper); std::nullopt stands for -inf (lower) or +inf (upper).
GiNaC::ex truncated_normal_moment(unsigned k, const std::optional<GiNaC::ex>& lower,
                                  const std::optional<GiNaC::ex>& upper);

}  // namespace attnverify::sym
