#pragma once
/// \file 07-kernel-pca/laws.hpp
/// \brief The laws of chapter 7 that are written once for any implementation: laws.cpp
///        runs them on the library's kb::KernelPca, and the chapter's exercises
///        (exercises/check.cpp) on the student's functions. With them, the bounds they need;
///        the random cases and the independent reference are in chapter_support.hpp.
#include "chapter_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/spectral.hpp"

#include <type_traits>

namespace kb::test::ch07 {

/// K stacked over K_z: every uncentred value the centring of K and of the rows K_z summed.
template <class T>
Matrix<T> stacked(const Matrix<T>& K, const Matrix<T>& Kz) {
    Matrix<T> out(K.rows() + Kz.rows(), K.cols());
    out << K, Kz;
    return out;
}

/// transform(X) = Y: transform centres the rows of K with the training statistics, fit
/// centred K by double centring — the same numbers summed in another order, so the two K̃
/// differ by ΔK̃ (‖ΔK̃‖ ≤ one_pass(N, N·max|K|), chapter_support.hpp); both are multiplied
/// by A with ‖A‖ = 1/√μ_p. Add the eigensolver's residual ‖K̃A − Y‖ ≤ c₂Nε‖K̃‖/√μ_p.
/// μ_p and ‖K̃‖ come from the reference (real100, independent of the fit).
template <class T>
kb::test::Bound<T> training_bound(const Reference<T>& ref, Eigen::Index p, const Matrix<T>& K) {
    using std::sqrt;
    const T root = sqrt(ref.mu(p - 1));
    return plus(kb::test::factorisation<T>(K.rows(), T(ref.norm / root)),
                kb::test::one_pass<T>(K.rows(), T(centring_scale(K) / root)));
}

/// Y Yᵀ = K̃ at p = rank: the eigensolver's backward error, and the eigenvalues left out —
/// they are the rounding of K̃ (at the scale of the uncentred K: one_pass(N, N·max|K|)).
template <class T>
kb::test::Bound<T> full_rank_bound(const Reference<T>& ref, const Matrix<T>& K) {
    return plus(kb::test::factorisation<T>(K.rows(), ref.norm), kb::test::one_pass<T>(K.rows(), centring_scale(K)));
}

/// \name The implementations the laws run on
/// Each law takes the functions it checks as arguments: the training scores `scores(K, p)`
/// (N×p), the eigenvalues `eigenvalues(K, p)` (μ_1 … μ_p of K̃) and the scores of new points
/// `transform(Kz, K, p)` (M×p, from their uncentred kernel rows Kz), each fitting kernel
/// PCA with p components on the N×N Gram matrix K. These are the library's own
/// (kb::KernelPca fitted from K: the same numbers as fitted from the kernel and the points,
/// whose Gram matrix K is); exercises/check.cpp passes the student's.
///@{
/// The training scores Y = U_p diag(√μ) (`kb::KernelPca::scores`).
inline constexpr auto library_kpca_scores = [](const auto& K, Eigen::Index p) {
    using T = typename std::decay_t<decltype(K)>::Scalar;
    return Matrix<T>(kb::KernelPca<T>(K, p).scores());
};
/// The eigenvalues μ_1 ≥ … ≥ μ_p of K̃ (`kb::KernelPca::eigenvalues`).
inline constexpr auto library_kpca_eigenvalues = [](const auto& K, Eigen::Index p) {
    using T = typename std::decay_t<decltype(K)>::Scalar;
    return Vector<T>(kb::KernelPca<T>(K, p).eigenvalues());
};
/// The scores of new points from their kernel rows (`kb::KernelPca::transform_gram`).
inline constexpr auto library_kpca_transform = [](const auto& Kz, const auto& K, Eigen::Index p) {
    using T = typename std::decay_t<decltype(K)>::Scalar;
    return Matrix<T>(kb::KernelPca<T>(K, p).transform_gram(Kz));
};
///@}

//! [law-training]
/// slides:score, zhu:2.3.2: the kernel rows of the training points, transformed as if they
/// were new points, give the fitted training scores.
template <class T, class Scores, class Transform>
void training_scores_law(Scores scores, Transform transform) {
    kb::test::property<T>([&] {
        const auto c = any_gaussian_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const Reference<T> ref = c.reference();
        const Eigen::Index p = any_well_posed_p(ref);
        const Matrix<T> Y = scores(K, p);
        const Matrix<T> YX = transform(Matrix<T>(kb::gram(c.k, c.X, c.X)), K, p); // the rows k(x_m, x_i)
        RC_ASSERT(Y.rows() == K.rows() && Y.cols() == p && YX.rows() == K.rows() && YX.cols() == p);
        // K̃ a_j = μ_j a_j up to the eigensolver's residual and the centring's rounding, divided by √μ_p.
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(YX - Y)), training_bound(ref, p, K), "transform(X) = Y");
    });
}
//! [law-training]

