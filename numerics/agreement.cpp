#include "numerics/agreement.hpp"

#include <algorithm>

namespace attnverify::num {

double digits_of_agreement(const Real& a, const Real& b, double cap_digits) {
  const Real scale = std::max(abs(a), abs(b));
  const Real difference = abs(Real(a - b));
  if (difference == 0 || scale == 0) return cap_digits;
  const Real digits = -log10(Real(difference / scale));
  return std::min(cap_digits, digits.convert_to<double>());
}

double relative_error_digits(const Real& error, const Real& value, double cap_digits) {
  if (error == 0) return cap_digits;
  if (value == 0) return 0;
  const Real digits = -log10(Real(abs(error) / abs(value)));
  return std::min(cap_digits, digits.convert_to<double>());
}

}  // namespace attnverify::num
