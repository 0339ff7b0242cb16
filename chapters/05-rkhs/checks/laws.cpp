/// \file laws.cpp
/// \brief Chapter 5's laws, as properties over random inputs — the inner product of the span
///        (`zhu:thm5`), the reproducing property (`zhu:prop6`), the norm and Gram matrices
///        (`beeny:def3.1`, `beeny:def3.4`), Riesz and interpolation (`beeny:thmB.1`), Mercer
///        (`beeny:C`) — each followed by its companion, which shows the check fails on broken input.
///        The laws that the exercises run as well are written once, in laws.hpp.
#include "../laws.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/mercer.hpp"
#include "kernelbook/rkhs.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <string>
#include <type_traits>
#include <vector>

using ch05::any_points;
using ch05::for_polynomial_and_gaussian_kernels;

namespace {

// ⟨f', g⟩ = ⟨f, g⟩ and f'(z) = f(z) for two expansions f, f' of the same function.
template <class T, class Kernel>
void same_function_same_pairings(const KernelExpansion<T, Kernel>& f, const KernelExpansion<T, Kernel>& fprime,
                                 const KernelExpansion<T, Kernel>& g, const Matrix<T>& Z) {
    // The two sides evaluate k at different centres: count the roundings of one evaluation.
    const long n = f.terms() + fprime.terms() + g.terms() + ch05::evaluation_terms(f.kernel(), f.dimension());
    for (Eigen::Index j = 0; j < Z.rows(); ++j) {
        const Matrix<T> z = Z.row(j);
        ch05::same<T>(fprime(z.row(0)), f(z.row(0)), n, ch05::value_scale(fprime, z) + ch05::value_scale(f, z),
                      "f'(z) = f(z)");
    }
    const T scale = ch05::pair_scale(fprime, g) + ch05::pair_scale(f, g);
    ch05::same<T>(kb::inner(fprime, g), kb::inner(f, g), n, scale, "⟨f', g⟩ = ⟨f, g⟩");
    ch05::same<T>(kb::inner(g, fprime), kb::inner(g, f), n, scale, "⟨g, f'⟩ = ⟨g, f⟩");
    ch05::same<T>(kb::inner(fprime, fprime), kb::inner(f, f), n,
                  ch05::pair_scale(fprime, fprime) + ch05::pair_scale(f, f), "‖f'‖² = ‖f‖²");
}

// Repeated centres: f on X with α, f' on [X; X] with [α − δ; δ], and f' merged back.
template <class T, class Kernel>
void repeated_centres_case(const Kernel& k, int q) {
    const auto f = any_expansion<T>(k, q);
    const Vector<T> delta = kb::from_integers<T>(*int_matrix(static_cast<int>(f.terms()), 1, -9, 9), 2);
    Matrix<T> XX(2 * f.terms(), q);
    XX << f.centres(), f.centres();
    Vector<T> split(2 * f.terms());
    split << Vector<T>(f.coefficients() - delta), delta;
    const KernelExpansion<T, Kernel> fprime(k, XX, split);
    const auto g = any_expansion<T>(k, q);
    same_function_same_pairings(f, fprime, g, any_points<T>(3, q));
    // α₁ k(x,·) + α₂ k(x,·) = (α₁ + α₂) k(x,·): merging gives back the centres of f (and, if
    // f itself has repeated centres, fewer) with the same values and pairings.
    const auto merged = kb::combine_repeated_centres(fprime);
    RC_ASSERT(merged.terms() <= f.terms());
    same_function_same_pairings(f, merged, g, any_points<T>(3, q));
}

} // namespace

//! [well-defined-repeated]
TEST_CASE_TEMPLATE("the inner product is well defined under repeated centres [zhu:thm5]", T, KB_ALL_SCALARS) {
    for_polynomial_and_gaussian_kernels<T>([](const auto& k, int q) { repeated_centres_case<T>(k, q); });
}
//! [well-defined-repeated]

//! [well-defined-linear]
TEST_CASE_TEMPLATE("the inner product is well defined under dependent sections of the linear kernel [zhu:thm5]", T,
                   KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        // q base points and `extra` points that are integer combinations of them:
        // x_{q+j} = Σᵢ C_ji xᵢ, so c = (C_j1, …, C_jq, 0, …, −1, …, 0) gives Σ cᵢ k(xᵢ, ·) ≡ 0.
        const int q = *size_in(1, 3);
        const int extra = *size_in(1, 3);
        const IntMatrix B = *points(q, q, 10);
        const IntMatrix C = *int_matrix(extra, q, -3, 3);
        IntMatrix P(q + extra, q);
        P << B, IntMatrix(C * B);
        const Matrix<T> X = kb::from_integers<T>(P, 10);
        const kb::LinearKernel<T> k;
        const Eigen::Index N = X.rows();
        const Matrix<T> K = kb::gram(k, X);
        for (int j = 0; j < extra; ++j) {
            Vector<T> c = Vector<T>::Zero(N);
            for (int i = 0; i < q; ++i) c(i) = T(C(j, i));
            c(q + j) = T(-1);
            const KernelExpansion<T, kb::LinearKernel<T>> zero(k, X, c);
            if constexpr (kb::is_exact_v<T>) RC_ASSERT(Vector<T>(K * c) == Vector<T>::Zero(N)); // K c = 0 exactly
            // The combination is the zero function: ‖f_c‖² = cᵀKc = 0 and f_c(z) = 0 everywhere.
            ch05::same<T>(kb::inner(zero, zero), T(0), 2 * N + ch05::evaluation_terms(k, q), ch05::pair_scale(zero, zero), "‖Σ cᵢ k(xᵢ,·)‖² = 0");
            const Matrix<T> Z = any_points<T>(3, q);
            for (int m = 0; m < 3; ++m) {
                const Matrix<T> z = Z.row(m);
                ch05::same<T>(zero(z.row(0)), T(0), N + ch05::evaluation_terms(k, q), ch05::value_scale(zero, z), "Σ cᵢ k(xᵢ, z) = 0");
            }
            // Adding it to any f changes no inner product.
            const Vector<T> alpha = kb::from_integers<T>(*int_matrix(static_cast<int>(N), 1, -9, 9), 3);
            const KernelExpansion<T, kb::LinearKernel<T>> f(k, X, alpha);
            const KernelExpansion<T, kb::LinearKernel<T>> fprime(k, X, Vector<T>(alpha + kb::ratio<T>(*int_in(1, 5), 2) * c));
            same_function_same_pairings(f, fprime, any_expansion<T>(k, q), Z);
        }
    });
}
//! [well-defined-linear]

