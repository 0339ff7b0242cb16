#pragma once
/// \file 07-kernel-pca/exercises/solutions/kernel_pca_scores.hpp
/// \brief Model solution of exercise 7.4 (for instructors; not in a student handout): the
///        training scores of kernel PCA from `kb::double_center` and `kb::symmetric_eigen`,
///        as the stub allows.
#include "kernelbook/centering.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace solution {

/// \brief \f$Y = U_p\,\mathrm{diag}(\sqrt{\mu_1}, \dots, \sqrt{\mu_p})\f$, \f$\Kc u_j = \mu_j u_j\f$
///        (chapter 7, §7.3 and §7.4).
/// \param K an N×N Gram matrix, not centred
/// \param p how many components, 1 ≤ p ≤ rank \f$\Kc\f$
/// \return the N×p training scores.
template <class T>
kb::Matrix<T> kernel_pca_scores(const kb::Matrix<T>& K, Eigen::Index p) {
    // K̃ = JKJ, then its eigenpairs: the μ_j of K̃ itself, not λ_j = μ_j/N
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(kb::double_center(K));
    // y_j = K̃ a_j = √μ_j u_j with a_j = u_j/√μ_j
    return eig.vectors.leftCols(p) * eig.values.head(p).cwiseSqrt().asDiagonal();
}

} // namespace solution
