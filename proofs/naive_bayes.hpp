// The naive Bayes identity of Su2023-nb (docs/claims.md C, NB-1), checked exactly.
//
// Under conditional independence p(x_1..x_{t-1} | x_t) = prod_j p(x_j | x_t),
//   p(x_t | x_<t) = C(x_<t) prod_{j<t} p(x_t | x_j) / p(x_t)^(t-2),
// i.e. log p(x_t | x_<t) = sum_j log p(x_t | x_j) - (t-2) log p(x_t) + const, the
// constant not depending on x_t. The check builds random discrete joint laws with
// rational probabilities (vocabulary V, length t), computes every conditional from
// the joint itself, and compares the ratios
//   R(x_<t, x_t) = p(x_t | x_<t) p(x_t)^(t-2) / prod_j p(x_t | x_j)
// exactly (GiNaC rationals): the identity holds iff R does not depend on x_t for any
// context x_<t. No logarithm is taken, so no tolerance is involved.
#pragma once

#include <cstdint>
#include <string>

namespace attnverify::sym {

struct NaiveBayesCheck {
  unsigned vocabulary = 0, length = 0;  ///< V and t
  unsigned long contexts = 0;           ///< V^(t-1) contexts examined
  unsigned long contexts_varying = 0;   ///< contexts where R depends on x_t
  std::string witness;                  ///< the first varying context with two of its ratios
};

/// One random joint law over V^t outcomes (2 <= V <= 5, 2 <= t <= 6), seeded. With
/// `dependent`, the law is multiplied by a random positive factor w(x_1, x_2, x_t) and
/// renormalised, which breaks the conditional independence of x_1 and x_2 (t >= 3).
/// Throws std::invalid_argument outside those sizes.
NaiveBayesCheck check_naive_bayes(unsigned vocabulary, unsigned length, bool dependent, std::uint64_t seed);

}  // namespace attnverify::sym
