// The matrix product of MPFR matrices without a temporary per operation. Eigen's generic
// product kernel runs on any scalar, but for an MPFR number each multiply and add of its
// kernel creates, swaps and frees a number (an allocation each): in the attention
// identities at 50 digits (numerics/attention_identities.cpp) that was about 60 % of the
// time (perf, issue 46). Here each entry is summed in place with one scratch number.
#pragma once

#include <boost/multiprecision/eigen.hpp>
#include <boost/multiprecision/mpfr.hpp>
#include <Eigen/Dense>
#include <mpfr.h>

namespace attnverify::num {

/// MPFR at the current default precision (ScopedPrecision), without expression templates:
/// Eigen's kernels expect plain value types.
using MpReal =
    boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<0>, boost::multiprecision::et_off>;
using MpMatrix = Eigen::Matrix<MpReal, Eigen::Dynamic, Eigen::Dynamic>;

/// C = A B (A: r x k, B: k x c; throws std::invalid_argument when the inner sizes differ).
/// Each entry C(i, j) = sum over l = 0, 1, ..., k - 1 of A(i, l) B(l, j) in that order, every
/// product and every partial sum rounded to nearest at the current default precision: the
/// operations of a plain dot product (so within k units in the last place of the exact sum,
/// relative to the sum of |A(i, l) B(l, j)|, as Eigen's kernel is; its order of additions may
/// differ from Eigen's, so results can differ from A * B in the last places).
inline MpMatrix product(const MpMatrix& A, const MpMatrix& B) {
  if (A.cols() != B.rows()) throw std::invalid_argument("product: inner sizes differ");
  const MpMatrix At = A.transpose();  // the rows of A as contiguous columns
  MpMatrix C(A.rows(), B.cols());
  const mpfr_prec_t bits = mpfr_get_prec(MpReal(0).backend().data());
  mpfr_t term;
  mpfr_init2(term, bits);
  for (Eigen::Index j = 0; j < B.cols(); ++j)
    for (Eigen::Index i = 0; i < A.rows(); ++i) {
      mpfr_ptr sum = C(i, j).backend().data();
      mpfr_set_prec(sum, bits);  // also sets it to NaN; then 0
      mpfr_set_zero(sum, 1);
      for (Eigen::Index l = 0; l < A.cols(); ++l) {
        mpfr_mul(term, At(l, i).backend().data(), B(l, j).backend().data(), MPFR_RNDN);
        mpfr_add(sum, sum, term, MPFR_RNDN);
      }
    }
  mpfr_clear(term);
  return C;
}

/// C = A B for any other scalar (double): Eigen's product.
template <class Scalar>
Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic> product(
    const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& A,
    const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& B) {
  return A * B;
}

}  // namespace attnverify::num
