// The primitive functions of the expression language as one descriptor each
// (proofs/primitive_function.hpp): a throwaway primitive added through docs/architecture.md's
// recipe alone (tests/primitives/softsign.cpp, registered by one line) is parsed, evaluated in
// every number type, counted as a switch by its smoothness class and certified under normal
// scores; the registered trigonometric functions are certified against values attnverify did
// not compute. The build refuses the throwaway without its smoothness class
// (tests/CMakeLists.txt, primitive_without_smoothness_class_does_not_compile).
#define BOOST_TEST_MODULE primitive_registry
#include <arb.h>
#include <boost/test/unit_test.hpp>

#include "numerics/agreement.hpp"
#include "numerics/ball_expression.hpp"
#include "numerics/certified_gaussian_moments.hpp"
#include "numerics/compiled_expression.hpp"
#include "numerics/double_expression.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/primitive_function.hpp"
#include "proofs/printing.hpp"
#include "proofs/symbols.hpp"
#include "tests/primitives/softsign.hpp"

using namespace attnverify;
using GiNaC::ex;
using GiNaC::numeric;

namespace {

// The throwaway primitive, registered once for the whole test module (after static
// initialisation, which registers its GiNaC function): the recipe's one line.
std::size_t softsign_index = 0;
struct RegisterSoftsign {
  RegisterSoftsign() { softsign_index = sym::register_primitive(test::softsign_primitive()); }
};

num::Ball ball_of(const char* text, slong bits) {
  num::Ball b;
  arb_set_str(b.get(), text, bits);
  return b;
}

// Digits to which the ball `got` agrees with `reference` (relative), counting its radius.
double digits_against(const num::Ball& got, const num::Ball& reference, slong bits) {
  num::Ball d;
  arb_sub(d.get(), got.get(), reference.get(), bits);
  arb_div(d.get(), d.get(), reference.get(), bits);
  const double worst = arf_get_d(arb_midref(d.get()), ARF_RND_UP);
  const double error = std::fabs(worst) + mag_get_d(arb_radref(d.get()));
  return error == 0 ? 1000 : -std::log10(error);
}

// E|f(X)| and E f(X)^2 at (beta, gamma) by the certified route, with f's kinks at `kinks`
num::CertifiedMoments certified(const std::string& f, const std::vector<numeric>& kinks, const numeric& beta,
                                const numeric& gamma) {
  const auto& s = sym::symbols();
  const num::CertifiedGaussianMoments route(sym::parse_expression(f, {"x"}), s.x, kinks, 50);
  const slong bits = route.bits();
  const num::Ball b = num::Ball::from_numeric(beta, bits), g = num::Ball::from_numeric(gamma, bits);
  const auto rough = route.rough_moments(b, g);
  BOOST_REQUIRE(rough);
  return route(b, g, *rough);
}

}  // namespace

BOOST_TEST_GLOBAL_FIXTURE(RegisterSoftsign);

BOOST_AUTO_TEST_CASE(a_throwaway_primitive_is_parsed_printed_and_evaluated_in_every_number_type) {
  const auto& s = sym::symbols();
  BOOST_TEST(sym::primitive_at(softsign_index).name == "throwaway_softsign");
  const ex f = sym::parse_expression("throwaway_softsign(x)", {"x"});
  BOOST_TEST(sym::to_latex(f) == "\\operatorname{softsign}\\left(x\\right)");
  // softsign(u) = u/(1 + |u|) is rational at rational u: -3/7 at -3/4, 1/4 at 1/3
  const num::DoubleExpression in_double(f, s.x);
  BOOST_TEST(in_double(-0.75) == -3.0 / 7, boost::test_tools::tolerance(1e-15));
  const num::CompiledExpression in_mpfr(f, {s.x}, 60);
  {
    num::ScopedPrecision scope(60);
    BOOST_TEST(num::digits_of_agreement(in_mpfr({num::Real(1) / 3}), num::Real(1) / 4, 60) >= 58.0);
  }
  const num::BallExpression in_balls(f, {s.x});
  const num::Ball v = in_balls({numeric(-3, 4)}, 200);
  num::Ball exact;
  arb_set_si(exact.get(), -3);
  arb_div_ui(exact.get(), exact.get(), 7, 200);
  BOOST_TEST(arb_contains(v.get(), exact.get()));
  BOOST_TEST(v.relative_accuracy_digits() >= 55.0);
  // its smoothness class makes it a switch: the certified routes fix its branch per piece
  BOOST_TEST(in_balls.switch_count() == 1u);
  // and it is a function of the language, named in the parser's list
  const auto names = sym::supported_functions();
  BOOST_TEST((std::find(names.begin(), names.end(), "throwaway_softsign") != names.end()));
}

