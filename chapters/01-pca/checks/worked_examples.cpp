/// \file worked_examples.cpp
/// \brief The chapter's small example (§2), exactly and in real50; `beeny` Example 2.1 reproduced: exactly where algebraic (μ, X, C, the rank), at every
///        printed digit (V, D, D/4, P, the rank-3 reconstruction) and to 40/90 digits against
///        exact root enclosures; and §2.1's TLS line of the outlier data to full precision.
#include "test_support.hpp"

#include "exact_roots.hpp"
#include "kernelbook/lines.hpp"
#include "kernelbook/pca.hpp"
#include "chapter_support.hpp"
#include "../ch01.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

using kb::ch01::agrees_at_printed_digits;
using kb::test::ch01::data_A;
using kb::test::ch01::outlier_data;
namespace er = kb::test::exact_roots;

namespace {

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

/// C = XᵀX from the seed's printed X, by the plain product in rationals (not kb::scatter_matrix).
Matrix<rational> printed_C() {
    const Matrix<rational> X = kb::from_integers<rational>(kb::ch01::seed_X_times_5(), 5);
    return X.transpose() * X;
}

/// \brief The independent reference for Example 2.1: the eigenvalues of C and the singular
///        values of X as roots of det(xI − C) and det(x²I − C), enclosed in rational intervals
///        of relative width 10⁻¹²⁰ (tests/support/exact_roots.hpp) — no floating point, no
///        library eigensolver.
struct Reference {
    std::vector<er::Root> lambda; ///< λ₁ ≥ … ≥ λ₅ of C; λ₅ = 0 exactly (C n = 0)
    std::vector<er::Root> sigma;  ///< σ₁ ≥ … ≥ σ₅ of X: the roots x ≥ 0 of det(x²I − C); σ₅ = 0 exactly
    rational trace;               ///< tr C = ‖X‖_F² = 1518/5, an upper bound of ‖C‖₂ (C ⪰ 0)

    /// A lower bound of the gap that separates λ_j from the rest of the spectrum (j from 0).
    rational gap(int j) const {
        rational g = j > 0 ? er::gap_lower_bound(lambda[j - 1], lambda[j]) : trace;
        if (j + 1 < static_cast<int>(lambda.size())) g = std::min(g, er::gap_lower_bound(lambda[j], lambda[j + 1]));
        return g;
    }
};

const Reference& reference() {
    static const Reference r = [] {
        const Matrix<rational> C = printed_C();
        const er::Poly p = er::characteristic_polynomial(C);
        Reference out;
        out.lambda = er::with_multiplicity(er::real_roots(p, er::reference_width()));
        for (const er::Root& s : er::with_multiplicity(er::real_roots(er::of_square(p), er::reference_width())))
            if (s.hi >= 0 && out.sigma.size() < 5) out.sigma.push_back(s);
        out.trace = C.trace();
        return out;
    }();
    return r;
}

/// A rational in T, rounded once.
template <class T>
T in(const rational& q) {
    return static_cast<T>(q);
}

/// ‖X‖_F = (tr C)^{1/2} in T: the input scale of the singular values (‖X‖₂ ≤ ‖X‖_F).
template <class T>
T norm_X() {
    using std::sqrt;
    return T(sqrt(in<T>(reference().trace)));
}

/// Whether a bound resolves the required digits (40 in real50, 90 in real100) of a value of
/// magnitude ≥ `magnitude`: bound ≤ 10^−digits · magnitude, exactly.
template <class T>
bool resolves_digits(const kb::test::Bound<T>& bound, const rational& magnitude) {
    return er::to_rational(bound.value) <= er::ten_to_minus(er::required_digits<T>()) * magnitude;
}

/// The sign that turns our column j into the seed's: the sign of their inner product.
template <class T>
int seed_sign(const Matrix<T>& V, int j) {
    T dot(0);
    for (int i = 0; i < 5; ++i) dot += V(i, j) * kb::ch01::printed_value<T>(kb::ch01::seed_V[i][j]);
    return dot < 0 ? -1 : 1;
}

} // namespace

// ------------------------------------------------------------------ the chapter's small example
// The four points of the chapter's §2, chosen so that every number is rational: the axes are
// (4, 3)/5 and (−3, 4)/5. The exact half checks the numbers the text prints with ==; the
// real50 half checks that kb::Pca finds them, within bounds built from those exact values.

