// The hypotheses of the scalar reduction (Su2023 eq. 4) for a kernel f under the normal law,
// certified for f alone: they hold at every beta in R, gamma > 0 at once.
//
//   E f(X)^2 < infinity: a growth bound |f(x)| <= M (1 + |x|)^p e^{c|x|} for every real x
//     (numerics/gaussian_tail_bound.hpp, Arb balls), since the normal density decays like
//     e^{-z^2/2} and every E (1 + |X|)^{2p} e^{2c|X|} is finite;
//   E f(X)^2 > 0: f != 0 on an interval, shown by evaluating f on that interval in ball
//     arithmetic (numerics/ball_expression.hpp), since the normal density of X is positive on
//     all of R for gamma > 0.
//
// E|f(X)| < infinity follows from E f(X)^2 < infinity (Cauchy-Schwarz).
#pragma once

#include "src/properties/property_checks.hpp"
#include "src/spec/spec.hpp"

namespace attnverify {

/// The hypotheses for the kernel f = spec.definition in x: `growth` and `nonzero` as text where
/// certified, `not_shown` saying which is not and why. The intervals tried are centred at 0,
/// +-1/2, +-1, +-2, ..., +-1024, of half-width 1/4 (1/8 at +-1/2, a quarter of the centre beyond 1).
/// Never throws for a compiled f; an f that cannot be compiled to ball arithmetic gets
/// `not_shown` with the reason.
PropertyTarget::GaussianKeys reduction_hypotheses(const Spec& spec);

}  // namespace attnverify
