#include "proofs/trigonometric_functions.hpp"

#include <cmath>

namespace attnverify::sym {

namespace {

// atan is analytic off the cuts (-i inf, -i] and [i, i inf) of the imaginary axis: with
// acb_calc_integrate's analytic flag, a ball that may meet them gives an indeterminate value.
bool may_meet_atan_cut(acb_srcptr x) {
  if (!arb_contains_zero(acb_realref(x))) return false;
  arf_t upper;  // an upper bound of |Im x|, rounded up
  arf_init(upper);
  arb_get_abs_ubound_arf(upper, acb_imagref(x), 30);
  const bool below = arf_cmp_si(upper, 1) < 0;
  arf_clear(upper);
  return !below;
}

void atan_complex(acb_ptr y, acb_srcptr x, int, int analytic, slong bits) {
  if (analytic && may_meet_atan_cut(x)) {
    acb_indeterminate(y);
    return;
  }
  acb_atan(y, x, bits);
}

}  // namespace

std::vector<PrimitiveFunction> trigonometric_primitives() {
  std::vector<PrimitiveFunction> out;
  out.push_back({.name = "sin",
                 .smoothness = SmoothnessClass(Smoothness::Analytic),
                 .operations = {.on_double = [](double x) { return std::sin(x); },
                                .on_mpfr = [](mpfr_ptr y, mpfr_srcptr x) { mpfr_sin(y, x, MPFR_RNDN); },
                                .on_ball = [](arb_ptr y, arb_srcptr x, slong bits) { arb_sin(y, x, bits); },
                                .on_complex = [](acb_ptr y, acb_srcptr x, int, int,
                                                 slong bits) { acb_sin(y, x, bits); }},
                 .bound = GiNaC::ex(1),
                 .poles = {},
                 .latex = "\\sin",
                 .sympy = "sin",
                 .mathematica = "Sin"});
  out.push_back({.name = "cos",
                 .smoothness = SmoothnessClass(Smoothness::Analytic),
                 .operations = {.on_double = [](double x) { return std::cos(x); },
                                .on_mpfr = [](mpfr_ptr y, mpfr_srcptr x) { mpfr_cos(y, x, MPFR_RNDN); },
                                .on_ball = [](arb_ptr y, arb_srcptr x, slong bits) { arb_cos(y, x, bits); },
                                .on_complex = [](acb_ptr y, acb_srcptr x, int, int,
                                                 slong bits) { acb_cos(y, x, bits); }},
                 .bound = GiNaC::ex(1),
                 .poles = {},
                 .latex = "\\cos",
                 .sympy = "cos",
                 .mathematica = "Cos"});
  // tan: meromorphic, so no branch cut; at a pole Arb returns a non-finite ball
  out.push_back({.name = "tan",
                 .smoothness = SmoothnessClass(Smoothness::Analytic),
                 .operations = {.on_double = [](double x) { return std::tan(x); },
                                .on_mpfr = [](mpfr_ptr y, mpfr_srcptr x) { mpfr_tan(y, x, MPFR_RNDN); },
                                .on_ball = [](arb_ptr y, arb_srcptr x, slong bits) { arb_tan(y, x, bits); },
                                .on_complex = [](acb_ptr y, acb_srcptr x, int, int,
                                                 slong bits) { acb_tan(y, x, bits); }},
                 .bound = std::nullopt,
                 .poles = [](const GiNaC::ex& u) { return GiNaC::cos(u); },
                 .latex = "\\tan",
                 .sympy = "tan",
                 .mathematica = "Tan"});
  out.push_back({.name = "atan",
                 .smoothness = SmoothnessClass(Smoothness::Analytic),
                 .operations = {.on_double = [](double x) { return std::atan(x); },
                                .on_mpfr = [](mpfr_ptr y, mpfr_srcptr x) { mpfr_atan(y, x, MPFR_RNDN); },
                                .on_ball = [](arb_ptr y, arb_srcptr x, slong bits) { arb_atan(y, x, bits); },
                                .on_complex = atan_complex},
                 .bound = GiNaC::ex(GiNaC::Pi / 2),
                 .poles = {},
                 .latex = "\\arctan",
                 .sympy = "atan",
                 .mathematica = "ArcTan"});
  return out;
}

}  // namespace attnverify::sym
