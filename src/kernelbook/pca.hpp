#pragma once
/// \file pca.hpp
/// \brief Principal component analysis (chapter 1): covariance and scatter matrices,
///        PCA by the eigen-decomposition of \f$X^\top X\f$ and by the thin SVD of the
///        centred data, scores, explained variance, reconstruction from k components and
///        transform of new points. (Lines through planar data: lines.hpp; regression on
///        derived features: regression.hpp.)
///
/// Implements `beeny:ex2.1` (kb::pca(), kb::scatter_matrix()), `beeny:defA.4`
/// (kb::covariance_matrix()) and `beeny:lemA.1`–`beeny:lemA.3` as used by PCA.
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
#include "kernelbook/numerics.hpp"
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

} // namespace kb
