#pragma once
/// \file 04-kernels/exercises/solutions/gaussian_gram.hpp
/// \brief Model solution of exercise 4.4 (for instructors; not in a student handout): the
///        Gaussian Gram matrix by its definition, without kb::GaussianKernel or kb::gram.
#include "kernelbook/matrix.hpp"

namespace solution {

/// \brief \f$K_{ij} = \exp(-\gamma\norm{x_i - x_j}^2)\f$ on the rows of X (chapter 4, §5).
/// \param X     the N×q points, one per row
/// \param gamma the width parameter γ > 0
/// \return the N×N Gram matrix, exactly symmetric, with unit diagonal.
template <class T>
kb::Matrix<T> gaussian_gram(const kb::Matrix<T>& X, const T& gamma) {
    using std::exp; // so that real50 finds its own exp by argument-dependent lookup
    const Eigen::Index N = X.rows();
    kb::Matrix<T> K(N, N);
    for (Eigen::Index i = 0; i < N; ++i) {
        K(i, i) = T(1); // exp(−γ·0)
        for (Eigen::Index j = i + 1; j < N; ++j) {
            // ‖xᵢ − xⱼ‖², squared: exp(−γ‖xᵢ − xⱼ‖) is another (Laplacian) kernel
            const T d2 = (X.row(i) - X.row(j)).squaredNorm();
            K(i, j) = K(j, i) = exp(-gamma * d2);
        }
    }
    return K;
}

} // namespace solution
