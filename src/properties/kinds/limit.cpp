// The property kind `limit`: lim S as p -> 0 (from above), infinity, -infinity or a finite point a
// (from below, from above, or both where the domain allows) with the other parameters fixed at the
// values of `at` (every combination). A finite point is reached along p = a -+ t, t -> 0+, so that
// it takes the same series and extrapolation as the limit at 0. Symbolic first: the derived large-n asymptotics of a
// sequence (proofs/sequence_derivation.hpp), GiNaC series (proofs/limits.hpp); an exact limit
// equal to the claimed value is proved (at the fixed values: a stated subdomain); else numeric
// extrapolation (numerics/limit_extrapolation.hpp), numeric evidence.

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
#include "proofs/piecewise.hpp"
#include "proofs/canonical_form.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/limits.hpp"
#include "proofs/norm_ratio.hpp"
#include "proofs/positivity.hpp"
#include "proofs/printing.hpp"
#include "proofs/relu.hpp"
#include "proofs/symbols.hpp"
#include "src/properties/box_proof.hpp"
#include "src/properties/exact_values.hpp"
#include "src/properties/lattice_checks.hpp"
#include "src/properties/property_box.hpp"
#include "src/properties/property_checks.hpp"
#include "src/properties/property_outcome.hpp"
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

// The highest power of the path's parameter that a finite point's series expands (above it, the
// extrapolation decides: the expansion of (1 - t)^10000 did not end in minutes).
constexpr int kMaxSeriesPower = 64;

struct LimitCheck : PropertyCheckData {
  std::string parameter;
  sym::LimitPoint to = sym::LimitPoint::Zero;  ///< Zero for every finite point, reached through t -> 0+
  /// a finite point other than "0" (0 from above, the original form): p = a + side*t, t -> 0+
  std::optional<numeric> point;
  int side = 0;  ///< with `point`: -1 from below, +1 from above, 0 from each side the domain has
  FixedValues at;      ///< the other parameters' values
  ex value;            ///< the claimed limit
  std::string value_text;
};

// The sides a finite limit point is approached from, inside the domain: -1 (from below) where
// the parameter's range holds points just below a, +1 where it holds points just above; the
// requested side only, or both that exist when none is requested ("one-sided where the domain
// requires it"). Empty when the approach leaves the domain.
std::vector<int> limit_sides(const sym::ParameterDomain& domain, const LimitCheck& c) {
  const sym::DomainVariable* v = domain_variable(domain, c.parameter);
  if (!v || !c.point) return {};
  // exactly: a point that rounds to a bound as a double (1 + 10^-20) is not at it
  const numeric& a = *c.point;
  const bool lo_finite = std::isfinite(v->range.lo), hi_finite = std::isfinite(v->range.hi);
  const bool above_lo = !lo_finite || numeric(v->range.lo) < a, at_or_above_lo = !lo_finite || numeric(v->range.lo) <= a;
  const bool below_hi = !hi_finite || a < numeric(v->range.hi), at_or_below_hi = !hi_finite || a <= numeric(v->range.hi);
  std::vector<int> sides;
  for (const int side : {-1, +1}) {
    const bool inside = side < 0 ? above_lo && at_or_below_hi : at_or_above_lo && below_hi;
    if (inside && (c.side == 0 || c.side == side)) sides.push_back(side);
  }
  return sides;
}

