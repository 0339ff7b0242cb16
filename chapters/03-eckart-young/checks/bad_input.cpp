/// \file bad_input.cpp
/// \brief Refusals of bad input: the truncations and best rank-p approximations of
///        eckart_young.hpp throw kb::error with a message that says what is wrong.
#include "test_support.hpp"

#include "kernelbook/eckart_young.hpp"

#include <limits>

TEST_CASE("eckart_young.hpp refuses bad input with a message: rank out of range and non-PSD and bad indices and "
          "empty or non-finite data") {
    Matrix<double> G(2, 2);
    G << 2, 1, 1, 2; // eigenvalues 3, 1
    CHECK(kb::truncate_psd(G, 0).approximation.isZero());
    CHECK_THROWS_WITH_AS(kb::truncate_psd(G, 3), doctest::Contains("choose 0 ≤ p ≤ 2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::truncate_psd(G, -1), doctest::Contains("rank p = -1"), kb::error);
    Matrix<double> A(2, 2);
    A << 1, 2, 2, 1; // eigenvalues 3, −1
    CHECK_THROWS_WITH_AS(kb::truncate_psd(A, 1), doctest::Contains("G is not positive semi-definite"), kb::error);
    CHECK(kb::best_rank_p_symmetric(A, 1).kept == kb::IndexList{0});
    CHECK_THROWS_WITH_AS(kb::best_rank_p_symmetric(A, 5), doctest::Contains("out of range"), kb::error);
    CHECK_THROWS_WITH_AS(kb::best_psd_rank_p(Matrix<double>(2, 3), 1), doctest::Contains("square"), kb::error);
    Matrix<double> N = A;
    N(0, 1) = 7;
    CHECK_THROWS_WITH_AS(kb::best_rank_p_symmetric(N, 1), doctest::Contains("must be symmetric"), kb::error);
    N(0, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::truncate_psd(N, 1), doctest::Contains("is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::truncate_svd(Matrix<double>(Matrix<double>::Ones(3, 2)), 3),
                         doctest::Contains("choose 0 ≤ p ≤ 2"), kb::error);
    Matrix<double> X = Matrix<double>::Ones(3, 2);
    X(1, 0) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::truncate_svd(X, 1), doctest::Contains("truncate_svd: X(1,0) = nan is not finite"), kb::error);
    X(1, 0) = -std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::truncate_svd(X, 1), doctest::Contains("is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::truncate_svd(Matrix<double>(0, 2), 0), doctest::Contains("truncate_svd: X must be non-empty"),
                         kb::error);
    const Vector<double> lam = Vector<double>::Ones(2);
    const Matrix<double> U = Matrix<double>::Identity(2, 2);
    CHECK_THROWS_WITH_AS(kb::eigen_sum(lam, U, {2}), doctest::Contains("index 2 is out of range"), kb::error);
    CHECK_THROWS_WITH_AS(kb::eigen_sum(lam, U, {1, 1}), doctest::Contains("index 1 is repeated"), kb::error);
    CHECK_THROWS_WITH_AS(kb::eigen_sum(Vector<double>(Vector<double>::Ones(3)), U, {0}),
                         doctest::Contains("3 eigenvalues but 2 eigenvectors"), kb::error);
}

TEST_CASE("svd_sum refuses an index out of range or repeated and an SVD whose parts do not match") {
    const kb::Svd<double> svd = kb::thin_svd(Matrix<double>(Matrix<double>::Identity(3, 2)));
    CHECK_THROWS_WITH_AS(kb::svd_sum(svd, {2}),
                         doctest::Contains("svd_sum: index 2 is out of range [0, 2)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::svd_sum(svd, {-1}),
                         doctest::Contains("svd_sum: index -1 is out of range [0, 2)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::svd_sum(svd, {1, 1}), doctest::Contains("svd_sum: index 1 is repeated"), kb::error);
    kb::Svd<double> bad = svd;
    bad.sigma = Vector<double>::Ones(3);
    CHECK_THROWS_WITH_AS(kb::svd_sum(bad, {0}),
                         doctest::Contains("svd_sum: U is 3×2, σ has 3 entries and V is 2×2; pass a thin SVD (U N×r, "
                                           "σ of length r, V q×r), as thin_svd returns it"), kb::error);
    // Distinct indices in range are summed: σ₁u₁v₁ᵀ + σ₂u₂v₂ᵀ = X.
    CHECK((kb::svd_sum(svd, {0, 1}) - Matrix<double>::Identity(3, 2)).cwiseAbs().maxCoeff() < 1e-15);
    // In real50, the same refusal.
    const kb::Svd<kb::real50> svd50 = kb::thin_svd(Matrix<kb::real50>(Matrix<kb::real50>::Identity(3, 2)));
    CHECK_THROWS_WITH_AS(kb::svd_sum(svd50, {0, 0}), doctest::Contains("svd_sum: index 0 is repeated"), kb::error);
}

TEST_CASE("eckart_young_frobenius and eckart_young_spectral refuse p out of range and non-finite values") {
    Vector<double> lam(2);
    lam << 3, 1;
    CHECK_THROWS_WITH_AS(kb::eckart_young_frobenius(lam, 3),
                         doctest::Contains("eckart_young_frobenius: rank p = 3 is out of range for a matrix of size "
                                           "2; choose 0 ≤ p ≤ 2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::eckart_young_spectral(lam, -1),
                         doctest::Contains("eckart_young_spectral: rank p = -1 is out of range for a matrix of size "
                                           "2; choose 0 ≤ p ≤ 2"), kb::error);
    lam(1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::eckart_young_frobenius(lam, 1),
                         doctest::Contains("eckart_young_frobenius: values(1,0) = nan is not finite; remove or impute "
                                           "non-finite values before calling"), kb::error);
    CHECK_THROWS_WITH_AS(kb::eckart_young_spectral(lam, 1),
                         doctest::Contains("eckart_young_spectral: values(1,0) = nan is not finite; remove or impute "
                                           "non-finite values before calling"), kb::error);
    // A finite spectrum and p in range: ‖A − A₁‖ = 1 in both norms for λ = (3, 1).
    lam(1) = 1;
    CHECK(kb::eckart_young_frobenius(lam, 1) == 1.0);
    CHECK(kb::eckart_young_spectral(lam, 1) == 1.0);
    CHECK(kb::eckart_young_spectral(lam, 2) == 0.0);
    // In real50, the same refusal.
    const Vector<kb::real50> lam50 = lam.cast<kb::real50>();
    CHECK_THROWS_WITH_AS(kb::eckart_young_frobenius(lam50, 3),
                         doctest::Contains("eckart_young_frobenius: rank p = 3 is out of range for a matrix of size "
                                           "2"), kb::error);
}

TEST_CASE("spectral_norm and symmetric_spectral_norm refuse bad matrices in their own names") {
    CHECK_THROWS_WITH_AS(kb::spectral_norm(Matrix<double>(0, 2)),
                         doctest::Contains("spectral_norm: A must be non-empty, but it is 0×2"), kb::error);
    Matrix<double> A = Matrix<double>::Ones(2, 3);
    A(0, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::spectral_norm(A),
                         doctest::Contains("spectral_norm: A(0,1) = inf is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    CHECK_THROWS_WITH_AS(kb::symmetric_spectral_norm(Matrix<double>(Matrix<double>::Ones(2, 3))),
                         doctest::Contains("symmetric_spectral_norm: A must be a non-empty square matrix, but it is "
                                           "2×3"), kb::error);
    Matrix<double> S(2, 2);
    S << 1, 2, 3, 4;
    CHECK_THROWS_WITH_AS(kb::symmetric_spectral_norm(S),
                         doctest::Contains("symmetric_spectral_norm: A must be symmetric, but A(0,1) = 2 and A(1,0) = "
                                           "3; pass (A + Aᵀ)/2 if the asymmetry is rounding"), kb::error);
    S(1, 0) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::symmetric_spectral_norm(S),
                         doctest::Contains("symmetric_spectral_norm: A(1,0) = nan is not finite; remove or impute "
                                           "non-finite values before calling"), kb::error);
    // Good matrices: ‖diag(3, −4)‖₂ = 4 for both.
    const Matrix<double> D = (Matrix<double>(2, 2) << 3, 0, 0, -4).finished();
    CHECK(kb::symmetric_spectral_norm(D) == 4.0);
    CHECK(kb::spectral_norm(D) == doctest::Approx(4.0));
    // In real50, the same refusals.
    CHECK_THROWS_WITH_AS(kb::spectral_norm(Matrix<kb::real50>(2, 0)),
                         doctest::Contains("spectral_norm: A must be non-empty, but it is 2×0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::symmetric_spectral_norm(Matrix<kb::real50>(S.cast<kb::real50>())),
                         doctest::Contains("symmetric_spectral_norm: A(1,0) = nan is not finite"), kb::error);
}
