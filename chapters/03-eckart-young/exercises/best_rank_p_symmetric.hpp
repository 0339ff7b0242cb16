#pragma once
/// \file 03-eckart-young/exercises/best_rank_p_symmetric.hpp
/// \brief Exercise 3.5 (programming): the best rank-p approximation of a symmetric, possibly
///        indefinite matrix. Fill in the function; `ctest --test-dir build -L exercises-03` runs
///        the chapter's law zhu:thm2 for indefinite matrices on it.
#include "exercise.hpp"
#include "kernelbook/eckart_young.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace student {

/// \brief The best approximation of rank ≤ p of a symmetric matrix A in the Frobenius and
///        the spectral norm (chapter 3, §6): \f$A_S = \sum_{j\in S}\lambda_j u_j u_j^\top\f$ over
///        the p eigenpairs S of largest \f$|\lambda_j|\f$, negative ones included.
/// \param A a symmetric n×n matrix (indefinite in the checks)
/// \param p the rank, 0 ≤ p ≤ n
/// \return the n×n matrix A_S, symmetric up to rounding (the check verifies that, then
///         measures the error of its symmetric part).
/// You may use `kb::symmetric_eigen(A)`: its `values` are decreasing (not by absolute value)
/// and its `vectors` are orthonormal columns, \f$A = U\,\mathrm{diag}(\lambda)\,U^\top\f$; and for
/// the sum you may write the loop yourself or call `kb::eigen_sum(values, vectors, S)` with S a
/// `kb::IndexList` of the kept indices. Choosing S is the exercise.
template <class T>
kb::Matrix<T> best_rank_p_symmetric(const kb::Matrix<T>& A, Eigen::Index p) {
    // Replace this line by your code. Hint: the singular values of a symmetric matrix are the
    // |λ_j|; order the indices by |λ_j| (std::sort with a comparison) and keep the first p.
    return kb::exercise::not_written<kb::Matrix<T>>("3.5", "best_rank_p_symmetric",
                                                     "chapters/03-eckart-young/exercises/best_rank_p_symmetric.hpp");
}

} // namespace student
