/// \file spaces.cpp
/// \brief Chapter 5: inner-product and norm axioms on the span (`beeny:def3.1`), Gram
///        matrices (`beeny:def3.4`, `beeny:ex3.5`), and the dimension of an RKHS
///        (`beeny:def3.2`, `beeny:ex3.3`).
#include "rkhs_test_kernels.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/rkhs.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <vector>


namespace {

template <class T, class Kernel>
void norm_axioms_case(const Kernel& k, int q) {
    using std::abs;
    const auto f = any_expansion<T>(k, q);
    const auto g = any_expansion<T>(k, q);
    const long n = f.terms() + g.terms();
    const T Sff = ch05::pair_scale(f, f), Sgg = ch05::pair_scale(g, g), Sfg = ch05::pair_scale(f, g);
    const T ff = kb::squared_norm(f), gg = kb::squared_norm(g), fg = kb::inner(f, g);
    // Cauchy–Schwarz: ⟨f, g⟩² ≤ ‖f‖²‖g‖² (the squared form is exact in rationals).
    ch05::at_most<T>(T(fg * fg), T(ff * gg), n, T(Sfg * Sfg + Sff * Sgg), "⟨f, g⟩² ≤ ‖f‖²‖g‖²");
    // Homogeneity: ‖s f‖² = s²‖f‖².
    const T s = kb::ratio<T>(*int_in(-9, 9), 4);
    ch05::same<T>(kb::squared_norm(s * f), T(s * s * ff), n, T(s * s * Sff), "‖s f‖² = s²‖f‖²");
    if constexpr (!kb::is_exact_v<T>) {
        // Triangle inequality ‖f + g‖ ≤ ‖f‖ + ‖g‖, compared squared (both sides ≥ 0).
        using std::sqrt;
        const T lhs = kb::squared_norm(f + g);
        const T rhs = (kb::norm(f) + kb::norm(g)) * (kb::norm(f) + kb::norm(g));
        ch05::at_most<T>(lhs, rhs, n, T(ch05::pair_scale(f + g, f + g) + (sqrt(Sff) + sqrt(Sgg)) * (sqrt(Sff) + sqrt(Sgg))),
                         "‖f + g‖² ≤ (‖f‖ + ‖g‖)²");
    }
}

} // namespace

//! [norm-axioms]
TEST_CASE_TEMPLATE("norm axioms on the span: Cauchy-Schwarz homogeneity and the triangle inequality [beeny:def3.1]", T,
                   KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const int q = *size_in(1, 3);
        norm_axioms_case<T>(any_polynomial_kernel<T>(), q);
        if constexpr (!kb::is_exact_v<T>)
            norm_axioms_case<T>(kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*int_in(1, 8), 4)), q);
    });
}
//! [norm-axioms]

TEST_CASE("companion: Cauchy-Schwarz fails for the squared distance which is no inner product [beeny:def3.1]") {
    using Q = kb::rational;
    const ch05::SquaredDistanceKernel<Q> k;
    Matrix<Q> x(1, 1), y(1, 1);
    x << 0;
    y << 2;
    const auto f = kb::feature(k, x.row(0)), g = kb::feature(k, y.row(0));
    // ⟨f, g⟩ = 4 but ‖f‖² = ‖g‖² = 0: 16 ≤ 0 is false.
    CHECK(kb::inner(f, g) == 4);
    CHECK_FALSE(kb::inner(f, g) * kb::inner(f, g) <= kb::inner(f, f) * kb::inner(g, g));
}

//! [gram-vtv]
TEST_CASE_TEMPLATE("the Gram matrix of the columns v1..vn of V is V^T V and is PSD but singular for n > dim [beeny:def3.4] [beeny:ex3.5]",
                   T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        // beeny:ex3.5: four vectors of R³ are the columns of the 3×4 matrix V.
        const int dim = *size_in(1, 3), n = *size_in(dim + 1, dim + 2);
        const IntMatrix Vi = *int_matrix(dim, n, -5, 5);
        const Matrix<T> V = kb::from_integers<T>(Vi, 2);
        // G_ij = ⟨v_i, v_j⟩ entry by entry (Definition 3.4) …
        Matrix<T> G(n, n);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) G(i, j) = V.col(i).dot(V.col(j));
        // … is VᵀV, is kb::gram of the points vᵢ (rows of Vᵀ — the book stores points as rows),
        // and is the Gram matrix of the sections k(vᵢ, ·) of the linear kernel in its RKHS.
        const kb::LinearKernel<T> k;
        const Matrix<T> VtV = V.transpose() * V;
        const Matrix<T> Vt = V.transpose();
        std::vector<KernelExpansion<T, kb::LinearKernel<T>>> sections;
        for (int i = 0; i < n; ++i) sections.push_back(kb::feature(k, Vt.row(i)));
        const Matrix<T> Gk = kb::gram(k, Vt), Gs = kb::gram_matrix(sections);
        const T scale = kb::max_abs(Matrix<T>(V.cwiseAbs().transpose() * V.cwiseAbs()));
        if constexpr (kb::is_exact_v<T>) {
            RC_ASSERT(G == VtV);
            RC_ASSERT(Gk == VtV);
            RC_ASSERT(Gs == VtV);
            // More vectors than dimensions: PSD (exact certificate) but singular, with an
            // exact null vector — positive *semi*-definite, not definite.
            RC_ASSERT(kb::is_psd_exact(G));
            RC_ASSERT(kb::exact_null_space(G).cols() >= n - dim);
        } else {
            KB_RC_WITHIN(kb::max_abs(Matrix<T>(G - VtV)), kb::test::one_pass<T>(dim, scale), "G = VᵀV");
            KB_RC_WITHIN(kb::max_abs(Matrix<T>(Gk - VtV)), kb::test::one_pass<T>(dim, scale), "gram(k, Vᵀ) = VᵀV");
            KB_RC_WITHIN(kb::max_abs(Matrix<T>(Gs - VtV)), kb::test::one_pass<T>(dim, scale), "⟨k(vᵢ,·), k(vⱼ,·)⟩ = VᵀV");
            const auto eig = kb::symmetric_eigen(G);
            // λ_min(G) ≥ −(backward error) at ‖G‖₂ ≤ tr G = ‖V‖²_F (from the input V, not from the
            // eigenvalues under test), plus the rounding of G itself (one pass, at most as large).
            KB_RC_WITHIN(ch05::negative_part(T(eig.values(n - 1))), kb::test::factorisation<T>(n, T(V.squaredNorm())),
                         "λ_min(G) ≥ 0");
        }
    });
}
//! [gram-vtv]

TEST_CASE("companion: V V^T is not the Gram matrix of the columns [beeny:ex3.5]") {
    using Q = kb::rational;
    Matrix<Q> V(3, 3);
    V << 1, 1, 0, 0, 1, 1, 0, 0, 1; // not normal: VVᵀ ≠ VᵀV
    Matrix<Q> G(3, 3);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) G(i, j) = V.col(i).dot(V.col(j));
    CHECK(G == Matrix<Q>(V.transpose() * V));
    CHECK_FALSE(G == Matrix<Q>(V * V.transpose()));
    CHECK(G(0, 0) == 1);
    CHECK(Matrix<Q>(V * V.transpose())(0, 0) == 2); // ‖row 1‖², not ‖v₁‖²
}

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
