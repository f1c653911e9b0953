#include "tests/primitives/softsign.hpp"

#include <cmath>

namespace attnverify::test {

namespace {

// the GiNaC function: exact at rational arguments, held otherwise
GiNaC::ex softsign_eval(const GiNaC::ex& u) {
  if (GiNaC::is_exactly_a<GiNaC::numeric>(u) && GiNaC::ex_to<GiNaC::numeric>(u).is_rational())
    return u / (1 + GiNaC::abs(u));
  return throwaway_softsign(u).hold();
}

GiNaC::ex softsign_deriv(const GiNaC::ex& u, unsigned) { return 1 / GiNaC::pow(1 + GiNaC::abs(u), 2); }

// |u| on a real ball, kept >= 0 (arb_abs of a ball around 0 reaches below 0)
void ball_softsign(arb_ptr y, arb_srcptr x, slong bits) {
  // u / (1 + |u|) is increasing: its value at the ends encloses it on the ball
  arb_t lo, hi, t;
  arb_init(lo);
  arb_init(hi);
  arb_init(t);
  arb_get_lbound_arf(arb_midref(lo), x, bits);
  arb_get_ubound_arf(arb_midref(hi), x, bits);
  for (arb_ptr end : {lo, hi}) {
    arb_abs(t, end);
    arb_add_ui(t, t, 1, bits);
    arb_div(end, end, t, bits);
  }
  arb_union(y, lo, hi, bits);
  arb_clear(lo);
  arb_clear(hi);
  arb_clear(t);
}

// the analytic piece on the side `side` of 0: u / (1 + u) for u > 0, u / (1 - u) for u < 0
void complex_softsign(acb_ptr y, acb_srcptr x, int side, int, slong bits) {
  acb_t d;
  acb_init(d);
  if (side > 0)
    acb_add_ui(d, x, 1, bits);
  else
    acb_sub_ui(d, x, 1, bits), acb_neg(d, d);
  acb_div(y, x, d, bits);
  acb_clear(d);
}

}  // namespace

REGISTER_FUNCTION(throwaway_softsign, eval_func(softsign_eval).derivative_func(softsign_deriv))

sym::PrimitiveFunction softsign_primitive() {
  return {.name = "throwaway_softsign",
#ifndef ATTNVERIFY_OMIT_SMOOTHNESS  // tests/CMakeLists.txt builds this file without it: it must not compile
          .smoothness = sym::SmoothnessClass(sym::Smoothness::Kink),
#endif
          .operations = {.on_double = [](double u) { return u / (1 + std::fabs(u)); },
                         .on_mpfr =
                             [](mpfr_ptr y, mpfr_srcptr x) {
                               mpfr_t d;
                               mpfr_init2(d, mpfr_get_prec(y) + 2);
                               mpfr_abs(d, x, MPFR_RNDN);
                               mpfr_add_ui(d, d, 1, MPFR_RNDN);
                               mpfr_div(y, x, d, MPFR_RNDN);
                               mpfr_clear(d);
                             },
                         .on_ball = ball_softsign,
                         .on_complex = complex_softsign},
          .bound = GiNaC::ex(1),
          .poles = {},
          .latex = "\\operatorname{softsign}",
          .sympy = "softsign",
          .mathematica = "Softsign"};
}

}  // namespace attnverify::test
