#include "src/kinds/registry.hpp"

#include "src/kinds/fact/fact_kind.hpp"
#include "src/kinds/feature_map/feature_map_kind.hpp"
#include "src/kinds/kernel/kernel_kind.hpp"
#include "src/kinds/measure/measure_kind.hpp"
#include "src/kinds/sequence/sequence_kind.hpp"
#include "src/properties/registry.hpp"

namespace attnverify {

const KindRegistry& standard_kinds() {
  static const KindRegistry registry = [] {
    KindRegistry r;
    r.add(kernel_kind());
    r.add(sequence_kind());
    r.add(feature_map_kind());
    r.add(measure_kind());
    r.add(fact_kind());
    return r;
  }();
  return registry;
}

Spec load_spec(const std::string& path, const Bibliography& bibliography) {
  return load_spec(path, bibliography, standard_kinds(), standard_property_kinds());
}

std::vector<Spec> load_specs(const std::string& path, const Bibliography& bibliography) {
  return load_specs(path, bibliography, standard_kinds(), standard_property_kinds());
}

Spec load_spec(const std::string& path, const Bibliography& bibliography, const KindRegistry& kinds) {
  return load_spec(path, bibliography, kinds, standard_property_kinds());
}

}  // namespace attnverify
