#include "src/properties/registry.hpp"

#include <memory>

namespace attnverify {

// The factories of src/properties/kinds/ (one per kind; extremum.cpp has two).
std::shared_ptr<const PropertyKind> even_property();
std::shared_ptr<const PropertyKind> limit_property();
std::shared_ptr<const PropertyKind> infimum_property();
std::shared_ptr<const PropertyKind> supremum_property();
std::shared_ptr<const PropertyKind> monotone_property();
std::shared_ptr<const PropertyKind> convex_property();
std::shared_ptr<const PropertyKind> bound_property();
std::shared_ptr<const PropertyKind> norm_ratio_property();
std::shared_ptr<const PropertyKind> sampled_property();
std::shared_ptr<const PropertyKind> scalar_reduction_property();

const PropertyKindRegistry& standard_property_kinds() {
  static const PropertyKindRegistry registry = [] {
    PropertyKindRegistry r;
    r.add(even_property());
    r.add(limit_property());
    r.add(infimum_property());
    r.add(supremum_property());
    r.add(monotone_property());
    r.add(convex_property());
    r.add(bound_property());
    r.add(norm_ratio_property());
    r.add(scalar_reduction_property());
    r.add(sampled_property());
    return r;
  }();
  return registry;
}

}  // namespace attnverify
