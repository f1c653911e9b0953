// Measure variants: the sparsity measure S(x) of explicit vectors (Su2023 eq. 1,
// Su2023-sparsity). The derived S in (x1, x2, n) vs direct computation from each
// vector, claims (rewritten from E_abs, E_sq, Var_abs into x1, x2, n), properties.
#include <fmt/format.h>

#include "proofs/sparsity_measure.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/kinds/direct_route.hpp"
#include "src/properties/property_checks.hpp"
#include "src/kinds/measure/measure_kind.hpp"

namespace attnverify {

PropertyTarget measure_property_target() {
  PropertyTarget target;
  target.S = 0;
  target.no_closed_form_reason = "the sparsity measure of a vector has no S in parameters for properties to examine";
  return target;
}

VariantResult check_measure_variant(const Spec& spec, const RunOptions& options, const Progress& progress) {
  const unsigned digits = options.digits;
  VariantResult result;
  result.spec = spec;
  const sym::SparsityMeasureDerivation d = sym::derive_sparsity_measure();
  result.status = ClosedFormStatus::Derived;
  result.S = d.S;
  result.forms = {{"S", d.S_moments}, {"S(x)", d.S}};
  const ClaimDomain domain = claim_domain(spec, options.seed_for(std::nullopt));
  const DirectRoute direct = [&](std::size_t index) {
    const auto m = sym::vector_moments(kind_data<MeasureData>(spec).vectors[index]);
    return direct_S(m.mean_abs, m.mean_square, digits);
  };
  const DirectBall direct_ball = [&](std::size_t index) {
    const auto m = sym::vector_moments(kind_data<MeasureData>(spec).vectors[index]);
    return direct_S_ball(m.mean_abs, m.mean_square, digits);
  };
  check_closed_vs_direct(spec, domain, d.S, direct, "mean|x| / sqrt(mean x^2) from the vector", digits, result.records,
                         direct_ball);
  const PointWitness witness = direct_witness(direct);
  for (const Claim& claim : spec.claims) {
    progress(fmt::format("[{}] claim {}", spec.name, claim.id));
    result.records.push_back(check_claim_on_domain(
        spec, claim, [](const GiNaC::ex& e) { return sym::vector_form(e); }, d.S, domain, digits, witness));
  }
  check_properties(spec, measure_property_target(), options, result, progress);
  return result;
}

}  // namespace attnverify
