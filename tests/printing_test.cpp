// Canonical printing (proofs/printing.hpp): the text form of every derived closed
// form parses back to an equal expression; the output does not depend on the order
// in which an expression was built; LaTeX uses \operatorname{erf} and Greek names.
#define BOOST_TEST_MODULE printing
#include <boost/test/unit_test.hpp>

#include "proofs/equivalence.hpp"
#include "proofs/erf.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/printing.hpp"
#include "proofs/sequence_derivation.hpp"
#include "proofs/symbols.hpp"

using namespace attnverify;
using GiNaC::ex;

BOOST_AUTO_TEST_CASE(text_form_of_derived_closed_forms_parses_back_to_an_equal_expression) {
  std::vector<ex> forms;
  for (const std::string f : {"exp(x)", "relu(x)^2", "x", "abs(x) + relu(x-1)"}) {
    const auto d = sym::derive_kernel(sym::parse_expression(f, {"x"}));
    BOOST_REQUIRE_MESSAGE(d.status == sym::KernelDerivation::Status::Derived, d.reason);
    forms.insert(forms.end(), {d.mean_abs, d.mean_square, d.S});
  }
  const auto d = sym::derive_sequence(sym::parse_expression("lambda^(n-i)", {"lambda", "n", "i"}));
  forms.insert(forms.end(), {d.sum_abs, d.sum_square, d.S});
  for (const ex& e : forms) {
    const std::string text = sym::to_text(e);
    BOOST_TEST_CONTEXT(text) {
      const ex back = sym::parse_expression(text, {"beta", "gamma", "lambda", "n"});
      BOOST_TEST(sym::is_identically_zero(back - e));
    }
  }
}

BOOST_AUTO_TEST_CASE(printing_does_not_depend_on_construction_order) {
  const auto& s = sym::symbols();
  const ex a = sym::erfc(-s.beta / s.gamma) * (GiNaC::pow(s.beta, 2) + GiNaC::pow(s.gamma, 2)) + s.beta * s.gamma;
  const ex b = s.gamma * s.beta + (GiNaC::pow(s.gamma, 2) + GiNaC::pow(s.beta, 2)) * sym::erfc(-s.beta / s.gamma);
  BOOST_TEST(sym::to_text(a) == sym::to_text(b));
  BOOST_TEST(sym::to_latex(a) == sym::to_latex(b));
}

BOOST_AUTO_TEST_CASE(latex_uses_operator_names_and_greek_letters) {
  const auto& s = sym::symbols();
  const std::string tex = sym::to_latex(sym::erf(s.beta / (GiNaC::sqrt(ex(2)) * s.gamma)) * GiNaC::exp(-s.lambda));
  BOOST_TEST_CONTEXT(tex) {
    BOOST_TEST(tex.find("\\operatorname{erf}") != std::string::npos);
    BOOST_TEST(tex.find("\\beta") != std::string::npos);
    BOOST_TEST(tex.find("\\gamma") != std::string::npos);
    BOOST_TEST(tex.find("e^{-\\lambda}") != std::string::npos);
  }
}

// Su2023 eq. (8) has (q~^T mu~)^2 in its denominator; the report printed it as
// \tilde q^{\top}\tilde\mu^{2}, which reads as q~^T mu~^2 (referee's review of main at
// 05a9cf8, A3). A symbol whose TeX name is not one atom gets parentheses under a power;
// letters, Greek macros, accented letters and norms do not.
BOOST_AUTO_TEST_CASE(a_compound_symbol_is_parenthesised_under_a_power) {
  const auto& s = sym::symbols();
  BOOST_TEST(sym::to_latex(GiNaC::pow(s.qmu, 2)) == "\\left(\\tilde q^{\\top}\\tilde\\mu\\right)^{2}");
  BOOST_TEST(sym::to_latex(GiNaC::pow(s.qSq, 3)).rfind("\\left(\\tilde q^{\\top}\\tilde\\Sigma\\tilde q\\right)^{3}", 0) == 0u);
  BOOST_TEST(sym::to_latex(GiNaC::pow(s.beta, 2)) == "{\\beta}^{2}");
  BOOST_TEST(sym::to_latex(GiNaC::pow(s.mu, 2)) == "{\\tilde\\mu}^{2}");
  BOOST_TEST(sym::to_latex(GiNaC::pow(s.q1, 2)) == "{\\|\\tilde q\\|_1}^{2}");
  BOOST_TEST(sym::to_latex(GiNaC::pow(s.x, 2)) == "{x}^{2}");
}

// A continued fraction 1/(2 + 1/(2 + ... x^2)) nested 40 deep prints in linear time: the
// printer sorted each sum's operands by printing them again, 4^k prints at depth k (a
// 600-character spec nested 24 deep did not finish in two minutes; attack on round 3). A
// reverted memo makes this test run for hours (ctest's timeout fails it).
BOOST_AUTO_TEST_CASE(deeply_nested_expressions_print_in_linear_time) {
  const auto& s = sym::symbols();
  GiNaC::ex e = GiNaC::pow(s.x, 2);
  for (int k = 0; k < 40; ++k) e = 1 / (2 + e);
  const std::string text = sym::to_text(e), tex = sym::to_latex(e);
  std::size_t twos = 0;
  for (std::size_t at = text.find("2 + "); at != std::string::npos; at = text.find("2 + ", at + 1)) ++twos;
  BOOST_TEST(twos == 40u);
  BOOST_TEST(tex.find("{x}^{2}") != std::string::npos);
}
