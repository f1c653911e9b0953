#include "numerics/boost_quadrature.hpp"

#include <boost/math/quadrature/exp_sinh.hpp>

#include <algorithm>
#include <map>
#include "numerics/precision.hpp"
#include <memory>

namespace attnverify::num {

namespace quad = boost::math::quadrature;

quad::tanh_sinh<Real>& boost_tanh_sinh(unsigned precision) {
  static std::map<unsigned, std::unique_ptr<quad::tanh_sinh<Real>>> cache;
  auto& slot = cache[precision];
  if (!slot) slot = std::make_unique<quad::tanh_sinh<Real>>(15, Real("1e-1000"));
  return *slot;
}

namespace {

quad::exp_sinh<Real>& boost_exp_sinh(unsigned precision) {
  static std::map<unsigned, std::unique_ptr<quad::exp_sinh<Real>>> cache;
  auto& slot = cache[precision];
  if (!slot) slot = std::make_unique<quad::exp_sinh<Real>>(9);
  return *slot;
}

}  // namespace

BoostExpectation boost_gaussian_expectation(const std::function<Real(const Real&)>& g, const Real& beta,
                                            const Real& gamma, const std::vector<Real>& kinks_x, unsigned digits) {
  BoostExpectation out;
  const unsigned precision = Real::default_precision();
  const Real inv_sqrt_2pi = 1 / sqrt(2 * boost::math::constants::pi<Real>());
  // exp_sinh's abscissas grow doubly exponentially (z near 10^(10^5) at 50 digits), where the
  // density e^{-z^2/2} is zero to any precision but sin, cos or tan of beta + gamma z would
  // cost MPFR an argument reduction of as many bits as z has (minutes per call): beyond
  // |z| = 10^8 the integrand is taken as 0. Where E f^2 exists, |f(beta + gamma z)| phi(z) is
  // below e^{-z^2/4 + O(|z| |beta|/gamma)} there, far below any tolerance unless |beta|/gamma
  // is near 10^8 itself.
  const Real negligible_beyond(100000000);
  const auto h = [&](const Real& z) -> Real {
    if (abs(z) > negligible_beyond) return Real(0);
    const Real v = g(beta + gamma * z) * exp(-z * z / 2) * inv_sqrt_2pi;
    if (!isfinite(v)) {
      if (abs(z) > 40) return Real(0);
      throw std::domain_error("the integrand is not finite at z = " + z.str(12));
    }
    return v;
  };
  std::vector<Real> cuts{Real(0)};
  for (const Real& k : kinks_x) cuts.push_back((k - beta) / gamma);
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  const Real tolerance = pow(Real(10), -static_cast<int>(Precision{digits}.comparison_target()));
  try {
    auto& ts = boost_tanh_sinh(precision);
    auto& es = boost_exp_sinh(precision);
    const Real infinity = std::numeric_limits<Real>::infinity();
    const auto add = [&](const Real& value, const Real& error, const Real& l1) {
      out.value += value;
      out.error += error;
      out.l1 += l1;
    };
    Real error, l1;
    // (-inf, z_0] reflected: t = z_0 - z in [0, inf)
    Real v =
        es.integrate([&](const Real& t) { return h(cuts.front() - t); }, Real(0), infinity, tolerance, &error, &l1);
    add(v, error, l1);
    for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
      const Real a = cuts[k], length = cuts[k + 1] - cuts[k];
      v = ts.integrate([&](const Real& t) { return h(a + t); }, Real(0), length, tolerance, &error, &l1);
      add(v, error, l1);
    }
    v = es.integrate([&](const Real& t) { return h(cuts.back() + t); }, Real(0), infinity, tolerance, &error, &l1);
    add(v, error, l1);
    out.ok = true;
  } catch (const std::exception& e) {
    out.failure = std::string("Boost quadrature failed: ") + e.what();
  }
  return out;
}

}  // namespace attnverify::num
