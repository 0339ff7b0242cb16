/// \file errata.cpp
/// \brief The sources' errata, each shown and its correction checked: zhu Example 7(a)–(c)
///        (k_x(y), the expansion and the printed map, the Gaussian's feature map) and the proofs
///        of rules 2, 4, 5 and 6 of beeny Theorem 3.8; and two remarks on the wording after beeny
///        Definition 3.7 (semi-definite, not unique), each shown on an example.
#include "test_support.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/exact_psd.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include "chapter_support.hpp"

#include <cmath>
#include <vector>

using kb::test::ch04::cube_points;
using kb::test::ch04::distinct_cube_points;
using kb::test::positive_part;

namespace {

// zhu's printed expansions of (1 + yᵢᵀyⱼ)² for yᵢ = (y₁₁, y₁₂), yⱼ = (y₂₁, y₂₂), as printed.
rational printed_first_line(const RowVector<rational>& a, const RowVector<rational>& b) {
    const rational s = 1 + a(0) * b(0) + b(0) * b(1); // "1 + y₁₁y₂₁ + y₂₁y₂₂"
    return s * s;
}
rational printed_second_line(const RowVector<rational>& a, const RowVector<rational>& b) {
    // "1 + 2y₁₁y₂₁ + 2y₁₂y₂₂ + y₁₁²y₂₁² + y₂₁²y₂₂² + 2y₁₁y₁₂y₂₁y₂₂"
    return 1 + 2 * a(0) * b(0) + 2 * a(1) * b(1) + a(0) * a(0) * b(0) * b(0) + b(0) * b(0) * b(1) * b(1) +
           2 * a(0) * a(1) * b(0) * b(1);
}
rational corrected_second_line(const RowVector<rational>& a, const RowVector<rational>& b) {
    // y₂₁²y₂₂² corrected to y₁₂²y₂₂²
    return 1 + 2 * a(0) * b(0) + 2 * a(1) * b(1) + a(0) * a(0) * b(0) * b(0) + a(1) * a(1) * b(1) * b(1) +
           2 * a(0) * a(1) * b(0) * b(1);
}

// zhu's printed map (1, √2y₁, √2y₂, y₁², y₂², √(y₁y₂)) and the corrected one with √2·y₁y₂.
template <class T>
Vector<T> printed_map(const RowVector<T>& y) {
    using std::sqrt;
    Vector<T> phi(6);
    phi << T(1), sqrt(T(2)) * y(0), sqrt(T(2)) * y(1), y(0) * y(0), y(1) * y(1), sqrt(T(y(0) * y(1)));
    return phi;
}
template <class T>
Vector<T> corrected_map(const RowVector<T>& y) {
    using std::sqrt;
    Vector<T> phi(6);
    phi << T(1), sqrt(T(2)) * y(0), sqrt(T(2)) * y(1), y(0) * y(0), y(1) * y(1), sqrt(T(2)) * y(0) * y(1);
    return phi;
}

// The Taylor features of the Gaussian at the degree D where the remainder bound falls below ε·G
// (G = g(x)g(y)e^{2γ|x|ᵀ|y|} ≥ k bounds every term of the series), and the truncation errors
// |Σ_{|α|≤D} φ_α(x)φ_α(y) − k(x, y)| for D = 0, 1, …, D*, with the remainder bounds and the
// rounding bound of each partial sum.
template <class T>
struct TaylorTruncation {
    std::vector<T> error, remainder;
    std::vector<kb::test::Bound<T>> rounding;
    /// The part of the error at degree index d that the remainder bound does not explain.
    /// max(error − remainder, 0), written (x + |x|)/2 so that a NaN error stays NaN (and fails).
    T excess(std::size_t d) const {
        using std::abs;
        const T x = error[d] - remainder[d];
        return (x + abs(x)) / T(2);
    }
};

template <class T>
TaylorTruncation<T> taylor_truncation(const kb::GaussianKernel<T>& k, const RowVector<T>& x, const RowVector<T>& y,
                                      bool forget_multinomial = false) {
    using std::abs;
    using std::exp;
    using std::sqrt;
    const int q = static_cast<int>(x.size());
    const T gamma = k.gamma();
    const T gg = exp(-gamma * T(x.squaredNorm())) * exp(-gamma * T(y.squaredNorm()));
    const T G = gg * exp(T(2) * gamma * T(x.cwiseAbs().dot(y.cwiseAbs())));
    const T s = abs(T(T(2) * gamma * T(x.dot(y))));
    // Lagrange: |k − k_D| ≤ g(x)g(y)e^{|s|}|s|^{D+1}/(D+1)!; D* is the first D where it is ≤ ε·G.
    std::vector<T> remainder{gg * exp(s) * s};
    while (remainder.back() > kb::epsilon<T>() * G && remainder.size() < 400)
        remainder.push_back(remainder.back() * s / T(remainder.size() + 1));
    const int D = static_cast<int>(remainder.size()) - 1;
    const kb::GaussianTaylorFeatureMap<T> map(k, q, D);
    // The library's bound is the same number.
    RC_ASSERT(abs(map.remainder_bound(x, y) - remainder.back()) <= kb::test::one_pass<T>(D + 8, remainder.back()).value);
    Matrix<T> P(2, q);
    P.row(0) = x;
    P.row(1) = y;
    Matrix<T> Phi = map.features(P);
    const auto alphas = map.exponents();
    std::vector<int> degree;
    for (const auto& alpha : alphas) {
        int total = 0, running = 0;
        T ratio(1); // α!/|α|!
        for (int e : alpha)
            for (int j = 1; j <= e; ++j) ratio = ratio * T(j) / T(++running);
        for (int e : alpha) total += e;
        degree.push_back(total);
        if (forget_multinomial) // weights (2γ)^{|α|}/|α|! instead of (2γ)^{|α|}/α!
            Phi.col(static_cast<Eigen::Index>(degree.size() - 1)) *= sqrt(ratio);
    }
    const T kxy = k(x, y);
    TaylorTruncation<T> out;
    T partial(0);
    std::size_t a = 0;
    for (int d = 0; d <= D; ++d) {
        for (; a < alphas.size() && degree[a] == d; ++a)
            partial += Phi(0, static_cast<Eigen::Index>(a)) * Phi(1, static_cast<Eigen::Index>(a));
        out.error.push_back(abs(partial - kxy));
        out.remainder.push_back(remainder[static_cast<std::size_t>(d)]);
        // Each feature is a product of D + q + 3 rounded factors and the sum has a terms; k has a
        // relative error ≤ (2q + 4)·ε·(4γq + 3) as in closure.cpp: one pass at scale G·(4γq + 3).
        out.rounding.push_back(
            kb::test::one_pass<T>(static_cast<long>(a) + 2 * (D + q + 4), T(G * (T(4) * gamma * T(q) + T(3)))));
    }
    return out;
}

} // namespace

