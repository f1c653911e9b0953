#include "proofs/export_syntax.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "proofs/printing.hpp"
#include "proofs/primitive_function.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

std::string integer_text(const numeric& n) {
  std::ostringstream os;
  os << n;
  return os.str();
}

// The operands of a sum or a product in a fixed order (their canonical text), so that the
// export does not depend on GiNaC's hash order (proofs/printing.hpp).
std::vector<ex> ordered(const ex& e) {
  std::vector<std::pair<std::string, ex>> keyed;
  for (const ex& op : e) keyed.emplace_back(to_text(op), op);
  std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<ex> out;
  for (auto& [key, op] : keyed) out.push_back(op);
  return out;
}

std::string print(const ex& e, ExportSyntax to);

// Every compound operand in parentheses: the output is read by a machine, and a redundant
// pair costs nothing there.
std::string operand(const ex& e, ExportSyntax to) {
  const bool atom = is_a<symbol>(e) || is_a<constant>(e) ||
                    (is_exactly_a<numeric>(e) && ex_to<numeric>(e).is_nonneg_integer());
  return atom ? print(e, to) : "(" + print(e, to) + ")";
}

std::string call(const std::string& name, const std::string& args, ExportSyntax to) {
  return to == ExportSyntax::SymPy ? name + "(" + args + ")" : name + "[" + args + "]";
}

std::string print(const ex& e, ExportSyntax to) {
  const bool py = to == ExportSyntax::SymPy;
  if (is_exactly_a<numeric>(e)) {
    const numeric& n = ex_to<numeric>(e);
    if (!n.is_rational()) throw std::invalid_argument("the form holds a floating-point number, " + to_text(e));
    if (n.is_integer()) return integer_text(n);
    return py ? "Rational(" + integer_text(n.numer()) + ", " + integer_text(n.denom()) + ")"
              : integer_text(n.numer()) + "/" + integer_text(n.denom());
  }
  if (is_a<symbol>(e)) return symbol_in(ex_to<symbol>(e).get_name(), to);
  if (is_a<constant>(e)) {
    if (e.is_equal(Pi)) return py ? "pi" : "Pi";
    throw std::invalid_argument("the form holds the constant " + to_text(e));
  }
  if (is_exactly_a<add>(e)) {
    std::string out;
    for (const ex& term : ordered(e)) out += (out.empty() ? "" : " + ") + operand(term, to);
    return out;
  }
  if (is_exactly_a<mul>(e)) {
    std::string out;
    for (const ex& factor : ordered(e)) out += (out.empty() ? "" : "*") + operand(factor, to);
    return out;
  }
  if (is_exactly_a<power>(e)) {
    const ex& exponent = e.op(1);
    if (exponent.is_equal(numeric(1, 2))) return call(py ? "sqrt" : "Sqrt", print(e.op(0), to), to);
    return operand(e.op(0), to) + (py ? "**" : "^") + operand(exponent, to);
  }
  if (is_a<function>(e)) {
    const std::string name = ex_to<function>(e).get_name();
    if (e.nops() != 1) throw std::invalid_argument("the form holds the function " + name + " of " +
                                                   std::to_string(e.nops()) + " arguments");
    const std::string u = print(e.op(0), to), pu = operand(e.op(0), to);
    if (name == "exp") return call(py ? "exp" : "Exp", u, to);
    if (name == "log") return call(py ? "log" : "Log", u, to);
    if (name == "abs") return call(py ? "Abs" : "Abs", u, to);
    if (name == "erf") return call(py ? "erf" : "Erf", u, to);
    if (name == "erfc") return call(py ? "erfc" : "Erfc", u, to);
    if (name == "tanh" || name == "sinh" || name == "cosh") {
      std::string capital = name;
      capital[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(capital[0])));
      return call(py ? name : capital, u, to);
    }
    if (const PrimitiveFunction* f = primitive_of(e)) return call(py ? f->sympy : f->mathematica, u, to);
    if (name == "relu") return call("Max", u + ", 0", to);
    if (name == "step") return py ? "Heaviside(" + u + ", Rational(1, 2))" : "((1 + Sign[" + u + "])/2)";
    const std::string sigmoid = py ? "(1/(1 + exp(-" + pu + ")))" : "LogisticSigmoid[" + u + "]";
    if (name == "sigmoid") return sigmoid;
    if (name == "softplus") return call(py ? "log" : "Log", "1 + " + call(py ? "exp" : "Exp", u, to), to);
    if (name == "silu") return "(" + pu + "*" + sigmoid + ")";
    if (name == "gelu")
      return "(" + pu + "*(1 + " + call(py ? "erf" : "Erf", pu + "/" + call(py ? "sqrt" : "Sqrt", "2", to), to) + ")/2)";
    throw std::invalid_argument("the form holds the function " + name + ", which has no counterpart in " +
                                (py ? "SymPy" : "Mathematica") + " here");
  }
  throw std::invalid_argument("the form holds " + to_text(e) + ", which cannot be exported");
}

}  // namespace

std::string symbol_in(const std::string& name, ExportSyntax to) {
  if (to == ExportSyntax::SymPy) {
    static const std::set<std::string> keywords{"and",   "as",     "assert", "async", "await",    "break",  "class",
                                                "continue", "def", "del",    "elif",  "else",     "except", "finally",
                                                "for",   "from",   "global", "if",    "import",   "in",     "is",
                                                "lambda", "nonlocal", "not", "or",    "pass",     "raise",  "return",
                                                "try",   "while",  "with",   "yield", "None",     "True",   "False"};
    // and the names the exported program defines itself: the imports of `derive --format sympy`
    // (a parameter named Symbol or Rational would shadow them) and its dict `forms`
    static const std::set<std::string> taken{"Symbol", "Rational", "pi",   "exp",  "log",       "sqrt",
                                             "erf",    "erfc",     "Abs",  "Max",  "Heaviside", "tanh",
                                             "sinh",   "cosh",     "forms"};
    if (keywords.count(name) || taken.count(name)) return name + "_";
    for (const std::string& primitive : primitive_names())
      if (const PrimitiveFunction* f = find_primitive(primitive); f && f->sympy == name) return name + "_";
    return name;
  }
  std::string out;
  for (const char c : name)
    if (std::isalnum(static_cast<unsigned char>(c))) out += c;
  return out;
}

std::string to_syntax(const ex& e, ExportSyntax to) { return print(e, to); }

}  // namespace attnverify::sym
