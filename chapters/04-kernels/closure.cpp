/// \file closure.cpp
/// \brief Chapter 4: the closure rules of beeny Theorem 3.8, checked rule by rule (exactly
///        where the data stay rational), the seed's proofs checked step by step, the random
///        expression trees, and the Gaussian kernel through the rules (beeny Theorem 3.9).
#include "test_support.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include "expression_tree.hpp"
#include "impostors.hpp"


namespace {

// λ_min of a symmetric matrix, by the library's eigensolver.
template <class T>
T min_eigenvalue(const Matrix<T>& K) {
    return kb::symmetric_eigen(K).values(K.rows() - 1);
}

// The Gram matrix certificate holds up independently: K = L diag(d) Lᵀ with d > 0.
bool factorisation_reproduces(const kb::PsdCertificate& c, const Matrix<rational>& K) {
    for (Eigen::Index i = 0; i < c.d.size(); ++i)
        if (!(c.d(i) > 0)) return false;
    return Matrix<rational>(c.L * c.d.asDiagonal() * c.L.transpose()) == K;
}

// The Hadamard power K∘…∘K (m factors; m = 0 gives 𝟙𝟙ᵀ).
template <class T>
Matrix<T> hadamard_power(const Matrix<T>& K, int m) {
    Matrix<T> P = Matrix<T>::Ones(K.rows(), K.cols());
    for (int i = 0; i < m; ++i) P = P.cwiseProduct(K);
    return P;
}

// exp(+γ‖x − y‖²): the Gaussian kernel with the wrong sign in the exponent.
struct WrongSignGaussian {
    using Scalar = kb::interval;
    kb::interval gamma;
    template <class A, class B>
    kb::interval operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::exp;
        return exp(gamma * kb::interval((x - y).squaredNorm()));
    }
    std::string describe() const { return "exp(+γ‖x − y‖²)"; }
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

// Points for the exact properties: N points of [−1, 1]^q with denominator 10.
Matrix<rational> rational_points(int N, int q) {
    return kb::from_integers<rational>(*kb::test::points(N, q, 10), 10);
}

} // namespace

// ---------------------------------------------------------------------------------------
// Rule 1
// ---------------------------------------------------------------------------------------

//! [rule1]
TEST_CASE("rule 1: a non-negative combination of kernels is a kernel - proven exactly even with a zero weight "
          "[beeny:thm3.8.1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = rational_points(N, q);
        // The theorem allows a₁, a₂ ≥ 0; the seed's proof assumes a₁, a₂ > 0. Zero is drawn too.
        const rational a1 = *kb::test::int_in(0, 4), a2(*kb::test::int_in(0, 4), 3);
        const kb::LinearKernel<rational> k1;
        const kb::PolynomialKernel<rational> k2(rational(1), 2);
        const Matrix<rational> K = kb::gram(kb::combination(a1, k1, a2, k2), X);
        RC_ASSERT(K == Matrix<rational>(a1 * kb::gram(k1, X) + a2 * kb::gram(k2, X)));
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.proven());
        RC_ASSERT(factorisation_reproduces(cert, K));
    });
}
//! [rule1]

TEST_CASE_TEMPLATE("rule 1 in floating point: a non-negative combination of Gaussian and Laplacian kernels has "
                   "a PSD Gram matrix [beeny:thm3.8.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, 10), 10);
        const T a1 = T(*kb::test::int_in(0, 4)), a2 = T(*kb::test::int_in(0, 4));
        const auto k = kb::combination(a1, kb::GaussianKernel<T>::from_gamma(T(1)), a2,
                                       kb::LaplacianKernel<T>::from_gamma(T(1) / T(2)));
        const Matrix<T> K = kb::gram(k, X);
        // λ_min ≥ −(backward error of the eigensolver at ‖K‖ ≤ N(a₁ + a₂)).
        KB_RC_WITHIN(negative_part(min_eigenvalue(K)), kb::test::factorisation<T>(N, T(N) * (a1 + a2 + 1)),
                     "negative part of λ_min(a₁K₁ + a₂K₂)");
    });
}

