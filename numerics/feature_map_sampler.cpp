#include "numerics/feature_map_sampler.hpp"

#include <omp.h>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>
#include <optional>
#include <stdexcept>

#include "numerics/double_expression.hpp"

namespace attnverify::num {

struct FeatureMapSampler::Impl {
  std::optional<DoubleExpression> phi;
  std::vector<double> q_features, mu, sigma;
  std::uint64_t stream = 0;
};

FeatureMapSampler::FeatureMapSampler(const GiNaC::ex& phi, const GiNaC::ex& x, const std::vector<double>& q,
                                     const std::vector<double>& mu, const std::vector<double>& sigma,
                                     std::uint64_t seed) {
  if (q.empty() || q.size() != mu.size() || q.size() != sigma.size())
    throw std::invalid_argument("FeatureMapSampler: q, mu and sigma need one common length d >= 1");
  auto impl = std::make_shared<Impl>();
  impl->phi.emplace(phi, x);
  for (double v : q) impl->q_features.push_back((*impl->phi)(v));
  impl->mu = mu;
  impl->sigma = sigma;
  impl->stream = splitmix64(splitmix64(seed) ^ splitmix64(q.size()));
  impl_ = impl;
}

SampleMoments FeatureMapSampler::sample(unsigned long n, unsigned threads,
                                        const std::function<void(double)>& progress) const {
  const Impl& s = *impl_;
  const std::size_t d = s.mu.size();
  const long blocks = static_cast<long>((n + kBlockRows - 1) / kBlockRows);
  std::vector<SampleMoments> per_block(static_cast<std::size_t>(blocks));
  // no more threads (each with a block of weights) than blocks
  const int team = std::max(1, static_cast<int>(std::min<long>(
                                   threads > 0 ? static_cast<long>(threads) : omp_get_max_threads(), blocks)));
  // chunks of blocks of about 2^27 normals each, with progress between them
  const long chunk = std::max<long>(1, static_cast<long>((1ul << 27) / (kBlockRows * std::max<std::size_t>(1, d))));
  for (long first = 0; first < blocks; first += chunk) {
    const long last = std::min(blocks, first + chunk);
    if (progress && first > 0) progress(static_cast<double>(first) / static_cast<double>(blocks));
#pragma omp parallel num_threads(team)
    {
      const DoubleExpression phi = *s.phi;  // a copy per thread (it has a scratch stack)
      std::vector<double> a(kBlockRows);
#pragma omp for schedule(static)
      for (long b = first; b < last; ++b) {
        const std::size_t rows = std::min<std::size_t>(kBlockRows, n - static_cast<std::size_t>(b) * kBlockRows);
        boost::random::mt19937_64 gen(splitmix64(s.stream ^ splitmix64(static_cast<std::uint64_t>(b))));
        boost::random::normal_distribution<double> normal;
        for (std::size_t j = 0; j < rows; ++j) {
          double dot = 0;  // phi(q) . phi(k_j), k_j = mu + sigma * eps
          for (std::size_t i = 0; i < d; ++i) dot += s.q_features[i] * phi(s.mu[i] + s.sigma[i] * normal(gen));
          a[j] = dot;
        }
        per_block[static_cast<std::size_t>(b)] = moments_of_weights(a.data(), rows);
      }
    }
  }
  SampleMoments total;
  for (const SampleMoments& m : per_block) total.merge(m);  // fixed order: thread-count independent
  return total;
}

}  // namespace attnverify::num
