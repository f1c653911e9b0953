// The double-exponential quadrature route (docs/history.md, issue 7): its rules, its error estimate and
// its parallel grid.
//  - DoubleExponentialRule: the level structure (level k holds the odd multiples of
//    h_k) and two integrals with known values summed straight from the nodes:
//    int_{-1}^{1} sqrt(1 - x^2) dx = pi/2 (tanh-sinh; the integrand has square-root
//    endpoint singularities) and int_0^inf s e^{-s^2/2} ds = 1 (exp-exp).
//  - The error estimate is honest: on a grid of 40 points for relu^2, identity and
//    exp at 30, 50 and 100 digits, the quadrature's S agrees with the derived closed
//    form (an independent route, evaluated by AdaptiveEvaluator) to at least the
//    digits its error estimate claims, less one, and to the 45-of-50 that the suite
//    requires (P - 5 in general). Includes beta = -2.5, gamma = 0.1 for identity, where a
//    25-long tanh-sinh piece once gave an estimate of 1e-59 for an error of 1e-37.
//  - KernelRoute::evaluate_grid gives bit-identical S at 1, 2 and 3 threads and equals
//    the serial route point by point.
#define BOOST_TEST_MODULE quadrature
#include <boost/test/unit_test.hpp>

#include <boost/math/constants/constants.hpp>
#include <fmt/format.h>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/agreement.hpp"
#include "numerics/bailey_error_estimate.hpp"
#include "numerics/double_exponential.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/kernel/kernel_route.hpp"

using namespace attnverify;
using num::DoubleExponentialRule;
using num::Real;

namespace {

// h_k sum over levels 0..k of w(t) g(node) for a rule, as a quadrature routine would
template <typename G>
Real rule_sum(const DoubleExponentialRule& rule, unsigned last_level, G g) {
  Real sum = 0;
  for (unsigned k = 0; k <= last_level; ++k)
    for (const auto& node : rule.level(k)) sum += g(node);
  return sum * Real(DoubleExponentialRule::step(last_level));
}

std::vector<GridPoint> test_grid() {
  std::vector<GridPoint> grid;
  for (const int b : {-3, -1, 0, 2, 3})
    for (const auto& g : {GiNaC::numeric(1, 10), GiNaC::numeric(1, 2), GiNaC::numeric(1), GiNaC::numeric(3),
                          GiNaC::numeric(5), GiNaC::numeric(7, 4), GiNaC::numeric(1, 4), GiNaC::numeric(2)})
      grid.push_back({GiNaC::numeric(b), g});
  grid.push_back({GiNaC::numeric(-5, 2), GiNaC::numeric(1, 10)});  // the 25-long piece
  return grid;
}

}  // namespace

// Bailey's estimate on synthetic level sums of an integral I = 1/3 with l1 = 1
// (numerics/bailey_error_estimate.hpp): errors 1e-4, 1e-8, 1e-16 at levels k-2, k-1, k
// are quadratic convergence, and the estimate of the last is 1e-16 (d1 = -8, d2 = -4:
// d1^2/d2 = 2 d1 = -16).
BOOST_AUTO_TEST_CASE(bailey_estimate_extrapolates_quadratic_convergence) {
  num::ScopedPrecision scope(60);
  const num::Real I = num::Real(1) / 3, l1(1);
  const num::Real s2 = I + num::Real("1e-4"), s1 = I + num::Real("1e-8"), s0 = I + num::Real("1e-16");
  const double e = log10(num::bailey_error_estimate(s0, s1, s2, l1, 60)).convert_to<double>();
  BOOST_TEST(e == -16.0, boost::test_tools::tolerance(1e-6));
  // slower than quadratic (errors 1e-4, 1e-6, 1e-8): d1 = log10(1e-6 - 1e-8), d2 =
  // log10(1e-4 - 1e-8), d1^2/d2 = -9.0130013167772718531 above 2 d1 = -12.009 (mpmath,
  // 40 digits), so the estimate is the more cautious 10^-9.013, not 10^-12
  const num::Real t2 = I + num::Real("1e-4"), t1 = I + num::Real("1e-6"), t0 = I + num::Real("1e-8");
  BOOST_TEST(log10(num::bailey_error_estimate(t0, t1, t2, l1, 60)).convert_to<double>() == -9.0130013167772718531,
             boost::test_tools::tolerance(1e-12));
  // faster than quadratic (errors 1e-2, 1e-8, 1e-17): d1^2/d2 = 64/-2 = -32 would claim
  // 10^-32; 2 d1 = -16 keeps the estimate at the last difference squared, 10^-16
  const num::Real u2 = I + num::Real("1e-2"), u1 = I + num::Real("1e-8"), u0 = I + num::Real("1e-17");
  BOOST_TEST(log10(num::bailey_error_estimate(u0, u1, u2, l1, 60)).convert_to<double>() == -16.0,
             boost::test_tools::tolerance(1e-6));
}

BOOST_AUTO_TEST_CASE(bailey_estimate_is_capped_and_falls_back_to_the_last_difference) {
  num::ScopedPrecision scope(80);
  const num::Real I = num::Real(2), l1(4);
  // errors 1e-15, 1e-30 relative to l1 would extrapolate to 1e-60; the floor is 10^-40 l1
  const num::Real s2 = I + num::Real("4e-15"), s1 = I + num::Real("4e-30"), s0 = I;
  BOOST_TEST(log10(num::bailey_error_estimate(s0, s1, s2, l1, 40) / l1).convert_to<double>() == -40.0,
             boost::test_tools::tolerance(1e-6));
  // level 1: the difference of the two sums
  BOOST_TEST(num::bailey_error_estimate(I + num::Real("0.5"), I, std::nullopt, l1, 40) == num::Real("0.5"));
  // no change: 0
  BOOST_TEST(num::bailey_error_estimate(I, I, I + 1, l1, 40) == 0);
  // differences not below l1 (no convergence yet): the last difference
  BOOST_TEST(num::bailey_error_estimate(I + 5, I, I + 7, l1, 40) == 5);
}

