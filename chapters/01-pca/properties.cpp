/// \file properties.cpp
/// \brief PCA as properties over random data in double, real50 and real100: the
///        covariance-eigen and SVD routes agree; the reconstruction error is the root of
///        the sum of the discarded σ² (not the seed's σ_k + … + σ_n); scores, variances,
///        explained variance, transform of new points; bad input.
#include "test_support.hpp"

#include "kernelbook/pca.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>


namespace {

/// N points in ℝ^q with coordinates k/4, k ∈ [−20, 20], not all equal; and a number of
/// components k between 1 and the numerical rank. The integer recipe M is kept so that the
/// checks can take their scales and gaps from an independent computation (kb::test bounds
/// never use an output of the fit under test).
template <class T>
struct Case {
    IntMatrix M;    // the integer recipe: A = M/4
    Matrix<T> A;
    Eigen::Index k;
    kb::Pca<T> fit; // SVD route, k components
    Vector<T> lambda; // reference: all min(N, q) eigenvalues of XᵀX, computed in real100 from M
    T S;            // reference: ‖X‖_F² = tr XᵀX, computed in real100 from M
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

template <class T>
Case<T> random_case(int N_lo = 3, int N_hi = 10, int q_hi = 6, int q_lo = 1) {
    const int N = *kb::test::size_in(N_lo, N_hi);
    const int q = *kb::test::size_in(q_lo, q_hi);
    const IntMatrix M = *kb::test::int_matrix(N, q, -20, 20);
    const Matrix<T> A = kb::from_integers<T>(M, 4);
    RC_PRE(kb::max_abs(Matrix<T>(A.rowwise() - A.row(0))) > T(0)); // not all points equal
    const Eigen::Index rank = kb::Pca(A, 1).rank();
    const Eigen::Index k = *kb::test::size_in(1, static_cast<int>(rank));
    const auto [lambda, S] = reference_scatter<T>(M, 4);
    return {M, A, k, kb::Pca(A, k), lambda, S};
}

/// Data with a spectrum known from integers: A = [Y; −Y] (2M points, mean exactly 0) with
/// Y = Q_M[:, :r] diag(s) Q_q[:, :r]ᵀ, Q_M and Q_q Cayley-orthogonal, s strictly decreasing
/// integers. Then XᵀX = 2YᵀY has eigenvalues λ_j = 2s_j² (and 0 past r): consecutive gaps
/// 2(s_j² − s_{j+1}²) ≥ 2, far above rounding.
template <class T>
struct KnownCase {
    Matrix<T> A;
    std::vector<long> lambda; // 2s_j², j < r, then zeros up to min(2M, q)
    long S;                   // Σ λ_j = ‖X‖_F²
};

template <class T>
KnownCase<T> known_spectrum_case() {
    const int M = *kb::test::size_in(2, 5);
    const int q = *kb::test::size_in(2, 5);
    const int r = std::min(M, q);
    const auto s = *kb::test::decreasing_spectrum(r, 1, 12);
    const Matrix<T> QM = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(M), 2);
    const Matrix<T> Qq = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(q), 2);
    const Matrix<T> Y = kb::test::with_singular_values(QM, kb::test::vector_from<T>(s), Qq);
    Matrix<T> A(2 * M, q);
    A << Y, -Y;
    std::vector<long> lambda(static_cast<std::size_t>(std::min(2 * M, q)), 0);
    long S = 0;
    for (int j = 0; j < r; ++j) {
        lambda[static_cast<std::size_t>(j)] = 2 * s[static_cast<std::size_t>(j)] * s[static_cast<std::size_t>(j)];
        S += lambda[static_cast<std::size_t>(j)];
    }
    return {A, lambda, S};
}

using kb::test::positive_part;

/// λ_k − λ_{k+1} (λ_{k+1} = 0 past the end): the gap that isolates the first k axes.
template <class T>
T gap_after(const Vector<T>& spectrum, Eigen::Index k) {
    return spectrum(k - 1) - (k < spectrum.size() ? spectrum(k) : T(0));
}

template <class T>
T tail_sum(const Vector<T>& v, Eigen::Index from) {
    T s(0);
    for (Eigen::Index j = from; j < v.size(); ++j) s += v(j);
    return s;
}

} // namespace

