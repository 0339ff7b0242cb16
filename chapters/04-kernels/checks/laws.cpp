/// \file laws.cpp
/// \brief Laws over random points in double, real50 and real100, the failing companions next
///        to their laws: symmetry and PSD Gram matrices of the kernels, the σ conventions, the
///        Laplacian and Gaussian through the closure rules, the rules and random rule trees.
///        The laws that the exercises run as well are written once, in laws.hpp.
#include "../laws.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"
#include "kernelbook/detail/fast_double.hpp"

#include "chapter_support.hpp"
#include "../ch04.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <string>
#include <utility>
#include <vector>

using kb::test::ch04::cube_points;
using kb::test::ch04::distinct_cube_points;
using kb::test::ch04::double_sum;
using kb::test::ch04::min_eigenvalue;

namespace {

// k(x, y) = xᵀAy with A = [[1, 1], [−1, 1]]: the quadratic form is ‖v‖² ≥ 0, but k is not symmetric.
struct SkewBilinear {
    using Scalar = rational;
    template <class A, class B>
    rational operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return x(0) * (y(0) + y(1)) + x(1) * (y(1) - y(0));
    }
    std::string describe() const { return "xᵀ[[1, 1], [−1, 1]]y"; }
};

using kb::test::negative_part;
using kb::test::positive_part;

// The evaluation error model of a random tree (checked by the property "the error model of
// the tree property holds" below, against exact and real100 Gram matrices): every rule is
// applied to arguments scaled into [−1, 1] and polynomials have degree ≤ 3, so an evaluation
// error grows by at most 3 per level: each entry of the computed Gram matrix is within
// c₁(2q + 2)ε·B·size(e)·3^height(e) of the exact one (B the bound of the root).
template <class T>
kb::test::Bound<T> tree_evaluation_bound(const kb::tree::Expr& e, int q) {
    using std::pow;
    const T B = kb::convert<T>(kb::tree::bound(e, q));
    const T amplification = T(kb::tree::size(e)) * pow(T(3), kb::tree::height(e));
    return kb::test::one_pass<T>(2 * q + 2, B * amplification);
}

// The bound on the negative part of λ_min of a computed N×N Gram matrix K̂ of a tree kernel,
// its two sources bounded separately (not multiplied):
//  - evaluation: K is PSD and ‖K̂ − K‖₂ ≤ ‖K̂ − K‖_F ≤ N·η (η = tree_evaluation_bound), so
//    λ_min(K̂) ≥ −N·η (Weyl);
//  - the eigensolver: the computed λ̂_min is exact for K̂ + F, ‖F‖ ≤ c₂Nε‖K̂‖₂, with
//    ‖K̂‖₂ ≤ N·max|K̂ᵢⱼ| ≤ N·(B + η) from the inputs (|k| ≤ B on the cube).
template <class T>
kb::test::Bound<T> tree_psd_bound(const kb::tree::Expr& e, int q, int N) {
    const T B = kb::convert<T>(kb::tree::bound(e, q));
    const T eta = tree_evaluation_bound<T>(e, q).value;
    const T scale = T(N) * (B + eta);
    return {T(kb::test::factorisation<T>(N, scale).value + T(N) * eta), "factorisation + N·evaluation (tree)", N, scale};
}

} // namespace

// ---------------------------------------------------------------------------------------
// The definition and the basic kernels
// ---------------------------------------------------------------------------------------

//! [symmetric]
TEST_CASE_TEMPLATE("every kernel of the library is symmetric: k(x y) = k(y x) exactly [zhu:def4] [beeny:def3.6]", T,
                   KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 4);
        const IntMatrix P = *kb::test::points(2, q, 10);
        const Matrix<T> X = kb::from_integers<T>(P, 10);
        const Matrix<T> U = kb::from_integers<T>(P.cwiseAbs(), 10); // non-negative data for min
        const RowVector<T> x = X.row(0), y = X.row(1);
        // Each value is computed by the same operations in the same order both ways, so the
        // equality is exact in every type, not only in rationals.
        RC_ASSERT(kb::LinearKernel<T>{}(x, y) == kb::LinearKernel<T>{}(y, x));
        const kb::PolynomialKernel<T> poly(T(1) / T(2), 3);
        RC_ASSERT(poly(x, y) == poly(y, x));
        RC_ASSERT(kb::MinKernel<T>{}(U.row(0), U.row(1)) == kb::MinKernel<T>{}(U.row(1), U.row(0)));
        const auto k1 = kb::PixelPolynomialKernel<T>(q, 9);
        const auto k2 = kb::SignedPixelPolynomialKernel<T>(q, 9);
        RC_ASSERT(k1(U.row(0), U.row(1)) == k1(U.row(1), U.row(0)));
        RC_ASSERT(k2(U.row(0), U.row(1)) == k2(U.row(1), U.row(0)));
        if constexpr (!kb::is_exact_v<T>) {
            const auto g = kb::GaussianKernel<T>::from_gamma(T(3) / T(2));
            const auto l = kb::LaplacianKernel<T>::from_gamma(T(3) / T(2));
            RC_ASSERT(g(x, y) == g(y, x));
            RC_ASSERT(l(x, y) == l(y, x));
        }
    });
}
//! [symmetric]

