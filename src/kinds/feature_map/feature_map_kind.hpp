// The feature_map kind: non-negative linear attention a_j = q~.k~_j with q~, k~ >= 0
// (Su2023 eq. 8-9). Either explicit cases of q~ and the mean mu~ and covariance Sigma~
// of k~, or phi in [variant]: q~ = phi(q), k~ = phi(k) componentwise with
// k ~ N(mu, diag(sigma^2)), whose moments are derived from phi (docs/spec-format.md).
#pragma once

#include <memory>
#include <vector>

#include "proofs/linear_attention.hpp"
#include "src/spec/kind.hpp"
#include "src/properties/property_checks.hpp"
#include "src/verdicts/claim_check.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

/// A feature-map case in raw coordinates: q, mu, sigma of length d (sigma > 0).
struct PhiCase {
  std::vector<GiNaC::numeric> q, mu, sigma;
  /// True when every component has the same (mu, sigma): iid components of k~.
  bool iid() const;
};

/// The feature map's own spec data (Spec::kind_data), read from [[grid.cases]].
struct FeatureMapData final : KindData {
  /// without phi: explicit (q~, mu~, Sigma~) cases
  std::vector<sym::LinearCase> cases;
  /// with phi (definition = phi(x)): raw query q and key law k ~ N(mu, diag(sigma^2));
  /// q~ = phi(q), mu~ and Sigma~ are derived from phi
  std::vector<PhiCase> phi_cases;
};

/// The registry entry (src/kinds/registry.cpp).
std::shared_ptr<const Kind> feature_map_kind();

/// True when the feature map is given by phi (rather than by explicit moments).
bool has_phi(const Spec& spec);

/// Explicit moments: S of eq. 8 against the direct computation at every case, claims,
/// properties (src/kinds/feature_map/feature_map_checks.cpp).
/// What a feature map's properties are judged on, with phi or without: S(snr, r) of Su2023
/// eq. 9 (src/kinds/feature_map/feature_map_checks.cpp).
PropertyTarget feature_map_property_target();

VariantResult check_feature_map_variant(const Spec& spec, const RunOptions& options, const Progress& progress);
/// Given by phi: derived moments against quadrature, S, Monte Carlo over real q and keys
/// (src/kinds/feature_map/phi_feature_map_checks.cpp).
VariantResult check_phi_feature_map_variant(const Spec& spec, const RunOptions& options, const Progress& progress);

/// The claims of a feature-map spec (both forms): general claims on `cases` (the
/// caller's claim_domain of every case), claims in mu or sigma (eq. 9, iid components)
/// on the iid cases; `witness` is the numeric route.
void check_feature_map_claims(const Spec& spec, const sym::LinearAttentionDerivation& d, const ClaimDomain& cases,
                              const RunOptions& options, const PointWitness& witness, VariantResult& result,
                              const Progress& progress);

/// How a case given by phi is named in records: case, d, q, mu, sigma.
NamedValues phi_case_description(const PhiCase& c, std::size_t index);

/// The cases of `cases` (claim_domain of the spec) whose key components are iid, the
/// domain of claims in mu and sigma (Su2023 eq. 9).
ClaimDomain iid_cases(const Spec& spec, const ClaimDomain& cases);

}  // namespace attnverify
