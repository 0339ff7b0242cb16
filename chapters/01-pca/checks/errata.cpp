/// \file errata.cpp
/// \brief The seed's errata, each shown and its correction checked: the derived feature of
///        Example 1.1; C called the covariance, E₃ and US_k of Example 2.1; cos for cov in λ_max
///        and "the shortest total distance" of §2.1. Two remarks (not errors) are shown here as
///        well: footnote 2 of Example 2.1 (right for the square A, through 𝟙ᵀX = 0) and eq. (4)
///        at cov(x, y) = 0 (an omitted condition).
#include "test_support.hpp"

#include "kernelbook/lines.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/regression.hpp"
#include "chapter_support.hpp"
#include "../ch01.hpp"

#include <cmath>

using kb::Line;
using kb::ch01::agrees_at_printed_digits;
using kb::test::ch01::data_A;
using kb::test::ch01::outlier_data;
using kb::test::ch01::swap_xy;

//! [ex11-erratum]
TEST_CASE("erratum: the seed's z = a0 + a1 x + a2 x^2 is the fitted value and not a feature: regressing y on it "
          "returns intercept 0 and slope 1 for any data [beeny:ex1.1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(4, 10);
        const Vector<rational> x = kb::from_integers<rational>(*kb::test::distinct_points(N, 1, 12), 2);
        const Vector<rational> y = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -30, 30), 3);
        const Vector<rational> a = kb::polynomial_regression(x, y, 2);
        // z needs a₀, a₁, a₂ — the answer of the regression — before the regression is run.
        const Vector<rational> z = (a(0) + a(1) * x.array() + a(2) * x.array().square()).matrix();
        RC_PRE(z.maxCoeff() != z.minCoeff()); // a constant fit has no slope to report
        const Vector<rational> fit = kb::linear_regression(Matrix<rational>(z), y);
        RC_ASSERT(fit(0) == 0);
        RC_ASSERT(fit(1) == 1);
    });
}
//! [ex11-erratum]

//! [ex21-footnote2]
TEST_CASE("Example 2.1 footnote 2: centring N points leaves rank at most N-1 for every shape - below q when N <= q "
          "as for the square A [beeny:ex2.1]") {
    // 𝟙ᵀX = 0 exactly for any N×q data: the N centred rows are linearly dependent.
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 7);
        const int q = *kb::test::size_in(1, 7);
        const Matrix<rational> X = kb::center_columns(kb::from_integers<rational>(*kb::test::int_matrix(N, q, -9, 9), 2));
        RC_ASSERT(RowVector<rational>(X.colwise().sum()) == RowVector<rational>::Zero(q));
    });
    // A tall 6×3 data set keeps rank 3 = q after centring (XᵀX has an exact inverse):
    // centring costs a dimension only when N − 1 < q.
    const Matrix<rational> tall =
        kb::from_integers<rational>((IntMatrix(6, 3) << 1, 0, 2, 3, 1, 0, 0, 4, 1, 2, 2, 5, 7, 1, 1, 0, 0, 3).finished());
    const Matrix<rational> S = kb::scatter_matrix(tall);
    CHECK(Matrix<rational>(S * kb::inverse_spd(S)) == Matrix<rational>::Identity(3, 3));
    // A wide 3×5 (not square) drops to rank ≤ 2 = N − 1: the rows of X sum to zero.
    const Matrix<rational> wide =
        kb::from_integers<rational>((IntMatrix(3, 5) << 1, 0, 2, 3, 1, 0, 4, 1, 2, 2, 5, 7, 1, 1, 0).finished());
    const Matrix<rational> Xw = kb::center_columns(wide);
    CHECK(Matrix<rational>(Xw.row(0) + Xw.row(1) + Xw.row(2)) == Matrix<rational>::Zero(1, 5));
    CHECK_THROWS_WITH_AS(kb::Pca(kb::convert_matrix<double>(wide), {.components = 3}), doctest::Contains("min(N − 1, q) = 2"),
                         kb::error);
}
//! [ex21-footnote2]

