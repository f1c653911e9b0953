#include "src/spec/spec_text.hpp"
#include <set>

#include "src/spec/exact_text.hpp"
#include "src/spec/latex_math.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace attnverify {

namespace {

// Code points of UTF-8 text (already validated by toml++); a decoding error yields -1.
template <typename F>
void for_each_code_point(const std::string& s, F f) {
  for (std::size_t k = 0; k < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[k]);
    long cp = c;
    std::size_t n = 1;
    if (c >= 0xF0)
      cp = c & 0x07, n = 4;
    else if (c >= 0xE0)
      cp = c & 0x0F, n = 3;
    else if (c >= 0xC0)
      cp = c & 0x1F, n = 2;
    for (std::size_t j = 1; j < n && k + j < s.size(); ++j)
      cp = (cp << 6) | (static_cast<unsigned char>(s[k + j]) & 0x3F);
    if (!f(cp)) return;
    k += n;
  }
}

}  // namespace

std::size_t code_points(const std::string& s) {
  std::size_t n = 0;
  for_each_code_point(s, [&](long) { return ++n, true; });
  return n;
}

std::string free_text_problem(const std::string& text, std::size_t max_length) {
  std::string problem;
  for_each_code_point(text, [&](long cp) {
    if ((cp < 0x20 && cp != '\n' && cp != '\t') || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F)) {
      problem = fmt::format("contains the control character U+{:04X} (only tab and newline are allowed)", cp);
      return false;
    }
    return true;
  });
  if (!problem.empty()) return problem;
  const std::size_t n = code_points(text);
  if (n > max_length) return fmt::format("is {} characters long, above the limit of {}", n, max_length);
  return "";
}

std::optional<std::string> nearest_name(const std::string& word, const std::vector<std::string>& names) {
  const std::size_t limit = std::max<std::size_t>(1, std::min<std::size_t>(2, word.size() / 3));
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const std::string& name : names) {
    if (name == word || name.size() > word.size() + limit || word.size() > name.size() + limit) continue;
    // optimal string alignment distance, rows of the usual table
    const std::size_t m = word.size(), n = name.size();
    std::vector<std::vector<std::size_t>> d(m + 1, std::vector<std::size_t>(n + 1));
    for (std::size_t i = 0; i <= m; ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= n; ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= m; ++i)
      for (std::size_t j = 1; j <= n; ++j) {
        const std::size_t cost = word[i - 1] == name[j - 1] ? 0 : 1;
        d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
        if (i > 1 && j > 1 && word[i - 1] == name[j - 2] && word[i - 2] == name[j - 1])
          d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    if (d[m][n] < best_distance) best_distance = d[m][n], best = name;
  }
  return best;
}

std::string identifier_problem(const std::string& text) {
  if (text.empty()) return "is empty";
  if (text.size() > kMaxIdentifierLength)
    return fmt::format("is {} characters long, above the limit of {}", text.size(), kMaxIdentifierLength);
  if (!std::isalnum(static_cast<unsigned char>(text[0]))) return "must start with a letter or a digit";
  for (const char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != ':' && c != '+' && c != '-')
      return std::string("contains '") + (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c) : "?") +
             "': use letters, digits and _ . : + -";
  return "";
}

std::string variant_name_problem(const std::string& text) {
  const std::size_t open = text.find('[');
  if (open == std::string::npos) return identifier_problem(text);
  if (text.size() > 4 * kMaxIdentifierLength)
    return fmt::format("is {} characters long, above the limit of {}", text.size(), 4 * kMaxIdentifierLength);
  if (const std::string problem = identifier_problem(text.substr(0, open)); !problem.empty()) return problem;
  if (text.back() != ']') return "has a '[' that does not end the name with ']' (a sweep's variant: base[t=0.5])";
  const std::string values = text.substr(open + 1, text.size() - open - 2);
  std::size_t from = 0;
  while (true) {
    const std::size_t comma = std::min(values.find(',', from), values.size());
    const std::string item = values.substr(from, comma - from);
    const std::size_t equals = item.find('=');
    if (equals == std::string::npos || !parameter_name_problem(item.substr(0, equals)).empty() ||
        !exact_value(item.substr(equals + 1)))
      return "has '" + terminal_safe(item) + "' between its brackets, not a parameter = exact value (base[t=0.5])";
    if (comma == values.size()) return "";
    from = comma + 1;
  }
}

