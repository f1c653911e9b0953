// The TeX math a spec may publish (claims[].latex, text between two $ signs, the labels of
// derived forms): a subset of LaTeX math that pdflatex typesets with the report's packages
// (amsmath, amssymb, T1 fonts, lmodern) in \[ ... \], in $ ... $ and in the report's
// \fitformula, which shrinks a formula wider than the line with \resizebox. The formula is
// read as TeX reads it:
//
//   formula  := item*
//   item     := atom script* | ' | space | \limits | \nolimits | \middle delim
//   atom     := char | symbol | operator | \cdots ... | { formula } | \left delim formula \right delim
//             | \big.. delim | \frac arg arg | \sqrt [formula]? arg | accent arg | font arg
//             | \text{plain} | \operatorname{plain} | \mathbb{CAPITALS} | \mathcal{CAPITALS}
//   script   := ^ arg | _ arg          at most one ^ and one _ per atom
//   arg      := char | symbol | { formula }
//
//   char      an ASCII letter or digit, or ( ) [ ] | + - * / = < > , . ; : ! ? @ " `
//   symbol    a Greek letter, relation, binary operator or delimiter macro: \alpha \le \cdot
//             \langle \{ \| ...; other macros (\log, \cdots, \,) are an argument only in braces
//   operator  \sum \prod \int \lim \max \min \sup \inf \log \exp \sin ...; only an operator,
//             before its scripts, may take \limits or \nolimits (\operatorname{...} too)
//   space     \, \; \: \! \  \quad \qquad \displaystyle \textstyle
//   delim     ( ) [ ] | . / \{ \} \| \langle \rangle \lvert \rvert \lVert \rVert \vert \Vert
//             \lfloor \rfloor \lceil \rceil
//   '         a prime is a superscript: x'^2 and x'' are fine, x^2' and x' ^2 are not
//   accent    \hat \bar \tilde \vec \dot \ddot (amsmath) \widetilde \widehat (amssymb)
//   font      \mathbf \mathrm \mathit \mathsf \mathtt \boldsymbol \overline \underline
//             \overbrace \underbrace
//   plain     letters, digits, spaces and . , ; : ! ? ( ) [ ] / - + = * ' < > |, no macros
//   CAPITALS  A to Z: other characters print as unrelated symbols in these fonts
//
// \left and \right pair up like braces, and within them; \middle stands directly inside a
// pair. TeX's and amsmath's own rules are followed where they decide what a script belongs
// to: a group holding one accent is that accent ({\hat a_1}_2 is a double subscript), and
// after nested accents amsmath sets the innermost argument again (\hat{\hat{a^1}}^2 is a
// double superscript); an accent may hold at most one more accent, not two side by side nor
// one inside \boldsymbol, \sqrt[..], \widetilde or \widehat, which amsmath cannot typeset.
// Refused besides: # % $ & ~ ^^ \\, a trailing backslash, a blank line, control characters,
// non-ASCII characters (the reason names the macro to write for a Greek letter or a common
// symbol), and every macro not listed (\input, \def, \catcode, \write; also \lt and \gt,
// which are MathJax's and undefined in LaTeX).
#pragma once

#include <cstddef>
#include <string>

namespace attnverify {

/// At most this many characters. The widest source characters typeset about 14pt each
/// (\boldsymbol{M>M>...} in \displaystyle): 1000 of them stay below TeX's largest dimension,
/// 16383pt, which \fitformula's width test reads. 2000 characters of x+x+... exceed it
/// ("Dimension too large"); \text{} is narrower (2000 a's typeset), so it needs no limit of
/// its own.
inline constexpr std::size_t kMaxFormulaLength = 1000;

/// At most this many nesting levels: every group, \left pair, script and argument counts 1;
/// accents, \boldsymbol, \sqrt[..]'s radicand and \overbrace/\underbrace count 2, as they
/// open 5 or 6 TeX groups each. 50 levels open at most about 200 of the 255 grouping levels
/// TeX has, leaving the rest to the report around the formula.
inline constexpr int kMaxFormulaDepth = 50;

/// At most this many token typesettings. Some macros typeset their argument several times
/// (\boldsymbol 4 to 6 times, \text and \sqrt[n] 4, accents up to 5, \widetilde and \widehat
/// 2), and nested they multiply: eight nested \boldsymbol take pdflatex a minute, 50 nested
/// \widetilde forever. Below this limit a formula typesets in well under a second.
inline constexpr long kMaxFormulaWork = 20000;

/// The problem with `formula` as TeX math of the subset above, in words that follow "the
/// formula" ("has \frac without its second argument", "has x_1_2: a double subscript"), on
/// one line; an empty string when the formula is fine.
std::string latex_math_problem(const std::string& formula);

}  // namespace attnverify
