/// \file laws.cpp
/// \brief Laws over random data in double, real50 and real100, the failing companions next
///        to their laws: PCA's two routes, scores, transform and reconstruction error (beeny:ex2.1),
///        the OLS and TLS lines of §2.1 (beeny:2.1), Lemmas A.1–A.3 in floating point.
///        The laws that the exercises run as well are written once, in laws.hpp.
#include "../laws.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/lines.hpp"
#include "chapter_support.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

using kb::Line;
using kb::test::ch01::outlier_data;
using kb::test::ch01::swap_xy;
using std::abs;
using std::sqrt;
using namespace kb::test::ch01;

// ------------------------------------------------------------------ PCA (beeny:ex2.1)

namespace {

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

} // namespace

//! [routes-agree]
TEST_CASE_TEMPLATE("PCA by the covariance eigen-decomposition and by the SVD of X agree: eigenvalues "
                   "projectors and score Gram matrices [beeny:ex2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = random_case<T>();
        const kb::Pca<T> eig(c.A, {.components = c.k, .route = kb::PcaRoute::covariance_eigen});
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
        const kb::Pca<double> fit(c.A, {.components = k});
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
    return {kb::test::factorisation<T>(n, T(S + 2 * sqrt(S) * normA)),
            kb::test::factorisation<T>(n, T(sqrt(S) + normA))};
}

