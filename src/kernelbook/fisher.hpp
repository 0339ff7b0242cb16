#pragma once
/// \file fisher.hpp
/// \brief Multi-class Fisher discriminant analysis (Fukunaga, ch. 10): scatter matrices,
///        discriminant directions from a symmetric eigenproblem, projection, and the
///        nearest-class-mean classifier in the projected space.
///
/// For N points \f$x_n\in\R^d\f$ (rows of X) in C classes with \f$N_c\f$ points,
/// class means \f$\mu_c\f$ and overall mean \f$\mu\f$:
/// \f[ S_w = \sum_{c}\sum_{n:\,y_n=c} (x_n-\mu_c)(x_n-\mu_c)^\top, \qquad
///     S_b = \sum_c N_c\,(\mu_c-\mu)(\mu_c-\mu)^\top, \qquad S_w + S_b = S_t = \sum_n (x_n-\mu)(x_n-\mu)^\top. \f]
/// Fisher's directions maximise the ratio of between- to within-class spread,
/// \f[ J(w) = \frac{w^\top S_b\,w}{w^\top S_w\,w}, \f]
/// i.e. they solve the generalised symmetric eigenproblem \f$S_b w = \lambda S_w w\f$.
/// \f$S_b\f$ has rank at most C − 1, so there are at most C − 1 directions with λ > 0.
/// (Scaling \f$S_w\f$ and \f$S_b\f$ to covariances changes λ by a constant factor and leaves
/// the directions unchanged.)
///
/// **The symmetric route.** Eigen's general eigensolver is not available in
/// multiprecision, and \f$S_w^{-1}S_b\f$ is not symmetric. With \f$S_w = V\Lambda V^\top\f$,
/// the substitution \f$w = S_w^{-1/2}u\f$ turns the problem into the symmetric one
/// \f[ S_w^{-1/2}\,S_b\,S_w^{-1/2}\,u = \lambda\,u , \f]
/// whose eigenvalues are real and whose eigenvectors are orthonormal, so the directions
/// \f$w_j = S_w^{-1/2}u_j\f$ are \f$S_w\f$-orthonormal: \f$W^\top S_w W = I\f$ and
/// \f$W^\top S_b W = \mathrm{diag}(\lambda)\f$. The code works in the eigenbasis of
/// \f$S_w\f$: with \f$B = V_r\Lambda_r^{-1/2}\f$ (d×r) it decomposes the r×r matrix
/// \f$B^\top S_b B\f$ (same non-zero eigenvalues as \f$S_w^{+1/2}S_bS_w^{+1/2}\f$) and sets
/// \f$W = BU\f$.
///
/// <b>Singular \f$S_w\f$: the ridge and rank policy.</b> \f$S_w\f$ has rank at most N − C, so
/// it is singular whenever d > N − C — always for explicitly mapped features, where d = N.
/// Two explicit parameters (kb::FisherOptions) decide what happens:
///  - the *ridge* \f$\rho \ge 0\f$ (default 0) replaces \f$S_w\f$ by
///    \f$\tilde S_w = S_w + \rho\,\frac{\mathrm{tr}\,S_w}{d}\,I\f$ (relative to the mean
///    eigenvalue of \f$S_w\f$, so ρ is scale-free); ρ > 0 makes \f$\tilde S_w\f$ positive
///    definite and the directions maximise \f$w^\top S_b w / w^\top \tilde S_w w\f$;
///  - the *rank tolerance* τ (default \f$64\,\max(N, d)\,\varepsilon\,\lambda_{\max}(\tilde S_w)\f$,
///    kb::psd_rounding_tolerance: forming \f$S_w\f$ from N points and decomposing it
///    perturb its zero eigenvalues by a few \f$\max(N, d)\,\varepsilon\,\lambda_{\max}\f$,
///    and inverting such an eigenvalue would make the direction follow rounding noise):
///    eigenvalues of \f$\tilde S_w\f$ at or below τ count as
///    zero and their eigenvectors are left out, so the directions lie in the span
///    \f$\mathcal R\f$ of the r eigenvectors kept (the range of \f$S_w\f$ when ρ = 0).
///    Between-class differences in the null space of \f$S_w\f$ — where the ratio is
///    infinite and the training classes collapse to points — are discarded. Then
///    \f$W^\top\tilde S_wW = I\f$ still holds. Everything here is invariant under a
///    rotation of the data (\f$X \mapsto XQ\f$, Q orthogonal: the directions turn with the
///    data, projections and predictions stay). This is *not* what scikit-learn's
///    `LinearDiscriminantAnalysis(solver="svd")` computes: it divides each feature by its
///    within-class standard deviation before its SVD and drops singular values below a
///    relative `tol` = 1e-4, so which directions it keeps depends on the coordinate basis
///    (the same features rotated can be classified differently), and its threshold is not
///    a rounding level.
///
/// **Classifier.** A point z is projected to \f$(z-\mu)W\f$ and given the class whose
/// projected mean is nearest in the Euclidean norm (which, since \f$W^\top\tilde S_wW = I\f$,
/// is the within-class Mahalanobis norm of the projection).
///
/// Heavy work goes through the pre-compiled kb::symmetric_eigen; everything else here is
/// products and sums, header-only. The scatter matrices also work in `kb::rational`
/// (where \f$S_w + S_b = S_t\f$ holds exactly); the discriminant needs square roots and
/// is for `double`, `kb::real50`, `kb::real100`.

