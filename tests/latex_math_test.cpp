// The TeX math a spec may publish (src/spec/latex_math.hpp): every formula of specs/*.toml
// and every label of a derived form is accepted; each way a formula can stop pdflatex is
// refused with a one-line reason that names the cause. That every accepted formula typesets
// is checked by tests/typeset_formulas.sh on tests/formula_corpus.py's corpus.
#define BOOST_TEST_MODULE latex_math
#include <boost/test/unit_test.hpp>

#include <toml++/toml.h>

#include <filesystem>
#include <string>
#include <vector>

#include "src/spec/latex_math.hpp"
#include "src/spec/spec_text.hpp"

using namespace attnverify;
namespace fs = std::filesystem;

namespace {

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  for (std::size_t k = 0; k < n; ++k) out += s;
  return out;
}

// `open` n times, then x, then `close` n times
std::string nested(const std::string& open, const std::string& close, std::size_t n) {
  return repeat(open, n) + "x" + repeat(close, n);
}

void check_accepted(const std::string& formula) {
  BOOST_TEST_CONTEXT("formula: " << formula) { BOOST_TEST(latex_formula_problem(formula) == ""); }
}

// Refused, for a reason that contains `cause`, on one line that reads after "the formula".
void check_refused(const std::string& formula, const std::string& cause) {
  const std::string reason = latex_formula_problem(formula);
  BOOST_TEST_CONTEXT("formula: " << formula.substr(0, 80) << "\nreason: " << reason) {
    BOOST_TEST(reason.find(cause) != std::string::npos);
    BOOST_TEST(reason.find('\n') == std::string::npos);
    bool verb = false;
    for (const char* start : {"has ", "is ", "uses ", "contains ", "ends ", "nests ", "would "})
      verb = verb || reason.rfind(start, 0) == 0;
    BOOST_TEST(verb);
  }
}

struct SpecFormulas {
  std::vector<std::string> latex, math;  // claims' latex, $...$ pieces of other strings
};

