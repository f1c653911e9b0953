// Parsing of spec expressions (f(x), sequence weights, published claims) into GiNaC
// expressions over a fixed symbol table and the project's function set. The reader
// is our own recursive descent (GiNaC 1.8's parser reports no column and takes no
// variadic functions); it builds the expressions with GiNaC itself.
//
// Accepted syntax (docs/spec-format.md, "Expressions"): numbers (decimals are read
// exactly, 0.1 = 1/10), + - * / ^, parentheses, the symbols a caller allows (a
// subset of proofs/symbols.hpp), the constants `pi` (also `Pi`) and `e` = exp(1),
// named constants a spec defines ([variant.parameters]), and the functions
//   exp log sqrt erf erfc tanh sinh cosh abs relu step
//   max(a,b) min(a,b) clip(u,lo,hi) leaky_relu(u[,slope]) elu(u[,alpha])
//   piecewise(f0, b1, f1, ..., bk, fk)                  (proofs/kinked_functions.hpp)
//   sigmoid softplus gelu silu                           (proofs/activations.hpp)
// The kinked functions are rewritten in relu and step at parse time. Anything else
// (an unknown name, a function outside that list, a syntax error, a bad constant
// argument) raises ExpressionError with the 1-based column in the expression text.
#pragma once

#include <ginac/ginac.h>

#include <map>
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

/// Named constants a spec defines: name -> exact value (free of symbols).
using NamedConstants = std::map<std::string, GiNaC::ex>;

/// Parses `text` allowing only the symbols named in `allowed_symbols` and the
/// `constants`. Throws ExpressionError for syntax errors, unknown symbols or
/// unsupported functions (the message names them), and for constant arguments the
/// kinked functions reject (clip bounds out of order, non-constant breakpoints).
GiNaC::ex parse_expression(const std::string& text, const std::vector<std::string>& allowed_symbols,
                           const NamedConstants& constants = {});

/// True when `name` cannot be a named constant: a symbol, a function or a built-in constant.
bool is_reserved_name(const std::string& name);

/// Names of the functions a spec expression may call.
const std::vector<std::string>& supported_functions();

}  // namespace attnverify::sym
