#include "numerics/entropy_scaling.hpp"

#include <Eigen/Dense>
#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/special_functions/bessel.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>

#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <stdexcept>
#include <vector>

#include "numerics/attention_sampler.hpp"
#include "numerics/boost_quadrature.hpp"

namespace attnverify::num {

namespace {

namespace quad = boost::math::quadrature;

void check_domain(unsigned d, bool lambda_positive) {
  if (d < 2) throw std::invalid_argument("the entropy limit needs d >= 2 (the angle density is sin^{d-2})");
  if (!lambda_positive) throw std::invalid_argument("the entropy limit needs lambda > 0");
}

// int_0^pi e^{h(theta)} dtheta and int_0^pi cos(theta) e^{h(theta)} dtheta for
// h = a cos(theta) + m log sin(theta) (a >= 0), both divided by e^{h(theta*)} at the
// peak theta* (cos theta* = (sqrt(m^2 + 4 a^2) - m) / (2a), the root of h' = 0). Each
// integral is split at theta* into t in [0, theta*] and [0, pi - theta*] (theta =
// theta* -+ t), so both pieces start at 0 (docs/design.md §6: tanh-sinh trips near a nonzero
// left endpoint) and the peak sits at an endpoint, where tanh-sinh places its nodes.
struct PeakedIntegrals {
  Real log_peak;  ///< h(theta*)
  Real mass, first_moment;
  Real mass_error, first_moment_error;
};

// `first_moment` false: the mass alone (first_moment and its error stay 0). Both integrals
// run over the same tanh-sinh nodes, so each node's cos(theta) and e^{h(theta) - h(theta*)}
// are computed once and kept for the second integral (the values are those computed
// anew, to the last bit; issue 46: half the cost).
PeakedIntegrals peaked_integrals(const Real& a, unsigned m, const Real& tolerance, bool first_moment) {
  const Real pi = boost::math::constants::pi<Real>();
  const Real c_star = a == 0 ? Real(0) : Real((sqrt(Real(m) * m + 4 * a * a) - m) / (2 * a));
  const Real theta_star = acos(c_star);
  // h(theta) from cos(theta)
  auto h = [&](const Real& theta, const Real& cos_theta) -> Real {
    if (m == 0) return a * cos_theta;
    const Real s = sin(theta);
    if (s <= 0) return Real(-std::numeric_limits<double>::infinity());
    return a * cos_theta + m * log(s);
  };
  PeakedIntegrals out;
  out.log_peak = h(theta_star, cos(theta_star));
  quad::tanh_sinh<Real>& ts = boost_tanh_sinh(Real::default_precision());
  for (int side : {-1, 1}) {
    const Real length = side < 0 ? theta_star : pi - theta_star;
    if (length <= 0) continue;
    std::map<Real, std::pair<Real, Real>> nodes;  // t -> (cos theta, e^{h(theta) - h(theta*)})
    const auto at = [&](const Real& t) -> const std::pair<Real, Real>& {
      auto it = nodes.find(t);
      if (it == nodes.end()) {
        const Real theta = theta_star + side * t;
        const Real c = cos(theta);
        it = nodes.emplace(t, std::make_pair(c, Real(exp(h(theta, c) - out.log_peak)))).first;
      }
      return it->second;
    };
    Real error = 0, error1 = 0;
    out.mass += ts.integrate([&](const Real& t) { return at(t).second; }, Real(0), length, tolerance, &error);
    out.mass_error += error;
    if (!first_moment) continue;
    out.first_moment += ts.integrate(
        [&](const Real& t) {
          const auto& [c, e] = at(t);
          return Real(c * e);
        },
        Real(0), length, tolerance, &error1);
    out.first_moment_error += error1;
  }
  return out;
}

// The density's integral (a = 0) depends on d and the precision alone, not on lambda: kept
// for the process's later calls (a pure function of its key; guarded for threads).
PeakedIntegrals density_integrals(unsigned m, const Real& tolerance) {
  static std::mutex guard;
  static std::map<std::tuple<unsigned, unsigned, std::string>, PeakedIntegrals> kept;
  const auto key = std::make_tuple(m, static_cast<unsigned>(Real::default_precision()), tolerance.str());
  {
    const std::lock_guard<std::mutex> lock(guard);
    if (const auto it = kept.find(key); it != kept.end()) return it->second;
  }
  PeakedIntegrals density = peaked_integrals(Real(0), m, tolerance, false);
  const std::lock_guard<std::mutex> lock(guard);
  return kept.emplace(key, density).first->second;
}

}  // namespace

EntropyLimit entropy_limit_by_quadrature(unsigned d, double lambda, unsigned digits) {
  check_domain(d, lambda > 0);
  ScopedPrecision precision(Precision{digits}.guarded());
  const Real L = Real(lambda) * d;
  const Real tolerance = pow(Real(10), -static_cast<int>(digits + 3));
  const PeakedIntegrals density = density_integrals(d - 2, tolerance);
  const PeakedIntegrals tilted = peaked_integrals(L, d - 2, tolerance, true);
  // log E[e^{Lc}] = log(tilted mass / density mass) with the peak scalings restored
  const Real log_mgf = tilted.log_peak + log(tilted.mass) - density.log_peak - log(density.mass);
  const Real mean_cos = tilted.first_moment / tilted.mass;
  EntropyLimit out;
  out.value = log_mgf - L * mean_cos;
  // first-order propagation of the relative errors of the three integrals
  const Real rel_density = density.mass_error / density.mass, rel_mass = tilted.mass_error / tilted.mass;
  const Real rel_first =
      tilted.first_moment == 0 ? Real(0) : Real(tilted.first_moment_error / abs(tilted.first_moment));
  out.error_estimate = rel_density + rel_mass + L * abs(mean_cos) * (rel_first + rel_mass);
  return out;
}

Real entropy_limit_by_bessel(unsigned d, double lambda, unsigned digits) {
  check_domain(d, lambda > 0);
  ScopedPrecision precision(Precision{digits}.guarded());
  const Real L = Real(lambda) * d;
  const Real nu = Real(d) / 2 - 1;
  const Real i_nu = boost::math::cyl_bessel_i(nu, L), i_next = boost::math::cyl_bessel_i(nu + 1, L);
  return Real(boost::math::lgamma(nu + 1) + nu * log(2 / L) + log(i_nu) - L * i_next / i_nu);
}

double weight_relative_variance(unsigned d, double lambda) {
  check_domain(d, lambda > 0);
  ScopedPrecision precision(30);
  const Real L = Real(lambda) * d;
  const Real nu = Real(d) / 2 - 1;
  const Real log_ratio = nu * log(L) + log(boost::math::cyl_bessel_i(nu, 2 * L)) - boost::math::lgamma(nu + 1) -
                         nu * log(Real(4)) - 2 * log(boost::math::cyl_bessel_i(nu, L));
  return static_cast<double>(Real(expm1(log_ratio)));
}

EntropySample sample_entropy_gap(unsigned d, double lambda, unsigned long n, unsigned trials, std::uint64_t seed,
                                 double stretch) {
  check_domain(d, lambda > 0);
  if (n < 1 || trials < 2) throw std::invalid_argument("the entropy sample needs n >= 1 and at least 2 trials");
  std::vector<double> gaps(trials);
#pragma omp parallel for schedule(dynamic, 1)
  for (unsigned t = 0; t < trials; ++t) {
    boost::random::mt19937_64 gen(splitmix64(seed ^ splitmix64(t + 1)));
    boost::random::normal_distribution<double> normal;
    Eigen::VectorXd q(d);
    for (unsigned j = 0; j < d; ++j) q(j) = normal(gen);
    q.normalize();
    Eigen::MatrixXd g(d, n);
    for (Eigen::Index k = 0; k < g.cols(); ++k)
      for (unsigned j = 0; j < d; ++j) g(j, k) = normal(gen);
    if (stretch != 1) g += (stretch - 1) * q * (q.transpose() * g);
    // s_i = lambda q.k_i with ||q|| = ||k_i|| = sqrt d: lambda d cos(theta_i)
    const Eigen::ArrayXd s = (lambda * d) * ((q.transpose() * g).array() / g.colwise().norm().array()).transpose();
    const double top = s.maxCoeff();
    const Eigen::ArrayXd w = (s - top).exp();
    const double z = w.sum();
    gaps[t] = std::log(z) + top - (w * s).sum() / z - std::log(static_cast<double>(n));
  }
  EntropySample out;
  out.trials = trials;
  out.n = n;
  for (double g : gaps) out.mean += g;
  out.mean /= trials;
  double ss = 0;
  for (double g : gaps) ss += (g - out.mean) * (g - out.mean);
  out.standard_error = std::sqrt(ss / (trials - 1) / trials);
  return out;
}

}  // namespace attnverify::num
