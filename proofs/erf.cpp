// Registration of erf and erfc with GiNaC; numeric evaluation through MPFR.
// Cross-checked in tests/erf_test.cpp against boost::math::erf at 50 digits.
#include "proofs/erf.hpp"

#include <mpfr.h>

#include <string>

#include "proofs/mpfr_bridge.hpp"

namespace attnverify::sym {

using namespace GiNaC;

bool has_negative_sign(const ex& e) {
  if (is_exactly_a<numeric>(e)) return ex_to<numeric>(e).is_real() && ex_to<numeric>(e).is_negative();
  if (is_exactly_a<mul>(e)) {
    const ex coeff = e.op(e.nops() - 1);  // GiNaC keeps the numeric coefficient last
    return is_exactly_a<numeric>(coeff) && ex_to<numeric>(coeff).is_real() && ex_to<numeric>(coeff).is_negative();
  }
  return false;
}

namespace {

bool is_float_number(const ex& x) {
  return is_exactly_a<numeric>(x) && !ex_to<numeric>(x).is_rational() && ex_to<numeric>(x).is_real();
}

// Evaluates an MPFR unary function at a real GiNaC numeric with Digits + 10 guard digits.
ex mpfr_unary(int (*fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), const ex& x) {
  const numeric z = ex_to<numeric>(x);
  if (!z.is_real()) throw std::domain_error("erf/erfc: complex arguments are not supported");
  const long digits = static_cast<long>(Digits) + 10;
  // MPFR 4.2.0 aborts in mpfr_erf/mpfr_erfc for some arguments above ~1000 bits
  // (measured; numerics/expression_program.hpp, kMaxErfDigits = 295)
  if (digits > 295)
    throw std::domain_error("erf/erfc evalf is limited to 285 digits (MPFR 4.2.0 defect above ~1000 bits)");
  detail::MpfrValue arg(digits), out(digits);
  detail::numeric_to_mpfr(z, arg.get());
  fn(out.get(), arg.get(), MPFR_RNDN);
  return detail::mpfr_to_numeric(out.get(), digits);
}

ex erf_eval(const ex& x) {
  if (x.is_zero()) return 0;                  // erf(0) -> 0
  if (has_negative_sign(x)) return -erf(-x);  // erf(-z) -> -erf(z)
  if (is_float_number(x)) return mpfr_unary(mpfr_erf, x);
  return erf(x).hold();
}

ex erf_evalf(const ex& x) {
  if (is_exactly_a<numeric>(x)) return mpfr_unary(mpfr_erf, x);
  return erf(x).hold();
}

ex erf_deriv(const ex& x, unsigned /*diff_param*/) {
  return 2 / sqrt(Pi) * exp(-pow(x, 2));  // d/dz erf(z) = 2/sqrt(pi) exp(-z^2)
}

ex erfc_eval(const ex& x) {
  if (x.is_zero()) return 1;  // erfc(0) -> 1
  if (is_float_number(x)) return mpfr_unary(mpfr_erfc, x);
  return erfc(x).hold();
}

ex erfc_evalf(const ex& x) {
  if (is_exactly_a<numeric>(x)) return mpfr_unary(mpfr_erfc, x);
  return erfc(x).hold();
}

ex erfc_deriv(const ex& x, unsigned /*diff_param*/) {
  return -2 / sqrt(Pi) * exp(-pow(x, 2));  // d/dz erfc(z) = -2/sqrt(pi) exp(-z^2)
}

}  // namespace

REGISTER_FUNCTION(
    erf, eval_func(erf_eval).evalf_func(erf_evalf).derivative_func(erf_deriv).latex_name("\\operatorname{erf}"))
REGISTER_FUNCTION(
    erfc, eval_func(erfc_eval).evalf_func(erfc_evalf).derivative_func(erfc_deriv).latex_name("\\operatorname{erfc}"))

}  // namespace attnverify::sym
