#include "src/spec/property_spec.hpp"

#include <algorithm>

#include "src/spec/toml_reader.hpp"

namespace attnverify {

using GiNaC::numeric;

std::string to_string(PropertyKind kind) {
  switch (kind) {
    case PropertyKind::Even:
      return "even";
    case PropertyKind::Limit:
      return "limit";
    case PropertyKind::Infimum:
      return "infimum";
    case PropertyKind::Supremum:
      return "supremum";
    case PropertyKind::Monotone:
      return "monotone";
    case PropertyKind::Bound:
      return "bound";
    case PropertyKind::NormRatio:
      return "norm-ratio";
    case PropertyKind::Sampled:
      return "sampled";
  }
  return "?";
}

namespace {

const std::vector<std::pair<std::string, PropertyKind>>& kinds() {
  static const std::vector<std::pair<std::string, PropertyKind>> all{{"even", PropertyKind::Even},
                                                                     {"limit", PropertyKind::Limit},
                                                                     {"infimum", PropertyKind::Infimum},
                                                                     {"supremum", PropertyKind::Supremum},
                                                                     {"monotone", PropertyKind::Monotone},
                                                                     {"bound", PropertyKind::Bound},
                                                                     {"norm-ratio", PropertyKind::NormRatio},
                                                                     {"sampled", PropertyKind::Sampled}};
  return all;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none" : out;
}

std::string parameter_of(TomlReader& reader, const std::string& key, const std::vector<std::string>& parameters) {
  const std::string name = reader.required_string(key);
  if (std::find(parameters.begin(), parameters.end(), name) == parameters.end())
    reader.fail(key, "unknown parameter '" + name + "' (parameters of this variant: " + joined(parameters) + ")");
  return name;
}

// {name = value or [values]}, names among the parameters
std::vector<std::pair<std::string, std::vector<numeric>>> read_at(TomlReader& reader,
                                                                  const std::vector<std::string>& parameters) {
  std::vector<std::pair<std::string, std::vector<numeric>>> out;
  const toml::table* table = reader.optional_table("at");
  if (!table) return out;
  for (auto&& [key, node] : *table) {
    const std::string name(key.str());
    const std::string path = reader.path("at." + name);
    if (std::find(parameters.begin(), parameters.end(), name) == parameters.end())
      throw SpecError(reader.file(), line_of(node), path,
                      "unknown parameter (parameters of this variant: " + joined(parameters) + ")");
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
std::vector<std::pair<std::string, std::pair<numeric, numeric>>> read_over(TomlReader& reader,
                                                                           const std::vector<std::string>& parameters) {
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
                      "unknown parameter (parameters of this variant: " + joined(parameters) + ")");
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

PropertyCheck read_check(TomlReader& reader, const std::vector<std::string>& parameters) {
  PropertyCheck c;
  c.line = reader.line();
  const std::string kind = reader.required_string("kind");
  const auto found = std::find_if(kinds().begin(), kinds().end(), [&](const auto& k) { return k.first == kind; });
  if (found == kinds().end()) {
    std::vector<std::string> names;
    for (const auto& k : kinds()) names.push_back(k.first);
    reader.fail("kind", "unknown property kind '" + kind + "' (known: " + joined(names) + ")");
  }
  c.kind = found->second;
  auto claimed_value = [&](const std::string& key, std::vector<std::string> symbols) {
    if (const auto text = reader.optional_string(key, Text::Expression)) {
      c.value_text = *text;
      c.value = parse_expression_at(reader, key, *text, symbols);
    }
  };
  switch (c.kind) {
    case PropertyKind::Even:
      c.parameter = parameter_of(reader, "parameter", parameters);
      break;
    case PropertyKind::Limit: {
      c.parameter = parameter_of(reader, "parameter", parameters);
      c.to = reader.required_string("to");
      if (c.to != "0" && c.to != "inf") reader.fail("to", "must be \"0\" or \"inf\" (found '" + c.to + "')");
      c.at = read_at(reader, parameters);
      for (const auto& name : parameters)
        if (name != c.parameter &&
            std::none_of(c.at.begin(), c.at.end(), [&](const auto& a) { return a.first == name; }))
          reader.fail("at", "missing the value of parameter '" + name + "' (the limit is taken with it fixed)");
      claimed_value("value", {});
      if (!c.value) reader.fail("value", "missing: the claimed limit");
      break;
    }
    case PropertyKind::Infimum:
    case PropertyKind::Supremum: {
      c.over = read_over(reader, parameters);
      claimed_value("value", {});
      const char* strict = c.kind == PropertyKind::Infimum ? "greater_than" : "less_than";
      if (const toml::node* node = reader.optional_node(strict)) {
        (c.kind == PropertyKind::Infimum ? c.greater_than : c.less_than) =
            read_exact_number(*node, reader.file(), reader.path(strict));
      }
      if (!c.value && !c.greater_than && !c.less_than)
        reader.fail("value", std::string("missing: give the claimed value or ") + strict);
      break;
    }
    case PropertyKind::Monotone:
      c.parameter = parameter_of(reader, "parameter", parameters);
      c.direction = reader.required_string("direction");
      if (c.direction != "increasing" && c.direction != "decreasing")
        reader.fail("direction", "must be increasing or decreasing (found '" + c.direction + "')");
      c.over = read_over(reader, parameters);
      break;
    case PropertyKind::Bound:
      c.relation = reader.required_string("relation");
      if (c.relation != "<" && c.relation != "<=" && c.relation != ">" && c.relation != ">=")
        reader.fail("relation", "must be one of < <= > >= (found '" + c.relation + "')");
      c.bound_text = reader.required_string("bound", Text::Expression);
      {
        sym::ParsedExpression parsed = parse_with_conditions_at(reader, "bound", c.bound_text, parameters);
        c.bound = parsed.value;
        c.bound_conditions = std::move(parsed.conditions);
      }
      // the range of lambda the statement is made on (sequences): the domain (0, 1], or (0, 1)
      // for a statement that excludes lambda = 1 (docs/spec-format.md, "Properties")
      if (const auto range = reader.optional_string("lambda")) {
        if (std::find(parameters.begin(), parameters.end(), "lambda") == parameters.end())
          reader.fail("lambda", "only a sequence's bound has a range of lambda (parameters of this variant: " +
                                    joined(parameters) + ")");
        if (*range != "(0, 1)" && *range != "(0, 1]")
          reader.fail("lambda", "must be \"(0, 1]\" (the domain, the default) or \"(0, 1)\" (found '" + *range + "')");
        c.excludes_lambda_one = *range == "(0, 1)";
      }
      break;
    case PropertyKind::NormRatio: {
      c.quantity_text = reader.required_string("quantity", Text::Expression);
      {
        sym::ParsedExpression parsed = parse_with_conditions_at(reader, "quantity", c.quantity_text, {"r", "d"});
        c.quantity = parsed.value;
        c.quantity_conditions = std::move(parsed.conditions);
      }
      const toml::array* dims = reader.optional_array("d");
      if (!dims || dims->empty()) reader.fail("d", "missing: the dimensions to check, e.g. d = [1, 2, 16, 256]");
      for (std::size_t k = 0; k < dims->size(); ++k) {
        const toml::node& node = (*dims)[k];
        if (!node.is_integer() || node.as_integer()->get() < 1 || node.as_integer()->get() > 1024)
          throw SpecError(reader.file(), line_of(node), reader.path("d[" + std::to_string(k) + "]"),
                          "expected an integer dimension in [1, 1024]");
        c.dimensions.push_back(static_cast<unsigned>(node.as_integer()->get()));
      }
      if (const auto text = reader.optional_string("maximum", Text::Expression)) {
        c.maximum_text = *text;
        c.maximum = parse_expression_at(reader, "maximum", *text, {"d"});
      }
      if (const auto text = reader.optional_string("minimum", Text::Expression)) {
        c.minimum_text = *text;
        c.minimum = parse_expression_at(reader, "minimum", *text, {"d"});
      }
      if (!c.maximum && !c.minimum) reader.fail("maximum", "missing: give the claimed maximum, minimum or both");
      break;
    }
    case PropertyKind::Sampled:
      break;
  }
  return c;
}

}  // namespace

std::vector<Property> read_properties(TomlReader& root, const std::string& file, const Bibliography& bibliography,
                                      const std::vector<std::string>& parameters) {
  std::vector<Property> out;
  const toml::array* array = root.optional_array("properties");
  if (!array) return out;
  for (std::size_t k = 0; k < array->size(); ++k) {
    const toml::node& node = (*array)[k];
    const std::string prefix = "properties[" + std::to_string(k) + "]";
    if (!node.is_table()) throw SpecError(file, line_of(node), prefix, "expected a [[properties]] table");
    TomlReader reader(*node.as_table(), file, prefix, line_of(node));
    Property p;
    p.line = line_of(node);
    p.id = reader.required_string("id", Text::Identifier);
    p.source = reader.required_string("source", Text::Identifier);
    if (!bibliography.count(p.source))
      reader.fail("source", "unknown source '" + p.source +
                                "' (not a key of the bibliography; it is read from bibliography.toml beside the specs, "
                                "or --bibliography)");
    p.equation = reader.optional_string("equation").value_or("");
    p.statement = reader.required_string("statement");
    const Expectation expectation = read_expectation(reader);
    p.expected = expectation.expected;
    p.reason = expectation.reason;
    p.role = expectation.role;
    p.note = reader.optional_string("note").value_or("");
    p.quote = read_source_quote(reader, bibliography);
    if (const toml::array* checks = reader.optional_array("checks")) {
      if (checks->empty()) reader.fail("checks", "empty: give at least one check");
      for (std::size_t j = 0; j < checks->size(); ++j) {
        const toml::node& item = (*checks)[j];
        const std::string path = prefix + ".checks[" + std::to_string(j) + "]";
        if (!item.is_table()) throw SpecError(file, line_of(item), path, "expected a table");
        TomlReader check(*item.as_table(), file, path, line_of(item));
        p.checks.push_back(read_check(check, parameters));
        check.finish();
      }
    } else {
      p.checks.push_back(read_check(reader, parameters));
    }
    // a sampled check decides its property from the variant's Monte Carlo checks alone (after
    // the run's multiple-comparison step), so it cannot be combined with other checks, whose
    // verdict it would replace (a certified counterexample read as agree)
    if (p.checks.size() > 1 && std::any_of(p.checks.begin(), p.checks.end(), [](const PropertyCheck& c) {
          return c.kind == PropertyKind::Sampled;
        }))
      reader.fail("checks", "a `sampled` check is decided by the variant's Monte Carlo checks alone and cannot be "
                            "combined with other checks in one property: give it a [[properties]] of its own");
    reader.finish();
    for (const Property& other : out)
      if (other.id == p.id) reader.fail("id", "duplicate property id '" + p.id + "'");
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace attnverify
