#pragma once
/// \file centering.hpp
/// \brief Centring data and Gram matrices: \f$J = I - \tfrac1N\one\one^\top\f$,
///        column means, double centring \f$\tilde K = JKJ\f$, and centring the kernel rows
///        of new points with the *training* means.
///
/// Every function here is a single pass of additions and multiplications, works in every
/// scalar type (exactly in `kb::rational`) and is header-only.

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

namespace kb {

/// \brief The centring matrix \f$J = I_N - \tfrac1N \one\one^\top\f$
///        (symmetric, idempotent, \f$J\one = 0\f$).
template <class T>
Matrix<T> centering_matrix(Eigen::Index N) {
    require(N >= 1, "centering_matrix", "N = " + std::to_string(N) + " must be ≥ 1");
    return Matrix<T>::Identity(N, N) - Matrix<T>::Constant(N, N, T(1) / T(N));
}

/// \brief Column means \f$\mu = \tfrac1N X^\top \one\f$ of an N×q data matrix, as a row vector.
template <class T>
RowVector<T> column_means(const Matrix<T>& X) {
    require_min_points(X, 1, "column_means", "X");
    return X.colwise().sum() / T(X.rows());
}

/// \brief The centred data \f$X - \one\mu = JX\f$.
template <class T>
Matrix<T> center_columns(const Matrix<T>& X) {
    return X.rowwise() - column_means(X);
}

/// \brief Double centring \f$\tilde K = JKJ\f$ of a square matrix, computed in O(N²) as
///        \f$\tilde K_{ij} = K_{ij} - \bar K_{i\cdot} - \bar K_{\cdot j} + \bar K_{\cdot\cdot}\f$
///        (row mean, column mean, grand mean).
///
/// For a Gram matrix \f$K = \Phi\Phi^\top\f$ this is the Gram matrix of the centred
/// features; for squared distances, \f$-\tfrac12 J D^{2} J\f$ is the classical-MDS Gram matrix.
/// \throws kb::error if K is not square or not finite.
template <class T>
Matrix<T> double_center(const Matrix<T>& K) {
    require_square(K, "double_center", "K");
    require_finite(K, "double_center", "K");
    const T N(K.rows());
    // K̃ = J K J: subtract row and column means, add back the grand mean.
    const Vector<T> row_mean = K.rowwise().sum() / N;
    const RowVector<T> col_mean = K.colwise().sum() / N;
    const T grand_mean = row_mean.sum() / N;
    Matrix<T> Kc = K;
    Kc.colwise() -= row_mean;
    Kc.rowwise() -= col_mean;
    Kc.array() += grand_mean;
    return Kc;
}

/// \brief Centres the kernel rows of M new points with the training statistics:
///        \f[ \tilde k(z, x_i) = k(z, x_i) - \tfrac1N\sum_l k(z, x_l) - \tfrac1N\sum_n k(x_n, x_i)
///            + \tfrac1{N^2}\sum_{n,l} k(x_n, x_l). \f]
///
/// \param Kz M×N matrix with \f$(K_z)_{mi} = k(z_m, x_i)\f$.
/// \param K  N×N training Gram matrix.
/// \returns the M×N matrix of \f$\tilde k(z_m, x_i)\f$, i.e. inner products of the centred
///          feature vectors \f$\phi(z_m) - \bar\phi\f$ and \f$\phi(x_i) - \bar\phi\f$.
/// \throws kb::error if the shapes do not match.
template <class T>
Matrix<T> center_test_kernel(const Matrix<T>& Kz, const Matrix<T>& K) {
    const std::string where = "center_test_kernel";
    require_square(K, where, "K");
    require(Kz.cols() == K.cols(), where,
            "Kz has " + std::to_string(Kz.cols()) + " columns but K is " + std::to_string(K.rows()) +
                "×" + std::to_string(K.cols()) +
                "; Kz(m, i) must be k(z_m, x_i) for the same N training points as K");
    require_finite(Kz, where, "Kz");
    const T N(K.rows());
    const Vector<T> test_mean = Kz.rowwise().sum() / N;     // (1/N) Σ_l k(z, x_l)
    const RowVector<T> train_mean = K.colwise().sum() / N;  // (1/N) Σ_n k(x_n, x_i)
    const T grand_mean = train_mean.sum() / N;              // (1/N²) Σ_{n,l} k(x_n, x_l)
    Matrix<T> out = Kz;
    out.colwise() -= test_mean;
    out.rowwise() -= train_mean;
    out.array() += grand_mean;
    return out;
}

} // namespace kb
