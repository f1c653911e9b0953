// The kernel kind: a_j ∝ f(q.k_j) with Gaussian keys, S(beta, gamma) =
// E|f(X)| / sqrt(E f(X)^2), X = beta + gamma eps (Su2023 eq. 4). Spec keys: f in
// [variant], a (beta, gamma) [grid], optional [sampling] (docs/spec-format.md).
#pragma once

#include <memory>

#include "src/spec/kind.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

/// The registry entry (src/kinds/registry.cpp).
std::shared_ptr<const Kind> kernel_kind();

/// Derivation, closed form vs quadrature at every grid point, Monte Carlo, claims and
/// properties (src/kinds/kernel/kernel_checks.cpp).
VariantResult check_kernel_variant(const Spec& spec, const RunOptions& options, const Progress& progress);

}  // namespace attnverify
