// The numeric route for kernel variants: S(beta, gamma) from the defining integrals
//   E|f(beta + gamma eps)|  and  E f(beta + gamma eps)^2
// by GaussianQuadrature, split at the kinks of |f| and f^2. The closed form is not
// used; only the kink locations come from the piecewise decomposition.
#pragma once

#include <memory>
#include <string>

#include "numerics/compiled_expression.hpp"
#include "numerics/gaussian_quadrature.hpp"
#include "proofs/kernel_derivation.hpp"
#include "src/spec.hpp"

namespace attnverify {

struct NumericS {
  bool ok = false;
  num::Real mean_abs, mean_square, S;
  double error_digits = 0;  ///< -log10 of the relative error estimate of S
  std::size_t evaluations = 0;  ///< integrand calls of both integrals
  std::string failure;
};

class KernelRoute {
 public:
  KernelRoute(const sym::KernelDerivation& derivation, unsigned digits);
  NumericS operator()(const GridPoint& point) const;

 private:
  unsigned digits_;
  num::GaussianQuadrature quadrature_;
  num::CompiledExpression f_;
  std::vector<GiNaC::numeric> kinks_abs_, kinks_square_;
};

}  // namespace attnverify