//! [small-example]
TEST_CASE("the chapter's small example: PCA of the four points (0 0) (4 8) (6 7) (10 5) gives mu = (5 5), "
          "lambda = 70 and 20 on the axes (4 3)/5 and (-3 4)/5, the scores (-7 -1) (1 3) (2 1) (4 -3), the ratio 7/9 "
          "and E1 = sqrt(20), exactly and in real50") {
    const IntMatrix points = (IntMatrix(4, 2) << 0, 0, 4, 8, 6, 7, 10, 5).finished();
    const Matrix<rational> A = kb::from_integers<rational>(points);
    // μ, X, XᵀX and cov(A) = XᵀX/3, as printed.
    const RowVector<rational> mu = kb::column_means(A);
    CHECK(Matrix<rational>(mu) == kb::from_integers<rational>((IntMatrix(1, 2) << 5, 5).finished()));
    const Matrix<rational> X = kb::center_columns(A);
    CHECK(X == kb::from_integers<rational>((IntMatrix(4, 2) << -5, -5, -1, 3, 1, 2, 5, 0).finished()));
    const Matrix<rational> S = kb::scatter_matrix(A);
    CHECK(S == kb::from_integers<rational>((IntMatrix(2, 2) << 52, 24, 24, 38).finished()));
    CHECK(kb::covariance_matrix(A) == kb::from_integers<rational>((IntMatrix(2, 2) << 52, 24, 24, 38).finished(), 3));
    CHECK(S.trace() == 90);
    // The axes: V = [v₁ v₂] is orthogonal, SV = V diag(70, 20), and each column already obeys
    // the sign rule (its entry of largest |·| is positive: 4/5 and 4/5).
    const Matrix<rational> V = kb::from_integers<rational>((IntMatrix(2, 2) << 4, -3, 3, 4).finished(), 5);
    const Vector<rational> lambda = (Vector<rational>(2) << 70, 20).finished();
    CHECK(Matrix<rational>(V.transpose() * V) == Matrix<rational>::Identity(2, 2));
    CHECK(Matrix<rational>(S * V) == Matrix<rational>(V * lambda.asDiagonal()));
    // Scores P = XV (integers), uncorrelated with PᵀP = diag(70, 20); variances 70/3, 20/3;
    // explained-variance ratios 70/90 = 7/9 and 2/9.
    const Matrix<rational> P = X * V;
    CHECK(P == kb::from_integers<rational>((IntMatrix(4, 2) << -7, -1, 1, 3, 2, 1, 4, -3).finished()));
    CHECK(Matrix<rational>(P.transpose() * P) == Matrix<rational>(lambda.asDiagonal()));
    CHECK(lambda(0) / 3 == rational(70, 3));
    CHECK(lambda(0) / S.trace() == rational(7, 9));
    CHECK(lambda(1) / S.trace() == rational(2, 9));
    // One component: Â₁ = P₁v₁ᵀ + 𝟙μ, and E₁² = ‖A − Â₁‖_F² = λ₂ = 20.
    const Matrix<rational> A1 = Matrix<rational>(P.col(0) * V.col(0).transpose()).rowwise() + mu;
    CHECK(A1 == kb::from_integers<rational>((IntMatrix(4, 2) << -3, 4, 29, 28, 33, 31, 41, 37).finished(), 5));
    CHECK(Matrix<rational>(A - A1).squaredNorm() == 20);
    // A new point z = (10, 10) is centred with the training mean: (z − μ)V = (7, 1).
    const RowVector<rational> z = (RowVector<rational>(2) << 10, 10).finished();
    CHECK(RowVector<rational>((z - mu) * V) == (RowVector<rational>(2) << 7, 1).finished());

    //! [small-example]
    // The library in real50. Bounds from the exact values above: ‖XᵀX‖₂ ≤ tr XᵀX = 90, the gap
    // λ₁ − λ₂ = 50, ‖X‖₂ ≤ ‖X‖_F = √90 < 10, ‖A‖_F = √290 < 18, ‖z − μ‖ = √50 < 8; n = 4 = max(N, q).
    using R = kb::real50;
    using std::sqrt;
    const kb::Pca<R> fit(kb::from_integers<R>(points));
    REQUIRE(fit.rank() == 2);
    // SVD route: λ̂ = σ̂², |σ̂ − σ| ≤ c₂nε‖X‖₂, so |σ̂² − σ²| ≤ c₂nε·2‖X‖₂² ≤ c₂nε·2·90 (first order).
    const auto bound_lambda = kb::test::factorisation<R>(4, R(2 * 90));
    const Vector<R> lambda_R = (Vector<R>(2) << R(70), R(20)).finished();
    KB_CHECK_WITHIN(R((fit.eigenvalues() - lambda_R).norm()), bound_lambda, "λ = (70, 20)");
    // The variances and the ratios divide λ̂ by the exact 3 and by ‖X‖_F² = 90 (exact here: integers).
    KB_CHECK_WITHIN(R(fit.variances()(0) - R(70) / 3), kb::test::factorisation<R>(4, R(2 * 90 / 3)), "λ₁/3 = 70/3");
    KB_CHECK_WITHIN(R(fit.explained_variance_ratio()(0) - R(7) / 9), kb::test::factorisation<R>(4, R(2)),
                    "ratio 7/9");
    // Each loading within c₂nε‖XᵀX‖₂/gap of its exact value; V̂ in Frobenius within 2 of those.
    const Matrix<R> V_R = kb::from_integers<R>((IntMatrix(2, 2) << 4, -3, 3, 4).finished(), 5);
    KB_CHECK_WITHIN(R((fit.loadings() - V_R).norm()), kb::test::subspace<R>(4, R(2 * 90), R(50)), "V = [v₁ v₂]");
    // Scores XV̂ with the exact X (integer data, integer mean): ‖X‖₂·‖V̂ − V‖_F ≤ 10·2·c₂nε·90/50;
    // the factor 2 ≥ √2 leaves room for the product's own rounding (c₁·2·ε·‖X‖ per entry).
    const Matrix<R> P_R = kb::from_integers<R>((IntMatrix(4, 2) << -7, -1, 1, 3, 2, 1, 4, -3).finished());
    KB_CHECK_WITHIN(R((fit.scores() - P_R).norm()), kb::test::subspace<R>(4, R(10 * 2 * 90), R(50)), "P = XV");
    // E₁ is the minimum over rank-1 projections: the loadings' error enters to second order,
    // the reconstruction's rounding as one factorisation-size pass at the scale ‖A‖_F < 18.
    KB_CHECK_WITHIN(R(fit.reconstruction_error(kb::from_integers<R>(points), 1) - sqrt(R(20))),
                    kb::test::factorisation<R>(4, R(18)), "E₁ = √20");
    const Matrix<R> zR = kb::from_integers<R>((IntMatrix(1, 2) << 10, 10).finished());
    KB_CHECK_WITHIN(R((fit.transform(zR) - kb::from_integers<R>((IntMatrix(1, 2) << 7, 1).finished())).norm()),
                    kb::test::subspace<R>(4, R(8 * 2 * 90), R(50)), "(z − μ)V = (7, 1)");
    // Companion: the same check rejects the variances with the divisor N = 4 (70/4 for 70/3).
    KB_CHECK_EXCEEDS(R(fit.eigenvalues()(0) / 4 - R(70) / 3), kb::test::factorisation<R>(4, R(2 * 90 / 3)),
                     "λ₁/N as the variance");
}

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
    const kb::Pca<T> fit(A, {.components = 4});
    for (int j = 0; j < 4; ++j) {
        CHECK_MESSAGE(agrees_at_printed_digits(cov_eig.values(j), printed[j]), "eigenvalue " << j + 1 << " of cov(A)");
        CHECK_MESSAGE(agrees_at_printed_digits(fit.variances()(j), printed[j]), "variance " << j + 1 << " of kb::Pca");
    }
    // The fifth eigenvalue is 0 (C n = 0): backward error of the eigensolver on cov(A) = C/4,
    // whose norm is at most tr(C)/4 (C ⪰ 0) — a scale from the inputs. And D/4 is not D.
    KB_CHECK_WITHIN(T(abs(cov_eig.values(4))), kb::test::factorisation<T>(5, in<T>(reference().trace / 4)),
                    "λ₅(cov A) = 0");
    CHECK_FALSE(agrees_at_printed_digits(fit.eigenvalues()(0), printed[0]));
}
//! [ex21-covariance]