//! [ex21-covariance-erratum]
TEST_CASE("Example 2.1 erratum: its C is the scatter matrix and Definition A.4's covariance is C/4 "
          "[beeny:ex2.1] [beeny:defA.4]") {
    const Matrix<rational> A = data_A<rational>();
    const Matrix<rational> C = kb::scatter_matrix(A);
    const Matrix<rational> cov = kb::covariance_matrix(A); // XᵀX/(m − 1), m = 5
    CHECK(Matrix<rational>(rational(4) * cov) == C);
    CHECK(cov != C); // calling C "the covariance matrix" contradicts Definition A.4
}
//! [ex21-covariance-erratum]

//! [ex21-E3]
TEST_CASE_TEMPLATE("Example 2.1 erratum: E3 = 1.2074 is sigma4 = (sigma4^2 + sigma5^2)^(1/2) and not "
                   "sigma3 + sigma4 [beeny:ex2.1]",
                   T, KB_REALS) {
    using std::abs;
    using std::sqrt;
    const Matrix<T> A = data_A<T>();
    const kb::Pca<T> fit(A, {.components = 4});
    const Vector<T> sigma = fit.spectrum().cwiseSqrt(); // σ₁ … σ₅, σ₅ = 0
    const T E3 = fit.reconstruction_error(A, 3);
    const auto bound = kb::test::factorisation<T>(5, T(A.norm()));
    // The printed value is right…
    CHECK(agrees_at_printed_digits(E3, kb::ch01::seed_E3));
    CHECK(agrees_at_printed_digits(T(sqrt(kb::ch01::printed_value<T>(kb::ch01::seed_E3_radicand))), kb::ch01::seed_E3));
    // …and it is E₃ = (σ₄² + σ₅²)^{1/2} = σ₄ = √λ₄,
    KB_CHECK_WITHIN(T(abs(E3 - sqrt(sigma(3) * sigma(3) + sigma(4) * sigma(4)))), bound, "E₃ = (σ₄² + σ₅²)^{1/2}");
    // but the seed's formula E_k = σ_k + … + σ_n gives σ₃ + σ₄ + σ₅ = 4.2602,
    const T seed_formula = sigma(2) + sigma(3) + sigma(4);
    CHECK(agrees_at_printed_digits(seed_formula, "4.2602"));
    // The chapter's σ₃ = 3.0528 and σ₄ = 1.20741854… (eight decimals, truncated).
    CHECK(agrees_at_printed_digits(sigma(2), "3.0528"));
    const T sigma4_truncated = kb::ch01::printed_value<T>("1.20741854");
    CHECK(sigma(3) >= sigma4_truncated);
    CHECK(sigma(3) < sigma4_truncated + kb::ratio<T>(1, 100000000));
    KB_CHECK_EXCEEDS(T(abs(seed_formula - E3)), bound, "seed's E₃ = σ₃ + σ₄ + σ₅");
    // and summing instead of taking the root of the sum of squares is wrong as soon as two
    // discarded σ are non-zero: E₂ = (σ₃² + σ₄²)^{1/2} = 3.2829, not σ₃ + σ₄ = 4.2602.
    const T E2 = fit.reconstruction_error(A, 2);
    CHECK(agrees_at_printed_digits(E2, "3.2829"));
    KB_CHECK_WITHIN(T(abs(E2 - sqrt(sigma(2) * sigma(2) + sigma(3) * sigma(3)))), bound, "E₂ = (σ₃² + σ₄²)^{1/2}");
    KB_CHECK_EXCEEDS(T(abs(sigma(2) + sigma(3) - E2)), bound, "E₂ = σ₃ + σ₄");
}
//! [ex21-E3]

