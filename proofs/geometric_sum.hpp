// Symbolic summation of geometric terms.
//
//   sum_{i=lo}^{hi} C r^i = C (r^lo - r^(hi+1)) / (1 - r)      (r != 1)
//                         = C (hi - lo + 1)                    (r == 1)
//   sum_{i=lo}^{hi} C i^k r^i = C [(x d/dx)^k (x^lo - x^(hi+1))/(1 - x)] at x = r   (r != 1)
//   sum_{i=1}^{m} i^k = Faulhaber's polynomial in m (Bernoulli numbers)              (r == 1)
//
// The summand is expanded into terms C_j i^k_j prod_k b_k^(e_k(i)) exp(e(i)) whose
// exponents are linear in i; each term is C_j i^k_j r_j^i with r_j = prod_k b_k^(de_k/di)
// e^(de/di) (exp(lambda i) = (e^lambda)^i). Other summands (1/i, sqrt(i), ...) are outside
// this routine: NotInClass. Every sum is certified by telescoping
// (proofs/telescoping_certificate.hpp), whatever found it.
#pragma once

#include <ginac/ginac.h>

namespace attnverify::sym {

/// The largest k of a term i^k r^i summed in closed form for r != 1, and for r = 1 (a
/// polynomial in i); a larger one is NotInClass: the forms, and their normal forms' cost, grow
/// with k (i^63 lambda^(n-i) ran for minutes), and beyond i^6 the identity S = sums' ratio is no
/// longer certified (the weight i^4, whose squares are i^8), so no uncertified form is offered.
inline constexpr int kMaxGeometricDegree = 4;
inline constexpr int kMaxPolynomialDegree = 6;

/// sum_{i=lo}^{hi} term(i) for a sum of terms i^k r^i (k a non-negative integer, at most
/// kMaxGeometricDegree, or kMaxPolynomialDegree where r = 1). A ratio r that is
/// identically 1 uses the second formula; a symbolic ratio is assumed != 1 (the
/// caller derives the r = 1 case separately by substituting the parameter first).
/// Throws NotInClass for other summands.
GiNaC::ex sum_geometric(const GiNaC::ex& term, const GiNaC::symbol& i, const GiNaC::ex& lo, const GiNaC::ex& hi);

}  // namespace attnverify::sym