TEST_CASE_TEMPLATE("Example 2.1: the eigenvalues D agree with every printed digit by both routes [beeny:ex2.1]", T,
                   KB_REALS) {
    const Matrix<T> A = data_A<T>();
    for (const auto route : {kb::PcaRoute::svd, kb::PcaRoute::covariance_eigen}) {
        const kb::Pca<T> fit(A, {.components = 4, .route = route});
        CHECK(fit.rank() == 4);
        for (int j = 0; j < 4; ++j) CHECK(agrees_at_printed_digits(fit.spectrum()(j), kb::ch01::seed_D[j]));
        // D₅₅ = 0 (the malformed last row of D): a rounding-level eigenvalue, bounded by input scales.
        if (route == kb::PcaRoute::svd) {
            // λ₅ = σ₅², and |σ̂₅ − 0| ≤ c₂·n·ε·‖X‖₂ ≤ c₂·n·ε·‖X‖_F (SVD backward error, Weyl).
            using std::sqrt;
            KB_CHECK_WITHIN(T(sqrt(fit.spectrum()(4))), kb::test::factorisation<T>(5, norm_X<T>()), "σ₅ of X");
        } else {
            // The covariance route clips a negative λ̂₅ to 0 (pca.hpp): |λ̂₅| ≤ c₂·n·ε·‖C‖₂ ≤ c₂·n·ε·tr C.
            KB_CHECK_WITHIN(T(fit.spectrum()(4)), kb::test::factorisation<T>(5, in<T>(reference().trace)), "λ₅ of C");
        }
    }
    // The same bound on the unclipped λ̂₅ of the eigensolver, which can be negative.
    KB_CHECK_WITHIN(T(eigen_of_C<T>().values(4)), kb::test::factorisation<T>(5, in<T>(reference().trace)),
                    "λ₅ of C (unclipped)");
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
    // Bound from the inputs: ‖C‖₂ ≤ tr C, and the gap λ₄ − λ₅ from the exact enclosures.
    KB_CHECK_WITHIN(T((eig.vectors.col(4) - n).norm()),
                    kb::test::subspace<T>(5, in<T>(reference().trace), in<T>(reference().gap(4))), "v₅ = n/‖n‖");
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
    // The fifth column is zero to rounding (exactly zero in rationals, see the exact test):
    // X v₅ = 0, so X v̂₅ = Σ_{j≤4} σ_j u_j (v_jᵀ v̂₅) with |v_jᵀ v̂₅| ≤ c₂nε‖C‖/(λ_j − λ₅) = c₂nε‖C‖/σ_j²,
    // hence ‖X v̂₅‖ ≤ c₂nε‖C‖ (Σ_{j≤4} 1/λ_j)^{1/2}, ‖C‖ ≤ tr C, λ_j ≥ the enclosures' lower ends.
    const Reference& ref = reference();
    rational inverse_sum(0);
    for (int j = 0; j < 4; ++j) inverse_sum += 1 / ref.lambda[j].lo;
    using std::sqrt;
    KB_CHECK_WITHIN(T(P.col(4).norm()),
                    kb::test::factorisation<T>(5, T(in<T>(ref.trace) * sqrt(in<T>(inverse_sum)))), "fifth column of P");
    // PCA's scores P = XV₄ by the SVD route are the first four columns (same sign rule): two
    // independent computations of v₁ … v₄, each within c₂nε tr C/gap of the truth, the smallest
    // gap being min_j≤4 of the separation of λ_j; times ‖X‖_F.
    const kb::Pca<T> fit(A, {.components = 4});
    const rational gap = std::min({ref.gap(0), ref.gap(1), ref.gap(2), ref.gap(3)});
    KB_CHECK_WITHIN(T((fit.scores() - P.leftCols(4)).norm()),
                    kb::test::subspace<T>(5, T(2 * norm_X<T>() * in<T>(ref.trace)), in<T>(gap)),
                    "pca scores = first columns of XV");
}

//! [ex21-reconstruction]
TEST_CASE_TEMPLATE("Example 2.1: the rank-3 reconstruction P V3^T + mu agrees with every printed digit "
                   "and k = 4 reconstructs A [beeny:ex2.1]",
                   T, KB_REALS) {
    const Matrix<T> A = data_A<T>();
    const kb::Pca<T> fit3(A, {.components = 3});
    const Matrix<T> A3 = fit3.reconstruct(fit3.scores());
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            CHECK_MESSAGE(agrees_at_printed_digits(A3(i, j), kb::ch01::seed_A3[i][j]),
                          "Â₃(" << i + 1 << "," << j + 1 << ") printed " << kb::ch01::seed_A3[i][j]);
    // "To perfectly reconstruct A, we need k = 4 principal components": A = P₄V₄ᵀ + μ.
    const kb::Pca<T> fit4(A, {.components = 4});
    KB_CHECK_WITHIN(T((fit4.reconstruct(fit4.scores()) - A).norm()), kb::test::factorisation<T>(5, T(A.norm())),
                    "A = P₄V₄ᵀ + μ");
    // …and k = 3 does not (the error is σ₄ ≈ 1.2, far above rounding).
    KB_CHECK_EXCEEDS(T((A3 - A).norm()), kb::test::factorisation<T>(5, T(A.norm())), "A = P₃V₃ᵀ + μ");
}
//! [ex21-reconstruction]

TEST_CASE_TEMPLATE("Example 2.1: the spectral-norm error of the rank-3 reconstruction is sigma4 [beeny:ex2.1]", T,
                   KB_REALS) {
    const Matrix<T> A = data_A<T>();
    const kb::Pca<T> fit(A, {.components = 3});
    const Matrix<T> R = A - fit.reconstruct(fit.scores());
    // σ₄ from the exact enclosure (the root of det(x²I − C)), not from the fit under test.
    KB_CHECK_WITHIN(er::enclosure_error(T(kb::thin_svd(R).sigma(0)), reference().sigma[3]),
                    kb::test::factorisation<T>(5, T(A.norm())), "‖A − Â₃‖₂ = σ₄");
    // Companion: the same check rejects σ₃, the error of the rank-2 reconstruction.
    KB_CHECK_EXCEEDS(er::enclosure_error(T(kb::thin_svd(R).sigma(0)), reference().sigma[2]),
                     kb::test::factorisation<T>(5, T(A.norm())), "‖A − Â₃‖₂ = σ₃ (wrong)");
}

// ------------------------------------------------------------------ full precision
// The inputs of Example 2.1 are exact, so its eigenvalues and singular values are algebraic
// numbers, knowable to any number of digits. The reference is computed without floating point
// and without the library (tests/support/exact_roots.hpp): roots of det(xI − C) and of
// det(x²I − C), isolated by Sturm sequences and bisected in rationals to a relative width of
// 10⁻¹²⁰. The library's results must lie within its own rounding bound of the enclosure —
// 40 digits in real50, 90 in real100 — and the seed's printed digits are checked against the
// same enclosures.

