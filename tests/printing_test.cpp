// Canonical printing (proofs/printing.hpp): the text form of every derived closed
// form parses back to an equal expression; the output does not depend on the order
// in which an expression was built; LaTeX uses \operatorname{erf} and Greek names.
#define BOOST_TEST_MODULE printing
#include <boost/test/unit_test.hpp>

#include "proofs/cases_form.hpp"
#include "proofs/display_form.hpp"
#include "proofs/equivalence.hpp"
#include "proofs/erf.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/laplace_expectation.hpp"
#include "proofs/relu.hpp"
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

// Display forms (proofs/display_form.hpp, issue 28 item 4): decay's sums with 1 - lambda,
// identity's erfc pair as one erf; each proved equal to the derived form, and a rewrite
// that would change the value (one sign flip) is not made.
BOOST_AUTO_TEST_CASE(display_forms_read_as_published_and_equal_the_derivation) {
  const auto decay = sym::derive_sequence(sym::parse_expression("lambda^(n-i)", {"lambda", "n", "i"}));
  const ex shown = sym::display_form(decay.S);
  const std::string latex = sym::to_latex(shown);
  BOOST_TEST_MESSAGE(latex);
  BOOST_TEST(latex.find("1 - {\\lambda}^{n}") != std::string::npos);
  BOOST_TEST(latex.find("-1 + ") == std::string::npos);
  BOOST_TEST(sym::is_identically_zero(shown - decay.S));

  const auto identity = sym::derive_kernel(sym::parse_expression("x", {"x"}));
  const ex identity_shown = sym::display_form(identity.S);
  const std::string identity_latex = sym::to_latex(identity_shown);
  BOOST_TEST_MESSAGE(identity_latex);
  BOOST_TEST(identity_latex.find("erfc") == std::string::npos);
  BOOST_TEST(identity_latex.size() < sym::to_latex(identity.S).size());
  BOOST_TEST(sym::is_identically_zero(identity_shown - identity.S));

  // the printer's signs: a single factor c + x (c < 0) keeps its sign (flipping it alone
  // would negate the value), unless the product's own sign goes with it; pairs flip
  const auto& s = sym::symbols();
  BOOST_TEST(sym::to_latex((s.lambda - 1) * s.n) == "n \\left(-1 + \\lambda\\right)");
  BOOST_TEST(sym::to_latex(-(s.lambda - 1) * s.n) == "n \\left(1 - \\lambda\\right)");
  BOOST_TEST(sym::to_latex((s.lambda - 1) / (GiNaC::pow(s.lambda, 2) - 1) / s.n) ==
             "\\frac{1 - \\lambda}{\\left(1 - {\\lambda}^{2}\\right) n}");
  BOOST_TEST(sym::to_latex(GiNaC::pow(s.lambda - 1, 3) * (s.n - 2)) ==
             "\\left(1 - \\lambda\\right)^{3} \\left(2 - n\\right)");
}

// A form with a kink split into cases (proofs/cases_form.hpp, issue 47 part 3). By hand:
// e = relu(-2 beta) e^(relu(beta)/gamma) + abs(beta) gamma has one kink, beta = 0; below it
// relu(-2 beta) = -2 beta, relu(beta) = 0, abs(beta) = -beta: e = -2 beta - beta gamma; above it
// relu(-2 beta) = 0 and abs(beta) = beta: e = beta gamma. Two roots (relu(beta - 1))
// or a step (not continuous) give no cases.
BOOST_AUTO_TEST_CASE(a_form_with_one_kink_reads_as_its_cases) {
  const std::vector<std::string> names{"beta", "gamma"};
  const ex e = sym::parse_expression("relu(-2*beta)*exp(relu(beta)/gamma) + abs(beta)*gamma", names);
  const auto cases = sym::kink_cases(e);
  BOOST_REQUIRE(cases.has_value());
  const ex beta = sym::parse_expression("beta", names), gamma = sym::parse_expression("gamma", names);
  BOOST_TEST(cases->parameter.is_equal(beta));
  BOOST_TEST(cases->at.is_zero());
  BOOST_TEST(sym::is_identically_zero(cases->below - (-2 * beta - beta * gamma)), cases->below);
  BOOST_TEST(sym::is_identically_zero(cases->above - beta * gamma), cases->above);
  BOOST_TEST(sym::cases_text(*cases) == "-2*beta - beta*gamma  for beta < 0;  beta*gamma  for beta >= 0");
  BOOST_TEST(sym::cases_latex(*cases).find("\\begin{cases}") == 0);
  for (const char* other : {"relu(beta) + relu(beta - 1)", "step(beta)*beta", "relu(beta*gamma)", "beta^2"})
    BOOST_TEST(!sym::kink_cases(sym::parse_expression(other, names)).has_value(), other);
  // the Laplace law's S (specs/relu2-laplace.toml): each case free of relu, equal to S on its side
  // (GiNaC at 60 digits), and finite in double precision at (-2, 0.1), where the form as derived
  // divides by zero
  const auto law = sym::derive_kernel(sym::parse_expression("relu(x)^2", {"x"}), sym::laplace_expectation);
  BOOST_REQUIRE(law.status == sym::KernelDerivation::Status::Derived);
  const auto S = sym::kink_cases(law.S);
  BOOST_REQUIRE(S.has_value());
  BOOST_TEST(!S->below.has(sym::relu(beta)));
  BOOST_TEST(!S->above.has(sym::relu(beta)));
  GiNaC::Digits = 60;
  for (const auto& [b, g] : std::vector<std::pair<GiNaC::numeric, GiNaC::numeric>>{{-2, GiNaC::numeric(1, 10)},
                                                                                    {GiNaC::numeric(-1, 2), 3},
                                                                                    {GiNaC::numeric(3, 2), GiNaC::numeric(7, 10)}}) {
    const GiNaC::lst at{beta == b, gamma == g};
    const ex side = b.is_negative() ? S->below : S->above;
    const ex difference = GiNaC::evalf(law.S.subs(at) - side.subs(at));
    const ex value = GiNaC::evalf(side.subs(at));
    BOOST_TEST(GiNaC::abs(difference) < GiNaC::numeric(1, 1000000) * GiNaC::pow(GiNaC::numeric(10), -40) * GiNaC::abs(value),
               "at " << b << ", " << g << ": " << difference);
  }
  GiNaC::Digits = 17;  // about double precision: the case stays finite and right to 10 digits
  const GiNaC::lst far{beta == -2, gamma == GiNaC::numeric(1, 10)};
  const ex coarse = GiNaC::evalf(S->below.subs(far));
  GiNaC::Digits = 60;
  const ex fine = GiNaC::evalf(S->below.subs(far));
  BOOST_TEST(GiNaC::abs(coarse - fine) < GiNaC::pow(GiNaC::numeric(10), -10) * GiNaC::abs(fine), coarse << " vs " << fine);
  GiNaC::Digits = 17;
}
