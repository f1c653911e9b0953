#include "proofs/expression_parser.hpp"
#include <fmt/format.h>
#include <map>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>
#include <functional>
#include <limits>
#include <stdexcept>

#include "proofs/activations.hpp"
#include "proofs/erf.hpp"
#include "proofs/kinked_functions.hpp"
#include "proofs/primitive_function.hpp"
#include "proofs/relu.hpp"
#include "proofs/symbols.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

// A function of the language: its accepted argument counts (0 = any) and the
// expression it builds. Kinked functions are rewritten in relu and step here.
struct FunctionRule {
  std::string name;
  std::vector<std::size_t> arities;
  std::function<ex(const std::vector<ex>&)> build;
};

// exp of a constant beyond e^23000 (10^10000) would overflow GiNaC/CLN floats or
// exhaust memory when evaluated: refused like an oversized power.
bool is_constant(const ex& e) {
  for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (is_a<symbol>(*it)) return false;
  return true;
}

// |e| as a double (inf when it does not fit or cannot be evaluated)
double approximate_magnitude(const ex& e) {
  try {
    const ex v = e.evalf();
    if (is_exactly_a<numeric>(v)) return abs(ex_to<numeric>(v)).to_double();
  } catch (const std::exception&) {
  }
  return std::numeric_limits<double>::infinity();
}

// log10 |e| as a double, computed in CLN's floats so that 1e-600 gives -600, not
// log10 of a double underflowed to 0 (inf when e cannot be evaluated to a number)
double approximate_log10_magnitude(const ex& e) {
  try {
    const ex v = e.evalf();
    if (is_exactly_a<numeric>(v)) {
      const numeric a = abs(ex_to<numeric>(v));
      if (a.is_zero()) return -std::numeric_limits<double>::infinity();
      return (GiNaC::log(a) / GiNaC::log(numeric(10))).to_double();
    }
  } catch (const std::exception&) {
  }
  return std::numeric_limits<double>::infinity();
}

// Decimal digits needed to write a numeric exactly: numerator plus denominator of a
// rational (real and imaginary parts of a complex one); 0 for floats, whose size is
// fixed by the precision.
double exact_digits(const numeric& r) {
  if (!r.is_real()) return exact_digits(r.real()) + exact_digits(r.imag());
  if (!r.is_rational()) return 0;
  constexpr double log10_2 = 0.30102999566398120;
  return (r.numer().int_length() + r.denom().int_length()) * log10_2;
}

ex checked_exponent(const ex& u) {
  if (is_constant(u) && !(approximate_magnitude(u) <= 23000))
    throw std::invalid_argument("exp of a constant above 23000 in size (a number of more than 10000 digits)");
  return u;
}

