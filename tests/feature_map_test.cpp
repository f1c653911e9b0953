// Feature maps given by phi (docs/history.md, issue 5): the derived componentwise moments of phi(k),
// k ~ N(beta, gamma^2), against known closed forms and quadrature, and Su2023 eq. 8
// with those moments against Monte Carlo over real d-dimensional q and keys.
#define BOOST_TEST_MODULE feature_map
#include <boost/test/unit_test.hpp>

#include "numerics/adaptive_evaluation.hpp"
#include "numerics/feature_map_sampler.hpp"
#include "numerics/sparsity_estimate.hpp"
#include "proofs/erf.hpp"
#include "proofs/expression_parser.hpp"
#include "proofs/feature_moments.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/linear_attention.hpp"
#include "proofs/symbols.hpp"
#include "src/kinds/kernel/kernel_route.hpp"
#include "test_support.hpp"

using namespace attnverify;
using GiNaC::ex;
using GiNaC::numeric;

namespace {

const auto& s = sym::symbols();

sym::FeatureMoments moments_of(const std::string& phi) {
  const sym::FeatureMoments m = sym::derive_feature_moments(sym::parse_expression(phi, {"x"}));
  BOOST_REQUIRE_MESSAGE(m.derived, m.reason);
  return m;
}

bool same(const ex& a, const ex& b) {
  // compare at several points to 55 of 60 digits: the forms differ in how erf/erfc
  // and the exponentials are written
  for (const auto& [beta, gamma] :
       std::vector<std::pair<numeric, numeric>>{{numeric(1, 4), 1}, {numeric(-1, 2), 2}, {3, numeric(1, 3)}}) {
    const GiNaC::lst at{s.beta == beta, s.gamma == gamma};
    const num::Evaluation x = num::AdaptiveEvaluator(a.subs(at), {}, 60)({});
    const num::Evaluation y = num::AdaptiveEvaluator(b.subs(at), {}, 60)({});
    if (!x.converged || !y.converged) return false;
    num::ScopedPrecision scope(70);
    if (num::digits_of_agreement(x.value, y.value, 70) < 55) return false;
  }
  return true;
}

}  // namespace

BOOST_AUTO_TEST_CASE(exp_moments_are_the_log_normal_moments) {
  // log-normal: E e^X = e^(beta + gamma^2/2), Var e^X = e^(2 beta + gamma^2) (e^(gamma^2) - 1)
  // (Johnson, Kotz & Balakrishnan, Continuous Univariate Distributions vol. 1, eq. 14.8-14.9)
  const auto m = moments_of("exp(x)");
  BOOST_TEST(same(m.mean, GiNaC::exp(s.beta + GiNaC::pow(s.gamma, 2) / 2)));
  BOOST_TEST(
      same(m.variance, GiNaC::exp(2 * s.beta + GiNaC::pow(s.gamma, 2)) * (GiNaC::exp(GiNaC::pow(s.gamma, 2)) - 1)));
}

BOOST_AUTO_TEST_CASE(relu_moments_are_the_rectified_normal_moments) {
  // rectified normal: E relu(X) = gamma phi(b) + beta Phi(b), b = beta/gamma;
  // E relu(X)^2 = (beta^2 + gamma^2) Phi(b) + beta gamma phi(b)
  // (Beauchamp 2018, "On numerical computation for the distribution of the rectified normal", eq. 2-3)
  const auto m = moments_of("relu(x)");
  const ex b = s.beta / s.gamma;
  const ex pdf = GiNaC::exp(-GiNaC::pow(b, 2) / 2) / GiNaC::sqrt(2 * GiNaC::Pi);
  const ex cdf = sym::erfc(-b / GiNaC::sqrt(ex(2))) / 2;
  BOOST_TEST(same(m.mean, s.gamma * pdf + s.beta * cdf));
  BOOST_TEST(same(m.mean_square, (GiNaC::pow(s.beta, 2) + GiNaC::pow(s.gamma, 2)) * cdf + s.beta * s.gamma * pdf));
}

