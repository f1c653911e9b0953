// Derivation of the sparsity of a sequence variant with explicit weights a_i,
// i = 1..n (docs/design.md §2, kind `sequence`), e.g. decay a_i = lambda^(n-i) (Su2023 eq. 11):
//
//   S_n = mean|a| / sqrt(mean a^2) = (1/n) sum|a_i| / sqrt((1/n) sum a_i^2),
//
// exact for every n, derived with symbolic n by summing terms i^k r^i (geometric, times a power of i)
// (proofs/geometric_sum.hpp). The parameter lambda lives in (0, 1]; the ratio-1
// case lambda = 1 is derived separately by substituting lambda = 1 into the weight
// before summing, so no 0/0 ever has to be evaluated.
// For lambda < 1 the large-n behaviour is derived too: lambda^n -> 0, then
// S_n ~ C(lambda) n^p, which gives the limit (0 when p < 0).
#pragma once

#include <ginac/ginac.h>

#include <string>

namespace attnverify::sym {

struct SequenceDerivation {
  enum class Status { Derived, NoClosedForm };
  Status status = Status::NoClosedForm;
  std::string reason;

  GiNaC::ex weight;           ///< a_i in lambda, n, i
  GiNaC::ex sum_abs;          ///< sum_{i=1}^n |a_i|, lambda != 1
  GiNaC::ex sum_square;       ///< sum_{i=1}^n a_i^2, lambda != 1
  GiNaC::ex S;                ///< S_n(lambda, n) for lambda in (0, 1)
  GiNaC::ex S_at_lambda_one;  ///< S_n at lambda = 1

  /// The same sums with the upper limit N = summation_limit() in place of n (the weight
  /// keeps its n): sum_{i=1}^N |a_i| and sum_{i=1}^N a_i^2, for lambda != 1 and at
  /// lambda = 1. A telescoping certificate (proofs/telescoping_certificate.hpp) checks these
  /// against the weight, and an identity that sum_abs and sum_square are them at N = n.
  GiNaC::ex partial_abs, partial_square, partial_abs_at_lambda_one, partial_square_at_lambda_one;

  bool asymptote_derived = false;
  GiNaC::ex asymptote_coefficient;  ///< C(lambda) in S_n ~ C n^p, lambda < 1
  GiNaC::ex asymptote_power;        ///< p
  GiNaC::ex limit;                  ///< lim_{n->inf} S_n for lambda < 1
};

/// The summation limit N of the partial sums above (a positive symbol outside the spec
/// symbol table, so no spec can name it).
const GiNaC::possymbol& summation_limit();

/// Derives S_n for the weight a_i (symbols lambda, n, i of proofs/symbols.hpp).
/// Never throws for weights outside the class; reports NoClosedForm.
SequenceDerivation derive_sequence(const GiNaC::ex& weight);

}  // namespace attnverify::sym
