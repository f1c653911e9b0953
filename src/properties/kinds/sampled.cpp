// The property kind `sampled`: Su2023 eq. 4, the scalar reduction S(beta, gamma) agrees with
// Monte Carlo over real d-dimensional attention weights. Its check is pending here; the property
// is decided from the variant's sampled checks after the multiple-comparison correction
// (judge_sampled_properties, src/properties/property_checks.hpp), so it stands alone in its
// property (src/spec/property_spec.cpp).
#include <memory>

#include "src/properties/property_checks.hpp"
#include "src/properties/property_outcome.hpp"
#include "src/spec/property_kind.hpp"

namespace attnverify {

namespace {

struct SampledCheck : PropertyCheckData {};

class Sampled final : public PropertyKind {
 public:
  std::string name() const override { return "sampled"; }
  std::shared_ptr<const PropertyCheckData> read(TomlReader&, const std::vector<std::string>&) const override {
    return std::make_shared<SampledCheck>();
  }
  PropertyInput input() const override { return PropertyInput::SampledChecks; }
  std::optional<ParameterRanges> box(const PropertyCheck&) const override { return std::nullopt; }
  PropertyOutcome check(const Spec&, const PropertyCheck&, const PropertyTarget&, const RunOptions&) const override {
    PropertyOutcome pending;
    pending.method = "sampled";
    pending.finding = "decided from the sampled checks after the multiple-comparison correction";
    return pending;
  }
};

}  // namespace

std::shared_ptr<const PropertyKind> sampled_property() { return std::make_shared<Sampled>(); }

}  // namespace attnverify
