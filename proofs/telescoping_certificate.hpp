// Certificate for a closed-form finite sum by telescoping (docs/proofs.md).
//
// Claim certified: F(N) = sum_{i=1}^N a(i) for every integer N >= 0, where a(i) is the
// summand as written (it may depend on other symbols, e.g. a_i = lambda^(n-i) with n
// fixed) and F is a closed form in N.
//
// Theorem used (induction on N): if F(0) = 0 and F(N) - F(N-1) = a(N) for every integer
// N >= 1, then F(N) = sum_{i=1}^N a(i). Both conditions are checked as identities in N
// and the other symbols, with the zero test of proofs/equivalence.hpp; they then hold
// wherever F is defined (for geometric sums: ratio != 1, which the caller states).
#pragma once

#include <ginac/ginac.h>

#include "proofs/derivation_certificate.hpp"

namespace attnverify::sym {

/// Certifies F(N) = sum_{i=1}^N summand(i). `F` is in `N`, `summand` in `i`. Never
/// throws: a failure is a certificate with a reason.
DerivationCertificate certify_sum(const GiNaC::ex& F, const GiNaC::ex& summand, const GiNaC::symbol& N,
                                  const GiNaC::symbol& i);

}  // namespace attnverify::sym