TEST_CASE("rule 1 fails with a negative weight: combination refuses it and the certificate refutes k1 - k2 "
          "[beeny:thm3.8.1]") {
    const kb::LinearKernel<rational> k1;
    const kb::PolynomialKernel<rational> k2(rational(1), 2);
    CHECK_THROWS_WITH_AS(kb::combination(rational(-1), k1, rational(1), k2),
                         doctest::Contains("weight a₁ = -1 must be finite and ≥ 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::scaled(rational(-1, 2), k1), doctest::Contains("must be finite and ≥ 0"), kb::error);
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(3, 1) << 1, 2, 3).finished());
    const Matrix<rational> K = kb::gram(kb::impostor::SignedCombination<decltype(k1), decltype(k2)>{1, k1, -1, k2}, X);
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(kb::quadratic_form(K, cert.witness) < 0);
}

// ---------------------------------------------------------------------------------------
// Rule 2
// ---------------------------------------------------------------------------------------

TEST_CASE("rule 2: the Gram matrix of k1 k2 is the Hadamard product K1 o K2 - proven PSD exactly [beeny:thm3.8.2]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = rational_points(N, q);
        const kb::PolynomialKernel<rational> k1(rational(1, 2), 2);
        const auto k2 = kb::composition(kb::MinKernel<rational>{},
                                        kb::affine_map<rational>(Matrix<rational>::Identity(q, q),
                                                                 kb::RowVector<rational>::Ones(q)),
                                        "x + 1");
        const Matrix<rational> K1 = kb::gram(k1, X), K2 = kb::gram(k2, X);
        const Matrix<rational> K = kb::gram(kb::product(k1, k2), X);
        RC_ASSERT(K == Matrix<rational>(K1.cwiseProduct(K2)));
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.proven());
        RC_ASSERT(factorisation_reproduces(cert, K));
    });
}

//! [hadamard-argument]
TEST_CASE_TEMPLATE("the seed's argument for rule 2 holds: K1 o K2 = sum_ij lambda_i mu_j (v_i o u_j)(v_i o u_j)^T "
                   "[beeny:thm3.8.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 7), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, 10), 10);
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

TEST_CASE("the Hadamard argument exactly: with K1 = sum d_i l_i l_i^T and K2 = sum e_j m_j m_j^T the product is "
          "sum d_i e_j (l_i o m_j)(l_i o m_j)^T [beeny:thm3.8.2]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 7), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = rational_points(N, q);
        const Matrix<rational> K1 = kb::gram(kb::LinearKernel<rational>{}, X);
        const Matrix<rational> K2 = kb::gram(kb::PolynomialKernel<rational>(rational(1), 3), X);
        const kb::PsdCertificate c1 = kb::certify_psd(K1), c2 = kb::certify_psd(K2);
        RC_ASSERT(c1.proven());
        RC_ASSERT(c2.proven());
        Matrix<rational> S = Matrix<rational>::Zero(N, N);
        for (Eigen::Index i = 0; i < c1.d.size(); ++i)
            for (Eigen::Index j = 0; j < c2.d.size(); ++j) {
                const Vector<rational> w = c1.L.col(i).cwiseProduct(c2.L.col(j));
                S += c1.d(i) * c2.d(j) * w * w.transpose();
            }
        RC_ASSERT(S == Matrix<rational>(K1.cwiseProduct(K2)));
    });
}

TEST_CASE("erratum: the eigenvalues of a Gram matrix need not be > 0 as the proof of rule 2 says - a linear kernel "
          "on N > q points has exact rank q [beeny:thm3.8.2]") {
    // Three points of ℝ¹: K₁ = xxᵀ has rank 1, so two eigenvalues are exactly 0, not > 0.
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(3, 1) << 1, 2, 5).finished());
    const Matrix<rational> K1 = kb::gram(kb::LinearKernel<rational>{}, X);
    const kb::PsdCertificate c1 = kb::certify_psd(K1);
    REQUIRE(c1.proven());
    CHECK(c1.rank == 1);
    CHECK_FALSE(c1.definite);
    CHECK(kb::quadratic_form(K1, (Vector<rational>(3) << 2, -1, 0).finished()) == 0);
    // The conclusion still holds with λᵢ, μⱼ ≥ 0: K₁∘K₂ is PSD.
    const Matrix<rational> K2 = kb::gram(kb::PolynomialKernel<rational>(rational(1), 2), X);
    CHECK(kb::certify_psd(Matrix<rational>(K1.cwiseProduct(K2))).proven());
}

