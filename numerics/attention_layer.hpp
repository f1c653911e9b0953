// Dot-product attention and the parts of a transformer layer, templated on the scalar
// (double, or num::Real = MPFR at the working precision) so that the permutation and
// bias identities of Perm-bias (docs/claims.md C, Perm-1 to Perm-6) can be checked at two
// precisions with the same code.
//
// Matrix products go through product() (numerics/mpfr_matrix_product.hpp): Eigen's for
// double, an allocation-free loop for MPFR.
//
// Shapes follow the source: tokens are columns.
//   X (d_x x m) queries' tokens, Y (d_y x n) keys' tokens;
//   Q = W_Q X + b_Q 1^T, K = W_K Y + b_K 1^T, V = W_V Y + b_V 1^T (d x m, d x n, d_v x n);
//   logits L = K^T Q / sqrt(d) + B (n x m; B an optional positional bias);
//   Attn = V softmax(L), the softmax over each column (over the keys): d_v x m.
// LayerNorm normalises each token (column) over its features, BatchNorm each feature
// (row) over the batch (columns), both with eps = 0 (the identities are exact) and an
// affine map gamma, beta per feature.
//
// References: Perm-bias (the blog analysis; Namazifar et al., ICASSP 2023; Yun et al.,
// ICLR 2020); Ba, Kiros, Hinton 2016 (LayerNorm); Ioffe, Szegedy 2015 (BatchNorm).
#pragma once

#include <Eigen/Dense>

#include <cmath>
#include <optional>

#include "numerics/mpfr_matrix_product.hpp"

namespace attnverify::num {

template <class T>
using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
template <class T>
using Vector = Eigen::Matrix<T, Eigen::Dynamic, 1>;

/// Projections of one attention head; empty biases mean "no bias".
template <class T>
struct AttentionWeights {
  Matrix<T> W_Q, W_K, W_V;
  Vector<T> b_Q, b_K, b_V;
  /// Per-key bias of K (d x n), added to K instead of b_K 1^T: a key bias that depends
  /// on the token's position (the broken setting of Perm-3).
  std::optional<Matrix<T>> key_bias_per_token;
  /// Unnormalised weights exp(L) / n instead of softmax (the broken setting of Perm-4).
  bool unnormalised = false;
};

template <class T>
Matrix<T> add_bias(Matrix<T> M, const Vector<T>& b) {
  if (b.size() > 0) M.colwise() += b;
  return M;
}

/// Column-wise softmax, computed stably (each column shifted by its maximum).
template <class T>
Matrix<T> softmax_columns(const Matrix<T>& L) {
  Matrix<T> A(L.rows(), L.cols());
  for (Eigen::Index j = 0; j < L.cols(); ++j) {
    const T top = L.col(j).maxCoeff();
    T total = 0;
    for (Eigen::Index i = 0; i < L.rows(); ++i) {
      using std::exp;
      A(i, j) = exp(T(L(i, j) - top));
      total += A(i, j);
    }
    A.col(j) /= total;
  }
  return A;
}

/// Attn(X, Y, Y) = V softmax(K^T Q / sqrt(d) + B), shapes as in the header.
template <class T>
Matrix<T> attention(const AttentionWeights<T>& w, const Matrix<T>& X, const Matrix<T>& Y,
                    const Matrix<T>* positional_bias = nullptr) {
  using std::sqrt;
  const Matrix<T> Q = add_bias<T>(product(w.W_Q, X), w.b_Q);
  Matrix<T> K = add_bias<T>(product(w.W_K, Y), w.b_K);
  if (w.key_bias_per_token) K += *w.key_bias_per_token;
  const Matrix<T> V = add_bias<T>(product(w.W_V, Y), w.b_V);
  Matrix<T> L = product(Matrix<T>(K.transpose()), Q) / T(sqrt(T(Q.rows())));
  if (positional_bias) L += *positional_bias;
  if (!w.unnormalised) return product(V, softmax_columns<T>(L));
  Matrix<T> A(L.rows(), L.cols());
  for (Eigen::Index i = 0; i < L.rows(); ++i)
    for (Eigen::Index j = 0; j < L.cols(); ++j) {
      using std::exp;
      A(i, j) = exp(L(i, j)) / T(L.rows());
    }
  return product(V, A);
}

/// Each column of Z standardised over its rows: (z - mean) / sqrt(var), var the
/// population variance (eps = 0).
template <class T>
Matrix<T> standardise_columns(const Matrix<T>& Z) {
  using std::sqrt;
  Matrix<T> out(Z.rows(), Z.cols());
  for (Eigen::Index j = 0; j < Z.cols(); ++j) {
    const T mean = Z.col(j).sum() / T(Z.rows());
    const Vector<T> centred = Z.col(j).array() - mean;
    out.col(j) = centred / T(sqrt(T(centred.squaredNorm() / T(Z.rows()))));
  }
  return out;
}

/// The per-feature affine map gamma * z + beta on every column (feature = row).
template <class T>
Matrix<T> affine_rows(Matrix<T> Z, const Vector<T>& gamma, const Vector<T>& beta) {
  Z = gamma.asDiagonal() * Z;
  Z.colwise() += beta;
  return Z;
}

/// LayerNorm: each token (column) standardised over its features, then gamma, beta.
template <class T>
Matrix<T> layer_norm(const Matrix<T>& Z, const Vector<T>& gamma, const Vector<T>& beta) {
  return affine_rows<T>(standardise_columns<T>(Z), gamma, beta);
}

/// BatchNorm (training mode): each feature (row) standardised over the batch
/// (columns), then gamma, beta.
template <class T>
Matrix<T> batch_norm(const Matrix<T>& Z, const Vector<T>& gamma, const Vector<T>& beta) {
  return affine_rows<T>(Matrix<T>(standardise_columns<T>(Matrix<T>(Z.transpose())).transpose()), gamma, beta);
}

/// One transformer layer without positional encoding (Perm-5):
/// Z = X + LN1(Attn(X, X, X)); out = Z + LN2(W_2 relu(W_1 Z + b_1) + b_2).
template <class T>
struct TransformerLayer {
  AttentionWeights<T> head;
  Vector<T> ln1_gamma, ln1_beta, ln2_gamma, ln2_beta;
  Matrix<T> W_1, W_2;
  Vector<T> b_1, b_2;