#include "kernelbook/checks.hpp"
#include "kernelbook/class_scatter.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace kb {

/// \brief The settings of kb::FisherDiscriminant, by name:
///        `kb::FisherDiscriminant F(X, y, {.components = 2, .ridge = 0.1})`.
template <class T>
struct FisherOptions {
    /// k, the number of directions, \f$1 \le k \le C-1\f$; kb::all_components (the default): C − 1.
    Eigen::Index components = all_components;
    /// Relative ridge ρ ≥ 0: \f$\tilde S_w = S_w + \rho\,(\mathrm{tr}\,S_w/d)\,I\f$.
    T ridge = T(0);
    /// Eigenvalues of \f$\tilde S_w\f$ at or below this count as zero; unset:
    /// kb::psd_rounding_tolerance(max(N, d), λ_max) = 64·max(N, d)·ε·λ_max.
    std::optional<T> rank_tolerance;
};

/// \cond INTERNAL
namespace detail {
/// The Fisher ratios λ₁ ≥ … (of an r-dimensional problem) must be real ratios, not rounding,
/// down to λ_k: the class means must span k dimensions.
template <class T>
void require_separating(const Vector<T>& values, Eigen::Index r, Eigen::Index k, std::string_view where) {
    const T zero_level = psd_rounding_tolerance<T>(r, values(0));
    require(values(0) > zero_level, where,
            "all class means coincide (S_b = 0 to rounding); there is no direction that separates the classes");
    require(values(k - 1) > zero_level, where,
            "the Fisher ratio of direction {} is zero to rounding (λ = {}): the class means span fewer than "
            "k dimensions; ask for fewer directions",
            k, shown(values(k - 1)));
}
/// k from the options: C − 1 for kb::all_components; refused outside [1, C − 1].
inline Eigen::Index fisher_components(Eigen::Index asked, Eigen::Index C, std::string_view where) {
    const Eigen::Index k = asked == all_components ? C - 1 : asked;
    require(k >= 1 && k <= C - 1, where,
            "components = {} directions were asked for, but {} classes give at most C − 1 = {} (S_b has "
            "rank ≤ C − 1); choose 1 ≤ components ≤ {}",
            asked, C, C - 1, C - 1);
    return k;
}
} // namespace detail
/// \endcond

template <class T>
class FisherDiscriminant;
template <class T>
std::vector<FisherDiscriminant<T>> fisher_ridge_path(const Matrix<T>& X, const std::vector<int>& y,
                                                     Eigen::Index k, const std::vector<T>& ridges);

