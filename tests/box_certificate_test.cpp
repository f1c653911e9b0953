// Interval branch-and-bound (numerics/box_branch_and_bound.hpp) and the property checks
// that use it (src/properties/property_checks.cpp).
//
// Provenance: the functions are the closed forms S of specs/identity.toml and
// specs/relu2.toml (the engine's derivations) and elementary ones whose sign is known by
// hand; each mutant is false at a point named beside it, which the run must find as a
// certified counterexample, never prove.
#define BOOST_TEST_MODULE box_certificate
#include <boost/test/unit_test.hpp>

#include <cstdlib>

#include "numerics/box_branch_and_bound.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/symbols.hpp"

using namespace attnverify;
using GiNaC::ex;
using GiNaC::numeric;

namespace {

ex parse(const std::string& text) { return sym::parse_expression(text, {"beta", "gamma"}); }

num::BoxResult run(const std::string& text, std::vector<num::BoxAxis> box, num::Relation relation,
                   bool gradient = true, std::size_t budget = 20000) {
  const auto& s = sym::symbols();
  const std::vector<ex> vars{s.beta, s.gamma};
  const ex f = parse(text);
  const num::BallExpression e(f, vars);
  std::vector<num::BallExpression> slopes;
  if (gradient)
    for (const ex& v : vars) slopes.emplace_back(f.diff(GiNaC::ex_to<GiNaC::symbol>(v)), vars);
  num::BoxFunction fn;
  fn.f = &e;
  for (const auto& g : slopes) fn.gradient.push_back(&g);
  const num::BoxResult r = num::certify_sign_on_box(fn, box, relation, budget);
  return r;
}

const std::string kIdentityS =
    "(sqrt(2/pi)*gamma*exp(-beta^2/(2*gamma^2)) + beta*erf(beta/(sqrt(2)*gamma))) / sqrt(beta^2+gamma^2)";

}  // namespace

BOOST_AUTO_TEST_CASE(identity_floor_is_certified) {
  // S_identity > 0 (its infimum over the box is sqrt(2/pi) = 0.7979 at beta = 0), and > 3/4
  const auto r = run(kIdentityS, {{-10, 10}, {numeric(1, 1000), 1000}}, num::Relation::Positive);
  BOOST_TEST(static_cast<int>(r.outcome) == static_cast<int>(num::BoxOutcome::Proved));
  const auto tight = run(kIdentityS + " - 3/4", {{-1, 1}, {numeric(1, 2), 2}}, num::Relation::Positive);
  BOOST_TEST(static_cast<int>(tight.outcome) == static_cast<int>(num::BoxOutcome::Proved));
}

// Mutant: S > 0.8 is false (S = sqrt(2/pi) = 0.79788 at beta = 0, every gamma): a certified
// counterexample, whose point is checked with GiNaC's evalf, not with the balls.
BOOST_AUTO_TEST_CASE(a_false_floor_gets_a_certified_counterexample) {
  const auto r = run(kIdentityS + " - 4/5", {{-10, 10}, {numeric(1, 1000), 1000}}, num::Relation::Positive);
  BOOST_REQUIRE(static_cast<int>(r.outcome) == static_cast<int>(num::BoxOutcome::Counterexample));
  const auto& s = sym::symbols();
  const ex at = GiNaC::evalf(parse(kIdentityS + " - 4/5").subs(GiNaC::lst{s.beta == r.point[0], s.gamma == r.point[1]}));
  BOOST_TEST(GiNaC::ex_to<numeric>(at).to_double() <= 0);
  BOOST_TEST(r.value.nonpositive());
}

