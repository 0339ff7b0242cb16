/// \file blocked_gram.cpp
/// \brief Gram matrices in `double` by blocked products (declared in kernels.hpp): the
///        inner products \f$XY^\top\f$ of all pairs in one matrix product, and the Gaussian
///        kernel from them by \f$\norm{x - y}^2 = \norm{x}^2 + \norm{y}^2 - 2x^\top y\f$ of the
///        centred points, then one vectorised exponential per entry.
/// \see \ref ch07-routes "Chapter 7, §7.9" and \ref ch07-checks-routes "its engineering notes" (when the fast routes are used, and their rounding)
#include "kernelbook/kernels.hpp"
#include "kernelbook/detail/fast_double.hpp"

#include <algorithm>

namespace kb::detail {
namespace {

// Copies the strict lower triangle of the square K onto its upper triangle, tile by tile (a
// plain transposed copy strides through memory). K is then exactly symmetric.
void mirror_lower(Matrix<double>& K) {
    constexpr Eigen::Index tile = 64;
    const Eigen::Index N = K.rows();
    for (Eigen::Index j0 = 0; j0 < N; j0 += tile)
        for (Eigen::Index i0 = j0; i0 < N; i0 += tile) {
            const Eigen::Index jn = std::min(j0 + tile, N), in = std::min(i0 + tile, N);
            for (Eigen::Index i = i0; i < in; ++i)
                for (Eigen::Index j = j0; j < std::min(jn, i); ++j) K(j, i) = K(i, j);
        }
}

// g_i ← exp(−γ max(a_i + b − 2g_i, 0)) for n entries: the squared distance from the inner
// products of centred points, clamped at 0 (rounding can make it slightly negative; a NaN
// stays NaN, for the caller's check), then the vectorised exponential.
void gaussian_from_inner_products(double* g, const double* a, double b, double gamma, Eigen::Index n) {
    for (Eigen::Index i = 0; i < n; ++i) {
        const double d = a[i] + b - 2.0 * g[i];
        g[i] = -gamma * (d < 0 ? 0.0 : d);
    }
    exp_nonpositive(g, n);
}

} // namespace

Matrix<double> inner_products_blocked(const Matrix<double>& X) {
    const Eigen::Index N = X.rows();
    Matrix<double> G = large_matrix(N, N);
    G.triangularView<Eigen::Lower>() = X * X.transpose();
    mirror_lower(G);
    return G;
}

Matrix<double> inner_products_blocked(const Matrix<double>& Z, const Matrix<double>& X) {
    Matrix<double> G = large_matrix(Z.rows(), X.rows());
    G.noalias() = Z * X.transpose();
    return G;
}

Matrix<double> gaussian_gram_blocked(double gamma, const Matrix<double>& X) {
    const Eigen::Index N = X.rows();
    // Centring changes no distance and keeps ‖x‖² + ‖y‖² − 2xᵀy from cancelling more than the
    // spread of the points requires.
    const Matrix<double> Xc = X.rowwise() - X.colwise().mean();
    const Vector<double> sq = Xc.rowwise().squaredNorm();
    Matrix<double> K = large_matrix(N, N);
    K.triangularView<Eigen::Lower>() = Xc * Xc.transpose();
    for (Eigen::Index j = 0; j < N; ++j) {
        const Eigen::Index below = N - j - 1;
        gaussian_from_inner_products(K.col(j).tail(below).data(), sq.tail(below).data(), sq(j), gamma, below);
        K(j, j) = 1.0; // k(x, x) = exp(0), exactly
    }
    mirror_lower(K);
    return K;
}

Matrix<double> gaussian_gram_blocked(double gamma, const Matrix<double>& Z, const Matrix<double>& X) {
    const RowVector<double> mean = X.colwise().mean();
    const Matrix<double> Xc = X.rowwise() - mean;
    const Matrix<double> Zc = Z.rowwise() - mean;
    const Vector<double> sqz = Zc.rowwise().squaredNorm();
    const Vector<double> sqx = Xc.rowwise().squaredNorm();
    Matrix<double> K = large_matrix(Z.rows(), X.rows());
    K.noalias() = Zc * Xc.transpose();
    for (Eigen::Index n = 0; n < X.rows(); ++n)
        gaussian_from_inner_products(K.col(n).data(), sqz.data(), sqx(n), gamma, K.rows());
    return K;
}

} // namespace kb::detail
