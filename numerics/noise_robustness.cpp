#include "numerics/noise_robustness.hpp"

#include <cmath>
#include <random>

namespace attnverify::num {

std::string to_string(NoiseLaw law) {
  switch (law) {
    case NoiseLaw::Gaussian: return "Gaussian N(0,1)";
    case NoiseLaw::Uniform: return "uniform on [-sqrt 3, sqrt 3]";
    case NoiseLaw::Gumbel: return "Gumbel, scale 1/4";
  }
  return "?";
}

std::string to_string(ScoreLaw law) { return law == ScoreLaw::Gaussian ? "Gaussian N(0,1)" : "uniform on [-sqrt 3, sqrt 3]"; }

namespace {

// draws from 53-bit uniforms of one mt19937_64 stream, so the values are the same on
// every platform (std::normal_distribution is implementation-defined)
struct Stream {
  std::mt19937_64 rng;
  double uniform() { return (static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53; }  // (0, 1)
  double normal() {  // Box-Muller, one value per call
    const double u = uniform(), v = uniform();
    return std::sqrt(-2 * std::log(u)) * std::cos(6.283185307179586 * v);
  }
  double symmetric_uniform() { return (2 * uniform() - 1) * std::sqrt(3.0); }
  double gumbel(double scale) { return -scale * std::log(-std::log(uniform())); }
};

}  // namespace

RobustnessCurve measure_noise_robustness(NoiseLaw noise, ScoreLaw scores, bool correlated, unsigned repetitions,
                                         std::uint64_t seed) {
  RobustnessCurve curve{noise, scores, {100, 1000, 10000, 100000}, {}, 0, 0};
  std::vector<double> log_n, log_gap, weight;
  for (std::size_t k = 0; k < curve.sizes.size(); ++k) {
    const unsigned long n = curve.sizes[k];
    Stream stream{std::mt19937_64(seed + 1000003 * k)};
    double sum = 0, sum_sq = 0;
    for (unsigned r = 0; r < repetitions; ++r) {
      double w = 0, wv = 0, wn = 0, wnv = 0;
      for (unsigned long i = 0; i < n; ++i) {
        const double s = scores == ScoreLaw::Gaussian ? stream.normal() : stream.symmetric_uniform();
        const double v = s + stream.normal();
        double eps = noise == NoiseLaw::Gaussian ? stream.normal()
                     : noise == NoiseLaw::Uniform ? stream.symmetric_uniform()
                                                  : stream.gumbel(0.25);
        if (correlated) eps += s;
        const double e = std::exp(s), en = std::exp(s + eps);
        w += e;
        wv += e * v;
        wn += en;
        wnv += en * v;
      }
      const double gap = std::fabs(wnv / wn - wv / w);
      sum += gap;
      sum_sq += gap * gap;
    }
    const double mean = sum / repetitions;
    const double variance = std::max(0.0, (sum_sq / repetitions - mean * mean) * repetitions / (repetitions - 1.0));
    curve.mean_gap.push_back(mean);
    // standard error of log(mean) by the delta method: se(mean) / mean
    const double se_log = std::sqrt(variance / repetitions) / mean;
    log_n.push_back(std::log(static_cast<double>(n)));
    log_gap.push_back(std::log(mean));
    weight.push_back(1 / (se_log * se_log));
  }
  // weighted least squares of log gap on log n; slope standard error from the weights
  double W = 0, Wx = 0, Wy = 0, Wxx = 0, Wxy = 0;
  for (std::size_t k = 0; k < log_n.size(); ++k) {
    W += weight[k];
    Wx += weight[k] * log_n[k];
    Wy += weight[k] * log_gap[k];
    Wxx += weight[k] * log_n[k] * log_n[k];
    Wxy += weight[k] * log_n[k] * log_gap[k];
  }
  const double det = W * Wxx - Wx * Wx;
  curve.slope = (W * Wxy - Wx * Wy) / det;
  curve.slope_standard_error = std::sqrt(W / det);
  return curve;
}

}  // namespace attnverify::num