TEST_CASE("the matrix product K1 K2 is not the Gram matrix of k1 k2: it is not even symmetric [beeny:thm3.8.2]") {
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 0, 1, 1).finished());
    const Matrix<rational> K1 = kb::gram(kb::LinearKernel<rational>{}, X);
    const Matrix<rational> K2 = kb::gram(kb::PolynomialKernel<rational>(rational(1), 2), X);
    const Matrix<rational> P = K1 * K2;
    CHECK(P != Matrix<rational>(P.transpose()));
    CHECK(kb::gram(kb::product(kb::LinearKernel<rational>{}, kb::PolynomialKernel<rational>(rational(1), 2)), X) ==
          Matrix<rational>(K1.cwiseProduct(K2)));
}

// ---------------------------------------------------------------------------------------
// Rule 3
// ---------------------------------------------------------------------------------------

TEST_CASE("rule 3: a polynomial with non-negative coefficients of a kernel is a kernel - Gram = sum a_m K^(o m) "
          "exactly and proven PSD [beeny:thm3.8.3]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = rational_points(N, q);
        const int n = *kb::test::size_in(0, 4);
        std::vector<rational> a;
        for (int m = 0; m <= n; ++m) a.push_back(rational(*kb::test::int_in(0, 5), 2));
        const kb::LinearKernel<rational> k1;
        const Matrix<rational> K = kb::gram(kb::polynomial(a, k1), X);
        const Matrix<rational> K1 = kb::gram(k1, X);
        Matrix<rational> S = Matrix<rational>::Zero(N, N);
        for (int m = 0; m <= n; ++m) S += a[static_cast<std::size_t>(m)] * hadamard_power(K1, m);
        RC_ASSERT(K == S);
        RC_ASSERT(kb::certify_psd(K).proven());
    });
}

TEST_CASE("the constant term a0 of rule 3 is not a power of k1: it is the kernel g(x)g(y) with g = sqrt(a0) "
          "- Gram a0 11^T of rank 1 [beeny:thm3.8.3] [beeny:thm3.8.5]") {
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(4, 2) << 1, 0, 0, 1, 2, 3, -1, 4).finished());
    const Matrix<rational> K = kb::gram(kb::ConstantKernel<rational>(rational(9, 4)), X);
    CHECK(K == Matrix<rational>(rational(9, 4) * Matrix<rational>::Ones(4, 4)));
    const kb::PsdCertificate cert = kb::certify_psd(K);
    CHECK(cert.proven());
    CHECK(cert.rank == 1);
    const auto g = [](const kb::RowVector<rational>&) { return rational(3, 2); }; // √(9/4)
    CHECK(kb::gram(kb::rank_one<rational>(g), X) == K);
}

TEST_CASE("rule 3 fails with a negative coefficient: polynomial refuses it and k - k^2 is refuted "
          "[beeny:thm3.8.3]") {
    const kb::LinearKernel<rational> k1;
    CHECK_THROWS_WITH_AS(kb::polynomial({rational(0), rational(1), rational(-1)}, k1),
                         doctest::Contains("coefficient a2 = -1 must be finite and ≥ 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::polynomial(std::vector<rational>{}, k1), doctest::Contains("empty"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ConstantKernel<rational>(rational(-1)), doctest::Contains("must be finite and ≥ 0"),
                         kb::error);
    // k − k² on the point x = 2: the 1×1 Gram matrix 4 − 16 < 0.
    const auto k = kb::impostor::SignedCombination<decltype(k1), kb::PolynomialKernel<rational>>{
        1, k1, -1, kb::PolynomialKernel<rational>(rational(0), 2)};
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(2, 1) << 2, 1).finished());
    const kb::PsdCertificate cert = kb::certify_psd(kb::gram(k, X));
    REQUIRE(cert.refuted());
    CHECK(kb::quadratic_form(kb::gram(k, X), cert.witness) < 0);
}

// ---------------------------------------------------------------------------------------
// Rule 4
// ---------------------------------------------------------------------------------------

TEST_CASE("rule 4: k1(h(x) h(y)) has the Gram matrix of k1 on the points h(x_i) - proven PSD exactly "
          "[beeny:thm3.8.4]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3), p = *kb::test::size_in(1, 3);
        const Matrix<rational> X = rational_points(N, q);
        const Matrix<rational> A = kb::from_integers<rational>(*kb::test::int_matrix(p, q, -3, 3), 2);
        const kb::RowVector<rational> b = kb::from_integers<rational>(*kb::test::int_matrix(1, p, -3, 3), 2);
        const auto h = kb::affine_map(A, b);
        const kb::PolynomialKernel<rational> k1(rational(1), 2);
        Matrix<rational> HX(N, p);
        for (int i = 0; i < N; ++i) HX.row(i) = h(X.row(i));
        const Matrix<rational> K = kb::gram(kb::composition(k1, h), X);
        RC_ASSERT(K == kb::gram(k1, HX));
        RC_ASSERT(kb::certify_psd(K).proven());
    });
}

