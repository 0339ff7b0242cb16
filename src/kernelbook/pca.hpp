#pragma once
/// \file pca.hpp
/// \brief Principal component analysis (chapter 1): covariance and scatter matrices,
///        PCA by the eigen-decomposition of \f$X^\top X\f$ and by the thin SVD of the
///        centred data, scores, explained variance, reconstruction from k components and
///        transform of new points; the least-squares and total-least-squares lines of a
///        planar data set; regression on derived (polynomial) features.
///
/// Implements `beeny:ex2.1` (kb::pca(), kb::scatter_matrix()), `beeny:defA.4`
/// (kb::covariance_matrix()), `beeny:lemA.1`–`beeny:lemA.3` as used by PCA, `beeny:2.1`
/// (kb::ols_line(), kb::tls_line(), kb::lambda_max(), kb::eq4_slope()) and `beeny:ex1.1`
/// (kb::polynomial_features(), kb::linear_regression(), kb::polynomial_regression()).
///
/// **Conventions.** Rows are points: the data set A is N×q. The centred data is
/// \f$X = A - \one\mu\f$ with the column means \f$\mu = \tfrac1N \one^\top A\f$.
/// Two matrices are built from X and the book keeps their names apart:
///  - the **scatter matrix** \f$S = X^\top X\f$ (what `beeny` Example 2.1 calls "the
///    covariance matrix C"), with eigenvalues \f$\lambda_j = \sigma_j^2\f$, the squared
///    singular values of X;
///  - the **covariance matrix** \f$\operatorname{cov}(A) = X^\top X/(N-1)\f$ (`beeny`
///    Definition A.4), with eigenvalues \f$\lambda_j/(N-1)\f$, the sample variances of the
///    data along the principal axes.
/// Both have the same eigenvectors, so both give the same loadings and scores.
///
/// **Sign rule.** A loading \f$v_j\f$ is determined only up to sign; kernelbook makes the
/// entry of largest absolute value positive (kb::apply_sign_rule()), and the scores
/// \f$P = XV\f$ follow. Printed results from other software may differ by the sign of
/// whole columns.
///
/// The heavy decompositions are the library's precompiled kb::symmetric_eigen() and
/// kb::thin_svd(); everything here is products and sums, so it is header-only.
/// \see \ref ch01-pca

#include "kernelbook/centering.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <string>