//! [reconstruction-error]
//! [ch01-reconstruction-law]
TEST_CASE_TEMPLATE("reconstruction error from m components: squared Frobenius error = sum of the discarded "
                   "sigma^2 and spectral error = sigma_(m+1) [beeny:ex2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = random_case<T>();
        const long n = std::max(c.A.rows(), c.A.cols());
        // σ_j² = λ_j and ‖X‖_F² = S from the independent real100 route (Case::lambda, Case::S).
        const auto [bound, bound_sigma] = reconstruction_bounds<T>(n, c.S, T(c.A.norm()));
        for (const auto route : {kb::PcaRoute::svd, kb::PcaRoute::covariance_eigen}) {
            const kb::Pca<T> fit(c.A, {.components = c.k, .route = route});
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
//! [ch01-reconstruction-law]

TEST_CASE_TEMPLATE("companion: the spectral reconstruction error with sigma_m in place of sigma_(m+1) is caught "
                   "[beeny:ex2.1]",
                   T, KB_REALS) {
    // Failing companion of "‖X − X_m‖₂ = σ_{m+1}": the same residual, the same checks and bounds,
    // on data whose spectrum λ_j = σ_j² = 2s_j² is known from integers (gaps ≥ 2 ≫ rounding).
    kb::test::property<T>([] {
        const auto c = known_spectrum_case<T>();
        const long n = std::max(c.A.rows(), c.A.cols());
        const int r = static_cast<int>(std::count_if(c.lambda.begin(), c.lambda.end(), [](long l) { return l > 0; }));
        // The law's own bounds (‖A‖_F = √S here: the mean is exactly 0).
        const auto [bound, bound_sigma] = reconstruction_bounds<T>(n, T(c.S), T(c.A.norm()));
        const auto lambda_at = [&](int j) { return j < static_cast<int>(c.lambda.size()) ? T(c.lambda[j]) : T(0); };
        for (const auto route : {kb::PcaRoute::svd, kb::PcaRoute::covariance_eigen}) {
            const kb::Pca<T> fit(c.A, {.components = r, .route = route});
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

TEST_CASE_TEMPLATE("scores: centred and uncorrelated with P^T P = diag(lambda) and variances lambda/(N-1) - "
                   "explained-variance ratios - the first axis has the largest variance [beeny:ex2.1] [beeny:defA.4]",
                   T, KB_REALS) {
    scores_law<T>(library_pca_scores);
}

//! [ch01-scores-companion]
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
//! [ch01-scores-companion]

TEST_CASE("explained-variance ratios fall short of 1 when a non-zero eigenvalue is dropped [beeny:ex2.1]") {
    // Failing companion of "Σ ratios = 1 when k = rank".
    kb::test::property<double>([] {
        const auto c = random_case<double>(3, 10, 6, 2);
        const long n = std::max(c.A.rows(), c.A.cols());
        RC_PRE(c.fit.rank() >= 2);
        // The dropped eigenvalue (independent real100 value) is well above rounding.
        RC_PRE(c.lambda(c.fit.rank() - 1) > c.S / 1000);
        const kb::Pca<double> fit(c.A, {.components = c.fit.rank() - 1});
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

// ------------------------------------------------------------------ least-squares lines (beeny:2.1)

namespace {

/// N planar points with coordinates k/4, k ∈ [−20, 20].
template <class T>
Matrix<T> random_plane(int N_lo = 2, int N_hi = 10) {
    const int N = *kb::test::size_in(N_lo, N_hi);
    return kb::from_integers<T>(*kb::test::int_matrix(N, 2, -20, 20), 4);
}

/// The integer recipe of random_plane (points M/4), for exact preconditions.
inline IntMatrix random_plane_recipe(int N_lo = 2, int N_hi = 10) {
    const int N = *kb::test::size_in(N_lo, N_hi);
    return *kb::test::int_matrix(N, 2, -20, 20);
}

/// The moments of the points M/4, exactly; and from them, converted once to T, the scales of
/// the bounds: tr C = var x + var y (≥ λ_max) and the gap λ_max − λ_min = ((var x − var y)² +
/// 4cov²)^{1/2} — from the inputs, never from the line fit or eigen-decomposition under test.
inline kb::Moments2<rational> exact_moments(const IntMatrix& M) {
    return kb::moments2(kb::from_integers<rational>(M, 4));
}
template <class T>
T exact_trace(const kb::Moments2<rational>& mq) {
    return kb::convert<T>(rational(mq.var_x + mq.var_y));
}
template <class T>
T exact_gap(const kb::Moments2<rational>& mq) {
    const rational d = mq.var_x - mq.var_y;
    return sqrt(kb::convert<T>(rational(d * d + 4 * mq.cov_xy * mq.cov_xy)));
}

/// |sin θ| between the directions of two lines.
template <class T>
T sin_between(const Line<T>& a, const Line<T>& b) {
    return abs(a.dx * b.dy - a.dy * b.dx) / sqrt((a.dx * a.dx + a.dy * a.dy) * (b.dx * b.dx + b.dy * b.dy));
}

} // namespace

//! [ols-optimal]
TEST_CASE_TEMPLATE("OLS eq. (3) minimises the squared vertical residuals over all lines: a perturbed line "
                   "adds exactly sum (da0 + da1 x)^2 [beeny:2.1]",
                   T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const Matrix<T> XY = random_plane<T>();
        const kb::Moments2<T> m = kb::moments2(XY);
        RC_PRE(m.var_x > 0);
        const Line<T> ols = kb::ols_line(XY);
        const T da0 = kb::ratio<T>(*kb::test::int_in(-20, 20), 10), da1 = kb::ratio<T>(*kb::test::int_in(-20, 20), 10);
        const Line<T> other{T(0), T(ols.intercept() + da0), T(1), T(ols.slope() + da1)};
        const T excess = kb::sum_squared_vertical_residuals(other, XY) - kb::sum_squared_vertical_residuals(ols, XY);
        T expected(0);
        for (Eigen::Index n = 0; n < XY.rows(); ++n) expected += (da0 + da1 * XY(n, 0)) * (da0 + da1 * XY(n, 0));
        if constexpr (kb::is_exact_v<T>) {
            RC_ASSERT(excess == expected);
        } else {
            // Scale of the summands: the magnitudes that enter each residual, squared.
            T scale(0);
            for (Eigen::Index n = 0; n < XY.rows(); ++n) {
                const T size = abs(XY(n, 1)) + abs(other.intercept()) + abs(ols.intercept()) +
                               (abs(other.slope()) + abs(ols.slope())) * abs(XY(n, 0));
                scale += size * size;
            }
            KB_RC_WITHIN(T(abs(excess - expected)), kb::test::one_pass<T>(4 * XY.rows(), scale),
                         "SSE(perturbed) − SSE(OLS) = Σ(δa₀ + δa₁x)²");
        }
        // Minimality, from the library's residual sums alone (the old `expected ≥ 0` was a sum of
        // squares the test computed itself and could not fail): any other line has a strictly
        // larger SSE. With var(x) > 0 there are two x at least 1/4 apart, so Σ(δa₀ + δa₁x)² ≥
        // (1/80)² for (δa₀, δa₁) ≠ 0 (tenths), far above the rounding of either sum.
        if (da0 != 0 || da1 != 0) {
            RC_ASSERT(kb::sum_squared_vertical_residuals(other, XY) > kb::sum_squared_vertical_residuals(ols, XY));
        } else if constexpr (kb::is_exact_v<T>) {
            RC_ASSERT(excess == 0);
        }
    });
}
//! [ols-optimal]

namespace {
// One random case of SSE(TLS) − SSE(OLS) = (N − 1) var(x) ds², ds = s_TLS − s_OLS, with
// the bound that checks it: shared by the property and its failing companion, so the
// companion rejects wrong formulas with exactly the check that accepts the right one.
template <class T>
struct VerticalExcessCase {
    kb::Moments2<T> m;
    T N, ds, excess;
    kb::test::Bound<T> bound;
};
template <class T>
VerticalExcessCase<T> vertical_excess_case() {
    const IntMatrix Mi = random_plane_recipe(3);
    const kb::Moments2<rational> mq = exact_moments(Mi);
    // Decided exactly: var x > 0 (the OLS line exists) and the TLS line is not vertical and
    // unique (not cov = 0 with var y ≥ var x).
    RC_PRE(mq.var_x > 0 && !(mq.cov_xy == 0 && mq.var_y >= mq.var_x));
    const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
    const kb::Moments2<T> m = kb::moments2(XY);
    const Line<T> ols = kb::ols_line(XY), tls = kb::tls_line(XY);
    RC_PRE(!tls.vertical());
    // The identity SSE(s) − SSE(OLS) = (N − 1) var(x) (s − s_OLS)² holds for every line through
    // the centroid, so only the evaluation of the two sums of N squared residuals rounds. A
    // residual y − a − s x with a = ȳ − s x̄ has summands ≤ R = 2(max|y| + |s| max|x|), so each
    // sum is one pass of about N + 6 operations at the scale N R². The slopes come from the
    // exact moments, in real100 (never from the fits under test): s_OLS = cov/var x and
    // s_TLS = (var y − var x + ((var x − var y)² + 4cov²)^{1/2})/(2 cov) (0 when cov = 0).
    using R100 = kb::real100;
    const R100 vx = kb::convert<R100>(mq.var_x), vy = kb::convert<R100>(mq.var_y), cv = kb::convert<R100>(mq.cov_xy);
    const R100 s_tls = mq.cov_xy == 0 ? R100(0) : R100((vy - vx + sqrt((vx - vy) * (vx - vy) + 4 * cv * cv)) / (2 * cv));
    const R100 s_max = std::max(R100(abs(s_tls)), R100(abs(cv / vx)));
    const T r = 2 * (XY.col(1).cwiseAbs().maxCoeff() + kb::convert<T>(s_max) * XY.col(0).cwiseAbs().maxCoeff());
    const T sse_tls = kb::sum_squared_vertical_residuals(tls, XY);
    return {m, T(XY.rows()), T(tls.slope() - ols.slope()), T(sse_tls - kb::sum_squared_vertical_residuals(ols, XY)),
            kb::test::one_pass<T>(long(XY.rows()) + 6, T(T(XY.rows()) * r * r))};
}
} // namespace

TEST_CASE_TEMPLATE("OLS versus TLS on vertical residuals: SSE(TLS) - SSE(OLS) = (N-1) var(x) (s_TLS - s_OLS)^2 "
                   "[beeny:2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = vertical_excess_case<T>();
        KB_RC_WITHIN(T(abs(c.excess - (c.N - 1) * c.m.var_x * c.ds * c.ds)), c.bound, "SSE(TLS) − SSE(OLS)");
    });
}

TEST_CASE_TEMPLATE("companion: SSE(TLS) - SSE(OLS) with the divisor N or with var(y) in place of var(x) or without "
                   "the square is rejected [beeny:2.1]",
                   T, KB_REALS) {
    // Failing companion of the identity above: the same excess, the same bound, wrong formulas.
    kb::test::property<T>([] {
        const auto c = vertical_excess_case<T>();
        const auto& m = c.m;
        const auto& bound = c.bound;
        const T &N = c.N, &ds = c.ds, &excess = c.excess;
        // The lines differ by more than rounding (they coincide for collinear points, or
        // when cov = 0 and var x > var y: both horizontal).
        RC_PRE(m.var_x * ds * ds > 2 * bound.value);
        // With N: off by var(x) ds² (more than twice the bound, so rounding cannot hide it).
        KB_RC_EXCEEDS(T(abs(excess - N * m.var_x * ds * ds)), bound, "N var(x) ds²");
        // var(y) in place of var(x): off by (N − 1)|var y − var x| ds².
        if ((N - 1) * abs(m.var_y - m.var_x) * ds * ds > 2 * bound.value)
            KB_RC_EXCEEDS(T(abs(excess - (N - 1) * m.var_y * ds * ds)), bound, "(N − 1) var(y) ds²");
        // |ds| in place of ds²: off unless |ds| = 1.
        if ((N - 1) * abs(abs(ds) - 1) * abs(ds) * m.var_x > 2 * bound.value)
            KB_RC_EXCEEDS(T(abs(excess - (N - 1) * m.var_x * abs(ds))), bound, "(N − 1) var(x) |ds|");
    });
}

//! [tls-optimal]
TEST_CASE_TEMPLATE("TLS eq. (4) minimises the squared orthogonal distances: rotating by theta and moving by t "
                   "gives (N-1)(lambda_min + (lambda_max - lambda_min) sin^2 theta) + N t^2 [beeny:2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const IntMatrix Mi = random_plane_recipe(3);
        const kb::Moments2<rational> mq = exact_moments(Mi);
        RC_PRE(!(mq.cov_xy == 0 && mq.var_x == mq.var_y)); // decided exactly (rare discards)
        const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
        const kb::Moments2<T> m = kb::moments2(XY);
        const Line<T> tls = kb::tls_line(XY);
        const T lmax = kb::lambda_max(m), lmin = kb::lambda_min(m);
        const T N(XY.rows()), trC = exact_trace<T>(mq);
        const auto bound = kb::test::factorisation<T>(XY.rows(), T(N * (trC + T(1))));
        // The minimum is (N − 1) λ_min.
        KB_RC_WITHIN(T(abs(kb::sum_squared_orthogonal_distances(tls, XY) - (N - 1) * lmin)), bound,
                     "SOD(TLS) = (N − 1) λ_min");
        // A competitor: rotate the direction by θ with (cos θ, sin θ) = ((1 − u²), 2u)/(1 + u²),
        // then move the line by t along its unit normal.
        const T u = kb::ratio<T>(*kb::test::int_in(-30, 30), 10), t = kb::ratio<T>(*kb::test::int_in(-20, 20), 10);
        const T c = (1 - u * u) / (1 + u * u), s = 2 * u / (1 + u * u);
        const T dx = c * tls.dx - s * tls.dy, dy = s * tls.dx + c * tls.dy;
        const T len = sqrt(dx * dx + dy * dy);
        const Line<T> other{tls.x0 - t * dy / len, tls.y0 + t * dx / len, dx, dy};
        const T expected = (N - 1) * (lmin + (lmax - lmin) * s * s) + N * t * t;
        KB_RC_WITHIN(T(abs(kb::sum_squared_orthogonal_distances(other, XY) - expected)),
                     kb::test::factorisation<T>(XY.rows(), T(expected + N * (trC + T(1)))), "SOD(rotated, moved)");
        // OLS is such a competitor, rotated by the angle between the two lines.
        if (m.var_x > 0) {
            const T s_ols = sin_between(tls, kb::ols_line(XY));
            KB_RC_WITHIN(T(abs(kb::sum_squared_orthogonal_distances(kb::ols_line(XY), XY) -
                               (N - 1) * (lmin + (lmax - lmin) * s_ols * s_ols))),
                         bound, "SOD(OLS) = (N − 1)(λ_min + (λ_max − λ_min) sin²θ)");
        }
    });
}
//! [tls-optimal]

TEST_CASE_TEMPLATE("the wrong eigenvalue in eq. (4) gives the worst line: with lambda_min the orthogonal "
                   "residual is (N-1) lambda_max [beeny:2.1]",
                   T, KB_REALS) {
    // Failing companion of the TLS property: the check tells the best line from the worst.
    kb::test::property<T>([] {
        const IntMatrix Mi = random_plane_recipe(3);
        const kb::Moments2<rational> mq = exact_moments(Mi);
        // Decided exactly: cov ≠ 0 (a rounding-level floating cov of an exactly zero cov made the
        // minor-axis slope noise), and a gap above a tenth of tr C.
        RC_PRE(mq.cov_xy != 0 && exact_gap<double>(mq) > exact_trace<double>(mq) / 10);
        const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
        const kb::Moments2<T> m = kb::moments2(XY);
        const T lmax = kb::lambda_max(m), lmin = kb::lambda_min(m);
        const T trC = exact_trace<T>(mq), cov = kb::convert<T>(mq.cov_xy);
        // (λ_min − var x)/cov: the slope of the *minor* axis.
        const Line<T> wrong{m.mean_x, m.mean_y, T(1), T((lmin - m.var_x) / m.cov_xy)};
        const T N(XY.rows());
        const T sod = kb::sum_squared_orthogonal_distances(wrong, XY);
        KB_RC_EXCEEDS(T(sod - (N - 1) * lmin), kb::test::factorisation<T>(XY.rows(), T(N * trC)),
                      "minor axis as the TLS line");
        // (λ_min − var x) cancels when |cov| ≪ λ_max: angle error ≲ ε λ_max/|cov|, times the curvature N λ_max.
        KB_RC_WITHIN(T(abs(sod - (N - 1) * lmax)),
                     kb::test::factorisation<T>(XY.rows(), T(N * trC * (trC / abs(cov) + 1))),
                     "SOD(minor axis) = (N − 1) λ_max");
    });
}

TEST_CASE_TEMPLATE("OLS does not minimise orthogonal distances and TLS does not minimise vertical residuals "
                   "[beeny:2.1]",
                   T, KB_ALL_SCALARS) {
    // Failing companion of both optimality properties, on the outlier data, by a wide margin.
    const Matrix<T> XY = outlier_data<T>();
    const Line<T> ols = kb::ols_line(XY);
    // OLS: slope cov/var(x) = (10/6)/(28/6) = 5/14, and its orthogonal residual exceeds TLS's.
    if constexpr (kb::is_exact_v<T>) {
        CHECK(ols.slope() == kb::ratio<T>(5, 14));
        // Exactly, with a rational competitor ℓ through the mean with slope 31/40 (TLS's slope is
        // (λ_max − var x)/cov ≈ 0.7752, irrational): ℓ has the smaller orthogonal residual, so OLS
        // does not minimise orthogonal distances; and ℓ pays exactly the vertical excess of the
        // law "SSE(ℓ) − SSE(OLS) = Σ(δa₀ + δa₁x)²" (δa₁ = 31/40 − 5/14, δa₀ = −δa₁x̄), which
        // is > 0, so a TLS-like line does not minimise vertical residuals.
        const kb::Moments2<T> m = kb::moments2(XY);
        const Line<T> ell{m.mean_x, m.mean_y, T(40), T(31)};
        CHECK(kb::sum_squared_orthogonal_distances(ell, XY) < kb::sum_squared_orthogonal_distances(ols, XY));
        const T excess = kb::sum_squared_vertical_residuals(ell, XY) - kb::sum_squared_vertical_residuals(ols, XY);
        const T da1 = kb::ratio<T>(31, 40) - kb::ratio<T>(5, 14), da0 = -da1 * m.mean_x;
        T expected(0);
        for (Eigen::Index n = 0; n < XY.rows(); ++n) expected += (da0 + da1 * XY(n, 0)) * (da0 + da1 * XY(n, 0));
        CHECK(excess == expected); // the law's exact check …
        CHECK(excess == 6 * m.var_x * da1 * da1); // … = (N − 1) var(x) δa₁²
        CHECK(excess > 0);
        // … and it rejects the wrong formulas: the divisor N, and δa₁ without the square.
        CHECK(excess != 7 * m.var_x * da1 * da1);
        CHECK(excess != 6 * m.var_x * da1);
    } else {
        KB_CHECK_WITHIN(T(abs(ols.slope() - kb::ratio<T>(5, 14))), kb::test::one_pass<T>(7, T(1)), "OLS slope 5/14");
        const Line<T> tls = kb::tls_line(XY);
        const T gap_orth = kb::sum_squared_orthogonal_distances(ols, XY) - kb::sum_squared_orthogonal_distances(tls, XY);
        const T gap_vert = kb::sum_squared_vertical_residuals(tls, XY) - kb::sum_squared_vertical_residuals(ols, XY);
        const auto rounding = kb::test::factorisation<T>(7, T(100));
        KB_CHECK_EXCEEDS(gap_orth, rounding, "SOD(OLS) − SOD(TLS)");
        KB_CHECK_EXCEEDS(gap_vert, rounding, "SSE(TLS) − SSE(OLS)");
        CHECK(gap_orth > 0);
        CHECK(gap_vert > 0);
    }
}

//! [swap]
//! [ch01-swap-law]
TEST_CASE_TEMPLATE("TLS is invariant under swapping x and y: the swapped fit is the reflected line [beeny:2.1]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const IntMatrix Mi = random_plane_recipe(3);
        const kb::Moments2<rational> mq = exact_moments(Mi);
        RC_PRE(!(mq.cov_xy == 0 && mq.var_x == mq.var_y)); // decided exactly (rare discards)
        const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
        const Line<T> tls = kb::tls_line(XY), swapped = kb::tls_line(swap_xy(XY));
        const T gap = exact_gap<T>(mq);
        // The swapped line passes through (ȳ, x̄) with direction ∥ (d_y, d_x).
        RC_ASSERT(swapped.x0 == tls.y0);
        RC_ASSERT(swapped.y0 == tls.x0);
        const Line<T> reflected{tls.y0, tls.x0, tls.dy, tls.dx};
        KB_RC_WITHIN(sin_between(swapped, reflected), kb::test::subspace<T>(2, exact_trace<T>(mq), gap),
                     "TLS(y, x) = reflection of TLS(x, y)");
    });
}
//! [ch01-swap-law]

TEST_CASE("OLS is not invariant under swapping x and y: regressing x on y gives the slope var(y)/cov(x y) "
          "not cov/var(x) unless the points are collinear [beeny:2.1]") {
    // Exact in rationals: Cauchy–Schwarz cov² ≤ var(x)var(y), with equality only for collinear points.
    kb::test::property<rational>([] {
        const Matrix<rational> XY = random_plane<rational>(3);
        const kb::Moments2<rational> m = kb::moments2(XY);
        RC_PRE(m.var_x > 0 && m.var_y > 0 && m.cov_xy != 0);
        const rational s_yx = kb::ols_line(XY).slope();              // y on x
        const rational s_xy = 1 / kb::ols_line(swap_xy(XY)).slope();  // x on y, drawn in the (x, y) plane
        const bool collinear = m.cov_xy * m.cov_xy == m.var_x * m.var_y;
        RC_ASSERT((s_yx == s_xy) == collinear);
        // |s_yx| ≤ |s_xy|, and strictly for scattered points.
        RC_ASSERT(abs(s_yx) <= abs(s_xy));
    });
}

namespace {
/// Whether slope s lies between the OLS slopes s_yx (y on x) and s_xy (x on y, in the (x, y)
/// plane) up to `slack`, and has the sign of cov(x, y): the check of the property below and
/// of its companion.
template <class T>
bool between_ols_slopes(const T& s, const T& s_yx, const T& s_xy, const T& cov, const T& slack) {
    return abs(s_yx) <= abs(s) + slack && abs(s) <= abs(s_xy) + slack && s * cov > 0;
}

/// One random case of the "between" check: the points, their moments, the two OLS slopes and
/// the slack of the check; shared by the property and its failing companion. The precondition
/// is decided exactly (a floating-point cov can be a rounding-level non-zero when the exact
/// cov is 0, and then the OLS slopes are noise).
template <class T>
struct OlsSlopesCase {
    kb::Moments2<rational> mq; // exact
    Matrix<T> XY;
    kb::Moments2<T> m;
    T s_yx, s_xy, slack;
};
template <class T>
OlsSlopesCase<T> ols_slopes_case() {
    const IntMatrix Mi = random_plane_recipe(3);
    const kb::Moments2<rational> mq = kb::moments2(kb::from_integers<rational>(Mi, 4));
    RC_PRE(mq.var_x > 0 && mq.var_y > 0 && mq.cov_xy != 0);
    const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
    const T s_yx = kb::ols_line(XY).slope(), s_xy = 1 / kb::ols_line(swap_xy(XY)).slope();
    return {mq, XY, kb::moments2(XY), s_yx, s_xy, kb::test::factorisation<T>(2, T(abs(s_xy) + 1)).value};
}
} // namespace

TEST_CASE_TEMPLATE("the TLS slope lies between the two OLS slopes [beeny:2.1]", T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = ols_slopes_case<T>();
        const T s_tls = kb::tls_line(c.XY).slope();
        // |s_yx| ≤ |s_TLS| ≤ |s_xy|, and all three have the sign of cov(x, y).
        RC_ASSERT(between_ols_slopes(s_tls, c.s_yx, c.s_xy, c.m.cov_xy, c.slack));
    });
}
//! [swap]

