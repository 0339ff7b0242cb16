/// \file example.cpp
/// \brief Chapter 1 program: `beeny` Example 2.1 reproduced exactly (rational arithmetic)
///        and at every printed digit (50-digit arithmetic), with the seed's numbers beside
///        ours and its errata demonstrated; the OLS and TLS lines of §2.1; polynomial
///        regression on derived features (Example 1.1); figure data for Figures 1 and 2.
#include "report.hpp"
#include "ch01.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/lines.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/regression.hpp"

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

using kb::Line;
using Q = kb::rational;
using R = kb::real50;
using kb::book::fixed;

namespace {

const std::string ex = "beeny:ex2.1";

std::string row_to_string(const RowVector<Q>& v) {
    std::string s;
    for (Eigen::Index j = 0; j < v.size(); ++j) s += (j ? ", " : "") + kb::book::fmt(v(j));
    return "[" + s + "]";
}

/// Prints the seed's table beside ours (rounded to the seed's decimals, column signs
/// matched), and returns the number of entries that differ.
int side_by_side(kb::book::Report& report, const std::string& name, const kb::ch01::Printed& seed,
                 const Matrix<R>& ours, const int signs[5], int rows = 5, int cols = 5) {
    std::ostringstream os;
    os << name << ": the seed's numbers | ours, rounded to the seed's decimals\n";
    int differ = 0;
    for (int i = 0; i < rows; ++i) {
        std::ostringstream left, right;
        for (int j = 0; j < cols; ++j) {
            const std::string s = seed[i][j];
            const std::string o = fixed(R(signs[j] * ours(i, j)), kb::ch01::printed_decimals(s));
            left << std::setw(10) << s;
            right << std::setw(10) << o;
            if (o != s) ++differ;
        }
        os << "  " << left.str() << "  |" << right.str() << "\n";
    }
    report.say(os.str());
    return differ;
}

/// The sign that turns our column j into the seed's (sign of the inner product).
int seed_sign(const Matrix<R>& V, int j) {
    R dot(0);
    for (int i = 0; i < 5; ++i) dot += V(i, j) * kb::ch01::printed_value<R>(kb::ch01::seed_V[i][j]);
    return dot < 0 ? -1 : 1;
}

// ── Example 2.1, exactly ────────────────────────────────────────────────────────────
void exact_part(kb::book::Report& report, bool& footnote2_shown) {
    report.section("Example 2.1 in exact arithmetic: the means, X, C, its rank and null vector");
    report.precision<Q>();
    const Matrix<Q> A = kb::from_integers<Q>(kb::ch01::example_A());
    report.say("A =\n" + kb::book::matrix_to_string(A, 4));
    const RowVector<Q> mu = kb::column_means(A);
    report.say("μ = " + row_to_string(mu) + "    seed: μ = [5.8, 7, 8.6, 6.8, 5.8]");
    report.exact(ex, "μ equals the seed's [5.8, 7, 8.6, 6.8, 5.8]",
                 Matrix<Q>(mu) == kb::from_integers<Q>(kb::ch01::seed_mean_tenths(), 10));
    const Matrix<Q> X = kb::center_columns(A);
    report.say("5X = 5(A − 𝟙μ) =\n" + kb::book::matrix_to_string(Matrix<Q>(Q(5) * X), 4));
    report.exact(ex, "X = A − 𝟙μ equals the seed's (1/5)·[integer matrix]",
                 X == kb::from_integers<Q>(kb::ch01::seed_X_times_5(), 5));
    const Matrix<Q> C = kb::scatter_matrix(A);
    report.say("5C = 5XᵀX =\n" + kb::book::matrix_to_string(Matrix<Q>(Q(5) * C), 4));
    report.exact(ex, "C = XᵀX equals the seed's (1/5)·[integer matrix], entry by entry",
                 C == kb::from_integers<Q>(kb::ch01::seed_C_times_5(), 5));
    report.exact(ex, "𝟙ᵀX = 0: the five centred rows are dependent, so rank X ≤ N − 1 = 4 (footnote 2)",
                 RowVector<Q>(X.colwise().sum()) == RowVector<Q>::Zero(5));
    Vector<Q> n(5);
    n << -15, -9, 18, 11, -17;
    report.exact(ex, "X n = 0 and C n = 0 for n = (−15, −9, 18, 11, −17): λ₅ = 0 and P's fifth column is 0",
                 Vector<Q>(X * n) == Vector<Q>::Zero(5) && Vector<Q>(C * n) == Vector<Q>::Zero(5));
    const Matrix<Q> C4 = C.topLeftCorner(4, 4);
    report.exact(ex, "the leading 4×4 block of C has an exact inverse, so rank C = 4",
                 Matrix<Q>(C4 * kb::inverse_spd(C4)) == Matrix<Q>::Identity(4, 4));
    // Footnote 2: the rank drop is due to 𝟙ᵀX = 0, not to A being square.
    const Matrix<Q> tall = kb::from_integers<Q>((IntMatrix(6, 3) << 1, 0, 2, 3, 1, 0, 0, 4, 1, 2, 2, 5, 7, 1, 1, 0, 0, 3).finished());
    const Matrix<Q> S_tall = kb::scatter_matrix(tall);
    const Matrix<Q> X_wide = kb::center_columns(
        kb::from_integers<Q>((IntMatrix(3, 5) << 1, 0, 2, 3, 1, 0, 4, 1, 2, 2, 5, 7, 1, 1, 0).finished()));
    footnote2_shown = Matrix<Q>(S_tall * kb::inverse_spd(S_tall)) == Matrix<Q>::Identity(3, 3) &&
                      RowVector<Q>(X_wide.colwise().sum()) == RowVector<Q>::Zero(5);
    report.exact(ex, "a centred 6×3 data set keeps rank 3 (XᵀX invertible); a centred 3×5 one has dependent rows",
                 footnote2_shown);
    report.exact(ex, "tr C = Σ λ_j = 1518/5 = 303.6 (the printed D sums to 303.6001)", C.trace() == Q(1518, 5));
    const Matrix<Q> cov = kb::covariance_matrix(A);
    report.exact("beeny:defA.4", "cov(A) = XᵀX/(m − 1) = C/4, so C is 4 × the covariance matrix",
                 Matrix<Q>(Q(4) * cov) == C && cov != C);
    report.exact("beeny:lemA.3", "C = XᵀX is symmetric, and PSD by an exact LDLᵀ certificate",
                 C == Matrix<Q>(C.transpose()) && kb::is_psd_exact(C));
}

// ── Example 2.1, numerically ────────────────────────────────────────────────────────
struct Numbers {
    bool E3_formula_wrong = false, E2_sum_wrong = false, labels_shifted = false, D55_zero = false;
    bool shapes_wrong = false, us_shapes_wrong = false, all_digits_right = false;
    std::string cov_eigenvalues; ///< λ_j/(N − 1), the eigenvalues of cov(A) = C/4, at 4 decimals
};

Numbers numeric_part(kb::book::Report& report) {
    using std::abs;
    using std::sqrt;
    Numbers out;
    report.section("Example 2.1 in 50-digit arithmetic: V, D, P, the rank-3 reconstruction, E₃");
    report.precision<R>();
    const Matrix<R> A = kb::from_integers<R>(kb::ch01::example_A());
    const Matrix<R> X = kb::center_columns(A);
    const kb::Pca<R> fit(A, {.components = 4});
    const kb::Pca<R> fit_eig(A, {.components = 4, .route = kb::PcaRoute::covariance_eigen});
    const R S = fit.total_scatter();
    report.agree(ex, "eigenvalues of C by the SVD of X and by the eigen-decomposition of C agree",
                 R((fit.spectrum() - fit_eig.spectrum()).cwiseAbs().maxCoeff()), kb::book::rounding_bound<R>(5, S), S);
    report.agree(ex, "the loadings' projectors V₄V₄ᵀ by both routes agree",
                 R((fit.loadings() * fit.loadings().transpose() - fit_eig.loadings() * fit_eig.loadings().transpose()).norm()),
                 kb::book::rounding_bound<R>(5, R(S / fit.eigenvalues()(3))), R(1));

    // D: the eigenvalues of C.
    report.say("D = diag(λ) of C = XᵀX (ours: " + kb::book::fmt(fit.spectrum()(0), 15) + ", " + kb::book::fmt(fit.spectrum()(1), 15) + ", " +
               kb::book::fmt(fit.spectrum()(2), 15) + ", " + kb::book::fmt(fit.spectrum()(3), 15) + ", " + kb::book::fmt(fit.spectrum()(4), 3) + ")");
    for (int j = 0; j < 5; ++j)
        report.claim(ex, "D" + std::to_string(j + 1) + std::to_string(j + 1), kb::ch01::seed_D[j], fit.spectrum()(j),
                     kb::ch01::printed_decimals(kb::ch01::seed_D[j]));
    out.D55_zero = fit.spectrum()(4) <= kb::book::rounding_bound<R>(5, S);

    // V: all five eigenvectors of C (the seed diagonalises C).
    const kb::SymmetricEigen<R> eig = kb::symmetric_eigen(kb::scatter_matrix(A));
    int signs[5];
    for (int j = 0; j < 5; ++j) signs[j] = seed_sign(eig.vectors, j);
    report.say("Eigenvectors are unique up to sign. The book's rule makes the largest |entry| of each column "
               "positive; the seed's columns 2 and 3 have the other sign, so they are negated below (and the "
               "same columns of P).");
    const int dV = side_by_side(report, "V", kb::ch01::seed_V, eig.vectors, signs);
    report.exact(ex, "all 25 entries of V agree with the seed at the 4 decimals printed (signs " +
                         std::to_string(signs[0]) + " " + std::to_string(signs[1]) + " " + std::to_string(signs[2]) +
                         " " + std::to_string(signs[3]) + " " + std::to_string(signs[4]) + ")",
                 dV == 0 && signs[1] == -1 && signs[2] == -1);
    const Matrix<R> P = X * eig.vectors;
    const int dP = side_by_side(report, "P = XV", kb::ch01::seed_P, P, signs);
    report.exact(ex, "all 25 entries of P = XV agree with the seed at the decimals printed", dP == 0);
    report.agree(ex, "P = XV₄ by kb::Pca equals the first four columns of XV",
                 R((fit.scores() - P.leftCols(4)).norm()), kb::book::rounding_bound<R>(5, R(S * A.norm() / fit.eigenvalues()(3))),
                 R(P.norm()));

    // The rank-3 reconstruction.
    const kb::Pca<R> fit3(A, {.components = 3});
    const Matrix<R> A3 = fit3.reconstruct(fit3.scores());
    const int one[5] = {1, 1, 1, 1, 1};
    const int dA = side_by_side(report, "A ≈ P V₃ᵀ + μ", kb::ch01::seed_A3, A3, one);
    report.exact(ex, "all 25 entries of P V₃ᵀ + μ agree with the seed at the 1 decimal printed", dA == 0);
    out.all_digits_right = dV == 0 && dP == 0 && dA == 0;
    report.agree(ex, "A = P₄V₄ᵀ + μ (k = 4 reconstructs A)", R((fit.reconstruct(fit.scores()) - A).norm()),
                 kb::book::rounding_bound<R>(5, R(A.norm())), R(A.norm()));
    // The seed's P V₄ᵀ: P is 5×5 and V₄ᵀ is 4×5, so the product is not defined.
    out.shapes_wrong = P.cols() != fit.loadings().transpose().rows();
    // The seed's P = XV_k = US_k: U is 5×5 and S_k is k×k; what holds is XV_k = U_k S_k.
    const kb::Svd<R> svd = kb::thin_svd(X);
    const Matrix<R> S3 = svd.sigma.head(3).asDiagonal();
    const R us_error = R((X * svd.V.leftCols(3) - svd.U.leftCols(3) * S3).norm());
    report.agree(ex, "P = XV₃ = U₃S₃ (the first three columns of U; U S₃ itself is 5×5 times 3×3)", us_error,
                 kb::book::rounding_bound<R>(5, R(X.norm())), R(X.norm()));
    out.us_shapes_wrong = svd.U.cols() != S3.rows() && us_error <= kb::book::rounding_bound<R>(5, R(X.norm()));

    // E₃ and the singular values.
    const Vector<R> sigma = fit.spectrum().cwiseSqrt();
    report.say("singular values σ = √λ of X: " + kb::book::fmt(sigma(0), 10) + ", " + kb::book::fmt(sigma(1), 10) + ", " + kb::book::fmt(sigma(2), 10) +
               ", " + kb::book::fmt(sigma(3), 10) + ", " + kb::book::fmt(sigma(4), 3));
    const R E3 = fit3.reconstruction_error(A, 3);
    report.claim(ex, "E₃ = ‖A − (P V₃ᵀ + μ)‖_F", kb::ch01::seed_E3, E3, 4);
    report.agree(ex, "E₃ = (σ₄² + σ₅²)^{1/2} = σ₄", R(abs(E3 - sqrt(sigma(3) * sigma(3) + sigma(4) * sigma(4)))),
                 kb::book::rounding_bound<R>(5, R(A.norm())), E3);
    report.claim(ex, "√1.4579 (the seed's arithmetic)", kb::ch01::seed_E3, R(sqrt(kb::ch01::printed_value<R>("1.4579"))),
                 4);
    const R seed_E3 = sigma(2) + sigma(3) + sigma(4);
    report.say("the seed's formula E_k = σ_k + … + σ_n read literally: σ₃ + σ₄ + σ₅ = " + fixed(seed_E3, 4) +
               ", not " + fixed(E3, 4));
    const R rounding = kb::book::rounding_bound<R>(5, R(A.norm()));
    out.E3_formula_wrong = abs(seed_E3 - E3) > rounding;
    out.labels_shifted = fixed(sigma(2), 4) != fixed(R(sqrt(kb::ch01::printed_value<R>("1.4579"))), 4) &&
                         fixed(sigma(3), 4) == kb::ch01::seed_E3;
    const R E2 = fit3.reconstruction_error(A, 2);
    report.say("E₂ = ‖A − (P V₂ᵀ + μ)‖_F = " + fixed(E2, 4) + " = (σ₃² + σ₄²)^{1/2} = " +
               fixed(R(sqrt(sigma(2) * sigma(2) + sigma(3) * sigma(3))), 4) + ", while σ₃ + σ₄ = " +
               fixed(R(sigma(2) + sigma(3)), 4) + " and the seed's σ₂ + σ₃ + σ₄ + σ₅ = " +
               fixed(R(sigma(1) + sigma(2) + sigma(3) + sigma(4)), 4));
    out.E2_sum_wrong = abs(sigma(2) + sigma(3) - E2) > rounding;
    report.agree(ex, "‖A − (P V₃ᵀ + μ)‖₂ = σ₄ (spectral norm)",
                 R(abs(kb::thin_svd(Matrix<R>(A - A3)).sigma(0) - sigma(3))), kb::book::rounding_bound<R>(5, R(A.norm())),
                 sigma(3));

    // The covariance of Definition A.4.
    report.say("variances λ_j/(N − 1): the eigenvalues of cov(A) = C/4 (Definition A.4): " +
               fixed(fit.variances()(0), 4) + ", " + fixed(fit.variances()(1), 4) + ", " + fixed(fit.variances()(2), 4) +
               ", " + fixed(fit.variances()(3), 4) + "; explained-variance ratios: " +
               fixed(fit.explained_variance_ratio()(0), 4) + ", " + fixed(fit.explained_variance_ratio()(1), 4) + ", " +
               fixed(fit.explained_variance_ratio()(2), 4) + ", " + fixed(fit.explained_variance_ratio()(3), 4));
    out.cov_eigenvalues = fixed(fit.variances()(0), 4) + ", " + fixed(fit.variances()(1), 4) + ", " +
                          fixed(fit.variances()(2), 4) + ", " + fixed(fit.variances()(3), 4);
    const kb::SymmetricEigen<R> cov_eig = kb::symmetric_eigen(kb::covariance_matrix(A));
    report.agree("beeny:defA.4", "eigenvalues of cov(A) = λ/(N − 1)",
                 R((cov_eig.values.head(4) - fit.variances()).cwiseAbs().maxCoeff()), kb::book::rounding_bound<R>(5, S), S);
    report.agree("beeny:lemA.1", "C V = V Λ and VᵀV = I for the symmetric C (residual)",
                 R((kb::scatter_matrix(A) * eig.vectors - eig.vectors * eig.values.asDiagonal()).norm()),
                 kb::book::rounding_bound<R>(5, S), S);
    report.agree("beeny:lemA.1", "VᵀV = I (orthogonality)",
                 R((eig.vectors.transpose() * eig.vectors - Matrix<R>::Identity(5, 5)).norm()),
                 kb::book::rounding_bound<R>(5, R(1)), R(1));
    return out;
}

// ── §2.1: OLS and TLS lines ─────────────────────────────────────────────────────────
Matrix<R> figure2_data() {
    // Twelve points scattered about a line of slope 0.6 (y in tenths).
    return kb::from_integers<R>((IntMatrix(12, 2) << 0, 18, 10, 5, 20, 30, 30, 12, 40, 41, 50, 22, 60, 55, 70, 35,
                                 80, 70, 90, 48, 100, 80, 110, 62)
                                    .finished(),
                                10);
}

Matrix<R> outlier_data() {
    return kb::from_integers<R>((IntMatrix(7, 2) << 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 0).finished());
}

/// Foot of the perpendicular from (x, y) to the line.
std::pair<R, R> foot(const Line<R>& l, const R& x, const R& y) {
    const R t = ((x - l.x0) * l.dx + (y - l.y0) * l.dy) / (l.dx * l.dx + l.dy * l.dy);
    return {l.x0 + t * l.dx, l.y0 + t * l.dy};
}

struct LineErrata {
    bool cos_wrong = false, total_distance_wrong = false, cov_zero_handled = false;
};

LineErrata lines_part(kb::book::Report& report) {
    using std::abs;
    using std::sqrt;
    LineErrata out;
    const std::string lab = "beeny:2.1";
    report.section("§2.1: the OLS line (eq. 3) and the PCA / total-least-squares line (eq. 4)");
    report.precision<R>();
    const Matrix<R> XY = figure2_data();
    const kb::Moments2<R> m = kb::moments2(XY);
    const Line<R> ols = kb::ols_line(XY), tls = kb::tls_line(XY);
    const R N(XY.rows());
    report.say("Figure 2 data: 12 points; x̄ = " + kb::book::fmt(m.mean_x, 6) + ", ȳ = " + kb::book::fmt(m.mean_y, 6) + ", var x = " +
               kb::book::fmt(m.var_x, 8) + ", var y = " + kb::book::fmt(m.var_y, 8) + ", cov = " + kb::book::fmt(m.cov_xy, 8));
    report.say("OLS (eq. 3): y = " + kb::book::fmt(ols.intercept(), 8) + " + " + kb::book::fmt(ols.slope(), 8) + " x");
    report.say("TLS (eq. 4): y = " + kb::book::fmt(tls.intercept(), 8) + " + " + kb::book::fmt(tls.slope(), 8) + " x");
    const kb::SymmetricEigen<R> eig = kb::symmetric_eigen(m.covariance());
    const R lmax = kb::lambda_max(m), lmin = kb::lambda_min(m);
    report.agree(lab, "λ_max in closed form = largest eigenvalue of the 2×2 covariance", R(abs(lmax - eig.values(0))),
                 kb::book::rounding_bound<R>(2, lmax), lmax);
    report.agree(lab, "eq. (4) slope (λ_max − var x)/cov = slope of the leading eigenvector",
                 R(abs(kb::eq4_slope(m) - eig.vectors(1, 0) / eig.vectors(0, 0))),
                 kb::book::rounding_bound<R>(2, R(lmax / abs(m.cov_xy) + lmax / (lmax - lmin))), R(1));
    const R sse_ols = kb::sum_squared_vertical_residuals(ols, XY), sse_tls = kb::sum_squared_vertical_residuals(tls, XY);
    const R sod_ols = kb::sum_squared_orthogonal_distances(ols, XY),
            sod_tls = kb::sum_squared_orthogonal_distances(tls, XY);
    report.say("                         OLS          TLS\n  Σ vertical residual²   " + kb::book::fmt(sse_ols, 8) + "   " +
               kb::book::fmt(sse_tls, 8) + "\n  Σ orthogonal distance² " + kb::book::fmt(sod_ols, 8) + "   " + kb::book::fmt(sod_tls, 8));
    report.exact(lab, "OLS has the smaller Σ vertical residual², TLS the smaller Σ orthogonal distance²",
                 sse_ols < sse_tls && sod_tls < sod_ols);
    report.agree(lab, "Σ orthogonal distance² of TLS = (N − 1) λ_min", R(abs(sod_tls - (N - 1) * lmin)),
                 kb::book::rounding_bound<R>(12, R(N * lmax)), R(N * lmax));
    report.agree(lab, "SSE(TLS) − SSE(OLS) = (N − 1) var(x) (s_TLS − s_OLS)²",
                 R(abs(sse_tls - sse_ols - (N - 1) * m.var_x * (tls.slope() - ols.slope()) * (tls.slope() - ols.slope()))),
                 kb::book::rounding_bound<R>(12, sse_tls), sse_tls);
    Matrix<R> YX(XY.rows(), 2);
    YX << XY.col(1), XY.col(0);
    const Line<R> tls_swapped = kb::tls_line(YX), ols_swapped = kb::ols_line(YX);
    report.agree(lab, "TLS of (y, x) is the reflection of TLS of (x, y): slopes s and 1/s",
                 R(abs(tls_swapped.slope() * tls.slope() - 1)), kb::book::rounding_bound<R>(2, R(1)), R(1));
    report.say("OLS of x on y, drawn in the (x, y) plane, has slope " + kb::book::fmt(R(1 / ols_swapped.slope()), 8) +
               " ≠ " + kb::book::fmt(ols.slope(), 8) + ": OLS depends on which variable is the target");
    report.exact(lab, "OLS is not invariant under swapping x and y; |s_OLS(y|x)| < |s_TLS| < |s_OLS(x|y)|",
                 abs(ols.slope()) < abs(tls.slope()) && abs(tls.slope()) < abs(1 / ols_swapped.slope()));

    // The seed's "cos(x, y)²".
    const R d = m.var_x - m.var_y;
    const R corr = m.cov_xy / sqrt(m.var_x * m.var_y);
    const R with_cos = (m.var_x + m.var_y + sqrt(d * d + 4 * corr * corr)) / 2;
    report.say("λ_max = " + kb::book::fmt(lmax, 10) + "; with cos(x, y)² (cosine of the centred vectors) instead of cov(x, y)²: " +
               kb::book::fmt(with_cos, 10));
    out.cos_wrong = abs(with_cos - lmax) > kb::book::rounding_bound<R>(2, lmax);

    // "The shortest total distance", on data with an outlier.
    const Matrix<R> O = outlier_data();
    const Line<R> diag{R(0), R(0), R(1), R(1)};
    const R tot_tls = kb::sum_orthogonal_distances(kb::tls_line(O), O), tot_diag = kb::sum_orthogonal_distances(diag, O);
    report.say("six points on y = x and the outlier (6, 0): Σ orthogonal distance: TLS " + kb::book::fmt(tot_tls, 8) +
               ", the line y = x " + kb::book::fmt(tot_diag, 8));
    out.total_distance_wrong = tot_diag < tot_tls;

    // cov(x, y) = 0.
    const Matrix<R> tall = kb::from_integers<R>((IntMatrix(4, 2) << 0, -2, 0, 2, -1, 0, 1, 0).finished());
    bool eq4_refused = false;
    try {
        kb::eq4_slope(kb::moments2(tall));
    } catch (const kb::error&) {
        eq4_refused = true;
    }
    out.cov_zero_handled = eq4_refused && kb::tls_line(tall).vertical() && kb::ols_line(tall).slope() == 0;
    report.exact(lab, "cov = 0, var y > var x: eq. (4) is undefined, TLS is the vertical line x = x̄, OLS is horizontal",
                 out.cov_zero_handled);
    return out;
}

// ── Example 1.1: polynomial regression on derived features ─────────────────────────
struct Figure1 {
    Vector<Q> x, y, a;
};

Figure1 regression_part(kb::book::Report& report, bool& z_is_fitted_value) {
    const std::string lab = "beeny:ex1.1";
    report.section("Example 1.1: polynomial regression is linear regression on the features (x, x²)");
    report.precision<Q>();
    // Thirteen points x = −3, −2.5, …, 3 about y = 1 + x²/2, with fixed noise in tenths.
    const long noise[13] = {3, -2, 1, 0, -4, 2, -1, 3, -3, 1, 2, -2, 0};
    Vector<Q> x(13), y(13);
    for (int i = 0; i < 13; ++i) {
        x(i) = Q(i - 6, 2);
        y(i) = 1 + x(i) * x(i) / 2 + Q(noise[i], 10);
    }
    const Vector<Q> a = kb::polynomial_regression(x, y, 2);
    const Vector<Q> b = kb::linear_regression(kb::power_features(x, 2), y);
    report.say("Figure 1 data: x = −3, −2.5, …, 3; y = 1 + x²/2 + noise. Fit y ~ 1 + x + x²:\n  a₀ = " + kb::book::fmt(a(0)) +
               ", a₁ = " + kb::book::fmt(a(1)) + ", a₂ = " + kb::book::fmt(a(2)) + "  (≈ " + kb::book::fmt(kb::convert<double>(a(0)), 6) + ", " +
               kb::book::fmt(kb::convert<double>(a(1)), 6) + ", " + kb::book::fmt(kb::convert<double>(a(2)), 6) + ")");
    report.exact(lab, "moment normal equations of polynomial regression = linear regression on z = (x, x²)", a == b);
    Matrix<Q> Phi(13, 3);
    Phi << kb::ones<Q>(13), kb::power_features(x, 2);
    report.exact(lab, "the residual is orthogonal to 1, x and x² (normal equations)",
                 Vector<Q>(Phi.transpose() * (y - Phi * a)) == Vector<Q>::Zero(3));
    const Vector<Q> z = Phi * a;
    const Vector<Q> circular = kb::linear_regression(Matrix<Q>(z), y);
    report.say("the seed's z = a₀ + a₁x + a₂x² is the fitted value ŷ; regressing y on it gives intercept " +
               kb::book::fmt(circular(0)) + " and slope " + kb::book::fmt(circular(1)));
    z_is_fitted_value = circular(0) == 0 && circular(1) == 1;
    return {x, y, a};
}

// ── Figure data ─────────────────────────────────────────────────────────────────────
void write_figures(kb::book::Report& report, const Figure1& f1) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path("book") / "data" / "01-pca";
    fs::create_directories(dir);
    auto d = [](const auto& v) { return kb::convert<double>(v); };
    std::vector<std::string> written;
    auto open = [&](const std::string& name) {
        written.push_back((dir / name).string());
        std::ofstream os(dir / name);
        os << std::setprecision(10);
        return os;
    };
    // Figure 1: y against x, against z = x², and the 3-D view (x, x², y) with the fitted plane.
    {
        auto os = open("fig1_points.csv");
        os << "x,z,y\n";
        for (Eigen::Index i = 0; i < f1.x.size(); ++i)
            os << d(f1.x(i)) << "," << d(Q(f1.x(i) * f1.x(i))) << "," << d(f1.y(i)) << "\n";
    }
    {
        auto os = open("fig1_curve.csv"); // the fitted quadratic ŷ = a₀ + a₁x + a₂x² along x
        os << "x,z,yhat\n";
        for (int i = 0; i <= 60; ++i) {
            const Q x = Q(i - 30, 10);
            os << d(x) << "," << d(Q(x * x)) << "," << d(Q(f1.a(0) + f1.a(1) * x + f1.a(2) * x * x)) << "\n";
        }
    }
    {
        auto os = open("fig1_plane.csv"); // the plane ŷ = a₀ + a₁x + a₂z over (x, z) for the 3-D view
        os << "x,z,yhat\n";
        for (int i = 0; i <= 12; ++i)
            for (int j = 0; j <= 9; ++j) {
                const Q x = Q(i - 6, 2), z(j);
                os << d(x) << "," << d(z) << "," << d(Q(f1.a(0) + f1.a(1) * x + f1.a(2) * z)) << "\n";
            }
    }
    // Figure 2: the points, both lines, and the residual segments each line minimises.
    const Matrix<R> XY = figure2_data();
    const Line<R> ols = kb::ols_line(XY), tls = kb::tls_line(XY);
    {
        auto os = open("fig2_points.csv");
        os << "x,y\n";
        for (Eigen::Index n = 0; n < XY.rows(); ++n) os << d(XY(n, 0)) << "," << d(XY(n, 1)) << "\n";
    }
    {
        auto os = open("fig2_lines.csv");
        os << "line,x_start,y_start,x_end,y_end\n";
        const R x0(-1), x1(12);
        os << "OLS," << d(x0) << "," << d(ols.y_at(x0)) << "," << d(x1) << "," << d(ols.y_at(x1)) << "\n";
        os << "TLS," << d(x0) << "," << d(tls.y_at(x0)) << "," << d(x1) << "," << d(tls.y_at(x1)) << "\n";
    }
    {
        auto os = open("fig2_ols_residuals.csv"); // vertical segments (x, y) → (x, ŷ)
        os << "x,y,x_line,y_line\n";
        for (Eigen::Index n = 0; n < XY.rows(); ++n)
            os << d(XY(n, 0)) << "," << d(XY(n, 1)) << "," << d(XY(n, 0)) << "," << d(ols.y_at(XY(n, 0))) << "\n";
    }
    {
        auto os = open("fig2_tls_residuals.csv"); // orthogonal segments to the foot of the perpendicular
        os << "x,y,x_line,y_line\n";
        for (Eigen::Index n = 0; n < XY.rows(); ++n) {
            const auto [fx, fy] = foot(tls, XY(n, 0), XY(n, 1));
            os << d(XY(n, 0)) << "," << d(XY(n, 1)) << "," << d(fx) << "," << d(fy) << "\n";
        }
    }
    std::string list;
    for (const auto& w : written) list += "\n  " + w;
    report.say("figure data written (relative to the working directory):" + list);
}

} // namespace

