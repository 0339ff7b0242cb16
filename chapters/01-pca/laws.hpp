#pragma once
/// \file 01-pca/laws.hpp
/// \brief The laws of chapter 1 that are written once for any implementation: laws.cpp and
///        exact.cpp run them on the library's functions, and the chapter's exercises
///        (exercises/check.cpp) on the student's. With them, the random cases and the
///        helpers they need.
#include "test_support.hpp"

#include "kernelbook/pca.hpp"

#include <algorithm>
#include <utility>

namespace kb::test::ch01 {

/// N points in ℝ^q with coordinates k/4, k ∈ [−20, 20], not all equal; and a number of
/// components k between 1 and the numerical rank. The integer recipe M is kept so that the
/// checks can take their scales and gaps from an independent computation (kb::test bounds
/// never use an output of the fit under test).
template <class T>
struct Case {
    IntMatrix M;    ///< the integer recipe: A = M/4
    Matrix<T> A;    ///< the data, N×q
    Eigen::Index k; ///< the number of components
    kb::Pca<T> fit; ///< SVD route, k components
    Vector<T> lambda; ///< reference: all min(N, q) eigenvalues of XᵀX, computed in real100 from M
    T S;            ///< reference: ‖X‖_F² = tr XᵀX, computed in real100 from M
};

/// The eigenvalues of XᵀX (X = A − 𝟙μᵀ) and ‖X‖_F², by an independent route: X built
/// again from the integers in real100, XᵀX formed there and decomposed by
/// kb::symmetric_eigen — not the fit under test, and 50 digits beyond double and real50.
template <class T>
std::pair<Vector<T>, T> reference_scatter(const IntMatrix& M, long den) {
    using R = kb::real100;
    const Matrix<R> A = kb::from_integers<R>(M, den);
    const Matrix<R> X = A.rowwise() - A.colwise().mean();
    const Vector<R> all = kb::symmetric_eigen(Matrix<R>(X.transpose() * X)).values;
    const Eigen::Index r = std::min(X.rows(), X.cols());
    // An eigenvalue at real100's rounding level is an exact zero: the non-zero eigenvalues of
    // XᵀX (entries in ℤ/(16N)) are far larger — so √λ is 0 there, not √(rounding).
    const R S = X.squaredNorm();
    const R zero = R(64) * R(X.cols()) * kb::epsilon<R>() * S;
    Vector<T> lambda(r);
    for (Eigen::Index j = 0; j < r; ++j) lambda(j) = all(j) > zero ? kb::convert<T>(all(j)) : T(0);
    return {lambda, kb::convert<T>(S)};
}

/// A random Case: N ∈ [N_lo, N_hi] points in ℝ^q, q ∈ [q_lo, q_hi].
template <class T>
Case<T> random_case(int N_lo = 3, int N_hi = 10, int q_hi = 6, int q_lo = 1) {
    const int N = *kb::test::size_in(N_lo, N_hi);
    const int q = *kb::test::size_in(q_lo, q_hi);
    const IntMatrix M = *kb::test::int_matrix(N, q, -20, 20);
    const Matrix<T> A = kb::from_integers<T>(M, 4);
    RC_PRE(kb::max_abs(Matrix<T>(A.rowwise() - A.row(0))) > T(0)); // not all points equal
    const Eigen::Index rank = kb::Pca(A, {.components = 1}).rank();
    const Eigen::Index k = *kb::test::size_in(1, static_cast<int>(rank));
    const auto [lambda, S] = reference_scatter<T>(M, 4);
    return {M, A, k, kb::Pca(A, {.components = k}), lambda, S};
}

/// Σ_{j ≥ from} v_j (0-based): the discarded part of a spectrum.
template <class T>
T tail_sum(const Vector<T>& v, Eigen::Index from) {
    T s(0);
    for (Eigen::Index j = from; j < v.size(); ++j) s += v(j);
    return s;
}

/// Random data for Definition A.4 and its companion: m ∈ [2, 9] observations of n ∈ [1, 5]
/// variables with entries k/3, k ∈ [−20, 20].
struct CovarianceData {
    int m, n;
    Matrix<rational> A;
};
inline CovarianceData covariance_data() {
    const int m = *kb::test::size_in(2, 9);
    const int n = *kb::test::size_in(1, 5);
    return {m, n, kb::from_integers<rational>(*kb::test::int_matrix(m, n, -20, 20), 3)};
}

/// The same data and cov(A) as the library computes it.
struct CovarianceCase {
    int m, n;
    Matrix<rational> A, cov;
};
inline CovarianceCase covariance_case() {
    auto [m, n, A] = covariance_data();
    Matrix<rational> cov = kb::covariance_matrix(A);
    return {m, n, std::move(A), std::move(cov)};
}

/// \name The implementations the laws run on
/// Each law takes the function it checks as an argument, with the library's signature.
/// These are the library's own; exercises/check.cpp passes the student's.
///@{
/// The covariance matrix XᵀX/(m − 1) of Definition A.4 (`kb::covariance_matrix`).
inline constexpr auto library_covariance = [](const auto& A) { return kb::covariance_matrix(A); };
/// The N×k scores P = XV_k of PCA with k components (`kb::Pca`, SVD route).
inline constexpr auto library_pca_scores = [](const auto& A, Eigen::Index k) { return kb::Pca(A, {.components = k}).scores(); };
///@}

//! [defA4]
/// beeny:defA.4, exactly in rationals: `covariance_matrix(A)` is entrywise cov(a_i, a_j),
/// equals XᵀX/(m − 1) and the mean of outer products with the divisor m − 1, and does not
/// see a shift of every observation.
template <class Covariance>
void covariance_law(Covariance covariance_matrix) {
    kb::test::property<rational>([&] {
        const auto [m, n, A] = covariance_data();
        kb::test::show("A, the m observations (rows)", A);
        const Matrix<rational> cov = covariance_matrix(A);
        kb::test::show("cov(A), your covariance_matrix", cov);
        kb::test::show("XᵀX/(m − 1) with X = A − 𝟙μ (expected)",
                       Matrix<rational>(kb::center_columns(A).transpose() * kb::center_columns(A) / rational(m - 1)));
        RC_ASSERT(cov.rows() == n && cov.cols() == n);
        // cov(a_i, a_j) = (1/(m−1)) Σ_k (a_ki − ā_i)(a_kj − ā_j), written out with scalar means.
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const rational ai = A.col(i).sum() / m, aj = A.col(j).sum() / m;
                rational s = 0;
                for (int k = 0; k < m; ++k) s += (A(k, i) - ai) * (A(k, j) - aj);
                RC_ASSERT(cov(i, j) == s / (m - 1));
            }
        // = XᵀX/(m − 1) for the centred X ("if A is centred").
        const Matrix<rational> X = kb::center_columns(A);
        RC_ASSERT(cov == Matrix<rational>(X.transpose() * X / rational(m - 1)));
        // = (1/(m−1)) Σ_k (x_k − μ)ᵀ(x_k − μ), the average of outer products with divisor m − 1.
        const RowVector<rational> mu = kb::column_means(A);
        Matrix<rational> outer = Matrix<rational>::Zero(n, n);
        for (int k = 0; k < m; ++k) {
            const RowVector<rational> d = A.row(k) - mu;
            outer += d.transpose() * d;
        }
        RC_ASSERT(cov == Matrix<rational>(outer / rational(m - 1)));
        // Shifting every observation by the same vector c leaves the covariance unchanged.
        const RowVector<rational> c = kb::from_integers<rational>(*kb::test::int_matrix(1, n, -9, 9));
        RC_ASSERT(covariance_matrix(Matrix<rational>(A.rowwise() + c)) == cov);
    });
}
//! [defA4]

