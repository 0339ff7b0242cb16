/// \file feature_maps.cpp
/// \brief Chapter 5: the span is isometric to a coordinate space ℓ² (`beeny:def3.2`,
///        `beeny:ex3.3`), and the "if" direction of `zhu:thm5`: a feature map gives a PSD
///        kernel, not necessarily PD, and is not unique (`beeny:def3.7`).
#include "rkhs_test_kernels.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/rkhs.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"


namespace {

template <class T, class Kernel>
void polynomial_isometry_case(const Kernel& k, int q) {
    // f = Σ αᵢ k(xᵢ, ·) = w_fᵀ φ(·) with w_f = Σ αᵢ φ(xᵢ) ∈ R^D (ℓ² of D coordinates), and
    // ⟨f, g⟩ = w_fᵀ w_g. Exactly: (Mᵀα)ᵀ W (Mᵀβ) = αᵀ M W Mᵀ β = αᵀ K β.
    const kb::PolynomialFeatureMap<T> map(k, q);
    const auto f = any_expansion<T>(k, q), g = any_expansion<T>(k, q);
    const Vector<T> mf = map.monomials(f.centres()).transpose() * f.coefficients();
    const Vector<T> mg = map.monomials(g.centres()).transpose() * g.coefficients();
    const T coords = mf.dot(map.weights().asDiagonal() * mg);
    if constexpr (kb::is_exact_v<T>) {
        RC_ASSERT(coords == kb::inner(f, g));
    } else {
        const T scale = Vector<T>(map.monomials(f.centres()).cwiseAbs().transpose() * f.coefficients().cwiseAbs())
                            .dot(map.weights().asDiagonal() *
                                 Vector<T>(map.monomials(g.centres()).cwiseAbs().transpose() *
                                           g.coefficients().cwiseAbs()));
        ch05::same<T>(coords, kb::inner(f, g), map.dimension() + f.terms() + g.terms(),
                      T(scale + ch05::pair_scale(f, g)), "⟨f, g⟩ = w_fᵀ w_g");
    }
}
} // namespace

//! [isometry]
TEST_CASE_TEMPLATE("the span is isometric to l2 through K^(1/2) alpha and through explicit features [beeny:def3.2] [beeny:ex3.3]",
                   T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const int q = *size_in(1, 3);
        polynomial_isometry_case<T>(any_polynomial_kernel<T>(), q);
        if constexpr (!kb::is_exact_v<T>) {
            // A Gaussian span of N distinct centres: T f = K^{1/2} α maps it isometrically onto R^N.
            using std::abs;
            const int N = *size_in(2, 6);
            const auto k = kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*int_in(1, 8), 4));
            const Matrix<T> X = kb::from_integers<T>(*kb::test::distinct_points(N, q, 10), 10);
            const Vector<T> a = kb::from_integers<T>(*int_matrix(N, 1, -9, 9), 3);
            const Vector<T> b = kb::from_integers<T>(*int_matrix(N, 1, -9, 9), 3);
            const KernelExpansion<T, kb::GaussianKernel<T>> f(k, X, a), g(k, X, b);
            const Matrix<T> R = kb::psd_sqrt(kb::gram(k, X));
            const T coords = Vector<T>(R * a).dot(Vector<T>(R * b));
            // |αᵀ(R R − K)β| ≤ ‖α‖‖β‖‖R R − K‖, the backward error of the decomposition.
            KB_RC_WITHIN(T(abs(coords - kb::inner(f, g))),
                         kb::test::factorisation<T>(N, T(a.norm() * b.norm() * T(N))), "⟨f, g⟩ = (K^{1/2}α)ᵀ(K^{1/2}β)");
        }
    });
}
//! [isometry]

TEST_CASE("companion: the coefficient vector is no coordinate map - not isometric and not even well defined [beeny:def3.2]") {
    // k(x, ·) written as 1·k(x, ·) or as ½k(x, ·) + ½k(x, ·): the same function, coefficient
    // vectors of squared length 1 and ½. So α ↦ α is not a map on functions at all.
    using Q = kb::rational;
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    Matrix<Q> x(1, 2), xx(2, 2);
    x << 1, 2;
    xx << 1, 2, 1, 2;
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> f(k, x, Vector<Q>::Ones(1));
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> h(k, xx, Vector<Q>::Constant(2, Q(1, 2)));
    CHECK(kb::squared_norm(f) == kb::squared_norm(h)); // the same function: ‖·‖² = 36 both ways
    CHECK(kb::squared_norm(f) == 36);
    CHECK_FALSE(f.coefficients().squaredNorm() == h.coefficients().squaredNorm());
    CHECK_FALSE(f.coefficients().squaredNorm() == kb::squared_norm(f));
}

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
