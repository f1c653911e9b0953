// Measure variants: the sparsity measure S(x) of explicit vectors (Su2023 eq. 1,
// Su2023-sparsity). The derived S in (x1, x2, n) vs direct computation from each
// vector, claims (rewritten from E_abs, E_sq, Var_abs into x1, x2, n), properties.
#include <fmt/format.h>

#include "numerics/adaptive_evaluation.hpp"
#include "proofs/sparsity_measure.hpp"
#include "src/claim_check.hpp"
#include "src/property_checks.hpp"
#include "src/route_comparison.hpp"
#include "src/variant_checks.hpp"

namespace attnverify {

using num::Real;

namespace {

// mean|x| / sqrt(mean x^2) from the vector itself.
std::optional<std::pair<Real, double>> direct(const std::vector<GiNaC::numeric>& x, unsigned digits) {
  const auto m = sym::vector_moments(x);
  const num::Evaluation e =
      num::AdaptiveEvaluator(GiNaC::ex(m.mean_abs) / GiNaC::sqrt(GiNaC::ex(m.mean_square)), {}, digits)({});
  if (!e.converged) return std::nullopt;
  return std::make_pair(e.value, static_cast<double>(digits + num::kGuardDigits));
}

}  // namespace

VariantResult check_measure_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  const unsigned digits = options.digits;
  VariantResult result;
  result.spec = spec;
  const sym::SparsityMeasureDerivation d = sym::derive_sparsity_measure();
  result.status = "derived";
  result.S = d.S;
  result.forms = {{"S", d.S_moments}, {"S(x)", d.S}};
  const ClaimDomain domain = claim_domain(spec, options.seed_for(std::nullopt));
  for (std::size_t k = 0; k < spec.vectors.size(); ++k) {
    CheckRecord r;
    r.variant = spec.name;
    r.check = "closed-vs-direct";
    r.point = domain.points[k].where;
    r.method = "mean|x| / sqrt(mean x^2) from the vector";
    const auto reference = direct(spec.vectors[k], digits);
    NumericOutcome outcome;
    if (reference) outcome = {true, reference->first, reference->second, ""};
    else outcome.failure = "the direct computation did not converge";
    judge_closed_vs_numeric(r, num::AdaptiveEvaluator(d.S.subs(domain.points[k].substitution), {}, digits)({}), outcome, digits);
    result.records.push_back(std::move(r));
  }
  const PointWitness witness = [&](const ClaimPoint& p) -> std::optional<std::pair<Real, double>> {
    for (std::size_t k = 0; k < domain.points.size(); ++k)
      if (domain.points[k].where == p.where) return direct(spec.vectors[k], digits);
    return std::nullopt;
  };
  for (const Claim& claim : spec.claims) {
    progress(fmt::format("[{}] claim {}", spec.name, claim.id));
    result.records.push_back(check_claim_on_domain(spec, claim, sym::vector_form(claim.S), d.S, domain, digits, witness));
  }
  check_properties(spec, {GiNaC::ex(0), nullptr}, options, result, progress);
  return result;
}

}  // namespace attnverify
