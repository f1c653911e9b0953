// Signs on a box by Arb branch-and-bound (src/properties/box_proof.hpp), the property kinds'
// shared certificate, on functions whose sign is known by hand:
//   x^2 + y^2 + 1 > 0 everywhere;  x - 1/2 < 0 for x < 1/2;  x^2 >= 0 with its zero at x = 0 inside
//   the box (the box is cut there and the Taylor test decides the faces);  S = 1/(1 + (beta/gamma)^2)
//   >= 4/5 > 1/2 for beta/gamma in [0, 1/2] (a function of t = beta/gamma alone);  (n - 3/2)^2 - 1/5
//   is 1/20 at n = 1 and 2 and 41/20 at n = 3 but -1/5 at n = 3/2 (integers only, unless it is a
//   derivative in n).
#define BOOST_TEST_MODULE box_proof
#include <boost/test/unit_test.hpp>

#include "numerics/ball_expression.hpp"
#include "proofs/symbols.hpp"
#include "proofs/relu.hpp"
#include "src/properties/box_proof.hpp"
#include "src/properties/kink_pieces.hpp"

using namespace attnverify;
using GiNaC::ex;
using GiNaC::numeric;

namespace {

const GiNaC::symbol x("x"), y("y");

}  // namespace

BOOST_AUTO_TEST_CASE(a_positive_function_is_proved_on_the_whole_box) {
  const num::BoxResult r = certify_on_box(x * x + y * y + 1, {x, y}, {{-1, 1}, {-1, 1}}, num::Relation::Positive);
  BOOST_TEST((r.outcome == num::BoxOutcome::Proved), r.reason);
}

BOOST_AUTO_TEST_CASE(a_sign_change_is_a_counterexample_whose_ball_is_on_the_wrong_side) {
  const ex f = x - numeric(1, 2);
  const num::BoxResult r = certify_on_box(f, {x}, {{0, 1}}, num::Relation::Positive);
  BOOST_REQUIRE((r.outcome == num::BoxOutcome::Counterexample));
  BOOST_REQUIRE(r.point.size() == 1u);
  BOOST_TEST(r.point[0] < numeric(1, 2));
  BOOST_TEST(r.value.nonpositive());
}

BOOST_AUTO_TEST_CASE(a_zero_inside_the_box_is_proved_nonnegative_by_cutting_there) {
  const num::BoxResult r = certify_on_box(x * x, {x}, {{-1, 1}}, num::Relation::Nonnegative);
  BOOST_TEST((r.outcome == num::BoxOutcome::Proved), r.reason);
  // and not positive: x^2 = 0 at x = 0 exactly
  BOOST_TEST((certify_on_box(x * x, {x}, {{-1, 1}}, num::Relation::Positive).outcome != num::BoxOutcome::Proved));
}

BOOST_AUTO_TEST_CASE(a_function_of_beta_over_gamma_is_decided_in_one_variable) {
  const auto& s = sym::symbols();
  const ex S = 1 / (1 + GiNaC::pow(s.beta / s.gamma, 2));
  std::string route;
  const num::BoxResult r =
      certify_function_of_S([](const ex& S_) { return S_ - numeric(1, 2); }, S, true,
                            {s.beta, s.gamma}, {{0, 1}, {2, 3}}, num::Relation::Positive, route);
  BOOST_TEST((r.outcome == num::BoxOutcome::Proved), r.reason);
  BOOST_TEST(route.find("over t = beta/gamma in") != std::string::npos, route);
}

// f = (sinh(x)/x) / sqrt(sinh(2x)/(2x)) > 0 (S of exp under uniform scores, x = sqrt3 gamma) does
// not depend on y: the box is decided on x alone, in exactly the sub-boxes of the one-axis box
// (29; with y kept, 977: halving y spent the budget on nothing), and a counterexample of
// x - 1/2 > 0 is a point of the whole box, y at its lower end.
BOOST_AUTO_TEST_CASE(an_axis_f_does_not_depend_on_is_left_out) {
  const ex f = (GiNaC::exp(x) - GiNaC::exp(-x)) / x / GiNaC::sqrt((GiNaC::exp(2 * x) - GiNaC::exp(-2 * x)) / x);
  const num::BoxResult one = certify_on_box(f, {x}, {{numeric(1, 100), 100}}, num::Relation::Positive);
  const num::BoxResult two = certify_on_box(f, {x, y}, {{numeric(1, 100), 100}, {-1, 1}}, num::Relation::Positive);
  BOOST_TEST_REQUIRE((two.outcome == num::BoxOutcome::Proved), two.reason);
  BOOST_TEST(two.boxes == one.boxes);
  const num::BoxResult below = certify_on_box(x - numeric(1, 2), {x, y}, {{0, 1}, {5, 6}}, num::Relation::Positive);
  BOOST_TEST_REQUIRE((below.outcome == num::BoxOutcome::Counterexample));
  BOOST_TEST_REQUIRE(below.point.size() == 2u);
  BOOST_TEST(below.point[0] < numeric(1, 2));
  BOOST_TEST(below.point[1] == numeric(5));
}