TEST_CASE("symmetry is a separate condition: x^T A y with A = [[1 1] [-1 1]] has quadratic forms |sum c_i x_i|^2 >= 0 "
          "but is not symmetric [zhu:def4]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8);
        const Matrix<rational> X = cube_points<rational>(N, 2);
        const Vector<rational> c = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -5, 5));
        const RowVector<rational> v = c.transpose() * X;
        RC_ASSERT(double_sum(SkewBilinear{}, X, c) == v.squaredNorm());
    });
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 0, 0, 1).finished());
    CHECK(SkewBilinear{}(X.row(0), X.row(1)) == 1);
    CHECK(SkewBilinear{}(X.row(1), X.row(0)) == -1);
    // Its "Gram matrix" is not symmetric, so it is not a Gram matrix of a kernel at all.
    Matrix<rational> K(2, 2);
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) K(i, j) = SkewBilinear{}(X.row(i), X.row(j));
    CHECK_THROWS_WITH_AS(kb::certify_psd(K), doctest::Contains("must be exactly symmetric"), kb::error);
}

//! [basic-psd]
TEST_CASE_TEMPLATE("the Gram matrices of the basic kernels are PSD in floating point [zhu:def4] [zhu:ex7a] "
                   "[zhu:ex7b] [zhu:ex7c]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 10), q = *kb::test::size_in(1, 4);
        const Matrix<T> X = cube_points<T>(N, q);
        const T gamma = T(*kb::test::int_in(1, 8)) / T(4);
        const Matrix<T> Ks[] = {kb::gram(kb::LinearKernel<T>{}, X), kb::gram(kb::PolynomialKernel<T>(T(1), 2), X),
                                kb::gram(kb::GaussianKernel<T>::from_gamma(gamma), X),
                                kb::gram(kb::LaplacianKernel<T>::from_gamma(gamma), X)};
        for (const Matrix<T>& K : Ks)
            KB_RC_WITHIN(T(-std::min(min_eigenvalue(K), T(0))), kb::test::factorisation<T>(N, K.norm()),
                         "negative part of λ_min");
    });
}
//! [basic-psd]

TEST_CASE_TEMPLATE("the impostors fail the floating-point PSD check too: lambda_min far below the rounding bound [zhu:def4] [beeny:def3.6]", T,
                   KB_REALS) {
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(2, 1) << 1, 2).finished());
    const Matrix<T> Ks[] = {kb::gram(kb::impostor::Sigmoid<T>{T(1), T(0)}, X),
                            kb::gram(kb::impostor::ExpDistance<T>{}, X), kb::gram(kb::impostor::Max<T>{}, X),
                            kb::gram(kb::impostor::Distance<T>{T(1)}, X)};
    for (const Matrix<T>& K : Ks) {
        const T lambda = kb::symmetric_eigen(K).values(1);
        KB_CHECK_EXCEEDS(T(-std::min(lambda, T(0))), kb::test::factorisation<T>(2, K.norm()), "λ_min");
    }
}

//! [sigma-law]
TEST_CASE_TEMPLATE("zhu's kernel with sigma_zhu = sqrt(2) sigma_ghiasi is ghiasi's kernel - with the same number "
                   "sigma they differ [zhu:ex7c] [ghiasi:eq1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 4);
        const Matrix<T> X = distinct_cube_points<T>(2, q);
        using std::sqrt;
        const T sigma = T(*kb::test::int_in(1, 20)) / T(10);
        const auto ghiasi = kb::GaussianKernel<T>::from_sigma(sigma);
        const auto zhu = kb::GaussianKernel<T>::from_zhu_sigma(sqrt(T(2)) * sigma);
        const T a = ghiasi(X.row(0), X.row(1)), b = zhu(X.row(0), X.row(1));
        using std::abs;
        KB_RC_WITHIN(T(abs(a - b)), kb::test::one_pass<T>(q + 8, T(1)), "exp(−d²/2σ²) = exp(−d²/(√2σ)²)");
    });
    // The failing companion: reading ghiasi's σ as zhu's changes the kernel by O(1).
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(2, 1) << 0, 1).finished());
    const T same_sigma = T(1);
    const T a = kb::GaussianKernel<T>::from_sigma(same_sigma)(X.row(0), X.row(1));     // e^{−1/2}
    const T b = kb::GaussianKernel<T>::from_zhu_sigma(same_sigma)(X.row(0), X.row(1)); // e^{−1}
    using std::abs;
    KB_CHECK_EXCEEDS(T(abs(a - b)), kb::test::one_pass<T>(9, T(1)), "same σ in both conventions");
}
//! [sigma-law]

//! [laplacian-rules]
TEST_CASE_TEMPLATE("the Laplacian kernel through the closure rules: exp(-g|s-t|) = g(s)g(t) min(h(s) h(t)) and "
                   "the l1 kernel is the product over coordinates [beeny:thm3.8.2] [beeny:thm3.8.4] [beeny:thm3.8.5]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 4);
        const Matrix<T> X = cube_points<T>(2, q);
        const T gamma = T(*kb::test::int_in(1, 8)) / T(4);
        using std::exp;
        const auto one_d = [gamma](const T& s, const T& t) {
            // e^{−γs} e^{−γt} min(e^{2γs}, e^{2γt}): rule 5 times the min kernel composed with h(s) = e^{2γs}.
            const T hs = exp(T(2) * gamma * s), ht = exp(T(2) * gamma * t);
            return exp(-gamma * s) * exp(-gamma * t) * (hs < ht ? hs : ht);
        };
        T product(1);
        for (int i = 0; i < q; ++i) product *= one_d(X(0, i), X(1, i));
        const T k = kb::LaplacianKernel<T>::from_gamma(gamma)(X.row(0), X.row(1));
        using std::abs;
        KB_RC_WITHIN(T(abs(product - k)), kb::test::one_pass<T>(6 * q, T(1)), "∏ᵢ e^{−γ|xᵢ−yᵢ|} via min");
    });
}
//! [laplacian-rules]

