// The property kind `even`: S(-p) = S(p) for a parameter p whose domain is symmetric about 0
// (docs/spec-format.md, "Properties"). Symbolic: S(p) - S(-p) is identically zero
// (proofs/equivalence.hpp), proved on the whole domain; else numeric at the claim point set, where
// a point at which the two differ beyond 10^-(P-5) is a counterexample (numeric evidence).

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
#include "proofs/proof_by_cases.hpp"
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

struct EvenCheck : PropertyCheckData {
  std::string parameter;
};

// S(-p) is S only where -p is a point of the domain too: p's range must be symmetric about 0
// (beta in R; not gamma > 0, lambda in (0, 1], snr > 0). The undecided outcome when it is not.
std::optional<PropertyOutcome> not_symmetric(const Spec& spec, const EvenCheck& c) {
  const sym::ParameterDomain property_range = property_domain(spec);
  const sym::DomainVariable* range = domain_variable(property_range, c.parameter);
  if (range && !range->integer && range->range.lo == -range->range.hi && range->range.lo_open == range->range.hi_open)
    return std::nullopt;
  PropertyOutcome part;
  part.method = "none";
  part.finding = "the variant's domain (" + property_range.description + ") is not symmetric in " + c.parameter +
                 ", so S(-" + c.parameter + ") is not S at a point of it: evenness in " + c.parameter +
                 " is not decided.";
  return part;
}

PropertyOutcome check_even(const Spec& spec, const EvenCheck& c, const ex& S, const RunOptions& options) {
  PropertyOutcome part;
  const unsigned digits = options.digits;
  if (std::optional<PropertyOutcome> asymmetric = not_symmetric(spec, c)) return *asymmetric;
  const sym::ParameterDomain property_range = property_domain(spec);
  const ex p = sym::symbols().by_name(c.parameter);
  const ex mirrored = S.subs(p == -p);
  bool proved = sym::is_identically_zero(S - mirrored);
  // S with switches of p (a law's split at 0: |x| under the Laplace law has relu(beta) in its
  // derivation) by cases at their kinks, on each side of them and at them
  std::string how = "S(-" + c.parameter + ") - S(" + c.parameter + ") simplifies to 0 (erf is odd)";
  if (!proved && GiNaC::is_a<GiNaC::symbol>(p)) {
    const sym::CaseProof cases = sym::prove_by_cases(mirrored, S, GiNaC::ex_to<GiNaC::symbol>(p));
    if (cases.proved) {
      proved = true;
      how = "S(-" + c.parameter + ") = S(" + c.parameter + ") " + cases.method;
    }
  }
  const ClaimDomain domain = claim_domain(spec, options.seed_for(std::nullopt));
  const auto symbols = parameter_symbols(spec);
  const num::AdaptiveEvaluator at(S, symbols, digits), at_mirror(mirrored, symbols, digits);
  double worst = std::numeric_limits<double>::infinity();
  std::string failure;
  for (const ClaimPoint& point : domain.points) {
    if (!point.rational) continue;  // a case or vector, not a point of S's parameters
    const num::Evaluation a = at(*point.rational), b = at_mirror(*point.rational);
    if (!a.converged || !b.converged) {
      failure = "S did not evaluate at " + describe_point(point.where);
      continue;
    }
    num::ScopedPrecision scope(std::max(a.precision, b.precision));
    const double agree = num::digits_of_agreement(a.value, b.value, num::Precision{digits}.guarded());
    if (agree < worst) {
      worst = agree;
      part.digits = agree;
      part.point = point.where;
      part.values = {{"S", num::to_decimal(a.value, digits)}, {"S_mirrored", num::to_decimal(b.value, digits)}};
    }
  }
  const double need = required_digits(digits);
  if (proved && worst >= need && failure.empty()) {
    part.verdict = Verdict::Agree;
    part.method = "symbolic";
    part.evidence = {EvidenceLevel::ProvedWholeDomain,
                     fmt::format("S(-{0}) = S({0}) on {1}", c.parameter, property_range.description)};
    part.finding =
        fmt::format("{0}; confirmed at {1} (worst {2:.1f} digits).", how, domain.description, worst);
  } else if (!proved && worst < need && part.digits) {
    part.verdict = Verdict::Disagree;
    part.method = "numeric";
    part.evidence = {EvidenceLevel::NumericEvidence, fmt::format("S(-{0}) != S({0}) at {1} (estimated)", c.parameter,
                                                                 describe_point(part.point))};
    part.finding = fmt::format("S is not even in {}: at {} S = {} but with {} negated S = {}.", c.parameter,
                               describe_point(part.point), part.values[0].second.substr(0, 14), c.parameter,
                               part.values[1].second.substr(0, 14));
  } else if (!proved && failure.empty() && part.digits) {
    part.verdict = Verdict::Agree;
    part.method = "numeric";
    part.evidence = {EvidenceLevel::NumericEvidence, fmt::format("S(-{0}) = S({0}) to {1:.1f} digits at {2}",
                                                                 c.parameter, worst, domain.description)};
    part.finding = fmt::format("No symbolic proof; S(-{0}) = S({0}) at {1} to {2:.1f} digits (numeric evidence).",
                               c.parameter, domain.description, worst);
  } else {
    part.finding = failure.empty() ? "proof and numbers conflict (a defect in attnverify)" : failure;
  }
  return part;
}

