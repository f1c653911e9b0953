#include "numerics/score_cache.hpp"

#include <tuple>

namespace attnverify::num {

bool ScoreCache::Key::operator<(const Key& o) const {
  return std::tie(seed, d, beta_bits, gamma_bits) < std::tie(o.seed, o.d, o.beta_bits, o.gamma_bits);
}

std::shared_ptr<const std::vector<double>> ScoreCache::find(const Key& key, std::size_t n) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  const auto it = kept_.find(key);
  return it != kept_.end() && it->second->size() >= n ? it->second : nullptr;
}

bool ScoreCache::would_keep(std::size_t n) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  const std::size_t bytes = n * sizeof(double);
  return bytes <= budget_ / 4 && used_ + bytes <= budget_;
}

void ScoreCache::keep(const Key& key, std::shared_ptr<const std::vector<double>> scores) {
  const std::lock_guard<std::mutex> lock(mutex_);
  const std::size_t bytes = scores->size() * sizeof(double);
  if (bytes > budget_ / 4 || used_ + bytes > budget_) return;
  auto& slot = kept_[key];
  if (slot) {
    if (slot->size() >= scores->size()) return;
    used_ -= slot->size() * sizeof(double);
  }
  used_ += bytes;
  slot = std::move(scores);
}

}  // namespace attnverify::num
