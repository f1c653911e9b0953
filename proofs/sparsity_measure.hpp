// The sparsity measure itself (Su2023-sparsity; Su2023 eq. 1), kind `measure`:
//   S(x) = E|x| / sqrt(E x^2)
// for a vector x of n entries with the empirical expectation E g(x) = (1/n) sum g(x_i):
//   E|x| = ||x||_1 / n,  E x^2 = ||x||_2^2 / n,  Var|x| = E x^2 - (E|x|)^2,
// so S(x) = ||x||_1 / (sqrt(n) ||x||_2). Claims may use E_abs, E_sq, Var_abs, x1, x2
// and n (proofs/symbols.hpp); vector_form rewrites all of them in x1, x2, n so that
// the equivalence test sees one set of independent symbols.
#pragma once

#include <ginac/ginac.h>

#include <vector>

namespace attnverify::sym {

struct SparsityMeasureDerivation {
  GiNaC::ex S_moments;  ///< E_abs / sqrt(E_sq)
  GiNaC::ex S;          ///< in x1, x2, n
};

SparsityMeasureDerivation derive_sparsity_measure();

/// e with E_abs, E_sq and Var_abs replaced by their expressions in x1, x2, n.
GiNaC::ex vector_form(const GiNaC::ex& e);

/// Exact empirical moments of an explicit vector (n >= 1, not all zero).
struct VectorMoments {
  GiNaC::numeric n, mean_abs, mean_square, x1, x2_squared;
  /// x1, x2 (= sqrt(x2_squared)) and n as exact values
  GiNaC::lst substitution() const;
};

/// Throws std::invalid_argument for an empty or all-zero vector.
VectorMoments vector_moments(const std::vector<GiNaC::numeric>& x);

}  // namespace attnverify::sym