//! [routes-agree]
TEST_CASE_TEMPLATE("PCA by the covariance eigen-decomposition and by the SVD of X agree: eigenvalues "
                   "projectors and score Gram matrices [beeny:ex2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = random_case<T>();
        const kb::Pca<T> eig(c.A, c.k, kb::PcaRoute::covariance_eigen);
        const kb::Pca<T>& svd = c.fit;
        const long n = std::max(c.A.rows(), c.A.cols());
        const T S = c.S; // ‖X‖_F² ≥ ‖XᵀX‖₂, from the inputs (real100)
        RC_ASSERT(eig.rank() == svd.rank());
        // Eigenvalues of XᵀX = squared singular values of X (Weyl: forming XᵀX moves them by ≲ nε‖X‖²).
        KB_RC_WITHIN(T((eig.spectrum() - svd.spectrum()).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(n, S),
                     "λ(XᵀX) = σ(X)²");
        // The subspaces, through their projectors V_kV_kᵀ (Davis–Kahan: error / gap), the gap
        // λ_k − λ_{k+1} from the independent real100 spectrum, not from either fit.
        const T gap = gap_after(c.lambda, c.k);
        const Matrix<T> Pi_eig = eig.loadings() * eig.loadings().transpose();
        const Matrix<T> Pi_svd = svd.loadings() * svd.loadings().transpose();
        KB_RC_WITHIN(T((Pi_eig - Pi_svd).norm()), kb::test::subspace<T>(n, S, gap), "V_kV_kᵀ by both routes");
        // The scores, through their Gram matrix P Pᵀ = X V_kV_kᵀ Xᵀ (sign-free).
        KB_RC_WITHIN(T((eig.scores() * eig.scores().transpose() - svd.scores() * svd.scores().transpose()).norm()),
                     kb::test::subspace<T>(n, T(S * S), gap), "P Pᵀ by both routes");
    });
}
//! [routes-agree]

TEST_CASE("a wrong route is caught: the axes of uncentred data are not the principal axes [beeny:ex2.1]") {
    // Failing companion of the route agreement: the projector check separates different subspaces.
    kb::test::property<double>([] {
        const auto c = random_case<double>(4, 8, 3, 2); // q ≥ 2: in ℝ¹ every axis is the same
        const long n = std::max(c.A.rows(), c.A.cols());
        const Eigen::Index k = 1;
        const kb::Pca<double> fit(c.A, k);
        // A well-isolated first axis, judged on the independent real100 spectrum.
        RC_PRE(gap_after(c.lambda, k) > c.S / 100);
        // Shifting the data far from the origin and forgetting to centre changes the axes —
        // unless the shift points along the first axis itself. So the shift is 50·w with w ⊥ v₁,
        // v₁ from an independent real100 decomposition of XᵀX (not the fit under test); then
        // the uncentred top axis is ≈ w and ‖Π_raw − Π‖ ≈ √2.
        using R = kb::real100;
        const Matrix<R> Ar = kb::from_integers<R>(c.M, 4);
        const Matrix<R> Xr = Ar.rowwise() - Ar.colwise().mean();
        const Vector<R> v1r = kb::symmetric_eigen(Matrix<R>(Xr.transpose() * Xr)).vectors.col(0);
        Eigen::Index j = 0;
        v1r.cwiseAbs().minCoeff(&j);
        Vector<R> wr = -v1r(j) * v1r;
        wr(j) += R(1);
        wr /= wr.norm();
        const RowVector<double> shift = (kb::convert_matrix<double>(Matrix<R>(wr)) * 50.0).transpose();
        const Matrix<double> shifted = (c.A.rowwise() + shift).eval();
        const kb::SymmetricEigen<double> raw = kb::symmetric_eigen(Matrix<double>(shifted.transpose() * shifted));
        const Matrix<double> Pi_raw = raw.vectors.leftCols(k) * raw.vectors.leftCols(k).transpose();
        const Matrix<double> Pi = fit.loadings() * fit.loadings().transpose();
        const double gap = gap_after(c.lambda, k); // the bound the agreement test uses
        KB_RC_EXCEEDS((Pi_raw - Pi).norm(), kb::test::subspace<double>(n, c.S, gap), "uncentred axes");
    });
}