//! [ex21-US]
TEST_CASE_TEMPLATE("Example 2.1 erratum: P = XV_k = US_k does not conform (U is 5x5 and S_k is kxk) while "
                   "P = XV_k = U_k S_k holds [beeny:ex2.1]",
                   T, KB_REALS) {
    using std::sqrt;
    const Matrix<T> X = kb::center_columns(data_A<T>());
    const kb::Svd<T> svd = kb::thin_svd(X); // X = U S Vᵀ, all factors 5×5 here
    CHECK(svd.U.rows() == 5);
    CHECK(svd.U.cols() == 5);
    const auto bound = kb::test::factorisation<T>(5, T(X.norm()));
    for (Eigen::Index k = 1; k <= 4; ++k) {
        const Matrix<T> S_k = svd.sigma.head(k).asDiagonal(); // "the diagonal matrix of the first k singular values"
        CHECK(S_k.rows() == k);
        CHECK(svd.U.cols() != S_k.rows()); // U S_k is undefined: 5×5 times k×k
        // The product that is meant: the first k columns of U, or U times the first k columns of S.
        const Matrix<T> P = X * svd.V.leftCols(k);
        KB_CHECK_WITHIN(T((P - svd.U.leftCols(k) * S_k).norm()), bound, "XV_k = U_k S_k");
        Matrix<T> S_cols = Matrix<T>::Zero(5, k);
        S_cols.topRows(k) = S_k;
        KB_CHECK_WITHIN(T((P - svd.U * S_cols).norm()), bound, "XV_k = U S[:, 1..k]");
        // The seed's next line, ‖USVᵀ − US_kVᵀ‖, needs yet another S_k: S with σ_{k+1}, …, σ_5 set
        // to 0 (5×5). With it, US_kVᵀ = PV_kᵀ, the rank-k reconstruction of X.
        Vector<T> sigma_k = svd.sigma;
        sigma_k.tail(5 - k).setZero();
        KB_CHECK_WITHIN(T((svd.U * sigma_k.asDiagonal() * svd.V.transpose() - P * svd.V.leftCols(k).transpose()).norm()),
                        bound, "U diag(σ₁ … σ_k, 0 … 0) Vᵀ = P V_kᵀ");
        // Companion: the same check rejects U_k without S_k (σ_j ≠ 1 here).
        KB_CHECK_EXCEEDS(T((P - svd.U.leftCols(k)).norm()), bound, "XV_k = U_k (wrong)");
    }
}
//! [ex21-US]

TEST_CASE_TEMPLATE("erratum: lambda_max has cov(x y)^2 under the root and not cos(x y)^2 [beeny:2.1]", T, KB_REALS) {
    using std::abs;
    using std::sqrt;
    // Any scattered data shows it; here the outlier data set.
    const Matrix<T> XY = outlier_data<T>();
    const kb::Moments2<T> m = kb::moments2(XY);
    const T lmax = kb::symmetric_eigen(m.covariance()).values(0);
    const auto bound = kb::test::factorisation<T>(2, T(lmax + 1));
    KB_CHECK_WITHIN(T(abs(kb::lambda_max(m) - lmax)), bound, "λ_max with cov²");
    // cos(x, y): the cosine of the angle between the centred observation vectors (the correlation)…
    const T cos_centred = m.cov_xy / sqrt(m.var_x * m.var_y);
    // …or between the raw observation vectors x and y.
    const T cos_raw = XY.col(0).dot(XY.col(1)) / (XY.col(0).norm() * XY.col(1).norm());
    for (const T& cosine : {cos_centred, cos_raw}) {
        const T d = m.var_x - m.var_y;
        const T with_cos = (m.var_x + m.var_y + sqrt(d * d + 4 * cosine * cosine)) / 2;
        KB_CHECK_EXCEEDS(T(abs(with_cos - lmax)), bound, "λ_max with cos²");
    }
}