TEST_CASE("erratum: the proof of rule 4 concludes > 0 but a non-injective h gives a zero quadratic form with "
          "c != 0 [beeny:thm3.8.4]") {
    // h(x) = (x₁ + x₂): the points (1, 2) and (2, 1) have the same image, so c = e₁ − e₂ gives 0.
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(3, 2) << 1, 2, 2, 1, 0, 5).finished());
    const auto h = kb::affine_map<rational>((Matrix<rational>(1, 2) << 1, 1).finished(),
                                            kb::RowVector<rational>::Zero(1));
    const Matrix<rational> K = kb::gram(kb::composition(kb::PolynomialKernel<rational>(rational(1), 2), h), X);
    const Vector<rational> c = (Vector<rational>(3) << 1, -1, 0).finished();
    CHECK(kb::quadratic_form(K, c) == 0);
    CHECK_FALSE(kb::quadratic_form(K, c) > 0);
}

// ---------------------------------------------------------------------------------------
// Rule 5
// ---------------------------------------------------------------------------------------

TEST_CASE("rule 5: g(x)g(y) has the Gram matrix g g^T and quadratic form (sum c_i g_i)^2 exactly - rank <= 1 "
          "[beeny:thm3.8.5]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = rational_points(N, q);
        const Vector<rational> w = kb::from_integers<rational>(*kb::test::int_matrix(q, 1, -3, 3), 2);
        const rational w0 = *kb::test::int_in(-3, 3);
        const auto g = [w, w0](const kb::RowVector<rational>& x) { return rational(w0 + x.dot(w.transpose())); };
        const Matrix<rational> K = kb::gram(kb::rank_one<rational>(g), X);
        Vector<rational> gv(N);
        for (int i = 0; i < N; ++i) gv(i) = g(X.row(i));
        RC_ASSERT(K == Matrix<rational>(gv * gv.transpose()));
        const Vector<rational> c = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -5, 5));
        const rational y = c.dot(gv);
        RC_ASSERT(kb::quadratic_form(K, c) == y * y);
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.proven());
        RC_ASSERT(cert.rank <= 1);
    });
}

TEST_CASE("erratum: the proof of rule 5 concludes (sum y_i)^2 > 0 but c = (g(x2) -g(x1) 0) gives 0 with c != 0 "
          "[beeny:thm3.8.5]") {
    const auto g = [](const kb::RowVector<rational>& x) { return rational(1 + x(0)); };
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(3, 1) << 1, 3, 7).finished());
    const Matrix<rational> K = kb::gram(kb::rank_one<rational>(g), X);
    const Vector<rational> c = (Vector<rational>(3) << g(X.row(1)), -g(X.row(0)), 0).finished();
    CHECK(c != Vector<rational>::Zero(3));
    CHECK(kb::quadratic_form(K, c) == 0);
}

TEST_CASE("rules 4 and 5 need both arguments treated alike: k1(h(x) y) and g(x)f(y) are not symmetric "
          "[beeny:thm3.8.4] [beeny:thm3.8.5]") {
    // h(x) = x + 1 applied to one argument only: k₁(h(1), 3) = (1 + 2·3)² = 49 but k₁(h(3), 1) = (1 + 4·1)² = 25.
    const Matrix<rational> Y = kb::from_integers<rational>((IntMatrix(2, 1) << 1, 3).finished());
    const auto h = kb::affine_map<rational>((Matrix<rational>(1, 1) << 1).finished(), kb::RowVector<rational>::Ones(1));
    const kb::PolynomialKernel<rational> k1(rational(1), 2);
    CHECK(k1(h(Y.row(0)), Y.row(1)) == 49);
    CHECK(k1(h(Y.row(1)), Y.row(0)) == 25);
    CHECK(kb::gram(kb::composition(k1, h), Y)(0, 1) == 81); // both sides: (1 + 2·4)²
    // Two different functions: g(x)f(y) with g = 1 + x, f = 2x gives 2·6 = 12 but g(3)f(1) = 4·2 = 8.
    const auto g = [](const kb::RowVector<rational>& x) { return rational(1 + x(0)); };
    const auto f = [](const kb::RowVector<rational>& x) { return rational(2 * x(0)); };
    CHECK(g(Y.row(0)) * f(Y.row(1)) == 12);
    CHECK(g(Y.row(1)) * f(Y.row(0)) == 8);
}

