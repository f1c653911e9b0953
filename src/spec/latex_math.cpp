#include "src/spec/latex_math.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <vector>

namespace attnverify {

namespace {

// What a whitelisted macro does in the grammar (latex_math.hpp). The table below is the
// only list of the macros a published formula may use: math only, nothing that reads or
// writes files, defines macros or changes catcodes.
enum class Kind {
  Symbol,        // a math character: a bare argument of ^, _, \frac, \sqrt, fonts, accents
  Operator,      // \mathop: may take \limits; not a bare argument
  Other,         // typesets something, but is not a math character: \cdots, \notin
  Space,         // spacing and styles: start a new atom, never an argument
  Limits,        // \limits, \nolimits
  Left,          // \left delim ... \right delim
  Right,         //
  Middle,        // \middle delim, directly inside a \left ... \right
  Big,           // a delimiter of a fixed size
  Fraction,      // two arguments
  Sqrt,          // [index] and an argument
  Accent,        // amsmath's accents
  WideAccent,    // amssymb's, which measure their argument first
  Font,          // a math alphabet: one math argument, in a group
  Line,          // \overline, \underline: one math argument
  Bold,          // \boldsymbol: its argument in the four math styles
  Brace,         // \overbrace, \underbrace
  Text,          // plain text, typeset in the four math styles
  OperatorName,  // plain text, as an operator
  Alphabet,      // \mathbb, \mathcal: capital letters
};

const std::map<std::string, Kind>& macros() {
  static const std::map<std::string, Kind> table = [] {
    std::map<std::string, Kind> m;
    const auto add = [&](Kind kind, const std::string& names) {  // names separated by one space
      for (std::size_t k = 0, end; k < names.size(); k = end + 1) {
        end = names.find(' ', k + 1);  // from k + 1: "\ " is a name too
        if (end == std::string::npos) end = names.size();
        m.emplace(names.substr(k, end - k), kind);
      }
    };
    add(Kind::Symbol,
        "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi rho "
        "varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi "
        "Psi Omega partial nabla infty cdot times div pm mp top intercal le leq ge geq ne neq approx sim simeq propto "
        "equiv to mapsto rightarrow leftarrow Rightarrow in subset mid parallel circ ast star prime forall exists "
        "emptyset langle rangle lvert rvert lVert rVert vert Vert lfloor rfloor lceil rceil { } |");
    add(Kind::Operator, "exp log ln sin cos tan sinh cosh tanh max min sup inf lim arg det sum prod int");
    add(Kind::Other, "cdots ldots dots notin");
    add(Kind::Space, ", ; : !   quad qquad displaystyle textstyle");  // the fifth is "\ "
    add(Kind::Limits, "limits nolimits");
    add(Kind::Left, "left");
    add(Kind::Right, "right");
    add(Kind::Middle, "middle");
    add(Kind::Big, "big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr");
    add(Kind::Fraction, "frac dfrac tfrac binom");
    add(Kind::Sqrt, "sqrt");
    add(Kind::Accent, "hat bar tilde vec dot ddot");
    add(Kind::WideAccent, "widetilde widehat");
    add(Kind::Font, "mathbf mathrm mathit mathsf mathtt");
    add(Kind::Line, "overline underline");
    add(Kind::Bold, "boldsymbol");
    add(Kind::Brace, "overbrace underbrace");
    add(Kind::Text, "text textrm textit");
    add(Kind::OperatorName, "operatorname");
    add(Kind::Alphabet, "mathbb mathcal");
    return m;
  }();
  return table;
}

const char* const kDelimiters =
    "( ) [ ] | . / \\{ \\} \\| \\langle \\rangle \\lvert \\rvert \\lVert \\rVert \\vert \\Vert \\lfloor \\rfloor "
    "\\lceil \\rceil";

// `token` as written: a character, or a macro with its backslash
bool is_delimiter(const std::string& token) {
  return (" " + std::string(kDelimiters) + " ").find(" " + token + " ") != std::string::npos;
}

// Characters \text{} and \operatorname{} accept besides letters, digits and spaces.
bool is_plain_punctuation(char c) { return c && std::strchr(".,;:!?()[]/-+=*'<>|", c); }

// What to write for a non-ASCII character, as character=replacement: the Greek letters
// (U+0391 to U+03C9, and ϵ ϑ ϕ ϖ ϱ) and common symbols.
const char* const kReplacements =
    "Α=A Β=B Γ=\\Gamma Δ=\\Delta Ε=E Ζ=Z Η=H Θ=\\Theta Ι=I Κ=K "
    "Λ=\\Lambda Μ=M Ν=N Ξ=\\Xi Ο=O Π=\\Pi Ρ=P Σ=\\Sigma Τ=T Υ=\\Upsilon "
    "Φ=\\Phi Χ=X Ψ=\\Psi Ω=\\Omega α=\\alpha β=\\beta γ=\\gamma δ=\\delta ε=\\varepsilon ζ=\\zeta "
    "η=\\eta θ=\\theta ι=\\iota κ=\\kappa λ=\\lambda μ=\\mu ν=\\nu ξ=\\xi ο=o π=\\pi "
    "ρ=\\rho ς=\\varsigma σ=\\sigma τ=\\tau υ=\\upsilon φ=\\varphi χ=\\chi ψ=\\psi ω=\\omega ϵ=\\epsilon "
    "ϑ=\\vartheta ϕ=\\phi ϖ=\\varpi ϱ=\\varrho µ=\\mu ·=\\cdot ×=\\times ±=\\pm ÷=\\div −=- "
    "′=' ≤=\\le ≥=\\ge ≠=\\ne ≈=\\approx ≡=\\equiv ∼=\\sim ∝=\\propto ∞=\\infty →=\\to "
    "∈=\\in ∂=\\partial ∇=\\nabla ∑=\\sum ∏=\\prod ∫=\\int √=\\sqrt ‖=\\| ⟨=\\langle ⟩=\\rangle "
    "∀=\\forall ∃=\\exists ∅=\\emptyset ⋯=\\cdots …=\\ldots";

std::string replacement(const std::string& character) {
  const std::string table = std::string(" ") + kReplacements + " ";
  const std::size_t at = table.find(" " + character + "=");
  if (at == std::string::npos) return "";
  const std::size_t from = at + character.size() + 2;
  return table.substr(from, table.find(' ', from) - from);
}

struct Refusal {
  std::string why;
};

// Characters TeX must never see in a formula, in the order they occur.
void check_characters(const std::string& s) {
  for (std::size_t k = 0; k < s.size(); ++k) {
    const auto c = static_cast<unsigned char>(s[k]);
    if (c >= 0x80) {
      std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
      long cp = n == 4 ? c & 0x07 : n == 3 ? c & 0x0F : n == 2 ? c & 0x1F : c;
      for (std::size_t j = 1; j < n && k + j < s.size(); ++j) cp = (cp << 6) | (s[k + j] & 0x3F);
      const std::string ch = s.substr(k, n);
      const std::string instead = replacement(ch);
      throw Refusal{
          !instead.empty()
              ? fmt::format("has the non-ASCII character '{}' (U+{:04X}): write {} for {}", ch, cp, instead, ch)
              : fmt::format("has the non-ASCII character '{}' (U+{:04X}): a formula is ASCII TeX "
                            "(Greek letters and symbols as macros, words in \\text{{}})",
                            ch, cp)};
    }
    if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F)
      throw Refusal{fmt::format("contains the control character U+{:04X}", c)};
    if (std::strchr("#%$&~", c))
      throw Refusal{std::string("contains '") + s[k] + "', which a published formula does not need"};
    if (c == '^' && k + 1 < s.size() && s[k + 1] == '^') throw Refusal{"contains '^^' (TeX's character-code escape)"};
    if (c == '\n') {
      const std::size_t next = s.find_first_not_of(" \t", k + 1);
      if (next != std::string::npos && s[next] == '\n')
        throw Refusal{"has a blank line, which ends a paragraph in TeX"};
    }
  }
}

struct Token {
  enum Type { Char, Macro, Open, Close, Sup, Sub } type;
  std::string name;      // the character, or the macro's name without its backslash
  std::size_t pos, end;  // in the source
  bool space_before = false;
};

// TeX's tokens: control words (a backslash and letters), control symbols, characters;
// spaces only mark the token after them. Unknown macros and unbalanced braces are refused.
std::vector<Token> tokenize(const std::string& s) {
  std::vector<Token> out;
  bool space = false;
  int depth = 0;
  for (std::size_t k = 0; k < s.size();) {
    const char c = s[k];
    if (c == ' ' || c == '\t' || c == '\n') {
      space = true, ++k;
      continue;
    }
    Token t{Token::Char, std::string(1, c), k, k + 1, space};
    space = false;
    if (c == '{') t.type = Token::Open, ++depth;
    if (c == '}') {
      t.type = Token::Close;
      if (--depth < 0) throw Refusal{"has a '}' without its '{'"};
    }
    if (c == '^') t.type = Token::Sup;
    if (c == '_') t.type = Token::Sub;
    if (c == '\\') {
      if (k + 1 >= s.size()) throw Refusal{"ends with a backslash"};
      if (s[k + 1] == '\t' || s[k + 1] == '\n') throw Refusal{"has a backslash before a tab or a line break"};
      std::size_t j = k + 2;
      if (std::isalpha(static_cast<unsigned char>(s[k + 1])))
        while (j < s.size() && std::isalpha(static_cast<unsigned char>(s[j]))) ++j;
      t = {Token::Macro, s.substr(k + 1, j - k - 1), k, j, t.space_before};
      if (!macros().count(t.name))
        throw Refusal{"uses \\" + t.name +
                      ", which is not among the math macros a published formula may use (docs/spec-format.md)"};
    }
    k = t.end;
    out.push_back(t);
  }
  if (depth > 0) throw Refusal{"has a '{' without its '}'"};
  return out;
}

// The atom that scripts attach to, as TeX's current noad.
struct Atom {
  bool exists = false, sup = false, sub = false;
  bool op = false;       // a large operator: \limits may follow
  bool accent = false;   // an accent, which a group around it becomes (below)
  bool prime = false;    // the last token was a prime, which a ^ right after it joins
  bool primed = false;   // the superscript is a prime's
  bool nested = false;   // the innermost argument of nested accents, which amsmath sets again
  bool grouped = false;  // a group of one accent, which TeX makes that accent
  std::size_t start = 0;
};

// A list being read: its current atom, and how many atoms and spaces it has. TeX turns a
// group holding nothing but one accent ({\hat a_1}, \mathbf{\hat a_1}) into that accent,
// scripts included: {\hat a_1}_2 is a double subscript.
struct List {
  Atom atom;
  int items = 0;
  void begin(std::size_t pos, bool op = false) {
    atom = Atom{}, atom.exists = true, atom.start = pos, atom.op = op, ++items;
  }
  void space() { atom = Atom{}, ++items; }
  // The atom a group with this content makes, the group starting at `pos`.
  Atom as_group(std::size_t pos) const {
    Atom a = items == 1 && atom.accent ? atom : Atom{};
    a.grouped = a.accent;
    a.exists = true, a.start = pos, a.prime = a.op = a.nested = false;
    return a;
  }
};

class Parser {
 public:
  Parser(const std::string& src, std::vector<Token> tokens) : src_(src), t_(std::move(tokens)) {}

