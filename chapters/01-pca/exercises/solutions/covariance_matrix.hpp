#pragma once
/// \file 01-pca/exercises/solutions/covariance_matrix.hpp
/// \brief Model solution of exercise 1.4 (for instructors: `bash docs/handout.sh` leaves this
///        folder out of a student handout). It uses only what the stub allows — Eigen's
///        column means and broadcasting — and passes the same check as the stub:
///        `ctest --test-dir build -R '01-pca: exercises: the model solutions'`.
#include "kernelbook/matrix.hpp"

namespace solution {

/// \brief The covariance matrix \f$\operatorname{cov}(A) = X^\top X/(m-1)\f$, \f$X = A - \one\mu\f$
///        (Definition A.4; chapter 1, §1 and §7), exact in `kb::rational`.
/// \param A the m×n data, m ≥ 2 observations in the rows
/// \return the n×n covariance matrix.
template <class T>
kb::Matrix<T> covariance_matrix(const kb::Matrix<T>& A) {
    // μ, the row of column means, and X = A − 1μ, the centred data
    const kb::RowVector<T> mu = A.colwise().mean();
    const kb::Matrix<T> X = A.rowwise() - mu;
    // cov(A) = XᵀX/(m − 1): the sample divisor m − 1, not m
    return kb::Matrix<T>(X.transpose() * X) / T(A.rows() - 1);
}

} // namespace solution
