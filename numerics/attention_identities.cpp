#include "numerics/attention_identities.hpp"

#include <boost/multiprecision/eigen.hpp>
#include <boost/multiprecision/mpfr.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "numerics/attention_layer.hpp"
#include "numerics/precision.hpp"

namespace attnverify::num {

namespace {

struct Draw {
  std::mt19937_64 rng;
  // uniform in [-1, 1), an exact double (53 random bits), the same at every precision
  double uniform() { return static_cast<double>(rng() >> 11) * 0x1.0p-53 * 2 - 1; }
  unsigned between(unsigned lo, unsigned hi) { return lo + static_cast<unsigned>(rng() % (hi - lo + 1)); }
  template <class T>
  Matrix<T> matrix(Eigen::Index rows, Eigen::Index cols, double scale) {
    Matrix<T> M(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i)
      for (Eigen::Index j = 0; j < cols; ++j) M(i, j) = T(uniform() * scale);
    return M;
  }
  template <class T>
  Vector<T> vector(Eigen::Index size, double scale) {
    return matrix<T>(size, 1, scale);
  }
  std::vector<Eigen::Index> permutation(Eigen::Index size) {
    std::vector<Eigen::Index> p(static_cast<std::size_t>(size));
    std::iota(p.begin(), p.end(), Eigen::Index(0));
    for (std::size_t k = p.size(); k > 1; --k) std::swap(p[k - 1], p[static_cast<std::size_t>(rng() % k)]);
    return p;
  }
};

// columns of M reordered: out.col(k) = M.col(p[k])
template <class T>
Matrix<T> permute_columns(const Matrix<T>& M, const std::vector<Eigen::Index>& p) {
  Matrix<T> out(M.rows(), M.cols());
  for (std::size_t k = 0; k < p.size(); ++k) out.col(static_cast<Eigen::Index>(k)) = M.col(p[k]);
  return out;
}

template <class T>
double to_double(const T& x) {
  return static_cast<double>(x);
}

template <class T>
T largest(const Matrix<T>& M) {
  return M.cwiseAbs().maxCoeff();
}

// |lhs - rhs|max / max(1, |rhs|max), the relative deviation
template <class T>
T relative_deviation(const Matrix<T>& lhs, const Matrix<T>& rhs) {
  using std::max;
  const T scale = max(T(1), largest<T>(rhs));
  return largest<T>(Matrix<T>(lhs - rhs)) / scale;
}

struct TrialOutcome {
  double residual = 0;           // relative
  std::optional<double> effect;  // relative; empty when the identity has no "changes" part
};

template <class T>
AttentionWeights<T> random_head(Draw& draw, unsigned d, unsigned d_in) {
  AttentionWeights<T> w;
  const double s = 1 / std::sqrt(static_cast<double>(d_in));
  w.W_Q = draw.matrix<T>(d, d_in, s);
  w.W_K = draw.matrix<T>(d, d_in, s);
  w.W_V = draw.matrix<T>(d, d_in, s);
  return w;
}

// ALiBi-style bias -|j - i| / 2 on the logit of key j for query i (Press, Smith,
// Lewis, ICLR 2022, with head slope 1/2). A bias linear in j - i would not do: its
// part in i is a shift of the whole column, which softmax ignores.
template <class T>
Matrix<T> relative_position_bias(Eigen::Index n, Eigen::Index m) {
  Matrix<T> B(n, m);
  for (Eigen::Index j = 0; j < n; ++j)
    for (Eigen::Index i = 0; i < m; ++i) B(j, i) = T(-std::abs(static_cast<double>(j - i)) / 2);
  return B;
}

template <class T>
TrialOutcome run_trial(AttentionIdentity identity, const IdentitySetting& setting, Draw& draw, unsigned d, unsigned n,
                       unsigned m) {
  TrialOutcome out;
  switch (identity) {
    case AttentionIdentity::KeyValuePermutation:
    case AttentionIdentity::QueryPermutation: {
      const AttentionWeights<T> w = random_head<T>(draw, d, d);
      const Matrix<T> X = draw.matrix<T>(d, m, 2), Y = draw.matrix<T>(d, n, 2);
      const Matrix<T> B = relative_position_bias<T>(n, m);
      const Matrix<T>* bias = setting.positional_bias ? &B : nullptr;
      const Matrix<T> base = attention<T>(w, X, Y, bias);
      if (identity == AttentionIdentity::KeyValuePermutation) {
        out.residual = to_double(
            relative_deviation<T>(attention<T>(w, X, permute_columns<T>(Y, draw.permutation(n)), bias), base));
      } else {
        const auto p = draw.permutation(m);
        out.residual = to_double(
            relative_deviation<T>(attention<T>(w, permute_columns<T>(X, p), Y, bias), permute_columns<T>(base, p)));
      }
      break;
    }
    case AttentionIdentity::KeyBias: {
      AttentionWeights<T> w = random_head<T>(draw, d, d);
      w.b_Q = draw.vector<T>(d, 1);
      w.b_V = draw.vector<T>(d, 1);
      const Matrix<T> X = draw.matrix<T>(d, m, 2), Y = draw.matrix<T>(d, n, 2);
      AttentionWeights<T> with_key_bias = w;
      if (setting.per_token_key_bias)
        with_key_bias.key_bias_per_token = draw.matrix<T>(d, n, 1);
      else
        with_key_bias.b_K = draw.vector<T>(d, 1);
      const Matrix<T> biased = attention<T>(with_key_bias, X, Y);
      // the source's formula: W_V Y softmax(Y^T W_K^T (W_Q x + b_Q) / sqrt d) + b_V
      using std::sqrt;
      const Matrix<T> q = add_bias<T>(product(w.W_Q, X), w.b_Q);
      const Matrix<T> logits = product(product(Matrix<T>(Y.transpose()), Matrix<T>(w.W_K.transpose())), q);
      const Matrix<T> formula =
          add_bias<T>(product(product(w.W_V, Y), softmax_columns<T>(Matrix<T>(logits / T(sqrt(T(d)))))), w.b_V);
      using std::max;
      out.residual =
          to_double(max(relative_deviation<T>(biased, attention<T>(w, X, Y)), relative_deviation<T>(biased, formula)));
      break;
    }
    case AttentionIdentity::QueryValueBias: {
      AttentionWeights<T> w = random_head<T>(draw, d, d);
      w.unnormalised = setting.unnormalised;
      const Matrix<T> X = draw.matrix<T>(d, m, 2), Y = draw.matrix<T>(d, n, 2);
      const Vector<T> b_Q = draw.vector<T>(d, 1), b_V = draw.vector<T>(d, 1);
      const Matrix<T> plain = attention<T>(w, X, Y);
      AttentionWeights<T> value_biased = w;
      value_biased.b_V = b_V;
      out.residual = to_double(relative_deviation<T>(attention<T>(value_biased, X, Y), add_bias<T>(plain, b_V)));
      AttentionWeights<T> query_biased = w;
      query_biased.b_Q = b_Q;
      out.effect = to_double(relative_deviation<T>(attention<T>(query_biased, X, Y), plain));
      break;
    }
    case AttentionIdentity::LayerEquivariance: {
      TransformerLayer<T> layer;
      layer.head = random_head<T>(draw, d, d);
      layer.ln1_gamma = draw.vector<T>(d, 1);
      layer.ln1_beta = draw.vector<T>(d, 1);
      layer.ln2_gamma = draw.vector<T>(d, 1);
      layer.ln2_beta = draw.vector<T>(d, 1);
      const unsigned hidden = 2 * d;
      layer.W_1 = draw.matrix<T>(hidden, d, 1 / std::sqrt(static_cast<double>(d)));
      layer.b_1 = draw.vector<T>(hidden, 1);
      layer.W_2 = draw.matrix<T>(d, hidden, 1 / std::sqrt(static_cast<double>(hidden)));
      layer.b_2 = draw.vector<T>(d, 1);
      const Matrix<T> X = draw.matrix<T>(d, n, 2);
      const Matrix<T> P = setting.positional_encoding ? sinusoidal_encoding<T>(d, n) : Matrix<T>(Matrix<T>::Zero(d, n));
      const auto p = draw.permutation(n);
      // self-attention (Y = X): layer(X Pi) against layer(X) Pi
      const T self = relative_deviation<T>(layer(Matrix<T>(permute_columns<T>(X, p) + P)),
                                           permute_columns<T>(layer(Matrix<T>(X + P)), p));
      // cross-attention as the source writes it, Attn(X, Y, Y) with Y (d x n) fixed: permuting
      // the tokens of X permutes the output the same way, and permuting the tokens of Y changes
      // nothing (with the encoding added to both)
      const Matrix<T> Y = draw.matrix<T>(d, n, 2);
      const auto p_y = draw.permutation(n);
      const Matrix<T> Y_encoded = Y + P;
      const Matrix<T> cross = layer(Matrix<T>(X + P), Y_encoded);
      const T queries = relative_deviation<T>(layer(Matrix<T>(permute_columns<T>(X, p) + P), Y_encoded),
                                              permute_columns<T>(cross, p));
      const T keys = relative_deviation<T>(layer(Matrix<T>(X + P), Matrix<T>(permute_columns<T>(Y, p_y) + P)), cross);
      using std::max;
      out.residual = to_double(max(self, max(queries, keys)));
      break;
    }
    case AttentionIdentity::NormBias: {
      const Matrix<T> W = draw.matrix<T>(d, d, 1 / std::sqrt(static_cast<double>(d)));
      const Matrix<T> x = draw.matrix<T>(d, n, 2);  // a batch of n samples (columns)
      const Vector<T> b =
          setting.constant_bias ? Vector<T>(Vector<T>::Constant(d, T(draw.uniform()))) : draw.vector<T>(d, 1);
      const Vector<T> gamma = draw.vector<T>(d, 1), beta = draw.vector<T>(d, 1);
      const Matrix<T> Wx = product(W, x);
      const T mean_b = b.sum() / T(d);
      const Vector<T> centred = b.array() - mean_b;
      using std::max;
      out.residual = to_double(
          max(relative_deviation<T>(batch_norm<T>(add_bias<T>(Wx, b), gamma, beta), batch_norm<T>(Wx, gamma, beta)),
              relative_deviation<T>(layer_norm<T>(add_bias<T>(Wx, b), gamma, beta),
                                    layer_norm<T>(add_bias<T>(Wx, centred), gamma, beta))));
      out.effect = to_double(
          relative_deviation<T>(layer_norm<T>(add_bias<T>(Wx, b), gamma, beta), layer_norm<T>(Wx, gamma, beta)));
      break;
    }
  }
  return out;
}

}  // namespace

IdentityTrials run_identity_trials(AttentionIdentity identity, const IdentitySetting& setting, unsigned trials,
                                   std::uint64_t seed, unsigned digits) {
  IdentityTrials summary;
  summary.trials = trials;
  summary.digits = digits;
  const bool layer = identity == AttentionIdentity::LayerEquivariance;
  // MPFR costs ~1000 times double per operation and the projections W Y cost d^2 n:
  // its trials reach d = 128 (trial 0, n = 32) and n = 512 (trial 1, d = 32) but keep
  // d^2 n <= 2^19 and m <= 2 queries (the layer's self-attention is n x n: n <= 64)
  const bool mp = digits > 0;
  const unsigned max_n = layer && mp ? 64 : 512;
  const unsigned max_m = mp ? 2 : 16;
  const std::uint64_t max_work = mp ? (1u << 19) : ~std::uint64_t(0);
  std::optional<ScopedPrecision> precision;
  double eps = 0x1.0p-52;
  if (digits > 0) {
    precision.emplace(digits);
    eps = std::ldexp(1.0, 1 - static_cast<int>(mpfr_get_prec(MpReal(1).backend().data())));
  }
  // sizes and per-trial seeds drawn in order, so the trials can run in parallel and
  // the outcome does not depend on the thread count
  struct Plan {
    unsigned d, n, m;
    std::uint64_t seed;
  };
  Draw sizes{std::mt19937_64(seed)};
  std::vector<Plan> plans(trials);
  for (unsigned k = 0; k < trials; ++k) {
    // trial 0 at the largest sizes (within the work limit), the others random (n >= 2 and m >= 2 so that a
    // permutation can move something; d >= 2 for the norms' variance)
    plans[k].d = k == 0 ? 128 : sizes.between(2, 128);
    plans[k].n = k == 0 ? max_n : sizes.between(2, max_n);
    plans[k].m = k == 0 ? max_m : sizes.between(2, max_m);
    if (mp && k == 1) plans[k].d = 32, plans[k].n = max_n;
    // within the work limit: fewer tokens first, down to 2
    while (std::uint64_t(plans[k].d) * plans[k].d * plans[k].n > max_work && plans[k].n > 2) plans[k].n /= 2;
    plans[k].seed = sizes.rng();
  }
  std::vector<TrialOutcome> outcomes(trials);
#pragma omp parallel for schedule(dynamic, 1)
  for (unsigned k = 0; k < trials; ++k) {
    Draw draw{std::mt19937_64(plans[k].seed)};
    const Plan& p = plans[k];
    outcomes[k] = digits > 0 ? run_trial<MpReal>(identity, setting, draw, p.d, p.n, p.m)
                             : run_trial<double>(identity, setting, draw, p.d, p.n, p.m);
  }
  double worst_ratio = -1;
  for (unsigned k = 0; k < trials; ++k) {
    const Plan& p = plans[k];
    const TrialOutcome& t = outcomes[k];
    const double tolerance = 16.0 * (p.d + p.n);
    const double units = t.residual / eps;
    if (units / tolerance > worst_ratio) {
      worst_ratio = units / tolerance;
      summary.residual_eps = units;
      summary.tolerance_eps = tolerance;
      summary.worst_residual_relative = t.residual;
      summary.worst_trial = fmt::format("trial {}: d = {}, n = {}, m = {}", k, p.d, p.n, p.m);
    }
    if (t.effect) summary.effect_eps = std::min(summary.effect_eps.value_or(*t.effect / eps), *t.effect / eps);
    summary.largest_d = std::max(summary.largest_d, p.d);
    summary.largest_n = std::max(summary.largest_n, p.n);
  }
  return summary;
}

}  // namespace attnverify::num
