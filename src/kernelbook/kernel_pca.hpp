#pragma once
/// \file kernel_pca.hpp
/// \brief Kernel PCA: PCA of the centred feature vectors, computed from the centred kernel
///        matrix \f$\Kc = JKJ\f$ only (kb::KernelPca).
/// \see \ref ch07-kernel-pca "Chapter 7 — Kernel PCA"; its conventions in \ref ch07-convention "§7.11"

#include "kernelbook/centering.hpp"
#include "kernelbook/checks.hpp"
#include "kernelbook/detail/exact_scale.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/progress.hpp"
#include "kernelbook/spectral.hpp"

#include <optional>
#include <string>
#include <utility>

namespace kb {

/// \brief What kb::KernelPca does when the centred kernel matrix \f$\Kc\f$ has an
///        eigenvalue below \f$-\tau\f$ (not explained by rounding).
enum class NonPsdPolicy {
    refuse,       ///< throw kb::error naming the most negative eigenvalue relative to the largest (default)
    keep_positive ///< opt-in: proceed, and use only components whose eigenvalue exceeds \f$\tau\f$
};

/// \brief How kb::KernelPca finds the eigenpairs of \f$\Kc\f$.
/// \see \ref ch07-routes "Chapter 7, §7.9" and \ref ch07-checks-routes "its engineering notes" (when each is used, what each checks, how fast)
enum class KpcaSolver {
    automatic, ///< lanczos when it applies (`double`, p given, N ≥ 200 and 4p ≤ N), dense otherwise
               ///< (default); if the Lanczos solver does not converge, dense (kb::KernelPca::solver_reason says so)
    dense,     ///< all N eigenpairs (kb::symmetric_eigen): the whole spectrum, the rank and the PSD check
    lanczos    ///< the p leading eigenpairs only (restarted Lanczos, Spectra), without the N×N eigenvectors; `double` only
};

/// \brief The route kb::KpcaSolver::automatic takes for p components of N points (p =
///        kb::all_components for every one): kb::KpcaSolver::lanczos in `double` with p given,
///        N ≥ 200 and 4p ≤ N, kb::KpcaSolver::dense otherwise. It leaves the Lanczos route for the
///        dense one only when the Lanczos solver does not converge (never on a refusal).
inline KpcaSolver automatic_solver(bool in_double, Eigen::Index N, Eigen::Index p) {
    return in_double && p != all_components && N >= 200 && 4 * p <= N ? KpcaSolver::lanczos : KpcaSolver::dense;
}

/// \brief The settings of kb::KernelPca, by name: `kb::KernelPca kpca(k, X, {.components = 2})`.
struct KpcaOptions {
    /// p ≥ 1, at most the rank of \f$\Kc\f$; kb::all_components (the default) keeps every
    /// component above the rank tolerance.
    Eigen::Index components = all_components;
    /// "At most p": keep the leading components whose eigenvalues exceed the rank tolerance τ, at
    /// most `components` of them, instead of refusing when the numerical rank of \f$\Kc\f$ is
    /// below p (the `kernelbook kpca` default is at most 10). On the Lanczos route a rank below p
    /// is found without computing the pairs beyond it (\ref ch07-routes "§7.9"): the leading
    /// pairs above τ, and a bound on everything else.
    bool at_most = false;
    /// What to do with a \f$\Kc\f$ that is not PSD (default: refuse).
    NonPsdPolicy non_psd = NonPsdPolicy::refuse;
    /// All eigenpairs, or the p leading ones only (default: chosen by size, kb::automatic_solver()).
    KpcaSolver solver = KpcaSolver::automatic;
    /// Hears the steps of the fit (kb::ProgressCallback; default: none).
    ProgressCallback progress = {};
};

/// \brief Kernel PCA fitted on N points: the top p principal axes of the centred feature
///        vectors, and the scores of any point on them (Zhu's Algorithm 8, corrected).
///
/// Constructing it fits it: with a kernel and the N×q data (then
/// kb::KernelPca::transform() takes new points), or with a precomputed N×N Gram matrix (then
/// kb::KernelPca::transform_gram() takes the kernel rows \f$k(z_m, x_i)\f$ of new points).
/// In `double`, when p is small against N, only the p leading eigenpairs are computed
/// (kb::KpcaSolver::lanczos) — or, when the numerical rank r of \f$\Kc\f$ is below p, the r
/// leading ones and a bound on every other eigenvalue (kb::KernelPca::remainder_bound()); every
/// other case computes all of them. kb::KernelPca::solver_reason() says which route ran and why.
/// Implements `zhu:alg8` (corrected), `zhu:2.3.1`, `zhu:2.3.2`, `slides:eig`, `slides:norm`,
/// `slides:score`, `slides:center`, `slides:center-test`, `gallier:svd` and `gallier:proj`;
/// refuses a \f$\Kc\f$ that is not PSD (`zhu:def4`) unless kb::NonPsdPolicy::keep_positive.
/// \code
/// kb::KernelPca kpca(kb::GaussianKernel<double>::from_zhu_sigma(1.0), X, {.components = 2}); // T from X
/// kb::Matrix<double> Y  = kpca.scores();     // N×2, training scores
/// kb::Matrix<double> Yz = kpca.transform(Z); // M×2, scores of new points
/// \endcode
/// \see \ref ch07-convention "§7.11" (conventions), \ref ch07-algorithm "§7.5" (the
///      algorithm), \ref ch07-hard-cases "§7.8" (rank, ties, matrices that are not PSD)
template <class T>
class KernelPca {
public:
    /// \brief Fits on the rows of X (N×q) with the kernel k, and keeps k and X for
    ///        kb::KernelPca::transform().
    /// \param k       any kb::Kernel over T; the model keeps it as a kb::AnyKernel
    /// \param X       N×q training points, N ≥ 2, finite
    /// \param options the components p (exactly, or at most), the policy for a \f$\Kc\f$ that
    ///                is not PSD, the solver and a progress callback (kb::KpcaOptions)
    /// \throws kb::error if N < 2, X is not finite, or as the constructor from a Gram matrix.
    KernelPca(AnyKernel<T> k, const Matrix<T>& X, const KpcaOptions& options = {})
        : p_(options.components), at_most_(options.at_most), policy_(options.non_psd), solver_(options.solver) {
        require_components_argument();
        fit_points(std::move(k), X, options.progress);
    }

