// Strict reading of TOML tables for specs and bibliographies (toml++).
// Every accessor checks the type; finish() rejects keys that were never read, so an
// unknown or misspelt key is an error. Errors are SpecError with file, line and the
// dotted key path (e.g. "claims[2].S").
#pragma once

#include <ginac/ginac.h>

#include <toml++/toml.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "proofs/expression_parser.hpp"
#include "src/spec/spec_error.hpp"

namespace attnverify {

/// What a string of a spec is, for its validation (src/spec/spec_text.hpp): free text (at
/// most kMaxTextLength characters), an expression (kMaxExpressionLength), an identifier,
/// a URL, or a published formula in TeX (whitelisted macros). Every kind refuses control
/// characters other than tab and newline.
enum class Text { Free, Expression, Identifier, Url, Formula };

class TomlReader {
 public:
  TomlReader(const toml::table& table, std::string file, std::string prefix, std::size_t line);

  std::optional<std::string> optional_string(const std::string& key, Text kind = Text::Free);
  std::string required_string(const std::string& key, Text kind = Text::Free);
  std::optional<long> optional_integer(const std::string& key);
  std::optional<bool> optional_bool(const std::string& key);
  const toml::node* optional_node(const std::string& key);
  const toml::table* optional_table(const std::string& key);
  const toml::array* optional_array(const std::string& key);

  /// Throws for the first key of the table that no accessor asked for.
  void finish() const;

  [[noreturn]] void fail(const std::string& key, const std::string& message, const toml::node* at = nullptr) const;
  std::string path(const std::string& key) const { return prefix_.empty() ? key : prefix_ + "." + key; }
  std::size_t line_of(const std::string& key) const;
  const std::string& file() const { return file_; }
  std::size_t line() const { return line_; }
  /// The spec's named constants ([variant.parameters]) that expressions read through this
  /// reader may use (parse_expression_at and its siblings, when given none); `constants` must
  /// outlive the reader.
  void use_constants(const sym::NamedConstants& constants) { constants_ = &constants; }
  const sym::NamedConstants& constants() const;

 private:
  const toml::table& table_;
  std::string file_;
  std::string prefix_;
  std::size_t line_;
  std::set<std::string> used_;
  const sym::NamedConstants* constants_ = nullptr;
};

/// Reads a number (TOML integer, float, or a string holding an exact decimal or
/// rational such as "0.1" or "1/3") as an exact GiNaC rational. A TOML float is read as
/// its digits are written (-1.7320508075688773 -> -17320508075688773/10^16, not the double
/// nearest it) when its document was registered (register_source_text; load_spec does so),
/// else as the shortest decimal that round-trips (0.1 -> 1/10). NaN and inf are refused.
/// `key` names the value in error messages.
GiNaC::numeric read_exact_number(const toml::node& node, const std::string& file, const std::string& key);

/// Registers the text of a document parsed with `path` as its source path, so that
/// read_exact_number reads its floats' digits as written. Thread-safe.
void register_source_text(const std::string& path, std::string text);

/// Parses a spec expression (proofs/expression_parser.hpp) found under `key` of
/// `reader`, allowing `symbols` and the spec's named `constants`; a failure is a
/// SpecError naming the file, line, key and the column within the expression.
GiNaC::ex parse_expression_at(const TomlReader& reader, const std::string& key, const std::string& text,
                              const std::vector<std::string>& symbols, const sym::NamedConstants& constants = {});

/// The same, with the conditions recorded while reading (before GiNaC cancels x/x), for a
/// definition or a bound whose definedness is checked.
sym::ParsedExpression parse_with_conditions_at(const TomlReader& reader, const std::string& key,
                                               const std::string& text, const std::vector<std::string>& symbols,
                                               const sym::NamedConstants& constants = {});

/// The same in tolerant mode, for published claims: an expression that is defined
/// nowhere (1/(beta - beta)) is returned with `undefined` set rather than refused, so the
/// claim gets a verdict of its own; conditions are recorded (proofs/expression_parser.hpp).
sym::ParsedExpression parse_claim_at(const TomlReader& reader, const std::string& key, const std::string& text,
                                     const std::vector<std::string>& symbols,
                                     const sym::NamedConstants& constants = {});

/// 1-based line of a node (0 when unknown).
std::size_t line_of(const toml::node& node);

/// "a string", "an integer", ... for error messages.
std::string type_name(const toml::node& node);

/// The message of a TOML syntax error. toml++ 3.x garbles the key of a duplicate-key
/// error ('"name"' is reported as '"naname" '), so that error is reworded without it;
/// the line (from the error's source region) names the second definition.
std::string toml_syntax_problem(const toml::parse_error& err);

}  // namespace attnverify
