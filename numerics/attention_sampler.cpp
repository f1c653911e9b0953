#include "numerics/attention_sampler.hpp"

#define EIGEN_DONT_PARALLELIZE
#include <Eigen/Dense>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>
#include <omp.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <optional>
#include <tuple>
#include <algorithm>
#include <vector>

#include "numerics/double_expression.hpp"

namespace attnverify::num {

using Clock = std::chrono::steady_clock;
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

void SampleMoments::merge(const SampleMoments& o) {
  if (o.count == 0) {
    non_finite += o.non_finite;
    return;
  }
  const long double n = count + o.count;
  const long double du = o.mean_u - mean_u, dv = o.mean_v - mean_v;
  const long double w = count * o.count / n;
  m2_u += o.m2_u + du * du * w;
  m2_v += o.m2_v + dv * dv * w;
  c_uv += o.c_uv + du * dv * w;
  mean_u += du * o.count / n;
  mean_v += dv * o.count / n;
  count = n;
  non_finite += o.non_finite;
}

namespace {
std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
}  // namespace

struct AttentionSampler::Impl {
  // No GiNaC values here: sample() runs in OpenMP threads, and GiNaC's reference
  // counting is not thread-safe. f is compiled once into a plain DoubleExpression.
  std::optional<DoubleExpression> f;
  unsigned d;
  double beta, gamma;
  std::uint64_t seed, stream;
  Eigen::VectorXd q, mu;
  double sigma;
  std::shared_ptr<const ScoreDistribution> law;  // set for a non-normal law: scores drawn directly
};

SampleMoments moments_of_weights(const double* a, std::size_t count) {
  SampleMoments m;
  long double su = 0, sv = 0;
  for (std::size_t j = 0; j < count; ++j) {
    if (!std::isfinite(a[j])) {
      m.non_finite += 1;
      continue;
    }
    const long double aj = a[j];
    su += std::fabs(aj);
    sv += aj * aj;
    m.count += 1;
  }
  if (m.count == 0) return m;
  m.mean_u = su / m.count;  // two passes: means, then centred sums
  m.mean_v = sv / m.count;
  for (std::size_t j = 0; j < count; ++j) {
    if (!std::isfinite(a[j])) continue;
    const long double aj = a[j];
    const long double du = std::fabs(aj) - m.mean_u, dv = aj * aj - m.mean_v;
    m.m2_u += du * du;
    m.m2_v += dv * dv;
    m.c_uv += du * dv;
  }
  return m;
}

AttentionSampler::AttentionSampler(const GiNaC::ex& f, const GiNaC::ex& x, unsigned d, double beta, double gamma,
                                   std::uint64_t seed, std::shared_ptr<const ScoreDistribution> law) {
  auto impl = std::make_shared<Impl>();
  if (law && !law->is_normal()) impl->law = std::move(law);
  impl->f.emplace(f, x);  // compile errors surface here
  impl->d = d;
  impl->beta = beta;
  impl->gamma = gamma;
  impl->seed = seed;
  impl->stream = splitmix64(splitmix64(splitmix64(seed) ^ d) ^ bits(beta)) ^ splitmix64(bits(gamma));
  // geometry from its own generator: a random unit direction q, and w orthogonal to q
  boost::random::mt19937_64 g(splitmix64(impl->stream ^ 0x5eedULL));
  boost::random::normal_distribution<double> normal;
  Eigen::VectorXd q(d), w(d);
  for (unsigned k = 0; k < d; ++k) q[k] = normal(g);
  q.normalize();
  w.setZero();
  if (d >= 2) {
    for (unsigned k = 0; k < d; ++k) w[k] = normal(g);
    w -= w.dot(q) * q;
    w.normalize();
  }
  impl->q = q;
  impl->mu = beta * q + w;
  impl->sigma = gamma;  // ||q|| = 1
  impl_ = impl;
}

double AttentionSampler::realised_beta() const { return impl_->q.dot(impl_->mu); }
double AttentionSampler::realised_gamma() const { return impl_->sigma * impl_->q.norm(); }

SampleMoments AttentionSampler::sample(unsigned long n, unsigned threads, SamplerTimings* timings,
                                       const std::function<void(double)>& progress,
                                       std::vector<BatchSums>* batches) const {
  NestedSample one = sample_nested({n}, threads, progress, batches != nullptr, nullptr, timings);
  if (batches) *batches = std::move(one.batches.front());
  return one.moments.front();
}

NestedSample AttentionSampler::sample_nested(const std::vector<unsigned long>& sizes, unsigned threads,
                                             const std::function<void(double)>& progress, bool with_batches,
                                             ScoreCache* cache, SamplerTimings* timings) const {
  static_assert(kBlockRows % kBatchRows == 0, "a batch lies within one block");
  const Impl& s = *impl_;
  const unsigned long n = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
  const long blocks = static_cast<long>((n + kBlockRows - 1) / kBlockRows);
  std::vector<BatchSums> all_batches;
  if (with_batches) all_batches.assign((n + kBatchRows - 1) / kBatchRows, BatchSums{});
  std::vector<SampleMoments> per_block(static_cast<std::size_t>(blocks));
  // a smaller size ends inside a block of the largest: the moments of that block's first rows,
  // and the sums of its last (partial) batch, computed from the same weights as the block's own
  struct Tail {
    long block = -1;
    std::size_t rows = 0;  // rows of `block` in the smaller sample (< the block's rows here)
    SampleMoments moments;
    BatchSums batch;  // the partial batch's sums, if rows % kBatchRows != 0
  };
  std::vector<Tail> tails(sizes.size());
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    if (sizes[k] == 0 || sizes[k] == n) continue;
    const long b = static_cast<long>((sizes[k] - 1) / kBlockRows);
    const std::size_t rows = sizes[k] - static_cast<std::size_t>(b) * kBlockRows;
    if (rows < std::min<std::size_t>(kBlockRows, n - static_cast<std::size_t>(b) * kBlockRows)) tails[k] = {b, rows, {}, {}};
  }
  // kept scores of this geometry (normal law only: a direct law's draws are cheap)
  const ScoreCache::Key key{s.seed, s.d, bits(s.beta), bits(s.gamma)};
  const std::shared_ptr<const std::vector<double>> kept =
      cache && !s.law ? cache->find(key, n) : std::shared_ptr<const std::vector<double>>();
  std::shared_ptr<std::vector<double>> keeping;
  if (cache && !s.law && !kept && cache->would_keep(n)) keeping = std::make_shared<std::vector<double>>(n);
  // no more threads (each with a block of keys) than blocks
  const int team = std::max(1, static_cast<int>(std::min<long>(
                                   threads > 0 ? static_cast<long>(threads) : omp_get_max_threads(), blocks)));
  // one slot per member of the team actually started (thread numbers are below its size,
  // which is at most `team`)
  std::vector<SamplerTimings> per_thread(static_cast<std::size_t>(team));
  // chunks of blocks of about 2^27 normals each, with progress between them
  const long chunk = std::max<long>(1, static_cast<long>((1ul << 27) / (kBlockRows * std::max(1u, s.d))));
  for (long first = 0; first < blocks; first += chunk) {
    const long last = std::min(blocks, first + chunk);
    if (progress && first > 0) progress(static_cast<double>(first) / static_cast<double>(blocks));
#pragma omp parallel num_threads(team)
  {
    const DoubleExpression f = *s.f;  // a copy per thread (it has a scratch stack)
    RowMatrix keys(kBlockRows, s.d);
    Eigen::VectorXd scores(kBlockRows);
    std::vector<double> u(kBlockRows);
    SamplerTimings& mine = per_thread[static_cast<std::size_t>(omp_get_thread_num())];
#pragma omp for schedule(static)
    for (long b = first; b < last; ++b) {
      const auto t0 = Clock::now();
      // the last block may be partial: its generator draws only the rows needed, so a
      // smaller n is always a prefix of a larger one
      const std::size_t offset = static_cast<std::size_t>(b) * kBlockRows;
      const std::size_t rows = std::min<std::size_t>(kBlockRows, n - offset);
      const double* score = scores.data();
      std::size_t count = 0;
      if (kept) {
        score = kept->data() + offset;  // drawn before, by this geometry's generators
      } else if (s.law) {
        // the score itself: beta + gamma eps, eps from the law
        boost::random::mt19937_64 gen(splitmix64(s.stream ^ splitmix64(static_cast<std::uint64_t>(b))));
        for (std::size_t j = 0; j < rows; ++j) scores[static_cast<Eigen::Index>(j)] = s.beta + s.gamma * s.law->draw(gen);
        count = rows;
      } else {
        boost::random::mt19937_64 gen(splitmix64(s.stream ^ splitmix64(static_cast<std::uint64_t>(b))));
        boost::random::normal_distribution<double> normal;
        double* data = keys.data();
        count = rows * s.d;
        for (std::size_t k = 0; k < count; ++k) data[k] = normal(gen);
      }
      const auto t1 = Clock::now();
      if (!kept && !s.law) {
        keys *= s.sigma;  // k_j = mu + sigma * eps_j
        keys.rowwise() += s.mu.transpose();
        scores.noalias() = keys * s.q;  // q.k_j (rows past `rows` are stale and unused)
        if (keeping) std::copy(scores.data(), scores.data() + rows, keeping->data() + offset);
      }
      const auto t2 = Clock::now();
      for (std::size_t j = 0; j < rows; ++j) u[j] = f(score[j]);
      per_block[static_cast<std::size_t>(b)] = moments_of_weights(u.data(), rows);
      for (Tail& tail : tails)
        if (tail.block == b) tail.moments = moments_of_weights(u.data(), tail.rows);
      // the sums of the batches [j0, end) of this block, in key order
      const auto batch_sums = [&](std::size_t j0, std::size_t end) {
        BatchSums sums;
        for (std::size_t j = j0; j < end; ++j) {
          if (!std::isfinite(u[j])) continue;
          const long double aj = u[j];
          sums.sum_u += std::fabs(aj);
          sums.sum_v += aj * aj;
          sums.count += 1;
        }
        return sums;
      };
      if (with_batches) {
        // each block writes only its own batches
        for (std::size_t j0 = 0; j0 < rows; j0 += kBatchRows)
          all_batches[(offset + j0) / kBatchRows] = batch_sums(j0, std::min<std::size_t>(rows, j0 + kBatchRows));
        for (Tail& tail : tails)
          if (tail.block == b && tail.rows % kBatchRows != 0)
            tail.batch = batch_sums(tail.rows - tail.rows % kBatchRows, tail.rows);
      }
      const auto t3 = Clock::now();
      mine.generate += std::chrono::duration<double>(t1 - t0).count();
      mine.matvec += std::chrono::duration<double>(t2 - t1).count();
      mine.reduce += std::chrono::duration<double>(t3 - t2).count();
      mine.normals += static_cast<double>(count);
    }
  }
  }
  if (keeping) cache->keep(key, keeping);
  NestedSample out;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    // merged in block order (thread-count independent), the last block as this size has it
    const long size_blocks = static_cast<long>((sizes[k] + kBlockRows - 1) / kBlockRows);
    SampleMoments total;
    for (long b = 0; b < size_blocks; ++b)
      total.merge(tails[k].block == b ? tails[k].moments : per_block[static_cast<std::size_t>(b)]);
    out.moments.push_back(total);
    if (with_batches && sizes[k] != n) {
      std::vector<BatchSums> mine(all_batches.begin(),
                                  all_batches.begin() + static_cast<long>((sizes[k] + kBatchRows - 1) / kBatchRows));
      if (tails[k].block >= 0 && tails[k].rows % kBatchRows != 0) mine.back() = tails[k].batch;
      out.batches.push_back(std::move(mine));
    } else if (with_batches) {
      out.batches.emplace_back();  // the largest size's: filled below
    }
  }
  if (with_batches) {
    // the largest size takes the batches themselves (no copy), its repeats a copy
    std::size_t largest = sizes.size();
    for (std::size_t k = 0; k < sizes.size(); ++k)
      if (sizes[k] == n && k != largest) {
        if (largest == sizes.size()) {
          largest = k;
          out.batches[k] = std::move(all_batches);
        } else {
          out.batches[k] = out.batches[largest];
        }
      }
  }
  if (timings) {
    for (const SamplerTimings& t : per_thread) {
      timings->generate += t.generate;
      timings->matvec += t.matvec;
      timings->reduce += t.reduce;
      timings->normals += t.normals;
    }
  }
  return out;
}

}  // namespace attnverify::num
