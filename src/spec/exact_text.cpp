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

std::optional<GiNaC::numeric> exact_value(const std::string& text) {
  // -digits[.digits][/digits], the denominator not starting with 0; at most 12 000
  // characters (a hostile text costs no more than its parse)
  const auto digits_from = [&](std::size_t k) {
    while (k < text.size() && text[k] >= '0' && text[k] <= '9') ++k;
    return k;
  };
  if (text.size() > 12000) return std::nullopt;
  const std::size_t start = text.rfind('-', 0) == 0 ? 1 : 0;
  std::size_t end = digits_from(start);
  if (end == start) return std::nullopt;
  if (end < text.size() && text[end] == '.') {
    const std::size_t after = digits_from(end + 1);
    if (after == end + 1) return std::nullopt;
    end = after;
  }
  if (end < text.size() && text[end] == '/') {
    if (end + 1 >= text.size() || text[end + 1] == '0') return std::nullopt;
    const std::size_t after = digits_from(end + 1);
    if (after == end + 1) return std::nullopt;
    end = after;
  }
  if (end != text.size()) return std::nullopt;
  const std::size_t slash = text.find('/');
  const std::string head = text.substr(0, slash);
  const std::size_t dot = head.find('.');
  std::string digits = head;
  long decimals = 0;
  if (dot != std::string::npos) {
    digits = head.substr(0, dot) + head.substr(dot + 1);
    decimals = static_cast<long>(head.size() - dot - 1);
  }
  GiNaC::numeric value = GiNaC::numeric(digits.c_str()) / GiNaC::pow(GiNaC::numeric(10), GiNaC::numeric(decimals));
  if (slash != std::string::npos) value = value / GiNaC::numeric(text.substr(slash + 1).c_str());
  return value;
}

}  // namespace attnverify
