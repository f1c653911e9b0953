#include "proofs/equivalence.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

#include "proofs/canonical_form.hpp"
#include "proofs/erf.hpp"
#include "proofs/range_enclosure.hpp"
#include "proofs/relu.hpp"
#include "proofs/trigonometric_forms.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

ex canonical_for_zero_test(const ex& e) {
  return merge_exponentials(
      split_positive_powers(orient_softplus_logs(split_logs_of_rationals(erfc_as_erf(hyperbolic_as_exp(e))))));
}

// Splits a product term into its exponential factor's argument and the rest.
void split_exponential(const ex& term, ex& argument, ex& coefficient) {
  argument = 0;
  coefficient = 1;
  for (const ex& f : factors_of(term)) {
    if (is_ex_the_function(f, exp))
      argument += f.op(0);
    else
      coefficient *= f;
  }
}

// Replaces every radical of a sum, A^(p/q) with q > 1, by T^p where T stands for
// A^(1/q), one fresh symbol per (A, q) by structural equality. GiNaC's normal()
// handles such radicals in a way that depends on its run-dependent term order
// (measured: the direct route proved Su2023 eq. 6 in 2 of 20 runs); as independent
// symbols they make the test deterministic. Sound: it can only miss a zero.
ex atomize_radicals_of_sums(const ex& e, exmap& atoms) {
  std::vector<std::pair<ex, numeric>> keys;
  std::vector<ex> fresh;
  struct Mapper : map_function {
    std::vector<std::pair<ex, numeric>>& keys;
    std::vector<ex>& fresh;
    exmap& atoms;
    Mapper(std::vector<std::pair<ex, numeric>>& k, std::vector<ex>& f, exmap& a) : keys(k), fresh(f), atoms(a) {}
    ex operator()(const ex& node) override {
      const ex mapped = node.map(*this);
      if (!is_exactly_a<power>(mapped) || !is_exactly_a<add>(mapped.op(0)) || !is_exactly_a<numeric>(mapped.op(1)))
        return mapped;
      const numeric r = ex_to<numeric>(mapped.op(1));
      if (!r.is_rational() || r.is_integer()) return mapped;
      const ex base = mapped.op(0);
      const numeric q = r.denom();
      for (std::size_t k = 0; k < keys.size(); ++k)
        if (keys[k].first.is_equal(base) && keys[k].second == q) return pow(fresh[k], r.numer());
      symbol t("R" + std::to_string(keys.size()));
      keys.emplace_back(base, q);
      fresh.push_back(t);
      atoms[t] = pow(base, numeric(1) / q);
      return pow(t, r.numer());
    }
  } mapper(keys, fresh, atoms);
  return mapper(e);
}

// Two fixed assignments of values to every symbol of e (distinct, positive), for the
// fingerprints below.
std::pair<SymbolRanges, SymbolRanges> two_points(const ex& e) {
  SymbolRanges first, second;
  int k = 0;
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    if (!is_a<symbol>(*it) || first.count(*it)) continue;
    first[*it] = Range::point(1.3 + 0.17 * k);
    second[*it] = Range::point(0.7 + 0.29 * k);
    ++k;
  }
  return {first, second};
}

// An interval holding a(first) - a(second) (interval arithmetic, proofs/range_enclosure.hpp,
// widened outward by one rounding): two expressions whose difference is a constant have
// overlapping fingerprints, so disjoint ones certainly differ by a non-constant.
Range fingerprint(const ex& a, const std::pair<SymbolRanges, SymbolRanges>& at) {
  const Range x = enclose(a, at.first), y = enclose(a, at.second);
  Range out;
  out.lo = std::nextafter(x.lo - y.hi, -HUGE_VAL);
  out.hi = std::nextafter(x.hi - y.lo, HUGE_VAL);
  if (std::isnan(out.lo) || std::isnan(out.hi)) return Range::whole();
  return out;
}

