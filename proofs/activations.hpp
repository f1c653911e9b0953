// Smooth activation functions with no closed-form Gaussian moments, as GiNaC
// functions so that specs can name them and reports print them by name:
//
//   sigmoid(z)  = 1 / (1 + exp(-z))                       (logistic function)
//   softplus(z) = log(1 + exp(z))
//   gelu(z)     = z * Phi(z) = z/2 * erfc(-z/sqrt(2))     (Hendrycks & Gimpel 2016, eq. 1)
//   silu(z)     = z * sigmoid(z)                          (swish with beta = 1)
//
// The symbolic engine treats them as opaque: f(x) containing one of them is outside
// the class of docs/design.md §2, so a kernel gets status no-closed-form and is checked by
// quadrature and sampling only. `activation_definition` gives the elementary form
// used for numeric evaluation (evalf, numerics/expression_program.hpp); the forms
// are written to avoid cancellation (erfc for gelu's left tail).
// Rules (eval): sigmoid(0) -> 1/2, gelu(0) -> 0, silu(0) -> 0; otherwise held.
// Derivatives: sigmoid' = sigmoid (1 - sigmoid), softplus' = sigmoid,
// gelu'(z) = Phi(z) + z phi(z), silu' = sigmoid + z sigmoid (1 - sigmoid).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>

namespace attnverify::sym {

DECLARE_FUNCTION_1P(sigmoid)
DECLARE_FUNCTION_1P(softplus)
DECLARE_FUNCTION_1P(gelu)
DECLARE_FUNCTION_1P(silu)

/// The elementary definition of activation `name` at argument z (in exp, log, erfc),
/// or std::nullopt when `name` is not one of the functions above.
std::optional<GiNaC::ex> activation_definition(const std::string& name, const GiNaC::ex& z);

}  // namespace attnverify::sym
