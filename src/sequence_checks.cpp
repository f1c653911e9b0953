// Sequence variants: closed form vs exact summation on the grid, claims, limits, curves.
#include <fmt/format.h>

#include <cmath>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/agreement.hpp"
#include "numerics/sequence_sum.hpp"
#include "proofs/printing.hpp"
#include "proofs/sequence_derivation.hpp"
#include "proofs/symbols.hpp"
#include "src/claim_check.hpp"
#include "src/route_comparison.hpp"
#include "src/variant_checks.hpp"

namespace attnverify {

using num::Real;

namespace {

NamedValues sequence_point(const GridPoint& p) { return {{"lambda", exact_text(p[0])}, {"n", exact_text(p[1])}}; }

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
  for (const GiNaC::numeric& lambda : {GiNaC::numeric(1, 2), GiNaC::numeric(9, 10), GiNaC::numeric(99, 100), GiNaC::numeric(1)}) {
    Curve curve{"$\\lambda=" + exact_text(lambda) + "$", {}};
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

}  // namespace

VariantResult check_sequence_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  const unsigned digits = options.digits;
  const auto& s = sym::symbols();
  VariantResult result;
  result.spec = spec;
  progress(fmt::format("[{}] deriving S_n for a_i = {}", spec.name, spec.definition_text));
  const sym::SequenceDerivation d = sym::derive_sequence(spec.definition);
  const bool derived = d.status == sym::SequenceDerivation::Status::Derived;
  result.status = derived ? "derived" : "no-closed-form";
  result.reason = d.reason;
  if (derived) {
    result.S = d.S;
    result.forms = {{"\\sum_{i=1}^n |a_i|", d.sum_abs},
                    {"\\sum_{i=1}^n a_i^2", d.sum_square},
                    {"S_n \\;(0<\\lambda<1)", d.S},
                    {"S_n \\;(\\lambda=1)", d.S_at_lambda_one}};
    if (d.asymptote_derived) {
      result.forms.emplace_back("\\lim_{n\\to\\infty} S_n \\;(0<\\lambda<1)", d.limit);
      result.notes.push_back("For $0<\\lambda<1$: $S_n \\sim " + sym::to_latex(d.asymptote_coefficient) + "\\, n^{" +
                             sym::to_latex(d.asymptote_power) + "}$ as $n\\to\\infty$ (derived by $\\lambda^n \\to 0$).");
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
    r.check = "closed-vs-summation";
    r.point = sequence_point(p);
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
      r.verdict = Verdict::NotApplicable;
      r.expected = "not-applicable";
      if (outcome.ok) r.values.emplace_back("numeric", num::to_decimal(outcome.value, digits));
      r.detail = "no closed form: " + d.reason;
    } else {
      judge_closed_vs_numeric(r, (p[0] == 1 ? *at_one : *general)(p), outcome, digits);
      if (p[0] == 1) r.method += " (closed form: the derived lambda = 1 case)";
    }
    result.records.push_back(std::move(r));
  }
  for (auto& [key, mark] : marks) result.grid_figure.marks.push_back(std::move(mark));
  sequence_curves(d, result, digits);

  const NumericWitness witness = [&](const GridPoint& p) -> std::optional<std::pair<Real, double>> {
    try {
      const num::SequenceSum sum = num::sum_sequence(spec.definition, p[0], static_cast<unsigned long>(p[1].to_long()), digits);
      return std::make_pair(sum.S, sum.error_digits);
    } catch (const num::EvaluationError&) {
      return std::nullopt;
    }
  };
  for (const Claim& claim : spec.claims) {
    progress(fmt::format("[{}] claim {}", spec.name, claim.id));
    if (!derived) {
      result.records.push_back(claim_without_derivation(spec, claim, d.reason));
      continue;
    }
    result.records.push_back(check_claim(spec, claim, d.S, digits, witness));
  }
  return result;
}

}  // namespace attnverify