namespace kb {

// ─────────────────────────────────────────────────────────────────────────────────────
// Scatter and covariance matrices (beeny Example 2.1 and Definition A.4)
// ─────────────────────────────────────────────────────────────────────────────────────

/// \cond INTERNAL
namespace detail {
/// XᵀX computed on and above the diagonal and mirrored, so that it is exactly symmetric.
template <class T>
Matrix<T> cross_product(const Matrix<T>& X) {
    Matrix<T> S(X.cols(), X.cols());
    for (Eigen::Index i = 0; i < S.rows(); ++i)
        for (Eigen::Index j = i; j < S.cols(); ++j) S(i, j) = S(j, i) = X.col(i).dot(X.col(j));
    return S;
}
} // namespace detail
/// \endcond

/// \brief The scatter matrix of the data: \f[ S = X^\top X, \qquad X = A - \one\mu, \f]
///        the matrix `beeny` Example 2.1 calls C (and "the covariance matrix"), `beeny:ex2.1`.
///
/// Exact in `kb::rational`. Its eigenvalues are the squared singular values of X. It is
/// symmetric positive semi-definite, \f$x^\top X^\top X x = \norm{Xx}^2 \ge 0\f$ (`beeny:lemA.3`).
/// \param A N×q data (rows are points), N ≥ 1, finite.
/// \returns the q×q symmetric PSD matrix \f$X^\top X\f$ (exactly symmetric).
/// \throws kb::error if A is empty or not finite.
template <class T>
Matrix<T> scatter_matrix(const Matrix<T>& A) {
    require_min_points(A, 1, "scatter_matrix", "A");
    require_finite(A, "scatter_matrix", "A");
    // S = XᵀX of the centred data X = A − 𝟙μ.
    return detail::cross_product(center_columns(A));
}

/// \brief The covariance matrix of `beeny` Definition A.4 (`beeny:defA.4`):
///        \f[ \operatorname{cov}(A)_{ij} = \operatorname{cov}(a_i, a_j)
///            = \frac{1}{N-1}\sum_{n=1}^{N}(A_{ni} - \mu_i)(A_{nj} - \mu_j),
///            \qquad \operatorname{cov}(A) = \frac{X^\top X}{N-1}. \f]
///
/// The divisor N − 1 makes it the unbiased sample covariance. Exact in `kb::rational`.
/// \param A N×q data (rows are observations, columns are variables), N ≥ 2, finite.
/// \throws kb::error if A has fewer than two rows or is not finite.
template <class T>
Matrix<T> covariance_matrix(const Matrix<T>& A) {
    require_min_points(A, 2, "covariance_matrix", "A");
    return scatter_matrix(A) / T(A.rows() - 1);
}

// ─────────────────────────────────────────────────────────────────────────────────────
// PCA
// ─────────────────────────────────────────────────────────────────────────────────────

/// \brief The two ways kb::pca() computes the principal axes.
enum class PcaRoute {
    svd,             ///< thin SVD \f$X = U\Sigma V^\top\f$ of the centred data; \f$\lambda_j = \sigma_j^2\f$
    covariance_eigen ///< symmetric eigen-decomposition \f$X^\top X = V\Lambda V^\top\f$
};

/// \brief The rank tolerance of PCA: an eigenvalue \f$\lambda_j\f$ of \f$X^\top X\f$ with
///        \f[ \lambda_j \le \max(N, q)\,\varepsilon\,\norm{X}_F^2 \f]
///        is indistinguishable from zero.
///
/// Forming \f$X^\top X\f$ in floating point perturbs each entry by up to
/// \f$N\varepsilon\,(|X|^\top|X|)_{ij}\f$, i.e. the eigenvalues by up to about
/// \f$N\varepsilon\norm{X}_F^2\f$; both routes of kb::pca() use this same tolerance so that they
/// agree on the rank. (In singular values: \f$\sigma_j \le \sqrt{\max(N,q)\,\varepsilon}\,\norm{X}_F\f$.)
/// \param N, q the shape of the data; \param total_scatter \f$\norm{X}_F^2 = \operatorname{tr}(X^\top X)\f$.
template <class T>
T pca_rank_tolerance(Eigen::Index N, Eigen::Index q, const T& total_scatter) {
    return T(std::max(N, q)) * epsilon<T>() * total_scatter;
}

/// \brief The result of kb::pca(): mean, loadings, spectrum, scores, explained variance,
///        and the maps between data and scores (`beeny:ex2.1`).
///
/// With \f$X = A - \one\mu\f$ and \f$V_k = [v_1, \dots, v_k]\f$:
/// \f[ X^\top X\, v_j = \lambda_j v_j, \qquad \lambda_j = \sigma_j^2, \qquad P = X V_k = U_k\Sigma_k, \qquad
///     \hat A_k = P V_k^\top + \one\mu. \f]
template <class T>
struct Pca {
    RowVector<T> mean;        ///< \f$\mu\f$ (1×q): the column means of the training data
    Matrix<T> loadings;       ///< \f$V_k\f$ (q×k): orthonormal principal axes, sign rule applied
    Vector<T> eigenvalues;    ///< \f$\lambda_1 \ge \dots \ge \lambda_k\f$: eigenvalues of the scatter matrix \f$X^\top X\f$ (= \f$\sigma_j^2\f$)
    Vector<T> variances;      ///< \f$\lambda_j/(N-1)\f$: sample variances along \f$v_j\f$, the eigenvalues of \f$\operatorname{cov}(A)\f$ (Definition A.4)
    Vector<T> singular_values; ///< \f$\sigma_j\f$: singular values of X (length k); by the covariance route \f$\sqrt{\lambda_j}\f$, accurate only to about \f$\sqrt{\max(N,q)\,\varepsilon}\,\norm{X}_F\f$ in absolute terms
    Vector<T> spectrum;       ///< all \f$\min(N, q)\f$ eigenvalues of \f$X^\top X\f$, decreasing (rounding-level negatives set to 0)
    Vector<T> explained_variance_ratio; ///< \f$\lambda_j / \operatorname{tr}(X^\top X)\f$ for \f$j \le k\f$
    T total_scatter = T(0);   ///< \f$\operatorname{tr}(X^\top X) = \norm{X}_F^2 = \sum_j \lambda_j\f$, computed directly from X
    Matrix<T> scores;         ///< \f$P = X V_k\f$ (N×k): the coordinates of the training points on the axes
    Eigen::Index points = 0;  ///< N, the number of training points
    Eigen::Index rank = 0;    ///< numerical rank of X (eigenvalues above kb::pca_rank_tolerance())

