// The error function family as GiNaC functions.
//
//   erf(z)  = 2/sqrt(pi) * int_0^z exp(-t^2) dt         (DLMF 7.2.1)
//   erfc(z) = 1 - erf(z) = 2/sqrt(pi) * int_z^inf exp(-t^2) dt   (DLMF 7.2.2)
//
// GiNaC 1.8 has neither, and CLN has no erf either, so numeric evaluation (evalf)
// goes through MPFR (mpfr_erf / mpfr_erfc, correctly rounded) at GiNaC's current
// `Digits` plus guard digits. The derivation engine writes Gaussian tail
// probabilities with erfc so that tails such as Phi(-30) = erfc(30/sqrt 2)/2 keep
// full relative precision instead of cancelling in 1 + erf(-21.2...).
//
// Rules applied on construction (eval):
//   erf(0) -> 0,   erf(-z) -> -erf(z)       (odd symmetry, when z carries a negative sign)
//   erfc(0) -> 1
//   erf(float), erfc(float) -> evaluated numerically
// Derivatives: erf'(z) = 2/sqrt(pi) exp(-z^2), erfc'(z) = -2/sqrt(pi) exp(-z^2).
// LaTeX: \operatorname{erf}, \operatorname{erfc}.
//
// They live in namespace attnverify::sym because a global `erf` clashes with
// ::erf(double) (docs/design.md §6).
#pragma once

#include <ginac/ginac.h>

namespace attnverify::sym {

DECLARE_FUNCTION_1P(erf)
DECLARE_FUNCTION_1P(erfc)

/// True when `e` carries an explicit negative sign: a negative number, or a
/// product whose numeric coefficient is negative. Used to normalise odd functions
/// (erf(-z) -> -erf(z)) to one canonical representative.
bool has_negative_sign(const GiNaC::ex& e);

}  // namespace attnverify::sym
