#include "src/spec/spec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "proofs/export_syntax.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"
#include "src/spec/exact_text.hpp"
#include "src/spec/file_digest.hpp"
#include "src/spec/spec_text.hpp"
#include "src/spec/toml_reader.hpp"

namespace attnverify {

using GiNaC::numeric;

std::string to_string(NumericRoute route) {
  switch (route) {
    case NumericRoute::Quadrature:
      return "quadrature";
    case NumericRoute::ExactSummation:
      return "exact summation";
    case NumericRoute::DirectComputation:
      return "direct computation";
    case NumericRoute::None:
      return "none";
  }
  return "?";
}

void KindRegistry::add(std::shared_ptr<const Kind> kind) {
  if (find(kind->name())) throw std::invalid_argument("the variant kind '" + kind->name() + "' is registered twice");
  kinds_.push_back(std::move(kind));
}

const Kind* KindRegistry::find(const std::string& name) const {
  for (const auto& kind : kinds_)
    if (kind->name() == name) return kind.get();
  return nullptr;
}

std::vector<std::string> KindRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& kind : kinds_) out.push_back(kind->name());
  return out;
}

namespace {
std::size_t grid_limit = kMaxGridPoints;
}

std::size_t max_grid_points() { return grid_limit; }
void set_max_grid_points(std::size_t limit) { grid_limit = limit; }

std::vector<std::string> Spec::parameter_names() const { return kind->claim_symbols(); }

std::vector<std::string> Spec::property_parameters() const { return kind->property_symbols(); }

std::vector<std::pair<std::string, std::string>> Spec::named_point(const GridPoint& p) const {
  std::vector<std::pair<std::string, std::string>> out;
  const auto names = parameter_names();
  for (std::size_t k = 0; k < p.size() && k < names.size(); ++k) out.emplace_back(names[k], exact_text(p[k]));
  return out;
}

