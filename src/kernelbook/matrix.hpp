#pragma once
/// \file matrix.hpp
/// \brief Dense matrices and vectors over any kernelbook scalar. Rows are points:
///        a data set of N points in \f$\mathbb{R}^q\f$ is an N×q matrix X.
/// \see \ref ch01-conventions "Chapter 1, §1"

#include "kernelbook/real.hpp"

#include <Eigen/Core>

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
