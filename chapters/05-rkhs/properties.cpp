/// \file properties.cpp
/// \brief Chapter 5: the inner product of the span of kernel sections (`zhu:thm5`) is well
///        defined, symmetric, bilinear, PSD and definite on functions; the reproducing
///        property and its consequences (`zhu:prop6`). Exact in rationals for polynomial
///        kernels, to rounding in double, real50 and real100; each property with a
///        companion that shows the check fails on broken mathematics.
#include "rkhs_test_kernels.hpp"

#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/rkhs.hpp"


namespace {

template <class T>
Matrix<T> any_points(int M, int q) {
    return kb::from_integers<T>(*points(M, q, 10), 10);
}

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
    kb::test::property<T>([] {
        const int q = *size_in(1, 3);
        repeated_centres_case<T>(any_polynomial_kernel<T>(), q);
        if constexpr (!kb::is_exact_v<T>) repeated_centres_case<T>(any_gaussian_kernel<T>(), q);
    });
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

namespace {

template <class T, class Kernel>
void symmetric_bilinear_case(const Kernel& k, int q) {
    using std::abs;
    const auto f = any_expansion<T>(k, q);
    const auto g = any_expansion<T>(k, q);
    const auto h = any_expansion<T>(k, q);
    const T a = kb::ratio<T>(*int_in(-7, 7), 3), b = kb::ratio<T>(*int_in(-7, 7), 2);
    const long n = f.terms() + g.terms() + h.terms();
    // Symmetry: αᵀK(X, Y)β = βᵀK(Y, X)α because k(x, y) = k(y, x).
    ch05::same<T>(kb::inner(f, g), kb::inner(g, f), n, ch05::pair_scale(f, g), "⟨f, g⟩ = ⟨g, f⟩");
    // Linearity in each argument, with a f + b g written on the union of the centres.
    const auto combo = a * f + b * g;
    const T scale = abs(a) * ch05::pair_scale(f, h) + abs(b) * ch05::pair_scale(g, h);
    ch05::same<T>(kb::inner(combo, h), T(a * kb::inner(f, h) + b * kb::inner(g, h)), n, scale,
                  "⟨a f + b g, h⟩ = a⟨f, h⟩ + b⟨g, h⟩");
    ch05::same<T>(kb::inner(h, combo), T(a * kb::inner(h, f) + b * kb::inner(h, g)), n, scale,
                  "⟨h, a f + b g⟩ = a⟨h, f⟩ + b⟨h, g⟩");
    // The sum is the pointwise sum of the functions.
    const Matrix<T> z = any_points<T>(1, q);
    ch05::same<T>(combo(z.row(0)), T(a * f(z.row(0)) + b * g(z.row(0))), n,
                  T(abs(a) * ch05::value_scale(f, z) + abs(b) * ch05::value_scale(g, z)), "(a f + b g)(z) = a f(z) + b g(z)");
}
} // namespace

//! [symmetric-bilinear]
TEST_CASE_TEMPLATE("the inner product is symmetric and bilinear [zhu:thm5] [beeny:def3.1]", T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const int q = *size_in(1, 3);
        symmetric_bilinear_case<T>(any_polynomial_kernel<T>(), q);
        if constexpr (!kb::is_exact_v<T>) symmetric_bilinear_case<T>(any_gaussian_kernel<T>(), q);
    });
}
//! [symmetric-bilinear]

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
    kb::test::property<T>([] {
        const int q = *size_in(1, 3);
        psd_and_evaluation_bound_case<T>(any_polynomial_kernel<T>(), q);
        if constexpr (!kb::is_exact_v<T>) psd_and_evaluation_bound_case<T>(any_gaussian_kernel<T>(), q);
    });
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
void reproducing_case(const Kernel& k, int q) {
    const auto f = any_expansion<T>(k, q);
    const Matrix<T> Z = any_points<T>(3, q);
    for (int m = 0; m < 3; ++m) {
        const Matrix<T> z = Z.row(m);
        // ⟨f, k(x, ·)⟩ = Σᵢ αᵢ k(xᵢ, x) = f(x), for every x — not only the centres.
        const auto kx = kb::feature(k, z.row(0));
        ch05::same<T>(kb::inner(f, kx), f(z.row(0)), f.terms(), ch05::value_scale(f, z), "⟨f, k(x, ·)⟩ = f(x)");
        ch05::same<T>(kb::inner(kx, f), f(z.row(0)), f.terms(), ch05::value_scale(f, z), "⟨k(x, ·), f⟩ = f(x)");
    }
    // At a centre as well.
    const Matrix<T> x1 = f.centres().row(0);
    ch05::same<T>(kb::inner(f, kb::feature(k, x1.row(0))), f(x1.row(0)), f.terms(), ch05::value_scale(f, x1),
                  "⟨f, k(x₁, ·)⟩ = f(x₁)");
}

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

//! [reproducing]
TEST_CASE_TEMPLATE("reproducing property <f k(x .)> = f(x) at every x [zhu:prop6]", T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const int q = *size_in(1, 3);
        reproducing_case<T>(any_polynomial_kernel<T>(), q);
        if constexpr (!kb::is_exact_v<T>) reproducing_case<T>(any_gaussian_kernel<T>(), q);
    });
}
//! [reproducing]

TEST_CASE_TEMPLATE("companion: the section of a Gaussian of another width does not reproduce f [zhu:prop6]", T,
                   KB_REALS) {
    // zhu's σ (γ = 1/σ²) and ghiasi's σ (γ = 1/(2σ²)) with the same σ = 1 are different
    // kernels. The law's own check (reproducing_case: ⟨f, k(x, ·)⟩ − f(x) through kb::inner,
    // within one_pass(terms, value_scale(f, x))) fails when f is built with the other width:
    // f' = Σ αᵢ k'(xᵢ, ·) paired with the section k'(x, ·) gives f'(x), which misses f(x) by O(1).
    using std::abs;
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(1));
    const auto other = kb::GaussianKernel<T>::from_sigma(T(1));
    Matrix<T> X(2, 1), x(1, 1);
    X << T(0), T(1);
    x << T(2);
    const KernelExpansion<T, kb::GaussianKernel<T>> f(k, X, Vector<T>::Ones(2));
    const KernelExpansion<T, kb::GaussianKernel<T>> fwrong(other, X, Vector<T>::Ones(2));
    const auto bound = kb::test::one_pass<T>(f.terms(), ch05::value_scale(f, x));
    KB_CHECK_WITHIN(T(abs(kb::inner(f, kb::feature(k, x.row(0))) - f(x.row(0)))), bound, "right width");
    KB_CHECK_EXCEEDS(T(abs(kb::inner(fwrong, kb::feature(other, x.row(0))) - f(x.row(0)))), bound, "wrong width");
    // Mixing the two widths in one pairing is refused by kb::inner with a named error.
    CHECK_THROWS_WITH_AS(kb::inner(f, kb::feature(other, x.row(0))), doctest::Contains("built with different kernels"),
                         kb::error);
}

//! [feature-distance]
TEST_CASE_TEMPLATE("feature distance ||k(x .) - k(y .)||^2 = k(x x) + k(y y) - 2k(x y) [zhu:prop6]", T,
                   KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const int q = *size_in(1, 3);
        feature_distance_case<T>(any_polynomial_kernel<T>(), q);
        if constexpr (!kb::is_exact_v<T>) feature_distance_case<T>(any_gaussian_kernel<T>(), q);
    });
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
