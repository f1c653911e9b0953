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

struct RatioBound {
  bool strict = false;            ///< g > 0 (S > c, S < c); else g >= 0 (S >= c, S <= c)
  GiNaC::ex t;                    ///< the ratio's symbol
  GiNaC::ex S_t;                  ///< S(t, 1)
  GiNaC::ex gap;                  ///< g(t) in GiNaC's normal form
  std::vector<GiNaC::ex> touching;  ///< the real t with g(t) = 0, exact (empty when strict or not located)
  std::string how;                ///< " With S(beta, gamma) = S_t(t), ... so S >= c on the whole domain."
};

/// S >= c (below = false) or S <= c (below = true) at every beta in R, gamma > 0, for S in
/// `symbols` = (beta, gamma) and a constant c, proved as above; nullopt when not proved (S not a
/// function of beta/gamma, g not of that form, or a sign that is not shown). Never throws.
std::optional<RatioBound> bound_in_ratio(const GiNaC::ex& S, const std::vector<GiNaC::ex>& symbols, const GiNaC::ex& c,
                                         bool below);

/// A point (beta, gamma) = (t*, 1) of the domain where (S_t/c)^2 < 1 (for S >= c; (c/S_t)^2 < 1 for
/// S <= c), t* rational, found exactly where that gap is a rational function of t with rational
/// coefficients: a root of its numerator times denominator isolated by Sturm's theorem
/// (proofs/polynomial_sign.hpp: bounds 10^-27 above an irrational minimum of S, or failing only
/// as t -> infinity, which no search of beta/gamma reaches). Only a candidate: the caller
/// certifies the violation at the point with balls of S and c. nullopt when none. Never throws.
std::optional<std::vector<GiNaC::numeric>> ratio_violation_point(const GiNaC::ex& S,
                                                                 const std::vector<GiNaC::ex>& symbols,
                                                                 const GiNaC::ex& c, bool below);

/// An exact point (beta, gamma) of the box (beta in box[0], gamma in box[1], exact rational ends)
/// with beta/gamma = t, for an exact real t (such as sqrt(15)/5): gamma a rational in the
/// gamma-range that keeps t gamma in beta's, its membership shown by interval enclosures; nullopt
/// when none is found. Never throws.
std::optional<std::pair<GiNaC::ex, GiNaC::ex>> box_point_with_ratio(const GiNaC::ex& t,
                                                                    const std::vector<std::pair<GiNaC::numeric, GiNaC::numeric>>& box);

}  // namespace attnverify
