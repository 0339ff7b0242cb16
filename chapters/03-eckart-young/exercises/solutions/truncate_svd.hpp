#pragma once
/// \file 03-eckart-young/exercises/solutions/truncate_svd.hpp
/// \brief Model solution of exercise 3.4 (for instructors; not in a student handout): the
///        truncated SVD from `kb::thin_svd`, as the stub allows.
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace solution {

/// \brief The truncated SVD \f$X_p = \sum_{j\le p}\sigma_j u_j v_j^\top\f$ (chapter 3, §3).
/// \param X an N×q matrix
/// \param p how many singular triplets to keep, 0 ≤ p ≤ min(N, q)
/// \return the N×q matrix X_p: zero for p = 0, X for p = min(N, q).
template <class T>
kb::Matrix<T> truncate_svd(const kb::Matrix<T>& X, Eigen::Index p) {
    // X = U diag(σ) Vᵀ with σ decreasing: the p largest singular values come first
    const kb::Svd<T> svd = kb::thin_svd(X);
    // X_p = Σ_{j<p} σ_j u_j v_jᵀ, one rank-one term per kept triplet (none for p = 0)
    kb::Matrix<T> Xp = kb::Matrix<T>::Zero(X.rows(), X.cols());
    for (Eigen::Index j = 0; j < p; ++j) Xp += svd.sigma(j) * (svd.U.col(j) * svd.V.col(j).transpose());
    return Xp;
}

} // namespace solution
