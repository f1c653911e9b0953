#include "src/verdicts/check_record.hpp"

#include <sstream>

namespace attnverify {

std::string describe_point(const NamedValues& point) {
  std::string out;
  for (const auto& [name, value] : point) out += (out.empty() ? "" : ", ") + name + " = " + value;
  return out;
}

}  // namespace attnverify
