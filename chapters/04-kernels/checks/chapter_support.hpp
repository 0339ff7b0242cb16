#pragma once
/// \file 04-kernels/checks/chapter_support.hpp
/// \brief What several of chapter 4's test files share: the random points of the chapter's
///        properties, the smallest eigenvalue of a Gram matrix, and the double sum
///        Σᵢ Σⱼ cᵢ cⱼ k(xᵢ, xⱼ) of the definition of a kernel.

#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

#include "generators.hpp"

namespace kb::test::ch04 {

/// N random points of [−1, 1]^q with coordinates k/10: an integer recipe, so that the same
/// points are built in every scalar type.
template <class T>
Matrix<T> cube_points(int N, int q) {
    return kb::from_integers<T>(*kb::test::points(N, q, 10), 10);
}

/// N distinct random points of [−1, 1]^q with coordinates k/10.
template <class T>
Matrix<T> distinct_cube_points(int N, int q) {
    return kb::from_integers<T>(*kb::test::distinct_points(N, q, 10), 10);
}

/// λ_min of a symmetric matrix, by the library's eigensolver.
template <class T>
T min_eigenvalue(const Matrix<T>& K) {
    return kb::symmetric_eigen(K).values(K.rows() - 1);
}

/// Σᵢ Σⱼ cᵢ cⱼ k(xᵢ, xⱼ), written as the definition writes it (two loops, no matrix).
template <class Kernel, class T>
T double_sum(const Kernel& k, const Matrix<T>& X, const Vector<T>& c) {
    T s(0);
    for (Eigen::Index i = 0; i < X.rows(); ++i)
        for (Eigen::Index j = 0; j < X.rows(); ++j) s += c(i) * c(j) * k(X.row(i), X.row(j));
    return s;
}

} // namespace kb::test::ch04