// Why a limit's fixed values or its approach leave the variant's domain, or "": each fixed
// value must be a point of its parameter's range (an integer for n), and the parameter must be
// able to tend to 0, infinity or -infinity there (r <= 1 cannot tend to infinity, n >= 1 not to 0
// nor to -infinity, gamma > 0 not to -infinity).
std::string limit_outside_domain(const sym::ParameterDomain& domain, const LimitCheck& c) {
  for (const auto& [name, values] : c.at) {
    const sym::DomainVariable* v = domain_variable(domain, name);
    if (!v) return "the variant's domain (" + domain.description + ") gives no range of " + name;
    for (const numeric& x : values) {
      const bool below = std::isfinite(v->range.lo) && (v->range.lo_open ? x <= numeric(v->range.lo) : x < numeric(v->range.lo));
      const bool above = std::isfinite(v->range.hi) && (v->range.hi_open ? x >= numeric(v->range.hi) : x > numeric(v->range.hi));
      if (below || above || (v->integer && !x.is_integer()))
        return name + " = " + exact_text(x) + " is not a point of the variant's domain (" + domain.description + ")";
    }
  }
  const sym::DomainVariable* p = domain_variable(domain, c.parameter);
  if (!p) return "the variant's domain (" + domain.description + ") gives no range of " + c.parameter;
  if (c.point) {
    if (p->integer) return c.parameter + " takes integer values: it has no limit at a finite point";
    if (limit_sides(domain, c).empty())
      return c.parameter + " cannot tend to " + exact_text(*c.point) +
             (c.side < 0 ? " from below" : c.side > 0 ? " from above" : "") + " inside the variant's domain (" +
             domain.description + ")";
    return "";
  }
  const bool cannot = c.to == sym::LimitPoint::Zero       ? !(p->range.lo <= 0 && p->range.hi >= 0) || p->integer
                     : c.to == sym::LimitPoint::Infinity ? std::isfinite(p->range.hi)
                                                         : std::isfinite(p->range.lo);
  if (cannot)
    return c.parameter + " cannot tend to " + sym::to_text(c.to) + " in the variant's domain (" +
           domain.description + ")";
  return "";
}

// The extrapolation of a limit at a point a evaluates S at distances 10^-1 .. 10^-kLastExponent
// (numerics/limit_extrapolation.hpp, times 10^-shift near a bound): a kink closer to a than its
// last point is never seen. Why `e` may have one there, or "": a relu, step or abs of an
// argument u in the limit's parameter p whose zero, at the fixed values, is not shown to lie
// outside 0 < side (p - a) < 10^-(kLastExponent + shift). Shown by u(a + side t) = sum c_k t^k
// (exact Taylor coefficients of a polynomial u): with c_m its lowest nonzero coefficient,
// sum_{k>m} |c_k| last^(k-m) < |c_m| keeps u(a + side t) nonzero for 0 < t <= last. An argument
// that is not a polynomial in p alone (it holds i, or exp(p)) is not shown. (An attack of
// 2026-11-30: weights 1 + step(lambda - 1/2 - 10^-50) lambda^(n-i) extrapolated to a false limit
// at lambda -> 1/2 from above.)
constexpr int kLastExponent = 40;

std::string kink_near_point(const ex& e, const ex& p, const GiNaC::lst& fixed, const numeric& a, int side, int shift) {
  const numeric last = GiNaC::pow(numeric(10), numeric(-(kLastExponent + shift)));
  for (GiNaC::const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    if (!sym::is_kinked(*it) || !it->op(0).has(p)) continue;
    const ex u = it->op(0).subs(fixed);
    const std::string kink = "the kink of " + sym::to_text(*it);
    bool alone = true;  // u has no symbol but p
    for (GiNaC::const_preorder_iterator s = u.preorder_begin(); s != u.preorder_end(); ++s)
      if (GiNaC::is_a<GiNaC::symbol>(*s) && !s->is_equal(p)) alone = false;
    if (!alone || !u.is_polynomial(p))
      return kink + " is not located (not a polynomial in " + sym::to_text(p) + " alone at the fixed values)";
    const GiNaC::symbol t("t");
    const ex taylor = GiNaC::expand(u.subs(p == a + side * t));
    std::vector<numeric> c;
    for (int k = 0; k <= taylor.degree(t); ++k) {
      const ex ck = taylor.coeff(t, k);
      if (!GiNaC::is_exactly_a<numeric>(ck)) return kink + " is not located (a coefficient is not a number)";
      c.push_back(GiNaC::ex_to<numeric>(ck));
    }
    std::size_t m = 0;
    while (m < c.size() && c[m].is_zero()) ++m;
    if (m == c.size()) continue;  // u = 0 identically along the path: no kink crossed
    numeric rest = 0;
    for (std::size_t k = m + 1; k < c.size(); ++k) rest += GiNaC::abs(c[k]) * GiNaC::pow(last, numeric(static_cast<long>(k - m)));
    if (!(rest < GiNaC::abs(c[m])))
      return kink + " may lie within 10^-" + std::to_string(kLastExponent + shift) + " of " + sym::to_text(p) + " = " +
             exact_text(a) + ", closer than the extrapolation's last point";
  }
  return "";
}

