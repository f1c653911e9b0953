// What `attnverify derive` prints for a spec: the closed forms its kind's symbolic route
// derives (Kind::derive in src/spec/kind.hpp), the same derivations `attnverify run`
// checks. Per kind (src/kinds/*/..._kind.cpp):
//
//   kernel       E|f(X)|, E f(X)^2 and S (proofs/kernel_derivation.hpp)
//   sequence     the sums of |a_i| and a_i^2, S_n, its limit (proofs/sequence_derivation.hpp)
//   feature_map  with phi: E phi(X), E phi(X)^2, the variance, and S of non-negative linear
//                attention (proofs/feature_moments.hpp, proofs/linear_attention.hpp);
//                without phi: S of non-negative linear attention in general and for iid
//                components (proofs/linear_attention.hpp)
//   measure      the sparsity measure S of a vector from its moments (proofs/sparsity_measure.hpp)
//   fact         nothing to derive: the built-in tests it names (src/kinds/fact/fact_tests.hpp)
//                are computed by `attnverify run`
#pragma once

#include <ginac/ginac.h>

#include "proofs/derivation_certificate.hpp"

#include <string>
#include <utility>
#include <vector>

namespace attnverify {

struct DerivationSummary {
  bool derived = false;
  bool applies = true;                                   ///< false: the kind has nothing to derive (fact specs)
  std::string reason;                                    ///< why nothing was derived (no closed form, or a fact spec)
  std::vector<std::pair<std::string, GiNaC::ex>> forms;  ///< (label in plain text, closed form)
  GiNaC::ex S;  ///< when derived: the one of `forms` that the checks compare and judge claims against
  /// The closed form at ClaimGeometry::separate_closed_form_at, where S is replaced
  /// (sequences: S_n at lambda = 1); empty elsewhere.
  GiNaC::ex S_separate;
  /// When derived: the certificate that the closed forms equal what they were derived
  /// for (proofs/derivation_certificate.hpp), verified or with the reason it is not.
  sym::DerivationCertificate certificate;
};

}  // namespace attnverify
