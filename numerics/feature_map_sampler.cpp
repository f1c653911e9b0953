#include "numerics/feature_map_sampler.hpp"

#include <omp.h>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>
#include <algorithm>
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
  return sample_nested({n}, threads, progress).front();
}

std::vector<SampleMoments> FeatureMapSampler::sample_nested(const std::vector<unsigned long>& sizes, unsigned threads,
                                                            const std::function<void(double)>& progress) const {
  const Impl& s = *impl_;
  const std::size_t d = s.mu.size();
  const unsigned long n = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
  const long blocks = static_cast<long>((n + kBlockRows - 1) / kBlockRows);
  std::vector<SampleMoments> per_block(static_cast<std::size_t>(blocks));
  // a smaller size ends inside a block of the largest: the moments of that block's first rows
  std::vector<long> tail_block(sizes.size(), -1);
  std::vector<std::size_t> tail_rows(sizes.size(), 0);
  std::vector<SampleMoments> tail(sizes.size());
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    if (sizes[k] == 0 || sizes[k] == n) continue;
    const long b = static_cast<long>((sizes[k] - 1) / kBlockRows);
    const std::size_t rows = sizes[k] - static_cast<std::size_t>(b) * kBlockRows;
    if (rows < std::min<std::size_t>(kBlockRows, n - static_cast<std::size_t>(b) * kBlockRows)) {
      tail_block[k] = b;
      tail_rows[k] = rows;
    }
  }
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
        for (std::size_t k = 0; k < sizes.size(); ++k)
          if (tail_block[k] == b) tail[k] = moments_of_weights(a.data(), tail_rows[k]);
      }
    }
  }
  std::vector<SampleMoments> out;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    // merged in block order (thread-count independent), the last block as this size has it
    SampleMoments total;
    const long size_blocks = static_cast<long>((sizes[k] + kBlockRows - 1) / kBlockRows);
    for (long b = 0; b < size_blocks; ++b) total.merge(tail_block[k] == b ? tail[k] : per_block[static_cast<std::size_t>(b)]);
    out.push_back(total);
  }
  return out;
}

}  // namespace attnverify::num
