// The certified route's parts (issue 20): the growth bound and the Gaussian tail bound
// (numerics/gaussian_tail_bound.hpp), kinks found by the sign proof when the list
// misses them (numerics/certified_gaussian_moments.hpp), and the certified rule at a grid
// point (src/verdicts/route_comparison.hpp).
#define BOOST_TEST_MODULE certified_route
#include <arb_hypgeom.h>
#include <boost/test/unit_test.hpp>

#include "numerics/agreement.hpp"
#include "numerics/ball_comparison.hpp"
#include "numerics/certified_gaussian_moments.hpp"
#include "numerics/gaussian_tail_bound.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/kernel/kernel_route.hpp"
#include "src/kinds/registry.hpp"
#include "src/spec/bibliography.hpp"
#include "src/spec/spec.hpp"
#include "src/verdicts/route_comparison.hpp"

using namespace attnverify;

namespace {

num::GrowthBoundResult bound_of(const std::string& f) {
  return num::growth_bound(num::compile_program(sym::parse_expression(f, {"x"}), {sym::symbols().x}));
}

num::Ball ball(const char* text) {
  num::Ball b;
  arb_set_str(b.get(), text, 256);
  return b;
}

double upper(const num::Ball& b) { return arf_get_d(arb_midref(b.get()), ARF_RND_UP) + mag_get_d(arb_radref(b.get())); }

}  // namespace

BOOST_AUTO_TEST_CASE(growth_bounds_follow_the_rules) {
  // |relu(x)^2| <= (1 + |x|)^2: M = 1, p = 2, c = 0
  const auto relu2 = bound_of("relu(x)^2");
  BOOST_REQUIRE(relu2.bound);
  BOOST_TEST(upper(relu2.bound->M) == 1.0);
  BOOST_TEST(upper(relu2.bound->p) == 2.0);
  BOOST_TEST(upper(relu2.bound->c) == 0.0);
  // exp(x/2): c = 1/2; sigmoid and tanh: bounded by 1 (no growth)
  const auto e = bound_of("exp(x/2)");
  BOOST_REQUIRE(e.bound);
  BOOST_TEST(upper(e.bound->c) == 0.5, boost::test_tools::tolerance(1e-12));
  for (const char* f : {"sigmoid(x)", "tanh(x)", "erf(x)"}) {
    const auto b = bound_of(f);
    BOOST_REQUIRE_MESSAGE(b.bound, f);
    BOOST_TEST(upper(b.bound->c) == 0.0, f);
    BOOST_TEST(upper(b.bound->p) == 0.0, f);
  }
  // log(1 + exp(x)) <= log 2 + |x|; 2^x = exp(x log 2)
  BOOST_TEST(bound_of("softplus(x)").bound.has_value());
  BOOST_TEST(bound_of("2^x").bound.has_value());
  // no rule: exp of x^2 grows faster than any exp(c|x|); 1/x may be unbounded
  const auto fast = bound_of("exp(x^2)");
  BOOST_TEST(!fast.bound.has_value());
  BOOST_TEST(fast.failure.find("exp") != std::string::npos, fast.failure);
  BOOST_TEST(!bound_of("1/x").bound.has_value());
  // exp(-x^2) <= 1: a product with a negative constant and x^2 >= 0 is <= 0
  const auto bump = bound_of("exp(-x^2)");
  BOOST_REQUIRE(bump.bound);
  BOOST_TEST(upper(bump.bound->M) == 1.0);
}