// ---------------------------------------------------------------------------------------
// Rule 6
// ---------------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("rule 6: exp(k1) - the entrywise exponential - has a PSD Gram matrix [beeny:thm3.8.6]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, 10), 10);
        const auto k1 = kb::combination(T(1) / T(2), kb::LinearKernel<T>{}, T(1) / T(4),
                                        kb::PolynomialKernel<T>(T(1), 2));
        const Matrix<T> K = kb::gram(kb::exponential(k1), X);
        KB_RC_WITHIN(negative_part(min_eigenvalue(K)), kb::test::factorisation<T>(N, K.norm()),
                     "negative part of λ_min(exp∘K₁)");
    });
}

//! [exp-limit]
TEST_CASE("the correct proof of rule 6: the partial sums sum_{m<=M} K1^(o m)/m! are proven PSD exactly and "
          "converge to exp(K1) entrywise within the Taylor remainder [beeny:thm3.8.6]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 6), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = rational_points(N, q);
        const Matrix<rational> K1 = kb::gram(kb::PolynomialKernel<rational>(rational(1, 2), 2), X);
        const int M = *kb::test::size_in(2, 12);
        Matrix<rational> S = Matrix<rational>::Zero(N, N);
        rational factorial(1);
        for (int m = 0; m <= M; ++m) {
            if (m > 0) factorial *= m;
            S += hadamard_power(K1, m) / factorial;
        }
        RC_ASSERT(kb::certify_psd(S).proven());
        // |e^s − Σ_{m≤M} s^m/m!| ≤ e^b b^{M+1}/(M+1)! for |s| ≤ b, b = max|K₁| (Lagrange remainder).
        using R = kb::real100;
        const R b = kb::convert<R>(kb::max_abs(K1));
        R remainder = exp(b);
        for (int m = 1; m <= M + 1; ++m) remainder *= b / R(m);
        const Matrix<R> E = kb::convert_matrix<R>(K1).array().exp().matrix();
        const R err = kb::max_abs(Matrix<R>(E - kb::convert_matrix<R>(S)));
        // The computed err and remainder carry rounding: e^{K₁} entrywise and S rounded to R (≤ ε·e^b
        // each), the remainder's M + 2 roundings (relative): one pass of length M + 4 at that scale.
        RC_ASSERT(err <= remainder + kb::test::one_pass<R>(M + 4, R(exp(b) + remainder)).value);
    });
}
//! [exp-limit]

//! [exp-erratum]
TEST_CASE("erratum: the proof of rule 6 computes the matrix exponential - for K1 = 0 it is I while the Gram matrix "
          "of exp(k1) is 11^T exactly [beeny:thm3.8.6]") {
    // k₁ = 0 is a kernel (rule 1 with zero weights). exp(k₁) = e⁰ = 1 everywhere: Gram 𝟙𝟙ᵀ.
    // The matrix exponential Σ K₁^m/m! of the zero matrix is the identity (only m = 0
    // contributes, so the series is exact). Different, and 𝟙𝟙ᵀ is singular, so "K is
    // positive definite" fails too.
    const int N = 3;
    const Matrix<double> X = Vector<double>::LinSpaced(N, 1, 3);
    const auto k1 = kb::ConstantKernel<double>(0.0);
    const Matrix<double> entrywise = kb::gram(kb::exponential(k1), X);
    CHECK(entrywise == Matrix<double>::Ones(N, N));
    const Matrix<rational> K1 = Matrix<rational>::Zero(N, N);
    Matrix<rational> term = Matrix<rational>::Identity(N, N), matrix_exp = term;
    for (int m = 1; m <= 4; ++m) {
        term = Matrix<rational>(term * K1) / rational(m);
        matrix_exp += term;
    }
    CHECK(matrix_exp == Matrix<rational>::Identity(N, N));
    CHECK(kb::convert_matrix<rational>(entrywise) != matrix_exp);
    const kb::PsdCertificate cert = kb::certify_psd(kb::convert_matrix<rational>(entrywise));
    CHECK(cert.proven());
    CHECK_FALSE(cert.definite); // positive semi-definite only: rank 1
    CHECK(cert.rank == 1);
}
//! [exp-erratum]