//! [scores]
/// beeny:ex2.1 and beeny:defA.4: the scores P = `pca_scores(A, k)` are centred and uncorrelated,
/// PᵀP = diag(λ), with sample variances λ/(N − 1), the eigenvalues of cov(A); the
/// explained-variance ratios add up to the fraction kept; no direction has more scatter than v₁.
template <class T, class PcaScores>
void scores_law(PcaScores pca_scores) {
    using std::abs;
    kb::test::property<T>([&] {
        const auto c = random_case<T>();
        const kb::Pca<T>& fit = c.fit;
        const Eigen::Index N = c.A.rows(), q = c.A.cols();
        const long n = std::max(N, q);
        const T S = c.S; // ‖X‖_F², from the inputs (real100)
        kb::test::show("A, the points (rows)", c.A);
        kb::test::show("k, the components", c.k);
        const Matrix<T> P = pca_scores(c.A, c.k);
        kb::test::show("P, the scores", P);
        kb::test::show("PᵀP", Matrix<T>(P.transpose() * P));
        kb::test::show("λ₁ … λ_k, the eigenvalues of XᵀX (expected on the diagonal of PᵀP)", fit.eigenvalues());
        RC_ASSERT(P.rows() == N && P.cols() == c.k);
        // Column means of P are zero: the scores of centred data.
        KB_RC_WITHIN(T(P.colwise().sum().cwiseAbs().maxCoeff()),
                     kb::test::one_pass<T>(N * q, T(kb::max_abs(c.A) * T(q))), "𝟙ᵀP = 0");
        // PᵀP = V_kᵀ XᵀX V_k = diag(λ₁ … λ_k).
        const Matrix<T> D = fit.eigenvalues().asDiagonal();
        KB_RC_WITHIN(T((P.transpose() * P - D).norm()), kb::test::factorisation<T>(n, S), "PᵀP = diag(λ)");
        // Sample variance of the scores on axis j is λ_j/(N − 1) = the eigenvalues of cov(A).
        const Matrix<T> covP = kb::covariance_matrix(P);
        KB_RC_WITHIN(T((covP.diagonal() - fit.variances()).cwiseAbs().maxCoeff()),
                     kb::test::factorisation<T>(n, S), "var(scores) = λ/(N − 1)");
        const kb::SymmetricEigen<T> cov_eig = kb::symmetric_eigen(kb::covariance_matrix(c.A));
        KB_RC_WITHIN(T((cov_eig.values.head(c.k) - fit.variances()).cwiseAbs().maxCoeff()),
                     kb::test::factorisation<T>(n, S), "eigenvalues of cov(A) = λ/(N − 1)");
        // Explained-variance ratios add up to the fraction of Σλ kept; to 1 when k = rank.
        KB_RC_WITHIN(T(abs(fit.explained_variance_ratio().sum() - (T(1) - tail_sum(c.lambda, c.k) / S))),
                     kb::test::factorisation<T>(n, T(1)), "Σ ratios = 1 − Σ_{j>k} λ_j / Σλ");
        // No unit direction u has more scatter than v₁: ‖Xu‖²/‖u‖² ≤ λ₁ (λ₁ from real100), checked
        // as the NaN-proof excess (‖Xu‖²/‖u‖² − λ₁)⁺ within the eigensolver's backward error.
        IntMatrix ui = *kb::test::int_matrix(static_cast<int>(q), 1, -9, 9);
        ui(0, 0) = ui(0, 0) >= 0 ? ui(0, 0) + 1 : ui(0, 0); // u ≠ 0 by construction
        const Vector<T> u = kb::from_integers<T>(ui);
        const Matrix<T> X = kb::center_columns(c.A);
        KB_RC_WITHIN(kb::test::positive_part(T((X * u).squaredNorm() / u.squaredNorm() - c.lambda(0))),
                     kb::test::factorisation<T>(n, S), "‖Xu‖²/‖u‖² ≤ λ₁");
    });
}
//! [scores]

} // namespace kb::test::ch01