TEST_CASE("with max in place of min the Laplacian factorisation gives exp(+g|s-t|) - which is not a kernel "
          "[beeny:thm3.8.2] [beeny:thm3.8.4] [beeny:thm3.8.5]") {
    // e^{−γs}e^{−γt}·max(e^{2γs}, e^{2γt}) = e^{+γ|s−t|}: the failing companion of the factorisation.
    const Matrix<kb::interval> S = kb::to_interval(kb::from_integers<rational>((IntMatrix(2, 1) << 0, 1).finished(), 2));
    const kb::interval gamma(1);
    Matrix<kb::interval> K(2, 2);
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            using std::exp;
            const kb::interval hs = exp(2 * gamma * S(i, 0)), ht = exp(2 * gamma * S(j, 0));
            K(i, j) = exp(-gamma * S(i, 0)) * exp(-gamma * S(j, 0)) * (i == j || i == 1 ? hs : ht); // max: the later point
        }
    K(0, 1) = K(1, 0); // identical intervals, as a Gram matrix has
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(kb::certainly_negative(kb::quadratic_form(K, cert.witness)));
}

// ---------------------------------------------------------------------------------------
// The closure rules
// ---------------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("rule 1 in floating point: a non-negative combination of Gaussian and Laplacian kernels has "
                   "a PSD Gram matrix [beeny:thm3.8.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = cube_points<T>(N, q);
        const T a1 = T(*kb::test::int_in(0, 4)), a2 = T(*kb::test::int_in(0, 4));
        const auto k = kb::combination(a1, kb::GaussianKernel<T>::from_gamma(T(1)), a2,
                                       kb::LaplacianKernel<T>::from_gamma(T(1) / T(2)));
        const Matrix<T> K = kb::gram(k, X);
        // λ_min ≥ −(backward error of the eigensolver at ‖K‖ ≤ N(a₁ + a₂)).
        KB_RC_WITHIN(negative_part(min_eigenvalue(K)), kb::test::factorisation<T>(N, T(N) * (a1 + a2 + 1)),
                     "negative part of λ_min(a₁K₁ + a₂K₂)");
    });
}

//! [hadamard-argument]
TEST_CASE_TEMPLATE("the seed's argument for rule 2 holds: K1 o K2 = sum_ij lambda_i mu_j (v_i o u_j)(v_i o u_j)^T "
                   "[beeny:thm3.8.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 7), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = cube_points<T>(N, q);
        const Matrix<T> K1 = kb::gram(kb::LinearKernel<T>{}, X);
        const Matrix<T> K2 = kb::gram(kb::GaussianKernel<T>::from_gamma(T(1)), X);
        const auto e1 = kb::symmetric_eigen(K1), e2 = kb::symmetric_eigen(K2);
        Matrix<T> S = Matrix<T>::Zero(N, N);
        for (int i = 0; i < N; ++i)
            for (int j = 0; j < N; ++j) {
                const Vector<T> w = e1.vectors.col(i).cwiseProduct(e2.vectors.col(j));
                S += e1.values(i) * e2.values(j) * w * w.transpose();
            }
        // Backward errors of the two eigendecompositions, ‖E₁‖ ≤ c N ε ‖K₁‖ and the same for K₂,
        // enter K₁∘K₂ multiplied by the entries of the other factor (≤ ‖K₂‖, ‖K₁‖).
        KB_RC_WITHIN(T((S - K1.cwiseProduct(K2)).norm()), kb::test::factorisation<T>(N * N, K1.norm() * K2.norm()),
                     "‖Σ λᵢμⱼ (vᵢ∘uⱼ)(vᵢ∘uⱼ)ᵀ − K₁∘K₂‖");
    });
}
//! [hadamard-argument]

//! [rule6-float]
TEST_CASE_TEMPLATE("rule 6: exp(k1) - the entrywise exponential - has a PSD Gram matrix [beeny:thm3.8.6]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = cube_points<T>(N, q);
        const auto k1 = kb::combination(T(1) / T(2), kb::LinearKernel<T>{}, T(1) / T(4),
                                        kb::PolynomialKernel<T>(T(1), 2));
        const Matrix<T> K = kb::gram(kb::exponential(k1), X);
        KB_RC_WITHIN(negative_part(min_eigenvalue(K)), kb::test::factorisation<T>(N, K.norm()),
                     "negative part of λ_min(exp∘K₁)");
    });
}
//! [rule6-float]

//! [normalisation]
TEST_CASE_TEMPLATE("normalisation k(x y)/sqrt(k(x x)k(y y)) gives a kernel with unit diagonal and values in [-1 1] "
                   "[beeny:thm3.8.2] [beeny:thm3.8.5]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = cube_points<T>(N, q);
        const Matrix<T> K = kb::gram(kb::normalised(kb::PolynomialKernel<T>(T(1), 3)), X);
        const auto bound = kb::test::one_pass<T>(8, T(1));
        KB_RC_WITHIN(T((K.diagonal() - Vector<T>::Ones(N)).cwiseAbs().maxCoeff()), bound, "k̃(x, x) = 1");
        RC_ASSERT(kb::max_abs(K) <= T(1) + bound.value);
        KB_RC_WITHIN(negative_part(min_eigenvalue(K)), kb::test::factorisation<T>(N, T(N)),
                     "negative part of λ_min(K̃)");
    });
}

