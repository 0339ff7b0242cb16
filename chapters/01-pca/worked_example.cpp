/// \file worked_example.cpp
/// \brief `beeny` Example 2.1 reproduced: exactly in rationals where the statement is
///        algebraic (μ, X, C, the rank and the null vector), and at every printed digit in
///        double, real50 and real100 (V, D, P, the rank-3 reconstruction, E₃); the errata.
#include "test_support.hpp"

#include "kernelbook/pca.hpp"
#include "seed_example.hpp"

#include <cmath>

using kb::IntMatrix;
using kb::Matrix;
using kb::RowVector;
using kb::Vector;
using kb::rational;
using kb::ch01::agrees_at_printed_digits;

namespace {

template <class T>
Matrix<T> data_A() {
    return kb::from_integers<T>(kb::ch01::example_A());
}

/// The null vector of C found by hand from the seed's fifth eigenvector
/// (−0.4651, −0.2791, 0.5582, 0.3411, −0.5271) ∝ (−15, −9, 18, 11, −17); checked exactly below.
template <class T>
Vector<T> null_vector() {
    Vector<T> n(5);
    n << T(-15), T(-9), T(18), T(11), T(-17);
    return n;
}

/// All five eigenpairs of C = XᵀX (the seed diagonalises C itself).
template <class T>
kb::SymmetricEigen<T> eigen_of_C() {
    return kb::symmetric_eigen(kb::scatter_matrix(data_A<T>()));
}

/// The sign that turns our column j into the seed's: the sign of their inner product.
template <class T>
int seed_sign(const Matrix<T>& V, int j) {
    T dot(0);
    for (int i = 0; i < 5; ++i) dot += V(i, j) * kb::ch01::printed_value<T>(kb::ch01::seed_V[i][j]);
    return dot < 0 ? -1 : 1;
}

} // namespace

//! [ex21-exact]
TEST_CASE("Example 2.1 exactly: the column means and X = A - mu as printed [beeny:ex2.1]") {
    const Matrix<rational> A = data_A<rational>();
    const RowVector<rational> mu = kb::column_means(A);
    CHECK(Matrix<rational>(mu) == kb::from_integers<rational>(kb::ch01::seed_mean_tenths(), 10));
    const Matrix<rational> X = kb::center_columns(A);
    CHECK(X == kb::from_integers<rational>(kb::ch01::seed_X_times_5(), 5));
    // The rows of X sum to zero, 𝟙ᵀX = 0: the reason for the seed's footnote 2.
    CHECK(RowVector<rational>(X.colwise().sum()) == RowVector<rational>::Zero(5));
}

TEST_CASE("Example 2.1 exactly: C = X^T X equals the printed (1/5)-integer matrix [beeny:ex2.1]") {
    const Matrix<rational> A = data_A<rational>();
    const Matrix<rational> C = kb::scatter_matrix(A);
    const Matrix<rational> seed_C = kb::from_integers<rational>(kb::ch01::seed_C_times_5(), 5);
    CHECK(C == seed_C);
    // The same from the printed X, by the plain product (an independent route).
    const Matrix<rational> X = kb::from_integers<rational>(kb::ch01::seed_X_times_5(), 5);
    CHECK(Matrix<rational>(X.transpose() * X) == seed_C);
    // Its trace is the total scatter Σ λ_j = 1518/5 = 303.6.
    CHECK(C.trace() == rational(1518, 5));
}

TEST_CASE("Example 2.1 exactly: C has rank 4 with the null vector (-15 -9 18 11 -17) [beeny:ex2.1]") {
    const Matrix<rational> A = data_A<rational>();
    const Matrix<rational> C = kb::scatter_matrix(A);
    const Vector<rational> n = null_vector<rational>();
    // rank ≤ 4: C n = 0 and even X n = 0, so the fifth column of P = XV is exactly zero.
    CHECK(Vector<rational>(C * n) == Vector<rational>::Zero(5));
    CHECK(Vector<rational>(kb::center_columns(A) * n) == Vector<rational>::Zero(5));
    // rank ≥ 4: the leading 4×4 block of C is invertible (exact LDLᵀ inverse, checked by product).
    const Matrix<rational> C4 = C.topLeftCorner(4, 4);
    CHECK(Matrix<rational>(C4 * kb::inverse_spd(C4)) == Matrix<rational>::Identity(4, 4));
    // A direction outside the null space is not annihilated (the check is not vacuous).
    Vector<rational> m = n;
    m(0) += 1;
    CHECK(Vector<rational>(C * m) != Vector<rational>::Zero(5));
}