// Without a closed form: the numeric route's certified balls of S at each point of the claim
// point set and at its mirror image. Two disjoint balls are a certified counterexample; balls
// that overlap at every point are numeric evidence (they never show S(-p) = S(p)).
PropertyOutcome check_even_on_balls(const Spec& spec, const EvenCheck& c, const PropertyTarget& target,
                                    const RunOptions& options) {
  if (std::optional<PropertyOutcome> asymmetric = not_symmetric(spec, c)) return *asymmetric;
  PropertyOutcome part;
  const auto names = spec.property_parameters();
  const std::size_t axis =
      static_cast<std::size_t>(std::find(names.begin(), names.end(), c.parameter) - names.begin());
  const ClaimDomain domain = claim_domain(spec, options.seed_for(std::nullopt));
  part.method = "certified balls at points";
  std::size_t overlapping = 0, without = 0;
  std::string why;
  for (const ClaimPoint& point : domain.points) {
    if (!point.rational || axis >= point.rational->size() || (*point.rational)[axis].is_zero()) continue;
    GridPoint mirror = *point.rational;
    mirror[axis] = -mirror[axis];
    const CertifiedValue a = target.certified_value(*point.rational), b = target.certified_value(mirror);
    if (!a.ball || !b.ball || !a.ball->finite() || !b.ball->finite()) {
      ++without;
      if (why.empty()) why = !a.ball ? a.not_certified : b.not_certified;
      // a route that fails at a few points fails at most (each failure can take seconds)
      if (without == kMaxPointsWithoutBall) {
        part.finding = fmt::format("no closed form, and the numeric route gave no certified balls at {} points ({}): "
                                   "not decided.",
                                   without, why);
        return part;
      }
      continue;
    }
    if (arb_overlaps(a.ball->get(), b.ball->get())) {
      ++overlapping;
      continue;
    }
    part.verdict = Verdict::Disagree;
    part.certified = true;
    part.method = "certified balls at a point";
    part.point = point.where;
    part.values = {{"S", ball_text(*a.ball)}, {"S_mirrored", ball_text(*b.ball)}};
    part.evidence = {EvidenceLevel::CertifiedCounterexample,
                     fmt::format("S(-{0}) != S({0}) at {1}", c.parameter, describe_point(part.point))};
    part.finding = fmt::format("S is not even in {}: at {} S = {}, and with {} negated S = {} (disjoint balls of "
                               "the numeric route).",
                               c.parameter, describe_point(part.point), ball_text(*a.ball), c.parameter,
                               ball_text(*b.ball));
    return part;
  }
  if (overlapping == 0) {
    part.finding = "no closed form, and the numeric route gave no pair of certified balls at " + domain.description +
                   (why.empty() ? "" : " (" + why + ")") + ": not decided.";
    return part;
  }
  part.verdict = Verdict::Agree;
  part.evidence = {EvidenceLevel::NumericEvidence,
                   fmt::format("the balls of S({0}) and S(-{0}) overlap at {1} points of {2}", c.parameter,
                               overlapping, domain.description)};
  part.finding = fmt::format(
      "No closed form; the numeric route's certified balls of S and of S with {} negated overlap at {} points of {}{} "
      "(numeric evidence: overlapping balls do not show equality).",
      c.parameter, overlapping, domain.description,
      without ? fmt::format(" ({} more gave no ball: {})", without, why) : std::string());
  return part;
}

