#include "proofs/positivity.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// +1 / -1 when the factor has that strict sign on the domain, 0 when not shown.
int factor_sign(const ex& f, const std::vector<ex>& unit) {
  if (is_exactly_a<numeric>(f)) {
    const numeric& v = ex_to<numeric>(f);
    if (!v.is_real() || v.is_zero()) return 0;
    return v.is_positive() ? 1 : -1;
  }
  if (is_a<symbol>(f)) return f.info(info_flags::positive) ? 1 : 0;
  if (is_exactly_a<power>(f)) {
    const int base = factor_sign(f.op(0), unit);
    if (base > 0) return 1;
    if (base < 0 && f.op(1).info(info_flags::even)) return 1;
    if (base < 0 && f.op(1).info(info_flags::odd)) return -1;
    return 0;
  }
  if (is_exactly_a<mul>(f)) {
    int sign = 1;
    for (const ex& part : f) sign *= factor_sign(part, unit);
    return sign;
  }
  for (const ex& v : unit) {
    if (!f.has(v)) continue;
    if (!f.is_polynomial(v) || f.degree(v) > 1) return 0;
    const ex at0 = f.subs(v == 0), at1 = f.subs(v == 1);
    if (!is_exactly_a<numeric>(at0) || !is_exactly_a<numeric>(at1)) return 0;  // depends on other symbols too
    const numeric a = ex_to<numeric>(at0), b = ex_to<numeric>(at1);
    if (a >= 0 && b >= 0 && !(a.is_zero() && b.is_zero())) return 1;
    if (a <= 0 && b <= 0 && !(a.is_zero() && b.is_zero())) return -1;
    return 0;
  }
  return 0;
}

int side_sign(const ex& side, const std::vector<ex>& unit) {
  const ex factored = factor(expand(side));
  if (is_exactly_a<mul>(factored)) {
    int sign = 1;
    for (const ex& part : factored) sign *= factor_sign(part, unit);
    return sign;
  }
  return factor_sign(factored, unit);
}

}  // namespace

bool is_provably_positive(const ex& e, const std::vector<ex>& unit_interval) {
  try {
    const ex nd = normal(e).numer_denom();
    return side_sign(nd.op(0), unit_interval) * side_sign(nd.op(1), unit_interval) == 1;
  } catch (const std::exception&) {
    return false;
  }
}

bool is_provably_positive_with_roots(const ex& e, const std::vector<ex>& unit_interval) {
  if (is_provably_positive(e, unit_interval)) return true;
  if (is_a<power>(e) && is_a<numeric>(e.op(1)) && ex_to<numeric>(e.op(1)).is_real() &&
      ex_to<numeric>(e.op(1)).is_positive())
    return is_provably_positive_with_roots(e.op(0), unit_interval);
  if (is_a<mul>(e)) {
    for (const ex& factor : e)
      if (!is_provably_positive_with_roots(factor, unit_interval)) return false;
    return true;
  }
  return false;
}

}  // namespace attnverify::sym
