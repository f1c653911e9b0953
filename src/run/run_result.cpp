#include "src/run/run_result.hpp"

#include <boost/version.hpp>
#include <ginac/version.h>
#include <mpfr.h>

#include "src/version.hpp"

namespace attnverify {

std::size_t RunResult::unexpected_count() const {
  std::size_t count = 0;
  for (const auto& v : variants)
    for (const auto& r : v.records) count += r.unexpected() ? 1 : 0;
  return count;
}

std::vector<std::pair<std::string, std::string>> library_versions() {
  std::string boost = std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
                      std::to_string(BOOST_VERSION % 100);
  std::string ginac = std::to_string(GINACLIB_MAJOR_VERSION) + "." + std::to_string(GINACLIB_MINOR_VERSION) + "." +
                      std::to_string(GINACLIB_MICRO_VERSION);
  return {{"attnverify", kVersion}, {"GiNaC", ginac}, {"Boost", boost}, {"MPFR", MPFR_VERSION_STRING}};
}

}  // namespace attnverify
