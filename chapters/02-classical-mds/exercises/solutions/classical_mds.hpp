#pragma once
/// \file 02-classical-mds/exercises/solutions/classical_mds.hpp
/// \brief Model solution of exercise 2.5 (for instructors; not in a student handout): the
///        coordinates of classical MDS from `kb::symmetric_eigen`, as the stub allows.
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace solution {

/// \brief The N×p coordinates \f$X = U_p\Lambda_p^{1/2}\f$ of classical MDS (chapter 2, §3).
/// \param B a symmetric N×N Gram matrix
/// \param p how many coordinates, 1 ≤ p ≤ rank B (so that \f$\lambda_1, \dots, \lambda_p > 0\f$)
/// \return X, column j equal to \f$\sqrt{\lambda_j}\,u_j\f$.
template <class T>
kb::Matrix<T> classical_mds(const kb::Matrix<T>& B, Eigen::Index p) {
    // B = U Λ Uᵀ, eigenvalues decreasing
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(B);
    // X = U_p Λ_p^{1/2}: each unit eigenvector scaled by √λ_j, so that XXᵀ = U_p Λ_p U_pᵀ
    return eig.vectors.leftCols(p) * eig.values.head(p).cwiseSqrt().asDiagonal();
}

} // namespace solution