namespace {

// Each [[claims]] table on its own: an error in one is kept in `errors` and the next is read.
void read_claims(Spec& spec, TomlReader& root, const Bibliography& bibliography, SpecErrorList& errors) {
  const toml::array* claims = root.optional_array("claims");
  if (!claims) return;
  for (std::size_t k = 0; k < claims->size(); ++k) errors.attempt([&] {
    const toml::node& node = (*claims)[k];
    const std::string prefix = "claims[" + std::to_string(k) + "]";
    if (!node.is_table()) throw SpecError(spec.file, line_of(node), prefix, "expected a [[claims]] table");
    TomlReader reader(*node.as_table(), spec.file, prefix, line_of(node));
    Claim claim;
    claim.line = line_of(node);
    claim.id = reader.required_string("id", Text::Identifier);
    const Expectation expectation = read_expectation(reader, bibliography);
    claim.source = expectation.source;
    claim.expected = expectation.expected;
    claim.reason = expectation.reason;
    claim.role = expectation.role;
    claim.equation = reader.optional_string("equation").value_or("");
    spec.kind->read_claim(reader, spec, claim);
    claim.latex = reader.optional_string("latex", Text::Formula).value_or("");
    claim.note = reader.optional_string("note").value_or("");
    claim.wrong_as_written = reader.optional_string("wrong_as_written").value_or("");
    claim.quote = read_source_quote(reader, bibliography);
    check_attribution(reader, claim.source, claim.role, claim.equation, claim.quote, claim.wrong_as_written);
    reader.finish();
    for (const Claim& other : spec.claims)
      if (other.id == claim.id) reader.fail("id", "duplicate claim id '" + claim.id + "'");
    spec.claims.push_back(std::move(claim));
  });
}

// [variant.parameters]: named constants, each a number or a string holding a constant
// expression (in pi and e), e.g. alpha = 0.1, c = "sqrt(2)"; a list is a sweep's parameter,
// whose value is the member's (read_sweep checked the list); a table is a symbolic parameter,
// the symbol in the Spec that keeps it (Spec::symbolic), the member's value in a member.
void read_parameters(Spec& spec, TomlReader& variant) {
  const toml::table* table = variant.optional_table("parameters");
  if (!table) return;
  TomlReader parameters(*table, spec.file, variant.path("parameters"), line_of(*table));
  for (const auto& [key, node] : *table) {
    const std::string name(key.str());
    if (const std::string problem = parameter_name_problem(name); !problem.empty()) parameters.fail(name, problem);
    if (sym::is_reserved_name(name))
      parameters.fail(name, "'" + name + "' is already a symbol, a function or a constant of the language");
    if (node.is_table()) {  // a symbolic parameter: the symbol itself where kept, else the member's value
      for (const sym::ParameterRange& p : spec.symbolic)
        if (sym::to_text(p.symbol) == name) spec.constants[name] = p.symbol;
      if (spec.symbolic.empty())
        for (const auto& [swept, value] : spec.sweep.value().values)
          if (swept == name) spec.constants[name] = value;
      continue;
    }
    if (node.is_array()) {
      for (const auto& [swept, value] : spec.sweep.value().values)
        if (swept == name) spec.constants[name] = value;
      continue;
    }
    if (!node.is_string()) {
      spec.constants[name] = read_exact_number(node, spec.file, parameters.path(name));
      continue;
    }
    const std::string text = node.as_string()->get();
    const GiNaC::ex value = parse_expression_at(parameters, name, text, {});
    GiNaC::ex approx;
    try {
      approx = value.evalf();
    } catch (const std::exception& err) {  // CLN overflow of an absurd constant
      parameters.fail(name, "'" + text + "' cannot be evaluated (" + err.what() + ")");
    }
    if (!GiNaC::is_exactly_a<GiNaC::numeric>(approx) || !GiNaC::ex_to<GiNaC::numeric>(approx).is_real())
      parameters.fail(name, "'" + text + "' is not a real constant");
    spec.constants[name] = value;
  }
}


// The sweep a spec file asks for: its list parameters ([variant.parameters] t = [0, 0.5, 1]) and
// its symbolic ones (t = { range = [0, 2], at = [0, 1, 2] }, swept over `at`) in the table's order
// (names alphabetical), each with its values as written: exact rationals, distinct, at least one.
// Empty for a file without either. Throws SpecError.
using SweepAxes = std::vector<std::pair<std::string, std::vector<numeric>>>;

/// A symbolic parameter as written: its name, its range [lo, hi] and the line of its table.
struct SymbolicAxis {
  std::string name;
  numeric lo, hi;
  std::size_t line = 0;
};

struct SweepPlan {
  SweepAxes axes;
  std::vector<SymbolicAxis> symbolic;
};

// The values of a list, t = [0, 0.5, 1] or a symbolic parameter's at = [...]: numbers, each once.
std::vector<numeric> read_values(const toml::node& node, const std::string& path, const std::string& where) {
  const toml::array& list = *node.as_array();
  if (list.empty())
    throw SpecError(path, line_of(node), where, "an empty list: a sweep needs at least one value (t = [0, 0.5, 1])");
  std::vector<numeric> values;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const toml::node& item = list[k];
    const std::string at = where + "[" + std::to_string(k) + "]";
    if (!item.is_integer() && !item.is_floating_point() && !item.is_string())
      throw SpecError(path, line_of(item), at, "a sweep's value must be a number (t = [0, 0.5, 1])");
    const numeric value = read_exact_number(item, path, at);  // "sqrt(2)" is refused: names carry exact values
    if (std::find(values.begin(), values.end(), value) != values.end())
      throw SpecError(path, line_of(item), at, "the value " + exact_text(value) + " is listed twice");
    values.push_back(value);
  }
  return values;
}

