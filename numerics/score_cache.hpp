// Scores already drawn by the attention sampler, kept for one run (issue 46: the seed kernels
// exp, relu2 and identity sample the same keys at (beta, gamma) = (-1, 1/2) with one seed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace attnverify::num {

/// Scores q.k_j already drawn for a normal-law geometry, kept for one run so that checks which
/// sample the same keys draw them once: the key is (seed, d, beta, gamma), which fixes q, mu,
/// sigma and every block's generator, so a kept score is the number a new draw would give, bit
/// for bit. (The seed kernels sample the point (beta, gamma) = (-1, 1/2) with one seed: exp,
/// relu2 and identity weigh the same keys.) Holds at most `budget_bytes` of scores; a sample of
/// more than a quarter of the budget is not kept, and once the budget is spent nothing more is.
/// Thread-safe; a run makes one (src/verdicts/run_options.hpp), tests and benchmarks none.
class ScoreCache {
 public:
  explicit ScoreCache(std::size_t budget_bytes = std::size_t{256} << 20) : budget_(budget_bytes) {}

  struct Key {
    std::uint64_t seed;
    unsigned d;
    std::uint64_t beta_bits, gamma_bits;
    bool operator<(const Key& o) const;
  };
  /// The kept scores of `key` if at least n of them are kept, else null.
  std::shared_ptr<const std::vector<double>> find(const Key& key, std::size_t n) const;
  /// Whether a sample of n scores would be kept (within the budget's quarter and what is left).
  bool would_keep(std::size_t n) const;
  /// Keeps `scores` (the first scores.size() keys of `key`) if would_keep; replaces a shorter one.
  void keep(const Key& key, std::shared_ptr<const std::vector<double>> scores);

 private:
  std::size_t budget_, used_ = 0;
  mutable std::mutex mutex_;
  std::map<Key, std::shared_ptr<const std::vector<double>>> kept_;
};

}  // namespace attnverify::num
