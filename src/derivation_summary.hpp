// What `attnverify derive` prints for a spec: the closed forms the symbolic engine
// derives for it, by kind, the same derivations `attnverify run` checks.
//
//   kernel       E|f(X)|, E f(X)^2 and S (proofs/kernel_derivation.hpp)
//   sequence     the sums of |a_i| and a_i^2, S_n, its limit (proofs/sequence_derivation.hpp)
//   feature_map  with phi: E phi(X), E phi(X)^2, the variance, and S of non-negative linear
//                attention (proofs/feature_moments.hpp, proofs/linear_attention.hpp);
//                without phi: S of non-negative linear attention in general and for iid
//                components (proofs/linear_attention.hpp)
//   measure      the sparsity measure S of a vector from its moments (proofs/sparsity_measure.hpp)
//   fact         nothing to derive: the built-in tests it names (src/fact_tests.hpp) are
//                computed by `attnverify run`
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <utility>
#include <vector>

#include "src/spec.hpp"

namespace attnverify {

struct DerivationSummary {
  bool derived = false;
  std::string reason;  ///< why nothing was derived (no closed form, or a fact spec)
  std::vector<std::pair<std::string, GiNaC::ex>> forms;  ///< (label in plain text, closed form)
};

/// The derivation of `spec`'s kind. Never throws for a spec that loaded.
DerivationSummary summarise_derivation(const Spec& spec);

}  // namespace attnverify
