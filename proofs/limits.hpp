// Limits of closed forms in one variable by GiNaC's series expansion.
//
// lim_{v -> 0+} e, lim_{v -> inf} e or lim_{v -> -inf} e: substitute v = t, v = 1/t or v = -1/t and expand e in
// t at t = 0 to a few orders. When GiNaC produces a (Laurent) series, the limit is
// its t^0 coefficient if the lowest power is >= 0, 0 when the expansion is O(t^k),
// k > 0, and infinite when the lowest power is negative. When GiNaC cannot expand
// (essential singularities such as exp(-1/t^2), erf(1/t), Puiseux series) the
// result is empty and callers fall back to numeric extrapolation.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>

namespace attnverify::sym {

/// Where a limit's parameter goes: 0 from above, +infinity, -infinity.
enum class LimitPoint { Zero, Infinity, NegativeInfinity };

/// "0", "infinity" or "-infinity".
std::string to_text(LimitPoint to);

struct SeriesLimit {
  bool finite = true;
  GiNaC::ex value;        ///< the limit when finite
  std::string expansion;  ///< the series in t, as text
};

/// e must depend on no symbol other than `v`. Never throws.
std::optional<SeriesLimit> series_limit(const GiNaC::ex& e, const GiNaC::symbol& v, LimitPoint to);

}  // namespace attnverify::sym