TEST_CASE_TEMPLATE("companion: the minor-axis slope and slopes an eighth beyond either OLS slope are rejected by "
                   "the between check [beeny:2.1]",
                   T, KB_REALS) {
    // Failing companion of "the TLS slope lies between": the same check and slack reject
    // the slope of eq. (4) with λ_min (the minor axis, sign opposite to cov) and slopes
    // just outside the interval, which is not degenerate for scattered points.
    kb::test::property<T>([] {
        const auto c = ols_slopes_case<T>();
        const T minor = (kb::lambda_min(c.m) - c.m.var_x) / c.m.cov_xy;
        // "Not between" must not be a NaN: a NaN slope fails every comparison, hence "not between".
        RC_ASSERT(kb::is_finite(minor) && kb::is_finite(c.s_yx) && kb::is_finite(c.s_xy) && kb::is_finite(c.slack));
        RC_ASSERT(!between_ols_slopes(minor, c.s_yx, c.s_xy, c.m.cov_xy, c.slack));
        // Scattered points: cov² < var(x) var(y), so |s_yx| < |s_xy| by a factor > 1.
        RC_PRE(c.mq.cov_xy * c.mq.cov_xy < c.mq.var_x * c.mq.var_y);
        RC_ASSERT(!between_ols_slopes(T(c.s_yx * 7 / 8), c.s_yx, c.s_xy, c.m.cov_xy, c.slack));
        RC_ASSERT(!between_ols_slopes(T(c.s_xy * 9 / 8), c.s_yx, c.s_xy, c.m.cov_xy, c.slack));
    });
}

