// The property kinds `infimum` and `supremum` of S over a box: the claimed value (located by a
// grid search and golden-section refinement at P + 10 digits, numerics/extremum_search.hpp;
// coordinates within 1e-10 of a rational with denominator <= 12 snapped and the value there
// computed exactly, then S >= value (<=) certified on the box by Arb branch-and-bound,
// src/properties/box_proof.hpp) or a strict bound (greater_than, less_than) certified on the box.
// Without a closed form a value or a strict bound is decided by a search on the certified balls
// of S (extremum_value_on_balls below: the lattice of src/properties/lattice_checks.hpp, then
// golden-section towards the optimum).

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
#include "proofs/definedness.hpp"
#include "proofs/domain_rewrites.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/half_line_sign.hpp"
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

/// Extrema: a numeric infimum or supremum is reported as the rational p/q with
/// q <= kSnapDenominator when it lies within kSnapRelTol (relative) of it, so that a
/// claimed rational extremum (such as 1/2) can be compared exactly.
constexpr long kSnapDenominator = 12;
constexpr double kSnapRelTol = 1e-10;
/// Extrema without an exact optimum: golden-section brackets each coordinate of the optimum to
/// about 0.618^90 ~ 1.6e-19 of a grid cell (numerics/extremum_search.hpp, 41 values per axis).
/// How far S at the point found may lie from the optimum is measured by S at the point moved by
/// that width along each axis (search_resolution_digits): about |dS| * 1e-21 at an end or a kink,
/// |d2S| * 1e-42 inside. An estimate, like the search itself.
constexpr double kGoldenBracket = 1.6e-19;
/// Extrema: an optimum within kEndpointRelTol (relative to the box width + 1) of a box
/// end is the end itself, so that the range's (possibly infinite) end is reported.
constexpr double kEndpointRelTol = 1e-12;

struct ExtremumCheck : PropertyCheckData {
  bool supremum = false;  ///< supremum (less_than), else infimum (greater_than)
  ParameterRanges over;
  std::optional<ex> value;  ///< the claimed extremum
  std::string value_text;
  std::optional<numeric> greater_than;  ///< infimum: claimed strict lower bound
  std::optional<numeric> less_than;     ///< supremum: claimed strict upper bound
};

// The nearest rational with denominator <= kSnapDenominator within kSnapRelTol (relative), if any.
std::optional<numeric> snap(const Real& x) {
  const double v = x.convert_to<double>();
  for (long q = 1; q <= kSnapDenominator; ++q) {
    const double p = std::round(v * q);
    if (std::abs(v - p / q) <= kSnapRelTol * std::max(1.0, std::abs(v))) return numeric(static_cast<long>(p), q);
  }
  return std::nullopt;
}

