#pragma once
/// \file 07-kernel-pca/exercises/kernel_pca_transform.hpp
/// \brief Exercise 7.5 (programming): the kernel PCA scores of new points from their kernel
///        rows. Fill in the function; `ctest --test-dir build -L exercises-07` runs the chapter's
///        laws on it with your exercise 7.4: transforming the training points reproduces the
///        fitted scores (slides:score, zhu:2.3.2), and polynomial- and linear-kernel PCA equal
///        ordinary PCA of the explicit features (zhu:2.3.1, zhu:2.3.2, zhu:1.2.2).
#include "exercise.hpp"
#include "kernel_pca_scores.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace student {

/// \brief The M×p scores \f$y_j(z_m) = \sum_i a_{ji}\,\tilde k(z_m, x_i)\f$ of M new points on
///        the p leading components of kernel PCA fitted on the training Gram matrix K
///        (chapter 7, §7.4 and §7.5 step (e), corrected), with \f$a_j = u_j/\sqrt{\mu_j}\f$.
/// \param Kz the M×N kernel rows \f$(K_z)_{mi} = k(z_m, x_i)\f$ of the new points, *not* centred
/// \param K  the N×N training Gram matrix \f$K_{ij} = k(x_i, x_j)\f$, *not* centred
/// \param p  how many components, 1 ≤ p ≤ rank \f$\Kc\f$
/// \return the M×p matrix of scores; for the training points themselves (Kz = K) it must be
///         the Y of your exercise 7.4, signs included.
/// You may use `kb::double_center`, `kb::center_test_kernel` (chapter 6) and
/// `kb::symmetric_eigen`, and your `student::kernel_pca_scores`; not `kb::KernelPca`.
template <class T>
kb::Matrix<T> kernel_pca_transform(const kb::Matrix<T>& Kz, const kb::Matrix<T>& K, Eigen::Index p) {
    // Replace this line by your code. Hint: the rows of new points are centred with the
    // statistics of the *training* matrix K, and the unit axis needs a_j = u_j/√μ_j.
    return kb::exercise::not_written<kb::Matrix<T>>("7.5", "kernel_pca_transform",
                                                     "chapters/07-kernel-pca/exercises/kernel_pca_transform.hpp");
}

} // namespace student
