#include "src/run/run_result.hpp"

#include <arb.h>
#include <boost/version.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <Eigen/Core>
#include <ginac/version.h>
#include <mpfr.h>

#include "src/version.hpp"

namespace attnverify {

std::size_t RunResult::unexpected_count() const {
  std::size_t count = 0;
  for (const auto& v : variants) {
    for (const auto& r : v.records) count += r.unexpected() ? 1 : 0;
    count += v.parametric_mismatch.empty() ? 0 : 1;  // a member's forms unlike the forms in its parameters
  }
  return count;
}

std::vector<std::pair<std::string, std::string>> library_versions() {
  std::string boost = std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
                      std::to_string(BOOST_VERSION % 100);
  std::string ginac = std::to_string(GINACLIB_MAJOR_VERSION) + "." + std::to_string(GINACLIB_MINOR_VERSION) + "." +
                      std::to_string(GINACLIB_MICRO_VERSION);
  return {{"attnverify", kVersion},
          {"GiNaC", ginac},
          {"Boost", boost},
          {"MPFR", MPFR_VERSION_STRING},
          {"Arb", ARB_VERSION},
          {"FLINT", FLINT_VERSION},
          {"Eigen", fmt::format("{}.{}.{}", EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION, EIGEN_MINOR_VERSION)},
          {"fmt", fmt::format("{}.{}.{}", FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100)},
          {"nlohmann-json", fmt::format("{}.{}.{}", NLOHMANN_JSON_VERSION_MAJOR, NLOHMANN_JSON_VERSION_MINOR,
                                        NLOHMANN_JSON_VERSION_PATCH)}};
}

}  // namespace attnverify
