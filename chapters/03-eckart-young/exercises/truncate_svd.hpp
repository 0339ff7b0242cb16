#pragma once
/// \file 03-eckart-young/exercises/truncate_svd.hpp
/// \brief Exercise 3.4 (programming): the best rank-p approximation of a data matrix, the
///        truncated SVD. Fill in the function; `ctest --test-dir build -L exercises-03` runs the
///        chapter's law zhu:thm2 (SVD form: errors σ_{p+1} and √(Σ_{j>p} σ_j²)) on it.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace student {

/// \brief The truncated SVD \f$X_p = \sum_{j\le p}\sigma_j u_j v_j^\top\f$ of an N×q matrix
///        (chapter 3, §3): a best approximation of X of rank ≤ p.
/// \param X an N×q matrix
/// \param p how many singular triplets to keep, 0 ≤ p ≤ min(N, q)
/// \return the N×q matrix X_p (the zero matrix for p = 0, X itself for p = min(N, q)).
/// You may use `kb::thin_svd(X)`: its `sigma` are decreasing, and its `U` (N×r) and `V` (q×r),
/// r = min(N, q), have orthonormal columns with \f$X = U\,\mathrm{diag}(\sigma)\,V^\top\f$.
template <class T>
kb::Matrix<T> truncate_svd(const kb::Matrix<T>& X, Eigen::Index p) {
    // Replace this line by your code. Hint: U.leftCols(p) and V.leftCols(p) hold the kept
    // singular vectors.
    return kb::exercise::not_written<kb::Matrix<T>>("3.4", "truncate_svd",
                                                     "chapters/03-eckart-young/exercises/truncate_svd.hpp");
}

} // namespace student