/// The bounds of the reconstruction checks, in squares and on σ itself. The residual
/// A − (X_m + 𝟙μᵀ) carries the fit's backward error, ≤ c₂nε‖X‖_F (‖X‖_F² = S), plus the
/// rounding of adding the mean back, at the scale of the UNcentred data ‖A‖_F; in squares
/// that error δ enters as 2‖R‖δ ≤ 2√S·δ. Shared by the law and its companion.
template <class T>
std::pair<kb::test::Bound<T>, kb::test::Bound<T>> reconstruction_bounds(long n, const T& S, const T& normA) {
    using std::sqrt;
    return {kb::test::factorisation<T>(n, T(S + 2 * sqrt(S) * normA)),
            kb::test::factorisation<T>(n, T(sqrt(S) + normA))};
}

//! [reconstruction-error]
TEST_CASE_TEMPLATE("reconstruction error from m components: squared Frobenius error = sum of the discarded "
                   "sigma^2 and spectral error = sigma_(m+1) [beeny:ex2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        using std::sqrt;
        const auto c = random_case<T>();
        const long n = std::max(c.A.rows(), c.A.cols());
        // σ_j² = λ_j and ‖X‖_F² = S from the independent real100 route (Case::lambda, Case::S).
        const auto [bound, bound_sigma] = reconstruction_bounds<T>(n, c.S, T(c.A.norm()));
        for (const auto route : {kb::PcaRoute::svd, kb::PcaRoute::covariance_eigen}) {
            const kb::Pca<T> fit(c.A, c.k, route);
            for (Eigen::Index m = 0; m <= c.k; ++m) {
                const Matrix<T> R = c.A - fit.reconstruct(fit.scores().leftCols(m));
                // ‖X − X_m‖_F² = Σ_{j>m} σ_j²
                KB_RC_WITHIN(T(abs(R.squaredNorm() - tail_sum(c.lambda, m))), bound, "‖X − X_m‖_F² = Σ_{j>m} σ_j²");
                // ‖X − X_m‖₂ = σ_{m+1}, compared in squares: the covariance route knows λ = σ² to
                // ≈ nε‖X‖², so its √λ carries an absolute error ≈ √(nε)‖X‖ near zero.
                const T lambda_next = m < c.lambda.size() ? c.lambda(m) : T(0);
                const T top = kb::thin_svd(R).sigma(0);
                KB_RC_WITHIN(T(abs(top * top - lambda_next)), bound, "‖X − X_m‖₂² = σ_{m+1}²");
                // The SVD route knows σ itself to ≈ nε‖X‖.
                // The reference σ = √λ_ref carries the reference's own error: λ_ref is within
                // c₂nε₁₀₀S of λ, so √λ_ref within c₂nε₁₀₀S/√λ_ref of σ — nothing in double and
                // real50, but of the size of the bound itself in real100 when σ_{m+1} is small.
                auto bound_ref = bound_sigma;
                if (lambda_next > 0)
                    bound_ref.value += T(kb::test::c_factorisation * n) *
                                       kb::convert<T>(kb::epsilon<kb::real100>()) * c.S / sqrt(lambda_next);
                if (route == kb::PcaRoute::svd)
                    KB_RC_WITHIN(T(abs(top - sqrt(lambda_next))), bound_ref, "‖X − X_m‖₂ = σ_{m+1}");
            }
        }
    });
}

