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

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace kb {

/// \brief Class statistics of a labelled data set: the classes, their sizes and means, and
///        the within- and between-class scatter matrices.
template <class T>
struct Scatter {
    std::vector<int> classes;          ///< the C distinct labels, increasing
    std::vector<Eigen::Index> counts;  ///< \f$N_c\f$, the number of points of each class
    Matrix<T> means;                   ///< C×d, row c is the class mean \f$\mu_c\f$
    RowVector<T> mean;                 ///< the overall mean \f$\mu\f$ (1×d)
    Matrix<T> within;                  ///< \f$S_w\f$ (d×d)
    Matrix<T> between;                 ///< \f$S_b\f$ (d×d)
};

/// \brief The class means and the scatter matrices \f$S_w\f$, \f$S_b\f$ (see fisher.hpp).
///
/// \param X N×d data, one point per row, finite
/// \param y N labels (any integers); the classes are the distinct labels
/// \throws kb::error if X is empty or not finite, y does not have one label per row, or
///         there are fewer than two classes.
template <class T>
Scatter<T> scatter_matrices(const Matrix<T>& X, const std::vector<int>& y) {
    constexpr std::string_view where = "scatter_matrices";
    require_min_points(X, 1, where, "X");
    require(static_cast<Eigen::Index>(y.size()) == X.rows(), where,
            "X has {} rows but y has {} labels; give one label per point", X.rows(), y.size());
    require_finite(X, where, "X");
    Scatter<T> s;
    s.classes = y;
    std::sort(s.classes.begin(), s.classes.end());
    s.classes.erase(std::unique(s.classes.begin(), s.classes.end()), s.classes.end());
    const Eigen::Index C = static_cast<Eigen::Index>(s.classes.size()), d = X.cols();
    require(C >= 2, where,
            "all {} points have the label {}; a discriminant needs at least two classes", X.rows(), y[0]);
    auto class_of = [&](int label) {
        return std::lower_bound(s.classes.begin(), s.classes.end(), label) - s.classes.begin();
    };
    // μ_c: the mean of the points of class c; μ: the mean of all points.
    s.counts.assign(static_cast<std::size_t>(C), 0);
    s.means = Matrix<T>::Zero(C, d);
    for (Eigen::Index n = 0; n < X.rows(); ++n) {
        const auto c = class_of(y[static_cast<std::size_t>(n)]);
        s.means.row(c) += X.row(n);
        ++s.counts[static_cast<std::size_t>(c)];
    }
    for (Eigen::Index c = 0; c < C; ++c) s.means.row(c) /= T(s.counts[static_cast<std::size_t>(c)]);
    s.mean = X.colwise().sum() / T(X.rows());
    // S_w = Σ_c Σ_{n∈c} (x_n − μ_c)ᵀ(x_n − μ_c): the scatter of the points around their class mean.
    Matrix<T> Xc(X.rows(), d);
    for (Eigen::Index n = 0; n < X.rows(); ++n) Xc.row(n) = X.row(n) - s.means.row(class_of(y[static_cast<std::size_t>(n)]));
    const Matrix<T> Sw = Xc.transpose() * Xc;
    s.within = (Sw + Sw.transpose()) / T(2); // exactly symmetric
    // S_b = Σ_c N_c (μ_c − μ)ᵀ(μ_c − μ): the scatter of the class means around μ.
    Matrix<T> D = s.means.rowwise() - s.mean;
    Matrix<T> Sb = Matrix<T>::Zero(d, d);
    for (Eigen::Index c = 0; c < C; ++c)
        Sb += T(s.counts[static_cast<std::size_t>(c)]) * D.row(c).transpose() * D.row(c);
    s.between = (Sb + Sb.transpose()) / T(2);
    return s;
}

/// \brief Fisher's ratio \f$J(w) = w^\top S_b w / w^\top S_w w\f$ of a direction w (d×1).
/// \throws kb::error if S_b or S_w is not square, finite and symmetric, their sizes differ,
///         w has the wrong length or is not finite, or \f$w^\top S_w w \le 0\f$.
template <class T>
T fisher_ratio(const Matrix<T>& Sb, const Matrix<T>& Sw, const Vector<T>& w) {
    require_symmetric(Sb, "fisher_ratio", "S_b");
    require_symmetric(Sw, "fisher_ratio", "S_w");
    require(Sb.rows() == Sw.rows(), "fisher_ratio",
            "S_b is {}×{} but S_w is {}×{}; give the two scatter matrices of one data set",
            Sb.rows(), Sb.cols(), Sw.rows(), Sw.cols());
    require(w.size() == Sw.rows(), "fisher_ratio",
            "w has length {} but S_w is {}×{}; give a direction in the data space",
            w.size(), Sw.rows(), Sw.cols());
    require_finite(w, "fisher_ratio", "w");
    const T denominator = w.dot(Sw * w);
    require(denominator > 0, "fisher_ratio",
            "wᵀ S_w w = {} is not positive; w lies in the null space of S_w", shown(denominator));
    return w.dot(Sb * w) / denominator;
}

/// \brief How Fisher analysis treats a singular within-class scatter (see fisher.hpp).
template <class T>
struct FisherOptions {
    /// Relative ridge ρ ≥ 0: \f$\tilde S_w = S_w + \rho\,(\mathrm{tr}\,S_w/d)\,I\f$.
    T ridge = T(0);
    /// Eigenvalues of \f$\tilde S_w\f$ at or below this count as zero; unset:
    /// kb::psd_rounding_tolerance(max(N, d), λ_max) = 64·max(N, d)·ε·λ_max.
    std::optional<T> rank_tol;
};

/// \brief A fitted Fisher discriminant: directions, their ratios, and what projection and
///        classification need.
template <class T>
struct FisherDiscriminant {
    Matrix<T> directions;    ///< W, d×k: column j is \f$w_j\f$; \f$W^\top\tilde S_wW = I\f$ (sign rule applied)
    Vector<T> values;        ///< \f$\lambda_1 \ge \dots \ge \lambda_k > 0\f$: \f$J(w_j)\f$ with \f$\tilde S_w\f$
    RowVector<T> mean;       ///< μ, the training mean (origin of the projection)
    Matrix<T> centres;       ///< C×k: the projected class means \f$(\mu_c-\mu)W\f$
    std::vector<int> classes; ///< the class labels, increasing (row c of `centres`)
    Eigen::Index rank = 0;   ///< r, the numerical rank of \f$\tilde S_w\f$ (dimension of the search space)
    T ridge = T(0);          ///< the absolute ridge added, \f$\rho\,\mathrm{tr}(S_w)/d\f$
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
} // namespace detail
/// \endcond

/// \brief Fits k Fisher directions to labelled data (see fisher.hpp for the method and the
///        policy for singular \f$S_w\f$).
///
/// Chapter 8 runs it on the explicitly mapped images of the paper's experiment (the Fisher
/// views of `ghiasi:fig1-4`, figures 3–4), where the rank policy leaves out the null space of
/// the singular \f$S_w\f$ of N mapped points in \f$\R^N\f$.
///
/// \param X N×d training data (rows are points), finite
/// \param y N class labels, at least two distinct
/// \param k number of directions, \f$1 \le k \le C-1\f$
/// \param options the ridge ρ and the rank tolerance τ
/// \throws kb::error on the errors of kb::scatter_matrices; if k is not in [1, C − 1];
///         if ρ is negative or not finite; if \f$S_w = 0\f$ (every class a single repeated
///         point); if τ is negative, not finite or not below \f$\lambda_{\max}(\tilde S_w)\f$;
///         if k exceeds the rank r; or if the k-th ratio is zero to rounding (the class
///         means span fewer than k dimensions).
template <class T>
FisherDiscriminant<T> fisher_discriminant(const Matrix<T>& X, const std::vector<int>& y, Eigen::Index k,
                                          const FisherOptions<T>& options = {}) {
    using std::sqrt;
    constexpr std::string_view where = "fisher_discriminant";
    const Scatter<T> s = scatter_matrices(X, y);
    const Eigen::Index C = static_cast<Eigen::Index>(s.classes.size()), d = X.cols();
    require(k >= 1 && k <= C - 1, where,
            "k = {} directions were asked for, but {} classes give at most C − 1 = {} (S_b has "
            "rank ≤ C − 1); choose 1 ≤ k ≤ {}",
            k, C, C - 1, C - 1);
    require(is_finite(options.ridge) && options.ridge >= 0, where,
            "ridge = {} must be finite and ≥ 0 (0: no ridge)", shown(options.ridge));
    const T trace = s.within.trace();
    require(trace > 0, where,
            "the within-class scatter S_w is zero: every class consists of one repeated point, so Fisher's ratio "
            "is undefined; give several distinct points per class");
    FisherDiscriminant<T> F;
    F.classes = s.classes;
    F.mean = s.mean;
    // S̃_w = S_w + ρ (tr S_w / d) I: the ridge, relative to the mean eigenvalue of S_w.
    F.ridge = options.ridge * trace / T(d);
    Matrix<T> Sw = s.within;
    Sw.diagonal().array() += F.ridge;
    const SymmetricEigen<T> eig = symmetric_eigen(Sw);
    const T lambda_max = eig.values(0);
    const T tol = options.rank_tol ? *options.rank_tol : psd_rounding_tolerance<T>(std::max(X.rows(), d), lambda_max);
    require(is_finite(tol) && tol >= 0 && tol < lambda_max, where,
            "rank_tol = {} must be finite, ≥ 0 and below λ_max(S_w) = {}; leave it unset for the "
            "default 64·max(N, d)·ε·λ_max",
            shown(tol), shown(lambda_max));
    // Keep the r eigenvalues above τ: B = V_r Λ_r^{-1/2} whitens S̃_w on their span.
    F.rank = numerical_rank(eig.values, tol);
    require(k <= F.rank, where,
            "k = {} directions were asked for, but S_w has numerical rank {} (eigenvalues above "
            "rank_tol = {}); ask for fewer directions or add a ridge",
            k, F.rank, shown(tol));
    //! [ch08-fisher-directions]
    const Eigen::Index r = F.rank;
    Matrix<T> B = eig.vectors.leftCols(r);
    for (Eigen::Index i = 0; i < r; ++i) B.col(i) /= sqrt(eig.values(i));
    // M = Bᵀ S_b B: the symmetric form S̃_w^{-1/2} S_b S̃_w^{-1/2} in the eigenbasis of S̃_w.
    const Matrix<T> BtSbB = B.transpose() * s.between * B;
    const Matrix<T> M = (BtSbB + BtSbB.transpose()) / T(2);
    const SymmetricEigen<T> fisher = symmetric_eigen(M);
    // λ_k must be a real ratio, not rounding: the class means must span k dimensions.
    detail::require_separating(fisher.values, r, k, where);
    // w_j = B u_j: S̃_w-orthonormal directions; the book's sign rule on each w_j.
    F.values = fisher.values.head(k);
    F.directions = B * fisher.vectors.leftCols(k);
    //! [ch08-fisher-directions]
    apply_sign_rule(F.directions);
    F.centres = (s.means.rowwise() - s.mean) * F.directions;
    return F;
}

/// \brief Fisher discriminants for several ridges ρ from one eigen-decomposition of \f$S_w\f$
///        (the ridge path): entry i is, to rounding, what kb::fisher_discriminant() returns
///        with `FisherOptions{ridges[i]}` and the default rank tolerance.
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
/// \throws kb::error as kb::fisher_discriminant() for each ridge, or if `ridges` is empty.
template <class T>
std::vector<FisherDiscriminant<T>> fisher_ridge_path(const Matrix<T>& X, const std::vector<int>& y,
                                                     Eigen::Index k, const std::vector<T>& ridges) {
    using std::sqrt;
    constexpr std::string_view where = "fisher_ridge_path";
    require(!ridges.empty(), where, "no ridges were given; list at least one ρ ≥ 0 (0: no ridge)");
    const Scatter<T> s = scatter_matrices(X, y);
    const Eigen::Index C = static_cast<Eigen::Index>(s.classes.size()), d = X.cols();
    require(k >= 1 && k <= C - 1, where,
            "k = {} directions were asked for, but {} classes give at most C − 1 = {}; choose 1 ≤ k ≤ {}", k, C,
            C - 1, C - 1);
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
        F.classes = s.classes;
        F.mean = s.mean;
        F.ridge = rho * trace / T(d);
        const Vector<T> lambda = (eig.values.array() + F.ridge).matrix();
        const T tol = psd_rounding_tolerance<T>(std::max(X.rows(), d), lambda(0));
        F.rank = numerical_rank(lambda, tol);
        require(k <= F.rank, where,
                "k = {} directions were asked for, but S_w + ridge has numerical rank {} (ρ = {}); ask for fewer "
                "directions or add a ridge",
                k, F.rank, shown(rho));
        const Eigen::Index r = F.rank;
        // G = Bᵀ Dᵀ N_C^{1/2} with B = V_r Λ̃_r^{-1/2}: row i of G₀ divided by √λ̃_i.
        Matrix<T> G = G0.topRows(r);
        for (Eigen::Index i = 0; i < r; ++i) G.row(i) /= sqrt(lambda(i));
        // M = G Gᵀ: its non-zero eigenpairs from the C×C matrix Gᵀ G.
        const Matrix<T> GtG = G.transpose() * G;
        const SymmetricEigen<T> small = symmetric_eigen(Matrix<T>((GtG + GtG.transpose()) / T(2)));
        detail::require_separating(small.values, r, k, where);
        // u_j = G v_j / √λ_j, w_j = B u_j = V_r Λ̃_r^{-1/2} u_j; the book's sign rule on each w_j.
        F.values = small.values.head(k);
        Matrix<T> U = G * small.vectors.leftCols(k);
        for (Eigen::Index j = 0; j < k; ++j) U.col(j) /= sqrt(F.values(j));
        for (Eigen::Index i = 0; i < r; ++i) U.row(i) /= sqrt(lambda(i));
        F.directions = eig.vectors.leftCols(r) * U;
        apply_sign_rule(F.directions);
        F.centres = (s.means.rowwise() - s.mean) * F.directions;
        path.push_back(std::move(F));
    }
    return path;
}

