// The test-only planted error of src/verdicts/planted_error.hpp.
#include "src/verdicts/planted_error.hpp"

#include <arb.h>

#include <cmath>
#include <cstdlib>
#include <regex>

namespace attnverify {

std::string planted_error_problem(const std::string& text) {
  static const std::regex decimal(R"(^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,4})?$)");
  if (text.size() > 40 || !std::regex_match(text, decimal))
    return "the planted error must be a decimal number such as 1e-44 or 0.002";
  const double value = std::strtod(text.c_str(), nullptr);
  // (a value below the double range, e.g. 1e-400, reads as 0 here and is still nonzero:
  // only the text's own digits decide that)
  if (text.find_first_of("123456789") >= text.find_first_of("eE")) return "the planted error must not be 0";
  if (!(std::fabs(value) < 1)) return "the planted error must be less than 1 in absolute value";
  return "";
}

bool plants_error(const RunOptions& options) { return !options.planted_error.empty(); }

num::Real with_planted_error(const num::Real& S, const RunOptions& options) {
  if (!plants_error(options)) return S;
  num::Real factor(options.planted_error, S.precision());
  factor += 1;
  return S * factor;
}

num::Ball with_planted_error(const num::Ball& S, const RunOptions& options, long bits) {
  if (!plants_error(options)) return S;
  num::Ball factor, out;
  if (arb_set_str(factor.get(), options.planted_error.c_str(), bits) != 0)
    arb_indeterminate(factor.get());  // (the command line admits only text Arb reads)
  arb_add_ui(factor.get(), factor.get(), 1, bits);
  arb_mul(out.get(), S.get(), factor.get(), bits);
  return out;
}

}  // namespace attnverify
