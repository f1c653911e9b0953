// Signs on the real line by Sturm's theorem (proofs/polynomial_sign.hpp), on polynomials whose
// sign is known by hand:
//   t^4 + 6t^2 + 9/5 > 0 (positive coefficients, even powers);  the gap of x^2 under uniform scores
//   against S >= 2/3, 25t^4 - 30t^2 + 9 = (5t^2 - 3)^2 >= 0, zero at t = +-sqrt(3/5) (irrational);
//   against S >= 0.66666, 6944555555t^4 - 8332666670t^2 + 2500199999 > 0 (discriminant
//   8332666670^2 - 4 * 6944555555 * 2500199999 = -2.08e16 < 0);  and polynomials that change sign,
//   which must never get one: t^2 - 2 (roots +-sqrt 2), t^3, (t - 1)^2 (t + 1), t^4 - 30t^2 + 1 + 0.
#define BOOST_TEST_MODULE polynomial_sign
#include <boost/test/unit_test.hpp>

#include <cmath>

#include "proofs/polynomial_sign.hpp"

using namespace attnverify;
using GiNaC::ex;
using sym::LineSign;

namespace {

const GiNaC::symbol t("t"), other("other");

}  // namespace

BOOST_AUTO_TEST_CASE(polynomials_of_one_strict_sign) {
  BOOST_TEST((sym::polynomial_sign_on_real_line(GiNaC::pow(t, 4) + 6 * t * t + ex(9) / 5, t) == LineSign::Positive));
  BOOST_TEST((sym::polynomial_sign_on_real_line(-(t * t) + 2 * t - 3, t) == LineSign::Negative));  // -(t-1)^2 - 2
  const ex band = 6944555555 * GiNaC::pow(t, 4) - 8332666670 * t * t + 2500199999;
  BOOST_TEST((sym::polynomial_sign_on_real_line(band, t) == LineSign::Positive));
  BOOST_TEST((sym::polynomial_sign_on_real_line(ex(7), t) == LineSign::Positive));
}

BOOST_AUTO_TEST_CASE(a_square_touching_zero_at_irrational_points_is_nonnegative) {
  const ex gap = 25 * GiNaC::pow(t, 4) - 30 * t * t + 9;  // (5t^2 - 3)^2
  BOOST_TEST((sym::polynomial_sign_on_real_line(gap, t) == LineSign::Nonnegative));
  BOOST_TEST((sym::polynomial_sign_on_real_line(-gap, t) == LineSign::Nonpositive));
  // (t - 1)^2 (t^2 + 1) (t + 2)^4: weakly positive
  const ex touching = GiNaC::expand(GiNaC::pow(t - 1, 2) * (t * t + 1) * GiNaC::pow(t + 2, 4));
  BOOST_TEST((sym::polynomial_sign_on_real_line(touching, t) == LineSign::Nonnegative));
}

BOOST_AUTO_TEST_CASE(polynomials_that_change_sign_get_none) {
  for (const ex& p : {ex(t * t - 2), ex(GiNaC::pow(t, 3)), GiNaC::expand(GiNaC::pow(t - 1, 2) * (t + 1)),
                      ex(GiNaC::pow(t, 4) - 30 * t * t + 1), ex(25 * GiNaC::pow(t, 4) - 30 * t * t + 9 - ex(1) / 1000000)})
    BOOST_TEST((sym::polynomial_sign_on_real_line(p, t) == LineSign::Unknown), p);
}

BOOST_AUTO_TEST_CASE(what_is_not_a_rational_polynomial_in_t_gets_none) {
  for (const ex& p : {ex(t * t + other), ex(t * t + GiNaC::sqrt(ex(2))), ex(GiNaC::exp(t)), ex(1 / (t * t + 1))})
    BOOST_TEST((sym::polynomial_sign_on_real_line(p, t) == LineSign::Unknown), p);
}

BOOST_AUTO_TEST_CASE(products_and_powers) {
  // S_t of x^2 under uniform scores, (t^2 + 1)/sqrt(t^4 + 6t^2 + 9/5) > 0
  const ex S_t = (t * t + 1) / GiNaC::sqrt(GiNaC::pow(t, 4) + 6 * t * t + ex(9) / 5);
  BOOST_TEST((sym::sign_on_real_line(S_t, t) == LineSign::Positive));
  // the gap (S_t/(2/3))^2 - 1 in GiNaC's normal form: (5t^2 - 3)^2 / (4 (5t^4 + 30t^2 + 9))
  const ex gap = GiNaC::normal(GiNaC::pow(S_t * 3 / 2, 2) - 1);
  BOOST_TEST((sym::sign_on_real_line(gap, t) == LineSign::Nonnegative), gap);
  // a root of a polynomial that is negative somewhere, a division by one with a root: no sign
  BOOST_TEST((sym::sign_on_real_line(GiNaC::sqrt(t * t - 1), t) == LineSign::Unknown));
  BOOST_TEST((sym::sign_on_real_line(1 / (t * t), t) == LineSign::Unknown));
  BOOST_TEST((sym::sign_on_real_line(-3 / (t * t + 1), t) == LineSign::Negative));
}

// A rational point of a given sign, by isolating the real roots (proofs/polynomial_sign.hpp):
// (5t^2 - 3)^2 - 10^-26 is negative only within about 10^-13 of t = +-sqrt(3/5) (by hand: the
// roots are t^2 = 3/5 +- 10^-13/5); t^2 + 1 is never negative; -(t - 10^6)^3 is negative only
// beyond 10^6. Each point found is checked by exact evaluation here too.
BOOST_AUTO_TEST_CASE(a_point_of_a_sign_is_found_between_close_roots) {
  const ex narrow = GiNaC::expand(GiNaC::pow(5 * t * t - 3, 2) - GiNaC::numeric(1) / GiNaC::pow(GiNaC::numeric(10), 26));
  const std::optional<GiNaC::numeric> at = sym::point_with_sign(narrow, t, -1);
  BOOST_TEST_REQUIRE(at.has_value());
  BOOST_TEST(GiNaC::ex_to<GiNaC::numeric>(narrow.subs(t == *at)).is_negative());
  BOOST_TEST(std::abs(std::abs(at->to_double()) - std::sqrt(0.6)) < 1e-12);
  BOOST_TEST(!sym::point_with_sign(t * t + 1, t, -1).has_value());
  const ex far = GiNaC::expand(-GiNaC::pow(t - 1000000, 3));
  const std::optional<GiNaC::numeric> beyond = sym::point_with_sign(far, t, -1);
  BOOST_TEST_REQUIRE(beyond.has_value());
  BOOST_TEST(*beyond > 1000000);
}