// Where S exists only on a region (PropertyTarget::RegionalForm: the law's existence region, exp
// under Laplace scores: gamma < sqrt(2)/2, with S's closed form there): S(-p) = S(p) wherever S
// exists when the region is symmetric in p (each of its conditions unchanged by p -> -p, by the
// zero test) and the closed form is even in p (the zero test, or by cases at its kinks); outside
// the region S exists at neither point. The numeric route's balls at the claim point set beside
// it: a certified difference contradicts the proof (a defect in attnverify). nullopt when not
// proved, for the balls alone to decide.
std::optional<PropertyOutcome> check_even_on_region(const Spec& spec, const EvenCheck& c, const PropertyTarget& target,
                                                    const RunOptions& options) {
  if (!target.regional_form || not_symmetric(spec, c)) return std::nullopt;
  const PropertyTarget::RegionalForm& form = *target.regional_form;
  const ex p = sym::symbols().by_name(c.parameter);
  if (!GiNaC::is_a<GiNaC::symbol>(p)) return std::nullopt;
  try {
    for (const ex& condition : form.positive)
      if (!sym::is_identically_zero(condition.subs(p == -p) - condition)) return std::nullopt;
    const ex mirrored = form.S.subs(p == -p);
    std::string how = "the zero test";
    if (!sym::is_identically_zero(form.S - mirrored)) {
      const sym::CaseProof cases = sym::prove_by_cases(mirrored, form.S, GiNaC::ex_to<GiNaC::symbol>(p));
      if (!cases.proved) return std::nullopt;
      how = cases.method;
    }
    PropertyOutcome part = target.certified_value ? check_even_on_balls(spec, c, target, options) : PropertyOutcome{};
    const std::string beside = part.finding.empty() ? "" : " The numeric route beside it: " + part.finding;
    if (part.verdict == Verdict::Disagree) return conflict(part, "the symbolic proof on the region where S exists");
    part.verdict = Verdict::Agree;
    part.method = "symbolic";
    part.certified = false;
    part.point.clear();
    part.values.clear();
    part.evidence = {EvidenceLevel::ProvedWholeDomain,
                     fmt::format("S(-{0}) = S({0}) wherever S exists ({1}, a region symmetric in {0})", c.parameter,
                                 form.region)};
    part.finding = fmt::format("S exists only where {1}, a region symmetric in {0} (each condition unchanged by {0} -> "
                               "-{0}); there S(-{0}) - S({0}) = 0 for its closed form ({2}), so S is even in {0} "
                               "wherever it exists.{3}",
                               c.parameter, form.region, how, beside);
    return part;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

class Even final : public PropertyKind {
 public:
  std::string name() const override { return "even"; }
  std::shared_ptr<const PropertyCheckData> read(TomlReader& reader,
                                                const std::vector<std::string>& parameters) const override {
    auto c = std::make_shared<EvenCheck>();
    c->parameter = read_property_parameter(reader, "parameter", parameters);
    return c;
  }
  PropertyInput input() const override { return PropertyInput::DerivedS; }
  std::optional<ParameterRanges> box(const PropertyCheck&) const override { return std::nullopt; }
  PropertyOutcome check(const Spec& spec, const PropertyCheck& check, const PropertyTarget& target,
                        const RunOptions& options) const override {
    if (target.S.is_zero())
      if (std::optional<PropertyOutcome> on_region = check_even_on_region(spec, check_data<EvenCheck>(check), target, options))
        return *on_region;
    if (target.S.is_zero() && target.certified_value)
      return check_even_on_balls(spec, check_data<EvenCheck>(check), target, options);
    if (target.S.is_zero()) return without_closed_form(target);
    return check_even(spec, check_data<EvenCheck>(check), target.S, options);
  }
};

}  // namespace

std::shared_ptr<const PropertyKind> even_property() { return std::make_shared<Even>(); }

}  // namespace attnverify