//! [well-defined-polynomial]
TEST_CASE_TEMPLATE("dependent sections of (1 + x'y)^2 on R^2 vanish everywhere and change no inner product [zhu:thm5]",
                   T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        // 7 to 9 centres in R², more than the 6 monomials 1, x₁, x₂, x₁², x₁x₂, x₂² of the
        // feature space: Σ cᵢ m(xᵢ) = 0 has non-trivial solutions, computed exactly.
        const int N = *size_in(7, 9);
        const IntMatrix P = *points(N, 2, 10);
        using Q = kb::rational;
        const kb::PolynomialKernel<Q> kq(Q(1), 2);
        const Matrix<Q> Xq = kb::from_integers<Q>(P, 10);
        const kb::PolynomialFeatureMap<Q> map(kq, 2);
        const Matrix<Q> C = kb::exact_null_space(Matrix<Q>(map.monomials(Xq).transpose()));
        RC_ASSERT(C.cols() >= N - 6);
        // Two independent routes to the zero functions agree: ker Mᵀ (the features) and
        // ker K (the Gram matrix, kb::vanishing_combinations), and K c = 0 exactly.
        RC_ASSERT(kb::vanishing_combinations(kq, Xq).cols() == C.cols());
        RC_ASSERT(Matrix<Q>(kb::gram(kq, Xq) * C) == Matrix<Q>::Zero(N, C.cols()));

        const kb::PolynomialKernel<T> k(T(1), 2);
        const Matrix<T> X = kb::from_integers<T>(P, 10);
        const Matrix<T> Z = any_points<T>(3, 2);
        for (Eigen::Index col = 0; col < C.cols(); ++col) {
            const Vector<T> c = kb::convert_matrix<T>(C.col(col));
            const KernelExpansion<T, kb::PolynomialKernel<T>> zero(k, X, c);
            // Definite on functions: ‖f_c‖ = 0 and f_c vanishes at points that are not centres.
            ch05::same<T>(kb::inner(zero, zero), T(0), 2 * N + ch05::evaluation_terms(k, 2), ch05::pair_scale(zero, zero), "‖Σ cᵢ k(xᵢ,·)‖² = 0");
            for (int m = 0; m < 3; ++m) {
                const Matrix<T> z = Z.row(m);
                ch05::same<T>(zero(z.row(0)), T(0), N + ch05::evaluation_terms(k, 2), ch05::value_scale(zero, z), "Σ cᵢ k(xᵢ, z) = 0");
            }
            const Vector<T> alpha = kb::from_integers<T>(*int_matrix(N, 1, -9, 9), 3);
            const KernelExpansion<T, kb::PolynomialKernel<T>> f(k, X, alpha);
            const KernelExpansion<T, kb::PolynomialKernel<T>> fprime(k, X, Vector<T>(alpha + c));
            same_function_same_pairings(f, fprime, any_expansion<T>(k, 2), Z);
        }
    });
}
//! [well-defined-polynomial]

//! [asymmetric-companion]
TEST_CASE("companion: an asymmetric k makes the pairing ill defined and not symmetric [zhu:thm5]") {
    // k(x, y) = x₁y₂. The function g = k((0, 1), ·) is z ↦ 0·z₂ = 0, the zero function, and so
    // is 0·k((0, 1), ·); yet pairing f = k((1, 0), ·) with the two expansions gives 1 and 0.
    using Q = kb::rational;
    const ch05::AsymmetricKernel<Q> k;
    Matrix<Q> x(1, 2), y(1, 2), z(1, 2);
    x << 1, 0;
    y << 0, 1;
    z << 3, 7;
    const KernelExpansion<Q, ch05::AsymmetricKernel<Q>> f(k, x, Vector<Q>::Ones(1));
    const KernelExpansion<Q, ch05::AsymmetricKernel<Q>> g(k, y, Vector<Q>::Ones(1));
    const KernelExpansion<Q, ch05::AsymmetricKernel<Q>> zero(k, y, Vector<Q>::Zero(1));
    CHECK(g(z.row(0)) == 0); // g is the zero function …
    CHECK(zero(z.row(0)) == 0);
    CHECK(kb::inner(f, g) == 1); // … but ⟨f, g⟩ ≠ ⟨f, 0⟩: not well defined
    CHECK(kb::inner(f, zero) == 0);
    CHECK(kb::inner(g, f) == 0); // and ⟨g, f⟩ ≠ ⟨f, g⟩: not symmetric
}
//! [asymmetric-companion]

TEST_CASE_TEMPLATE("the inner product is symmetric and bilinear [zhu:thm5] [beeny:def3.1]", T, KB_ALL_SCALARS) {
    ch05::symmetric_bilinear_law<T>(ch05::library_inner, ch05::library_evaluate);
}

TEST_CASE("companion: adding coefficients on the wrong centres breaks linearity [beeny:def3.1]") {
    // A broken "sum" that adds β to α as if g had f's centres is not f + g: ⟨·, h⟩ of it
    // differs from ⟨f, h⟩ + ⟨g, h⟩, and the linearity check catches it.
    using Q = kb::rational;
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    Matrix<Q> X(2, 1), Y(2, 1), H(1, 1);
    X << 1, 2;
    Y << -1, 3;
    H << Q(1, 2);
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> f(k, X, Vector<Q>::Ones(2));
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> g(k, Y, Vector<Q>::Ones(2));
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> h(k, H, Vector<Q>::Ones(1));
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> broken(k, X, Vector<Q>(f.coefficients() + g.coefficients()));
    const Q want = kb::inner(f, h) + kb::inner(g, h);
    CHECK(kb::inner(f + g, h) == want);
    KB_CHECK_EXCEEDS(kb::rational(abs(kb::inner(broken, h) - want)), kb::test::exact<Q>(), "broken sum");
}

namespace {

template <class T, class Kernel>
void psd_and_evaluation_bound_case(const Kernel& k, int q) {
    using std::abs;
    const auto f = any_expansion<T>(k, q);
    const long N = f.terms();
    const T ff = kb::inner(f, f), scale = ch05::pair_scale(f, f);
    // ⟨f, f⟩ = αᵀKα ≥ 0 because k is PSD.
    ch05::at_most<T>(T(0), ff, N, scale, "⟨f, f⟩ ≥ 0");
    // |f(x)|² = |⟨f, k(x, ·)⟩|² ≤ ⟨f, f⟩ k(x, x) (Cauchy–Schwarz for a PSD form): so ‖f‖ = 0
    // forces f(x) = 0 at every x.
    const Matrix<T> Z = any_points<T>(3, q);
    for (int m = 0; m < 3; ++m) {
        const Matrix<T> z = Z.row(m);
        const T fz = f(z.row(0)), kzz = k(z.row(0), z.row(0));
        const T vs = ch05::value_scale(f, z);
        ch05::at_most<T>(T(fz * fz), T(ff * kzz), N, T(vs * vs + scale * abs(kzz)), "f(x)² ≤ ‖f‖² k(x, x)");
    }
}
} // namespace

//! [psd-definite]
TEST_CASE_TEMPLATE("<f f> >= 0 and f(x)^2 <= <f f> k(x x) so a zero norm forces f = 0 [zhu:thm5] [zhu:prop6] [beeny:def3.1]",
                   T, KB_ALL_SCALARS) {
    for_polynomial_and_gaussian_kernels<T>([](const auto& k, int q) { psd_and_evaluation_bound_case<T>(k, q); });
}
//! [psd-definite]

