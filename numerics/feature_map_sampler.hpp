// Monte Carlo over real non-negative linear attention weights (the sampled route of
// feature_map variants, Su2023 eq. 8 at finite n):
//
//   a_j = phi(q) . phi(k_j),   k_j ~ N(mu, diag(sigma^2)) in R^d,   j = 1..n,
//   S_n = mean|a| / sqrt(mean a^2),
//
// with phi applied componentwise. Keys are drawn in blocks of kBlockRows rows, each
// block from its own boost::random::mt19937_64 seeded by splitmix64 of (seed, case
// index, block index), normals by boost::random::normal_distribution; blocks run in
// parallel (OpenMP) and their moments merge in block order, so the result is the
// same at any thread count, and a smaller n is a prefix of a larger one.
#pragma once

#include <ginac/ginac.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "numerics/attention_sampler.hpp"

namespace attnverify::num {

class FeatureMapSampler {
 public:
  /// phi is an expression in x; q, mu, sigma have one length d >= 1, sigma > 0.
  /// Throws EvaluationError if phi cannot be compiled, std::invalid_argument on shapes.
  FeatureMapSampler(const GiNaC::ex& phi, const GiNaC::ex& x, const std::vector<double>& q,
                    const std::vector<double>& mu, const std::vector<double>& sigma, std::uint64_t seed);

  /// Draws exactly n keys; the moments of |a| and a^2. `threads` = 0: OpenMP's default.
  /// `progress`, if given, is called between chunks of about 2^27 normal draws (a few
  /// seconds) with the fraction of keys drawn so far, outside the parallel region, as in
  /// AttentionSampler::sample; the result does not depend on the chunks.
  SampleMoments sample(unsigned long n, unsigned threads = 0,
                       const std::function<void(double)>& progress = {}) const;

  /// The moments of the first n keys for every n in `sizes`, from one draw of max(sizes) keys:
  /// element k is, bit for bit, sample(sizes[k]) (a smaller n is a prefix of a larger one).
  /// `progress` reports the fraction of the max(sizes) keys drawn.
  std::vector<SampleMoments> sample_nested(const std::vector<unsigned long>& sizes, unsigned threads = 0,
                                           const std::function<void(double)>& progress = {}) const;

 private:
  struct Impl;
  std::shared_ptr<const Impl> impl_;
};

}  // namespace attnverify::num