TEST_CASE_TEMPLATE("normalisation with the wrong factor k(x y)/(k(x x)k(y y)) does not give a unit diagonal [beeny:thm3.8.2] [beeny:thm3.8.5]", T,
                   KB_REALS) {
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(2, 2) << 1, 2, -3, 1).finished(), 2);
    const kb::PolynomialKernel<T> k(T(1), 3);
    const T kxx = k(X.row(0), X.row(0));
    const T wrong = kxx / (kxx * kxx);
    using std::abs;
    KB_CHECK_EXCEEDS(T(abs(wrong - T(1))), kb::test::one_pass<T>(8, T(1)), "wrong normalisation");
    CHECK_THROWS_WITH_AS(kb::normalised(kb::LinearKernel<T>{})(Matrix<T>::Zero(1, 2).row(0), X.row(0)),
                         doctest::Contains("must be > 0 to normalise"), kb::error);
}
//! [normalisation]

//! [random-trees]
TEST_CASE_TEMPLATE("a kernel built by a random expression tree of rules 1-6 and normalisation has a PSD Gram "
                   "matrix [beeny:thm3.8.1] [beeny:thm3.8.2] [beeny:thm3.8.3] [beeny:thm3.8.4] [beeny:thm3.8.5] "
                   "[beeny:thm3.8.6]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const kb::tree::Expr e = kb::tree::random_expr(4, q, false);
        const Matrix<T> X = cube_points<T>(N, q);
        const Matrix<T> K = kb::gram(kb::tree::build<T>(e, q), X);
        // The evaluation error (N·η) and the eigensolver's backward error (c₂Nε·N(B + η)), bounded
        // separately: tree_psd_bound.
        KB_RC_WITHIN(negative_part(min_eigenvalue(K)), tree_psd_bound<T>(e, q, N),
                     "negative part of λ_min for " + kb::tree::build<double>(e, q).describe());
    });
}
//! [random-trees]

TEST_CASE_TEMPLATE("the error model of the tree property holds: floating Gram matrices of rational trees agree "
                   "with the exact ones and of all trees with real100 [beeny:thm3.8.3]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 6), q = *kb::test::size_in(1, 3);
        const IntMatrix P = *kb::test::points(N, q, 10);
        // Rational trees: against the exact Gram matrix.
        const kb::tree::Expr e = kb::tree::random_expr(4, q, true);
        const Matrix<rational> K = kb::gram(kb::tree::build<rational>(e, q), kb::from_integers<rational>(P, 10));
        const Matrix<T> KT = kb::gram(kb::tree::build<T>(e, q), kb::from_integers<T>(P, 10));
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(KT - kb::convert_matrix<T>(K))), tree_evaluation_bound<T>(e, q),
                     "max |K_T − K_exact|");
        // Trees with exp, normalisation, Gaussian and Laplacian leaves (irrational): against the
        // same tree evaluated independently in real100 (whose own error, at ε₁₀₀, is added).
        if constexpr (!std::is_same_v<T, kb::real100>) {
            using R = kb::real100;
            const kb::tree::Expr f = kb::tree::random_expr(4, q, false);
            const Matrix<R> KR = kb::gram(kb::tree::build<R>(f, q), kb::from_integers<R>(P, 10));
            const Matrix<T> KF = kb::gram(kb::tree::build<T>(f, q), kb::from_integers<T>(P, 10));
            auto eta = tree_evaluation_bound<T>(f, q);
            eta.value += kb::convert<T>(tree_evaluation_bound<R>(f, q).value);
            KB_RC_WITHIN(kb::convert<T>(kb::max_abs(Matrix<R>(kb::convert_matrix<R>(KF) - KR))), eta,
                         "max |K_T − K_real100| for " + kb::tree::build<double>(f, q).describe());
        }
    });
}

//! [tree-companion]
TEST_CASE_TEMPLATE("a random tree minus (B + 1) times the constant kernel is not a kernel: the PSD check fails "
                   "[beeny:thm3.8.1] [beeny:thm3.8.2] [beeny:thm3.8.3] [beeny:thm3.8.4] [beeny:thm3.8.5] [beeny:thm3.8.6]",
                   T,
                   KB_REALS) {
    // The failing companion of the tree property, through the property's own check (the
    // negative part of λ_min against tree_psd_bound of the same tree): 𝟙ᵀK𝟙 ≤ N²B, so
    // K − (B + 1)𝟙𝟙ᵀ has 𝟙ᵀ(·)𝟙 ≤ −N² and λ_min ≤ −N, far below −tree_psd_bound.
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const kb::tree::Expr e = kb::tree::random_expr(4, q, false);
        const Matrix<T> X = cube_points<T>(N, q);
        const T B = kb::convert<T>(kb::tree::bound(e, q));
        const auto k = kb::impostor::SignedCombination<kb::AnyKernel<T>, kb::ConstantKernel<T>>{
            T(1), kb::tree::build<T>(e, q), -(B + T(1)), kb::ConstantKernel<T>(T(1))};
        const Matrix<T> K = kb::gram(k, X);
        KB_RC_EXCEEDS(negative_part(min_eigenvalue(K)), tree_psd_bound<T>(e, q, N), "λ_min");
    });
}
//! [tree-companion]

