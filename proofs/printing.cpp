#include "proofs/printing.hpp"

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "proofs/erf.hpp"
#include "proofs/primitive_function.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

enum class Style { Text, Latex };

std::string print(const ex& e, Style style);

std::string integer_text(const numeric& n) {
  std::ostringstream os;
  os << n;
  return os.str();
}

// Sort key: numbers, symbols and constants, powers, functions, sums, then text.
int category(const ex& e) {
  if (is_exactly_a<numeric>(e)) return 0;
  if (is_a<constant>(e) || (is_exactly_a<power>(e) && !e.op(0).has(wild()) && e.op(0).info(info_flags::rational)) ||
      (is_exactly_a<power>(e) && is_a<constant>(e.op(0))))
    return 1;  // sqrt(2), sqrt(pi), pi^(1/4): constant factors first
  if (is_a<symbol>(e)) return 2;
  if (is_exactly_a<power>(e)) return 3;
  if (is_a<function>(e)) return 4;
  if (is_exactly_a<mul>(e)) return 5;
  return 6;
}

std::vector<ex> sorted_operands(const ex& e) {
  std::vector<std::pair<std::pair<int, std::string>, ex>> keyed;
  for (const auto& op : e) keyed.push_back({{category(op), print(op, Style::Text)}, op});
  std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<ex> out;
  for (auto& [key, op] : keyed) out.push_back(op);
  return out;
}

bool is_negative_term(const ex& e) { return has_negative_sign(e); }

// A symbol's name; in LaTeX its TeX name (proofs/symbols.hpp gives every symbol of the
// table one, e.g. qmu -> \tilde q^{\top}\tilde\mu), else GiNaC's default (Greek names as
// letters), else an upright name with its underscores escaped (a spec's named constant).
std::string symbol_name(const ex& e, Style style) {
  std::ostringstream os;
  os << e;
  const std::string name = os.str();
  if (style == Style::Text) return name;
  std::ostringstream tex;
  e.print(print_latex(tex));
  const std::string tex_name = tex.str();
  if (tex_name != name || name.size() == 1) return tex_name;
  std::string escaped;
  for (const char c : name) escaped += c == '_' ? std::string("\\_") : std::string(1, c);
  return "\\mathrm{" + escaped + "}";
}

std::string number(const numeric& n, Style style) {
  if (n.is_integer()) return integer_text(n);
  const std::string sign = n.is_negative() ? "-" : "";
  const numeric a = abs(n);
  if (style == Style::Text) return sign + integer_text(a.numer()) + "/" + integer_text(a.denom());
  return sign + "\\frac{" + integer_text(a.numer()) + "}{" + integer_text(a.denom()) + "}";
}

// Wraps s in parentheses when e would bind looser than a factor.
std::string as_factor(const ex& e, Style style) {
  const std::string s = print(e, style);
  const bool loose =
      is_exactly_a<add>(e) ||
      (is_exactly_a<numeric>(e) && (ex_to<numeric>(e).is_negative() || !ex_to<numeric>(e).is_integer())) ||
      (is_exactly_a<mul>(e) && style == Style::Text && is_negative_term(e));
  if (!loose) return s;
  return style == Style::Latex ? "\\left(" + s + "\\right)" : "(" + s + ")";
}

// Whether a symbol's TeX name reads as one atom under a superscript: a letter, a macro
// (\beta), an accented one (\tilde\mu) or a norm (\|x\|_1). A product such as
// \tilde q^{\top}\tilde\mu (qmu) is not: its square needs parentheses, or it reads as
// q~^T mu~^2 (Su2023 eq. 8 was printed so).
bool atomic_tex_name(const std::string& tex) {
  static const std::regex atom(R"((\\(tilde|hat|bar) ?)?(\\[A-Za-z]+|[A-Za-z])|\\\|[^|]*\\\|_[0-9])");
  return std::regex_match(tex, atom);
}