// t = { range = [lo, hi], at = [...] }: the range (lo < hi) and the values the numeric routes
// check at (each in the range; by default lo, the midpoint and hi).
std::pair<SymbolicAxis, std::vector<numeric>> read_symbolic(const toml::node& node, const std::string& name,
                                                            const std::string& path, const std::string& where) {
  const toml::table& table = *node.as_table();
  for (const auto& [key, value] : table)
    if (key.str() != "range" && key.str() != "at")
      throw SpecError(path, line_of(value), where + "." + std::string(key.str()),
                      "unknown key: a symbolic parameter has 'range' and, optionally, 'at' (t = { range = [0, 2], "
                      "at = [0, 1, 2] })");
  const toml::array* range = table["range"].as_array();
  if (!range || range->size() != 2)
    throw SpecError(path, line_of(range ? *table.get("range") : node), where + ".range",
                    "a symbolic parameter needs range = [low, high], two numbers (t = { range = [0, 2] })");
  for (std::size_t k = 0; k < 2; ++k)
    if (!(*range)[k].is_integer() && !(*range)[k].is_floating_point() && !(*range)[k].is_string())
      throw SpecError(path, line_of((*range)[k]), where + ".range[" + std::to_string(k) + "]",
                      "an end of the range must be a number (t = { range = [0, 2] })");
  SymbolicAxis axis{name, read_exact_number((*range)[0], path, where + ".range[0]"),
                    read_exact_number((*range)[1], path, where + ".range[1]"), line_of(node)};
  // a parameter's range is enclosed in doubles (proofs/parameter_ranges.hpp), and its values are
  // scores' thresholds and scales: 10^9 in magnitude at most
  for (const numeric& end : {axis.lo, axis.hi})
    if (abs(end) > numeric(1000000000))
      throw SpecError(path, line_of(*table.get("range")), where + ".range",
                      "an end of the range exceeds 10^9 in magnitude (found " +
                          (exact_text(end).size() > 40 ? exact_text(end).substr(0, 30) + "..." : exact_text(end)) + ")");
  if (!(axis.lo < axis.hi))
    throw SpecError(path, line_of(*table.get("range")), where + ".range",
                    "the range's low end must be below its high end (found [" + exact_text(axis.lo) + ", " +
                        exact_text(axis.hi) + "])");
  std::vector<numeric> at{axis.lo, (axis.lo + axis.hi) / 2, axis.hi};
  if (const toml::node* list = table.get("at")) {
    if (!list->is_array())
      throw SpecError(path, line_of(*list), where + ".at",
                      "must be a list of the values the numeric routes check at (at = [0, 1, 2])");
    at = read_values(*list, path, where + ".at");
    for (std::size_t k = 0; k < at.size(); ++k)
      if (at[k] < axis.lo || at[k] > axis.hi)
        throw SpecError(path, line_of((*list->as_array())[k]), where + ".at[" + std::to_string(k) + "]",
                        "the value " + exact_text(at[k]) + " lies outside the range [" + exact_text(axis.lo) + ", " +
                            exact_text(axis.hi) + "]");
  }
  return {axis, at};
}

SweepPlan read_sweep(const toml::table& root, const std::string& path) {
  SweepPlan plan;
  const toml::table* variant = root["variant"].as_table();
  const toml::table* table = variant ? (*variant)["parameters"].as_table() : nullptr;
  if (!table) return plan;
  std::size_t members = 1;
  bool lists = false;
  std::map<std::string, std::string> exported;  // symbolic parameters by their Mathematica name
  for (const auto& [key, node] : *table) {
    if (!node.is_array() && !node.is_table()) continue;
    const std::string name(key.str()), where = "variant.parameters." + name;
    // the name first: a member's name carries it (read_parameters says the same for a constant)
    if (const std::string problem = parameter_name_problem(name); !problem.empty())
      throw SpecError(path, line_of(node), where, problem);
    std::vector<numeric> values;
    if (node.is_table()) {
      // a symbolic parameter stays a symbol in the forms that `derive --format` exports: lowercase
      // first (Mathematica's built-ins, I, E, N, Sqrt, are capitalised), and distinct there
      if (!std::islower(static_cast<unsigned char>(name[0])))
        throw SpecError(path, line_of(node), where,
                        "a symbolic parameter's name must start with a lowercase letter (found '" + name +
                            "'; capitalised names such as I, E or N are Mathematica's own)");
      const std::string as_exported = sym::symbol_in(name, sym::ExportSyntax::Mathematica);
      if (const auto other = exported.find(as_exported); other != exported.end())
        throw SpecError(path, line_of(node), where,
                        "'" + name + "' and '" + other->second + "' are one name in Mathematica (" + as_exported +
                            ", without underscores); rename one");
      exported.emplace(as_exported, name);
      // each one multiplies the box that signs are decided on and the points definedness is
      // analysed at (8 parameters took minutes for one unproved claim)
      if (exported.size() > kMaxSymbolicParameters)
        throw SpecError(path, line_of(node), where,
                        fmt::format("more than {} symbolic parameters in one file; give the others a value or a list",
                                    kMaxSymbolicParameters));
      auto [axis, at] = read_symbolic(node, name, path, where);
      plan.symbolic.push_back(axis);
      values = std::move(at);
    } else {
      lists = true;
      values = read_values(node, path, where);
    }
    if (lists && !plan.symbolic.empty())
      throw SpecError(path, line_of(node), where,
                      "a file either sweeps lists of values or keeps parameters symbolic (t = { range = [0, 2] }), "
                      "not both; split the file");
    members *= values.size();
    if (members > kMaxSweepMembers)
      throw SpecError(path, line_of(node), where,
                      fmt::format("the sweep makes more than {} variants (each a run of its own); split the file",
                                  kMaxSweepMembers));
    plan.axes.emplace_back(name, std::move(values));
  }
  return plan;
}

}  // namespace

