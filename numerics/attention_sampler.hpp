// Monte Carlo over real attention weights (the sampled route, docs/design.md §1).
//
// For a kernel f, a query q in R^d and keys k_1..k_n ~ N(mu, sigma^2 I), the weights
// are a_j = f(q.k_j) and their sparsity is
//   S_n = mean|a| / sqrt(mean a^2).
// The geometry is built to hit a requested (beta, gamma): q is a unit vector in a
// direction drawn from the seed, sigma = gamma / ||q|| = gamma, and
// mu = beta q + w with w orthogonal to q, ||w|| = 1 (d >= 2), so that q.mu = beta.
// Keys are materialised in blocks of kBlockRows x d (Eigen, row-major), scored with a
// matrix-vector product, and reduced to the moments of u = |a| and v = a^2.
//
// Randomness: each block has its own boost::random::mt19937_64, seeded by
// splitmix64 of (seed, d, beta, gamma, block index); normals come from
// boost::random::normal_distribution (ziggurat). Blocks run in parallel with OpenMP
// and their moments are merged in block order (Chan, Golub & LeVeque 1979), so the
// result is bitwise identical at any thread count. Runs with n1 < n2 share their
// first blocks (nested samples).
//
// The estimate (numerics/sparsity_estimate.hpp) uses the delta method on the sample
// moments for the standard error, and the second-order delta term for the finite-n
// bias of the ratio estimator.
#pragma once

#include <ginac/ginac.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "numerics/score_cache.hpp"
#include "numerics/score_distribution.hpp"

namespace attnverify::num {

inline constexpr unsigned long kBlockRows = 4096;

/// Moments of u = |a| and v = a^2 over a sample: count, means, and centred sums of
/// squares and cross products (Welford/Chan form, stable to merge). In long double
/// (x87 extended, range to about 1e4932): a finite weight of 1e300 has a^2 = 1e600 and
/// (a^2)^2 = 1e1200, which overflow double and made S_n read 0 at beta = 1e300.
struct SampleMoments {
  long double count = 0;
  long double mean_u = 0, mean_v = 0;
  long double m2_u = 0, m2_v = 0, c_uv = 0;
  double non_finite = 0;  ///< weights that were not finite (counted, not used)

  /// Adds another sample's moments (Chan et al. pairwise update).
  void merge(const SampleMoments& other);
};

/// The moments of u = |a| and v = a^2 over a[0..count), two-pass within the block;
/// non-finite weights are counted in non_finite and left out.
SampleMoments moments_of_weights(const double* a, std::size_t count);

/// Sums of u = |a| and v = a^2 over one batch of kBatchRows consecutive keys (the last
/// batch may be shorter; non-finite weights are left out of count and sums): the
/// resampling unit of the batch bootstrap (numerics/batch_bootstrap.hpp). Batches of i.i.d.
/// keys are i.i.d., so resampling them is a valid bootstrap of S_n.
struct BatchSums {
  long double sum_u = 0, sum_v = 0;
  double count = 0;
};
inline constexpr unsigned long kBatchRows = 64;  // divides kBlockRows

/// The moments of a nested family of samples (AttentionSampler::sample_nested): moments[k] of
/// the first sizes[k] keys, and, if asked for, their batch sums (batches[k], as `sample` gives them).
struct NestedSample {
  std::vector<SampleMoments> moments;
  std::vector<std::vector<BatchSums>> batches;
};

/// Wall-clock seconds summed over threads, by phase.
struct SamplerTimings {
  double generate = 0, matvec = 0, reduce = 0;
  double normals = 0;  ///< normals generated
};

class AttentionSampler {
 public:
  /// f is an expression in x; d >= 1; gamma > 0. Throws EvaluationError if f cannot
  /// be compiled.
  /// With a `law` other than the normal one, the scores are drawn directly as
  /// beta + gamma eps, eps from the law (d then only enters the seed): q.k with i.i.d.
  /// non-Gaussian key components tends to a Gaussian as d grows, so keys would not keep the law.
  AttentionSampler(const GiNaC::ex& f, const GiNaC::ex& x, unsigned d, double beta, double gamma, std::uint64_t seed,
                   std::shared_ptr<const ScoreDistribution> law = nullptr);

  /// Draws exactly n keys and returns the moments of their weights.
  /// `threads` = 0 uses OpenMP's default. `timings`, if given, receives the phase times.
  /// `progress`, if given, is called between chunks of about 2^27 normal draws (a few
  /// seconds) with the fraction of keys drawn so far, outside the parallel region, so it
  /// may print or throw (Ctrl-C); the result does not depend on the chunks.
  /// `batches`, if given, receives the sums of every batch of kBatchRows keys in key order
  /// (ceil(n / kBatchRows) of them), identical at any thread count.
  SampleMoments sample(unsigned long n, unsigned threads = 0, SamplerTimings* timings = nullptr,
                       const std::function<void(double)>& progress = {},
                       std::vector<BatchSums>* batches = nullptr) const;

  /// The samples of every size in `sizes` from one draw of max(sizes) keys: moments[k] (and
  /// batches[k] if `with_batches`) are, bit for bit, what sample(sizes[k]) returns, since a
  /// smaller n is a prefix of a larger one. `progress` reports the fraction of the max(sizes)
  /// keys drawn. With a `cache`, the scores of a normal-law geometry are taken from it when it
  /// holds enough of them, and kept in it otherwise (ScoreCache); the result is the same.
  NestedSample sample_nested(const std::vector<unsigned long>& sizes, unsigned threads = 0,
                             const std::function<void(double)>& progress = {}, bool with_batches = false,
                             ScoreCache* cache = nullptr, SamplerTimings* timings = nullptr) const;

  /// q.mu and sigma*||q|| as realised in double: the (beta, gamma) actually sampled.
  double realised_beta() const;
  double realised_gamma() const;

 private:
  struct Impl;
  std::shared_ptr<const Impl> impl_;
};

/// splitmix64 (Steele, Lea & Flood 2014): the seed hash for per-block generators.
std::uint64_t splitmix64(std::uint64_t x);

}  // namespace attnverify::num