TEST_CASE_TEMPLATE("the Gaussian kernel through the closure rules: exp(-g|x-y|^2) = g(x)g(y) exp(2g x^T y) step by "
                   "step [beeny:thm3.9] [zhu:ex7c]",
                   T, KB_REALS) {
    kb::test::ch04::gaussian_closure_law<T>(kb::test::ch04::library_gaussian_gram);
}

// ---------------------------------------------------------------------------------------
// Feature maps
// ---------------------------------------------------------------------------------------

//! [polynomial-features]
TEST_CASE_TEMPLATE("the features phi(x) = W^(1/2) m(x) reproduce the polynomial kernel in floating point [zhu:ex7b]",
                   T, KB_REALS) {
    kb::test::ch04::polynomial_features_law<T>(kb::test::ch04::library_polynomial_features);
}
//! [polynomial-features]

// ---------------------------------------------------------------------------------------
// Gram matrices by blocked products (double)
// ---------------------------------------------------------------------------------------

namespace {

// The same kernel behind a lambda: kb::gram evaluates it pair by pair, k(x_i, x_j) as defined.
template <class K, class... Points>
Matrix<double> pairwise_gram(const K& k, const Points&... points) {
    const auto pairwise = [k](const auto& x, const auto& y) { return double(k(x, y)); };
    return kb::gram(pairwise, points...);
}

// Of n (error, bound) pairs error_at(0 … n − 1), the one whose error comes closest to its
// bound (or goes furthest beyond it); a NaN error counts as the worst.
using ErrorAndBound = std::pair<double, kb::test::Bound<double>>;
template <class ErrorAt>
ErrorAndBound worst_of(Eigen::Index n, const ErrorAt& error_at) {
    const auto ratio = [](const ErrorAndBound& c) {
        return c.second.value > 0 ? c.first / c.second.value : (c.first > 0 ? HUGE_VAL : 0.0);
    };
    ErrorAndBound worst = error_at(0);
    for (Eigen::Index k = 1; k < n; ++k) {
        const ErrorAndBound candidate = error_at(k);
        if (!(ratio(candidate) <= ratio(worst))) worst = candidate;
    }
    return worst;
}

// The entry (i, j) where |A − B| comes closest to its bound (or goes furthest beyond it).
template <class BoundAt>
ErrorAndBound worst_entry(const Matrix<double>& A, const Matrix<double>& B, const BoundAt& bound_at) {
    return worst_of(A.size(), [&](Eigen::Index k) {
        const Eigen::Index i = k % A.rows(), j = k / A.rows();
        return ErrorAndBound{std::abs(A(i, j) - B(i, j)), bound_at(i, j)};
    });
}

// The rounding of both routes to the Gaussian kernel (chapter 7, §7.9), per entry. With
// centred points x̄ = x − m, ȳ = y − m (m any shift common to both: distances do not change,
// and the subtractions round by ε|x̄|) and S = ‖x̄‖² + ‖ȳ‖²:
//  - blocked: ‖x̄‖², ‖ȳ‖² and x̄ᵀȳ each carry ≤ qε·S, the two additions 2ε·S, the rounded
//    subtractions 2ε·S, so |Δd| ≤ (2q + 4)ε·S;
//  - pairwise: ‖x − y‖² ≤ 2S carries ≤ (q + 1)ε·2S;
//  - exp(−γd) turns |Δd| into k·γ|Δd|, and the product γd and exp round by ≤ 3εk in all.
// The difference of the two is ≤ k·ε·(γ(4q + 6)S + 2γd + 3) ≤ k·ε·((4q + 10)γS + 3),
// within one_pass(q + 3, k·(γS + 1)) = 4(q + 3)·ε·k·(γS + 1).
kb::test::Bound<double> gaussian_entry_bound(double k, double gamma, double S, int q) {
    return kb::test::one_pass<double>(q + 3, k * (gamma * S + 1));
}

// S = ‖x̄_i‖² + ‖ȳ_j‖² of the rows of Z and X, centred by the mean of X.
Matrix<double> centred_norms(const Matrix<double>& Z, const Matrix<double>& X) {
    const RowVector<double> m = X.colwise().mean();
    const Vector<double> z2 = (Z.rowwise() - m).rowwise().squaredNorm();
    const Vector<double> x2 = (X.rowwise() - m).rowwise().squaredNorm();
    return z2.replicate(1, X.rows()) + x2.transpose().replicate(Z.rows(), 1);
}

// Points with coordinates k/10 (not binary fractions: their products round), |k| ≤ 100, shifted by an offset up to ±1000 in every coordinate:
// far from the origin, where ‖x‖² + ‖y‖² − 2xᵀy of uncentred points would cancel.
Matrix<double> shifted_points(int N, int q, double offset) {
    return (kb::from_integers<double>(*kb::test::points(N, q, 100), 10).array() + offset).matrix();
}

} // namespace

