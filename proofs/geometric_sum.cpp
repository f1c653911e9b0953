#include "proofs/geometric_sum.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

/// A term C i^k r^i of the summand.
struct GeometricTerm {
  ex constant = 1;
  ex ratio = 1;
  int degree = 0;
};

// The exponent e of a factor b^e or exp(e) split as e = e0 + e1 i, when e is linear in i.
bool linear_in(const ex& exponent, const symbol& i, ex& e0, ex& e1) {
  const ex e = exponent.expand();
  if (!e.is_polynomial(i) || e.degree(i) != 1) return false;
  e0 = e.coeff(i, 0), e1 = e.coeff(i, 1);
  return true;
}

GeometricTerm geometric_term(const ex& term, const symbol& i) {
  GeometricTerm out;
  for (const ex& f : factors_of(term)) {
    ex e0, e1;
    if (!f.has(i)) {
      out.constant *= f;
    } else if (f.is_equal(i)) {
      out.degree += 1;
    } else if (is_exactly_a<power>(f) && f.op(0).is_equal(i) && f.op(1).info(info_flags::posint) &&
               f.op(1) < numeric(64)) {
      out.degree += ex_to<numeric>(f.op(1)).to_int();  // i^k
    } else if (is_exactly_a<power>(f) && !f.op(0).has(i) && linear_in(f.op(1), i, e0, e1)) {
      // b^(e0 + e1 i) = b^e0 (b^e1)^i; for a number b > 0 and an e1 that is not a number, the
      // ratio as e^(e1 log b) (2^(1/n) beside 2^(2/n) and 2^((N+1)/n) made GiNaC's normal form of
      // the sum of 2^(i/n) i^2 run without end: the attack of 2026-11-29)
      const bool positive_number = is_exactly_a<numeric>(f.op(0)) && ex_to<numeric>(f.op(0)).is_positive();
      out.ratio *= positive_number && !is_exactly_a<numeric>(e1) ? exp(e1 * log(f.op(0))) : pow(f.op(0), e1);
      out.constant *= pow(f.op(0), e0);
    } else if (is_ex_the_function(f, exp) && linear_in(f.op(0), i, e0, e1)) {
      out.ratio *= exp(e1);  // exp(e0 + e1 i) = e^e0 (e^e1)^i
      out.constant *= exp(e0);
    } else {
      throw NotInClass("the summand factor '" + to_text(f) + "' is not i^k times a geometric factor in i");
    }
  }
  return out;
}

// sum_{i=1}^m i^k, a polynomial in m of degree k + 1 (Faulhaber):
//   sum_{i=0}^{m-1} i^k = 1/(k+1) sum_{j=0}^{k} binomial(k+1, j) B_j m^(k+1-j)   (B_1 = -1/2),
// and sum_{i=1}^m i^k = that + m^k for k >= 1; m for k = 0.
ex power_sum(int k, const ex& m) {
  if (k == 0) return m;  // (GiNaC refuses 0^0 at m = 0)
  ex below = 0;
  for (int j = 0; j <= k; ++j)
    below += binomial(numeric(k + 1), numeric(j)) * bernoulli(numeric(j)) * pow(m, k + 1 - j);
  return below / (k + 1) + pow(m, k);
}

}  // namespace

ex sum_geometric(const ex& term, const symbol& i, const ex& lo, const ex& hi) {
  const ex expanded = split_positive_powers(term).expand();
  ex total = 0;
  for (const ex& t : terms_of(expanded)) {
    const GeometricTerm g = geometric_term(t, i);
    const bool ratio_one = normal_with_power_atoms(g.ratio - 1).is_zero();
    // (x d/dx)^k of the geometric sum grows with k, and its normal form with it: i^63 lambda^(n-i)
    // and (i + 1)^12 lambda^i ran for minutes (a hostile input of 2026-11-29)
    if (g.degree > (ratio_one ? kMaxPolynomialDegree : kMaxGeometricDegree))
      throw NotInClass("the summand has a term i^" + std::to_string(g.degree) +
                       (ratio_one ? "" : " times a geometric factor") + ", beyond the degree summed in closed form (" +
                       std::to_string(ratio_one ? kMaxPolynomialDegree : kMaxGeometricDegree) + ")");
    if (ratio_one) {
      total += g.constant * (power_sum(g.degree, hi) - power_sum(g.degree, lo - 1));
      continue;
    }
    // sum_{i=lo}^{hi} i^k x^i = (x d/dx)^k (x^lo - x^(hi+1))/(1 - x), at x = r
    const symbol x("x");
    ex sum = (pow(x, lo) - pow(x, hi + 1)) / (1 - x);
    for (int j = 0; j < g.degree; ++j) sum = x * sum.diff(x);
    total += g.constant * sum.subs(x == g.ratio);
  }
  return normal_with_power_atoms(total);
}

}  // namespace attnverify::sym