TEST_CASE("Example 2.1 footnote 2: centring N points leaves rank at most N-1 for every shape and squareness "
          "is not the reason [beeny:ex2.1]") {
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
    CHECK_THROWS_WITH_AS(kb::pca(kb::convert_matrix<double>(wide), 3), doctest::Contains("min(N − 1, q) = 2"),
                         kb::error);
}
//! [ex21-exact]

//! [ex21-covariance]
TEST_CASE_TEMPLATE("Example 2.1: the eigenvalues of the covariance C/4 are D/4 = 66.2114 6.9941 2.3299 0.3645 at "
                   "the digits the chapter prints [beeny:ex2.1] [beeny:defA.4]",
                   T, KB_REALS) {
    using std::abs;
    // The chapter's numbers (not the seed's: the seed never forms the covariance of Definition A.4).
    const char* const printed[4] = {"66.2114", "6.9941", "2.3299", "0.3645"};
    const Matrix<T> A = data_A<T>();
    const kb::SymmetricEigen<T> cov_eig = kb::symmetric_eigen(kb::covariance_matrix(A));
    const kb::Pca<T> fit = kb::pca(A, 4);
    for (int j = 0; j < 4; ++j) {
        CHECK_MESSAGE(agrees_at_printed_digits(cov_eig.values(j), printed[j]), "eigenvalue " << j + 1 << " of cov(A)");
        CHECK_MESSAGE(agrees_at_printed_digits(fit.variances(j), printed[j]), "variance " << j + 1 << " of kb::Pca");
    }
    // The fifth eigenvalue is 0 (C n = 0), and D/4 is not D: the divisor matters.
    KB_CHECK_WITHIN(T(abs(cov_eig.values(4))), kb::test::factorisation<T>(5, T(cov_eig.values(0))), "λ₅(cov A) = 0");
    CHECK_FALSE(agrees_at_printed_digits(fit.eigenvalues(0), printed[0]));
}

TEST_CASE("Example 2.1 erratum: its C is the scatter matrix and Definition A.4's covariance is C/4 "
          "[beeny:ex2.1] [beeny:defA.4]") {
    const Matrix<rational> A = data_A<rational>();
    const Matrix<rational> C = kb::scatter_matrix(A);
    const Matrix<rational> cov = kb::covariance_matrix(A); // XᵀX/(m − 1), m = 5
    CHECK(Matrix<rational>(rational(4) * cov) == C);
    CHECK(cov != C); // calling C "the covariance matrix" contradicts Definition A.4
}
//! [ex21-covariance]

TEST_CASE_TEMPLATE("Example 2.1: the eigenvalues D agree with every printed digit by both routes [beeny:ex2.1]", T,
                   KB_REALS) {
    const Matrix<T> A = data_A<T>();
    for (const auto route : {kb::PcaRoute::svd, kb::PcaRoute::covariance_eigen}) {
        const kb::Pca<T> fit = kb::pca(A, 4, route);
        CHECK(fit.rank == 4);
        for (int j = 0; j < 4; ++j) CHECK(agrees_at_printed_digits(fit.spectrum(j), kb::ch01::seed_D[j]));
        // D₅₅ = 0 (the malformed last row of D): a rounding-level eigenvalue.
        KB_CHECK_WITHIN(T(fit.spectrum(4)), kb::test::factorisation<T>(5, fit.total_scatter), "λ₅ of C");
    }
}

//! [ex21-V]
TEST_CASE_TEMPLATE("Example 2.1: V agrees with every printed digit up to the sign of each column [beeny:ex2.1]", T,
                   KB_REALS) {
    const kb::SymmetricEigen<T> eig = eigen_of_C<T>();
    // The seed's columns 2 and 3 have the opposite sign to the book's sign rule
    // (largest |entry| positive); columns 1, 4, 5 agree.
    const int expected_sign[5] = {1, -1, -1, 1, 1};
    for (int j = 0; j < 5; ++j) {
        const int s = seed_sign(eig.vectors, j);
        CHECK(s == expected_sign[j]);
        for (int i = 0; i < 5; ++i)
            CHECK_MESSAGE(agrees_at_printed_digits(T(s * eig.vectors(i, j)), kb::ch01::seed_V[i][j]),
                          "V(" << i + 1 << "," << j + 1 << ") printed " << kb::ch01::seed_V[i][j]);
    }
    // The fifth column is the exact null vector, normalised: n/√1040.
    using std::sqrt;
    const Vector<T> n = null_vector<T>() / T(sqrt(T(1040)));
    KB_CHECK_WITHIN(T((eig.vectors.col(4) - n).norm()),
                    kb::test::subspace<T>(5, T(eig.values(0)), T(eig.values(3))), "v₅ = n/‖n‖");
}
//! [ex21-V]

