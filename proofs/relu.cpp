#include "proofs/relu.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

ex relu_eval(const ex& z) {
  if (is_exactly_a<numeric>(z) && ex_to<numeric>(z).is_real())  // relu(c) -> max(c, 0)
    return ex_to<numeric>(z).is_negative() ? ex(0) : z;
  return relu(z).hold();
}

ex relu_evalf(const ex& z) {
  if (is_exactly_a<numeric>(z)) return relu_eval(z);
  return relu(z).hold();
}

ex relu_deriv(const ex& z, unsigned /*diff_param*/) { return step(z); }

}  // namespace

REGISTER_FUNCTION(
    relu, eval_func(relu_eval).evalf_func(relu_evalf).derivative_func(relu_deriv).latex_name("\\operatorname{relu}"))

}  // namespace attnverify::sym
