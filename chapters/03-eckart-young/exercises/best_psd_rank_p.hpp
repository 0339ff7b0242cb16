#pragma once
/// \file 03-eckart-young/exercises/best_psd_rank_p.hpp
/// \brief Exercise 3.6 (programming): the best Gram matrix XXᵀ (X with p columns) for a
///        symmetric, possibly indefinite matrix — what classical MDS computes. Fill in the
///        function; `ctest --test-dir build -L exercises-03` runs the chapter's law zhu:thm2 for
///        indefinite matrices on it.
#include "exercise.hpp"
#include "kernelbook/eckart_young.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace student {

/// \brief The PSD matrix of rank ≤ p closest to a symmetric matrix A in the Frobenius norm
///        (chapter 3, §6): \f$\sum_{j\in S}\lambda_j u_j u_j^\top\f$ over the largest positive
///        eigenvalues, at most p of them (fewer if A has fewer than p positive eigenvalues).
/// \param A a symmetric n×n matrix (indefinite in the checks)
/// \param p the rank, 0 ≤ p ≤ n
/// \return the n×n PSD matrix, of the form XXᵀ with X n×p.
/// You may use `kb::symmetric_eigen(A)`: its `values` are decreasing and its `vectors` are
/// orthonormal columns, \f$A = U\,\mathrm{diag}(\lambda)\,U^\top\f$; and for the sum,
/// `kb::eigen_sum(values, vectors, S)` with S a `kb::IndexList` of the kept indices. Choosing
/// S is the exercise.
template <class T>
kb::Matrix<T> best_psd_rank_p(const kb::Matrix<T>& A, Eigen::Index p) {
    // Replace this line by your code. Hint: a term λ u uᵀ with λ < 0 is not of the form x xᵀ.
    return kb::exercise::not_written<kb::Matrix<T>>("3.6", "best_psd_rank_p",
                                                     "chapters/03-eckart-young/exercises/best_psd_rank_p.hpp");
}

} // namespace student