TEST_CASE_TEMPLATE("erratum: the matrix exponential has eigenvalues e^lambda as the proof says but is not the Gram "
                   "matrix of exp(k1) [beeny:thm3.8.6]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::exp;
        const int N = *kb::test::size_in(2, 7), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::distinct_points(N, q, 10), 10) / T(2);
        const Matrix<T> K1 = kb::gram(kb::PolynomialKernel<T>(T(1), 2), X);
        // The seed's own object, e^{K₁} = Σ_m K₁^m/m!, summed as a series (no eigendecomposition).
        // With ρ = ‖K₁‖_F ≥ ‖K₁‖₂ the tail after M terms is at most
        // ρ^{M+1}/(M+1)! · 1/(1 − ρ/(M+2)) in the 2-norm; stop when it is below ε·e^ρ.
        const T rho = K1.norm(), eps = kb::epsilon<T>();
        Matrix<T> term = Matrix<T>::Identity(N, N), series = term;
        T power(1), tail(0); // power = ρ^M/M!
        int M = 0;
        for (bool done = false; !done && M < 2000;) {
            ++M;
            term = Matrix<T>(term * K1) / T(M); // K₁^M/M!
            series += term;
            power = power * rho / T(M);
            if (T(M + 2) > rho) {
                tail = power * rho / T(M + 1) / (T(1) - rho / T(M + 2));
                done = tail <= eps * exp(rho);
            }
        }
        RC_ASSERT(M < 2000);
        // The seed's computation is right about the matrix exponential: its eigenvalues are e^λ, λ
        // the eigenvalues of K₁ (computed independently). Errors: the tail, the rounding of the
        // M products and sums (at most N·ε·(ρ + M)·e^ρ), the backward errors of the two
        // eigensolvers (N·ε·e^ρ and, through e^λ, N·ε·ρ·e^ρ).
        const Vector<T> lambda = kb::symmetric_eigen(K1).values;
        const Vector<T> expl = lambda.array().exp().matrix();
        const Vector<T> mu = kb::symmetric_eigen(series).values;
        const auto bound = kb::test::factorisation<T>(N, T(exp(rho) * (T(2) * rho + T(M) + T(2))));
        KB_RC_WITHIN(positive_part(T((mu - expl).cwiseAbs().maxCoeff() - tail)), bound,
                     "eigenvalues of Σ K₁^m/m! are e^λ (beyond the truncation bound)");
        // … but the Gram matrix of exp(k₁) is the entrywise exponential, another matrix: O(1) apart.
        const Matrix<T> entrywise = kb::gram(kb::exponential(kb::PolynomialKernel<T>(T(1), 2)), X);
        const T distance = kb::max_abs(Matrix<T>(entrywise - series));
        // (the positive part: a signed distance − tail < 0 must not "exceed" by its magnitude)
        KB_RC_EXCEEDS(positive_part(T(distance - tail)), bound, "e^{K₁} = exp∘K₁");
        RC_ASSERT(distance > T(1) / T(10));
    });
}

// ---------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("normalisation k(x y)/sqrt(k(x x)k(y y)) gives a kernel with unit diagonal and values in [-1 1] "
                   "[beeny:thm3.8.2] [beeny:thm3.8.5]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, 10), 10);
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

// ---------------------------------------------------------------------------------------
// Random expression trees
// ---------------------------------------------------------------------------------------

//! [random-trees]
TEST_CASE("a kernel built by a random expression tree of rules 1-5 is proven PSD exactly on rational points "
          "[beeny:thm3.8.1] [beeny:thm3.8.2] [beeny:thm3.8.3] [beeny:thm3.8.4] [beeny:thm3.8.5]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const kb::tree::Expr e = kb::tree::random_expr(4, q, true);
        const Matrix<rational> X = rational_points(N, q);
        const Matrix<rational> K = kb::gram(kb::tree::build<rational>(e, q), X);
        const kb::PsdCertificate cert = kb::certify_psd(K);
        if (!cert.proven()) RC_FAIL("not proven PSD: " + kb::tree::build<double>(e, q).describe());
        RC_ASSERT(factorisation_reproduces(cert, K));
    });
}

