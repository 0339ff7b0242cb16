#pragma once
/// \file reference.hpp
/// \brief Independent reference spectra for the tests' bounds: the eigenvalues of a
///        symmetric matrix computed by a route that no library code path shares — Eigen's
///        SelfAdjointEigenSolver in long double (ε = 2⁻⁶³, 11 bits more than double) on the
///        matrix rounded once. A backward-stable solver gives each eigenvalue within
///        c·n·ε·λ_max, which is all a bound needs of λ_max, κ or a gap (a few digits); where
///        κ is too large for that (beyond about 10¹¹), a test decomposes the matrix in real100.

#include "kernelbook/matrix.hpp"
#include "kernelbook/real.hpp"

#include <Eigen/Eigenvalues>

#include <vector>

namespace kb::test {

/// \brief A rounded once to long double (any scalar type of the book, rationals included).
template <class T>
Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic> to_long_double(const Matrix<T>& A) {
    Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic> B(A.rows(), A.cols());
    for (Eigen::Index i = 0; i < A.rows(); ++i)
        for (Eigen::Index j = 0; j < A.cols(); ++j) B(i, j) = static_cast<long double>(A(i, j));
    return B;
}

/// \brief The eigenvalues of the symmetric part of A, decreasing, in long double.
template <class T>
std::vector<long double> reference_eigenvalues(const Matrix<T>& A) {
    using LD = Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic>;
    LD B = to_long_double(A);
    B = (B + B.transpose()).eval() / (long double)2;
    const Eigen::SelfAdjointEigenSolver<LD> es(B, Eigen::EigenvaluesOnly);
    std::vector<long double> v;
    for (Eigen::Index i = A.rows() - 1; i >= 0; --i) v.push_back(es.eigenvalues()(i));
    return v;
}

} // namespace kb::test
