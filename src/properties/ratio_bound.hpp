// A constant bound on a kernel's S over its whole domain (beta in R, gamma > 0), decided exactly
// in t = beta/gamma by Sturm's theorem, for the bound and extremum property kinds.
//
// Where S(beta, gamma) = S_t(beta/gamma) is proved (src/properties/ratio_reduction.hpp) and
// g(t) = (S_t/c)^2 - 1 (for S >= c; (c/S_t)^2 - 1 for S <= c) is a product of powers of
// polynomials in t with rational coefficients, as for polynomial kernels under the uniform and
// Laplace laws (x^2 under uniform scores, c = 2/3: g = (5t^2 - 3)^2/(4(5t^4 + 30t^2 + 9))), the
// signs of g and of the side that must be positive (S_t for S >= c, c for S <= c) at every real t
// are decided by proofs/polynomial_sign.hpp: g > 0 and the side > 0 give |S| > |c| with S > 0
// (or c > 0), so S > c (S < c); g >= 0 gives S >= c (S <= c), with equality exactly at the real
// roots of g's numerator (`touching`, exact where its irreducible factors have degree <= 2).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

namespace attnverify {

/// S = S_t(beta/gamma) (proved) and g(t) = (S_t/c)^2 - 1, or (c/S_t)^2 - 1 for `below` (S <= c),
/// in GiNaC's normal form: what bound_in_ratio and ratio_violation_point decide, computed once.
struct RatioGap {
  GiNaC::ex t;    ///< the ratio's symbol
  GiNaC::ex S_t;  ///< S(t, 1)
  GiNaC::ex gap;  ///< g(t)
  GiNaC::ex c;    ///< the constant bound
  bool below = false;
};

/// The gap of S (in `symbols` = (beta, gamma)) against a constant c, or nullopt when S is not
/// proved a function of beta/gamma or c holds a symbol. Never throws.
std::optional<RatioGap> ratio_gap(const GiNaC::ex& S, const std::vector<GiNaC::ex>& symbols, const GiNaC::ex& c,
                                  bool below);

struct RatioBound {
  bool strict = false;              ///< g > 0 (S > c, S < c); else g >= 0 (S >= c, S <= c)
  std::vector<GiNaC::ex> touching;  ///< the real t with g(t) = 0, exact (empty when strict or not located)
  std::string how;                  ///< " With S(beta, gamma) = S_t(t), ... so S >= c on the whole domain."
};

/// S >= c (S <= c for `below`) at every beta in R, gamma > 0, proved as above from the gap; nullopt
/// when not proved (g not of that form, or a sign that is not shown). Never throws.
std::optional<RatioBound> bound_in_ratio(const RatioGap& gap);

/// A point (beta, gamma) = (t*, 1) of the domain where g(t*) < 0 (the bound fails there), t*
/// rational, found exactly where g is a rational function of t with rational coefficients: a root
/// of its numerator times denominator isolated by Sturm's theorem (proofs/polynomial_sign.hpp:
/// bounds 10^-27 above an irrational minimum of S, or failing only as t -> infinity, which no
/// search of beta/gamma reaches). Only a candidate: the caller certifies the violation at the point
/// with balls of S and c. nullopt when none. Never throws.
std::optional<std::vector<GiNaC::numeric>> ratio_violation_point(const RatioGap& gap);

/// An exact point (beta, gamma) of the box (beta in box[0], gamma in box[1], exact rational ends)
/// with beta/gamma = t, for an exact real t (such as sqrt(15)/5): gamma a rational in the
/// gamma-range that keeps t gamma in beta's, its membership shown by interval enclosures; nullopt
/// when none is found. Never throws.
std::optional<std::pair<GiNaC::ex, GiNaC::ex>> box_point_with_ratio(const GiNaC::ex& t,
                                                                    const std::vector<std::pair<GiNaC::numeric, GiNaC::numeric>>& box);

}  // namespace attnverify