std::string sweep_member_name(const std::string& base_name, const std::vector<std::pair<std::string, numeric>>& values) {
  std::string out = base_name + "[";
  for (std::size_t k = 0; k < values.size(); ++k)
    out += (k ? "," : "") + values[k].first + "=" + exact_text(values[k].second);
  return out + "]";
}

namespace {

// One variant of the parsed file: the member `member` of its sweep, or the file's one variant.
// `symbolic`: the file's symbolic parameters, kept as symbols in this Spec (its `parametric` read).
Spec read_spec(const toml::table& root_table, const std::string& path, const std::string& sha256,
               const std::optional<SweepMember>& member, const Bibliography& bibliography, const KindRegistry& kinds,
               const PropertyKindRegistry& property_kinds, const std::vector<sym::ParameterRange>& symbolic = {}) {
  Spec spec;
  spec.file = path;
  spec.sha256 = sha256;
  spec.sweep = member;
  spec.symbolic = symbolic;
  TomlReader root(root_table, path, "", 1);
  // Every error a user can fix at once is reported at once: the [variant] table's fields, each
  // claim and each property, the run's tables and unknown keys. What the later parts need (the
  // kind, its definition, the grid) stops the reading where it fails.
  SpecErrorList errors;
  const toml::table* variant_table = root.optional_table("variant");
  if (!variant_table) root.fail("variant", "missing table [variant]");
  TomlReader variant(*variant_table, path, "variant", line_of(*variant_table));
  errors.attempt([&] {
    spec.name = variant.required_string("name");
    spec.name_line = variant.line_of("name");
    const bool name_ok = !spec.name.empty() && spec.name.size() <= kMaxIdentifierLength &&
                         std::isalnum(static_cast<unsigned char>(spec.name[0])) &&
                         std::all_of(spec.name.begin(), spec.name.end(), [](char c) {
                           return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
                         });
    if (!name_ok)
      variant.fail("name", "must be letters, digits, '_', '-' or '.', starting with a letter or digit, at most " +
                               std::to_string(kMaxIdentifierLength) + " characters (found '" +
                               (spec.name.size() > 60 ? spec.name.substr(0, 60) + "..." : spec.name) + "')");
    if (spec.sweep) {
      spec.sweep->base_name = spec.name;
      spec.name = sweep_member_name(spec.name, spec.sweep->values);
      // the name a run writes must be one a merge reads back (variant_name_problem)
      if (const std::string problem = variant_name_problem(spec.name); !problem.empty())
        throw SpecError(path, line_of(*variant.optional_table("parameters")), "variant.parameters",
                        "the sweep's variant name '" + spec.name.substr(0, 60) + "...' " + problem +
                            ": use shorter values (or a shorter name)");
    }
  });
  errors.attempt([&] {
    // a sweep's members share the file's title; the subsections name their values
    spec.title = variant.optional_string("title").value_or(spec.sweep ? spec.sweep->base_name : spec.name);
    // a heading (and a line of the table of contents): TeX sets a 20 000-character one in
    // minutes, if at all (docs/history.md, issue 27: L1)
    if (const std::string problem = free_text_problem(spec.title, kMaxTitleLength); !problem.empty())
      variant.fail("title", problem + " (a title is a heading; put more in description)");
  });
  errors.attempt([&] { spec.description = variant.optional_string("description").value_or(""); });
  errors.attempt([&] {
    spec.source = variant.optional_string("source", Text::Identifier).value_or("");
    if (!spec.source.empty() && !knows_source(bibliography, spec.source))
      variant.fail("source", "unknown source '" + spec.source +
                                 "' (not a key of the bibliography; it is read from bibliography.toml beside the "
                                 "specs, or --bibliography)");
  });
  // the parameters, the kind and its definition, then the kind's tables: the claims and
  // properties are read in their terms, so an error here ends the reading
  const bool defined = errors.attempt([&] {
    read_parameters(spec, variant);
    const std::string kind = variant.required_string("kind", Text::Identifier);
    spec.kind = kinds.find(kind);
    if (!spec.kind) {
      std::vector<std::string> names;
      for (const std::string& name : kinds.names()) names.push_back("'" + name + "'");
      const std::string list =
          names.size() > 1 ? fmt::format("{} or {}", fmt::join(names.begin(), names.end() - 1, ", "), names.back())
                           : fmt::format("{}", fmt::join(names, ""));
      variant.fail("kind", "must be " + list + " (found '" + kind + "')");
    }
    spec.kind->read_definition(variant, spec);
  });
  if (defined) errors.attempt([&] { variant.finish(); });
  if (!defined || !errors.attempt([&] { spec.kind->read_tables(root, spec); })) {
    errors.throw_if_any();
  }
  read_claims(spec, root, bibliography, errors);
  root.use_constants(spec.constants);  // [variant.parameters], for the properties' expressions
  spec.properties = read_properties(root, path, bibliography, spec.property_parameters(), property_kinds, errors);
  for (const Property& p : spec.properties)
    for (const Claim& c : spec.claims)
      if (c.id == p.id) errors.add(SpecError(path, p.line, "properties", "id '" + p.id + "' is also a claim id"));
  for (const Property& p : spec.properties)
    for (const PropertyCheck& c : p.checks)
      if (c.kind->input() == PropertyInput::SampledChecks && !spec.sampling)
        errors.add(SpecError(path, c.line, "properties",
                             "property '" + p.id + "' checks the sampled route but the spec has no [sampling]"));
  errors.attempt([&] { root.finish(); });
  errors.throw_if_any();
  return spec;
}

// The file read once more with its symbolic parameters kept as symbols (docs/spec-format.md,
// "Symbolic parameters"), shared by its members as Spec::parametric. Its kind must derive with
// symbolic parameters (Kind::symbolic_parameter_problem); an error only this reading gives names
// the parameters.
void attach_parametric(std::vector<Spec>& members, const std::vector<SymbolicAxis>& axes, const toml::table& root_table,
                       const std::string& path, const std::string& sha256, const Bibliography& bibliography,
                       const KindRegistry& kinds, const PropertyKindRegistry& property_kinds) {
  std::vector<sym::ParameterRange> ranges;
  std::string names;
  for (const SymbolicAxis& axis : axes) {
    ranges.push_back({sym::parameter_symbol(axis.name, parameter_symbol_latex(axis.name)), axis.lo, axis.hi});
    names += (names.empty() ? "" : ", ") + axis.name;
  }
  // the kind and law first: a kind that does not derive with symbolic parameters is not read with them
  if (const std::string problem = members.front().kind->symbolic_parameter_problem(members.front()); !problem.empty())
    throw SpecError(path, axes.front().line, "variant.parameters." + axes.front().name,
                    "a symbolic parameter (a range) " + problem + "; give a list of values (t = [0, 0.5, 1]) to sweep");
  std::shared_ptr<const Spec> parametric;
  try {
    parametric = std::make_shared<const Spec>(
        read_spec(root_table, path, sha256, std::nullopt, bibliography, kinds, property_kinds, ranges));
  } catch (const SpecError& err) {
    throw SpecError(err.file, err.line, err.key, "with " + names + " kept symbolic: " + err.message);
  }
  for (Spec& member : members) member.parametric = parametric;
}

}  // namespace

