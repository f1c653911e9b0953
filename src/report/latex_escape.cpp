#include "src/report/latex_escape.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "src/spec/spec_text.hpp"

namespace attnverify {

namespace {

// Characters above ASCII that pdflatex typesets with this report's preamble (utf8 input,
// OT1 fonts): found by compiling each of U+00A0..U+017F with the preamble of
// src/report/report_latex.cpp on 2026-11-23
// (TeX Live 2022); the rest of Latin-1 and Latin Extended-A (Ð, Þ, ą, ħ, Ŋ, ...) stop TeX
// with "Unicode character ... not set up" or "unavailable in encoding OT1".
constexpr std::pair<char32_t, char32_t> kTypesetRanges[] = {
    {0xA0, 0xAA},
    {0xAC, 0xBA},
    {0xBC, 0xCF},
    {0xD1, 0xDD},
    {0xDF, 0xEF},
    {0xF1, 0xFD},
    {0xFF, 0x103},
    {0x106, 0x10F},
    {0x112, 0x117},
    {0x11A, 0x125},
    {0x128, 0x12D},
    {0x130, 0x137},
    {0x139, 0x13E},
    {0x141, 0x148},
    {0x14C, 0x165},
    {0x168, 0x171},
    {0x174, 0x17E},
    // punctuation and symbols utf8.def maps (same test): – — ‘ ’ “ ” … ≤ ≥ × → · ‖ € ™
    {0x2013, 0x2014},
    {0x2018, 0x2019},
    {0x201C, 0x201D},
    {0x2026, 0x2026},
    {0x2264, 0x2265},
    {0xD7, 0xD7},
    {0x2192, 0x2192},
    {0xB7, 0xB7},
    {0x2016, 0x2016},
    {0x20AC, 0x20AC},
    {0x2122, 0x2122}};

// Greek and a few mathematical characters, typeset as math.
const std::map<char32_t, std::string>& math_characters() {
  static const std::map<char32_t, std::string> table = [] {
    std::map<char32_t, std::string> t{{0x2260, "\\neq"},   {0x2248, "\\approx"},  {0x2212, "-"},
                                      {0x221E, "\\infty"}, {0x2202, "\\partial"}, {0x2211, "\\sum"}, {0x220F, "\\prod"},
                                      {0x221A, "\\surd"},  {0x00B1, "\\pm"},
                                      // what a description of attention writes: a_j ∝ f(q·k_j), k ∈ ℝ^d, ε ∼ N(0, 1)
                                      {0x221D, "\\propto"}, {0x2208, "\\in"},     {0x2261, "\\equiv"}, {0x223C, "\\sim"},
                                      {0x2207, "\\nabla"},  {0x222B, "\\int"},    {0x21D2, "\\Rightarrow"},
                                      {0x2190, "\\leftarrow"}, {0x2218, "\\circ"}, {0x2299, "\\odot"},
                                      {0x2297, "\\otimes"}, {0x211D, "\\mathbb{R}"}, {0x2115, "\\mathbb{N}"}};
    const char* lower[] = {"\\alpha", "\\beta", "\\gamma", "\\delta",    "\\epsilon", "\\zeta", "\\eta",
                           "\\theta", "\\iota", "\\kappa", "\\lambda",   "\\mu",      "\\nu",   "\\xi",
                           "o",       "\\pi",   "\\rho",   "\\varsigma", "\\sigma",   "\\tau",  "\\upsilon",
                           "\\phi",   "\\chi",  "\\psi",   "\\omega"};
    for (char32_t k = 0; k < 25; ++k) t[0x3B1 + k] = lower[k];
    const std::pair<char32_t, const char*> upper[] = {
        {0x393, "\\Gamma"}, {0x394, "\\Delta"}, {0x398, "\\Theta"}, {0x39B, "\\Lambda"}, {0x39E, "\\Xi"},
        {0x3A0, "\\Pi"},    {0x3A3, "\\Sigma"}, {0x3A6, "\\Phi"},   {0x3A8, "\\Psi"},    {0x3A9, "\\Omega"}};
    for (const auto& [code, name] : upper) t[code] = name;
    return t;
  }();
  return table;
}

// Decodes one UTF-8 sequence at text[k]; returns the code point and advances k. An
// invalid sequence (toml++ refuses them, so only from elsewhere) is U+FFFD.
char32_t next_code_point(const std::string& text, std::size_t& k) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char b = byte(k);
  const int length = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
  if (length == 0 || k + length > text.size()) {
    ++k;
    return 0xFFFD;
  }
  char32_t code = length == 1 ? b : b & (0x7F >> length);
  for (int i = 1; i < length; ++i) {
    if ((byte(k + i) & 0xC0) != 0x80) {
      ++k;
      return 0xFFFD;
    }
    code = (code << 6) | (byte(k + i) & 0x3F);
  }
  k += length;
  return code;
}

// Chinese characters and the punctuation Chinese text uses, which the report typesets in
// the gbsn font of the CJK package (\zh, src/report/report_latex.cpp) in quotations:
// CJK symbols and punctuation, CJK unified ideographs (and extension A), fullwidth forms.
bool is_cjk(char32_t code) {
  return (code >= 0x3000 && code <= 0x303F) || (code >= 0x3400 && code <= 0x4DBF) ||
         (code >= 0x4E00 && code <= 0x9FFF) || (code >= 0xFF00 && code <= 0xFFEF);
}

std::string escape(const std::string& text, bool cjk) {
  std::string out;
  bool in_cjk = false;  // inside \zh{...}
  std::size_t digit_run = 0;  // digits just before this character
  std::size_t word_run = 0;   // characters since the last space (a word TeX cannot break)
  for (std::size_t k = 0; k < text.size();) {
    const std::size_t begin = k;
    const char32_t code = next_code_point(text, k);
    if (code < '0' || code > '9') digit_run = 0;
    // a word of more than 40 characters may break after every 40th (a title of 20 000
    // letters without a space overflowed pdfTeX's arithmetic)
    if (code == ' ' || code == '\n' || code == '\t' || code == '\r') {
      word_run = 0;
    } else if (++word_run % 40 == 0 && (code < '0' || code > '9')) {
      out += "\\allowbreak{}";
    }
    if (cjk && is_cjk(code)) {
      if (!in_cjk) out += "\\zh{";
      in_cjk = true;
      out += text.substr(begin, k - begin);
      continue;
    }
    if (in_cjk) out += "}";
    in_cjk = false;
    if (code >= 0x80) {
      const bool typeset = std::any_of(std::begin(kTypesetRanges), std::end(kTypesetRanges),
                                       [&](const auto& r) { return r.first <= code && code <= r.second; });
      if (typeset) {
        out += text.substr(begin, k - begin);
      } else if (const auto it = math_characters().find(code); it != math_characters().end()) {
        out += "\\ensuremath{" + it->second + "}";
      } else {  // CJK, emoji, ...: the code point, visibly (no font of the report has the glyph)
        out += fmt::format("\\textsf{{[U+{:04X}]}}", static_cast<std::uint32_t>(code));
      }
      continue;
    }
    switch (const char c = static_cast<char>(code)) {
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '[':  // after \\ (a table row, a line break) a bare [ would start TeX's optional argument
        out += "{[}";
        break;
      case ']':
        out += "{]}";
        break;
      case '{':
        out += "\\{";
        break;
      case '}':
        out += "\\}";
        break;
      case '$':
        out += "\\$";
        break;
      case '&':
        out += "\\&";
        break;
      case '#':
        out += "\\#";
        break;
      case '^':
        out += "\\textasciicircum{}";  // \^{} would put a circumflex accent on the next letter
        break;
      case '_':
        out += "\\_";
        break;
      case '%':
        out += "\\%";
        break;
      case '-':  // -- and --- would be typeset as dashes (a pasted "--out" would break)
        out += k < text.size() && text[k] == '-' ? "-{}" : "-";
        break;
      case '~':
        out += "\\textasciitilde{}";  // \~{} would be a tilde accent
        break;
      case '<':
        out += "\\textless{}";
        break;  // OT1 fonts print < and > as inverted ! and ?
      case '>':
        out += "\\textgreater{}";
        break;
      case '\n':
      case '\r':
      case '\t':
        out += ' ';
        break;  // a blank line would end the paragraph (and break a heading)
      default:
        // a 50-digit value has no break point of its own: allow one after every 10 digits
        if (c >= '0' && c <= '9' && ++digit_run % 10 == 0 && k < text.size() && text[k] >= '0' && text[k] <= '9') {
          out += c;
          out += "\\allowbreak{}";
          continue;
        }
        if (code < 0x20 || code == 0x7F)
          out += fmt::format("\\textsf{{[U+{:04X}]}}", static_cast<std::uint32_t>(code));
        else
          out += c;
    }
  }
  if (in_cjk) out += "}";
  return out;
}

std::string prose(const std::string& text, bool cjk) {
  if (!prose_math_problem(text).empty()) return escape(text, cjk);
  std::string out;
  for (const ProseSegment& segment : prose_segments(text))
    out += segment.math ? "$" + segment.text + "$" : escape(segment.text, cjk);
  return out;
}

}  // namespace

std::string latex_escape(const std::string& text) { return escape(text, false); }

std::string latex_prose(const std::string& text) { return prose(text, false); }

std::string latex_quote(const std::string& text) { return prose(text, true); }

}  // namespace attnverify
