#include "numerics/bailey_error_estimate.hpp"

#include <algorithm>

namespace attnverify::num {

Real bailey_error_estimate(const Real& s_k, const Real& s_k1, const std::optional<Real>& s_k2, const Real& l1,
                           unsigned floor_digits) {
  const Real r1 = abs(Real(s_k - s_k1));
  if (r1 == 0) return Real(0);
  if (!s_k2) return r1;
  const Real r2 = abs(Real(s_k - *s_k2));
  if (!(r2 > 0 && r1 < l1 && r2 < l1)) return r1;
  const double d1 = log10(Real(r1 / l1)).convert_to<double>(), d2 = log10(Real(r2 / l1)).convert_to<double>();
  const double exponent = std::max({d1 * d1 / d2, 2 * d1, -static_cast<double>(floor_digits)});
  return l1 * pow(Real(10), Real(exponent));
}

}  // namespace attnverify::num
