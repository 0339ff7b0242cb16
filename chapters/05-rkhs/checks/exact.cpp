/// \file exact.cpp
/// \brief Chapter 5's statements decided exactly: the Riesz representer is unique as a
///        function though not as coefficients (`beeny:thmB.1`), the dimension of the span
///        (`beeny:def3.2`, `beeny:ex3.3`) and the exact PSD certificate of singular Gram matrices.
#include "chapter_support.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/rkhs.hpp"
#include "kernelbook/spectral.hpp"

//! [riesz-unique]
TEST_CASE("the representer is unique as a function though not as coefficients [beeny:thmB.1]") {
    kb::test::property<kb::rational>([] {
        using Q = kb::rational;
        const int N = *size_in(1, 4);
        const kb::PolynomialKernel<Q> k(Q(1), 2);
        const IntMatrix P = general_position_centres(N, 1, 2);
        IntMatrix PP(N + 1, 2);
        PP << P, P.row(0); // a repeated centre: k(x_{N+1}, ·) = k(x₁, ·)
        const Matrix<Q> X = kb::from_integers<Q>(P, 10), XX = kb::from_integers<Q>(PP, 10);
        const Vector<Q> v = kb::from_integers<Q>(*int_matrix(N, 1, -9, 9), 2);
        const auto f = kb::riesz_representer(k, X, v);
        // On the dependent list the coefficients are not unique — (β, 0) and (β − t e₁, t) —
        // and K(XX) is singular, so the solver refuses; but both give the same function f.
        const Q t = kb::ratio<Q>(*int_in(1, 9), 2);
        Vector<Q> b1(N + 1), b2(N + 1);
        b1 << f.coefficients(), Q(0);
        b2 << f.coefficients(), t;
        b2(0) -= t;
        const KernelExpansion<Q, kb::PolynomialKernel<Q>> f1(k, XX, b1), f2(k, XX, b2);
        RC_ASSERT(kb::squared_norm(f1 - f2) == 0);
        RC_ASSERT(kb::squared_norm(f1 - f) == 0);
        Vector<Q> vv(N + 1);
        vv << v, v(0);
        represents_on_sections(f2, vv, "the second expansion represents ℓ");
        bool refused = false;
        try {
            kb::riesz_representer(k, XX, vv);
        } catch (const kb::error&) {
            refused = true;
        }
        RC_ASSERT(refused);
        // Values that differ on two equal sections define no functional at all: every f gives
        // ⟨f, k(x₁, ·)⟩ = ⟨f, k(x_{N+1}, ·)⟩, so no representer can take the values v₁ and v₁ + 1.
        RC_ASSERT(kb::inner(f, kb::feature(k, XX.row(N))) == v(0));
        RC_ASSERT(kb::inner(f, kb::feature(k, XX.row(N))) != v(0) + 1);
    });
}
//! [riesz-unique]

//! [dimension]
TEST_CASE("Gaussian sections of distinct points are independent for every N while polynomial sections span at most binom(q+d d) [beeny:def3.2] [beeny:ex3.3]") {
    // The Gaussian RKHS is infinite-dimensional: the Gram matrix of any N distinct points is
    // positive definite — shown here in 100 digits by λ_min above the eigensolver's backward
    // error (Weyl: the exact λ_min is then positive) — so {k(x, ·)} is linearly independent. Its Hilbert dimension is still
    // countable (Mercer's eigenfunctions are a countable orthonormal basis).
    using R = kb::real100;
    kb::test::property<R>([] {
        const int N = *size_in(2, 10);
        const auto k = kb::GaussianKernel<R>::from_gamma(kb::ratio<R>(*int_in(1, 8), 4));
        const Matrix<R> X = kb::from_integers<R>(*kb::test::distinct_points(N, 1, 10), 10);
        const auto eig = kb::symmetric_eigen(kb::gram(k, X));
        // The backward error at ‖K‖₂ ≤ tr K = N (k(x, x) = 1: from the inputs, not the computed λ₁),
        // which also covers the rounding of the entries of K (one pass, c₁ < c₂).
        RC_ASSERT(eig.values(N - 1) > kb::test::factorisation<R>(N, R(N)).value);
    });
    // The RKHS of (1 + xᵀy)² on R² has dimension 6: any 8 to 10 sections satisfy at least
    // N − 6 independent exact linear relations.
    kb::test::property<kb::rational>([] {
        using Q = kb::rational;
        const int N = *size_in(8, 10);
        const Matrix<Q> X = kb::from_integers<Q>(*points(N, 2, 10), 10);
        RC_ASSERT(kb::vanishing_combinations(kb::PolynomialKernel<Q>(Q(1), 2), X).cols() >= N - 6);
    }, 0, "polynomial");
}
//! [dimension]

TEST_CASE("is_psd_exact certifies singular PSD Gram matrices where a zero pivot precedes a positive one [beeny:ex3.5]") {
    // Regression: Eigen's LDLT pivots on the diagonal before the Schur update and reports
    // NumericalIssue for these PSD matrices (a repeated point; four vectors in R²), although
    // they are PSD. is_psd_exact now eliminates on the Schur complement itself.
    using Q = kb::rational;
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    Matrix<Q> X(3, 2);
    X << 0, Q(1, 10), 0, 0, 0, Q(1, 10);
    CHECK(kb::is_psd_exact(kb::gram(k, X)));
    Matrix<Q> V(2, 4);
    V << 0, 0, -2, 2, 0, Q(1, 2), Q(-1, 2), Q(1, 2);
    const Matrix<Q> G = V.transpose() * V;
    CHECK(kb::is_psd_exact(G));
    // Companion: moving G by −10⁻⁶ n nᵀ along its null vector n = (0, 0, 1, 1) (v₃ = −v₄)
    // gives nᵀHn = −4·10⁻⁶ < 0, and the certificate refuses it.
    Vector<Q> n(4);
    n << 0, 0, 1, 1;
    const Matrix<Q> H = G - Q(1, 1000000) * n * n.transpose();
    CHECK(n.dot(H * n) < 0);
    CHECK_FALSE(kb::is_psd_exact(H));
}