int main() {
    kb::book::Report report("Chapter 1 — Principal component analysis (beeny §1, §2, appendix A)");
    bool footnote2_shown = false;
    exact_part(report, footnote2_shown);
    const Numbers num = numeric_part(report);
    const LineErrata lines = lines_part(report);
    bool z_is_fitted_value = false;
    const Figure1 f1 = regression_part(report, z_is_fitted_value);

    report.section("Errata in the seed and remarks on it (each demonstrated above and by a test)");
    report.erratum(ex, "\"The covariance matrix is C = XᵀX\"",
                   "C = XᵀX is the scatter matrix; Definition A.4's covariance is XᵀX/(m − 1) = C/4, whose eigenvalues "
                   "are D/4 (" + num.cov_eigenvalues + ", computed above). Eigenvectors, P and E_k are the same either way.",
                   true);
    report.remark(ex, "D's last row has six entries \"0 & 0 & 0 & 0 & 0 & 0\"",
                  "a misprint (no value is wrong): D is 5×5 with D₅₅ = 0 exactly (C n = 0 for "
                  "n = (−15, −9, 18, 11, −17))",
                  num.D55_zero);
    report.erratum(ex, "\"A = PVᵀ + μ = PV₄ᵀ + μ\"",
                   "P V₄ᵀ is undefined (5×5 times 4×5); A = P₄V₄ᵀ + μ with P₄ = XV₄ (true since P's fifth column is 0)",
                   num.shapes_wrong);
    report.erratum(ex, "\"P = XV_k = US_k\" with S_k the diagonal matrix of the first k singular values",
                   "U S_k is undefined (U is 5×5, S_k is k×k); P = XV_k = U_k S_k with U_k the first k columns of U "
                   "(and the next line's US_kVᵀ needs S_k as S with σ_{k+1}, …, σ_n set to 0)",
                   num.us_shapes_wrong);
    report.erratum(ex, "\"E_k = ‖S − S_k‖_F = σ_k + σ_{k+1} + … + σ_n\"",
                   "E_k = ‖S − S_k‖_F = (σ_{k+1}² + … + σ_n²)^{1/2}: the first discarded value is σ_{k+1}, and a "
                   "Frobenius norm is the root of a sum of squares (E₂ = 3.2829, not σ₃ + σ₄ = 4.2602)",
                   num.E3_formula_wrong && num.E2_sum_wrong);
    report.erratum(ex, "\"E₃ = σ₃ + σ₄ = √1.4579 + 0 = 1.2074\"",
                   "E₃ = (σ₄² + σ₅²)^{1/2} = σ₄ = √λ₄ = 1.2074: the number is right, the labels are shifted by one "
                   "(σ₃ = 3.0528, σ₄ = 1.2074, σ₅ = 0)",
                   num.labels_shifted);
    report.remark(ex, "footnote 2: \"Since we subtracted the column means from a square matrix A, the dimension of the "
                      "row space was reduced to 4\"",
                  "right for this A; the mechanism is 𝟙ᵀX = 0 (N centred rows are dependent, rank X ≤ N − 1), "
                  "which lowers the rank below q when N ≤ q (square or wide data); a tall data set keeps rank q",
                  footnote2_shown);
    report.erratum("beeny:2.1", "λ_max = ½(var x + var y + √((var x − var y)² + 4 cos(x, y)²))",
                   "cov(x, y)² under the root (the discriminant of the 2×2 covariance matrix)", lines.cos_wrong);
    report.remark("beeny:2.1", "eq. (4) y(x) = (λ_max − var x)/cov(x, y) · (x − x̄) + ȳ, without a condition",
                  "an omitted condition: eq. (4) needs cov(x, y) ≠ 0; for cov = 0 the TLS line is horizontal "
                  "(var x > var y), vertical, i.e. not a function y(x) (var y > var x), or not unique (var x = var y)",
                  lines.cov_zero_handled);
    report.erratum("beeny:2.1", "the TLS line \"results in the shortest total distance to the set of points\"",
                   "it minimises the sum of SQUARED orthogonal distances (= (N − 1)λ_min); with an outlier the line "
                   "y = x has a smaller total distance",
                   lines.total_distance_wrong);
    report.erratum("beeny:ex1.1", "\"z = φ(x) = a₀ + a₁x + a₂x²\" is the derived feature",
                   "that z is the fitted value ŷ (regressing y on it returns intercept 0, slope 1); the feature map "
                   "is φ(x) = (x, x²), on which y ~ 1 + z₁ + z₂ is linear",
                   z_is_fitted_value);
    report.say("All printed digits of V, D, P, P = XV₃ and the reconstructed A are correct" +
               std::string(num.all_digits_right ? "." : " — NOT: see the tables above."));

    write_figures(report, f1);
    return report.finish();
}
