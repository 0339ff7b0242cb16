#pragma once
/// \file 08-explicit-map/laws.hpp
/// \brief The laws of chapter 8 that are written once for any implementation: laws.cpp
///        runs them on the library's functions, and the chapter's exercises
///        (exercises/check.cpp) on the student's — Theorem 1 on the explicit map, and the
///        cross-check of the projections of kernel PCA through the map.
#include "checks/chapter_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include <type_traits>

namespace kb::test::ch08 {

/// \name The implementations the laws run on
/// Each law takes the function it checks as an argument, with the library's signature.
/// These are the library's own; exercises/check.cpp passes the student's.
///@{
/// The features \f$\phi(p_m)^\top\f$ of the points P (rows), for the map built on the
/// training points X with kernel k: kb::ExplicitFeatureMap::transform.
inline constexpr auto library_map_features = [](const auto& k, const auto& X, const auto& P) {
    using T = typename std::decay_t<decltype(X)>::Scalar;
    return Matrix<T>(kb::ExplicitFeatureMap<T>(k, X).transform(P));
};
/// The same with the exercise's signature: \f$\phi(z_m) = K^{-1/2}k_{z_m}\f$ from the Gram
/// matrix K (N×N) and the kernel columns \f$k_Z\f$ (N×M), one row per point (M×N):
/// kb::ExplicitFeatureMap built on K itself (a table kernel on the points 0, …, N − 1 whose
/// Gram matrix is K), and kb::ExplicitFeatureMap::transform_columns.
inline constexpr auto library_features = [](const auto& K, const auto& kZ) {
    using T = typename std::decay_t<decltype(K)>::Scalar;
    const kb::ExplicitFeatureMap<T> phi(TableKernel<T>{Matrix<T>(K)}, table_points<T>(0, K.rows()));
    return phi.transform_columns(kZ);
};
/// The dual projection, eq. 23 (kb::dual_projection).
inline constexpr auto library_dual_projection = [](const auto& K, const auto& dual, const auto& kZ) {
    return kb::dual_projection(K, dual, kZ);
};
/// The combined projection, eq. 25 (kb::combined_projection).
inline constexpr auto library_combined_projection = [](const auto& dual, const auto& kZ) {
    return kb::combined_projection(dual, kZ);
};
///@}

//! [thm1-property]
/// ghiasi:thm1: the features φ(p) = K^{-1/2}k_p of the map built on X, computed by
/// `features(k, X, P)` (rows φ(p_m)ᵀ), have ⟨φ(x_n), φ(z)⟩ = k(x_n, z) for every training
/// point x_n and any z, to Theorem 1's rounding bound (κ and λ_max of the input K), for
/// random Gaussian-kernel data.
template <class T, class Features>
void thm1_law(Features features) {
    kb::test::property<T>([&] {
        const GaussianCase c = draw_gaussian_case(2, 8);
        const Matrix<T> X = kb::from_integers<T>(c.X, 2), Z = kb::from_integers<T>(c.Z, 2);
        const auto k = kb::GaussianKernel<T>::from_gamma(T(c.gamma));
        const Matrix<T> K = kb::gram(k, X), kZ = kb::gram(k, X, Z); // k_z: the columns of kZ
        // Theorem 1's bound: κ and λ_max of the input K (k(z, z) = 1 for a Gaussian), from an
        // independent decomposition, not from the map under test.
        const auto bound = exactness_bound(input_spectrum(K), T(1));
        // The features of the training points and of Z.
        kb::test::show("the kernel", k.describe());
        kb::test::show("X, the training points (rows)", X);
        kb::test::show("Z, the new points (rows)", Z);
        kb::test::show("K, the Gram matrix of X", K);
        const Matrix<T> Phi = features(k, X, X), PhiZ = features(k, X, Z);
        kb::test::show("φ(x_n), your features of X (rows)", Phi);
        kb::test::show("φ(z), your features of Z (rows)", PhiZ);
        kb::test::show("⟨φ(x_n), φ(z_m)⟩", Matrix<T>(Phi * PhiZ.transpose()));
        kb::test::show("k(x_n, z_m) (expected)", kZ);
        RC_ASSERT(Phi.rows() == X.rows() && PhiZ.rows() == Z.rows() && PhiZ.cols() == Phi.cols());
        RC_ASSERT(Phi.cols() == X.rows()); // the feature space is ℝᴺ
        // ⟨φ(x_n), φ(z_m)⟩ from the features, against the kernel itself.
        KB_RC_WITHIN(max_abs_diff(Matrix<T>(Phi * PhiZ.transpose()), kZ), bound, "⟨φ(x_n), φ(z)⟩ = k(x_n, z)");
        // Training pairs too: ΦΦᵀ = K.
        KB_RC_WITHIN(max_abs_diff(Matrix<T>(Phi * Phi.transpose()), K), bound, "⟨φ(x_m), φ(x_n)⟩ = k(x_m, x_n)");
    });
}
//! [thm1-property]

//! [cross-check]
/// ghiasi:eq16, eq17-23, eq24, eq25: on the same data, the primal (16), dual (23, computed by
/// `dual_projection(K, dual, k_Z)`) and combined (25, by `combined_projection(dual, k_Z)`)
/// projections of training and new points agree with ordinary PCA of the mapped, centred
/// training data and with chapter 7's kernel PCA; and the eigenvalues agree.
template <class T, class DualProjection, class CombinedProjection>
void cross_check_law(DualProjection dual_projection, CombinedProjection combined_projection) {
    using std::abs;
    using std::sqrt;
    kb::test::property<T>(
        [&] {
            const GaussianCase c = draw_gaussian_case(3, 8);
            const Matrix<T> X = kb::from_integers<T>(c.X, 2), Z = kb::from_integers<T>(c.Z, 2);
            const auto k = kb::GaussianKernel<T>::from_gamma(T(c.gamma));
            const kb::ExplicitFeatureMap<T> phi(k, X);
            const Eigen::Index N = X.rows(), p = 2;
            kb::test::show("the kernel", k.describe());
            kb::test::show("X, the training points (rows)", X);
            kb::test::show("Z, the new points (rows)", Z);
            kb::test::show("p, the components", p);
            // K from the kernel (not the map's stored copy); its spectrum and the gap that
            // separates the p leading components of JKJ by the independent route of
            // chapter_support.hpp (JKJ formed here, exactly symmetric), not by any route below.
            const Matrix<T> K = kb::gram(k, X);
            const InputSpectrum spec = input_spectrum(K);
            const Vector<kb::real100> mu100 = independent_eigenvalues(Matrix<T>(kb::double_center(K)));
            const T gap = to<T>(min_gap<kb::real100>(mu100, p));
            RC_PRE(gap > to<T>(mu100(0)) / T(1000));
            const kb::PrimalKpca<T> primal = kb::primal_kpca(phi, p);
            const kb::DualKpca<T> dual = kb::dual_kpca(K, p);
            // Chapter 7's kernel PCA (the kernel trick: JKJ and its eigenvectors, no map), fitted
            // on the same data by its own code.
            kb::KernelPca<T> kpca(k, X, {.components = p});
            // Ordinary PCA on the explicitly mapped, centred training data (thin SVD).
            const Matrix<T> Phi = phi.training_features();
            const RowVector<T> M = Phi.colwise().mean();
            const kb::Svd<T> svd = kb::thin_svd(Matrix<T>(Phi.rowwise() - M));
            const Matrix<T> V = svd.V.leftCols(p);
            for (const Matrix<T>* points : {&X, &Z}) {
                const Matrix<T> kP = phi.kernel_columns(*points);
                const Matrix<T> pca = (phi.transform(*points).rowwise() - M) * V;
                const Matrix<T> s16 = kb::primal_projection(phi, primal, kP);
                const Matrix<T> s23 = dual_projection(K, dual, kP);
                const Matrix<T> s25 = combined_projection(dual, kP);
                const std::string of = points == &X ? " of X" : " of Z";
                kb::test::show("the dual projection (23)" + of + ", yours", s23);
                kb::test::show("the combined projection (25)" + of + ", yours", s25);
                kb::test::show("PCA of the mapped data" + of + " (expected, up to column signs)", pca);
                RC_ASSERT(s23.rows() == points->rows() && s23.cols() == p);
                RC_ASSERT(s25.rows() == points->rows() && s25.cols() == p);
                // Chapter 7: the training scores U diag(√μ) for X, KernelPca::transform for Z.
                const Matrix<T> ch7 = points == &X ? kpca.scores() : kpca.transform(Z);
                // Scores of centred features are at most ‖φ(z) − φ̄‖ ≤ √k(z, z) + max_i √k(x_i, x_i)
                // = 2 for the Gaussian kernel (k ≤ 1 = k(x, x)): a scale from the kernel, not
                // from any of the scores compared.
                const auto bound = score_bound<T>(spec, gap, T(2));
                KB_RC_WITHIN(max_abs_diff(align_signs(s16, pca), pca), bound, "primal (16) = PCA");
                KB_RC_WITHIN(max_abs_diff(align_signs(s23, pca), pca), bound, "dual (23) = PCA");
                KB_RC_WITHIN(max_abs_diff(align_signs(s25, pca), pca), bound, "combined (25) = PCA");
                KB_RC_WITHIN(max_abs_diff(align_signs(s16, ch7), ch7), bound, "primal (16) = chapter 7 kernel PCA");
                KB_RC_WITHIN(max_abs_diff(align_signs(s23, ch7), ch7), bound, "dual (23) = chapter 7 kernel PCA");
                KB_RC_WITHIN(max_abs_diff(align_signs(s25, ch7), ch7), bound, "combined (25) = chapter 7 kernel PCA");
            }
            // The same eigenvalues: λ = σ²/N (PCA), eigenvalues of C (primal), μ/N (dual).
            for (Eigen::Index j = 0; j < p; ++j) {
                const T l_pca = svd.sigma(j) * svd.sigma(j) / T(N);
                KB_RC_WITHIN(T(abs(primal.lambda(j) - l_pca)), exactness_bound(spec, T(1)), "λ primal = λ PCA");
                KB_RC_WITHIN(T(abs(dual.lambda(j) - l_pca)), exactness_bound(spec, T(1)), "λ dual = λ PCA");
            }
            // … and Nλ = μ, the eigenvalues of JKJ that chapter 7 computes. No κ enters: the
            // non-zero eigenvalues of NC = K^{1/2}JK^{1/2} are those of J(K + δK)J, where δK is
            // the backward error of K's eigen-decomposition (from which K^{1/2} is formed), so
            // three backward errors of size c₂Nε·λ_max add up (K, then C or JKJ, then JKJ in
            // chapter 7).
            const T lmax = to<T>(spec.lmax);
            for (Eigen::Index j = 0; j < p; ++j) {
                const auto b = kb::test::factorisation<T>(N, T(3) * lmax);
                KB_RC_WITHIN(T(abs(T(N) * primal.lambda(j) - kpca.eigenvalues()(j))), b, "Nλ primal = μ (chapter 7)");
                KB_RC_WITHIN(T(abs(T(N) * dual.lambda(j) - kpca.eigenvalues()(j))), b, "Nλ dual = μ (chapter 7)");
            }
            // eq. 24 between independently computed solutions: u = Nλα.
            const Matrix<T> Nla = dual.alpha * (T(N) * dual.lambda).asDiagonal();
            // u_j = K^{1/2}v_j with ‖v_j‖ = 1, so |u| ≤ √λ_max of the input K.
            KB_RC_WITHIN(max_abs_diff(align_signs(primal.u, Nla), Nla), score_bound<T>(spec, gap, T(sqrt(lmax))),
                         "u = Nλα");
        });
}
//! [cross-check]

} // namespace kb::test::ch08