TEST_CASE("exact roots: Sturm isolation and rational bisection enclose the roots of (x-1)(x-2)(x-3) and x^2 - 2 "
          "and multiple roots with their multiplicity, the reference of Example 2.1 [beeny:ex2.1]") {
    using R = kb::real100;
    using std::sqrt;
    const rational rel = er::reference_width();
    // (x − 1)(x − 2)(x − 3): three simple roots, each inside its enclosure.
    const std::vector<er::Root> r123 = er::real_roots(er::from_roots({3, 2, 1}), rel);
    REQUIRE(r123.size() == 3);
    for (int k = 0; k < 3; ++k) {
        CHECK(r123[k].lo <= 3 - k);
        CHECK(r123[k].hi >= 3 - k);
        CHECK(r123[k].hi - r123[k].lo <= rel * (3 - k));
        CHECK(r123[k].multiplicity == 1);
    }
    // x² − 2: ±√2, and the library-free enclosure agrees with MPFR's correctly rounded √2.
    const std::vector<er::Root> r2 = er::real_roots(er::Poly({rational(-2), rational(0), rational(1)}), rel);
    REQUIRE(r2.size() == 2);
    CHECK(r2[0].lo * r2[0].lo < 2); // the enclosure proves itself: lo² < 2 < hi²
    CHECK(r2[0].hi * r2[0].hi > 2);
    CHECK(r2[1].hi < 0);
    const R root2 = sqrt(R(2));
    // Correct rounding: |fl(√2) − √2| ≤ ε√2/2 ≤ one pass of length 1 at scale 2.
    KB_CHECK_WITHIN(er::enclosure_error(root2, r2[0]), kb::test::one_pass<R>(1, R(2)), "√2 in real100");
    KB_CHECK_WITHIN(er::sqrt_enclosure_error(root2, rational(2), rational(2)), kb::test::one_pass<R>(1, R(2)),
                    "(√2)² = 2 by the square-root enclosure");
    // Companion: the same checks reject √2 + 10⁻⁶⁰ (a value right to 60 digits only) and √3.
    const R off = root2 + in<R>(er::ten_to_minus(60));
    KB_CHECK_EXCEEDS(er::enclosure_error(off, r2[0]), kb::test::one_pass<R>(1, R(2)), "√2 + 10⁻⁶⁰");
    KB_CHECK_EXCEEDS(er::sqrt_enclosure_error(R(sqrt(R(3))), rational(2), rational(2)), kb::test::one_pass<R>(1, R(2)),
                     "√3 as √2");
    // Multiplicities (Yun): x (x − 1)² (x + 1/3)³ has the roots 1 (twice), 0, −1/3 (three times).
    const std::vector<er::Root> rm =
        er::real_roots(er::from_roots({0, 1, 1, rational(-1, 3), rational(-1, 3), rational(-1, 3)}), rel);
    REQUIRE(rm.size() == 3);
    CHECK((rm[0].lo <= 1 && rm[0].hi >= 1 && rm[0].multiplicity == 2));
    CHECK((rm[1].lo == 0 && rm[1].hi == 0 && rm[1].multiplicity == 1));
    CHECK((rm[2].lo <= rational(-1, 3) && rm[2].hi >= rational(-1, 3) && rm[2].multiplicity == 3));
    CHECK(er::with_multiplicity(rm).size() == 6);
    // Faddeev–LeVerrier: the characteristic polynomial of Q diag(3, 1, −2) Qᵀ (Q exactly
    // orthogonal) is (x − 3)(x − 1)(x + 2), coefficient by coefficient.
    const Matrix<rational> Q3 =
        kb::test::cayley_orthogonal<rational>((IntMatrix(3, 3) << 0, 1, 2, -1, 0, 3, -2, -3, 0).finished(), 2);
    const Vector<rational> spectrum = (Vector<rational>(3) << 3, 1, -2).finished();
    const Matrix<rational> S = kb::test::with_spectrum(Q3, spectrum);
    CHECK(er::characteristic_polynomial(S).c == er::from_roots({3, 1, -2}).c);
    CHECK(er::characteristic_polynomial(S).c != er::from_roots({3, 1, 2}).c);
}

TEST_CASE("Example 2.1 exactly: the reference enclosures agree with the seed's printed D and sigma4 and with "
          "tr C and det C [beeny:ex2.1]") {
    const Reference& ref = reference();
    REQUIRE(ref.lambda.size() == 5);
    REQUIRE(ref.sigma.size() == 5);
    // λ₅ = 0 and σ₅ = 0 exactly (det C = 0), λ₁ … λ₄ simple and positive.
    CHECK((ref.lambda[4].lo == 0 && ref.lambda[4].hi == 0));
    CHECK((ref.sigma[4].lo == 0 && ref.sigma[4].hi == 0));
    for (int j = 0; j < 4; ++j) {
        CHECK(ref.lambda[j].multiplicity == 1);
        CHECK(ref.lambda[j].lo > 0);
        // The seed's printed digits, against the independent value (both ends of the enclosure).
        CHECK(agrees_at_printed_digits(ref.lambda[j].lo, kb::ch01::seed_D[j]));
        CHECK(agrees_at_printed_digits(ref.lambda[j].hi, kb::ch01::seed_D[j]));
        // σ_j² = λ_j: the two enclosures are consistent, σ_lo² ≤ λ_hi and λ_lo ≤ σ_hi².
        CHECK(ref.sigma[j].lo * ref.sigma[j].lo <= ref.lambda[j].hi);
        CHECK(ref.lambda[j].lo <= ref.sigma[j].hi * ref.sigma[j].hi);
    }
    // Σ λ_j = tr C = 1518/5, within the enclosures' widths.
    rational lo_sum(0), hi_sum(0);
    for (const er::Root& r : ref.lambda) lo_sum += r.lo, hi_sum += r.hi;
    CHECK(lo_sum <= rational(1518, 5));
    CHECK(hi_sum >= rational(1518, 5));
    // The seed's E₃ = 1.2074 is σ₄, and the chapter's σ₄ = 1.20741854… (eight decimals, truncated).
    CHECK(agrees_at_printed_digits(ref.sigma[3].lo, kb::ch01::seed_E3));
    CHECK(ref.sigma[3].lo >= kb::ch01::printed_value<rational>("1.20741854"));
    CHECK(ref.sigma[3].hi < kb::ch01::printed_value<rational>("1.20741855"));
    // Companion: the enclosures reject the seed's D with one digit wrong.
    CHECK_FALSE(agrees_at_printed_digits(ref.lambda[3].lo, "1.4589"));
}

TEST_CASE_TEMPLATE("Example 2.1 to full precision: D and D/4 by both routes are the roots of det(xI - C) to 40 "
                   "digits in real50 and 90 in real100 [beeny:ex2.1] [beeny:defA.4]",
                   T, KB_REALS) {
    const Reference& ref = reference();
    const Matrix<T> A = data_A<T>();
    for (const auto route : {kb::PcaRoute::svd, kb::PcaRoute::covariance_eigen}) {
        const kb::Pca<T> fit(A, {.components = 4, .route = route});
        // Covariance route: |λ̂ − λ| ≤ c₂·n·ε·‖C‖₂ ≤ c₂·n·ε·tr C (eigensolver backward error, Weyl).
        // SVD route: λ̂ = σ̂² with |σ̂ − σ| ≤ c₂·n·ε·‖X‖₂, so |σ̂² − σ²| ≤ |σ̂ − σ|(2σ + |σ̂ − σ|)
        // ≤ c₂·n·ε·2‖X‖₂² (to first order), ‖X‖₂² ≤ tr C.
        const rational scale = route == kb::PcaRoute::svd ? 2 * ref.trace : ref.trace;
        const auto bound = kb::test::factorisation<T>(5, in<T>(scale));
        const auto bound4 = kb::test::factorisation<T>(5, in<T>(scale / 4));
        for (int j = 0; j < 4; ++j) {
            KB_CHECK_WITHIN(er::enclosure_error(T(fit.spectrum()(j)), ref.lambda[j]), bound, "λ_j of C = root of det(xI − C)");
            CHECK(agrees_at_printed_digits(fit.spectrum()(j), kb::ch01::seed_D[j]));
            // D/4, the variances of Definition A.4: the roots of det(xI − C/4) are λ_j/4.
            const er::Root quarter{ref.lambda[j].lo / 4, ref.lambda[j].hi / 4, 1};
            KB_CHECK_WITHIN(er::enclosure_error(T(fit.variances()(j)), quarter), bound4, "λ_j/4 = variance j");
            // The check resolves ≥ 40 (real50) / ≥ 90 (real100) significant digits of λ_j.
            CHECK(resolves_digits(bound, ref.lambda[j].lo));
            CHECK(resolves_digits(bound4, quarter.lo));
        }
    }
}

