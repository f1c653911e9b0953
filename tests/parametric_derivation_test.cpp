// Derivations and certificates with a symbolic parameter (proofs/parameter_ranges.hpp,
// docs/spec-format.md, "Symbolic parameters"): every sign the piecewise split and the
// heat-equation certificate read must hold for every value of the parameter in its range.
//
// Provenance:
//   - S of relu(x - t)^2 at (beta, gamma, t) = (1/2, 1, 1) and (-1, 1/2, 3/2): mpmath 1.3 at 60
//     digits, E relu(X - t)^k by mp.quad of (x - t)^k times the normal density on [t, inf),
//     written here to 50 digits;
//   - the forms in t at t = 1 against the engine's own derivation with t = 1 written in (an
//     identity by the zero test);
//   - the ranges that must fail: relu(x) - relu(x - t) on t in [-1, 1] has its two breakpoints 0
//     and t cross at t = 0; |x^2 - t| on t in [-1, 4] has real breakpoints only for t >= 0.
// The mutants are forms that a certificate deciding at sample values of t would pass: one equal
// to the true form at t = 0, 1/2 and 2 (it adds t (t - 1/2)(t - 2) beta, harmonic in beta, so
// the heat equation still holds); one with t replaced by 1 - t.
#define BOOST_TEST_MODULE parametric_derivation
#include <boost/test/unit_test.hpp>

#include "proofs/equivalence.hpp"
#include "proofs/export_syntax.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/heat_equation_certificate.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/parameter_ranges.hpp"
#include "proofs/scoped_digits.hpp"
#include "proofs/symbols.hpp"

using namespace attnverify;
using GiNaC::ex;
using GiNaC::numeric;

namespace {

const GiNaC::realsymbol t("t");

ex kernel(const std::string& f) { return sym::parse_expression(f, {"x"}, {{"t", t}}); }

sym::KernelDerivation derive_on(const std::string& f, const numeric& lo, const numeric& hi) {
  const sym::ScopedParameterRanges scope({{t, lo, hi}});
  return sym::derive_kernel(kernel(f));
}

bool certified_on(const ex& m, const ex& g, const numeric& lo, const numeric& hi, std::string* reason = nullptr) {
  const sym::ScopedParameterRanges scope({{t, lo, hi}});
  const sym::DerivationCertificate c = sym::certify_gaussian_expectation(m, g);
  if (reason) *reason = c.reason;
  return c.verified;
}

// |value - reference| / |reference|, the form evaluated at 50 digits
double relative_error(const ex& form, const ex& beta, const ex& gamma, const ex& at_t, const std::string& reference) {
  const sym::ScopedDigits digits(60);
  const auto& s = sym::symbols();
  const numeric value = GiNaC::ex_to<numeric>(form.subs(GiNaC::exmap{{s.beta, beta}, {s.gamma, gamma}, {t, at_t}}).evalf());
  const numeric exact = GiNaC::ex_to<numeric>(sym::parse_expression(reference, {}).evalf());
  return GiNaC::abs((value - exact) / exact).to_double();
}

}  // namespace

BOOST_AUTO_TEST_CASE(relu_squared_shifted_by_t_is_derived_and_certified_for_every_t) {
  const sym::KernelDerivation d = derive_on("relu(x - t)^2", 0, 2);
  BOOST_REQUIRE_MESSAGE(d.status == sym::KernelDerivation::Status::Derived, d.reason);
  BOOST_TEST(d.S.has(t));
  std::string reason;
  BOOST_TEST(certified_on(d.mean_abs, GiNaC::abs(d.f), 0, 2, &reason), reason);
  BOOST_TEST(certified_on(d.mean_square, GiNaC::pow(d.f, 2), 0, 2, &reason), reason);
  // mpmath at 60 digits (see the provenance above)
  BOOST_TEST(relative_error(d.S, numeric(1, 2), 1, 1, "0.30148134201381874040062903228891168674186172943365") < 1e-45);
  BOOST_TEST(relative_error(d.S, -1, numeric(1, 2), numeric(3, 2),
                            "0.00023126744501302476800317440025734656508648767625225") < 1e-45);
  // at t = 1 the forms are the engine's own derivation of relu(x - 1)^2
  const sym::KernelDerivation one = sym::derive_kernel(sym::parse_expression("relu(x - 1)^2", {"x"}));
  BOOST_TEST(sym::is_identically_zero(d.mean_abs.subs(t == 1) - one.mean_abs));
  BOOST_TEST(sym::is_identically_zero(d.mean_square.subs(t == 1) - one.mean_square));
}