std::string parameter_name_problem(const std::string& text) {
  if (text.empty() || text.size() > kMaxIdentifierLength || !std::isalpha(static_cast<unsigned char>(text[0])))
    return "a parameter name must be a letter followed by letters, digits or '_' (at most " +
           std::to_string(kMaxIdentifierLength) + " characters)";
  for (const char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      return "a parameter name must be a letter followed by letters, digits or '_'";
  return "";
}

std::string parameter_symbol_latex(const std::string& name) {
  static const std::set<std::string> greek{
      "alpha", "beta",  "gamma", "delta", "epsilon", "zeta", "eta", "theta",   "iota", "kappa", "lambda", "mu",
      "nu",    "xi",    "pi",    "rho",   "sigma",   "tau",  "upsilon", "phi", "chi",  "psi",   "omega",  "Gamma",
      "Delta", "Theta", "Lambda", "Xi",   "Pi",      "Sigma", "Upsilon", "Phi", "Psi", "Omega"};
  if (greek.count(name)) return "\\" + name;
  if (name.size() == 1) return name;
  std::string escaped;
  for (const char c : name) escaped += c == '_' ? std::string("\\_") : std::string(1, c);
  return "\\mathit{" + escaped + "}";
}

std::string url_problem(const std::string& text) {
  if (text.size() > 2000) return "is longer than 2000 characters";
  for (const char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7F || c == '"' || c == '\'' || c == '<' || c == '>' || c == '{' || c == '}' || c == '\\' ||
        c == '^' || c == '`' || c == '|')
      return std::string("contains a character not allowed in a URL here (") +
             (std::isprint(u) ? "'" + std::string(1, c) + "'" : "a control or non-ASCII character") +
             "); percent-encode it";
  }
  return "";
}

// Free text that is also TeX math of the accepted subset (latex_math.hpp).
std::string latex_formula_problem(const std::string& text) {
  if (const std::string p = free_text_problem(text); !p.empty()) return p;
  return latex_math_problem(text);
}

std::vector<ProseSegment> prose_segments(const std::string& text) {
  std::vector<ProseSegment> out;
  bool math = false;
  std::size_t at = 0;
  for (std::size_t dollar = text.find('$'); dollar != std::string::npos; dollar = text.find('$', at)) {
    if (dollar > at || math) out.push_back({text.substr(at, dollar - at), math});
    math = !math;
    at = dollar + 1;
  }
  if (at < text.size() || math) out.push_back({text.substr(at), math});
  return out;
}

std::string prose_math_problem(const std::string& text) {
  if (std::count(text.begin(), text.end(), '$') % 2) return "has an unmatched '$' (math in text goes between two $ signs)";
  for (const ProseSegment& segment : prose_segments(text)) {
    if (!segment.math) continue;
    if (segment.text.empty()) return "has an empty formula '$$'";
    if (const std::string p = latex_formula_problem(segment.text); !p.empty())
      return "has a formula $" + segment.text + "$ that " + p;
  }
  return "";
}

std::string terminal_safe(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t k = 0; k < text.size(); ++k) {
    const auto c = static_cast<unsigned char>(text[k]);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
      out += fmt::format("\\x{:02x}", c);
    } else if (c == 0xc2 && k + 1 < text.size() && static_cast<unsigned char>(text[k + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[k + 1]) <= 0x9f) {
      out += fmt::format("\\u{{{:02x}}}", static_cast<unsigned char>(text[++k]));
    } else {
      out += text[k];
    }
  }
  return out;
}

}  // namespace attnverify
