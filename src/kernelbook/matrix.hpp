#pragma once
/// \file matrix.hpp
/// \brief Dense matrices and vectors over any kernelbook scalar. Rows are points:
///        a data set of N points in \f$\mathbb{R}^q\f$ is an N×q matrix X.
/// \see \ref ch01-conventions "Chapter 1, §1"

#include "kernelbook/real.hpp"

#include <Eigen/Core>

// Eigen's matrix-product kernels — the matrix-matrix product (for A·B, A·Bᵀ and Aᵀ·B) and
// the matrix-vector product (for A·v and Aᵀ·v) — for the book's four scalar types are
// compiled once, in the library (eigen_products.cpp, at -O2), instead of in every unit
// that multiplies two matrices: each test unit, compiled at -O0, generated them again
// (about 5 % of a chapter's test unit) and ran its own unoptimised copy. The kernels do
// the same operations in the same order wherever they are compiled (no fused multiply-add
// without -mfma), so results are unchanged.
#define KB_EIGEN_PRODUCT_KERNELS(EXTERN, S)                                                              \
    EXTERN template struct Eigen::internal::general_matrix_matrix_product<                                \
        Eigen::Index, S, Eigen::ColMajor, false, S, Eigen::ColMajor, false, Eigen::ColMajor, 1>;         \
    EXTERN template struct Eigen::internal::general_matrix_matrix_product<                                \
        Eigen::Index, S, Eigen::ColMajor, false, S, Eigen::RowMajor, false, Eigen::ColMajor, 1>;         \
    EXTERN template struct Eigen::internal::general_matrix_matrix_product<                                \
        Eigen::Index, S, Eigen::RowMajor, false, S, Eigen::ColMajor, false, Eigen::ColMajor, 1>;         \
    EXTERN template struct Eigen::internal::general_matrix_vector_product<                                \
        Eigen::Index, S, Eigen::internal::const_blas_data_mapper<S, Eigen::Index, Eigen::ColMajor>,       \
        Eigen::ColMajor, false, S, Eigen::internal::const_blas_data_mapper<S, Eigen::Index, Eigen::RowMajor>, \
        false>;                                                                                           \
    EXTERN template struct Eigen::internal::general_matrix_vector_product<                                \
        Eigen::Index, S, Eigen::internal::const_blas_data_mapper<S, Eigen::Index, Eigen::RowMajor>,       \
        Eigen::RowMajor, false, S, Eigen::internal::const_blas_data_mapper<S, Eigen::Index, Eigen::ColMajor>, \
        false>;
KB_EIGEN_PRODUCT_KERNELS(extern, double)
KB_EIGEN_PRODUCT_KERNELS(extern, kb::real50)
KB_EIGEN_PRODUCT_KERNELS(extern, kb::real100)
KB_EIGEN_PRODUCT_KERNELS(extern, kb::rational)

namespace kb {

/// \brief Dense column-major matrix over T (N×q data: one point per row).
template <class T>
using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

/// \brief Dense column vector over T.
template <class T>
using Vector = Eigen::Matrix<T, Eigen::Dynamic, 1>;

/// \brief Dense row vector over T (one point).
template <class T>
using RowVector = Eigen::Matrix<T, 1, Eigen::Dynamic>;

/// \brief Integer matrix, used to write data exactly once and read it in every scalar type.
using IntMatrix = Eigen::Matrix<long, Eigen::Dynamic, Eigen::Dynamic>;

/// \brief The matrix with entries \f$ M_{ij} / \text{den} \f$, computed exactly in T.
///
/// Writing data as integers over a common denominator gives *the same* data set in
/// `double`, `real50`, `real100` and `rational` (up to one rounding per entry), which is
/// what makes cross-precision comparisons meaningful.
template <class T>
Matrix<T> from_integers(const IntMatrix& M, long den = 1) {
    Matrix<T> out(M.rows(), M.cols());
    for (Eigen::Index i = 0; i < M.rows(); ++i)
        for (Eigen::Index j = 0; j < M.cols(); ++j) out(i, j) = ratio<T>(M(i, j), den);
    return out;
}

/// \brief Entry-wise conversion of a matrix to another scalar type (see kb::convert).
template <class To, class Derived>
Matrix<To> convert_matrix(const Eigen::MatrixBase<Derived>& A) {
    Matrix<To> out(A.rows(), A.cols());
    for (Eigen::Index i = 0; i < A.rows(); ++i)
        for (Eigen::Index j = 0; j < A.cols(); ++j) out(i, j) = convert<To>(A(i, j));
    return out;
}

/// \brief The all-ones column vector \f$\one\in\mathbb{R}^N\f$.
template <class T>
Vector<T> ones(Eigen::Index N) {
    return Vector<T>::Constant(N, T(1));
}

/// \brief Largest absolute entry, \f$\max_{ij}|A_{ij}|\f$ (zero for an empty matrix);
///        defined for every scalar type, exact ones included.
template <class Derived>
typename Derived::Scalar max_abs(const Eigen::MatrixBase<Derived>& A) {
    using T = typename Derived::Scalar;
    using std::abs;
    T m(0);
    for (Eigen::Index j = 0; j < A.cols(); ++j) // in storage order (column by column)
        for (Eigen::Index i = 0; i < A.rows(); ++i)
            if (abs(A(i, j)) > m) m = abs(A(i, j));
    return m;
}

} // namespace kb
