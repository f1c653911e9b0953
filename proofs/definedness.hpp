// Where an expression is defined, and where it is continuous.
//
// An expression of the spec language is a real number at a point only when every
// operation in it is: each divisor is non-zero, each radicand of a root (any
// non-integer power, with GiNaC's principal branch) is >= 0 (> 0 under a negative
// power), each argument of log is > 0, each base of a power with a symbolic exponent
// is > 0. These are its *conditions*. The expression reader records them as it reads
// (proofs/expression_parser.hpp), before GiNaC's automatic simplification can cancel
// them away (beta/beta is read as 1, but it is not defined at beta = 0), and
// conditions_of finds the ones still visible in a tree. step(u) adds a condition of
// another kind: the expression may jump where u = 0.
//
// The rule for removable singularities (docs/spec-format.md, "How claims are judged"):
// a claim is not defined where a condition fails, and a claim not defined at a point
// of the domain where S is defined disagrees there, unless its spec says the claim is
// meant as its continuous extension (then only failed non-zero conditions are excused,
// and only where the claim has a limit).
//
// analyse_condition decides a condition on a whole parameter domain:
//   holds     proved: the range enclosure (proofs/range_enclosure.hpp) of the
//             expression, or of each factor of its rational normal form, has the sign;
//             or its ratio to an expression known positive on the domain (a derived
//             moment such as E f(X)^2) normalises to something provably positive;
//   violated  an exact point of the domain where it fails: a constant condition that
//             fails, or a root of a polynomial factor (rational, or a quadratic
//             irrational such as sqrt(2)), checked by exact substitution;
//   unknown   neither; `candidates` then holds points near the roots found in double
//             precision (irrational roots), for the numeric layer to certify with balls.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "proofs/range_enclosure.hpp"

namespace attnverify::sym {

enum class ConditionKind {
  NonZero,      ///< expression != 0 (a divisor, or the base of a negative power)
  NonNegative,  ///< expression >= 0 (the radicand of a root)
  Positive,     ///< expression > 0 (log, a negative root, a symbolic exponent's base)
  Continuous,   ///< not a definedness condition: the expression may jump where this is 0 (step)
};

struct Condition {
  ConditionKind kind = ConditionKind::NonZero;
  GiNaC::ex expression;
  std::string origin;  ///< "denominator", "square root", "logarithm", "power", "step"
  /// For the base of a power with a symbolic exponent: the exponent (else 0). Where it is
  /// an integer-valued polynomial in the domain's integer parameters ((-1)^(2n)),
  /// analyse_condition asks only that the base be non-zero (or nothing, for an exponent
  /// proved >= 1).
  GiNaC::ex exponent = 0;

  /// "beta - 7/2 != 0 (denominator)"
  std::string describe() const;
  /// The condition holds for the exact value `value` of its expression.
  bool holds_for(const GiNaC::numeric& value) const;
};

/// The conditions visible in the tree of `e` (see above), without duplicates.
std::vector<Condition> conditions_of(const GiNaC::ex& e);

/// The conditions of base^exponent: an integer exponent < 0, base != 0 (denominator); a
/// non-integer one > 0, base >= 0 (root); < 0, base >= 0 and base != 0 (a root in a
/// denominator: the two conditions apart, so that a claim meant as its continuous
/// extension is excused where the base vanishes, as for a plain divisor, but not where it
/// is negative); a symbolic exponent, base > 0 with the exponent recorded (see
/// Condition::exponent), unless the base is a positive number or e.
std::vector<Condition> power_conditions(const GiNaC::ex& base, const GiNaC::ex& exponent);

/// Appends the conditions of `more` that `into` does not have yet.
void merge_conditions(std::vector<Condition>& into, const std::vector<Condition>& more);

/// One parameter of a domain: its range, whether it is an integer, and values it takes
/// that are used to fix it while the root finder solves for another parameter.
struct DomainVariable {
  GiNaC::ex symbol;
  Range range;
  bool integer = false;
  std::vector<GiNaC::numeric> samples;
};

/// The domain of a claim: a box of parameters (the kernel's beta in R x gamma in (0,
/// inf), the sequence's lambda in (0, 1] x n in {1, 2, ...}), with expressions known to
/// be positive on all of it (the derivation's E f(X)^2, E|f(X)|, S) and, where the domain is
/// not the whole box, expressions known to be non-negative on it.
struct ParameterDomain {
  std::vector<DomainVariable> variables;
  bool connected = true;  ///< false when a parameter is an integer
  std::vector<GiNaC::ex> positive_facts;
  /// Expressions >= 0 on all of it that its box does not express: inequalities between its
  /// variables, such as ||x||_2 <= ||x||_1 <= sqrt(n) ||x||_2 for the norms of a vector
  /// (x1 - x2 >= 0 and n x2^2 - x1^2 >= 0). An expression whose ratio to one of them is >= 0
  /// is >= 0 (Var|x| = (n x2^2 - x1^2)/n^2, the radicand of the standard deviation).
  std::vector<GiNaC::ex> nonnegative_facts;
  std::string description;  ///< "beta in R, gamma > 0"