TEST_CASE_TEMPLATE("companion: the spectral reconstruction error with sigma_m in place of sigma_(m+1) is caught "
                   "[beeny:ex2.1]",
                   T, KB_REALS) {
    // Failing companion of "‖X − X_m‖₂ = σ_{m+1}": the same residual, the same checks and bounds,
    // on data whose spectrum λ_j = σ_j² = 2s_j² is known from integers (gaps ≥ 2 ≫ rounding).
    kb::test::property<T>([] {
        using std::abs;
        using std::sqrt;
        const auto c = known_spectrum_case<T>();
        const long n = std::max(c.A.rows(), c.A.cols());
        const int r = static_cast<int>(std::count_if(c.lambda.begin(), c.lambda.end(), [](long l) { return l > 0; }));
        // The law's own bounds (‖A‖_F = √S here: the mean is exactly 0).
        const auto [bound, bound_sigma] = reconstruction_bounds<T>(n, T(c.S), T(c.A.norm()));
        const auto lambda_at = [&](int j) { return j < static_cast<int>(c.lambda.size()) ? T(c.lambda[j]) : T(0); };
        for (const auto route : {kb::PcaRoute::svd, kb::PcaRoute::covariance_eigen}) {
            const kb::Pca<T> fit(c.A, r, route);
            for (int m = 1; m <= r; ++m) {
                const Matrix<T> R = c.A - fit.reconstruct(fit.scores().leftCols(m));
                const T top = kb::thin_svd(R).sigma(0);
                // The law holds on this data …
                KB_RC_WITHIN(T(abs(top * top - lambda_at(m))), bound, "‖X − X_m‖₂² = σ_{m+1}²");
                // … and σ_m (the last kept, not the first discarded) is off by λ_m − λ_{m+1} ≥ 2.
                KB_RC_EXCEEDS(T(abs(top * top - lambda_at(m - 1))), bound, "‖X − X_m‖₂² = σ_m² (wrong)");
                if (route == kb::PcaRoute::svd) {
                    KB_RC_WITHIN(T(abs(top - sqrt(lambda_at(m)))), bound_sigma, "‖X − X_m‖₂ = σ_{m+1}");
                    KB_RC_EXCEEDS(T(abs(top - sqrt(lambda_at(m - 1)))), bound_sigma, "‖X − X_m‖₂ = σ_m (wrong)");
                }
            }
        }
    });
}

TEST_CASE_TEMPLATE("the seed's reconstruction error sigma_m + ... + sigma_n is wrong on random data and so is "
                   "sigma_(m+1) + ... + sigma_n [beeny:ex2.1]",
                   T, KB_REALS) {
    // Failing companion: the seed's E_m = ‖S − S_m‖_F = σ_m + σ_{m+1} + … + σ_n.
    kb::test::property<T>([] {
        using std::abs;
        using std::sqrt;
        const auto c = random_case<T>();
        const long n = std::max(c.A.rows(), c.A.cols());
        const Vector<T> sigma = c.lambda.cwiseSqrt(); // the independent real100 σ
        const auto bound = kb::test::factorisation<T>(n, T(sqrt(c.S)));
        for (Eigen::Index m = 1; m <= c.k; ++m) {
            const T E = c.fit.reconstruction_error(c.A, m);
            // The right value, by the same check: E_m = (Σ_{j>m} σ_j²)^{1/2}.
            KB_RC_WITHIN(T(abs(sqrt(tail_sum(c.lambda, m)) - E)), kb::test::factorisation<T>(n, T(sqrt(c.S))),
                         "E_m = (Σ_{j>m} σ_j²)^{1/2}");
            // σ_m is kept, so adding it is off by at least σ_m ≥ √(rank tolerance) ≫ rounding.
            KB_RC_EXCEEDS(T(abs(tail_sum(sigma, m - 1) - E)), bound, "seed: E_m = σ_m + … + σ_n");
            // With the index corrected the sum is still wrong once two discarded σ are non-zero.
            if (m + 2 <= c.fit.rank())
                KB_RC_EXCEEDS(T(abs(tail_sum(sigma, m) - E)), bound, "E_m = σ_{m+1} + … + σ_n");
        }
    });
}
//! [reconstruction-error]

