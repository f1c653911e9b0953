#include "proofs/expression_parser.hpp"

#include <algorithm>
#include <cctype>

#include "proofs/erf.hpp"
#include "proofs/relu.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

const std::vector<std::string>& supported_functions() {
  static const std::vector<std::string> names{"exp",  "log",  "sqrt", "erf",  "erfc", "relu",
                                              "step", "abs",  "tanh", "sinh", "cosh"};
  return names;
}

namespace {

// GiNaC reads "0.1" as a float at the current Digits; specs mean the exact decimal.
// Rewrite every decimal literal d.ddd[e±k] as the rational (dddd/10^m) before parsing.
std::string decimals_as_rationals(const std::string& text) {
  std::string out;
  std::size_t k = 0;
  auto is_ident = [&](std::size_t j) {
    return j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_');
  };
  while (k < text.size()) {
    const bool starts_number = std::isdigit(static_cast<unsigned char>(text[k])) ||
                               (text[k] == '.' && k + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[k + 1])));
    const bool inside_identifier = k > 0 && is_ident(k - 1) && !std::isdigit(static_cast<unsigned char>(text[k - 1]));
    if (!starts_number || inside_identifier) {
      out += text[k++];
      continue;
    }
    std::string digits;
    long scale = 0;
    bool decimal = false;
    while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) digits += text[k++];
    if (k < text.size() && text[k] == '.') {
      decimal = true;
      ++k;
      while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) {
        digits += text[k++];
        ++scale;
      }
    }
    if (k + 1 < text.size() && (text[k] == 'e' || text[k] == 'E') &&
        (std::isdigit(static_cast<unsigned char>(text[k + 1])) ||
         ((text[k + 1] == '+' || text[k + 1] == '-') && k + 2 < text.size() && std::isdigit(static_cast<unsigned char>(text[k + 2]))))) {
      decimal = true;
      ++k;
      bool negative = false;
      if (text[k] == '+' || text[k] == '-') negative = text[k++] == '-';
      long exponent = 0;
      while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) exponent = exponent * 10 + (text[k++] - '0');
      scale += negative ? exponent : -exponent;
    }
    if (!decimal) {
      out += digits;
    } else if (scale >= 0) {
      out += "(" + digits + "/1" + std::string(static_cast<std::size_t>(scale), '0') + ")";
    } else {
      out += "(" + digits + std::string(static_cast<std::size_t>(-scale), '0') + ")";
    }
  }
  return out;
}

void check_functions(const ex& e) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    if (!is_a<function>(*it)) continue;
    const std::string name = ex_to<function>(*it).get_name();
    const auto& allowed = supported_functions();
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      std::string list;
      for (const auto& f : allowed) list += (list.empty() ? "" : ", ") + f;
      throw ExpressionError("function '" + name + "' is not supported (supported: " + list + ")", 0);
    }
  }
}

}  // namespace

ex parse_expression(const std::string& text, const std::vector<std::string>& allowed_symbols) {
  if (std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); }))
    throw ExpressionError("empty expression", 0);
  // Make sure the project's functions are registered before the parser looks them up.
  (void)erf(ex(0));
  (void)relu(ex(0));
  symtab table;
  for (const auto& name : allowed_symbols) table[name] = symbols().by_name(name);
  table["pi"] = Pi;
  table["Pi"] = Pi;
  parser reader(table, /*strict=*/true);
  ex result;
  const std::string rewritten = decimals_as_rationals(text);
  const auto hint = [&](std::string message) {
    if (message.find("symbol") != std::string::npos && message.find("not found") != std::string::npos) {
      std::string names;
      for (const auto& s : allowed_symbols) names += (names.empty() ? "" : ", ") + s;
      message += " (allowed symbols here: " + (names.empty() ? std::string("none") : names) + ", pi)";
    }
    return message;
  };
  try {
    result = reader(rewritten);
  } catch (const parse_error& err) {
    // Columns refer to the rewritten text only when no decimal was rewritten.
    throw ExpressionError(hint(err.what()), rewritten == text ? err.column : 0);
  } catch (const std::exception& err) {
    throw ExpressionError(hint(err.what()), 0);
  }
  check_functions(result);
  return result;
}

}  // namespace attnverify::sym
