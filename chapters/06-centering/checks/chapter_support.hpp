#pragma once
/// \file 06-centering/checks/chapter_support.hpp
/// \brief Chapter 6's test helpers, shared by its test files: the random polynomial kernels and
///        test-row cases of the centring properties, and a fixed training set (test code only).

#include "test_support.hpp"

#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"

namespace kb::test::ch06 {

// A polynomial kernel (c + xᵀy)^d with small c and d, drawn for a property.
template <class T>
kb::PolynomialKernel<T> any_polynomial_kernel() {
    const long c = *kb::test::int_in(0, 2);
    const int d = *kb::test::size_in(1, 3);
    return kb::PolynomialKernel<T>(T(c), d);
}

// Points X (N×q, 2 ≤ N ≤ N_hi, 1 ≤ q ≤ 3) on the grid 1/denominator (coordinates up to
// `range` grid steps), a polynomial kernel and its explicit feature map: the setting of the
// centring properties, exact and in floating point.
template <class T>
struct FeatureCase {
    int N, q;
    Matrix<T> X;
    kb::PolynomialKernel<T> k;
    kb::PolynomialFeatureMap<T> fm;
};

template <class T>
FeatureCase<T> any_feature_case(int N_hi, int range, int denominator) {
    const int N = *kb::test::size_in(2, N_hi);
    const int q = *kb::test::size_in(1, 3);
    const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, range), denominator);
    const auto k = any_polynomial_kernel<T>();
    return {N, q, X, k, kb::PolynomialFeatureMap<T>(k, q)};
}

// Training points X (N×q, 2 ≤ N ≤ N_hi) and new points Z (M×q) on the grid 1/denominator
// (coordinates up to x_range and z_range grid steps), a polynomial kernel and its explicit
// feature map: the setting of the test-row centring properties, exact and in floating point.
template <class T>
struct TestRowsCase {
    int N, M, q;
    Matrix<T> X, Z;
    kb::PolynomialKernel<T> k;
    kb::PolynomialFeatureMap<T> fm;
};

template <class T>
TestRowsCase<T> any_test_rows_case(int N_hi, int x_range, int z_range, int denominator) {
    const int N = *kb::test::size_in(2, N_hi);
    const int M = *kb::test::size_in(1, 4);
    const int q = *kb::test::size_in(1, 3);
    const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, x_range), denominator);
    const Matrix<T> Z = kb::from_integers<T>(*kb::test::points(M, q, z_range), denominator);
    const auto k = any_polynomial_kernel<T>();
    return {N, M, q, X, Z, k, kb::PolynomialFeatureMap<T>(k, q)};
}

// A fixed training set (rational), used by the companions.
inline Matrix<kb::rational> fixed_training() {
    return kb::from_integers<kb::rational>((IntMatrix(5, 2) << 0, 0, 2, 1, -1, 3, 4, -2, 1, 1).finished(), 2);
}

} // namespace kb::test::ch06