//! [psd-companion]
TEST_CASE("companion: with the squared distance <f f> = 0 for some f != 0 and <f f> < 0 is refused [zhu:thm5]") {
    // k(x, y) = ‖x − y‖² is symmetric but not PSD. f = k(x₁, ·) has ⟨f, f⟩ = k(x₁, x₁) = 0
    // yet f(x₂) = ‖x₁ − x₂‖² ≠ 0: the evaluation bound, and definiteness, fail.
    using Q = kb::rational;
    const ch05::SquaredDistanceKernel<Q> k;
    Matrix<Q> X(2, 2);
    X << 0, 0, 3, 4;
    const KernelExpansion<Q, ch05::SquaredDistanceKernel<Q>> f(k, X.topRows(1), Vector<Q>::Ones(1));
    CHECK(kb::inner(f, f) == 0);
    CHECK(f(X.row(1)) == 25);
    CHECK_FALSE(f(X.row(1)) * f(X.row(1)) <= kb::inner(f, f) * k(X.row(1), X.row(1)));
    // f = k(x₁, ·) − k(x₂, ·) has ⟨f, f⟩ = −2·25 < 0: squared_norm names the broken kernel.
    Vector<Q> alpha(2);
    alpha << 1, -1;
    const KernelExpansion<Q, ch05::SquaredDistanceKernel<Q>> d(k, X, alpha);
    CHECK(kb::inner(d, d) == -50);
    CHECK_THROWS_WITH_AS(kb::squared_norm(d), doctest::Contains("not positive semi-definite"), kb::error);
    // In floating point too, far beyond rounding.
    const ch05::SquaredDistanceKernel<double> kd;
    const KernelExpansion<double, ch05::SquaredDistanceKernel<double>> dd(kd, kb::convert_matrix<double>(X),
                                                                          kb::convert_matrix<double>(alpha));
    CHECK_THROWS_WITH_AS(kb::squared_norm(dd), doctest::Contains("negative beyond rounding"), kb::error);
}
//! [psd-companion]

namespace {

template <class T, class Kernel>
void feature_distance_case(const Kernel& k, int q) {
    using std::abs;
    const Matrix<T> P = any_points<T>(2, q);
    const auto kx = kb::feature(k, P.row(0)), ky = kb::feature(k, P.row(1));
    const T kxx = k(P.row(0), P.row(0)), kyy = k(P.row(1), P.row(1)), kxy = k(P.row(0), P.row(1));
    // ‖k(x,·) − k(y,·)‖² = k(x,x) + k(y,y) − 2k(x,y) (ghiasi:eq26 in the RKHS).
    ch05::same<T>(kb::squared_norm(kx - ky), T(kxx + kyy - 2 * kxy), 4, T(abs(kxx) + abs(kyy) + 2 * abs(kxy)),
                  "‖k(x,·) − k(y,·)‖² = k(x,x) + k(y,y) − 2k(x,y)");
}
} // namespace

TEST_CASE_TEMPLATE("reproducing property <f k(x .)> = f(x) at every x [zhu:prop6]", T, KB_ALL_SCALARS) {
    ch05::reproducing_law<T>(ch05::library_inner, ch05::library_evaluate);
}

TEST_CASE_TEMPLATE("companion: the section of a Gaussian of another width does not reproduce f [zhu:prop6]", T,
                   KB_REALS) {
    // zhu's σ (γ = 1/σ²) and ghiasi's σ (γ = 1/(2σ²)) with the same σ = 1 are different
    // kernels. The law's own check (reproducing_case: ⟨f, k(x, ·)⟩ − f(x) through kb::inner,
    // within one_pass of ch05::two_route_bound(f, x)) fails when f is built with the other width:
    // f' = Σ αᵢ k'(xᵢ, ·) paired with the section k'(x, ·) gives f'(x), which misses f(x) by O(1).
    using std::abs;
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(1));
    const auto other = kb::GaussianKernel<T>::from_sigma(T(1));
    Matrix<T> X(2, 1), x(1, 1);
    X << T(0), T(1);
    x << T(2);
    const KernelExpansion<T, kb::GaussianKernel<T>> f(k, X, Vector<T>::Ones(2));
    const KernelExpansion<T, kb::GaussianKernel<T>> fwrong(other, X, Vector<T>::Ones(2));
    const auto [n, scale] = ch05::two_route_bound(f, x);
    const auto bound = kb::test::one_pass<T>(n, scale);
    KB_CHECK_WITHIN(T(abs(kb::inner(f, kb::feature(k, x.row(0))) - f(x.row(0)))), bound, "right width");
    KB_CHECK_EXCEEDS(T(abs(kb::inner(fwrong, kb::feature(other, x.row(0))) - f(x.row(0)))), bound, "wrong width");
    // Mixing the two widths in one pairing is refused by kb::inner with a named error.
    CHECK_THROWS_WITH_AS(kb::inner(f, kb::feature(other, x.row(0))), doctest::Contains("built with different kernels"),
                         kb::error);
}

//! [feature-distance]
TEST_CASE_TEMPLATE("feature distance ||k(x .) - k(y .)||^2 = k(x x) + k(y y) - 2k(x y) [zhu:prop6]", T,
                   KB_ALL_SCALARS) {
    for_polynomial_and_gaussian_kernels<T>([](const auto& k, int q) { feature_distance_case<T>(k, q); });
}
//! [feature-distance]

TEST_CASE("companion: the evaluation bound needs sqrt(k(x x)) and the distance needs -2k(x y) [zhu:prop6]") {
    using Q = kb::rational;
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    Matrix<Q> P(2, 2);
    P << 2, 0, 1, 1;
    const auto kx = kb::feature(k, P.row(0)), ky = kb::feature(k, P.row(1));
    // f = k(x, ·): f(x) = k(x, x) = 25 and ‖f‖² = 25. The bound |f(x)| ≤ ‖f‖ (without
    // √k(x, x)) would say 25² ≤ 25: false. With it, 25² ≤ 25·25 holds (with equality).
    CHECK_FALSE(kx(P.row(0)) * kx(P.row(0)) <= kb::squared_norm(kx));
    CHECK(kx(P.row(0)) * kx(P.row(0)) <= kb::squared_norm(kx) * k(P.row(0), P.row(0)));
    // ‖k_x − k_y‖² = 25 + 9 − 2·9 = 16; the formula with +2k(x, y) gives 52.
    CHECK(kb::squared_norm(kx - ky) == 16);
    CHECK_FALSE(kb::squared_norm(kx - ky) == k(P.row(0), P.row(0)) + k(P.row(1), P.row(1)) + 2 * k(P.row(0), P.row(1)));
}

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
    for_polynomial_and_gaussian_kernels<T>([](const auto& k, int q) { norm_axioms_case<T>(k, q); });
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

