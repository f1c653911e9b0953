#include "src/spec/property_spec.hpp"

#include <algorithm>

#include "src/spec/toml_reader.hpp"

namespace attnverify {

using GiNaC::numeric;

void PropertyKindRegistry::add(std::shared_ptr<const PropertyKind> kind) {
  if (find(kind->name())) throw std::invalid_argument("the property kind '" + kind->name() + "' is registered twice");
  kinds_.push_back(std::move(kind));
}

std::shared_ptr<const PropertyKind> PropertyKindRegistry::find(const std::string& name) const {
  for (const auto& kind : kinds_)
    if (kind->name() == name) return kind;
  return nullptr;
}

std::vector<std::string> PropertyKindRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& kind : kinds_) out.push_back(kind->name());
  return out;
}

std::string joined_names(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none" : out;
}

std::string read_property_parameter(TomlReader& reader, const std::string& key, const std::vector<std::string>& parameters) {
  const std::string name = reader.required_string(key);
  if (std::find(parameters.begin(), parameters.end(), name) == parameters.end())
    reader.fail(key, "unknown parameter '" + name + "' (parameters of this variant: " + joined_names(parameters) + ")");
  return name;
}

// {name = value or [values]}, names among the parameters
std::vector<std::pair<std::string, std::vector<numeric>>> read_property_at(TomlReader& reader,
                                                                           const std::vector<std::string>& parameters) {
  std::vector<std::pair<std::string, std::vector<numeric>>> out;
  const toml::table* table = reader.optional_table("at");
  if (!table) return out;
  for (auto&& [key, node] : *table) {
    const std::string name(key.str());
    const std::string path = reader.path("at." + name);
    if (std::find(parameters.begin(), parameters.end(), name) == parameters.end())
      throw SpecError(reader.file(), line_of(node), path,
                      "unknown parameter (parameters of this variant: " + joined_names(parameters) + ")");
    std::vector<numeric> values;
    if (node.is_array()) {
      for (std::size_t k = 0; k < node.as_array()->size(); ++k)
        values.push_back(read_exact_number((*node.as_array())[k], reader.file(), path + "[" + std::to_string(k) + "]"));
      if (values.empty()) throw SpecError(reader.file(), line_of(node), path, "empty list of values");
    } else {
      values.push_back(read_exact_number(node, reader.file(), path));
    }
    out.emplace_back(name, values);
  }
  return out;
}

// {name = [lo, hi]}
std::vector<std::pair<std::string, std::pair<numeric, numeric>>> read_property_over(
    TomlReader& reader, const std::vector<std::string>& parameters) {
  std::vector<std::pair<std::string, std::pair<numeric, numeric>>> out;
  const toml::table* table = reader.optional_table("over");
  if (!table)
    reader.fail("over",
                "missing: give the range of every parameter, e.g. over = { beta = [-10, 10], gamma = [0.001, 1000] }");
  for (auto&& [key, node] : *table) {
    const std::string name(key.str());
    const std::string path = reader.path("over." + name);
    if (std::find(parameters.begin(), parameters.end(), name) == parameters.end())
      throw SpecError(reader.file(), line_of(node), path,
                      "unknown parameter (parameters of this variant: " + joined_names(parameters) + ")");
    if (!node.is_array() || node.as_array()->size() != 2)
      throw SpecError(reader.file(), line_of(node), path, "expected a range [lo, hi]");
    const numeric lo = read_exact_number((*node.as_array())[0], reader.file(), path + "[0]");
    const numeric hi = read_exact_number((*node.as_array())[1], reader.file(), path + "[1]");
    if (hi < lo) throw SpecError(reader.file(), line_of(node), path, "the range is empty (hi < lo)");
    out.emplace_back(name, std::pair{lo, hi});
  }
  for (const auto& name : parameters)
    if (std::none_of(out.begin(), out.end(), [&](const auto& r) { return r.first == name; }))
      reader.fail("over", "missing the range of parameter '" + name + "'");
  return out;
}

namespace {

PropertyCheck read_check(TomlReader& reader, const std::vector<std::string>& parameters,
                         const PropertyKindRegistry& kinds) {
  PropertyCheck c;
  c.line = reader.line();
  const std::string kind = reader.required_string("kind");
  c.kind = kinds.find(kind);
  if (!c.kind) reader.fail("kind", "unknown property kind '" + kind + "' (known: " + joined_names(kinds.names()) + ")");
  c.data = c.kind->read(reader, parameters);
  return c;
}

}  // namespace

std::vector<Property> read_properties(TomlReader& root, const std::string& file, const Bibliography& bibliography,
                                      const std::vector<std::string>& parameters, const PropertyKindRegistry& kinds,
                                      SpecErrorList& errors) {
  std::vector<Property> out;
  const toml::array* array = root.optional_array("properties");
  if (!array) return out;
  for (std::size_t k = 0; k < array->size(); ++k) errors.attempt([&] {
    const toml::node& node = (*array)[k];
    const std::string prefix = "properties[" + std::to_string(k) + "]";
    if (!node.is_table()) throw SpecError(file, line_of(node), prefix, "expected a [[properties]] table");
    TomlReader reader(*node.as_table(), file, prefix, line_of(node));
    reader.use_constants(root.constants());  // a property's expressions may use the spec's parameters
    Property p;
    p.line = line_of(node);
    p.id = reader.required_string("id", Text::Identifier);
    const Expectation expectation = read_expectation(reader, bibliography);
    p.source = expectation.source;
    p.expected = expectation.expected;
    p.reason = expectation.reason;
    p.role = expectation.role;
    p.equation = reader.optional_string("equation").value_or("");
    p.statement = reader.required_string("statement");
    p.note = reader.optional_string("note").value_or("");
    p.quote = read_source_quote(reader, bibliography);
    check_attribution(reader, p.source, p.role, p.equation, p.quote, "");
    if (const toml::array* checks = reader.optional_array("checks")) {
      if (checks->empty()) reader.fail("checks", "empty: give at least one check");
      for (std::size_t j = 0; j < checks->size(); ++j) {
        const toml::node& item = (*checks)[j];
        const std::string path = prefix + ".checks[" + std::to_string(j) + "]";
        if (!item.is_table()) throw SpecError(file, line_of(item), path, "expected a table");
        TomlReader check(*item.as_table(), file, path, line_of(item));
        check.use_constants(root.constants());
        p.checks.push_back(read_check(check, parameters, kinds));
        check.finish();
      }
    } else {
      p.checks.push_back(read_check(reader, parameters, kinds));
    }
    // a sampled check alone decides its property from the variant's Monte Carlo checks (after the
    // run's multiple-comparison step); beside other checks it is a second, independent check of
    // what they decide, never replacing their verdict (src/properties/property_checks.cpp)
    reader.finish();
    for (const Property& other : out)
      if (other.id == p.id) reader.fail("id", "duplicate property id '" + p.id + "'");
    out.push_back(std::move(p));
  });
  return out;
}

}  // namespace attnverify
