// Direct summation of a sequence variant's weights at working precision (the
// numeric route for kind `sequence`, e.g. decay a_i = lambda^(n-i)):
//
//   mean|a| = (1/n) sum_{i=1}^n |a_i|,  mean a^2 = (1/n) sum_{i=1}^n a_i^2,
//   S_n = mean|a| / sqrt(mean a^2).
//
// Every term is evaluated from the weight expression (no closed form is used) at
// P + kGuardDigits + ceil(log10 n) digits and summed left to right. For non-negative
// summands each computed with relative error <= k u (k roundings, u the unit
// roundoff), recursive summation has relative error <= (n - 1 + k) u / (1 - (n-1+k) u)
// (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., §4.2). The
// figure returned uses k = the number of instructions of the compiled weight: an
// a-priori estimate that holds as long as the weight itself does not cancel.
#pragma once

#include <ginac/ginac.h>

#include <optional>

#include "numerics/ball.hpp"
#include "numerics/precision.hpp"

namespace attnverify::num {

struct SequenceSum {
  Real mean_abs;
  Real mean_square;
  Real S;
  double error_digits = 0;  ///< -log10 of the relative error estimate of S
  unsigned precision = 0;   ///< decimal digits used
};

/// The same sums in ball arithmetic (numerics/ball_expression.hpp): a ball that contains
/// the exact S_n, each term enclosed at the exact (lambda, n, i) at about P + 10 + log10 n
/// digits. Empty for n > max_terms (the cost grows with n: about 2 us per term) or where
/// a term is not finite. A certified value, not an estimate.
std::optional<Ball> certified_sequence_sum(const GiNaC::ex& weight, const GiNaC::numeric& lambda, unsigned long n,
                                           unsigned digits, unsigned long max_terms = 100000);

/// Sums the weight a_i(lambda, n, i) for i = 1..n at working precision `digits`.
/// Throws num::EvaluationError if a term is not finite.
SequenceSum sum_sequence(const GiNaC::ex& weight, const GiNaC::numeric& lambda, unsigned long n, unsigned digits);

}  // namespace attnverify::num
