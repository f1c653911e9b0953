// Bounds on the work of a kernel derivation (docs/spec-format.md, "Limits that keep the
// engine responsive").
//
// The cost of deriving S grows with the number of kinks of f and with the degree of its
// pieces, and GiNaC's expansions cannot be interrupted from inside. Two deterministic
// bounds keep every derivation short, so the same spec gets the same verdicts on every
// machine (a wall-clock limit would not):
//
//  - kinks: a kernel or feature map may hold at most kMaxKinks distinct arguments of relu,
//    step or abs that contain x (max, min, clip, elu, leaky_relu and piecewise count by
//    the calls they are written in; piecewise has one per breakpoint). Splitting into
//    pieces costs about the cube of this number (measured 2026-11-23: piecewise with 100
//    pieces 0.8 s, 400 pieces 33 s). More is refused when the spec is loaded.
//  - work: derivation_work() estimates the cost of the Gaussian expectations from the
//    pieces of f; above kMaxDerivationWork the closed form is not attempted (status
//    no-closed-form with the estimate as the reason) and the quadrature route decides.
#pragma once

#include <ginac/ginac.h>

#include <cstddef>
#include <string>

#include "proofs/piecewise.hpp"

namespace attnverify::sym {

/// The most kinks (count_kinks) a definition may hold.
inline constexpr std::size_t kMaxKinks = 100;

/// Number of distinct arguments u, containing x, of the calls relu(u), step(u), abs(u) in
/// e, with u and -u counted once (relu(x - 1) + step(1 - x) has one kink; each level of a
/// nested call counts).
std::size_t count_kinks(const GiNaC::ex& e, const GiNaC::symbol& x);

/// The most derivation work (in the units of derivation_work) attempted. Admits, e.g.,
/// relu(x + 1)^30 (about 8 s on one core), (x + 1)^16 e^x on a half-line (about 5 s) and
/// x^64 (4 s); refuses relu(x + 1)^32 and x^32 e^x.
inline constexpr double kMaxDerivationWork = 1e6;

/// An estimate (not a bound) of the cost of E|f(X)| and E f(X)^2 from the pieces of f:
/// the sum over the pieces of f of T^2 (D + 1)^4, or T^2 (D + 1)^3 for a polynomial piece
/// on the whole line, times 8 when the piece has an exponential factor e^{ax}, a != 0; D
/// is the degree in x of the piece and T the number of distinct rates a in it (f^2 has
/// T^2 products). Calibrated on 2026-11-23 (relu(x+1)^d: d = 16 0.9 s, 24 3.4 s, 32
/// 9 s, 64 > 100 s; e^x relu(x+1)^d: d = 8 0.5 s, 16 4.5 s, 24 31 s; x^64 4 s;
/// x^32 e^x 14 s). Throws NotInClass
/// when a piece is not an exp-polynomial.
double derivation_work(const Piecewise& f, const GiNaC::symbol& x);

/// The reason not to attempt the expectations of the pieces of f (their estimated work is
/// above kMaxDerivationWork), or an empty string when they are within the bound. `what` names
/// the function in the message ("f", "phi").
std::string work_bound_problem(const Piecewise& f, const GiNaC::symbol& x, const std::string& what);

}  // namespace attnverify::sym