//! [scores]
TEST_CASE_TEMPLATE("scores: centred and uncorrelated with P^T P = diag(lambda) and variances lambda/(N-1) - "
                   "explained-variance ratios - the first axis has the largest variance [beeny:ex2.1] [beeny:defA.4]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        const auto c = random_case<T>();
        const kb::Pca<T>& fit = c.fit;
        const Eigen::Index N = c.A.rows(), q = c.A.cols();
        const long n = std::max(N, q);
        const T S = c.S; // ‖X‖_F², from the inputs (real100)
        // Column means of P are zero: the scores of centred data.
        KB_RC_WITHIN(T(fit.scores().colwise().sum().cwiseAbs().maxCoeff()),
                     kb::test::one_pass<T>(N * q, T(kb::max_abs(c.A) * T(q))), "𝟙ᵀP = 0");
        // PᵀP = V_kᵀ XᵀX V_k = diag(λ₁ … λ_k).
        const Matrix<T> D = fit.eigenvalues().asDiagonal();
        KB_RC_WITHIN(T((fit.scores().transpose() * fit.scores() - D).norm()), kb::test::factorisation<T>(n, S),
                     "PᵀP = diag(λ)");
        // Sample variance of the scores on axis j is λ_j/(N − 1) = the eigenvalues of cov(A).
        const Matrix<T> covP = kb::covariance_matrix(fit.scores());
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
        KB_RC_WITHIN(positive_part(T((X * u).squaredNorm() / u.squaredNorm() - c.lambda(0))),
                     kb::test::factorisation<T>(n, S), "‖Xu‖²/‖u‖² ≤ λ₁");
    });
}
//! [scores]

TEST_CASE_TEMPLATE("companion: uncentred scores and variances with divisor N and a second axis claimed as the "
                   "largest are rejected by the score checks [beeny:ex2.1] [beeny:defA.4]",
                   T, KB_REALS) {
    // Failing companion of the scores property: the same quantities, the same bounds, wrong formulas.
    kb::test::property<T>([] {
        const auto c = random_case<T>(3, 10, 6, 2); // q ≥ 2: a second axis exists
        const kb::Pca<T>& fit = c.fit;
        const Eigen::Index N = c.A.rows(), q = c.A.cols();
        const long n = std::max(N, q);
        const T S = c.S;
        // Data with the same centred X but mean 10 v₁ᵀ (X + 𝟙·10v₁ᵀ); forgetting to centre gives
        // the scores A V_k = P + 10·𝟙e₁ᵀ: column sum 10N and PᵀP + 100N e₁e₁ᵀ.
        const Matrix<T> X = kb::center_columns(c.A);
        const Matrix<T> shifted = X.rowwise() + RowVector<T>(T(10) * fit.loadings().col(0).transpose());
        const Matrix<T> uncentred = shifted * fit.loadings();
        const T scale = T(kb::max_abs(shifted) * T(q));
        KB_RC_EXCEEDS(T(uncentred.colwise().sum().cwiseAbs().maxCoeff()),
                      kb::test::one_pass<T>(N * q, scale), "𝟙ᵀP = 0 for uncentred scores");
        const Matrix<T> D = fit.eigenvalues().asDiagonal();
        KB_RC_EXCEEDS(T((uncentred.transpose() * uncentred - D).norm()),
                      kb::test::factorisation<T>(n, S), "PᵀP = diag(λ) for uncentred scores");
        // Variances with the divisor N: off by λ_j/(N(N − 1)) ≥ λ₁/(N(N − 1)) on the first axis.
        const Vector<T> var_N = fit.eigenvalues() / T(N);
        const Matrix<T> covP = kb::covariance_matrix(fit.scores());
        KB_RC_EXCEEDS(T((covP.diagonal() - var_N).cwiseAbs().maxCoeff()),
                      kb::test::factorisation<T>(n, S), "var(scores) = λ/N");
        const kb::SymmetricEigen<T> cov_eig = kb::symmetric_eigen(kb::covariance_matrix(c.A));
        KB_RC_EXCEEDS(T((cov_eig.values.head(c.k) - var_N).cwiseAbs().maxCoeff()),
                      kb::test::factorisation<T>(n, S), "eigenvalues of cov(A) = λ/N");
        // "No direction has more scatter than λ₂" is false: u = v₁ has ‖Xv₁‖² = λ₁ > λ₂ + rounding
        // (λ from real100; the gap λ₁ − λ₂ is above rounding unless λ₁ = λ₂ exactly, rare).
        RC_PRE(gap_after(c.lambda, 1) > T(2) * kb::test::factorisation<T>(n, S).value);
        const Vector<T> u = fit.loadings().col(0);
        KB_RC_EXCEEDS(positive_part(T((X * u).squaredNorm() / u.squaredNorm() - c.lambda(1))),
                      kb::test::factorisation<T>(n, S), "‖Xu‖²/‖u‖² ≤ λ₂ (wrong)");
    });
}

