#pragma once
/// \file detail/kernel_pca_impl.hpp
/// \brief Definitions of the non-template members of kb::KernelPca (kernel_pca.hpp).
///        Included only by the library's instantiation units, once per scalar type.

#include "kernelbook/kernel_pca.hpp"

namespace kb {

template <class T>
void KernelPca<T>::fit_gram(const Matrix<T>& K) {
    using std::sqrt;
    const std::string where = "KernelPca";
    require_square(K, where, "K");
    require(K.rows() >= 2, where,
            "K is " + std::to_string(K.rows()) + "×" + std::to_string(K.cols()) +
                ", but kernel PCA needs at least 2 points: the centred kernel matrix of one point is 0");
    require_symmetric(K, where, "K");
    const Eigen::Index N = K.rows();

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
    N_ = N;
}

template <class T>
Matrix<T> KernelPca<T>::transform_gram(const Matrix<T>& Kz) const {
    // y_j(z) = Σ_i a_ji k̃(z, x_i)
    return centering_->transform(Kz) * A_;
}

template <class T>
Matrix<T> KernelPca<T>::transform(const Matrix<T>& Z) const {
    const std::string where = "KernelPca::transform";
    require(kernel_.has_value(), where,
            "the model was fitted from a Gram matrix, so it has no kernel and no "
            "training points to evaluate it at; pass the kernel rows k(z, x_i) to transform_gram");
    require(Z.cols() == X_.cols(), where,
            "Z has points of dimension " + std::to_string(Z.cols()) +
                " but the model was fitted on points of dimension " + std::to_string(X_.cols()) +
                "; pass one point per row, in the same space as the training data");
    require_points(Z, where, "Z");
    return transform_gram(gram(*kernel_, Z, X_));
}

// K̃ must be PSD up to rounding, unless the caller opted in.
template <class T>
void KernelPca<T>::require_definite(const SymmetricEigen<T>& eig, const std::string& where) const {
    const Eigen::Index N = eig.values.size();
    if (policy_ == NonPsdPolicy::keep_positive || eig.values(N - 1) >= -tau_) return;
    // λ_min as a multiple of λ_max — meaningful only when λ_max is positive beyond rounding.
    const T r = relative_negativity(eig, tau_);
    const std::string head = where + ": the centred kernel matrix K̃ = JKJ is not positive semi-definite: its "
                             "smallest eigenvalue is " + show(eig.values(N - 1));
    const std::string kernel_hint = "; a kernel must give PSD Gram matrices (see chapter 4) — check the kernel and "
                                    "its parameters";
    if (is_finite(r))
        throw error(head + " = " + show(r) + "·λ_max (rounding explains at most " + show(tau_) + ")" + kernel_hint +
                    ", or opt in with NonPsdPolicy::keep_positive to use only the components with positive "
                    "eigenvalues");
    throw error(head + " and it has no positive eigenvalue (λ_max = " + show(eig.values(0)) +
                ", not above the rounding level " + show(tau_) + "): K̃ is negative semi-definite" + kernel_hint +
                " (NonPsdPolicy::keep_positive would leave no component)");
}

// p ≤ rank(K̃): beyond the rank the axis v_j / √μ_j is 0/0.
template <class T>
void KernelPca<T>::require_components(const std::string& where) const {
    const Eigen::Index N = spectrum_.size();
    require(p_ >= 1, where,
            "every component was asked for, but the centred kernel matrix K̃ has no eigenvalue above the rank "
            "tolerance " + show(tau_) + " (μ_1 = " + show(spectrum_(0)) +
                "): the points coincide in feature space, so there is no direction of variance");
    require(p_ <= N - 1, where,
            std::to_string(p_) + " components were asked for, but N = " + std::to_string(N) +
                " points have at most N − 1 = " + std::to_string(N - 1) +
                " principal components (K̃𝟙 = 0); ask for fewer");
    if (p_ > rank_)
        throw error(where + ": " + std::to_string(p_) +
                    " components were asked for, but the centred kernel matrix K̃ has numerical rank " +
                    std::to_string(rank_) + " (μ_" + std::to_string(rank_ + 1) + " = " +
                    show(spectrum_(rank_)) + " is not above the rank tolerance " + show(tau_) +
                    "); a component with zero variance has no direction in feature space — ask for at most " +
                    std::to_string(rank_));
}

} // namespace kb