BOOST_AUTO_TEST_CASE(moments_agree_with_quadrature_to_45_digits) {
  for (const std::string phi : {"relu(x)", "elu(x) + 1", "exp(x)"}) {
    const auto m = moments_of(phi);
    const KernelRoute route(sym::derive_kernel(m.phi), 50);
    for (const auto& [mu, sigma] :
         std::vector<std::pair<numeric, numeric>>{{numeric(1, 4), 1}, {numeric(-1, 2), 2}, {1, numeric(1, 2)}}) {
      BOOST_TEST_CONTEXT(phi << " at mu = " << mu << ", sigma = " << sigma) {
        const NumericS q = route({mu, sigma});
        BOOST_REQUIRE(q.ok);
        const GiNaC::lst at{s.beta == mu, s.gamma == sigma};
        const num::Evaluation m1 = num::AdaptiveEvaluator(m.mean.subs(at), {}, 50)({});
        const num::Evaluation var = num::AdaptiveEvaluator(m.variance.subs(at), {}, 50)({});
        num::ScopedPrecision scope(60);
        BOOST_TEST(num::digits_of_agreement(m1.value, q.mean_abs, 60) >= 45);
        BOOST_TEST(num::digits_of_agreement(var.value, q.mean_square - q.mean_abs * q.mean_abs, 60) >= 45);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(eq8_with_derived_moments_matches_monte_carlo) {
  // d = 256 iid components and a d = 16 ramp; n = 200 000 keys; |z| < 4 (p = 6e-5 each)
  for (const std::string phi : {"relu(x)", "elu(x) + 1", "exp(x)"}) {
    const auto m = moments_of(phi);
    for (const std::size_t d : {std::size_t(256), std::size_t(16)}) {
      std::vector<numeric> q, mu, sigma;
      for (std::size_t i = 0; i < d; ++i) {
        q.push_back(d == 256 ? numeric(1, 2) : numeric(static_cast<long>(i) - 4, 8));
        mu.push_back(d == 256 ? numeric(1, 4) : numeric(static_cast<long>(i), 16) - numeric(1, 2));
        sigma.push_back(numeric(1, 2) + numeric(static_cast<long>(i % 3), 4));
      }
      const sym::FeatureCase c = sym::feature_case(m, q, mu, sigma);
      const num::Evaluation closed =
          num::AdaptiveEvaluator(sym::derive_linear_attention().S_general.subs(c.substitution), {}, 50)({});
      std::vector<double> qd, mud, sd;
      for (std::size_t i = 0; i < d; ++i) {
        qd.push_back(q[i].to_double());
        mud.push_back(mu[i].to_double());
        sd.push_back(sigma[i].to_double());
      }
      const num::FeatureMapSampler sampler(m.phi, s.x, qd, mud, sd, 20231201);
      const num::SparsityEstimate est = num::estimate_sparsity(sampler.sample(200000));
      const double z = (est.S - est.bias - closed.value.convert_to<double>()) / est.standard_error;
      BOOST_TEST_CONTEXT(phi << ", d = " << d << ": S_n = " << est.S << " +- " << est.standard_error << ", closed "
                             << closed.value.convert_to<double>()) {
        BOOST_TEST(std::fabs(z) < 4.0);
      }
    }
  }
}

// One draw of the largest n gives each smaller n the sample it would get alone, bit for bit
// (sizes inside a block, on a block boundary, unsorted), at 1 and 2 threads.
BOOST_AUTO_TEST_CASE(a_nested_feature_map_draw_equals_each_size_drawn_alone) {
  const auto& s = sym::symbols();
  const std::vector<double> q{0.5, -0.25, 1.0}, mu{0.25, 0.0, -0.5}, sigma{1.0, 0.5, 0.75};
  const num::FeatureMapSampler sampler(sym::parse_expression("relu(x) + 1/2", {"x"}), s.x, q, mu, sigma, 11);
  const std::vector<unsigned long> sizes{9000, 1000, 4096, 4100};
  for (unsigned threads : {1u, 2u}) {
    const std::vector<num::SampleMoments> nested = sampler.sample_nested(sizes, threads);
    BOOST_REQUIRE(nested.size() == sizes.size());
    for (std::size_t k = 0; k < sizes.size(); ++k) {
      const num::SampleMoments alone = sampler.sample(sizes[k], threads);
      BOOST_TEST_CONTEXT("n = " << sizes[k] << ", threads " << threads) {
        BOOST_TEST(nested[k].count == alone.count);
        BOOST_TEST(nested[k].mean_u == alone.mean_u);
        BOOST_TEST(nested[k].mean_v == alone.mean_v);
        BOOST_TEST(nested[k].m2_u == alone.m2_u);
        BOOST_TEST(nested[k].m2_v == alone.m2_v);
        BOOST_TEST(nested[k].c_uv == alone.c_uv);
      }
    }
  }
}

// The derivation work bound (proofs/derivation_work.hpp) covers feature maps too:
// phi = relu(x + 1)^64 would expand for minutes; it is no closed form at once, and
// relu(x)^2 (work 81) still derives.
BOOST_AUTO_TEST_CASE(feature_moments_respect_the_work_bound) {
  const sym::FeatureMoments big = sym::derive_feature_moments(sym::parse_expression("relu(x + 1)^64", {"x"}));
  BOOST_TEST(!big.derived);
  BOOST_TEST_CONTEXT("reason: " << big.reason) { BOOST_TEST(big.reason.find("units of work") != std::string::npos); }
  BOOST_TEST(sym::derive_feature_moments(sym::parse_expression("relu(x)^2", {"x"})).derived);
}
