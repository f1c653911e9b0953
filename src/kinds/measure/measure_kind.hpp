// The measure kind: the sparsity measure of a vector x itself,
// S(x) = E|x| / sqrt(E x^2) with the empirical expectation (Su2023 eq. 1-2). Spec keys:
// [grid] vectors (docs/spec-format.md).
#pragma once

#include <ginac/ginac.h>

#include <memory>
#include <vector>

#include "src/spec/kind.hpp"
#include "src/properties/property_checks.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

/// The measure's own spec data (Spec::kind_data): [grid] vectors, each not all zero.
struct MeasureData final : KindData {
  std::vector<std::vector<GiNaC::numeric>> vectors;
};

/// The registry entry (src/kinds/registry.cpp).
std::shared_ptr<const Kind> measure_kind();

/// What the measure's properties are judged on: no S in parameters (ex(0); norm-ratio
/// properties examine their own quantity).
PropertyTarget measure_property_target();

/// The derived S against the direct computation at every vector, claims, properties
/// (src/kinds/measure/measure_checks.cpp).
VariantResult check_measure_variant(const Spec& spec, const RunOptions& options, const Progress& progress);

}  // namespace attnverify