namespace {

template <class T, class Kernel>
void riesz_case(const Kernel& k, const Matrix<T>& X) {
    using std::abs;
    const Eigen::Index N = X.rows();
    const Matrix<T> K = kb::gram(k, X);
    // The evaluation functional δ_x at a point x: on all of H it is represented by k(x, ·)
    // (the reproducing property); within S = span{k(xᵢ, ·)} by β with Kβ = k(X, x).
    const Matrix<T> x = kb::from_integers<T>(*points(1, 2, 10), 10);
    const Vector<T> kXx = kb::gram(k, X, x).col(0);
    const auto P = kb::riesz_representer(k, X, kXx);
    represents_on_sections(P, kXx, "⟨P k_x, k(xᵢ, ·)⟩ = k(xᵢ, x)");
    // A general functional ℓ on S, given by its values on the sections.
    const Vector<T> v = kb::from_integers<T>(*int_matrix(static_cast<int>(N), 1, -9, 9), 2);
    const auto f = kb::riesz_representer(k, X, v);
    represents_on_sections(f, v, "⟨f, k(xᵢ, ·)⟩ = ℓ(k(xᵢ, ·))");
    // … and so on every g = Σ cᵢ k(xᵢ, ·) of S: ℓ(g) = cᵀv = ⟨f, g⟩.
    const Vector<T> c = kb::from_integers<T>(*int_matrix(static_cast<int>(N), 1, -9, 9), 3);
    const KernelExpansion<T, Kernel> g(k, X, c);
    if constexpr (kb::is_exact_v<T>) {
        RC_ASSERT(kb::inner(f, g) == c.dot(v));
        // ‖ℓ‖ = ‖f‖: (cᵀv)² ≤ ‖f‖²‖g‖² for every g, with equality at g = f; ‖f‖² = vᵀK⁻¹v = vᵀβ.
        RC_ASSERT(kb::squared_norm(f) == v.dot(f.coefficients()));
        RC_ASSERT(c.dot(v) * c.dot(v) <= kb::squared_norm(f) * kb::squared_norm(g));
        const T lf = f.coefficients().dot(v);
        RC_ASSERT(lf * lf == kb::squared_norm(f) * kb::squared_norm(f));
        // Within S the representer of δ_x is the orthogonal projection of k(x, ·):
        // Pythagoras ‖k_x‖² = ‖P k_x‖² + ‖k_x − P k_x‖², and P k_x = k_x when x is a centre.
        const auto kx = kb::feature(k, x.row(0));
        RC_ASSERT(kb::squared_norm(kx) == kb::squared_norm(P) + kb::squared_norm(kx - P));
        const auto P1 = kb::riesz_representer(k, X, Vector<T>(K.col(0)));
        RC_ASSERT(kb::squared_norm(P1 - kb::feature(k, X.row(0))) == 0);
    } else {
        KB_RC_WITHIN(T(abs(kb::inner(f, g) - c.dot(v))),
                     kb::test::factorisation<T>(N, T(c.norm() * residual_scale<T>(k, X, K, v))),
                     "⟨f, g⟩ = ℓ(g)");
    }
}

} // namespace

//! [riesz]
TEST_CASE_TEMPLATE("Riesz on the span: k(x .) represents evaluation and K beta = values represents any functional [beeny:thmB.1] [zhu:prop6]",
                   T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const long c = *int_in(1, 2);
        const int d = *size_in(2, 3), N = *size_in(1, 5);
        const Matrix<T> X = kb::from_integers<T>(general_position_centres(N, c, d), 10);
        riesz_case<T>(kb::PolynomialKernel<T>(T(c), d), X);
        if constexpr (!kb::is_exact_v<T>) {
            const Matrix<T> Xg = kb::from_integers<T>(*kb::test::distinct_points(N, 2, 10), 10);
            riesz_case<T>(kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*int_in(1, 8), 4)), Xg);
        }
    });
}
//! [riesz]

TEST_CASE("companion: taking the values as coefficients (beta = v without solving K beta = v) does not represent [beeny:thmB.1]") {
    using Q = kb::rational;
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    Matrix<Q> X(2, 2);
    X << 1, 0, 0, 1;
    Vector<Q> v(2);
    v << 1, 2;
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> wrong(k, X, v);
    // ⟨wrong, k(x₁, ·)⟩ = (Kv)₁ = 4·1 + 1·2 = 6 ≠ 1.
    CHECK(kb::inner(wrong, kb::feature(k, X.row(0))) == 6);
    const auto f = kb::riesz_representer(k, X, v);
    CHECK(kb::inner(f, kb::feature(k, X.row(0))) == 1);
    CHECK(kb::inner(f, kb::feature(k, X.row(1))) == 2);
    // The garbled statement of the draft ("a unique g with φ(g) = ⟨f, g⟩ for all g") would
    // single out one g; here every g satisfies ℓ(g) = ⟨f, g⟩ and it is f that is unique.
    CHECK(f.coefficients() == Vector<Q>(kb::inverse_spd(kb::gram(k, X)) * v));
}

namespace {
template <class T, class Kernel>
void interpolation_case(const Kernel& k, const Matrix<T>& X, const Matrix<T>& Z) {
    using std::abs;
    const Eigen::Index N = X.rows();
    const Matrix<T> K = kb::gram(k, X);
    const Vector<T> y = kb::from_integers<T>(*int_matrix(static_cast<int>(N), 1, -9, 9), 4);
    // f = Σ αᵢ k(xᵢ, ·) with Kα = y interpolates: f(xᵢ) = yᵢ.
    const auto f = kb::minimum_norm_interpolant(k, X, y);
    represents_on_sections(f, y, "f(xᵢ) = yᵢ");
    // Any other interpolant of the span: g = f + h with h vanishing at the data. Build h from
    // u = Σ cⱼ k(zⱼ, ·) on extra centres by subtracting the interpolant of u's values.
    const Vector<T> c = kb::from_integers<T>(*int_matrix(static_cast<int>(Z.rows()), 1, -9, 9), 3);
    const KernelExpansion<T, Kernel> u(k, Z, c);
    const auto Pu = kb::minimum_norm_interpolant(k, X, u.values(X));
    const auto h = u - Pu;
    const auto g = f + h;
    if constexpr (kb::is_exact_v<T>) {
        RC_ASSERT(h.values(X) == Vector<T>::Zero(N));
        RC_ASSERT(g.values(X) == y);
        // ‖f‖² = yᵀK⁻¹y = yᵀα, and Pythagoras ‖g‖² = ‖f‖² + ‖h‖² since ⟨f, h⟩ = Σ αᵢ h(xᵢ) = 0.
        RC_ASSERT(kb::squared_norm(f) == y.dot(f.coefficients()));
        RC_ASSERT(kb::inner(f, h) == 0);
        RC_ASSERT(kb::squared_norm(g) == kb::squared_norm(f) + kb::squared_norm(h));
        // So g has the larger norm unless h is the zero function (‖h‖ = 0 ⇒ h ≡ 0).
        if (kb::squared_norm(h) == 0) {
            RC_ASSERT(h(Z.row(0)) == 0);
        } else {
            RC_ASSERT(kb::squared_norm(g) > kb::squared_norm(f));
        }
    } else {
        // h vanishes at the data to the backward error of the solve, …
        const Vector<T> r = h.values(X);
        const T scale = residual_scale<T>(k, X, K, u.values(X)) + kb::gram(k, X, Z).norm() * c.norm();
        const auto r_bound = kb::test::factorisation<T>(N, scale);
        KB_RC_WITHIN(kb::max_abs(r), r_bound, "h(xᵢ) = 0");
        // … and ‖g‖² = ‖f‖² + 2αᵀh(X) + ‖h‖² ≥ ‖f‖² − 2|α|ᵀ|h(X)|, with |α|ᵀ|h(X)| ≤ ‖α‖·√N·max|h(xᵢ)|
        // bounded from the inputs (solution_norm_bound and the bound just checked).
        using std::sqrt;
        const T slack = T(2) * solution_norm_bound(k, X, y) * sqrt(T(N)) * r_bound.value;
        ch05::at_most<T>(kb::squared_norm(f), T(kb::squared_norm(g) + slack), g.terms(),
                         T(ch05::pair_scale(g, g) + ch05::pair_scale(f, f)), "‖f‖² ≤ ‖g‖²");
    }
}
} // namespace