// Reference: mpmath 1.3 at 60 digits, quad of |f| and f^2 against the normal density split at
// the kink (tests/primitives/softsign.cpp's definition u/(1 + |u|)), beta = 1/5, gamma = 3/2:
//   E|f| = 0.470442381903537873730059385696302611902178998497464574988465
//   E f^2 = 0.262700551411654202075461578779468283020584459039357331006078
BOOST_AUTO_TEST_CASE(a_throwaway_primitive_with_a_kink_is_certified_under_normal_scores) {
  const num::CertifiedMoments m = certified("throwaway_softsign(x)", {numeric(0)}, numeric(1, 5), numeric(3, 2));
  BOOST_REQUIRE_MESSAGE(m.ok, m.failure);
  const slong bits = 256;
  BOOST_TEST(digits_against(m.mean_abs(), ball_of("0.470442381903537873730059385696302611902178998497464574988465", bits),
                            bits) >= 45.0);
  BOOST_TEST(digits_against(m.mean_square(),
                            ball_of("0.262700551411654202075461578779468283020584459039357331006078", bits), bits) >= 45.0);
}

// E cos(X) = e^{-gamma^2/2} cos(beta) (the normal law's characteristic function at 1), so
//   E (2 + cos X)   = 2 + e^{-gamma^2/2} cos(beta),
//   E (2 + cos X)^2 = 4 + 4 e^{-gamma^2/2} cos(beta) + (1 + e^{-2 gamma^2} cos(2 beta))/2,
// evaluated here in Arb; 2 + cos x > 0, so E|f| = E f.
BOOST_AUTO_TEST_CASE(cosine_moments_are_certified_against_the_characteristic_function) {
  const numeric beta(-7, 10), gamma(6, 5);
  const num::CertifiedMoments m = certified("2 + cos(x)", {}, beta, gamma);
  BOOST_REQUIRE_MESSAGE(m.ok, m.failure);
  const slong bits = 256;
  const num::Ball b = num::Ball::from_numeric(beta, bits), g = num::Ball::from_numeric(gamma, bits);
  num::Ball e1, e4, c1, c2, t, mean, square;
  arb_sqr(t.get(), g.get(), bits);
  arb_mul_2exp_si(t.get(), t.get(), -1);
  arb_neg(t.get(), t.get());
  arb_exp(e1.get(), t.get(), bits);  // e^{-gamma^2/2}
  arb_mul_2exp_si(t.get(), t.get(), 2);
  arb_exp(e4.get(), t.get(), bits);  // e^{-2 gamma^2}
  arb_cos(c1.get(), b.get(), bits);
  arb_mul_2exp_si(t.get(), b.get(), 1);
  arb_cos(c2.get(), t.get(), bits);
  arb_mul(mean.get(), e1.get(), c1.get(), bits);
  arb_add_ui(mean.get(), mean.get(), 2, bits);
  arb_mul(square.get(), e4.get(), c2.get(), bits);
  arb_add_ui(square.get(), square.get(), 1, bits);
  arb_mul_2exp_si(square.get(), square.get(), -1);
  arb_mul(t.get(), e1.get(), c1.get(), bits);
  arb_mul_2exp_si(t.get(), t.get(), 2);
  arb_add(square.get(), square.get(), t.get(), bits);
  arb_add_ui(square.get(), square.get(), 4, bits);
  BOOST_TEST(digits_against(m.mean_abs(), mean, bits) >= 45.0);
  BOOST_TEST(digits_against(m.mean_square(), square, bits) >= 45.0);
}

// Reference: mpmath 1.3 at 60 digits, quad split at 0, beta = -1, gamma = 1/2:
//   E|atan X| = 0.734497393868842963286201496820254065419948286760870869008151
//   E atan(X)^2 = 0.605524912135533104329122158665335245962737106227536951737204
BOOST_AUTO_TEST_CASE(arctangent_moments_are_certified) {
  const num::CertifiedMoments m = certified("atan(x)", {numeric(0)}, numeric(-1), numeric(1, 2));
  BOOST_REQUIRE_MESSAGE(m.ok, m.failure);
  const slong bits = 256;
  BOOST_TEST(digits_against(m.mean_abs(), ball_of("0.734497393868842963286201496820254065419948286760870869008151", bits),
                            bits) >= 45.0);
  BOOST_TEST(digits_against(m.mean_square(),
                            ball_of("0.605524912135533104329122158665335245962737106227536951737204", bits), bits) >= 45.0);
}

BOOST_AUTO_TEST_CASE(tan_has_no_growth_bound_and_its_pole_is_a_condition) {
  const auto& s = sym::symbols();
  const num::GrowthBoundResult g =
      num::growth_bound(num::compile_program(sym::parse_expression("tan(x)", {"x"}), {s.x}));
  BOOST_TEST(!g.bound.has_value());
  BOOST_TEST(g.failure.find("tan, which is unbounded") != std::string::npos, g.failure);
  const sym::ParsedExpression parsed = sym::read_expression("tan(beta)", {"beta"});
  BOOST_REQUIRE_EQUAL(parsed.conditions.size(), 1u);
  BOOST_TEST(sym::to_text(parsed.conditions[0].expression) == "cos(beta)");
  BOOST_TEST((parsed.conditions[0].kind == sym::ConditionKind::NonZero));
}

BOOST_AUTO_TEST_CASE(a_primitive_is_registered_once) {
  BOOST_CHECK_THROW(sym::register_primitive(test::softsign_primitive()), std::invalid_argument);
  BOOST_TEST(sym::find_primitive("sin") != nullptr);
  BOOST_TEST(sym::find_primitive("besselj") == nullptr);
}
