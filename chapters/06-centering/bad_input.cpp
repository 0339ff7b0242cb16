/// \file bad_input.cpp
/// \brief Chapter 6's refusals: centring refuses mismatched shapes and non-finite values with a
///        message that names the argument.
#include "test_support.hpp"

#include "kernelbook/centering.hpp"

#include <limits>

TEST_CASE("centring refuses mismatched shapes and non-finite values with a message") {
    const Matrix<double> K = Matrix<double>::Identity(3, 3);
    CHECK_THROWS_WITH_AS(kb::center_test_kernel(Matrix<double>(Matrix<double>::Ones(2, 4)), K),
                         doctest::Contains("Kz has 4 columns but K is 3×3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::center_test_kernel(Matrix<double>(Matrix<double>::Ones(2, 3)), Matrix<double>(Matrix<double>::Ones(3, 2))),
                         doctest::Contains("square"), kb::error);
    Matrix<double> Kz = Matrix<double>::Ones(2, 3);
    Kz(1, 2) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::center_test_kernel(Kz, K), doctest::Contains("Kz(1,2) = inf is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::double_center(Matrix<double>(Matrix<double>::Ones(2, 3))), doctest::Contains("square"), kb::error);
    const auto c = kb::KernelCentering<double>(K);
    CHECK_THROWS_WITH_AS(c.transform_diagonal(Vector<double>::Ones(3), Matrix<double>::Ones(2, 3)),
                         doctest::Contains("kzz has 3 entries"), kb::error);
    CHECK_THROWS_WITH_AS(c.transform(Matrix<double>::Ones(1, 2)), doctest::Contains("N = 3"), kb::error);
}

TEST_CASE("centering_matrix, column_means and center_columns refuse no points, no dimension and non-finite data") {
    CHECK_THROWS_WITH_AS(kb::centering_matrix<double>(0),
                         doctest::Contains("centering_matrix: N = 0 must be ≥ 1"), kb::error);
    CHECK_THROWS_WITH_AS(kb::centering_matrix<rational>(-2),
                         doctest::Contains("centering_matrix: N = -2 must be ≥ 1"), kb::error);
    CHECK_THROWS_WITH_AS(kb::column_means(Matrix<double>(0, 3)),
                         doctest::Contains("column_means: X must hold at least 1 point (row) of dimension ≥ 1, but it "
                                           "is 0×3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::center_columns(Matrix<double>(2, 0)),
                         doctest::Contains("center_columns: X must hold at least 1 point (row) of dimension ≥ 1, but "
                                           "it is 2×0"), kb::error);
    Matrix<double> X = Matrix<double>::Ones(3, 2);
    X(1, 0) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::column_means(X),
                         doctest::Contains("column_means: X(1,0) = nan is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    // Without the check, one NaN would turn its whole column of the centred data into NaN.
    CHECK_THROWS_WITH_AS(kb::center_columns(X),
                         doctest::Contains("center_columns: X(1,0) = nan is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    X(1, 0) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::column_means(X),
                         doctest::Contains("column_means: X(1,0) = inf is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::center_columns(X),
                         doctest::Contains("center_columns: X(1,0) = inf is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    // Good input: J is N×N, the means of finite data are their means, and centred data have mean 0.
    CHECK(kb::centering_matrix<double>(1) == Matrix<double>::Zero(1, 1));
    X(1, 0) = 4;
    CHECK(kb::column_means(X) == (RowVector<double>(2) << 2, 1).finished());
    CHECK(kb::center_columns(X).colwise().sum().isZero());
    // In real50, the same refusals.
    CHECK_THROWS_WITH_AS(kb::centering_matrix<kb::real50>(0), doctest::Contains("centering_matrix: N = 0 must be ≥ 1"),
                         kb::error);
    Matrix<kb::real50> X50 = Matrix<kb::real50>::Ones(2, 2);
    X50(0, 1) = std::numeric_limits<kb::real50>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::center_columns(X50), doctest::Contains("center_columns: X(0,1) = nan is not finite"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::column_means(Matrix<kb::real50>(0, 2)),
                         doctest::Contains("column_means: X must hold at least 1 point (row) of dimension ≥ 1, but it "
                                           "is 0×2"), kb::error);
}
