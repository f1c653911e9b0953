#include "proofs/canonical_form.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <string>

#include <vector>

#include "proofs/primitive_function.hpp"
#include "proofs/erf.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

bool is_exp(const ex& e) { return is_ex_the_function(e, exp); }

}  // namespace

std::vector<ex> factors_of(const ex& e) {
  if (!is_exactly_a<mul>(e)) return {e};
  return std::vector<ex>(e.begin(), e.end());
}

std::vector<ex> terms_of(const ex& e) {
  if (!is_exactly_a<add>(e)) return {e};
  return std::vector<ex>(e.begin(), e.end());
}

namespace {

// Whether e is real for every real value of its symbols, by its shape alone: real numbers,
// real and positive symbols, sums, products, integer powers, real powers of positive
// constants (sqrt(2), pi^(1/4)), and exp, erf, erfc, relu, abs, step, cosh, sinh, tanh and the
// registered primitives (sin, cos, tan, atan) of such. Anything else (I, sqrt of a symbol, log) is not shown real.
bool manifestly_real(const ex& e) {
  if (is_exactly_a<numeric>(e)) return ex_to<numeric>(e).is_real();
  if (is_a<symbol>(e)) return e.info(info_flags::real);
  if (is_exactly_a<constant>(e)) return e.info(info_flags::real);
  if (is_exactly_a<add>(e) || is_exactly_a<mul>(e)) {
    for (const ex& op : e)
      if (!manifestly_real(op)) return false;
    return true;
  }
  if (is_exactly_a<power>(e)) {
    if (!manifestly_real(e.op(0)) || !manifestly_real(e.op(1))) return false;
    if (e.op(1).info(info_flags::integer)) return true;
    const ex base = e.op(0).evalf();
    return is_exactly_a<numeric>(base) && ex_to<numeric>(base).is_positive();
  }
  if (is_exactly_a<function>(e)) {
    static const std::vector<std::string> real_to_real{"exp", "erf", "erfc", "relu", "abs", "step",
                                                       "cosh", "sinh", "tanh", "atan"};
    const std::string name = ex_to<function>(e).get_name();
    if (std::find(real_to_real.begin(), real_to_real.end(), name) == real_to_real.end() && !primitive_of(e))
      return false;  // a registered primitive is real wherever it is defined (proofs/primitive_function.hpp)
    for (const ex& op : e)
      if (!manifestly_real(op)) return false;
    return true;
  }
  return false;
}

}  // namespace

ex merge_exponentials(const ex& e) {
  return bottom_up(e, [](const ex& node) -> ex {
    // exp(a)^k = exp(k*a) for integer k, or for real a; sqrt(exp(I x)) is not exp(I x / 2)
    const auto mergeable = [](const ex& p) {
      return is_exactly_a<power>(p) && is_exp(p.op(0)) && is_exactly_a<numeric>(p.op(1)) &&
             (p.op(1).info(info_flags::integer) || manifestly_real(p.op(0).op(0)));
    };
    if (mergeable(node)) return exp((node.op(1) * node.op(0).op(0)).expand());  // exp(a)^k -> exp(k*a)
    if (!is_exactly_a<mul>(node)) return node;
    ex argument = 0;
    ex rest = 1;
    int count = 0;
    for (const auto& factor : node) {
      if (is_exp(factor)) {
        argument += factor.op(0);
        ++count;
      } else if (mergeable(factor)) {
        argument += factor.op(1) * factor.op(0).op(0);
        ++count;
      } else {
        rest *= factor;
      }
    }
    if (count == 0) return node;
    return rest * exp(argument.expand());  // exp(a)*exp(b) -> exp(a+b); exp(0) -> 1
  });
}

namespace {

// The exponent a of a term c * exp(a) (exponential factors merged): 0 for a term without one.
ex exponent_of(const ex& term) {
  ex a = 0;
  for (const ex& factor : factors_of(term))
    if (is_exp(factor)) a += factor.op(0);
  return a;
}

// An expanded exponent as monomial -> rational coefficient (numbers alone are left out: a
// constant factor e^c gains nothing).
std::map<ex, numeric, ex_is_less> monomials_of(const ex& a) {
  std::map<ex, numeric, ex_is_less> out;
  for (const ex& term : terms_of(a.expand())) {
    numeric c = 1;
    ex m = 1;
    for (const ex& factor : factors_of(term)) {
      if (is_exactly_a<numeric>(factor))
        c *= ex_to<numeric>(factor);
      else
        m *= factor;
    }
    if (is_exactly_a<numeric>(m)) continue;
    const auto [at, inserted] = out.emplace(m, c);
    if (!inserted) at->second += c;
  }
  return out;
}

// (e^a q)^r = e^(r a) q^r for real a and a real number r: e^a > 0, so arg(e^a q) = arg q.
ex exponential_out_of_power(const ex& node) {
  if (!is_exactly_a<power>(node) || !is_exactly_a<mul>(node.op(0)) || !is_exactly_a<numeric>(node.op(1)) ||
      !ex_to<numeric>(node.op(1)).is_real())
    return node;
  ex a = 0, q = 1;
  for (const ex& factor : node.op(0)) {
    if (is_exp(factor) && manifestly_real(factor.op(0)))
      a += factor.op(0);
    else
      q *= factor;
  }
  if (a.is_zero()) return node;
  return exp(node.op(1) * a) * pow(q, node.op(1));
}

}  // namespace

