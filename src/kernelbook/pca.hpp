#pragma once
/// \file pca.hpp
/// \brief Principal component analysis: scatter and covariance matrices, kb::Pca by the thin SVD
///        or by the eigen-decomposition of \f$X^\top X\f$, scores, reconstruction, new points.
/// \see \ref ch01-pca "Chapter 1 — Principal component analysis"; its conventions in
///      \ref ch01-conventions "§1"

#include "kernelbook/centering.hpp"
#include "kernelbook/checks.hpp"
#include "kernelbook/detail/exact_scale.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/numerics.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <limits>
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
    //! [ch01-cross-product]
    Matrix<T> S(X.cols(), X.cols());
    for (Eigen::Index i = 0; i < S.rows(); ++i)
        for (Eigen::Index j = i; j < S.cols(); ++j) S(i, j) = S(j, i) = X.col(i).dot(X.col(j));
    return S;
    //! [ch01-cross-product]
}
} // namespace detail
/// \endcond

/// \cond INTERNAL
namespace detail {
/// kb::scatter_matrix with its refusals in the name of the public function `where` that was called.
template <class T>
Matrix<T> scatter_matrix(const Matrix<T>& A, std::string_view where) {
    require_min_points(A, 1, where, "A");
    require_finite(A, where, "A");
    //! [ch01-scatter]
    // S = XᵀX of the centred data X = A − 𝟙μ.
    Matrix<T> S = cross_product(center_columns(A));
    //! [ch01-scatter]
    // Its entries are sums of squares of the data's scale: beyond about 10^154 in double they
    // overflow, and an inf (or an inf − inf = NaN) would pass on silently. S is q×q: checking
    // it costs far less than forming it.
    if (const auto at = first_non_finite(S))
        fail(where, "the scatter XᵀX overflows {}: S({},{}) = {} (max |a| = {}); its entries are sums of "
                "squares of the data's scale, so rescale the data",
             scalar_name<T>(), at->first, at->second, shown(S(at->first, at->second)), shown(max_abs(A)));
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
/// \throws kb::error if A is empty or not finite, or an entry of \f$X^\top X\f$ overflows.
template <class T>
Matrix<T> scatter_matrix(const Matrix<T>& A) {
    return detail::scatter_matrix(A, "scatter_matrix");
}

/// \brief The covariance matrix of `beeny` Definition A.4 (`beeny:defA.4`):
///        \f[ \operatorname{cov}(A)_{ij} = \operatorname{cov}(a_i, a_j)
///            = \frac{1}{N-1}\sum_{n=1}^{N}(A_{ni} - \mu_i)(A_{nj} - \mu_j),
///            \qquad \operatorname{cov}(A) = \frac{X^\top X}{N-1}. \f]
///
/// The divisor N − 1 makes it the unbiased sample covariance. Exact in `kb::rational`.
/// \param A N×q data (rows are observations, columns are variables), N ≥ 2, finite.
/// \throws kb::error if A has fewer than two rows or is not finite, or an entry of
///         \f$X^\top X\f$ overflows.
template <class T>
Matrix<T> covariance_matrix(const Matrix<T>& A) {
    require_min_points(A, 2, "covariance_matrix", "A");
    //! [ch01-covariance]
    return detail::scatter_matrix(A, "covariance_matrix") / T(A.rows() - 1);
    //! [ch01-covariance]
}

// ─────────────────────────────────────────────────────────────────────────────────────
// PCA
// ─────────────────────────────────────────────────────────────────────────────────────

/// \brief The two ways kb::Pca computes the principal axes.
enum class PcaRoute {
    svd,             ///< thin SVD \f$X = U\Sigma V^\top\f$ of the centred data; \f$\lambda_j = \sigma_j^2\f$
    covariance_eigen ///< symmetric eigen-decomposition \f$X^\top X = V\Lambda V^\top\f$
};

/// \brief The settings of kb::Pca, by name: `kb::Pca pca(A, {.components = 2})`.
struct PcaOptions {
    /// p, \f$1 \le p \le \min(N-1, q)\f$ and at most the numerical rank of X
    /// (kb::pca_rank_tolerance()); kb::all_components (the default) keeps every component above
    /// the rank tolerance.
    Eigen::Index components = all_components;
    /// kb::PcaRoute::svd (the default) or kb::PcaRoute::covariance_eigen.
    PcaRoute route = PcaRoute::svd;
};

/// \cond INTERNAL
namespace detail {

/// Spectrum and axes of the centred data X by the chosen route (all min(N, q) of them).
template <class T>
void principal_axes(const Matrix<T>& X, PcaRoute route, Vector<T>& lambda, Vector<T>& sigma, Matrix<T>& V) {
    using std::sqrt;
    //! [pca-routes]
    const Eigen::Index r = std::min(X.rows(), X.cols());
    //! [ch01-route-svd]
    if (route == PcaRoute::svd) {
        // X = U Σ Vᵀ ⇒ XᵀX = V Σ² Vᵀ: the loadings are the right singular vectors, λ = σ².
        const Svd<T> svd = thin_svd(X);
        sigma = svd.sigma;
        lambda = svd.sigma.array().square().matrix();
        V = svd.V;
        return;
    }
    //! [ch01-route-svd]
    //! [ch01-route-eigen]
    // XᵀX = V Λ Vᵀ (q×q); beyond min(N, q) the eigenvalues are zero (rank X ≤ N − 1).
    const SymmetricEigen<T> eig = symmetric_eigen(cross_product(X));
    lambda = eig.values.head(r);
    V = eig.vectors.leftCols(r);
    // XᵀX is PSD (Lemma A.3): a negative computed eigenvalue is rounding.
    for (Eigen::Index j = 0; j < r; ++j)
        if (lambda(j) < 0) lambda(j) = T(0);
    sigma = lambda.unaryExpr([](const T& l) { return T(sqrt(l)); });
    //! [ch01-route-eigen]
    //! [pca-routes]
}

} // namespace detail
/// \endcond

/// \brief Principal component analysis of N points in \f$\R^q\f$, keeping p components
///        (`beeny:ex2.1`): constructing it fits it, and then it gives the mean, loadings,
///        spectrum, scores and explained variance, and maps new points to scores and back.
///
/// \f[ \mu = \tfrac1N\one^\top A, \quad X = A - \one\mu, \quad
///     X^\top X = V\Lambda V^\top \;(\text{or } X = U\Sigma V^\top), \quad P = X V_p, \quad
///     \hat A_p = P V_p^\top + \one\mu. \f]
/// Rows are points; eigenvalues decreasing, those of the scatter matrix \f$X^\top X\f$; loadings
/// with the sign rule of kb::apply_sign_rule(). A negative computed eigenvalue is rounding
/// (`beeny:lemA.1`, `beeny:lemA.2`, `beeny:lemA.3`) and is set to 0. The SVD route is the default.
/// \see \ref ch01-algorithm "§4" (the two routes), \ref ch01-example "§8"
/// \code
/// kb::Pca pca(A, {.components = 2});       // the type is deduced from A (kb::Matrix<double>)
/// kb::Matrix<double> P  = pca.scores();      // N×2
/// kb::Matrix<double> Pz = pca.transform(Z);  // M×2, new points centred by the training mean
/// \endcode
template <class T>
class Pca {
public:
    /// \brief Fits PCA to the rows of A.
    /// \param A N×q data, rows are points; N ≥ 2, finite.
    /// \param options the number of components p and the route (kb::PcaOptions).
    /// \throws kb::error on fewer than two points, non-finite data, p out of range, p larger
    ///         than the numerical rank (e.g. all points equal, or collinear points and p = 2), or
    ///         variances that T cannot represent (the total scatter overflows, or a kept
    ///         eigenvalue is below the normal range; the message names the data's scale).
    ///
    /// Data whose largest entry lies outside \f$[2^{-200}, 2^{200}]\f$ are fitted as
    /// \f$2^{-e}A\f$ and the results multiplied back (kb::power_of_two_exponent()): exact, so
    /// the scores of \f$2^kA\f$ are \f$2^k\f$ times those of A, bit for bit.
    explicit Pca(const Matrix<T>& A, const PcaOptions& options = {}) {
        static_assert(is_floating_v<T>, "kb::Pca needs a floating-point scalar (double, real50, real100): the "
                                        "principal axes are irrational in general. Use kb::scatter_matrix and "
                                        "kb::covariance_matrix for exact work in kb::rational.");
        constexpr std::string_view where = "Pca";
        require_min_points(A, 2, where, "X");
        require_finite(A, where, "X");
        const Eigen::Index N = A.rows(), q = A.cols();
        const Eigen::Index p_max = std::min(N - 1, q), components = options.components;
        require(components == all_components || (components >= 1 && components <= p_max), where,
                "components = {} were asked for, but X is {}×{} (N points in dimension q); "
                "choose 1 ≤ components ≤ min(N − 1, q) = {}, or kb::all_components",
                components, N, q, p_max);

        points_ = N;
        // Data beyond [2^-200, 2^200] in size are fitted as 2^-e·A and the results multiplied
        // back (detail::ExactScale): a power of two changes exponents only, so this is exact,
        // and the squares of the data stay inside the range of T while they are formed.
        const detail::ExactScale<T> scale(
            {where, "x", max_abs(A), "rescale the data (the principal axes do not change, the scores scale with it)"},
            false);
        fit(scale.down(A), components, options.route, scale);
    }

private:
    // The fit of the (scaled) data A: everything at the scale 2^-e, messages at the data's own.
    void fit(const Matrix<T>& A, Eigen::Index components, PcaRoute route, const detail::ExactScale<T>& scale) {
        constexpr std::string_view where = "Pca";
        const Eigen::Index N = A.rows(), q = A.cols();
        //! [pca-centre]
        // μ and X = A − 𝟙μ: centre every column.
        mean_ = column_means(A);
        const Matrix<T> X = A.rowwise() - mean_;
        total_scatter_ = X.squaredNorm();

        Vector<T> lambda, sigma;
        Matrix<T> V;
        detail::principal_axes(X, route, lambda, sigma, V);
        //! [pca-centre]
        // Variances are squares of the data's scale: beyond about 10^154 in double they overflow,
        // and no variance computed from them would mean anything (the scaled ones are finite).
        constexpr std::string_view squares = "the variances are squares of the data's scale";
        scale.require_finite("the total scatter ‖X − 𝟙μ‖_F²", total_scatter_, squares, 2);
        spectrum_ = lambda;

        // Numerical rank: eigenvalues above max(N, q)·ε·‖X‖_F² are signal.
        const T tol = pca_rank_tolerance(N, q, total_scatter_);
        rank_ = numerical_rank(lambda, tol);
        const Eigen::Index p = components == all_components ? rank_ : components;
        if (p > rank_ || p == 0) {
            const std::string ask =
                rank_ > 0 ? fmt::format("; ask for at most {} components", rank_) : std::string();
            fail(where, "{} asked for, but the centred data X has numerical "
                    "rank {} (λ_{} = {} ≤ tolerance max(N, q)·ε·‖X‖_F² = {}{}){}",
                    detail::asked_for(components, p, "component", "components"), rank_, rank_ + 1,
                    shown(scale.up(lambda(rank_), 2)), shown(scale.up(tol, 2)),
                    rank_ == 0 ? "; all points coincide, so there is no direction of variance" : "", ask);
        }

        //! [pca-keep]
        // Keep the first p axes; P = X V_p.
        loadings_ = V.leftCols(p);
        eigenvalues_ = lambda.head(p);
        variances_ = eigenvalues_ / T(N - 1);
        singular_values_ = sigma.head(p);
        explained_variance_ratio_ = eigenvalues_ / total_scatter_;
        scores_ = X * loadings_;
        //! [pca-keep]
        rank_tolerance_ = tol;
        verify(A, X, scale.exponent());
        if (!scale.active()) return;
        // Back to the data's scale: lengths (μ, σ, scores) by 2^e, squares (λ, variances) by 4^e.
        // Every kept eigenvalue must be a normal number of T: below that it has lost its digits.
        scale.require_normal(fmt::format("the eigenvalue λ_{} of XᵀX", p), eigenvalues_(p - 1), squares, 2);
        mean_ = scale.up(mean_, 1);
        eigenvalues_ = scale.up(eigenvalues_, 2);
        variances_ = scale.up(variances_, 2);
        singular_values_ = scale.up(singular_values_, 1);
        spectrum_ = scale.up(spectrum_, 2);
        total_scatter_ = scale.up(total_scatter_, 2);
        rank_tolerance_ = scale.up(rank_tolerance_, 2);
        scores_ = scale.up(scores_, 1);
    }

    // The checks of the fit of the (scaled) data A, X = A − 𝟙μ, at the data's scale 2^e: the
    // axes orthonormal, Xᵀ(X v_j) = λ_j v_j (two products with X, never the q×q matrix XᵀX),
    // the scores centred.
    void verify(const Matrix<T>& A, const Matrix<T>& X, int e) {
        const Eigen::Index N = A.rows(), q = A.cols(), n = std::max(N, q);
        T residual(0);
        for (Eigen::Index j = 0; j < loadings_.cols(); ++j) {
            const Vector<T> Xv = X * loadings_.col(j);
            residual = std::max(residual, detail::safe_norm<T>(X.transpose() * Xv - eigenvalues_(j) * loadings_.col(j)));
        }
        const T sum = scores_.colwise().sum().cwiseAbs().maxCoeff();
        checks_ = {{"orthonormal axes", "‖V_pᵀV_p − I‖_max", detail::orthonormality_error(loadings_),
                    numerics::factorisation_error(n, T(1)), "c₂·max(N, q)·ε"},
                   {"eigen-residual", "max_j ‖XᵀX v_j − λ_j v_j‖₂ (XᵀX applied as Xᵀ(X v_j))", residual,
                    numerics::factorisation_error(n, total_scatter_), "c₂·max(N, q)·ε·‖X‖_F²"},
                   // the mean's rounding is relative to the data, not to X
                   {"centred scores", "max_j |Σ_i P_ij|", sum,
                    T(T(2) * numerics::one_pass_error(N, T(T(N) * max_abs(A) * T(q)))), "2·c₁·N·ε·(N·q·max|A|)"}};
        detail::rescale_check(checks_[1], 2 * e);
        detail::rescale_check(checks_[2], e);
    }

public:

    /// \brief \f$\mu\f$ (1×q): the column means of the training data.
    const RowVector<T>& mean() const { return mean_; }
    /// \brief \f$V_p\f$ (q×p): orthonormal principal axes, sign rule applied.
    const Matrix<T>& loadings() const { return loadings_; }
    /// \brief \f$\lambda_1 \ge \dots \ge \lambda_p\f$: eigenvalues of the scatter matrix
    ///        \f$X^\top X\f$ (= \f$\sigma_j^2\f$).
    const Vector<T>& eigenvalues() const { return eigenvalues_; }
    /// \brief \f$\lambda_j/(N-1)\f$: sample variances along \f$v_j\f$, the eigenvalues of
    ///        \f$\operatorname{cov}(A)\f$ (Definition A.4).
    const Vector<T>& variances() const { return variances_; }
    /// \brief \f$\sigma_j\f$: singular values of X (length p); by the covariance route
    ///        \f$\sqrt{\lambda_j}\f$, accurate only to about \f$\sqrt{\max(N,q)\,\varepsilon}\,\norm{X}_F\f$
    ///        in absolute terms.
    const Vector<T>& singular_values() const { return singular_values_; }
    /// \brief All \f$\min(N, q)\f$ eigenvalues of \f$X^\top X\f$, decreasing (rounding-level
    ///        negatives set to 0).
    const Vector<T>& spectrum() const { return spectrum_; }
    /// \brief \f$\lambda_j / \operatorname{tr}(X^\top X)\f$ for \f$j \le p\f$.
    const Vector<T>& explained_variance_ratio() const { return explained_variance_ratio_; }
    /// \brief \f$\operatorname{tr}(X^\top X) = \norm{X}_F^2 = \sum_j \lambda_j\f$, computed directly from X.
    const T& total_scatter() const { return total_scatter_; }
    /// \brief \f$P = X V_p\f$ (N×p): the coordinates of the training points on the axes.
    const Matrix<T>& scores() const { return scores_; }
    /// \brief N, the number of training points.
    Eigen::Index size() const { return points_; }
    /// \brief Numerical rank of X (eigenvalues above kb::Pca::rank_tolerance()).
    Eigen::Index rank() const { return rank_; }
    /// \brief The rank tolerance \f$\max(N, q)\,\varepsilon\,\norm{X}_F^2\f$ (kb::pca_rank_tolerance()).
    const T& rank_tolerance() const { return rank_tolerance_; }
    /// \brief The checks of the fit (kb::Check): orthonormal axes, the eigen-residual of
    ///        \f$X^\top X\f$, centred scores — each with the bound of numerics.hpp.
    const std::vector<Check<T>>& checks() const { return checks_; }
    /// \brief Number of components kept, p.
    Eigen::Index components() const { return loadings_.cols(); }

    /// \brief Scores of new points, centred with the *training* mean:
    ///        \f[ P_Z = (Z - \one\mu)\,V_p. \f]
    /// \param Z M×q new points (rows), finite.
    /// \returns M×p scores.
    /// \throws kb::error if Z does not have q columns or is not finite.
    Matrix<T> transform(const Matrix<T>& Z) const {
        constexpr std::string_view where = "Pca::transform";
        require(Z.cols() == mean_.cols(), where,
                "Z has points of dimension {}, but the PCA was fitted to points of dimension {}; pass new "
                "points as rows with the same {} coordinates",
                Z.cols(), mean_.cols(), mean_.cols());
        require_finite(Z, where, "Z");
        //! [pca-transform]
        // P_Z = (Z − 𝟙μ) V_p: subtract the training mean, then project on the axes.
        return (Z.rowwise() - mean_) * loadings_;
        //! [pca-transform]
    }

    /// \brief Whitened scores: column j of P divided by the standard deviation of its axis,
    ///        \f$\sqrt{\lambda_j/(N-1)}\f$, so that the training scores have sample variance 1
    ///        on every axis (scikit-learn's `whiten=True`). kb::Pca::unwhiten() undoes it.
    /// \param P M×m scores, m ≤ p (e.g. `scores()` or `transform(Z)`), finite.
    /// \throws kb::error if P has more than p columns or is not finite.
    Matrix<T> whiten(const Matrix<T>& P) const {
        require_score_columns(P, "Pca::whiten");
        using std::sqrt;
        Vector<T> scale(P.cols());
        for (Eigen::Index j = 0; j < P.cols(); ++j) scale(j) = T(1) / sqrt(variances_(j));
        return P * scale.asDiagonal();
    }

    /// \brief The scores of whitened scores W: column j of W times \f$\sqrt{\lambda_j/(N-1)}\f$
    ///        (the inverse of kb::Pca::whiten()); `reconstruct(unwhiten(W))` gives points.
    /// \throws kb::error if W has more than p columns or is not finite.
    Matrix<T> unwhiten(const Matrix<T>& W) const {
        require_score_columns(W, "Pca::unwhiten");
        using std::sqrt;
        Vector<T> scale(W.cols());
        for (Eigen::Index j = 0; j < W.cols(); ++j) scale(j) = sqrt(variances_(j));
        return W * scale.asDiagonal();
    }

    /// \brief Reconstruction from the first m components:
    ///        \f[ \hat Z = P\, V_m^\top + \one\mu, \qquad m = \text{P.cols()} \le p. \f]
    /// \param P M×m scores (e.g. `scores().leftCols(m)` or `transform(Z).leftCols(m)`), 0 ≤ m ≤ p.
    /// \returns M×q points.
    /// \throws kb::error if P has more than p columns or is not finite.
    Matrix<T> reconstruct(const Matrix<T>& P) const {
        require_score_columns(P, "Pca::reconstruct");
        //! [ch01-reconstruct]
        // Â = P V_mᵀ + 𝟙μ: go back along the first m axes, then add the mean back.
        Matrix<T> Z = P * loadings_.leftCols(P.cols()).transpose();
        Z.rowwise() += mean_;
        //! [ch01-reconstruct]
        return Z;
    }

    /// \brief Reconstruction error of points Z from m components,
    ///        \f[ E_m(Z) = \norm{Z - \bigl((Z - \one\mu)V_m V_m^\top + \one\mu\bigr)}_F. \f]
    ///
    /// For the training data this is \f$\bigl(\sum_{j>m}\sigma_j^2\bigr)^{1/2}\f$ (chapter 1,
    /// `beeny:ex2.1`; the seed prints \f$\sigma_m + \dots + \sigma_n\f$, an erratum).
    /// Computed without overflow or underflow of the squares: for the fit of \f$2^kA\f$ the
    /// error of \f$2^kZ\f$ is \f$2^k\f$ times that of Z for the fit of A, bit for bit.
    /// \throws kb::error if m is not in [0, p], or as Pca::transform.
    T reconstruction_error(const Matrix<T>& Z, Eigen::Index m) const {
        require(m >= 0 && m <= loadings_.cols(), "Pca::reconstruction_error",
                "m = {} components were asked for, but p = {} were kept; choose 0 ≤ m ≤ p",
                m, loadings_.cols());
        const Matrix<T> P = transform(Z).leftCols(m);
        // The residual of a good fit to very small data (entries of 10⁻¹⁶⁰, say) has squares
        // below the normal range of double, and those of very large data overflow:
        // kb::frobenius_norm() scales it by an exact power of two first.
        return frobenius_norm(Matrix<T>(Z - reconstruct(P)));
    }

private:
    // Scores on at most the p kept axes, finite.
    void require_score_columns(const Matrix<T>& P, std::string_view where) const {
        require(P.cols() <= loadings_.cols(), where,
                "P has {} columns (scores on {} axes), but only p = {} components were kept; refit with "
                "more components or pass fewer columns",
                P.cols(), P.cols(), loadings_.cols());
        require_finite(P, where, "P");
    }
    RowVector<T> mean_;
    Matrix<T> loadings_;
    Vector<T> eigenvalues_;
    Vector<T> variances_;
    Vector<T> singular_values_;
    Vector<T> spectrum_;
    Vector<T> explained_variance_ratio_;
    T total_scatter_ = T(0);
    T rank_tolerance_ = T(0);
    std::vector<Check<T>> checks_;
    Matrix<T> scores_;
    Eigen::Index points_ = 0;
    Eigen::Index rank_ = 0;
};

} // namespace kb
