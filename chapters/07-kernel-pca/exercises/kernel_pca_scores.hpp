#pragma once
/// \file 07-kernel-pca/exercises/kernel_pca_scores.hpp
/// \brief Exercise 7.4 (programming): the training scores of kernel PCA from a Gram matrix.
///        Fill in the function; `ctest --test-dir build -L exercises-07` runs the chapter's law
///        zhu:2.3.2 (Y Yᵀ = K̃ at p = rank) on it, and, with your exercise 7.5, the laws that
///        compare kernel PCA with ordinary PCA of explicit features.
#include "exercise.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace student {

/// \brief The N×p training scores \f$Y = U_p\,\mathrm{diag}(\sqrt{\mu_1}, \dots, \sqrt{\mu_p})\f$
///        of kernel PCA (chapter 7, §7.3 and §7.4), where \f$\Kc u_j = \mu_j u_j\f$ are the p
///        largest eigenpairs of the centred kernel matrix \f$\Kc = JKJ\f$, with unit \f$u_j\f$.
/// \param K an N×N Gram matrix \f$K_{ij} = k(x_i, x_j)\f$, *not* centred
/// \param p how many components, 1 ≤ p ≤ rank \f$\Kc\f$
/// \return Y, whose column j holds the coordinates \f$y_j(x_i)\f$ of the training points on
///         the j-th *unit* principal axis in feature space.
/// You may use `kb::double_center(K)` (chapter 6) and `kb::symmetric_eigen(A)`: its `values`
/// are decreasing and its `vectors` are unit columns, with the book's sign rule. Do not use
/// `kb::KernelPca`: that is the exercise. The signs of the columns are free (the checks
/// compare sign-free invariants), but exercise 7.5 must use the same eigenvectors.
template <class T>
kb::Matrix<T> kernel_pca_scores(const kb::Matrix<T>& K, Eigen::Index p) {
    // Replace this line by your code. Hint: which matrix is decomposed, and are its
    // eigenvalues the μ_j of K̃ or the λ_j = μ_j/N of the feature covariance?
    return kb::exercise::not_written<kb::Matrix<T>>("7.4", "kernel_pca_scores",
                                                     "chapters/07-kernel-pca/exercises/kernel_pca_scores.hpp");
}

} // namespace student
