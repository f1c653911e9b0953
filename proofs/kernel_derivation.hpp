// Derivation of the sparsity of a kernel variant a_j ∝ f(q.k_j) (Su2023 eq. 4):
//
//   S(beta, gamma) = E|f(X)| / sqrt(E f(X)^2),   X = beta + gamma*eps, eps ~ N(0,1),
//
// with beta = q.mu and gamma = sigma*||q|| for keys k ~ N(mu, sigma^2 I), n -> inf.
// f is decomposed into pieces (proofs/piecewise.hpp), |f| and f^2 are formed piece
// by piece, and both expectations come from proofs/gaussian_expectation.hpp. Nothing
// variant-specific is written here: exp, relu^2 and x all go through the same path.
// When f leaves the class the status is NoClosedForm with the reason; the
// breakpoints found so far are still returned for the quadrature route.
#pragma once

#include <ginac/ginac.h>

#include "proofs/piecewise.hpp"

#include <functional>
#include <string>
#include <vector>

namespace attnverify::sym {

struct KernelDerivation {
  enum class Status { Derived, NoClosedForm };
  Status status = Status::NoClosedForm;
  std::string reason;  ///< why no closed form, when status is NoClosedForm

  GiNaC::ex f;            ///< the kernel f(x)
  GiNaC::ex mean_abs;     ///< E|f(X)|, in beta and gamma
  GiNaC::ex mean_square;  ///< E f(X)^2
  GiNaC::ex S;            ///< E|f(X)| / sqrt(E f(X)^2)

  std::vector<GiNaC::ex> kinks_abs;     ///< x where |f| is not smooth (quadrature split points)
  std::vector<GiNaC::ex> kinks_square;  ///< x where f^2 is not smooth
};

/// E[g(beta + gamma eps)] of a piecewise exp-polynomial g in x under one law of eps
/// (gaussian_expectation, laplace_expectation, uniform_expectation); throws NotInClass.
using PiecewiseExpectation =
    std::function<GiNaC::ex(const Piecewise& g, const GiNaC::symbol& x, const GiNaC::ex& beta, const GiNaC::ex& gamma)>;

/// Derives S for f(x) (x, beta, gamma from proofs/symbols.hpp) under Gaussian scores. Never
/// throws for expressions outside the class; reports NoClosedForm instead.
KernelDerivation derive_kernel(const GiNaC::ex& f);

/// The same under the law whose expectation is `expectation` (the kernel kind passes its score
/// law's, numerics/score_distribution.hpp). A NotInClass from it is NoClosedForm with its reason.
KernelDerivation derive_kernel(const GiNaC::ex& f, const PiecewiseExpectation& expectation);

}  // namespace attnverify::sym