PropertyOutcome check_extremum(const Spec& spec, const ExtremumCheck& c, const PropertyTarget& target, const RunOptions& options) {
  const ex& S = target.S;
  PropertyOutcome part;
  const unsigned digits = options.digits;
  const bool maximise = c.supremum;
  const auto names = spec.property_parameters();
  const auto symbols = parameter_symbols(spec);
  num::ScopedPrecision scope(num::Precision{digits}.guarded());
  std::vector<std::pair<numeric, numeric>> ranges;
  const std::vector<num::SearchAxis> box = box_of(spec, c.over, ranges);
  if (ranges.size() == names.size())
    if (const std::string outside = box_outside_domain(spec, names, ranges); !outside.empty()) {
      part.method = "none";
      part.finding = outside + ": not decided.";
      return part;
    }
  const std::vector<num::BoxAxis> ebox = exact_box(ranges, symbols.size());
  // the box's face where S has a form of its own (sequences: lambda = 1, where S's general form
  // is 0/0 and S is S1(n); docs/history.md, issue 42, L3)
  const auto& face = target.face_form;
  const std::size_t face_axis =
      face ? static_cast<std::size_t>(std::find(names.begin(), names.end(), face->parameter) - names.begin())
           : names.size();
  const bool face_in_box = face && face_axis < ranges.size() && ranges.size() == names.size() &&
                           ranges[face_axis].first <= face->value && face->value <= ranges[face_axis].second;
  const ex S1 = face ? face->S : ex(0);
  const num::CompiledExpression f(S, symbols, num::Precision{digits}.guarded());
  std::optional<num::CompiledExpression> f1;
  if (face_in_box) f1.emplace(S1, symbols, num::Precision{digits}.guarded());
  const Real face_value = face ? num::to_real(face->value) : Real(0);
  const auto S_at = [&](const std::vector<Real>& x) { return f1 && x[face_axis] == face_value ? (*f1)(x) : f(x); };
  num::ExtremumResult found = num::search_extremum(S_at, box, maximise);
  // n is an integer (a sequence's length): the search's best n, a real number, is moved to the
  // better of the integers beside it in the box, so the value is S of a sequence
  for (std::size_t k = 0; found.found && k < symbols.size() && k < ranges.size(); ++k) {
    if (!is_integer_parameter(symbols[k])) continue;
    std::optional<std::pair<Real, Real>> best;  // (n, S)
    for (const numeric& n : {num::floor_of(numeric(found.argument[k].convert_to<long>())),
                             num::floor_of(numeric(found.argument[k].convert_to<long>())) + 1}) {
      if (n < num::ceil_of(ranges[k].first) || n > num::floor_of(ranges[k].second)) continue;
      std::vector<Real> x = found.argument;
      x[k] = num::to_real(n);
      try {
        const Real v = S_at(x);
        if (!best || (maximise ? v > best->second : v < best->second)) best = std::make_pair(x[k], v);
      } catch (const num::EvaluationError&) {
      }
    }
    if (!best) {
      found.found = false;
      break;
    }
    found.argument[k] = best->first;
    found.value = best->second;
  }
  const std::string box_text = named_box_text(names, ranges);
  part.method =
      fmt::format("grid search + golden-section refinement at {} digits over {}", num::Precision{digits}.guarded(), box_text);
  const std::string certified_method = certified_on(box_text);
  if (!found.found) {
    part.finding = "S could not be evaluated anywhere on the box " + box_text + ".";
    return part;
  }
  // snap the argument to small rationals (or the ends of the box) and evaluate exactly
  GiNaC::lst exact_point;
  bool snapped = true;
  NamedValues where;
  for (std::size_t k = 0; k < names.size(); ++k) {
    std::optional<numeric> v = snap(found.argument[k]);
    const Real width = box[k].hi - box[k].lo;
    if (!v && abs(Real(found.argument[k] - box[k].lo)) <= kEndpointRelTol * (width + 1)) v = ranges[k].first;
    if (!v && abs(Real(found.argument[k] - box[k].hi)) <= kEndpointRelTol * (width + 1)) v = ranges[k].second;
    if (v && (*v < ranges[k].first || *v > ranges[k].second)) v.reset();
    if (v) {
      exact_point.append(symbols[k] == *v);
      where.emplace_back(names[k], exact_text(*v));
    } else {
      snapped = false;
      where.emplace_back(names[k], num::to_decimal(found.argument[k], 20));
    }
  }
  part.point = where;
  std::optional<ex> exact;
  std::string attained = describe_point(where);
  // exact when the snapped coordinates fix S (a valley along the others is fine); on the face
  // (lambda = 1), S's form there
  const bool at_one = face_in_box && where[face_axis].second == exact_text(face->value);
  // relu, abs and step of the point's constants take their branch (relu(-13/10 - 13 sqrt(3)/10) = 0):
  // left in, the optimum's exact value was not shown equal to its claim (the probe of 2026-11-29)
  ex value = GiNaC::normal((at_one ? S1 : S).subs(exact_point));
  try {
    // the coordinates not snapped range over the box: a switch of one sign there takes its branch
    // (relu(sqrt(3) gamma) = sqrt(3) gamma at beta = 0 under uniform scores, where S = sqrt(6)/4 for
    // every gamma; left in, the supremum was attained only when the search's gamma snapped, which
    // depends on rounding noise: the probe of 2026-11-29)
    value = GiNaC::normal(sym::resolve_signed_switches(value, symbol_ranges(symbols, ebox)));
  } catch (const std::exception&) {
  }
  bool fixed = true;
  for (const ex& x : symbols)
    if (value.has(x)) fixed = false;
  if (fixed) {
    const num::Evaluation e = num::AdaptiveEvaluator(value, {}, digits)({});
    // accept the snapped point only if it is at least as good as the refined one
    if (e.converged) {
      num::ScopedPrecision wide(std::max(e.precision, num::Precision{digits}.guarded()));
      const Real slack = pow(Real(10), -static_cast<int>(digits) / 2) * (abs(found.value) + 1);
      if (maximise ? e.value >= found.value - slack : e.value <= found.value + slack) exact = value;
    }
    if (exact && !snapped) {
      std::string fixed_text, free_text;
      for (std::size_t k = 0; k < names.size(); ++k) {
        bool is_fixed = false;
        for (const ex& eq : exact_point)
          if (eq.lhs().is_equal(symbols[k])) is_fixed = true;
        if (is_fixed)
          fixed_text += (fixed_text.empty() ? "" : ", ") + names[k] + " = " + where[k].second;
        else
          free_text += (free_text.empty() ? "" : ", ") + names[k];
      }
      attained = fixed_text + ", for every " + free_text + " in the box (S does not depend on " + free_text + " there)";
    }
  }
  // branch-and-bound of of_S(S) on the box; for a box reaching the face (sequences: lambda = 1),
  // on the face with S's form there first: a counterexample there is one of the box, and the box
  // is proved only where both parts are (S's general form is 0/0 on that face)
  const auto certify = [&](const std::function<ex(const ex&)>& of_S, num::Relation relation, std::string& via) {
    std::optional<num::BoxResult> on_face;
    if (face_in_box) {
      std::vector<num::BoxAxis> face_box = ebox;
      face_box[face_axis].lo = face_box[face_axis].hi = face->value;
      on_face = certify_on_box(of_S(S1), symbols, face_box, relation);
      if (on_face->outcome == num::BoxOutcome::Counterexample) {
        via = ", on the face " + face->parameter + " = " + exact_text(face->value) + " with S's form there, " +
              sym::to_text(S1);
        return *on_face;
      }
    }
    num::BoxResult r = certify_function_of_S(of_S, S, target.ratio_of_first_two, symbols, ebox, relation, via);
    if (on_face && r.outcome == num::BoxOutcome::Proved && on_face->outcome != num::BoxOutcome::Proved) return *on_face;
    return r;
  };
  const std::string word = maximise ? "supremum" : "infimum";
  std::string value_text;
  if (exact) {
    const std::string exact_decimal = decimal(*exact, digits, kShownDigits);
    value_text = sym::to_text(*exact) == exact_decimal ? exact_decimal : sym::to_text(*exact) + " = " + exact_decimal;
    part.values = {{word, sym::to_text(*exact)}, {"decimal", decimal(*exact, digits, digits)}};
  } else {
    // digits justified: the change in the last refinement round
    const double settled =
        found.value_change > 0
            ? std::min<double>(digits,
                               -log10(Real(found.value_change / (abs(found.value) + 1e-300))).convert_to<double>())
            : digits;
    const unsigned shown = static_cast<unsigned>(std::max(3.0, std::floor(settled)));
    value_text = num::to_decimal(found.value, shown) + fmt::format(" (about {} digits settled)", shown);
    part.values = {{word, num::to_decimal(found.value, shown)}};
  }
  // the value for a proposition: exact where the snapped point gave one, with 12 digits
  const std::string value_short =
      exact ? (sym::to_text(*exact) == decimal(*exact, digits, 12) ? decimal(*exact, digits, 12)
                                                                  : sym::to_text(*exact) + " = " + decimal(*exact, digits, 12))
            : value_text;
  // (the search's finding, not a certificate: where a proof below settles the value, it says so)
  const std::string base = fmt::format("A search ({} evaluations) finds the {} of S over the box at {}: {}.",
                                       found.evaluations, word, attained, value_text);
  const std::string& attained_text = attained;
  // what the search found, as numeric evidence (the certified outcomes below replace it)
  const std::string found_text = fmt::format("the {} of S over {} is {} at {} (search, {} evaluations)", word, box_text,
                                             value_short, attained, found.evaluations);
  part.evidence = {EvidenceLevel::NumericEvidence, found_text};
  if (c.value) {
    // whether the search's optimum lies on the claimed value's side of it (above a claimed
    // infimum, below a claimed supremum): there the search, which approaches the optimum from
    // that side, cannot refute the value beyond the digits it locates (search_resolution_digits)
    bool search_on_claimed_side = false;
    const double agree = exact ? agreement(*exact, *c.value, digits) : [&] {
      const num::Evaluation claimed = num::AdaptiveEvaluator(*c.value, {}, digits)({});
      num::ScopedPrecision wide(num::Precision{digits}.guarded());
      if (claimed.converged)
        search_on_claimed_side = maximise ? found.value <= claimed.value : found.value >= claimed.value;
      return claimed.converged ? num::digits_of_agreement(claimed.value, found.value, 2 * digits) : std::nan("");
    }();
    part.digits = agree;
    part.values.emplace_back("claimed", c.value_text);
    // without an exact value, the digits the search settled, never more than working precision
    // gives (a search that settled completely, value_change = 0, asked for 299 digits: a true
    // infimum of relu under uniform scores disagreed, the attack of 2026-11-29, D3)
    // An optimum found on the claimed side and not exact (an irrational interior point: x^2
    // under uniform scores, infimum 2/3 at beta = sqrt(3/5), found 0.66...669914 and refuted, the
    // probe of 2026-11-29) is S at a point near the optimum: it is within the search's resolution
    // of the optimum, not equal to it, so a value is refuted from that side only beyond that.
    // A value of S beyond the claim (below a claimed infimum) is S at a point: it refutes at
    // working precision.
    // The search's resolution is S's change over the golden-section's last bracket around the point
    // found, along each axis (a fixed 15 digits agreed values 10^-16 to 10^-40 below an infimum
    // found to 42 digits: the attack of 2026-11-29, R1).
    const auto search_resolution_digits = [&]() -> double {
      Real widest = 0;
      for (std::size_t k = 0; k < box.size() && k < found.argument.size(); ++k) {
        if (!(box[k].hi > box[k].lo)) continue;
        const bool geometric = box[k].lo > 0 && box[k].hi >= 100 * box[k].lo;
        const Real cell = geometric ? Real(found.argument[k] * log(box[k].hi / box[k].lo) / (num::kGridPoints - 1))
                                    : Real((box[k].hi - box[k].lo) / (num::kGridPoints - 1));
        const Real h = cell * kGoldenBracket;
        for (const int side : {-1, 1}) {
          std::vector<Real> x = found.argument;
          x[k] += side * h;
          if (x[k] < box[k].lo || x[k] > box[k].hi) continue;
          try {
            const Real change = abs(Real(S_at(x) - found.value));
            if (change > widest) widest = change;
          } catch (const std::exception&) {
          }
        }
      }
      if (widest == 0) return digits;
      return -log10(Real(widest / (abs(found.value) + Real(1e-300)))).convert_to<double>();
    };
    const double need =
        exact ? required_digits(digits)
              : std::min<double>({required_digits(digits),
                                  std::max(3.0, -log10(found.value_change.convert_to<double>() + 1e-300) - 1),
                                  search_on_claimed_side ? std::max(3.0, search_resolution_digits() - 1) : HUGE_VAL});
    // an exact optimum is the claimed value only if equal to it exactly: a value within working
    // precision of it (sqrt(2/pi) - 10^-30 at P = 30) is not it when a ball of their difference
    // excludes 0, and is undecided when neither is shown
    const ExactComparison exactly = exact ? compare_exactly(*exact, *c.value) : ExactComparison::Undecided;
    if (std::isnan(agree)) {
      part.finding = base + " The claimed value could not be evaluated.";
    } else if (exact && exactly == ExactComparison::Apart) {
      part.verdict = Verdict::Disagree;
      part.finding = base + " The claim says " + c.value_text + " = " + decimal(*c.value, digits, kShownDigits) +
                     ", which differs from it (a ball of their difference excludes 0).";
    } else if (exact && exactly == ExactComparison::Undecided && agree >= need) {
      part.finding = base + fmt::format(" The claimed {} agrees with it to {:.1f} digits, but neither their equality "
                                        "is proved nor a difference shown by ball arithmetic.",
                                        c.value_text, agree);
    } else if (agree >= need) {
      part.verdict = Verdict::Agree;
      part.finding = base + " It equals the claimed " + c.value_text + ".";
    } else {
      part.verdict = Verdict::Disagree;
      part.finding = base + " The claim says " + c.value_text + " = " + decimal(*c.value, digits, kShownDigits) + ".";
    }
    // proved beyond the box: the optimum of S over the domain's side(s) is S at beta = 0
    if (target.ratio_of_first_two)
      if (const std::optional<OptimumAtZero> at_zero = optimum_at_zero_ratio(S, symbols, ebox, maximise))
        if (sym::is_identically_zero(at_zero->value - *c.value)) {
          if (part.verdict == Verdict::Disagree) return conflict(part, "the symbolic proof");
          part.verdict = Verdict::Agree;
          part.method = "symbolic";
          part.evidence = {at_zero->level, fmt::format("the {} of S over {} is {}, attained at beta = 0", word,
                                                       at_zero->region, c.value_text)};
          part.finding = base + fmt::format(" Proved: {}; so the {} of S over {} is S(0, gamma) = {}.", at_zero->how,
                                            word, at_zero->region, c.value_text);
          return part;
        }
    // proved beyond the box: S >= v (infimum; S <= v for a supremum) on the whole domain in
    // t = beta/gamma by Sturm's theorem (src/properties/ratio_bound.hpp), and S = v exactly at a point
    // of the box where the bound is met, beta = t* gamma for a real root t* of the gap (x^2 under
    // uniform scores: infimum 2/3 at beta = sqrt(3/5) gamma, irrational, which no snapped point of the
    // search reaches: numeric evidence before, the probe of 2026-11-29)
    const std::optional<RatioGap> gap_in_t =
        target.ratio_of_first_two && !target.S_on_box_only && symbols.size() == 2 && ranges.size() == 2
            ? ratio_gap(S, symbols, *c.value, maximise)
            : std::nullopt;
    if (const std::optional<RatioBound> in_t = gap_in_t ? bound_in_ratio(*gap_in_t) : std::nullopt;
        in_t && !in_t->strict)
      for (const ex& t_star : in_t->touching) {
        const auto at = box_point_with_ratio(t_star, ranges);
        if (!at || !sym::is_identically_zero(S.subs(GiNaC::lst{symbols[0] == at->first, symbols[1] == at->second}) -
                                             *c.value))
          continue;
        if (part.verdict == Verdict::Disagree) return conflict(part, "the symbolic proof");
        const std::string point = fmt::format("beta = {}, gamma = {}", sym::to_text(at->first), sym::to_text(at->second));
        part.verdict = Verdict::Agree;
        part.method = "symbolic";
        part.point = {{"beta", sym::to_text(at->first)}, {"gamma", sym::to_text(at->second)}};
        part.evidence = {EvidenceLevel::ProvedOnSubdomain,
                         fmt::format("the {} of S over {} is {} (S {} {} on the whole domain, and S = {} exactly at {})",
                                     word, box_text, c.value_text, maximise ? "<=" : ">=", c.value_text,
                                     c.value_text, point)};
        part.finding = base + fmt::format(" Proved:{} S = {} exactly at {}, a point of the box, so the {} of S over the "
                                          "box is {}.",
                                          in_t->how, c.value_text, point, word, c.value_text);
        return part;
      }
    // certified: S >= v (infimum) or S <= v (supremum) on the whole box, and S = v exactly
    // where the search's snapped point attains it; or a certified point beyond v; or
    // S kept away from v by half the search's gap on the whole box
    const ex value = *c.value;
    const auto gap_of = [&](const ex& s) { return maximise ? ex(value - s) : ex(s - value); };
    const ex gap = gap_of(S);
    std::string via;
    const num::BoxResult r = certify(gap_of, num::Relation::Nonnegative, via);
    const bool attained = exact && sym::is_identically_zero(*exact - *c.value);
    if (r.outcome == num::BoxOutcome::Proved && attained) {
      if (part.verdict == Verdict::Disagree) return conflict(part, "the branch-and-bound proof");
      part.verdict = Verdict::Agree;
      part.method = certified_method;
      part.evidence = {EvidenceLevel::CertifiedOnBox,
                       fmt::format("the {} of S over {} is {} (S {} {} on the box, and S = {} exactly at {})", word,
                                   box_text, c.value_text, maximise ? "<=" : ">=", c.value_text, c.value_text,
                                   attained_text)};
      part.finding = base + fmt::format(" Certified: S {} {} at every point of the box (Arb branch-and-bound{}, {} "
                                        "sub-boxes), and S = {} exactly at {}.",
                                        maximise ? "<=" : ">=", c.value_text, via, r.boxes, c.value_text, attained_text);
    } else if (r.outcome == num::BoxOutcome::Counterexample) {
      if (part.verdict == Verdict::Agree && exact) return conflict(part, "a certified counterexample");
      part.verdict = Verdict::Disagree;
      part.certified = true;
      part.method = certified_method;
      part.point = exact_point_values(names, r.point);
      part.evidence = {EvidenceLevel::CertifiedCounterexample,
                       fmt::format("S {} {} at {}, so the {} over {} is not {}", maximise ? ">" : "<", c.value_text,
                                   describe_point(part.point), word, box_text, c.value_text)};
      part.values = {{"S_minus_claimed", ball_text(r.value)}, {"claimed", c.value_text}};
      part.finding = base + fmt::format(" Certified counterexample: at {} S {} {} (the ball of S - ({}) is {}), so "
                                        "the {} is not {}.",
                                        describe_point(part.point), maximise ? ">" : "<", c.value_text,
                                        c.value_text, ball_text(maximise ? negated(r.value) : r.value), word,
                                        c.value_text);
    } else if (part.verdict == Verdict::Disagree && !attained) {
      // the search's optimum lies beyond v: prove S stays at least half that gap away
      const num::Evaluation claimed = num::AdaptiveEvaluator(*c.value, {}, digits)({});
      if (claimed.converged) {
        num::ScopedPrecision wide(num::Precision{digits}.guarded());
        const double half = std::abs(Real(found.value - claimed.value).convert_to<double>()) / 2;
        const numeric delta = dyadic_below(half);
        if (delta.is_positive()) {
          std::string away_via;
          const num::BoxResult away =
              certify([&](const ex& s) { return gap_of(s) - delta; }, num::Relation::Positive, away_via);
          if (away.outcome == num::BoxOutcome::Proved) {
            part.certified = true;
            part.method = certified_method;
            part.evidence = {EvidenceLevel::CertifiedOnBox,
                             fmt::format("S {} {} {} {} on {}, so the {} is not {}", maximise ? "<=" : ">=",
                                         c.value_text, maximise ? "-" : "+", exact_text(delta), box_text, word,
                                         c.value_text)};
            part.finding += fmt::format(" Certified: S {} {} {} {} at every point of the box (Arb branch-and-bound{}, "
                                        "{} sub-boxes), so the {} is not {}.",
                                        maximise ? "<=" : ">=", c.value_text, maximise ? "-" : "+", exact_text(delta),
                                        away_via, away.boxes, word, c.value_text);
          }
        }
      }
    }
    if (!is_certified_level(part.evidence.level))
      part.finding += r.outcome == num::BoxOutcome::Proved
                          ? fmt::format(" Not certified (numeric evidence): S {} {} on the whole box is certified (Arb "
                                        "branch-and-bound{}), but S = {} at a point of the box is not shown exactly.",
                                        maximise ? "<=" : ">=", c.value_text, via, c.value_text)
                          : undecided_note(r);
    return part;
  }
  const numeric threshold = maximise ? *c.less_than : *c.greater_than;
  const Real margin =
      maximise ? Real(num::to_real(threshold) - found.value) : Real(found.value - num::to_real(threshold));
  const Real tolerance = pow(Real(10), -static_cast<int>(required_digits(digits))) * (abs(found.value) + 1);
  part.values.emplace_back(maximise ? "less_than" : "greater_than", exact_text(threshold));
  if (margin > tolerance) {
    part.verdict = Verdict::Agree;
    part.finding = base + " It is " + (maximise ? "below " : "above ") + exact_text(threshold) + ", as claimed.";
  } else if (margin < -tolerance) {
    part.verdict = Verdict::Disagree;
    part.finding = base + " The claim says it is " + (maximise ? "below " : "above ") + exact_text(threshold) + ".";
  } else {
    part.finding =
        base + " It equals " + exact_text(threshold) + " to working precision: the strict claim is undecided.";
  }
  // proved beyond the box: S >= S(0, gamma) > t (infimum) on the domain's side(s)
  if (target.ratio_of_first_two)
    if (const std::optional<OptimumAtZero> at_zero = optimum_at_zero_ratio(S, symbols, ebox, maximise))
      if (positive_by_a_ball(maximise ? ex(threshold - at_zero->value) : ex(at_zero->value - threshold))) {
        if (part.verdict == Verdict::Disagree) return conflict(part, "the symbolic proof");
        part.verdict = Verdict::Agree;
        part.method = "symbolic";
        const std::string optimum = sym::to_text(at_zero->value);
        part.evidence = {at_zero->level,
                         fmt::format("S {} {} {} {} on {} (its {}, attained at beta = 0)", maximise ? "<=" : ">=",
                                     optimum, maximise ? "<" : ">", exact_text(threshold), at_zero->region, word)};
        part.finding = base + fmt::format(" Proved: {}; so S {} S(0, gamma) = {} {} {} on {}.", at_zero->how,
                                          maximise ? "<=" : ">=", optimum, maximise ? "<" : ">",
                                          exact_text(threshold), at_zero->region);
        return part;
      }
  // certified: S > t (infimum) or S < t (supremum) at every point of the box, or a point
  // where the ball of S certainly is on the wrong side
  const auto gap_of = [&](const ex& s) { return maximise ? ex(threshold - s) : ex(s - threshold); };
  std::string via;
  const num::BoxResult r = certify(gap_of, num::Relation::Positive, via);
  if (r.outcome == num::BoxOutcome::Proved) {
    if (part.verdict == Verdict::Disagree) return conflict(part, "the branch-and-bound proof");
    part.verdict = Verdict::Agree;
    part.method = certified_method;
    // the box is compact and each of its finitely many sub-boxes has S - t bounded away from 0,
    // so the infimum (supremum) over the box is beyond t; its value is the search's, not certified
    part.evidence = {EvidenceLevel::CertifiedOnBox,
                     fmt::format("S {} {} at every point of {} (certified; its {} itself, about {} by a search, is not)",
                                 maximise ? "<" : ">", exact_text(threshold), box_text, word,
                                 num::to_decimal(found.value, 6))};
    part.finding = base + fmt::format(" Certified: S {} {} at every point of the box (Arb branch-and-bound{}, {} "
                                      "sub-boxes, {} reduced to a face by the monotonicity test).",
                                      maximise ? "<" : ">", exact_text(threshold), via, r.boxes, r.reduced);
  } else if (r.outcome == num::BoxOutcome::Counterexample) {
    if (part.verdict == Verdict::Agree) return conflict(part, "a certified counterexample");
    part.verdict = Verdict::Disagree;
    part.certified = true;
    part.method = certified_method;
    part.point = exact_point_values(names, r.point);
    part.evidence = {EvidenceLevel::CertifiedCounterexample,
                     fmt::format("S {} {} at {}", maximise ? ">=" : "<=", exact_text(threshold), describe_point(part.point))};
    part.values = {{maximise ? "threshold_minus_S" : "S_minus_threshold", ball_text(r.value)},
                   {maximise ? "less_than" : "greater_than", exact_text(threshold)}};
    part.finding = base + fmt::format(" Certified counterexample: at {} the ball of {} is {}, so S is not {} {} there.",
                                      describe_point(part.point), maximise ? "t - S" : "S - t", ball_text(r.value),
                                      maximise ? "below" : "above", exact_text(threshold));
  } else {
    part.finding += undecided_note(r);
  }
  return part;
}


