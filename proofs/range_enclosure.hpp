// Range enclosure: a sound interval for the values an expression takes when each
// symbol ranges over its own interval (beta in R, gamma in (0, inf), lambda in (0, 1],
// ...), used to prove signs on a whole domain: a denominator that never vanishes, a
// radicand that is never negative, a claim that is never negative.
//
// Interval arithmetic (Moore, Kearfott & Cloud, "Introduction to Interval Analysis",
// SIAM 2009, ch. 2-3) over the extended reals with open and closed ends, so that
// strict signs survive: gamma in (0, inf) gives gamma^2 + beta^2 in (0, inf), and
// erf(u) in (-1, 1) gives 1 + erf(u) in (0, 2). Ends are doubles rounded outward (a
// rounded end is marked open, since the exact end lies strictly inside); every
// function's image of an interval is taken through its monotone pieces. Each symbol
// is treated as independent of the others, so the enclosure can be much wider than
// the true range (beta*gamma - beta*gamma encloses to R): it proves, it never refutes.
//
// Unsupported nodes and possibly undefined operations (1/u with u reaching 0, the
// square root of a range that reaches below 0) give the whole line.
#pragma once

#include <ginac/ginac.h>

#include <cmath>
#include <map>

namespace attnverify::sym {

struct Range {
  double lo = -HUGE_VAL, hi = HUGE_VAL;
  bool lo_open = true, hi_open = true;  ///< infinite ends are always open

  static Range whole() { return {}; }
  static Range point(double v) { return {v, v, false, false}; }
  bool positive() const { return lo > 0 || (lo == 0 && lo_open); }  ///< every value > 0
  bool negative() const { return hi < 0 || (hi == 0 && hi_open); }  ///< every value < 0
  bool nonnegative() const { return lo >= 0; }                      ///< every value >= 0
  bool nonpositive() const { return hi <= 0; }                      ///< every value <= 0
  bool nonzero() const { return positive() || negative(); }
};

using SymbolRanges = std::map<GiNaC::ex, Range, GiNaC::ex_is_less>;

/// An interval that contains every value of `e` for symbol values in `ranges`
/// (symbols not listed range over the whole line).
Range enclose(const GiNaC::ex& e, const SymbolRanges& ranges);

}  // namespace attnverify::sym
