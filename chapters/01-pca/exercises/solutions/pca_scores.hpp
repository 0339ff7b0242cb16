#pragma once
/// \file 01-pca/exercises/solutions/pca_scores.hpp
/// \brief Model solution of exercise 1.5 (for instructors; not in a student handout): the
///        scores of PCA from `kb::thin_svd` of the centred data, as the stub allows.
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace solution {

/// \brief The N×k scores \f$P = XV_k = U_k\,\mathrm{diag}(\sigma_1, \dots, \sigma_k)\f$ of PCA,
///        \f$X = A - \one\mu\f$ (chapter 1, §3).
/// \param A the N×q data, rows are the points
/// \param k how many components, 1 ≤ k ≤ rank X
/// \return P, column j the coordinates along the j-th principal axis.
template <class T>
kb::Matrix<T> pca_scores(const kb::Matrix<T>& A, Eigen::Index k) {
    // X = A − 1μ: PCA decomposes the centred data, never A itself
    const kb::Matrix<T> X = A.rowwise() - kb::RowVector<T>(A.colwise().mean());
    // X = U diag(σ) Vᵀ: the principal axes are the columns of V, and X V_k = U_k diag(σ_1 … σ_k)
    const kb::Svd<T> svd = kb::thin_svd(X);
    return svd.U.leftCols(k) * svd.sigma.head(k).asDiagonal();
}

} // namespace solution