// ---------------------------------------------------------------------------------------
// Kernels and feature maps
// ---------------------------------------------------------------------------------------

TEST_CASE("erratum: zhu writes k_x(y) = x but k_x(y) = x^T y is a number - for x = 2 and y = 3 it is 6 [zhu:ex7a]") {
    const Matrix<rational> P = kb::from_integers<rational>((IntMatrix(2, 1) << 2, 3).finished());
    const rational kxy = kb::LinearKernel<rational>{}(P.row(0), P.row(1));
    CHECK(kxy == 6);
    CHECK(kxy != P(0, 0)); // "k_x(y) = x" would give 2
    // For q ≥ 2 the printed statement cannot even hold: k_x(y) is a scalar, x a vector.
    const Matrix<rational> Q = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 2, 3, 4).finished());
    CHECK(kb::LinearKernel<rational>{}(Q.row(0), Q.row(1)) == 11);
}

TEST_CASE("erratum: zhu's expansion of (1 + y_i^T y_j)^2 has wrong indices - the corrected second line is exact "
          "[zhu:ex7b]") {
    kb::test::property<rational>([] {
        const Matrix<rational> P = cube_points<rational>(2, 2);
        const rational k = kb::PolynomialKernel<rational>(rational(1), 2)(P.row(0), P.row(1));
        RC_ASSERT(corrected_second_line(P.row(0), P.row(1)) == k);
    });
    // The printed lines at yᵢ = (1, 2), yⱼ = (3, 4): k = (1 + 3 + 8)² = 144.
    const Matrix<rational> P = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 2, 3, 4).finished());
    const rational k = kb::PolynomialKernel<rational>(rational(1), 2)(P.row(0), P.row(1));
    CHECK(k == 144);
    CHECK(printed_first_line(P.row(0), P.row(1)) == 256);   // (1 + 3 + 12)²
    CHECK(printed_second_line(P.row(0), P.row(1)) == 224); // y₂₁²y₂₂² = 144 instead of y₁₂²y₂₂² = 64
    CHECK(printed_first_line(P.row(0), P.row(1)) != k);
    CHECK(printed_second_line(P.row(0), P.row(1)) != k);
}