ex factor_common_exponentials(const ex& e) {
  const ex rewritten = bottom_up(merge_exponentials(e), [](const ex& node) -> ex {
    if (is_exactly_a<add>(node)) {
      // the monomials every term's exponent holds with one coefficient: their sum c is common
      std::optional<std::map<ex, numeric, ex_is_less>> common;
      for (const ex& term : node) {
        const auto here = monomials_of(exponent_of(term));
        if (!common) {
          common = here;
          continue;
        }
        for (auto it = common->begin(); it != common->end();) {
          const auto found = here.find(it->first);
          it = found != here.end() && found->second == it->second ? std::next(it) : common->erase(it);
        }
      }
      if (!common || common->empty()) return node;
      ex c = 0;
      for (const auto& [m, k] : *common) c += k * m;
      if (!manifestly_real(c)) return node;
      ex rest = 0;
      for (const ex& term : node) rest += merge_exponentials(term * exp(-c));
      return exp(c) * rest;  // sum_i t_i e^(a_i) = e^c sum_i t_i e^(a_i - c)
    }
    // a power GiNaC's evaluation created from the rewritten children sits in a product
    if (is_exactly_a<mul>(node)) {
      ex out = 1;
      for (const ex& factor : node) out *= exponential_out_of_power(factor);
      return out;
    }
    return exponential_out_of_power(node);
  });
  return merge_exponentials(rewritten);
}

ex numeric_powers_as_exp(const ex& e, const ex& in) {
  return bottom_up(e, [&in](const ex& node) -> ex {
    if (!is_exactly_a<power>(node) || !is_exactly_a<numeric>(node.op(0)) || is_exactly_a<numeric>(node.op(1)))
      return node;
    if (!in.is_zero() && !node.op(1).has(in)) return node;
    const numeric& b = ex_to<numeric>(node.op(0));
    if (!b.is_real() || !b.is_positive() || b == 1) return node;
    return exp(node.op(1) * log(ex(b)));  // log of the exact number (log(numeric) is a float)
  });
}

ex hyperbolic_as_exp(const ex& e) {
  struct Mapper : map_function {
    ex operator()(const ex& node) override {
      const ex m = node.map(*this);
      if (is_ex_the_function(m, cosh)) return (exp(m.op(0)) + exp(-m.op(0))) / 2;
      if (is_ex_the_function(m, sinh)) return (exp(m.op(0)) - exp(-m.op(0))) / 2;
      if (is_ex_the_function(m, tanh)) return (exp(2 * m.op(0)) - 1) / (exp(2 * m.op(0)) + 1);
      return m;
    }
  } mapper;
  return mapper(e);
}

ex erfc_as_erf(const ex& e) {
  return bottom_up(e, [](const ex& node) -> ex {
    if (is_ex_the_function(node, erfc)) return 1 - erf(node.op(0));  // erfc(z) -> 1 - erf(z)
    return node;
  });
}