TEST_CASE_TEMPLATE("Example 2.1 to full precision: the singular values and E3 = sigma4 and E2 and the seed's "
                   "sigma3 + sigma4 + sigma5 are the roots of det(x^2 I - C) to 40 digits in real50 and 90 in real100 "
                   "[beeny:ex2.1]",
                   T, KB_REALS) {
    using std::abs;
    const Reference& ref = reference();
    const Matrix<T> A = data_A<T>();
    const kb::Pca<T> fit(A, {.components = 4});
    // |σ̂_j − σ_j| ≤ c₂·n·ε·‖X‖₂ ≤ c₂·n·ε·‖X‖_F (SVD backward error).
    const auto bound_sigma = kb::test::factorisation<T>(5, norm_X<T>());
    const kb::Svd<T> svd = kb::thin_svd(kb::center_columns(A));
    for (int j = 0; j < 4; ++j) {
        KB_CHECK_WITHIN(er::enclosure_error(T(fit.singular_values()(j)), ref.sigma[j]), bound_sigma, "σ_j of X");
        KB_CHECK_WITHIN(er::enclosure_error(T(svd.sigma(j)), ref.sigma[j]), bound_sigma, "σ_j by thin_svd");
        CHECK(resolves_digits(bound_sigma, ref.sigma[j].lo));
    }
    KB_CHECK_WITHIN(T(svd.sigma(4)), bound_sigma, "σ₅ = 0");
    // E₃ = ‖A − Â₃‖_F = σ₄ and E₂ = (σ₃² + σ₄²)^{1/2} = (λ₃ + λ₄)^{1/2}: the reconstruction is one
    // pass of products and a subtraction of entries of size ‖A‖ (the bound of the printed-digit
    // test above); the projector's own error enters only to second order (E_k is a minimum).
    const auto bound_E = kb::test::factorisation<T>(5, T(A.norm()));
    const T E3 = fit.reconstruction_error(A, 3), E2 = fit.reconstruction_error(A, 2);
    KB_CHECK_WITHIN(er::enclosure_error(E3, ref.sigma[3]), bound_E, "E₃ = σ₄");
    KB_CHECK_WITHIN(er::sqrt_enclosure_error(E2, ref.lambda[2].lo + ref.lambda[3].lo, ref.lambda[2].hi + ref.lambda[3].hi),
                    bound_E, "E₂ = (λ₃ + λ₄)^{1/2}");
    CHECK(resolves_digits(bound_E, ref.sigma[3].lo));
    CHECK(agrees_at_printed_digits(E3, kb::ch01::seed_E3));
    // The seed's formula σ₃ + σ₄ + σ₅ = 4.2602 (the wrong E₃), to the same digits: an enclosure
    // of a sum is the sum of the enclosures.
    const er::Root seed_sum{ref.sigma[2].lo + ref.sigma[3].lo + ref.sigma[4].lo,
                            ref.sigma[2].hi + ref.sigma[3].hi + ref.sigma[4].hi, 1};
    CHECK(agrees_at_printed_digits(seed_sum.lo, "4.2602"));
    const Vector<T> sigma = fit.spectrum().cwiseSqrt();
    KB_CHECK_WITHIN(er::enclosure_error(T(sigma(2) + sigma(3) + sigma(4)), seed_sum),
                    kb::test::factorisation<T>(5, T(3 * norm_X<T>())), "σ₃ + σ₄ + σ₅");
    // Companion: E₃ is not the seed's σ₃ + σ₄ + σ₅, and E₂ is not σ₃ + σ₄ (same checks, same bound).
    KB_CHECK_EXCEEDS(er::enclosure_error(E3, seed_sum), bound_E, "E₃ = σ₃ + σ₄ + σ₅ (seed)");
    const er::Root sum34{ref.sigma[2].lo + ref.sigma[3].lo, ref.sigma[2].hi + ref.sigma[3].hi, 1};
    KB_CHECK_EXCEEDS(er::enclosure_error(E2, sum34), bound_E, "E₂ = σ₃ + σ₄ (seed)");
}

namespace {

/// \brief Independent eigenvectors of Example 2.1's C, in rationals: for λ̃ the midpoint of
///        λ_j's enclosure, w solves (C − λ̃I)w = 0 with one entry fixed to 1 and that row
///        dropped (exact elimination, no library solver), and `sin_bound` is a rigorous
///        rational bound on the sine of the angle between w and the true eigenvector.
struct EigenvectorReference {
    Vector<rational> w;  ///< the direction (not normalised)
    rational sin_bound;  ///< sin∠(w, v_j) ≤ sin_bound
};

/// Solves the square rational system M y = b by Gaussian elimination with the first
/// non-zero pivot (exact arithmetic; M must be invertible).
Vector<rational> solve_exact(Matrix<rational> M, Vector<rational> b) {
    const Eigen::Index n = M.rows();
    for (Eigen::Index c = 0; c < n; ++c) {
        Eigen::Index r = c;
        while (r < n && M(r, c) == 0) ++r;
        REQUIRE(r < n);
        M.row(c).swap(M.row(r));
        std::swap(b(c), b(r));
        for (Eigen::Index i = c + 1; i < n; ++i) {
            const rational f = M(i, c) / M(c, c);
            M.row(i) -= f * M.row(c);
            b(i) -= f * b(c);
        }
    }
    Vector<rational> y(n);
    for (Eigen::Index c = n - 1; c >= 0; --c) {
        rational t = b(c);
        for (Eigen::Index k = c + 1; k < n; ++k) t -= M(c, k) * y(k);
        y(c) = t / M(c, c);
    }
    return y;
}

EigenvectorReference eigenvector_reference(int j) {
    using std::abs;
    const Reference& ref = reference();
    const Matrix<rational> C = printed_C();
    const rational mid = (ref.lambda[j].lo + ref.lambda[j].hi) / 2, half = (ref.lambda[j].hi - ref.lambda[j].lo) / 2;
    const Matrix<rational> M = C - mid * Matrix<rational>::Identity(5, 5);
    // The fixed entry: the one the seed prints largest in column j (far from 0).
    int q = 0;
    for (int i = 1; i < 5; ++i)
        if (abs(kb::ch01::printed_value<rational>(kb::ch01::seed_V[i][j])) >
            abs(kb::ch01::printed_value<rational>(kb::ch01::seed_V[q][j])))
            q = i;
    Matrix<rational> S(4, 4);
    Vector<rational> rhs(4);
    for (int i = 0, r = 0; i < 5; ++i) {
        if (i == q) continue;
        for (int k = 0, c = 0; k < 5; ++k)
            if (k != q) S(r, c++) = M(i, k);
        rhs(r++) = -M(i, q);
    }
    const Vector<rational> y = solve_exact(S, rhs);
    EigenvectorReference out;
    out.w.resize(5);
    for (int k = 0, c = 0; k < 5; ++k) out.w(k) = k == q ? rational(1) : y(c++);
    // ‖(C − λ_jI)w‖ ≤ ‖(C − λ̃I)w‖ + |λ̃ − λ_j|‖w‖ =: η, and sin∠(w, v_j) ≤ η/(‖w‖·gap_j)
    // (Davis–Kahan for one vector). In squares, with (a + b)² ≤ 2a² + 2b²:
    // sin² ≤ 2(‖r‖² + half²‖w‖²)/(‖w‖²gap²). The bound returned is 10⁻¹⁰⁰ once that is checked.
    const Vector<rational> r = M * out.w;
    const rational w2 = out.w.squaredNorm(), gap = ref.gap(j);
    const rational sin2 = 2 * (r.squaredNorm() + half * half * w2) / (w2 * gap * gap);
    out.sin_bound = er::ten_to_minus(100);
    REQUIRE(sin2 <= out.sin_bound * out.sin_bound);
    return out;
}

/// w/‖w‖ in T: each entry rounded once, the norm's square root correctly rounded.
template <class T>
Vector<T> unit(const Vector<rational>& w) {
    using std::sqrt;
    Vector<T> v(w.size());
    for (Eigen::Index i = 0; i < w.size(); ++i) v(i) = in<T>(w(i));
    return v / T(sqrt(in<T>(w.squaredNorm())));
}

} // namespace

