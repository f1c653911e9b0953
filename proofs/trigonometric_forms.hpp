// Trigonometric factors in the kernel class (issue 47, part 1). Under normal scores the
// expectations with a sine or cosine of a linear argument have closed forms, from the normal
// law's characteristic function E e^{(a + ib) X} = e^{(a + ib) beta + (a + ib)^2 gamma^2 / 2}:
//
//   E e^{aX} cos(bX + c) = e^{a beta + (a^2 - b^2) gamma^2 / 2} cos(b beta + c + a b gamma^2),
//
// and the same with x^m by the moments of the shifted normal law. The engine reaches them by
// Euler's formula, cos u = (e^{iu} + e^{-iu})/2 and sin u = (e^{iu} - e^{-iu})/(2i): a term
// c x^m e^{(a + ib) x} is an exp-polynomial term with a complex slope, whose expectation over
// the whole line is the usual one, and the real part of the sum is taken at the end
// (real_form). Only whole-line pieces are derived: over a half-line the truncated moments
// would need erf of a complex argument.
#pragma once

#include <ginac/ginac.h>

namespace attnverify::sym {

/// True when e holds sin(u) or cos(u), whatever u.
bool has_trigonometric(const GiNaC::ex& e);

/// True when e holds a number that is not real (i, 2 - 3i).
bool has_complex_number(const GiNaC::ex& e);

/// True when e holds sin(u) or cos(u) with u containing x.
bool has_trigonometric(const GiNaC::ex& e, const GiNaC::symbol& x);

/// e with every sin(u), cos(u) whose argument contains x written by Euler's formula in
/// exp(i u) and exp(-i u). Throws NotInClass (proofs/exp_poly.hpp) for an argument that is not
/// linear in x (sin(x^2), cos(exp(x))).
GiNaC::ex trigonometric_as_exponentials(const GiNaC::ex& e, const GiNaC::symbol& x);

/// e with every sin(u), cos(u) written by Euler's formula, whatever u (the zero test's
/// rewrite: an identity for every complex u).
GiNaC::ex trigonometric_as_exponentials(const GiNaC::ex& e);

/// The real part of e, a sum of terms c R exp(A) with c a complex number, R free of complex
/// numbers and A a sum of such terms with complex coefficients, all symbols real:
///   Re(c R e^{A}) = R e^{Re A} (Re c cos(Im A) - Im c sin(Im A)).
/// Throws NotInClass for a term outside that shape.
GiNaC::ex real_form(const GiNaC::ex& e);

}  // namespace attnverify::sym
