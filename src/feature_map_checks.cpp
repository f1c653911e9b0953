// Feature-map variants (non-negative linear attention, Su2023 eq. 8-9): the derived
// S in the invariants vs direct computation from the explicit vectors at each case,
// claims, properties. Until phi-derived moments land (issue 5), the law of k~ is
// given by its mean and covariance at explicit cases.
#include <fmt/format.h>

#include "numerics/adaptive_evaluation.hpp"
#include "proofs/linear_attention.hpp"
#include "proofs/symbols.hpp"
#include "src/claim_check.hpp"
#include "src/property_checks.hpp"
#include "src/route_comparison.hpp"
#include "src/variant_checks.hpp"

namespace attnverify {

using num::Real;

namespace {

// E a / sqrt(E a^2) from the vectors: exact moments, one square root.
std::optional<std::pair<Real, double>> direct(const sym::LinearCase& c, unsigned digits) {
  const auto m = sym::linear_case_moments(c);
  const num::Evaluation e = num::AdaptiveEvaluator(GiNaC::ex(m.mean) / GiNaC::sqrt(GiNaC::ex(m.second_moment)), {}, digits)({});
  if (!e.converged) return std::nullopt;
  return std::make_pair(e.value, static_cast<double>(digits + num::kGuardDigits));
}

bool uses_iid_symbols(const GiNaC::ex& e) {
  const auto& s = sym::symbols();
  return e.has(s.mu) || e.has(s.sigma);
}

}  // namespace

VariantResult check_feature_map_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  const unsigned digits = options.digits;
  VariantResult result;
  result.spec = spec;
  progress(fmt::format("[{}] deriving S for non-negative linear attention", spec.name));
  const sym::LinearAttentionDerivation d = sym::derive_linear_attention();
  result.status = "derived";
  result.S = d.S_general;
  result.forms = {{"\\mathbb{E} a", d.mean},
                  {"\\mathbb{E} a^2", d.second_moment},
                  {"S", d.S_general},
                  {"S \\text{ (iid components)}", d.S_iid},
                  {"S(\\rho, r)", d.S_snr}};
  result.notes.push_back("$\\rho = \\tilde\\mu/\\tilde\\sigma$ is the signal-to-noise ratio of the components of $\\tilde k$ "
                         "and $r = \\|\\tilde q\\|_2/\\|\\tilde q\\|_1$.");

  // closed form (invariants) vs direct computation from the vectors, at every case
  const ClaimDomain cases = claim_domain(spec, options.seed_for(std::nullopt));
  for (std::size_t k = 0; k < spec.cases.size(); ++k) {
    CheckRecord r;
    r.variant = spec.name;
    r.check = "closed-vs-direct";
    r.point = cases.points[k].where;
    r.method = "exact moments of q~.k~ from the vectors";
    const auto reference = direct(spec.cases[k], digits);
    NumericOutcome outcome;
    if (reference) outcome = {true, reference->first, reference->second, ""};
    else outcome.failure = "the direct computation did not converge";
    judge_closed_vs_numeric(r, num::AdaptiveEvaluator(d.S_general.subs(cases.points[k].substitution), {}, digits)({}), outcome,
                            digits);
    result.records.push_back(std::move(r));
  }

  // claims: general ones on every case, iid ones (mu, sigma) on the iid cases
  const PointWitness witness = [&](const ClaimPoint& p) -> std::optional<std::pair<Real, double>> {
    const std::size_t index = std::stoul(p.where.front().second) - 1;
    return direct(spec.cases[index], digits);
  };
  for (const Claim& claim : spec.claims) {
    progress(fmt::format("[{}] claim {}", spec.name, claim.id));
    const bool iid = uses_iid_symbols(claim.S);
    const ClaimDomain domain = claim_domain(spec, options.seed_for(std::nullopt), iid);
    if (domain.points.empty()) {
      CheckRecord r = claim_without_derivation(spec, claim, "");
      r.detail = "the claim assumes iid components (it uses mu or sigma) but the spec has no iid case";
      result.records.push_back(std::move(r));
      continue;
    }
    result.records.push_back(check_claim_on_domain(spec, claim, claim.S, iid ? d.S_iid : d.S_general, domain, digits, witness));
  }
  check_properties(spec, {d.S_snr, nullptr}, options, result, progress);
  return result;
}

}  // namespace attnverify