//! [eq4]
TEST_CASE_TEMPLATE("eq. (4): the slope (lambda_max - var x)/cov is the slope of the leading eigenvector of the "
                   "2x2 covariance and lambda_max in closed form is its largest eigenvalue [beeny:2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const IntMatrix Mi = random_plane_recipe(2);
        const kb::Moments2<rational> mq = exact_moments(Mi);
        const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
        const kb::Moments2<T> m = kb::moments2(XY);
        const Matrix<T> C = m.covariance();
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(C);
        const T lmax = kb::lambda_max(m), trC = exact_trace<T>(mq);
        KB_RC_WITHIN(T(abs(lmax - eig.values(0))), kb::test::factorisation<T>(2, T(trC + T(1))),
                     "λ_max closed form = eigenvalue");
        KB_RC_WITHIN(T(abs(kb::lambda_min(m) - eig.values(1))), kb::test::factorisation<T>(2, T(trC + T(1))),
                     "λ_min = eigenvalue");
        RC_PRE(mq.cov_xy != 0); // decided exactly (the floating cov may be a rounding-level non-zero)
        const T gap = exact_gap<T>(mq); // from the inputs, not from the eigenvalues under test
        const Line<T> eq4{T(0), T(0), T(1), kb::eq4_slope(m)};
        const Line<T> eigvec{T(0), T(0), eig.vectors(0, 0), eig.vectors(1, 0)};
        // Eq. (4) is exact in exact arithmetic; in floating point λ_max − var(x) cancels when
        // |cov| ≪ λ_max, so its angle error is ≲ ε λ_max/|cov|, and the eigenvector's is ≲ ε‖C‖/gap.
        KB_RC_WITHIN(sin_between(eq4, eigvec),
                     kb::test::factorisation<T>(2, T(trC / abs(kb::convert<T>(mq.cov_xy)) + trC / gap)),
                     "eq. (4) direction = leading eigenvector");
        // The library's stable TLS line is the same line.
        KB_RC_WITHIN(sin_between(kb::tls_line(XY), eigvec), kb::test::subspace<T>(2, T(trC + T(1)), gap),
                     "tls_line direction = leading eigenvector");
    });
}
//! [eq4]