// "S -> v as n -> infinity for every lambda in (0, 1)" when the limit of the kind's derived
// asymptote in the limit's parameter (PropertyTarget::asymptote) is the claimed value identically
// in the one other parameter, whose fixed values all lie off the face (sequences: lambda < 1), and
// the asymptote's coefficient is defined on that parameter's whole range off the face (its
// conditions proved there, proofs/definedness.hpp); else "".
std::string for_every_fixed_value(const Spec& spec, const LimitCheck& c, const PropertyTarget& target) {
  if (c.to != sym::LimitPoint::Infinity || !target.asymptote || !target.face_form ||
      c.parameter != target.asymptote->parameter || c.at.size() != 1 || c.at[0].first != target.face_form->parameter)
    return "";
  const auto& face = *target.face_form;
  for (const numeric& v : c.at[0].second)
    if (v == face.value) return "";
  try {
    if (!sym::is_identically_zero(target.asymptote->limit - c.value)) return "";
  } catch (const std::exception&) {
    return "";
  }
  // the other parameter's range without the face: the domain's range with the face's end open
  const sym::ParameterDomain domain = property_domain(spec);
  const sym::DomainVariable* v = domain_variable(domain, face.parameter);
  if (!v || v->integer) return "";
  sym::ParameterDomain open;
  sym::DomainVariable range = *v;
  if (face.value.to_double() == range.range.hi) range.range.hi_open = true;
  else if (face.value.to_double() == range.range.lo) range.range.lo_open = true;
  else return "";
  open.variables = {range};
  const auto end = [](double x) {
    if (!std::isfinite(x)) return std::string(x < 0 ? "-inf" : "inf");
    return x == std::floor(x) && std::abs(x) < 1e15 ? std::to_string(static_cast<long>(x)) : fmt::format("{}", x);
  };
  const std::string lo = end(range.range.lo), hi = end(range.range.hi);
  open.description = face.parameter + " in " + (range.range.lo_open ? "(" : "[") + lo + ", " + hi +
                     (range.range.hi_open ? ")" : "]");
  for (const ex& part : {target.asymptote->coefficient, target.asymptote->power})
    for (sym::Condition condition : sym::conditions_of(part)) {
      if (condition.kind == sym::ConditionKind::Continuous) condition.kind = sym::ConditionKind::NonZero;
      try {
        if (sym::analyse_condition(condition, open).status != sym::ConditionStatus::Holds) return "";
      } catch (const std::exception&) {
        return "";
      }
    }
  return "S -> " + c.value_text + " as " + c.parameter + " -> infinity for every " + open.description;
}

