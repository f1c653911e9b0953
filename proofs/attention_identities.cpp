#include "proofs/attention_identities.hpp"

#include <ginac/ginac.h>

#include <fmt/format.h>

#include <optional>
#include <random>
#include <vector>

#include "proofs/scoped_digits.hpp"

namespace attnverify::sym {

using namespace GiNaC;

namespace {

constexpr unsigned kD = 2, kN = 3, kM = 2;

class Entries {
 public:
  // a rows x cols matrix of fresh symbols name_ij
  matrix symbols(const std::string& name, unsigned rows, unsigned cols) {
    matrix M(rows, cols);
    for (unsigned i = 0; i < rows; ++i)
      for (unsigned j = 0; j < cols; ++j) {
        const symbol s(fmt::format("{}_{}{}", name, i + 1, j + 1));
        all_.push_back(s);
        M(i, j) = s;
      }
    return M;
  }
  // every symbol at a seeded random rational in [-2, 2] with denominator 8
  exmap witness(std::uint64_t seed) const {
    std::mt19937_64 rng(seed);
    exmap point;
    for (const symbol& s : all_) point[s] = numeric(static_cast<long>(rng() % 33) - 16, 8);
    return point;
  }

 private:
  std::vector<symbol> all_;
};

// exp(a + b + ...) -> exp(a) exp(b) ..., after expanding the argument, everywhere in e
ex split_exponentials(const ex& e) {
  struct Splitter : map_function {
    ex operator()(const ex& x) override {
      if (is_ex_the_function(x, exp)) {
        const ex argument = x.op(0).expand();
        if (!is_exactly_a<add>(argument)) return exp(argument);
        ex product = 1;
        for (const ex& term : argument) product *= exp(term);
        return product;
      }
      return x.map(*this);
    }
  } splitter;
  return splitter(e);
}

matrix column_bias(const matrix& M, const matrix& b) {
  matrix out = M;
  for (unsigned i = 0; i < M.rows(); ++i)
    for (unsigned j = 0; j < M.cols(); ++j) out(i, j) = M(i, j) + b(i, 0);
  return out;
}

matrix permute_columns(const matrix& M, const std::vector<unsigned>& p) {
  matrix out(M.rows(), M.cols());
  for (unsigned i = 0; i < M.rows(); ++i)
    for (unsigned k = 0; k < p.size(); ++k) out(i, k) = M(i, p[k]);
  return out;
}

struct Head {
  matrix W_Q, W_K, W_V;
  std::optional<matrix> b_Q, b_K, b_V, key_bias_per_token, positional_bias;
  bool unnormalised = false;
};

// An attention output as numerators over one denominator per column:
// Attn(i, k) = N(i, k) / T[k]. Identities are decided by cross-multiplying and
// expanding, which needs no polynomial gcd (normal() on 24 opaque exponentials took
// minutes).
struct Fraction {
  matrix N;
  std::vector<ex> T;
};

// N + b T^T: the output shifted by the column vector b
Fraction shifted(Fraction f, const matrix& b) {
  for (unsigned i = 0; i < f.N.rows(); ++i)
    for (unsigned k = 0; k < f.N.cols(); ++k) f.N(i, k) = f.N(i, k) + b(i, 0) * f.T[k];
  return f;
}

Fraction permuted(const Fraction& f, const std::vector<unsigned>& p) {
  Fraction out{permute_columns(f.N, p), {}};
  for (unsigned k : p) out.T.push_back(f.T[k]);
  return out;
}

// V softmax(K^T Q / sqrt(d) + B), softmax over each column (or exp(L) / n unnormalised)
Fraction attention(const Head& h, const matrix& X, const matrix& Y) {
  matrix Q = h.W_Q.mul(X), K = h.W_K.mul(Y), V = h.W_V.mul(Y);
  if (h.b_Q) Q = column_bias(Q, *h.b_Q);
  if (h.b_K) K = column_bias(K, *h.b_K);
  if (h.key_bias_per_token) K = K.add(*h.key_bias_per_token);
  if (h.b_V) V = column_bias(V, *h.b_V);
  matrix L = K.transpose().mul(Q).mul_scalar(1 / sqrt(ex(Q.rows())));
  if (h.positional_bias) L = L.add(*h.positional_bias);
  matrix E(L.rows(), L.cols());
  Fraction out;
  for (unsigned i = 0; i < L.cols(); ++i) {
    ex total = 0;
    for (unsigned j = 0; j < L.rows(); ++j) {
      E(j, i) = split_exponentials(exp(L(j, i)));
      total += E(j, i);
    }
    out.T.push_back(h.unnormalised ? ex(L.rows()) : total);
  }
  out.N = V.mul(E);
  return out;
}

// ALiBi-style bias -|j - i| / 2, as in the numeric route
matrix relative_position_bias() {
  matrix B(kN, kM);
  for (unsigned j = 0; j < kN; ++j)
    for (unsigned i = 0; i < kM; ++i) B(j, i) = -numeric(j > i ? j - i : i - j, 2);
  return B;
}

struct Residual {
  bool zero = true;
  double at_witness = 0;
};

// lhs - rhs entrywise: zero when N_l T_r - N_r T_l expands to 0; otherwise the
// largest |lhs - rhs| at the witness point
Residual residual(const Fraction& lhs, const Fraction& rhs, const exmap& witness) {
  Residual r;
  const ScopedDigits digits(30);
  for (unsigned i = 0; i < lhs.N.rows(); ++i)
    for (unsigned k = 0; k < lhs.N.cols(); ++k) {
      const ex cross = (lhs.N(i, k) * rhs.T[k] - rhs.N(i, k) * lhs.T[k]).expand();
      if (cross.is_zero()) continue;
      r.zero = false;
      const ex value = (lhs.N(i, k) / lhs.T[k] - rhs.N(i, k) / rhs.T[k]).subs(witness).evalf();
      if (is_exactly_a<numeric>(value))
        r.at_witness = std::max(r.at_witness, std::abs(ex_to<numeric>(value).to_double()));
    }
  return r;
}

}  // namespace

SymbolicIdentity prove_attention_identity(AttentionIdentity identity, const IdentitySetting& setting,
                                          std::uint64_t seed) {
  SymbolicIdentity out;
  if (identity == AttentionIdentity::LayerEquivariance || identity == AttentionIdentity::NormBias) {
    out.detail = "numeric only (no symbolic proof is attempted for the layer and the norms)";
    return out;
  }
  out.attempted = true;
  Entries entries;
  Head h;
  h.W_Q = entries.symbols("wq", kD, kD);
  h.W_K = entries.symbols("wk", kD, kD);
  h.W_V = entries.symbols("wv", kD, kD);
  const matrix X = entries.symbols("x", kD, kM), Y = entries.symbols("y", kD, kN);
  if (setting.positional_bias) h.positional_bias = relative_position_bias();
  h.unnormalised = setting.unnormalised;
  std::string compared, effect_text;  // effect_text: the b_Q comparison of QueryValueBias
  Residual r;
  switch (identity) {
    case AttentionIdentity::KeyValuePermutation: {
      const exmap witness = entries.witness(seed);
      r = residual(attention(h, X, permute_columns(Y, {1, 2, 0})), attention(h, X, Y), witness);
      compared = "Attn(X, Y Pi, Y Pi) - Attn(X, Y, Y), Pi the cyclic shift of the 3 keys";
      break;
    }
    case AttentionIdentity::QueryPermutation: {
      const exmap witness = entries.witness(seed);
      r = residual(attention(h, permute_columns(X, {1, 0}), Y), permuted(attention(h, X, Y), {1, 0}), witness);
      compared = "Attn(X Pi, Y, Y) - Attn(X, Y, Y) Pi, Pi the swap of the 2 queries";
      break;
    }
    case AttentionIdentity::KeyBias: {
      h.b_Q = entries.symbols("bq", kD, 1);
      h.b_V = entries.symbols("bv", kD, 1);
      Head biased = h;
      if (setting.per_token_key_bias)
        biased.key_bias_per_token = entries.symbols("bk", kD, kN);
      else
        biased.b_K = entries.symbols("bk", kD, 1);
      const exmap witness = entries.witness(seed);
      const Fraction with_key_bias = attention(biased, X, Y);
      const Residual no_effect = residual(with_key_bias, attention(h, X, Y), witness);
      // the source's formula W_V Y softmax(Y^T W_K^T (W_Q x + b_Q) / sqrt d) + b_V
      Head formula;
      formula.W_Q = h.W_Q;
      formula.W_K = h.W_K;
      formula.W_V = h.W_V;
      formula.b_Q = h.b_Q;
      const Fraction displayed = shifted(attention(formula, X, Y), *h.b_V);
      const Residual formula_residual = residual(with_key_bias, displayed, witness);
      r.zero = no_effect.zero && formula_residual.zero;
      r.at_witness = std::max(no_effect.at_witness, formula_residual.at_witness);
      compared = "Attn with b_K minus Attn without it, and minus W_V Y softmax(Y^T W_K^T q / sqrt 2) + b_V";
      break;
    }
    case AttentionIdentity::QueryValueBias: {
      Head value_biased = h, query_biased = h;
      value_biased.b_V = entries.symbols("bv", kD, 1);
      query_biased.b_Q = entries.symbols("bq", kD, 1);
      const exmap witness = entries.witness(seed);
      const Fraction plain = attention(h, X, Y);
      r = residual(attention(value_biased, X, Y), shifted(plain, *value_biased.b_V), witness);
      const Residual effect = residual(attention(query_biased, X, Y), plain, witness);
      out.effect_at_witness = effect.zero ? 0 : effect.at_witness;
      // two comparisons, each with its own outcome: the b_V shift is an identity, the b_Q
      // effect must not be one
      compared = "Attn with b_V minus (Attn + b_V)";
      effect_text = effect.zero ? "; Attn with b_Q minus Attn: every entry simplifies to 0 (b_Q has no effect)"
                                : fmt::format("; Attn with b_Q minus Attn: not zero, largest entry {:.3g} at a random "
                                              "rational point (seed {}), so b_Q changes the output",
                                              effect.at_witness, seed);
      break;
    }
    default:
      break;
  }
  out.residual_zero = r.zero;
  out.residual_at_witness = r.zero ? 0 : r.at_witness;
  out.detail = fmt::format(
      "d = {}, n = {}, m = {}, all entries symbols; {}: {}", kD, kN, kM, compared,
      r.zero ? "every entry simplifies to 0"
             : fmt::format("not zero; largest entry {:.3g} at a random rational point (seed {})", r.at_witness, seed)) +
               effect_text;
  return out;
}

}  // namespace attnverify::sym
