// Shared helpers for the test suites: reading decimal literals at working precision
// (never through double) and measuring digits of agreement.
#pragma once

#include <string>

#include "numerics/agreement.hpp"
#include "numerics/precision.hpp"

namespace attnverify::test {

/// Digits of agreement of a computed value with a decimal reference literal, both at `digits` + 10.
inline double digits_against(const num::Real& computed, const std::string& reference, unsigned digits) {
  num::ScopedPrecision scope(digits + 10);
  const num::Real ref(reference);
  return num::digits_of_agreement(computed, ref, digits + 10);
}

}  // namespace attnverify::test