//! [ex21-full-V]
TEST_CASE_TEMPLATE("Example 2.1 to full precision: V and P = XV and the rank-3 reconstruction agree with rational "
                   "eigenvectors of C to 40 digits in real50 and 90 in real100 [beeny:ex2.1]",
                   T, KB_REALS) {
    using std::abs;
    using std::sqrt;
    const Reference& ref = reference();
    const Matrix<T> A = data_A<T>();
    const Matrix<rational> Aq = data_A<rational>(), Xq = kb::from_integers<rational>(kb::ch01::seed_X_times_5(), 5);
    const kb::SymmetricEigen<T> eig = eigen_of_C<T>();
    const kb::Pca<T> fit(A, {.components = 4});
    // The rational eigenvectors w_j, computed once (each is an exact 4×4 solve and a check).
    std::vector<Vector<rational>> w_ref;
    for (int j = 0; j < 4; ++j) w_ref.push_back(eigenvector_reference(j).w);
    // The reference's own error (sin ≤ 10⁻¹⁰⁰, and one rounding to T of each entry and of the
    // norm) is at most one pass of rounding at scale 1; the library's error is the subspace
    // bound c₂·n·ε·‖C‖/gap_j with ‖C‖₂ ≤ tr C, the gaps from the exact enclosures.
    for (int j = 0; j < 4; ++j) {
        CAPTURE(j);
        const Vector<rational>& w = w_ref[std::size_t(j)];
        const Vector<T> v = unit<T>(w);
        const T s = v.dot(eig.vectors.col(j)) < 0 ? T(-1) : T(1);
        const auto bound_v = kb::test::plus(kb::test::subspace<T>(5, in<T>(ref.trace), in<T>(ref.gap(j))),
                                            kb::test::one_pass<T>(5, T(1)));
        KB_CHECK_WITHIN(T((eig.vectors.col(j) - s * v).norm()), bound_v, "v_j = w_j/‖w_j‖");
        // The largest entry of a unit 5-vector is at least 1/√5 > 2/5: the digits are resolved there.
        CHECK(resolves_digits(bound_v, rational(2, 5)));
        // P's column j = X v_j: PCA's scores (SVD route) carry X's scale, ‖X‖_F·2 tr C/gap (the
        // bound of the printed-digit test of P above), and the reference's rounding at ‖X‖_F.
        const Vector<rational> Xw = Xq * w;
        Vector<T> Xv(5);
        for (int i = 0; i < 5; ++i) Xv(i) = in<T>(Xw(i));
        Xv /= T(sqrt(in<T>(w.squaredNorm())));
        const T sp = Xv.dot(fit.scores().col(j)) < 0 ? T(-1) : T(1);
        const auto bound_p = kb::test::plus(
            kb::test::subspace<T>(5, T(2 * norm_X<T>() * in<T>(ref.trace)), in<T>(ref.gap(j))),
            kb::test::one_pass<T>(5, norm_X<T>()));
        KB_CHECK_WITHIN(T((fit.scores().col(j) - sp * Xv).norm()), bound_p, "P's column j = X v_j");
    }
    // The rank-3 reconstruction 𝟙μ + XΠ₃ with the projector Π₃ = Σ_{j≤3} w_jw_jᵀ/(w_jᵀw_j),
    // rational (no square root). The library's error is ‖X‖·‖Π̂₃ − Π₃‖_F, where
    // ‖Π̂₃ − Π₃‖_F = √2‖sin Θ‖_F ≤ √2·√3·c₂·n·ε·2‖X‖²/gap₃₄ for the SVD route's three right
    // singular vectors (their σ-gap is at least (λ₃ − λ₄)/(2‖X‖)), ‖X‖² ≤ tr C; plus the
    // rounding of the products (the bound of the printed-digit test).
    Matrix<rational> Pi = Matrix<rational>::Zero(5, 5);
    for (int j = 0; j < 3; ++j) {
        const Vector<rational>& w = w_ref[std::size_t(j)];
        Pi += Matrix<rational>(w * w.transpose()) / w.squaredNorm();
    }
    const RowVector<rational> mu = kb::column_means(Aq);
    const Matrix<rational> A3q = Matrix<rational>(Xq * Pi).rowwise() + mu;
    Matrix<T> A3(5, 5);
    for (int i = 0; i < 5; ++i)
        for (int k = 0; k < 5; ++k) A3(i, k) = in<T>(A3q(i, k));
    const kb::Pca<T> fit3(A, {.components = 3});
    const rational gap34 = er::gap_lower_bound(ref.lambda[2], ref.lambda[3]);
    const auto bound_a = kb::test::plus(
        kb::test::subspace<T>(5, T(T(2) * sqrt(T(6)) * norm_X<T>() * in<T>(ref.trace)), in<T>(gap34)),
        kb::test::factorisation<T>(5, T(A.norm())));
    KB_CHECK_WITHIN(T((fit3.reconstruct(fit3.scores()) - A3).norm()), bound_a, "Â₃ = 𝟙μ + XΠ₃");
    // The digits resolved at the smallest entry of Â₃ (about 0.1): 40 in real50, 90 in real100.
    // In double the bound's scale ratio, 2√6‖X‖_F tr C/(gap₃₄ · min entry) ≈ 4.9·17.4·303.6/(7.86·0.1)
    // ≈ 3·10⁴, is beyond the 10³ that double's 10 required digits allow for (exact_roots.hpp).
    rational smallest = abs(A3q(0, 0));
    for (int i = 0; i < 5; ++i)
        for (int k = 0; k < 5; ++k) smallest = std::min(smallest, rational(abs(A3q(i, k))));
    if constexpr (!std::is_same_v<T, double>) CHECK(resolves_digits(bound_a, smallest));
    // The seed's printed Â₃ agrees with the rational reference at its digits.
    for (int i = 0; i < 5; ++i)
        for (int k = 0; k < 5; ++k)
            CHECK_MESSAGE(agrees_at_printed_digits(A3q(i, k), kb::ch01::seed_A3[i][k]),
                          "Â₃(" << i + 1 << "," << k + 1 << ")");
    // Companion: eigenvectors computed in double and carried to T (one step in double) miss
    // the same bound in real50 and real100; in double they are the computation itself.
    if constexpr (!std::is_same_v<T, double>) {
        const kb::SymmetricEigen<double> eig_d = eigen_of_C<double>();
        const Vector<T> v = unit<T>(w_ref[0]);
        Vector<T> vd(5);
        for (int i = 0; i < 5; ++i) vd(i) = T(eig_d.vectors(i, 0));
        const T s = v.dot(vd) < 0 ? T(-1) : T(1);
        KB_CHECK_EXCEEDS(T((vd - s * v).norm()),
                         kb::test::plus(kb::test::subspace<T>(5, in<T>(ref.trace), in<T>(ref.gap(0))),
                                        kb::test::one_pass<T>(5, T(1))),
                         "v₁ from double");
    }
}
//! [ex21-full-V]

