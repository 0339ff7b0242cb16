#pragma once
/// \file detail/kernel_pca_impl.hpp
/// \brief Definitions of the non-template members of kb::KernelPca (kernel_pca.hpp).
///        Included only by the library's instantiation units, once per scalar type.
/// \see \ref ch07-algorithm "Chapter 7, §7.5" (the fit and transform, shown from this file)

#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/detail/kernel_pca_lanczos.hpp"

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
        return automatic_solver(std::is_same_v<T, double>, N, p_);
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
    // A K beyond [2^-200, 2^200] in size is fitted as 2^-e·K, e even (detail::ExactScale), and
    // the results multiplied back by rescale(): exact, and the sums of N entries that centre K
    // stay inside the range of T while they are formed.
    const detail::ExactScale<T> scale(
        {where, "K", largest, "rescale K (the eigenvalues scale with it, the scores with its square root)"}, true);
    scale_ = scale.exponent(); // for the messages of the fit (at_scale())
    Matrix<T> original;
    if (scale.active()) {
        original = K;
        K = scale.down(K);
        largest = scale.down(largest); // exact: the largest entry is a normal number
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
        // The leading pairs do not show λ_min (unless the rest is bounded by the remainder):
        // a run for the lowest eigenvalue does, and its Ritz value joins those seen.
        if (eig && !remainder_) smallest_seen = std::min(smallest_seen, lanczos_lowest(lowest_converged_));
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
    verify(solver_ == KpcaSolver::dense ? T(spectrum_(N - 1)) : smallest_seen);
    if (scale.active()) rescale(original, scale);
}

// The checks of the fit, at the scale of the fit (rescale() multiplies them back): every bound
// on the scale of the rounding it bounds, every norm safe from overflow (kb::Check).
template <class T>
void KernelPca<T>::verify(const T& lambda_min) {
    using std::abs;
    const Eigen::Index N = Kc_.rows();
    // The size of K̃'s entries and of the terms that formed them (its rounding is relative to these).
    const T scale = max_abs(Kc_) + T(2) * centering_->column_mean().cwiseAbs().maxCoeff() +
                    abs(centering_->grand_mean());
    const std::string tau_formula = "τ = 64·N·ε·(N·max|K|) (the rank tolerance; ‖K̃‖₂ ≤ N·max|K|)";
    if (remainder_)
        checks_ = {{"PSD", "c = ‖K̃ − U diag(μ) Uᵀ‖_F: every eigenvalue not computed lies in [−c, c] (Weyl)",
                    *remainder_, tau_, tau_formula}};
    else
        checks_ = {{"PSD",
                    solver_ == KpcaSolver::dense ? std::string("max(0, −λ_min(K̃))")
                    : std::string("max(0, −θ), θ ≥ λ_min(K̃) the smallest Ritz value seen: the leading pairs' and "
                                  "a Lanczos run's for the lowest eigenvalue (5 restarts, ") +
                        (lowest_converged_ ? "converged)" : "not converged: an estimate of λ_min)"),
                    lambda_min < 0 ? T(-lambda_min) : T(0), tau_, tau_formula}};
    for (Check<T>& c : detail::eigenpair_checks(Kc_, U_, mu_, T(mu_(0) + scale), "K̃", "U",
                                                "(μ₁ + max|K̃| + 2·max|k̄| + |k̿|)"))
        checks_.push_back(std::move(c));
    checks_.push_back({"centring", "max_i |Σ_j K̃_ij|", T(Kc_.rowwise().sum().cwiseAbs().maxCoeff()),
                       T(T(2) * numerics::one_pass_error(N, T(T(N) * scale))),
                       "2·c₁·N·ε·N·(max|K̃| + 2·max|k̄| + |k̿|)"});
}

// Back to the scale of K, for a fit of 2^-e·K: K̃, μ and τ of degree 1 in K, the scores ½, the
// coefficients −½; the centring statistics from K itself. Each must be representable.
template <class T>
void KernelPca<T>::rescale(const Matrix<T>& K, const detail::ExactScale<T>& scale) {
    constexpr std::string_view where = "KernelPca";
    constexpr std::string_view why = "the eigenvalues of K̃ scale with K";
    scale.require_finite("the eigenvalue μ_1 of K̃", spectrum_(0), why, 1);
    scale.require_finite("max |K̃_ij|", max_abs(Kc_), why, 1);
    scale.require_normal(fmt::format("the eigenvalue μ_{} of K̃", p_), mu_(p_ - 1), why, 1);
    centering_.emplace(K);
    require(centering_->column_mean().allFinite() && is_finite(centering_->grand_mean()), where,
            "the column means of K overflow {} (max |K| = {}, N = {}); rescale K or use a wider type (real50, "
            "real100)",
            scalar_name<T>(), shown(max_abs(K)), K.rows());
    tau_ = scale.up(tau_, 1);
    Kc_ = scale.up(Kc_, 1);
    spectrum_ = scale.up(spectrum_, 1);
    mu_ = scale.up(mu_, 1);
    A_ = scale.up(A_, -1, 2);
    Y_ = scale.up(Y_, 1, 2);
    for (Check<T>& c : checks_)
        if (c.name != "orthonormal eigenvectors") detail::rescale_check(c, scale.power(1));
    scale_ = 0; // the results are at the scale of K now
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