TEST_CASE_TEMPLATE("a kernel built by a random expression tree of rules 1-6 and normalisation has a PSD Gram "
                   "matrix [beeny:thm3.8.1] [beeny:thm3.8.2] [beeny:thm3.8.3] [beeny:thm3.8.4] [beeny:thm3.8.5] "
                   "[beeny:thm3.8.6]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const kb::tree::Expr e = kb::tree::random_expr(4, q, false);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, 10), 10);
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
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, 10), 10);
        const T B = kb::convert<T>(kb::tree::bound(e, q));
        const auto k = kb::impostor::SignedCombination<kb::AnyKernel<T>, kb::ConstantKernel<T>>{
            T(1), kb::tree::build<T>(e, q), -(B + T(1)), kb::ConstantKernel<T>(T(1))};
        const Matrix<T> K = kb::gram(k, X);
        KB_RC_EXCEEDS(negative_part(min_eigenvalue(K)), tree_psd_bound<T>(e, q, N), "λ_min");
    });
}

TEST_CASE("a random rational tree minus (B + 1) times the constant kernel is refuted with a witness "
          "[beeny:thm3.8.1] [beeny:thm3.8.2] [beeny:thm3.8.3] [beeny:thm3.8.4] [beeny:thm3.8.5]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 6), q = *kb::test::size_in(1, 3);
        const kb::tree::Expr e = kb::tree::random_expr(3, q, true);
        const Matrix<rational> X = rational_points(N, q);
        const rational B = kb::tree::bound(e, q);
        const auto k = kb::impostor::SignedCombination<kb::AnyKernel<rational>, kb::ConstantKernel<rational>>{
            rational(1), kb::tree::build<rational>(e, q), -(B + 1), kb::ConstantKernel<rational>(rational(1))};
        const Matrix<rational> K = kb::gram(k, X);
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.refuted());
        RC_ASSERT(kb::quadratic_form(K, cert.witness) < 0);
    });
}

// ---------------------------------------------------------------------------------------
// Theorem 3.9: the Gaussian kernel through the rules
// ---------------------------------------------------------------------------------------

//! [gaussian-proof]
TEST_CASE_TEMPLATE("the Gaussian kernel through the closure rules: exp(-g|x-y|^2) = g(x)g(y) exp(2g x^T y) step by "
                   "step [beeny:thm3.9] [zhu:ex7c]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, 10), 10);
        const T gamma = T(*kb::test::int_in(1, 8)) / T(4);
        using std::exp;
        // Step 1: 2γ·xᵀy is a kernel (rule 1); step 2: exp(2γ·xᵀy) is a kernel (rule 6).
        const auto E = kb::exponential(kb::scaled(T(2) * gamma, kb::LinearKernel<T>{}));
        // Step 3: g(x)g(y) with g(x) = exp(−γ‖x‖²) is a kernel (rule 5).
        const auto g = [gamma](const kb::RowVector<T>& x) { return T(exp(-gamma * x.squaredNorm())); };
        const auto G = kb::rank_one<T>(g, "exp(−γ‖·‖²)");
        // Step 4: their product is a kernel (rule 2) — and it is the Gaussian kernel.
        const Matrix<T> KE = kb::gram(E, X), KG = kb::gram(G, X);
        const Matrix<T> K = kb::gram(kb::GaussianKernel<T>::from_gamma(gamma), X);
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

//! [gaussian-certificate]
TEST_CASE("Gaussian Gram matrices on distinct rational points are proven positive definite by interval Cholesky "
          "[beeny:thm3.9] [zhu:ex7c] [ghiasi:eq1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 10), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::distinct_points(N, q, 10), 10);
        const kb::interval gamma = kb::to_interval(rational(*kb::test::int_in(1, 8), 4));
        const Matrix<kb::interval> K = kb::gram(kb::GaussianKernel<kb::interval>::from_gamma(gamma), kb::to_interval(X));
        const kb::PsdCertificate cert = kb::certify_psd(K);
        if (!cert.proven()) RC_FAIL(cert.reason);
        RC_ASSERT(cert.definite);
    });
}
//! [gaussian-certificate]

TEST_CASE("exp(+g|x-y|^2) - the Gaussian with the wrong sign - is refuted by the interval certificate [beeny:thm3.9]") {
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(3, 1) << 0, 1, 3).finished(), 2);
    const WrongSignGaussian wrong{kb::interval(1)};
    const Matrix<kb::interval> K = kb::gram(wrong, kb::to_interval(X));
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(kb::certainly_negative(kb::quadratic_form(K, cert.witness)));
}
