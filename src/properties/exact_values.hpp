// Exact values of property checks: comparing two exact numbers, their decimals, balls as text,
// and the rationals a certificate needs (shared by the property kinds of src/properties/kinds/).
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "numerics/ball.hpp"
#include "numerics/precision.hpp"

namespace attnverify {

/// Figures in findings: significant digits of a decimal shown beside an exact value.
constexpr int kShownDigits = 12;

/// Digits of agreement of two exact numbers (expressions without symbols) at working precision
/// `digits`: P + 10 when a - b is proved 0 symbolically, else estimated from their values
/// (numerics/agreement.hpp); NaN when one does not evaluate.
double agreement(const GiNaC::ex& a, const GiNaC::ex& b, unsigned digits);

/// How two exact numbers (expressions without symbols) compare exactly, not to working precision:
/// Equal when a - b is proved 0 by the symbolic zero test (proofs/equivalence.hpp); Apart when a
/// ball of a - b excludes 0 at 256, 1024, 4096 or 16384 bits (numerics/ball_expression.hpp);
/// Undecided otherwise (never "equal" from agreeing digits; always for a floating-point number in
/// either, which has no exact value). Never throws.
enum class ExactComparison { Equal, Apart, Undecided };
ExactComparison compare_exactly(const GiNaC::ex& a, const GiNaC::ex& b);

/// Whether the exact constant `c` (no symbols) is certainly > 0: its Arb ball, at up to 16384
/// bits, lies in (0, inf). False when not shown (also for an expression that does not compile in
/// ball arithmetic). Never throws.
bool positive_by_a_ball(const GiNaC::ex& c);

/// How `a` and `b` (expressions in `symbols`) compare at the exact point `at` (values in the order
/// of `symbols`): each substituted exactly, relu, abs and step of the resulting constants taken by
/// their branch (proofs/domain_rewrites.hpp), then compare_exactly. Undecided when the substitution
/// would be costly (sym::exact_substitution_is_cheap: lambda^n at a large n) or fails. For a
/// point where balls of the two straddle each other (S = 1 exactly where clip(x, 0, 1) is 1 with
/// probability 1). Never throws.
ExactComparison compare_exactly_at(const GiNaC::ex& a, const GiNaC::ex& b, const std::vector<GiNaC::ex>& symbols,
                                   const std::vector<GiNaC::numeric>& at);

/// The same at a point whose coordinates are exact expressions (beta = sqrt(3/5), gamma = 1).
ExactComparison compare_exactly_at(const GiNaC::ex& a, const GiNaC::ex& b, const std::vector<GiNaC::ex>& symbols,
                                   const std::vector<GiNaC::ex>& at);

/// Exact kernel points (beta, gamma) near the point (b, g) where a quantity of t = beta/gamma may
/// take a value at an irrational t: t^2 within a relative 2e-3 of p/q (q <= 12) gives
/// beta = +-gamma0 sqrt(p/q), and t itself near p/q gives beta = gamma0 p/q, for gamma0 = 1 and g
/// rounded to 3 significant digits. A search point near an optimum at t = sqrt(3/5) (x^2 under
/// uniform scores) gives beta = sqrt(3/5), gamma = 1. Candidates only: a caller decides each exactly.
std::vector<std::vector<GiNaC::ex>> quadratic_irrational_candidates(double b, double g);

/// The decimal of an exact number to `shown` significant digits, evaluated at `digits`.
std::string decimal(const GiNaC::ex& e, unsigned digits, unsigned shown);

/// "[midpoint +/- radius]" of a ball, 12 digits.
std::string ball_text(const num::Ball& b);

/// -b.
num::Ball negated(const num::Ball& b);

/// A dyadic rational in (x/2, x] for x > 0 (0 for x <= 0 or not finite).
GiNaC::numeric dyadic_below(double x);

/// The exact value of an MPFR number, as a rational m 2^e.
GiNaC::numeric exact_rational(const num::Real& v);

}  // namespace attnverify
