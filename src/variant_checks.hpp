// Runs every check of one variant: derive, compare closed form with the numeric
// route at each grid point, judge each claim, and compute the report's curves.
#pragma once

#include <functional>
#include <string>

#include "proofs/linear_attention.hpp"
#include "src/claim_check.hpp"
#include "src/run_options.hpp"
#include "src/variant_result.hpp"

namespace attnverify {

/// Receives one-line progress messages for long runs.
using Progress = std::function<void(const std::string&)>;

VariantResult check_kernel_variant(const Spec& spec, const RunOptions& options, const Progress& progress);
VariantResult check_sequence_variant(const Spec& spec, const RunOptions& options, const Progress& progress);
VariantResult check_feature_map_variant(const Spec& spec, const RunOptions& options, const Progress& progress);
/// Feature maps given by phi: derived moments, quadrature, Monte Carlo (src/phi_feature_map_checks.cpp).
VariantResult check_phi_feature_map_variant(const Spec& spec, const RunOptions& options, const Progress& progress);
VariantResult check_measure_variant(const Spec& spec, const RunOptions& options, const Progress& progress);
/// Attention facts (CLAIMS.md C): each claim a built-in test (src/fact_checks.cpp).
VariantResult check_fact_variant(const Spec& spec, const RunOptions& options, const Progress& progress);

/// The claims of a feature-map spec (both forms): general claims on `cases` (the
/// caller's claim_domain of every case), claims in mu or sigma (eq. 9, iid components)
/// on the iid cases; `witness` is the numeric route.
void check_feature_map_claims(const Spec& spec, const sym::LinearAttentionDerivation& d, const ClaimDomain& cases,
                              const RunOptions& options, const PointWitness& witness, VariantResult& result,
                              const Progress& progress);

/// Dispatches on spec.kind.
VariantResult check_variant(const Spec& spec, const RunOptions& options, const Progress& progress);

}  // namespace attnverify
