/// \file bad_input.cpp
/// \brief Chapter 6's refusals: centring refuses mismatched shapes and non-finite values with a
///        message that names the argument.
#include "test_support.hpp"

#include "kernelbook/centering.hpp"

#include <cmath>
#include <initializer_list>
#include <limits>
#include <tuple>
#include <utility>

//! [ch06-refusals]
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
//! [ch06-refusals]

// KernelCentering reads K (and Kz) once: its means are sums of whole columns (rows), so a NaN
// or an infinity shows in the mean of its column, and only then is K searched for the entry
// that the message names. Opposite infinities in one column (+∞ − ∞ = NaN), an infinity in
// the last entry, and a NaN beside finite values are each found.
TEST_CASE("KernelCentering finds every non-finite entry from its means and names it - finite entries whose "
          "sum overflows are not called non-finite") {
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    const auto with = [](Matrix<double> M, std::initializer_list<std::tuple<int, int, double>> entries) {
        for (const auto& [i, j, v] : entries) M(i, j) = v;
        return M;
    };
    const Matrix<double> K = Matrix<double>::Identity(3, 3);
    CHECK_THROWS_WITH_AS(kb::KernelCentering<double>(with(K, {{2, 1, nan}})),
                         doctest::Contains("KernelCentering: K(2,1) = nan is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelCentering<double>(with(K, {{0, 2, inf}, {1, 2, -inf}})),
                         doctest::Contains("KernelCentering: K(0,2) = inf is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelCentering<double>(with(K, {{2, 2, -inf}})),
                         doctest::Contains("KernelCentering: K(2,2) = -inf is not finite"), kb::error);
    const kb::KernelCentering<double> c(K);
    const Matrix<double> Kz = Matrix<double>::Ones(2, 3);
    CHECK_THROWS_WITH_AS(c.transform(with(Kz, {{1, 0, inf}, {1, 2, -inf}})),
                         doctest::Contains("KernelCentering::transform: Kz(1,0) = inf is not finite"), kb::error);
    Matrix<double> moved = with(Kz, {{0, 1, nan}});
    CHECK_THROWS_WITH_AS(c.transform(std::move(moved)),
                         doctest::Contains("KernelCentering::transform: Kz(0,1) = nan is not finite"), kb::error);
    // The companion: entries of 10³⁰⁸ are finite though their column sums overflow to ∞; they
    // are not refused as non-finite (the means are then ∞, as the sums are).
    const double big = 1e308;
    const kb::KernelCentering<double> huge(Matrix<double>::Constant(3, 3, big));
    CHECK(huge.column_mean()(0) == inf);
    CHECK(std::isinf(c.transform(Matrix<double>::Constant(2, 3, big))(0, 0)));
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
