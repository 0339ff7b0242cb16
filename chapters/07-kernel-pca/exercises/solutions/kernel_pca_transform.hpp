#pragma once
/// \file 07-kernel-pca/exercises/solutions/kernel_pca_transform.hpp
/// \brief Model solution of exercise 7.5 (for instructors; not in a student handout): new kernel
///        rows centred with the training statistics (`kb::center_test_kernel`), times the
///        coefficients \f$a_j = u_j/\sqrt{\mu_j}\f$ of the same decomposition as exercise 7.4.
#include "kernelbook/centering.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace solution {

/// \brief \f$y_j(z_m) = \sum_i a_{ji}\,\tilde k(z_m, x_i)\f$, \f$a_j = u_j/\sqrt{\mu_j}\f$
///        (chapter 7, §7.4 and §7.5 step (e), corrected).
/// \param Kz the M×N kernel rows of the new points, not centred
/// \param K  the N×N training Gram matrix, not centred
/// \param p  how many components, 1 ≤ p ≤ rank \f$\Kc\f$
/// \return the M×p scores; for Kz = K, the scores of solution::kernel_pca_scores, signs included.
template <class T>
kb::Matrix<T> kernel_pca_transform(const kb::Matrix<T>& Kz, const kb::Matrix<T>& K, Eigen::Index p) {
    // the decomposition of exercise 7.4 (the same call gives the same eigenvectors and signs)
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(kb::double_center(K));
    // A = [a_1 … a_p], a_j = u_j/√μ_j: the unit axis in feature space
    const kb::Matrix<T> A = eig.vectors.leftCols(p) * eig.values.head(p).cwiseSqrt().cwiseInverse().asDiagonal();
    // the new rows centred with the *training* means, then projected
    return kb::center_test_kernel(Kz, K) * A;
}

} // namespace solution
