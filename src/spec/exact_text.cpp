#include "src/spec/exact_text.hpp"

#include <sstream>

namespace attnverify {

std::string exact_text(const GiNaC::numeric& value) {
  using GiNaC::numeric;
  numeric den = value.denom();
  int twos = 0, fives = 0;
  while (GiNaC::mod(den, 2).is_zero()) {
    den = den / 2;
    ++twos;
  }
  while (GiNaC::mod(den, 5).is_zero()) {
    den = den / 5;
    ++fives;
  }
  std::ostringstream os;
  if (den != 1) {
    os << value;  // p/q
    return os.str();
  }
  const int places = std::max(twos, fives);
  const numeric scaled = value * GiNaC::ex_to<numeric>(GiNaC::pow(numeric(10), places));  // an integer
  std::string digits;
  {
    std::ostringstream d;
    d << GiNaC::abs(scaled);
    digits = d.str();
  }
  if (places > 0) {
    if (static_cast<int>(digits.size()) <= places)
      digits.insert(0, static_cast<std::size_t>(places + 1 - static_cast<int>(digits.size())), '0');
    digits.insert(digits.size() - static_cast<std::size_t>(places), ".");
  }
  return (value.is_negative() ? "-" : "") + digits;
}

}  // namespace attnverify
