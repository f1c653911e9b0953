#include "numerics/double_exponential.hpp"

#include <boost/math/constants/constants.hpp>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include "numerics/precision.hpp"
#include <stdexcept>

namespace attnverify::num {

namespace {

// Below this weight (relative to the integrand's scale) a node cannot matter at
// `digits` digits: 10 digits of margin.
Real negligible(unsigned digits) { return pow(Real(10), -static_cast<int>(Precision{digits}.guarded())); }

}  // namespace

const DoubleExponentialRule& DoubleExponentialRule::shared(Kind kind, unsigned digits) {
  static std::mutex mutex;
  static std::map<std::pair<Kind, unsigned>, std::unique_ptr<DoubleExponentialRule>> rules;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& slot = rules[{kind, digits}];
  if (!slot) slot = std::make_unique<DoubleExponentialRule>(kind, digits);
  return *slot;
}

DoubleExponentialRule::DoubleExponentialRule(Kind kind, unsigned digits) : kind_(kind), digits_(digits) {
  ScopedPrecision precision(digits_);
  const Real small = negligible(digits_);
  const Real half_pi = boost::math::constants::half_pi<Real>();
  // the t range on the level-0 grid (multiples of 1/2), cut where nodes stop mattering
  if (kind_ == Kind::TanhSinh) {
    t_low_ = 0;
    t_high_ = 0.5;
    for (;; t_high_ += 0.5) {
      const Real u = half_pi * sinh(Real(t_high_));
      const Real c = cosh(u);
      if (half_pi * cosh(Real(t_high_)) / (c * c) < small) break;
    }
  } else {
    t_low_ = -0.5;
    for (;; t_low_ -= 0.5) {
      const Real e = exp(Real(-t_low_));
      if (exp(Real(t_low_) - e) * (1 + e) < small) break;
    }
    t_high_ = 0.5;
    while (exp(Real(t_high_) - exp(Real(-t_high_))) < 64) t_high_ += 0.5;
  }
  for (unsigned k = 0; k <= kMaxLevel; ++k) levels_[k] = build(k);
}

const std::vector<DoubleExponentialRule::Node>& DoubleExponentialRule::level(unsigned k) const {
  if (k > kMaxLevel) throw std::out_of_range("DoubleExponentialRule: level above kMaxLevel");
  return levels_[k];
}

std::vector<DoubleExponentialRule::Node> DoubleExponentialRule::build(unsigned k) const {
  ScopedPrecision precision(digits_);
  const Real half_pi = boost::math::constants::half_pi<Real>();
  const double h = step(k);
  std::vector<Node> nodes;
  // level 0: every multiple of h_0; level k: the odd multiples of h_k
  const long first = static_cast<long>(std::floor(t_low_ / h)), last = static_cast<long>(std::ceil(t_high_ / h));
  for (long j = first; j <= last; ++j) {
    if (k > 0 && j % 2 == 0) continue;
    const Real t = Real(j) * Real(h);  // exact: h is a power of two
    Node node{static_cast<double>(j) * h, Real(), Real()};
    if (kind_ == Kind::TanhSinh) {
      const Real u = half_pi * sinh(t), c = cosh(u);
      node.abscissa = exp(-u) / c;  // 1 - tanh u
      node.weight = half_pi * cosh(t) / (c * c);
    } else {
      const Real e = exp(-t);
      node.abscissa = exp(t - e);
      node.weight = node.abscissa * (1 + e);
    }
    nodes.push_back(std::move(node));
  }
  return nodes;
}

}  // namespace attnverify::num