    /// \brief Number of components kept, k.
    Eigen::Index components() const { return loadings.cols(); }

    /// \brief Scores of new points, centred with the *training* mean:
    ///        \f[ P_Z = (Z - \one\mu)\,V_k. \f]
    /// \param Z M×q new points (rows), finite.
    /// \returns M×k scores.
    /// \throws kb::error if Z does not have q columns or is not finite.
    Matrix<T> transform(const Matrix<T>& Z) const {
        const std::string where = "Pca::transform";
        require(Z.cols() == mean.cols(), where,
                "Z has points of dimension " + std::to_string(Z.cols()) + ", but the PCA was fitted to points of dimension " +
                    std::to_string(mean.cols()) + "; pass new points as rows with the same " +
                    std::to_string(mean.cols()) + " coordinates");
        require_finite(Z, where, "Z");
        // P_Z = (Z − 𝟙μ) V_k: subtract the training mean, then project on the axes.
        return (Z.rowwise() - mean) * loadings;
    }

    /// \brief Reconstruction from the first m components:
    ///        \f[ \hat Z = P\, V_m^\top + \one\mu, \qquad m = \text{P.cols()} \le k. \f]
    /// \param P M×m scores (e.g. `scores.leftCols(m)` or `transform(Z).leftCols(m)`), 0 ≤ m ≤ k.
    /// \returns M×q points.
    /// \throws kb::error if P has more than k columns or is not finite.
    Matrix<T> reconstruct(const Matrix<T>& P) const {
        const std::string where = "Pca::reconstruct";
        require(P.cols() <= loadings.cols(), where,
                "P has " + std::to_string(P.cols()) + " columns (scores on " + std::to_string(P.cols()) +
                    " axes), but only k = " + std::to_string(loadings.cols()) +
                    " components were kept; refit with more components or pass fewer columns");
        require_finite(P, where, "P");
        // Â = P V_mᵀ + 𝟙μ: go back along the first m axes, then add the mean back.
        Matrix<T> Z = P * loadings.leftCols(P.cols()).transpose();
        Z.rowwise() += mean;
        return Z;
    }