// ------------------------------------------------------------------ appendix A (beeny:lemA.1 – beeny:lemA.3)

namespace {

/// A symmetric matrix Q diag(λ) Qᵀ with distinct integer eigenvalues of both signs
/// (λ_i = μ_i − shift with μ strictly decreasing and gaps ≥ 1).
template <class T>
struct KnownSpectrum {
    Matrix<T> S;
    Vector<T> lambda;
    Matrix<T> Q;
};

template <class T>
KnownSpectrum<T> symmetric_with_known_spectrum(int n, long shift) {
    std::vector<long> mu = *kb::test::decreasing_spectrum(n, 1, 3 * n);
    for (long& m : mu) m -= shift;
    const Matrix<T> Q = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(n), 2);
    const Vector<T> lambda = kb::test::vector_from<T>(mu);
    return {kb::test::with_spectrum(Q, lambda), lambda, Q};
}

} // namespace

//! [lemA1]
TEST_CASE_TEMPLATE("symmetric matrices have real eigenvalues and orthonormal eigenvectors: residual and "
                   "orthogonality as computed [beeny:lemA.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(2, 8); // n = 1 is not the subject (a 1×1 matrix is its eigenvalue)
        const long shift = *kb::test::int_in(0, 3 * n);
        const auto c = symmetric_with_known_spectrum<T>(n, shift);
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(c.S);
        const T normS = c.lambda.cwiseAbs().maxCoeff() + T(1);
        // Real eigenvalues: the computed (real) ones are the constructed ones (Weyl).
        KB_RC_WITHIN(T((eig.values - c.lambda).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(n, normS),
                     "eigenvalues = the constructed real λ");
        // S V = V Λ and VᵀV = I.
        KB_RC_WITHIN(T((c.S * eig.vectors - eig.vectors * eig.values.asDiagonal()).norm()),
                     kb::test::factorisation<T>(n, normS), "residual ‖SV − VΛ‖");
        KB_RC_WITHIN(T((eig.vectors.transpose() * eig.vectors - Matrix<T>::Identity(n, n)).norm()),
                     kb::test::factorisation<T>(n, T(1)), "orthogonality ‖VᵀV − I‖");
    });
}
//! [lemA1]