/// \brief Fisher discriminant analysis fitted to labelled data (see fisher.hpp for the method
///        and the policy for singular \f$S_w\f$): constructing it fits it; then it projects
///        points onto the k directions (kb::FisherDiscriminant::transform()) and classifies them
///        by the nearest projected class mean (kb::FisherDiscriminant::predict()).
///
/// Chapter 8 runs it on the explicitly mapped images of the paper's experiment (the Fisher
/// views of `ghiasi:fig1-4`, figures 3–4), where the rank policy leaves out the null space of
/// the singular \f$S_w\f$ of N mapped points in \f$\R^N\f$.
/// \code
/// kb::FisherDiscriminant F(X, y, {.components = 2}); // T from X
/// kb::Matrix<double> P = F.transform(Z);             // M×2
/// std::vector<int> labels = F.predict(Z);
/// \endcode
template <class T>
class FisherDiscriminant {
public:
    /// \brief Fits k Fisher directions to the rows of X with the labels y.
    /// \param X N×d training data (rows are points), finite
    /// \param y N class labels, at least two distinct
    /// \param options the number of directions k, the ridge ρ and the rank tolerance τ
    ///        (kb::FisherOptions)
    /// \throws kb::error on the errors of kb::scatter_matrices; if k is not in [1, C − 1];
    ///         if ρ is negative or not finite; if \f$S_w = 0\f$ (every class a single repeated
    ///         point); if τ is negative, not finite or not below \f$\lambda_{\max}(\tilde S_w)\f$;
    ///         if k exceeds the rank r; or if the k-th ratio is zero to rounding (the class
    ///         means span fewer than k dimensions).
    FisherDiscriminant(const Matrix<T>& X, const std::vector<int>& y, const FisherOptions<T>& options = {}) {
        using std::sqrt;
        constexpr std::string_view where = "FisherDiscriminant";
        const Scatter<T> s = scatter_matrices(X, y);
        const Eigen::Index C = static_cast<Eigen::Index>(s.classes.size()), d = X.cols();
        const Eigen::Index k = detail::fisher_components(options.components, C, where);
        require(is_finite(options.ridge) && options.ridge >= 0, where,
                "ridge = {} must be finite and ≥ 0 (0: no ridge)", shown(options.ridge));
        const T trace = s.within.trace();
        require(trace > 0, where,
                "the within-class scatter S_w is zero: every class consists of one repeated point, so Fisher's "
                "ratio is undefined; give several distinct points per class");
        size_ = X.rows();
        classes_ = s.classes;
        mean_ = s.mean;
        // S̃_w = S_w + ρ (tr S_w / d) I: the ridge, relative to the mean eigenvalue of S_w.
        ridge_ = options.ridge * trace / T(d);
        Matrix<T> Sw = s.within;
        Sw.diagonal().array() += ridge_;
        const SymmetricEigen<T> eig = symmetric_eigen(Sw);
        const T lambda_max = eig.values(0);
        tau_ = options.rank_tolerance ? *options.rank_tolerance
                                      : psd_rounding_tolerance<T>(std::max(X.rows(), d), lambda_max);
        require(is_finite(tau_) && tau_ >= 0 && tau_ < lambda_max, where,
                "rank_tolerance = {} must be finite, ≥ 0 and below λ_max(S_w) = {}; leave it unset for the "
                "default 64·max(N, d)·ε·λ_max",
                shown(tau_), shown(lambda_max));
        // Keep the r eigenvalues above τ: B = V_r Λ_r^{-1/2} whitens S̃_w on their span.
        rank_ = numerical_rank(eig.values, tau_);
        require(k <= rank_, where,
                "components = {} directions were asked for, but S_w has numerical rank {} (eigenvalues above "
                "rank_tolerance = {}); ask for fewer directions or add a ridge",
                k, rank_, shown(tau_));
        //! [ch08-fisher-directions]
        const Eigen::Index r = rank_;
        Matrix<T> B = eig.vectors.leftCols(r);
        for (Eigen::Index i = 0; i < r; ++i) B.col(i) /= sqrt(eig.values(i));
        // M = Bᵀ S_b B: the symmetric form S̃_w^{-1/2} S_b S̃_w^{-1/2} in the eigenbasis of S̃_w.
        const Matrix<T> BtSbB = B.transpose() * s.between * B;
        const Matrix<T> M = (BtSbB + BtSbB.transpose()) / T(2);
        const SymmetricEigen<T> fisher = symmetric_eigen(M);
        // λ_k must be a real ratio, not rounding: the class means must span k dimensions.
        detail::require_separating(fisher.values, r, k, where);
        // w_j = B u_j: S̃_w-orthonormal directions; the book's sign rule on each w_j.
        values_ = fisher.values.head(k);
        W_ = B * fisher.vectors.leftCols(k);
        //! [ch08-fisher-directions]
        apply_sign_rule(W_);
        means_ = s.means.rowwise() - s.mean;
        centres_ = means_ * W_;
        // The two symmetric eigenproblems solved, each against its eigensolver's bound: the r kept
        // eigenpairs of S̃_w and the k of M.
        checks_ = detail::eigenpair_checks(Sw, Matrix<T>(eig.vectors.leftCols(r)), Vector<T>(eig.values.head(r)),
                                           lambda_max, "S̃_w", "V_r", "λ_max(S̃_w)");
        for (Check<T>& c : checks_) c.name += " of S̃_w";
        for (Check<T> c : detail::eigenpair_checks(M, Matrix<T>(fisher.vectors.leftCols(k)), values_,
                                                   T(fisher.values(0)), "M", "U_k", "λ₁(M)")) {
            c.name += " of M = BᵀS_bB";
            checks_.push_back(std::move(c));
        }
    }

