#include "src/spec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "numerics/ball_expression.hpp"
#include "proofs/definedness.hpp"
#include "proofs/derivation_work.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/symbols.hpp"
#include "src/check_record.hpp"
#include "src/fact_tests.hpp"
#include "src/spec_text.hpp"
#include "src/toml_reader.hpp"

namespace attnverify {

using GiNaC::numeric;

std::string to_string(VariantKind kind) {
  switch (kind) {
    case VariantKind::Kernel: return "kernel";
    case VariantKind::Sequence: return "sequence";
    case VariantKind::FeatureMap: return "feature_map";
    case VariantKind::Measure: return "measure";
    case VariantKind::Fact: return "fact";
  }
  return "?";
}

namespace {
std::size_t grid_limit = kMaxGridPoints;
}

std::size_t max_grid_points() { return grid_limit; }
void set_max_grid_points(std::size_t limit) { grid_limit = limit; }

bool PhiCase::iid() const {
  for (std::size_t k = 1; k < mu.size(); ++k)
    if (mu[k] != mu[0] || sigma[k] != sigma[0]) return false;
  return true;
}

std::vector<std::string> Spec::parameter_names() const {
  switch (kind) {
    case VariantKind::Kernel: return {"beta", "gamma"};
    case VariantKind::Sequence: return {"lambda", "n"};
    case VariantKind::FeatureMap: return {"qmu", "qSq", "q1", "q2", "mu", "sigma"};
    case VariantKind::Measure: return {"E_abs", "E_sq", "Var_abs", "x1", "x2", "n"};
    case VariantKind::Fact: return {};
  }
  return {};
}

std::vector<std::string> Spec::property_parameters() const {
  switch (kind) {
    case VariantKind::Kernel:
    case VariantKind::Sequence: return parameter_names();
    case VariantKind::FeatureMap: return {"snr", "r"};
    case VariantKind::Measure:
    case VariantKind::Fact: return {};
  }
  return {};
}

std::vector<std::pair<std::string, std::string>> Spec::named_point(const GridPoint& p) const {
  std::vector<std::pair<std::string, std::string>> out;
  const auto names = parameter_names();
  for (std::size_t k = 0; k < p.size() && k < names.size(); ++k) out.emplace_back(names[k], exact_text(p[k]));
  return out;
}

namespace {

// Why `value` is not allowed for parameter `index` of the kind, or "" when it is.
std::string parameter_problem(VariantKind kind, std::size_t index, const numeric& value) {
  if (kind == VariantKind::Kernel) {
    if (index == 1 && !value.is_positive()) return "gamma must be > 0 (found " + exact_text(value) + ")";
    return "";
  }
  if (index == 0 && (!value.is_positive() || value > 1)) return "lambda must lie in (0, 1] (found " + exact_text(value) + ")";
  if (index == 1 && !value.is_pos_integer()) return "n must be a positive integer (found " + exact_text(value) + ")";
  if (index == 1 && value > numeric(static_cast<long>(kMaxSequenceLength)))
    return "n exceeds the limit of " + std::to_string(kMaxSequenceLength) + " for exact summation";
  return "";
}

// The values of one parameter axis: an array of numbers, or {from, to, count}.
std::vector<numeric> read_axis(TomlReader& grid, const std::string& key, VariantKind kind, std::size_t index) {
  const toml::node* node = grid.optional_node(key);
  if (!node) return {};
  const std::string path = grid.path(key);
  std::vector<numeric> values;
  if (node->is_array()) {
    const toml::array& array = *node->as_array();
    if (array.empty()) grid.fail(key, "empty list of values");
    for (std::size_t k = 0; k < array.size(); ++k) {
      const std::string item = path + "[" + std::to_string(k) + "]";
      values.push_back(read_exact_number(array[k], grid.file(), item));
      const std::string problem = parameter_problem(kind, index, values.back());
      if (!problem.empty()) throw SpecError(grid.file(), line_of(array[k]), item, problem);
    }
    return values;
  }
  if (!node->is_table()) grid.fail(key, "expected a list of values or a table {from, to, count}");
  TomlReader range(*node->as_table(), grid.file(), path, line_of(*node));
  const toml::node* from = range.optional_node("from");
  const toml::node* to = range.optional_node("to");
  const auto count = range.optional_integer("count");
  range.finish();
  if (!from || !to || !count) grid.fail(key, "a range needs from, to and count");
  const numeric lo = read_exact_number(*from, grid.file(), path + ".from");
  const numeric hi = read_exact_number(*to, grid.file(), path + ".to");
  if (*count < 1) range.fail("count", "must be at least 1 (found " + std::to_string(*count) + ")");
  if (*count > static_cast<long>(max_grid_points()))
    range.fail("count", "exceeds the grid limit of " + std::to_string(max_grid_points()) +
                            " points; pass --max-grid-points N to allow more");
  if (hi < lo) grid.fail(key, "'to' is smaller than 'from'");
  if (*count == 1 && lo != hi) range.fail("count", "count = 1 needs from = to");
  for (const auto& [end, value] : {std::pair{"from", lo}, std::pair{"to", hi}}) {
    const std::string problem = parameter_problem(kind, index, value);
    if (!problem.empty()) range.fail(end, problem);
  }
  for (long k = 0; k < *count; ++k) values.push_back(*count == 1 ? lo : lo + (hi - lo) * numeric(k) / numeric(*count - 1));
  if (kind == VariantKind::Sequence && index == 1)
    for (const numeric& v : values)
      if (!v.is_pos_integer()) range.fail("count", "the range gives the non-integer n = " + exact_text(v));
  return values;
}

// A list of exact numbers (each >= 0 when `nonnegative`), or a single number when
// `scalar_size` > 0, broadcast to that length.
std::vector<numeric> read_vector(const toml::node& node, const std::string& file, const std::string& key, bool nonnegative,
                                 std::size_t scalar_size = 0) {
  std::vector<numeric> out;
  if (node.is_array()) {
    const toml::array& array = *node.as_array();
    if (array.empty()) throw SpecError(file, line_of(node), key, "empty vector");
    for (std::size_t k = 0; k < array.size(); ++k) out.push_back(read_exact_number(array[k], file, key + "[" + std::to_string(k) + "]"));
  } else if (scalar_size > 0) {
    out.assign(scalar_size, read_exact_number(node, file, key));
  } else {
    throw SpecError(file, line_of(node), key, "expected a list of numbers");
  }
  if (nonnegative)
    for (const numeric& v : out)
      if (v.is_negative()) throw SpecError(file, line_of(node), key, "entries must be >= 0 (found " + exact_text(v) + ")");
  return out;
}

// feature_map: [[grid.cases]] with q (>= 0), mu (>= 0; a number means the same for
// every component) and Sigma (a d x d symmetric matrix, or a number c for c I).
// A component vector of a phi case: a number (every component), a list of length d,
// or { from = a, to = b } (evenly spaced from a to b over the d components).
std::vector<numeric> read_components(TomlReader& reader, const std::string& key, std::size_t d) {
  const toml::node* node = reader.optional_node(key);
  if (!node) reader.fail(key, "missing: a number, a list of d numbers, or { from = a, to = b }");
  if (const toml::table* range = node->as_table()) {
    TomlReader r(*range, reader.file(), reader.path(key), line_of(*node));
    const toml::node* from = r.optional_node("from");
    const toml::node* to = r.optional_node("to");
    if (!from || !to) r.fail(from ? "to" : "from", "missing: a range needs from and to");
    const numeric a = read_exact_number(*from, reader.file(), r.path("from"));
    const numeric b = read_exact_number(*to, reader.file(), r.path("to"));
    r.finish();
    std::vector<numeric> out;
    for (std::size_t k = 0; k < d; ++k) out.push_back(d == 1 ? a : a + (b - a) * numeric(static_cast<long>(k)) / numeric(static_cast<long>(d - 1)));
    return out;
  }
  std::vector<numeric> out = read_vector(*node, reader.file(), reader.path(key), false, d);
  if (out.size() != d) reader.fail(key, "has " + std::to_string(out.size()) + " entries but d = " + std::to_string(d));
  return out;
}

// feature_map with phi: [[grid.cases]] with d (optional when a list fixes it), q, mu
// and sigma (> 0), each a number, a list or a range (read_components).
void read_phi_cases(Spec& spec, TomlReader& grid) {
  const toml::array* cases = grid.optional_array("cases");
  if (!cases || cases->empty()) grid.fail("cases", "missing: give [[grid.cases]] tables with q, mu and sigma (and d)");
  for (std::size_t k = 0; k < cases->size(); ++k) {
    const toml::node& node = (*cases)[k];
    const std::string prefix = "grid.cases[" + std::to_string(k) + "]";
    if (!node.is_table()) throw SpecError(spec.file, line_of(node), prefix, "expected a table with d, q, mu and sigma");
    TomlReader reader(*node.as_table(), spec.file, prefix, line_of(node));
    std::size_t d = 0;
    if (const auto given = reader.optional_integer("d")) {
      if (*given < 1 || *given > static_cast<long>(kMaxSamplingDimension))
        reader.fail("d", "must be between 1 and " + std::to_string(kMaxSamplingDimension));
      d = static_cast<std::size_t>(*given);
    } else {
      for (const char* key : {"q", "mu", "sigma"}) {
        const toml::node* n = reader.optional_node(key);
        if (n && n->is_array()) d = n->as_array()->size();
      }
      if (d == 0) reader.fail("d", "missing: give d, or a list for q, mu or sigma");
    }
    PhiCase c;
    c.q = read_components(reader, "q", d);
    c.mu = read_components(reader, "mu", d);
    c.sigma = read_components(reader, "sigma", d);
    for (const numeric& s : c.sigma)
      if (!s.is_positive()) reader.fail("sigma", "every standard deviation must be > 0 (found " + exact_text(s) + ")");
    reader.finish();
    spec.phi_cases.push_back(std::move(c));
  }
}

void read_cases(Spec& spec, TomlReader& grid) {
  if (spec.has_phi()) {
    read_phi_cases(spec, grid);
    return;
  }
  const toml::array* cases = grid.optional_array("cases");
  if (!cases || cases->empty()) grid.fail("cases", "missing: give [[grid.cases]] tables with q, mu and Sigma");
  for (std::size_t k = 0; k < cases->size(); ++k) {
    const toml::node& node = (*cases)[k];
    const std::string prefix = "grid.cases[" + std::to_string(k) + "]";
    if (!node.is_table()) throw SpecError(spec.file, line_of(node), prefix, "expected a table with q, mu and Sigma");
    TomlReader reader(*node.as_table(), spec.file, prefix, line_of(node));
    sym::LinearCase c;
    const toml::node* q = reader.optional_node("q");
    const toml::node* mu = reader.optional_node("mu");
    const toml::node* Sigma = reader.optional_node("Sigma");
    if (!q) reader.fail("q", "missing (the vector q~ = phi(q), entries >= 0)");
    if (!mu) reader.fail("mu", "missing (the mean of k~, a vector or one number for every component)");
    if (!Sigma) reader.fail("Sigma", "missing (the covariance of k~, a matrix or one number c for c I)");
    c.q = read_vector(*q, spec.file, reader.path("q"), true);
    const std::size_t d = c.q.size();
    if (std::all_of(c.q.begin(), c.q.end(), [](const numeric& v) { return v.is_zero(); }))
      reader.fail("q", "q~ is all zero (S is 0/0)");
    c.mu = read_vector(*mu, spec.file, reader.path("mu"), true, d);
    if (c.mu.size() != d) reader.fail("mu", "has " + std::to_string(c.mu.size()) + " entries but q has " + std::to_string(d));
    if (Sigma->is_array()) {
      const toml::array& rows = *Sigma->as_array();
      if (rows.size() != d) reader.fail("Sigma", "must be " + std::to_string(d) + " x " + std::to_string(d));
      for (std::size_t i = 0; i < d; ++i) {
        c.Sigma.push_back(read_vector(rows[i], spec.file, reader.path("Sigma") + "[" + std::to_string(i) + "]", false));
        if (c.Sigma.back().size() != d) reader.fail("Sigma", "must be " + std::to_string(d) + " x " + std::to_string(d), &rows[i]);
      }
    } else {
      const numeric v = read_exact_number(*Sigma, spec.file, reader.path("Sigma"));
      c.Sigma.assign(d, std::vector<numeric>(d, numeric(0)));
      for (std::size_t i = 0; i < d; ++i) c.Sigma[i][i] = v;
    }
    for (std::size_t i = 0; i < d; ++i) {
      if (c.Sigma[i][i].is_negative()) reader.fail("Sigma", "a variance (diagonal entry) is negative");
      for (std::size_t j = 0; j < i; ++j)
        if (c.Sigma[i][j] != c.Sigma[j][i]) reader.fail("Sigma", "is not symmetric");
    }
    const auto m = sym::linear_case_moments(c);
    if (!m.mean.is_positive()) reader.fail("mu", "q~ . mu~ must be > 0 (S is 0/0 or undefined)");
    if (m.qSq.is_negative()) reader.fail("Sigma", "q~^T Sigma~ q~ < 0: Sigma is not a covariance");
    reader.finish();
    spec.cases.push_back(std::move(c));
  }
}

// measure: vectors = [[x_1, ..., x_n], ...], not all zero
void read_vectors(Spec& spec, TomlReader& grid) {
  const toml::array* vectors = grid.optional_array("vectors");
  if (!vectors || vectors->empty()) grid.fail("vectors", "missing: give the vectors x at which to check, e.g. vectors = [[1, 0, 0], [1, 2, 3]]");
  for (std::size_t k = 0; k < vectors->size(); ++k) {
    const std::string key = "grid.vectors[" + std::to_string(k) + "]";
    std::vector<numeric> x = read_vector((*vectors)[k], spec.file, key, false);
    if (std::all_of(x.begin(), x.end(), [](const numeric& v) { return v.is_zero(); }))
      throw SpecError(spec.file, line_of((*vectors)[k]), key, "the vector is all zero (S is 0/0)");
    spec.vectors.push_back(std::move(x));
  }
}

void read_grid(Spec& spec, TomlReader& root) {
  const toml::table* table = root.optional_table("grid");
  if (!table) root.fail("grid", "missing: give the points where closed form and numeric route are compared");
  TomlReader grid(*table, spec.file, "grid", line_of(*table));
  if (spec.kind == VariantKind::FeatureMap || spec.kind == VariantKind::Measure) {
    spec.kind == VariantKind::FeatureMap ? read_cases(spec, grid) : read_vectors(spec, grid);
    grid.finish();
    return;
  }
  const auto names = spec.parameter_names();
  const std::vector<numeric> first = read_axis(grid, names[0], spec.kind, 0);
  const std::vector<numeric> second = read_axis(grid, names[1], spec.kind, 1);
  if (first.empty() != second.empty())
    grid.fail(first.empty() ? names[0] : names[1], "missing: give both " + names[0] + " and " + names[1]);
  if (first.size() * second.size() > max_grid_points())
    grid.fail(names[0], "the grid has " + std::to_string(first.size() * second.size()) + " points, above the limit of " +
                            std::to_string(max_grid_points()) + "; pass --max-grid-points N to allow more");
  for (const auto& a : first)
    for (const auto& b : second) spec.grid.push_back({a, b});
  if (const toml::array* points = grid.optional_array("points")) {
    for (std::size_t k = 0; k < points->size(); ++k) {
      const toml::node& node = (*points)[k];
      const std::string key = "points[" + std::to_string(k) + "]";
      if (!node.is_array() || node.as_array()->size() != 2)
        grid.fail("points", "each point is a pair [" + names[0] + ", " + names[1] + "]", &node);
      const toml::array& pair = *node.as_array();
      GridPoint p{read_exact_number(pair[0], spec.file, "grid." + key + "[0]"),
                  read_exact_number(pair[1], spec.file, "grid." + key + "[1]")};
      for (std::size_t i = 0; i < 2; ++i) {
        const std::string problem = parameter_problem(spec.kind, i, p[i]);
        if (!problem.empty()) throw SpecError(spec.file, line_of(node), "grid." + key, problem);
      }
      spec.grid.push_back(p);
    }
  }
  grid.finish();
  if (spec.grid.empty()) root.fail("grid", "the grid is empty");
}

// A positive integer or a list of them, each within [1, limit].
std::vector<unsigned long> read_counts(TomlReader& table, const std::string& key, unsigned long lowest, unsigned long limit) {
  const toml::node* node = table.optional_node(key);
  if (!node) table.fail(key, "missing");
  std::vector<const toml::node*> items;
  if (node->is_array()) {
    for (const auto& item : *node->as_array()) items.push_back(&item);
    if (items.empty()) table.fail(key, "empty list");
  } else {
    items.push_back(node);
  }
  std::vector<unsigned long> out;
  for (std::size_t k = 0; k < items.size(); ++k) {
    const std::string item = table.path(key) + (node->is_array() ? "[" + std::to_string(k) + "]" : "");
    if (!items[k]->is_integer()) throw SpecError(table.file(), line_of(*items[k]), item, "expected an integer");
    const long long v = items[k]->as_integer()->get();
    if (v < static_cast<long long>(lowest) || v > static_cast<long long>(limit))
      throw SpecError(table.file(), line_of(*items[k]), item,
                      "must lie in [" + std::to_string(lowest) + ", " + std::to_string(limit) + "] (found " + std::to_string(v) + ")");
    out.push_back(static_cast<unsigned long>(v));
  }
  return out;
}

void read_sampling(Spec& spec, TomlReader& root) {
  const toml::table* table = root.optional_table("sampling");
  if (!table) return;
  if (spec.kind != VariantKind::Kernel && !spec.has_phi())
    root.fail("sampling", "the sampled route applies to kernel variants and feature maps given by phi only "
                          "(sequence weights are deterministic; explicit moments have no keys to draw)");
  TomlReader reader(*table, spec.file, "sampling", line_of(*table));
  SamplingPlan plan;
  if (spec.has_phi()) {  // the cases fix q, mu, sigma and d: only n and the seed
    plan.sizes = read_counts(reader, "n", 2, kMaxSamplingSize);
    if (const auto seed = reader.optional_integer("seed")) {
      if (*seed < 0) reader.fail("seed", "must be a non-negative integer");
      plan.seed = static_cast<unsigned long>(*seed);
    }
    reader.finish();
    spec.sampling = plan;
    return;
  }
  for (unsigned long d : read_counts(reader, "d", 1, kMaxSamplingDimension)) plan.dimensions.push_back(static_cast<unsigned>(d));
  plan.sizes = read_counts(reader, "n", 2, kMaxSamplingSize);
  const toml::array* points = reader.optional_array("points");
  if (!points || points->empty()) reader.fail("points", "missing: give the (beta, gamma) points to sample");
  for (std::size_t k = 0; k < points->size(); ++k) {
    const toml::node& node = (*points)[k];
    const std::string key = "sampling.points[" + std::to_string(k) + "]";
    if (!node.is_array() || node.as_array()->size() != 2)
      throw SpecError(spec.file, line_of(node), key, "each point is a pair [beta, gamma]");
    GridPoint p{read_exact_number((*node.as_array())[0], spec.file, key + "[0]"),
                read_exact_number((*node.as_array())[1], spec.file, key + "[1]")};
    const std::string problem = parameter_problem(spec.kind, 1, p[1]);
    if (!problem.empty()) throw SpecError(spec.file, line_of(node), key, problem);
    plan.points.push_back(p);
  }
  if (const auto seed = reader.optional_integer("seed")) {
    if (*seed < 0) reader.fail("seed", "must be a non-negative integer");
    plan.seed = static_cast<unsigned long>(*seed);
  }
  reader.finish();
  spec.sampling = plan;
}

// [experiment] of a fact spec: trials per randomised test (1 to 1000) and the seed
void read_experiment(Spec& spec, TomlReader& root) {
  const toml::table* table = root.optional_table("experiment");
  if (!table) return;
  TomlReader experiment(*table, spec.file, "experiment", line_of(*table));
  if (const auto trials = experiment.optional_integer("trials")) {
    if (*trials < 1 || *trials > 1000) experiment.fail("trials", "must be between 1 and 1000 (found " + std::to_string(*trials) + ")");
    spec.trials = static_cast<unsigned>(*trials);
  }
  if (const auto seed = experiment.optional_integer("seed")) {
    if (*seed < 0) experiment.fail("seed", "must be a non-negative integer (found " + std::to_string(*seed) + ")");
    spec.experiment_seed = static_cast<unsigned long>(*seed);
  }
  experiment.finish();
}

void read_claims(Spec& spec, TomlReader& root, const Bibliography& bibliography) {
  const toml::array* claims = root.optional_array("claims");
  if (!claims) return;
  for (std::size_t k = 0; k < claims->size(); ++k) {
    const toml::node& node = (*claims)[k];
    const std::string prefix = "claims[" + std::to_string(k) + "]";
    if (!node.is_table()) throw SpecError(spec.file, line_of(node), prefix, "expected a [[claims]] table");
    TomlReader reader(*node.as_table(), spec.file, prefix, line_of(node));
    Claim claim;
    claim.line = line_of(node);
    claim.id = reader.required_string("id", Text::Identifier);
    claim.source = reader.required_string("source", Text::Identifier);
    if (!bibliography.count(claim.source))
      reader.fail("source", "unknown source '" + claim.source + "' (not a key of the bibliography; it is read from bibliography.toml beside the specs, or --bibliography)");
    claim.equation = reader.optional_string("equation").value_or("");
    if (spec.kind == VariantKind::Fact) {
      claim.statement = reader.required_string("statement");
      claim.test = reader.required_string("test", Text::Identifier);
      const FactTest* test = find_fact_test(claim.test);
      if (!test) {
        std::vector<std::string> names;
        for (const FactTest& t : fact_tests()) names.push_back(t.name);
        reader.fail("test", fmt::format("unknown test '{}' (tests: {})", claim.test, fmt::join(names, ", ")));
      }
      claim.setting = reader.optional_string("setting", Text::Identifier).value_or("as-stated");
      if (claim.setting != "as-stated" &&
          std::find(test->settings.begin(), test->settings.end(), claim.setting) == test->settings.end())
        reader.fail("setting", fmt::format("test '{}' has no setting '{}' (settings: as-stated{}{})", claim.test,
                                           claim.setting, test->settings.empty() ? "" : ", ", fmt::join(test->settings, ", ")));
    } else {
      claim.text = reader.required_string("S", Text::Expression);
      sym::ParsedExpression parsed = parse_claim_at(reader, "S", claim.text, spec.parameter_names(), spec.constants);
      claim.S = parsed.value;
      claim.conditions = std::move(parsed.conditions);
      claim.undefined = std::move(parsed.undefined);
      claim.continuous_extension = reader.optional_bool("continuous_extension").value_or(false);
    }
    claim.latex = reader.optional_string("latex", Text::Formula).value_or("");
    claim.expected = reader.optional_string("expected", Text::Identifier).value_or("agree");
    if (claim.expected != "agree" && claim.expected != "disagree" && claim.expected != "inconclusive")
      reader.fail("expected", "must be one of agree, disagree, inconclusive (found '" + claim.expected + "')");
    claim.reason = reader.optional_string("reason").value_or("");
    if (claim.expected != "agree" && claim.reason.empty())
      reader.fail("reason", "missing: an expected verdict other than agree needs a reason");
    claim.note = reader.optional_string("note").value_or("");
    reader.finish();
    for (const Claim& other : spec.claims)
      if (other.id == claim.id) reader.fail("id", "duplicate claim id '" + claim.id + "'");
    spec.claims.push_back(std::move(claim));
  }
}

// [variant.parameters]: named constants, each a number or a string holding a constant
// expression (in pi and e), e.g. alpha = 0.1, c = "sqrt(2)".
void read_parameters(Spec& spec, TomlReader& variant) {
  const toml::table* table = variant.optional_table("parameters");
  if (!table) return;
  TomlReader parameters(*table, spec.file, variant.path("parameters"), line_of(*table));
  for (const auto& [key, node] : *table) {
    const std::string name(key.str());
    if (const std::string problem = parameter_name_problem(name); !problem.empty()) parameters.fail(name, problem);
    if (sym::is_reserved_name(name))
      parameters.fail(name, "'" + name + "' is already a symbol, a function or a constant of the language");
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

// f, the weights or phi identically 0 (0, relu(x) - relu(x), (x+1)^2 - x^2 - 2x - 1):
// every weight is 0 and S = 0/0, so there is nothing to check
// True when a ball evaluation at one point proves e != 0 there (so e is not identically
// 0): a linear-time test that spares the symbolic zero test, whose grouping of
// exponentials and normal form grow faster than the size of e (thousands of terms).
bool proved_nonzero_somewhere(const GiNaC::ex& e) {
  const sym::Symbols& s = sym::symbols();
  try {
    const num::BallExpression ball(e, {s.x, s.lambda, s.n, s.i});
    const num::Ball value = ball({GiNaC::numeric(3, 7), GiNaC::numeric(1, 3), GiNaC::numeric(5), GiNaC::numeric(2)}, 256);
    return value.finite() && !value.contains_zero();
  } catch (const std::exception&) {
    return false;  // a function the ball evaluator lacks: the symbolic test decides
  }
}

void refuse_zero_definition(TomlReader& variant, const std::string& key, const GiNaC::ex& definition) {
  bool zero = definition.is_zero();
  if (!zero && !proved_nonzero_somewhere(definition)) {
    try {
      zero = sym::is_identically_zero(definition);
    } catch (const std::exception&) {
    }
  }
  if (zero) variant.fail(key, "is identically 0: every attention weight is 0, so S = 0/0 is not defined");
}

// f or phi must be defined at every real x: the integrals E|f(X)|, E f(X)^2 over
// X ~ N(beta, gamma^2) run over the whole line, and quadrature nodes that step over a
// pole (phi = 1/x) return finite sums for divergent integrals. Every definedness
// condition (denominator, root, logarithm) must be proved on x in R
// (proofs/definedness.hpp); a violated or unproved one refuses the spec.
void refuse_undefined_definition(TomlReader& variant, const std::string& key, const GiNaC::ex& definition) {
  const sym::ParameterDomain line = sym::real_line_domain();
  for (const sym::Condition& condition : sym::conditions_of(definition)) {
    if (condition.kind == sym::ConditionKind::Continuous) continue;
    const sym::ConditionAnalysis a = sym::analyse_condition(condition, line);
    if (a.status == sym::ConditionStatus::Holds) continue;
    std::string where;
    if (a.status == sym::ConditionStatus::Violated && !a.point.empty())
      where = " (it fails at x = " + exact_text(a.point[0]) + ")";
    else if (a.status == sym::ConditionStatus::Violated && !a.exact_point.empty())
      where = " (it fails at an irrational x)";
    variant.fail(key, "must be defined for every real x, since the keys' scores are Gaussian; " +
                          std::string(a.status == sym::ConditionStatus::Violated ? "the condition " : "attnverify cannot prove the condition ") +
                          condition.describe() + (a.status == sym::ConditionStatus::Violated ? " does not hold" : "") + where);
  }
}

// D8 of the 2026-11-23 attack round: splitting into pieces costs about the cube of the
// number of kinks, so a definition with more than kMaxKinks is refused here, before any work.
void refuse_too_many_kinks(TomlReader& variant, const std::string& key, const GiNaC::ex& definition) {
  const std::size_t kinks = sym::count_kinks(definition, sym::symbols().x);
  if (kinks > sym::kMaxKinks)
    variant.fail(key, "has " + std::to_string(kinks) + " kinks (distinct arguments of relu, step or abs that contain x, "
                      "which max, min, clip, elu, leaky_relu and piecewise are written in); at most " + std::to_string(sym::kMaxKinks) +
                      " are supported, since the work of the derivation grows as the cube of their number");
}

}  // namespace

Spec load_spec(const std::string& path, const Bibliography& bibliography) {
  Spec spec;
  spec.file = path;
  toml::table root_table;
  {
    std::ifstream probe(path);
    if (!probe) throw SpecError(path, 0, "", std::string("cannot be opened: ") + std::strerror(errno));
  }
  try {
    root_table = toml::parse_file(path);
  } catch (const toml::parse_error& err) {
    throw SpecError(path, static_cast<std::size_t>(err.source().begin.line), "", toml_syntax_problem(err));
  }
  TomlReader root(root_table, path, "", 1);
  const toml::table* variant_table = root.optional_table("variant");
  if (!variant_table) root.fail("variant", "missing table [variant]");
  TomlReader variant(*variant_table, path, "variant", line_of(*variant_table));
  spec.name = variant.required_string("name");
  spec.name_line = variant.line_of("name");
  const bool name_ok = !spec.name.empty() && spec.name.size() <= kMaxIdentifierLength && std::isalnum(static_cast<unsigned char>(spec.name[0])) &&
                       std::all_of(spec.name.begin(), spec.name.end(), [](char c) {
                         return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
                       });
  if (!name_ok)
    variant.fail("name", "must be letters, digits, '_', '-' or '.', starting with a letter or digit, at most " +
                             std::to_string(kMaxIdentifierLength) + " characters (found '" +
                             (spec.name.size() > 60 ? spec.name.substr(0, 60) + "..." : spec.name) + "')");
  spec.title = variant.optional_string("title").value_or(spec.name);
  spec.description = variant.optional_string("description").value_or("");
  spec.source = variant.optional_string("source", Text::Identifier).value_or("");
  if (!spec.source.empty() && !bibliography.count(spec.source))
    variant.fail("source", "unknown source '" + spec.source + "' (not a key of the bibliography; it is read from bibliography.toml beside the specs, or --bibliography)");
  read_parameters(spec, variant);
  const std::string kind = variant.required_string("kind", Text::Identifier);
  if (kind == "kernel") {
    spec.kind = VariantKind::Kernel;
    spec.definition_text = variant.required_string("f", Text::Expression);
    spec.definition = parse_expression_at(variant, "f", spec.definition_text, {"x"}, spec.constants);
    refuse_too_many_kinks(variant, "f", spec.definition);
    refuse_zero_definition(variant, "f", spec.definition);
    refuse_undefined_definition(variant, "f", spec.definition);
  } else if (kind == "sequence") {
    spec.kind = VariantKind::Sequence;
    spec.definition_text = variant.required_string("weight", Text::Expression);
    spec.definition = parse_expression_at(variant, "weight", spec.definition_text, {"lambda", "n", "i"}, spec.constants);
    refuse_zero_definition(variant, "weight", spec.definition);
  } else if (kind == "feature_map") {
    spec.kind = VariantKind::FeatureMap;
    if (const auto phi = variant.optional_string("phi", Text::Expression)) {
      spec.definition_text = *phi;
      spec.definition = parse_expression_at(variant, "phi", spec.definition_text, {"x"}, spec.constants);
      refuse_too_many_kinks(variant, "phi", spec.definition);
      refuse_zero_definition(variant, "phi", spec.definition);
      refuse_undefined_definition(variant, "phi", spec.definition);
    }
  } else if (kind == "measure") {
    spec.kind = VariantKind::Measure;
  } else if (kind == "fact") {
    spec.kind = VariantKind::Fact;
  } else {
    variant.fail("kind", "must be 'kernel', 'sequence', 'feature_map', 'measure' or 'fact' (found '" + kind + "')");
  }
  variant.finish();
  if (spec.kind == VariantKind::Fact) read_experiment(spec, root);
  else read_grid(spec, root);
  read_claims(spec, root, bibliography);
  read_sampling(spec, root);
  spec.properties = read_properties(root, path, bibliography, spec.property_parameters());
  for (const Property& p : spec.properties)
    for (const Claim& c : spec.claims)
      if (c.id == p.id) throw SpecError(path, p.line, "properties", "id '" + p.id + "' is also a claim id");
  for (const Property& p : spec.properties)
    for (const PropertyCheck& c : p.checks)
      if (c.kind == PropertyKind::Sampled && !spec.sampling)
        throw SpecError(path, c.line, "properties", "property '" + p.id + "' checks the sampled route but the spec has no [sampling]");
  root.finish();
  return spec;
}

}  // namespace attnverify