/// Fits through the three functions (p components of K; new points' rows Kz) and compares
/// with PCA of the explicit features Φ (training) and Φ_z (new points):
/// check_equals_explicit_pca of chapter_support.hpp, after checking the shapes.
template <class T, class Scores, class Eigenvalues, class Transform>
void check_fit_equals_explicit_pca(Scores& scores, Eigenvalues& eigenvalues, Transform& transform,
                                   const Matrix<T>& K, const Matrix<T>& Kz, const Reference<T>& ref, Eigen::Index p,
                                   const Matrix<T>& Phi, const Matrix<T>& Phiz) {
    const Matrix<T> Y = scores(K, p);
    const Vector<T> mu = eigenvalues(K, p);
    const Matrix<T> Yz = transform(Kz, K, p);
    RC_ASSERT(Y.rows() == K.rows() && Y.cols() == p && mu.size() == p && Yz.rows() == Kz.rows() && Yz.cols() == p);
    check_equals_explicit_pca(Y, mu, ref, Phi, Phiz, Yz, stacked(K, Kz));
}

//! [law-explicit]
/// zhu:2.3.1, zhu:2.3.2: kernel PCA with a polynomial kernel is ordinary PCA of its explicit
/// features, for the training points and for new points.
template <class T, class Scores, class Eigenvalues, class Transform>
void polynomial_explicit_pca_law(Scores scores, Eigenvalues eigenvalues, Transform transform) {
    kb::test::property<T>([&] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const Reference<T> ref = c.reference();
        const Eigen::Index p = any_well_posed_p(ref);
        const kb::PolynomialFeatureMap<T> fm(c.k, static_cast<int>(c.X.cols()));
        check_fit_equals_explicit_pca(scores, eigenvalues, transform, K, Matrix<T>(kb::gram(c.k, c.Z, c.X)), ref, p,
                                      fm.features(c.X), fm.features(c.Z));
    });
}
//! [law-explicit]

//! [law-linear]
/// zhu:1.2.2, zhu:ex7a: kernel PCA with the linear kernel is ordinary PCA of the centred data.
template <class T, class Scores, class Eigenvalues, class Transform>
void linear_explicit_pca_law(Scores scores, Eigenvalues eigenvalues, Transform transform) {
    kb::test::property<T>([&] {
        const int N = *kb::test::size_in(3, max_points<T>());
        const int q = *kb::test::size_in(1, 4);
        const IntMatrix Xi = *kb::test::points(N, q, 20);
        const Matrix<T> X = kb::from_integers<T>(Xi, 10);
        const Matrix<T> Z = kb::from_integers<T>(*kb::test::points(3, q, 30), 10);
        const kb::LinearKernel<T> k;
        const Matrix<T> K = kb::gram(k, X);
        const auto ref = reference_for<T>(kb::LinearKernel<R>{}, Xi, 10);
        check_fit_equals_explicit_pca(scores, eigenvalues, transform, K, Matrix<T>(kb::gram(k, Z, X)), ref,
                                      any_well_posed_p(ref), X, Z);
    });
}
//! [law-linear]

/// zhu:2.3.2: at p = rank K̃ the training scores carry the whole centred kernel, Y Yᵀ = K̃.
template <class T, class Scores>
void full_rank_law(Scores scores) {
    kb::test::property<T>([&] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const auto ref = c.reference();
        // The rank of K̃, exactly (rationals); its last eigenvalue must be resolvable in double.
        const Eigen::Index r = c.exact_rank();
        const bool resolvable = r >= 1 && ref.mu(r - 1) >= ref.floor; // (RC_PRE does not short-circuit)
        RC_PRE(resolvable);
        const Matrix<T> Y = scores(K, r);
        RC_ASSERT(Y.rows() == K.rows() && Y.cols() == r);
        // Against the reference K̃ (real100, J K J): the eigensolver's backward error, and the
        // rounding of K and of its centring (one_pass(N, N·max|K|)).
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(Y * Y.transpose() - ref.Kc)), full_rank_bound(ref, K),
                     "Y Yᵀ = K̃ at p = rank");
    });
}

} // namespace kb::test::ch07