std::vector<Spec> load_specs(const std::string& path, const Bibliography& bibliography, const KindRegistry& kinds,
                             const PropertyKindRegistry& property_kinds) {
  // the bytes are read once: they are both what is parsed and what the digest names
  std::string bytes;
  {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw SpecError(path, 0, "", std::string("cannot be opened: ") + std::strerror(errno));
    std::ostringstream content;
    content << file.rdbuf();
    if (!file && !file.eof()) throw SpecError(path, 0, "", "cannot be read");
    bytes = content.str();
  }
  const std::string sha256 = sha256_hex(bytes);
  register_source_text(path, bytes);  // its floats are read as written (read_exact_number)
  toml::table root_table;
  try {
    root_table = toml::parse(bytes, path);
  } catch (const toml::parse_error& err) {
    throw SpecError(path, static_cast<std::size_t>(err.source().begin.line), "", toml_syntax_problem(err));
  }
  const SweepPlan plan = read_sweep(root_table, path);
  const SweepAxes& axes = plan.axes;
  if (axes.empty()) return {read_spec(root_table, path, sha256, std::nullopt, bibliography, kinds, property_kinds)};
  std::size_t size = 1;
  for (const auto& axis : axes) size *= axis.second.size();
  // Each member is read; an error that every member gives alike is the file's own and is
  // reported as it is, any other names the values of the member that gave it.
  std::vector<Spec> members;
  std::vector<std::pair<std::string, SpecError>> failures;  // the member's values, its error
  for (std::size_t index = 0; index < size; ++index) {
    SweepMember member;
    member.index = index;
    member.size = size;
    std::size_t rest = index;  // the last parameter's values vary fastest
    member.values.resize(axes.size());
    for (std::size_t a = axes.size(); a-- > 0;) {
      member.values[a] = {axes[a].first, axes[a].second[rest % axes[a].second.size()]};
      rest /= axes[a].second.size();
    }
    try {
      members.push_back(read_spec(root_table, path, sha256, member, bibliography, kinds, property_kinds));
    } catch (const SpecError& err) {
      std::string values;
      for (const auto& [name, value] : member.values) {
        const std::string text = exact_text(value);  // a 500-digit value abbreviated: the message names it
        values += (values.empty() ? "" : ", ") + name + " = " + (text.size() > 40 ? text.substr(0, 30) + "..." : text);
      }
      failures.emplace_back(values, err);
    }
  }
  if (failures.empty()) {
    if (!plan.symbolic.empty()) attach_parametric(members, plan.symbolic, root_table, path, sha256, bibliography, kinds, property_kinds);
    return members;
  }
  const bool alike = failures.size() == size && std::all_of(failures.begin(), failures.end(), [&](const auto& f) {
                       return std::string(f.second.what()) == failures.front().second.what();
                     });
  if (alike) throw failures.front().second;
  SpecErrorList errors;
  for (const auto& [values, err] : failures)
    errors.add(SpecError(err.file, err.line, err.key, "in the sweep's variant with " + values + ": " + err.message));
  errors.throw_if_any();
  return members;
}

Spec load_spec(const std::string& path, const Bibliography& bibliography, const KindRegistry& kinds,
               const PropertyKindRegistry& property_kinds) {
  std::vector<Spec> specs = load_specs(path, bibliography, kinds, property_kinds);
  if (specs.size() != 1)
    throw SpecError(path, 0, "variant.parameters",
                    fmt::format("is a sweep of {} variants; this command takes a spec of one variant", specs.size()));
  return std::move(specs.front());
}

}  // namespace attnverify
