// Validation of the strings of a spec or bibliography, which is untrusted input (it may
// come from a stranger's paper repository): every string is checked when the file is
// read, so that nothing in it can reach TeX or a terminal as a command.
//
//   free text (titles, descriptions, statements, notes, reasons, equations):
//       valid UTF-8 (toml++ checks), no control characters other than tab and newline
//       (C0, DEL, C1: they corrupt terminals and TeX), at most kMaxTextLength characters;
//       text between two $ signs is a formula, checked as published formulas are
//       (prose_math_problem), and typeset as math in the report;
//   identifiers (claim, property and bibliography keys, variant and parameter names):
//       a letter or digit, then letters, digits and _ . : + -, at most kMaxIdentifierLength;
//   URLs: printable ASCII without spaces, quotes, braces, backslash, ^ or `;
//   published formulas (claims[].latex): TeX math of the subset that src/spec/latex_math.hpp
//       parses (its grammar, its whitelist of macros and its limits): no \input, \openin,
//       \def, \catcode, \write, and nothing that would stop pdflatex.
// Each check returns the problem in words, or an empty string when the text is fine.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace attnverify {

inline constexpr std::size_t kMaxTextLength = 20000;
inline constexpr std::size_t kMaxTitleLength = 300;  ///< a variant's title: a heading
inline constexpr std::size_t kMaxIdentifierLength = 100;
inline constexpr std::size_t kMaxExpressionLength = 100000;

/// The number of characters (Unicode code points) of UTF-8 text.
std::size_t code_points(const std::string& text);

std::string free_text_problem(const std::string& text, std::size_t max_length = kMaxTextLength);
/// The name in `names` nearest to `word` by optimal string alignment distance (Damerau-Levenshtein
/// with adjacent transpositions), if it is within max(1, min(2, |word| / 3)) edits and not `word`
/// itself; the first of equally near names. For "did you mean" in the loader's messages.
std::optional<std::string> nearest_name(const std::string& word, const std::vector<std::string>& names);
std::string identifier_problem(const std::string& text);
/// A variant's name as runs write it: an identifier (identifier_problem), or a sweep member's
/// name base[t=0.5] or base[a=1/3,t=-2] (src/spec/spec.hpp, sweep_member_name): parameter names
/// (parameter_name_problem) and exact values ("0.5", "-1/3": exact_value), at most
/// 4 kMaxIdentifierLength characters. "" when it is one.
std::string variant_name_problem(const std::string& text);
/// Parameter names: a letter, then letters, digits and _.
/// A parameter's name in TeX math mode: a Greek letter that LaTeX has a command for (alpha ->
/// \alpha, Gamma -> \Gamma; not omicron or Alpha), one letter as it is, any other name italic with
/// its underscores escaped (t_max -> \mathit{t\_max}: a bare t_max is a double subscript). For a
/// name that parameter_name_problem accepts.
std::string parameter_symbol_latex(const std::string& name);

std::string parameter_name_problem(const std::string& text);
std::string url_problem(const std::string& text);
std::string latex_formula_problem(const std::string& text);
/// A piece of free text: plain text, or a formula that stood between two $ signs.
struct ProseSegment {
  std::string text;
  bool math = false;
};

/// The text cut at its $ signs, in order; pieces alternate between text and formula (an
/// empty formula "$$" is kept, empty text is not). After an odd number of $ signs the last
/// piece is marked math although no $ closes it: prose_math_problem refuses such text.
std::vector<ProseSegment> prose_segments(const std::string& text);

/// Free text with formulas: an even number of $ signs, each formula between two of them
/// non-empty and accepted by latex_formula_problem.
std::string prose_math_problem(const std::string& text);

/// `text` safe to print on a terminal: control characters other than newline and tab
/// (C0, DEL, and C1 as UTF-8) are written as \xNN or \u{NN}, so that an escape
/// sequence in a file name or an echoed spec string is shown, never executed.
std::string terminal_safe(const std::string& text);

}  // namespace attnverify