TEST_CASE_TEMPLATE("Example 2.1 to full precision: the singular values by the covariance route are sqrt(lambda_j), "
                   "the roots of det(x^2 I - C), to 40 digits in real50 and 90 in real100 [beeny:ex2.1]",
                   T, KB_REALS) {
    const Reference& ref = reference();
    const kb::Pca<T> fit(data_A<T>(), {.components = 4, .route = kb::PcaRoute::covariance_eigen});
    for (int j = 0; j < 4; ++j) {
        // σ̂_j = fl(√λ̂_j): |√λ̂ − √λ| = |λ̂ − λ|/(√λ̂ + √λ) ≤ c₂·n·ε·tr C/σ_j (the eigenvalue's
        // bound of the test above over σ_j ≥ its enclosure's lower end), plus the rounding of
        // the square root, ε·σ_j.
        const auto bound = kb::test::plus(kb::test::factorisation<T>(5, in<T>(ref.trace / ref.sigma[j].lo)),
                                          kb::test::one_pass<T>(1, in<T>(ref.sigma[j].hi)));
        KB_CHECK_WITHIN(er::enclosure_error(T(fit.singular_values()(j)), ref.sigma[j]), bound,
                        "σ_j = √λ_j by the covariance route");
        CHECK(resolves_digits(bound, ref.sigma[j].lo));
        if constexpr (!std::is_same_v<T, double>) {
            // Companion: the same σ̂_j rounded to double — one step of the route in double — is
            // caught by the same bound.
            const T in_double = T(static_cast<double>(fit.singular_values()(j)));
            KB_CHECK_EXCEEDS(er::enclosure_error(in_double, ref.sigma[j]), bound, "σ_j rounded to double");
        }
    }
}

TEST_CASE_TEMPLATE("companion: one printed entry of A changed by 1/100 moves D and sigma and E3 beyond the bound of the "
                   "full-precision checks of Example 2.1 [beeny:ex2.1]",
                   T, KB_REALS) {
    const Reference& ref = reference();
    Matrix<T> A = data_A<T>();
    A(0, 0) += kb::ratio<T>(1, 100); // 5 → 5.01
    const kb::Pca<T> fit(A, {.components = 4});
    const auto bound = kb::test::factorisation<T>(5, in<T>(2 * ref.trace));
    const auto bound_sigma = kb::test::factorisation<T>(5, norm_X<T>());
    for (int j = 0; j < 4; ++j) {
        KB_CHECK_EXCEEDS(er::enclosure_error(T(fit.spectrum()(j)), ref.lambda[j]), bound, "λ_j of a wrong A");
        KB_CHECK_EXCEEDS(er::enclosure_error(T(fit.singular_values()(j)), ref.sigma[j]), bound_sigma, "σ_j of a wrong A");
    }
    KB_CHECK_EXCEEDS(er::enclosure_error(fit.reconstruction_error(A, 3), ref.sigma[3]),
                     kb::test::factorisation<T>(5, T(A.norm())), "E₃ of a wrong A");
    // Centring still costs a dimension: λ₅ = 0 for any 5 points, so that check cannot tell.
    KB_CHECK_WITHIN(T(kb::thin_svd(kb::center_columns(A)).sigma(4)), bound_sigma, "σ₅ = 0 of any 5 points");
}

// The TLS line of §2.1 on the chapter's outlier data (six points on y = x and (6, 0)), whose
// printed numbers are "TLS ≈ 7.06" and the OLS slope 5/14: the moments are rational, so λ_max,
// λ_min, the slope and the intercept of eq. (4) are algebraic (roots of quadratics).
namespace {
struct TlsReference {
    rational mean_x, mean_y, var_x, var_y, cov;
    er::Root lmax, lmin, slope;
};

const TlsReference& tls_reference() {
    static const TlsReference r = [] {
        // The moments by plain sums over the integer points (not kb::moments2).
        const long x[7] = {0, 1, 2, 3, 4, 5, 6}, y[7] = {0, 1, 2, 3, 4, 5, 0};
        TlsReference t;
        rational sx(0), sy(0);
        for (int n = 0; n < 7; ++n) sx += x[n], sy += y[n];
        t.mean_x = sx / 7;
        t.mean_y = sy / 7;
        rational vxx(0), vyy(0), vxy(0);
        for (int n = 0; n < 7; ++n) {
            vxx += (x[n] - t.mean_x) * (x[n] - t.mean_x);
            vyy += (y[n] - t.mean_y) * (y[n] - t.mean_y);
            vxy += (x[n] - t.mean_x) * (y[n] - t.mean_y);
        }
        t.var_x = vxx / 6, t.var_y = vyy / 6, t.cov = vxy / 6;
        Matrix<rational> M(2, 2);
        M << t.var_x, t.cov, t.cov, t.var_y;
        const std::vector<er::Root> l = er::eigenvalues(M, er::reference_width());
        t.lmax = l[0];
        t.lmin = l[1];
        // The direction (1, s) is an eigenvector iff cov s² + (var x − var y) s − cov = 0; the
        // two roots (product −1) are the major and minor axes, the major one has the sign of cov.
        for (const er::Root& s : er::real_roots(er::Poly({-t.cov, t.var_x - t.var_y, t.cov}), er::reference_width()))
            if ((s.lo > 0) == (t.cov > 0)) t.slope = s;
        return t;
    }();
    return r;
}
} // namespace