TEST_CASE("without symmetry Lemma A.1 fails: a rotation has no real eigenvalue and [[1 1] [0 2]] has "
          "non-orthogonal eigenvectors [beeny:lemA.1]") {
    // Failing companion: both halves of the lemma need the symmetry.
    Matrix<rational> R(2, 2);
    R << 0, -1, 1, 0;
    const rational disc_R = R.trace() * R.trace() - 4 * (R(0, 0) * R(1, 1) - R(0, 1) * R(1, 0));
    CHECK(disc_R == -4); // λ² + 1 = 0: no real λ
    Matrix<rational> B(2, 2);
    B << 1, 1, 0, 2;
    Vector<rational> v1(2), v2(2);
    v1 << 1, 0;
    v2 << 1, 1;
    CHECK(Vector<rational>(B * v1) == v1); // B v₁ = 1·v₁
    CHECK(Vector<rational>(B * v2) == Vector<rational>(rational(2) * v2)); // B v₂ = 2·v₂
    CHECK(v1.dot(v2) == 1); // not orthogonal
    // And the floating-point check of the lemma rejects it: the eigensolver refuses B.
    CHECK_THROWS_WITH_AS(kb::symmetric_eigen(kb::convert_matrix<double>(B)), doctest::Contains("must be symmetric"),
                         kb::error);
}

//! [lemA2]
TEST_CASE_TEMPLATE("PSD matrices have non-negative eigenvalues: B^T B and Q diag(lambda >= 0) Q^T with zeros "
                   "[beeny:lemA.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(2, 8);
        const int m = *kb::test::size_in(1, 8); // m < n gives a singular BᵀB
        const Matrix<T> B = kb::from_integers<T>(*kb::test::int_matrix(m, n, -9, 9), 3);
        const Matrix<T> G = B.transpose() * B;
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(G);
        // λ_min ≥ 0 up to the eigensolver's backward error.
        RC_ASSERT(eig.values(n - 1) >= -kb::test::factorisation<T>(n, T(G.norm() + T(1))).value);
        // The proof: λ = vᵀGv = ‖Bv‖² ≥ 0 for a unit eigenvector v.
        for (int j = 0; j < n; ++j)
            KB_RC_WITHIN(T(abs(eig.values(j) - (B * eig.vectors.col(j)).squaredNorm())),
                         kb::test::factorisation<T>(n, T(G.norm() + T(1))), "λ_j = ‖B v_j‖²");
    });
}
//! [lemA2]

TEST_CASE_TEMPLATE("an indefinite matrix has a negative eigenvalue far below rounding and an exact witness "
                   "x^T A x < 0 [beeny:lemA.2]",
                   T, KB_REALS) {
    // Failing companion: the non-negativity check rejects a matrix that is not PSD.
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(2, 8);
        const auto c = symmetric_with_known_spectrum<T>(n, 3 * n); // all λ ≤ 0 … some ≤ −1
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(c.S);
        RC_ASSERT(eig.values(n - 1) < -kb::test::factorisation<T>(n, T(3 * n)).value);
        // The concrete failure: kb::psd_sqrt refuses it with the named message, not any error.
        std::string message;
        try {
            kb::psd_sqrt(c.S);
        } catch (const kb::error& e) {
            message = e.what();
        }
        RC_ASSERT(message.find("is not positive semi-definite") != std::string::npos);
    });
    // Exactly in rationals: the last Cayley column is a witness with qᵀAq = λ_n < 0.
    kb::test::property<rational>([] {
        const int n = *kb::test::size_in(2, 6);
        const auto c = symmetric_with_known_spectrum<rational>(n, 0); // eigenvalues μ_i ≥ 1
        Vector<rational> lambda = c.lambda;
        lambda(n - 1) = -1; // make the last eigenvalue negative
        const Matrix<rational> A = kb::test::with_spectrum(c.Q, lambda);
        const Vector<rational> x = c.Q.col(n - 1);
        RC_ASSERT(rational(x.dot(A * x)) == rational(-1) * x.squaredNorm());
        RC_ASSERT(!kb::is_psd_exact(A));
    }, 0, "rational witness");
}

TEST_CASE_TEMPLATE("A^T A in floating point: eigenvalues are the squared singular values of A and are >= 0 "
                   "[beeny:lemA.3]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int m = *kb::test::size_in(1, 8);
        const int n = *kb::test::size_in(1, 6);
        const Matrix<T> A = kb::from_integers<T>(*kb::test::int_matrix(m, n, -9, 9), 4);
        const Matrix<T> G = A.transpose() * A;
        const T scale = T(G.norm() + T(1));
        KB_RC_WITHIN(T((G - G.transpose()).norm()), kb::test::one_pass<T>(m, scale), "AᵀA = (AᵀA)ᵀ");
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(G);
        const kb::Svd<T> svd = kb::thin_svd(A);
        RC_ASSERT(eig.values(n - 1) >= -kb::test::factorisation<T>(std::max(m, n), scale).value);
        for (int j = 0; j < std::min(m, n); ++j)
            KB_RC_WITHIN(T(abs(eig.values(j) - svd.sigma(j) * svd.sigma(j))),
                         kb::test::factorisation<T>(std::max(m, n), scale), "λ_j(AᵀA) = σ_j(A)²");
    });
}

// ------------------------------------------------------------------ very large and very small data