namespace {

// prime^k factors of a positive integer below 2^40 by trial division; none for larger ones
std::optional<std::vector<std::pair<long, int>>> prime_factors(const numeric& value) {
  if (!(value < numeric(1L << 40))) return std::nullopt;
  long v = value.to_long();
  std::vector<std::pair<long, int>> out;
  for (long p = 2; p * p <= v; ++p) {
    int k = 0;
    while (v % p == 0) v /= p, ++k;
    if (k > 0) out.emplace_back(p, k);
  }
  if (v > 1) out.emplace_back(v, 1);
  return out;
}

// p/q > 0 as prod prime^k with k > 0 for p's primes and k < 0 for q's; nullopt when p or q is
// too large to factor, or p/q is already a prime (nothing to split)
std::optional<std::vector<std::pair<long, int>>> signed_prime_exponents(const numeric& r) {
  const auto top = prime_factors(r.numer()), bottom = prime_factors(r.denom());
  if (!top || !bottom) return std::nullopt;
  if (top->size() + bottom->size() == 1 && (top->empty() ? (*bottom)[0].second : (*top)[0].second) == 1 &&
      r.is_integer())
    return std::nullopt;  // already a prime
  std::vector<std::pair<long, int>> out = *top;
  for (const auto& [p, k] : *bottom) out.emplace_back(p, -k);
  return out;
}

// (p/q)^r as prod prime^(k r) over p's primes times prod prime^(-k r) over q's
std::optional<ex> prime_power_product(const numeric& base, const ex& exponent) {
  const auto primes = signed_prime_exponents(base);
  if (!primes) return std::nullopt;
  ex result = 1;
  for (const auto& [p, k] : *primes) result *= pow(numeric(p), k * exponent);
  return result;
}

}  // namespace

ex split_positive_powers(const ex& e) {
  return bottom_up(e, [](const ex& node) -> ex {
    if (!is_exactly_a<power>(node)) return node;
    const ex base = node.op(0);
    const ex exponent = node.op(1);
    // for a real exponent that is not an integer (a symbolic one such as N included):
    // (b^k)^r -> b^(k r) for b > 0 and real k
    const bool real_non_integer = is_exactly_a<numeric>(exponent) ? !ex_to<numeric>(exponent).is_integer()
                                                                  : exponent.info(info_flags::real);
    // (p/q)^r -> prod over the primes of p and q of prime^(+-k r), p/q > 0 rational, r
    // real and not an integer, symbolic or a number: 4^n (1/2)^(2n) is seen to be 1, and
    // sqrt(6) - sqrt(2) sqrt(3) to be 0 (a piece of f written so: docs/history.md, issue 42, L6)
    if (real_non_integer && is_exactly_a<numeric>(base) && ex_to<numeric>(base).is_rational() &&
        ex_to<numeric>(base).is_positive() && !base.is_equal(1)) {
      const std::optional<ex> split = prime_power_product(ex_to<numeric>(base), exponent);
      if (split) return *split;
    }
    if (real_non_integer && !is_exactly_a<numeric>(exponent) && is_exactly_a<power>(base) &&
        base.op(0).info(info_flags::positive) && base.op(1).info(info_flags::real))
      return pow(base.op(0), base.op(1) * exponent);
    if (is_exactly_a<mul>(base) && real_non_integer) {
      bool all_positive = true;
      for (const auto& f : base) all_positive = all_positive && f.info(info_flags::positive);
      if (all_positive) {  // (p*q)^r -> p^r * q^r
        ex result = 1;
        for (const auto& f : base) result *= pow(f, exponent);
        return split_positive_powers(result);  // the factors' powers may split further
      }
    }
    if (is_exactly_a<add>(exponent) && base.info(info_flags::positive)) {  // b^(s+t) -> b^s * b^t
      ex result = 1;
      for (const auto& term : exponent) result *= pow(base, term);
      return split_positive_powers(result);
    }
    return node;
  });
}

ex split_logs_of_rationals(const ex& e) {
  return bottom_up(e, [](const ex& node) -> ex {
    if (!is_ex_the_function(node, log) || !is_exactly_a<numeric>(node.op(0))) return node;
    const numeric& r = ex_to<numeric>(node.op(0));
    if (!r.is_rational() || !r.is_positive() || r == 1) return node;
    const auto primes = signed_prime_exponents(r);
    if (!primes) return node;
    ex result = 0;  // log of the exact number (log(numeric) is a float)
    for (const auto& [p, k] : *primes) result += k * log(ex(numeric(p)));
    return result;
  });
}

namespace {

// +1 or -1: the sign of the numeric coefficient of e's first term in GiNaC's order, so that
// lead_sign(-w) = -lead_sign(w) for every w that is not 0
int lead_sign(const ex& e) {
  if (is_exactly_a<numeric>(e)) return ex_to<numeric>(e).is_real() && ex_to<numeric>(e).is_negative() ? -1 : 1;
  if (is_exactly_a<add>(e)) return lead_sign(e.op(0));
  if (is_exactly_a<mul>(e)) {
    int sign = 1;
    for (const auto& f : e)
      if (is_exactly_a<numeric>(f)) sign *= lead_sign(f);
    return sign;
  }
  return 1;
}

}  // namespace

