#include "tests/property_kinds/greater_at.hpp"

#include <fmt/format.h>

#include "numerics/ball.hpp"
#include "numerics/ball_expression.hpp"
#include "src/properties/exact_values.hpp"
#include "src/properties/property_box.hpp"
#include "src/properties/property_checks.hpp"
#include "src/properties/property_outcome.hpp"
#include "src/spec/exact_text.hpp"
#include "src/spec/property_spec.hpp"
#include "src/spec/toml_reader.hpp"

namespace attnverify::testing {

namespace {

struct GreaterAtCheck : PropertyCheckData {
  FixedValues at;               ///< one value per parameter
  GiNaC::numeric greater_than;  ///< t
};

class GreaterAt final : public PropertyKind {
 public:
  std::string name() const override { return "greater-at"; }
  std::shared_ptr<const PropertyCheckData> read(TomlReader& reader,
                                                const std::vector<std::string>& parameters) const override {
    auto c = std::make_shared<GreaterAtCheck>();
    c->at = read_property_at(reader, parameters);
    if (c->at.size() != parameters.size()) reader.fail("at", "give one value of every parameter");
    const toml::node* t = reader.optional_node("greater_than");
    if (!t) reader.fail("greater_than", "missing: the bound t of S > t");
    c->greater_than = read_exact_number(*t, reader.file(), reader.path("greater_than"));
    return c;
  }
  PropertyInput input() const override { return PropertyInput::DerivedS; }
  std::optional<ParameterRanges> box(const PropertyCheck&) const override { return std::nullopt; }
  PropertyOutcome check(const Spec& spec, const PropertyCheck& check, const PropertyTarget& target,
                        const RunOptions&) const override {
    if (target.S.is_zero()) return without_closed_form(target);
    const auto& c = check_data<GreaterAtCheck>(check);
    std::vector<GiNaC::numeric> point;
    for (const std::string& name : spec.property_parameters())
      for (const auto& [key, values] : c.at)
        if (key == name) point.push_back(values.front());
    num::Ball gap = num::BallExpression(target.S - c.greater_than, parameter_symbols(spec))(point, 256);
    PropertyOutcome out;
    out.method = "a ball of S at the point";
    out.point = exact_point_values(spec.property_parameters(), point);
    out.values = {{"S_minus_t", ball_text(gap)}};
    const std::string where = describe_point(out.point);
    if (gap.positive()) {
      out.verdict = Verdict::Agree;
      out.evidence = {EvidenceLevel::CertifiedOnBox, fmt::format("S > {} at {}", exact_text(c.greater_than), where)};
    } else if (gap.nonpositive()) {
      out.verdict = Verdict::Disagree;
      out.certified = true;
      out.evidence = {EvidenceLevel::CertifiedCounterexample,
                      fmt::format("S <= {} at {}", exact_text(c.greater_than), where)};
    }
    out.finding = "S - t in " + ball_text(gap) + " at " + where + ".";
    return out;
  }
};

}  // namespace

std::shared_ptr<const PropertyKind> greater_at_property() { return std::make_shared<GreaterAt>(); }

}  // namespace attnverify::testing