// kb::Pca fits data beyond [2^-200, 2^200] as 2^-e·A (numerics.hpp): scaling by a power of two
// is exact, so 2^k·A gives 2^k times the scores and 4^k times the eigenvalues bit for bit, with
// or without the internal scaling. A general factor c rounds each entry of cA once, so there
// the results agree within the bounds of the two routes' comparison above.
//! [ch01-scaling]
TEST_CASE_TEMPLATE("PCA is equivariant under scaling: 2^k A gives 2^k times the scores and 4^k times the eigenvalues "
                   "bit for bit and cA gives c times the scores within the bounds of the routes [beeny:ex2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = random_case<T>();
        const int k = *rc::gen::inRange(-400, 401);
        const kb::Pca<T> twice(kb::times_power_of_two(c.A, k), {.components = c.k});
        RC_ASSERT(twice.scores() == kb::times_power_of_two(c.fit.scores(), k));
        RC_ASSERT(Matrix<T>(twice.eigenvalues()) == kb::times_power_of_two(Matrix<T>(c.fit.eigenvalues()), 2 * k));
        RC_ASSERT(twice.loadings() == c.fit.loadings());
        // Every other output, at its own power of the data's scale (1: lengths, 2: squares, 0: ratios).
        const auto times = [k](const auto& M, int power) { return kb::times_power_of_two(Matrix<T>(M), power * k); };
        RC_ASSERT(Matrix<T>(twice.mean()) == times(c.fit.mean(), 1));
        RC_ASSERT(Matrix<T>(twice.variances()) == times(c.fit.variances(), 2));
        RC_ASSERT(Matrix<T>(twice.singular_values()) == times(c.fit.singular_values(), 1));
        RC_ASSERT(Matrix<T>(twice.spectrum()) == times(c.fit.spectrum(), 2));
        RC_ASSERT(twice.explained_variance_ratio() == c.fit.explained_variance_ratio());
        RC_ASSERT(twice.total_scatter() == kb::times_power_of_two(c.fit.total_scatter(), 2 * k));
        RC_ASSERT(twice.rank_tolerance() == kb::times_power_of_two(c.fit.rank_tolerance(), 2 * k));
        RC_ASSERT(twice.rank() == c.fit.rank());
        RC_ASSERT(twice.transform(times(c.A, 1)) == times(c.fit.transform(c.A), 1));
        RC_ASSERT(twice.reconstruct(twice.scores()) == times(c.fit.reconstruct(c.fit.scores()), 1));
        RC_ASSERT(twice.whiten(twice.scores()) == c.fit.whiten(c.fit.scores()));
        // Companion: the variances mis-scaled by 2^k (the lengths' power) are not those.
        if (k != 0) RC_ASSERT(Matrix<T>(twice.variances()) != times(c.fit.variances(), 1));
        // Companion: the scaling mis-applied (scores by 4^k, the eigenvalues' power) is not that.
        if (k != 0) RC_ASSERT(twice.scores() != kb::times_power_of_two(c.fit.scores(), 2 * k));

        const T s = kb::times_power_of_two(T(1) + T(*rc::gen::inRange(1, 1000)) / T(1000), k);
        const kb::Pca<T> scaled(Matrix<T>(s * c.A), {.components = c.k});
        const long n = std::max(c.A.rows(), c.A.cols());
        const T S = c.S, gap = gap_after(c.lambda, c.k);
        KB_RC_WITHIN(T((Vector<T>(scaled.eigenvalues() / (s * s)) - c.fit.eigenvalues()).cwiseAbs().maxCoeff()),
                     kb::test::factorisation<T>(n, S), "λ(cA)/c² = λ(A)");
        const Matrix<T> P = c.fit.scores(), Pc = scaled.scores() / s, Pw = scaled.scores() / (s * s);
        KB_RC_WITHIN(T((Pc * Pc.transpose() - P * P.transpose()).norm()), kb::test::subspace<T>(n, T(S * S), gap),
                     "scores(cA)/c: P Pᵀ = that of A");
        KB_RC_WITHIN(T((kb::align_signs(Pc, P) - P).cwiseAbs().maxCoeff()), kb::test::subspace<T>(n, S, gap),
                     "scores(cA)/c = scores(A), signs aligned");
        // Companion: scores scaled by c² instead of c are caught by the same comparison. Pw is
        // about 2^-k times P, so Pw Pwᵀ reaches 2^800 (k = −400) and the sum of its squared
        // entries would overflow double: the norm is taken by kb::frobenius_norm.
        KB_RC_EXCEEDS(kb::frobenius_norm(Matrix<T>(Pw * Pw.transpose() - P * P.transpose())),
                      kb::test::subspace<T>(n, T(S * S), gap), "scores(cA)/c² (wrong power)");
    });
}
//! [ch01-scaling]

// The data of the refusal test in bad_input.cpp at 10^±150: squares near 10^±300 are still
// normal doubles, so PCA gives 10^±150 times the scores and 10^±300 times the eigenvalues.
TEST_CASE("PCA of data scaled by 10^150 and 10^-150 gives the scaled scores and eigenvalues within the bounds of "
          "the routes [beeny:ex2.1]") {
    const Matrix<double> A = kb::from_integers<double>((IntMatrix(4, 2) << 1, 2, 3, 1, 0, 0, 2, 5).finished());
    const kb::Pca<double> plain(A, {.components = 2});
    // The scatter of A is [[5, 3], [3, 14]] (exactly, by hand): λ = (19 ± √117)/2, gap √117, S = 19.
    const double S = 19, gap = std::sqrt(117.0);
    for (const double s : {1e150, 1e-150}) {
        const kb::Pca<double> scaled(Matrix<double>(A * s), {.components = 2});
        KB_CHECK_WITHIN(((scaled.eigenvalues() / s) / s - plain.eigenvalues()).cwiseAbs().maxCoeff(),
                        kb::test::factorisation<double>(4, S), "λ(cA)/c² = λ(A), c = 10^±150");
        KB_CHECK_WITHIN((kb::align_signs(Matrix<double>(scaled.scores() / s), plain.scores()) - plain.scores())
                            .cwiseAbs().maxCoeff(),
                        kb::test::subspace<double>(4, S, gap), "scores(cA)/c = scores(A), c = 10^±150");
        CHECK(scaled.loadings().cwiseAbs().maxCoeff() <= 1.0);
    }
}

