#include "proofs/sparsity_measure.hpp"

#include <stdexcept>

#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

SparsityMeasureDerivation derive_sparsity_measure() {
  const auto& s = symbols();
  SparsityMeasureDerivation d;
  d.S_moments = s.E_abs / sqrt(s.E_sq);
  const ex square = normal(pow(vector_form(d.S_moments), 2));  // S > 0: the positive root of S^2
  d.S = sqrt(square.numer()) / sqrt(square.denom());
  return d;
}

ex vector_form(const ex& e) {
  const auto& s = symbols();
  const ex mean_abs = s.x1 / s.n, mean_square = pow(s.x2, 2) / s.n;
  return e.subs(lst{s.E_abs == mean_abs, s.E_sq == mean_square, s.Var_abs == mean_square - pow(mean_abs, 2)});
}

VectorMoments vector_moments(const std::vector<numeric>& x) {
  if (x.empty()) throw std::invalid_argument("the vector is empty");
  VectorMoments m;
  m.n = static_cast<long>(x.size());
  m.x1 = 0;
  m.x2_squared = 0;
  for (const numeric& v : x) {
    m.x1 += abs(v);
    m.x2_squared += v * v;
  }
  if (m.x1.is_zero()) throw std::invalid_argument("the vector is all zero (S is 0/0)");
  m.mean_abs = m.x1 / m.n;
  m.mean_square = m.x2_squared / m.n;
  return m;
}

lst VectorMoments::substitution() const {
  const auto& s = symbols();
  return lst{s.x1 == x1, s.x2 == sqrt(ex(x2_squared)), s.n == n};
}

}  // namespace attnverify::sym
