// The sequence kind: explicit weights a_i(lambda, n, i), i = 1..n, and
// S_n = (1/n) sum |a_i| / sqrt((1/n) sum a_i^2) (Su2023 eq. 10-11 for the decay of a
// linear RNN, a_i = lambda^(n-i)). Spec keys: weight in [variant], a (lambda, n)
// [grid] (docs/spec-format.md).
#pragma once

#include <memory>

#include "src/spec/kind.hpp"
#include "src/properties/property_checks.hpp"
#include "src/verdicts/run_options.hpp"
#include "src/verdicts/variant_result.hpp"

namespace attnverify {

/// The registry entry (src/kinds/registry.cpp).
std::shared_ptr<const Kind> sequence_kind();

/// What the sequence's properties are judged on: the derived S_n and its derivation (the
/// lambda = 1 form, the asymptotics), or none (ex(0)), the reason and the exact sum in ball
/// arithmetic at working precision `digits` for the lattice route (src/properties/lattice_checks.hpp).
PropertyTarget sequence_property_target(const Spec& spec, unsigned digits);

/// Derivation, closed form vs exact summation at every grid point, the limit n -> inf,
/// claims and properties (src/kinds/sequence/sequence_checks.cpp).
VariantResult check_sequence_variant(const Spec& spec, const RunOptions& options, const Progress& progress);

}  // namespace attnverify