// Replaces every exponential by a fresh symbol (recorded in atoms) when two of them have arguments
// whose ratio is a rational with a numerator or denominator above 1000: GiNaC's normal() then
// works with powers of degree about that size (exp(-b) against exp(-10^30 b/(10^30 + 1)) ran for
// minutes with gigabytes: the attack of 2026-11-30). Independent symbols can only miss a zero.
ex atomize_far_commensurate_exponentials(const ex& e, exmap& atoms) {
  std::vector<ex> arguments;
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_ex_the_function(*it, exp) && std::find_if(arguments.begin(), arguments.end(), [&](const ex& a) {
                                          return a.is_equal(it->op(0));
                                        }) == arguments.end())
      arguments.push_back(it->op(0));
  if (arguments.size() < 2 || arguments.size() > 40) return e;
  bool far = false;
  for (std::size_t i = 0; i < arguments.size() && !far; ++i)
    for (std::size_t j = i + 1; j < arguments.size() && !far; ++j) {
      const ex ratio = (arguments[i] / arguments[j]).normal();
      if (!is_exactly_a<numeric>(ratio) || !ex_to<numeric>(ratio).is_rational()) continue;
      const numeric q = ex_to<numeric>(ratio);
      far = abs(q.numer()) > 1000 || q.denom() > 1000;
    }
  if (!far) return e;
  struct Mapper : map_function {
    exmap& atoms;
    explicit Mapper(exmap& a) : atoms(a) {}
    ex operator()(const ex& node) override {
      if (!is_ex_the_function(node, exp)) return node.map(*this);
      for (const auto& [t, value] : atoms)
        if (value.is_equal(node)) return t;
      possymbol t("E" + std::to_string(atoms.size()));
      atoms[t] = node;
      return t;
    }
  } mapper(atoms);
  return mapper(e);
}

}  // namespace

ex canonical_ratio(const ex& a, const ex& b) {
  exmap atoms;
  const ex atomized = atomize_radicals_of_sums(
      atomize_far_commensurate_exponentials(atomize_symbolic_powers(canonical_for_zero_test(a / b), atoms), atoms),
      atoms);
  const ex nd = atomized.normal().numer_denom();
  return (merge_exponentials(nd.op(0).expand()) / merge_exponentials(nd.op(1).expand())).subs(atoms);
}

namespace {

// An upper bound on the number of terms of e's expansion (saturating at `cap`).
double expanded_terms(const ex& e, double cap) {
  if (is_exactly_a<add>(e)) {
    double n = 0;
    for (const ex& op : e) n = std::min(cap, n + expanded_terms(op, cap));
    return n;
  }
  if (is_exactly_a<mul>(e)) {
    double n = 1;
    for (const ex& op : e) n = std::min(cap, n * expanded_terms(op, cap));
    return n;
  }
  if (is_exactly_a<power>(e) && e.op(1).info(info_flags::posint) && is_exactly_a<numeric>(e.op(1))) {
    const double base = expanded_terms(e.op(0), cap), k = ex_to<numeric>(e.op(1)).to_double();
    return std::min(cap, std::pow(base, k));
  }
  return 1;
}

// The zero test of an expression with sin or cos, by Euler's formula (an identity for every
// complex argument): sin^2 + cos^2 = 1 and the angle-addition formulas then hold by expansion.
// The complex exponentials must not meet the real zero test's steps, which take exponentials
// for positive reals (atomize_far_commensurate_exponentials holds exp(u) as a positive symbol,
// so abs(exp(i u)) became exp(i u)): here only sums, products, integer powers and exp may hold
// a complex number, the exponentials are merged and GiNaC's normal form (exponentials as
// independent atoms) must be 0. Sound: it can only miss a zero.
bool zero_by_euler(const ex& e) {
  constexpr double kMaxTerms = 20000;  // (cos a + cos b)^64 would expand to millions of terms
  const ex rewritten = trigonometric_as_exponentials(e);
  for (const_preorder_iterator it = rewritten.preorder_begin(); it != rewritten.preorder_end(); ++it) {
    const ex& node = *it;
    if (is_exactly_a<add>(node) || is_exactly_a<mul>(node) || is_exactly_a<numeric>(node) || is_a<symbol>(node) ||
        is_ex_the_function(node, exp) || (is_exactly_a<power>(node) && node.op(1).info(info_flags::integer)))
      continue;
    if (has_complex_number(node)) return false;
  }
  if (expanded_terms(rewritten, kMaxTerms) >= kMaxTerms) return false;
  const ex merged = merge_exponentials(rewritten.expand());
  if (merged.is_zero()) return true;
  const ex normal_form = merged.normal();
  return normal_form.is_zero() || merge_exponentials(normal_form.numer().expand()).is_zero();
}

bool zero_with_real_atoms(const ex& e);

}  // namespace

bool is_identically_zero(const ex& e) {
  if (zero_with_real_atoms(e)) return true;
  return has_trigonometric(e) && zero_by_euler(e);
}