const std::vector<FunctionRule>& function_rules() {
  static const std::vector<FunctionRule> rules{
      {"exp", {1}, [](const auto& a) { return exp(checked_exponent(a[0])); }},
      {"log", {1}, [](const auto& a) { return log(a[0]); }},
      {"sqrt", {1}, [](const auto& a) { return sqrt(a[0]); }},
      {"erf", {1}, [](const auto& a) { return erf(a[0]); }},
      {"erfc", {1}, [](const auto& a) { return erfc(a[0]); }},
      {"tanh", {1}, [](const auto& a) { return tanh(a[0]); }},
      {"sinh", {1}, [](const auto& a) { return sinh(a[0]); }},
      {"cosh", {1}, [](const auto& a) { return cosh(a[0]); }},
      {"abs", {1}, [](const auto& a) { return abs(a[0]); }},
      {"relu", {1}, [](const auto& a) { return relu(a[0]); }},
      {"step", {1}, [](const auto& a) { return step(a[0]); }},
      // sign(u) = 2 step(u) - 1: -1, 0 or 1 (GiNaC's step(0) = 1/2), the activation by definition
      {"sign", {1}, [](const auto& a) { return 2 * step(a[0]) - 1; }},
      {"max", {2}, [](const auto& a) { return max_of(a[0], a[1]); }},
      {"min", {2}, [](const auto& a) { return min_of(a[0], a[1]); }},
      {"clip", {3}, [](const auto& a) { return clip(a[0], a[1], a[2]); }},
      {"leaky_relu",
       {1, 2},
       [](const auto& a) { return leaky_relu(a[0], a.size() == 2 ? a[1] : default_leaky_slope()); }},
      {"elu", {1, 2}, [](const auto& a) { return elu(a[0], a.size() == 2 ? a[1] : ex(1)); }},
      {"piecewise", {0}, [](const auto& a) { return piecewise(a, symbols().x); }},
      {"sigmoid", {1}, [](const auto& a) { return sigmoid(a[0]); }},
      {"softplus", {1}, [](const auto& a) { return softplus(a[0]); }},
      {"gelu", {1}, [](const auto& a) { return gelu(a[0]); }},
      {"silu", {1}, [](const auto& a) { return silu(a[0]); }},
  };
  return rules;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// Recursive descent over
//   expression := term (('+' | '-') term)*
//   term       := unary (('*' | '/') unary)*
//   unary      := ('-' | '+') unary | power
//   power      := primary (('^' | '**') unary)?          (right-associative; -x^2 = -(x^2))
//   primary    := number | name | name '(' expression (',' expression)* ')' | '(' expression ')'
// Numbers are decimals with an optional exponent, read exactly (0.1 = 1/10).

// The character at text[at], whole, for a message: `name` quotes it ('x'; a UTF-8 sequence with
// its code point, since a byte alone would be invalid UTF-8 in the message and break a caller
// that decodes it), `hint` says what to write instead, for the characters people paste from
// papers (γ: gamma, ·: *, −: -) and for a backslash (LaTeX).
struct CharacterText {
  std::string name, hint;
  std::string text() const { return name + hint; }
};

CharacterText describe_character(const std::string& text, std::size_t at) {
  const unsigned char c = static_cast<unsigned char>(text[at]);
  if (c == '\\')
    return {"'\\'", ": this looks like LaTeX; the expression language writes exp(-gamma^2/2)/2 or relu(x)^2, "
                    "not \\frac or \\exp (put the TeX in `latex`)"};
  if (c < 0x80)
    return {std::isprint(c) ? "'" + std::string(1, static_cast<char>(c)) + "'"
                            : fmt::format("the control character U+{:04X}", static_cast<unsigned>(c)),
            ""};
  const std::size_t length = c >= 0xF0 && c < 0xF8 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
  bool valid = length > 0 && at + length <= text.size();
  long cp = length == 2 ? c & 0x1F : length == 3 ? c & 0x0F : c & 0x07;
  for (std::size_t k = 1; valid && k < length; ++k) {
    const unsigned char next = static_cast<unsigned char>(text[at + k]);
    valid = (next & 0xC0) == 0x80;
    cp = (cp << 6) | (next & 0x3F);
  }
  if (!valid) return {fmt::format("the byte 0x{:02X}", static_cast<unsigned>(c)), ", which is not UTF-8 text"};
  static const std::map<long, const char*> words{
      {0x03B1, "alpha"}, {0x03B2, "beta"}, {0x03B3, "gamma"}, {0x03BB, "lambda"}, {0x03BC, "mu"},
      {0x03C3, "sigma"}, {0x03C0, "pi"},   {0x00B7, "*"},     {0x22C5, "*"},      {0x00D7, "*"},
      {0x2217, "*"},     {0x2212, "-"},    {0x2013, "-"},     {0x2014, "-"},      {0x00B2, "^2"},
      {0x00B3, "^3"},    {0x221A, "sqrt(...)"}, {0x00F7, "/"}, {0x2215, "/"},     {0x00A0, "a space"}};
  const auto word = words.find(cp);
  return {fmt::format("'{}' (U+{:04X})", text.substr(at, length), cp),
          word == words.end() ? std::string(", which the expression language does not use")
                              : fmt::format(": write {}", word->second)};
}

class Reader {
 public:
  Reader(const std::string& text, std::map<std::string, ex> names, std::vector<std::string> allowed, bool tolerant)
      : text_(text), names_(std::move(names)), allowed_(std::move(allowed)), tolerant_(tolerant) {}

  ex read() {
    skip_space();
    ex e = expression();
    skip_space();
    if (pos_ < text_.size()) {
      const CharacterText here = describe_character(text_, pos_);
      fail("unexpected " + here.name + " after a complete expression" + here.hint);
    }
    return e;
  }

  const std::vector<Condition>& conditions() const { return conditions_; }
  const std::string& undefined() const { return undefined_; }

 private:
  // Nesting guard: every recursive rule holds one level while it runs.
  struct Level {
    Reader& r;
    explicit Level(Reader& reader) : r(reader) {
      if (++r.depth_ > kMaxNestingDepth)
        r.fail("the expression is nested more than " + std::to_string(kMaxNestingDepth) + " levels deep");
    }
    ~Level() { --r.depth_; }
  };

  // An operation that is undefined everywhere: an error, or in tolerant mode the reason
  // the expression is defined nowhere (the first one found).
  void undefined_here(const std::string& message, std::size_t at) {
    if (!tolerant_) fail(message, at);
    if (undefined_.empty()) undefined_ = message + " (column " + std::to_string(at + 1) + ")";
  }

  void record(ConditionKind kind, const ex& e, const std::string& origin) {
    const Condition c{kind, e, origin};
    if (is_exactly_a<numeric>(e) && c.holds_for(ex_to<numeric>(e))) return;
    merge_conditions(conditions_, {c});
  }

  // The conditions of base^exponent (proofs/definedness.hpp).
  void record_power(const ex& base, const ex& exponent) { merge_conditions(conditions_, power_conditions(base, exponent)); }

  [[noreturn]] void fail(const std::string& message, std::size_t at) const { throw ExpressionError(message, at + 1); }
  [[noreturn]] void fail(const std::string& message) const { fail(message, pos_); }

  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool at(char c) {
    skip_space();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool accept(char c) {
    if (!at(c)) return false;
    ++pos_;
    return true;
  }
  bool at_power() {
    skip_space();
    return pos_ < text_.size() && (text_[pos_] == '^' || text_.compare(pos_, 2, "**") == 0);
  }
  std::string describe_here() const {
    return pos_ >= text_.size() ? std::string("the end of the expression") : describe_character(text_, pos_).text();
  }

  ex expression() {
    ex e = term();
    while (true) {
      if (accept('+'))
        e += term();
      else if (accept('-'))
        e -= term();
      else
        return e;
    }
  }

  ex term() {
    ex e = unary();
    while (true) {
      skip_space();
      if (at_power()) return e;  // '**' is a power, not two products
      if (accept('*')) {
        e *= unary();
      } else if (at('/')) {
        const std::size_t where = pos_;
        ++pos_;
        const std::size_t start = pos_;
        const ex d = unary();
        if (d.is_zero()) {
          std::string divisor = text_.substr(start, pos_ - start);
          divisor.erase(0, divisor.find_first_not_of(' '));
          undefined_here("division by zero: the divisor '" + divisor + "' is identically 0", where);
          continue;
        }
        record(ConditionKind::NonZero, d, "denominator");
        e /= d;
      } else {
        return e;
      }
    }
  }

  ex unary() {
    if (at('-') || at('+')) {  // a chain of signs nests like parentheses
      const Level level(*this);
      if (accept('-')) return -unary();
      accept('+');
      return unary();
    }
    return power();
  }

  ex power() {
    const ex base = primary();
    if (!at_power()) return base;
    const Level level(*this);
    const std::size_t where = pos_;
    pos_ += text_[pos_] == '^' ? 1 : 2;
    const ex exponent = unary();
    check_power_size(base, exponent, where);
    check_exact_size(exponent, where);
    if (base.is_zero() && is_exactly_a<numeric>(exponent) && !ex_to<numeric>(exponent).is_positive()) {
      undefined_here("0 to a non-positive power", where);
      return base;
    }
    if (base.is_equal(exp(ex(1)))) return exp(exponent);  // e^u as one exponential
    record_power(base, exponent);
    const ex result = pow(base, exponent);  // (x^2)^40 is x^80: check what GiNaC made of it
    if (is_exactly_a<GiNaC::power>(result)) check_power_size(result.op(0), result.op(1), where);
    check_exact_size(result, where);
    // c^u of the kernel argument, c > 0 a number: exp(u log c), an exponential the engine knows
    if (is_exactly_a<numeric>(base) && ex_to<numeric>(base).is_positive() && exponent.has(symbols().x))
      return exp(exponent * log(base));
    return result;
  }

  // Powers that would take GiNaC minutes or gigabytes are refused: a number with more
  // than kMaxNumberDigits digits (in value or in its exact numerator and denominator),
  // or a power above kMaxExpressionPower of an expression or of a constant sum (whose
  // expansion and truncated moments grow with the power).
  void check_power_size(const ex& base, const ex& exponent, std::size_t where) const {
    if (is_constant(base) && is_constant(exponent)) {
      // a constant power (also with irrational exponents such as 7^(10^0.87)): its
      // size from double approximations of base and exponent, each of which passed
      // this check when it was built
      // (log10 |base| from CLN's float, whose exponent range is wide: 2e-600 as a
      // double would be 0, and 0^p is never large)
      if (base.is_zero()) return;
      const double p = approximate_magnitude(exponent);
      const double log10_base = approximate_log10_magnitude(base);
      // a constant that evaluates to 0 (log 6 - log 2 - log 3, exactly 0 written otherwise) is not
      // a number GiNaC writes out: its power stays symbolic, and the power's conditions (a
      // non-zero or positive base) decide where the expression is defined
      const bool evaluates_to_zero =
          log10_base == -std::numeric_limits<double>::infinity() && !is_exactly_a<numeric>(base);
      const double size = evaluates_to_zero ? 0 : std::fabs(p) * std::fabs(log10_base);
      if (!(size <= kMaxNumberDigits))
        fail("this power is a number of more than " + std::to_string(kMaxNumberDigits) + " digits", where);
      // an exact rational power: (p/q)^n is written with |n| times the digits of p and
      // q, however close to 1 its value is (0.86552^66666 ~ 1e-4180 has 540000 digits)
      if (is_exactly_a<numeric>(base) && ex_to<numeric>(base).is_rational() && is_exactly_a<numeric>(exponent)) {
        const double exact = p * exact_digits(ex_to<numeric>(base));
        if (!(exact <= kMaxNumberDigits))
          fail("this power is an exact number of more than " + std::to_string(kMaxNumberDigits) + " digits", where);
      }
      // a power of a constant sum, (1+pi)^9000, expands like a power of an expression
      if (!has_sum(base)) return;
    }
    if (!is_exactly_a<numeric>(exponent)) return;
    const numeric n = ex_to<numeric>(exponent);
    if (n.is_real() && !(abs(n) <= kMaxExpressionPower))
      fail("the power " + (std::ostringstream() << n).str() + " is above the limit of " +
               std::to_string(kMaxExpressionPower) + " for powers of an expression",
           where);
  }

  static bool has_sum(const ex& e) {
    for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
      if (is_exactly_a<add>(*it)) return true;
    return false;
  }

  // Every exact number inside e (a power's result, or the exponent of a power of an
  // expression, which GiNaC distributes over the coefficients as exact roots) must be
  // written with at most kMaxNumberDigits digits.
  void check_exact_size(const ex& e, std::size_t where) const {
    for (const_preorder_iterator it = e.preorder_begin(); it != e.preorder_end(); ++it)
      if (is_exactly_a<numeric>(*it) && !(exact_digits(ex_to<numeric>(*it)) <= kMaxNumberDigits))
        fail("an exact number of more than " + std::to_string(kMaxNumberDigits) + " digits", where);
  }

  static constexpr long kMaxNumberDigits = 10000;
  static constexpr long kMaxExpressionPower = 64;  // x^64 derives in ~5 s, x^100 takes minutes

  ex primary() {
    skip_space();
    if (pos_ >= text_.size()) fail("expected a number, a name or '(' but the expression ends here");
    const char c = text_[pos_];
    if (c == '(') {
      const Level level(*this);
      ++pos_;
      const ex e = expression();
      if (!accept(')')) fail("expected ')' but found " + describe_here());
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') return name();
    fail("expected a number, a name or '(' but found " + describe_character(text_, pos_).text());
  }

  ex number() {
    const std::size_t start = pos_;
    std::string digits;
    long scale = 0;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) digits += text_[pos_++];
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        digits += text_[pos_++];
        ++scale;
      }
    }
    if (digits.empty()) fail("a number needs at least one digit", start);
    if (digits.size() > static_cast<std::size_t>(kMaxNumberDigits))
      fail("this number has " + std::to_string(digits.size()) + " digits, above the limit of " +
               std::to_string(kMaxNumberDigits),
           start);
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      std::size_t k = pos_ + 1;
      bool negative = false;
      if (k < text_.size() && (text_[k] == '+' || text_[k] == '-')) negative = text_[k++] == '-';
      if (k >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[k])))
        fail("the exponent of a number needs digits", pos_);
      long exponent = 0;
      while (k < text_.size() && std::isdigit(static_cast<unsigned char>(text_[k]))) {
        exponent = exponent * 10 + (text_[k++] - '0');
        if (exponent > kMaxNumberDigits)
          fail("the exponent of this number is above " + std::to_string(kMaxNumberDigits), start);
      }
      scale += negative ? exponent : -exponent;
      pos_ = k;
    }
    if (pos_ < text_.size() && (std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      fail("a number is followed by a name; write the product with '*'", pos_);
    numeric value(digits.c_str());
    return scale >= 0 ? value / pow(numeric(10), scale) : value * pow(numeric(10), -scale);
  }

  ex name() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
    const std::string id = text_.substr(start, pos_ - start);
    if (!at('(')) {
      const auto it = names_.find(id);
      if (it != names_.end()) return it->second;
      const auto& rules = function_rules();
      if (std::any_of(rules.begin(), rules.end(), [&](const FunctionRule& r) { return r.name == id; }))
        fail("'" + id + "' is a function; call it with parentheses, as " + id + "(...)", start);
      std::vector<std::string> available = allowed_;
      for (const auto& [n, value] : names_)
        if (std::find(available.begin(), available.end(), n) == available.end() && n != "Pi") available.push_back(n);
      fail("unknown name '" + id + "' (allowed names here: " + joined(available) + ")", start);
    }
    const Level level(*this);
    ++pos_;  // '('
    std::vector<ex> arguments;
    if (!accept(')')) {
      while (true) {
        arguments.push_back(expression());
        if (accept(')')) break;
        if (!accept(',')) fail("expected ',' or ')' in the arguments of '" + id + "' but found " + describe_here());
      }
    }
    const auto& rules = function_rules();
    const auto rule = std::find_if(rules.begin(), rules.end(), [&](const FunctionRule& r) { return r.name == id; });
    if (rule == rules.end()) {
      if (const PrimitiveFunction* primitive = find_primitive(id)) return call_primitive(*primitive, arguments, start);
      fail("unknown function '" + id + "' (supported: " + joined(supported_functions()) + ")", start);
    }
    const bool any = rule->arities.front() == 0;
    if (!any && std::find(rule->arities.begin(), rule->arities.end(), arguments.size()) == rule->arities.end()) {
      std::string counts;
      for (std::size_t k : rule->arities) counts += (counts.empty() ? "" : " or ") + std::to_string(k);
      fail("'" + id + "' takes " + counts + " argument(s), got " + std::to_string(arguments.size()), start);
    }
    if (id == "sqrt") record(ConditionKind::NonNegative, arguments[0], "square root");
    if (id == "log") record(ConditionKind::Positive, arguments[0], "logarithm");
    try {
      return rule->build(arguments);
    } catch (const std::invalid_argument& err) {
      fail(err.what(), start);
    } catch (const std::domain_error& err) {  // GiNaC's pole_error: log(0) and the like
      undefined_here(std::string("'") + id + "' is singular here: " + err.what(), start);
      return 0;
    }
  }

  // A registered primitive (proofs/primitive_function.hpp) of one argument; its poles are
  // recorded as the condition that they are not reached.
  ex call_primitive(const PrimitiveFunction& f, const std::vector<ex>& arguments, std::size_t start) {
    if (arguments.size() != 1)
      fail("'" + f.name + "' takes 1 argument(s), got " + std::to_string(arguments.size()), start);
    if (f.poles) record(ConditionKind::NonZero, f.poles(arguments[0]), "pole of " + f.name);
    try {
      return f(arguments[0]);
    } catch (const std::domain_error& err) {  // GiNaC's pole_error: tan(pi/2)
      undefined_here(std::string("'") + f.name + "' is singular here: " + err.what(), start);
      return 0;
    }
  }

  const std::string& text_;
  std::size_t pos_ = 0;
  std::map<std::string, ex> names_;
  std::vector<std::string> allowed_;
  bool tolerant_ = false;
  std::size_t depth_ = 0;
  std::vector<Condition> conditions_;
  std::string undefined_;
};

}  // namespace

