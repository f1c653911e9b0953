// Nested double-exponential (DE) quadrature rules with precomputed nodes, built once
// per precision and shared by the whole process (read-only after construction, so
// any number of threads may use one rule).
//
// Two transforms of the trapezoidal rule in t, step h_k = 2^-k h_0 (h_0 = 1/2):
//
//   tanh-sinh, for a finite interval [a, b] (Takahasi & Mori, Publ. RIMS 9 (1974) 721):
//     x(t) = tanh(u),  u = (pi/2) sinh t,   w(t) = (pi/2) cosh t / cosh^2 u,
//     int_{-1}^{1} f(x) dx ~ h sum_j w(t_j) f(x(t_j)).
//     A node is stored as its distance to the nearer endpoint, d = 1 - |x| =
//     e^{-u} / cosh u (no cancellation), so nodes next to an endpoint keep full
//     relative precision.
//
//   exp-exp, for a half-line [0, inf) with an integrand that decays at least like
//   exp(-c s) (M. Mori, "Discovery of the double exponential transformation and its
//   developments", Publ. RIMS 41 (2005) 897-935, section 4: x = exp(t - exp(-t))):
//     s(t) = exp(t - e^{-t}),   w(t) = s(t) (1 + e^{-t}),
//     int_0^inf f(s) ds ~ h sum_j w(t_j) f(s(t_j)).
//   For a Gaussian-weighted integrand it converges about twice as fast per node as
//   Boost's exp-sinh transform s = exp((pi/2) sinh t) (docs/history.md, issue 7: an mpmath prototype on
//   six integrals int_0^inf s^k e^{-s^2/2 - p s} ds with closed forms, at h = 1/32:
//   282 nodes gave 49-85 digits where exp-sinh's 225 gave 16-35).
//
// Level 0 holds the nodes t = j h_0; level k >= 1 holds only the odd multiples of
// h_k, so the level-k trapezoidal sum reuses every earlier evaluation. The t range
// is cut where the weight falls below 10^-(digits + 10) (tanh-sinh) or where s has
// left [10^-(digits + 10), s_max] (exp-exp, s_max = 64: far past any Gaussian tail).
#pragma once

#include <array>
#include <vector>

#include "numerics/precision.hpp"

namespace attnverify::num {

class DoubleExponentialRule {
 public:
  enum class Kind { TanhSinh, ExpExp };

  /// One node: t, its abscissa (tanh-sinh: distance d to the nearer endpoint of
  /// [-1, 1], the node for -t mirrors it; exp-exp: s) and its weight w(t).
  struct Node {
    double t;
    Real abscissa;
    Real weight;
  };

  static constexpr unsigned kMaxLevel = 8;  ///< h_8 = 2^-9

  /// The process-wide rule of `kind` at `digits` decimal digits, built on first use
  /// (thread-safe; call it outside parallel code the first time, as construction sets
  /// the default precision).
  static const DoubleExponentialRule& shared(Kind kind, unsigned digits);

  DoubleExponentialRule(Kind kind, unsigned digits);

  Kind kind() const { return kind_; }
  unsigned digits() const { return digits_; }
  /// h_k = 2^-k / 2.
  static double step(unsigned level) { return 0.5 / static_cast<double>(1u << level); }
  /// The nodes added at `level` (0 <= level <= kMaxLevel), ordered by t; tanh-sinh
  /// holds t >= 0 only (t = 0 once, at level 0). Throws std::out_of_range above kMaxLevel.
  const std::vector<Node>& level(unsigned level) const;

 private:
  std::vector<Node> build(unsigned level) const;

  Kind kind_;
  unsigned digits_;
  double t_low_, t_high_;
  // every level is built in the constructor: lazy building would have to set Real's
  // process-wide default precision from inside parallel code (numerics/precision.hpp)
  std::array<std::vector<Node>, kMaxLevel + 1> levels_;
};

}  // namespace attnverify::num