TEST_CASE("erratum: zhu's printed map ends in sqrt(y1 y2) - at x = (1 4) and y = (1 1) it gives 30 instead of "
          "k = 36 and the corrected entry sqrt2 y1y2 gives 36 [zhu:ex7b]") {
    // With x₁x₂ = 4 and y₁y₂ = 1 both square roots are rational, so the check is exact:
    // printed ⟨φ(x), φ(y)⟩ = 1 + 2·1 + 2·4 + 1 + 16 + √4·√1 = 30.
    const rational printed = 1 + 2 * 1 + 2 * 4 + 1 * 1 + 16 * 1 + rational(2) * rational(1);
    const rational corrected = 1 + 2 * 1 + 2 * 4 + 1 * 1 + 16 * 1 + 2 * (1 * 4) * (1 * 1);
    const Matrix<rational> P = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 4, 1, 1).finished());
    const rational k = kb::PolynomialKernel<rational>(rational(1), 2)(P.row(0), P.row(1));
    CHECK(k == 36);
    CHECK(printed == 30);
    CHECK(corrected == k);
    const kb::PolynomialFeatureMap<rational> phi(kb::PolynomialKernel<rational>(rational(1), 2), 2);
    CHECK(phi.inner_products(P, P)(0, 1) == 36);
}

TEST_CASE_TEMPLATE("erratum: zhu's printed map fails on random positive points while the corrected map is exact to "
                   "rounding [zhu:ex7b]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        // Positive coordinates, so that √(y₁y₂) is even defined.
        const Matrix<T> P = kb::from_integers<T>(*kb::test::int_matrix(2, 2, 1, 10), 5);
        const RowVector<T> x = P.row(0), y = P.row(1);
        const T k = kb::PolynomialKernel<T>(T(1), 2)(x, y);
        using std::abs;
        using std::sqrt;
        KB_RC_WITHIN(T(abs(corrected_map(x).dot(corrected_map(y)) - k)), kb::test::one_pass<T>(8, k),
                     "corrected map");
        // printed − k = √(x₁x₂y₁y₂) − 2x₁x₂y₁y₂ = s(1 − 2s), s = √(x₁x₂y₁y₂) ≥ 1/25: never 0 unless s = 1/2.
        const T err = abs(printed_map(x).dot(printed_map(y)) - k);
        const T s = sqrt(T(x(0) * x(1) * y(0) * y(1)));
        KB_RC_WITHIN(T(abs(err - abs(s * (T(1) - T(2) * s)))), kb::test::one_pass<T>(8, k), "printed − k = s(1 − 2s)");
        if (abs(T(2) * s - T(1)) > T(1) / T(10)) KB_RC_EXCEEDS(err, kb::test::one_pass<T>(8, k), "printed map − k");
    });
}

//! [gaussian-features]
TEST_CASE_TEMPLATE("erratum: the Gaussian kernel has an explicit feature map - the truncated Taylor features "
                   "e^(-g|x|^2) sqrt((2g)^|a|/a!) x^a converge to k within the Taylor remainder [zhu:ex7c]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 2);
        const Matrix<T> P = cube_points<T>(2, q);
        const auto k = kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*kb::test::int_in(1, 4), 4));
        const auto t = taylor_truncation(k, RowVector<T>(P.row(0)), RowVector<T>(P.row(1)));
        // |Σ_{|α|≤D} φ_α(x)φ_α(y) − k(x, y)| ≤ Taylor remainder + rounding, for every D ≤ D*.
        for (std::size_t d = 0; d < t.error.size(); ++d)
            KB_RC_WITHIN(t.excess(d), t.rounding[d], "truncation error beyond the remainder at D = " + std::to_string(d));
        // At D* the remainder is below ε·G: the features reproduce k to rounding.
        RC_ASSERT(t.remainder.back() <= t.rounding.back().value);
        KB_RC_WITHIN(t.error.back(), t.rounding.back(), "converged: |Σ_{|α|≤D*} φ_α(x)φ_α(y) − k(x, y)|");
    });
}
//! [gaussian-features]