// Without a closed form, an extremum's `value` from the certified balls of S (PropertyTarget::
// certified_value): the 9-per-axis lattice over the box (lattice_checks.hpp), then the best
// lattice point refined by golden-section on the balls' midpoints along each real axis (2 rounds of
// kBallSearchSteps steps over the cells beside it), its coordinates snapped to the box's ends and to
// rationals p/q, q <= kSnapDenominator, within kBallSnapRelTol; integer axes (a sequence's n) keep
// the lattice's integers. A point whose ball lies wholly beyond the claimed value (below a claimed
// infimum) is a certified counterexample; otherwise the search's optimum is compared with the
// value: on the claimed side (above an infimum) to the search's resolution, S's change between the
// point found and the ends of the last golden-section bracket along each real axis (at least a
// relative 10^-15 of the coordinate, the decimals the points are written with); beyond it to
// working precision. Agree or disagree is then numeric evidence; a point without a ball leaves the
// check undecided. (A fixed 10 digits on the claimed side agreed a value 10^-15 below a true infimum
// found to 35 digits: the twin of the attack of 2026-11-29, R1.)
constexpr int kBallSearchSteps = 60;
constexpr double kBallSnapRelTol = 1e-9;
constexpr double kPointDecimalsRelTol = 1e-15;

//
// A strict bound (greater_than, less_than) runs the same search towards the optimum: a point whose
// ball lies wholly on the wrong side of the bound (S <= t for S > t) is a certified counterexample;
// every ball wholly on its side is numeric evidence at the points searched; a ball that straddles
// the bound leaves it undecided. (The 9 x 9 lattice alone agreed a false S > 0.76432 for |x| under
// logistic scores, whose infimum 0.7643041 at beta = 0 lies between the lattice's points: the probe
// of 2026-11-29.)
PropertyOutcome extremum_value_on_balls(const Spec& spec, const ExtremumCheck& c, const PropertyTarget& target,
                                        const RunOptions& options) {
  PropertyOutcome part;
  part.method = "search on the certified route's balls";
  const bool maximise = c.supremum;
  const bool strict = !c.value;  // a strict bound S > t (S < t), not a value
  const std::string word = maximise ? "supremum" : "infimum";
  const std::string claim_text = strict ? exact_text(maximise ? *c.less_than : *c.greater_than) : c.value_text;
  const std::string statement = std::string("S ") + (maximise ? "< " : "> ") + claim_text;
  const auto names = spec.property_parameters();
  std::vector<bool> integer_axis;
  for (const ex& x : parameter_symbols(spec)) integer_axis.push_back(is_integer_parameter(x));
  std::vector<std::pair<numeric, numeric>> ranges;
  box_of(spec, c.over, ranges);
  if (ranges.size() != names.size())
    return not_decided("the box does not give a range of every parameter (" + joined_names(names) + "): not decided.");
  if (const std::string outside = box_outside_domain(spec, names, ranges); !outside.empty())
    return not_decided(outside + ": not decided.");
  const slong bits = num::Precision{options.digits}.ball_bits();
  num::Ball claimed;
  try {
    claimed = num::BallExpression(strict ? ex(maximise ? *c.less_than : *c.greater_than) : *c.value, {})({}, bits);
  } catch (const std::exception&) {
  }
  if (!claimed.finite()) return not_decided("the claimed value " + claim_text + " has no ball: not decided.");
  std::size_t evaluations = 0, without = 0;
  std::string no_ball;
  // S's ball at a point, or nullopt (counted; the caller stops after kMaxPointsWithoutBall)
  const auto S_at = [&](const GridPoint& p) -> std::optional<num::Ball> {
    ++evaluations;
    const CertifiedValue v = target.certified_value(p);
    if (v.ball && v.ball->finite()) return *v.ball;
    ++without;
    if (no_ball.empty()) no_ball = "at " + describe_point(spec.named_point(p)) + " the numeric route gives no ball (" +
                                   v.not_certified + ")";
    return std::nullopt;
  };
  const auto better = [&](const num::Ball& a, const num::Ball& b) {  // a's midpoint beyond b's
    return maximise ? arf_cmp(arb_midref(a.get()), arb_midref(b.get())) > 0
                    : arf_cmp(arb_midref(a.get()), arb_midref(b.get())) < 0;
  };
  // wholly below a claimed infimum; for a strict bound S > t, wholly at or below t
  const auto beyond_claim = [&](const num::Ball& s) {
    if (strict) return maximise ? arb_ge(s.get(), claimed.get()) != 0 : arb_le(s.get(), claimed.get()) != 0;
    return maximise ? arb_gt(s.get(), claimed.get()) != 0 : arb_lt(s.get(), claimed.get()) != 0;
  };
  // a strict bound's first point whose ball is not wholly on its side (nor beyond it)
  std::string straddles;
  const auto note_straddle = [&](const GridPoint& p, const num::Ball& s) {
    if (!strict || !straddles.empty()) return;
    if (maximise ? arb_lt(s.get(), claimed.get()) != 0 : arb_gt(s.get(), claimed.get()) != 0) return;
    straddles = "at " + describe_point(spec.named_point(p)) + " the ball of S (" + ball_text(s) +
                ") does not decide " + statement;
  };
  const auto counterexample = [&](const GridPoint& p, const num::Ball& s) {
    part.verdict = Verdict::Disagree;
    part.certified = true;
    part.method = "certified balls at a point";
    part.point = spec.named_point(p);
    part.values = {{"S", ball_text(s)}, {strict ? (maximise ? "less_than" : "greater_than") : "claimed", claim_text}};
    if (strict) {
      part.evidence = {EvidenceLevel::CertifiedCounterexample,
                       fmt::format("S {} {} at {}, so not {} over the box", maximise ? ">=" : "<=", claim_text,
                                   describe_point(part.point), statement)};
      part.finding = fmt::format("Certified counterexample: at {} the ball of S is {}, so not {} over the box.",
                                 describe_point(part.point), ball_text(s), statement);
      return part;
    }
    part.evidence = {EvidenceLevel::CertifiedCounterexample,
                     fmt::format("S {} {} at {}, so the {} over the box is not {}", maximise ? ">" : "<", c.value_text,
                                 describe_point(part.point), word, c.value_text)};
    part.finding = fmt::format("Certified counterexample: at {} the ball of S is {}, {} the claimed {} {}.",
                               describe_point(part.point), ball_text(s), maximise ? "above" : "below", word,
                               c.value_text);
    return part;
  };
  // the lattice
  // (an integer axis of at most kAllIntegers values takes every one: the optimum may lie between
  // the lattice's integers, where no golden-section goes)
  constexpr long kAllIntegers = 64;
  // the integers of [lo, hi]: from -floor(-lo) to floor(hi) (GiNaC's iquo rounds towards zero)
  const auto floor_of = [](const numeric& x) {
    numeric q = GiNaC::iquo(x.numer(), x.denom());
    if (q > x) q -= 1;
    return q;
  };
  std::vector<std::vector<numeric>> axes;
  for (std::size_t k = 0; k < ranges.size(); ++k) {
    const numeric first = -floor_of(-ranges[k].first), last = floor_of(ranges[k].second);
    if (integer_axis[k] && last - first < kAllIntegers) {
      std::vector<numeric> every;
      for (numeric n = first; n <= last; n += 1) every.push_back(n);
      axes.push_back(every);
    } else {
      axes.push_back(lattice_axis(ranges[k].first, ranges[k].second, integer_axis[k]));
    }
  }
  for (const auto& a : axes)
    if (a.empty()) return not_decided("an integer parameter's range holds no integer: not decided.");
  std::optional<std::pair<GridPoint, num::Ball>> best;
  // a point with a ball not beyond the claim: a straddle noted, the best point kept
  const auto record = [&](const GridPoint& p, const num::Ball& s) {
    note_straddle(p, s);
    if (!best || better(s, best->second)) best.emplace(p, s);
  };
  std::vector<std::size_t> at(axes.size(), 0);
  for (bool more = true; more;) {
    GridPoint p;
    for (std::size_t k = 0; k < axes.size(); ++k) p.push_back(axes[k][at[k]]);
    if (const std::optional<num::Ball> s = S_at(p)) {
      if (beyond_claim(*s)) return counterexample(p, *s);
      record(p, *s);
    } else if (without >= kMaxPointsWithoutBall) {
      return not_decided("No closed form; by the numeric route's certified balls " + no_ball + ": not decided.");
    }
    more = false;
    for (std::size_t k = 0; k < at.size(); ++k) {
      if (++at[k] < axes[k].size()) {
        more = true;
        break;
      }
      at[k] = 0;
    }
  }
  // the spec's grid points inside the box too: a narrow dip between the lattice's points where the
  // grid has a point (|x| (x - 2)^2 under logistic scores, S = 0.488 at beta = 2, gamma = 0.01, a
  // grid point, against a claimed floor 0.6 that agreed: the attack of 2026-11-29)
  for (const GridPoint& g : spec.grid) {
    if (g.size() != ranges.size()) continue;
    bool inside = true;
    for (std::size_t k = 0; k < g.size(); ++k)
      if (g[k] < ranges[k].first || g[k] > ranges[k].second || (integer_axis[k] && !g[k].is_integer())) inside = false;
    if (!inside) continue;
    if (const std::optional<num::Ball> s = S_at(g)) {
      if (beyond_claim(*s)) return counterexample(g, *s);
      record(g, *s);
    }
  }
  if (!best)
    return not_decided("No closed form; no point of the lattice has a ball of S (" + no_ball + "): not decided.");
  // golden-section along each real axis between the best point's lattice neighbours
  const double golden = (std::sqrt(5.0) - 1) / 2;
  std::vector<double> last_bracket(axes.size(), 0.0);  // per real axis, the width the search ended with
  for (int round = 0; round < 2; ++round)
    for (std::size_t k = 0; k < axes.size(); ++k) {
      if (integer_axis[k] || axes[k].size() < 2) continue;
      const auto it = std::find(axes[k].begin(), axes[k].end(), best->first[k]);
      const std::size_t i = it == axes[k].end() ? 0 : static_cast<std::size_t>(it - axes[k].begin());
      double lo = (round == 0 && i > 0 ? axes[k][i - 1] : best->first[k]).to_double();
      double hi = (round == 0 && i + 1 < axes[k].size() ? axes[k][i + 1] : best->first[k]).to_double();
      if (round > 0) {  // a narrower bracket around the point found
        const double w = (ranges[k].second - ranges[k].first).to_double() * 1e-6;
        lo = std::max(ranges[k].first.to_double(), best->first[k].to_double() - w);
        hi = std::min(ranges[k].second.to_double(), best->first[k].to_double() + w);
      }
      // the points as exact decimals of 15 significant digits (readable where the record shows one)
      const auto point_at = [&](double x) {
        GridPoint p = best->first;
        const std::optional<numeric> v = exact_value(fmt::format("{:.15g}", x));
        p[k] = v ? *v : exact_rational(num::Real(x));
        return p;
      };
      // golden-section: one new point per step, the other kept from the step before
      double x1 = hi - golden * (hi - lo), x2 = lo + golden * (hi - lo);
      GridPoint p1 = point_at(x1), p2 = point_at(x2);
      std::optional<num::Ball> s1 = S_at(p1), s2 = S_at(p2);
      for (int step = 0; step < kBallSearchSteps && s1 && s2; ++step) {
        if (beyond_claim(*s1)) return counterexample(p1, *s1);
        if (beyond_claim(*s2)) return counterexample(p2, *s2);
        record(p1, *s1);
        record(p2, *s2);
        if (better(*s1, *s2)) {  // the optimum lies in [lo, x2]
          hi = x2, x2 = x1, p2 = p1, s2 = s1;
          x1 = hi - golden * (hi - lo), p1 = point_at(x1), s1 = S_at(p1);
        } else {  // in [x1, hi]
          lo = x1, x1 = x2, p1 = p2, s1 = s2;
          x2 = lo + golden * (hi - lo), p2 = point_at(x2), s2 = S_at(p2);
        }
      }
      if ((!s1 || !s2) && without >= kMaxPointsWithoutBall)
        return not_decided("No closed form; by the numeric route's certified balls " + no_ball + ": not decided.");
      last_bracket[k] = hi - lo;
    }
  // the point snapped to the box's ends and to small rationals
  GridPoint snapped = best->first;
  for (std::size_t k = 0; k < snapped.size(); ++k) {
    if (integer_axis[k]) continue;
    const double x = snapped[k].to_double(), width = (ranges[k].second - ranges[k].first).to_double();
    if (std::abs(x - ranges[k].first.to_double()) <= kBallSnapRelTol * (width + 1)) snapped[k] = ranges[k].first;
    else if (std::abs(x - ranges[k].second.to_double()) <= kBallSnapRelTol * (width + 1)) snapped[k] = ranges[k].second;
    else
      for (long q = 1; q <= kSnapDenominator; ++q) {
        const double pq = std::round(x * q);
        if (std::abs(x - pq / q) <= kBallSnapRelTol * std::max(1.0, std::abs(x))) {
          snapped[k] = numeric(static_cast<long>(pq), q);
          break;
        }
      }
  }
  if (snapped != best->first)
    if (const std::optional<num::Ball> s = S_at(snapped)) {
      if (beyond_claim(*s)) return counterexample(snapped, *s);
      note_straddle(snapped, *s);
      if (!better(best->second, *s)) best.emplace(snapped, *s);
    }
  // a point without a ball (where S may not exist: a box's corner outside a law's region) leaves
  // the check undecided; only a certified counterexample above is decided without it (found by
  // the test of a box read with its digits, tests/specs/properties/float_digits.toml: the search
  // agreed where the lattice's rule was undecided)
  if (without > 0)
    return not_decided("No closed form; by the numeric route's certified balls " + no_ball +
                       fmt::format(" ({} of {} points without a ball): not decided.", without, evaluations));
  const num::Ball& S = best->second;
  if (strict) {
    part.point = spec.named_point(best->first);
    part.values = {{word + " found", S.midpoint_text(std::min<unsigned>(options.digits, 20))},
                   {maximise ? "less_than" : "greater_than", claim_text}};
    const std::string searched = fmt::format("{} points of a search on the certified balls over {} (the lattice, then "
                                             "golden-section towards the {})",
                                             evaluations, named_box_text(names, ranges), word);
    if (!straddles.empty())
      return not_decided("No closed form; " + straddles + fmt::format(" ({} points searched): not decided.", evaluations));
    part.verdict = Verdict::Agree;
    part.evidence = {EvidenceLevel::NumericEvidence, statement + " at the " + searched};
    part.finding = fmt::format("No closed form; {} holds at all {}, each ball wholly on its side; the {} found is {} at "
                               "{} (numeric evidence: nothing is shown between the points).",
                               statement, searched, word, S.midpoint_text(12), describe_point(part.point));
    return part;
  }
  num::ScopedPrecision wide(num::Precision{options.digits}.guarded());
  const num::Real found(S.midpoint_text(options.digits + 5)), value(claimed.midpoint_text(options.digits + 5));
  const bool claimed_side = maximise ? found <= value : found >= value;
  // no more digits than the balls' working precision holds
  const double agree = num::digits_of_agreement(found, value, options.digits);
  // the search's resolution: S's largest change from the point found to a point at the last
  // bracket's width along a real axis; nothing to measure leaves working precision
  const auto resolution_digits = [&]() -> double {
    num::Real widest = 0;
    for (std::size_t k = 0; k < axes.size(); ++k) {
      if (integer_axis[k] || !(ranges[k].second > ranges[k].first)) continue;
      const double x = best->first[k].to_double();
      const double h = std::max(last_bracket[k], kPointDecimalsRelTol * std::max(std::abs(x), 1e-300));
      for (const int side : {-1, 1}) {
        GridPoint p = best->first;
        p[k] += exact_rational(num::Real(side * h));
        if (p[k] < ranges[k].first || p[k] > ranges[k].second) continue;
        if (const std::optional<num::Ball> s = S_at(p)) {
          const num::Real change = abs(num::Real(s->midpoint_text(options.digits + 5)) - found);
          if (change > widest) widest = change;
        }
      }
    }
    if (widest == 0) return options.digits;
    return -log10(num::Real(widest / (abs(found) + num::Real(1e-300)))).convert_to<double>();
  };
  const double search_digits = claimed_side ? std::max(3.0, resolution_digits() - 1) : HUGE_VAL;
  const double need = std::min<double>(required_digits(options.digits), search_digits);
  part.digits = agree;
  part.point = spec.named_point(best->first);
  part.values = {{word, S.midpoint_text(std::min<unsigned>(options.digits, 20))}, {"claimed", c.value_text}};
  const std::string found_text =
      fmt::format("the {} of S over {} found by a search on the certified balls is {} at {} ({} evaluations)", word,
                  named_box_text(names, ranges), S.midpoint_text(12), describe_point(part.point), evaluations);
  if (agree >= need) {
    part.verdict = Verdict::Agree;
    part.evidence = {EvidenceLevel::NumericEvidence, found_text};
    part.finding = "No closed form; " + found_text + fmt::format(": it equals the claimed {} to {:.1f} digits (numeric "
                                                                 "evidence: nothing is shown between the points searched).",
                                                                 c.value_text, agree);
  } else if (claimed_side && (maximise ? arb_lt(S.get(), claimed.get()) : arb_gt(S.get(), claimed.get()))) {
    // the optimum found is certainly on the value's side of it (its ball apart from the value's)
    part.verdict = Verdict::Disagree;
    part.evidence = {EvidenceLevel::NumericEvidence, found_text};
    part.finding = "No closed form; " + found_text +
                   fmt::format(", {} the claimed {}, from which it differs within the {:.0f} digits the search "
                               "resolves (numeric evidence: a search may miss the optimum).",
                               maximise ? "below" : "above", c.value_text, search_digits);
  } else {
    part.finding = "No closed form; " + found_text +
                   fmt::format(", which differs from the claimed {}, but their balls overlap: not decided.", c.value_text);
  }
  return part;
}