BOOST_AUTO_TEST_CASE(levels_hold_the_odd_multiples_of_their_step) {
  const auto& rule = DoubleExponentialRule::shared(DoubleExponentialRule::Kind::ExpExp, 60);
  for (unsigned k = 1; k <= DoubleExponentialRule::kMaxLevel; ++k)
    for (const auto& node : rule.level(k)) {
      const double j = node.t / DoubleExponentialRule::step(k);
      BOOST_TEST_REQUIRE(j == std::round(j));
      BOOST_TEST_REQUIRE(static_cast<long>(std::round(j)) % 2 != 0);
    }
}

BOOST_AUTO_TEST_CASE(rules_integrate_known_integrals) {
  for (const unsigned digits : {40u, 60u, 110u}) {
    num::ScopedPrecision precision(digits);
    const auto& ts = DoubleExponentialRule::shared(DoubleExponentialRule::Kind::TanhSinh, digits);
    const auto& ee = DoubleExponentialRule::shared(DoubleExponentialRule::Kind::ExpExp, digits);
    // tanh-sinh: x = +-(1 - d), sqrt(1 - x^2) = sqrt(d (2 - d)); the node t = 0 once, the others twice
    const Real half_circle = rule_sum(ts, 7, [](const DoubleExponentialRule::Node& n) {
      const Real f = sqrt(n.abscissa * (2 - n.abscissa)) * n.weight;
      return n.t == 0 ? f : Real(2 * f);
    });
    const Real pi_half = boost::math::constants::half_pi<Real>();
    BOOST_TEST_INFO(fmt::format("{} digits: tanh-sinh gives pi/2 to {:.1f} digits", digits,
                                num::digits_of_agreement(half_circle, pi_half, digits)));
    BOOST_TEST(num::digits_of_agreement(half_circle, pi_half, digits) >= digits - 5);
    // exp-exp: int_0^inf s exp(-s^2/2) ds = 1
    const Real one = rule_sum(ee, 7, [](const DoubleExponentialRule::Node& n) {
      return Real(n.abscissa * exp(-n.abscissa * n.abscissa / 2) * n.weight);
    });
    BOOST_TEST_INFO(fmt::format("{} digits: exp-exp gives 1 to {:.1f} digits", digits,
                                num::digits_of_agreement(one, Real(1), digits)));
    BOOST_TEST(num::digits_of_agreement(one, Real(1), digits) >= digits - 5);
  }
}

BOOST_AUTO_TEST_CASE(error_estimates_are_not_optimistic) {
  const auto& s = sym::symbols();
  const auto grid = test_grid();
  for (const std::string f : {"relu(x)^2", "x", "exp(x)"}) {
    const sym::KernelDerivation d = sym::derive_kernel(sym::parse_expression(f, {"x"}));
    BOOST_TEST_REQUIRE((d.status == sym::KernelDerivation::Status::Derived));
    for (const unsigned digits : {30u, 50u, 100u}) {
      const KernelRoute route(d, digits);
      const num::AdaptiveEvaluator closed(d.S, {s.beta, s.gamma}, digits);
      for (const GridPoint& p : grid) {
        const NumericS q = route.double_exponential(p);
        const num::Evaluation c = closed(p);
        BOOST_TEST_INFO(
            fmt::format("f = {}, {} digits, beta = {}, gamma = {}", f, digits, p[0].to_double(), p[1].to_double()));
        BOOST_TEST_REQUIRE(q.ok);
        BOOST_TEST_REQUIRE(c.converged);
        num::ScopedPrecision precision(digits + num::kGuardDigits);
        const double agree = num::digits_of_agreement(q.S, c.value, digits);
        BOOST_TEST_INFO(fmt::format("agreement {:.1f} digits, estimate {:.1f} digits", agree, q.error_digits));
        BOOST_TEST(agree >= std::min(q.error_digits, static_cast<double>(digits)) - 1);
        BOOST_TEST(agree >= digits - 5.0);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(parallel_grid_is_identical_at_any_thread_count) {
  const sym::KernelDerivation d = sym::derive_kernel(sym::parse_expression("relu(x)^2", {"x"}));
  const KernelRoute route(d, 50);
  const auto grid = test_grid();
  for (const auto rules : {KernelRoute::Rules::Main, KernelRoute::Rules::DoubleExponential}) {
    const bool main = rules == KernelRoute::Rules::Main;
    const auto one = route.evaluate_grid(grid, 1, rules), two = route.evaluate_grid(grid, 2, rules),
               three = route.evaluate_grid(grid, 3, rules);
    BOOST_TEST_REQUIRE(one.size() == grid.size());
    for (std::size_t k = 0; k < grid.size(); ++k) {
      const NumericS serial = main ? route(grid[k]) : route.double_exponential(grid[k]);
      BOOST_TEST_INFO("point " << k << (main ? ", main route" : ", double-exponential rules"));
      BOOST_TEST_REQUIRE((serial.ok && one[k].ok && two[k].ok && three[k].ok));
      BOOST_TEST((one[k].S == serial.S && two[k].S == serial.S && three[k].S == serial.S));
      BOOST_TEST(one[k].evaluations == three[k].evaluations);
      // the main route serves relu^2 by Arb everywhere here (its ball proves the value)
      BOOST_TEST((one[k].source == (main ? NumericS::Source::Arb : NumericS::Source::DoubleExponential)));
    }
  }
}
