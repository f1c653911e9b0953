#include "proofs/half_line_sign.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "proofs/canonical_form.hpp"
#include "proofs/definedness.hpp"
#include "proofs/piecewise.hpp"
#include "proofs/range_enclosure.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::sym {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

std::string name_of(const ex& e) { return GiNaC::ex_to<GiNaC::function>(e).get_name(); }

// Only u among the symbols.
bool in_u_alone(const ex& e, const GiNaC::symbol& u) {
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (GiNaC::is_a<GiNaC::symbol>(*it) && !it->is_equal(u)) return false;
  return true;
}

// Smooth on all of R: +, *, non-negative integer powers, and smooth entire functions whose
// derivative GiNaC knows.
bool smooth(const ex& e) {
  static const std::set<std::string> entire{"exp", "sinh", "cosh", "tanh", "erf", "erfc"};
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    if (has_no_symbol(*it)) continue;  // a number such as sqrt(pi) (its subtree is visited too, and constant)
    if (GiNaC::is_exactly_a<GiNaC::power>(*it)) {
      const ex k = it->op(1);
      if (!GiNaC::is_exactly_a<numeric>(k) || !GiNaC::ex_to<numeric>(k).is_nonneg_integer()) return false;
    } else if (GiNaC::is_a<GiNaC::function>(*it)) {
      if (!entire.count(name_of(*it))) return false;
    }
  }
  return true;
}

// The rate k of an exponential factor e^(k u + c) (k a real constant: rational, or such as -sqrt(2)
// under the Laplace law), or nullopt.
std::optional<ex> rate_of(const ex& factor, const GiNaC::symbol& u) {
  if (!GiNaC::is_a<GiNaC::function>(factor) || name_of(factor) != "exp") return std::nullopt;
  const ex a = GiNaC::expand(factor.op(0));
  const ex k = a.diff(u);
  if (!has_no_symbol(k)) return std::nullopt;
  const Range r = enclose(k, {});  // a real number (GiNaC does not flag sqrt(2) as real)
  if (!std::isfinite(r.lo) || !std::isfinite(r.hi)) return std::nullopt;
  return k;
}

// The strict sign of a u^2 + b u + c at every u > 0, for constants a, b, c (not all rational:
// sqrt(2) + 2 sqrt(2) u^2 - 2u under the Laplace law), by interval enclosures of the constants
// (proofs/range_enclosure.hpp): a discriminant b^2 - 4ac < 0 with a of one sign, or no sign change
// among a, b, c (all >= 0 with c > 0, or the mirror); nullopt otherwise.
std::optional<int> quadratic_sign(const ex& e, const GiNaC::symbol& u) {
  const ex p = GiNaC::expand(e);
  if (!p.is_polynomial(u) || p.degree(u) > 2 || p.degree(u) < 1) return std::nullopt;
  const ex a = p.coeff(u, 2), b = p.coeff(u, 1), c = p.coeff(u, 0);
  for (const ex& k : {a, b, c})
    if (!has_no_symbol(k)) return std::nullopt;
  const Range ra = enclose(a, {}), rb = enclose(b, {}), rc = enclose(c, {});
  if (enclose(b * b - 4 * a * c, {}).negative()) {
    if (ra.positive()) return 1;
    if (ra.negative()) return -1;
  }
  if (ra.nonnegative() && rb.nonnegative() && rc.positive()) return 1;
  if (ra.nonpositive() && rb.nonpositive() && rc.negative()) return -1;
  return std::nullopt;
}

// e times e^(-k u), with each term's exponential factor absorbing it (GiNaC does not merge
// e^a e^b): exact.
ex times_exp(const ex& e, const ex& k, const GiNaC::symbol& u) {
  const ex sum = GiNaC::expand(e);
  const auto term_times = [&](const ex& term) -> ex {
    const std::vector<ex> factors = GiNaC::is_exactly_a<GiNaC::mul>(term)
                                        ? std::vector<ex>(term.begin(), term.end())
                                        : std::vector<ex>{term};
    ex out = 1;
    bool absorbed = false;
    for (const ex& f : factors) {
      if (!absorbed && rate_of(f, u)) {
        out *= GiNaC::exp(GiNaC::expand(f.op(0) - k * u));
        absorbed = true;
      } else {
        out *= f;
      }
    }
    return absorbed ? out : out * GiNaC::exp(-k * u);
  };
  if (!GiNaC::is_exactly_a<GiNaC::add>(sum)) return term_times(sum);
  ex out = 0;
  for (const ex& term : sum) out += term_times(term);
  return out;
}

