#include "src/verdicts/variant_result.hpp"

#include <cmath>
#include <set>

namespace attnverify {

std::string to_string(ClosedFormStatus status) {
  return status == ClosedFormStatus::Derived ? "derived" : "no-closed-form";
}

std::optional<ClosedFormStatus> closed_form_status_from_string(std::string_view text) {
  for (ClosedFormStatus s : {ClosedFormStatus::Derived, ClosedFormStatus::NoClosedForm})
    if (to_string(s) == text) return s;
  return std::nullopt;
}

Curve inverse_sqrt_reference(const std::vector<Curve>& curves) {
  Curve reference{"slope $-1/2$", true, {}};
  // every x of every curve (a curve of one point still spans the axis with the others)
  std::set<double> xs;
  for (const Curve& c : curves)
    for (const auto& point : c.points) xs.insert(point.first);
  if (xs.empty()) return reference;
  // through the geometric mean of each curve's first value carried to the smallest x at the rate
  const double x0 = *xs.begin();
  double log_mean = 0;
  std::size_t levels = 0;
  for (const Curve& c : curves) {
    if (c.points.empty()) continue;
    log_mean += std::log(c.points.front().second * std::sqrt(c.points.front().first / x0));
    ++levels;
  }
  const double y0 = std::exp(log_mean / static_cast<double>(levels));
  for (const double x : xs) reference.points.emplace_back(x, y0 * std::sqrt(x0 / x));
  return reference;
}

}  // namespace attnverify
