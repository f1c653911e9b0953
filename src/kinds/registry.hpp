// The standard variant kinds, one registration line each (src/kinds/registry.cpp):
// kernel, sequence, feature_map, measure, fact. Each lives in its own folder under
// src/kinds/ and implements Kind (src/spec/kind.hpp).
#pragma once

#include <string>

#include "src/spec/bibliography.hpp"
#include "src/spec/kind.hpp"
#include "src/spec/spec.hpp"

namespace attnverify {

/// The registry every command uses.
const KindRegistry& standard_kinds();

/// load_spec with the standard kinds and property kinds (src/properties/registry.hpp).
Spec load_spec(const std::string& path, const Bibliography& bibliography);
/// load_specs (a sweep's members, or the one variant) with the standard kinds and property kinds.
std::vector<Spec> load_specs(const std::string& path, const Bibliography& bibliography);

/// load_spec with `kinds` and the standard property kinds.
Spec load_spec(const std::string& path, const Bibliography& bibliography, const KindRegistry& kinds);

}  // namespace attnverify