    /// \brief Fits on a precomputed N×N Gram matrix \f$K_{ij} = k(x_i, x_j)\f$: \f$\Kc = JKJ\f$,
    ///        its eigenpairs (decreasing, with the sign rule of kb::apply_sign_rule()), the top p.
    /// \see \ref ch07-algorithm "§7.5" (the steps of `zhu:alg8`, corrected)
    /// \param K       N×N symmetric Gram matrix, N ≥ 2
    /// \param options as in the other constructor (kb::KpcaOptions)
    /// \throws kb::error if K is not square, not finite or not symmetric; if N < 2; if
    ///         \f$\Kc\f$ is not PSD (unless kb::NonPsdPolicy::keep_positive); if p < 1 or p
    ///         exceeds the number of eigenvalues of \f$\Kc\f$ above the rank tolerance (there are
    ///         none when all points coincide in feature space); if
    ///         kb::KpcaSolver::lanczos is asked for in a multiprecision type, without p, or
    ///         does not converge; if the eigenvalues of \f$\Kc\f$ or the column means of K
    ///         are not representable in T (beyond its range, or a kept one below its normal range).
    ///
    /// A K whose largest entry lies outside \f$[2^{-200}, 2^{200}]\f$ is fitted as
    /// \f$4^{-k}K\f$ and the results multiplied back (kb::power_of_two_exponent()): exact, so
    /// for \f$4^kK\f$ the eigenvalues are \f$4^k\f$ times, and the scores \f$2^k\f$ times,
    /// those of K, bit for bit. (A kernel and points are not rescaled: the kernel values
    /// depend on the points' scale by definition; their K is, like a given one.)
    explicit KernelPca(const Matrix<T>& K, const KpcaOptions& options = {})
        : p_(options.components), at_most_(options.at_most), policy_(options.non_psd), solver_(options.solver) {
        require_components_argument();
        require_gram(K);
        fit_gram(K, detail::exactly_symmetric(K), options.progress);
    }

    /// \brief Scores of M new points given their kernel rows \f$(K_z)_{mi} = k(z_m, x_i)\f$ (M×N):
    ///        \f$Y_z = \Kc_z A\f$, with \f$\Kc_z\f$ centred by the *training* means.
    /// \see \ref ch07-scores "§7.4"
    /// \throws kb::error if Kz does not have N columns or is not finite.
    Matrix<T> transform_gram(Matrix<T> Kz) const;

    /// \brief Scores of the rows of Z (M×q), for a model fitted with a kernel and data
    ///        (kb::KernelPca::transform_gram() of their kernel rows).
    /// \throws kb::error if the model was fitted from a Gram matrix, or Z has the wrong
    ///         dimension or is not finite.
    Matrix<T> transform(const Matrix<T>& Z) const;

