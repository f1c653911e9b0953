// Spec text (titles, descriptions, claim ids, reasons) as LaTeX: the report's only way
// of putting a string that a spec supplied into report.tex. Its own library target
// (attnverify_latex_text), so that the kinds' report paragraphs (Kind::report_intro)
// escape the spec's text the same way without depending on the report writer.
#pragma once

#include <string>

namespace attnverify {

/// Text (UTF-8) as LaTeX that pdflatex typesets with the report's preamble: the special
/// characters \ { } $ & # ^ _ % ~ < > escaped; newline and tab as a space (a blank line
/// would end a paragraph or break a heading); the Latin-1 and Latin Extended-A letters the
/// OT1 fonts have, and common punctuation, as they are; Greek letters and a few symbols
/// (≠ ≈ − ∞ ∂ ∑ ± √) as math; any other character (CJK, emoji, control) as its code point
/// [U+XXXX], so that no string can stop the PDF build. A run of digits longer than 10
/// (a value at working precision) may break after every 10th digit, and any word longer
/// than 40 characters after every 40th. Never throws.
std::string latex_escape(const std::string& text);

/// Spec prose with formulas (docs/spec-format.md, "Formulas in text"): the text between
/// two $ signs as TeX math (a formula the spec reader has accepted: whitelisted macros,
/// src/spec/spec_text.hpp), the rest through latex_escape. Text whose formulas do not pass
/// that check (it never reaches here from a spec) is escaped whole, $ signs included.
/// Never throws.
std::string latex_prose(const std::string& text);

/// A quotation of a source (src/spec/source_quote.hpp) as latex_prose does, except that
/// Chinese characters and the CJK and fullwidth punctuation (U+3000-303F, U+3400-4DBF,
/// U+4E00-9FFF, U+FF00-FFEF) are typeset as they are, each run in \zh{...}, the report's
/// command for the gbsn font of the CJK package; a character of those ranges that the font
/// lacks is left blank by TeX (a warning, not an error). Never throws.
std::string latex_quote(const std::string& text);

}  // namespace attnverify