TEST_CASE("in double the linear polynomial and Gaussian Gram matrices are blocked products: they equal the pairwise "
          "k(x_i x_j) within the rounding of both routes [zhu:def4]") {
    kb::test::property<double>([] {
        const int N = *kb::test::size_in(1, 12), M = *kb::test::size_in(1, 6), q = *kb::test::size_in(1, 4);
        const double offset = double(*kb::test::int_in(-1000, 1000));
        const Matrix<double> X = shifted_points(N, q, offset), Z = shifted_points(M, q, offset);
        const double gamma = double(*kb::test::int_in(1, 16)) / 16, c = double(*kb::test::int_in(0, 4)) / 4;
        const int degree = int(*kb::test::int_in(1, 4));
        const kb::LinearKernel<double> linear;
        const kb::PolynomialKernel<double> poly(c, degree);
        const auto gauss = kb::GaussianKernel<double>::from_gamma(gamma);
        // Linear and polynomial: the inner products carry ≤ qε·s, s = Σ_k |z_k||x_k| (+ c),
        // and (c + g)^d by d − 1 products ≤ (q + 2)·d·ε·s^d on each route: one_pass(q + 2, d·s^d).
        const Matrix<double> S_zx = Z.cwiseAbs() * X.cwiseAbs().transpose(), S_xx = X.cwiseAbs() * X.cwiseAbs().transpose();
        const auto linear_law = [&](const Matrix<double>& Kb, const Matrix<double>& Kp, const Matrix<double>& s) {
            const auto [e, b] = worst_entry(Kb, Kp, [&](auto i, auto j) { return kb::test::one_pass<double>(q, s(i, j)); });
            KB_RC_WITHIN(e, b, "linear: blocked against pairwise");
        };
        linear_law(kb::gram(linear, Z, X), pairwise_gram(linear, Z, X), S_zx);
        linear_law(kb::gram(linear, X), pairwise_gram(linear, X), S_xx);
        const auto polynomial_law = [&](const Matrix<double>& Kb, const Matrix<double>& Kp, const Matrix<double>& s) {
            const auto [e, b] = worst_entry(Kb, Kp, [&](auto i, auto j) {
                return kb::test::one_pass<double>(q + 2, degree * std::pow(c + s(i, j), degree));
            });
            KB_RC_WITHIN(e, b, "polynomial: blocked against pairwise");
        };
        polynomial_law(kb::gram(poly, Z, X), pairwise_gram(poly, Z, X), S_zx);
        polynomial_law(kb::gram(poly, X), pairwise_gram(poly, X), S_xx);
        // Gaussian: gaussian_entry_bound, with S from the centred points.
        const auto gaussian_law = [&](const Matrix<double>& Kb, const Matrix<double>& Kp, const Matrix<double>& S) {
            const auto [e, b] =
                worst_entry(Kb, Kp, [&](auto i, auto j) { return gaussian_entry_bound(Kp(i, j), gamma, S(i, j), q); });
            KB_RC_WITHIN(e, b, "Gaussian: blocked against pairwise");
        };
        gaussian_law(kb::gram(gauss, Z, X), pairwise_gram(gauss, Z, X), centred_norms(Z, X));
        gaussian_law(kb::gram(gauss, X), pairwise_gram(gauss, X), centred_norms(X, X));
        // The symmetric blocks are exactly symmetric, with k(x, x) = 1 exactly.
        const Matrix<double> K = kb::gram(gauss, X);
        RC_ASSERT(K == K.transpose());
        RC_ASSERT((K.diagonal().array() == 1.0).all());
    });
}

TEST_CASE("the blocked Gaussian needs both the factor 2 of -2x^T y and the centring: each omission is caught by the "
          "bound of the pairwise comparison") {
    const int q = 2;
    const double gamma = 0.5;
    const auto gauss = kb::GaussianKernel<double>::from_gamma(gamma);
    // Points near (10⁶, 10⁶) with coordinates in tenths: uncentred, ‖x‖² ≈ 2·10¹² is rounded by
    // ≈ 2·10⁻⁴, which swamps distances of order 1.
    const Matrix<double> X = (kb::from_integers<double>((IntMatrix(4, 2) << 1, 3, 7, 2, 4, 9, 13, 6).finished(), 10).array() + 1e6).matrix();
    const Matrix<double> Kp = pairwise_gram(gauss, X), S = centred_norms(X, X);
    const auto bound_at = [&](auto i, auto j) { return gaussian_entry_bound(Kp(i, j), gamma, S(i, j), q); };
    const auto blocked = [&](const Matrix<double>& P, double two) {
        const Vector<double> sq = P.rowwise().squaredNorm();
        const Matrix<double> G = P * P.transpose();
        Matrix<double> K(P.rows(), P.rows());
        for (Eigen::Index j = 0; j < P.rows(); ++j)
            for (Eigen::Index i = 0; i < P.rows(); ++i)
                K(i, j) = std::exp(-gamma * std::max(sq(i) + sq(j) - two * G(i, j), 0.0));
        return K;
    };
    const Matrix<double> centred = X.rowwise() - X.colwise().mean();
    {
        const auto [e, b] = worst_entry(kb::gram(gauss, X), Kp, bound_at);
        KB_CHECK_WITHIN(e, b, "the library's blocked Gram (centred, −2xᵀy)");
    }
    {
        const auto [e, b] = worst_entry(blocked(centred, 1.0), Kp, bound_at);
        KB_CHECK_EXCEEDS(e, b, "‖x‖² + ‖y‖² − xᵀy (the factor 2 dropped)");
    }
    {
        const auto [e, b] = worst_entry(blocked(X, 2.0), Kp, bound_at);
        KB_CHECK_EXCEEDS(e, b, "uncentred points far from the origin");
    }
}

