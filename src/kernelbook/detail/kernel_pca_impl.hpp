#pragma once
/// \file detail/kernel_pca_impl.hpp
/// \brief Definitions of the non-template members of kb::KernelPca (kernel_pca.hpp).
///        Included only by the library's instantiation units, once per scalar type.
/// \see \ref ch07-algorithm "Chapter 7, §7.5" (the fit and transform, shown from this file)

#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/detail/fast_double.hpp"

#include <Spectra/SymEigsSolver.h>

#include <Eigen/QR>

#include <algorithm>
#include <limits>
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

template <class T>
void KernelPca<T>::fit_gram(Matrix<T> K, bool symmetric) {
    using std::sqrt;
    constexpr std::string_view where = "KernelPca";
    const Eigen::Index N = K.rows();
    solver_ = choose_solver(N);
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
    //! [ch07-eigen]
    // All N eigenpairs (dense), or the p leading ones (Lanczos, chapter 7, §7.9); K̃ must be
    // PSD up to rounding, unless the caller opted in.
    T smallest_seen(0);
    const SymmetricEigen<T> eig = solver_ == KpcaSolver::dense ? symmetric_eigen(Kc_) : lanczos_eigenpairs(smallest_seen);
    spectrum_ = eig.values;
    require_definite(solver_ == KpcaSolver::dense ? spectrum_(N - 1) : smallest_seen, spectrum_(0), where);
    //! [ch07-eigen]

    //! [ch07-keep]
    // Components: eigenvalues above τ (the null direction 𝟙 of K̃ never qualifies).
    rank_ = numerical_rank(spectrum_, tau_);
    if (p_ == all_components) p_ = rank_;
    require_components(where);
    mu_ = spectrum_.head(p_);
    U_ = eig.vectors.leftCols(p_);
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
SymmetricEigen<T> KernelPca<T>::lanczos_eigenpairs(T& smallest_seen) {
    if constexpr (!std::is_same_v<T, double>) {
        throw error("KernelPca: KpcaSolver::lanczos computes in double only"); // choose_solver refuses it first
    } else {
        //! [kpca-lanczos]
        // The p leading eigenpairs of K̃ by restarted Lanczos in a Krylov space of dimension
        // ncv, each converged when its residual ‖K̃u − μu‖ is at most N·ε·|μ|.
        const Eigen::Index N = Kc_.rows();
        // ncv = max(2p + 1, 20), as ARPACK's users choose it, and below N when p ≤ N − 2.
        const Eigen::Index ncv = std::min<Eigen::Index>(std::max(N - 1, p_ + 1), std::max<Eigen::Index>(2 * p_ + 1, 20));
        detail::SymmetricProduct op{Kc_};
        detail::LanczosSolver solver(op, p_, ncv);
        solver.init();
        solver.compute(Spectra::SortRule::LargestAlge, 1000, double(N) * epsilon<double>(),
                       Spectra::SortRule::LargestAlge);
        //! [kpca-lanczos]
        require(solver.info() == Spectra::CompInfo::Successful, "KernelPca",
                "the Lanczos solver did not converge to the {} leading eigenpairs of K̃ in {} restarts; "
                "use KpcaSolver::dense",
                p_, solver.num_iterations());
        // The Ritz vectors are orthonormal only to the rounding of the restarts (a few times
        // ncv·ε); a Householder QR makes them orthonormal to c₂·N·ε like the dense route's,
        // moving each by that much up to its sign, which the sign rule then decides.
        const Eigen::HouseholderQR<Matrix<double>> qr(solver.eigenvectors());
        SymmetricEigen<T> out{solver.eigenvalues(), qr.householderQ() * Matrix<double>::Identity(N, p_)};
        apply_sign_rule(out.vectors);
        smallest_seen = solver.smallest_ritz_value();
        return out;
    }
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
    require(p_ >= 1, where,
            "every component was asked for, but the centred kernel matrix K̃ has no eigenvalue "
            "above the rank tolerance {} (μ_1 = {}): the points coincide in feature space, so there "
            "is no direction of variance",
            shown(at_scale(tau_)), shown(at_scale(spectrum_(0))));
    require_below_points(N, where);
    // Rank 0: K̃ = 0 to rounding, every point is the same point of feature space (a Gaussian
    // kernel on coincident points gives K = 𝟙𝟙ᵀ): no number of components can be asked for.
    require(!(p_ > rank_ && rank_ == 0), where,
            "{} components were asked for, but the centred kernel matrix K̃ has numerical rank 0 (μ_1 = {} is "
            "not above the rank tolerance {}): all points coincide in feature space (for the Gaussian kernel: all "
            "points coincide), so there is no direction of variance; give points that differ",
            p_, shown(spectrum_(0)), shown(tau_));
    if (p_ > rank_)
        fail(where, "{} components were asked for, but the centred kernel matrix K̃ "
                "has numerical rank {} (μ_{} = {} is not above the rank "
                "tolerance {}); a component with zero variance has no direction in "
                "feature space — ask for at most {}",
                p_, rank_, rank_ + 1, shown(at_scale(spectrum_(rank_))), shown(at_scale(tau_)), rank_);
}

} // namespace kb
