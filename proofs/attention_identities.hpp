// Symbolic proofs of the attention identities of Perm-bias (docs/claims.md C, Perm-1 to
// Perm-4) with GiNaC matrices at small sizes: d = 2 features, n = 3 keys, m = 2
// queries, every weight, token and bias entry a symbol, softmax through exp.
//
// An identity lhs = rhs is proved when every entry of lhs - rhs is zero after
// exponentials of sums are split (exp(a + b) -> exp(a) exp(b)) and the entries are
// brought to a common denominator (normal()); a common factor exp(b_K . q) of the
// numerator and the denominator of softmax then cancels. When the residual is not
// zero, the claim is refuted by a witness: the residual at a seeded random rational
// point, evaluated to 30 digits. The numeric counterpart at random sizes up to
// d = 128, n = 512 is numerics/attention_identities.hpp.
//
// Reference: Perm-bias (docs/claims.md, bibliography); the definition
// Attn(X, Y, Y) = V softmax(K^T Q / sqrt(d)), tokens as columns.
#pragma once

#include <cstdint>
#include <string>

namespace attnverify::sym {

enum class AttentionIdentity {
  KeyValuePermutation,  ///< Perm-1: Attn(X, Y Pi, Y Pi) = Attn(X, Y, Y)
  QueryPermutation,     ///< Perm-2: Attn(X Pi, Y, Y) = Attn(X, Y, Y) Pi
  KeyBias,              ///< Perm-3: b_K has no effect; Attn = W_V Y softmax(Y^T W_K^T q / sqrt d) + b_V
  QueryValueBias,       ///< Perm-4: b_Q changes the output; b_V shifts it by exactly b_V
  LayerEquivariance,    ///< Perm-5: layer(X Pi) = layer(X) Pi (residual), or not
  NormBias,             ///< Perm-6: BN(Wx + b) = BN(Wx); LN(Wx + b) = LN(Wx + b - mean(b)) != LN(Wx)
};

/// The deliberately broken settings (each is off in the setting "as stated").
struct IdentitySetting {
  bool positional_bias = false;      ///< ALiBi logit bias -|j - i| / 2 (Perm-1, Perm-2)
  bool per_token_key_bias = false;   ///< b_K differs per key token (Perm-3)
  bool unnormalised = false;         ///< weights exp(L) / n, not softmax (Perm-4)
  bool positional_encoding = false;  ///< sinusoidal encoding added to the tokens (Perm-5)
  bool constant_bias = false;        ///< b = c 1, the same for every feature (Perm-6)
};

struct SymbolicIdentity {
  bool attempted = false;      ///< false for Perm-5 and Perm-6 (numeric only)
  bool residual_zero = false;  ///< every entry of lhs - rhs simplifies to 0
  /// largest |entry| of the residual at the witness point (0 when residual_zero)
  double residual_at_witness = 0;
  /// for Perm-4: largest |entry| of Attn(b_Q) - Attn at the witness point (b_Q changes the output)
  double effect_at_witness = 0;
  std::string detail;  ///< sizes, what was compared, the witness
};

/// Proves or refutes the identity at d = 2, n = 3, m = 2 (see the header comment);
/// `seed` chooses the witness point.
SymbolicIdentity prove_attention_identity(AttentionIdentity identity, const IdentitySetting& setting,
                                          std::uint64_t seed);

}  // namespace attnverify::sym