  void run() {
    Context root;
    root.limit = t_.size();
    list(root, End::Formula, 0);
  }

 private:
  enum class End { Formula, Brace, Right };
  enum class Mode { Math, Plain, Capitals };

  struct Context {
    int depth = 0;
    long factor = 1;         // how many times TeX typesets what is read here
    int* accents = nullptr;  // accents under the nearest accent, counted `accent_factor` times
    long accent_factor = 1;
    Atom* nucleus = nullptr;  // under an accent: the last atom of the innermost accent's argument
    std::size_t limit = 0;    // the tokens of this list end here (\sqrt's [index])
  };

  const std::string& src_;
  std::vector<Token> t_;
  std::size_t at_ = 0;
  long work_ = 0;

  bool more(const Context& c) const { return at_ < c.limit; }
  const Token& next() const { return t_[at_]; }

  std::string text(std::size_t from, std::size_t to) const {
    const std::string s = src_.substr(from, to - from);
    return s.size() > 40 ? s.substr(0, 18) + "..." + s.substr(s.size() - 18) : s;
  }
  std::string text(const Token& t) const { return src_.substr(t.pos, t.end - t.pos); }
  // a macro with the token after it, as written: \left(
  std::string with_next(std::size_t i) const { return text(t_[i].pos, t_[std::min(i + 1, t_.size() - 1)].end); }

