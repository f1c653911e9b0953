// The kernel kind: a_j ∝ f(q.k_j), S(beta, gamma) = E|f(X)| / sqrt(E f(X)^2),
// X = beta + gamma eps (Su2023 eq. 4), eps standard normal (Gaussian keys) or another
// standardized score law (numerics/score_distribution.hpp). Spec keys: f, distribution and
// nu in [variant], a (beta, gamma) [grid], optional [sampling] (docs/spec-format.md).
#pragma once

#include <memory>

#include "numerics/score_distribution.hpp"
#include "proofs/kernel_derivation.hpp"
#include "src/kinds/kernel/kernel_route.hpp"
#include "src/spec/kind.hpp"
#include "src/spec/spec.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/properties/property_checks.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

/// The kernel's own spec data: the law of eps (`distribution`, default normal).
struct KernelData final : KindData {
  std::shared_ptr<const num::ScoreDistribution> law;
};

/// The registry entry (src/kinds/registry.cpp); `laws` are the score distributions a spec
/// may name (a test passes its own registry with a throwaway law).
std::shared_ptr<const Kind> kernel_kind(const num::ScoreDistributionRegistry& laws = num::standard_score_distributions());

/// The score law of a kernel spec (the standard normal when it names none).
std::shared_ptr<const num::ScoreDistribution> score_law(const Spec& spec);

/// The derivation the kernel's checks use: proofs/kernel_derivation.hpp's under the normal
/// law; under another, the same f and kinks with no closed form (and the reason).
sym::KernelDerivation kernel_derivation_under(const Spec& spec);

/// The kernel domain beta in R, gamma > 0 cut to `region` (KernelRoute::existence_region, known
/// and not whole) under the law titled `law_title`: gamma's range ends at the region's bound
/// rounded up to a double (a superset, so range enclosures stay sound; which exact points
/// belong to it is ClaimGeometry::value_exists's), the region's conditions c > 0 and 1/c > 0
/// as positive facts (a divisor that vanishes on the boundary, 2 gamma - sqrt2 for
/// gamma < sqrt2/2, is proved non-zero by its ratio to one), gamma's samples inside it, and
/// its description. The region is convex, so the domain stays connected.
sym::ParameterDomain kernel_domain_where_S_exists(const ExistenceRegion& region, const std::string& law_title);

/// Whether the derived S may be what a kernel's claims and properties are judged on
/// (issue 43). Normal law: whenever derived. Another law: where S exists is a known region
/// (KernelRoute::existence_region), the derivation's certificate is verified for both
/// moments, and every condition of S's form (divisors, radicands) is proved on that region;
/// properties, whose boxes and searches range over the whole kernel domain, only when the
/// region is the whole domain; else a property check whose box lies inside the region
/// (`region_positive`, PropertyTarget::RegionalForm). `reason` says why not (empty when both may).
struct ClosedFormUse {
  bool claims = false;
  bool properties = false;
  std::string reason;
  std::vector<GiNaC::ex> region_positive;  ///< where claims may use it: each > 0 (empty: everywhere)
  std::string region_text;                 ///< e.g. "gamma < sqrt(2)/2"
};
ClosedFormUse closed_form_use(const Spec& spec, const sym::KernelDerivation& derivation);

/// What the kernel's properties are judged on: the derived S where closed_form_use allows it,
/// else none (ex(0)), the reason, and the numeric route's certified ball of S at a point (at
/// working precision `digits`) for the checks a lattice decides (src/properties/lattice_checks.hpp).
PropertyTarget kernel_property_target(const Spec& spec, unsigned digits);

/// Derivation, closed form vs quadrature at every grid point, Monte Carlo, claims and
/// properties (src/kinds/kernel/kernel_checks.cpp).
VariantResult check_kernel_variant(const Spec& spec, const RunOptions& options, const Progress& progress);

/// The kernel grid's dealing across shards (Kind::grid_dealing): a block's records by the
/// same code as check_kernel_variant's, and the grid figure's marks (the numeric route's S at
/// the grid points with beta in {-2, ..., 2}) from the grid records.
const GridDealing& kernel_grid_dealing();

}  // namespace attnverify
