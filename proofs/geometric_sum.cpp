#include "proofs/geometric_sum.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/exp_poly.hpp"
#include "proofs/printing.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// term = C * r^i: returns r, and C through `constant`.
ex geometric_ratio(const ex& term, const symbol& i, ex& constant) {
  ex ratio = 1;
  constant = 1;
  for (const ex& f : factors_of(term)) {
    if (!f.has(i)) {
      constant *= f;
      continue;
    }
    if (is_exactly_a<power>(f) && !f.op(0).has(i)) {
      const ex exponent = f.op(1).expand();
      if (exponent.is_polynomial(i) && exponent.degree(i) == 1) {
        ratio *= pow(f.op(0), exponent.coeff(i, 1));
        constant *= pow(f.op(0), exponent.coeff(i, 0));
        continue;
      }
    }
    throw NotInClass("the summand factor '" + to_text(f) + "' is not geometric in i");
  }
  return ratio;
}

}  // namespace

ex sum_geometric(const ex& term, const symbol& i, const ex& lo, const ex& hi) {
  const ex expanded = split_positive_powers(term).expand();
  ex total = 0;
  for (const ex& t : terms_of(expanded)) {
    ex constant;
    const ex r = geometric_ratio(t, i, constant);
    if (normal_with_power_atoms(r - 1).is_zero())
      total += constant * (hi - lo + 1);
    else
      total += constant * (pow(r, lo) - pow(r, hi + 1)) / (1 - r);
  }
  return normal_with_power_atoms(total);
}

}  // namespace attnverify::sym