// Touching 0 at a corner: sqrt(2 + beta) - sqrt(2) >= 0 on beta in [0, 1] is 0 at beta = 0,
// where its ball contains 0 but is not exact (sqrt(2) is rounded): the monotonicity test
// reduces the box to that face, and only the exact zero (GiNaC: sqrt(2) - sqrt(2) = 0)
// settles it. The strict claim > 0 is false there and must not be proved.
BOOST_AUTO_TEST_CASE(touching_zero_needs_an_exact_zero) {
  const auto& s = sym::symbols();
  const std::vector<ex> vars{s.beta, s.gamma};
  const ex f = parse("sqrt(2 + beta) - sqrt(2) + 0*gamma");
  const num::BallExpression e(f, vars), d0(f.diff(GiNaC::ex_to<GiNaC::symbol>(s.beta)), vars),
      d1(f.diff(GiNaC::ex_to<GiNaC::symbol>(s.gamma)), vars);
  num::BoxFunction fn;
  fn.f = &e;
  fn.gradient = {&d0, &d1};
  fn.exact_zero_at = [&](const std::vector<std::optional<numeric>>& at) {
    return at[0] && f.subs(s.beta == *at[0]).is_zero();
  };
  const std::vector<num::BoxAxis> box{{0, 1}, {1, 2}};
  const auto proved = num::certify_sign_on_box(fn, box, num::Relation::Nonnegative);
  BOOST_TEST(static_cast<int>(proved.outcome) == static_cast<int>(num::BoxOutcome::Proved),
             proved.reason << " " << num::box_text(proved.open_box));
  BOOST_TEST(static_cast<int>(num::certify_sign_on_box(fn, box, num::Relation::Positive).outcome) !=
             static_cast<int>(num::BoxOutcome::Proved));
  fn.exact_zero_at = nullptr;  // without the exact zero the touching point stays open
  BOOST_TEST(static_cast<int>(num::certify_sign_on_box(fn, box, num::Relation::Nonnegative).outcome) ==
             static_cast<int>(num::BoxOutcome::Undecided));
}

// The monotonicity test is only for continuous f: 3/2 + beta - 3 step(beta) jumps down at 0
// (it is beta - 3/2 < 0 for 0 < beta < 3/2) although its derivative away from 0 is 1 > 0;
// with the test it would be reduced to the face beta = 0, where f = 0, and "proved".
BOOST_AUTO_TEST_CASE(a_jump_disables_the_monotonicity_test) {
  const auto& s = sym::symbols();
  const std::vector<ex> vars{s.beta, s.gamma};
  const num::BallExpression f(parse("3/2 + beta - 3*step(beta) + 0*gamma"), vars), one(parse("1"), vars),
      zero(parse("0"), vars);
  num::BoxFunction fn;  // the derivative away from the jump: 1 in beta, 0 in gamma
  fn.f = &f;
  fn.gradient = {&one, &zero};
  const auto r = num::certify_sign_on_box(fn, {{0, 1}, {1, 2}}, num::Relation::Nonnegative);
  BOOST_TEST(static_cast<int>(r.outcome) == static_cast<int>(num::BoxOutcome::Counterexample));
}

// Undefined at one point (1/beta^2 at beta = 0): never proved.
BOOST_AUTO_TEST_CASE(an_undefined_point_is_never_proved) {
  const auto r = run("1/beta^2 + 0*gamma", {{-1, 1}, {1, 2}}, num::Relation::Positive, true, 2000);
  BOOST_TEST(static_cast<int>(r.outcome) == static_cast<int>(num::BoxOutcome::Undecided));
}

// The interval forms of numerics/ball_expression.cpp (products, powers and increasing
// functions of wide balls by their ends) contain every value: the ball over the box
// contains the ball at each of 200 random rational points of it.
BOOST_AUTO_TEST_CASE(wide_ball_enclosures_contain_every_point) {
  const auto& s = sym::symbols();
  const std::vector<ex> vars{s.beta, s.gamma};
  std::srand(20231201);
  for (const char* text : {"beta*gamma", "(beta - 1/2)*(gamma - 3)*beta", "beta^2", "beta^3", "gamma^(-2)",
                           "(beta + 4)^(-3)*gamma", "exp(-beta^2/(2*gamma^2))", "erf(beta/gamma)", "tanh(beta*gamma)",
                           "sqrt(beta^2 + gamma)", "gamma^beta", "(gamma + 1)^(beta*gamma)", kIdentityS.c_str()}) {
    const num::BallExpression e(parse(text), vars);
    constexpr slong bits = 128;
    const std::vector<std::pair<numeric, numeric>> box{{numeric(-3), numeric(2)}, {numeric(1, 2), numeric(4)}};
    std::vector<num::Ball> balls;
    for (const auto& [lo, hi] : box) {
      num::Ball a = num::Ball::from_numeric(lo, bits), b = num::Ball::from_numeric(hi, bits), u;
      arb_union(u.get(), a.get(), b.get(), bits);
      balls.push_back(u);
    }
    const num::Ball whole = e.evaluate(balls, bits);
    BOOST_REQUIRE_MESSAGE(whole.finite(), text);
    for (int k = 0; k < 200; ++k) {
      std::vector<numeric> point;
      for (const auto& [lo, hi] : box) point.push_back(lo + (hi - lo) * numeric(std::rand() % 1000, 999));
      const num::Ball at = e(point, bits);
      if (!at.finite()) continue;
      BOOST_TEST(arb_contains(whole.get(), at.get()) != 0, text << " at " << point[0] << ", " << point[1]);
    }
  }
}