// H6 of the attack round of 2026-11-28 (docs/history.md, issue 42): exp of a bounded rational
// function. By hand: x^2/(1 + x^2) <= 1, and the rule's constant is 2 (1 + x^2 >= (1+|x|)^2/2),
// so exp(x^2/(1 + x^2)) <= e^2 with no growth (p = c = 0); 2x/(1 + x^2) and
// x^3/(2 + x^4) are bounded too. exp(x^3/(1 + x^2)) grows (its exponent ~ x: a bound with c > 0);
// refused: exp(x^4/(1 + x^2)) (exponent ~ x^2), and 1/(x^2 - 1), which has a pole.
BOOST_AUTO_TEST_CASE(exp_of_a_bounded_rational_function_has_a_growth_bound) {
  const auto f = bound_of("exp(x^2/(1 + x^2))");
  BOOST_REQUIRE_MESSAGE(f.bound, f.failure);
  BOOST_TEST(upper(f.bound->M) <= std::exp(2.0) * (1 + 1e-12));
  BOOST_TEST(upper(f.bound->M) >= std::exp(1.0));  // the true supremum is e
  BOOST_TEST(upper(f.bound->p) == 0.0);
  BOOST_TEST(upper(f.bound->c) == 0.0);
  for (const char* g : {"exp(2*x/(1 + x^2))", "exp(x^3/(2 + x^4))", "x^2/(1 + x^2) + 1/(1 + 10^60*(x - 3/10)^2)"}) {
    const auto b = bound_of(g);
    BOOST_REQUIRE_MESSAGE(b.bound, g << ": " << b.failure);
    BOOST_TEST(upper(b.bound->c) == 0.0, g);
  }
  const auto linear = bound_of("exp(x^3/(1 + x^2))");
  BOOST_REQUIRE_MESSAGE(linear.bound, linear.failure);
  BOOST_TEST(upper(linear.bound->c) >= 1.0);  // x^3/(1 + x^2) >= |x| - 1 for x > 0: rate 1 at least
  BOOST_TEST(!bound_of("exp(x^4/(1 + x^2))").bound.has_value());
  BOOST_TEST(!bound_of("1/(x^2 - 1)").bound.has_value());
}

BOOST_AUTO_TEST_CASE(the_tail_bound_is_exact_for_a_constant_and_above_the_true_tail) {
  // f = 1: tail_k(T) = erfc(T/sqrt 2) exactly, and the bound (K = 1, lambda = 0) is that
  const auto one = bound_of("1 + 0*x");
  BOOST_REQUIRE(one.bound);
  const num::Ball beta = ball("0.5"), gamma = ball("2"), T = ball("6");
  const num::Ball b = num::gaussian_tail_bound(*one.bound, 2, beta, gamma, T, 128);
  num::Ball exact;  // erfc(6/sqrt 2)
  arb_set_str(exact.get(),
              "4.242640687119285146405066172629094235709015626130844219530039213972197435386321116551162602982924718",
              256);
  arb_hypgeom_erfc(exact.get(), exact.get(), 256);
  BOOST_TEST(arb_overlaps(b.get(), exact.get()));
  // f = x^2 at beta = 0, gamma = 1, T = 8: the true tail int_{|z|>=8} z^4 phi(z) dz is
  // 2 phi(8) (8^3 + 3*8) + 3 erfc(8/sqrt 2) = 5.42e-12 (integration by parts twice); the bound must be
  // above it (it fails if the bound forgets the shift T - lambda of completing the square)
  const auto square = bound_of("x^2");
  BOOST_REQUIRE(square.bound);
  const num::Ball bs = num::gaussian_tail_bound(*square.bound, 2, ball("0"), ball("1"), ball("8"), 128);
  const double phi8 = std::exp(-32.0) / std::sqrt(2 * M_PI);
  const double true_tail = 2 * phi8 * (512 + 24) + 3 * std::erfc(8 / std::sqrt(2.0));
  BOOST_TEST(arf_get_d(arb_midref(bs.get()), ARF_RND_DOWN) - mag_get_d(arb_radref(bs.get())) >= true_tail);
}

BOOST_AUTO_TEST_CASE(a_kink_missing_from_the_list_is_found_and_the_enclosure_still_holds) {
  // relu(x - 1/3)^2 with no kinks given: the bisection must find x = 1/3 itself.
  // Reference: the closed form, enclosed in ball arithmetic at the same point.
  const auto& s = sym::symbols();
  const GiNaC::ex f = sym::parse_expression("relu(x - 1/3)^2", {"x"});
  const sym::KernelDerivation d = sym::derive_kernel(f);
  BOOST_REQUIRE(d.status == sym::KernelDerivation::Status::Derived);
  const num::CertifiedGaussianMoments without_kinks(f, s.x, {}, 50);
  const GiNaC::numeric beta(1, 5), gamma(3, 2);
  const slong bits = without_kinks.bits();
  const num::Ball b = num::Ball::from_numeric(beta, bits), g = num::Ball::from_numeric(gamma, bits);
  const auto rough = without_kinks.rough_moments(b, g);
  BOOST_REQUIRE(rough);
  const num::CertifiedMoments m = without_kinks(b, g, *rough);
  BOOST_REQUIRE_MESSAGE(m.ok, m.failure);
  BOOST_TEST(m.slivers > 0u);  // the kink became slivers
  const num::BallExpression mean_abs(d.mean_abs, {s.beta, s.gamma}), mean_square(d.mean_square, {s.beta, s.gamma});
  const num::Ball a = mean_abs({beta, gamma}, bits), q = mean_square({beta, gamma}, bits);
  BOOST_TEST(arb_overlaps(a.get(), m.mean_abs().get()));
  BOOST_TEST(arb_overlaps(q.get(), m.mean_square().get()));
  BOOST_TEST(m.mean_abs().relative_accuracy_digits() >= 45.0);
  BOOST_TEST(m.mean_square().relative_accuracy_digits() >= 45.0);
}