//! [interpolation]
TEST_CASE_TEMPLATE("minimum-norm interpolation: K alpha = y and ||f||^2 = y'K^-1 y and every other interpolant is larger [zhu:prop6] [beeny:thmB.1]",
                   T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const long c = *int_in(1, 2);
        const int d = *size_in(2, 3), N = *size_in(1, 5), M = *size_in(1, 3);
        const Matrix<T> X = kb::from_integers<T>(general_position_centres(N, c, d), 10);
        const Matrix<T> Z = kb::from_integers<T>(*points(M, 2, 10), 10);
        interpolation_case<T>(kb::PolynomialKernel<T>(T(c), d), X, Z);
        if constexpr (!kb::is_exact_v<T>) {
            const Matrix<T> Xg = kb::from_integers<T>(*kb::test::distinct_points(N, 2, 10), 10);
            interpolation_case<T>(kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*int_in(1, 8), 4)), Xg, Z);
        }
    });
}
//! [interpolation]

TEST_CASE("companion: alpha = y does not interpolate and y'Ky is not the squared norm [zhu:prop6]") {
    using Q = kb::rational;
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    Matrix<Q> X(2, 1);
    X << 0, 1;
    Vector<Q> y(2);
    y << 1, -1;
    // K = [[1, 1], [1, 4]]; α = K⁻¹y = (5/3, −2/3); ‖f‖² = yᵀα = 7/3.
    const auto f = kb::minimum_norm_interpolant(k, X, y);
    CHECK(kb::squared_norm(f) == Q(7, 3));
    CHECK(f.values(X) == y);
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> wrong(k, X, y);
    CHECK_FALSE(wrong.values(X) == y);
    CHECK_FALSE(y.dot(kb::gram(k, X) * y) == kb::squared_norm(f)); // yᵀKy = 3
    // A perturbed optimum: f + ½·(k(2, ·) projected off the data) interpolates and is longer.
    Matrix<Q> z(1, 1);
    z << 2;
    const auto u = kb::feature(k, z.row(0));
    const auto h = u - kb::minimum_norm_interpolant(k, X, u.values(X));
    const auto g = f + Q(1, 2) * h;
    CHECK(g.values(X) == y);
    CHECK(kb::squared_norm(g) > kb::squared_norm(f));
}

namespace {

// Largest grid per type (the suite's time budget: eigen-decompositions in 50/100 digits).
template <class T>
int max_nodes() {
    if constexpr (std::is_same_v<T, double>) return 40;
    if constexpr (std::is_same_v<T, kb::real50>) return 20;
    return 14;
}

// A Gaussian kernel exp(−γ(x − y)²), γ = g/4 ∈ {1/4, …, 4}, on a Gauss–Legendre or trapezoid
// rule for the Lebesgue measure on [−1, 1]: the recipe (N, g, rule) and its discretisation.
template <class T>
struct Discretisation {
    int N;
    long g;
    bool gauss;
    kb::NystromMercer<T, kb::GaussianKernel<T>> M;
};

template <class T>
kb::QuadratureRule<T> rule_of(int N, bool gauss) {
    return gauss ? kb::gauss_legendre_rule<T>(N, T(-1), T(1)) : kb::trapezoid_rule<T>(N, T(-1), T(1));
}

template <class T>
Discretisation<T> any_discretisation() {
    const int N = *size_in(4, max_nodes<T>());
    const long g = *int_in(1, 16);
    const bool gauss = *int_in(0, 1) == 1;
    const auto k = kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(g, 4));
    return {N, g, gauss, kb::NystromMercer<T, kb::GaussianKernel<T>>(k, rule_of<T>(N, gauss))};
}

// The eigenvalues of the same discretisation computed independently of kb::NystromMercer:
// A = W^{1/2} K W^{1/2} assembled here, from the rule rebuilt in higher precision (real50 for a
// double case — 34 more digits than needed, at a fraction of the time — real100 otherwise), and
// decomposed there. They are the reference the bounds divide by, never the eigenvalues under test.
template <class T>
Vector<T> reference_eigenvalues(int N, long g, bool gauss) {
    using R = std::conditional_t<std::is_same_v<T, double>, kb::real50, kb::real100>;
    using std::sqrt;
    const auto rule = rule_of<R>(N, gauss);
    const Matrix<R> K = kb::gram(kb::GaussianKernel<R>::from_gamma(kb::ratio<R>(g, 4)), rule.nodes);
    Matrix<R> A(N, N);
    for (int j = 0; j < N; ++j)
        for (int l = 0; l < N; ++l) A(j, l) = sqrt(R(rule.weights(j) * rule.weights(l))) * K(j, l);
    return kb::convert_matrix<T>(kb::symmetric_eigen(A).values);
}

using ch05::negative_part;
using ch05::positive_part;

// ‖A‖₂ ≤ tr A = Σ_j w_j k(t_j, t_j) = Σ_j w_j = 2 for the PSD A = W^{1/2}KW^{1/2} of a kernel with
// k(x, x) = 1 on a rule for the Lebesgue measure on [−1, 1]: the input scale of every bound below.
template <class T>
T trace_bound() {
    return T(2);
}

// A perturbation bound on an eigenvalue of A as computed in T: the backward error of the
// eigensolver plus the rounding of the rule and of A (both O(N ε ‖A‖)), by Weyl's theorem.
template <class T>
T eigenvalue_perturbation(Eigen::Index N) {
    return kb::test::factorisation<T>(N, T(2) * trace_bound<T>()).value;
}

} // namespace