namespace {

// The zero test proper: sin and cos (if any) are opaque atoms here.
bool zero_with_real_atoms(const ex& e) {
  exmap atoms;
  const ex atomized = atomize_radicals_of_sums(
      atomize_far_commensurate_exponentials(atomize_symbolic_powers(canonical_for_zero_test(e), atoms), atoms), atoms);
  const ex normal_form = atomized.normal();
  if (normal_form.is_zero()) return true;
  const ex numerator = merge_exponentials(normal_form.numer().expand());
  if (numerator.is_zero()) return true;

  // Group by exponential factor: exponentials whose arguments differ by a
  // non-constant are linearly independent over the coefficients, so each group
  // must vanish on its own. Arguments differing by a constant c are merged
  // (exp(r + c) = exp(c) exp(r)).
  // A polynomial argument is keyed by its non-constant part, so that n such exponentials
  // are grouped in O(n log n); a rational argument can differ from a polynomial one by a
  // constant only if it is a polynomial too, so only rational arguments are compared
  // pairwise. Each group's coefficient is relative to exp(key).
  std::vector<ex> coefficients;
  std::map<ex, std::size_t, ex_is_less> polynomial_groups;
  // (argument, index into coefficients, fingerprint): normal() of the difference of two large
  // arguments took seconds (the claim fuzzer's nested exponentials, 2026-11-29), so pairs whose
  // fingerprints are disjoint are not compared
  std::vector<std::tuple<ex, std::size_t, Range>> rational_groups;
  const auto points = two_points(numerator);
  for (const ex& term : terms_of(numerator)) {
    ex argument, coefficient;
    split_exponential(term, argument, coefficient);
    argument = argument.normal();
    std::optional<std::size_t> group;
    ex offset = 0;
    if (is_exactly_a<numeric>(argument.denom())) {
      const ex expanded = argument.expand();
      const ex last = is_exactly_a<add>(expanded) ? expanded.op(expanded.nops() - 1) : expanded;
      if (is_exactly_a<numeric>(last)) offset = last;
      const auto [it, inserted] = polynomial_groups.emplace(expanded - offset, coefficients.size());
      if (!inserted) group = it->second;
    } else {
      const Range print = fingerprint(argument, points);
      for (const auto& [other, index, other_print] : rational_groups) {
        if (print.hi < other_print.lo || other_print.hi < print.lo) continue;
        const ex difference = (argument - other).normal();
        if (is_exactly_a<numeric>(difference)) {
          group = index;
          offset = difference;
          break;
        }
      }
      if (!group) rational_groups.emplace_back(argument, coefficients.size(), print);
    }
    if (group)
      coefficients[*group] += coefficient * exp(offset);
    else
      coefficients.push_back(coefficient * exp(offset));
  }
  for (const auto& c : coefficients)
    if (!merge_exponentials(c.expand()).normal().is_zero()) return false;
  return true;
}

}  // namespace

bool is_manifestly_nonnegative(const ex& e) {
  if (is_exactly_a<numeric>(e)) return ex_to<numeric>(e).is_real() && !ex_to<numeric>(e).is_negative();
  if (is_a<symbol>(e) || is_a<constant>(e)) return e.info(info_flags::nonnegative);
  if (is_ex_the_function(e, exp) || is_ex_the_function(e, erfc) || is_ex_the_function(e, relu) ||
      is_ex_the_function(e, abs) || is_ex_the_function(e, step))
    return true;
  if (is_exactly_a<power>(e)) {
    const ex exponent = e.op(1);
    if (exponent.info(info_flags::even)) return true;
    if (is_manifestly_nonnegative(e.op(0))) return true;
    // principal square root or other root of a real radicand: non-negative whenever real
    return is_exactly_a<numeric>(exponent) && !ex_to<numeric>(exponent).is_integer() &&
           ex_to<numeric>(exponent).denom().is_even();
  }
  if (is_exactly_a<mul>(e) || is_exactly_a<add>(e)) {
    for (const auto& part : e)
      if (!is_manifestly_nonnegative(part)) return false;
    return true;
  }
  return false;
}

EquivalenceProof prove_equal(const ex& claim, const ex& derived,
                             const std::function<std::optional<std::string>()>& sign_proof) {
  EquivalenceProof out;
  if (is_identically_zero(claim - derived)) {
    out.proved = true;
    out.method = "claim - derivation reduces to 0 (normal form, exponentials merged)";
    return out;
  }
  if (!is_identically_zero(pow(claim, 2) - pow(derived, 2))) return out;
  out.squares_agree = true;
  if (is_manifestly_nonnegative(claim)) {
    out.proved = out.squared = true;
    out.method = "claim^2 - derivation^2 reduces to 0 and the claim is manifestly non-negative";
    return out;
  }
  if (sign_proof) {
    if (const auto how = sign_proof()) {
      out.proved = out.squared = true;
      out.method = "claim^2 - derivation^2 reduces to 0, and the claim is non-negative: " + *how;
    }
  }
  return out;
}

}  // namespace attnverify::sym
