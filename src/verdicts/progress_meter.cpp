#include "src/verdicts/progress_meter.hpp"

#include <fmt/format.h>

#include <utility>

namespace attnverify {

ProgressMeter::ProgressMeter(const Progress& progress, std::string prefix, std::string items, std::size_t total,
                             double interval_seconds)
    : progress_(progress),
      prefix_(std::move(prefix)),
      items_(std::move(items)),
      total_(total),
      interval_(interval_seconds),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void ProgressMeter::update(std::size_t done) {
  if (!progress_) return;
  const auto now = std::chrono::steady_clock::now();
  if (std::chrono::duration<double>(now - last_).count() < interval_ || done == 0 || done >= total_) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double left = elapsed * static_cast<double>(total_ - done) / static_cast<double>(done);
  progress_(fmt::format("{}: {}/{} {}, {:.0f} s, about {:.0f} s left", prefix_, done, total_, items_, elapsed, left));
}

}  // namespace attnverify