//! [mercer-exact]
TEST_CASE_TEMPLATE("Mercer on a grid: the full expansion reproduces k at the nodes with orthonormal e_i and eigenvalues >= 0 summing to the integral of k(x x) [beeny:C]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        using std::sqrt;
        const auto D = any_discretisation<T>();
        const auto& M = D.M;
        const Eigen::Index N = M.size();
        const Vector<T>& w = M.rule().weights;
        const Vector<T>& lambda = M.eigenvalues();
        const Matrix<T>& E = M.eigenfunctions_at_nodes();
        // Bounds from the inputs: ‖A‖₂ ≤ tr A = 2, the smallest weight, and eigenvalues computed
        // independently in real100 (never the eigenvalues under test).
        const T normA = trace_bound<T>(), wmin = w.minCoeff();
        const Vector<T> ref = reference_eigenvalues<T>(D.N, D.g, D.gauss);
        const T delta = eigenvalue_perturbation<T>(N);
        // The eigenvalues are those of A: Weyl, |λ̂ᵢ − λᵢ| ≤ ‖backward error‖ + rounding of the rule and of A.
        KB_RC_WITHIN(T((lambda - ref).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(N, T(T(2) * normA)),
                     "λᵢ = eigenvalues of W^{1/2}KW^{1/2} (real100 reference)");
        // Σ_{i ≤ N} λᵢ eᵢ(t_j) eᵢ(t_l) = K_jl: the backward error of A = UΛUᵀ (≤ c₂Nε‖A‖), scaled by
        // W^{-1/2} on both sides (≤ 1/w_min).
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(M.truncated_at_nodes(N) - M.gram_at_nodes())),
                     kb::test::factorisation<T>(N, T(normA / wmin)), "Σ λᵢ eᵢ(t_j) eᵢ(t_l) = k(t_j, t_l)");
        // λᵢ ≥ 0 (k is PSD), to the backward error.
        KB_RC_WITHIN(negative_part(T(lambda(N - 1))), kb::test::factorisation<T>(N, normA), "λ_N ≥ 0");
        // Σ λᵢ = tr(W^{1/2} K W^{1/2}) = Σ_j w_j k(t_j, t_j) = ∫ k(x, x) dx = 2 on [−1, 1]: the computed
        // eigenvalues are exact for A + F, |tr F| ≤ N‖F‖ ≤ N·c₂Nε‖A‖, and the weights sum to 2 up to
        // N roundings of size ≤ ‖A‖: factorisation bound at scale (N + 1)‖A‖.
        KB_RC_WITHIN(T(abs(lambda.sum() - T(2))), kb::test::factorisation<T>(N, T(T(N + 1) * normA)),
                     "Σ λᵢ = ∫ k(x, x) dμ");
        // Σ_j w_j eᵢ(t_j) e_k(t_j) = δ_ik.
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(E.transpose() * w.asDiagonal() * E - Matrix<T>::Identity(N, N))),
                     kb::test::factorisation<T>(N, T(1)), "Σ_j w_j eᵢ(t_j) e_k(t_j) = δ_ik");
        // The Nyström extension eᵢ(x) = λᵢ⁻¹ Σ_j w_j k(x, t_j) eᵢ(t_j) returns eᵢ at the nodes: at the
        // nodes it is W^{-1/2}(A uᵢ)/λ̂ᵢ, off eᵢ by the eigen-residual (≤ c₂Nε‖A‖) over λ̂ᵢ√w_min, plus
        // the rounding of the product, whose summands Σ_j w_j|k||eᵢ(t_j)| ≤ ‖W^{1/2}k_x‖‖uᵢ‖ ≤ √2.
        // λ̂ᵢ ≥ λᵢ(real100) − δ (Weyl); checked where that lower bound is ≥ 7δ, so that the
        // bound stays below the size 1/√w_min of the values compared (where it can fail).
        const Matrix<T> ext = M.eigenfunctions(M.rule().nodes);
        Eigen::Index checked = 0;
        for (Eigen::Index i = 0; i < ext.cols() && ref(i) >= T(8) * delta; ++i, ++checked) {
            const T scale = (normA / sqrt(wmin) + sqrt(T(2))) / (ref(i) - delta);
            KB_RC_WITHIN(T((ext.col(i) - E.col(i)).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(N, scale),
                         "Nyström extension at the nodes, i = " + std::to_string(i + 1));
        }
        RC_ASSERT(checked >= 1);
    });
}
//! [mercer-exact]

TEST_CASE_TEMPLATE("companion: no weights or an indefinite k or too few terms break Mercer's identities [beeny:C]", T,
                   KB_REALS) {
    using std::abs;
    const auto k = kb::GaussianKernel<T>::from_gamma(T(1));
    const auto rule = kb::gauss_legendre_rule<T>(12, T(-1), T(1));
    const kb::NystromMercer<T, kb::GaussianKernel<T>> M(k, rule);
    const T normA = trace_bound<T>();
    // The same checks as the property "Mercer on a grid", fed broken inputs.
    // Forgetting the quadrature weights: the eigenvalues of K itself sum to N = 12, not to ∫ k(x, x) dx = 2.
    const auto unweighted = kb::symmetric_eigen(M.gram_at_nodes());
    KB_CHECK_EXCEEDS(T(abs(unweighted.values.sum() - T(2))), kb::test::factorisation<T>(12, T(T(13) * normA)),
                     "unweighted trace");
    KB_CHECK_WITHIN(T(abs(M.eigenvalues().sum() - T(2))), kb::test::factorisation<T>(12, T(T(13) * normA)),
                    "weighted trace");
    // cos(x + y) = cos x cos y − sin x sin y is symmetric but indefinite: a negative
    // eigenvalue far beyond rounding (−∫ sin² ≈ −0.545 on [−1, 1]); |cos| ≤ 1, so its A has
    // ‖A‖₂ ≤ ‖W^{1/2}|K|W^{1/2}‖₂ ≤ Σ_j w_j = 2 as well.
    const kb::NystromMercer<T, ch05::CosineOfSumKernel<T>> C(ch05::CosineOfSumKernel<T>{}, rule);
    KB_CHECK_EXCEEDS(negative_part(T(C.eigenvalues()(11))), kb::test::factorisation<T>(12, normA),
                     "λ_N ≥ 0 for cos(x + y)");
    // One term is not the kernel.
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(M.truncated_at_nodes(1) - M.gram_at_nodes())),
                     kb::test::factorisation<T>(12, T(normA / rule.weights.minCoeff())),
                     "one term");
}

//! [mercer-monotone]
TEST_CASE_TEMPLATE("Mercer truncation error decreases monotonically in m and vanishes at m = N [beeny:C]", T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        using std::sqrt;
        const auto D = any_discretisation<T>();
        const auto& M = D.M;
        const Eigen::Index N = M.size();
        const Vector<T>& w = M.rule().weights;
        const Vector<T>& lambda = M.eigenvalues();
        const Matrix<T>& E = M.eigenfunctions_at_nodes();
        const Matrix<T>& K = M.gram_at_nodes();
        const T wmin = w.minCoeff(), normA = trace_bound<T>();
        // Entries of K_m are sums of ≤ N terms λᵢeᵢ(t_j)eᵢ(t_l) = W^{-1/2}(UΛUᵀ)W^{-1/2}: the eigen
        // backward error (≤ c₂Nε‖A‖) over w_min; in the weighted Frobenius norm √N·c₂Nε‖A‖.
        const auto sup_bound = kb::test::factorisation<T>(N, T(normA / wmin));
        const auto l2_bound = kb::test::factorisation<T>(N, T(sqrt(T(N)) * normA));
        Vector<T> rw(N);
        for (Eigen::Index j = 0; j < N; ++j) rw(j) = sqrt(w(j));
        // K_m built term by term: K_{m+1} = K_m + λ_{m+1} e_{m+1} e_{m+1}ᵀ.
        Matrix<T> Km = Matrix<T>::Zero(N, N);
        T previous_sup(0), previous_l2(0);
        for (Eigen::Index m = 0; m <= N; ++m) {
            if (m > 0) Km += lambda(m - 1) * E.col(m - 1) * E.col(m - 1).transpose();
            const Matrix<T> R = K - Km; // the remainder Σ_{i>m} λᵢ eᵢ(t_j) eᵢ(t_l), PSD
            const T sup = kb::max_abs(R);
            // Its largest entry sits on the diagonal (|R_jl|² ≤ R_jj R_ll), where R_jj ≥ 0: so
            // the uniform error is max_j R_m(t_j, t_j), non-increasing because each step
            // removes λ e(t_j)² ≥ 0 (Mercer: k_m ↑ k on the diagonal, then uniformly by Dini).
            KB_RC_WITHIN(T(sup - R.diagonal().maxCoeff()), sup_bound, "sup |R_m| = max_j R_m(t_j, t_j)");
            KB_RC_WITHIN(negative_part(T(R.diagonal().minCoeff())), sup_bound, "R_m(t_j, t_j) ≥ 0");
            // In the discrete L²(μ⊗μ) norm the error is ‖W^{1/2}(K − K_m)W^{1/2}‖_F = (Σ_{i>m} λᵢ²)^{1/2}.
            const T l2 = Matrix<T>(rw.asDiagonal() * R * rw.asDiagonal()).norm();
            const T tail = sqrt(T(lambda.tail(N - m).squaredNorm()));
            KB_RC_WITHIN(T(abs(l2 - tail)), l2_bound, "‖W^{1/2}(K − K_m)W^{1/2}‖_F = (Σ_{i>m} λᵢ²)^{1/2}");
            if (m > 0) {
                KB_RC_WITHIN(positive_part(T(sup - previous_sup)), sup_bound, "sup error non-increasing");
                KB_RC_WITHIN(positive_part(T(l2 - previous_l2)), l2_bound, "L² error non-increasing");
            }
            // The library's K_m is the same sum of m terms in another order (a matrix product):
            // two sums of m terms whose magnitudes add up to at most (K_m)_jj^{1/2}(K_m)_ll^{1/2}
            // (Cauchy–Schwarz, λᵢ ≥ 0), and (K_m)_jj ≤ K_jj = k(t_j, t_j): one pass at the scale
            // max k(t, t) of the kernel on the nodes, an input.
            if (m == N / 2)
                KB_RC_WITHIN(kb::max_abs(Matrix<T>(M.truncated_at_nodes(m) - Km)),
                             kb::test::one_pass<T>(std::max<Eigen::Index>(m, 1), T(K.diagonal().maxCoeff())),
                             "truncated_at_nodes(m)");
            previous_sup = sup;
            previous_l2 = l2;
        }
        KB_RC_WITHIN(previous_sup, sup_bound, "error at m = N");
    });
}
//! [mercer-monotone]

