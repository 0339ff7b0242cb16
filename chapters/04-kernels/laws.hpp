#pragma once
/// \file 04-kernels/laws.hpp
/// \brief The laws of chapter 4 that are written once for any implementation: laws.cpp
///        runs them on the library's functions, and the chapter's exercises
///        (exercises/check.cpp) on the student's — the Gaussian Gram matrix through the
///        closure rules (`beeny:thm3.9`) and the explicit features of the polynomial kernel
///        (`zhu:ex7b`).
#include "test_support.hpp"

#include "kernelbook/closure.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"

#include "checks/chapter_support.hpp"

namespace kb::test::ch04 {

/// The binomial coefficient \f$\binom{n}{k}\f$, the number of monomials of degree ≤ k in
/// n − k variables (small arguments: exact in a long).
inline long binomial(int n, int k) {
    long b = 1;
    for (int i = 1; i <= k; ++i) b = b * (n - k + i) / i; // b = C(n − k + i, i), exact at each step
    return b;
}

/// \name The implementations the laws run on
/// Each law takes the function it checks as an argument, with the library's signature.
/// These are the library's own; exercises/check.cpp passes the student's.
///@{
/// The N×N Gram matrix \f$K_{ij} = e^{-\gamma\norm{x_i - x_j}^2}\f$ of the rows of X
/// (kb::gram of kb::GaussianKernel::from_gamma).
inline constexpr auto library_gaussian_gram = []<class T>(const Matrix<T>& X, const T& gamma) {
    return kb::gram(kb::GaussianKernel<T>::from_gamma(gamma), X);
};
/// The features \f$\phi(x) = W^{1/2}m(x)\f$ of \f$(c + x^\top y)^d\f$ of each row of X,
/// N×\f$\binom{q+d}{d}\f$ (kb::PolynomialFeatureMap::features).
inline constexpr auto library_polynomial_features = []<class T>(const Matrix<T>& X, const T& c, int d) {
    return kb::PolynomialFeatureMap<T>(kb::PolynomialKernel<T>(c, d), static_cast<int>(X.cols())).features(X);
};
///@}

//! [gaussian-proof]
/// beeny:thm3.9: exp(−γ‖x − y‖²) = g(x)g(y) exp(2γxᵀy) step by step — each factor's Gram
/// matrix PSD, their Hadamard product the Gaussian Gram matrix `gaussian_gram(X, γ)`, which
/// is PSD and also the normalisation of exp(2γxᵀy).
template <class T, class GaussianGram>
void gaussian_closure_law(GaussianGram gaussian_gram) {
    kb::test::property<T>([&] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = cube_points<T>(N, q);
        const T gamma = T(*kb::test::int_in(1, 8)) / T(4);
        using std::exp;
        // Step 1: 2γ·xᵀy is a kernel (rule 1); step 2: exp(2γ·xᵀy) is a kernel (rule 6).
        const auto E = kb::exponential(kb::scaled(T(2) * gamma, kb::LinearKernel<T>{}));
        // Step 3: g(x)g(y) with g(x) = exp(−γ‖x‖²) is a kernel (rule 5).
        const auto g = [gamma](const kb::RowVector<T>& x) { return T(exp(-gamma * x.squaredNorm())); };
        const auto G = kb::rank_one<T>(g, "exp(−γ‖·‖²)");
        // Step 4: their product is a kernel (rule 2) — and it is the Gaussian kernel.
        const Matrix<T> KE = kb::gram(E, X), KG = kb::gram(G, X);
        kb::test::show("X, the points (rows)", X);
        kb::test::show("γ", gamma);
        const Matrix<T> K = gaussian_gram(X, gamma);
        kb::test::show("K, your gaussian_gram", K);
        kb::test::show("(g gᵀ)∘exp(2γXXᵀ) (expected)", Matrix<T>(KG.cwiseProduct(KE)));
        RC_ASSERT(K.rows() == N && K.cols() == N);
        // Every entry compared is ≤ 1 with a relative error: the arguments γ‖x‖², γ‖y‖², 2γxᵀy and
        // γ‖x − y‖² (|xᵢ| ≤ 1, so each ≤ 4γq) are sums of q + 2 rounded terms, so the exponents
        // are off by at most (q + 2)·ε·8γq in all, and the exps and products add a few ε:
        // relative error ≤ (2q + 4)·ε·(4γq + 3), a one-pass bound at scale 4γq + 3.
        const T scale = T(4) * gamma * T(q) + T(3);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(KG.cwiseProduct(KE) - K)), kb::test::one_pass<T>(2 * q + 4, scale),
                     "(g gᵀ)∘exp(2γXXᵀ) = Gaussian Gram");
        KB_RC_WITHIN(negative_part(min_eigenvalue(KE)), kb::test::factorisation<T>(N, KE.norm()),
                     "negative part of λ_min(exp(2γXXᵀ))");
        KB_RC_WITHIN(negative_part(min_eigenvalue(KG)), kb::test::factorisation<T>(N, KG.norm()),
                     "negative part of λ_min(g gᵀ)");
        KB_RC_WITHIN(negative_part(min_eigenvalue(K)), kb::test::factorisation<T>(N, T(N)),
                     "negative part of λ_min(Gaussian Gram)");
        // Another route: the normalisation of exp(2γxᵀy) is the Gaussian kernel.
        const Matrix<T> KN = kb::gram(kb::normalised(E), X);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(KN - K)), kb::test::one_pass<T>(2 * q + 8, scale),
                     "normalised exp(2γxᵀy) = Gaussian");
    });
}
//! [gaussian-proof]

/// zhu:ex7b: the features φ(x) = W^{1/2} m(x) of (c + xᵀy)^d, `polynomial_features(X, c, d)`
/// with one row per point and \f$\binom{q+d}{d}\f$ columns, reproduce the kernel:
/// ⟨φ(x), φ(y)⟩ = k(x, y) to the rounding of one pass.
template <class T, class PolynomialFeatures>
void polynomial_features_law(PolynomialFeatures polynomial_features) {
    kb::test::property<T>([&] {
        const int q = *kb::test::size_in(1, 4), d = *kb::test::size_in(1, 4);
        const T c = T(*kb::test::int_in(0, 6)) / T(2);
        const kb::PolynomialKernel<T> k(c, d);
        const Matrix<T> X = cube_points<T>(2, q);
        kb::test::show("the kernel", k.describe());
        kb::test::show("x and y (rows)", X);
        const Matrix<T> F = polynomial_features(X, c, d);
        kb::test::show("φ(x) and φ(y), your polynomial_features (rows)", F);
        kb::test::show("⟨φ(x), φ(y)⟩", T(F.row(0).dot(F.row(1))));
        kb::test::show("k(x, y) (expected)", T(k(X.row(0), X.row(1))));
        RC_ASSERT(F.rows() == 2 && F.cols() == binomial(q + d, d)); // the monomials of degree ≤ d
        // Scale of the summands: Σ_α w_α |x^α||y^α| = (c + |x|ᵀ|y|)^d.
        using std::abs;
        using std::pow;
        const T scale = pow(T(c + X.row(0).cwiseAbs().dot(X.row(1).cwiseAbs())), d);
        KB_RC_WITHIN(T(abs(F.row(0).dot(F.row(1)) - k(X.row(0), X.row(1)))),
                     kb::test::one_pass<T>(F.cols() + q + d, scale), "⟨φ(x), φ(y)⟩ − k(x, y)");
    });
}

} // namespace kb::test::ch04
