#include "proofs/exp_poly.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

ExpPolyTerm term_from_product(const ex& term, const symbol& x, bool gaussian) {
  ExpPolyTerm out;
  out.coefficient = 1;
  for (const ex& f : factors_of(term)) {
    if (!f.has(x)) {
      out.coefficient *= f;
    } else if (f.is_equal(x)) {
      out.power += 1;
    } else if (is_exactly_a<power>(f) && f.op(0).is_equal(x) && f.op(1).info(info_flags::posint)) {
      out.power += ex_to<numeric>(f.op(1)).to_int();
    } else if (is_ex_the_function(f, exp)) {
      const ex argument = f.op(0).expand();
      if (!argument.is_polynomial(x) || argument.degree(x) > (gaussian ? 2 : 1))
        throw NotInClass("the exponent of '" + to_text(f) + "' is not linear in x");
      if (argument.degree(x) == 2) {
        const ex c = argument.coeff(x, 2);
        if (!is_exactly_a<numeric>(c) || !ex_to<numeric>(c).is_real() || !ex_to<numeric>(c).is_negative())
          throw NotInClass("the exponent of '" + to_text(f) +
                           "' is quadratic in x with a coefficient of x^2 that is not a negative number (for "
                           "a > 0, E e^{2a X^2} exists only where 4 a gamma^2 < 1, a region the engine does not "
                           "derive)");
        out.curvature += c;
      }
      out.slope += argument.coeff(x, 1);
      out.offset += argument.coeff(x, 0);
    } else if (is_a<function>(f)) {
      throw NotInClass("'" + to_text(f) +
                       "' is not a piecewise sum of terms c x^m exp(a x + b x^2), whose Gaussian moments are "
                       "truncated normal moments");
    } else {
      throw NotInClass("the factor '" + to_text(f) + "' is not of the form c*x^m*exp(a*x+b)");
    }
  }
  return out;
}

}  // namespace

std::vector<ExpPolyTerm> to_exp_poly(const ex& piece, const symbol& x) {
  const ex expanded = merge_exponentials(piece.expand());
  std::vector<ExpPolyTerm> terms;
  if (expanded.is_zero()) return terms;
  for (const ex& t : terms_of(expanded)) terms.push_back(term_from_product(t, x, false));
  return terms;
}

std::vector<ExpPolyTerm> to_gaussian_exp_poly(const ex& piece, const symbol& x) {
  const ex expanded = merge_exponentials(piece.expand());
  std::vector<ExpPolyTerm> terms;
  if (expanded.is_zero()) return terms;
  for (const ex& t : terms_of(expanded)) terms.push_back(term_from_product(t, x, true));
  return terms;
}

ex power_exp_antiderivative(unsigned m, const ex& s, const ex& y) {
  if (s.is_zero()) return pow(y, m + 1) / (m + 1);
  ex sum = 0;
  numeric falling = 1;  // m!/(m-k)!
  for (unsigned k = 0; k <= m; ++k) {
    const ex y_power = k == m ? ex(1) : pow(y, m - k);  // GiNaC leaves pow(0, 0) undefined
    sum += (k % 2 ? -1 : 1) * falling * y_power / pow(s, k + 1);
    falling *= m - k;
  }
  return exp(s * y) * sum;
}

bool is_polynomial_piece(const ex& e, const symbol& x) { return e.expand().is_polynomial(x); }

}  // namespace attnverify::sym