    /// \brief W, d×k: column j is \f$w_j\f$; \f$W^\top\tilde S_wW = I\f$ (sign rule applied).
    const Matrix<T>& directions() const { return W_; }
    /// \brief \f$\lambda_1 \ge \dots \ge \lambda_k > 0\f$: the Fisher ratios \f$J(w_j)\f$ with \f$\tilde S_w\f$.
    const Vector<T>& eigenvalues() const { return values_; }
    /// \brief μ (1×d), the training mean: the origin of the projection.
    const RowVector<T>& mean() const { return mean_; }
    /// \brief C×k: the projected class means \f$(\mu_c-\mu)W\f$, row c for `classes()[c]`.
    const Matrix<T>& centres() const { return centres_; }
    /// \brief The class labels, increasing.
    const std::vector<int>& classes() const { return classes_; }
    /// \brief k, the number of directions.
    Eigen::Index components() const { return W_.cols(); }
    /// \brief N, the number of training points.
    Eigen::Index size() const { return size_; }
    /// \brief r, the numerical rank of \f$\tilde S_w\f$ (the dimension of the search space).
    Eigen::Index rank() const { return rank_; }
    /// \brief τ, the rank tolerance used (kb::FisherOptions::rank_tolerance or its default).
    const T& rank_tolerance() const { return tau_; }
    /// \brief The absolute ridge added to \f$S_w\f$, \f$\rho\,\mathrm{tr}(S_w)/d\f$.
    const T& ridge() const { return ridge_; }
    /// \brief The checks of the fit (kb::Check): the orthonormality and the eigen-residual of the
    ///        r kept eigenpairs of \f$\tilde S_w\f$ and of the k eigenpairs of
    ///        \f$M = B^\top S_bB\f$, each against its eigensolver's bound (numerics.hpp). Empty for
    ///        the discriminants of kb::fisher_ridge_path() and of with_directions().
    const std::vector<Check<T>>& checks() const { return checks_; }

    /// \brief Projects points onto the directions: \f$Z \mapsto (Z - \one\mu)W\f$ (M×k).
    /// \throws kb::error if Z has the wrong number of columns or is not finite.
    Matrix<T> transform(const Matrix<T>& Z) const { return project(Z, "FisherDiscriminant::transform"); }

    /// \brief Nearest-class-mean classification in the projected space: each row of Z gets the
    ///        class whose projected mean is nearest; ties go to the smaller label.
    /// \throws kb::error as kb::FisherDiscriminant::transform().
    std::vector<int> predict(const Matrix<T>& Z) const {
        const Matrix<T> P = project(Z, "FisherDiscriminant::predict");
        std::vector<int> out(static_cast<std::size_t>(P.rows()));
        for (Eigen::Index m = 0; m < P.rows(); ++m) {
            Eigen::Index best = 0;
            T best_d2 = (P.row(m) - centres_.row(0)).squaredNorm();
            for (Eigen::Index c = 1; c < centres_.rows(); ++c) {
                const T d2 = (P.row(m) - centres_.row(c)).squaredNorm();
                if (d2 < best_d2) {
                    best_d2 = d2;
                    best = c;
                }
            }
            out[static_cast<std::size_t>(m)] = classes_[static_cast<std::size_t>(best)];
        }
        return out;
    }