  /// Self-attention: X <- X + LN(Attn(X, X, X)), X <- X + LN(FFN(X)).
  Matrix<T> operator()(const Matrix<T>& X) const { return (*this)(X, X); }

  /// Cross-attention, as Perm-bias writes the layer: X <- X + LN(Attn(X, Y, Y)),
  /// X <- X + LN(FFN(X)), with the keys and values Y (d x m) fixed.
  Matrix<T> operator()(const Matrix<T>& X, const Matrix<T>& Y) const {
    const Matrix<T> Z = X + layer_norm<T>(attention<T>(head, X, Y), ln1_gamma, ln1_beta);
    Matrix<T> H = add_bias<T>(product(W_1, Z), b_1);
    H = H.cwiseMax(T(0));
    return Z + layer_norm<T>(add_bias<T>(product(W_2, H), b_2), ln2_gamma, ln2_beta);
  }
};

/// Sinusoidal positional encoding (Vaswani et al. 2017), d x n:
/// P(2i, t) = sin(t / 10000^(2i/d)), P(2i+1, t) = cos(t / 10000^(2i/d)).
template <class T>
Matrix<T> sinusoidal_encoding(Eigen::Index d, Eigen::Index n) {
  Matrix<T> P(d, n);
  for (Eigen::Index t = 0; t < n; ++t)
    for (Eigen::Index i = 0; i < d; ++i) {
      using std::cos;
      using std::pow;
      using std::sin;
      const T angle = T(t) / T(pow(T(10000), T(2 * (i / 2)) / T(d)));
      P(i, t) = i % 2 == 0 ? T(sin(angle)) : T(cos(angle));
    }
  return P;
}

}  // namespace attnverify::num