class Extremum final : public PropertyKind {
 public:
  explicit Extremum(bool supremum) : supremum_(supremum) {}
  std::string name() const override { return supremum_ ? "supremum" : "infimum"; }
  std::shared_ptr<const PropertyCheckData> read(TomlReader& reader,
                                                const std::vector<std::string>& parameters) const override {
    auto c = std::make_shared<ExtremumCheck>();
    c->supremum = supremum_;
    c->over = read_property_over(reader, parameters);
    if (const auto text = reader.optional_string("value", Text::Expression)) {
      c->value_text = *text;
      c->value = parse_expression_at(reader, "value", *text, {});
    }
    const char* strict = supremum_ ? "less_than" : "greater_than";
    if (const toml::node* node = reader.optional_node(strict))
      (supremum_ ? c->less_than : c->greater_than) = read_exact_number(*node, reader.file(), reader.path(strict));
    if (!c->value && !c->greater_than && !c->less_than)
      reader.fail("value", std::string("missing: give the claimed value or ") + strict);
    return c;
  }
  PropertyInput input() const override { return PropertyInput::DerivedS; }
  std::optional<ParameterRanges> box(const PropertyCheck& check) const override {
    return check_data<ExtremumCheck>(check).over;
  }
  PropertyOutcome check(const Spec& spec, const PropertyCheck& check, const PropertyTarget& target,
                        const RunOptions& options) const override {
    const ExtremumCheck& c = check_data<ExtremumCheck>(check);
    if (!target.S.is_zero()) return check_extremum(spec, c, target, options);
    // without a closed form: a value or a strict bound by a search on the certified balls
    if (target.certified_value) return extremum_value_on_balls(spec, c, target, options);
    return without_closed_form(target);
  }

 private:
  bool supremum_;
};

}  // namespace

std::shared_ptr<const PropertyKind> infimum_property() { return std::make_shared<Extremum>(false); }
std::shared_ptr<const PropertyKind> supremum_property() { return std::make_shared<Extremum>(true); }

}  // namespace attnverify