    /// \brief The same model with the directions W (d×k′) in place of Fisher's, the class means
    ///        projected anew: to compare another direction's nearest-mean classification (the
    ///        mean difference, a random one) with Fisher's.
    /// \throws kb::error if W does not have d rows, has no column, or is not finite.
    FisherDiscriminant with_directions(const Matrix<T>& W) const {
        constexpr std::string_view where = "FisherDiscriminant::with_directions";
        require(W.rows() == W_.rows() && W.cols() >= 1, where,
                "W is {}×{}, but the discriminant was fitted in dimension {}; give d = {} rows and at least one "
                "column",
                W.rows(), W.cols(), W_.rows(), W_.rows());
        require_finite(W, where, "W");
        FisherDiscriminant other = *this;
        other.W_ = W;
        other.values_ = Vector<T>();
        other.checks_.clear();
        other.centres_ = means_ * W;
        return other;
    }

private:
    FisherDiscriminant() = default;
    friend std::vector<FisherDiscriminant<T>> fisher_ridge_path<T>(const Matrix<T>&, const std::vector<int>&,
                                                                    Eigen::Index, const std::vector<T>&);
    // (Z − 𝟙μ)W, its checks naming the public function `where` that was called.
    Matrix<T> project(const Matrix<T>& Z, std::string_view where) const {
        require(Z.cols() == W_.rows(), where,
                "Z has {} columns but the discriminant was fitted in dimension {}; give points of the training "
                "dimension",
                Z.cols(), W_.rows());
        require_finite(Z, where, "Z");
        return (Z.rowwise() - mean_) * W_;
    }

    Matrix<T> W_;
    Vector<T> values_;
    RowVector<T> mean_;
    Matrix<T> centres_;
    Matrix<T> means_; // C×d: the class means minus μ (for with_directions)
    std::vector<int> classes_;
    std::vector<Check<T>> checks_;
    Eigen::Index size_ = 0;
    Eigen::Index rank_ = 0;
    T tau_ = T(0);
    T ridge_ = T(0);
};

/// \brief The scalar type of kb::FisherDiscriminant(X, y, …) is deduced from the data X.
template <class T>
FisherDiscriminant(Matrix<T>, std::vector<int>, FisherOptions<T> = {}) -> FisherDiscriminant<T>;