std::string as_base(const ex& e, Style style) {
  const std::string s = print(e, style);
  if (is_a<symbol>(e) && style == Style::Latex && !atomic_tex_name(s)) return "\\left(" + s + "\\right)";
  if (is_a<symbol>(e) || is_a<constant>(e) || (is_exactly_a<numeric>(e) && ex_to<numeric>(e).is_pos_integer()))
    return style == Style::Latex ? "{" + s + "}" : s;
  if (style == Style::Latex && is_a<function>(e) && !is_ex_the_function(e, exp)) return "{" + s + "}";
  return style == Style::Latex ? "\\left(" + s + "\\right)" : "(" + s + ")";
}

std::string print_power(const ex& base, const ex& exponent, Style style) {
  if (exponent.is_equal(numeric(1, 2)))
    return style == Style::Latex ? "\\sqrt{" + print(base, style) + "}" : "sqrt(" + print(base, style) + ")";
  if (style == Style::Latex && is_exactly_a<numeric>(exponent) && ex_to<numeric>(exponent).numer() == 1 &&
      ex_to<numeric>(exponent).denom() > 2)
    return "\\sqrt[" + integer_text(ex_to<numeric>(exponent).denom()) + "]{" + print(base, style) + "}";
  if (is_ex_the_function(base, exp)) return print(exp(exponent * base.op(0)), style);
  const bool simple_exponent = is_exactly_a<numeric>(exponent) && ex_to<numeric>(exponent).is_pos_integer();
  if (style == Style::Text)
    return as_base(base, style) + "^" +
           (simple_exponent || is_a<symbol>(exponent) ? print(exponent, style) : "(" + print(exponent, style) + ")");
  return as_base(base, style) + "^{" + print(exponent, style) + "}";
}

std::string print_mul(const ex& e, Style style) {
  numeric coefficient = 1;
  std::vector<ex> up, down;  // factors with positive / negative exponents
  for (const ex& f : sorted_operands(e)) {
    if (is_exactly_a<numeric>(f)) {
      coefficient *= ex_to<numeric>(f);
    } else if (is_exactly_a<power>(f) && is_exactly_a<numeric>(f.op(1)) && ex_to<numeric>(f.op(1)).is_negative()) {
      down.push_back(pow(f.op(0), -f.op(1)));
    } else {
      up.push_back(f);
    }
  }
  // LaTeX reads as published: a factor c + x with a negative constant c and an odd power
  // (GiNaC's canonical form, -1 + lambda) is printed as -c - x (1 - lambda) in pairs, or
  // together with the product's sign, so that the value printed is the value: each such
  // flip negates one factor, and the flips come in an even number with the sign. The
  // flipped factor is printed from its parts, never rebuilt as a GiNaC power (whose
  // evaluation would turn (1 - x)^3 back into -(-1 + x)^3).
  std::set<const ex*> flipped;
  if (style == Style::Latex) {
    const auto negative_constant_sum = [](const ex& f) {
      if (!is_exactly_a<add>(f)) return false;
      for (const ex& term : f)
        if (is_exactly_a<numeric>(term)) return ex_to<numeric>(term).is_negative();
      return false;
    };
    const auto odd_power_of_such_sum = [&](const ex& f) {
      if (negative_constant_sum(f)) return true;
      return is_exactly_a<power>(f) && is_exactly_a<numeric>(f.op(1)) && ex_to<numeric>(f.op(1)).is_integer() &&
             ex_to<numeric>(f.op(1)).is_odd() && negative_constant_sum(f.op(0));
    };
    std::vector<const ex*> flippable;
    for (const auto* list : {&up, &down})
      for (const ex& f : *list)
        if (odd_power_of_such_sum(f)) flippable.push_back(&f);
    // an odd count flips the product's sign as well; an even one leaves it
    if (flippable.size() % 2 == 1 && !coefficient.is_negative()) flippable.pop_back();
    if (flippable.size() % 2 == 1) coefficient = -coefficient;
    flipped.insert(flippable.begin(), flippable.end());
  }
  const auto factor_text = [&](const ex& f, bool alone) {
    if (!flipped.count(&f)) return alone ? print(f, style) : as_factor(f, style);
    if (is_exactly_a<power>(f)) return print_power((-f.op(0)).expand(), f.op(1), style);
    const std::string text = print((-f).expand(), style);
    return alone ? text : "\\left(" + text + "\\right)";
  };
  std::string sign = coefficient.is_negative() ? "-" : "";
  const numeric c = abs(coefficient);
  const std::string join = style == Style::Latex ? " " : "*";
  auto product = [&](const std::vector<ex>& factors, const numeric& scalar) {
    std::string out;
    if (scalar != 1 || factors.empty()) out = integer_text(scalar);
    for (const ex& f : factors) out += (out.empty() ? "" : join) + factor_text(f, false);
    return out;
  };
  const numeric num = c.numer(), den = c.denom();
  if (down.empty() && den == 1) return sign + product(up, num);
  if (style == Style::Latex) {
    // inside \frac a lone factor needs no parentheses
    auto part = [&](const std::vector<ex>& factors, const numeric& scalar) {
      return factors.size() == 1 && scalar == 1 ? factor_text(factors[0], true) : product(factors, scalar);
    };
    return sign + "\\frac{" + part(up, num) + "}{" + part(down, den) + "}";
  }
  const std::string bottom = product(down, den);
  const bool single = down.size() + (den != 1 ? 1 : 0) == 1;  // as_factor already wrapped a lone sum
  return sign + product(up, num) + "/" + (single ? bottom : "(" + bottom + ")");
}

