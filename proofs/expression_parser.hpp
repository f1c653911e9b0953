// Parsing of spec expressions (f(x), sequence weights, published claims) with
// GiNaC's parser over a fixed symbol table and the project's function set.
//
// Accepted syntax: numbers (decimals are read exactly, 0.1 = 1/10), + - * / ^,
// parentheses, the symbols a caller allows (a subset of proofs/symbols.hpp), the
// constant `pi` (also `Pi`), and the functions
//   exp log sqrt erf erfc relu step abs tanh sinh cosh
// Anything else (an unknown name, a function outside that list, a syntax error)
// raises ExpressionError with the 1-based column in the expression text.
#pragma once

#include <ginac/ginac.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace attnverify::sym {

/// A spec expression that cannot be used. `column` is 1-based within the expression
/// text, or 0 when the error concerns the whole expression.
class ExpressionError : public std::runtime_error {
 public:
  ExpressionError(const std::string& message, std::size_t column)
      : std::runtime_error(message), column(column) {}
  std::size_t column;
};

/// Parses `text` allowing only the symbols named in `allowed_symbols`.
/// Throws ExpressionError for syntax errors, unknown symbols or unsupported functions.
GiNaC::ex parse_expression(const std::string& text, const std::vector<std::string>& allowed_symbols);

/// Names of the functions a spec expression may call.
const std::vector<std::string>& supported_functions();

}  // namespace attnverify::sym
