// The sign of a polynomial with rational coefficients on the whole real line, decided exactly
// by Sturm's theorem, and of products and powers of such polynomials.
//
// For a square-free q, the number of distinct real roots is V(-inf) - V(+inf), V the number of
// sign changes in the Sturm sequence q, q', -rem(q, q'), ... at that end (Sturm 1829; Basu,
// Pollack & Roy, "Algorithms in Real Algebraic Geometry", 2006, Theorem 2.62), read from the
// leading coefficients. A polynomial p keeps a strict sign on R when its square-free part
// p / gcd(p, p') has no real root; it keeps a weak sign (>= 0 or <= 0, touching 0) when the
// product of its factors of odd multiplicity (GiNaC's square-free decomposition) has none,
// (t^2 - 3/5)^2 for S >= 2/3 of x^2 under uniform scores. The sign is then that of p at a
// rational point where p is not 0. All arithmetic is exact (GiNaC rationals): no rounding.
//
// Anything else (a coefficient that is not rational, a symbol other than x, a degree above
// kMaxSturmDegree) is Unknown, never a wrong sign.
#pragma once

#include <ginac/ginac.h>

#include <optional>

namespace attnverify::sym {

/// The highest degree the Sturm sequence is built for (its coefficients grow with it).
inline constexpr int kMaxSturmDegree = 40;

/// A sign kept at every real x: > 0, >= 0, <= 0, < 0, or not shown.
enum class LineSign { Positive, Nonnegative, Nonpositive, Negative, Unknown };

/// The sign of p, a polynomial in x with rational coefficients, at every real x (a nonzero
/// constant is Positive or Negative; the zero polynomial is Nonnegative). Never throws.
LineSign polynomial_sign_on_real_line(const GiNaC::ex& p, const GiNaC::symbol& x);

/// A rational x where p (a polynomial in x with rational coefficients) has the strict sign
/// `sign` (+1 or -1), found exactly: p's real roots are isolated by bisection with Sturm counts
/// (Sturm's theorem on each interval (a, b] whose ends are not roots), and p is evaluated at a
/// rational between each two consecutive isolating intervals and beyond the outermost (Cauchy's
/// bound 1 + max |a_i/a_n| on the roots); at most `max_steps` bisections. nullopt when p has that
/// sign nowhere or none was found. Never throws. Roots 10^-13 apart (a bound 10^-27 above an
/// irrational minimum of S) are separated.
std::optional<GiNaC::numeric> point_with_sign(const GiNaC::ex& p, const GiNaC::symbol& x, int sign,
                                              int max_steps = 4000);

/// The sign of e at every real x, for e a product of a rational number and powers b^k of
/// polynomials b in x with rational coefficients (k rational): b^k with k not an integer needs
/// b >= 0 (then b^k >= 0; > 0 for b > 0), and a negative k a b of strict sign (else e is
/// undefined where b = 0: Unknown). Never throws.
LineSign sign_on_real_line(const GiNaC::ex& e, const GiNaC::symbol& x);

}  // namespace attnverify::sym
