#include "src/spec/toml_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "proofs/expression_parser.hpp"
#include "src/spec/spec_text.hpp"

namespace attnverify {

std::size_t line_of(const toml::node& node) { return static_cast<std::size_t>(node.source().begin.line); }

std::string type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a float";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::table:
      return "a table";
    default:
      return "a date or time";
  }
}

TomlReader::TomlReader(const toml::table& table, std::string file, std::string prefix, std::size_t line)
    : table_(table), file_(std::move(file)), prefix_(std::move(prefix)), line_(line) {}

const sym::NamedConstants& TomlReader::constants() const {
  static const sym::NamedConstants none;
  return constants_ ? *constants_ : none;
}

std::size_t TomlReader::line_of(const std::string& key) const {
  const toml::node* node = table_.get(key);
  return node ? attnverify::line_of(*node) : line_;
}

namespace {
// The line of a key as written (a table's header line for [name]), else of its value.
std::size_t key_line(const toml::key& key, const toml::node& node) {
  return static_cast<std::size_t>(key.source().begin.line ? key.source().begin.line : node.source().begin.line);
}
}  // namespace

void TomlReader::fail(const std::string& key, const std::string& message, const toml::node* at) const {
  // a missing key with a near miss in the table ([grd] for [grid], sampels for samples): the
  // misspelling is the problem, named at its own line
  // (names of 3 or more characters: d and n are both keys of [sampling])
  if (!at && !table_.get(key) && message.rfind("missing", 0) == 0 && key.size() >= 3) {
    for (auto&& [written, node] : table_) {
      const std::string name(written.str());
      if (name.size() < 3 || used_.count(name) || nearest_name(name, {key}) != key) continue;
      throw SpecError(file_, key_line(written, node), path(name),
                      "unknown key: did you mean '" + key + "'? ('" + key + "': " + message + ")");
    }
  }
  throw SpecError(file_, at ? attnverify::line_of(*at) : line_of(key), path(key), message);
}

const toml::node* TomlReader::optional_node(const std::string& key) {
  used_.insert(key);
  return table_.get(key);
}

std::optional<std::string> TomlReader::optional_string(const std::string& key, Text kind) {
  const toml::node* node = optional_node(key);
  if (!node) return std::nullopt;
  if (!node->is_string()) fail(key, "expected a string, found " + type_name(*node));
  std::string value = node->as_string()->get();
  std::string problem;
  switch (kind) {
    case Text::Free:
      problem = free_text_problem(value);
      if (problem.empty()) problem = prose_math_problem(value);
      break;
    case Text::Expression:
      problem = free_text_problem(value, kMaxExpressionLength);
      // \f, \b, \t, \n, \r in a TOML basic string are escapes: "\frac" arrives as a form feed
      if (!problem.empty() && value.find_first_of("\f\b\r") != std::string::npos)
        problem += "; this looks like LaTeX, read through TOML's escapes (\\frac becomes a form feed): the expression "
                   "language writes exp(-gamma^2/2)/2 or relu(x)^2, and the TeX goes in `latex`";
      break;
    case Text::Identifier:
      problem = identifier_problem(value);
      break;
    case Text::Url:
      problem = url_problem(value);
      break;
    case Text::Formula:
      problem = latex_formula_problem(value);
      break;
  }
  if (!problem.empty()) fail(key, "the string " + problem);
  return value;
}

std::string TomlReader::required_string(const std::string& key, Text kind) {
  const auto value = optional_string(key, kind);
  if (!value) fail(key, "missing (required string)");
  return *value;
}

std::optional<long> TomlReader::optional_integer(const std::string& key) {
  const toml::node* node = optional_node(key);
  if (!node) return std::nullopt;
  if (!node->is_integer()) fail(key, "expected an integer");
  return static_cast<long>(node->as_integer()->get());
}

std::optional<bool> TomlReader::optional_bool(const std::string& key) {
  const toml::node* node = optional_node(key);
  if (!node) return std::nullopt;
  if (!node->is_boolean()) fail(key, "expected true or false, found " + type_name(*node));
  return node->as_boolean()->get();
}

const toml::table* TomlReader::optional_table(const std::string& key) {
  const toml::node* node = optional_node(key);
  if (!node) return nullptr;
  if (!node->is_table()) fail(key, "expected a table");
  return node->as_table();
}

const toml::array* TomlReader::optional_array(const std::string& key) {
  const toml::node* node = optional_node(key);
  if (!node) return nullptr;
  if (!node->is_array()) fail(key, "expected an array");
  return node->as_array();
}