TEST_CASE("explained-variance ratios fall short of 1 when a non-zero eigenvalue is dropped [beeny:ex2.1]") {
    // Failing companion of "Σ ratios = 1 when k = rank".
    kb::test::property<double>([] {
        const auto c = random_case<double>(3, 10, 6, 2);
        const long n = std::max(c.A.rows(), c.A.cols());
        RC_PRE(c.fit.rank() >= 2);
        // The dropped eigenvalue (independent real100 value) is well above rounding.
        RC_PRE(c.lambda(c.fit.rank() - 1) > c.S / 1000);
        const kb::Pca<double> fit(c.A, c.fit.rank() - 1);
        // The law's check "Σ ratios = 1 − Σ_{j>k} λ_j/Σλ" with k = rank − 1 but Σ_{j>k} taken as 0.
        KB_RC_EXCEEDS(std::abs(fit.explained_variance_ratio().sum() - 1.0), kb::test::factorisation<double>(n, 1.0),
                      "Σ ratios with one axis dropped = 1 (wrong)");
    });
}

//! [transform]
TEST_CASE_TEMPLATE("transform of new points uses the training mean: training points give the scores and "
                   "points in mu + span(V_k) are reconstructed exactly [beeny:ex2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = random_case<T>();
        const kb::Pca<T>& fit = c.fit;
        const Eigen::Index q = c.A.cols();
        const long n = std::max(c.A.rows(), q);
        const T scale = kb::max_abs(c.A) * T(q);
        KB_RC_WITHIN(T((fit.transform(c.A) - fit.scores()).norm()), kb::test::one_pass<T>(n, T(scale * T(n))),
                     "transform(A) = P");
        // New points z = μ + C V_kᵀ with integer coefficients C: transform(z) = C and z is rebuilt,
        // up to the orthogonality error of V_k (a factorisation-size error) times the sizes involved.
        const int M = *kb::test::size_in(1, 4);
        const Matrix<T> C = kb::from_integers<T>(*kb::test::int_matrix(M, static_cast<int>(c.k), -5, 5));
        const Matrix<T> Z = fit.reconstruct(C);
        const auto bound = kb::test::factorisation<T>(n, T(C.norm() + T(M) * scale));
        KB_RC_WITHIN(T((fit.transform(Z) - C).norm()), bound, "transform(μ + C V_kᵀ) = C");
        KB_RC_WITHIN(fit.reconstruction_error(Z, c.k), bound, "z ∈ μ + span V_k is reconstructed");
    });
}

TEST_CASE("centring new points with their own mean is wrong: a batch shifted along v1 keeps its scores "
          "[beeny:ex2.1]") {
    // Failing companion of transform: the training mean matters.
    kb::test::property<double>([] {
        const auto c = random_case<double>();
        const kb::Pca<double>& fit = c.fit;
        // Z = A + 𝟙 v₁ᵀ: every point moved by one unit along the first axis.
        const Matrix<double> Z = c.A.rowwise() + fit.loadings().col(0).transpose();
        const Matrix<double> right = fit.transform(Z);
        const Matrix<double> wrong = kb::center_columns(Z) * fit.loadings(); // own mean
        // Right: the first score moves by exactly 1 for every point; wrong: nothing moves.
        // One pass: each score is a sum of q products (z − μ)·v with |z − μ| ≤ 2(max|A| + 1),
        // |v| ≤ 1, for N points; the training scores P carry the same kind of error.
        const Eigen::Index N = Z.rows(), q = Z.cols();
        const auto bound = kb::test::one_pass<double>(N * (q + 2), 4 * (kb::max_abs(c.A) + 1) * double(q));
        KB_RC_WITHIN((right.col(0) - fit.scores().col(0) - Vector<double>::Ones(N)).norm(), bound,
                     "transform(A + 𝟙v₁ᵀ) = P + 𝟙e₁ᵀ");
        KB_RC_EXCEEDS((right - wrong).norm(), bound, "own-mean centring");
    });
}
//! [transform]

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
