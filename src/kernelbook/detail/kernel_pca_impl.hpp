#pragma once
/// \file detail/kernel_pca_impl.hpp
/// \brief Definitions of the non-template members of kb::KernelPca (kernel_pca.hpp).
///        Included only by the library's instantiation units, once per scalar type.
/// \see \ref ch07-algorithm "Chapter 7, §7.5" (the fit and transform, shown from this file)

#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/detail/fast_double.hpp"

#include <Spectra/SymEigsSolver.h>

#include <Eigen/QR>
#include <Eigen/SVD>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

namespace kb {

// A Gram matrix given by the caller: square, N ≥ 2, finite and symmetric.
template <class T>
void KernelPca<T>::require_gram(const Matrix<T>& K) const {
    constexpr std::string_view where = "KernelPca";
    require_square(K, where, "K");
    require(K.rows() >= 2, where,
            "K is {}×{}, but kernel PCA needs at least 2 points: the centred kernel matrix of one point is 0",
            K.rows(), K.cols());
    require_symmetric(K, where, "K");
}

template <class T>
KpcaSolver KernelPca<T>::choose_solver(Eigen::Index N) const {
    constexpr std::string_view where = "KernelPca";
    if (solver_ == KpcaSolver::automatic)
        return std::is_same_v<T, double> && p_ != all_components && N >= 200 && 4 * p_ <= N ? KpcaSolver::lanczos
                                                                                             : KpcaSolver::dense;
    if (solver_ == KpcaSolver::lanczos) {
        require(std::is_same_v<T, double>, where,
                "KpcaSolver::lanczos computes in double only, but this model is in {}; use KpcaSolver::dense "
                "(or automatic) for multiprecision",
                scalar_name<T>());
        require(p_ != all_components, where,
                "KpcaSolver::lanczos computes the p leading eigenpairs, so it needs p: give components "
                "(every component needs the whole spectrum: use KpcaSolver::dense)");
        require_below_points(N, where);
    }
    return solver_;
}

namespace detail {
// Why the route was taken, in one sentence for reports.
inline std::string route_reason(KpcaSolver asked, KpcaSolver chosen, bool is_double, Eigen::Index p, bool at_most,
                                Eigen::Index N) {
    if (asked == KpcaSolver::dense) return "dense: asked for (KpcaSolver::dense): all N eigenpairs";
    if (asked == KpcaSolver::lanczos) return "lanczos: asked for (KpcaSolver::lanczos): the p leading eigenpairs";
    if (chosen == KpcaSolver::lanczos)
        return fmt::format("lanczos: in double, {}p = {} components of N = {} ≥ 200 points, 4p ≤ N: the "
                           "leading eigenpairs only",
                           at_most ? "at most " : "", p, N);
    if (!is_double) return "dense: all N eigenpairs (the Lanczos route computes in double only)";
    if (p == all_components) return "dense: every component above the rank tolerance needs the whole spectrum";
    if (N < 200) return fmt::format("dense: N = {} < 200 points, where all N eigenpairs cost little", N);
    return fmt::format("dense: p = {} components are more than N/4 = {}, where the Lanczos route saves little", p,
                       N / 4);
}
} // namespace detail

template <class T>
void KernelPca<T>::fit_gram(Matrix<T> K, bool symmetric, const ProgressCallback& progress) {
    using std::sqrt;
    constexpr std::string_view where = "KernelPca";
    const Eigen::Index N = K.rows();
    const KpcaSolver asked = solver_;
    solver_ = choose_solver(N);
    solver_reason_ = detail::route_reason(asked, solver_, std::is_same_v<T, double>, p_, at_most_, N);
    // max |K|, read once: for the underflow check, the scale and τ.
    T largest = max_abs(K);
    detail::require_normal_max(largest, where, "K"); // all subnormal: digits lost before the fit
    // A K beyond [2^-200, 2^200] in size is fitted as 2^-e·K, e even (kb::power_of_two_exponent()),
    // and the results multiplied back by rescale(): exact, and the sums of N entries that centre
    // K stay inside the range of T while they are formed.
    scale_ = power_of_two_exponent(largest, true);
    Matrix<T> original;
    if (scale_ != 0) {
        original = K;
        K = times_power_of_two(K, -scale_);
        largest = times_power_of_two(largest, -scale_); // exact: the largest entry is a normal number
    }

    //! [kpca-fit]
    //! [ch07-centre]
    // K̃ = J K J, and the training statistics that centre new kernel rows.
    centering_.emplace(K);
    tau_ = psd_rounding_tolerance<T>(N, T(N) * largest);
    // In place (one N×N matrix), from the column means just computed; K was checked by the caller.
    Kc_ = detail::double_center_from_means(std::move(K), centering_->column_mean(), centering_->grand_mean(), symmetric);
    //! [ch07-centre]
    // All N eigenpairs (dense), or the leading ones (Lanczos, chapter 7, §7.9); K̃ must be
    // PSD up to rounding, unless the caller opted in.
    T smallest_seen(0);
    std::optional<SymmetricEigen<T>> eig;
    if (solver_ == KpcaSolver::lanczos) {
        eig = lanczos_eigenpairs(smallest_seen);
        if (!eig) {
            // A Ritz value below −τ, even of a run that did not converge, proves K̃ not PSD: a
            // refusal stays a refusal, it never becomes a fall-back.
            if (policy_ == NonPsdPolicy::refuse && smallest_seen < -tau_)
                fail(where, "the centred kernel matrix K̃ = JKJ is not positive semi-definite: its smallest eigenvalue "
                            "is at most {} (a Ritz value of the Lanczos solver, which lies in [λ_min, λ_max] though the "
                            "solver did not converge; rounding explains at most {}); a kernel must give PSD Gram "
                            "matrices (see chapter 4) — check the kernel and its parameters",
                     shown(at_scale(smallest_seen)), shown(at_scale(tau_)));
            // Not converged: a refusal for KpcaSolver::lanczos, the dense route for automatic.
            require(asked == KpcaSolver::automatic, where,
                    "the Lanczos solver did not converge to the {} leading eigenpairs of K̃ in 1000 restarts; "
                    "use KpcaSolver::dense",
                    p_);
            solver_ = KpcaSolver::dense;
            solver_reason_ = fmt::format("dense: the Lanczos solver did not converge to the {} leading eigenpairs in "
                                         "1000 restarts (close eigenvalues), so all N eigenpairs were computed",
                                         p_);
        }
    }
    //! [ch07-eigen]
    if (solver_ == KpcaSolver::dense) {
        eig = symmetric_eigen(Kc_, progress);
        rank_is_exact_ = true;
    }
    spectrum_ = eig->values;
    require_definite(solver_ == KpcaSolver::dense ? spectrum_(N - 1) : smallest_seen,
                     spectrum_.size() > 0 ? T(spectrum_(0)) : T(0), where);
    //! [ch07-eigen]

    //! [ch07-keep]
    // Components: eigenvalues above τ (the null direction 𝟙 of K̃ never qualifies).
    rank_ = numerical_rank(spectrum_, tau_);
    if (p_ == all_components || (at_most_ && rank_ < p_)) p_ = rank_;
    require_components(where);
    mu_ = spectrum_.head(p_);
    U_ = eig->vectors.leftCols(p_);
    // a_j = u_j / √μ_j  (N λ_j a_jᵀ a_j = 1) and the training scores Y = U diag(√μ).
    Vector<T> root(p_);
    for (Eigen::Index j = 0; j < p_; ++j) root(j) = sqrt(mu_(j));
    A_ = U_ * root.cwiseInverse().asDiagonal();
    Y_ = U_ * root.asDiagonal();
    //! [ch07-keep]
    //! [kpca-fit]
    if (scale_ != 0) rescale(original);
}

// Back to the scale of K, for a fit of 2^-e·K: K̃, μ and τ by 2^e, the scores by 2^(e/2), the
// coefficients by 2^(-e/2); the centring statistics from K itself. Each must be representable.
template <class T>
void KernelPca<T>::rescale(const Matrix<T>& K) {
    constexpr std::string_view where = "KernelPca";
    const T mu_max = at_scale(spectrum_(0)), mu_p = at_scale(mu_(p_ - 1));
    require(is_finite(mu_max) && is_finite(at_scale(max_abs(Kc_))), where,
            "the centred kernel matrix K̃ and its eigenvalues overflow {} (μ_1 = {}·2^{}, max |K| = {}); "
            "rescale K (the eigenvalues scale with it, the scores with its square root) or use a wider type "
            "(real50, real100)",
            scalar_name<T>(), shown(spectrum_(0)), scale_, shown(max_abs(K)));
    require(mu_p >= std::numeric_limits<T>::min(), where,
            "the eigenvalue μ_{} of K̃ is {}·2^{}, below the smallest normal {} {} (max |K| = {}): it cannot "
            "be represented to full precision; rescale K (the eigenvalues scale with it, the scores with its "
            "square root) or use a wider type (real50, real100)",
            p_, shown(mu_(p_ - 1)), scale_, scalar_name<T>(), shown(std::numeric_limits<T>::min()),
            shown(max_abs(K)));
    centering_.emplace(K);
    require(centering_->column_mean().allFinite() && is_finite(centering_->grand_mean()), where,
            "the column means of K overflow {} (max |K| = {}, N = {}); rescale K or use a wider type (real50, "
            "real100)",
            scalar_name<T>(), shown(max_abs(K)), K.rows());
    tau_ = at_scale(tau_);
    Kc_ = times_power_of_two(Kc_, scale_);
    spectrum_ = times_power_of_two(Matrix<T>(spectrum_), scale_);
    mu_ = times_power_of_two(Matrix<T>(mu_), scale_);
    A_ = times_power_of_two(A_, -scale_ / 2);
    Y_ = times_power_of_two(Y_, scale_ / 2);
    scale_ = 0; // the results are at the scale of K now
}

namespace detail {
// K̃ as the operator x ↦ K̃x that Spectra's Lanczos solver applies, from its lower triangle
// (detail/fast_double.hpp).
struct SymmetricProduct {
    using Scalar = double;
    const Matrix<double>& A;
    Eigen::Index rows() const { return A.rows(); }
    Eigen::Index cols() const { return A.cols(); }
    void perform_op(const double* x, double* y) const { symmetric_product(A, x, y); }
};
// Spectra's solver, with the Ritz values of its last Krylov space in view: each is a Rayleigh
// quotient of K̃, so the smallest is an upper bound on λ_min (a proof that K̃ is not PSD when
// it is below −τ). They are read just before the final sort, which keeps only the wanted ones.
class LanczosSolver : public Spectra::SymEigsSolver<SymmetricProduct> {
public:
    using Spectra::SymEigsSolver<SymmetricProduct>::SymEigsSolver;
    double smallest_ritz_value() const { return smallest_; }

protected:
    void sort_ritzpair(Spectra::SortRule rule) override {
        smallest_ = m_ritz_val.minCoeff();
        Spectra::SymEigsSolver<SymmetricProduct>::sort_ritzpair(rule);
    }

private:
    double smallest_ = 0;
};
} // namespace detail

template <class T>
std::optional<SymmetricEigen<T>> KernelPca<T>::lanczos_run(Eigen::Index nev, T& smallest_seen) const {
    if constexpr (!std::is_same_v<T, double>) {
        throw error("KernelPca: KpcaSolver::lanczos computes in double only"); // choose_solver refuses it first
    } else {
        //! [kpca-lanczos]
        // The nev leading eigenpairs of K̃ by restarted Lanczos in a Krylov space of dimension
        // ncv, each converged when its residual ‖K̃u − μu‖ is at most N·ε·|μ|.
        const Eigen::Index N = Kc_.rows();
        // ncv = max(2·nev + 1, 20), as ARPACK's users choose it, and below N when nev ≤ N − 2.
        const Eigen::Index ncv = std::min<Eigen::Index>(std::max(N - 1, nev + 1), std::max<Eigen::Index>(2 * nev + 1, 20));
        detail::SymmetricProduct op{Kc_};
        detail::LanczosSolver solver(op, nev, ncv);
        solver.init();
        solver.compute(Spectra::SortRule::LargestAlge, 1000, double(N) * epsilon<double>(),
                       Spectra::SortRule::LargestAlge);
        //! [kpca-lanczos]
        // The Ritz values of the last Krylov space lie in [λ_min, λ_max], converged or not.
        smallest_seen = std::min(smallest_seen, T(solver.smallest_ritz_value()));
        if (solver.info() != Spectra::CompInfo::Successful) return std::nullopt;
        // The Ritz vectors are orthonormal only to the rounding of the restarts (a few times
        // ncv·ε); a Householder QR makes them orthonormal to c₂·N·ε like the dense route's,
        // moving each by that much up to its sign, which the sign rule then decides.
        const Eigen::HouseholderQR<Matrix<double>> qr(solver.eigenvectors());
        SymmetricEigen<T> out{solver.eigenvalues(), qr.householderQ() * Matrix<double>::Identity(N, nev)};
        apply_sign_rule(out.vectors);
        return out;
    }
}

// A probe of the rank: the singular values of m columns of K̃ chosen at random (a fixed
// pseudo-random choice), Y = K̃E with E the m columns of the identity. Since ‖E‖₂ = 1,
// σ_k(Y) ≤ σ_k(K̃): at most as many eigenvalues of K̃ exceed τ in absolute value as singular
// values of Y do (the rounding of K̃'s entries, N·ε·max|K| each, adds at most √(N·m)·N·ε·max|K|,
// far below τ = 64·N·ε·N·max|K|), so the probe never sees more rank than there is. It costs a
// copy of m columns and the SVD of an N×m matrix, O(N·m²), no product with K̃. It may see less
// rank than there is (a direction carried by few points that no sampled column holds, or an
// eigenvalue just above τ); the certificate of lanczos_eigenpairs() then fails and the full
// Lanczos run follows.
//
// The same columns give the principal submatrix K̃(S, S) = EᵀK̃E, whose eigenvalues lie in
// [λ_min, λ_max] of K̃ (Cauchy's interlacing theorem): its smallest, `lowest`, is an upper bound
// on λ_min, and below −τ a proof that K̃ is not PSD — found before any Lanczos run.
template <class T>
Eigen::Index KernelPca<T>::rank_probe(Eigen::Index m, T& lowest) const {
    lowest = T(0);
    if constexpr (!std::is_same_v<T, double>) {
        return m; // the Lanczos route, its only user, computes in double only
    } else {
        const Eigen::Index N = Kc_.rows();
        std::vector<Eigen::Index> columns(static_cast<std::size_t>(N));
        for (Eigen::Index j = 0; j < N; ++j) columns[std::size_t(j)] = j;
        std::uint64_t state = 0x9E3779B97F4A7C15ull;
        Matrix<T> Y(N, m);
        for (Eigen::Index j = 0; j < m; ++j) { // the first m of a Fisher–Yates shuffle
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            const Eigen::Index pick = j + static_cast<Eigen::Index>(state % std::uint64_t(N - j));
            std::swap(columns[std::size_t(j)], columns[std::size_t(pick)]);
            Y.col(j) = Kc_.col(columns[std::size_t(j)]);
        }
        Matrix<T> S(m, m); // K̃(S, S): the sampled rows of the sampled columns
        for (Eigen::Index i = 0; i < m; ++i) S.row(i) = Y.row(columns[std::size_t(i)]);
        const Eigen::SelfAdjointEigenSolver<Matrix<T>> sub(S, Eigen::EigenvaluesOnly);
        if (sub.info() == Eigen::Success) lowest = sub.eigenvalues()(0);
        const Eigen::JacobiSVD<Matrix<T>> svd(Y);
        return numerical_rank(Vector<T>(svd.singularValues()), tau_);
    }
}

// ‖K̃ − U diag(μ) Uᵀ‖_F from the lower triangle of K̃, one column at a time (no N×N matrix):
// the entries below the diagonal count twice.
template <class T>
T KernelPca<T>::remainder_norm(const SymmetricEigen<T>& eig) const {
    using std::sqrt;
    const Eigen::Index N = Kc_.rows();
    const Matrix<T> W = eig.vectors * eig.values.asDiagonal(); // U diag(μ)
    T sum(0);
    Vector<T> column(N);
    for (Eigen::Index j = 0; j < N; ++j) {
        const Eigen::Index n = N - j;
        column.head(n) = Kc_.col(j).tail(n) - eig.vectors.bottomRows(n) * W.row(j).transpose();
        sum += column(0) * column(0) + T(2) * column.segment(1, n - 1).squaredNorm();
    }
    return sqrt(sum);
}

template <class T>
std::optional<SymmetricEigen<T>> KernelPca<T>::lanczos_eigenpairs(T& smallest_seen) {
    const Eigen::Index N = Kc_.rows();
    // A rank below p: the pairs beyond it belong to a cluster of eigenvalues at the rounding
    // level, which the Lanczos solver never resolves to its tolerance (it would spend its 1000
    // restarts on them). So the rank is probed first (the SVD of 4p + 8 sampled columns of K̃,
    // O(N·p²)), and when the probe sees r < p, the r leading pairs are computed
    // and the rest of the spectrum bounded: with c = ‖K̃ − U_r diag(μ) U_rᵀ‖_F, every other
    // eigenvalue of K̃ lies in [−c, c] (Weyl's inequality, for any U_r and μ). If c ≤ τ, the
    // numerical rank is r and K̃ is PSD to rounding, and the p − r missing pairs are not there to
    // find; otherwise the probe missed rank, and the p leading pairs are computed as usual.
    const Eigen::Index m = std::min(4 * p_ + 8, N);
    T lowest(0);
    const Eigen::Index probe = rank_probe(m, lowest);
    smallest_seen = lowest;
    if (policy_ == NonPsdPolicy::refuse && lowest < -tau_)
        fail("KernelPca",
             "the centred kernel matrix K̃ = JKJ is not positive semi-definite: its smallest eigenvalue is at most "
             "{} (the smallest eigenvalue of its principal submatrix on {} of the {} points, by Cauchy's interlacing "
             "theorem; rounding explains at most {}); a kernel must give PSD Gram matrices (see chapter 4) — check "
             "the kernel and its parameters, or opt in with NonPsdPolicy::keep_positive to use only the components "
             "with positive eigenvalues",
             shown(at_scale(lowest)), m, N, shown(at_scale(tau_)));
    if (probe < p_) {
        std::optional<SymmetricEigen<T>> few;
        if (probe == 0)
            few = SymmetricEigen<T>{Vector<T>(0), Matrix<T>(N, 0)};
        else
            few = lanczos_run(probe, smallest_seen);
        if (few) {
            const T c = remainder_norm(*few);
            if (c <= tau_) {
                remainder_ = c;
                rank_is_exact_ = true;
                solver_reason_ = fmt::format("lanczos: the numerical rank of K̃ is {}, below the {} components asked "
                                             "for: its {} leading eigenpairs by Lanczos, and every other eigenvalue "
                                             "within ±‖K̃ − U diag(μ) Uᵀ‖_F = {} ≤ τ (Weyl's inequality)",
                                             probe, p_, probe, show(at_scale(c)));
                return few;
            }
        }
    }
    return lanczos_run(p_, smallest_seen);
}

template <class T>
Matrix<T> KernelPca<T>::transform_gram(Matrix<T> Kz) const {
    //! [kpca-transform]
    // y_j(z) = Σ_i a_ji k̃(z, x_i), with Kz centred in place
    return centering_->transform(std::move(Kz)) * A_;
    //! [kpca-transform]
}

template <class T>
Matrix<T> KernelPca<T>::transform(const Matrix<T>& Z) const {
    constexpr std::string_view where = "KernelPca::transform";
    require(kernel_.has_value(), where,
            "the model was fitted from a Gram matrix, so it has no kernel and no "
            "training points to evaluate it at; pass the kernel rows k(z, x_i) to transform_gram");
    require(Z.cols() == X_.cols(), where,
            "Z has points of dimension {} but the model was fitted on points of dimension {}; pass one "
            "point per row, in the same space as the training data",
            Z.cols(), X_.cols());
    require_points(Z, where, "Z");
    Matrix<T> Kz = detail::kernel_values(*kernel_, Z, X_);
    require_kernel_values(Kz, where, "k(z_m, x_i)", kernel_->describe());
    return transform_gram(std::move(Kz));
}

// K̃ must be PSD up to rounding, unless the caller opted in.
template <class T>
void KernelPca<T>::require_definite(const T& lambda_min, const T& lambda_max, std::string_view where) const {
    if (policy_ == NonPsdPolicy::keep_positive || lambda_min >= -tau_) return;
    const std::string head = fmt::format("{}: the centred kernel matrix K̃ = JKJ is not positive "
                                         "semi-definite: its smallest eigenvalue is {}",
                                         where, solver_ == KpcaSolver::dense ? "" : "at most ");
    constexpr std::string_view kernel_hint = "; a kernel must give PSD Gram matrices (see chapter 4) — check the "
                                             "kernel and its parameters";
    // λ_min as a multiple of λ_max — meaningful only when λ_max is positive beyond rounding.
    const T r = relative_negativity(lambda_min, lambda_max, tau_);
    if (is_finite(r))
        throw error(fmt::format("{}{} = {}·λ_max (rounding explains at most {}){}, or opt in "
                                "with NonPsdPolicy::keep_positive to use only the components "
                                "with positive eigenvalues",
                                head, shown(at_scale(lambda_min)), shown(r), shown(at_scale(tau_)), kernel_hint));
    throw error(fmt::format("{}{} and it has no positive eigenvalue (λ_max = {}, not above the rounding "
                            "level {}): K̃ is negative semi-definite{} (NonPsdPolicy::keep_positive "
                            "would leave no component)",
                            head, shown(at_scale(lambda_min)), shown(at_scale(lambda_max)), shown(at_scale(tau_)),
                            kernel_hint));
}

// p ≤ N − 1: K̃𝟙 = 0 leaves at most N − 1 directions.
template <class T>
void KernelPca<T>::require_below_points(Eigen::Index N, std::string_view where) const {
    require(p_ <= N - 1, where,
            "{} components were asked for, but N = {} points have at most N − 1 = {} principal "
            "components (K̃𝟙 = 0); ask for fewer",
            p_, N, N - 1);
}

// p ≤ rank(K̃): beyond the rank the axis v_j / √μ_j is 0/0.
template <class T>
void KernelPca<T>::require_components(std::string_view where) const {
    const Eigen::Index N = Kc_.rows();
    // What the first eigenvalue beyond the rank is: computed (dense), or bounded by the
    // remainder on the Lanczos route.
    const auto beyond = [&](Eigen::Index j) {
        if (j < spectrum_.size()) return fmt::format("μ_{} = {}", j + 1, show(at_scale(spectrum_(j))));
        return fmt::format("μ_{} ≤ ‖K̃ − U diag(μ) Uᵀ‖_F = {}", j + 1, remainder_ ? show(at_scale(*remainder_)) : "?");
    };
    require(p_ >= 1, where,
            "{}, but the centred kernel matrix K̃ has no eigenvalue "
            "above the rank tolerance {} ({}): the points coincide in feature space, so there "
            "is no direction of variance",
            at_most_ ? "components were asked for" : "every component was asked for", shown(at_scale(tau_)),
            beyond(0));
    require_below_points(N, where);
    // Rank 0: K̃ = 0 to rounding, every point is the same point of feature space (a Gaussian
    // kernel on coincident points gives K = 𝟙𝟙ᵀ): no number of components can be asked for.
    require(!(p_ > rank_ && rank_ == 0), where,
            "{} components were asked for, but the centred kernel matrix K̃ has numerical rank 0 ({} is "
            "not above the rank tolerance {}): all points coincide in feature space (for the Gaussian kernel: all "
            "points coincide), so there is no direction of variance; give points that differ",
            p_, beyond(0), shown(tau_));
    if (p_ > rank_)
        fail(where, "{} components were asked for, but the centred kernel matrix K̃ "
                "has numerical rank {} ({} is not above the rank "
                "tolerance {}); a component with zero variance has no direction in "
                "feature space — ask for at most {}",
                p_, rank_, beyond(rank_), shown(at_scale(tau_)), rank_);
}

} // namespace kb
