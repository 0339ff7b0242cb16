#pragma once
/// \file 07-kernel-pca/laws.hpp
/// \brief The laws of chapter 7 that are written once for any implementation: laws.cpp
///        runs them on the library's kb::KernelPca, and the chapter's exercises
///        (exercises/check.cpp) on the student's functions. With them, the bounds they need;
///        the random cases and the independent reference are in chapter_support.hpp.
#include "checks/chapter_support.hpp"

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
/// The laws take the kernel PCA they check as arguments: `fit(k, X, Z, p)` fits p components
/// on the training points X with the kernel k and returns a KpcaFit (the training scores, the
/// eigenvalues μ_1 … μ_p of K̃ and the scores of the points Z); the full-rank law takes the
/// training scores `scores(K, p)` of the Gram matrix K. These are the library's own
/// (kb::KernelPca, fitted from the kernel and the points, and from K); exercises/check.cpp
/// passes the student's.
///@{
/// What `fit` returns.
template <class T>
struct KpcaFit {
    Matrix<T> scores;      ///< N×p training scores Y = U_p diag(√μ)
    Vector<T> eigenvalues; ///< μ_1 ≥ … ≥ μ_p, eigenvalues of K̃
    Matrix<T> new_scores;  ///< M×p scores of the points Z
};
/// kb::KernelPca fitted from the kernel and the points; kb::KernelPca::transform for Z.
inline constexpr auto library_kpca = [](const auto& k, const auto& X, const auto& Z, Eigen::Index p) {
    using T = typename std::decay_t<decltype(X)>::Scalar;
    const kb::KernelPca<T> kp(k, X, {.components = p});
    return KpcaFit<T>{kp.scores(), kp.eigenvalues(), kp.transform(Z)};
};
/// The training scores of kb::KernelPca fitted from the Gram matrix K.
inline constexpr auto library_kpca_scores = [](const auto& K, Eigen::Index p) {
    using T = typename std::decay_t<decltype(K)>::Scalar;
    return Matrix<T>(kb::KernelPca<T>(K, {.components = p}).scores());
};
///@}

//! [law-training]
/// slides:score, zhu:2.3.2: the kernel rows of the training points, transformed as if they
/// were new points, give the fitted training scores.
template <class T, class Fit>
void training_scores_law(Fit fit) {
    kb::test::property<T>([&] {
        const auto c = any_gaussian_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const Reference<T> ref = c.reference();
        const Eigen::Index p = any_well_posed_p(ref);
        kb::test::show("the kernel", c.k.describe());
        kb::test::show("X, the training points (rows)", c.X);
        kb::test::show("p, the components", p);
        const KpcaFit<T> f = fit(c.k, c.X, c.X, p); // the training points as new points
        const Matrix<T>&Y = f.scores, &YX = f.new_scores;
        kb::test::show("Y, the fitted training scores", Y);
        kb::test::show("the scores of X transformed as new points (expected: Y)", YX);
        RC_ASSERT(Y.rows() == K.rows() && Y.cols() == p && YX.rows() == K.rows() && YX.cols() == p);
        // K̃ a_j = μ_j a_j up to the eigensolver's residual and the centring's rounding, divided by √μ_p.
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(YX - Y)), training_bound(ref, p, K), "transform(X) = Y");
    });
}
//! [law-training]

/// Fits through `fit` (p components on X; the new points Z) and compares with PCA of the
/// explicit features Φ (training) and Φ_z (new points): check_equals_explicit_pca of
/// chapter_support.hpp, after checking the shapes. K and Kz are the Gram matrix and the
/// new points' kernel rows, for the rounding scale of the centring.
template <class T, class Fit, class Kernel>
void check_fit_equals_explicit_pca(Fit& fit, const Kernel& k, const Matrix<T>& X, const Matrix<T>& Z,
                                   const Matrix<T>& K, const Matrix<T>& Kz, const Reference<T>& ref, Eigen::Index p,
                                   const Matrix<T>& Phi, const Matrix<T>& Phiz) {
    kb::test::show("the kernel", k.describe());
    kb::test::show("X, the training points (rows)", X);
    kb::test::show("Z, the new points (rows)", Z);
    kb::test::show("p, the components", p);
    const KpcaFit<T> f = fit(k, X, Z, p);
    kb::test::show("Y, the training scores", f.scores);
    kb::test::show("μ₁ … μ_p, the eigenvalues of K̃", f.eigenvalues);
    kb::test::show("the scores of Z", f.new_scores);
    kb::test::show("Φ, the explicit features of X (PCA of them is expected)", Phi);
    RC_ASSERT(f.scores.rows() == K.rows() && f.scores.cols() == p && f.eigenvalues.size() == p &&
              f.new_scores.rows() == Kz.rows() && f.new_scores.cols() == p);
    check_equals_explicit_pca(f.scores, f.eigenvalues, ref, Phi, Phiz, f.new_scores, stacked(K, Kz));
}

//! [law-explicit]
/// zhu:2.3.1, zhu:2.3.2: kernel PCA with a polynomial kernel is ordinary PCA of its explicit
/// features, for the training points and for new points.
template <class T, class Fit>
void polynomial_explicit_pca_law(Fit fit) {
    kb::test::property<T>([&] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const Reference<T> ref = c.reference();
        const Eigen::Index p = any_well_posed_p(ref);
        const kb::PolynomialFeatureMap<T> fm(c.k, static_cast<int>(c.X.cols()));
        check_fit_equals_explicit_pca(fit, c.k, c.X, c.Z, K, Matrix<T>(kb::gram(c.k, c.Z, c.X)), ref, p,
                                      fm.features(c.X), fm.features(c.Z));
    });
}
//! [law-explicit]

//! [law-linear]
/// zhu:1.2.2, zhu:ex7a: kernel PCA with the linear kernel is ordinary PCA of the centred data.
template <class T, class Fit>
void linear_explicit_pca_law(Fit fit) {
    kb::test::property<T>([&] {
        const int N = *kb::test::size_in(3, max_points<T>());
        const int q = *kb::test::size_in(1, 4);
        const IntMatrix Xi = *kb::test::points(N, q, 20);
        const Matrix<T> X = kb::from_integers<T>(Xi, 10);
        const Matrix<T> Z = kb::from_integers<T>(*kb::test::points(3, q, 30), 10);
        const kb::LinearKernel<T> k;
        const Matrix<T> K = kb::gram(k, X);
        const auto ref = reference_for<T>(kb::LinearKernel<R>{}, Xi, 10);
        check_fit_equals_explicit_pca(fit, k, X, Z, K, Matrix<T>(kb::gram(k, Z, X)), ref, any_well_posed_p(ref), X, Z);
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
        kb::test::show("the kernel", c.k.describe());
        kb::test::show("X, the points (rows)", c.X);
        kb::test::show("K, their Gram matrix", K);
        kb::test::show("p = rank K̃", r);
        const Matrix<T> Y = scores(K, r);
        kb::test::show("Y, the scores", Y);
        RC_ASSERT(Y.rows() == K.rows() && Y.cols() == r);
        kb::test::show("Y Yᵀ", Matrix<T>(Y * Y.transpose()));
        kb::test::show("K̃ = JKJ (expected)", ref.Kc);
        // Against the reference K̃ (real100, J K J): the eigensolver's backward error, and the
        // rounding of K and of its centring (one_pass(N, N·max|K|)).
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(Y * Y.transpose() - ref.Kc)), full_rank_bound(ref, K),
                     "Y Yᵀ = K̃ at p = rank");
    });
}

} // namespace kb::test::ch07