namespace {
// The off-grid checks of Mercer's expansion with Nyström-extended eᵢ, shared by the property
// and its companion: R ← R − λ̂ ey eyᵀ for each term, then
//  - max_x R(x, x) is non-increasing EXACTLY in floating point: λ̂ > 0 makes each diagonal
//    term λ̂·ey(x)·ey(x) ≥ 0 and rounding is monotone, so fl(R(x, x) − term) ≤ R(x, x);
//  - 0 ≤ sup|R| − max_x R(x, x) ≤ 2 s + ρ: with (λ̂, û) exact for A + F, ‖F‖ ≤ e = c₂Nε‖A‖, the
//    matrix [K_YY, GÛ; ÛᵀGᵀ, Λ̂ + eI] (G = W^{1/2}K(nodes, Y)) compresses a PSD matrix and is
//    PSD, so R + Δ is PSD with 0 ≤ Δ(x, x) ≤ e/λ̂_m · Σᵢ(gᵀûᵢ)²/(λ̂ᵢ + e) ≤ e/λ̂_m =: s; hence
//    |R(x, y)| ≤ max R(x, x) + 2s. λ̂_m ≥ λ_m(real100) − δ (Weyl). The rounding ρ of the
//    extension (summands ≤ √2/λ̂) is of the same order: the bound is c₂Nε·2‖A‖/(λ_m − δ);
//  - sup|R| non-increasing up to the same 2s + ρ.
// The sup checks run where the bound is below 1/4 (λ_m ≥ 8δ), i.e. where they can fail.
// One comparison of off_grid_checks: the error, the bound it must stay within, what it is.
template <class T>
struct Comparison {
    T error;
    kb::test::Bound<T> bound;
    std::string what;
};

template <class T, class Extension>
std::vector<Comparison<T>> off_grid_checks(const Matrix<T>& KYY, const Vector<T>& lambda, const Extension& Ey,
                                           const Vector<T>& ref, Eigen::Index N, Eigen::Index terms) {
    const T delta = eigenvalue_perturbation<T>(N);
    std::vector<Comparison<T>> out;
    Matrix<T> R = KYY;
    T previous_sup = kb::max_abs(R), previous_diag = R.diagonal().maxCoeff();
    for (Eigen::Index m = 1; m <= terms; ++m) {
        R -= lambda(m - 1) * Ey.col(m - 1) * Ey.col(m - 1).transpose();
        const T sup = kb::max_abs(R), diag = R.diagonal().maxCoeff();
        const std::string at = " at m = " + std::to_string(m);
        out.push_back({positive_part(T(diag - previous_diag)), kb::test::exact<T>(), "max_x R_m(x, x) non-increasing" + at});
        if (ref(m - 1) >= T(8) * delta) {
            const auto slack = kb::test::factorisation<T>(N, T(T(2) * trace_bound<T>() / (ref(m - 1) - delta)));
            out.push_back({positive_part(T(sup - previous_sup)), slack, "sup |R_m| off the grid non-increasing" + at});
            out.push_back({T(sup - diag), slack, "sup |R_m| = max_x R_m(x, x)" + at});
        }
        previous_sup = sup;
        previous_diag = diag;
    }
    return out;
}

// New points between the nodes: (2j + 1)/P − 1, j = 0, …, P − 1.
template <class T>
Matrix<T> between_nodes(Eigen::Index P) {
    Matrix<T> Y(P, 1);
    for (Eigen::Index j = 0; j < P; ++j) Y(j, 0) = T(2 * j + 1) / T(P) - T(1);
    return Y;
}
} // namespace

//! [mercer-offgrid]
TEST_CASE_TEMPLATE("Mercer off the grid: with Nystrom-extended e_i the sup error at new points is non-increasing in m "
                   "and sits on the diagonal down to the quadrature floor [beeny:C]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto D = any_discretisation<T>();
        const auto& M = D.M;
        const Eigen::Index N = M.size(), r = M.numerical_rank();
        const Matrix<T> Y = between_nodes<T>(21);
        // u_i(x) = √λ_i e_i(x) = ⟨v_i, k(x,·)⟩ with v_i orthonormal in the RKHS, so
        // R_m(x, y) = k(x, y) − Σ_{i≤m} u_i(x)u_i(y) = ⟨(I − P_m)k_x, (I − P_m)k_y⟩ is a PSD kernel:
        // R_m(x, x) decreases by u_m(x)² ≥ 0 at each step and |R_m(x, y)|² ≤ R_m(x, x)R_m(y, y).
        // In floating point see off_grid_checks: the slack is the eigensolver's backward error
        // over λ_m, with λ_m from an independent real100 decomposition.
        const Matrix<T> Ey = M.eigenfunctions(Y);
        // R_0 = K_YY: the expansion with no term is 0.
        RC_ASSERT(kb::max_abs(M.truncated(0, Y, Y)) == 0);
        const Matrix<T> KYY = kb::gram(M.kernel(), Y);
        const auto checks = off_grid_checks<T>(KYY, M.eigenvalues(), Ey, reference_eigenvalues<T>(D.N, D.g, D.gauss), N, r);
        for (const auto& c : checks) KB_RC_WITHIN(c.error, c.bound, c.what);
        RC_ASSERT(checks.size() >= 3); // the sup checks ran at m = 1 at least
        // The truncated expansion of the library is the same matrix (at m = r): the two sums of
        // r + 1 terms differ by their roundings; Σᵢ|λ̂ᵢ eᵢ(x)eᵢ(y)| ≤ max_x Σᵢ λ̂ᵢ eᵢ(x)² ≤ k(x, x) + s ≤ 2.
        Matrix<T> R = KYY;
        for (Eigen::Index m = 1; m <= r; ++m) R -= M.eigenvalues()(m - 1) * Ey.col(m - 1) * Ey.col(m - 1).transpose();
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(KYY - M.truncated(r, Y, Y) - R)), kb::test::one_pass<T>(r + 2, T(2)),
                     "truncated(r, Y, Y)");
    });
}
//! [mercer-offgrid]

