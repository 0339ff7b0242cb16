/// \file errata.cpp
/// \brief Chapter 5's two remarks (nothing printed is false): a feature map gives a positive *semi*-definite kernel, and the
///        feature map of a kernel is not unique (`zhu:thm5`, `beeny:def3.7`), with the companion
///        that shows the two claims are not vacuous.
#include "chapter_support.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/rkhs.hpp"
#include "kernelbook/solve.hpp"

//! [feature-map-psd]
TEST_CASE_TEMPLATE("a feature map gives a PSD kernel that need not be PD and is not unique [zhu:thm5] [beeny:def3.7]", T,
                   KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        // N points of R² and a repeated one: k(x, y) = ⟨φ(x), φ(y)⟩ for the monomial map of
        // (1 + xᵀy)², so Σ cᵢcⱼ k(xᵢ, xⱼ) = ‖Σ cᵢ φ(xᵢ)‖² ≥ 0 — PSD. With a repeated point
        // K is singular: not PD.
        const int N = *size_in(2, 6);
        IntMatrix P(N + 1, 2);
        P.topRows(N) = *points(N, 2, 10);
        P.row(N) = P.row(0);
        const Matrix<T> X = kb::from_integers<T>(P, 10);
        const kb::PolynomialKernel<T> k(T(1), 2);
        const kb::PolynomialFeatureMap<T> map(k, 2);
        const Matrix<T> M = map.monomials(X);
        const Matrix<T> K = kb::gram(k, X);
        if constexpr (kb::is_exact_v<T>) {
            RC_ASSERT(Matrix<T>(M * map.weights().asDiagonal() * M.transpose()) == K);
            RC_ASSERT(kb::is_psd_exact(K));
            RC_ASSERT(kb::exact_null_space(K).cols() >= 1);
            bool refused = false;
            try {
                kb::inverse_spd(K);
            } catch (const kb::error&) {
                refused = true;
            }
            RC_ASSERT(refused);
        } else {
            // Not unique: φ and Qφ (Q orthogonal) are two feature maps of the same kernel,
            // and differ by O(1); the canonical map x ↦ k(x, ·) is a third.
            const Matrix<T> Phi = map.features(X);
            const Matrix<T> Q = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(6), 1);
            const Matrix<T> Psi = Phi * Q.transpose();
            const T scale = kb::max_abs(Matrix<T>(Phi.cwiseAbs() * Phi.cwiseAbs().transpose()));
            KB_RC_WITHIN(kb::max_abs(Matrix<T>(Phi * Phi.transpose() - K)), kb::test::one_pass<T>(6, scale),
                         "⟨φ(xᵢ), φ(xⱼ)⟩ = k(xᵢ, xⱼ)");
            KB_RC_WITHIN(kb::max_abs(Matrix<T>(Psi * Psi.transpose() - K)), kb::test::one_pass<T>(36, T(6 * scale)),
                         "⟨Qφ(xᵢ), Qφ(xⱼ)⟩ = k(xᵢ, xⱼ)");
            const auto kx = kb::feature(k, X.row(0)), ky = kb::feature(k, X.row(1));
            ch05::same<T>(kb::inner(kx, ky), K(0, 1), 1, K(0, 1), "⟨k(x,·), k(y,·)⟩ = k(x, y)");
        }
    });
}
//! [feature-map-psd]

TEST_CASE("companion: a feature map with a different Q really is a different map and the squared distance has none [zhu:thm5]") {
    // Qφ ≠ φ (else "not unique" would be vacuous), and ‖x − y‖² is refuted as a kernel exactly.
    using Q = kb::rational;
    const kb::PolynomialKernel<double> k(1.0, 2);
    const kb::PolynomialFeatureMap<double> map(k, 2);
    Matrix<double> X(1, 2);
    X << 0.5, -1;
    IntMatrix S = IntMatrix::Zero(6, 6);
    S(0, 1) = 1;
    S(1, 0) = -1;
    const Matrix<double> Qm = kb::test::cayley_orthogonal<double>(S, 1);
    const Matrix<double> phi = map.features(X);
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<double>(phi * Qm.transpose() - phi)),
                     kb::test::one_pass<double>(6, 4.0), "Qφ = φ?");
    Matrix<Q> P(2, 1);
    P << 0, 1;
    CHECK_FALSE(kb::is_psd_exact(kb::gram(ch05::SquaredDistanceKernel<Q>{}, P)));
}
