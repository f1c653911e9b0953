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
  std::uint64_t stream;
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
  static_assert(kBlockRows % kBatchRows == 0, "a batch lies within one block");
  const Impl& s = *impl_;
  const long blocks = static_cast<long>((n + kBlockRows - 1) / kBlockRows);
  if (batches) batches->assign((n + kBatchRows - 1) / kBatchRows, BatchSums{});
  std::vector<SampleMoments> per_block(static_cast<std::size_t>(blocks));
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
      const std::size_t rows = std::min<std::size_t>(kBlockRows, n - static_cast<std::size_t>(b) * kBlockRows);
      boost::random::mt19937_64 gen(splitmix64(s.stream ^ splitmix64(static_cast<std::uint64_t>(b))));
      std::size_t count = rows;
      if (s.law) {
        // the score itself: beta + gamma eps, eps from the law
        for (std::size_t j = 0; j < rows; ++j) scores[static_cast<Eigen::Index>(j)] = s.beta + s.gamma * s.law->draw(gen);
      } else {
        boost::random::normal_distribution<double> normal;
        double* data = keys.data();
        count = rows * s.d;
        for (std::size_t k = 0; k < count; ++k) data[k] = normal(gen);
      }
      const auto t1 = Clock::now();
      if (!s.law) {
        keys *= s.sigma;  // k_j = mu + sigma * eps_j
        keys.rowwise() += s.mu.transpose();
        scores.noalias() = keys * s.q;  // q.k_j (rows past `rows` are stale and unused)
      }
      const auto t2 = Clock::now();
      for (std::size_t j = 0; j < rows; ++j) u[j] = f(scores[static_cast<Eigen::Index>(j)]);
      const SampleMoments m = moments_of_weights(u.data(), rows);
      per_block[static_cast<std::size_t>(b)] = m;
      if (batches) {
        // each block writes only its own batches
        for (std::size_t j0 = 0; j0 < rows; j0 += kBatchRows) {
          BatchSums& sums = (*batches)[(static_cast<std::size_t>(b) * kBlockRows + j0) / kBatchRows];
          for (std::size_t j = j0; j < std::min<std::size_t>(rows, j0 + kBatchRows); ++j) {
            if (!std::isfinite(u[j])) continue;
            const long double aj = u[j];
            sums.sum_u += std::fabs(aj);
            sums.sum_v += aj * aj;
            sums.count += 1;
          }
        }
      }
      const auto t3 = Clock::now();
      mine.generate += std::chrono::duration<double>(t1 - t0).count();
      mine.matvec += std::chrono::duration<double>(t2 - t1).count();
      mine.reduce += std::chrono::duration<double>(t3 - t2).count();
      mine.normals += static_cast<double>(count);
    }
  }
  }
  SampleMoments total;
  for (const SampleMoments& m : per_block) total.merge(m);  // fixed order: thread-count independent
  if (timings) {
    for (const SamplerTimings& t : per_thread) {
      timings->generate += t.generate;
      timings->matvec += t.matvec;
      timings->reduce += t.reduce;
      timings->normals += t.normals;
    }
  }
  return total;
}

}  // namespace attnverify::num