// The Taylor test at a vanishing face: g = exp(beta) - 1 - beta - beta^2/2 = beta^3/6 + ...
// vanishes to order 3 on beta = 0, where neither its ball nor its gradient's has one sign on
// any sub-box touching the face (the mean value form's radius w^2 exceeds g ~ w^3), so
// without the face the run cannot settle g >= 0 on beta in [0, 1]; with it (g''' = exp > 0)
// it does. On beta in [-1, 0] g < 0 (g = beta^3/6 + ... with beta < 0): with the upper face
// (x - 0)^3 < 0 flips the sign, so -g >= 0 is proved and the mutant g >= 0, which a missing
// sign flip would prove from g''' > 0, gets a certified counterexample.
BOOST_AUTO_TEST_CASE(taylor_test_at_a_vanishing_face) {
  const auto& s = sym::symbols();
  const std::vector<ex> vars{s.beta, s.gamma};
  const auto decide = [&](const std::string& text, std::vector<num::BoxAxis> box, bool upper, bool with_face) {
    const ex f = parse(text);
    const GiNaC::symbol& b = s.beta;
    const num::BallExpression e(f, vars), d0(f.diff(b), vars),
        d1(f.diff(s.gamma), vars), third(f.diff(b, 3), vars);
    num::BoxFunction fn;
    fn.f = &e;
    fn.gradient = {&d0, &d1};
    if (with_face) fn.vanishing_faces = {{0, upper, 3, &third}};
    return num::certify_sign_on_box(fn, box, num::Relation::Nonnegative, 3000).outcome;
  };
  const std::string g = "(exp(beta) - 1 - beta - beta^2/2)*gamma";
  const std::vector<num::BoxAxis> right{{0, 1}, {1, 2}}, left{{-1, 0}, {1, 2}};
  BOOST_TEST(static_cast<int>(decide(g, right, false, true)) == static_cast<int>(num::BoxOutcome::Proved));
  BOOST_TEST(static_cast<int>(decide(g, right, false, false)) == static_cast<int>(num::BoxOutcome::Undecided));
  BOOST_TEST(static_cast<int>(decide("-" + g, left, true, true)) == static_cast<int>(num::BoxOutcome::Proved));
  BOOST_TEST(static_cast<int>(decide(g, left, true, true)) == static_cast<int>(num::BoxOutcome::Counterexample));
}

// L4 of the attack round of 2026-11-28 (docs/history.md, issue 42): an integer axis (a
// sequence's n) holds its integers only. f = (gamma - 3/2)^2 - 1/8 (by hand: 1/8 at gamma = 1
// and 2, -1/8 at 3/2) is > 0 at the integers of [1, 2] but not between them, so over the real
// box the run finds a counterexample, and over the integers it proves f > 0; on [3/2, 7/4],
// which holds no integer, there is nothing to disprove. A counterexample on an integer axis is
// at an integer: gamma - 3 on [1, 5] is -2, -1, 0, 1, 2 there, not > 0 at 1, 2 and 3.
BOOST_AUTO_TEST_CASE(integer_axes_hold_their_integers_only) {
  const auto& s = sym::symbols();
  const std::vector<ex> vars{s.beta, s.gamma};
  const auto run_integer = [&](const std::string& text, std::vector<num::BoxAxis> box) {
    const num::BallExpression e(parse(text), vars);
    num::BoxFunction fn;
    fn.f = &e;
    fn.integer_axes = {false, true};
    return num::certify_sign_on_box(fn, box, num::Relation::Positive);
  };
  const std::string dip = "beta^2 + (gamma - 3/2)^2 - 1/8";
  const auto real = run(dip, {{0, 0}, {1, 2}}, num::Relation::Positive, false);
  BOOST_TEST(static_cast<int>(real.outcome) == static_cast<int>(num::BoxOutcome::Counterexample));
  const auto integers = run_integer(dip, {{0, 0}, {1, 2}});
  BOOST_TEST(static_cast<int>(integers.outcome) == static_cast<int>(num::BoxOutcome::Proved));
  const auto none = run_integer("-1", {{0, 0}, {numeric(3, 2), numeric(7, 4)}});
  BOOST_TEST(static_cast<int>(none.outcome) == static_cast<int>(num::BoxOutcome::Proved));
  const auto below = run_integer("gamma - 3", {{0, 1}, {1, 5}});
  BOOST_REQUIRE(static_cast<int>(below.outcome) == static_cast<int>(num::BoxOutcome::Counterexample));
  BOOST_TEST(below.point[1].is_integer(), "counterexample at gamma = " << below.point[1]);
  BOOST_TEST(below.point[1] <= 3);
}