PropertyOutcome check_limit(const Spec& spec, const LimitCheck& c, const PropertyTarget& target, const RunOptions& options) {
  const unsigned digits = options.digits;
  // the variant's domain, built once: the approach, the sides and the path's shift read it
  const sym::ParameterDomain domain = property_domain(spec);
  if (const std::string outside = limit_outside_domain(domain, c); !outside.empty()) {
    PropertyOutcome part;
    part.method = "none";
    part.finding = outside + ": not decided.";
    return part;
  }
  const auto& s = sym::symbols();
  const ex p = s.by_name(c.parameter);
  const bool to_zero = c.to == sym::LimitPoint::Zero;
  const bool to_infinity = c.to == sym::LimitPoint::Infinity;
  // the sides of a finite point, inside the domain ({0}: the approach to "0", infinity or -infinity)
  const std::vector<int> sides = c.point ? limit_sides(domain, c) : std::vector<int>{0};
  // the target as a proposition names it: "1 from below" where one side is taken
  const auto target_text = [&c](int side) {
    if (!c.point) return sym::to_text(c.to);
    return exact_text(*c.point) + (side < 0 ? " from below" : side > 0 ? " from above" : "");
  };
  const std::string to_text = target_text(sides.size() == 1 ? sides[0] : 0);  // the whole check's target
  // every combination of the fixed values
  std::vector<std::vector<std::pair<std::string, numeric>>> combinations{{}};
  for (const auto& [name, values] : c.at) {
    std::vector<std::vector<std::pair<std::string, numeric>>> next;
    for (const auto& partial : combinations)
      for (const numeric& v : values) {
        auto extended = partial;
        extended.emplace_back(name, v);
        next.push_back(extended);
      }
    combinations = next;
  }
  std::vector<PropertyOutcome> parts;
  // what each agreeing part established: (the limit, where, level), grouped by limit below
  std::vector<std::tuple<std::string, NamedValues, EvidenceLevel>> established;
  for (const auto& fixed : combinations)
    for (const int side : sides) {
    const std::string side_text = target_text(side);
    PropertyOutcome part;
    GiNaC::lst substitution;
    for (const auto& [name, v] : fixed) {
      substitution.append(s.by_name(name) == v);
      part.point.emplace_back(name, exact_text(v));
    }
    const NamedValues fixed_point = part.point;  // the fixed values alone, without the limit's coordinate
    // a point's coordinate "-> 1-" (from below), "-> 0" or "-> infinity" (src/report/latex_pieces.hpp)
    part.point.emplace_back(c.parameter, "-> " + (c.point ? exact_text(*c.point) + (side < 0 ? "-" : "+") : side_text));
    const std::string where = describe_point(fixed_point) + (fixed.empty() ? "" : ", ") + c.parameter + " -> " + side_text;
    // A closed form that holds on a region only (PropertyTarget::RegionalForm) is S along a
    // path whose tail lies inside it, and is used there by its series alone (the extrapolation
    // would evaluate it away from the limit, perhaps outside the region). Without a closed form
    // usable on the path, the numeric route's certified balls of S (PropertyTarget::
    // certified_value) along it are extrapolated: numeric evidence.
    // (a finite point's path is not followed into a region: its balls, where they exist, serve)
    const bool regional = !c.point && target.S.is_zero() && target.regional_form &&
                          path_tail_in_region(*target.regional_form, substitution,
                                              GiNaC::ex_to<GiNaC::symbol>(p), c.to);
    const bool by_balls = target.S.is_zero() && !regional;
    const std::string outside_region =
        by_balls && target.regional_form
            ? "the path is not shown to stay inside " + target.regional_form->region +
                  ", where S has its closed form (beyond it S does not exist)"
            : "";
    if (by_balls && !target.certified_value) {
      part.method = "none";
      part.finding = "at " + where + " " + outside_region + ": not decided.";
      parts.push_back(part);
      continue;
    }
    std::optional<ex> limit;
    std::string how;
    // on a face where S has a form of its own (sequences: lambda = 1, where the general form is
    // 0/0), that form; a limit there is exact when it does not depend on the parameter
    const auto& face = target.face_form;
    const bool on_face = face && std::any_of(fixed.begin(), fixed.end(), [&face](const auto& f) {
                           return f.first == face->parameter && f.second == face->value;
                         });
    if (to_infinity && on_face) {
      limit = GiNaC::normal(face->S.subs(substitution));
      how = "the derived " + face->parameter + " = " + exact_text(face->value) + " case is S_" + c.parameter + " = " +
            sym::to_text(*limit);
      if (limit->has(p)) limit.reset();
    } else if (to_infinity && target.asymptote && c.parameter == target.asymptote->parameter) {
      limit = target.asymptote->limit.subs(substitution);
      how = "derived asymptote S_" + c.parameter + " ~ " + sym::to_text(target.asymptote->coefficient.subs(substitution)) +
            " " + c.parameter + "^(" + sym::to_text(target.asymptote->power) + ")";
    }
    // without a closed form, a limit the kind derived from a theorem whose hypotheses it checked
    bool from_theorem = false;
    if (!limit && to_infinity && target.limit_from_theorem && c.parameter == target.limit_from_theorem->parameter) {
      limit = target.limit_from_theorem->limit.subs(substitution);
      how = "from " + target.limit_from_theorem->theorem;
      from_theorem = true;
    }
    if (limit) part.method = "symbolic asymptotics";
    const ex g = (on_face ? face->S : regional ? target.regional_form->S : target.S).subs(substitution);
    if (!limit && !by_balls) {
      // a finite point a: S along p = a + side*t, in t (written p) -> 0+; a power (a + t)^k of high
      // degree (decay at n = 10^4) is left to the extrapolation: GiNaC's series would expand it
      const ex along = c.point ? g.subs(p == *c.point + side * p) : g;
      const auto high_power = [&p](const ex& e) {
        for (GiNaC::const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
          if (GiNaC::is_exactly_a<GiNaC::power>(*it) && it->op(0).has(p) && GiNaC::is_exactly_a<numeric>(it->op(1)) &&
              GiNaC::abs(GiNaC::ex_to<numeric>(it->op(1))) > kMaxSeriesPower)
            return true;
        return false;
      };
      if (const auto series = c.point && high_power(along) ? std::nullopt
                                                           : sym::series_limit(along, GiNaC::ex_to<GiNaC::symbol>(p), c.to)) {
        part.method = "symbolic (series)";
        if (!series->finite) {
          part.verdict = Verdict::Disagree;
          part.evidence = {EvidenceLevel::SymbolicArgument,
                           "S diverges at " + where};
          part.finding = "at " + where + " S diverges (series " + series->expansion + "), not " + c.value_text + ".";
          parts.push_back(part);
          continue;
        }
        limit = series->value;
        how = "series in t = " +
              (c.point ? sym::to_text(side > 0 ? p - *c.point : *c.point - p)
                       : std::string(to_zero ? c.parameter : to_infinity ? "1/" + c.parameter : "-1/" + c.parameter)) +
              ": " + series->expansion;
      }
    }
    if (limit) {
      const double agree = agreement(*limit, c.value, digits);
      part.values = {{"limit", sym::to_text(*limit)}, {"claimed", c.value_text}};
      part.digits = agree;
      // proved when the derived limit is the claimed value exactly; a limit derived exactly but
      // compared only in floating point is a symbolic argument
      // a limit within working precision of the claim but apart from it (a ball of their difference
      // excludes 0) is not the claimed value
      const ExactComparison compared = std::isnan(agree) ? ExactComparison::Undecided : compare_exactly(*limit, c.value);
      const bool exactly = compared == ExactComparison::Equal;
      const std::string at_fixed = describe_point(fixed_point);
      const std::string lim_text = "S -> " + sym::to_text(*limit) + " as " + c.parameter + " -> " + side_text +
                                   (fixed.empty() ? "" : " at " + at_fixed);
      if (std::isnan(agree)) {
        part.finding = "at " + where + " the limit " + sym::to_text(*limit) + " could not be compared with the claim.";
      } else if (agree >= required_digits(digits) && compared != ExactComparison::Apart) {
        part.verdict = Verdict::Agree;
        part.evidence = {exactly ? (from_theorem                      ? EvidenceLevel::ProvedFromTheorem
                                    : fixed.empty() && !regional ? EvidenceLevel::ProvedWholeDomain
                                                                 : EvidenceLevel::ProvedOnSubdomain)
                                 : EvidenceLevel::SymbolicArgument,
                         exactly ? lim_text + (from_theorem ? ", from " + target.limit_from_theorem->theorem : "")
                                 : fmt::format("{}, equal to the claimed {} to {:.1f} digits", lim_text, c.value_text,
                                               agree)};
        part.finding = "at " + where + " the limit is " + sym::to_text(*limit) + " (" + how + ")" +
                       (regional ? ", S being its closed form on the path's tail, inside " + target.regional_form->region
                                 : std::string()) +
                       ".";
        established.emplace_back(exactly ? sym::to_text(*limit) : sym::to_text(*limit) + " (= " + c.value_text + " to " +
                                                                      fmt::format("{:.1f}", agree) + " digits)",
                                 fixed_point, part.evidence.level);
      } else {
        part.evidence = {EvidenceLevel::SymbolicArgument,
                         compared == ExactComparison::Apart && agree >= required_digits(digits)
                             ? fmt::format("{}, not the claimed {} (equal to {:.1f} digits, but a ball of their "
                                           "difference excludes 0)",
                                           lim_text, c.value_text, agree)
                             : fmt::format("{}, not the claimed {} ({:.1f} digits apart)", lim_text, c.value_text,
                                           agree)};
        part.verdict = Verdict::Disagree;
        const std::string exact = sym::to_text(*limit), approx = decimal(*limit, digits, kShownDigits);
        part.finding = "at " + where + " the limit is " + (exact == approx ? exact : exact + " = " + approx) +
                       ", not " + c.value_text + " (" + how + ").";
      }
      parts.push_back(part);
      continue;
    }
    if (regional && !target.certified_value) {
      part.method = "none";
      part.finding = "at " + where + " the path's tail lies inside " + target.regional_form->region +
                     ", where S has its closed form, but no series limit of that form was found: not decided.";
      parts.push_back(part);
      continue;
    }
    // numeric extrapolation: along the closed form, or the certified route's balls of S (a
    // regional form is not evaluated: the points 10^(+-k) begin away from the path's tail)
    const bool from_balls = by_balls || regional;
    part.method = from_balls ? "numeric extrapolation of the certified route's balls" : "numeric extrapolation";
    const num::AdaptiveEvaluator claimed_value(c.value, {}, digits);
    const num::Evaluation L = claimed_value({});
    if (!L.converged) {
      part.finding = "the claimed limit could not be evaluated: " + L.failure;
      parts.push_back(part);
      continue;
    }
    std::optional<num::AdaptiveEvaluator> along;
    if (!from_balls) along.emplace(g, std::vector<ex>{p}, digits);
    num::ScopedPrecision scope(num::Precision{digits}.guarded());
    const Real claimed = L.value;
    // the path's points in the properties' parameters: the fixed values, and p at `moving`
    const std::vector<std::string> names = spec.property_parameters();
    GridPoint point(names.size());
    std::size_t moving = 0;
    for (std::size_t k = 0; k < names.size(); ++k) {
      if (names[k] == c.parameter) moving = k;
      for (const auto& [fixed_name, value] : fixed)
        if (fixed_name == names[k]) point[k] = value;
    }
    // a finite point near the domain's bound on its side (gamma -> 1/20 from below, gamma > 0):
    // the path's distances are 10^-shift times the extrapolation's 10^e, so that its first point,
    // a -+ 10^(-1 - shift), lies at most half the way to the bound
    int shift = 0;
    if (c.point) {
      const sym::DomainVariable* range = domain_variable(domain, c.parameter);
      const double bound = !range ? NAN : side < 0 ? range->range.lo : range->range.hi;
      if (std::isfinite(bound)) {
        const double room = std::fabs(c.point->to_double() - bound) / 2;
        shift = room >= 1 ? 0 : room > 0 ? std::min(1000, static_cast<int>(std::ceil(-std::log10(room)))) : 1000;
      }
    }
    // a point's path must not cross a kink closer than its last point (kink_near_point): of the
    // variant's definition (a sequence's weights), and of the form extrapolated
    if (to_zero) {
      const numeric a = c.point ? *c.point : numeric(0);
      const int direction = c.point ? side : +1;
      std::string kink = kink_near_point(spec.definition, p, substitution, a, direction, shift);
      if (kink.empty() && !from_balls) kink = kink_near_point(g, p, substitution, a, direction, shift);
      if (!kink.empty()) {
        part.method = "none";
        part.finding = "at " + where + ": " + kink + ": not decided.";
        parts.push_back(part);
        continue;
      }
    }
    const num::LimitEstimate estimate = num::extrapolate_limit(
        [&](int e) {
          // the path's point: 10^e, or -10^e towards -infinity (e > 0 there)
          // (a finite point a: a + side*10^(e - shift), e < 0, inside the domain from the first point)
          const numeric step = GiNaC::pow(numeric(10), numeric(c.point ? e - shift : e));
          const numeric v = c.point ? *c.point + side * step
                                    : (c.to == sym::LimitPoint::NegativeInfinity ? -1 : 1) * step;
          if (from_balls) {
            point[moving] = v;
            const CertifiedValue value = target.certified_value(point);
            if (!value.ball || !value.ball->finite()) throw num::EvaluationError(value.not_certified);
            // the extrapolation compares values to 10^-(P-5): a wider ball ends the sequence
            if (value.ball->relative_accuracy_digits() < digits)
              throw num::EvaluationError("the certified ball of S has fewer than " + std::to_string(digits) +
                                         " correct digits");
            return Real(value.ball->midpoint_text(digits + 10));
          }
          const num::Evaluation value = (*along)({v});
          if (!value.converged) throw num::EvaluationError(value.failure);
          return value.value;
        },
        to_zero, claimed, digits, c.to == sym::LimitPoint::NegativeInfinity);
    const std::string extrapolated =
        from_balls ? " (extrapolated from the numeric route's certified balls)" : " (extrapolated)";
    // a finite point's path is in the distance |p - a| = 10^-shift 10^e, which the summary calls
    // "parameter = 10^e"
    std::string summary = estimate.summary;
    if (c.point) {
      const std::string distance =
          "|" + c.parameter + " - " + exact_text(*c.point) + "| = " + (shift == 0 ? "" : fmt::format("10^-{} * ", shift));
      for (std::size_t k = summary.find("parameter = "); k != std::string::npos; k = summary.find("parameter = ", k))
        summary.replace(k, 12, distance);
    }
    // S is positive: a last value of 0 is one that left MPFR's exponent range (or an exact 0)
    part.values = {{"last_value", estimate.last_value == 0
                                      ? std::string("0 after underflow (S > 0 there)")
                                      : num::to_decimal(estimate.last_value, kShownDigits)},
                   {"claimed", c.value_text}};
    switch (estimate.outcome) {
      case num::LimitOutcome::Reached:
      case num::LimitOutcome::PowerLaw:
        part.verdict = Verdict::Agree;
        part.evidence = {EvidenceLevel::NumericEvidence, "S -> " + c.value_text + " at " + where + extrapolated};
        established.emplace_back(c.value_text + extrapolated, fixed_point,
                                 EvidenceLevel::NumericEvidence);
        part.finding = "at " + where + " S -> " + c.value_text + ": " + summary + ".";
        break;
      case num::LimitOutcome::SettledElsewhere:
      case num::LimitOutcome::ConvergesElsewhere:  // numeric evidence: the method says extrapolation
        part.verdict = Verdict::Disagree;
        part.evidence = {EvidenceLevel::NumericEvidence,
                         "S does not tend to " + c.value_text + " at " + where + extrapolated};
        part.finding = "at " + where + " " + summary + ".";
        break;
      case num::LimitOutcome::Undecided:
        part.finding = "at " + where + ": " + (outside_region.empty() ? "" : outside_region + "; by the numeric route, ") +
                       summary + ".";
        break;
    }
    parts.push_back(part);
  }
  PropertyOutcome out = combine(parts);
  if (out.verdict == Verdict::Agree && established.size() == parts.size()) {
    // one proposition per limit value, its points listed: "S -> 0 as n -> infinity at lambda = 0.5, 0.9"
    std::vector<std::pair<std::string, std::vector<NamedValues>>> by_limit;  // limit, points
    EvidenceLevel level = EvidenceLevel::ProvedWholeDomain;
    for (const auto& entry : established) {  // a tuple, not a structured binding: clang cannot capture those
      const std::string& lim = std::get<0>(entry);
      level = weakest(level, std::get<2>(entry));
      auto it = std::find_if(by_limit.begin(), by_limit.end(), [&lim](const auto& g) { return g.first == lim; });
      if (it == by_limit.end()) by_limit.push_back({lim, {std::get<1>(entry)}});
      else if (std::find(it->second.begin(), it->second.end(), std::get<1>(entry)) == it->second.end())
        it->second.push_back(std::get<1>(entry));  // a point once, though both sides of a finite point were taken
    }
    std::string text;
    for (const auto& group : by_limit) {
      const std::string& lim = group.first;
      const std::vector<NamedValues>& points = group.second;
      // one fixed parameter: its values listed; else each point in full
      const bool one_name = std::all_of(points.begin(), points.end(), [&points](const NamedValues& p) {
        return p.size() == 1 && p[0].first == points.front().front().first;
      }) && !points.front().empty();
      std::string at;
      for (const NamedValues& p : points)
        at += (at.empty() ? (one_name ? p[0].first + " = " : "") : one_name ? ", " : "; ") +
              (one_name ? p[0].second : describe_point(p));
      text += (text.empty() ? "" : "; ") + ("S -> " + lim + " as " + c.parameter + " -> " + to_text) +
              (at.empty() ? "" : " at " + at);
    }
    // the theorem a limit rests on is part of what was established (EvidenceLevel::ProvedFromTheorem)
    if (level == EvidenceLevel::ProvedFromTheorem && target.limit_from_theorem)
      text += ", from " + target.limit_from_theorem->theorem;
    out.evidence = {level, text};
    // the derived asymptote holds off the face for every value of the other parameter (sequences:
    // S_n ~ C(lambda) n^p for every lambda in (0, 1)): where its limit is the claimed value
    // identically and C is defined on the whole range, the limit holds there, not only at the
    // fixed values
    if (const std::string every = for_every_fixed_value(spec, c, target); !every.empty()) {
      out.evidence = {EvidenceLevel::ProvedOnSubdomain, every};
      out.finding += " The same for every " + c.at[0].first + " off " + target.face_form->parameter + " = " +
                     exact_text(target.face_form->value) + ": the asymptote's limit is " +
                     sym::to_text(target.asymptote->limit) + " identically.";
    }
  }
  return out;
}


class Limit final : public PropertyKind {
 public:
  std::string name() const override { return "limit"; }
  std::shared_ptr<const PropertyCheckData> read(TomlReader& reader,
                                                const std::vector<std::string>& parameters) const override {
    auto c = std::make_shared<LimitCheck>();
    c->parameter = read_property_parameter(reader, "parameter", parameters);
    const std::string to = reader.required_string("to");
    c->to = to == "inf" ? sym::LimitPoint::Infinity : to == "-inf" ? sym::LimitPoint::NegativeInfinity : sym::LimitPoint::Zero;
    if (to != "0" && to != "0+" && to != "inf" && to != "-inf") {
      // a finite point: an exact number ("1", "-0.5", "1/2"), then "-" (from below) or "+" (from above)
      const char last = to.empty() ? ' ' : to.back();
      const bool sided = to.size() > 1 && (last == '-' || last == '+');
      const std::optional<numeric> a = exact_value(sided ? to.substr(0, to.size() - 1) : to);
      if (!a)
        reader.fail("to", "must be \"0\" (from above), \"inf\", \"-inf\" or a number, with \"-\" after it for the "
                          "limit from below and \"+\" for the limit from above (\"1-\", \"0.5+\"; \"1\" takes each "
                          "side the domain has) (found '" + to + "')");
      c->point = *a;
      c->side = !sided ? 0 : last == '-' ? -1 : +1;
    }
    c->at = read_property_at(reader, parameters);
    for (const auto& [name, values] : c->at)
      if (name == c->parameter)
        reader.fail("at", "fixes the limit's own parameter '" + name +
                              "': give the values of the other parameters only (the limit is taken in " + name + ")");
    for (const auto& name : parameters)
      if (name != c->parameter &&
          std::none_of(c->at.begin(), c->at.end(), [&](const auto& a) { return a.first == name; }))
        reader.fail("at", "missing the value of parameter '" + name + "' (the limit is taken with it fixed)");
    const auto text = reader.optional_string("value", Text::Expression);
    if (!text) reader.fail("value", "missing: the claimed limit");
    c->value_text = *text;
    c->value = parse_expression_at(reader, "value", *text, {});
    return c;
  }
  PropertyInput input() const override { return PropertyInput::DerivedS; }
  std::optional<ParameterRanges> box(const PropertyCheck&) const override { return std::nullopt; }
  PropertyOutcome check(const Spec& spec, const PropertyCheck& check, const PropertyTarget& target,
                        const RunOptions& options) const override {
    if (target.S.is_zero() && !target.regional_form && !target.certified_value) return without_closed_form(target);
    return check_limit(spec, check_data<LimitCheck>(check), target, options);
  }
};

}  // namespace

std::shared_ptr<const PropertyKind> limit_property() { return std::make_shared<Limit>(); }

}  // namespace attnverify