TEST_CASE_TEMPLATE("Example 2.1: P = XV agrees with every printed digit with the column signs of V [beeny:ex2.1]", T,
                   KB_REALS) {
    const Matrix<T> A = data_A<T>();
    const kb::SymmetricEigen<T> eig = eigen_of_C<T>();
    const Matrix<T> P = kb::center_columns(A) * eig.vectors;
    for (int j = 0; j < 5; ++j) {
        const int s = seed_sign(eig.vectors, j); // the seed's P uses the same signs as its V
        for (int i = 0; i < 5; ++i)
            CHECK_MESSAGE(agrees_at_printed_digits(T(s * P(i, j)), kb::ch01::seed_P[i][j]),
                          "P(" << i + 1 << "," << j + 1 << ") printed " << kb::ch01::seed_P[i][j]);
    }
    // The fifth column is zero to rounding (exactly zero in rationals, see the exact test).
    KB_CHECK_WITHIN(T(P.col(4).norm()), kb::test::subspace<T>(5, T(A.norm()) * T(eig.values(0)), T(eig.values(3))),
                    "fifth column of P");
    // PCA's scores P = XV₄ by the SVD route are the first four columns (same sign rule).
    const kb::Pca<T> fit = kb::pca(A, 4);
    KB_CHECK_WITHIN(T((fit.scores - P.leftCols(4)).norm()),
                    kb::test::subspace<T>(5, T(A.norm()) * fit.total_scatter, T(fit.eigenvalues(3))),
                    "pca scores = first columns of XV");
}

//! [ex21-reconstruction]
TEST_CASE_TEMPLATE("Example 2.1: the rank-3 reconstruction P V3^T + mu agrees with every printed digit "
                   "and k = 4 reconstructs A [beeny:ex2.1]",
                   T, KB_REALS) {
    const Matrix<T> A = data_A<T>();
    const kb::Pca<T> fit3 = kb::pca(A, 3);
    const Matrix<T> A3 = fit3.reconstruct(fit3.scores);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            CHECK_MESSAGE(agrees_at_printed_digits(A3(i, j), kb::ch01::seed_A3[i][j]),
                          "Â₃(" << i + 1 << "," << j + 1 << ") printed " << kb::ch01::seed_A3[i][j]);
    // "To perfectly reconstruct A, we need k = 4 principal components": A = P₄V₄ᵀ + μ.
    const kb::Pca<T> fit4 = kb::pca(A, 4);
    KB_CHECK_WITHIN(T((fit4.reconstruct(fit4.scores) - A).norm()), kb::test::factorisation<T>(5, T(A.norm())),
                    "A = P₄V₄ᵀ + μ");
    // …and k = 3 does not (the error is σ₄ ≈ 1.2, far above rounding).
    KB_CHECK_EXCEEDS(T((A3 - A).norm()), kb::test::factorisation<T>(5, T(A.norm())), "A = P₃V₃ᵀ + μ");
}
//! [ex21-reconstruction]

//! [ex21-E3]
TEST_CASE_TEMPLATE("Example 2.1 erratum: E3 = 1.2074 is sigma4 = (sigma4^2 + sigma5^2)^(1/2) and not "
                   "sigma3 + sigma4 [beeny:ex2.1]",
                   T, KB_REALS) {
    using std::abs;
    using std::sqrt;
    const Matrix<T> A = data_A<T>();
    const kb::Pca<T> fit = kb::pca(A, 4);
    const Vector<T> sigma = fit.spectrum.cwiseSqrt(); // σ₁ … σ₅, σ₅ = 0
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

TEST_CASE_TEMPLATE("Example 2.1: the spectral-norm error of the rank-3 reconstruction is sigma4 [beeny:ex2.1]", T,
                   KB_REALS) {
    using std::abs;
    const Matrix<T> A = data_A<T>();
    const kb::Pca<T> fit = kb::pca(A, 3);
    const Matrix<T> R = A - fit.reconstruct(fit.scores);
    const T sigma4 = fit.spectrum.cwiseSqrt()(3);
    KB_CHECK_WITHIN(T(abs(kb::thin_svd(R).sigma(0) - sigma4)), kb::test::factorisation<T>(5, T(A.norm())),
                    "‖A − Â₃‖₂ = σ₄");
}

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