  void consume(const Context& c) {
    ++at_;
    if ((work_ += c.factor) > kMaxFormulaWork)
      throw Refusal{fmt::format(
          "would have TeX typeset more than {} symbols: \\boldsymbol, \\text, \\sqrt[..], \\widetilde, \\widehat and "
          "accents typeset their argument several times, and nested they multiply",
          kMaxFormulaWork)};
  }

  Context deeper(Context c, int levels, long factor = 1) const {
    c.depth += levels;
    if (c.depth > kMaxFormulaDepth)
      throw Refusal{
          fmt::format("nests groups, \\left pairs, scripts and arguments more than {} levels deep", kMaxFormulaDepth)};
    c.factor *= factor;
    c.accent_factor *= factor;
    return c;
  }

  // Items up to the end of the formula, the '}' of a group or the \right of a \left (the
  // token `opener`); returns what was read.
  List list(const Context& c, End end, std::size_t opener) {
    List l;
    while (more(c)) {
      const Token& t = next();
      const bool after_prime = l.atom.prime;
      l.atom.prime = false;
      switch (t.type) {
        case Token::Close:
          if (end == End::Right)
            throw Refusal{"has " + with_next(opener) + " without its \\right before the '}' that closes its group"};
          if (end == End::Formula) throw Refusal{"has a '}' without its '{'"};
          consume(c);
          return l;
        case Token::Open: {
          consume(c);
          const Atom group = list(deeper(c, 1), End::Brace, at_ - 1).as_group(t.pos);
          ++l.items, l.atom = group;
          break;
        }
        case Token::Sup:
        case Token::Sub:
          script(c, l, after_prime);
          break;
        case Token::Char:
          if (t.name == "'") {
            prime(c, l, after_prime);
          } else {
            l.begin(t.pos);
            consume(c);
          }
          break;
        case Token::Macro:
          if (macro(c, l, end)) return l;
          break;
      }
    }
    if (end == End::Brace) throw Refusal{"has a '{' without its '}'"};
    if (end == End::Right) throw Refusal{"has " + with_next(opener) + " without its \\right"};
    return l;
  }