    /// \brief Number p of components kept.
    Eigen::Index components() const { return p_; }
    /// \brief Number N of training points.
    Eigen::Index size() const { return Kc_.rows(); }
    /// \brief Numerical rank of \f$\Kc\f$: eigenvalues above kb::KernelPca::rank_tolerance() (≤ N − 1);
    ///        on the Lanczos route, the number of the p computed ones above it.
    Eigen::Index rank() const { return rank_; }
    /// \brief The route that computed the eigenpairs: kb::KpcaSolver::dense or kb::KpcaSolver::lanczos.
    KpcaSolver solver() const { return solver_; }
    /// \brief Why that route: what was asked for and, for kb::KpcaSolver::automatic, the rule that
    ///        chose it or the reason it left the Lanczos route (one sentence, for reports).
    const std::string& solver_reason() const { return solver_reason_; }
    /// \brief Whether kb::KernelPca::rank() is the numerical rank of \f$\Kc\f$: always on the dense
    ///        route; on the Lanczos route when the rank was found below p, with every eigenvalue
    ///        beyond the computed ones bounded by kb::KernelPca::remainder_bound() ≤ τ. Otherwise the
    ///        rank is at least kb::KernelPca::rank() (the pairs beyond p were not computed).
    bool rank_is_exact() const { return rank_is_exact_; }
    /// \brief On the Lanczos route with a rank below p: \f$c = \|\Kc - U_r\,\mathrm{diag}(\mu)\,U_r^\top\|_F\f$
    ///        for the r computed pairs, which bounds every other eigenvalue of \f$\Kc\f$ to
    ///        \f$[-c, c]\f$ (Weyl's inequality); empty otherwise.
    const std::optional<T>& remainder_bound() const { return remainder_; }
    /// \brief The rank tolerance \f$\tau = 64\,N\,\varepsilon\,(N\max|K|)\f$ (\ref ch07-hard-cases "§7.8").
    const T& rank_tolerance() const { return tau_; }

    /// \brief \f$\mu_1 \ge \dots \ge \mu_p > 0\f$: eigenvalues of \f$\Kc\f$ (scikit-learn's `eigenvalues_`).
    const Vector<T>& eigenvalues() const { return mu_; }
    /// \brief \f$\lambda_j = \mu_j/N\f$: eigenvalues of the feature covariance C, the sources' λ.
    Vector<T> feature_variances() const { return mu_ / T(size()); }
    /// \brief The eigenvalues of \f$\Kc\f$ that were computed, decreasing (for diagnostics): all N
    ///        on the dense route, the p leading ones on the Lanczos route.
    const Vector<T>& spectrum() const { return spectrum_; }
    /// \brief The unit eigenvectors \f$u_j\f$ of \f$\Kc\f$ (N×p; scikit-learn's `eigenvectors_`).
    const Matrix<T>& eigenvectors() const { return U_; }
    /// \brief \f$a_j = u_j/\sqrt{\mu_j}\f$ (N×p), with \f$N\lambda_j a_j^\top a_j = 1\f$ (`slides:norm`).
    const Matrix<T>& coefficients() const { return A_; }
    /// \brief Training scores \f$Y = U\,\mathrm{diag}(\sqrt{\mu})\f$ (N×p), equal to
    ///        kb::KernelPca::transform() of the training points.
    const Matrix<T>& scores() const { return Y_; }
    /// \brief The checks of the fit (kb::Check), with the bounds of numerics.hpp: PSD (the
    ///        smallest eigenvalue of \f$\Kc\f$ against τ — computed on the dense route, by a
    ///        Lanczos run for the lowest one or bounded by kb::KernelPca::remainder_bound() on
    ///        the Lanczos route), orthonormal eigenvectors, the eigen-residual, the centring.
    /// \see \ref ch07-checks-routes "Chapter 7's engineering notes"
    const std::vector<Check<T>>& checks() const { return checks_; }
    /// \brief The centred kernel matrix \f$\Kc = JKJ\f$ (N×N).
    const Matrix<T>& centered_gram() const { return Kc_; }
    /// \brief The training statistics used to centre new kernel rows.
    const KernelCentering<T>& centering() const { return *centering_; }

private:
    void require_components_argument() const {
        if (at_most_)
            require(p_ >= 1, "KernelPca", "components = {} with at_most: keep at most p ≥ 1 components", p_);
        require(p_ == all_components || p_ >= 1, "KernelPca",
                "components = {} must be ≥ 1, or kb::all_components", p_);
    }
    // Fits on the rows of X with the kernel k (the constructors from points).
    void fit_points(AnyKernel<T> k, const Matrix<T>& X, const ProgressCallback& progress) {
        require_min_points(X, 2, "KernelPca", "X");
        require_finite(X, "KernelPca", "X");
        //! [kpca-gram]
        // X is checked once, here; K = gram(k, X) is exactly symmetric by construction.
        Matrix<T> K = detail::kernel_values(k, X);
        require_kernel_values(K, "KernelPca", "k(x_i, x_j)", k.describe());
        detail::require_some_kernel_value(K, X, "KernelPca", k.describe());
        fit_gram(std::move(K), true, progress);
        //! [kpca-gram]
        // Kept for transform: the kernel rows k(z_m, x_i) of new points are gram(k, Z, X).
        kernel_.emplace(std::move(k));
        X_ = X;
    }
    // K̃ = JKJ, its eigen-decomposition, and the top p components (detail/kernel_pca_impl.hpp).
    void require_gram(const Matrix<T>& K) const;
    // K: checked by the constructor that calls it, which says whether K is exactly symmetric.
    void fit_gram(Matrix<T> K, bool symmetric, const ProgressCallback& progress);
    // The route: lanczos or dense, from solver_, the type, N and p.
    KpcaSolver choose_solver(Eigen::Index N) const;
    // The leading eigenpairs of K̃ by Lanczos (values decreasing, vectors with the sign rule) and
    // the smallest Ritz value seen: p of them, or the r < p above τ when the rank is below p
    // (remainder_ set); none when the solver does not converge. The dense route is
    // kb::symmetric_eigen(K̃).
    std::optional<SymmetricEigen<T>> lanczos_eigenpairs(T& smallest_seen);
    // The nev leading pairs by Spectra's restarted Lanczos; none when it does not converge.
    std::optional<SymmetricEigen<T>> lanczos_run(Eigen::Index nev, T& smallest_seen) const;
    // An upper bound θ ≥ λ_min(K̃): a Lanczos run for the lowest eigenvalue of K̃, with a fixed
    // budget; `converged` says whether θ converged.
    T lanczos_lowest(bool& converged) const;
    // The checks of the fit (before rescale()); λ_min as computed or bounded by the route.
    void verify(const T& lambda_min);
    // A lower bound on the number of eigenvalues of K̃ above τ in absolute value, from m sampled
    // columns; `lowest` receives an upper bound on λ_min (the sampled principal submatrix's).
    Eigen::Index rank_probe(Eigen::Index m, T& lowest) const;
    // ‖K̃ − U diag(μ) Uᵀ‖_F, read from the lower triangle of K̃.
    T remainder_norm(const SymmetricEigen<T>& eig) const;
    // K̃ must be PSD up to rounding, unless the caller opted in: λ_min is the smallest
    // eigenvalue computed (dense) or the smallest Ritz value seen (Lanczos), λ_max the largest.
    void require_definite(const T& lambda_min, const T& lambda_max, std::string_view where) const;
    // p ≤ N − 1 (K̃𝟙 = 0), and p ≤ rank(K̃): beyond the rank the axis v_j / √μ_j is 0/0.
    void require_below_points(Eigen::Index N, std::string_view where) const;
    void require_components(std::string_view where) const;
    // After a fit of 2^-e·K: the results at the scale of K (the original), or a refusal when
    // they are not representable in T.
    void rescale(const Matrix<T>& K, const detail::ExactScale<T>& scale);
    // A value of the scaled fit at the scale of K, for messages (2^e·x; x itself when e = 0).
    T at_scale(const T& x) const { return times_power_of_two(x, scale_); }

