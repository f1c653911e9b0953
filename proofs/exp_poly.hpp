// The smooth pieces of the kernel class (docs/design.md §2): finite sums of
//
//   c * x^m * exp(a*x + b),     m = 0, 1, 2, ...;  c, a, b constants (free of x)
//
// This class is closed under products (so under squaring), and every Gaussian
// expectation of one of its terms over an interval reduces to truncated normal
// moments after completing the square (proofs/gaussian_expectation.hpp).
#pragma once

#include <ginac/ginac.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace attnverify::sym {

/// An expression outside the class the engine derives closed forms for; `what()`
/// names the offending subexpression. The derivation reports status no-closed-form.
class NotInClass : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One term c * x^m * exp(curvature*x^2 + slope*x + offset); the curvature is 0 except in
/// the terms of to_gaussian_exp_poly.
struct ExpPolyTerm {
  GiNaC::ex coefficient;
  unsigned power = 0;
  GiNaC::ex slope = 0;
  GiNaC::ex offset = 0;
  GiNaC::ex curvature = 0;
};

/// Decomposes an expression in x into exp-polynomial terms (after expansion and
/// merging of exponentials). Throws NotInClass for factors such as tanh(x), 1/x,
/// sqrt(x), exp(x^2), or relu/step/abs of x (split those with proofs/piecewise.hpp first).
std::vector<ExpPolyTerm> to_exp_poly(const GiNaC::ex& piece, const GiNaC::symbol& x);

/// As to_exp_poly, and also exponents quadratic in x whose x^2 coefficient is a number < 0
/// (exp(-x^2), x e^{-x^2/2 + x}): the Gaussian class, whose expectations under normal scores are
/// truncated normal moments of another normal law (proofs/gaussian_expectation.hpp). Only the
/// normal law's derivation and the steps before it (the split at kinks, the sign changes of
/// |f|, the work bound) take it; every other reader of terms uses to_exp_poly, which refuses
/// x^2 in an exponent. A coefficient > 0 (exp(x^2/4): E f^2 exists only for gamma < 1/2) or not
/// a number throws NotInClass.
std::vector<ExpPolyTerm> to_gaussian_exp_poly(const GiNaC::ex& piece, const GiNaC::symbol& x);

/// An antiderivative of x^m exp(s x), evaluated at y (integration by parts m times):
///   s = 0:  y^(m+1) / (m+1);
///   s != 0: exp(s y) sum_{k=0}^m (-1)^k m!/(m-k)! y^(m-k) / s^(k+1),
/// which tends to 0 as y -> -inf when s > 0 and as y -> +inf when s < 0. s is free of x;
/// only the number 0 counts as zero (a symbolic s such as a + sqrt(2)/gamma is taken as
/// nonzero, and a formula built on it holds where it is).
GiNaC::ex power_exp_antiderivative(unsigned m, const GiNaC::ex& s, const GiNaC::ex& y);

/// True when e contains no exponential of x: a polynomial in x.
bool is_polynomial_piece(const GiNaC::ex& e, const GiNaC::symbol& x);

}  // namespace attnverify::sym
