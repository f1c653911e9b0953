#include "src/spec/spec_reading.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "numerics/ball_expression.hpp"
#include "proofs/definedness.hpp"
#include "proofs/printing.hpp"
#include "proofs/derivation_work.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/symbols.hpp"
#include "src/spec/exact_text.hpp"
#include "src/spec/spec_text.hpp"

namespace attnverify {

using GiNaC::numeric;

namespace {

// The values of one parameter axis: an array of numbers, or {from, to, count}.
std::vector<numeric> read_axis(TomlReader& grid, const std::string& key, const ParameterCheck& check, std::size_t index,
                               bool integer) {
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
      const std::string problem = check(index, values.back());
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
    const std::string problem = check(index, value);
    if (!problem.empty()) range.fail(end, problem);
  }
  for (long k = 0; k < *count; ++k)
    values.push_back(*count == 1 ? lo : lo + (hi - lo) * numeric(k) / numeric(*count - 1));
  if (integer)
    for (const numeric& v : values)
      if (!v.is_pos_integer()) range.fail("count", "the range gives the non-integer n = " + exact_text(v));
  return values;
}

// True when a ball evaluation at one point proves e != 0 there (so e is not identically
// 0): a linear-time test that spares the symbolic zero test, whose grouping of
// exponentials and normal form grow faster than the size of e (thousands of terms).
bool proved_nonzero_somewhere(const GiNaC::ex& e) {
  const sym::Symbols& s = sym::symbols();
  try {
    const num::BallExpression ball(e, {s.x, s.lambda, s.n, s.i});
    const num::Ball value =
        ball({GiNaC::numeric(3, 7), GiNaC::numeric(1, 3), GiNaC::numeric(5), GiNaC::numeric(2)}, 256);
    return value.finite() && !value.contains_zero();
  } catch (const std::exception&) {
    return false;  // a function the ball evaluator lacks: the symbolic test decides
  }
}

}  // namespace

// A list of exact numbers (each >= 0 when `nonnegative`), or a single number when
// `scalar_size` > 0, broadcast to that length.
std::vector<numeric> read_vector(const toml::node& node, const std::string& file, const std::string& key,
                                 bool nonnegative, std::size_t scalar_size) {
  std::vector<numeric> out;
  if (node.is_array()) {
    const toml::array& array = *node.as_array();
    if (array.empty()) throw SpecError(file, line_of(node), key, "empty vector");
    for (std::size_t k = 0; k < array.size(); ++k)
      out.push_back(read_exact_number(array[k], file, key + "[" + std::to_string(k) + "]"));
  } else if (scalar_size > 0) {
    out.assign(scalar_size, read_exact_number(node, file, key));
  } else {
    throw SpecError(file, line_of(node), key, "expected a list of numbers");
  }
  if (nonnegative)
    for (const numeric& v : out)
      if (v.is_negative())
        throw SpecError(file, line_of(node), key, "entries must be >= 0 (found " + exact_text(v) + ")");
  return out;
}

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
    for (std::size_t k = 0; k < d; ++k)
      out.push_back(d == 1 ? a : a + (b - a) * numeric(static_cast<long>(k)) / numeric(static_cast<long>(d - 1)));
    return out;
  }
  std::vector<numeric> out = read_vector(*node, reader.file(), reader.path(key), false, d);
  if (out.size() != d) reader.fail(key, "has " + std::to_string(out.size()) + " entries but d = " + std::to_string(d));
  return out;
}

TomlReader grid_table(TomlReader& root, const Spec& spec) {
  const toml::table* table = root.optional_table("grid");
  if (!table) root.fail("grid", "missing: give the points where closed form and numeric route are compared");
  return TomlReader(*table, spec.file, "grid", line_of(*table));
}

