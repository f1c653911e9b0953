#include "proofs/domain_rewrites.hpp"

#include "proofs/canonical_form.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/relu.hpp"

#include <algorithm>
#include <optional>

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// applies `rule` to every node, children first
template <class F>
ex bottom_up_map(const ex& e, F&& rule) {
  struct Mapper : public map_function {
    F& rule;
    explicit Mapper(F& r) : rule(r) {}
    ex operator()(const ex& node) override { return rule(node.map(*this)); }
  } mapper(rule);
  return mapper(e);
}

bool positive_base(const ex& b) { return b.info(info_flags::positive); }

}  // namespace

ex resolve_signed_switches(const ex& e, const SymbolRanges& ranges, const std::vector<ex>& positive) {
  // u = c * fact with c a positive number: positive where the fact is
  const auto known_positive = [&](const ex& u) {
    for (const ex& fact : positive) {
      try {
        const ex ratio = canonical_ratio(u, fact);  // the zero test's normal form of u / fact
        if (is_exactly_a<numeric>(ratio) && ex_to<numeric>(ratio).is_positive()) return true;
      } catch (const std::exception&) {
      }
    }
    return false;
  };
  return bottom_up_map(e, [&](const ex& node) -> ex {
    const bool relu_call = is_ex_the_function(node, relu), step_call = is_ex_the_function(node, step),
               abs_call = is_ex_the_function(node, abs);
    if (!relu_call && !step_call && !abs_call) return node;
    const ex u = node.op(0);
    if (known_positive(u)) return step_call ? ex(1) : u;
    const Range r = enclose(u, ranges);
    if (step_call) return r.positive() ? ex(1) : r.negative() ? ex(0) : node;
    if (r.nonnegative()) return u;  // relu(u) = |u| = u for u >= 0
    if (r.nonpositive()) return relu_call ? ex(0) : -u;
    // positive homogeneity: factors of u that are positive on the whole domain come out,
    // relu(p v) = p relu(v), |p v| = p |v|, step(p v) = step(v) for p > 0 (relu(gamma beta))
    if (is_exactly_a<mul>(u)) {
      ex positive_part = 1, rest = 1;
      for (const ex& f : u) (enclose(f, ranges).positive() ? positive_part : rest) *= f;
      if (!positive_part.is_equal(1)) {
        const ex inner = step_call ? step(rest) : relu_call ? relu(rest) : abs(rest);
        return step_call ? inner : positive_part * inner;
      }
    }
    return node;
  });
}

ex even_powers_of_negative_numbers(const ex& e, const std::vector<ex>& integers) {
  // p is a polynomial in the integer symbols with integer coefficients
  const auto integer_valued = [&](const ex& p) {
    const ex expanded = p.expand();
    for (const ex& term : terms_of(expanded)) {
      ex coefficient = term;
      for (const ex& v : integers) coefficient = coefficient.subs(v == 1);
      if (!coefficient.info(info_flags::integer)) return false;
      for (const ex& f : factors_of(term))
        if (!is_exactly_a<numeric>(f)) {
          const ex base = is_exactly_a<power>(f) ? f.op(0) : f;
          const bool is_integer_symbol =
              std::any_of(integers.begin(), integers.end(), [&](const ex& v) { return v.is_equal(base); });
          if (!is_integer_symbol || (is_exactly_a<power>(f) && !f.op(1).info(info_flags::posint))) return false;
        }
    }
    return true;
  };
  return bottom_up_map(e, [&](const ex& node) -> ex {
    if (!is_exactly_a<power>(node) || !is_exactly_a<numeric>(node.op(0)) || !ex_to<numeric>(node.op(0)).is_negative() ||
        is_exactly_a<numeric>(node.op(1)))
      return node;
    const ex c = -node.op(0), exponent = node.op(1);
    if (integer_valued(exponent / 2)) return pow(c, exponent);
    if (integer_valued((exponent - 1) / 2)) return -pow(c, exponent);
    return node;
  });
}

ex exp_log_as_powers(const ex& e, const std::function<bool(const ex&)>& positive) {
  const auto positive_log_base = [&](const ex& b) { return positive_base(b) || (positive && positive(b)); };
  return bottom_up_map(e, [&](const ex& node) -> ex {
    // hyperbolic functions of a logarithm through exp: tanh(-n log(lambda)/2) = (1 - lambda^n)/(1 + lambda^n)
    if ((is_ex_the_function(node, tanh) || is_ex_the_function(node, cosh) || is_ex_the_function(node, sinh)) &&
        node.op(0).has(log(wild()))) {
      const ex u = node.op(0);
      const ex as_exp = is_ex_the_function(node, tanh) ? (exp(2 * u) - 1) / (exp(2 * u) + 1)
                        : is_ex_the_function(node, cosh) ? (exp(u) + exp(-u)) / 2
                                                         : (exp(u) - exp(-u)) / 2;
      return exp_log_as_powers(as_exp, positive);  // an identity; its exponentials may now become powers
    }
    if (is_ex_the_function(node, exp)) {
      // exp(sum of t_k): each t_k = c * log(b) with b > 0 and log(b) a factor once becomes b^c
      ex rest = 0, powers = 1;
      bool changed = false;
      for (const ex& term : terms_of(node.op(0).expand())) {
        std::optional<ex> base;
        ex coefficient = 1;
        for (const ex& f : factors_of(term)) {
          if (!base && is_ex_the_function(f, log) && positive_log_base(f.op(0)))
            base = f.op(0);
          else
            coefficient *= f;
        }
        if (base && coefficient.info(info_flags::real) && !coefficient.has(log(wild()))) {
          powers *= pow(*base, coefficient);
          changed = true;
        } else {
          rest += term;
        }
      }
      return changed ? powers * exp(rest) : node;
    }
    if (is_exactly_a<power>(node) && is_exactly_a<numeric>(node.op(0)) && positive_base(node.op(0)) &&
        !node.op(0).is_equal(1) && !is_exactly_a<numeric>(node.op(1))) {
      // b^(sum of t_k): t_k = w / log(b) gives exp(w)
      const ex b = node.op(0);
      ex rest = 0, exponentials = 0;
      bool changed = false;
      for (const ex& term : terms_of(node.op(1).expand())) {
        const ex w = term * log(b);
        if (!w.has(log(b)) && w.info(info_flags::real)) {
          exponentials += w;
          changed = true;
        } else {
          rest += term;
        }
      }
      return changed ? pow(b, rest) * exp(exponentials) : node;
    }
    return node;
  });
}

}  // namespace attnverify::sym
