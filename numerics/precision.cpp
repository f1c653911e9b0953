#include "numerics/precision.hpp"

#include <sstream>

#include "numerics/ball.hpp"

namespace attnverify::num {

long Precision::ball_bits() const { return bits_for_digits(guarded()); }

std::string to_decimal(const Real& x, unsigned digits) {
  std::ostringstream os;
  os.precision(digits);
  os << x;
  return os.str();
}

std::string rounded_decimal(const std::string& text, unsigned digits) {
  try {
    ScopedPrecision scope(static_cast<unsigned>(text.size()) + 10);
    return to_decimal(Real(text), digits);
  } catch (const std::exception&) {
    return text;
  }
}

}  // namespace attnverify::num
