// Feature-map variants given by explicit moments (non-negative linear attention,
// Su2023 eq. 8-9): the derived S in the invariants vs direct computation from the
// explicit vectors at each case, claims, properties. Feature maps given by phi are
// checked in src/kinds/feature_map/phi_feature_map_checks.cpp; both share check_feature_map_claims.
#include <fmt/format.h>

#include "proofs/linear_attention.hpp"
#include "proofs/symbols.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/kinds/direct_route.hpp"
#include "src/properties/property_checks.hpp"
#include "src/kinds/feature_map/feature_map_kind.hpp"

namespace attnverify {

void check_feature_map_claims(const Spec& spec, const sym::LinearAttentionDerivation& d, const ClaimDomain& cases,
                              const RunOptions& options, const PointWitness& witness, VariantResult& result,
                              const Progress& progress) {
  const auto& s = sym::symbols();
  const ClaimDomain iid = iid_cases(spec, cases);
  for (const Claim& claim : spec.claims) {
    progress(fmt::format("[{}] claim {}", spec.name, claim.id));
    const bool uses_mu_sigma = claim.S.has(s.mu) || claim.S.has(s.sigma);  // eq. 9 style: iid components only
    const ClaimDomain& domain = uses_mu_sigma ? iid : cases;
    if (domain.points.empty()) {
      CheckRecord r = claim_without_derivation(spec, claim, "");
      r.detail = "the claim assumes iid components (it uses mu or sigma) but the spec has no case with iid components";
      result.records.push_back(std::move(r));
      continue;
    }
    result.records.push_back(check_claim_on_domain(
        spec, claim, [](const GiNaC::ex& e) { return e; }, uses_mu_sigma ? d.S_iid : d.S_general, domain,
        options.digits, witness));
  }
}

PropertyTarget feature_map_property_target() {
  PropertyTarget target;
  target.S = sym::derive_linear_attention().S_snr;
  return target;
}

VariantResult check_feature_map_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  const unsigned digits = options.digits;
  VariantResult result;
  result.spec = spec;
  progress(fmt::format("[{}] deriving S for non-negative linear attention", spec.name));
  const sym::LinearAttentionDerivation d = sym::derive_linear_attention();
  result.status = ClosedFormStatus::Derived;
  result.S = d.S_general;
  result.forms = {{"\\mathbb{E} a", d.mean},
                  {"\\mathbb{E} a^2", d.second_moment},
                  {"S", d.S_general},
                  {"S \\text{ (iid components)}", d.S_iid},
                  {"S(\\rho, r)", d.S_snr}};
  result.notes.push_back(
      "$\\rho = \\tilde\\mu/\\tilde\\sigma$ is the signal-to-noise ratio of the components of $\\tilde k$ "
      "and $r = \\|\\tilde q\\|_2/\\|\\tilde q\\|_1$.");

  // closed form (invariants) vs direct computation from the vectors, at every case
  const DirectRoute direct = [&](std::size_t index) {
    const auto m = sym::linear_case_moments(kind_data<FeatureMapData>(spec).cases[index]);
    return direct_S(m.mean, m.second_moment, digits);  // a >= 0: E|a| = E a
  };
  const ClaimDomain cases = claim_domain(spec, options.seed_for(std::nullopt));
  const DirectBall direct_ball = [&](std::size_t index) {
    const auto m = sym::linear_case_moments(kind_data<FeatureMapData>(spec).cases[index]);
    return direct_S_ball(m.mean, m.second_moment, digits);
  };
  check_closed_vs_direct(spec, cases, d.S_general, direct, "exact moments of q~.k~ from the vectors", digits,
                         result.records, direct_ball);

  check_feature_map_claims(spec, d, cases, options, direct_witness(direct), result, progress);
  check_properties(spec, feature_map_property_target(), options, result, progress);
  return result;
}

}  // namespace attnverify