// The higher absolute moments the sampled route's population standard error needs (k up to 6,
// KernelRoute::absolute_moments). Reference: for Z ~ N(0, 1), E|Z|^k = 2^{k/2} Gamma((k+1)/2) /
// sqrt(pi) (the absolute moments of the normal law), and E relu(Z)^k is half of it by symmetry;
// both computed here in Arb from the Gamma function, not by any quadrature.
BOOST_AUTO_TEST_CASE(the_absolute_moments_up_to_the_sixth_are_enclosed) {
  const auto& s = sym::symbols();
  for (const std::string f : {"x", "relu(x)"}) {
    const num::CertifiedGaussianMoments route(sym::parse_expression(f, {"x"}), s.x, {GiNaC::numeric(0)}, 50);
    const slong bits = route.bits();
    num::Ball beta, gamma;
    arb_one(gamma.get());
    const auto rough = route.rough_moments(beta, gamma, 6);
    BOOST_REQUIRE(rough && rough->size() == 6u);
    const num::CertifiedMoments m = route(beta, gamma, *rough);
    BOOST_REQUIRE_MESSAGE(m.ok, m.failure);
    BOOST_REQUIRE_EQUAL(m.absolute.size(), 6u);
    for (unsigned k = 1; k <= 6; ++k) {
      num::Ball exact, t;
      arb_set_ui(t.get(), k + 1);
      arb_mul_2exp_si(t.get(), t.get(), -1);
      arb_gamma(exact.get(), t.get(), bits);  // Gamma((k+1)/2)
      arb_const_sqrt_pi(t.get(), bits);
      arb_div(exact.get(), exact.get(), t.get(), bits);
      arb_set_ui(t.get(), k);
      arb_mul_2exp_si(t.get(), t.get(), -1);
      num::Ball two;
      arb_set_ui(two.get(), 2);
      arb_pow(t.get(), two.get(), t.get(), bits);  // 2^{k/2}
      arb_mul(exact.get(), exact.get(), t.get(), bits);
      if (f == "relu(x)") arb_mul_2exp_si(exact.get(), exact.get(), -1);
      const num::Ball& ball = m.absolute[k - 1];
      BOOST_TEST(arb_overlaps(ball.get(), exact.get()), f << ", k = " << k << ": " << ball.midpoint_text(30)
                                                         << " vs " << exact.midpoint_text(30));
      BOOST_TEST(ball.relative_accuracy_digits() >= 45.0, f << ", k = " << k);
    }
  }
  // through the kernel route: the midpoints of these balls, as the sampled route reads them
  const KernelRoute route(sym::derive_kernel(sym::parse_expression("relu(x)", {"x"})), 50);
  const AbsoluteMoments a = route.absolute_moments({GiNaC::numeric(0), GiNaC::numeric(1)}, 6);
  BOOST_REQUIRE_MESSAGE(a.ok, a.failure);
  BOOST_TEST((a.source == NumericS::Source::Arb));
  num::ScopedPrecision scope(60);
  BOOST_TEST(num::digits_of_agreement(a.m[4], num::Real(3) / 2, 50) >= 45.0);  // E relu(Z)^4 = 3/2
}

BOOST_AUTO_TEST_CASE(a_kink_inside_a_square_root_is_certified) {
  // sqrt(|x|): |x| on a ball around 0 must stay >= 0 (arb_abs alone reaches below 0)
  const sym::KernelDerivation d = sym::derive_kernel(sym::parse_expression("sqrt(abs(x))", {"x"}));
  const KernelRoute route(d, 50);
  const GridPoint p{GiNaC::numeric(-2), GiNaC::numeric(1)};
  const CertifiedS c = route.certify(p, route(p));
  BOOST_REQUIRE_MESSAGE(c.ok, c.failure);
  BOOST_TEST(c.S.relative_accuracy_digits() >= 45.0);
}

