// Digits of agreement between two values (docs/design.md §4):
//
//   digits(a, b) = -log10( |a - b| / max(|a|, |b|) )
//
// a relative measure in decimal digits. Identical values (including a = b = 0)
// have no measurable difference; they get `cap_digits`, the precision the two were
// computed at, as the figure is then bounded by that precision and no better.
#pragma once

#include "numerics/precision.hpp"

namespace attnverify::num {

/// digits(a, b), capped at cap_digits. Values of opposite sign give <= -log10(2).
double digits_of_agreement(const Real& a, const Real& b, double cap_digits);

/// |error| / |value| in decimal digits: -log10(error/|value|), capped at cap_digits.
double relative_error_digits(const Real& error, const Real& value, double cap_digits);

}  // namespace attnverify::num
