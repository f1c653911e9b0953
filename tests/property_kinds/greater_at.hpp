// A throwaway property kind for tests/property_kind_registry_test.cpp, added the way
// docs/architecture.md, "Adding a property kind", says: `greater-at`, S > t at one stated point,
// decided by a ball of S's closed form there. It is not a standard kind.
#pragma once

#include <memory>

#include "src/spec/property_kind.hpp"

namespace attnverify::testing {

std::shared_ptr<const PropertyKind> greater_at_property();

}  // namespace attnverify::testing