BOOST_AUTO_TEST_CASE(the_certified_rule_proves_agreement_and_difference) {
  const auto& s = sym::symbols();
  const sym::KernelDerivation d = sym::derive_kernel(sym::parse_expression("relu(x)^2", {"x"}));
  const KernelRoute route(d, 50);
  const GridPoint p{GiNaC::numeric(-1, 2), GiNaC::numeric(3, 4)};
  const CertifiedS c = route.certify(p, route(p));
  BOOST_REQUIRE(c.ok);
  const num::BallExpression closed(d.S, {s.beta, s.gamma});
  const slong bits = num::bits_for_digits(60);
  const num::Ball right = closed({p[0], p[1]}, bits);
  // the derived closed form: a certified agree
  CheckRecord agree;
  agree.verdict = Verdict::Inconclusive;
  certify_closed_vs_numeric(agree, {right, c.S, ""}, 50);
  BOOST_TEST(agree.certified);
  BOOST_TEST(to_string(agree.verdict) == to_string(Verdict::Agree));
  BOOST_TEST(agree.enclosure.size() == 2u);
  // the closed form off by one part in 10^40: a certified disagree, computed from the balls
  num::Ball wrong;
  arb_mul_2exp_si(wrong.get(), right.get(), 0);
  num::Ball shift = ball("1e-40");
  arb_mul(shift.get(), shift.get(), right.get(), bits);
  arb_add(wrong.get(), right.get(), shift.get(), bits);
  CheckRecord disagree;
  disagree.verdict = Verdict::Agree;
  certify_closed_vs_numeric(disagree, {wrong, c.S, ""}, 50);
  BOOST_TEST(disagree.certified);
  BOOST_TEST(to_string(disagree.verdict) == to_string(Verdict::Disagree));
  // off by one part in 10^47 (inside the tolerance 10^-45): still agree
  shift = ball("1e-47");
  arb_mul(shift.get(), shift.get(), right.get(), bits);
  arb_add(wrong.get(), right.get(), shift.get(), bits);
  CheckRecord close;
  certify_closed_vs_numeric(close, {wrong, c.S, ""}, 50);
  BOOST_TEST(to_string(close.verdict) == to_string(Verdict::Agree));
  // a ball too wide to decide: the estimated verdict stands, not certified
  num::Ball wide = right;
  mag_set_d(arb_radref(wide.get()), 1e-30);
  CheckRecord undecided;
  undecided.verdict = Verdict::Agree;
  certify_closed_vs_numeric(undecided, {wide, c.S, ""}, 50);
  BOOST_TEST(!undecided.certified);
  BOOST_TEST(to_string(undecided.verdict) == to_string(Verdict::Agree));
  BOOST_TEST(undecided.detail.find("Estimated, not certified") != std::string::npos);
}

// The three routes on the seed grids (specs/exp.toml, relu2.toml, identity.toml, every
// 10th point): the certified ball and Boost.Math's value both meet the closed form's
// ball to the agreement tolerance, so three implementations back each point.
BOOST_AUTO_TEST_CASE(certified_route_and_boost_witness_agree_on_the_seed_grids) {
  const std::string specs = std::string(ATTNVERIFY_SOURCE_DIR) + "/specs/";
  const Bibliography bibliography = load_bibliography(specs + "bibliography.toml");
  const auto& s = sym::symbols();
  std::size_t points = 0;
  for (const char* file : {"exp.toml", "relu2.toml", "identity.toml"}) {
    const Spec spec = load_spec(specs + file, bibliography);
    const sym::KernelDerivation d = sym::derive_kernel(spec.definition);
    BOOST_REQUIRE(d.status == sym::KernelDerivation::Status::Derived);
    const KernelRoute route(d, 50);
    const num::BallExpression closed(d.S, {s.beta, s.gamma});
    for (std::size_t k = 0; k < spec.grid.size(); k += 10) {
      const GridPoint& p = spec.grid[k];
      BOOST_TEST_CONTEXT(file << " at beta = " << p[0] << ", gamma = " << p[1]) {
        ++points;
        const num::Ball c = num::evaluate_to_accuracy(closed, {p[0], p[1]}, 55, num::bits_for_digits(60)).value;
        const CertifiedS certified = route.certify(p, route(p));
        BOOST_REQUIRE_MESSAGE(certified.ok, certified.failure);
        const bool agrees =
            num::compare_balls(certified.S, c, 50, num::bits_for_digits(60)).outcome == num::PointOutcome::Agree;
        BOOST_TEST(agrees, "certified " << certified.S.midpoint_text(20) << " +/- " << certified.S.radius_text());
        const NumericS boost = route.boost_witness(p);
        BOOST_REQUIRE_MESSAGE(boost.ok, boost.failure);
        num::ScopedPrecision scope(60);
        BOOST_TEST(num::digits_of_agreement(boost.S, num::Real(c.midpoint_text(60)), 60) >= 45.0);
      }
    }
  }
  BOOST_TEST(points == 39u);
}