    Eigen::Index p_;
    bool at_most_ = false; // p_ is a maximum (KpcaOptions::at_most), not a demand
    NonPsdPolicy policy_;
    KpcaSolver solver_;
    std::string solver_reason_;
    bool rank_is_exact_ = false;
    std::optional<T> remainder_;
    std::vector<Check<T>> checks_;
    bool lowest_converged_ = false; // the Lanczos run for λ_min converged (Lanczos route)
    Eigen::Index rank_ = 0;
    int scale_ = 0; // e while K is fitted as 2^-e·K (rescale() sets it back to 0)
    T tau_ = T(0);
    std::optional<KernelCentering<T>> centering_; // set by fit_gram
    Matrix<T> Kc_;
    Vector<T> spectrum_;
    Vector<T> mu_;
    Matrix<T> U_;
    Matrix<T> A_;
    Matrix<T> Y_;
    std::optional<AnyKernel<T>> kernel_; // the kernel (none when fitted from a Gram matrix)
    Matrix<T> X_;                         // the training points (with the kernel)
};

/// \brief The scalar type of kb::KernelPca(k, X, …) is deduced from the data X.
template <class K, class T>
    requires Kernel<K, T>
KernelPca(K, Matrix<T>, KpcaOptions = {}) -> KernelPca<T>;

/// \cond INTERNAL
// The compiled members, listed once: PREFIX is `extern template` here (declarations) and
// `template` in the library's generated instantiation units (definitions; src/CMakeLists.txt
// generates one unit per module and scalar type from this list).
#define KB_KERNEL_PCA_MEMBERS(PREFIX, T) PREFIX class KernelPca<T>;
KB_KERNEL_PCA_MEMBERS(extern template, double)
KB_KERNEL_PCA_MEMBERS(extern template, real50)
KB_KERNEL_PCA_MEMBERS(extern template, real100)
/// \endcond

} // namespace kb