    /// \brief Reconstruction error of points Z from m components,
    ///        \f[ E_m(Z) = \norm{Z - \bigl((Z - \one\mu)V_m V_m^\top + \one\mu\bigr)}_F. \f]
    ///
    /// For the training data this is \f$\bigl(\sum_{j>m}\sigma_j^2\bigr)^{1/2}\f$ (chapter 1,
    /// `beeny:ex2.1`; the seed prints \f$\sigma_m + \dots + \sigma_n\f$, an erratum).
    /// \throws kb::error if m is not in [0, k], or as Pca::transform.
    T reconstruction_error(const Matrix<T>& Z, Eigen::Index m) const {
        require(m >= 0 && m <= loadings.cols(), "Pca::reconstruction_error",
                "m = " + std::to_string(m) + " components were asked for, but k = " +
                    std::to_string(loadings.cols()) + " were kept; choose 0 ≤ m ≤ k");
        const Matrix<T> P = transform(Z).leftCols(m);
        return T((Z - reconstruct(P)).norm());
    }
};

/// \cond INTERNAL
namespace detail {

/// Spectrum and axes of the centred data X by the chosen route (all min(N, q) of them).
template <class T>
void principal_axes(const Matrix<T>& X, PcaRoute route, Vector<T>& lambda, Vector<T>& sigma, Matrix<T>& V) {
    using std::sqrt;
    const Eigen::Index r = std::min(X.rows(), X.cols());
    if (route == PcaRoute::svd) {
        // X = U Σ Vᵀ ⇒ XᵀX = V Σ² Vᵀ: the loadings are the right singular vectors, λ = σ².
        const Svd<T> svd = thin_svd(X);
        sigma = svd.sigma;
        lambda = svd.sigma.array().square().matrix();
        V = svd.V;
        return;
    }
    // XᵀX = V Λ Vᵀ (q×q); beyond min(N, q) the eigenvalues are zero (rank X ≤ N − 1).
    const SymmetricEigen<T> eig = symmetric_eigen(cross_product(X));
    lambda = eig.values.head(r);
    V = eig.vectors.leftCols(r);
    // XᵀX is PSD (Lemma A.3): a negative computed eigenvalue is rounding.
    for (Eigen::Index j = 0; j < r; ++j)
        if (lambda(j) < 0) lambda(j) = T(0);
    sigma = lambda.unaryExpr([](const T& l) { return T(sqrt(l)); });
}

} // namespace detail
/// \endcond

/// \brief Principal component analysis of N points in \f$\R^q\f$, keeping k components
///        (`beeny:ex2.1`).
///
/// \f[ \mu = \tfrac1N\one^\top A, \quad X = A - \one\mu, \quad
///     X^\top X = V\Lambda V^\top \;(\text{or } X = U\Sigma V^\top), \quad P = X V_k. \f]
/// \f$X^\top X\f$ is symmetric, so its eigenvalues are real and its eigenvectors orthonormal
/// (`beeny:lemA.1`); it is PSD (`beeny:lemA.3`), so its eigenvalues are \f$\ge 0\f$
/// (`beeny:lemA.2`) and a negative computed one is rounding, set to 0.
/// The two routes give the same subspaces, eigenvalues and scores up to rounding (and the
/// same signs, by the sign rule, wherever the largest entry of a loading is well separated).
/// The SVD route is the default: it never forms \f$X^\top X\f$, so small singular values
/// keep their relative accuracy.
///
/// \param A N×q data, rows are points; N ≥ 2, finite.
/// \param k number of components, \f$1 \le k \le \min(N-1, q)\f$ and at most the numerical
///          rank of X (kb::pca_rank_tolerance()).
/// \param route kb::PcaRoute::svd (default) or kb::PcaRoute::covariance_eigen.
/// \throws kb::error on fewer than two points, non-finite data, k out of range, or k larger
///         than the numerical rank (e.g. all points equal, or collinear points and k = 2).
template <class T>
Pca<T> pca(const Matrix<T>& A, Eigen::Index k, PcaRoute route = PcaRoute::svd) {
    static_assert(is_floating_v<T>, "kb::pca needs a floating-point scalar (double, real50, real100): the "
                                    "principal axes are irrational in general. Use kb::scatter_matrix and "
                                    "kb::covariance_matrix for exact work in kb::rational.");
    const std::string where = "pca";
    require_min_points(A, 2, where, "X");
    require_finite(A, where, "X");
    const Eigen::Index N = A.rows(), q = A.cols();
    const Eigen::Index k_max = std::min(N - 1, q);
    require(k >= 1 && k <= k_max, where,
            "k = " + std::to_string(k) + " components were asked for, but X is " + std::to_string(N) + "×" +
                std::to_string(q) + " (N points in dimension q); choose 1 ≤ k ≤ min(N − 1, q) = " +
                std::to_string(k_max));

    Pca<T> fit;
    fit.points = N;
    // μ and X = A − 𝟙μ: centre every column.
    fit.mean = column_means(A);
    const Matrix<T> X = A.rowwise() - fit.mean;
    fit.total_scatter = X.squaredNorm();

    Vector<T> lambda, sigma;
    Matrix<T> V;
    detail::principal_axes(X, route, lambda, sigma, V);
    fit.spectrum = lambda;

    // Numerical rank: eigenvalues above max(N, q)·ε·‖X‖_F² are signal.
    const T tol = pca_rank_tolerance(N, q, fit.total_scatter);
    fit.rank = numerical_rank(lambda, tol);
    if (k > fit.rank)
        throw error(where + ": k = " + std::to_string(k) +
                    " components were asked for, but the centred data X has numerical rank " +
                    std::to_string(fit.rank) + " (λ_" + std::to_string(fit.rank + 1) + " = " +
                    show(lambda(fit.rank)) + " ≤ tolerance max(N, q)·ε·‖X‖_F² = " + show(tol) +
                    (fit.rank == 0 ? "; all points coincide" : "") + "); ask for at most " +
                    std::to_string(fit.rank) + " components");

    // Keep the first k axes; P = X V_k.
    fit.loadings = V.leftCols(k);
    fit.eigenvalues = lambda.head(k);
    fit.variances = fit.eigenvalues / T(N - 1);
    fit.singular_values = sigma.head(k);
    fit.explained_variance_ratio = fit.eigenvalues / fit.total_scatter;
    fit.scores = X * fit.loadings;
    return fit;
}

// ─────────────────────────────────────────────────────────────────────────────────────
// Lines through planar data: ordinary and total least squares (beeny §2.1)
// ─────────────────────────────────────────────────────────────────────────────────────

/// \brief Means, sample variances and covariance of planar data (divisor N − 1):
///        \f$\bar x, \bar y, \operatorname{var}(x), \operatorname{var}(y), \operatorname{cov}(x,y)\f$.
template <class T>
struct Moments2 {
    T mean_x;  ///< \f$\bar x\f$
    T mean_y;  ///< \f$\bar y\f$
    T var_x;   ///< \f$\operatorname{var}(x) = \tfrac1{N-1}\sum(x_n - \bar x)^2\f$
    T var_y;   ///< \f$\operatorname{var}(y)\f$
    T cov_xy;  ///< \f$\operatorname{cov}(x,y) = \tfrac1{N-1}\sum(x_n - \bar x)(y_n - \bar y)\f$