TEST_CASE_TEMPLATE("the TLS line of the outlier data to full precision: lambda_max and lambda_min and the slope and "
                   "intercept of eq. (4) and the orthogonal residuals are roots of exact quadratics [beeny:2.1]",
                   T, KB_REALS) {
    using std::abs;
    using std::sqrt;
    const TlsReference& ref = tls_reference();
    CHECK(ref.cov == rational(5, 3));   // cov = 10/6, var x = 28/6: the OLS slope 5/14 the chapter prints
    CHECK(ref.var_x == rational(14, 3));
    const Matrix<T> XY = outlier_data<T>();
    const kb::Moments2<T> m = kb::moments2(XY);
    const kb::Line<T> tls = kb::tls_line(XY);
    // ‖M‖₂ ≤ tr M for the PSD 2×2 covariance M; the gap λ_max − λ_min from the enclosures.
    const rational trM = ref.var_x + ref.var_y;
    const rational gap = er::gap_lower_bound(ref.lmax, ref.lmin);
    const auto bound_l = kb::test::factorisation<T>(2, in<T>(trM));
    KB_CHECK_WITHIN(er::enclosure_error(kb::lambda_max(m), ref.lmax), bound_l, "λ_max in closed form");
    KB_CHECK_WITHIN(er::enclosure_error(kb::lambda_min(m), ref.lmin), bound_l, "λ_min");
    CHECK(resolves_digits(bound_l, ref.lmin.lo));
    // Slope s = tan θ: the direction's angle is off by ≤ c₂·n·ε·‖M‖/gap, and ds = (1 + s²) dθ.
    const rational s_hi = ref.slope.hi;
    const auto bound_s = kb::test::subspace<T>(2, in<T>(trM * (1 + s_hi * s_hi)), in<T>(gap));
    KB_CHECK_WITHIN(er::enclosure_error(tls.slope(), ref.slope), bound_s, "TLS slope");
    CHECK(resolves_digits(bound_s, ref.slope.lo));
    // Intercept ȳ − s x̄ (affine in s, so its enclosure is the image of s's): error ≤ |x̄| ds + rounding.
    const er::Root intercept{ref.mean_y - ref.mean_x * ref.slope.hi, ref.mean_y - ref.mean_x * ref.slope.lo, 1};
    // (The extra 1 in 1 + |x̄| covers the rounding ε(|ȳ| + |s x̄|) of ȳ − s x̄, far below the slope term.)
    const auto bound_i = kb::test::subspace<T>(2, in<T>(trM * (1 + s_hi * s_hi) * (1 + ref.mean_x)), in<T>(gap));
    KB_CHECK_WITHIN(er::enclosure_error(tls.intercept(), intercept), bound_i, "TLS intercept");
    // The minimum Σ orthogonal distance² = (N − 1) λ_min: a sum of N squares of terms of size
    // ≤ |x − x̄| + |y − ȳ|; Σ (|x − x̄| + |y − ȳ|)² ≤ 2 (N − 1) tr M. The line's angle error
    // enters only to second order (it is the minimum).
    const er::Root sod{6 * ref.lmin.lo, 6 * ref.lmin.hi, 1};
    const auto bound_sod = kb::test::one_pass<T>(2 * 7, in<T>(2 * 6 * trM));
    KB_CHECK_WITHIN(er::enclosure_error(kb::sum_squared_orthogonal_distances(tls, XY), sod), bound_sod,
                    "Σ orthogonal distance² = 6 λ_min");
    // The chapter's "TLS ≈ 7.06", Σ orthogonal distances = Σ|r_n(s)|/√(1 + s²) with
    // r_n(s) = (y_n − ȳ) − s (x_n − x̄): the signs of r_n are constant on the slope's enclosure,
    // so the numerator is affine there; the total is √Y with Y = num²/(1 + s²) enclosed below.
    const long x[7] = {0, 1, 2, 3, 4, 5, 6}, y[7] = {0, 1, 2, 3, 4, 5, 0};
    rational num_lo(0), num_hi(0);
    for (int n = 0; n < 7; ++n) {
        const rational a = (y[n] - ref.mean_y) - ref.slope.lo * (x[n] - ref.mean_x);
        const rational b = (y[n] - ref.mean_y) - ref.slope.hi * (x[n] - ref.mean_x);
        REQUIRE((a > 0) == (b > 0)); // one sign on the enclosure
        num_lo += std::min(abs(a), abs(b));
        num_hi += std::max(abs(a), abs(b));
    }
    const rational Y_lo = num_lo * num_lo / (1 + ref.slope.hi * ref.slope.hi);
    const rational Y_hi = num_hi * num_hi / (1 + ref.slope.lo * ref.slope.lo);
    const T total = kb::sum_orthogonal_distances(tls, XY);
    CHECK(agrees_at_printed_digits(total, "7.06"));
    // The printed 7.06 from the enclosure alone: 7.055 < √Y < 7.065.
    CHECK((Y_lo > rational(7055, 1000) * rational(7055, 1000) && Y_hi < rational(7065, 1000) * rational(7065, 1000)));
    // The total is not stationary in s (TLS minimises the squares), so the slope's error enters
    // to first order: |dT/ds| ≤ Σ|x_n − x̄| + T, T ≤ Σ(|x_n − x̄| + |y_n − ȳ|), times the slope
    // bound c₂·2·ε·tr M (1 + s²)/gap; that scale also covers the one-pass rounding c₁·N·ε·T.
    rational spread(0);
    for (int n = 0; n < 7; ++n) spread += 2 * abs(x[n] - ref.mean_x) + abs(y[n] - ref.mean_y);
    const auto bound_t = kb::test::subspace<T>(2, in<T>(spread * trM * (1 + s_hi * s_hi)), in<T>(gap));
    KB_CHECK_WITHIN(er::sqrt_enclosure_error(total, Y_lo, Y_hi), bound_t, "Σ orthogonal distances (7.06)");
    CHECK(resolves_digits(bound_t, rational(7)));
    // Companion: the minor axis (the other root of the slope's quadratic, −1/s) fails the slope
    // check, and λ_min fails λ_max's.
    const T minor = (kb::lambda_min(m) - m.var_x) / m.cov_xy;
    KB_CHECK_EXCEEDS(er::enclosure_error(minor, ref.slope), bound_s, "minor-axis slope as the TLS slope");
    KB_CHECK_EXCEEDS(er::enclosure_error(kb::lambda_min(m), ref.lmax), bound_l, "λ_min as λ_max");
}
