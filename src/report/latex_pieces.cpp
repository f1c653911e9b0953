#include "src/report/latex_pieces.hpp"

#include <algorithm>
#include <regex>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <set>
#include <string>

#include "proofs/cases_form.hpp"
#include "proofs/display_form.hpp"
#include "proofs/printing.hpp"
#include "src/report/latex_escape.hpp"
#include "src/spec/latex_math.hpp"

namespace attnverify {

std::string parameter_tex(const std::string& k) {
  static const std::set<std::string> greek{"beta", "gamma", "lambda", "mu", "sigma", "Sigma"};
  return greek.count(k) ? "\\" + k : k == "snr" ? "\\rho" : k.size() == 1 ? k : "\\mathrm{" + latex_escape(k) + "}";
}

std::string point_math(const NamedValues& point) {
  std::string out;
  for (const auto& [k, v] : point) {
    const std::string name = parameter_tex(k);
    const bool limit = v.rfind("-> ", 0) == 0;  // a limit point, "-> 0", "-> infinity" or "-> 1-"
    const std::string target = limit ? v.substr(3) : v;
    const bool number = !target.empty() && target.find_first_not_of("0123456789+-./e") == std::string::npos;
    // a one-sided limit point "1-" or "0.5+" as 1^- or 0.5^+
    const bool sided = limit && number && target.size() > 1 && (target.back() == '-' || target.back() == '+');
    const std::string value = target == "infinity"    ? "\\infty"
                              : target == "-infinity" ? "-\\infty"
                              : sided ? latex_escape(target.substr(0, target.size() - 1)) + "^{" + target.back() + "}"
                              : number                ? latex_escape(target)
                                                   : "\\text{" + latex_escape(target) + "}";  // "(1, 2, 3)", "0.25 I"
    out += (out.empty() ? "" : ",\\ ") + name + (limit ? "\\to " : "=") + value;
  }
  return "$" + out + "$";
}

const char* role_meaning(ClaimRole role) {
  switch (role) {
    case ClaimRole::Claim:
      return "error of the source";
    case ClaimRole::Transcription:
      return "transcription error of the copy";
    case ClaimRole::Control:
      return "negative control";
    case ClaimRole::Explanation:
      return "our explanation is wrong";
    case ClaimRole::Conjecture:
      return "the conjecture is false";
  }
  return "";
}

std::string verdict_text(const CheckRecord& r, ClaimRole role) {
  std::string text = "\\verdict{" + to_string(r.verdict) + "}";
  if (r.unexpected())
    text += " {\\color{red}(expected " + to_string(r.expected) + ")}";
  else if (r.expected == Verdict::Disagree)
    text += std::string(" (as expected: ") + role_meaning(role) + ")";
  else if (r.expected == Verdict::Inconclusive)
    text += " (as expected)";
  else if (role == ClaimRole::Control)
    text += " (as expected: negative control)";
  return text;
}

namespace {

bool ascii_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// The length of the UTF-8 sequence that starts with byte c (1 for ASCII and stray bytes).
std::size_t utf8_length(char c) {
  const unsigned char b = static_cast<unsigned char>(c);
  return b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
}

// A bracketed group at text[k] ('(' or '{'), balanced: its content and the index after it;
// nullopt when it does not close.
std::optional<std::pair<std::string, std::size_t>> group_at(const std::string& text, std::size_t k) {
  const char open = text[k], close = open == '(' ? ')' : '}';
  int depth = 0;
  for (std::size_t j = k; j < text.size(); ++j) {
    depth += text[j] == open;
    depth -= text[j] == close;
    if (depth == 0) return std::make_pair(text.substr(k + 1, j - k - 1), j + 1);
  }
  return std::nullopt;
}

}  // namespace

std::string plain_math_latex(const std::string& text) {
  std::string out, plain;  // plain: text not yet escaped
  const auto flush = [&] {
    out += latex_escape(plain);
    plain.clear();
  };
  for (std::size_t k = 0; k < text.size();) {
    const char c = text[k];
    const bool word_start = k == 0 || !ascii_alnum(text[k - 1]);
    if (c == '^' && k + 1 < text.size()) {
      std::string exponent;
      std::size_t next = k + 1;
      if (text[next] == '(' || text[next] == '{') {
        if (const auto g = group_at(text, next)) exponent = g->first, next = g->second;
      } else if (utf8_length(text[next]) > 1) {
        next += utf8_length(text[next]);  // one letter, e^ε
        exponent = text.substr(k + 1, next - k - 1);
      } else {
        if (text[next] == '-' || text[next] == '+') ++next;
        while (next < text.size() && (ascii_alnum(text[next]) || text[next] == '.')) ++next;
        if (next > k + 1 && text[next - 1] == '.') --next;  // a full stop ends the sentence
        exponent = text.substr(k + 1, next - k - 1);
      }
      if (!exponent.empty()) {
        flush();
        out += "\\textsuperscript{" + plain_math_latex(exponent) + "}";
        k = next;
        continue;
      }
    }
    // k_i, W_K, x_<t: a one-letter name and a one-character index (or < and one)
    if (c == '_' && k >= 1 && k + 1 < text.size() && std::isalpha(static_cast<unsigned char>(text[k - 1])) &&
        (k < 2 || !ascii_alnum(text[k - 2]))) {
      const std::size_t width = text[k + 1] == '<' && k + 2 < text.size() ? 2 : 1;
      if (ascii_alnum(text[k + width]) && (k + width + 1 >= text.size() || !ascii_alnum(text[k + width + 1]))) {
        flush();
        out += "\\textsubscript{" + latex_escape(text.substr(k + 1, width)) + "}";
        k += width + 1;
        continue;
      }
    }
    // ||x||_2, the norm's index after its closing bars (\u2016 once detail_latex has drawn them)
    if (c == '_' && k + 1 < text.size() && ascii_alnum(text[k + 1]) &&
        (k + 2 >= text.size() || !ascii_alnum(text[k + 2])) &&
        ((k >= 1 && text[k - 1] == '|') || (k >= 3 && text.compare(k - 3, 3, "\u2016") == 0))) {
      flush();
      out += "\\textsubscript{" + latex_escape(text.substr(k + 1, 1)) + "}";
      k += 2;
      continue;
    }
    // sum_j, prod_j, "sum y_i": the operator's sign where an index or a term follows it
    bool operator_sign = false;
    for (const auto& [word, sign] : {std::pair<const char*, const char*>{"sum", "\u2211"}, {"prod", "\u220f"}}) {
      const std::size_t w = std::char_traits<char>::length(word);
      if (!word_start || text.compare(k, w, word) != 0 || k + w + 1 >= text.size()) continue;
      const char after = text[k + w];
      const bool index = after == '_' && ascii_alnum(text[k + w + 1]);
      // a term: a one-letter name with an index or a power ("y_i", "e^s")
      const bool term = after == ' ' && k + w + 2 < text.size() && std::isalpha(static_cast<unsigned char>(text[k + w + 1])) &&
                        (text[k + w + 2] == '_' || text[k + w + 2] == '^');
      if (!index && !term) continue;
      flush();
      operator_sign = true;
      out += latex_escape(sign);
      k += w;
      if (index) {
        out += "\\textsubscript{" + latex_escape(text.substr(k + 1, 1)) + "}";
        k += 2;
      }
      break;
    }
    if (operator_sign) continue;
    // 1e3, 1e-12: a power of ten
    if (word_start && c == '1' && k + 2 < text.size() && text[k + 1] == 'e') {
      std::size_t end = k + 2 + (text[k + 2] == '-');
      const std::size_t digits_from = end;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      if (end > digits_from && (end >= text.size() || !ascii_alnum(text[end]))) {
        flush();
        out += "10\\textsuperscript{" + text.substr(k + 2, end - k - 2) + "}";
        k = end;
        continue;
      }
    }
    if (word_start && text.compare(k, 4, "sqrt") == 0 && k + 5 < text.size() &&
        (text[k + 4] == '(' || (text[k + 4] == ' ' && ascii_alnum(text[k + 5])))) {
      plain += "\u221a";
      k += text[k + 4] == ' ' ? 5 : 4;
      continue;
    }
    if (c == '*' && k >= 1 && k + 1 < text.size() && text[k - 1] != ' ' && text[k + 1] != ' ') {
      plain += "\u00b7";
      ++k;
      continue;
    }
    // q~, mu~ (a letter, ASCII or Greek, then ~): the letter with a tilde
    const std::size_t length = utf8_length(c);
    if (k + length < text.size() && text[k + length] == '~' &&
        (k + length + 1 >= text.size() || !ascii_alnum(text[k + length + 1])) &&
        (length > 1 || std::isalpha(static_cast<unsigned char>(c))) && word_start) {
      flush();
      out += "\\ensuremath{\\tilde{" + latex_escape(text.substr(k, length)) + "}}";
      k += length + 1;
      continue;
    }
    plain += text.substr(k, length);
    k += length;
  }
  flush();
  return out;
}

std::string detail_latex(const std::string& text) {
  static const std::regex greek(
      R"((^|[^A-Za-z0-9_])(beta|gamma|lambda|sigma|mu|eps|pi|phi|theta|Pi|Sigma|infinity|inf)(?![A-Za-z0-9_]))");
  static const std::pair<const char*, const char*> letters[] = {
      {"beta", "\u03b2"},  {"gamma", "\u03b3"},    {"lambda", "\u03bb"}, {"sigma", "\u03c3"},
      {"mu", "\u03bc"},    {"eps", "\u03b5"},      {"pi", "\u03c0"},     {"phi", "\u03c6"},
      {"theta", "\u03b8"}, {"Pi", "\u03a0"},       {"Sigma", "\u03a3"},  {"infinity", "\u221e"},
      {"inf", "\u221e"}};
  std::string out;
  std::sregex_iterator it(text.begin(), text.end(), greek), end;
  std::size_t last = 0;
  for (; it != end; ++it) {
    const std::smatch& m = *it;
    out += text.substr(last, static_cast<std::size_t>(m.position(0)) - last) + m[1].str();
    for (const auto& [word, letter] : letters)
      if (m[2] == word) out += letter;
    last = static_cast<std::size_t>(m.position(0) + m.length(0));
  }
  out += text.substr(last);
  static const std::pair<const char*, const char*> symbols[] = {
      {"<=>", " iff "}, {"->", "\u2192"}, {"<=", "\u2264"}, {">=", "\u2265"}, {"+-", "\u00b1"}, {"||", "\u2016"}};
  for (const auto& [ascii, symbol] : symbols)
    for (std::size_t k = out.find(ascii); k != std::string::npos; k = out.find(ascii, k + 1))
      out.replace(k, std::char_traits<char>::length(ascii), symbol);
  return plain_math_latex(out);
}


GridCertification grid_certification(const RunResult& run) {
  GridCertification out;
  for (const VariantResult& v : run.variants)
    for (const CheckRecord& r : v.records)
      if (r.is_grid_check() && r.verdict != Verdict::NotApplicable) {
        ++out.checked;
        out.certified += r.certified;
      }
  return out;
}

std::size_t derived_variants(const RunResult& run) {
  return static_cast<std::size_t>(
      std::count_if(run.variants.begin(), run.variants.end(),
                    [](const VariantResult& v) { return v.derived() && !v.forms.empty(); }));
}

std::size_t certified_derivations(const RunResult& run) {
  return static_cast<std::size_t>(std::count_if(run.variants.begin(), run.variants.end(), [](const VariantResult& v) {
    return v.derived() && v.certificate.verified;
  }));
}

bool derivation_certified(const RunResult& run, const std::string& name) {
  for (const VariantResult& v : run.variants)
    if (v.spec.name == name) return v.derived() && v.certificate.verified;
  return false;
}

namespace {

// "heat equation", "screened Poisson equation", "fundamental theorem of calculus" take "the"
bool names_a_result(const std::string& certificate_route) {
  return certificate_route.find("equation") != std::string::npos ||
         certificate_route.find("theorem") != std::string::npos;
}

}  // namespace

std::string certificate_latex(const VariantResult& v) {
  if (!v.derived() || v.forms.empty()) return "";
  return certificate_latex(v.certificate);
}

std::string certificate_latex(const sym::DerivationCertificate& c) {
  if (c.verified) {
    // grouped by method, in the order the methods first appear: "E|f(X)| and E f(X)^2 by the heat equation"
    std::vector<std::pair<std::string, std::vector<std::string>>> groups;
    for (const auto& covered : c.covered) {  // a pair, not a structured binding: clang cannot capture those
      const std::string& method = covered.second;
      auto it = std::find_if(groups.begin(), groups.end(), [&method](const auto& g) { return g.first == method; });
      if (it == groups.end()) it = groups.insert(groups.end(), {method, {}});
      const std::string shown = detail_latex(covered.first);
      if (std::find(it->second.begin(), it->second.end(), shown) == it->second.end()) it->second.push_back(shown);
    }
    std::vector<std::string> parts;
    // the certificate's route (a theorem's name, "identity", "definition"), worded for print
    for (const auto& [route, forms] : groups) {
      const std::string list = forms.size() == 1 ? forms[0]
                               : fmt::format("{} and {}", fmt::join(forms.begin(), forms.end() - 1, ", "), forms.back());
      const std::string how = route == "identity"     ? (forms.size() == 1 ? "as an identity" : "as identities")
                              : route == "definition" ? "by definition"
                                                      : "by " + std::string(names_a_result(route) ? "the " : "") + route;
      parts.push_back(list + " " + how);
    }
    return fmt::format("Certified (``What each verdict proves''): {}{}. ", fmt::join(parts, "; "),
                       c.not_covered.empty() ? std::string() : "; not certified: " + detail_latex(c.not_covered));
  }
  return fmt::format("\\textbf{{Closed forms not certified}} ({}): {}; they are checked only at the grid points. ",
                     latex_escape(c.method), detail_latex(c.reason));
}

namespace {
std::string bracket_free(std::string name) {
  std::replace(name.begin(), name.end(), '[', '(');
  std::replace(name.begin(), name.end(), ']', ')');
  return name;
}
}  // namespace

std::string claim_label(const std::string& variant, const std::string& id) {
  return "claim:" + bracket_free(variant) + ":" + id;
}

std::string variant_label(const std::string& name) { return "variant:" + bracket_free(name); }

std::string sweep_label(const std::string& first_variant) { return "sweep:" + bracket_free(first_variant); }

std::string form_latex(const GiNaC::ex& e) {
  if (const auto cases = sym::kink_cases(e)) return sym::cases_latex(*cases);
  return sym::to_latex(sym::display_form(e));
}

std::string display_formula(const std::string& lhs, const std::string& latex, const std::string& where) {
  if (latex.size() <= kMaxFormulaLength) return "\\fitformula{" + lhs + " = " + latex + "}\n\n";
  return fmt::format("${}$ has {} characters of \\LaTeX, too long to typeset; results.json holds it ({}).\n\n", lhs,
                     latex.size(), latex_escape(where));
}

}  // namespace attnverify
