#pragma once
/// \file 03-eckart-young/exercises/solutions/best_psd_rank_p.hpp
/// \brief Model solution of exercise 3.6 (for instructors; not in a student handout): the
///        largest positive eigenvalues, at most p of them, summed with `kb::eigen_sum`, as the
///        stub allows.
#include "kernelbook/eckart_young.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace solution {

/// \brief The PSD matrix of rank ≤ p closest to a symmetric A in the Frobenius norm (chapter 3,
///        §6): \f$\sum_{j\in S}\lambda_j u_j u_j^\top\f$, S the (at most p) largest positive eigenvalues.
/// \param A a symmetric n×n matrix, possibly indefinite
/// \param p the rank, 0 ≤ p ≤ n
/// \return the n×n PSD matrix \f$XX^\top\f$, X n×p.
template <class T>
kb::Matrix<T> best_psd_rank_p(const kb::Matrix<T>& A, Eigen::Index p) {
    // A = U diag(λ) Uᵀ with λ decreasing
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(A);
    // S: the first p indices whose λ_j is positive — a term λ u uᵀ with λ < 0 is not x xᵀ,
    // and leaving it out costs λ², less than keeping it with any other sign
    kb::IndexList S;
    for (Eigen::Index j = 0; j < eig.values.size() && static_cast<Eigen::Index>(S.size()) < p; ++j)
        if (eig.values(j) > 0) S.push_back(j);
    return kb::eigen_sum(eig.values, eig.vectors, S);
}

} // namespace solution
