#include "src/kinds/fact/fact_tests.hpp"

namespace attnverify {

const std::vector<FactTest>& fact_tests() {
  static const std::vector<FactTest> tests = {
      {"key-value-permutation", {"positional-bias"}, "Perm-1: Attn(X, Y Pi, Y Pi) = Attn(X, Y, Y)"},
      {"query-permutation", {"positional-bias"}, "Perm-2: Attn(X Pi, Y, Y) = Attn(X, Y, Y) Pi"},
      {"key-bias", {"per-token-key-bias"}, "Perm-3: b_K has no effect on the output"},
      {"query-value-bias", {"unnormalised-weights"}, "Perm-4: b_Q changes the output, b_V shifts it by exactly b_V"},
      {"layer-not-equivariant", {"positional-encoding"}, "Perm-5: a transformer layer is not permutation-equivariant"},
      {"norm-bias", {"constant-bias"}, "Perm-6: BatchNorm cancels a linear layer's bias, LayerNorm does not"},
      {"naive-bayes", {"dependent"}, "NB-1: the naive Bayes decomposition of log p(x_t | x_<t)"},
      {"noise-robustness", {"correlated-noise"}, "Robust-1: independent noise on the logits cancels as n -> infinity"},
      {"entropy-limit",
       {"anisotropic-keys"},
       "Entropy-1: H - log n tends to log E[e^{L cos}] - L E[cos e^{L cos}]/E[e^{L cos}]"},
      {"entropy-linear-scale",
       {"lambda-1"},
       "Entropy-1: H = log n - 0.24 lambda d + O(1) (lambda-1: whether 0.24 is the Laplace coefficient C(1) rounded to two digits)"},
  };
  return tests;
}

const FactTest* find_fact_test(const std::string& name) {
  for (const FactTest& t : fact_tests())
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace attnverify
