// The large-n limit of S_n for power weights a_i = c i^q (c != 0 a number, q a real constant:
// a rational, or such as sqrt(2)), which have no closed form in n (harmonic numbers and their kin) but whose sums
// grow in a known way (comparison of sum_{i=1}^n i^s with the integral of x^s, x^s monotone):
//
//   sum_{i=1}^n i^s ~ n^(s+1)/(s+1)   (s > -1),   ~ log n   (s = -1),   -> zeta(-s) < inf   (s < -1).
//
// With S_n = sum|a_i| / sqrt(n sum a_i^2) (the factor |c| cancels), s = q and s = 2q give
//   q > -1/2:        S_n -> sqrt(2q + 1)/(q + 1)
//   q = -1/2:        S_n ~ 2/sqrt(log n) -> 0
//   -1 < q < -1/2:   S_n ~ n^(q + 1/2) / ((q + 1) sqrt(zeta(-2q))) -> 0
//   q = -1:          S_n ~ log n / sqrt(zeta(2) n) -> 0
//   q < -1:          S_n ~ zeta(-q) / sqrt(zeta(-2q) n) -> 0
// (e.g. a_i = i^2: sqrt5/3; a_i = sqrt(i): 2 sqrt2/3; a_i = 1/i and 1/i^2: 0).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>

namespace attnverify::sym {

struct PowerWeightLimit {
  GiNaC::ex q;         ///< the exponent of a_i = c i^q, a real constant
  GiNaC::ex limit;     ///< lim_{n -> inf} S_n, exact
  std::string reason;  ///< the case of the table above that gives it, as text
};

/// For a weight c i^q (c a nonzero real number, q a real constant, no other symbol), the
/// limit of S_n as n -> infinity; nullopt for any other weight, or where q's place against
/// -1/2 and -1 is not decided (exactly for a rational q, by an interval enclosure otherwise).
/// Never throws.
std::optional<PowerWeightLimit> power_weight_limit(const GiNaC::ex& weight, const GiNaC::symbol& i);

}  // namespace attnverify::sym