    /// \brief The 2×2 covariance matrix \f$\begin{pmatrix}\operatorname{var}(x) & \operatorname{cov}(x,y)\\ \operatorname{cov}(x,y) & \operatorname{var}(y)\end{pmatrix}\f$.
    Matrix<T> covariance() const {
        Matrix<T> C(2, 2);
        C << var_x, cov_xy, cov_xy, var_y;
        return C;
    }
};

/// \cond INTERNAL
namespace detail {
template <class T>
void require_planar(const Matrix<T>& XY, const std::string& where) {
    require(XY.cols() == 2, where,
            "XY must have two columns (x, y), one point per row, but it is " + std::to_string(XY.rows()) + "×" +
                std::to_string(XY.cols()));
    require_min_points(XY, 2, where, "XY");
    require_finite(XY, where, "XY");
}
} // namespace detail
/// \endcond

/// \brief The sample moments of planar data XY (N×2, columns x and y). Exact in `kb::rational`.
/// \throws kb::error unless XY is N×2 with N ≥ 2 and finite.
template <class T>
Moments2<T> moments2(const Matrix<T>& XY) {
    detail::require_planar(XY, "moments2");
    const Matrix<T> C = covariance_matrix(XY);
    const RowVector<T> mu = column_means(XY);
    return {mu(0), mu(1), C(0, 0), C(1, 1), C(0, 1)};
}

/// \brief A line in the plane through \f$(x_0, y_0)\f$ with direction \f$(d_x, d_y) \ne 0\f$
///        (not normalised, so that it stays exact in `kb::rational`).
template <class T>
struct Line {
    T x0; ///< a point on the line: abscissa
    T y0; ///< a point on the line: ordinate
    T dx; ///< direction, x component
    T dy; ///< direction, y component

    /// \brief Whether the line is vertical (\f$d_x = 0\f$), i.e. not the graph of a function y(x).
    bool vertical() const { return dx == 0; }

    /// \brief Slope \f$d_y/d_x\f$. \throws kb::error for a vertical line.
    T slope() const {
        require(!vertical(), "Line::slope", "the line is vertical (x = " + show(x0) + "): it has no slope");
        return dy / dx;
    }

    /// \brief Intercept: the line is \f$y = \text{intercept} + \text{slope}\cdot x\f$. \throws kb::error for a vertical line.
    T intercept() const { return y0 - slope() * x0; }