  SymbolRanges ranges() const;
  /// The point (in the order of `variables`) lies in the domain.
  bool contains(const std::vector<GiNaC::numeric>& point) const;
  std::vector<GiNaC::ex> symbols() const;
};

/// beta in R, gamma > 0 (samples for beta: 0, 1, -1, 2, 1/2; for gamma: 1, 1/2, 2, 1/4, 3).
ParameterDomain kernel_domain();
/// x in R: the argument of a kernel f or a feature map phi (samples 0, 1, -1, 2, 1/2).
ParameterDomain real_line_domain();
/// lambda in (0, 1], n in {1, 2, ...} (samples for lambda: 1/2, 1/10, 9/10; for n: 1, 2, 3, 10).
ParameterDomain sequence_domain();

enum class ConditionStatus { Holds, Violated, Unknown };

struct ConditionAnalysis {
  Condition condition;
  ConditionStatus status = ConditionStatus::Unknown;
  std::vector<GiNaC::numeric> point;  ///< violated: where (empty for a condition that fails everywhere)
  /// violated at an irrational point (beta = sqrt(2)): its exact coordinates; `point` is then empty
  std::vector<GiNaC::ex> exact_point;
  std::string how;  ///< holds: the proof; violated: what the value is there
  /// unknown: points to test numerically (beside the approximate irrational roots)
  std::vector<std::vector<GiNaC::numeric>> candidates;
};

ConditionAnalysis analyse_condition(const Condition& condition, const ParameterDomain& domain);

/// The first of `conditions` not proved to hold on `domain` by analyse_condition (violated,
/// unknown, or an analysis that threw), continuity left out (a jump is no gap in
/// definedness); nullopt when every one holds. Never throws.
std::optional<Condition> first_unproved(const std::vector<Condition>& conditions, const ParameterDomain& domain);

/// The condition's exact value at `point` (symbols of the domain in order): true when
/// it holds, false when it fails, nullopt when exact substitution does not give a number.
std::optional<bool> holds_exactly(const Condition& condition, const ParameterDomain& domain,
                                  const std::vector<GiNaC::numeric>& point);

/// True when substituting `at` into `e` exactly stays cheap: every power with a symbolic
/// exponent (lambda^n) gets an exponent of at most 256 in size, and every exponential of a
/// symbolic argument a rational argument whose numerator and denominator are at most 10^6.
/// ((1 - 10^-6)^(10^7) is an exact rational of 60 million digits, and GiNaC relates
/// exp(1268301135461/250000) to other exponentials through a common root: such points are left
/// to ball arithmetic.)
bool exact_substitution_is_cheap(const GiNaC::ex& e, const GiNaC::exmap& at);

/// Points of the domain at and beside the real zeros of the arguments of abs, relu and
/// step in `e` (where a claim can change formula), exact where the zero is rational and
/// within 10^-6 of it otherwise; at most `limit` points.
std::vector<std::vector<GiNaC::numeric>> kink_points(const GiNaC::ex& e, const ParameterDomain& domain,
                                                     std::size_t limit = 64);

/// True when `e` is continuous on the whole of R^k in its symbols: built from +, *,
/// non-negative integer powers and entire functions (exp, erf, erfc, sinh, cosh, tanh,
/// abs, relu, sigmoid, softplus, gelu, silu); no division, root, log or step.
bool is_manifestly_continuous(const GiNaC::ex& e);

/// Proves e > 0 on the domain (range enclosure, factors, ratios to positive facts).
bool provably_positive_on(const GiNaC::ex& e, const ParameterDomain& domain);
/// Proves e >= 0 on the domain.
bool provably_nonnegative_on(const GiNaC::ex& e, const ParameterDomain& domain);
/// Proves e != 0 on the domain.
bool provably_nonzero_on(const GiNaC::ex& e, const ParameterDomain& domain);

}  // namespace attnverify::sym
