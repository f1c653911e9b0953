// The standard property kinds, one registration line each (src/properties/registry.cpp): even,
// limit, infimum, supremum, monotone, convex, bound, norm-ratio, sampled. Each lives in its own
// file under src/properties/kinds/ and implements PropertyKind (src/spec/property_kind.hpp).
#pragma once

#include "src/spec/property_kind.hpp"

namespace attnverify {

/// The registry every command uses.
const PropertyKindRegistry& standard_property_kinds();

}  // namespace attnverify