BOOST_AUTO_TEST_CASE(forms_right_only_at_sample_values_of_t_are_not_certified) {
  const sym::KernelDerivation d = derive_on("relu(x - t)^2", 0, 2);
  BOOST_REQUIRE(d.status == sym::KernelDerivation::Status::Derived);
  const auto& s = sym::symbols();
  const ex g = GiNaC::abs(d.f);
  // equal to E|f| at t = 0, 1/2 and 2, and a solution of the heat equation everywhere
  const ex at_three_values = d.mean_abs + t * (t - numeric(1, 2)) * (t - 2) * s.beta;
  BOOST_TEST(!certified_on(at_three_values, g, 0, 2));
  BOOST_TEST(!certified_on(d.mean_abs.subs(t == 1 - t), g, 0, 2));
  BOOST_TEST(certified_on(d.mean_abs, g, 0, 2));
}

BOOST_AUTO_TEST_CASE(breakpoints_that_cross_inside_the_range_give_no_closed_form) {
  const sym::KernelDerivation crossing = derive_on("relu(x) - relu(x - t)", -1, 1);
  BOOST_TEST((crossing.status == sym::KernelDerivation::Status::NoClosedForm));
  BOOST_TEST(crossing.reason.find("t in [-1, 1]") != std::string::npos, crossing.reason);
  const sym::KernelDerivation apart = derive_on("relu(x) - relu(x - t)", numeric(1, 2), 2);
  BOOST_REQUIRE_MESSAGE(apart.status == sym::KernelDerivation::Status::Derived, apart.reason);
  BOOST_TEST(certified_on(apart.mean_abs, GiNaC::abs(apart.f), numeric(1, 2), 2));
  BOOST_TEST(certified_on(apart.mean_square, GiNaC::pow(apart.f, 2), numeric(1, 2), 2));
  // the square root of t: breakpoints -sqrt(t), sqrt(t) exist only for t >= 0
  BOOST_TEST((derive_on("abs(x^2 - t)", -1, 4).status == sym::KernelDerivation::Status::NoClosedForm));
  const sym::KernelDerivation roots = derive_on("abs(x^2 - t)", 1, 4);
  BOOST_REQUIRE_MESSAGE(roots.status == sym::KernelDerivation::Status::Derived, roots.reason);
  BOOST_TEST(certified_on(roots.mean_abs, GiNaC::abs(roots.f), 1, 4));
}

BOOST_AUTO_TEST_CASE(signs_hold_for_every_value_of_the_range_or_are_not_given) {
  const sym::ScopedParameterRanges scope({{t, 0, 2}});
  BOOST_TEST(sym::has_parameter(t + 1));
  BOOST_TEST(sym::sign_for_every_parameter(t + 1).value_or(0) == 1);
  BOOST_TEST(sym::sign_for_every_parameter(t - 3).value_or(0) == -1);
  BOOST_TEST(!sym::sign_for_every_parameter(t - 1).has_value());  // changes sign at t = 1
  BOOST_TEST(!sym::sign_for_every_parameter(t).has_value());      // 0 at the range's end
  // t^2 - 2t + 1.01 > 0 everywhere, though t^2 and 2t enclosed apart overlap: bisection shows it
  BOOST_TEST(sym::sign_for_every_parameter(GiNaC::pow(t, 2) - 2 * t + numeric(101, 100)).value_or(0) == 1);
  BOOST_TEST(sym::parameter_ranges_text() == "t in [0, 2]");
}

BOOST_AUTO_TEST_CASE(without_a_range_a_symbol_in_f_is_not_a_constant) {
  BOOST_TEST(!sym::has_parameter(t));
  const sym::KernelDerivation d = sym::derive_kernel(kernel("relu(x - t)^2"));
  BOOST_TEST((d.status == sym::KernelDerivation::Status::NoClosedForm));
}

// A symbolic parameter stays a symbol in `derive --format sympy|mathematica` (the attack of
// 2026-12-01: a parameter named Symbol shadowed the import, one named forms overwrote the dict):
// names the SymPy program defines get an underscore; keywords as before.
BOOST_AUTO_TEST_CASE(exported_symbol_names_never_shadow_the_programs_own) {
  using sym::ExportSyntax;
  for (const char* taken : {"forms", "Symbol", "Rational", "exp", "Abs", "atan", "lambda"})
    BOOST_TEST(sym::symbol_in(taken, ExportSyntax::SymPy) == std::string(taken) + "_", taken);
  BOOST_TEST(sym::symbol_in("t", ExportSyntax::SymPy) == "t");
  BOOST_TEST(sym::symbol_in("t_max", ExportSyntax::Mathematica) == "tmax");
}