//! [degenerate]
TEST_CASE_TEMPLATE("degenerate case cov(x y) = 0: eq. (4) divides by zero while the TLS line is horizontal "
                   "vertical or not unique [beeny:2.1]",
                   T, KB_REALS) {
    // A wide cross: var(x) > var(y), cov = 0 → the x-axis through the mean.
    const Matrix<T> wide = kb::from_integers<T>((IntMatrix(4, 2) << -2, 0, 2, 0, 0, -1, 0, 1).finished());
    const kb::Moments2<T> mw = kb::moments2(wide);
    CHECK(mw.cov_xy == 0);
    CHECK_THROWS_WITH_AS(kb::eq4_slope(mw), doctest::Contains("eq. (4) divides by zero"), kb::error);
    const Line<T> h = kb::tls_line(wide);
    CHECK(h.dy == 0);
    CHECK(h.slope() == 0);
    CHECK(kb::ols_line(wide).slope() == 0);
    // A tall cross: var(y) > var(x), cov = 0 → the vertical line x = x̄, which is not a function y(x):
    // eq. (4) would need an infinite slope; OLS still returns the horizontal line.
    const Matrix<T> tall = swap_xy(wide);
    const Line<T> v = kb::tls_line(tall);
    CHECK(v.vertical());
    CHECK(v.x0 == 0);
    CHECK_THROWS_WITH_AS(v.slope(), doctest::Contains("vertical"), kb::error);
    CHECK(kb::ols_line(tall).slope() == 0);
    // Equal variances and cov = 0 (a square): every line through the mean is optimal.
    const Matrix<T> square = kb::from_integers<T>((IntMatrix(4, 2) << 1, 1, 1, -1, -1, 1, -1, -1).finished());
    CHECK_THROWS_WITH_AS(kb::tls_line(square), doctest::Contains("not unique"), kb::error);
    // All x equal: OLS is undefined, TLS is the vertical line.
    const Matrix<T> column = kb::from_integers<T>((IntMatrix(3, 2) << 2, 0, 2, 1, 2, 5).finished());
    CHECK_THROWS_WITH_AS(kb::ols_line(column), doctest::Contains("var(x) = 0"), kb::error);
    CHECK(kb::tls_line(column).vertical());
}
//! [degenerate]

//! [total-distance]
TEST_CASE("erratum: TLS does not give the shortest total distance - it minimises the sum of squared orthogonal "
          "distances [beeny:2.1]") {
    // Six points on y = x and an outlier (6, 0). The line y = x has total orthogonal distance
    // 6/√2 ≈ 4.24, smaller than the TLS line's.
    const Matrix<double> XY = outlier_data<double>();
    const Line<double> diagonal{0, 0, 1, 1};
    const double tls_total = kb::sum_orthogonal_distances(kb::tls_line(XY), XY);
    const double diagonal_total = kb::sum_orthogonal_distances(diagonal, XY);
    // One pass over the N points: each distance |(x − x₀)d_y − (y − y₀)d_x|/‖d‖ has summands of
    // size |x| + |y| here (x₀ = y₀ = 0, d = (1, 1)), plus the square root and the division.
    const auto bound = kb::test::one_pass<double>(XY.rows() + 2, XY.cwiseAbs().sum());
    KB_CHECK_WITHIN(std::abs(diagonal_total - 6 / std::sqrt(2.0)), bound, "6/√2");
    CHECK(diagonal_total < tls_total);
    CHECK(kb::ch01::agrees_at_printed_digits(tls_total, "7.06")); // the chapter's "TLS ≈ 7.06"
    CHECK(kb::ch01::agrees_at_printed_digits(diagonal_total, "4.24")); // and "6/√2 ≈ 4.24"
    KB_CHECK_EXCEEDS(tls_total - diagonal_total, bound, "TLS − diagonal");
    // …while TLS does win on the *squared* orthogonal distances.
    CHECK(kb::sum_squared_orthogonal_distances(kb::tls_line(XY), XY) <
          kb::sum_squared_orthogonal_distances(diagonal, XY));
}
//! [total-distance]
