// The property kind `bound`: S < bound (or <=, >, >=) on the variant's domain (or, for a
// sequence, on lambda in (0, 1) when the statement says so). Proved when (bound/S)^2 - 1 (or its
// reverse) is shown positive and the signs of bound and S are proved (proofs/positivity.hpp;
// sequences: lambda = 1 settled from S's form there for every n); else the relation at the claim
// point set, the grid, n = 1..64 (sequences) and the best points of a counterexample search, with
// the smallest relative margin (numeric evidence), a violation certified by balls where it can be.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <set>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/agreement.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/box_branch_and_bound.hpp"
#include "numerics/compiled_expression.hpp"
#include "numerics/counterexample_search.hpp"
#include "numerics/extremum_search.hpp"
#include "numerics/limit_extrapolation.hpp"
#include "proofs/canonical_form.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/limits.hpp"
#include "proofs/norm_ratio.hpp"
#include "proofs/positivity.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"
#include "src/properties/box_proof.hpp"
#include "src/properties/exact_values.hpp"
#include "src/properties/lattice_checks.hpp"
#include "src/properties/optimum_at_zero.hpp"
#include "src/properties/property_box.hpp"
#include "src/properties/property_checks.hpp"
#include "src/properties/property_outcome.hpp"
#include "src/properties/ratio_bound.hpp"
#include "src/properties/ratio_reduction.hpp"
#include "src/spec/exact_text.hpp"
#include "src/spec/property_kind.hpp"
#include "src/spec/toml_reader.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/verdicts/claim_points.hpp"