void read_parameter_grid(Spec& spec, TomlReader& root, const ParameterCheck& check, bool integer_second) {
  TomlReader grid = grid_table(root, spec);
  const auto names = spec.parameter_names();
  const std::vector<numeric> first = read_axis(grid, names[0], check, 0, false);
  const std::vector<numeric> second = read_axis(grid, names[1], check, 1, integer_second);
  if (first.empty() != second.empty())
    grid.fail(first.empty() ? names[0] : names[1], "missing: give both " + names[0] + " and " + names[1]);
  if (first.size() * second.size() > max_grid_points())
    grid.fail(names[0], "the grid has " + std::to_string(first.size() * second.size()) +
                            " points, above the limit of " + std::to_string(max_grid_points()) +
                            "; pass --max-grid-points N to allow more");
  for (const auto& a : first)
    for (const auto& b : second) spec.grid.push_back({a, b});
  if (const toml::array* points = grid.optional_array("points")) {
    // the limit counts the product grid and the explicit points together
    if (spec.grid.size() + points->size() > max_grid_points())
      grid.fail("points", "the grid has " + std::to_string(spec.grid.size() + points->size()) +
                              " points with these, above the limit of " + std::to_string(max_grid_points()) +
                              "; pass --max-grid-points N to allow more");
    for (std::size_t k = 0; k < points->size(); ++k) {
      const toml::node& node = (*points)[k];
      const std::string key = "points[" + std::to_string(k) + "]";
      if (!node.is_array() || node.as_array()->size() != 2)
        grid.fail("points", "each point is a pair [" + names[0] + ", " + names[1] + "]", &node);
      const toml::array& pair = *node.as_array();
      GridPoint p{read_exact_number(pair[0], spec.file, "grid." + key + "[0]"),
                  read_exact_number(pair[1], spec.file, "grid." + key + "[1]")};
      for (std::size_t i = 0; i < 2; ++i) {
        const std::string problem = check(i, p[i]);
        if (!problem.empty()) throw SpecError(spec.file, line_of(node), "grid." + key, problem);
      }
      spec.grid.push_back(p);
    }
  }
  grid.finish();
  if (spec.grid.empty()) root.fail("grid", "the grid is empty");
}

// A positive integer or a list of them, each within [1, limit].
std::vector<unsigned long> read_counts(TomlReader& table, const std::string& key, unsigned long lowest,
                                       unsigned long limit) {
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
                      "must lie in [" + std::to_string(lowest) + ", " + std::to_string(limit) + "] (found " +
                          std::to_string(v) + ")");
    out.push_back(static_cast<unsigned long>(v));
  }
  return out;
}

// The work bound of a sampling plan (docs/spec-format.md, [sampling]): the normal numbers
// it draws, points x sum over d and n of n d (feature maps: the sum over the cases, each with
// its own d, of n d), at most kMaxSamplingDraws.
void refuse_sampling_work(TomlReader& reader, const SamplingPlan& plan, std::size_t points) {
  long double draws = 0;
  for (unsigned d : plan.dimensions)
    for (unsigned long n : plan.sizes) draws += static_cast<long double>(n) * d;
  draws *= static_cast<long double>(points);
  if (draws > static_cast<long double>(kMaxSamplingDraws))
    reader.fail("n", fmt::format("the plan draws {:.3g} normal numbers (the sum of n d over its points or cases, n and d), "
                                 "above the limit of {:.0e} (about 5 s per 10^9 on 2 cores): lower n, d or the number "
                                 "of points",
                                 static_cast<double>(draws), static_cast<double>(kMaxSamplingDraws)));
}

void read_case_sampling(Spec& spec, TomlReader& root, const std::vector<unsigned>& dimensions) {
  const toml::table* table = root.optional_table("sampling");
  if (!table) return;
  TomlReader reader(*table, spec.file, "sampling", line_of(*table));
  SamplingPlan plan;
  plan.sizes = read_counts(reader, "n", 2, kMaxSamplingSize);
  // the work bound of refuse_sampling_work, with each case's own d
  plan.dimensions = dimensions;
  refuse_sampling_work(reader, plan, 1);
  plan.dimensions.clear();
  if (const auto seed = reader.optional_integer("seed")) {
    if (*seed < 0) reader.fail("seed", "must be a non-negative integer");
    plan.seed = static_cast<unsigned long>(*seed);
  }
  reader.finish();
  spec.sampling = plan;
}

