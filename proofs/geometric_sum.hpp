// Symbolic summation of geometric terms.
//
//   sum_{i=lo}^{hi} C r^i = C (r^lo - r^(hi+1)) / (1 - r)      (r != 1)
//                         = C (hi - lo + 1)                    (r == 1)
//
// The summand is expanded into terms C_j * prod_k b_k^(e_k(i)) whose exponents
// are linear in i; each term is C_j r_j^i with r_j = prod_k b_k^(de_k/di). Terms
// polynomial in i (i^2 lambda^i, ...) are outside this routine: NotInClass.
#pragma once

#include <ginac/ginac.h>

namespace attnverify::sym {

/// sum_{i=lo}^{hi} term(i) for a sum of geometric terms in i. A ratio r that is
/// identically 1 uses the second formula; a symbolic ratio is assumed != 1 (the
/// caller derives the r = 1 case separately by substituting the parameter first).
/// Throws NotInClass for other summands.
GiNaC::ex sum_geometric(const GiNaC::ex& term, const GiNaC::symbol& i, const GiNaC::ex& lo, const GiNaC::ex& hi);

}  // namespace attnverify::sym
