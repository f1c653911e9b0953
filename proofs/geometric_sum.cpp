#include "proofs/geometric_sum.hpp"

#include <sstream>

#include "proofs/canonical_form.hpp"
#include "proofs/exp_poly.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

std::string text(const ex& e) {
  std::ostringstream os;
  os << e;
  return os.str();
}

// term = C * r^i: returns r, and C through `constant`.
ex geometric_ratio(const ex& term, const symbol& i, ex& constant) {
  ex ratio = 1;
  constant = 1;
  auto take = [&](const ex& f) {
    if (!f.has(i)) {
      constant *= f;
      return;
    }
    if (is_exactly_a<power>(f) && !f.op(0).has(i)) {
      const ex exponent = f.op(1).expand();
      if (exponent.is_polynomial(i) && exponent.degree(i) == 1) {
        ratio *= pow(f.op(0), exponent.coeff(i, 1));
        constant *= pow(f.op(0), exponent.coeff(i, 0));
        return;
      }
    }
    throw NotInClass("the summand factor '" + text(f) + "' is not geometric in i");
  };
  if (is_exactly_a<mul>(term)) {
    for (const auto& f : term) take(f);
  } else {
    take(term);
  }
  return ratio;
}

}  // namespace

ex sum_geometric(const ex& term, const symbol& i, const ex& lo, const ex& hi) {
  const ex expanded = split_positive_powers(term).expand();
  ex total = 0;
  auto add_term = [&](const ex& t) {
    ex constant;
    const ex r = geometric_ratio(t, i, constant);
    if (normal_with_power_atoms(r - 1).is_zero())
      total += constant * (hi - lo + 1);
    else
      total += constant * (pow(r, lo) - pow(r, hi + 1)) / (1 - r);
  };
  if (is_exactly_a<add>(expanded)) {
    for (const auto& t : expanded) add_term(t);
  } else {
    add_term(expanded);
  }
  return normal_with_power_atoms(total);
}

}  // namespace attnverify::sym