std::vector<std::string> supported_functions() {
  std::vector<std::string> out;
  for (const auto& r : function_rules()) out.push_back(r.name);
  for (const auto& name : primitive_names()) out.push_back(name);
  return out;
}

bool is_reserved_name(const std::string& name) {
  const auto f = supported_functions();
  const auto& s = Symbols::names();
  return name == "pi" || name == "Pi" || name == "e" || std::find(f.begin(), f.end(), name) != f.end() ||
         std::find(s.begin(), s.end(), name) != s.end();
}

ParsedExpression read_expression(const std::string& text, const std::vector<std::string>& allowed_symbols,
                                 const NamedConstants& constants, bool tolerant) {
  if (std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); }))
    throw ExpressionError("empty expression", 0);
  std::map<std::string, ex> names;
  for (const auto& name : allowed_symbols) names[name] = symbols().by_name(name);
  for (const auto& [name, value] : constants) names[name] = value;
  names["pi"] = Pi;
  names["Pi"] = Pi;
  names["e"] = exp(ex(1));
  std::vector<std::string> allowed = allowed_symbols;
  for (const auto& [name, value] : constants) allowed.push_back(name);
  allowed.push_back("pi");
  allowed.push_back("e");
  Reader reader(text, names, allowed, tolerant);
  ParsedExpression out;
  try {
    out.value = reader.read();
  } catch (const ExpressionError&) {
    throw;
  } catch (const std::domain_error& err) {  // GiNaC's pole_error from an operation on constants
    if (!tolerant) throw ExpressionError(std::string("cannot evaluate this expression: ") + err.what(), 0);
    out.value = 0;
    out.undefined = std::string("undefined everywhere: ") + err.what();
    return out;
  } catch (const std::exception& err) {  // GiNaC or CLN refusing an absurd constant (overflow)
    throw ExpressionError(std::string("cannot evaluate this expression: ") + err.what(), 0);
  }
  if (out.value.has(symbols().x) &&
      std::find(allowed_symbols.begin(), allowed_symbols.end(), "x") == allowed_symbols.end())
    throw ExpressionError("piecewise(...) is defined in the kernel argument x, which is not available here",
                          text.find("piecewise") == std::string::npos ? 0 : text.find("piecewise") + 1);
  out.conditions = reader.conditions();
  merge_conditions(out.conditions, conditions_of(out.value));
  out.undefined = reader.undefined();
  return out;
}

ex parse_expression(const std::string& text, const std::vector<std::string>& allowed_symbols,
                    const NamedConstants& constants) {
  return read_expression(text, allowed_symbols, constants, false).value;
}

}  // namespace attnverify::sym