// Four points near the plane x₃ = 0 (the fourth lifted by δ = 2⁻⁴⁰): the residual of two
// components is about δ/2. At the scale 2⁻⁵⁰⁵ the two kept eigenvalues (near 2⁻¹⁰¹⁰) are still
// normal doubles, but the residual's entries are near 2⁻⁵⁴⁶ and their squares (2⁻¹⁰⁹²) are
// below the smallest subnormal double, 2⁻¹⁰⁷⁴: a plain Frobenius norm gives 0. The
// reconstruction error scales the residual by a power of two first, so it is exactly 2⁻⁵⁰⁵
// times the unscaled error (every operation commutes with the exact scaling).
TEST_CASE("PCA's reconstruction error of data scaled by 2^-505 is 2^-505 times the error of the data bit for bit "
          "though the squares of its residual underflow [beeny:ex2.1]") {
    Matrix<double> A = kb::from_integers<double>((IntMatrix(4, 3) << 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0).finished());
    A(3, 2) = std::ldexp(1.0, -40);
    const kb::Pca<double> plain(A, {.components = 2});
    const double E = plain.reconstruction_error(A, 2);
    REQUIRE(E > 0);
    const Matrix<double> tiny = kb::times_power_of_two(A, -505);
    const kb::Pca<double> scaled(tiny, {.components = 2});
    CHECK(scaled.reconstruction_error(tiny, 2) == std::ldexp(E, -505));
    // Companion: the same residual's plain norm underflows to 0 (the error it would report).
    const Matrix<double> P = scaled.transform(tiny).leftCols(2);
    CHECK((tiny - scaled.reconstruct(P)).norm() == 0.0);
}

// The checks kb::Pca verifies on its fit (kb::Pca::checks()) are computed on the data as they
// were fitted (2^-e·A) and multiplied back: for 2^300·A (entries near 10⁹⁰) the eigen-residual
// is 4^300 times that of A and the centred scores' sum 2^300 times, bit for bit, where the
// plain ‖Xᵀ(Xv) − λv‖₂ of the same residual squares entries near 10²⁰⁰ and overflows.
TEST_CASE("PCA's checks of data scaled by 2^300 are 4^300 and 2^300 times those of the data bit for bit and pass "
          "where a plain norm of the residual overflows [beeny:ex2.1]") {
    const Matrix<double> A = kb::from_integers<double>((IntMatrix(5, 3) << 1, 2, 0, 3, 1, 1, 0, 0, 2, 2, 5, 1, 4, 1, 3)
                                                           .finished());
    const kb::Pca<double> plain(A, {.components = 2});
    const Matrix<double> big_A = kb::times_power_of_two(A, 300);
    const kb::Pca<double> big(big_A, {.components = 2});
    REQUIRE(plain.checks().size() == 3);
    REQUIRE(big.checks().size() == 3);
    const int power[3] = {0, 600, 300}; // orthonormal axes, eigen-residual (λ's scale), centred scores
    for (std::size_t i = 0; i < 3; ++i) {
        CAPTURE(plain.checks()[i].name);
        CHECK(big.checks()[i].name == plain.checks()[i].name);
        CHECK(big.checks()[i].value == kb::times_power_of_two(plain.checks()[i].value, power[i]));
        CHECK(big.checks()[i].bound == kb::times_power_of_two(plain.checks()[i].bound, power[i]));
        CHECK(big.checks()[i].passed());
    }
    CHECK(big.rank_tolerance() == kb::times_power_of_two(plain.rank_tolerance(), 600));
    CHECK(plain.rank_tolerance() == kb::pca_rank_tolerance<double>(5, 3, plain.total_scatter()));
    // Companion: the plain norm of the same residual overflows (the command refused this result).
    const Matrix<double> X = big_A.rowwise() - big.mean();
    const Vector<double> v = big.loadings().col(0);
    CHECK(std::isinf((X.transpose() * (X * v) - big.eigenvalues()(0) * v).norm()));
}

TEST_CASE_TEMPLATE("whitened scores have sample variance 1 on every kept axis and unwhiten inverts whiten: "
                   "reconstruct(unwhiten(whiten(P))) = reconstruct(P)",
                   T, KB_REALS) {
    // W = P·diag(1/√v_j), v_j = λ_j/(N − 1): WᵀW/(N − 1) = diag(λ_j/(N − 1)/v_j) = I up to the
    // rounding of PᵀP = diag(λ) (the scores law's factorisation bound), divided by v_min·(N − 1) = λ_min.
    kb::test::property<T>([] {
        const auto c = random_case<T>();
        const kb::Pca<T>& fit = c.fit;
        const Eigen::Index N = c.A.rows(), p = fit.components();
        const long n = std::max(N, c.A.cols());
        RC_PRE(p >= 1);
        const T lambda_min = fit.eigenvalues()(p - 1);
        RC_PRE(lambda_min > T(1000) * kb::test::factorisation<T>(n, c.S).value);
        const Matrix<T> W = fit.whiten(fit.scores());
        const Matrix<T> I = Matrix<T>::Identity(p, p);
        const kb::test::Bound<T> unit = kb::test::factorisation<T>(n, c.S);
        const kb::test::Bound<T> bound{T(2) * unit.value / lambda_min, unit.kind + ", /λ_min", unit.n, unit.scale};
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(W.transpose() * W / T(N - 1) - I)), bound, "WᵀW/(N − 1) = I");
        // unwhiten(whiten(P)) = P: two roundings per entry.
        const T P_max = kb::max_abs(fit.scores());
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(fit.unwhiten(W) - fit.scores())), kb::test::one_pass<T>(4, P_max),
                     "unwhiten(whiten(P)) = P");
        // Companion: the divisor N in place of N − 1 (scikit-learn's and the book's is N − 1).
        const Matrix<T> W_N = fit.scores() * Vector<T>(fit.eigenvalues().head(p).cwiseSqrt().cwiseInverse() *
                                                       sqrt(T(N))).asDiagonal();
        KB_RC_EXCEEDS(kb::max_abs(Matrix<T>(W_N.transpose() * W_N / T(N - 1) - I)), bound, "variance with divisor N");
    });
}
