#include "src/report/latex_pieces.hpp"

#include <regex>

#include <fmt/format.h>

#include <set>
#include <string>

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
    const bool limit = v.rfind("-> ", 0) == 0;  // a limit point, "-> 0" or "-> infinity"
    const std::string target = limit ? v.substr(3) : v;
    const bool number = !target.empty() && target.find_first_not_of("0123456789+-./e") == std::string::npos;
    const std::string value = target == "infinity" ? "\\infty"
                              : number             ? latex_escape(target)
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
  }
  return "";
}

std::string verdict_text(const CheckRecord& r, ClaimRole role) {
  std::string text = "\\verdict{" + to_string(r.verdict) + "}";
  if (r.unexpected())
    text += " {\\color{red}(expected " + r.expected + ")}";
  else if (r.expected == "disagree")
    text += std::string(" (as expected: ") + role_meaning(role) + ")";
  else if (r.expected == "inconclusive")
    text += " (as expected)";
  else if (role == ClaimRole::Control)
    text += " (as expected: negative control)";
  return text;
}

std::string detail_latex(const std::string& text) {
  static const std::regex greek(R"((^|[^A-Za-z0-9_])(beta|gamma|lambda|sigma|mu|eps|pi|infinity|inf)(?![A-Za-z0-9_]))");
  static const std::pair<const char*, const char*> letters[] = {
      {"beta", "\u03b2"}, {"gamma", "\u03b3"}, {"lambda", "\u03bb"}, {"sigma", "\u03c3"},
      {"mu", "\u03bc"},   {"eps", "\u03b5"},   {"pi", "\u03c0"}, {"infinity", "\u221e"}, {"inf", "\u221e"}};
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
      {"<=>", " iff "}, {"->", "\u2192"}, {"<=", "\u2264"}, {">=", "\u2265"}, {"+-", "\u00b1"}};
  for (const auto& [ascii, symbol] : symbols)
    for (std::size_t k = out.find(ascii); k != std::string::npos; k = out.find(ascii, k + 1))
      out.replace(k, std::char_traits<char>::length(ascii), symbol);
  return latex_escape(out);
}

bool proved_symbolically(const CheckRecord& r) { return r.verdict == Verdict::Agree && r.method == "symbolic"; }

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

std::string claim_label(const std::string& variant, const std::string& id) { return "claim:" + variant + ":" + id; }

std::string display_formula(const std::string& lhs, const std::string& latex, const std::string& where) {
  if (latex.size() <= kMaxFormulaLength) return "\\fitformula{" + lhs + " = " + latex + "}\n\n";
  return fmt::format("${}$ has {} characters of \\LaTeX, too long to typeset; results.json holds it ({}).\n\n", lhs,
                     latex.size(), latex_escape(where));
}

}  // namespace attnverify
