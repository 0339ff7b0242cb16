/// \file bad_input.cpp
/// \brief Refusals of bad input: kb::Pca, kb::scatter_matrix(), kb::covariance_matrix(), the
///        regressions, the line fits and their residual sums, and the library-wide routines
///        chapter 1 uses first (kb::thin_svd(), kb::solve_spd(), kb::is_psd_exact()) throw
///        kb::error with a message that says what is wrong.
#include "test_support.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/lines.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/regression.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <cmath>
#include <limits>

//! [errors]
TEST_CASE("pca refuses bad input with a message: wrong shapes or too few points or non-finite values or k out of "
          "range or above the rank or new points of the wrong dimension") {
    const Matrix<double> A = kb::from_integers<double>((IntMatrix(4, 3) << 1, 2, 0, 3, 1, 1, 0, 0, 2, 2, 5, 1).finished());
    CHECK_THROWS_WITH_AS(kb::Pca(Matrix<double>(A.topRows(1)), {.components = 1}), doctest::Contains("at least 2 points"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(Matrix<double>(0, 3), {.components = 1}), doctest::Contains("at least 2 points"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(Matrix<double>(4, 0), {.components = 1}), doctest::Contains("dimension ≥ 1"), kb::error);
    Matrix<double> bad = A;
    bad(2, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::Pca(bad, {.components = 1}), doctest::Contains("X(2,1) = nan is not finite"), kb::error);
    bad(2, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::Pca(bad, {.components = 1}), doctest::Contains("is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(A, {.components = 0}), doctest::Contains("choose 1 ≤ components ≤ min(N − 1, q) = 3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(A, {.components = 4}), doctest::Contains("components = 4 were asked for"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(Matrix<double>(A.topRows(3)), {.components = 3}), doctest::Contains("min(N − 1, q) = 2"), kb::error);
    // Collinear points in the plane have rank 1: two components cannot be asked for.
    const Matrix<double> line = kb::from_integers<double>((IntMatrix(4, 2) << 0, 0, 1, 2, 2, 4, 5, 10).finished());
    CHECK_THROWS_WITH_AS(kb::Pca(line, {.components = 2}), doctest::Contains("numerical rank 1"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(line, {.components = 2, .route = kb::PcaRoute::covariance_eigen}), doctest::Contains("numerical rank 1"),
                         kb::error);
    CHECK(kb::Pca(line, {.components = 1}).rank() == 1);
    // Every component (the default) is as many as the rank; none when all points coincide.
    CHECK(kb::Pca(line).components() == 1);
    CHECK(kb::Pca(A).components() == 3);
    CHECK_THROWS_WITH_AS(kb::Pca(A, {.components = -2}), doctest::Contains("components = -2 were asked for"), kb::error);
    const Matrix<double> same = Matrix<double>::Constant(3, 2, 7.0);
    CHECK_THROWS_WITH_AS(kb::Pca(same, {.components = 1}), doctest::Contains("all points coincide"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(same, {.components = kb::all_components}),
                         doctest::Contains("every component was asked for"), kb::error);
    // New points must have q coordinates; scores must not have more than k columns.
    const kb::Pca<double> fit(A, {.components = 2});
    CHECK_THROWS_WITH_AS(fit.transform(Matrix<double>::Zero(2, 2)), doctest::Contains("dimension 2"), kb::error);
    Matrix<double> z = Matrix<double>::Zero(1, 3);
    z(0, 0) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(fit.transform(z), doctest::Contains("Z(0,0) = nan is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(fit.reconstruct(Matrix<double>::Zero(1, 3)), doctest::Contains("only p = 2"), kb::error);
    CHECK_THROWS_WITH_AS(fit.reconstruction_error(A, 3), doctest::Contains("choose 0 ≤ m ≤ p"), kb::error);
    CHECK_THROWS_WITH_AS(kb::covariance_matrix(Matrix<double>(A.topRows(1))), doctest::Contains("at least 2 points"),
                         kb::error);
}
//! [errors]

// Data around 10¹⁶⁰ are finite, but their variances (≈ 10³²⁰) are not: double stops at
// 1.8·10³⁰⁸. PCA says so, instead of reporting a rank of 0 ("all points coincide"), which is
// what an infinite rank tolerance would give. The same data scaled by 10⁻¹⁵⁰ have the same axes.
TEST_CASE("pca refuses data whose variances overflow and names the scale, and the rescaled data give the same axes") {
    const Matrix<double> A = kb::from_integers<double>((IntMatrix(4, 2) << 1, 2, 3, 1, 0, 0, 2, 5).finished());
    const Matrix<double> huge = A * 1e160;
    CHECK_THROWS_WITH_AS(kb::Pca(huge, {.components = 1}),
                         doctest::Contains("overflows double (max |x| = 5e+160): the variances are squares of the "
                                           "data's scale; rescale the data"),
                         kb::error);
    const kb::Pca<double> rescaled(Matrix<double>(huge * 1e-150), {.components = 2}), plain(A, {.components = 2});
    const double err = (kb::align_signs(rescaled.loadings(), plain.loadings()) - plain.loadings()).cwiseAbs().maxCoeff();
    // The scatter of A is [[5, 3], [3, 14]] (exactly, by hand): λ = (19 ± √117)/2, gap √117.
    // Each fit's axes are within the subspace bound of the exact ones, and the rescaling
    // (two roundings per entry) moves the scatter by far less than that bound: twice it.
    const double lambda1 = (19 + std::sqrt(117.0)) / 2, gap = std::sqrt(117.0);
    auto bound = kb::test::subspace<double>(4, lambda1, gap);
    bound.value *= 2;
    KB_CHECK_WITHIN(err, bound, "the axes of the rescaled data = the axes of A");
    // In real50 the same data do not overflow (its exponent range is far wider).
    CHECK(kb::Pca(Matrix<kb::real50>(huge.cast<kb::real50>()), {.components = 1}).rank() == 2);
    // PCA computes on 2^-e·A (exact) and multiplies back: the scores of 10¹⁶⁰·A (about 10¹⁶⁰)
    // are representable, but its eigenvalues and variances (about 10³²⁰) are not, so it still
    // refuses — for the variances, not for a scaled intermediate. The covariance route too.
    // The message gives the scatter at the data's scale, which double cannot hold: tr of the
    // scatter of A is 5 + 14 = 19 (above), so that of 10¹⁶⁰·A is 1.9·10³²¹ (a wrong power of the
    // rescaling would show 1.9·10¹⁶¹).
    CHECK_THROWS_WITH_AS(kb::Pca(huge, {.components = 1, .route = kb::PcaRoute::covariance_eigen}),
                         doctest::Contains("the total scatter ‖X − 𝟙μ‖_F² = 1.9e+321 overflows double (max |x| = 5e+160)"),
                         kb::error);
}

// Data around 10⁻¹⁷⁰: their variances (10⁻³⁴⁰) are below the smallest double. Computed
// unscaled, every square underflows to 0 and PCA said "all points coincide" (rank 0) — the old
// wrong diagnosis. Computed at the scale 2^-e (exact), the rank is right and PCA refuses
// because the eigenvalues it would report are not normal doubles, naming the scale.
TEST_CASE("pca refuses data whose variances underflow and names the scale instead of saying the points coincide") {
    const Matrix<double> A = kb::from_integers<double>((IntMatrix(4, 2) << 1, 2, 3, 1, 0, 0, 2, 5).finished());
    const Matrix<double> tiny = A * 1e-170;
    CHECK_THROWS_WITH_AS(kb::Pca(tiny, {.components = 1}), doctest::Contains("below the smallest normal double 2.22507e-308 (max |x| = "
                                                             "5e-170): the variances are squares of the data's scale"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(tiny, {.components = 1, .route = kb::PcaRoute::covariance_eigen}),
                         doctest::Contains("below the smallest normal double"), kb::error);
    // Companion: the old route's numbers. Unscaled, ‖X‖_F² and so the rank tolerance are 0,
    // which made every eigenvalue "rounding" and the diagnosis "all points coincide".
    const Matrix<double> X = tiny.rowwise() - kb::column_means(tiny);
    CHECK(X.squaredNorm() == 0.0);
    CHECK(kb::pca_rank_tolerance<double>(4, 2, X.squaredNorm()) == 0.0);
    // The same data at 10⁻¹⁵⁰ (variances about 10⁻³⁰⁰, normal) are fitted, with the right rank.
    CHECK(kb::Pca(Matrix<double>(A * 1e-150)).rank() == 2);
    // In real50 the data at 10⁻¹⁷⁰ are ordinary.
    CHECK(kb::Pca(Matrix<kb::real50>(tiny.cast<kb::real50>()), {.components = 1}).rank() == 2);
}

TEST_CASE("regression and line fits refuse bad input with a message") {
    const Vector<double> x = (Vector<double>(4) << 0, 1, 2, 3).finished();
    const Vector<double> y3 = (Vector<double>(3) << 1, 2, 3).finished();
    CHECK_THROWS_WITH_AS(kb::linear_regression(Matrix<double>(x), y3),
                         doctest::Contains("one response per observation"), kb::error);
    CHECK_THROWS_WITH_AS(kb::polynomial_regression(x, y3, 2), doctest::Contains("x has 4 entries but y has 3"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::polynomial_regression(x, x, 0), doctest::Contains("degree = 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::power_features(x, 0), doctest::Contains("degree = 0"), kb::error);
    // Two distinct x values cannot determine a quadratic.
    const Vector<rational> two = (Vector<rational>(4) << 0, 1, 0, 1).finished();
    const Vector<rational> yq = (Vector<rational>(4) << 1, 2, 3, 4).finished();
    CHECK_THROWS_WITH_AS(kb::polynomial_regression(two, yq, 2), doctest::Contains("fewer than degree + 1 = 3"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::linear_regression(kb::power_features(two, 2), yq),
                         doctest::Contains("linearly dependent"), kb::error);
    CHECK_THROWS_WITH_AS(kb::linear_regression(Matrix<double>(Matrix<double>::Zero(2, 2)), Vector<double>(Vector<double>::Zero(2))),
                         doctest::Contains("more observations than features"), kb::error);
    Vector<double> nan = x;
    nan(1) = std::nan("");
    CHECK_THROWS_WITH_AS(kb::polynomial_regression(nan, x, 1), doctest::Contains("is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::moments2(Matrix<double>(Matrix<double>::Zero(3, 3))),
                         doctest::Contains("two columns"), kb::error);
    CHECK_THROWS_WITH_AS(kb::moments2(Matrix<double>(Matrix<double>::Zero(1, 2))),
                         doctest::Contains("at least 2 points"), kb::error);
    Matrix<double> bad = Matrix<double>::Zero(3, 2);
    bad(0, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::ols_line(bad), doctest::Contains("XY(0,1) = inf is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::tls_line(Matrix<double>(Matrix<double>::Ones(3, 2))), doctest::Contains("not unique"),
                         kb::error);
}

TEST_CASE("scatter_matrix and covariance_matrix refuse no points and non-finite data and a scatter that overflows "
          "with a message") {
    const Matrix<double> A = kb::from_integers<double>((IntMatrix(3, 2) << 1, 2, 3, 1, 0, 0).finished());
    CHECK(kb::scatter_matrix(A).rows() == 2);
    CHECK_THROWS_WITH_AS(kb::scatter_matrix(Matrix<double>(0, 2)),
                         doctest::Contains("scatter_matrix: A must hold at least 1 point (row) of dimension ≥ 1, but "
                                           "it is 0×2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::scatter_matrix(Matrix<double>(3, 0)),
                         doctest::Contains("scatter_matrix: A must hold at least 1 point (row) of dimension ≥ 1, but "
                                           "it is 3×0"), kb::error);
    Matrix<double> bad = A;
    bad(1, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::scatter_matrix(bad), doctest::Contains("scatter_matrix: A(1,1) = nan is not finite"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::covariance_matrix(bad), doctest::Contains("covariance_matrix: A(1,1) = nan is not finite"),
                         kb::error);
    // Data around 10¹⁶⁰ are finite, their scatter (≈ 10³²⁰) is not: it would be returned as inf.
    CHECK_THROWS_WITH_AS(kb::scatter_matrix(Matrix<double>(A * 1e160)),
                         doctest::Contains("scatter_matrix: the scatter XᵀX overflows double: S(0,0) = inf (max |a| = "
                                           "3e+160); its entries are sums of squares of the data's scale, so rescale "
                                           "the data"), kb::error);
    CHECK_THROWS_WITH_AS(kb::covariance_matrix(Matrix<double>(A * 1e160)),
                         doctest::Contains("covariance_matrix: the scatter XᵀX overflows double"), kb::error);
    // real50's exponent range holds the same data; its refusals are those of double.
    CHECK(kb::is_finite(kb::scatter_matrix(Matrix<kb::real50>((A * 1e160).cast<kb::real50>()))(0, 0)));
    CHECK_THROWS_WITH_AS(kb::scatter_matrix(Matrix<kb::real50>(0, 2)),
                         doctest::Contains("scatter_matrix: A must hold at least 1 point"), kb::error);
}

TEST_CASE("a vertical line has no intercept and no y(x) and no vertical residuals, and every residual sum refuses a "
          "line without direction: each with a message") {
    // x = 2: all points share their abscissa, the TLS line is vertical.
    const Matrix<double> XY = kb::from_integers<double>((IntMatrix(3, 2) << 2, 0, 2, 1, 2, 5).finished());
    const kb::Line<double> vertical = kb::tls_line(XY);
    REQUIRE(vertical.vertical());
    CHECK_THROWS_WITH_AS(vertical.slope(),
                         doctest::Contains("Line::slope: the line is vertical (x = 2): it has no slope"), kb::error);
    CHECK_THROWS_WITH_AS(vertical.intercept(),
                         doctest::Contains("Line::intercept: the line is vertical (x = 2): it is not the graph of a "
                                           "function y(x), so it has no intercept"), kb::error);
    CHECK_THROWS_WITH_AS(vertical.y_at(1.0),
                         doctest::Contains("Line::y_at: the line is vertical (x = 2): it is not the graph of a "
                                           "function y(x), so y(1) is not defined"), kb::error);
    CHECK_THROWS_WITH_AS(kb::sum_squared_vertical_residuals(vertical, XY),
                         doctest::Contains("sum_squared_vertical_residuals: the line is vertical (x = 2): it is not "
                                           "the graph of a function y(x), so a vertical residual y_n − y(x_n) is not "
                                           "defined"), kb::error);
    CHECK_THROWS_WITH_AS(kb::sum_absolute_vertical_residuals(vertical, XY),
                         doctest::Contains("sum_absolute_vertical_residuals: the line is vertical (x = 2)"), kb::error);
    // The vertical line has orthogonal distances: |x_n − 2| = 0 for every point.
    CHECK(kb::sum_squared_orthogonal_distances(vertical, XY) == 0.0);
    CHECK(kb::sum_orthogonal_distances(vertical, XY) == 0.0);
    // y(x) at a non-finite x.
    const kb::Line<double> diagonal{0, 0, 1, 1};
    CHECK(diagonal.y_at(3.0) == 3.0);
    CHECK(diagonal.intercept() == 0.0);
    CHECK_THROWS_WITH_AS(diagonal.y_at(std::numeric_limits<double>::quiet_NaN()),
                         doctest::Contains("Line::y_at: x = nan is not finite; give a finite abscissa"), kb::error);
    // A direction (0, 0) is no direction: the orthogonal distances would divide by 0.
    const kb::Line<double> point{1, 2, 0, 0};
    CHECK_THROWS_WITH_AS(kb::sum_squared_orthogonal_distances(point, XY),
                         doctest::Contains("sum_squared_orthogonal_distances: the line through (1, 2) has direction "
                                           "(0, 0), which is no direction; give (d_x, d_y) ≠ 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::sum_orthogonal_distances(point, XY),
                         doctest::Contains("sum_orthogonal_distances: the line through (1, 2) has direction (0, 0)"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::sum_squared_vertical_residuals(point, XY),
                         doctest::Contains("sum_squared_vertical_residuals: the line through (1, 2) has direction "
                                           "(0, 0)"), kb::error);
    // A line with a non-finite parameter.
    const kb::Line<double> nan_line{0, std::numeric_limits<double>::quiet_NaN(), 1, 1};
    CHECK_THROWS_WITH_AS(kb::sum_absolute_vertical_residuals(nan_line, XY),
                         doctest::Contains("sum_absolute_vertical_residuals: the line through (0, nan) with direction "
                                           "(1, 1) is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::sum_squared_orthogonal_distances(nan_line, XY),
                         doctest::Contains("sum_squared_orthogonal_distances: the line through (0, nan) with "
                                           "direction (1, 1) is not finite"), kb::error);
    // The data are checked as by moments2.
    CHECK_THROWS_WITH_AS(kb::sum_squared_orthogonal_distances(diagonal, Matrix<double>(Matrix<double>::Zero(3, 3))),
                         doctest::Contains("sum_squared_orthogonal_distances: XY must have two columns"), kb::error);
    CHECK(kb::sum_squared_vertical_residuals(diagonal, XY) == 4.0 + 1.0 + 9.0);
    // In exact arithmetic, the same refusals.
    const kb::Line<rational> vertical_q{rational(2), rational(0), rational(0), rational(1)};
    CHECK_THROWS_WITH_AS(vertical_q.intercept(), doctest::Contains("Line::intercept: the line is vertical (x = 2)"),
                         kb::error);
    const kb::Line<rational> point_q{rational(1), rational(2), rational(0), rational(0)};
    CHECK_THROWS_WITH_AS(kb::sum_squared_orthogonal_distances(point_q, kb::convert_matrix<rational>(XY)),
                         doctest::Contains("has direction (0, 0)"), kb::error);
    // And in real50.
    const kb::Line<kb::real50> vertical50{kb::real50(2), kb::real50(0), kb::real50(0), kb::real50(1)};
    CHECK_THROWS_WITH_AS(vertical50.y_at(kb::real50(1)), doctest::Contains("Line::y_at: the line is vertical (x = 2)"),
                         kb::error);
}

TEST_CASE("lambda_max and lambda_min refuse moments that are not finite or have a negative variance with a message") {
    const kb::Moments2<double> m = kb::moments2(Matrix<double>((Matrix<double>(3, 2) << 0, 0, 1, 2, 2, 1).finished()));
    CHECK(kb::lambda_max(m) >= kb::lambda_min(m));
    kb::Moments2<double> bad = m;
    bad.var_x = -1;
    CHECK_THROWS_WITH_AS(kb::lambda_max(bad),
                         doctest::Contains("lambda_max: a variance is negative (var(x) = -1, var(y) = 1): these are "
                                           "not the moments of any data; compute them with moments2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::lambda_min(bad), doctest::Contains("lambda_min: a variance is negative (var(x) = -1"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::eq4_slope(bad), doctest::Contains("eq4_slope: a variance is negative (var(x) = -1"),
                         kb::error);
    bad = m;
    bad.cov_xy = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::lambda_max(bad),
                         doctest::Contains("lambda_max: the moments var(x) = 1, var(y) = 1, cov(x, y) = inf are not "
                                           "all finite; compute them with moments2 from finite data"), kb::error);
    bad.cov_xy = 0;
    bad.var_y = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::lambda_min(bad),
                         doctest::Contains("lambda_min: the moments var(x) = 1, var(y) = nan, cov(x, y) = 0 are not "
                                           "all finite"), kb::error);
    // In real50, the same refusal.
    const kb::Moments2<kb::real50> bad50{kb::real50(0), kb::real50(0), kb::real50(1), kb::real50(-2), kb::real50(0)};
    CHECK_THROWS_WITH_AS(kb::lambda_max(bad50),
                         doctest::Contains("lambda_max: a variance is negative (var(x) = 1, var(y) = -2)"), kb::error);
}

TEST_CASE("thin_svd refuses empty and non-finite X") {
    CHECK_THROWS_WITH_AS(kb::thin_svd(Matrix<double>(0, 3)),
                         doctest::Contains("thin_svd: X must be non-empty, but it is 0×3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::thin_svd(Matrix<double>(2, 0)),
                         doctest::Contains("thin_svd: X must be non-empty, but it is 2×0"), kb::error);
    Matrix<double> X = Matrix<double>::Ones(3, 2);
    X(2, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::thin_svd(X),
                         doctest::Contains("thin_svd: X(2,1) = inf is not finite; remove or impute non-finite values "
                                           "before calling"), kb::error);
    X(2, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::thin_svd(X),
                         doctest::Contains("thin_svd: X(2,1) = nan is not finite; remove or impute non-finite values "
                                           "before calling"), kb::error);
    // In real50 too; and a finite X is decomposed.
    CHECK_THROWS_WITH_AS(kb::thin_svd(Matrix<kb::real50>(0, 2)),
                         doctest::Contains("thin_svd: X must be non-empty, but it is 0×2"), kb::error);
    X(2, 1) = 1;
    CHECK(kb::thin_svd(X).sigma.size() == 2);
}

TEST_CASE("solve_spd refuses an empty K, a B with the wrong number of rows and a non-finite B") {
    const Matrix<double> K = Matrix<double>::Identity(3, 3);
    CHECK_THROWS_WITH_AS(kb::solve_spd(Matrix<double>(0, 0), Matrix<double>(0, 1)),
                         doctest::Contains("solve_spd: K must be a non-empty square matrix, but it is 0×0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::solve_spd(K, Matrix<double>(Matrix<double>::Ones(2, 1))),
                         doctest::Contains("solve_spd: B has 2 rows but K is 3×3; give B one row per row of K (K Z = "
                                           "B)"), kb::error);
    Matrix<double> B = Matrix<double>::Ones(3, 2);
    B(1, 0) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::solve_spd(K, B),
                         doctest::Contains("solve_spd: B(1,0) = nan is not finite; remove or impute non-finite values "
                                           "before calling"), kb::error);
    B(1, 0) = -std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::solve_spd(K, B),
                         doctest::Contains("solve_spd: B(1,0) = -inf is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    // A 1×1 system of the wrong size, and the same refusal in real50.
    CHECK_THROWS_WITH_AS(kb::solve_spd(Matrix<kb::real50>(Matrix<kb::real50>::Identity(2, 2)),
                                       Matrix<kb::real50>(Matrix<kb::real50>::Ones(3, 1))),
                         doctest::Contains("solve_spd: B has 3 rows but K is 2×2"), kb::error);
    // A B of the right shape is solved.
    B(1, 0) = 2;
    CHECK(kb::solve_spd(K, B) == B);
}

TEST_CASE("is_psd_exact and exact_psd_rank refuse a non-square, empty or asymmetric K and name the entries") {
    CHECK_THROWS_WITH_AS(kb::is_psd_exact(Matrix<kb::rational>(2, 3)),
                         doctest::Contains("is_psd_exact: K must be a non-empty square matrix, but it is 2×3"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::exact_psd_rank(Matrix<kb::rational>(2, 3)),
                         doctest::Contains("exact_psd_rank: K must be a non-empty square matrix, but it is 2×3"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::exact_psd_rank(Matrix<kb::rational>(0, 0)),
                         doctest::Contains("exact_psd_rank: K must be a non-empty square matrix, but it is 0×0"),
                         kb::error);
    Matrix<kb::rational> A(3, 3);
    A << 2, 1, 0, 1, 2, 0, kb::rational(1, 3), 0, 2; // A(0,2) = 0 but A(2,0) = 1/3
    CHECK_THROWS_WITH_AS(kb::is_psd_exact(A),
                         doctest::Contains("is_psd_exact: K must be exactly symmetric, but K(0,2) = 0 and K(2,0) = "
                                           "1/3; an exact test allows no rounding: pass an exactly symmetric K, e.g. "
                                           "(K + Kᵀ)/2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::exact_psd_rank(A),
                         doctest::Contains("exact_psd_rank: K must be exactly symmetric, but K(0,2) = 0 and K(2,0) = "
                                           "1/3; an exact test allows no rounding: pass an exactly symmetric K, e.g. "
                                           "(K + Kᵀ)/2"), kb::error);
    // An exactly symmetric K is decided.
    A(2, 0) = 0;
    CHECK(kb::is_psd_exact(A));
    CHECK(kb::exact_psd_rank(A) == Eigen::Index(3));
}
