// What the certificates of expectations under a score law share (docs/proofs.md,
// "Certificates of derived closed forms"): certified signs of real constants, intervals of
// the line with exact ends, and the resolution of a function's switches (relu, step, abs)
// on such an interval. The certificates are proofs/heat_equation_certificate.hpp (normal),
// proofs/laplace_certificate.hpp and proofs/uniform_certificate.hpp.
//
// Every function here either returns what it was asked with certainty or throws NotShown
// with the reason; nothing is decided by evaluating at sample points in floating point
// (signs come from interval arithmetic, proofs/range_enclosure.hpp).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

namespace attnverify::sym {

/// A condition of a certificate's theorem that could not be shown; the certificate
/// catches it once and reports its reason.
struct NotShown {
  std::string reason;
};

/// The sign of a real constant by interval arithmetic (doubles, then Arb balls up to 8192 bits):
/// 1 or -1 when certain, 0 when not
/// (including a constant that is exactly 0). A constant in the active symbolic parameters
/// (proofs/parameter_ranges.hpp) has the sign it has for every value of them, or 0.
int certified_sign(const GiNaC::ex& constant);

/// A double near a real constant, to order points and pick test points only (never to
/// decide a sign). Throws NotShown when the constant is not real.
double approximate(const GiNaC::ex& constant);

/// An end of an interval of the line; none is -inf (as a lower end) or +inf (upper).
using End = std::optional<GiNaC::ex>;

/// true: lo < r < hi; false: r <= lo or r >= hi (exactly equal ends by the zero test of
/// proofs/equivalence.hpp). Throws NotShown when interval arithmetic cannot tell.
bool strictly_inside(const GiNaC::ex& r, const End& lo, const End& hi);

/// An exact dyadic point strictly inside (lo, hi) (certified), near its middle, or 1 inside
/// a half-line's end. Throws NotShown when the interval is too narrow for 2^-24 steps. With an
/// end in the symbolic parameters (proofs/parameter_ranges.hpp), the exact midpoint or the end
/// -+ 1, in them, certified inside for every value of them.
GiNaC::ex interior_point(const End& lo, const End& hi);

/// The points in increasing order with exact duplicates merged; throws NotShown when two
/// of them cannot be ordered with certainty.
std::vector<GiNaC::ex> sorted_distinct(std::vector<GiNaC::ex> points);

/// An expression on an interval with every switch of one variable resolved, or a point
/// strictly inside the interval where one of them switches (the caller splits there).
struct Resolved {
  GiNaC::ex value;
  std::optional<GiNaC::ex> split_at;
};

/// Resolves the relu/step/abs calls of `e` that contain `x` on (lo, hi), innermost first,
/// reading each one's sign at the interior point p; the switch points of each call must be
/// located with certainty (its argument a polynomial of degree <= 2 with a decided
/// discriminant, such a polynomial times one exponential, or two exponentials with constant
/// coefficients). Throws NotShown otherwise, or after 256 nested switches.
Resolved resolve_switches(GiNaC::ex e, const End& lo, const End& hi, const GiNaC::ex& p,
                          const GiNaC::symbol& x);

/// The common preconditions of a certificate of m(beta, gamma) = E g(beta + gamma eps): g is a
/// function of x alone, neither has a non-real constant (sqrt(exp(I x)) is 2|cos(x/2)|-like,
/// not an exp-polynomial), and m has no step call (step is the one discontinuous switch, and
/// the checkers compare one-sided limits only; step(0) = 1/2 would let m differ from them
/// on a switch point or line). Throws NotShown otherwise.
void check_certificate_inputs(const GiNaC::ex& m, const GiNaC::ex& g);

/// "-inf"/"inf" or the end as text, for reasons.
std::string end_text(const End& end, bool lower);

}  // namespace attnverify::sym
