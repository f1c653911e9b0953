// A rigorous bound on the Gaussian tails of E|f(beta + gamma eps)|^k, eps ~ N(0,1):
//
//   tail_k(T) = int_{|z| >= T} |f(beta + gamma z)|^k phi(z) dz,   phi(z) = exp(-z^2/2)/sqrt(2 pi).
//
// Growth bound. For a compiled f (numerics/expression_program.hpp) of one real variable,
// growth_bound() derives constants M, p, c >= 0 with
//
//   |f(x)| <= M (1 + |x|)^p exp(c |x|)   for every real x,
//
// by structural rules over the program (each a textbook inequality; checked in Arb ball
// arithmetic, so rounding only loosens them): a constant q gives (|q|, 0, 0), x gives
// (1, 1, 0); sums add the M and take the largest p and c; products multiply M and add p
// and c; exp(u), sinh(u), cosh(u) need |u| <= a + b|x| (or u <= a + b|x| for exp) and
// give (e^a, 0, b); erf, tanh and step are bounded by 1, erfc by 2; relu(u) and abs(u)
// inherit u's bound; log u needs m e^{-d|x|} <= u <= M (1+|x|)^p e^{c|x|}, whence
// |log u| <= max(|log M|, |log m|) + max(p + c, d)|x| (log(1 + t) <= t); 1/u and
// negative powers need such a positive lower bound of u; log1p(u) needs u >= 0.
// Polynomial decay and growth are tracked too, so that a rational function whose
// denominator grows as fast as its numerator is bounded (exp(x^2/(1 + x^2)) <= e^2, since
// x^2/(1 + x^2) <= 2): a positive constant c plus a term u >= a|x|^k (a > 0, k >= 1) is
// >= min(c, a) 2^(1-k) (1+|x|)^k (convexity of t^k: ((1+|x|)/2)^k <= (1 + |x|^k)/2), its
// reciprocal is <= (1+|x|)^(-k) / (min(c, a) 2^(1-k)), and products add the exponents of
// (1+|x|); |x| >= |x|^1, |u^k| >= a^k |x|^(k fk) and products of such lower bounds give the
// a|x|^k. (issue 42, H6: without this rule such a kernel had no certified route, and the
// double-exponential rules missed a narrow feature by 1e-31.) Where no rule applies (exp of
// a function growing faster than |x|, a reciprocal of something that may vanish) there is
// no bound and the caller must not certify.
//
// Tail bound. For |z| >= T >= 1: 1 + |x| <= (1 + |beta| + gamma)|z|, and |z|^n <= n! e^{|z|},
// so with n = ceil(k p) and lambda = k c gamma + [n > 0],
//
//   |f(x)|^k <= K e^{lambda |z|},   K = M^k (1 + |beta| + gamma)^{k p} n! e^{k c |beta|},
//   tail_k(T) <= K int_{|z| >= T} e^{lambda |z|} phi(z) dz = K e^{lambda^2/2} erfc((T - lambda)/sqrt 2),
//
// the last from completing the square (z - lambda)^2 = z^2 - 2 lambda z + lambda^2.
#pragma once

#include <optional>
#include <string>

#include "numerics/ball.hpp"
#include "numerics/expression_program.hpp"

namespace attnverify::num {

/// |f(x)| <= M (1 + |x|)^p exp(c |x|) for all real x; the balls contain the exact
/// constants of the rules above (use their upper ends).
struct GrowthBound {
  Ball M, p, c;
};

struct GrowthBoundResult {
  std::optional<GrowthBound> bound;
  std::string failure;  ///< which operation had no rule, when bound is empty
};

/// The growth bound of a program of one variable (see above).
GrowthBoundResult growth_bound(const ExpressionProgram& f);

/// An upper bound (the upper end of the returned ball) of tail_k(T) for T >= 1, with
/// beta and gamma > 0 given as balls that contain them.
Ball gaussian_tail_bound(const GrowthBound& g, unsigned k, const Ball& beta, const Ball& gamma, const Ball& T,
                         slong bits);

}  // namespace attnverify::num
