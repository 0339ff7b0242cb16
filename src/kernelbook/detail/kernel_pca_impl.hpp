#pragma once
/// \file detail/kernel_pca_impl.hpp
/// \brief Definitions of the non-template members of kb::KernelPca (kernel_pca.hpp).
///        Included only by the library's instantiation units, once per scalar type.
/// \see \ref ch07-algorithm "Chapter 7, §7.5" (the fit and transform, shown from this file)

#include "kernelbook/kernel_pca.hpp"

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
void KernelPca<T>::fit_gram(const Matrix<T>& K) {
    using std::sqrt;
    constexpr std::string_view where = "KernelPca";
    const Eigen::Index N = K.rows();

    //! [kpca-fit]
    // K̃ = J K J, and the training statistics that centre new kernel rows.
    centering_.emplace(K);
    Kc_ = double_center(K);
    const SymmetricEigen<T> eig = symmetric_eigen(Kc_);
    spectrum_ = eig.values;
    tau_ = psd_rounding_tolerance<T>(N, T(N) * max_abs(K));
    require_definite(eig, where);

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
    //! [kpca-fit]
}

template <class T>
Matrix<T> KernelPca<T>::transform_gram(const Matrix<T>& Kz) const {
    //! [kpca-transform]
    // y_j(z) = Σ_i a_ji k̃(z, x_i)
    return centering_->transform(Kz) * A_;
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
    require_kernel_values(Kz, where, "k(z_m, x_i)");
    return transform_gram(Kz);
}

// K̃ must be PSD up to rounding, unless the caller opted in.
template <class T>
void KernelPca<T>::require_definite(const SymmetricEigen<T>& eig, std::string_view where) const {
    const Eigen::Index N = eig.values.size();
    if (policy_ == NonPsdPolicy::keep_positive || eig.values(N - 1) >= -tau_) return;
    // λ_min as a multiple of λ_max — meaningful only when λ_max is positive beyond rounding.
    const T r = relative_negativity(eig, tau_);
    const std::string head = fmt::format("{}: the centred kernel matrix K̃ = JKJ is not positive "
                                         "semi-definite: its smallest eigenvalue is {}",
                                         where, shown(eig.values(N - 1)));
    constexpr std::string_view kernel_hint = "; a kernel must give PSD Gram matrices (see chapter 4) — check the "
                                             "kernel and its parameters";
    if (is_finite(r))
        throw error(fmt::format("{} = {}·λ_max (rounding explains at most {}){}, or opt in "
                                "with NonPsdPolicy::keep_positive to use only the components "
                                "with positive eigenvalues",
                                head, shown(r), shown(tau_), kernel_hint));
    throw error(fmt::format("{} and it has no positive eigenvalue (λ_max = {}, not above the rounding "
                            "level {}): K̃ is negative semi-definite{} (NonPsdPolicy::keep_positive "
                            "would leave no component)",
                            head, shown(eig.values(0)), shown(tau_), kernel_hint));
}

// p ≤ rank(K̃): beyond the rank the axis v_j / √μ_j is 0/0.
template <class T>
void KernelPca<T>::require_components(std::string_view where) const {
    const Eigen::Index N = spectrum_.size();
    require(p_ >= 1, where,
            "every component was asked for, but the centred kernel matrix K̃ has no eigenvalue "
            "above the rank tolerance {} (μ_1 = {}): the points coincide in feature space, so there "
            "is no direction of variance",
            shown(tau_), shown(spectrum_(0)));
    require(p_ <= N - 1, where,
            "{} components were asked for, but N = {} points have at most N − 1 = {} principal "
            "components (K̃𝟙 = 0); ask for fewer",
            p_, N, N - 1);
    if (p_ > rank_)
        fail(where, "{} components were asked for, but the centred kernel matrix K̃ "
                "has numerical rank {} (μ_{} = {} is not above the rank "
                "tolerance {}); a component with zero variance has no direction in "
                "feature space — ask for at most {}",
                p_, rank_, rank_ + 1, shown(spectrum_(rank_)), shown(tau_), rank_);
}

} // namespace kb