void TomlReader::finish() const {
  for (auto&& [key, node] : table_) {
    const std::string name(key.str());
    if (used_.count(name)) continue;
    // the keys this table was asked for, present or not, are the schema's: the nearest is offered
    std::vector<std::string> asked;
    for (const std::string& k : used_)
      if (!table_.get(k)) asked.push_back(k);
    const std::optional<std::string> near = nearest_name(name, asked);
    throw SpecError(file_, key_line(key, node), path(name),
                    near ? "unknown key: did you mean '" + *near + "'? (see docs/spec-format.md for the schema)"
                         : "unknown key (see docs/spec-format.md for the schema)");
  }
}

namespace {

// The texts of the documents parsed with a path (load_spec registers each spec file's bytes),
// with where each line starts and its first byte beyond ASCII, found once per document: a spec of
// 20 000 floats on one line would otherwise copy that line once per float.
struct SourceText {
  std::string text;
  std::vector<std::size_t> line_starts;  ///< offset of line k + 1 (0-based k)
  std::vector<std::size_t> non_ascii;    ///< line k + 1's first byte beyond ASCII, from its start (npos: none)
};
std::mutex source_texts_mutex;
std::map<std::string, SourceText>& source_texts() {
  static std::map<std::string, SourceText> texts;
  return texts;
}

// The digits of a TOML float as written: its source text (one line), without the underscores
// TOML allows, when the node's document was registered and the text is a TOML decimal float
// that reads as the node's value; else nullopt. `huge_exponent` is set when the text is such a
// float with an exponent of more than 4 digits (1e-20000: a double's 0, not the number written).
std::optional<std::string> float_literal(const toml::node& node, double value, bool& huge_exponent) {
  huge_exponent = false;
  const toml::source_region& where = node.source();
  if (!where.path || where.begin.line != where.end.line || where.end.column <= where.begin.column ||
      where.begin.line == 0)
    return std::nullopt;
  std::string text;
  {
    const std::lock_guard<std::mutex> lock(source_texts_mutex);
    const auto found = source_texts().find(*where.path);
    if (found == source_texts().end()) return std::nullopt;
    const SourceText& source = found->second;
    const std::size_t line = where.begin.line - 1;
    // columns count characters: a literal after other than ASCII on its line is not sliced by them
    if (line >= source.line_starts.size() ||
        (source.non_ascii[line] != std::string::npos && source.non_ascii[line] + 1 < where.begin.column))
      return std::nullopt;
    const std::size_t line_end =
        line + 1 < source.line_starts.size() ? source.line_starts[line + 1] : source.text.size();
    const std::size_t from = source.line_starts[line] + where.begin.column - 1,
                      to = source.line_starts[line] + where.end.column - 1;
    if (to > line_end) return std::nullopt;
    text = source.text.substr(from, to - from);
  }
  text.erase(std::remove(text.begin(), text.end(), '_'), text.end());
  // [+-]digits[.digits][(e|E)[+-]digits], checked by hand (std::regex recurses per character:
  // a float of 100 000 digits in a stranger's spec would overflow the stack)
  std::size_t k = 0;
  const auto digits = [&] {
    const std::size_t from = k;
    while (k < text.size() && text[k] >= '0' && text[k] <= '9') ++k;
    return k > from;
  };
  if (k < text.size() && (text[k] == '+' || text[k] == '-')) ++k;
  bool ok = digits();
  if (ok && k < text.size() && text[k] == '.') ++k, ok = digits();
  if (ok && k < text.size() && (text[k] == 'e' || text[k] == 'E')) {
    ++k;
    if (k < text.size() && (text[k] == '+' || text[k] == '-')) ++k;
    const std::size_t from = k;
    ok = digits();
    huge_exponent = ok && k == text.size() && k - from > 4;
    ok = ok && k - from <= 4;  // 10^(+-9999) at most as an exact rational
  }
  if (text.size() > 1000) ok = false;  // beyond that, the double's own digits (as before)
  if (!ok || k != text.size() || std::strtod(text.c_str(), nullptr) != value) return std::nullopt;
  if (text.front() == '+') text.erase(0, 1);
  return text;
}

}  // namespace

void register_source_text(const std::string& path, std::string text) {
  SourceText source;
  source.line_starts.push_back(0);
  source.non_ascii.push_back(std::string::npos);
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (static_cast<unsigned char>(text[k]) >= 0x80 && source.non_ascii.back() == std::string::npos)
      source.non_ascii.back() = k - source.line_starts.back();
    if (text[k] == '\n') {
      source.line_starts.push_back(k + 1);
      source.non_ascii.push_back(std::string::npos);
    }
  }
  source.text = std::move(text);
  const std::lock_guard<std::mutex> lock(source_texts_mutex);
  source_texts()[path] = std::move(source);
}