void read_kernel_sampling(Spec& spec, TomlReader& root, const ParameterCheck& check) {
  const toml::table* table = root.optional_table("sampling");
  if (!table) return;
  TomlReader reader(*table, spec.file, "sampling", line_of(*table));
  SamplingPlan plan;
  for (unsigned long d : read_counts(reader, "d", 1, kMaxSamplingDimension))
    plan.dimensions.push_back(static_cast<unsigned>(d));
  plan.sizes = read_counts(reader, "n", 2, kMaxSamplingSize);
  const toml::array* points = reader.optional_array("points");
  refuse_sampling_work(reader, plan, points ? points->size() : 0);
  if (!points || points->empty()) reader.fail("points", "missing: give the (beta, gamma) points to sample");
  for (std::size_t k = 0; k < points->size(); ++k) {
    const toml::node& node = (*points)[k];
    const std::string key = "sampling.points[" + std::to_string(k) + "]";
    if (!node.is_array() || node.as_array()->size() != 2)
      throw SpecError(spec.file, line_of(node), key, "each point is a pair [beta, gamma]");
    GridPoint p{read_exact_number((*node.as_array())[0], spec.file, key + "[0]"),
                read_exact_number((*node.as_array())[1], spec.file, key + "[1]")};
    const std::string problem = check(1, p[1]);
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

void refuse_sampling(TomlReader& root) {
  if (root.optional_table("sampling"))
    root.fail("sampling",
              "the sampled route applies to kernel variants and feature maps given by phi only "
              "(sequence weights are deterministic; explicit moments have no keys to draw)");
}

void read_expression_claim(TomlReader& reader, const Spec& spec, Claim& claim) {
  claim.text = reader.required_string("S", Text::Expression);
  sym::ParsedExpression parsed = parse_claim_at(reader, "S", claim.text, spec.parameter_names(), spec.constants);
  claim.S = parsed.value;
  claim.conditions = std::move(parsed.conditions);
  claim.undefined = std::move(parsed.undefined);
  claim.continuous_extension = reader.optional_bool("continuous_extension").value_or(false);
}

void refuse_complex_definition(TomlReader& variant, const std::string& key, const GiNaC::ex& definition) {
  // GiNaC evaluates sqrt(-1) to I and log(-1) to I*Pi when it parses: a number that is not real
  // (GiNaC keeps sqrt(-2) and log(-2) as they are written: not real either)
  for (GiNaC::const_preorder_iterator it = definition.preorder_begin(); it != definition.preorder_end(); ++it) {
    const GiNaC::ex& node = *it;
    const auto negative = [](const GiNaC::ex& e) {
      return GiNaC::is_exactly_a<GiNaC::numeric>(e) && GiNaC::ex_to<GiNaC::numeric>(e).is_real() &&
             GiNaC::ex_to<GiNaC::numeric>(e).is_negative();
    };
    const bool root_of_negative = GiNaC::is_exactly_a<GiNaC::power>(node) && negative(node.op(0)) &&
                                  GiNaC::is_exactly_a<GiNaC::numeric>(node.op(1)) &&
                                  !GiNaC::ex_to<GiNaC::numeric>(node.op(1)).is_integer();
    const bool log_of_negative = GiNaC::is_a<GiNaC::function>(node) &&
                                 GiNaC::ex_to<GiNaC::function>(node).get_name() == "log" && negative(node.op(0));
    if (root_of_negative || log_of_negative) {
      std::ostringstream value;
      value << node;
      variant.fail(key, "has the constant " + value.str() + ", which is not real: attention weights are real");
    }
    if (GiNaC::is_exactly_a<GiNaC::numeric>(node) && !GiNaC::ex_to<GiNaC::numeric>(node).is_real()) {
      std::ostringstream value;
      value << *it;  // GiNaC's own printer: "I", "I*Pi" is a product, so the number is I
      variant.fail(key, "has the complex constant " + value.str() +
                            " (e.g. from sqrt(-1) or log(-1)): attention weights are real");
    }
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
void refuse_undefined_definition(TomlReader& variant, const std::string& key,
                                 const std::vector<sym::Condition>& conditions, const std::string& why,
                                 const std::vector<sym::ParameterRange>& parameters) {
  sym::ParameterDomain line = sym::real_line_domain();
  std::string every = "every real x";
  for (const sym::ParameterRange& p : parameters) {
    line.variables.push_back({p.symbol, sym::enclosing_range(p), false, {p.lo, (p.lo + p.hi) / 2, p.hi}});
    every += ", every " + sym::to_text(p.symbol) + " in [" + exact_text(p.lo) + ", " + exact_text(p.hi) + "]";
  }
  for (const sym::Condition& condition : conditions) {
    if (condition.kind == sym::ConditionKind::Continuous) continue;
    const sym::ConditionAnalysis a = sym::analyse_condition(condition, line);
    if (a.status == sym::ConditionStatus::Holds) continue;
    std::string where;
    if (a.status == sym::ConditionStatus::Violated && !a.point.empty()) {
      where = " (it fails at x = " + exact_text(a.point[0]);
      for (std::size_t k = 1; k < a.point.size() && k < line.variables.size(); ++k)
        where += ", " + sym::to_text(line.variables[k].symbol) + " = " + exact_text(a.point[k]);
      where += ")";
    } else if (a.status == sym::ConditionStatus::Violated && !a.exact_point.empty()) {
      where = " (it fails at an irrational point)";
    }
    variant.fail(
        key, "must be defined for " + every + ", since " + why + "; " +
                 std::string(a.status == sym::ConditionStatus::Violated ? "the condition "
                                                                        : "attnverify cannot prove the condition ") +
                 condition.describe() + (a.status == sym::ConditionStatus::Violated ? " does not hold" : "") + where);
  }
}

// A sequence's weights a_i must be real for lambda in (0, 1] and 1 <= i <= n. A weight is
// refused only at a point where it is proved not real: its exact value there (GiNaC,
// 0^0 = 1 as in docs/spec-format.md) is not a real number, or has a zero divisor. The
// points: the witness of a definedness condition (denominator, root, logarithm;
// proofs/definedness.hpp) proved violated, i being analysed on 1, 2, 3, ... regardless of
// n, so a witness counts only when i <= n; and lambda in {1/2, 1}, n in {1, 2, 3},
// i = 1..n, where a condition cannot see a non-real power of a negative constant,
// (-1)^(i/2). A condition that is violated only where the exact value is real (the base
// 0 of (1 - lambda)^(n - i + 1) at lambda = 1) refuses nothing; one neither proved nor
// refuted is left to the run, whose summation says where it fails.
void refuse_undefined_weight(TomlReader& variant, const std::string& key, const GiNaC::ex& weight) {
  const auto& s = sym::symbols();
  // why the weight is not real at (lambda, n, i), or ""
  const auto not_real_at = [&](const GiNaC::numeric& lambda, const GiNaC::numeric& n,
                               const GiNaC::numeric& i) -> std::string {
    try {
      const GiNaC::ex value = weight.subs(GiNaC::lst{s.lambda == lambda, s.n == n, s.i == i}).evalf();
      if (GiNaC::is_exactly_a<GiNaC::numeric>(value) && GiNaC::ex_to<GiNaC::numeric>(value).is_real()) return "";
      std::ostringstream os;
      os << value;
      return "its value there is " + os.str().substr(0, 60) + ", not a real number";
    } catch (const std::domain_error& err) {
      if (std::string(err.what()).find("pow(0,0)") != std::string::npos) return "";  // 0^0 = 1
      return std::string("it is not defined there (") + err.what() + ")";
    } catch (const std::exception& err) {
      return std::string("it is not defined there (") + err.what() + ")";
    }
  };
  const auto refuse = [&](const GiNaC::numeric& lambda, const GiNaC::numeric& n, const GiNaC::numeric& i,
                          const std::string& why) {
    variant.fail(key, "must be real for every lambda in (0, 1] and i = 1, ..., n; at lambda = " + exact_text(lambda) +
                          ", n = " + exact_text(n) + ", i = " + exact_text(i) + " " + why);
  };
  sym::ParameterDomain domain = sym::sequence_domain();
  domain.variables.push_back({s.i, sym::Range{1, HUGE_VAL, false, true}, true, {1, 2, 3, 10}});
  domain.description += ", i = 1, ..., n";
  for (const sym::Condition& condition : sym::conditions_of(weight)) {
    if (condition.kind == sym::ConditionKind::Continuous) continue;
    sym::ConditionAnalysis a;
    try {
      a = sym::analyse_condition(condition, domain);
    } catch (const std::exception&) {
      continue;  // not decided: left to the run
    }
    if (a.status != sym::ConditionStatus::Violated || a.point.size() != 3 || a.point[2] > a.point[1]) continue;
    if (const std::string why = not_real_at(a.point[0], a.point[1], a.point[2]); !why.empty())
      refuse(a.point[0], a.point[1], a.point[2], "the condition " + condition.describe() + " does not hold: " + why);
  }
  for (const GiNaC::numeric& lambda : {GiNaC::numeric(1, 2), GiNaC::numeric(1)})
    for (long n = 1; n <= 3; ++n)
      for (long i = 1; i <= n; ++i)
        if (const std::string why = not_real_at(lambda, n, i); !why.empty()) refuse(lambda, n, i, why);
}

// Splitting into pieces costs about the cube of the number of kinks
// (proofs/derivation_work.hpp), so a definition with more than kMaxKinks is refused here,
// before any work.
void refuse_too_many_kinks(TomlReader& variant, const std::string& key, const GiNaC::ex& definition) {
  const std::size_t kinks = sym::count_kinks(definition, sym::symbols().x);
  if (kinks > sym::kMaxKinks)
    variant.fail(key, "has " + std::to_string(kinks) +
                          " kinks (distinct arguments of relu, step or abs that contain x, "
                          "which max, min, clip, elu, leaky_relu and piecewise are written in); at most " +
                          std::to_string(sym::kMaxKinks) +
                          " are supported, since the work of the derivation grows as the cube of their number");
}

}  // namespace attnverify