std::string print_uncached(const ex& e, Style style) {
  if (is_exactly_a<numeric>(e)) return number(ex_to<numeric>(e), style);
  if (is_a<symbol>(e)) return symbol_name(e, style);
  if (is_a<constant>(e)) {
    if (e.is_equal(Pi)) return style == Style::Latex ? "\\pi" : "pi";
    std::ostringstream os;
    os << e;
    return os.str();
  }
  if (is_exactly_a<add>(e)) {
    std::string out;
    for (const ex& term : sorted_operands(e)) {
      if (out.empty()) {
        out = print(term, style);
      } else if (is_negative_term(term)) {
        out += " - " + print(-term, style);
      } else {
        out += " + " + print(term, style);
      }
    }
    return out;
  }
  if (is_exactly_a<mul>(e)) return print_mul(e, style);
  if (is_exactly_a<power>(e)) return print_power(e.op(0), e.op(1), style);
  if (is_a<function>(e)) {
    const std::string name = ex_to<function>(e).get_name();
    std::string args;
    for (const auto& a : e) args += (args.empty() ? "" : ", ") + print(a, style);
    if (style == Style::Text) return name + "(" + args + ")";
    if (name == "exp") return "e^{" + args + "}";
    if (name == "abs") return "\\left|" + args + "\\right|";
    static const std::map<std::string, std::string> known{
        {"log", "\\log"}, {"tanh", "\\tanh"}, {"sinh", "\\sinh"}, {"cosh", "\\cosh"}};
    const auto it = known.find(name);
    if (const PrimitiveFunction* f = primitive_of(e)) return f->latex + "\\left(" + args + "\\right)";
    return (it != known.end() ? it->second : "\\operatorname{" + name + "}") + "\\left(" + args + "\\right)";
  }
  std::ostringstream os;
  os << e;
  return os.str();
}

// Printing a sum or a product sorts its operands by their text, which prints them again:
// without a memo, nesting depth k costs about 4^k prints (a 600-character f nested 24 deep
// took minutes). The memo lives for one top-level call; print is a pure function of (e, style).
struct PrintMemo {
  std::map<ex, std::string, ex_is_less> text, latex;
  int depth = 0;
};
thread_local PrintMemo memo;

std::string print(const ex& e, Style style) {
  auto& table = style == Style::Text ? memo.text : memo.latex;
  if (const auto it = table.find(e); it != table.end()) return it->second;
  const auto leave = [] {
    if (--memo.depth == 0) {
      memo.text.clear();
      memo.latex.clear();
    }
  };
  ++memo.depth;
  std::string out;
  try {
    out = print_uncached(e, style);
  } catch (...) {
    leave();
    throw;
  }
  if (memo.depth > 1) table.emplace(e, out);
  leave();
  return out;
}

}  // namespace

std::string to_text(const ex& e) { return print(e, Style::Text); }
std::string to_latex(const ex& e) { return print(e, Style::Latex); }

}  // namespace attnverify::sym