ParameterDomain positive_half_line(const GiNaC::symbol& u) {
  ParameterDomain d;
  d.variables = {{u, Range{0, HUGE_VAL, true, true}, false, {1, numeric(1, 2), 2}}};
  d.connected = true;
  d.description = "u > 0";
  return d;
}

std::optional<int> sign_of(const ex& e, const GiNaC::symbol& u, int depth) {
  if (GiNaC::is_exactly_a<numeric>(e)) {
    const numeric& v = GiNaC::ex_to<numeric>(e);
    if (!v.is_real() || v.is_zero()) return std::nullopt;
    return v.is_positive() ? 1 : -1;
  }
  const ParameterDomain domain = positive_half_line(u);
  try {
    if (provably_positive_on(e, domain)) return 1;
    if (provably_positive_on(-e, domain)) return -1;
    // erfc(z) = 1 - erf(z) and erf's odd symmetry, expanded: erfc(-x) t - erfc(x) t = 2 erf(x) t
    const ex rewritten = GiNaC::expand(erfc_as_erf(e));
    if (!rewritten.is_equal(e)) {
      if (provably_positive_on(rewritten, domain)) return 1;
      if (provably_positive_on(-rewritten, domain)) return -1;
    }
  } catch (const std::exception&) {
  }
  if (const std::optional<int> s = quadratic_sign(e, u)) return s;
  if (GiNaC::is_exactly_a<GiNaC::mul>(e)) {
    std::optional<int> sign = 1;
    for (const ex& f : e) {
      const std::optional<int> s = sign_of(f, u, depth);
      if (!s) {
        sign.reset();
        break;
      }
      *sign *= *s;
    }
    if (sign) return sign;
  }
  if (GiNaC::is_exactly_a<GiNaC::power>(e) && GiNaC::is_exactly_a<numeric>(e.op(1)) &&
      GiNaC::ex_to<numeric>(e.op(1)).is_integer()) {
    if (const std::optional<int> s = sign_of(e.op(0), u, depth))
      return GiNaC::ex_to<numeric>(e.op(1)).is_even() ? 1 : *s;
  }
  if (depth <= 0 || !smooth(e)) return std::nullopt;
  const ex at_zero = e.subs(u == 0);
  if (!GiNaC::is_exactly_a<numeric>(at_zero) || !GiNaC::ex_to<numeric>(at_zero).is_zero()) return std::nullopt;
  const ex slope = GiNaC::expand(e.diff(u));
  // the rates of the slope's exponentials, each tried as the factor e^(-k u) to take out
  std::vector<ex> rates{0};
  for (auto it = slope.preorder_begin(); it != slope.preorder_end(); ++it)
    if (const std::optional<ex> k = rate_of(*it, u))
      if (std::none_of(rates.begin(), rates.end(), [&](const ex& r) { return r.is_equal(*k); })) rates.push_back(*k);
  for (const ex& k : rates) {
    const ex freed = k.is_zero() ? slope : times_exp(slope, k, u);
    if (const std::optional<int> s = sign_of(freed, u, depth - 1)) return s;
  }
  return std::nullopt;
}

}  // namespace

std::optional<int> sign_on_positive_half_line(const ex& e, const GiNaC::symbol& u, int depth) {
  if (!in_u_alone(e, u)) return std::nullopt;
  try {
    return sign_of(e, u, depth);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

ex branches_on_positive_half_line(const ex& e, const GiNaC::symbol& u) {
  try {
    return with_branches(e, [&](const ex& call) { return sign_on_positive_half_line(call.op(0), u).value_or(0); });
  } catch (const std::exception&) {
    return e;
  }
}

}  // namespace attnverify::sym
