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

/// One term c * x^m * exp(slope*x + offset).
struct ExpPolyTerm {
  GiNaC::ex coefficient;
  unsigned power = 0;
  GiNaC::ex slope = 0;
  GiNaC::ex offset = 0;
};

/// Decomposes an expression in x into exp-polynomial terms (after expansion and
/// merging of exponentials). Throws NotInClass for factors such as tanh(x), 1/x,
/// sqrt(x), exp(x^2), or relu/step/abs of x (split those with proofs/piecewise.hpp first).
std::vector<ExpPolyTerm> to_exp_poly(const GiNaC::ex& piece, const GiNaC::symbol& x);

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
