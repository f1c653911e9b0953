#include "proofs/activations.hpp"

#include "proofs/erf.hpp"

namespace attnverify::sym {

using namespace GiNaC;

std::optional<ex> activation_definition(const std::string& name, const ex& z) {
  if (name == "sigmoid") return 1 / (1 + exp(-z));
  if (name == "softplus") return log(1 + exp(z));
  if (name == "gelu") return z / 2 * erfc(-z / sqrt(ex(2)));
  if (name == "silu") return z / (1 + exp(-z));
  return std::nullopt;
}

namespace {

bool is_real_number(const ex& z) { return is_exactly_a<numeric>(z) && ex_to<numeric>(z).is_real(); }

// evalf: the elementary definition, evaluated at GiNaC's current Digits
ex evalf_by_definition(const char* name, const ex& z) {
  if (!is_real_number(z)) return function(function::find_function(name, 1), z).hold();
  return activation_definition(name, z)->evalf();
}

ex sigmoid_eval(const ex& z) {
  if (z.is_zero()) return numeric(1, 2);
  return sigmoid(z).hold();
}
ex sigmoid_evalf(const ex& z) { return evalf_by_definition("sigmoid", z); }
ex sigmoid_deriv(const ex& z, unsigned) { return sigmoid(z) * (1 - sigmoid(z)); }

ex softplus_eval(const ex& z) { return softplus(z).hold(); }
ex softplus_evalf(const ex& z) { return evalf_by_definition("softplus", z); }
ex softplus_deriv(const ex& z, unsigned) { return sigmoid(z); }

ex gelu_eval(const ex& z) {
  if (z.is_zero()) return 0;
  return gelu(z).hold();
}
ex gelu_evalf(const ex& z) { return evalf_by_definition("gelu", z); }
ex gelu_deriv(const ex& z, unsigned) { return erfc(-z / sqrt(ex(2))) / 2 + z * exp(-pow(z, 2) / 2) / sqrt(2 * Pi); }

ex silu_eval(const ex& z) {
  if (z.is_zero()) return 0;
  return silu(z).hold();
}
ex silu_evalf(const ex& z) { return evalf_by_definition("silu", z); }
ex silu_deriv(const ex& z, unsigned) { return sigmoid(z) + z * sigmoid(z) * (1 - sigmoid(z)); }

}  // namespace

REGISTER_FUNCTION(sigmoid, eval_func(sigmoid_eval)
                               .evalf_func(sigmoid_evalf)
                               .derivative_func(sigmoid_deriv)
                               .latex_name("\\operatorname{sigmoid}"))
REGISTER_FUNCTION(softplus, eval_func(softplus_eval)
                                .evalf_func(softplus_evalf)
                                .derivative_func(softplus_deriv)
                                .latex_name("\\operatorname{softplus}"))
REGISTER_FUNCTION(
    gelu, eval_func(gelu_eval).evalf_func(gelu_evalf).derivative_func(gelu_deriv).latex_name("\\operatorname{GELU}"))
REGISTER_FUNCTION(
    silu, eval_func(silu_eval).evalf_func(silu_evalf).derivative_func(silu_deriv).latex_name("\\operatorname{SiLU}"))

}  // namespace attnverify::sym
