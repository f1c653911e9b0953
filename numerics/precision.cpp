#include "numerics/precision.hpp"

#include <sstream>

namespace attnverify::num {

std::string to_decimal(const Real& x, unsigned digits) {
  std::ostringstream os;
  os.precision(digits);
  os << x;
  return os.str();
}

}  // namespace attnverify::num
