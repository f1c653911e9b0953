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
//   sin cos tan atan, and any other registered primitive (proofs/primitive_function.hpp)
// The kinked functions are rewritten in relu and step at parse time. Anything else
// (an unknown name, a function outside that list, a syntax error, a bad constant
// argument, nesting deeper than kMaxNestingDepth) raises ExpressionError with the
// 1-based column in the expression text.
//
// As it reads, the reader records the expression's conditions (proofs/definedness.hpp):
// each divisor, radicand and log argument *as written*, before GiNaC's automatic
// simplification can cancel it (beta/beta is read as 1 but records beta != 0).
// read_expression in tolerant mode (for published claims, which may be wrong in any
// way) does not refuse an expression that is defined nowhere (1/(beta - beta), log(0)):
// it returns it with `undefined` saying why, so that the claim gets its own verdict.
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "proofs/definedness.hpp"

namespace attnverify::sym {

/// A spec expression that cannot be used. `column` is 1-based within the expression
/// text, or 0 when the error concerns the whole expression.
class ExpressionError : public std::runtime_error {
 public:
  ExpressionError(const std::string& message, std::size_t column) : std::runtime_error(message), column(column) {}
  std::size_t column;
};

/// Named constants a spec defines: name -> exact value (free of symbols).
using NamedConstants = std::map<std::string, GiNaC::ex>;

/// The deepest nesting of parentheses, function calls, unary signs and powers the
/// reader accepts: a bound on the recursion of the reader and of GiNaC's own tree walks
/// (20 000 nested parentheses overflowed the stack; formulas in papers nest < 30 deep).
inline constexpr std::size_t kMaxNestingDepth = 200;

/// An expression with the conditions under which it is defined.
struct ParsedExpression {
  GiNaC::ex value;
  std::vector<Condition> conditions;  ///< recorded while reading, plus conditions_of(value)
  std::string undefined;              ///< non-empty: defined nowhere (tolerant mode only), and why
};

/// Reads `text` as parse_expression does, recording conditions. With `tolerant`, a
/// division by an expression that is identically 0, 0 to a non-positive power, or a
/// function GiNaC finds singular at a constant (log(0)) sets `undefined` instead of
/// throwing; every other problem still throws ExpressionError.
ParsedExpression read_expression(const std::string& text, const std::vector<std::string>& allowed_symbols,
                                 const NamedConstants& constants = {}, bool tolerant = false);

/// Parses `text` allowing only the symbols named in `allowed_symbols` and the
/// `constants`. Throws ExpressionError for syntax errors, unknown symbols or
/// unsupported functions (the message names them), and for constant arguments the
/// kinked functions reject (clip bounds out of order, non-constant breakpoints).
GiNaC::ex parse_expression(const std::string& text, const std::vector<std::string>& allowed_symbols,
                           const NamedConstants& constants = {});

/// True when `name` cannot be a named constant: a symbol, a function or a built-in constant.
bool is_reserved_name(const std::string& name);

/// Names of the functions a spec expression may call: the parser's own rules, then the
/// registered primitives (proofs/primitive_function.hpp).
std::vector<std::string> supported_functions();

}  // namespace attnverify::sym