namespace detail {
// (Z − 𝟙μᵀ)W, its checks naming the public function `where` that was called.
template <class T>
Matrix<T> fisher_project(const FisherDiscriminant<T>& F, const Matrix<T>& Z, std::string_view where) {
    require(Z.cols() == F.directions.rows(), where,
            "Z has {} columns but the discriminant was fitted in dimension {}; give points "
            "of the training dimension",
            Z.cols(), F.directions.rows());
    require_finite(Z, where, "Z");
    return (Z.rowwise() - F.mean) * F.directions;
}
} // namespace detail

/// \brief Projects points onto the Fisher directions: \f$Z \mapsto (Z - \one\mu^\top)W\f$.
/// \param F the fitted discriminant (kb::fisher_discriminant)
/// \param Z M×d points (rows) in the training space
/// \returns M×k coordinates
/// \throws kb::error if Z has the wrong number of columns or is not finite.
template <class T>
Matrix<T> fisher_project(const FisherDiscriminant<T>& F, const Matrix<T>& Z) {
    return detail::fisher_project(F, Z, "fisher_project");
}

/// \brief Nearest-class-mean classification in the projected space: each row of Z gets
///        the class whose projected mean (row of `F.centres`) is nearest; ties go to the
///        smaller label.
/// \param F the fitted discriminant (kb::fisher_discriminant)
/// \param Z M×d points (rows) in the training space
/// \returns M predicted labels
/// \throws kb::error as kb::fisher_project (naming fisher_classify).
template <class T>
std::vector<int> fisher_classify(const FisherDiscriminant<T>& F, const Matrix<T>& Z) {
    const Matrix<T> P = detail::fisher_project(F, Z, "fisher_classify");
    std::vector<int> out(static_cast<std::size_t>(P.rows()));
    for (Eigen::Index m = 0; m < P.rows(); ++m) {
        Eigen::Index best = 0;
        T best_d2 = (P.row(m) - F.centres.row(0)).squaredNorm();
        for (Eigen::Index c = 1; c < F.centres.rows(); ++c) {
            const T d2 = (P.row(m) - F.centres.row(c)).squaredNorm();
            if (d2 < best_d2) {
                best_d2 = d2;
                best = c;
            }
        }
        out[static_cast<std::size_t>(m)] = F.classes[static_cast<std::size_t>(best)];
    }
    return out;
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
