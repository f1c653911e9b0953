#include "src/verdicts/variant_result.hpp"

#include <cmath>

namespace attnverify {

Curve inverse_sqrt_reference(const std::vector<Curve>& curves) {
  Curve reference{"slope $-1/2$", true, {}};
  double log_mean = 0;
  std::size_t levels = 0;
  const Curve* first = nullptr;
  for (const Curve& c : curves) {
    if (c.points.empty()) continue;
    log_mean += std::log(c.points.front().second);
    ++levels;
    if (!first) first = &c;
  }
  if (!first) return reference;
  const double x0 = first->points.front().first, y0 = std::exp(log_mean / static_cast<double>(levels));
  for (const auto& point : first->points) reference.points.emplace_back(point.first, y0 * std::sqrt(x0 / point.first));
  return reference;
}

}  // namespace attnverify