TEST_CASE_TEMPLATE("companion: Taylor features with the weights (2g)^|a|/|a|! - the multinomial coefficient "
                   "forgotten - leave the remainder bound [zhu:ex7c]",
                   T, KB_REALS) {
    // x = y = (1/2, 1/2), γ = 1: the right features converge, the wrong ones miss k by
    // g(x)²·Σ_n (2γ)^n/n!·(Σ_{|α|=n} x^{2α} − (x₁² + x₂²)^n/n!·n!)… an O(1/10) error.
    const RowVector<T> x = (RowVector<T>(2) << T(1) / T(2), T(1) / T(2)).finished();
    const auto k = kb::GaussianKernel<T>::from_gamma(T(1));
    const auto right = taylor_truncation(k, x, x);
    const auto wrong = taylor_truncation(k, x, x, true);
    KB_CHECK_WITHIN(right.excess(right.error.size() - 1), right.rounding.back(), "right weights");
    KB_CHECK_EXCEEDS(wrong.excess(wrong.error.size() - 1), wrong.rounding.back(), "forgotten multinomial");
    CHECK(wrong.error.back() > T(1) / T(100));
}

TEST_CASE("remark: a feature map gives a positive SEMI-definite kernel - phi(x) = (x x^2) on three points gives a "
          "singular Gram matrix [beeny:def3.7]") {
    // beeny: "k would surely be symmetric and positive definite since inner products are".
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(3, 8);
        const Matrix<rational> X = distinct_cube_points<rational>(N, 1);
        Matrix<rational> Phi(N, 2);
        for (int i = 0; i < N; ++i) Phi.row(i) << X(i, 0), X(i, 0) * X(i, 0);
        const Matrix<rational> K = Phi * Phi.transpose();
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.proven());
        RC_ASSERT(cert.rank <= 2);
        RC_ASSERT(!cert.definite); // N > 2 = dim of the feature space: singular
    });
}

TEST_CASE("remark: the feature space is not unique - phi1(x) = x and phi2(x) = (3x/5 4x/5) give the same kernel "
          "[beeny:def3.7]") {
    kb::test::property<rational>([] {
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::points(2, 1, 20), 7);
        const rational x = X(0, 0), y = X(1, 0);
        const rational k1 = x * y;
        const rational k2 = (rational(3, 5) * x) * (rational(3, 5) * y) + (rational(4, 5) * x) * (rational(4, 5) * y);
        RC_ASSERT(k1 == k2);
        RC_ASSERT(k1 == kb::LinearKernel<rational>{}(X.row(0), X.row(1)));
    });
}

// ---------------------------------------------------------------------------------------
// The proofs of the closure rules
// ---------------------------------------------------------------------------------------

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

TEST_CASE("erratum: the proof of rule 5 concludes (sum y_i)^2 > 0 but c = (g(x2) -g(x1) 0) gives 0 with c != 0 "
          "[beeny:thm3.8.5]") {
    const auto g = [](const kb::RowVector<rational>& x) { return rational(1 + x(0)); };
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(3, 1) << 1, 3, 7).finished());
    const Matrix<rational> K = kb::gram(kb::rank_one<rational>(g), X);
    const Vector<rational> c = (Vector<rational>(3) << g(X.row(1)), -g(X.row(0)), 0).finished();
    CHECK(c != Vector<rational>::Zero(3));
    CHECK(kb::quadratic_form(K, c) == 0);
}

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
        const Matrix<T> X = distinct_cube_points<T>(N, q) / T(2);
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

TEST_CASE("erratum: in the proof of rule 6 K1^m = lambda^m v sets a matrix equal to a vector - K1^m v = lambda^m v "
          "holds exactly for m = 0 to 5 [beeny:thm3.8.6]") {
    // The Gram matrix of the linear kernel on x = (1, 2, 2): K₁ = xxᵀ, with the eigenpair
    // K₁x = 9x (λ = ‖x‖² = 9), in rationals.
    const Vector<rational> x = (Vector<rational>(3) << 1, 2, 2).finished();
    const Matrix<rational> K1 = x * x.transpose();
    const rational lambda(9);
    REQUIRE(Vector<rational>(K1 * x) == Vector<rational>(lambda * x));
    // As printed, K₁^m (3×3) = λ^m v (3×1): the two sides have different shapes, so the
    // statement has no value …
    CHECK(K1.cols() != x.cols());
    // … and the intended K₁^m v = λ^m v holds exactly for every m checked.
    Matrix<rational> power = Matrix<rational>::Identity(3, 3); // K₁⁰
    rational lambda_m(1);
    for (int m = 0; m <= 5; ++m) {
        CAPTURE(m);
        CHECK(Vector<rational>(power * x) == Vector<rational>(lambda_m * x));
        // Companion: K₁^m is not λ^m times the identity (it has rank 1 for m ≥ 1), so reading
        // the printed line as K₁^m = λ^m I is false as well.
        if (m >= 1) CHECK(power != Matrix<rational>(lambda_m * Matrix<rational>::Identity(3, 3)));
        power = Matrix<rational>(power * K1);
        lambda_m *= lambda;
    }
}