void collect(const toml::node& node, const std::string& key, SpecFormulas& out) {
  if (const auto* table = node.as_table()) {
    for (const auto& [k, v] : *table) collect(v, std::string(k.str()), out);
  } else if (const auto* array = node.as_array()) {
    for (const auto& v : *array) collect(v, key, out);
  } else if (const auto* s = node.as_string()) {
    if (key == "latex") {
      out.latex.push_back(s->get());
    } else {
      for (const ProseSegment& segment : prose_segments(s->get()))
        if (segment.math) out.math.push_back(segment.text);
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_formulas_of_the_shipped_specs_are_accepted) {
  SpecFormulas found;
  for (const auto& entry : fs::directory_iterator(std::string(ATTNVERIFY_SOURCE_DIR) + "/specs"))
    if (entry.path().extension() == ".toml") collect(toml::parse_file(entry.path().string()), "", found);
  BOOST_TEST(found.latex.size() >= 15u);  // 15 latex values and 59 formulas in text today
  BOOST_TEST(found.math.size() >= 59u);
  for (const auto& f : found.latex) check_accepted(f);
  for (const auto& f : found.math) check_accepted(f);
}

BOOST_AUTO_TEST_CASE(the_labels_of_derived_forms_are_accepted) {
  for (const char* label :
       {"\\tilde\\mu_i = \\mathbb{E}\\,\\phi(X)", "\\mathbb{E} a", "\\mathbb{E} a^2", "\\mathbb{E} f(X)^2",
        "\\mathbb{E}\\,\\phi(X)^2", "\\mathbb{E}|f(X)|", "\\sum_{i=1}^n a_i^2", "\\sum_{i=1}^n |a_i|",
        "S \\text{ (iid components)}", "S", "S(\\rho, r)", "S(x)", "S_n \\;(0<\\lambda<1)", "S_n \\;(\\lambda=1)",
        "\\lim_{n\\to\\infty} S_n \\;(0<\\lambda<1)"})
    check_accepted(label);
}

BOOST_AUTO_TEST_CASE(what_tex_typesets_is_accepted) {
  for (const char* f : {"",
                        "x_1^2",
                        "x^2_1",
                        "x'^2",
                        "x''",
                        "x'_1",
                        "x^{'}",
                        "{x^2}^3",
                        "x^2{}^3",
                        "x^2\\,^3",
                        "c_*",
                        "\\frac12\\log\\frac{1 + \\sqrt 5}{2}",
                        "\\sqrt[4]{\\pi }",
                        "\\sqrt[]{x}",
                        "\\sqrt[{]}]{x}",
                        "\\binom{n}{k}",
                        "\\dfrac{a}{b}\\tfrac a b",
                        "\\sum\\limits_{i=1}^n",
                        "\\int\\nolimits_0^1",
                        "\\sum\\limits\\nolimits^2",
                        "\\operatorname{argmax}\\limits_x",
                        "\\left( a \\middle| b \\right)",
                        "\\left.\\right)",
                        "\\left\\{ x \\right\\|",
                        "\\left\\langle x \\right\\rVert",
                        "\\bigl\\lfloor x \\bigr\\rfloor \\Big/ \\bigg.",
                        "\\hat{\\hat{x}}",
                        "\\hat{\\frac{\\hat{a}}{2}}",
                        "\\hat{\\hat{a^1 b}}^2",
                        "{\\hat{\\hat{a^1}}}^2",
                        "\\widetilde{\\hat{x}}",
                        "{\\hat a}_2",
                        "\\boldsymbol{\\hat a_1}_2",
                        "\\mathbb{E}_\\theta",
                        "\\mathcal{O}(1)",
                        "\\mathbb V ar",
                        "\\text{for all } x",
                        "\\textit{i.e.} \\textrm{(a-b), [c]: d'e < f | g * h = 1/2}",
                        "\\operatorname{soft-max}",
                        "a\nb",
                        "\\displaystyle\\frac{a}{b}\\textstyle x",
                        "\\overbrace{x+y}^{n}\\underbrace{a}_b",
                        "\\cdots\\ldots\\dots",
                        "x \\notin A",
                        "\\quad\\qquad\\,\\;\\:\\!\\ x",
                        "x^\\prime x^\\{ x_\\| \\frac\\alpha\\beta \\sqrt\\pi \\hat\\mu"})
    check_accepted(f);
  check_accepted(nested("{", "}", kMaxFormulaDepth));
  check_accepted(nested("\\left(", "\\right)", kMaxFormulaDepth));
  check_accepted(nested("\\overbrace{", "}", kMaxFormulaDepth / 2));
  check_accepted(repeat("x+", kMaxFormulaLength / 2));
  check_accepted("\\text{" + repeat("a", kMaxFormulaLength - 7) + "}");
}

BOOST_AUTO_TEST_CASE(unbalanced_groups_and_delimiters_are_refused) {
  check_refused("{x", "has a '{' without its '}'");
  check_refused("x}", "has a '}' without its '{'");
  check_refused("\\frac{1}}{2}", "has a '}' without its '{'");
  check_refused("\\left( x", "has \\left( without its \\right");
  check_refused("\\right)", "has \\right) without its \\left");
  check_refused("{\\left( }\\right)", "has \\left( without its \\right");
  check_refused("\\left( { \\right) }", "has \\right) without its \\left");
  check_refused("\\middle|", "has \\middle| outside a \\left ... \\right pair");
  check_refused("\\left( {a \\middle| b} \\right)", "has \\middle| outside a \\left ... \\right pair");
  check_refused("\\left", "has \\left without a delimiter");
  check_refused("\\left x \\right)", "has \\left followed by x, which is not a delimiter");
  check_refused("\\left< x \\right>", "has \\left followed by <, which is not a delimiter");
  check_refused("\\left( x \\right", "has \\right without a delimiter");
  check_refused("\\left( x \\middle x \\right)", "has \\middle followed by x, which is not a delimiter");
  for (const char* big :
       {"\\big", "\\Big", "\\bigg", "\\Bigg", "\\bigl", "\\bigr", "\\Bigl", "\\Bigr", "\\biggl", "\\biggr"}) {
    check_refused(big, "has " + std::string(big) + " without a delimiter");
    check_refused(std::string(big) + "\\alpha", "which is not a delimiter");
  }
  check_refused("\\sqrt[3", "has \\sqrt[ without its closing ]");
  check_refused("\\sqrt[\\left[x\\right]]{2}", "has \\right without a delimiter");  // the ] ends the index
}

BOOST_AUTO_TEST_CASE(macros_without_their_arguments_are_refused) {
  for (const char* frac : {"\\frac", "\\dfrac", "\\tfrac", "\\binom"}) {
    const std::string f = frac;
    check_refused(f, "has " + f + " without its first argument");
    check_refused(f + "{1}", "has " + f + " without its second argument");
    check_refused("{" + f + "{1}}", "has " + f + " without its second argument");
    check_refused(f + "{1}^2", "has " + f + " without its second argument");
  }
  for (const char* one :
       {"\\sqrt",      "\\hat",     "\\bar",        "\\tilde",     "\\vec",        "\\dot",          "\\ddot",
        "\\widetilde", "\\widehat", "\\overline",   "\\underline", "\\mathbf",     "\\mathrm",       "\\mathbb",
        "\\mathcal",   "\\mathit",  "\\mathsf",     "\\mathtt",    "\\boldsymbol", "\\operatorname", "\\text",
        "\\textrm",    "\\textit",  "\\underbrace", "\\overbrace"}) {
    const std::string f = one;
    check_refused(f, "has " + f + " without its argument");
    check_refused("{" + f + "}", "has " + f + " without its argument");
    check_refused(f + "^2", "has " + f + " without its argument");
    check_refused(f + "_x", "has " + f + " without its argument");
  }
  check_refused("\\sqrt[3]", "has \\sqrt without its argument");
  check_refused("x^", "has ^ without its argument");
  check_refused("x_", "has _ without its argument");
  check_refused("{x^}", "has ^ without its argument");
  check_refused("x^_1", "has ^ without its argument");
  check_refused("x^\\log", "has \\log as the argument of ^ without braces");
  check_refused("\\frac\\sum 1", "has \\sum as the argument of \\frac without braces");
  check_refused("\\sqrt\\,", "has \\, as the argument of \\sqrt without braces");
  check_refused("x_\\frac12", "has \\frac as the argument of _ without braces");
  check_refused("\\sqrt'", "has ' as the argument of \\sqrt");
}

BOOST_AUTO_TEST_CASE(double_scripts_are_refused) {
  check_refused("x_1_2", "has x_1_2: a double subscript");
  check_refused("x^a^b", "has x^a^b: a double superscript");
  check_refused("x^2_1^3", "a double superscript");
  check_refused("\\frac12^2^3", "a double superscript");
  check_refused("\\left(x\\right)_1_2", "a double subscript");
  check_refused("x^2'", "has x^2': a prime after a superscript");
  check_refused("x' ^2", "a double superscript");  // TeX joins ' and ^ only when adjacent
  check_refused("x'_1'", "a prime after a superscript");
  check_refused("x' '", "a prime after a superscript");
  check_refused("{\\hat a_1}_2", "has {\\hat a_1}_2: a double subscript");  // a group of one accent is it
  check_refused("\\mathbf{\\hat a^1}^2", "a double superscript");
  check_refused("\\hat{\\hat{a^1}}^2", "a double superscript");  // amsmath sets a^1 again after the accents
}

BOOST_AUTO_TEST_CASE(limits_only_after_an_operator) {
  check_refused("\\limits", "has \\limits not right after a large operator");
  check_refused("x\\nolimits", "has \\nolimits not right after a large operator");
  check_refused("\\sum_i\\limits", "has \\limits not right after a large operator");
  check_refused("{\\sum}\\limits", "has \\limits not right after a large operator");
  check_refused("\\mathrm{d}\\limits", "has \\limits not right after a large operator");
  check_refused("\\operatorname{\\limits}", "has \\limits in \\operatorname{...}");
}

BOOST_AUTO_TEST_CASE(text_holds_plain_text_and_alphabets_capitals) {
  check_refused("\\text{\\frac{1}{2}}", "has \\frac in \\text{...}: \\text takes plain text only");
  check_refused("\\textrm{a^2}", "has ^ in \\textrm{...}");
  check_refused("\\textit{{a}}", "has { in \\textit{...}");
  check_refused("\\text\\alpha", "has \\text\\alpha: \\text takes plain text only");
  check_refused("\\operatorname*{argmax}", "has \\operatorname*");
  check_refused("\\mathbb{1}", "\\mathbb takes capital letters only");
  check_refused("\\mathcal{x}", "\\mathcal takes capital letters only");
  check_refused("\\mathbb{\\alpha}", "\\mathbb takes capital letters only");
}

BOOST_AUTO_TEST_CASE(non_ascii_characters_are_named) {
  check_refused("x + 苏", "has the non-ASCII character '苏' (U+82CF)");
  check_refused("α + β", "write \\alpha for α");
  check_refused("Ω", "write \\Omega for Ω");
  check_refused("Α", "write A for Α");  // Greek capital alpha
  check_refused("ϵ", "write \\epsilon for ϵ");
  check_refused("ε", "write \\varepsilon for ε");
  check_refused("ϑ", "write \\vartheta for ϑ");
  check_refused("ϕ", "write \\phi for ϕ");
  check_refused("φ", "write \\varphi for φ");
  check_refused("ϖ", "write \\varpi for ϖ");
  check_refused("ϱ", "write \\varrho for ϱ");
  check_refused("ς", "write \\varsigma for ς");
  check_refused("x ≤ y", "write \\le for ≤");
  check_refused("\\text{é}", "has the non-ASCII character 'é' (U+00E9)");
}

BOOST_AUTO_TEST_CASE(nesting_length_and_work_are_bounded) {
  const std::string deep = "more than 50 levels deep";
  check_refused(nested("{", "}", kMaxFormulaDepth + 1), deep);
  check_refused(nested("\\left(", "\\right)", 60), deep);
  check_refused(nested("x^{", "}", 51), deep);
  check_refused(nested("\\sqrt{", "}", 51), deep);
  check_refused(nested("\\frac{", "}{y}", 51), deep);
  check_refused(nested("\\overbrace{", "}", 26), deep);  // six TeX groups each: they count 2
  check_refused(repeat("\\left(", 100), deep);
  const std::string heavy = "more than 20000 symbols";
  check_refused(nested("\\boldsymbol{", "}", 5), heavy);
  check_refused(nested("\\widetilde{", "}", 20), heavy);
  check_refused(nested("\\sqrt[3]{", "}", 8), heavy);
  check_refused(nested("\\hat{", "}", 7), heavy);
  check_refused(repeat("x+", kMaxFormulaLength / 2) + "x", "is 1001 characters long, above the limit of 1000");
  check_refused(repeat("α", kMaxFormulaLength + 1), "is 1001 characters long");
  // the reliability review's cases
  const std::string long_ = "above the limit of 1000";
  check_refused(repeat("{", 9000), long_);
  check_refused(nested("\\sqrt{", "}", 2000), long_);
  check_refused(repeat("\\left(", 300), long_);
  check_refused(repeat("x^{", 400), long_);
  check_refused(repeat("x+", 10000), long_);
  check_refused("\\text{" + repeat("a", 19000) + "}", long_);
}

BOOST_AUTO_TEST_CASE(tex_commands_and_special_characters_are_refused) {
  check_refused("x # y", "contains '#'");
  check_refused("50% x", "contains '%'");
  check_refused("a $ b", "contains '$'");
  check_refused("a & b", "contains '&'");
  check_refused("a~b", "contains '~'");
  check_refused("x^^5cinput", "contains '^^'");
  check_refused("a\\\\b", "uses \\\\, which is not among the math macros");
  check_refused("x\\", "ends with a backslash");
  check_refused("a\n\nb", "has a blank line");
  check_refused("a\n \t\nb", "has a blank line");
  check_refused("a\\\nb", "has a backslash before a tab or a line break");
  check_refused("\\input{/etc/passwd}", "uses \\input, which is not among the math macros");
  check_refused("\\frac{1}{2}\\def\\x{\\x}\\x", "uses \\def");
  check_refused("x \\lt y", "uses \\lt");  // MathJax's, undefined in LaTeX
  check_refused("a\x01", "control character U+0001");
  check_refused("\\hat{\\hat{x}+\\hat{y}}", "has \\hat over two accents side by side");
  check_refused("\\vec{\\boldsymbol{\\vec{x}}}", "has \\vec over two accents");
  check_refused("\\hat{\\widetilde{\\hat{x}}}", "has \\hat over two accents");
}

BOOST_AUTO_TEST_CASE(formulas_in_text_are_checked_the_same_way) {
  BOOST_TEST(prose_math_problem("the index $x_1_2$ is wrong") ==
             "has a formula $x_1_2$ that has x_1_2: a double subscript");
  BOOST_TEST(prose_math_problem("with $\\alpha$ and $\\|q\\|_2$") == "");
}