/// \brief Fisher discriminants for several ridges ρ from one eigen-decomposition of \f$S_w\f$
///        (the ridge path): entry i is, to rounding, the kb::FisherDiscriminant with
///        `{.components = k, .ridge = ridges[i]}` and the default rank tolerance.
///
/// \f$\tilde S_w = S_w + \rho\,(\mathrm{tr}\,S_w/d)\,I\f$ has the eigenvectors of \f$S_w\f$ and
/// the eigenvalues \f$\lambda_i + \rho\,\mathrm{tr}\,S_w/d\f$, so one decomposition serves every
/// ridge; the rank tolerance follows each ridge's \f$\lambda_{\max}(\tilde S_w)\f$. And since
/// \f$S_b = D^\top N_C D\f$ (D the C×d class means minus μ, \f$N_C = \mathrm{diag}(N_c)\f$) has rank
/// at most C − 1, the r×r matrix \f$M = B^\top S_bB = GG^\top\f$ with \f$G = B^\top D^\top N_C^{1/2}\f$
/// (r×C) is decomposed through the C×C matrix \f$G^\top G\f$: if \f$G^\top Gv = \lambda v\f$ with
/// λ > 0, then \f$u = Gv/\sqrt\lambda\f$ is a unit eigenvector of M with the same λ. The cost is
/// one d×d eigen-decomposition in all instead of two per ridge. The classifier chooses ρ
/// on data it was not fitted on (\ref ch08-checks-study "chapter 8's study").
///
/// \param X N×d training data (rows are points), finite
/// \param y N class labels, at least two distinct
/// \param k number of directions, \f$1 \le k \le C-1\f$
/// \param ridges the relative ridges ρ ≥ 0, at least one (0: the rank policy alone)
/// \throws kb::error as kb::FisherDiscriminant for each ridge, or if `ridges` is empty.
template <class T>
std::vector<FisherDiscriminant<T>> fisher_ridge_path(const Matrix<T>& X, const std::vector<int>& y,
                                                     Eigen::Index k, const std::vector<T>& ridges) {
    using std::sqrt;
    constexpr std::string_view where = "fisher_ridge_path";
    require(!ridges.empty(), where, "no ridges were given; list at least one ρ ≥ 0 (0: no ridge)");
    const Scatter<T> s = scatter_matrices(X, y);
    const Eigen::Index C = static_cast<Eigen::Index>(s.classes.size()), d = X.cols();
    k = detail::fisher_components(k, C, where);
    for (const T& rho : ridges)
        require(is_finite(rho) && rho >= 0, where, "ridge = {} must be finite and ≥ 0 (0: no ridge)", shown(rho));
    const T trace = s.within.trace();
    require(trace > 0, where,
            "the within-class scatter S_w is zero: every class consists of one repeated point; give several "
            "distinct points per class");
    // S_w = V Λ Vᵀ once; S̃_w = V (Λ + ρ tr(S_w)/d) Vᵀ for every ρ.
    const SymmetricEigen<T> eig = symmetric_eigen(s.within);
    // G₀ = Vᵀ Dᵀ N_C^{1/2} (d×C): the class-mean differences in the eigenbasis, weighted by √N_c.
    Matrix<T> DN = (s.means.rowwise() - s.mean).transpose();
    for (Eigen::Index c = 0; c < C; ++c) DN.col(c) *= sqrt(T(s.counts[static_cast<std::size_t>(c)]));
    const Matrix<T> G0 = eig.vectors.transpose() * DN;
    std::vector<FisherDiscriminant<T>> path;
    for (const T& rho : ridges) {
        FisherDiscriminant<T> F;
        F.size_ = X.rows();
        F.classes_ = s.classes;
        F.mean_ = s.mean;
        F.ridge_ = rho * trace / T(d);
        const Vector<T> lambda = (eig.values.array() + F.ridge_).matrix();
        const T tol = psd_rounding_tolerance<T>(std::max(X.rows(), d), lambda(0));
        F.tau_ = tol;
        F.rank_ = numerical_rank(lambda, tol);
        require(k <= F.rank_, where,
                "k = {} directions were asked for, but S_w + ridge has numerical rank {} (ρ = {}); ask for fewer "
                "directions or add a ridge",
                k, F.rank_, shown(rho));
        const Eigen::Index r = F.rank_;
        // G = Bᵀ Dᵀ N_C^{1/2} with B = V_r Λ̃_r^{-1/2}: row i of G₀ divided by √λ̃_i.
        Matrix<T> G = G0.topRows(r);
        for (Eigen::Index i = 0; i < r; ++i) G.row(i) /= sqrt(lambda(i));
        // M = G Gᵀ: its non-zero eigenpairs from the C×C matrix Gᵀ G.
        const Matrix<T> GtG = G.transpose() * G;
        const SymmetricEigen<T> small = symmetric_eigen(Matrix<T>((GtG + GtG.transpose()) / T(2)));
        detail::require_separating(small.values, r, k, where);
        // u_j = G v_j / √λ_j, w_j = B u_j = V_r Λ̃_r^{-1/2} u_j; the book's sign rule on each w_j.
        F.values_ = small.values.head(k);
        Matrix<T> U = G * small.vectors.leftCols(k);
        for (Eigen::Index j = 0; j < k; ++j) U.col(j) /= sqrt(F.values_(j));
        for (Eigen::Index i = 0; i < r; ++i) U.row(i) /= sqrt(lambda(i));
        F.W_ = eig.vectors.leftCols(r) * U;
        apply_sign_rule(F.W_);
        F.means_ = s.means.rowwise() - s.mean;
        F.centres_ = F.means_ * F.W_;
        path.push_back(std::move(F));
    }
    return path;
}

/// \brief Fraction of predictions equal to the truth, in [0, 1].
/// \throws kb::error if the lists differ in length or are empty.
inline double classification_accuracy(const std::vector<int>& predicted, const std::vector<int>& truth) {
    require(predicted.size() == truth.size() && !truth.empty(), "classification_accuracy",
            "{} predictions for {} true labels; give one prediction per labelled point (at least one)",
            predicted.size(), truth.size());
    std::size_t right = 0;
    for (std::size_t n = 0; n < truth.size(); ++n) right += predicted[n] == truth[n];
    return double(right) / double(truth.size());
}

} // namespace kb
