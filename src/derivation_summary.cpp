#include "src/derivation_summary.hpp"

#include "proofs/feature_moments.hpp"
#include "proofs/kernel_derivation.hpp"
#include "proofs/linear_attention.hpp"
#include "proofs/sequence_derivation.hpp"
#include "proofs/sparsity_measure.hpp"

namespace attnverify {

namespace {

DerivationSummary kernel(const Spec& spec) {
  DerivationSummary out;
  const auto d = sym::derive_kernel(spec.definition);
  out.derived = d.status == sym::KernelDerivation::Status::Derived;
  out.reason = d.reason;
  if (out.derived) out.forms = {{"E|f(X)|", d.mean_abs}, {"E f(X)^2", d.mean_square}, {"S", d.S}};
  return out;
}

DerivationSummary sequence(const Spec& spec) {
  DerivationSummary out;
  const auto d = sym::derive_sequence(spec.definition);
  out.derived = d.status == sym::SequenceDerivation::Status::Derived;
  out.reason = d.reason;
  if (!out.derived) return out;
  out.forms = {{"sum |a_i|", d.sum_abs}, {"sum a_i^2", d.sum_square}, {"S_n (0<lambda<1)", d.S}, {"S_n (lambda=1)", d.S_at_lambda_one}};
  if (d.asymptote_derived) out.forms.emplace_back("lim_{n->inf} S_n (0<lambda<1)", d.limit);
  return out;
}

DerivationSummary feature_map(const Spec& spec) {
  DerivationSummary out;
  const sym::LinearAttentionDerivation linear = sym::derive_linear_attention();
  if (!spec.has_phi()) {
    out.derived = true;
    out.forms = {{"E a (in q~.mu~ = qmu)", linear.mean},
                 {"E a^2 (qSq = q~' Sigma~ q~)", linear.second_moment},
                 {"S", linear.S_general},
                 {"S (iid components: mu, sigma, q1 = ||q~||_1, q2 = ||q~||_2)", linear.S_iid}};
    return out;
  }
  const sym::FeatureMoments m = sym::derive_feature_moments(spec.definition);
  out.derived = m.derived;
  out.reason = m.reason;
  if (out.derived)
    out.forms = {{"E phi(X)", m.mean},
                 {"E phi(X)^2", m.mean_square},
                 {"Var phi(X)", m.variance},
                 {"S of a~ = phi(q).phi(k) (qmu, qSq from the moments above)", linear.S_general}};
  return out;
}

DerivationSummary measure() {
  DerivationSummary out;
  const sym::SparsityMeasureDerivation d = sym::derive_sparsity_measure();
  out.derived = true;
  out.forms = {{"S (from the moments E|x|, E x^2)", d.S_moments}, {"S (x1 = sum |x_i|, x2 = sum x_i^2)", d.S}};
  return out;
}

DerivationSummary fact(const Spec& spec) {
  DerivationSummary out;
  std::string tests;
  for (const Claim& c : spec.claims)
    if (tests.find(c.test) == std::string::npos) tests += (tests.empty() ? "" : ", ") + c.test;
  out.reason = "a fact spec has no closed form to derive; its claims name built-in tests (" + tests +
               ") that `attnverify run` computes";
  return out;
}

}  // namespace

DerivationSummary summarise_derivation(const Spec& spec) {
  switch (spec.kind) {
    case VariantKind::Kernel: return kernel(spec);
    case VariantKind::Sequence: return sequence(spec);
    case VariantKind::FeatureMap: return feature_map(spec);
    case VariantKind::Measure: return measure();
    case VariantKind::Fact: return fact(spec);
  }
  return {};
}

}  // namespace attnverify