  static std::string hint(const Atom& a, bool sup) {
    if (a.nested) return " (amsmath sets the innermost argument of nested accents again after them: brace the accents)";
    if (a.grouped) return " (TeX makes a group of one accent that accent, with its scripts)";
    return sup && a.primed ? " (a ^ joins a prime only right after it: x'^2)" : "";
  }

  void script(const Context& c, List& l, bool after_prime) {
    const Token& t = next();
    const bool sup = t.type == Token::Sup;
    // x'^2 is x^{\prime 2}: a ^ right after a prime joins its superscript
    const bool joins = sup && after_prime && !t.space_before;
    consume(c);
    argument(deeper(c, 1), sup ? "^" : "_", "", Mode::Math);
    if (!l.atom.exists) l.begin(t.pos);
    Atom& a = l.atom;
    if (!joins && (sup ? a.sup : a.sub))
      throw Refusal{"has " + text(a.start, t_[at_ - 1].end) +
                    (sup ? ": a double superscript" : ": a double subscript") + hint(a, sup)};
    (sup ? a.sup : a.sub) = true;
  }

  void prime(const Context& c, List& l, bool after_prime) {
    const Token& t = next();
    consume(c);
    if (after_prime && !t.space_before) {  // x'': one superscript of primes
      l.atom.prime = true;
      return;
    }
    if (!l.atom.exists) l.begin(t.pos);
    Atom& a = l.atom;
    if (a.sup)
      throw Refusal{"has " + text(a.start, t.end) +
                    ": a prime after a superscript, which TeX reads as a double superscript" + hint(a, false)};
    a.sup = a.prime = a.primed = true;
  }