// H2 of the attack round of 2026-11-28 (docs/history.md, issue 42): a printed ball {mid, rad}
// contains the exact value although mid is rounded to P + 5 digits. The exact values:
// sqrt(2/pi) (S of f = x at (0, 1), Su2023 eq. 7) and 1/3, each against an MPFR value at 1000
// bits; the balls, Arb's at 200 bits, have radii near 1e-60, far below the rounding of a 55-digit
// midpoint (1e-55 relative), so a radius that did not cover the rounding would miss.
BOOST_AUTO_TEST_CASE(printed_balls_contain_the_exact_value) {
  const slong bits = 200;
  num::Ball s, third;
  arb_const_pi(s.get(), bits);
  arb_ui_div(s.get(), 2, s.get(), bits);
  arb_sqrt(s.get(), s.get(), bits);
  arb_set_ui(third.get(), 1);
  arb_div_ui(third.get(), third.get(), 3, bits);
  num::ScopedPrecision scope(300);
  num::Real pi;
  mpfr_const_pi(pi.backend().data(), MPFR_RNDN);
  const num::Real exact_s = sqrt(num::Real(2) / pi), exact_third = num::Real(1) / 3;
  for (const auto& [b, exact] : {std::pair{s, exact_s}, std::pair{third, exact_third}}) {
    const auto [mid, rad] = b.printed(55);
    BOOST_TEST(mid.size() >= 55u);
    const num::Real distance = abs(num::Real(mid) - exact);
    BOOST_TEST_MESSAGE("mid " << mid << " rad " << rad);
    BOOST_TEST((distance <= num::Real(rad)), "|mid - exact| = " << distance.str(3) << " > rad = " << rad);
    // and the radius is tight: at most the rounding (half a unit of the 55th digit) plus 10^-58
    BOOST_TEST((num::Real(rad) <= num::Real("5e-56") + num::Real("1e-58")), rad);
  }
  // an exact ball (a feature map's exact moments) whose decimal is exact prints radius 0 (its
  // unbounded relative accuracy once asked Arb for 2^62 bits)
  num::Ball quarter;
  arb_set_d(quarter.get(), 0.25);
  const auto [mid, rad] = quarter.printed(55);
  BOOST_TEST(num::Real(mid) == num::Real("0.25"));
  BOOST_TEST(rad == "0");
}

// A decimal whose exponent has thousands of digits (1.5e-10^3000, the value at a search point of
// a claim exp(-10^9999 gamma^-60): the claim fuzzer, 2026-11-29) prints and reads back through
// exp(E log 10), not Arb's repeated squaring of 10 (seconds per value): the printed ball contains
// the value, and the ball read back from the text contains it too. The value is built here
// independently: 1.5 exp(-10^3000 log 10) in Arb with 10^4 guard bits.
BOOST_AUTO_TEST_CASE(a_decimal_with_an_astronomical_exponent_round_trips) {
  const slong bits = 200;
  fmpz_t e;
  fmpz_init(e);
  fmpz_ui_pow_ui(e, 10, 3000);
  num::Ball value;
  arb_const_log10(value.get(), bits + 10100);
  arb_mul_fmpz(value.get(), value.get(), e, bits + 10100);
  arb_neg(value.get(), value.get());
  arb_exp(value.get(), value.get(), bits + 10100);
  arb_mul_ui(value.get(), value.get(), 3, bits);
  arb_mul_2exp_si(value.get(), value.get(), -1);
  fmpz_clear(e);
  const auto [mid, rad] = value.printed(30);
  BOOST_TEST_MESSAGE("mid " << mid.substr(0, 40) << "... rad " << rad.substr(0, 40));
  BOOST_TEST(mid.rfind("1.5", 0) == 0u);
  BOOST_TEST(mid.find("e-1" + std::string(3000, '0')) != std::string::npos);
  BOOST_TEST(rad != "inf");
  const num::Ball back = num::Ball::from_text(mid, rad, 30, bits);
  BOOST_TEST(arb_contains(back.get(), value.get()));
  // and tight: the radius is below 10^-25 of the value (the rounding of 30 digits)
  num::Ball radius = num::Ball::from_text(rad, "0", 30, bits), limit;
  arb_set_ui(limit.get(), 10);
  arb_pow_ui(limit.get(), limit.get(), 25, bits);
  arb_div(limit.get(), value.get(), limit.get(), bits);
  BOOST_TEST(arb_lt(radius.get(), limit.get()));
}
