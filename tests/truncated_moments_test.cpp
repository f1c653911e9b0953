// The symbolic truncated normal moments M_k(l, u) = int_l^u z^k phi(z) dz
// (proofs/truncated_moments.hpp) against double-exponential quadrature of the
// defining integral at 50 digits, for k = 0..7 on finite, half-infinite and full ranges.
#define BOOST_TEST_MODULE truncated_moments
#include <boost/test/unit_test.hpp>

#include "numerics/compiled_expression.hpp"
#include "numerics/gaussian_quadrature.hpp"
#include "numerics/agreement.hpp"
#include "proofs/truncated_moments.hpp"

using namespace attnverify;
using GiNaC::ex;
using GiNaC::numeric;
using num::Real;

namespace {

// E[z^k 1{l < z < u}] for z ~ N(0,1), by quadrature: beta = 0, gamma = 1, g(x) = x^k on (l, u).
Real quadrature_moment(const num::GaussianQuadrature& quad, unsigned k, const std::optional<numeric>& l,
                       const std::optional<numeric>& u, double& error_digits) {
  num::ScopedPrecision scope(quad.internal_digits());
  std::vector<Real> kinks;
  if (l) kinks.push_back(num::to_real(*l));
  if (u) kinks.push_back(num::to_real(*u));
  const Real lo = l ? num::to_real(*l) : Real(0), hi = u ? num::to_real(*u) : Real(0);
  auto g = [&](const Real& x) -> Real {
    if ((l && x < lo) || (u && x > hi)) return Real(0);
    return pow(x, k);
  };
  const num::QuadratureResult r = quad.expectation(g, Real(0), Real(1), kinks);
  BOOST_REQUIRE_MESSAGE(r.ok, r.failure);
  error_digits = r.relative_error_digits(60);
  return r.value;
}

}  // namespace

BOOST_AUTO_TEST_CASE(truncated_moments_match_quadrature) {
  const unsigned digits = 50;
  const num::GaussianQuadrature quad(digits);
  const std::vector<std::pair<std::optional<numeric>, std::optional<numeric>>> ranges{
      {std::nullopt, std::nullopt},      {numeric(-13, 10), std::nullopt}, {std::nullopt, numeric(2, 5)},
      {numeric(-13, 10), numeric(5, 2)}, {numeric(2, 5), numeric(5, 2)},   {numeric(-3), numeric(-1, 2)}};
  for (const auto& [l, u] : ranges) {
    for (unsigned k = 0; k <= 7; ++k) {
      const ex closed = sym::truncated_normal_moment(k, l ? std::optional<ex>(*l) : std::nullopt,
                                                     u ? std::optional<ex>(*u) : std::nullopt);
      const num::CompiledExpression eval(closed, {}, digits + 10);
      num::ScopedPrecision scope(digits + 10);
      const Real symbolic = eval({});
      double error_digits = 0;
      const Real numeric_value = quadrature_moment(quad, k, l, u, error_digits);
      const double agree = num::digits_of_agreement(symbolic, numeric_value, 60);
      BOOST_TEST_CONTEXT("M_" << k << "(" << (l ? GiNaC::ex(*l) : ex(GiNaC::symbol("-inf"))) << ", "
                              << (u ? GiNaC::ex(*u) : ex(GiNaC::symbol("inf"))) << ") = " << closed << "; closed "
                              << num::to_decimal(symbolic, 55) << " vs quadrature "
                              << num::to_decimal(numeric_value, 55)) {
        // Odd moments over the full line are exactly 0: compare absolutely there.
        if (!l && !u && k % 2 == 1) {
          BOOST_TEST(symbolic == 0);
          BOOST_TEST(abs(numeric_value) < Real("1e-48"));
        } else {
          BOOST_TEST(error_digits >= 45.0);
          BOOST_TEST(agree >= 45.0);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(full_line_even_moments_are_double_factorials) {
  // E z^(2j) = (2j-1)!! exactly: 1, 1, 3, 15, 105
  const std::vector<long> expected{1, 1, 3, 15, 105};
  for (unsigned j = 0; j < expected.size(); ++j) {
    const ex m = sym::truncated_normal_moment(2 * j, std::nullopt, std::nullopt);
    BOOST_TEST_CONTEXT("M_" << 2 * j << "(-inf, inf) = " << m) { BOOST_TEST((m - expected[j]).is_zero()); }
  }
}
