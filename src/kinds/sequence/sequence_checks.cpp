// Sequence variants: closed form vs exact summation on the grid, claims, limits, curves.
#include <fmt/format.h>

#include <cmath>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/agreement.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/sequence_sum.hpp"
#include "proofs/derivation_cache.hpp"
#include "proofs/power_sums.hpp"
#include "proofs/printing.hpp"
#include "proofs/sequence_derivation.hpp"
#include "proofs/symbols.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/properties/property_checks.hpp"
#include "src/verdicts/route_comparison.hpp"
#include "src/kinds/sequence/sequence_kind.hpp"

namespace attnverify {

using num::Real;

namespace {

// Formulas the checks write into a table header or a note: longer ones are described in
// words (the report's derivation section, and results.json, hold the full forms)
constexpr std::size_t kMaxHeaderFormula = 200, kMaxNoteFormula = 400;

// S_n against n (log axes) for lambda in {1/2, 9/10, 99/100, 1}.
void sequence_curves(const sym::SequenceDerivation& d, VariantResult& result, unsigned digits) {
  const auto& s = sym::symbols();
  result.grid_figure.x_label = "$n$";
  result.grid_figure.y_label = "$S_n(\\lambda)$";
  result.grid_figure.log_axes = true;
  result.grid_figure.caption = "Lines: the derived closed form. Circles: exact summation at the grid points.";
  if (d.status != sym::SequenceDerivation::Status::Derived) return;
  num::CompiledExpression general(d.S, {s.lambda, s.n}, digits);
  num::CompiledExpression at_one(d.S_at_lambda_one, {s.lambda, s.n}, digits);
  for (const GiNaC::numeric& lambda :
       {GiNaC::numeric(1, 2), GiNaC::numeric(9, 10), GiNaC::numeric(99, 100), GiNaC::numeric(1)}) {
    Curve curve{"$\\lambda=" + exact_text(lambda) + "$", false, {}};
    long last = 0;
    for (int k = 0; k <= 48; ++k) {
      const long n = std::lround(std::pow(10.0, k / 8.0));
      if (n == last) continue;
      last = n;
      num::ScopedPrecision scope(digits);
      const auto& S = lambda == 1 ? at_one : general;
      try {
        curve.points.emplace_back(static_cast<double>(n), S({num::to_real(lambda), Real(n)}).convert_to<double>());
      } catch (const num::EvaluationError&) {
      }
    }
    result.grid_figure.curves.push_back(std::move(curve));
  }
}

// S_n against its derived large-n asymptote C(lambda) n^p (decay: sqrt((1+lambda)/
// ((1-lambda) n))) at the grid points with lambda < 1. The sequence is deterministic,
// so this replaces the sampled route (docs/history.md, issue 3): it shows where finite n departs.
// `exact` evaluates the derived S_n (0 < lambda < 1) at (lambda, n).
void asymptote_table(const sym::SequenceDerivation& d, const num::AdaptiveEvaluator& exact, const Spec& spec,
                     unsigned digits, VariantResult& result) {
  if (!d.asymptote_derived) return;
  const auto& s = sym::symbols();
  const GiNaC::ex asymptote = d.asymptote_coefficient * GiNaC::pow(s.n, d.asymptote_power);
  const num::AdaptiveEvaluator approx(asymptote, {s.lambda, s.n}, digits);
  Table table;
  // a table header holds a short formula only (the derivation section gives the limit)
  const std::string asymptote_latex = sym::to_latex(asymptote);
  table.header = {"$\\lambda$", "$n$", "$S_n$",
                  asymptote_latex.size() <= kMaxHeaderFormula ? "asymptote $" + asymptote_latex + "$" : "asymptote",
                  "ratio"};
  for (const GridPoint& p : spec.grid) {
    if (p[0] >= 1) continue;
    const num::Evaluation e = exact(p), a = approx(p);
    if (!e.converged || !a.converged) continue;
    num::ScopedPrecision scope(std::max(e.precision, a.precision));
    const num::Real ratio = e.value / a.value;
    table.rows.push_back({exact_text(p[0]), exact_text(p[1]), num::to_decimal(e.value, 10),
                          num::to_decimal(a.value, 10), num::to_decimal(ratio, 10)});
    CheckRecord r;
    r.variant = spec.name;
    r.check = CheckKind::Asymptote;
    r.point = spec.named_point(p);
    r.verdict = Verdict::NotApplicable;
    r.expected = Verdict::NotApplicable;
    r.method = "derived closed form against its derived large-n asymptote";
    r.values = {{"S_n", num::to_decimal(e.value, digits)},
                {"asymptote", num::to_decimal(a.value, digits)},
                {"ratio", num::to_decimal(ratio, digits)}};
    result.records.push_back(std::move(r));
  }
  table.caption =
      "The sequence is deterministic, so no sampled route applies; instead $S_n$ is set against its "
      "large-$n$ asymptote, derived by $\\lambda^n\\to 0$. The ratio tends to 1 as $n\\to\\infty$ "
      "and shows where finite $n$ departs from it.";
  if (!table.rows.empty()) result.tables.push_back(std::move(table));
}

}  // namespace

namespace {

// The balls of the closed form and of the sum at (lambda, n): exact summation in ball
// arithmetic up to 10^5 terms (numerics/sequence_sum.hpp).
CertifiedOutcome certified_sum(const GiNaC::ex& closed, const GiNaC::ex& weight, const GridPoint& p, unsigned digits) {
  const auto& s = sym::symbols();
  CertifiedOutcome out;
  const unsigned long n = static_cast<unsigned long>(p[1].to_long());
  try {
    out.numeric = num::certified_sequence_sum(weight, p[0], n, digits);
    if (!out.numeric) {
      out.failure = n > 100000 ? "the sum has more than 10^5 terms (summed in ball arithmetic only up to there)"
                               : "a term could not be enclosed in a finite ball";
      return out;
    }
    out.closed = closed_form_ball(num::BallExpression(closed, {s.lambda, s.n}), {p[0], p[1]}, digits);
  } catch (const std::exception& err) {
    out.numeric.reset();
    out.failure = std::string("no ball evaluation (") + err.what() + ")";
  }
  return out;
}

// S_n at (lambda, n) = p as the exact sum in ball arithmetic (up to 10^5 terms), or why there is
// none: what claims and the properties' lattice are judged against without a closed form.
CertifiedValue certified_sum_value(const GiNaC::ex& weight, const GridPoint& p, unsigned digits) {
  CertifiedValue out;
  try {
    if (p.size() == 2 && p[1].is_pos_integer())
      out.ball = num::certified_sequence_sum(weight, p[0], static_cast<unsigned long>(p[1].to_long()), digits);
  } catch (const std::exception& err) {
    out.not_certified = err.what();
  }
  if (!out.ball && out.not_certified.empty())
    out.not_certified = p.size() == 2 && p[1] > 100000
                            ? "the sum has more than 10^5 terms (summed in ball arithmetic only up to there)"
                            : "the exact sum gives no finite S there (every weight 0, so S = 0/0, or a term that is "
                              "not finite)";
  return out;
}

}  // namespace

PropertyTarget sequence_property_target(const Spec& spec, unsigned digits) {
  const sym::SequenceDerivation& d = sym::cached_sequence_derivation(spec.definition);
  const bool derived = d.status == sym::SequenceDerivation::Status::Derived;
  PropertyTarget target;
  target.S = derived ? d.S : GiNaC::ex(0);
  target.no_closed_form_reason = derived ? "" : d.reason;
  if (derived) {
    target.face_form = PropertyTarget::FaceForm{"lambda", 1, d.S_at_lambda_one};
    target.power_atom = PropertyTarget::PowerAtom{"lambda", "n"};
    if (d.asymptote_derived)
      target.asymptote = PropertyTarget::Asymptote{"n", d.asymptote_coefficient, d.asymptote_power, d.limit};
  } else {
    // the exact sum in ball arithmetic (up to 10^5 terms), as for claims: a certified S_n
    const GiNaC::ex weight = spec.definition;
    target.certified_value = [weight, digits](const GridPoint& p) { return certified_sum_value(weight, p, digits); };
    if (const auto power = sym::power_weight_limit(weight, sym::symbols().i))
      target.limit_from_theorem = PropertyTarget::LimitFromTheorem{
          "n", power->limit,
          "the growth of power sums (sum_{i=1}^n i^s compared with the integral of x^s) for a_i = c i^q with q = " +
              sym::to_text(power->q) + ", " + power->reason};
  }
  return target;
}

VariantResult check_sequence_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  const unsigned digits = options.digits;
  const auto& s = sym::symbols();
  VariantResult result;
  result.spec = spec;
  progress(fmt::format("[{}] deriving S_n for a_i = {}", spec.name, spec.definition_text));
  const sym::SequenceDerivation& d = sym::cached_sequence_derivation(spec.definition);
  const bool derived = d.status == sym::SequenceDerivation::Status::Derived;
  result.status = derived ? ClosedFormStatus::Derived : ClosedFormStatus::NoClosedForm;
  result.reason = d.reason;
  if (derived) {
    result.S = d.S;
    result.forms = {{"\\sum_{i=1}^n |a_i| \\;(0<\\lambda<1)", d.sum_abs},
                    {"\\sum_{i=1}^n a_i^2 \\;(0<\\lambda<1)", d.sum_square},
                    {"S_n \\;(0<\\lambda<1)", d.S},
                    {"S_n \\;(\\lambda=1)", d.S_at_lambda_one}};
    if (d.asymptote_derived) {
      result.forms.emplace_back("\\lim_{n\\to\\infty} S_n \\;(0<\\lambda<1)", d.limit);
      const std::string coefficient = sym::to_latex(d.asymptote_coefficient);
      const std::string power = "n^{" + sym::to_latex(d.asymptote_power) + "}";
      result.notes.push_back(
          coefficient.size() + power.size() <= kMaxNoteFormula
              ? "For $0<\\lambda<1$: $S_n \\sim " + coefficient + "\\, " + power +
                    "$ as $n\\to\\infty$ (derived by $\\lambda^n \\to 0$)."
              : "For $0<\\lambda<1$, $S_n$ falls as a constant times " +
                    (power.size() <= kMaxNoteFormula ? "$" + power + "$" : std::string("a power of $n$")) +
                    " as $n\\to\\infty$ (derived by $\\lambda^n \\to 0$; the constant is too long to typeset here, "
                    "results.json holds the limit).");
    }
  }
  std::unique_ptr<num::AdaptiveEvaluator> general, at_one;
  if (derived) {
    general = std::make_unique<num::AdaptiveEvaluator>(d.S, std::vector<GiNaC::ex>{s.lambda, s.n}, digits);
    at_one = std::make_unique<num::AdaptiveEvaluator>(d.S_at_lambda_one, std::vector<GiNaC::ex>{s.lambda, s.n}, digits);
  }
  std::map<std::string, Curve> marks;
  for (std::size_t k = 0; k < spec.grid.size(); ++k) {
    const GridPoint& p = spec.grid[k];
    progress(fmt::format("[{}] closed form vs exact summation: lambda = {}, n = {}", spec.name, exact_text(p[0]),
                         exact_text(p[1])));
    CheckRecord r;
    r.variant = spec.name;
    r.check = CheckKind::ClosedVsSummation;
    r.point = spec.named_point(p);
    r.method = "direct summation of all n terms";
    const unsigned long n = static_cast<unsigned long>(p[1].to_long());
    NumericOutcome outcome;
    try {
      const num::SequenceSum sum = num::sum_sequence(spec.definition, p[0], n, digits);
      outcome = {true, sum.S, sum.error_digits, ""};
      Curve& mark = marks[exact_text(p[0])];
      mark.label = "$\\lambda=" + exact_text(p[0]) + "$";
      num::ScopedPrecision scope(sum.precision);
      mark.points.emplace_back(static_cast<double>(n), sum.S.convert_to<double>());
    } catch (const num::EvaluationError& err) {
      outcome.failure = std::string("summation failed: ") + err.what();
    }
    if (!derived) {
      // summation only: a failed or inexact sum is inconclusive, never "to target"
      const double target = required_digits(digits);
      const bool to_target = outcome.ok && outcome.error_digits >= target;
      r.verdict = to_target ? Verdict::NotApplicable : Verdict::Inconclusive;
      r.expected = Verdict::NotApplicable;
      if (outcome.ok) {
        r.values.emplace_back("numeric", num::to_decimal(outcome.value, digits));
        r.error_digits = outcome.error_digits;
      }
      r.detail = "no closed form: " + d.reason;
      if (!outcome.ok)
        r.detail += "; " + outcome.failure;
      else if (!to_target)
        r.detail += fmt::format("; the summation's a-priori error estimate 1e-{:.1f} misses the target 1e-{:.0f}",
                                outcome.error_digits, target);
      if (to_target) {
        // the sum itself in ball arithmetic (up to 10^5 terms): the value certified, or counted apart
        std::optional<num::Ball> ball;
        std::string why_not;
        try {
          ball = num::certified_sequence_sum(spec.definition, p[0], n, digits);
          if (!ball)
            why_not = n > 100000 ? "the sum has more than 10^5 terms (summed in ball arithmetic only up to there)"
                                 : "the exact sum gives no finite S there (every weight 0, so S = 0/0, or a term "
                                   "that is not finite)";
        } catch (const std::exception& err) {
          why_not = std::string("no ball evaluation (") + err.what() + ")";
        }
        certify_value(r, ball ? &*ball : nullptr, why_not, digits,
                      "exact summation in ball arithmetic (no closed form)");
      }
    } else {
      judge_closed_vs_numeric(r, (p[0] == 1 ? *at_one : *general)(p), outcome, digits);
      certify_closed_vs_numeric(r, certified_sum(p[0] == 1 ? d.S_at_lambda_one : d.S, spec.definition, p, digits),
                                digits, "the exact sum");
      if (p[0] == 1) r.method += " (closed form: the derived lambda = 1 case)";
    }
    result.records.push_back(std::move(r));
  }
  for (auto& [key, mark] : marks) result.grid_figure.marks.push_back(std::move(mark));
  sequence_curves(d, result, digits);

  if (derived) asymptote_table(d, *general, spec, digits, result);

  const NumericWitness witness = [&](const GridPoint& p) -> std::optional<std::pair<Real, double>> {
    try {
      const num::SequenceSum sum =
          num::sum_sequence(spec.definition, p[0], static_cast<unsigned long>(p[1].to_long()), digits);
      return std::make_pair(sum.S, sum.error_digits);
    } catch (const num::EvaluationError&) {
      return std::nullopt;
    }
  };
  // the exact sum in ball arithmetic (up to 10^5 terms): a certified S
  const CertifiedWitness certified_witness = [&](const GridPoint& p) {
    return certified_sum_value(spec.definition, p, digits);
  };
  const ClaimReference reference{d.S, d.S_at_lambda_one, {}};
  check_claims(spec, derived ? &reference : nullptr, d.reason, digits, options.seed_for(std::nullopt), witness,
               certified_witness, result.records, progress);
  check_properties(spec, sequence_property_target(spec, digits), options, result, progress);
  return result;
}

}  // namespace attnverify