  // Returns true when the macro ends the list (the \right of a \left).
  bool macro(const Context& c, List& l, End end) {
    const std::size_t i = at_;
    const Token& t = next();
    const std::string name = "\\" + t.name;
    consume(c);
    switch (macros().at(t.name)) {
      case Kind::Symbol:
      case Kind::Other:
        l.begin(t.pos);
        break;
      case Kind::Operator:
        l.begin(t.pos, true);
        break;
      case Kind::Space:
        l.space();
        break;
      case Kind::Limits:
        if (!l.atom.op || l.atom.sup || l.atom.sub)
          throw Refusal{"has " + name +
                        " not right after a large operator (\\sum, \\prod, \\int, \\lim, \\max, \\min, \\sup, \\inf, "
                        "\\log, ... or \\operatorname{...}, before their scripts)"};
        break;
      case Kind::Left:
        delimiter(c, name);
        list(deeper(c, 1), End::Right, i);
        l.begin(t.pos);
        break;
      case Kind::Right:
        if (end != End::Right)
          throw Refusal{"has " + with_next(i) + " without its \\left" +
                        (end == End::Brace ? " inside the same braces" : "")};
        delimiter(c, name);
        return true;
      case Kind::Middle:
        if (end != End::Right)
          throw Refusal{"has " + with_next(i) + " outside a \\left ... \\right pair (or inside braces within one)"};
        delimiter(c, name);
        l.space();
        break;
      case Kind::Big:
        delimiter(c, name);
        l.begin(t.pos);
        break;
      case Kind::Fraction:
        argument(deeper(c, 1), name, "first ", Mode::Math);
        argument(deeper(c, 1), name, "second ", Mode::Math);
        l.begin(t.pos);
        break;
      case Kind::Sqrt:
        if (more(c) && next().type == Token::Char && next().name == "[") {
          index(c);
          argument(deeper(c, 2, 4), name, "", Mode::Math);  // \root ... \of: \mathpalette, four styles
        } else {
          argument(deeper(c, 1), name, "", Mode::Math);
        }
        l.begin(t.pos);
        break;
      case Kind::Accent: {
        // amsmath counts the accents under an accent and builds them as one chain, which
        // fails for two side by side or one typeset several times; then it typesets the
        // innermost argument again after the accents: \hat{\hat{a^1}}^2 is a^1^2.
        if (c.accents) *c.accents += c.accent_factor;
        int inner = 0;
        Atom nucleus;
        Context arg = deeper(c, 2, 5);
        arg.accents = &inner, arg.accent_factor = 1, arg.nucleus = &nucleus;
        const List inside = argument(arg, name, "", Mode::Math);
        if (inner > 1)
          throw Refusal{"has " + name +
                        " over two accents side by side, or over one inside \\boldsymbol, \\sqrt[..], \\widetilde or "
                        "\\widehat, which amsmath's nested accents cannot typeset"};
        if (inner == 0) nucleus = inside.atom, nucleus.prime = false;
        if (c.nucleus) *c.nucleus = nucleus;
        l.begin(t.pos), l.atom.accent = true;
        if (inner == 1 && !c.accents) l.atom = nucleus, l.atom.start = t.pos, l.atom.nested = true, l.items += 2;
        break;
      }
      case Kind::WideAccent:
        argument(deeper(c, 1, 2), name, "", Mode::Math);
        l.begin(t.pos), l.atom.accent = true;
        break;
      case Kind::Font: {
        const List inside = argument(deeper(c, 1), name, "", Mode::Math);
        ++l.items, l.atom = inside.as_group(t.pos);  // \mathbf{...} is a group
        break;
      }
      case Kind::Line:
        argument(deeper(c, 1), name, "", Mode::Math);
        l.begin(t.pos);
        break;
      case Kind::Bold:
        argument(deeper(c, 2, 6), name, "", Mode::Math);
        l.begin(t.pos);
        break;
      case Kind::Brace:
        argument(deeper(c, 2), name, "", Mode::Math);
        l.begin(t.pos);
        break;
      case Kind::Text:
        argument(deeper(c, 1, 4), name, "", Mode::Plain);
        l.begin(t.pos);
        break;
      case Kind::OperatorName:
        argument(deeper(c, 1), name, "", Mode::Plain);
        l.begin(t.pos, true);
        break;
      case Kind::Alphabet:
        argument(deeper(c, 1), name, "", Mode::Capitals);
        l.begin(t.pos);
        break;
    }
    return false;
  }