GiNaC::numeric read_exact_number(const toml::node& node, const std::string& file, const std::string& key) {
  std::string text;
  if (node.is_integer()) {
    text = std::to_string(node.as_integer()->get());
  } else if (node.is_floating_point()) {
    const double value = node.as_floating_point()->get();
    if (!std::isfinite(value)) throw SpecError(file, line_of(node), key, "must be a finite number (found nan or inf)");
    bool huge_exponent = false;
    if (const std::optional<std::string> written = float_literal(node, value, huge_exponent)) {
      text = *written;  // its digits as written: 1.7320508075688773 is not the double nearest it
    } else if (huge_exponent) {
      throw SpecError(file, line_of(node), key,
                      "a number with an exponent of more than 4 digits cannot be read exactly (at most 10^9999 and "
                      "10^-9999)");
    } else {
      char buffer[64];
      const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest round-trip form
      text.assign(buffer, result.ptr);
    }
  } else if (node.is_string()) {
    text = node.as_string()->get();
  } else {
    throw SpecError(file, line_of(node), key, "expected a number or a string holding an exact number");
  }
  GiNaC::ex value;
  try {
    value = sym::parse_expression(text, {});
  } catch (const sym::ExpressionError& err) {
    throw SpecError(file, line_of(node), key, "'" + text + "' is not an exact number: " + err.what());
  }
  if (!GiNaC::is_exactly_a<GiNaC::numeric>(value) || !GiNaC::ex_to<GiNaC::numeric>(value).is_rational())
    throw SpecError(file, line_of(node), key, "'" + text + "' is not an exact rational number");
  return GiNaC::ex_to<GiNaC::numeric>(value);
}

namespace {
// An expression in a message: whole up to 120 characters, else its start and length.
std::string quoted_excerpt(const std::string& text) {
  if (text.size() <= 120) return "'" + text + "'";
  std::size_t cut = 100;  // not inside a UTF-8 sequence (a lone byte is not text)
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return "'" + text.substr(0, cut) + "...' (" + std::to_string(text.size()) + " characters)";
}
}  // namespace

GiNaC::ex parse_expression_at(const TomlReader& reader, const std::string& key, const std::string& text,
                              const std::vector<std::string>& symbols, const sym::NamedConstants& constants) {
  try {
    return sym::parse_expression(text, symbols, constants.empty() ? reader.constants() : constants);
  } catch (const sym::ExpressionError& err) {
    const std::string where = err.column > 0 ? " (column " + std::to_string(err.column) + " of the expression)" : "";
    reader.fail(key, "cannot use expression " + quoted_excerpt(text) + ": " + err.what() + where);
  }
}

sym::ParsedExpression parse_with_conditions_at(const TomlReader& reader, const std::string& key,
                                               const std::string& text, const std::vector<std::string>& symbols,
                                               const sym::NamedConstants& constants) {
  try {
    return sym::read_expression(text, symbols, constants.empty() ? reader.constants() : constants, false);
  } catch (const sym::ExpressionError& err) {
    const std::string where = err.column > 0 ? " (column " + std::to_string(err.column) + " of the expression)" : "";
    reader.fail(key, "cannot use expression " + quoted_excerpt(text) + ": " + err.what() + where);
  }
}

sym::ParsedExpression parse_claim_at(const TomlReader& reader, const std::string& key, const std::string& text,
                                     const std::vector<std::string>& symbols, const sym::NamedConstants& constants) {
  try {
    return sym::read_expression(text, symbols, constants.empty() ? reader.constants() : constants, true);
  } catch (const sym::ExpressionError& err) {
    const std::string where = err.column > 0 ? " (column " + std::to_string(err.column) + " of the expression)" : "";
    reader.fail(key, "cannot use expression " + quoted_excerpt(text) + ": " + err.what() + where);
  }
}

std::string toml_syntax_problem(const toml::parse_error& err) {
  const std::string description(err.description());
  if (description.find("cannot redefine existing") != std::string::npos)
    return "TOML syntax error: a key or table defined twice (this line repeats an earlier definition)";
  // a basic string runs to the end of its line: the newline is the "control character"
  if (description.find("while parsing string") != std::string::npos &&
      description.find("control characters") != std::string::npos)
    return "TOML syntax error: a string on this line is left open (its closing quote is missing; a string ends on "
           "the line where it starts, use '''...''' for several lines) or holds a control character (" +
           description + ")";
  return "TOML syntax error: " + description;
}

}  // namespace attnverify
