#include "numerics/noise_robustness.hpp"

#include <boost/random/extreme_value_distribution.hpp>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include <cmath>
#include <tuple>

#include "numerics/attention_sampler.hpp"

namespace attnverify::num {

std::string to_string(NoiseLaw law) {
  switch (law) {
    case NoiseLaw::Gaussian:
      return "Gaussian N(0,1)";
    case NoiseLaw::Uniform:
      return "uniform on [-sqrt 3, sqrt 3]";
    case NoiseLaw::Gumbel:
      return "Gumbel, scale 1/4";
  }
  return "?";
}

std::string to_string(ScoreLaw law) {
  return law == ScoreLaw::Gaussian ? "Gaussian N(0,1)" : "uniform on [-sqrt 3, sqrt 3]";
}

namespace {

// |o~ - o| of one draw of n (score, value, noise) triples from `gen`, for independent noise
// (first) and for noise correlated with the scores, eps = s + noise (second); `both` false
// leaves out the setting that `correlated` does not name (it is returned as 0).
std::pair<double, double> one_gap(NoiseLaw noise, ScoreLaw scores, bool correlated, bool both, unsigned long n,
                                  boost::random::mt19937_64& gen) {
  boost::random::normal_distribution<double> normal;
  boost::random::uniform_real_distribution<double> uniform(-std::sqrt(3.0), std::sqrt(3.0));
  boost::random::extreme_value_distribution<double> gumbel(0, 0.25);
  const bool independent = both || !correlated, dependent = both || correlated;
  double w = 0, wv = 0, wn = 0, wnv = 0, wc = 0, wcv = 0;
  for (unsigned long i = 0; i < n; ++i) {
    const double s = scores == ScoreLaw::Gaussian ? normal(gen) : uniform(gen);
    const double v = s + normal(gen);
    const double eps = noise == NoiseLaw::Gaussian ? normal(gen) : noise == NoiseLaw::Uniform ? uniform(gen) : gumbel(gen);
    const double e = std::exp(s);
    w += e;
    wv += e * v;
    // e^{s + eps}, and e^{s + (eps + s)} = e^{s + eps} e^{s} from it (two exponentials a draw, not three)
    const double en = std::exp(s + eps);
    if (independent) {
      wn += en;
      wnv += en * v;
    }
    if (dependent) {
      const double ec = en * e;
      wc += ec;
      wcv += ec * v;
    }
  }
  return {independent ? std::fabs(wnv / wn - wv / w) : 0, dependent ? std::fabs(wcv / wc - wv / w) : 0};
}

// The curve's fit from the gaps of each size (gaps[k][r]: size k, repetition r).
void fit_curve(RobustnessCurve& curve, const std::vector<std::vector<double>>& gaps) {
  const auto repetitions = static_cast<double>(gaps.front().size());
  std::vector<double> log_n, log_gap, weight;
  for (std::size_t k = 0; k < curve.sizes.size(); ++k) {
    double sum = 0, sum_sq = 0;
    for (double gap : gaps[k]) {
      sum += gap;
      sum_sq += gap * gap;
    }
    const double mean = sum / repetitions;
    const double variance = std::max(0.0, (sum_sq / repetitions - mean * mean) * repetitions / (repetitions - 1.0));
    curve.mean_gap.push_back(mean);
    // standard error of log(mean) by the delta method: se(mean) / mean
    const double se_log = std::sqrt(variance / repetitions) / mean;
    log_n.push_back(std::log(static_cast<double>(curve.sizes[k])));
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
}

// Both curves' gaps over the same draws (`both` false: only the one `correlated` names).
std::pair<RobustnessCurve, RobustnessCurve> measure(NoiseLaw noise, ScoreLaw scores, bool correlated, bool both,
                                                    unsigned repetitions, std::uint64_t seed) {
  const std::vector<unsigned long> sizes{1000, 10000, 100000, 1000000};
  RobustnessCurve independent{noise, scores, sizes, {}, 0, 0}, dependent = independent;
  std::vector<std::vector<double>> gaps(sizes.size(), std::vector<double>(repetitions)), gaps_c = gaps;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    // one stream per (n, repetition), drawn with Boost.Random like the attention
    // samplers (the same values on every platform and at any thread count; std::
    // distributions are implementation-defined); the sums run in repetition order
    const std::uint64_t stream = splitmix64(seed ^ splitmix64(k));
#pragma omp parallel for schedule(dynamic, 1)
    for (unsigned r = 0; r < repetitions; ++r) {
      boost::random::mt19937_64 gen(splitmix64(stream + r));
      std::tie(gaps[k][r], gaps_c[k][r]) = one_gap(noise, scores, correlated, both, sizes[k], gen);
    }
  }
  if (both || !correlated) fit_curve(independent, gaps);
  if (both || correlated) fit_curve(dependent, gaps_c);
  return {independent, dependent};
}

}  // namespace

RobustnessCurve measure_noise_robustness(NoiseLaw noise, ScoreLaw scores, bool correlated, unsigned repetitions,
                                         std::uint64_t seed) {
  const auto curves = measure(noise, scores, correlated, false, repetitions, seed);
  return correlated ? curves.second : curves.first;
}

std::pair<RobustnessCurve, RobustnessCurve> measure_noise_robustness_both(NoiseLaw noise, ScoreLaw scores,
                                                                          unsigned repetitions, std::uint64_t seed) {
  return measure(noise, scores, false, true, repetitions, seed);
}

}  // namespace attnverify::num