  // The delimiter after \left, \right, \middle or \big.
  void delimiter(const Context& c, const std::string& name) {
    if (!more(c)) throw Refusal{"has " + name + " without a delimiter after it"};
    const Token& t = next();
    const bool ok = (t.type == Token::Char || t.type == Token::Macro) && is_delimiter(text(t));
    if (!ok)
      throw Refusal{"has " + name + " followed by " + text(t) + ", which is not a delimiter (use " + kDelimiters + ")"};
    consume(c);
  }

  // \sqrt[index]: the tokens up to the first ] outside braces, as LaTeX reads an optional
  // argument (so a \left[ ... \right] inside it ends it early).
  void index(const Context& c) {
    const std::size_t open = at_;
    int depth = 0;
    std::size_t close = open + 1;
    for (; close < c.limit; ++close) {
      const Token& t = t_[close];
      if (t.type == Token::Open) ++depth;
      if (t.type == Token::Close && --depth < 0) break;
      if (depth == 0 && t.type == Token::Char && t.name == "]") break;
    }
    if (close >= c.limit || t_[close].type != Token::Char)
      throw Refusal{"has \\sqrt[ without its closing ] (a ] inside the index goes in braces)"};
    consume(c);
    Context inner = deeper(c, 1);
    inner.limit = close;
    list(inner, End::Formula, open);
    consume(c);  // ]
  }

  // One argument: a single token or a {group}; returns the group's content.
  List argument(const Context& c, const std::string& of, const char* which, Mode mode) {
    const std::string missing = "has " + of + " without its " + which + "argument";
    if (!more(c)) throw Refusal{missing};
    const Token& t = next();
    if (t.type == Token::Close || t.type == Token::Sup || t.type == Token::Sub) throw Refusal{missing};
    if (mode != Mode::Math) {
      plain(c, of, mode);
      return {};
    }
    if (t.type == Token::Open) {
      consume(c);
      return list(c, End::Brace, at_ - 1);
    }
    if (t.type == Token::Char && t.name == "'") throw Refusal{"has ' as the argument of " + of + ": write {'}"};
    if (t.type == Token::Macro && macros().at(t.name) != Kind::Symbol)
      throw Refusal{"has " + text(t) + " as the argument of " + of + " without braces: write {" + text(t) + "}"};
    consume(c);
    List token;
    token.begin(t.pos);
    return token;
  }

  // The argument of \text, \operatorname (letters, digits, spaces, punctuation) or of
  // \mathbb, \mathcal (capital letters).
  void plain(const Context& c, const std::string& of, Mode mode) {
    const auto fits = [&](const Token& t, bool bare) {
      const auto ch = static_cast<unsigned char>(t.name[0]);
      if (t.type != Token::Char) return false;
      if (mode == Mode::Capitals) return std::isupper(ch) != 0;
      return std::isalnum(ch) || (!bare && is_plain_punctuation(t.name[0]));
    };
    const std::string rule =
        mode == Mode::Capitals
            ? of + " takes capital letters only"
            : of + " takes plain text only: letters, digits, spaces and . , ; : ! ? ( ) [ ] / - + = * ' < > |";
    if (next().type != Token::Open) {
      if (!fits(next(), true)) throw Refusal{"has " + of + text(next()) + ": " + rule};
      return consume(c);
    }
    consume(c);
    for (; more(c) && next().type != Token::Close; consume(c))
      if (!fits(next(), false)) throw Refusal{"has " + text(next()) + " in " + of + "{...}: " + rule};
    if (!more(c)) throw Refusal{"has " + of + "{ without its '}'"};
    consume(c);
  }
};

}  // namespace

std::string latex_math_problem(const std::string& formula) {
  const auto length = std::count_if(formula.begin(), formula.end(), [](char c) { return (c & 0xC0) != 0x80; });
  if (static_cast<std::size_t>(length) > kMaxFormulaLength)
    return fmt::format("is {} characters long, above the limit of {} for a formula", length, kMaxFormulaLength);
  try {
    check_characters(formula);
    Parser(formula, tokenize(formula)).run();
  } catch (const Refusal& r) {
    return r.why;
  }
  return "";
}

}  // namespace attnverify