    /// \brief \f$y(x)\f$ on the line. \throws kb::error for a vertical line.
    T y_at(const T& x) const { return y0 + slope() * (x - x0); }
};

/// \brief The ordinary-least-squares line, `beeny` eq. (3) (`beeny:2.1`):
///        \f[ y(x) = \frac{\operatorname{cov}(x,y)}{\operatorname{var}(x)}(x - \bar x) + \bar y. \f]
///
/// It minimises the sum of squared *vertical* residuals \f$\sum_n (y_n - a_0 - a_1 x_n)^2\f$
/// over all non-vertical lines. Exact in `kb::rational`.
/// \param XY N×2 data (x, y), N ≥ 2.
/// \throws kb::error if var(x) = 0 (all x equal: no line y(x) fits; the TLS line is vertical).
template <class T>
Line<T> ols_line(const Matrix<T>& XY) {
    const Moments2<T> m = moments2(XY);
    require(m.var_x > 0, "ols_line",
            "var(x) = 0: all points have the same x, so no line y = a₀ + a₁x is determined; "
            "the total-least-squares line (tls_line) is the vertical line x = x̄");
    // Direction (var x, cov) has slope cov/var, eq. (3).
    return {m.mean_x, m.mean_y, m.var_x, m.cov_xy};
}

/// \brief The largest eigenvalue of the 2×2 covariance matrix in closed form (`beeny:2.1`),
///        \f[ \lambda_{\max} = \tfrac12\Bigl(\operatorname{var}(x) + \operatorname{var}(y)
///            + \sqrt{(\operatorname{var}(x) - \operatorname{var}(y))^2 + 4\operatorname{cov}(x,y)^2}\Bigr) \f]
///        (`beeny` §2.1, whose "cos(x, y)²" is a misprint of cov(x, y)²).
template <class T>
T lambda_max(const Moments2<T>& m) {
    using std::sqrt;
    const T d = m.var_x - m.var_y;
    return (m.var_x + m.var_y + sqrt(d * d + T(4) * m.cov_xy * m.cov_xy)) / T(2);
}

/// \brief The smallest eigenvalue of the 2×2 covariance matrix,
///        \f$\lambda_{\min} = \operatorname{var}(x) + \operatorname{var}(y) - \lambda_{\max}\f$
///        (computed as \f$(\operatorname{var}(x)\operatorname{var}(y) - \operatorname{cov}^2)/\lambda_{\max}\f$,
///        which avoids cancellation).
template <class T>
T lambda_min(const Moments2<T>& m) {
    const T lmax = lambda_max(m);
    if (lmax == 0) return T(0);
    return (m.var_x * m.var_y - m.cov_xy * m.cov_xy) / lmax;
}

/// \brief The slope of `beeny` eq. (4), literally (`beeny:2.1`):
///        \f[ \frac{\lambda_{\max} - \operatorname{var}(x)}{\operatorname{cov}(x,y)}. \f]
///
/// Defined only when cov(x, y) ≠ 0; it loses accuracy when cov(x, y) is small
/// (cancellation in \f$\lambda_{\max} - \operatorname{var}(x)\f$). kb::tls_line() computes the
/// same line stably and handles cov(x, y) = 0.
/// \throws kb::error if cov(x, y) = 0.
template <class T>
T eq4_slope(const Moments2<T>& m) {
    require(m.cov_xy != 0, "eq4_slope",
            "cov(x, y) = 0: eq. (4) divides by zero; the TLS line is then horizontal (var x > var y), vertical "
            "(var y > var x) or not unique (equal variances) — use tls_line");
    return (lambda_max(m) - m.var_x) / m.cov_xy;
}

/// \brief The total-least-squares (first principal axis) line, `beeny` eq. (4) (`beeny:2.1`): through
///        \f$(\bar x, \bar y)\f$ along the leading eigenvector of the 2×2 covariance matrix,
///        \f[ \begin{pmatrix}\operatorname{var}(x) & \operatorname{cov}\\ \operatorname{cov} & \operatorname{var}(y)\end{pmatrix} d = \lambda_{\max} d. \f]
///
/// It minimises the sum of squared *orthogonal* distances over all lines, and the minimum
/// is \f$(N-1)\lambda_{\min}\f$. The direction is \f$(\lambda_{\max} - \operatorname{var}(y),\ \operatorname{cov})\f$
/// when var(x) ≥ var(y) and \f$(\operatorname{cov},\ \lambda_{\max} - \operatorname{var}(x))\f$ otherwise:
/// both are eigenvectors, the chosen one is free of cancellation, and neither divides by
/// cov(x, y), so cov(x, y) = 0 gives the horizontal (var x > var y) or vertical (var y > var x) line.
/// \param XY N×2 data (x, y), N ≥ 2.
/// \throws kb::error if the covariance matrix is a multiple of the identity (cov = 0 and
///         var x = var y, including all points equal): then every line through the mean has
///         the same orthogonal residual and the TLS line is not unique.
template <class T>
Line<T> tls_line(const Matrix<T>& XY) {
    static_assert(is_floating_v<T>, "tls_line needs a square root: use double, real50 or real100");
    const Moments2<T> m = moments2(XY);
    require(!(m.cov_xy == 0 && m.var_x == m.var_y), "tls_line",
            "the covariance matrix is " + show(m.var_x) +
                "·I (cov(x, y) = 0 and var(x) = var(y)): every line through the mean fits equally well, so the "
                "total-least-squares line is not unique");
    const T lmax = lambda_max(m);
    if (m.var_x >= m.var_y) return {m.mean_x, m.mean_y, lmax - m.var_y, m.cov_xy};
    return {m.mean_x, m.mean_y, m.cov_xy, lmax - m.var_x};
}

/// \brief Sum of squared vertical residuals \f$\sum_n (y_n - y(x_n))^2\f$ (what OLS minimises).
///        Exact in `kb::rational`. \throws kb::error for a vertical line.
template <class T>
T sum_squared_vertical_residuals(const Line<T>& line, const Matrix<T>& XY) {
    detail::require_planar(XY, "sum_squared_vertical_residuals");
    T s(0);
    for (Eigen::Index n = 0; n < XY.rows(); ++n) {
        const T r = XY(n, 1) - line.y_at(XY(n, 0));
        s += r * r;
    }
    return s;
}

/// \brief Sum of squared orthogonal distances to the line,
///        \f[ \sum_n \frac{\bigl((x_n - x_0)d_y - (y_n - y_0)d_x\bigr)^2}{d_x^2 + d_y^2} \f]
///        (what TLS minimises). Exact in `kb::rational`.
template <class T>
T sum_squared_orthogonal_distances(const Line<T>& line, const Matrix<T>& XY) {
    detail::require_planar(XY, "sum_squared_orthogonal_distances");
    T s(0);
    for (Eigen::Index n = 0; n < XY.rows(); ++n) {
        const T c = (XY(n, 0) - line.x0) * line.dy - (XY(n, 1) - line.y0) * line.dx;
        s += c * c;
    }
    return s / (line.dx * line.dx + line.dy * line.dy);
}

/// \brief Sum of (unsquared) orthogonal distances \f$\sum_n \operatorname{dist}((x_n, y_n), \text{line})\f$,
///        the "total distance" of `beeny` §2.1 — which TLS does *not* minimise.
template <class T>
T sum_orthogonal_distances(const Line<T>& line, const Matrix<T>& XY) {
    using std::abs;
    using std::sqrt;
    detail::require_planar(XY, "sum_orthogonal_distances");
    const T norm = sqrt(line.dx * line.dx + line.dy * line.dy);
    T s(0);
    for (Eigen::Index n = 0; n < XY.rows(); ++n)
        s += abs((XY(n, 0) - line.x0) * line.dy - (XY(n, 1) - line.y0) * line.dx);
    return s / norm;
}

/// \brief Sum of absolute vertical residuals \f$\sum_n |y_n - y(x_n)|\f$ (`beeny` footnote 1's
///        residual, summed) — which OLS does *not* minimise. Exact in `kb::rational`.
template <class T>
T sum_absolute_vertical_residuals(const Line<T>& line, const Matrix<T>& XY) {
    using std::abs;
    detail::require_planar(XY, "sum_absolute_vertical_residuals");
    T s(0);
    for (Eigen::Index n = 0; n < XY.rows(); ++n) s += abs(XY(n, 1) - line.y_at(XY(n, 0)));
    return s;
}

// ─────────────────────────────────────────────────────────────────────────────────────
// Regression on derived features (beeny §1, Example 1.1)
// ─────────────────────────────────────────────────────────────────────────────────────

/// \brief The polynomial feature map of Example 1.1 (corrected, `beeny:ex1.1`): the attribute x becomes the
///        features \f$z(x) = (x, x^2, \dots, x^d)\f$.
/// \param x N attributes. \param degree d ≥ 1.
/// \returns the N×d matrix with rows \f$(x_n, x_n^2, \dots, x_n^d)\f$ (exact in `kb::rational`).
/// \throws kb::error if d < 1 or x is not finite.
template <class T>
Matrix<T> polynomial_features(const Vector<T>& x, int degree) {
    require(degree >= 1, "polynomial_features", "degree = " + std::to_string(degree) + " must be ≥ 1");
    require_finite(x, "polynomial_features", "x");
    Matrix<T> Z(x.size(), degree);
    for (Eigen::Index n = 0; n < x.size(); ++n) {
        T power = x(n);
        for (int j = 0; j < degree; ++j) {
            Z(n, j) = power;
            power *= x(n);
        }
    }
    return Z;
}

/// \brief Multiple linear regression \f$y \sim 1 + z_1 + \dots + z_p\f$ by least squares, in
///        the centred (covariance) form that generalises eq. (3):
///        \f[ b = (Z_c^\top Z_c)^{-1} Z_c^\top (y - \bar y), \qquad a_0 = \bar y - \bar z\, b, \f]
///        with \f$Z_c = Z - \one\bar z\f$ (`beeny:ex1.1`: regression on derived features).
/// \param Z N×p features (rows are observations); \param y N responses.
/// \returns the p + 1 coefficients \f$(a_0, b_1, \dots, b_p)\f$; exact in `kb::rational`.
/// \throws kb::error on mismatched sizes, N ≤ p, non-finite values, or features that are
///         linearly dependent after centring (e.g. fewer distinct x than coefficients).
template <class T>
Vector<T> linear_regression(const Matrix<T>& Z, const Vector<T>& y) {
    const std::string where = "linear_regression";
    require(Z.rows() == y.size(), where,
            "Z has " + std::to_string(Z.rows()) + " rows but y has " + std::to_string(y.size()) +
                " entries; give one response per observation");
    require(Z.cols() >= 1 && Z.rows() > Z.cols(), where,
            "need more observations than features plus one for the intercept, but Z is " +
                std::to_string(Z.rows()) + "×" + std::to_string(Z.cols()));
    require_finite(Z, where, "Z");
    require_finite(y, where, "y");
    const RowVector<T> zbar = column_means(Z);
    const Matrix<T> Zc = Z.rowwise() - zbar;
    const T ybar = y.sum() / T(y.size());
    const Vector<T> yc = (y.array() - ybar).matrix();
    // b solves the centred normal equations Z_cᵀZ_c b = Z_cᵀ(y − ȳ).
    Matrix<T> b;
    try {
        b = solve_spd(scatter_matrix(Z), Matrix<T>(Zc.transpose() * yc));
    } catch (const error& e) {
        throw error(where + ": the centred features are linearly dependent (Z_cᵀZ_c is singular): "
                            "drop a redundant feature or add observations with new x values (" + e.what() + ")");
    }
    Vector<T> a(Z.cols() + 1);
    a(0) = ybar - (zbar * b)(0, 0);
    a.tail(Z.cols()) = b.col(0);
    return a;
}

/// \brief Polynomial regression \f$y \sim 1 + x + \dots + x^d\f$ by least squares (`beeny:ex1.1`), in the
///        classical moment form: the normal equations
///        \f[ \sum_{j=0}^{d} \Bigl(\sum_n x_n^{i+j}\Bigr) a_j = \sum_n x_n^i y_n, \qquad i = 0, \dots, d. \f]
/// \param x, y N attributes and responses; \param degree d ≥ 1.
/// \returns \f$(a_0, \dots, a_d)\f$; exact in `kb::rational`.
/// \throws kb::error on mismatched sizes, non-finite values, or fewer than d + 1 distinct x.
template <class T>
Vector<T> polynomial_regression(const Vector<T>& x, const Vector<T>& y, int degree) {
    const std::string where = "polynomial_regression";
    require(degree >= 1, where, "degree = " + std::to_string(degree) + " must be ≥ 1");
    require(x.size() == y.size(), where,
            "x has " + std::to_string(x.size()) + " entries but y has " + std::to_string(y.size()));
    require_finite(x, where, "x");
    require_finite(y, where, "y");
    const int d = degree;
    // Power sums s_m = Σ xⁿ^m (m ≤ 2d) and moments t_i = Σ x_n^i y_n (i ≤ d).
    Vector<T> s = Vector<T>::Zero(2 * d + 1), t = Vector<T>::Zero(d + 1);
    for (Eigen::Index n = 0; n < x.size(); ++n) {
        T power(1);
        for (int m = 0; m <= 2 * d; ++m) {
            s(m) += power;
            if (m <= d) t(m) += power * y(n);
            power *= x(n);
        }
    }
    // The Hankel matrix M_ij = s_{i+j}.
    Matrix<T> M(d + 1, d + 1);
    for (int i = 0; i <= d; ++i)
        for (int j = 0; j <= d; ++j) M(i, j) = s(i + j);
    try {
        return solve_spd(M, Matrix<T>(t)).col(0);
    } catch (const error& e) {
        throw error(where + ": the moment matrix is singular: fewer than degree + 1 = " + std::to_string(d + 1) +
                    " distinct x values; lower the degree or add observations (" + e.what() + ")");
    }
}

} // namespace kb
