/// \file bad_input.cpp
/// \brief Refusals of bad input: kb::Pca, kb::covariance_matrix(), the regressions and the
///        line fits throw kb::error with a message that says what is wrong.
#include "test_support.hpp"

#include "kernelbook/lines.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/regression.hpp"

#include <cmath>
#include <limits>

//! [errors]
TEST_CASE("pca refuses bad input with a message: wrong shapes or too few points or non-finite values or k out of "
          "range or above the rank or new points of the wrong dimension") {
    const Matrix<double> A = kb::from_integers<double>((IntMatrix(4, 3) << 1, 2, 0, 3, 1, 1, 0, 0, 2, 2, 5, 1).finished());
    CHECK_THROWS_WITH_AS(kb::Pca(Matrix<double>(A.topRows(1)), 1), doctest::Contains("at least 2 points"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(Matrix<double>(0, 3), 1), doctest::Contains("at least 2 points"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(Matrix<double>(4, 0), 1), doctest::Contains("dimension ≥ 1"), kb::error);
    Matrix<double> bad = A;
    bad(2, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::Pca(bad, 1), doctest::Contains("X(2,1) = nan is not finite"), kb::error);
    bad(2, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::Pca(bad, 1), doctest::Contains("is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(A, 0), doctest::Contains("choose 1 ≤ components ≤ min(N − 1, q) = 3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(A, 4), doctest::Contains("components = 4 were asked for"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(Matrix<double>(A.topRows(3)), 3), doctest::Contains("min(N − 1, q) = 2"), kb::error);
    // Collinear points in the plane have rank 1: two components cannot be asked for.
    const Matrix<double> line = kb::from_integers<double>((IntMatrix(4, 2) << 0, 0, 1, 2, 2, 4, 5, 10).finished());
    CHECK_THROWS_WITH_AS(kb::Pca(line, 2), doctest::Contains("numerical rank 1"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(line, 2, kb::PcaRoute::covariance_eigen), doctest::Contains("numerical rank 1"),
                         kb::error);
    CHECK(kb::Pca(line, 1).rank() == 1);
    // Every component (the default) is as many as the rank; none when all points coincide.
    CHECK(kb::Pca(line).components() == 1);
    CHECK(kb::Pca(A).components() == 3);
    CHECK_THROWS_WITH_AS(kb::Pca(A, -2), doctest::Contains("components = -2 were asked for"), kb::error);
    const Matrix<double> same = Matrix<double>::Constant(3, 2, 7.0);
    CHECK_THROWS_WITH_AS(kb::Pca(same, 1), doctest::Contains("all points coincide"), kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(same, kb::all_components), doctest::Contains("every component was asked for"), kb::error);
    // New points must have q coordinates; scores must not have more than k columns.
    const kb::Pca<double> fit(A, 2);
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
    CHECK_THROWS_WITH_AS(kb::Pca(huge, 1),
                         doctest::Contains("overflows double (max |x| = 5e+160): the variances are squares of the "
                                           "data's scale; rescale the data"),
                         kb::error);
    const kb::Pca<double> rescaled(Matrix<double>(huge * 1e-150), 2), plain(A, 2);
    const double err = (kb::align_signs(rescaled.loadings(), plain.loadings()) - plain.loadings()).cwiseAbs().maxCoeff();
    // The scatter of A is [[5, 3], [3, 14]] (exactly, by hand): λ = (19 ± √117)/2, gap √117.
    // Each fit's axes are within the subspace bound of the exact ones, and the rescaling
    // (two roundings per entry) moves the scatter by far less than that bound: twice it.
    const double lambda1 = (19 + std::sqrt(117.0)) / 2, gap = std::sqrt(117.0);
    auto bound = kb::test::subspace<double>(4, lambda1, gap);
    bound.value *= 2;
    KB_CHECK_WITHIN(err, bound, "the axes of the rescaled data = the axes of A");
    // In real50 the same data do not overflow (its exponent range is far wider).
    CHECK(kb::Pca(Matrix<kb::real50>(huge.cast<kb::real50>()), 1).rank() == 2);
    // PCA computes on 2^-e·A (exact) and multiplies back: the scores of 10¹⁶⁰·A (about 10¹⁶⁰)
    // are representable, but its eigenvalues and variances (about 10³²⁰) are not, so it still
    // refuses — for the variances, not for a scaled intermediate. The covariance route too.
    CHECK_THROWS_WITH_AS(kb::Pca(huge, 1, kb::PcaRoute::covariance_eigen),
                         doctest::Contains("the total scatter ‖X − 𝟙μ‖_F² = inf overflows double (max |x| = 5e+160)"),
                         kb::error);
}

// Data around 10⁻¹⁷⁰: their variances (10⁻³⁴⁰) are below the smallest double. Computed
// unscaled, every square underflows to 0 and PCA said "all points coincide" (rank 0) — the old
// wrong diagnosis. Computed at the scale 2^-e (exact), the rank is right and PCA refuses
// because the eigenvalues it would report are not normal doubles, naming the scale.
TEST_CASE("pca refuses data whose variances underflow and names the scale instead of saying the points coincide") {
    const Matrix<double> A = kb::from_integers<double>((IntMatrix(4, 2) << 1, 2, 3, 1, 0, 0, 2, 5).finished());
    const Matrix<double> tiny = A * 1e-170;
    CHECK_THROWS_WITH_AS(kb::Pca(tiny, 1), doctest::Contains("below the smallest normal double 2.22507e-308 (max |x| = "
                                                             "5e-170): the variances are squares of the data's scale"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::Pca(tiny, 1, kb::PcaRoute::covariance_eigen),
                         doctest::Contains("below the smallest normal double"), kb::error);
    // Companion: the old route's numbers. Unscaled, ‖X‖_F² and so the rank tolerance are 0,
    // which made every eigenvalue "rounding" and the diagnosis "all points coincide".
    const Matrix<double> X = tiny.rowwise() - kb::column_means(tiny);
    CHECK(X.squaredNorm() == 0.0);
    CHECK(kb::pca_rank_tolerance<double>(4, 2, X.squaredNorm()) == 0.0);
    // The same data at 10⁻¹⁵⁰ (variances about 10⁻³⁰⁰, normal) are fitted, with the right rank.
    CHECK(kb::Pca(Matrix<double>(A * 1e-150)).rank() == 2);
    // In real50 the data at 10⁻¹⁷⁰ are ordinary.
    CHECK(kb::Pca(Matrix<kb::real50>(tiny.cast<kb::real50>()), 1).rank() == 2);
}

TEST_CASE("regression and line fits refuse bad input with a message") {
    const Vector<double> x = (Vector<double>(4) << 0, 1, 2, 3).finished();
    const Vector<double> y3 = (Vector<double>(3) << 1, 2, 3).finished();
    CHECK_THROWS_WITH_AS(kb::linear_regression(Matrix<double>(x), y3), doctest::Contains("one response per observation"),
                         kb::error);
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
    CHECK_THROWS_WITH_AS(kb::moments2(Matrix<double>(Matrix<double>::Zero(3, 3))), doctest::Contains("two columns"), kb::error);
    CHECK_THROWS_WITH_AS(kb::moments2(Matrix<double>(Matrix<double>::Zero(1, 2))), doctest::Contains("at least 2 points"), kb::error);
    Matrix<double> bad = Matrix<double>::Zero(3, 2);
    bad(0, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::ols_line(bad), doctest::Contains("XY(0,1) = inf is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::tls_line(Matrix<double>(Matrix<double>::Ones(3, 2))), doctest::Contains("not unique"),
                         kb::error);
}