ex orient_softplus_logs(const ex& e) {
  return bottom_up(e, [](const ex& node) -> ex {
    if (!is_ex_the_function(node, log) || !is_exactly_a<add>(node.op(0)) || node.op(0).nops() != 2) return node;
    const ex sum = node.op(0);
    const ex one = sum.op(0).is_equal(1) ? sum.op(0) : sum.op(1);
    const ex other = sum.op(0).is_equal(1) ? sum.op(1) : sum.op(0);
    if (!one.is_equal(1) || !is_ex_the_function(other, exp)) return node;
    const ex w = other.op(0);
    if (lead_sign(w) > 0) return node;
    return w + log(1 + exp(-w));  // log(1 + e^w) = w + log(1 + e^-w) on the reals
  });
}

ex atomize_symbolic_powers(const ex& e, exmap& atoms) {
  const ex split = split_positive_powers(e);
  // (base, symbol) -> fresh atom T = base^symbol
  std::vector<std::pair<ex, ex>> keys;
  std::vector<ex> fresh;
  auto atom_for = [&](const ex& base, const ex& sym) -> ex {
    for (std::size_t k = 0; k < keys.size(); ++k)
      if (keys[k].first.is_equal(base) && keys[k].second.is_equal(sym)) return fresh[k];
    possymbol t("T" + std::to_string(keys.size()));
    keys.emplace_back(base, sym);
    fresh.push_back(t);
    atoms[t] = pow(base, sym);
    return t;
  };
  return bottom_up(split, [&](const ex& node) -> ex {
    if (!is_exactly_a<power>(node) || is_exactly_a<numeric>(node.op(1))) return node;
    const ex base = node.op(0);
    if (!base.info(info_flags::positive)) return node;
    ex exponent = node.op(1);
    ex coefficient = 1;
    ex sym = exponent;
    if (is_exactly_a<mul>(exponent)) {
      const ex c = exponent.op(exponent.nops() - 1);
      if (is_exactly_a<numeric>(c)) {
        coefficient = c;
        sym = exponent / c;
      }
    }
    if (!is_a<symbol>(sym)) return node;
    return pow(atom_for(base, sym), coefficient);  // b^(c*s) -> T^c with T = b^s
  });
}

ex normal_with_power_atoms(const ex& e) {
  exmap atoms;
  const ex atomized = atomize_symbolic_powers(e, atoms);
  return atomized.normal().subs(atoms);
}

namespace {

bool is_transcendental_factor(const ex& f) {
  if (is_exp(f) || is_ex_the_function(f, erf) || is_ex_the_function(f, erfc)) return true;
  return is_exactly_a<power>(f) && is_exactly_a<numeric>(f.op(1)) &&
         (is_ex_the_function(f.op(0), erf) || is_ex_the_function(f.op(0), erfc));
}

}  // namespace

namespace {

struct ReadableArguments : public map_function {
  ex operator()(const ex& e) override {
    const ex mapped = e.map(*this);
    if (!(is_exp(mapped) || is_ex_the_function(mapped, erf) || is_ex_the_function(mapped, erfc))) return mapped;
    ex argument = mapped.op(0).normal();
    try {
      argument = factor(argument);
    } catch (const std::exception&) {  // factor() accepts polynomials over Q only: keep the normal form
    }
    if (is_exp(mapped)) return exp(argument);
    return is_ex_the_function(mapped, erf) ? erf(argument) : erfc(argument);
  }
};

}  // namespace

ex readable_arguments(const ex& e) {
  ReadableArguments readable;
  return readable(e);
}

ex collect_transcendentals(const ex& e) {
  const ex expanded = merge_exponentials(e.expand());
  std::vector<ex> kernels;
  std::vector<ex> coefficients;
  for (const ex& term : terms_of(expanded)) {
    ex kernel = 1;
    ex coefficient = 1;
    for (const ex& f : factors_of(term)) (is_transcendental_factor(f) ? kernel : coefficient) *= f;
    bool merged = false;
    for (std::size_t k = 0; k < kernels.size() && !merged; ++k) {
      if (kernels[k].is_equal(kernel)) {
        coefficients[k] += coefficient;
        merged = true;
      }
    }
    if (!merged) {
      kernels.push_back(kernel);
      coefficients.push_back(coefficient);
    }
  }
  ex result = 0;
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    ex coefficient = coefficients[k].normal();
    try {
      coefficient = factor(coefficient);
    } catch (const std::exception&) {
      // GiNaC's factor() refuses coefficients that are not polynomials over the rationals (a
      // factor pi of f under Student-t scores): the normal form stays
    }
    result += coefficient * readable_arguments(kernels[k]);
  }
  return result;
}

}  // namespace attnverify::sym