TEST_CASE_TEMPLATE("companion: a Nystrom extension without the weights w_j overshoots - the off-grid error grows at "
                   "m = 1 [beeny:C]",
                   T, KB_REALS) {
    // The same checks as the property (off_grid_checks), fed an extension that forgets the w_j:
    // e_1(x) = λ₁⁻¹ Σ_j k(x, t_j) e_1(t_j) (the weights sum to 2 over 12 nodes, so it is ~6× too big).
    const auto k = kb::GaussianKernel<T>::from_gamma(T(1));
    const kb::NystromMercer<T, kb::GaussianKernel<T>> M(k, kb::gauss_legendre_rule<T>(12, T(-1), T(1)));
    const Matrix<T> Y = between_nodes<T>(21);
    const Matrix<T> KYY = kb::gram(k, Y);
    const Vector<T> ref = reference_eigenvalues<T>(12, 4, true);
    const Matrix<T> wrong = kb::gram(k, Y, M.rule().nodes) * M.eigenfunctions_at_nodes().leftCols(1) / M.eigenvalues()(0);
    // The right extension passes the property's three checks at m = 1 …
    const auto right = off_grid_checks<T>(KYY, M.eigenvalues(), M.eigenfunctions(Y), ref, 12, 1);
    REQUIRE(right.size() == 3);
    for (const auto& c : right) KB_CHECK_WITHIN(c.error, c.bound, c.what);
    // … the wrong one fails both sup checks by far (sup|R_1| − sup|R_0| and sup|R_1| − max R_1(x, x)
    // are O(1)); its diagonal still decreases (λ̂ > 0 keeps every diagonal term ≥ 0).
    const auto broken = off_grid_checks<T>(KYY, M.eigenvalues(), wrong, ref, 12, 1);
    REQUIRE(broken.size() == 3);
    KB_CHECK_WITHIN(broken[0].error, broken[0].bound, "no weights: " + broken[0].what);
    KB_CHECK_EXCEEDS(broken[1].error, broken[1].bound, "no weights: " + broken[1].what);
    KB_CHECK_EXCEEDS(broken[2].error, broken[2].bound, "no weights: " + broken[2].what);
}

//! [mercer-ratios]
TEST_CASE_TEMPLATE("Mercer on a bounded interval: the converged eigenvalues of a Gaussian kernel decay faster than "
                   "geometrically - the ratios lambda_(i+1)/lambda_i decrease [beeny:C]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        // At least 8 nodes, so that a few eigenvalues have converged for every width.
        const int N = *size_in(8, max_nodes<T>());
        const auto k = kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*int_in(1, 16), 4));
        const kb::NystromMercer<T, kb::GaussianKernel<T>> coarse(k, kb::gauss_legendre_rule<T>(N, T(-1), T(1)));
        const kb::NystromMercer<T, kb::GaussianKernel<T>> fine(k, kb::gauss_legendre_rule<T>(2 * N, T(-1), T(1)));
        const Vector<T>& lambda = fine.eigenvalues();
        // Converged: the leading eigenvalues on N and 2N nodes agree to 1/100 (a coarse grid's last
        // eigenvalues are artefacts of the grid, whose ratios need not decrease).
        Eigen::Index converged = 0;
        while (converged < N &&
               abs(T(coarse.eigenvalues()(converged) - lambda(converged))) <= lambda(converged) / T(100))
            ++converged;
        // Weyl: each computed λ is within the eigensolver's backward error of the discretised
        // operator's, c₂·2N·ε·‖A‖ with ‖A‖ ≤ tr A = 2 (from the inputs, not the computed λ₁).
        const T rounding = kb::test::factorisation<T>(2 * N, trace_bound<T>()).value;
        for (Eigen::Index i = 0; i + 2 < converged; ++i) {
            if (lambda(i + 2) <= rounding) break; // below rounding the ratios are noise
            const T r0 = lambda(i + 1) / lambda(i), r1 = lambda(i + 2) / lambda(i + 1);
            // Each λ carries a relative error ≤ rounding/λ (Weyl), each ratio twice that.
            const T noise = T(4) * rounding / lambda(i + 2) * r0;
            if (r1 > r0 + noise)
                RC_FAIL("λ_{i+2}/λ_{i+1} = " + kb::show(r1) + " > λ_{i+1}/λ_i = " + kb::show(r0) + " at i = " +
                        std::to_string(i + 1));
        }
        RC_ASSERT(converged >= 3);
    });
}
//! [mercer-ratios]

//! [quadrature]
TEST_CASE_TEMPLATE("Gauss-Legendre and Gauss-Hermite rules integrate polynomials of degree up to 2n-1 exactly [beeny:C]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        const int n = *size_in(1, 10);
        const auto L = kb::gauss_legendre_rule<T>(n, T(-1), T(1));
        const auto H = kb::gauss_hermite_rule<T>(n, T(1));
        T hermite_moment(1); // E[t^p] for t ~ N(0, 1): (p − 1)!! for even p, 0 for odd p
        for (int p = 0; p <= 2 * n - 1; ++p) {
            if (p >= 2 && p % 2 == 0) hermite_moment *= T(p - 1);
            T sumL(0), scaleL(0), sumH(0), scaleH(0);
            for (int j = 0; j < n; ++j) {
                T tl(1), th(1);
                for (int e = 0; e < p; ++e) {
                    tl *= L.nodes(j, 0);
                    th *= H.nodes(j, 0);
                }
                sumL += L.weights(j) * tl;
                scaleL += L.weights(j) * abs(tl);
                sumH += H.weights(j) * th;
                scaleH += H.weights(j) * abs(th);
            }
            // ∫_{−1}^{1} t^p dt = 2/(p + 1) for even p, 0 for odd p.
            const T exactL = p % 2 == 0 ? T(2) / T(p + 1) : T(0);
            const T exactH = p % 2 == 0 ? hermite_moment : T(0);
            KB_RC_WITHIN(T(abs(sumL - exactL)), kb::test::factorisation<T>(n, T((p + 1) * (scaleL + 2))), "Legendre moment");
            KB_RC_WITHIN(T(abs(sumH - exactH)), kb::test::factorisation<T>(n, T((p + 1) * (scaleH + exactH))), "Hermite moment");
        }
    });
}
//! [quadrature]

TEST_CASE("companion: the trapezoid rule is not exact for t^2 on three nodes [beeny:C]") {
    const auto rule = kb::trapezoid_rule<double>(3, -1.0, 1.0);
    double s = 0;
    for (int j = 0; j < 3; ++j) s += rule.weights(j) * rule.nodes(j, 0) * rule.nodes(j, 0);
    CHECK(s == 1.0); // ½·1 + 1·0 + ½·1, not 2/3
    KB_CHECK_EXCEEDS(std::abs(s - 2.0 / 3.0), kb::test::factorisation<double>(3, 2.0), "trapezoid t²");
}
