// The fact kind: attention facts that are not about S (permutation symmetry and
// biases, normalisation layers, the naive Bayes identity, noise robustness, the entropy
// of softmax and its scale). Each claim names a built-in test and a setting
// (src/kinds/fact/fact_tests.hpp); the spec has an optional [experiment] table
// (docs/spec-format.md).
#pragma once

#include <memory>
#include <optional>

#include "src/spec/kind.hpp"
#include "src/properties/property_checks.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

/// The registry entry (src/kinds/registry.cpp).
/// The fact kind's own spec data (Spec::kind_data), from [experiment].
struct FactData final : KindData {
  unsigned trials = 24;                 ///< random trials per randomised test (1 to 1000)
  std::optional<unsigned long> seed;    ///< the experiment's seed, if the spec gives one
};

std::shared_ptr<const Kind> fact_kind();

/// Each claim's built-in test in its setting (src/kinds/fact/fact_checks.cpp).
/// What a fact spec's properties are judged on: no S (ex(0)); norm-ratio properties examine
/// their own quantity.
PropertyTarget fact_property_target();

VariantResult check_fact_variant(const Spec& spec, const RunOptions& options, const Progress& progress);

}  // namespace attnverify