namespace attnverify {

using GiNaC::ex;
using GiNaC::numeric;
using num::Real;

namespace {

// A strict bound's relative margin at a point of the counterexample search below which the bound
// may be attained nearby: where S - bound has a minimum 0 at an irrational point, the margin grows
// as the square of the distance from it, and the search (NLopt, 600 evaluations) ends 10^-5 to
// 10^-4 away in its coordinates, with margins of 10^-12 to 10^-9 (x^2 under uniform scores,
// piecewise(2, 0, 1)); 10^-6 is taken as unresolved.
constexpr double kStrictSearchResolution = 1e-6;


enum class Relation { Less, LessOrEqual, Greater, GreaterOrEqual };

bool is_below(Relation r) { return r == Relation::Less || r == Relation::LessOrEqual; }
// The relation s r b certain for the balls s and b (every value of s against every value of b).
bool certainly_holds(Relation r, const num::Ball& s, const num::Ball& b) {
  return r == Relation::Less          ? arb_lt(s.get(), b.get())
         : r == Relation::LessOrEqual ? arb_le(s.get(), b.get())
         : r == Relation::Greater     ? arb_gt(s.get(), b.get())
                                      : arb_ge(s.get(), b.get());
}
// Its negation certain: a certified counterexample at the balls' point.
bool certainly_fails(Relation r, const num::Ball& s, const num::Ball& b) {
  return r == Relation::Less          ? arb_ge(s.get(), b.get())
         : r == Relation::LessOrEqual ? arb_gt(s.get(), b.get())
         : r == Relation::Greater     ? arb_le(s.get(), b.get())
                                      : arb_lt(s.get(), b.get());
}
bool is_strict(Relation r) { return r == Relation::Less || r == Relation::Greater; }
const char* relation_text(Relation r) {
  switch (r) {
    case Relation::Less:
      return "<";
    case Relation::LessOrEqual:
      return "<=";
    case Relation::Greater:
      return ">";
    case Relation::GreaterOrEqual:
      return ">=";
  }
  return "?";
}

struct BoundCheck : PropertyCheckData {
  Relation relation = Relation::Less;
  ex bound;
  /// where the bound is defined, as written (a divisor GiNaC cancels still counts), recorded
  /// while reading (proofs/expression_parser.hpp)
  std::vector<sym::Condition> bound_conditions;
  /// sequences: the statement is made on lambda in (0, 1), not on the domain (0, 1]
  /// (`lambda = "(0, 1)"`); its proof is then "proved on lambda in (0, 1)"
  bool excludes_lambda_one = false;
  std::string bound_text;
};

// Whether the relation of a bound holds at lambda = 1 for every n (sequences), decided from
// S's lambda = 1 form S1(n) and the bound there, symbolically in n (docs/history.md, issue 42,
// H1): the domain (0, 1] holds lambda = 1, where S's general form is 0/0.
struct AtLambdaOne {
  enum class State { Holds, Fails, Undefined, Undecided } state = State::Undecided;
  std::string text;  ///< what was shown, a sentence
  NamedValues point;
  NamedValues values;
};

AtLambdaOne bound_at_lambda_one(const BoundCheck& c, const ex& S1, unsigned digits) {
  const auto& s = sym::symbols();
  const bool below = is_below(c.relation), strict = is_strict(c.relation);
  AtLambdaOne out;
  ex B1;
  try {
    B1 = c.bound.subs(s.lambda == 1);
  } catch (const std::exception&) {
    out.state = AtLambdaOne::State::Undefined;
    out.point = {{"lambda", "1"}, {"n", "1"}};
    out.text = "At lambda = 1, a point of the domain (0, 1], the bound is not defined (a divisor vanishes), so the "
               "relation does not hold there; a statement made for lambda in (0, 1) says so with "
               "lambda = \"(0, 1)\".";
    return out;
  }
  const ex gap = below ? ex(B1 - S1) : ex(S1 - B1);  // > 0 (>= 0) is the relation
  if (sym::is_identically_zero(gap)) {
    out.state = strict ? AtLambdaOne::State::Fails : AtLambdaOne::State::Holds;
    out.text = "At lambda = 1, S = " + sym::to_text(S1) + " (S's form there) and the bound " + sym::to_text(B1) +
               " are identically equal in n, so the " + (strict ? "strict relation fails" : "relation holds") +
               " there for every n (proved: the zero test of their difference).";
    if (strict) {
      out.point = {{"lambda", "1"}, {"n", "1"}};
      const ex at1 = S1.subs(s.n == 1);
      out.values = {{"S", decimal(at1, digits, digits)}, {"bound", decimal(B1.subs(s.n == 1), digits, digits)}};
    }
    return out;
  }
  // (bound/S1)^2 - 1 > 0 (S1/bound for >) and the bound > 0 (S1 > 0) for n > 0 (a possymbol)
  try {
    const ex r = GiNaC::normal(GiNaC::pow(below ? B1 / S1 : S1 / B1, 2));
    if (sym::is_provably_positive(r - 1, {}) && sym::is_provably_positive_with_roots(below ? B1 : S1, {})) {
      out.state = AtLambdaOne::State::Holds;
      out.text = std::string("At lambda = 1, ") + (below ? "(bound/S)^2" : "(S/bound)^2") + " = " + sym::to_text(r) +
                 " with S's form there, S = " + sym::to_text(S1) + ", and (ratio - 1) > 0 and " +
                 (below ? "the bound" : "S") + " > 0 for every n > 0 by the positivity prover.";
      return out;
    }
  } catch (const std::exception&) {
  }
  // n is an integer >= 1: the relation at n = 1 exactly, and the ratio for n = 1 + m, m > 0 (a
  // possymbol: every real n > 1, so every integer n >= 2); for decay's S = 1 >= n^(-1/2), where
  // (S/bound)^2 - 1 = n - 1 is 0 at n = 1 (undecided before: the probe of 2026-11-29)
  try {
    static const GiNaC::possymbol m("m");
    const ex at_n1 = GiNaC::normal(gap.subs(s.n == 1));
    const bool holds_at_1 =
        positive_by_a_ball(at_n1) || (!strict && GiNaC::is_a<numeric>(at_n1) && GiNaC::ex_to<numeric>(at_n1).is_zero());
    const ex r = GiNaC::normal(GiNaC::pow(below ? B1 / S1 : S1 / B1, 2).subs(s.n == 1 + m));
    if (holds_at_1 && sym::is_provably_positive(r - 1, {}) &&
        sym::is_provably_positive_with_roots((below ? B1 : S1).subs(s.n == 1 + m), {})) {
      out.state = AtLambdaOne::State::Holds;
      out.text = fmt::format(
          "At lambda = 1, with S's form there, S = {}: at n = 1 S - bound = {} exactly, and for n = 1 + m, m > 0, "
          "{} = {} with (ratio - 1) > 0 and {} > 0 by the positivity prover, so the relation holds for every n.",
          sym::to_text(S1), sym::to_text(below ? ex(-at_n1) : at_n1), below ? "(bound/S)^2" : "(S/bound)^2",
          sym::to_text(r), below ? "the bound" : "S");
      return out;
    }
  } catch (const std::exception&) {
  }
  // not proved for every n: an n in [1, 64] where S's and the bound's exact values there break the
  // relation is a counterexample (exact rational arithmetic, no rounding)
  for (long n = 1; n <= 64; ++n) {
    ex at_n;
    try {
      at_n = GiNaC::normal(gap.subs(s.n == n));
    } catch (const std::exception&) {
      continue;
    }
    if (!GiNaC::is_a<numeric>(at_n) || !GiNaC::ex_to<numeric>(at_n).is_rational()) continue;
    const numeric g = GiNaC::ex_to<numeric>(at_n);
    if (g.is_positive() || (!strict && g.is_zero())) continue;
    out.state = AtLambdaOne::State::Fails;
    out.point = {{"lambda", "1"}, {"n", std::to_string(n)}};
    out.values = {{"S", decimal(S1.subs(s.n == n), digits, digits)}, {"bound", decimal(B1.subs(s.n == n), digits, digits)}};
    out.text = fmt::format("At lambda = 1 and n = {}, S = {} (S's form there) and the bound is {}, exactly, so the "
                           "relation fails there.",
                           n, sym::to_text(S1.subs(s.n == n)), sym::to_text(B1.subs(s.n == n)));
    return out;
  }
  out.text = "At lambda = 1 the relation between S = " + sym::to_text(S1) + " (S's form there) and the bound " +
             sym::to_text(B1) + " is not proved for every n.";
  return out;
}

// A point as a record names it, each coordinate exact: {"snr": "1/2", "r": "1"}.
NamedValues named_by(const std::vector<ex>& symbols, const std::vector<numeric>& point) {
  NamedValues out;
  for (std::size_t k = 0; k < point.size() && k < symbols.size(); ++k)
    out.emplace_back(sym::to_text(symbols[k]), exact_text(point[k]));
  return out;
}

// Points of a properties' domain whose parameters are not the claims' (feature maps: snr > 0,
// r in (0, 1]): every combination of small rationals and powers of ten in each range.
std::vector<ClaimPoint> property_lattice(const sym::ParameterDomain& domain) {
  const std::vector<numeric> candidates{numeric(-100), numeric(-10), numeric(-2),     numeric(-1),
                                        numeric(-1, 2), numeric(0),    numeric(1, 100), numeric(1, 10),
                                        numeric(1, 4), numeric(1, 2), numeric(3, 4),   numeric(1),
                                        numeric(2),    numeric(10),   numeric(100)};
  std::vector<std::vector<numeric>> lattice{{}};
  for (std::size_t k = 0; k < domain.variables.size(); ++k) {
    std::vector<std::vector<numeric>> next;
    for (const auto& prefix : lattice)
      for (const numeric& v : candidates) {
        auto p = prefix;
        p.push_back(v);
        next.push_back(std::move(p));
      }
    lattice = std::move(next);
  }
  std::vector<ClaimPoint> out;
  for (const auto& p : lattice) {
    if (!domain.contains(p)) continue;
    out.push_back({named_by(domain.symbols(), p), {}, p});
  }
  return out;
}

// Points beyond the claim point set where a bound is checked too (issue 42, round 6: a bound
// false only at n = 4..9, or on beta in [0.31, 0.39], agreed at the claim points): for
// sequences every n in [1, 64] at lambda in {1/10, 1/2, 9/10, 99/100, 1}; and the best points of
// a counterexample search (numerics/counterexample_search.hpp) of the relation's relative
// violation, (S - bound)/|S| for < (the reverse for >), over the claims' search region. The
// search's values are estimates; its points are judged below like every other. `violation`
// gives the relative violation at a point of the domain (nullopt where it cannot be evaluated).
// Returns the words for the finding ("" when nothing was added).
using Violation = std::function<std::optional<double>(const GridPoint&)>;
std::string bound_search_points(const Spec& spec, const BoundCheck& c, const ClaimGeometry& geometry,
                                const std::vector<ex>& symbols, const Violation& violation,
                                std::vector<ClaimPoint>& points, const num::SearchBudget& budget = {}) {
  const bool sequence = geometry.lambda_powers_in_unit_interval;
  std::size_t scanned = 0;
  if (sequence && symbols.size() == 2)
    for (const numeric& lambda : {numeric(1, 10), numeric(1, 2), numeric(9, 10), numeric(99, 100), numeric(1)})
      for (long n = 1; n <= 64; ++n) {
        const GridPoint g{lambda, numeric(n)};
        points.push_back({spec.named_point(g), {}, g});
        ++scanned;
      }
  // the search box of the properties' parameters: the claims' where they are the claims'
  const std::optional<num::SearchRegion>& property_region =
      geometry.property_domain ? geometry.property_region : geometry.region;
  const sym::ParameterDomain& domain = geometry.property_domain.value_or(geometry.domain);
  // at and beside the bound's switches (the zeros of its step, abs and relu arguments): a bound
  // may fail at one point only (step(0) = 1/2; round 8 of the attack)
  std::size_t kinks = 0;
  try {
    if (domain.variables.size() == symbols.size())
      for (const std::vector<numeric>& p : sym::kink_points(c.bound, domain)) {
        if (!domain.contains(p)) continue;
        points.push_back({named_by(symbols, p), {}, p});
        ++kinks;
      }
  } catch (const std::exception&) {
  }
  const std::string kink_text = kinks ? fmt::format("{} points at and beside the bound's switches, ", kinks) : "";
  if (!property_region || property_region->axes.size() != symbols.size()) return "";
  for (std::size_t k = 0; k < symbols.size(); ++k)
    if (property_region->axes[k].name != sym::to_text(symbols[k])) return "";
  const num::SearchRegion& region = *property_region;
  std::vector<std::vector<double>> starts;
  for (const ClaimPoint& p : points)
    if (p.rational && (!sequence || (*p.rational)[0] != 1)) {
      std::vector<double> x;
      for (const numeric& v : *p.rational) x.push_back(v.to_double());
      starts.push_back(std::move(x));
    }
  constexpr double kUnevaluated = -1e300;
  const num::SearchOutcome outcome = num::maximise_over(
      region,
      [&](const std::vector<double>& x) {
        const GridPoint p = exact_search_point(region, x);
        if (!domain.contains(p)) return kUnevaluated;
        const std::optional<double> v = violation(p);
        return v && std::isfinite(*v) ? *v : kUnevaluated;
      },
      starts, budget);
  std::size_t kept = 0;
  for (const num::Candidate& candidate : outcome.best) {
    if (candidate.objective <= kUnevaluated) break;
    const GridPoint g = exact_search_point(region, candidate.x);
    if (!domain.contains(g)) continue;
    points.push_back({named_by(symbols, g), {}, g});  // in the properties' parameters (feature maps: snr, r)
    ++kept;
  }
  return fmt::format(" (beyond the {}: {}{}{} best point{} of a search of {} evaluations over {})",
                     geometry.property_domain ? "lattice of the domain" : "claim point set and the grid",
                     scanned ? "n = 1, ..., 64 at 5 values of lambda, " : "", kink_text.empty() && !scanned ? "the " : kink_text + "and the ",
                     kept, kept == 1 ? "" : "s", outcome.evaluations, region.describe());
}

// For sequences and feature maps, where every symbol is positive (lambda and lambda's atoms in
// (0, 1), n and m > 0; snr > 0, r in (0, 1]; only those routes below call this and
// positive_by_its_factors): a polynomial whose
// expanded terms all have positive coefficients is positive (1 + lambda T, which the positivity
// prover leaves undecided).
bool positive_terms_only(const ex& e) {
  const ex expanded = GiNaC::expand(e);
  const std::vector<ex> terms =
      GiNaC::is_a<GiNaC::add>(expanded) ? std::vector<ex>(expanded.begin(), expanded.end()) : std::vector<ex>{expanded};
  const auto positive_monomial = [](const ex& t) {
    const std::vector<ex> parts = GiNaC::is_a<GiNaC::mul>(t) ? std::vector<ex>(t.begin(), t.end()) : std::vector<ex>{t};
    for (const ex& p : parts) {
      if (GiNaC::is_a<numeric>(p) && GiNaC::ex_to<numeric>(p).is_real() && GiNaC::ex_to<numeric>(p).is_positive()) continue;
      if (GiNaC::is_a<GiNaC::symbol>(p)) continue;
      if (GiNaC::is_a<GiNaC::power>(p) && GiNaC::is_a<GiNaC::symbol>(p.op(0)) && GiNaC::is_a<numeric>(p.op(1))) continue;
      return false;
    }
    return true;
  };
  return !terms.empty() && std::all_of(terms.begin(), terms.end(), positive_monomial);
}

bool positive_by_its_factors(const ex& e, const std::vector<ex>& unit, int depth = 0);

// The largest expression (in nodes, box_proof.hpp's tree_size) whose factors' signs are taken.
constexpr std::size_t kMaxFactoredNodes = 400;

// lambda and the atoms of atomize_symbolic_powers that stand for lambda^e with e > 0: the
// symbols in (0, 1) for lambda in (0, 1) that the positivity prover is given
std::vector<ex> lambda_and_its_powers(const GiNaC::exmap& atoms) {
  const ex& lambda = sym::symbols().lambda;
  std::vector<ex> unit{lambda};
  for (const auto& [atom, power] : atoms)
    if (power.op(0).is_equal(lambda) && power.op(1).info(GiNaC::info_flags::positive)) unit.push_back(atom);
  return unit;
}

// The signs of x's factors (x a product, or one factor), multiplied into `sign`; false when one
// factor's sign is not proved. A real (non-integer) power needs a base positive by its factors; a
// sum not decided whole is factored (GiNaC::factor) and its factors' signs taken.
bool factor_signs(const ex& x, const std::vector<ex>& unit, int& sign, int depth) {
  // a spec's bound is untrusted: GiNaC::factor of a large polynomial takes minutes
  // ((1 + lambda + lambda^n)^60 took 2 min), so a large expression is not taken apart
  if (depth > 6 || tree_size(x, kMaxFactoredNodes) >= kMaxFactoredNodes) return false;
  const std::vector<ex> factors = GiNaC::is_a<GiNaC::mul>(x) ? std::vector<ex>(x.begin(), x.end()) : std::vector<ex>{x};
  for (const ex& f : factors) {
    if (GiNaC::is_a<numeric>(f)) {
      const numeric v = GiNaC::ex_to<numeric>(f);
      if (!v.is_real() || v.is_zero()) return false;
      if (v.is_negative()) sign = -sign;
      continue;
    }
    ex base = f;
    numeric exponent = 1;
    if (GiNaC::is_a<GiNaC::power>(f) && GiNaC::is_a<numeric>(f.op(1))) {
      base = f.op(0);
      exponent = GiNaC::ex_to<numeric>(f.op(1));
    }
    if (!exponent.is_integer()) {  // a root of a ratio of negatives, say
      if (!positive_by_its_factors(GiNaC::normal(base), unit, depth + 1)) return false;
      continue;
    }
    const bool odd = exponent.is_odd();
    if (positive_terms_only(base) || sym::is_provably_positive(base, unit)) continue;
    if (positive_terms_only(-base) || sym::is_provably_positive(-base, unit)) {
      if (odd) sign = -sign;
      continue;
    }
    if (GiNaC::is_a<GiNaC::add>(base)) {
      const ex factored = GiNaC::factor(base);
      int inner = 1;
      if (GiNaC::is_a<GiNaC::mul>(factored) && factor_signs(factored, unit, inner, depth + 1)) {
        if (odd && inner < 0) sign = -sign;
        continue;
      }
    }
    return false;
  }
  return true;
}

// e > 0 by the signs of its factors: numerator and denominator (of GiNaC::normal's form), each
// factor positive or negative by the positivity prover (unit symbols in (0, 1), others positive)
// or by positive_terms_only, a negative one counted by its integer power; an even count of
// negatives proves e > 0. (2 lambda (T - 1)/((1 + lambda T)(lambda - 1)) for lambda, T in (0, 1):
// two negative factors, which the prover alone does not pair.) Never throws.
bool positive_by_its_factors(const ex& e, const std::vector<ex>& unit, int depth) {
  try {
    const ex rational = GiNaC::normal(e);
    int sign = 1;
    return factor_signs(GiNaC::numer(rational), unit, sign, depth) &&
           factor_signs(GiNaC::denom(rational), unit, sign, depth) && sign == 1;
  } catch (const std::exception&) {
    return false;
  }
}

// The range the statement is made on: the properties' domain, with lambda < 1 for a statement
// on lambda in (0, 1) (`lambda = "(0, 1)"`, sequences only).
sym::ParameterDomain statement_range(const ClaimGeometry& geometry, const BoundCheck& c) {
  sym::ParameterDomain range = geometry.property_domain.value_or(geometry.domain);
  if (c.excludes_lambda_one)
    for (sym::DomainVariable& v : range.variables)
      if (v.symbol.is_equal(sym::symbols().lambda)) v.range.hi_open = true;
  return range;
}

PropertyOutcome check_bound(const Spec& spec, const BoundCheck& c, const PropertyTarget& target, const RunOptions& options) {
  const ex& S = target.S;
  PropertyOutcome part;
  const unsigned digits = options.digits;
  part.method = "numeric at the claim point set, the grid and a counterexample search";
  const auto& s = sym::symbols();
  const auto symbols = parameter_symbols(spec);
  const ClaimGeometry geometry = spec.kind->claim_geometry(spec, true);
  const bool sequence = geometry.lambda_powers_in_unit_interval;
  // sequences: lambda = 1 is a point of the domain, with a form of S of its own (S1, in n),
  // unless the statement is made on lambda in (0, 1)
  const bool with_one = sequence && !c.excludes_lambda_one && target.face_form;
  const ex S1 = with_one ? target.face_form->S : ex(0);
  const num::AdaptiveEvaluator value(S, symbols, digits), bound(c.bound, symbols, digits);
  std::optional<num::AdaptiveEvaluator> value_at_one;
  if (with_one) value_at_one.emplace(S1, symbols, digits);
  // the points: the claim point set and the grid where the properties' parameters are the claims'
  // (kernels, sequences); else (feature maps: snr, r) a lattice over the properties' domain
  // (issue 42, round 7: a feature map's claim points are its cases, not points of (snr, r))
  std::vector<ClaimPoint> points;
  if (geometry.property_domain) {
    points = property_lattice(*geometry.property_domain);
    part.method = "numeric on a lattice of the domain and a counterexample search";
  } else {
    points = claim_domain(spec, options.seed_for(std::nullopt)).points;
    for (const GridPoint& g : spec.grid) points.push_back({spec.named_point(g), {}, g});
  }
  points.erase(std::remove_if(points.begin(), points.end(),
                              [&](const ClaimPoint& p) { return !p.rational || p.rational->size() != symbols.size(); }),
               points.end());
  const bool below = is_below(c.relation);
  const std::size_t first_extra = points.size();  // the points bound_search_points adds start here
  const std::string searched = bound_search_points(
      spec, c, geometry, symbols,
      [&](const GridPoint& p) -> std::optional<double> {
        try {
          const num::Evaluation a = value(p), b = bound(p);
          if (!a.converged || !b.converged) return std::nullopt;
          num::ScopedPrecision scope(std::max(a.precision, b.precision));
          return Real((below ? Real(a.value - b.value) : Real(b.value - a.value)) / abs(a.value)).convert_to<double>();
        } catch (const std::exception&) {
          return std::nullopt;
        }
      },
      points);
  // kernels whose S depends on t = beta/gamma alone, against a constant bound: the gap
  // (S_t/bound)^2 - 1 in t (src/properties/ratio_bound.hpp), once, for the proof below and for a
  // point where the bound fails, located exactly in t by Sturm's theorem and evaluated as a search
  // point (S -> 1 only as t -> infinity, or a bound 10^-27 above an irrational minimum: both agreed
  // as numeric evidence, the attack of 2026-11-29)
  const bool bound_is_constant = sym::has_no_symbol(c.bound);
  const std::optional<RatioGap> gap_in_t =
      !sequence && target.ratio_of_first_two && !target.S_on_box_only && symbols.size() == 2 && bound_is_constant
          ? ratio_gap(S, symbols, c.bound, below)
          : std::nullopt;
  if (gap_in_t)
    if (const auto at = ratio_violation_point(*gap_in_t)) points.push_back({spec.named_point(*at), {}, *at});
  Real smallest;
  bool any = false, smallest_resolved = false;
  std::size_t violations = 0, checked = 0, unresolved = 0, at_one = 0, near = 0, exactly_equal = 0;
  // a point where S equals the bound exactly (by exact substitution): a strict relation fails there
  std::optional<ClaimPoint> equal_at;
  std::string equal_value;
  std::vector<GridPoint> near_points;  // search points near where a strict bound may be attained
  std::optional<std::pair<GridPoint, bool>> violation_at;  // the first violation, and whether at lambda = 1
  std::string failure;
  // where the bound is defined, as written (a divisor GiNaC cancelled still counts): each
  // condition proved on the statement's range, or a point of it where one fails, where the
  // relation cannot hold (issue 42: a bound 0/0 at lambda = 1 was proved)
  const sym::ParameterDomain range = statement_range(geometry, c);  // feature maps: (snr, r)
  bool bound_defined = true;
  std::string bound_undefined;
  for (const sym::Condition& condition : c.bound_conditions) {
    if (condition.kind == sym::ConditionKind::Continuous) continue;  // a jump is no gap in definedness
    sym::ConditionAnalysis a;
    try {
      a = sym::analyse_condition(condition, range);
    } catch (const std::exception&) {
    }
    if (a.status == sym::ConditionStatus::Holds) continue;
    bound_defined = false;
    if (bound_undefined.empty()) bound_undefined = condition.describe();
    // a point of the range where it fails: rational, or irrational (beta = 1/sqrt(2), pi) as the
    // analysis found it exactly (its decimal then lies strictly inside the range's rational ends)
    const auto inside = [&](const std::vector<ex>& point) {
      const sym::SymbolRanges ranges = range.ranges();
      for (std::size_t k = 0; k < point.size(); ++k) {
        const ex v = GiNaC::evalf(point[k]);
        if (!GiNaC::is_a<numeric>(v) || !GiNaC::ex_to<numeric>(v).is_real()) return false;
        const double x = GiNaC::ex_to<numeric>(v).to_double();
        const auto r = ranges.find(symbols[k]);
        if (r != ranges.end() && (x < r->second.lo || x > r->second.hi)) return false;
      }
      return true;
    };
    if (a.status != sym::ConditionStatus::Violated) continue;
    const bool rational = !a.point.empty() && range.contains(a.point);
    if (!rational && !(a.point.empty() && a.exact_point.size() == symbols.size() && inside(a.exact_point))) continue;
    part.verdict = Verdict::Disagree;
    part.method = "definedness";
    if (rational)
      part.point = named_by(symbols, a.point);
    else
      for (std::size_t k = 0; k < a.exact_point.size(); ++k)
        part.point.emplace_back(sym::to_text(symbols[k]), sym::to_text(a.exact_point[k]));
    part.evidence = {EvidenceLevel::SymbolicArgument,
                     fmt::format("the bound is not defined at {} ({} fails, decided exactly), a point of {}",
                                 describe_point(part.point), condition.describe(), range.description)};
    part.finding = fmt::format(
        "The bound is not defined at {} ({} fails: {}), a point of {}, so S {} bound does not hold there{}.",
        describe_point(part.point), condition.describe(), a.how, range.description, relation_text(c.relation),
        rational && sequence && !c.excludes_lambda_one && a.point[0] == 1
            ? "; a statement made for lambda in (0, 1) says so with lambda = \"(0, 1)\""
            : "");
    return part;
  }
  // inside the search region, not within 10^-6 of its width from an end: at an end a bound is
  // approached towards infinity or the domain's end, not attained (a feature map's S < 1 + 1/snr,
  // with S <= 1, as snr grows)
  const std::optional<num::SearchRegion>& search_region =
      geometry.property_domain ? geometry.property_region : geometry.region;
  const auto inside_search_region = [&](const GridPoint& x) {
    if (!search_region || search_region->axes.size() != x.size()) return false;
    for (std::size_t k = 0; k < x.size(); ++k) {
      const num::RegionAxis& a = search_region->axes[k];
      const double v = x[k].to_double(), margin_k = 1e-6 * (a.hi - a.lo);
      if (!(v > a.lo + margin_k && v < a.hi - margin_k)) return false;
    }
    return true;
  };
  for (std::size_t index = 0; index < points.size(); ++index) {
    const ClaimPoint& p = points[index];
    const bool one = sequence && (*p.rational)[0] == 1;
    if (one && !with_one) continue;  // outside the statement's range (or no lambda = 1 form)
    const num::Evaluation a = one ? (*value_at_one)(*p.rational) : value(*p.rational), b = bound(*p.rational);
    if (!b.converged && b.not_finite) {
      // where the bound is undefined (log 0, 1/0) its conditions, analysed above, say so; a value
      // MPFR cannot hold is no such point: exp(exp(exp(10))) is finite, beyond MPFR's exponent
      // range (a false definedness disagree found in review of issue 42), so the point is not
      // evaluated, and the relation is not decided there
      failure = "the bound is not finite in MPFR at " + describe_point(p.where) +
                " (beyond its exponent range: its definedness is decided by its conditions, not there)";
      continue;
    }
    if (!a.converged || !b.converged) {
      failure = "S or the bound did not evaluate at " + describe_point(p.where);
      continue;
    }
    ++checked;
    at_one += one;
    num::ScopedPrecision scope(std::max(a.precision, b.precision));
    Real margin = (below ? Real(b.value - a.value) : Real(a.value - b.value)) / abs(a.value);
    const Real tolerance = pow(Real(10), -static_cast<int>(required_digits(digits)));
    const bool fails = margin < -tolerance;
    if (fails) ++violations;
    if (fails && !violation_at) violation_at.emplace(*p.rational, one);
    // a search point where a strict relation's margin is within the search's resolution
    // (kStrictSearchResolution): the bound may be attained nearby, so the strict relation is not
    // shown there (x^2 under uniform scores, S > 2/3 with S = 2/3 at an
    // irrational point, agreed: the attack of 2026-11-29, R4)
    const bool near_attained = index >= first_extra && is_strict(c.relation) && !fails &&
                               abs(margin) <= Real(kStrictSearchResolution) && inside_search_region(*p.rational);
    // equal at working precision: exactly equal when S and the bound substituted exactly are shown
    // equal (x^2 under Laplace scores, S = 1/sqrt(6) at beta = 0; clip(x, 0, 1) under uniform
    // scores, S = 1 where f is 1 with probability 1: undecided before, the probe of 2026-11-29)
    const bool exact = abs(margin) <= tolerance &&
                       compare_exactly_at(one ? S1 : S, c.bound, symbols, *p.rational) == ExactComparison::Equal;
    if (exact) {
      ++exactly_equal;
      if (!equal_at) {
        equal_at = p;
        equal_value = num::to_decimal(b.value, kShownDigits);
      }
      margin = 0;
    } else if (abs(margin) <= tolerance) {  // equal at working precision: the rest is rounding noise, which
      ++unresolved;                         // varies with GiNaC's term order from run to run
      margin = 0;
    } else if (near_attained) {
      ++near;
      if (near_points.size() < 8) near_points.push_back(*p.rational);
    }
    // the point shown: the first violation, else the smallest margin that is resolved (an
    // unresolved one only while no other is), as "S and the bound are equal" shows nothing
    const bool resolved = margin != 0;
    if (!any || (fails && violations == 1) ||
        (violations == 0 && (resolved != smallest_resolved ? resolved : margin < smallest))) {
      smallest = margin;
      smallest_resolved = resolved;
      any = true;
      part.point = p.where;
      // a margin within the tolerance was set to 0 above: it is not resolved, not 0
      part.values = {{"smallest relative margin",
                      margin == 0 ? std::string("not resolved (below the working tolerance)") : num::to_decimal(margin, 3)},
                     {"S", num::to_decimal(a.value, digits)},
                     {"bound", num::to_decimal(b.value, digits)}};
    }
  }
  // symbolic on lambda in (0, 1) (or the kernel's and feature map's whole domain): (bound/S)^2
  // - 1 > 0 and bound > 0 give S < bound (S/bound and S > 0 for S > bound), each sign by the
  // positivity prover (proofs/positivity.hpp); lambda^n is atomized for sequences
  // (atomize_symbolic_powers): an atom in (0, 1), as lambda in (0, 1), n > 0. lambda = 1 is
  // settled apart, from S's form there (bound_at_lambda_one).
  std::string ratio, ratio_value;
  bool proved_open = false;
  try {
    ex r = GiNaC::pow(below ? c.bound / S : S / c.bound, 2);
    std::vector<ex> unit;
    GiNaC::exmap atoms;
    // r > 1 gives |bound| > |S|; the bound > 0 (for S < bound) or S > 0 (for S > bound)
    // then gives the claim, so that side's sign is proved too
    ex side = below ? c.bound : S;
    if (sequence) {
      r = sym::atomize_symbolic_powers(r, atoms);
      side = sym::atomize_symbolic_powers(side, atoms);
      unit = lambda_and_its_powers(atoms);  // lambda^n in (0, 1) for lambda in (0, 1), n > 0
    }
    r = GiNaC::normal(r);
    if (!sequence || !r.has(s.lambda) || !r.has(s.n)) {
      // (ratio - 1) > 0 gives the strict relation, and so the non-strict one too
      proved_open = sym::is_provably_positive(r - 1, unit) && sym::is_provably_positive_with_roots(side, unit);
      if (proved_open) ratio_value = sym::to_text(r.subs(atoms));
      ratio =
          std::string(" Symbolically (") + (below ? "bound/S" : "S/bound") + ")^2 = " + sym::to_text(r.subs(atoms)) +
          (proved_open ? ", and (ratio - 1) > 0 and " + std::string(below ? "the bound" : "S") +
                             " > 0 by the positivity prover" +
                             std::string(sequence ? " for 0 < lambda < 1 (so 0 < lambda^n < 1)" : " on the domain") +
                             ", so " + std::string(below ? "bound > |S| >= S" : "S > |bound| >= bound") + " there"
                       : "") +
          ".";
    }
  } catch (const std::exception&) {
    // the symbolic proof is an extra: without it the numeric verdict stands, and the
    // finding does not claim a proof (proved stays false, ratio empty)
  }
  // sequences, where lambda and lambda^n taken as independent numbers in (0, 1) do not decide it
  // (decay's S >= n^(-1/2): (S/bound)^2 - 1 = 2 (lambda - lambda^n)/((1 - lambda)(1 + lambda^n)),
  // 0 at n = 1; the probe of 2026-11-29): n = 1 apart, exactly in lambda, and n = 1 + m for m > 0
  // (every integer n >= 2), where lambda^(1 + m) = lambda lambda^m with lambda^m in (0, 1)
  static const GiNaC::possymbol m("m");
  // (a bound whose expansion in lambda^m is large, (1 + lambda + lambda^n)^60, would take minutes
  // in GiNaC's normal and factor: the route is for bounds of a few terms)
  if (sequence && !proved_open &&
      tree_size(GiNaC::expand(c.bound.subs(s.n == 1 + m)), kMaxFactoredNodes) < kMaxFactoredNodes) try {
      const ex r = GiNaC::pow(below ? c.bound / S : S / c.bound, 2), side = below ? c.bound : S;
      const ex gap_at_1 = GiNaC::normal((below ? ex(c.bound - S) : ex(S - c.bound)).subs(s.n == 1));
      const ex r_at_1 = GiNaC::normal(r.subs(s.n == 1));
      const bool strict = is_strict(c.relation);
      const bool at_1 = (!strict && sym::is_identically_zero(gap_at_1)) ||
                        (sym::is_provably_positive(r_at_1 - 1, {s.lambda}) &&
                         sym::is_provably_positive_with_roots(side.subs(s.n == 1), {s.lambda}));
      // the side's sign for every real n > 0, as above (lambda^n an atom in (0, 1))
      GiNaC::exmap side_atoms;
      const ex side_n = sym::atomize_symbolic_powers(side, side_atoms);
      const std::vector<ex> side_unit = lambda_and_its_powers(side_atoms);
      GiNaC::exmap atoms;  // lambda^m in (0, 1) for lambda in (0, 1), m > 0
      const ex r_m = GiNaC::normal(sym::atomize_symbolic_powers(GiNaC::expand(r.subs(s.n == 1 + m)), atoms));
      const std::vector<ex> unit = lambda_and_its_powers(atoms);
      if (at_1 && !r_m.has(m) && positive_by_its_factors(GiNaC::normal(r_m - 1), unit) &&
          (sym::is_provably_positive_with_roots(side_n, side_unit) || positive_by_its_factors(side_n, side_unit))) {
        proved_open = true;
        ratio_value = sym::to_text(r_m.subs(atoms));
        ratio += fmt::format(
            " At n = 1 {}; for n = 1 + m, m > 0, ({})^2 = {} with lambda^m in (0, 1), and (ratio - 1) > 0 and {} > 0 by "
            "the signs of their factors (the positivity prover) for 0 < lambda < 1, so {} for every n >= 2.",
            sym::is_identically_zero(gap_at_1) ? "S and the bound are identically equal in lambda"
                                               : "the same ratio minus 1 is positive in lambda",
            below ? "bound/S" : "S/bound", ratio_value, below ? "the bound" : "S",
            below ? "bound > |S| >= S" : "S > |bound| >= bound");
      }
    } catch (const std::exception&) {
    }
  // feature maps: r = ||q~||_2/||q~||_1 in (0, 1], which the positivity prover takes as (0, 1),
  // with r = 1 apart, as lambda = 1 for sequences (S >= snr/sqrt(snr^2 + 1): (S/bound)^2 - 1 =
  // (1 - r^2)/(r^2 + snr^2), 0 at r = 1, was numeric evidence: the probe of 2026-11-29)
  const sym::DomainVariable* r_variable =
      geometry.property_domain ? domain_variable(*geometry.property_domain, "r") : nullptr;
  if (!proved_open && !sequence && r_variable && r_variable->range.hi == 1 && !r_variable->range.hi_open &&
      r_variable->range.lo == 0) try {
      const ex r2 = GiNaC::normal(GiNaC::pow(below ? c.bound / S : S / c.bound, 2)), side = below ? c.bound : S;
      const bool strict = is_strict(c.relation);
      // (snr and r are positive symbols: the signs of the factors, sums of positive terms included)
      const bool open_part = positive_by_its_factors(r2 - 1, {s.r}) && positive_by_its_factors(side, {s.r});
      const ex gap_at_1 = GiNaC::normal((below ? ex(c.bound - S) : ex(S - c.bound)).subs(s.r == 1));
      const bool at_1 = (!strict && sym::is_identically_zero(gap_at_1)) ||
                        (positive_by_its_factors(GiNaC::normal(r2.subs(s.r == 1)) - 1, {}) &&
                         positive_by_its_factors(side.subs(s.r == 1), {}));
      if (open_part && at_1) {
        proved_open = true;
        ratio_value = sym::to_text(r2);
        ratio += fmt::format(
            " For 0 < r < 1, ({})^2 = {}, and (ratio - 1) > 0 and {} > 0 by the positivity prover; at r = 1, {}; so {} "
            "on r in (0, 1].",
            below ? "bound/S" : "S/bound", ratio_value, below ? "the bound" : "S",
            sym::is_identically_zero(gap_at_1) ? "S and the bound are identically equal in snr"
                                               : "the same ratio minus 1 is positive in snr",
            strict ? (below ? "S < bound" : "S > bound") : (below ? "S <= bound" : "S >= bound"));
      }
    } catch (const std::exception&) {
    }
  // lambda = 1, for every n
  const AtLambdaOne one = with_one ? bound_at_lambda_one(c, S1, digits) : AtLambdaOne{};
  if (with_one) ratio += " " + one.text;
  if (with_one && (one.state == AtLambdaOne::State::Fails || one.state == AtLambdaOne::State::Undefined)) {
    // proved false (or meaningless) at lambda = 1, a point of the domain, for every n
    part.verdict = Verdict::Disagree;
    part.method = one.state == AtLambdaOne::State::Undefined ? "definedness" : "symbolic";
    part.certified = one.state == AtLambdaOne::State::Fails;  // an exact identity, not a rounding
    part.point = one.point;
    part.evidence = {one.state == AtLambdaOne::State::Undefined ? EvidenceLevel::SymbolicArgument
                                                                : EvidenceLevel::CertifiedCounterexample,
                     fmt::format("S {} bound {} at lambda = 1 (S's form there, exactly)", relation_text(c.relation),
                                 one.state == AtLambdaOne::State::Undefined ? "is undefined" : "fails")};
    if (!one.values.empty()) part.values = one.values;
    part.finding = fmt::format("S {} bound fails at lambda = 1.{}", relation_text(c.relation), ratio);
    return part;
  }
  // kernels whose S depends on t = beta/gamma alone (src/properties/ratio_bound.hpp), against a
  // constant bound: (S_t/bound)^2 - 1 (or (bound/S_t)^2 - 1) is a rational function of t with
  // rational coefficients for many kernels (x^2 under uniform scores: (5t^2 - 3)^2/(4(5t^4 + 30t^2 + 9))
  // for S >= 2/3), whose sign on the whole real line Sturm's theorem decides exactly
  // (proofs/polynomial_sign.hpp); a weak sign (zero at some t) proves a relation that is not strict
  // (the probe of 2026-11-29: both were numeric evidence)
  bool proved_weak = false;
  if (!proved_open && gap_in_t)
    if (const std::optional<RatioBound> in_t = bound_in_ratio(*gap_in_t))
      if (in_t->strict || !is_strict(c.relation)) {
        (in_t->strict ? proved_open : proved_weak) = true;
        ratio_value = sym::to_text(gap_in_t->gap + 1);
        ratio += in_t->how;
      }
  // a constant bound against S's optimum over the whole domain, at beta = 0 (src/properties/
  // optimum_at_zero.hpp): S >= S_t(0) >= bound (<= for an upper bound), with equality allowed only
  // in a relation that is not strict (abs: S >= sqrt(2/pi), equal at beta = 0, was undecided:
  // the probe of 2026-11-29)
  std::optional<OptimumAtZero> optimum;
  if (!proved_open && !proved_weak && !sequence && target.ratio_of_first_two && !target.S_on_box_only && symbols.size() == 2 &&
      bound_is_constant) {
    const std::vector<num::BoxAxis> both_sides{{-1, 1}, {1, 2}};  // beta of both signs: the whole domain
    optimum = optimum_at_zero_ratio(S, symbols, both_sides, below);
    if (optimum && optimum->level == EvidenceLevel::ProvedWholeDomain) {
      const bool strict = is_strict(c.relation);
      const bool holds = positive_by_a_ball(below ? ex(c.bound - optimum->value) : ex(optimum->value - c.bound)) ||
                         (!strict && compare_exactly(optimum->value, c.bound) == ExactComparison::Equal);
      if (holds)
        ratio += fmt::format(" Proved: {}; so S {} S(0, gamma) = {} {} {} on beta in R, gamma > 0.", optimum->how,
                             below ? "<=" : ">=", sym::to_text(optimum->value), strict ? (below ? "<" : ">")
                                                                                        : (below ? "<=" : ">="),
                             c.bound_text);
      else
        optimum.reset();
    } else {
      optimum.reset();
    }
  }
  const bool proved = (proved_open || proved_weak || optimum) && bound_defined &&
                      (!with_one || one.state == AtLambdaOne::State::Holds);
  if ((proved_open || proved_weak) && !bound_defined)
    ratio += " (No proof: the bound's definedness on the domain is not proved.)";
  // what the proof covers: the domain, or the statement's range lambda in (0, 1)
  const std::string proved_where = sequence && c.excludes_lambda_one ? "Proved on lambda in (0, 1), the statement's range."
                                                                     : "Proved on the whole domain.";
  if (!any) {
    part.finding = failure.empty() ? "no point could be evaluated" : failure;
    return part;
  }
  num::ScopedPrecision scope(digits);
  const std::string one_count = at_one ? fmt::format(" ({} of them at lambda = 1, with S's form there)", at_one) : "";
  // a strict kernel bound approached at search points: the bound may be attained at an irrational
  // t = beta/gamma (x^2 under uniform scores: S = 2/3 at beta = sqrt(3/5) gamma, where S > 2/3 was
  // undecided: the probe of 2026-11-29); exact points near them (t^2 near p/q) compared exactly
  if (!equal_at && is_strict(c.relation) && !near_points.empty() && symbols.size() == 2 &&
      symbols[0].is_equal(s.beta) && symbols[1].is_equal(s.gamma)) {
    std::size_t tried = 0;
    for (const GridPoint& x : near_points) {
      for (const std::vector<ex>& at : quadratic_irrational_candidates(x[0].to_double(), x[1].to_double())) {
        if (++tried > 48) break;
        if (compare_exactly_at(S, c.bound, symbols, at) != ExactComparison::Equal) continue;
        ClaimPoint exact_point;
        exact_point.where = {{"beta", sym::to_text(at[0])}, {"gamma", sym::to_text(at[1])}};
        equal_at = exact_point;
        equal_value = decimal(c.bound.subs(GiNaC::lst{s.beta == at[0], s.gamma == at[1]}), digits, kShownDigits);
        break;
      }
      if (equal_at) break;
    }
  }
  if (equal_at && is_strict(c.relation)) {
    // exact, not a rounding: S and the bound substituted at the point are shown equal
    part.verdict = Verdict::Disagree;
    part.certified = true;
    part.method = "exact value at a point";
    part.point = equal_at->where;
    part.values = {{"S", equal_value}, {"bound", equal_value}};
    part.evidence = {EvidenceLevel::CertifiedCounterexample,
                     fmt::format("S = bound exactly at {}, so not S {} bound", describe_point(part.point),
                                 relation_text(c.relation))};
    part.finding = fmt::format("S {} bound fails at {}: S and the bound, substituted there exactly, are equal ({}), "
                               "decided exactly (the symbolic zero test).{}",
                               relation_text(c.relation), describe_point(part.point), equal_value, ratio);
    // a strict relation proved and an exact equality: one of them is a defect of attnverify
    const bool proved_strict = (proved_open || optimum) && bound_defined && (!with_one || one.state == AtLambdaOne::State::Holds);
    return proved_strict ? conflict(part, "the symbolic proof of the strict relation") : part;
  }
  const std::string exact_note =
      exactly_equal ? fmt::format(" At {} point{} S equals the bound exactly (exact substitution), as the relation allows.",
                                  exactly_equal, exactly_equal == 1 ? "" : "s")
                    : "";
  ratio += exact_note;
  // the first violation in ball arithmetic: S's closed form (certified, as at the grid's points)
  // and the bound, disjoint balls on the wrong side a certified counterexample (it was an estimate
  // with a closed form, while the balls without one certified it: the probe of 2026-11-29)
  std::optional<std::pair<num::Ball, num::Ball>> certified_violation;
  if (violations > 0 && violation_at) try {
      const num::BallExpression S_ball(violation_at->second ? S1 : S, symbols), B_ball(c.bound, symbols);
      const num::BallEvaluation a = num::evaluate_to_accuracy(S_ball, violation_at->first, digits, 128),
                                b = num::evaluate_to_accuracy(B_ball, violation_at->first, digits, 128);
      if (a.value.finite() && b.value.finite() && certainly_fails(c.relation, a.value, b.value))
        certified_violation.emplace(a.value, b.value);
    } catch (const std::exception&) {
    }
  if (certified_violation) {
    part.verdict = Verdict::Disagree;
    part.certified = true;
    part.method = "certified balls at a point";
    part.point = spec.named_point(violation_at->first);
    part.values = {{"S", ball_text(certified_violation->first)}, {"bound", ball_text(certified_violation->second)}};
    part.evidence = {EvidenceLevel::CertifiedCounterexample,
                     fmt::format("not S {} bound at {}", relation_text(c.relation), describe_point(part.point))};
    part.finding = fmt::format("Certified counterexample: at {} S = {} (its closed form) and the bound is {} (balls), so "
                               "not S {} bound; it fails at {} of {} points{}.{}",
                               describe_point(part.point), ball_text(certified_violation->first),
                               ball_text(certified_violation->second), relation_text(c.relation), violations, checked,
                               one_count, ratio);
  } else if (violations > 0) {
    part.verdict = Verdict::Disagree;
    part.evidence = {EvidenceLevel::NumericEvidence, fmt::format("S {} bound fails at {} (estimated, {} of {} points)",
                                                                 relation_text(c.relation), describe_point(part.point), violations,
                                                                 checked)};
    part.finding = fmt::format("S {} bound fails at {} of {} points{}, e.g. at {} (S = {}, bound = {}).{}", relation_text(c.relation),
                               violations, checked, one_count, describe_point(part.point),
                               num::rounded_decimal(part.values[1].second, 12), num::rounded_decimal(part.values[2].second, 12), ratio);
  } else if (proved) {
    part.verdict = Verdict::Agree;
    // what decides: the proved ratio, then the numbers at the point shown
    // (sequences: the ratio of S's general form, proved for 0 < lambda < 1; lambda = 1 apart)
    if (optimum)
      part.values.insert(part.values.begin(), {below ? "supremum_at_beta_0" : "infimum_at_beta_0", sym::to_text(optimum->value)});
    else
      part.values.insert(part.values.begin(),
                         {std::string(below ? "bound_over_S_squared" : "S_over_bound_squared") +
                              (sequence ? "_for_lambda_below_1" : ""),
                          ratio_value});
    // a proof on the statement's range lambda in (0, 1), or on the whole domain
    part.method = sequence && c.excludes_lambda_one ? "symbolic on lambda in (0, 1)" : "symbolic";
    part.evidence = {sequence && c.excludes_lambda_one ? EvidenceLevel::ProvedOnSubdomain : EvidenceLevel::ProvedWholeDomain,
                     sequence && c.excludes_lambda_one
                         ? fmt::format("S {} bound for lambda in (0, 1) and every n, the statement's range", relation_text(c.relation))
                         : fmt::format("S {} bound on {}", relation_text(c.relation), range.description)};
    // a point where S and the bound agree to working precision does not show the relation
    // numerically: only the others are counted for it (the proof covers them all)
    part.finding = unresolved == 0
                       ? fmt::format("{}{} Numerically S {} bound at all {} points{}.", proved_where, ratio, relation_text(c.relation),
                                     checked, one_count)
                       : fmt::format(
                             "{}{} Numerically S {} bound at {} of {} points{}; at the other {} S and the bound "
                             "agree to working precision (margin below 10^-{}), so there the numbers cannot show "
                             "the relation, which the proof covers.",
                             proved_where, ratio, relation_text(c.relation), checked - unresolved, checked, one_count, unresolved,
                             static_cast<int>(required_digits(digits)));
  } else if (!failure.empty()) {
    part.finding = failure;
  } else if (!bound_defined) {
    // no agree on an assumption not checked: where the bound is not defined the relation fails
    part.finding = fmt::format(
        "No point of the {} checked{} breaks S {} bound, but the bound's definedness on {} is not proved ({} is "
        "not shown there), and where it is not defined the relation does not hold.",
        checked, one_count, relation_text(c.relation), range.description, bound_undefined);
  } else if (unresolved > 0) {
    part.finding = fmt::format(
        "No symbolic proof, and at {} of {} points{} S and the bound are equal at working precision, so the "
        "relation is undecided there.{}",
        unresolved, checked, one_count, ratio);
  } else if (near > 0) {
    part.finding = fmt::format(
        "No symbolic proof, and at {} of the search's points the strict bound's relative margin is below {:g}, where "
        "the bound may be attained nearby (at an irrational point no finite set of points holds), so the strict "
        "relation is undecided; S {} bound at the other points.{}",
        near, kStrictSearchResolution, relation_text(c.relation), ratio);
  } else {
    part.verdict = Verdict::Agree;
    part.evidence = {EvidenceLevel::NumericEvidence,
                     fmt::format("S {} bound at {} points{}{}", relation_text(c.relation), checked, one_count, searched)};
    part.finding = fmt::format("S {} bound at all {} points{}{}; the smallest relative margin is {} at {}.{}",
                               relation_text(c.relation), checked, one_count, searched,
                               smallest == 0 ? std::string("below the working tolerance (not resolved)")
                                             : num::to_decimal(smallest, 4),
                               describe_point(part.point), ratio);
  }
  return part;
}


// Whether S exists at `p` as far as the target knows: inside its regional form's region (each
// condition > 0 by a ball at the exact point; a point the balls do not decide is left out), or
// anywhere when S's closed form, if any, holds on the whole domain.
bool inside_known_region(const PropertyTarget& target, const std::vector<ex>& symbols, const GridPoint& p) {
  if (!target.regional_form) return true;
  GiNaC::exmap at;
  for (std::size_t k = 0; k < symbols.size() && k < p.size(); ++k) at[symbols[k]] = p[k];
  for (const ex& condition : target.regional_form->positive)
    if (!positive_by_a_ball(condition.subs(at))) return false;
  return true;
}

// Without a closed form: the numeric route's certified balls of S (PropertyTarget::
// certified_value) against balls of the bound at the points where the route with a closed form
// checks it: the claim point set and the grid (feature maps: a lattice of the properties'
// domain), and the best points of a counterexample search on the balls' midpoints (a smaller
// budget: each evaluation is the certified route); lambda = 1 left out for a statement on lambda
// in (0, 1), and points outside a regional form's region left out (S may not exist there). A
// point where the balls are certainly on the wrong side is a certified counterexample; the
// relation certain at every point is numeric evidence at those points; a point where the balls
// do not decide, or S has no ball, leaves the check undecided. (Before, the claim point set
// alone: sigmoid's false S > 1/2 agreed while the grid certified S(-5, 3) = 0.403; the probe of
// 2026-11-29.)
PropertyOutcome check_bound_on_balls(const Spec& spec, const BoundCheck& c, const PropertyTarget& target,
                                     const RunOptions& options) {
  PropertyOutcome part;
  part.method = "certified balls at points";
  const auto names = spec.property_parameters();
  const auto symbols = parameter_symbols(spec);
  const ClaimGeometry geometry = spec.kind->claim_geometry(spec, true);
  std::vector<ClaimPoint> points;
  std::string point_set;
  if (geometry.property_domain) {
    points = property_lattice(*geometry.property_domain);
    point_set = "a lattice of " + geometry.property_domain->description;
  } else {
    const ClaimDomain domain = claim_domain(spec, options.seed_for(std::nullopt));
    points = domain.points;
    for (const GridPoint& g : spec.grid) points.push_back({spec.named_point(g), {}, g});
    point_set = domain.description + " and the grid";
  }
  points.erase(std::remove_if(points.begin(), points.end(),
                              [&](const ClaimPoint& p) {
                                return !p.rational || p.rational->size() != names.size() ||
                                       !inside_known_region(target, symbols, *p.rational);
                              }),
               points.end());
  std::optional<num::BallExpression> bound;
  try {
    bound.emplace(c.bound, symbols);
  } catch (const std::exception& err) {
    part.finding = std::string("the bound does not compile in ball arithmetic (") + err.what() + "): not decided.";
    return part;
  }
  const std::string statement = std::string("S ") + relation_text(c.relation) + " " + c.bound_text;
  // where the bound is defined as written (a divisor GiNaC cancelled still counts): proved on the
  // statement's range, else not decided here (the route with a closed form finds its bad points)
  const sym::ParameterDomain range = statement_range(geometry, c);
  if (const std::optional<sym::Condition> unproved = sym::first_unproved(c.bound_conditions, range)) {
    part.finding = "No closed form, and the bound is not shown defined on " + range.description + " (" +
                   unproved->describe() + "): not decided.";
    return part;
  }
  // the search's objective: the relation's relative violation at the balls' midpoints; after
  // kMaxPointsWithoutBall points without a ball it stops asking (each failure can take seconds)
  const bool below = is_below(c.relation);
  std::size_t search_failures = 0;
  const std::size_t first_extra = points.size();  // the points bound_search_points adds start here
  const std::string searched = bound_search_points(
      spec, c, geometry, symbols,
      [&](const GridPoint& p) -> std::optional<double> {
        if (search_failures >= kMaxPointsWithoutBall || !inside_known_region(target, symbols, p)) return std::nullopt;
        const CertifiedValue S = target.certified_value(p);
        const num::BallEvaluation B = num::evaluate_to_accuracy(*bound, p, options.digits, 128);
        if (!S.ball || !S.ball->finite() || !B.value.finite()) {
          ++search_failures;
          return std::nullopt;
        }
        // in MPFR, not in doubles: a relative violation of 10^-20 vanishes in s - b for s, b ~ 1/2
        // (sigmoid's S >= e^(-gamma^2/2) (1 + 10^-20) agreed: the attack of 2026-11-29, R3)
        num::ScopedPrecision wide(num::Precision{options.digits}.guarded());
        const num::Real s(S.ball->midpoint_text(options.digits + 5)), b(B.value.midpoint_text(options.digits + 5));
        return num::Real((below ? num::Real(s - b) : num::Real(b - s)) / abs(s)).convert_to<double>();
      },
      points, num::SearchBudget{60, 2, 25});
  const auto lambda_at = std::find(names.begin(), names.end(), "lambda");
  std::size_t held = 0, without = 0;
  std::string undecided;
  std::size_t skipped = 0;  // search points where S is within its ball's radius of the bound
  std::size_t exactly_equal = 0;  // points where the regional form equals the bound exactly
  for (std::size_t index = 0; index < points.size(); ++index) {
    const ClaimPoint& point = points[index];
    if (!point.rational || point.rational->size() != names.size()) continue;
    if (c.excludes_lambda_one && lambda_at != names.end() &&
        (*point.rational)[static_cast<std::size_t>(lambda_at - names.begin())] == 1)
      continue;
    const CertifiedValue S = target.certified_value(*point.rational);
    const num::BallEvaluation B = num::evaluate_to_accuracy(*bound, *point.rational, options.digits, 128);
    if (!S.ball || !S.ball->finite() || !B.value.finite()) {
      // a route that fails at a few points fails at most (each failure can take seconds)
      if (++without == kMaxPointsWithoutBall) break;
      if (undecided.empty())
        undecided = "at " + describe_point(point.where) +
                    (!S.ball || !S.ball->finite() ? " the numeric route gives no certified ball of S (" + S.not_certified + ")"
                                                  : std::string(" the bound has no finite ball"));
      continue;
    }
    const bool holds = certainly_holds(c.relation, *S.ball, B.value);
    const bool fails = certainly_fails(c.relation, *S.ball, B.value);
    if (fails) {
      part.verdict = Verdict::Disagree;
      part.certified = true;
      part.method = "certified balls at a point";
      part.point = point.where;
      part.values = {{"S", ball_text(*S.ball)}, {"bound", ball_text(B.value)}};
      part.evidence = {EvidenceLevel::CertifiedCounterexample,
                       "not " + statement + " at " + describe_point(point.where)};
      part.finding = fmt::format("Certified counterexample: at {} S = {} and the bound is {} (balls of the numeric "
                                 "route and of the bound), so not {}.",
                                 describe_point(point.where), ball_text(*S.ball), ball_text(B.value), statement);
      return part;
    }
    // balls that straddle: inside a regional form's region (the points are), S and the bound
    // substituted exactly may be shown equal (clip(x, 0, 1) under uniform scores: S = 1 where f
    // is 1 with probability 1; the probe of 2026-11-29)
    if (!holds && target.regional_form &&
        compare_exactly_at(target.regional_form->S, c.bound, symbols, *point.rational) == ExactComparison::Equal) {
      if (is_strict(c.relation)) {
        part.verdict = Verdict::Disagree;
        part.certified = true;
        part.method = "exact value at a point";
        part.point = point.where;
        part.values = {{"S", ball_text(*S.ball)}, {"bound", ball_text(B.value)}};
        part.evidence = {EvidenceLevel::CertifiedCounterexample,
                         "S = bound exactly at " + describe_point(point.where) + ", so not " + statement};
        part.finding = fmt::format("Counterexample: at {}, inside {} where S has its closed form, S and the bound "
                                   "substituted exactly are equal (the symbolic zero test; balls {} and {}), so not {}.",
                                   describe_point(point.where), target.regional_form->region, ball_text(*S.ball),
                                   ball_text(B.value), statement);
        return part;
      }
      ++held;
      ++exactly_equal;
      continue;
    }
    if (holds) {
      ++held;
    } else if (index >= first_extra && !is_strict(c.relation)) {
      // a point the search drove to where S and the bound are equal within the balls' radius
      // (10^-(P-5)): no violation is shown there, and a non-strict relation may hold with equality
      // (S <= 1 for sigmoid, approached as gamma -> 0), so it neither holds nor fails; not counted
      ++skipped;
    } else if (undecided.empty()) {
      undecided = "at " + describe_point(point.where) + " the balls of S (" + ball_text(*S.ball) + ") and of the bound (" +
                  ball_text(B.value) + ") do not decide the relation";
    }
  }
  if (!undecided.empty() || held == 0) {
    part.finding = "No closed form; by the numeric route's certified balls " +
                   (undecided.empty() ? std::string("no point of the claim point set was checked") : undecided) +
                   fmt::format(" ({} points hold): not decided.", held);
    return part;
  }
  part.verdict = Verdict::Agree;
  part.evidence = {EvidenceLevel::NumericEvidence, statement + fmt::format(" at {} points of {}{}", held, point_set, searched)};
  part.finding = fmt::format("No closed form; {} holds at all {} points of {}{} by the numeric route's certified balls "
                             "(numeric evidence: nothing is shown between them){}.",
                             statement, held, point_set, searched,
                             skipped ? fmt::format("; at {} more point{} of the search S and the bound are equal within "
                                                   "the balls' radius, which neither shows the relation nor refutes it",
                                                   skipped, skipped == 1 ? "" : "s")
                                     : std::string()) +
                 (exactly_equal ? fmt::format(" At {} of the points S equals the bound exactly (its closed form inside "
                                              "{}, substituted exactly), as the relation allows.",
                                              exactly_equal, target.regional_form->region)
                                : std::string());
  return part;
}

// S <= c for a constant c >= 1 (S < c for c > 1) from the definition alone: every variant's S is
// a sparsity E|a| / sqrt(E a^2) of its weights (a kernel's, a sequence's, a feature map's, a
// vector's), and Cauchy-Schwarz gives E|a| <= sqrt(E a^2), so S <= 1 wherever S exists (a law's
// region: docs/spec-format.md). c >= 1 is decided exactly (equal to 1 by the zero test, above it
// by a ball), and the bound must be defined as written on the statement's range (2 + 0/(r - 1/3)
// is 2 to GiNaC, but undefined at r = 1/3, where the relation does not hold: tests/round4/
// r8_feature_map_bounds.toml). nullopt when the rule does not apply. (A true S <= 1 under a kernel that makes S
// equal 1 on a whole region, clip(x, 0, 1) under uniform scores, was undecided: the probe of
// 2026-11-29.)
std::optional<PropertyOutcome> bound_by_cauchy_schwarz(const Spec& spec, const BoundCheck& c,
                                                       const PropertyTarget& target) {
  if (!is_below(c.relation)) return std::nullopt;
  if (!sym::has_no_symbol(c.bound)) return std::nullopt;
  try {
    if (sym::first_unproved(c.bound_conditions, statement_range(spec.kind->claim_geometry(spec, true), c)))
      return std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
  const bool above_one = positive_by_a_ball(c.bound - 1);
  const bool one = !above_one && compare_exactly(c.bound, 1) == ExactComparison::Equal;
  if (!above_one && !(one && !is_strict(c.relation))) return std::nullopt;
  PropertyOutcome part;
  part.verdict = Verdict::Agree;
  part.method = "theorem (Cauchy-Schwarz)";
  const bool everywhere = !target.regional_form && !target.S.is_zero();
  const std::string where = target.regional_form ? " where S exists (" + target.regional_form->region + ")"
                            : everywhere        ? " on the whole domain"
                                                : " wherever S exists";
  part.evidence = {everywhere ? EvidenceLevel::ProvedWholeDomain : EvidenceLevel::ProvedOnSubdomain,
                   "S " + std::string(relation_text(c.relation)) + " " + c.bound_text + where};
  part.values = {{"bound", c.bound_text}};
  part.finding = fmt::format("Proved{}: S = E|a| / sqrt(E a^2) <= 1 by the Cauchy-Schwarz inequality (E|a| <= "
                             "sqrt(E a^2)), and 1 {} {} ({}).",
                             where, one ? "=" : "<", c.bound_text,
                             one ? "the symbolic zero test" : "a ball of the bound minus 1 lies above 0");
  return part;
}

class Bound final : public PropertyKind {
 public:
  std::string name() const override { return "bound"; }
  std::shared_ptr<const PropertyCheckData> read(TomlReader& reader,
                                                const std::vector<std::string>& parameters) const override {
    auto c = std::make_shared<BoundCheck>();
    const std::string relation = reader.required_string("relation");
    const std::vector<std::pair<std::string, Relation>> relations{
        {"<", Relation::Less}, {"<=", Relation::LessOrEqual}, {">", Relation::Greater}, {">=", Relation::GreaterOrEqual}};
    const auto found = std::find_if(relations.begin(), relations.end(), [&](const auto& r) { return r.first == relation; });
    if (found == relations.end()) reader.fail("relation", "must be one of < <= > >= (found '" + relation + "')");
    c->relation = found->second;
    c->bound_text = reader.required_string("bound", Text::Expression);
    sym::ParsedExpression parsed = parse_with_conditions_at(reader, "bound", c->bound_text, parameters);
    c->bound = parsed.value;
    c->bound_conditions = std::move(parsed.conditions);
    // the range of lambda the statement is made on (sequences): the domain (0, 1], or (0, 1)
    // for a statement that excludes lambda = 1 (docs/spec-format.md, "Properties")
    if (const auto range = reader.optional_string("lambda")) {
      if (std::find(parameters.begin(), parameters.end(), "lambda") == parameters.end())
        reader.fail("lambda", "only a sequence's bound has a range of lambda (parameters of this variant: " +
                                  joined_names(parameters) + ")");
      if (*range != "(0, 1)" && *range != "(0, 1]")
        reader.fail("lambda", "must be \"(0, 1]\" (the domain, the default) or \"(0, 1)\" (found '" + *range + "')");
      c->excludes_lambda_one = *range == "(0, 1)";
    }
    return c;
  }
  PropertyInput input() const override { return PropertyInput::DerivedS; }
  std::optional<ParameterRanges> box(const PropertyCheck&) const override { return std::nullopt; }
  PropertyOutcome check(const Spec& spec, const PropertyCheck& check, const PropertyTarget& target,
                        const RunOptions& options) const override {
    if (auto theorem = bound_by_cauchy_schwarz(spec, check_data<BoundCheck>(check), target)) return *theorem;
    if (target.S.is_zero() && target.certified_value)
      return check_bound_on_balls(spec, check_data<BoundCheck>(check), target, options);
    if (target.S.is_zero()) return without_closed_form(target);
    return check_bound(spec, check_data<BoundCheck>(check), target, options);
  }
};

}  // namespace

std::shared_ptr<const PropertyKind> bound_property() { return std::make_shared<Bound>(); }

}  // namespace attnverify