BOOST_AUTO_TEST_CASE(an_integer_axis_counts_its_integers_unless_f_is_a_derivative_in_it) {
  const ex n = sym::symbols().n;
  const ex f = GiNaC::pow(n - numeric(3, 2), 2) - numeric(1, 5);
  BOOST_TEST((certify_on_box(f, {n}, {{1, 3}}, num::Relation::Positive).outcome == num::BoxOutcome::Proved));
  const num::BoxResult real = certify_on_box(f, {n}, {{1, 3}}, num::Relation::Positive, kBoxBudget, n);
  BOOST_TEST((real.outcome == num::BoxOutcome::Counterexample));
}

BOOST_AUTO_TEST_CASE(an_expression_outside_ball_arithmetic_is_undecided_never_thrown) {
  const GiNaC::symbol z("z");  // not a variable of the box
  num::BoxResult r;
  BOOST_CHECK_NO_THROW(r = certify_on_box(x + z, {x}, {{0, 1}}, num::Relation::Positive));
  BOOST_TEST((r.outcome == num::BoxOutcome::Undecided));
  BOOST_TEST(!r.reason.empty());
  BOOST_TEST(undecided_note(r).find("Not certified") != std::string::npos);
}

// The box cut at S's kinks (src/properties/kink_pieces.hpp), by hand: relu(x) y + |x - 1/3| on
// x in [-1, 1] is cut at x = 0 and x = 1/3; on [-1, 0] it is 1/3 - x (relu(x) = 0, |x - 1/3| =
// 1/3 - x, both weak signs at x = 0 allowed: relu and abs are continuous), on [1/3, 1] x y + x - 1/3.
// step(x) stays wherever x = 0 is in the closed piece (step(0) = 1/2 is neither branch), and an
// argument of two parameters is decided by its ball over the piece.
BOOST_AUTO_TEST_CASE(a_box_is_cut_at_kinks_and_each_piece_takes_its_branches) {
  const ex S = sym::relu(x) * y + GiNaC::abs(x - ex(1) / 3);
  const KinkPieces cut = kink_pieces(S, {x, y}, {{-1, 1}, {1, 2}});
  BOOST_TEST(cut.changed);
  BOOST_TEST(cut.pieces.size() == 3u);
  BOOST_TEST(cut.cuts == "x = 0, x = 1/3");
  BOOST_TEST(cut.pieces[0].S.is_equal(ex(1) / 3 - x), cut.pieces[0].S);
  BOOST_TEST(cut.pieces[1].S.is_equal(x * y + ex(1) / 3 - x), cut.pieces[1].S);
  BOOST_TEST(cut.pieces[2].S.is_equal(x * y + x - ex(1) / 3), cut.pieces[2].S);
  BOOST_TEST((cut.pieces[2].box[0].lo == numeric(1, 3) && cut.pieces[2].box[0].hi == 1));

  const KinkPieces steps = kink_pieces(GiNaC::step(x) + GiNaC::step(x + 2), {x, y}, {{-1, 1}, {1, 2}});
  for (const KinkPiece& piece : steps.pieces) {  // step(x + 2) = 1 on x >= -1; step(x) stays
    BOOST_TEST(piece.S.has(GiNaC::step(x)), piece.S);
    BOOST_TEST(!piece.S.has(GiNaC::step(x + 2)), piece.S);
  }
  const KinkPieces two = kink_pieces(sym::relu(x - y), {x, y}, {{3, 4}, {1, 2}});  // x - y >= 1 there
  BOOST_TEST(two.pieces.size() == 1u);
  BOOST_TEST(two.pieces[0].S.is_equal(x - y), two.pieces[0].S);
  const KinkPieces none = kink_pieces(sym::relu(x - y), {x, y}, {{0, 4}, {1, 2}});
  BOOST_TEST(!none.changed);
}

// A kink whose argument keeps its sign on the box (relu(y - 3) = 0 for y in [0, 1]) no longer
// turns off the Taylor test: exp(x) - 1 - x + relu(y - 3) x >= 0 on [0, 1]^2 vanishes to second
// order on the face x = 0, where neither its ball nor the mean value form has a sign (by hand:
// e^x - 1 - x = x^2/2 + ...). With the kink straddled inside (relu(y - 1/2) x) the claim still
// holds (each term >= 0) and is proved on the sub-boxes that keep the kink's sign.
BOOST_AUTO_TEST_CASE(a_kink_of_one_sign_keeps_the_taylor_test) {
  const ex tail = GiNaC::exp(x) - 1 - x;
  const num::BoxResult far = certify_on_box(tail + sym::relu(y - 3) * x, {x, y}, {{0, 1}, {0, 1}}, num::Relation::Nonnegative);
  BOOST_TEST((far.outcome == num::BoxOutcome::Proved), far.reason);
  BOOST_TEST(far.by_taylor > 0u);
  const num::BoxResult inside =
      certify_on_box(tail + sym::relu(y - ex(1) / 2) * x, {x, y}, {{0, 1}, {0, 1}}, num::Relation::Nonnegative);
  BOOST_TEST((inside.outcome != num::BoxOutcome::Counterexample), inside.reason);
}
