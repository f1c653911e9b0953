// Signs at every u > 0 (proofs/half_line_sign.hpp), on functions whose sign is known by hand:
//   (u - sinh u)/(u sinh u) < 0 (sinh u > u for u > 0: its Taylor series);  the decay sequence's
//   d log S/du = (1 - 2u e^(-u) - e^(-2u)) / (2u (e^(-u) - 1)(1 + e^(-u))) = (1/sinh u - 1/u)/2 < 0
//   (as GiNaC's normal form writes it; -0.0745 at u = 1) and its negative, > 0;  e^(-u) - 1 < 0;  and functions that change sign, which must
//   never get one: sinh u - 2u (< 0 near 0, > 0 for large u), cosh u - 2 (-1 at 0), u^2 - u.
#define BOOST_TEST_MODULE half_line_sign
#include <boost/test/unit_test.hpp>

#include "proofs/erf.hpp"
#include "proofs/half_line_sign.hpp"

using namespace attnverify;
using GiNaC::ex;

namespace {

const GiNaC::symbol u("u"), v("v");

}  // namespace

BOOST_AUTO_TEST_CASE(sinh_u_exceeds_u_from_zero_by_derivatives) {
  const std::optional<int> s = sym::sign_on_positive_half_line((u - GiNaC::sinh(u)) / (u * GiNaC::sinh(u)), u);
  BOOST_TEST(s.has_value());
  BOOST_TEST(s.value_or(0) == -1);
}

BOOST_AUTO_TEST_CASE(the_decay_sequence_log_slope_in_u_is_negative) {
  const ex e = GiNaC::exp(-u);
  const ex slope = (1 - 2 * u * e - GiNaC::exp(-2 * u)) / (2 * u * (e - 1) * (1 + e));
  BOOST_TEST(sym::sign_on_positive_half_line(slope, u).value_or(0) == -1);
  BOOST_TEST(sym::sign_on_positive_half_line(-slope, u).value_or(0) == 1);
  BOOST_TEST(sym::sign_on_positive_half_line(e - 1, u).value_or(0) == -1);
  BOOST_TEST(sym::sign_on_positive_half_line(1 - 2 * u * e - GiNaC::exp(-2 * u), u).value_or(0) == 1);
}

BOOST_AUTO_TEST_CASE(a_function_that_changes_sign_gets_none) {
  for (const ex& e : {ex(GiNaC::sinh(u) - 2 * u), ex(GiNaC::cosh(u) - 2), ex(u * u - u), ex(GiNaC::exp(-u) - ex(1) / 2)})
    BOOST_TEST(!sym::sign_on_positive_half_line(e, u).has_value(), e);
}

BOOST_AUTO_TEST_CASE(another_symbol_is_declined) {
  BOOST_TEST(!sym::sign_on_positive_half_line(u + v * v + 1, u).has_value());
}
// The identity kernel's S_t(t) = E|t + eps|/sqrt(1 + t^2) increases in t > 0: the numerator of
// d(log S_t)/dt as GiNaC writes it, sqrt(pi) erfc(t/sqrt2) - sqrt(pi) erfc(-t/sqrt2) + 2 sqrt2 t e^(-t^2/2)
// = 2 sqrt2 t e^(-t^2/2) - 2 sqrt(pi) erf(t/sqrt2), is 0 at t = 0 with derivative -2 sqrt2 t^2 e^(-t^2/2)
// < 0 (constant factors such as sqrt(pi) are no obstacle to smoothness); and S_t's own numerator
// 2 sqrt(2/pi) e^(-t^2/2) + t (erfc(-t/sqrt2) - erfc(t/sqrt2)) = ... + 2t erf(t/sqrt2) > 0 once erfc is 1 - erf.
BOOST_AUTO_TEST_CASE(the_identity_kernels_S_t_numerators_through_erfc) {
  using attnverify::sym::erfc;
  const ex x = u / GiNaC::sqrt(ex(2)), root_pi = GiNaC::sqrt(GiNaC::Pi);
  const ex slope_numerator = root_pi * erfc(x) - root_pi * erfc(-x) + 2 * GiNaC::sqrt(ex(2)) * GiNaC::exp(-u * u / 2) * u;
  BOOST_TEST(sym::sign_on_positive_half_line(slope_numerator, u).value_or(0) == -1);
  const ex S_numerator = 2 * GiNaC::sqrt(ex(2)) / root_pi * GiNaC::exp(-u * u / 2) - erfc(x) * u + erfc(-x) * u;
  BOOST_TEST(sym::sign_on_positive_half_line(S_numerator, u).value_or(0) == 1);
}