namespace {

// |v − eˣ| for the exponential of x ≤ 0 against 50 digits, and the bound it is held to. The
// vectorised exponential reduces x = k·ln 2 + r exactly (|r| ≤ ln 2/2), sums the Taylor
// polynomial of eʳ to degree 13 by Horner's rule (truncation < 4·10⁻¹⁸) and scales by 2^k:
// each Horner step rounds by ε relative to its partial sum (≤ e^{|r|} ≤ 1.42) and the error
// of the steps before it is damped by |r| ≤ 0.35, so the sum is within
// ε·Σ 0.35ᵏ·2·1.42 ≤ 4.4ε of eʳ ≥ 0.707, i.e. 6.2ε relative; with the last rounding, ≤ 8ε·eˣ.
// A subnormal result (x < −708.4) is rounded once more at its absolute step 2⁻¹⁰⁷⁴.
ErrorAndBound exp_error(double x, double value) {
    const kb::real50 exact = exp(kb::real50(x));
    const double e = double(abs(kb::real50(value) - exact));
    const double scale = double(exact);
    kb::test::Bound<double> b = kb::test::one_pass<double>(2, scale); // 4·2·ε·eˣ = 8ε·eˣ
    b.value += 0x1p-1074;
    return {e, b};
}

std::vector<double> exp_arguments() {
    std::vector<double> xs = {0.0, -0.0, -1e-300, -0x1p-60, -0.5 * std::log(2.0), -std::log(2.0), -1.0, -708.39,
                              -708.4, -745.13, -745.2};
    for (int i = 0; i <= 20000; ++i) xs.push_back(-746.0 * i / 20000.0);         // the whole range
    for (int i = 0; i <= 20000; ++i) xs.push_back(-std::log(2.0) * i / 10000.0); // |r| up to ln 2/2 and beyond
    return xs;
}

// The argument whose value comes closest to its bound (or goes furthest beyond it).
ErrorAndBound worst_exp_error(const std::vector<double>& xs, const std::vector<double>& values) {
    return worst_of(Eigen::Index(xs.size()), [&](Eigen::Index k) {
        return exp_error(xs[std::size_t(k)], values[std::size_t(k)]);
    });
}

} // namespace

TEST_CASE("the vectorised exponential of the blocked Gaussian Gram matrix is within 8 eps of e^x on [-746 0] - "
          "subnormal results included - and keeps a NaN [beeny:thm3.9]") {
    const std::vector<double> xs = exp_arguments();
    std::vector<double> v = xs;
    kb::detail::exp_nonpositive(v.data(), Eigen::Index(v.size()));
    const auto [e, b] = worst_exp_error(xs, v);
    KB_CHECK_WITHIN(e, b, "exp(x) for the worst x");
    double special[] = {-1000.0, -HUGE_VAL, std::numeric_limits<double>::quiet_NaN()};
    kb::detail::exp_nonpositive(special, 3);
    CHECK(special[0] == 0.0);
    CHECK(special[1] == 0.0);
    CHECK(std::isnan(special[2]));
}

TEST_CASE("the exponential's bound catches single precision: expf on the same arguments exceeds 8 eps") {
    const std::vector<double> xs = exp_arguments();
    std::vector<double> v;
    for (double x : xs) v.push_back(double(std::exp(float(x))));
    const auto [e, b] = worst_exp_error(xs, v);
    KB_CHECK_EXCEEDS(e, b, "expf(x) for the worst x");
}

// The large matrices of the fast route (the Gram matrix of kernel PCA's Lanczos route, the
// kernel rows of new points) are advised to Linux as transparent huge pages before they are
// written: the kernel's flag "hg" in /proc/self/smaps marks the mapping that holds them.
namespace {
std::string vm_flags_of(const void* p) {
    std::ifstream smaps("/proc/self/smaps");
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        unsigned long long begin = 0, end = 0;
        if (std::sscanf(line.c_str(), "%llx-%llx ", &begin, &end) == 2 && line.find(':') > line.find(' ')) {
            inside = begin <= at && at < end;
        } else if (inside && line.rfind("VmFlags:", 0) == 0) {
            return line.substr(8) + " ";
        }
    }
    return "(no mapping holds the address)";
}
} // namespace

TEST_CASE("the blocked Gram matrices lie in memory advised for transparent huge pages - a matrix allocated "
          "without the advice does not") {
    const Matrix<double> X = Matrix<double>::Random(1500, 4), Z = Matrix<double>::Random(1500, 4);
    const Matrix<double> plain(1500, 1500); // first, so that no advised range precedes it
    const Matrix<double> K = kb::gram(kb::GaussianKernel<double>(0.5), X);
    const Matrix<double> Kz = kb::gram(kb::GaussianKernel<double>(0.5), Z, X);
    const Matrix<double> G = kb::gram(kb::LinearKernel<double>(), X);
    // Where the kernel has transparent huge pages, the advice sets "hg"; elsewhere it cannot.
    const bool thp = std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled").good();
    for (const Matrix<double>* M : {&K, &Kz, &G}) {
        const std::string flags = vm_flags_of(M->data() + M->size() / 2);
        INFO("VmFlags of the mapping: ", flags);
        CHECK((flags.find(" hg ") != std::string::npos) == thp);
    }
    const std::string flags = vm_flags_of(plain.data() + plain.size() / 2);
    INFO("VmFlags of the plain matrix's mapping: ", flags);
    CHECK(flags.find(" hg ") == std::string::npos);
    CHECK(flags.find("no mapping") == std::string::npos);
}

// ------------------------------------------------------------------ scaling of the points

// A kernel of scaled points is the same kernel with a scaled parameter: for the Gaussian,
// k_γ(cx, cy) = exp(−γc²‖x − y‖²) = k_{γc²}(x, y); for the polynomial kernel with offset 0,
// k(cx, cy) = (c²xᵀy)^d = c^{2d} k(x, y). With c a power of two both hold bit for bit (the
// rounding commutes with the scaling); with a general c the two sides compute the exponent
// a = γc²‖x − y‖² differently. Left: each c·x_i is rounded (u = ε/2), and as x_i ≠ y_i are
// quarter integers in [−1, 1], |x_i| + |y_i| ≤ 8|x_i − y_i|, so a difference carries at most
// 9u, its square 19u, the sum and γ (q − 1)u + u more: (q + 19)u. Right: γc² and the product
// with the exact ‖x − y‖², 3u. The exponents differ by at most (q + 22)u·a ≤ c₁(q + 4)ε·a, and
// moving the argument of e^{−a} by that moves k = e^{−a} by k times it; each exponential is
// rounded once more, within an ulp ≤ ε·k: the bound is k·(c₁(q + 4)ε·a + 2ε).
TEST_CASE_TEMPLATE("Gaussian kernel of scaled points: k_gamma(cx, cy) = k_(gamma c^2)(x, y) bit for bit for c = 2^j "
                   "and within the rounding of the exponent for any c - gamma c in place of gamma c^2 is caught",
                   T, KB_REALS) {
    using std::exp;
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 3);
        const IntMatrix P = *kb::test::int_matrix(2, q, -4, 4);
        const Matrix<T> X = kb::from_integers<T>(P, 4);
        RC_PRE(X.row(0) != X.row(1));
        const T gamma = T(*kb::test::size_in(1, 16)) / T(16);
        const int j = *rc::gen::inRange(-2, 2);
        const T two_j = kb::times_power_of_two(T(1), j);
        const kb::GaussianKernel<T> k(gamma), k_pow(T(gamma * two_j * two_j));
        RC_ASSERT(k(RowVector<T>(two_j * X.row(0)), RowVector<T>(two_j * X.row(1))) == k_pow(X.row(0), X.row(1)));

        const T c = two_j * (T(1) + T(*rc::gen::inRange(1, 1000)) / T(1000));
        const T a = gamma * c * c * (X.row(0) - X.row(1)).squaredNorm(); // the exponent, from the inputs
        const T value = exp(-a);
        auto bound = kb::test::one_pass<T>(q + 4, T(value * a));
        bound.value += T(2) * kb::epsilon<T>() * value; // the two exponentials' own rounding
        const T scaled_points = k(RowVector<T>(c * X.row(0)), RowVector<T>(c * X.row(1)));
        KB_RC_WITHIN(T(scaled_points - kb::GaussianKernel<T>(T(gamma * c * c))(X.row(0), X.row(1))), bound,
                     "k_γ(cx, cy) = k_{γc²}(x, y)");
        KB_RC_EXCEEDS(T(scaled_points - kb::GaussianKernel<T>(T(gamma * c))(X.row(0), X.row(1))), bound,
                      "k_γ(cx, cy) = k_{γc}(x, y) (wrong power)");
    });
}

TEST_CASE_TEMPLATE("polynomial kernel with offset 0 of scaled points: k(cx, cy) = c^(2d) k(x, y) bit for bit for "
                   "c = 2^j and within the rounding of the inner product for any c",
                   T, KB_REALS) {
    using std::abs;
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 3), d = *kb::test::size_in(1, 4);
        const IntMatrix P = *kb::test::int_matrix(2, q, -8, 8);
        const Matrix<T> X = kb::from_integers<T>(P, 4);
        const kb::PolynomialKernel<T> k(T(0), d);
        const int j = *rc::gen::inRange(-30, 31);
        const T two_j = kb::times_power_of_two(T(1), j);
        RC_ASSERT(k(RowVector<T>(two_j * X.row(0)), RowVector<T>(two_j * X.row(1))) ==
                  kb::times_power_of_two(k(X.row(0), X.row(1)), 2 * d * j));
        // Any c: the inner product is rounded relative to Σ|x_i||y_i| (q + 2 operations), and
        // the power d times: the scale is (c²Σ|x_i||y_i|)^d, from the inputs.
        const T c = two_j * (T(1) + T(*rc::gen::inRange(1, 1000)) / T(1000));
        const T S = T(c * c) * T(X.row(0).cwiseAbs().dot(X.row(1).cwiseAbs()));
        const auto bound = kb::test::one_pass<T>(d * (q + 3), kb::detail::integer_power(S, d));
        const T c2d = kb::detail::integer_power(T(c * c), d);
        KB_RC_WITHIN(T(k(RowVector<T>(c * X.row(0)), RowVector<T>(c * X.row(1))) - c2d * k(X.row(0), X.row(1))), bound,
                     "k(cx, cy) = c^{2d} k(x, y)");
    });
}

TEST_CASE("companion: the polynomial kernel of scaled points with c^d in place of c^(2d) is caught") {
    const Matrix<double> X = (Matrix<double>(2, 2) << 1, 2, 3, 1).finished(); // xᵀy = 5
    const kb::PolynomialKernel<double> k(0.0, 2);
    const double c = 3;
    const auto bound = kb::test::one_pass<double>(2 * 5, std::pow(c * c * 5.0, 2));
    const double scaled_points = k(RowVector<double>(c * X.row(0)), RowVector<double>(c * X.row(1)));
    KB_CHECK_WITHIN(scaled_points - std::pow(c, 4) * k(X.row(0), X.row(1)), bound, "k(cx, cy) = c⁴ k(x, y)");
    KB_CHECK_EXCEEDS(scaled_points - std::pow(c, 2) * k(X.row(0), X.row(1)), bound, "k(cx, cy) = c² k(x, y) (wrong power)");
}
