/// \file exact.cpp
/// \brief Statements decided exactly: the definition of a kernel, the basic kernels and the
///        closure rules 1–6 proven PSD with their companions, random rational rule trees, the
///        PSD certificates themselves and the refutations of impostors, the monomial map.
#include "test_support.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/exact_psd.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include "chapter_support.hpp"
#include "../ch04.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using kb::test::ch04::cube_points;
using kb::test::ch04::distinct_cube_points;
using kb::test::ch04::double_sum;
using kb::test::ch04::min_eigenvalue;

namespace {

// Σ_k d_k (l_kᵀc)² for a proven certificate K = L diag(d) Lᵀ (d > 0 checked): a sum of
// non-negative terms that equals cᵀKc when the certificate is right.
rational sum_of_squares(const kb::PsdCertificate& cert, const Vector<rational>& c) {
    rational s(0);
    for (Eigen::Index k = 0; k < cert.d.size(); ++k) {
        RC_ASSERT(cert.d(k) > 0);
        const rational y = cert.L.col(k).dot(c);
        s += cert.d(k) * y * y;
    }
    return s;
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

// Refuted with a witness that really refutes: cᵀKc < 0, recomputed here.
void check_refuted(const Matrix<rational>& K) {
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(cert.witness.size() == K.rows());
    CHECK(kb::quadratic_form(K, cert.witness) < 0);
    CHECK(kb::quadratic_form(K, cert.witness) == cert.witness_value);
}

// The same for an interval matrix: the enclosure of cᵀKc lies below 0.
void check_refuted(const Matrix<kb::interval>& K) {
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(kb::certainly_negative(kb::quadratic_form(K, cert.witness)));
    CHECK(cert.witness_value < 0);
}

Matrix<rational> column(std::initializer_list<long> values, long den = 1) {
    IntMatrix M(static_cast<Eigen::Index>(values.size()), 1);
    Eigen::Index i = 0;
    for (long v : values) M(i++, 0) = v;
    return kb::from_integers<rational>(M, den);
}

long binomial(long n, long k) {
    long b = 1;
    for (long i = 1; i <= k; ++i) b = b * (n - k + i) / i;
    return b;
}

} // namespace

// ---------------------------------------------------------------------------------------
// The definition and the basic kernels
// ---------------------------------------------------------------------------------------

//! [def36-forward]
TEST_CASE("quadratic-form definition => PSD Gram matrix: sum_ij c_i c_j k(x_i x_j) = c^T K c >= 0 exactly and the "
          "Gram matrix is proven PSD [beeny:def3.6] [zhu:def4]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = cube_points<rational>(N, q);
        const Vector<rational> c = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -9, 9), 3);
        const auto k = kb::combination(rational(1), kb::PolynomialKernel<rational>(rational(1), 2), rational(2),
                                       kb::LinearKernel<rational>{});
        const Matrix<rational> K = kb::gram(k, X);
        const rational form = double_sum(k, X, c);
        RC_ASSERT(form == rational(c.transpose() * K * c));
        // The certificate K = L diag(d) Lᵀ (d > 0), checked here, writes the form as a sum of
        // squares Σ_k d_k (l_kᵀc)² — the reason it is ≥ 0, not a restatement of it.
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.proven());
        RC_ASSERT(form == sum_of_squares(cert, c));
        RC_ASSERT(Matrix<rational>(cert.L * cert.d.asDiagonal() * cert.L.transpose()) == K);
    });
}
//! [def36-forward]

//! [def36-backward]
TEST_CASE("PSD Gram matrices => the quadratic-form definition also on repeated points: the form on a multiset is "
          "C^T K C with merged coefficients [beeny:def3.6] [zhu:def4]") {
    // The definition quantifies over all x₁, …, xₙ, repetitions allowed; Gram matrices of
    // distinct points suffice, because Σᵢⱼ cᵢcⱼ k(x_{sᵢ}, x_{sⱼ}) = Cᵀ K C with C_p = Σ_{sᵢ = p} cᵢ.
    kb::test::property<rational>([] {
        const int n = *kb::test::size_in(2, 5), q = *kb::test::size_in(1, 3), N = *kb::test::size_in(2, 9);
        const Matrix<rational> P = distinct_cube_points<rational>(n, q);
        const kb::PolynomialKernel<rational> k(rational(1, 2), 3);
        Matrix<rational> X(N, q);
        Vector<rational> c(N), C = Vector<rational>::Zero(n);
        for (int i = 0; i < N; ++i) {
            const long s = *kb::test::int_in(0, n - 1);
            X.row(i) = P.row(s);
            c(i) = rational(*kb::test::int_in(-9, 9), 2);
            C(s) += c(i);
        }
        const Matrix<rational> K = kb::gram(k, P);
        RC_ASSERT(double_sum(k, X, c) == rational(C.transpose() * K * C));
        // Hence the form on the multiset is ≥ 0: the checked certificate of the distinct points
        // writes it as Σ_k d_k (l_kᵀC)² with d > 0.
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.proven());
        RC_ASSERT(Matrix<rational>(cert.L * cert.d.asDiagonal() * cert.L.transpose()) == K);
        RC_ASSERT(double_sum(k, X, c) == sum_of_squares(cert, C));
    });
}
//! [def36-backward]

TEST_CASE_TEMPLATE("for a function that is not a kernel both forms fail together: a negative quadratic form and a "
                   "negative eigenvalue [beeny:def3.6]",
                   T, KB_REALS) {
    // max(x, y) on the points 1 and 2: K = [[1, 2], [2, 2]], c = (1, −1) gives 1 − 4 + 2 = −1.
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(2, 1) << 1, 2).finished());
    const Vector<T> c = kb::from_integers<T>((IntMatrix(2, 1) << 1, -1).finished());
    const kb::impostor::Max<T> k;
    CHECK(double_sum(k, X, c) == T(-1));
    const T lambda = min_eigenvalue(kb::gram(k, X));
    KB_CHECK_EXCEEDS(T(-std::min(lambda, T(0))), kb::test::factorisation<T>(2, T(4)), "λ_min");
}

//! [sigma-conventions]
TEST_CASE("the sigma conventions: zhu and beeny use gamma = 1/sigma^2 and ghiasi gamma = 1/(2 sigma^2) - exactly "
          "[zhu:ex7c] [ghiasi:eq1] [beeny:thm3.9]") {
    kb::test::property<rational>([] {
        const rational sigma(*kb::test::int_in(1, 40), *kb::test::int_in(1, 9));
        const rational zhu = kb::GaussianKernel<rational>::from_zhu_sigma(sigma).gamma();
        const rational ghiasi = kb::GaussianKernel<rational>::from_sigma(sigma).gamma();
        RC_ASSERT(zhu == 1 / (sigma * sigma));
        RC_ASSERT(ghiasi == 1 / (2 * sigma * sigma));
        // The same σ means twice the γ in zhu's convention: σ_zhu = √2 σ_ghiasi gives one kernel.
        RC_ASSERT(zhu == 2 * ghiasi);
    });
}
//! [sigma-conventions]

//! [min-kernel]
TEST_CASE("the minimum kernel on the non-negative reals is proven PSD: for sorted points min(s_i s_j) = sum_{k<=min(i j)} "
          "(s_k - s_{k-1}) gives K = L D L^T exactly [beeny:def3.6]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 9);
        std::vector<long> raw;
        for (int i = 0; i < N; ++i) raw.push_back(*kb::test::int_in(0, 50));
        std::sort(raw.begin(), raw.end());
        Matrix<rational> S(N, 1);
        for (int i = 0; i < N; ++i) S(i, 0) = rational(raw[static_cast<std::size_t>(i)], 7);
        const Matrix<rational> K = kb::gram(kb::MinKernel<rational>{}, S);
        // The proof's factorisation, written down independently of the certificate.
        Matrix<rational> L = Matrix<rational>::Zero(N, N);
        Vector<rational> d(N);
        for (int i = 0; i < N; ++i) {
            d(i) = S(i, 0) - (i > 0 ? S(i - 1, 0) : rational(0));
            for (int k = 0; k <= i; ++k) L(i, k) = 1;
        }
        RC_ASSERT(Matrix<rational>(L * d.asDiagonal() * L.transpose()) == K);
        RC_ASSERT(kb::certify_psd(K).proven());
    });
}
//! [min-kernel]

TEST_CASE("Laplacian Gram matrices on distinct rational points are proven positive definite by interval Cholesky "
          "[beeny:def3.6]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = distinct_cube_points<rational>(N, q);
        const kb::interval gamma = kb::to_interval(rational(*kb::test::int_in(1, 8), 4));
        const kb::PsdCertificate cert =
            kb::certify_psd(kb::gram(kb::LaplacianKernel<kb::interval>::from_gamma(gamma), kb::to_interval(X)));
        if (!cert.proven()) RC_FAIL(cert.reason);
    }, 20);
}

//! [image-kernels]
TEST_CASE("the image kernels: for pixels in [0 1] <x z> is in [0 1] and <2x-1 2z-1> in [-1 1] - the two forms of k2 "
          "agree exactly and k1 k2 are in [0 1] [ghiasi:eq27-29]") {
    kb::test::property<rational>([] {
        const int q = *kb::test::size_in(1, 16);
        // MNIST pixels: integers 0…255 divided by 255.
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::int_matrix(2, q, 0, 255), 255);
        const RowVector<rational> x = X.row(0), z = X.row(1);
        const rational s = kb::pixel_inner_product(x, z);
        RC_ASSERT(s == rational(x.dot(z)) / q);
        RC_ASSERT(s >= 0);
        RC_ASSERT(s <= 1);
        const RowVector<rational> u = (2 * x.array() - 1).matrix(), v = (2 * z.array() - 1).matrix();
        const rational t = kb::pixel_inner_product(u, v);
        RC_ASSERT(t >= -1);
        RC_ASSERT(t <= 1);
        rational first(1), second(1); // (t + 1)⁹ / 512 and ((t + 1)/2)⁹
        for (int i = 0; i < 9; ++i) {
            first *= t + 1;
            second *= (t + 1) / 2;
        }
        first /= 512;
        RC_ASSERT(first == second);
        const rational k2 = kb::SignedPixelPolynomialKernel<rational>::ghiasi(q)(x, z);
        RC_ASSERT(k2 == second);
        RC_ASSERT(k2 >= 0);
        RC_ASSERT(k2 <= 1);
        const rational k1 = kb::PixelPolynomialKernel<rational>::ghiasi(q)(x, z);
        rational power(1);
        for (int i = 0; i < 9; ++i) power *= s;
        RC_ASSERT(k1 == power);
        RC_ASSERT(k1 >= 0);
        RC_ASSERT(k1 <= 1);
    });
}
//! [image-kernels]

TEST_CASE("the image kernels at q = 784: the extremes 0 and 1 are attained and k2(x x) = 1 exactly for binary "
          "pixels only [ghiasi:eq27-29]") {
    const int q = 784;
    const auto k1 = kb::PixelPolynomialKernel<rational>::ghiasi();
    const auto k2 = kb::SignedPixelPolynomialKernel<rational>::ghiasi();
    CHECK(k1.q() == 784);
    CHECK(k1.degree() == 9);
    const RowVector<rational> white = RowVector<rational>::Ones(q), black = RowVector<rational>::Zero(q);
    CHECK(kb::pixel_inner_product(white, white) == 1);
    CHECK(k1(white, white) == 1);
    CHECK(k1(white, black) == 0);
    CHECK(k2(white, white) == 1);
    CHECK(k2(black, black) == 1);
    CHECK(k2(white, black) == 0); // ⟨2x−1, 2z−1⟩ = −1
    RowVector<rational> binary = white;
    for (int i = 0; i < q; i += 3) binary(i) = 0;
    CHECK(k2(binary, binary) == 1);
    RowVector<rational> grey = binary;
    grey(1) = rational(1, 2); // one grey pixel: ⟨2x−1, 2x−1⟩ = 783/784
    rational expected(1);
    for (int i = 0; i < 9; ++i) expected *= (rational(783, 784) + 1) / 2;
    CHECK(k2(grey, grey) == expected);
    CHECK(k2(grey, grey) < 1);
}

TEST_CASE("the image kernels are kernels: their Gram matrices on rational images are proven PSD [ghiasi:eq27-29]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 6), q = *kb::test::size_in(1, 6);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::int_matrix(N, q, 0, 4), 4);
        RC_ASSERT(kb::certify_psd(kb::gram(kb::PixelPolynomialKernel<rational>::ghiasi(q), X)).proven());
        RC_ASSERT(kb::certify_psd(kb::gram(kb::SignedPixelPolynomialKernel<rational>::ghiasi(q), X)).proven());
    }, 20);
}

TEST_CASE("the ranges need the scalings: unscaled pixels give <x z> > 1 and k2 without the /512 exceeds 1 "
          "[ghiasi:eq27-29]") {
    const int q = 784;
    const auto k1 = kb::PixelPolynomialKernel<rational>::ghiasi();
    const auto k2 = kb::SignedPixelPolynomialKernel<rational>::ghiasi();
    // An image with raw 8-bit pixels (not divided by 255): every third pixel 255, the rest 0…254.
    RowVector<rational> raw(q);
    for (int i = 0; i < q; ++i) raw(i) = i % 3 == 0 ? rational(255) : rational(i % 255);
    const RowVector<rational> scaled = raw / rational(255);
    // The kernels themselves, on the unscaled image: far outside [0, 1].
    const rational s_raw = kb::pixel_inner_product(raw, raw);
    CHECK(s_raw > 1);
    rational power(1);
    for (int i = 0; i < 9; ++i) power *= s_raw;
    CHECK(k1(raw, raw) == power);
    CHECK(k1(raw, raw) > 1);
    CHECK(k2(raw, raw) > 1);
    // … and on the same image scaled to [0, 1]: inside [0, 1], as the paper intends.
    CHECK(k1(scaled, scaled) <= 1);
    CHECK(k1(scaled, scaled) >= 0);
    CHECK(k2(scaled, scaled) <= 1);
    CHECK(k2(scaled, RowVector<rational>(RowVector<rational>::Ones(q))) >= 0);
    // Without the /512 (= 2⁹): (⟨2x−1, 2z−1⟩ + 1)⁹ = 512·k₂ exceeds 1, e.g. 512 for x = z binary.
    const RowVector<rational> white = RowVector<rational>::Ones(q);
    CHECK(k2(white, white) == 1);
    CHECK(512 * k2(white, white) == 512);
    CHECK(512 * k2(scaled, scaled) > 1);
}

TEST_CASE("the linear kernel: phi(x) = x is a feature map and k_x = <x .> is the linear functional y -> x^T y "
          "[zhu:ex7a]") {
    kb::test::property<rational>([] {
        const int q = *kb::test::size_in(1, 5);
        const Matrix<rational> P = cube_points<rational>(3, q);
        const RowVector<rational> x = P.row(0), y = P.row(1), z = P.row(2);
        const kb::LinearKernel<rational> k;
        RC_ASSERT(k(x, y) == rational(x.dot(y))); // ⟨φ(x), φ(y)⟩ with φ = identity
        const rational a(*kb::test::int_in(-5, 5), 3), b(*kb::test::int_in(-5, 5), 2);
        const RowVector<rational> w = a * y + b * z;
        RC_ASSERT(k(x, w) == a * k(x, y) + b * k(x, z)); // k_x is linear
    });
}

// ---------------------------------------------------------------------------------------
// The closure rules
// ---------------------------------------------------------------------------------------

//! [rule1]
TEST_CASE("rule 1: a non-negative combination of kernels is a kernel - proven exactly even with a zero weight "
          "[beeny:thm3.8.1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = cube_points<rational>(N, q);
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

//! [rule1-companion]
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
//! [rule1-companion]

//! [rule2-exact]
TEST_CASE("rule 2: the Gram matrix of k1 k2 is the Hadamard product K1 o K2 - proven PSD exactly [beeny:thm3.8.2]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = cube_points<rational>(N, q);
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
//! [rule2-exact]

TEST_CASE("the Hadamard argument exactly: with K1 = sum d_i l_i l_i^T and K2 = sum e_j m_j m_j^T the product is "
          "sum d_i e_j (l_i o m_j)(l_i o m_j)^T [beeny:thm3.8.2]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 7), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = cube_points<rational>(N, q);
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

TEST_CASE("the matrix product K1 K2 is not the Gram matrix of k1 k2: it is not even symmetric [beeny:thm3.8.2]") {
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 0, 1, 1).finished());
    const Matrix<rational> K1 = kb::gram(kb::LinearKernel<rational>{}, X);
    const Matrix<rational> K2 = kb::gram(kb::PolynomialKernel<rational>(rational(1), 2), X);
    const Matrix<rational> P = K1 * K2;
    CHECK(P != Matrix<rational>(P.transpose()));
    CHECK(kb::gram(kb::product(kb::LinearKernel<rational>{}, kb::PolynomialKernel<rational>(rational(1), 2)), X) ==
          Matrix<rational>(K1.cwiseProduct(K2)));
}

TEST_CASE("rule 3: a polynomial with non-negative coefficients of a kernel is a kernel - Gram = sum a_m K^(o m) "
          "exactly and proven PSD [beeny:thm3.8.3]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = cube_points<rational>(N, q);
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

TEST_CASE("rule 4: k1(h(x) h(y)) has the Gram matrix of k1 on the points h(x_i) - proven PSD exactly "
          "[beeny:thm3.8.4]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3), p = *kb::test::size_in(1, 3);
        const Matrix<rational> X = cube_points<rational>(N, q);
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

TEST_CASE("rule 5: g(x)g(y) has the Gram matrix g g^T and quadratic form (sum c_i g_i)^2 exactly - rank <= 1 "
          "[beeny:thm3.8.5]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = cube_points<rational>(N, q);
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

//! [exp-limit]
TEST_CASE("the correct proof of rule 6: the partial sums sum_{m<=M} K1^(o m)/m! are proven PSD exactly and "
          "converge to exp(K1) entrywise within the Taylor remainder [beeny:thm3.8.6]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 6), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = cube_points<rational>(N, q);
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

//! [random-trees-exact]
TEST_CASE("a kernel built by a random expression tree of rules 1-5 is proven PSD exactly on rational points "
          "[beeny:thm3.8.1] [beeny:thm3.8.2] [beeny:thm3.8.3] [beeny:thm3.8.4] [beeny:thm3.8.5]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const kb::tree::Expr e = kb::tree::random_expr(4, q, true);
        const Matrix<rational> X = cube_points<rational>(N, q);
        const Matrix<rational> K = kb::gram(kb::tree::build<rational>(e, q), X);
        const kb::PsdCertificate cert = kb::certify_psd(K);
        if (!cert.proven()) RC_FAIL("not proven PSD: " + kb::tree::build<double>(e, q).describe());
        RC_ASSERT(factorisation_reproduces(cert, K));
    });
}
//! [random-trees-exact]

TEST_CASE("a random rational tree minus (B + 1) times the constant kernel is refuted with a witness "
          "[beeny:thm3.8.1] [beeny:thm3.8.2] [beeny:thm3.8.3] [beeny:thm3.8.4] [beeny:thm3.8.5]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 6), q = *kb::test::size_in(1, 3);
        const kb::tree::Expr e = kb::tree::random_expr(3, q, true);
        const Matrix<rational> X = cube_points<rational>(N, q);
        const rational B = kb::tree::bound(e, q);
        const auto k = kb::impostor::SignedCombination<kb::AnyKernel<rational>, kb::ConstantKernel<rational>>{
            rational(1), kb::tree::build<rational>(e, q), -(B + 1), kb::ConstantKernel<rational>(rational(1))};
        const Matrix<rational> K = kb::gram(k, X);
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.refuted());
        RC_ASSERT(kb::quadratic_form(K, cert.witness) < 0);
    });
}

//! [gaussian-certificate]
TEST_CASE("Gaussian Gram matrices on distinct rational points are proven positive definite by interval Cholesky "
          "[beeny:thm3.9] [zhu:ex7c] [ghiasi:eq1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 10), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = distinct_cube_points<rational>(N, q);
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

// ---------------------------------------------------------------------------------------
// The certificates
// ---------------------------------------------------------------------------------------

//! [certificate-exact]
TEST_CASE("the exact certificate: proven comes with K = L diag(d) L^T (d > 0) and refuted with c^T K c < 0 - and "
          "the verdict agrees with the eigenvalues in 100 digits [beeny:def3.6]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(1, 8), r = *kb::test::size_in(1, 8);
        const IntMatrix B = *kb::test::int_matrix(r, N, -3, 3);
        Matrix<rational> K = kb::from_integers<rational>(B).transpose() * kb::from_integers<rational>(B);
        // Perturb one diagonal entry by −1, 0 or +1: both verdicts occur.
        const long i = *kb::test::int_in(0, N - 1);
        K(i, i) += rational(*kb::test::int_in(-1, 1));
        const kb::PsdCertificate cert = kb::certify_psd(K);
        const auto eig = kb::symmetric_eigen(kb::convert_matrix<kb::real100>(K));
        const kb::real100 lambda_max = std::max(abs(eig.values(0)), abs(eig.values(N - 1)));
        // The eigensolver's backward error: a zero eigenvalue is computed within it, and the
        // non-zero eigenvalues of a small integer matrix are far above it.
        const kb::real100 tol = kb::test::factorisation<kb::real100>(N, lambda_max).value;
        if (cert.proven()) {
            for (Eigen::Index k = 0; k < cert.d.size(); ++k) RC_ASSERT(cert.d(k) > 0);
            RC_ASSERT(Matrix<rational>(cert.L * cert.d.asDiagonal() * cert.L.transpose()) == K);
            RC_ASSERT(eig.values(N - 1) >= -tol);
            RC_ASSERT(cert.rank == kb::numerical_rank(eig.values, tol));
        } else {
            RC_ASSERT(cert.refuted());
            RC_ASSERT(kb::quadratic_form(K, cert.witness) < 0);
            RC_ASSERT(eig.values(N - 1) < -tol);
        }
    });
}
//! [certificate-exact]

TEST_CASE("the exact certificate handles the zero-diagonal trap of Eigen's LDLT: [[0 1] [1 0]] is refuted with "
          "c = (1 -1) [beeny:def3.6]") {
    Matrix<rational> K(2, 2);
    K << 0, 1, 1, 0;
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(cert.witness == (Vector<rational>(2) << 1, -1).finished());
    CHECK(cert.witness_value == -2);
    // The zero diagonal can also appear after a pivot: the witness is extended through it.
    Matrix<rational> A(3, 3);
    A << 1, 1, 1, 1, 1, 2, 1, 2, 1; // Schur complement of A₀₀: [[0, 1], [1, 0]]
    check_refuted(A);
    // The zero matrix is PSD of rank 0.
    const kb::PsdCertificate zero = kb::certify_psd(Matrix<rational>(Matrix<rational>::Zero(3, 3)));
    CHECK(zero.proven());
    CHECK(zero.rank == 0);
}

//! [deciders-agree]
TEST_CASE("the two exact PSD deciders agree: kb::is_psd_exact and kb::certify_psd on random rational PSD "
          "rank-deficient and indefinite matrices - each verdict backed by a checked certificate [beeny:def3.6]") {
    int psd = 0, not_psd = 0, singular_psd = 0;
    kb::test::property<rational>([&] {
        const int N = *kb::test::size_in(1, 8), r = *kb::test::size_in(1, N);
        // K = BᵀB has rank ≤ r ≤ N: PSD, and singular whenever r < N.
        const Matrix<rational> B = kb::from_integers<rational>(*kb::test::int_matrix(r, N, -3, 3));
        Matrix<rational> K = B.transpose() * B;
        // Perturbations that keep or break PSD: none, −vvᵀ/t, a diagonal entry ±1, a symmetric
        // off-diagonal pair ±1 (which can leave a zero diagonal on a singular block).
        const Vector<rational> v = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -2, 2));
        const long kind = *kb::test::int_in(0, 3);
        const long i = *kb::test::int_in(0, N - 1), j = *kb::test::int_in(0, N - 1);
        const long sign = *kb::test::int_in(0, 1) == 1 ? 1 : -1;
        if (kind == 1) K -= v * v.transpose() / rational(*kb::test::int_in(1, 40));
        if (kind == 2) K(i, i) += sign;
        if (kind == 3 && i != j) {
            K(i, j) += sign;
            K(j, i) += sign;
        }
        const bool fast = kb::is_psd_exact(K);
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(fast == cert.proven());
        // The certificate is checked independently, so the agreement proves is_psd_exact right.
        if (cert.proven()) {
            for (Eigen::Index k = 0; k < cert.d.size(); ++k) RC_ASSERT(cert.d(k) > 0);
            RC_ASSERT(Matrix<rational>(cert.L * cert.d.asDiagonal() * cert.L.transpose()) == K);
            ++psd;
            if (cert.rank < N) ++singular_psd;
        } else {
            RC_ASSERT(kb::quadratic_form(K, cert.witness) < 0);
            ++not_psd;
        }
    }, 300);
    // Both verdicts, and singular PSD matrices, were met (so the agreement is not vacuous).
    CHECK(psd > 0);
    CHECK(not_psd > 0);
    CHECK(singular_psd > 0);
}
//! [deciders-agree]

TEST_CASE("companion: a PSD decider that looks only at the diagonal disagrees with both exact deciders on "
          "[[1 2] [2 1]] [beeny:def3.6]") {
    Matrix<rational> K(2, 2);
    K << 1, 2, 2, 1; // eigenvalues 3 and −1
    const auto diagonal_only = [](const Matrix<rational>& A) {
        for (Eigen::Index i = 0; i < A.rows(); ++i)
            if (A(i, i) < 0) return false;
        return true;
    };
    CHECK(diagonal_only(K));
    CHECK_FALSE(kb::is_psd_exact(K));
    CHECK(kb::certify_psd(K).refuted());
    CHECK(diagonal_only(K) != kb::certify_psd(K).proven());
}

TEST_CASE("a perturbation of 10^-30 that makes a PSD matrix indefinite is refuted exactly [beeny:def3.6]") {
    Matrix<rational> K(2, 2);
    K << 1, 1, 1, 1;
    CHECK(kb::certify_psd(K).proven());
    K(1, 1) -= rational(1, 1000000) * rational(1, 1000000) * rational(1, 1000000) * rational(1, 1000000) *
               rational(1, 1000000);
    check_refuted(K);
}

TEST_CASE("the interval certificate agrees with the exact one on rational matrices: positive definite is proven "
          "and indefinite is refuted [beeny:def3.6]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(1, 8);
        const IntMatrix B = *kb::test::int_matrix(N + 1, N, -3, 3);
        Matrix<rational> K = kb::from_integers<rational>(B).transpose() * kb::from_integers<rational>(B);
        const long shift = *kb::test::int_in(-2, 2);
        K += rational(shift, 3) * Matrix<rational>::Identity(N, N);
        const kb::PsdCertificate exact = kb::certify_psd(K);
        const kb::PsdCertificate ival = kb::certify_psd(kb::to_interval(K));
        if (exact.proven() && exact.definite) RC_ASSERT(ival.proven());
        if (exact.refuted()) {
            RC_ASSERT(ival.refuted());
            RC_ASSERT(kb::quadratic_form(K, ival.witness) < 0);
        }
        if (ival.proven()) RC_ASSERT(exact.proven() && exact.definite);
        if (ival.refuted()) RC_ASSERT(exact.refuted());
    });
}

TEST_CASE("the interval certificate says undecided where it cannot know: a singular PSD matrix and a matrix whose "
          "smallest eigenvalue is 10^-60 [beeny:def3.6]") {
    Matrix<rational> S(2, 2);
    S << 1, 1, 1, 1;
    const kb::PsdCertificate singular = kb::certify_psd(kb::to_interval(S));
    CHECK(singular.undecided());
    rational tiny(1);
    for (int i = 0; i < 60; ++i) tiny /= 10;
    Matrix<rational> A(2, 2);
    A << 1, 1, 1, 1 + tiny; // exactly positive definite (determinant 10⁻⁶⁰)
    CHECK(kb::certify_psd(A).proven());
    CHECK(kb::certify_psd(A).definite);
    const kb::PsdCertificate interval = kb::certify_psd(kb::to_interval(A));
    CHECK(interval.undecided()); // 50-digit intervals cannot resolve 10⁻⁶⁰: no false claim
    CHECK_FALSE(interval.proven());
}

TEST_CASE("the interval helpers: enclosures contain the rational and the bounds are ordered") {
    kb::test::property<rational>([] {
        const rational r(*kb::test::int_in(-1000, 1000), *kb::test::int_in(1, 999));
        const kb::interval x = kb::to_interval(r);
        RC_ASSERT(kb::lower_bound(x) <= r);
        RC_ASSERT(r <= kb::upper_bound(x));
        RC_ASSERT(kb::lower_bound(x) <= kb::midpoint(x));
        RC_ASSERT(kb::midpoint(x) <= kb::upper_bound(x));
        RC_ASSERT(kb::certainly_positive(x) == (r > 0));
        RC_ASSERT(kb::certainly_negative(x) == (r < 0));
    });
}

//! [refutations]
TEST_CASE("a distance used as a similarity is not a kernel: |x - y|_1 and -|x - y|_1 are refuted exactly [zhu:def4] [beeny:def3.6]") {
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(3, 2) << 0, 0, 3, 4, 1, -2).finished());
    check_refuted(kb::gram(kb::impostor::Distance<rational>{rational(1)}, X));
    check_refuted(kb::gram(kb::impostor::Distance<rational>{rational(-1)}, X));
    // Two points suffice: [[0, 7], [7, 0]] with c = (1, −1).
    check_refuted(kb::gram(kb::impostor::Distance<rational>{rational(1)}, Matrix<rational>(X.topRows(2))));
}

TEST_CASE("max(x y) on the reals is not a kernel: on the points 1 and 2 c^T K c < 0 [zhu:def4] [beeny:def3.6]") {
    check_refuted(kb::gram(kb::impostor::Max<rational>{}, column({1, 2})));
    // …for any two points 0 < s < t: det [[s, t], [t, t]] = t(s − t) < 0.
    kb::test::property<rational>([] {
        const long s = *kb::test::int_in(1, 50), t = s + *kb::test::int_in(1, 50);
        const kb::PsdCertificate cert = kb::certify_psd(kb::gram(kb::impostor::Max<rational>{}, column({s, t}, 7)));
        RC_ASSERT(cert.refuted());
    });
}

TEST_CASE("min(x y) is a kernel on the non-negative reals but not on all reals: a negative point is refuted and non-negative "
          "points are proven [zhu:def4] [beeny:def3.6]") {
    check_refuted(kb::gram(kb::impostor::MinOnReals<rational>{}, column({-1, 2})));
    check_refuted(kb::gram(kb::impostor::MinOnReals<rational>{}, column({3, -1, 2, 5})));
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::int_matrix(N, q, 0, 30), 7);
        RC_ASSERT(kb::certify_psd(kb::gram(kb::MinKernel<rational>{}, X)).proven());
    });
}

TEST_CASE("the pointwise min and max of two kernels are not kernels: min(xy 1) on -1 2 and max(xy 1) on -1 1 2 [zhu:def4] [beeny:def3.6]") {
    using Lin = kb::LinearKernel<rational>;
    using One = kb::ConstantKernel<rational>;
    const kb::impostor::PointwiseMin<Lin, One> lo{Lin{}, One(rational(1))};
    const kb::impostor::PointwiseMax<Lin, One> hi{Lin{}, One(rational(1))};
    const Matrix<rational> K = kb::gram(lo, column({-1, 2}));
    CHECK(K == (Matrix<rational>(2, 2) << 1, -2, -2, 1).finished());
    check_refuted(K);
    check_refuted(kb::gram(hi, column({-1, 1, 2})));
    // Both ingredients are kernels.
    CHECK(kb::certify_psd(kb::gram(Lin{}, column({-1, 1, 2}))).proven());
    CHECK(kb::certify_psd(kb::gram(One(rational(1)), column({-1, 1, 2}))).proven());
}

TEST_CASE("the sigmoid tanh(a x^T y + b) is not a kernel: refuted by the interval certificate at a choice of points [zhu:def4] [beeny:def3.6]") {
    const Matrix<kb::interval> X = kb::to_interval(column({1, 2}));
    check_refuted(kb::gram(kb::impostor::Sigmoid<kb::interval>{kb::interval(1), kb::interval(0)}, X));
    // With a negative offset even one point fails: tanh(a·0 + b) < 0 on the diagonal.
    check_refuted(
        kb::gram(kb::impostor::Sigmoid<kb::interval>{kb::interval(1), kb::interval(-1)}, kb::to_interval(column({0}))));
    // Two points on a line through 0 with a = 1/2, b = 1: fails too.
    check_refuted(kb::gram(kb::impostor::Sigmoid<kb::interval>{kb::to_interval(rational(1, 2)), kb::interval(1)},
                           kb::to_interval(column({-3, 1, 3}))));
}

TEST_CASE("exp of a distance exp(+|x - y|_1) is not a kernel: refuted by the interval certificate [zhu:def4] [beeny:def3.6]") {
    check_refuted(kb::gram(kb::impostor::ExpDistance<kb::interval>{}, kb::to_interval(column({0, 1}, 2))));
    kb::test::property<rational>([] {
        const long s = *kb::test::int_in(-20, 20), t = s + *kb::test::int_in(1, 20);
        const Matrix<kb::interval> K = kb::gram(kb::impostor::ExpDistance<kb::interval>{}, kb::to_interval(column({s, t}, 10)));
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.refuted());
        RC_ASSERT(kb::certainly_negative(kb::quadratic_form(K, cert.witness)));
    }, 20);
}
//! [refutations]

// ---------------------------------------------------------------------------------------
// Feature maps
// ---------------------------------------------------------------------------------------

//! [feature-map-exact]
TEST_CASE("the monomial feature map of (c + x^T y)^d is exact: m(x)^T W m(y) = k(x y) in rationals for any q and d "
          "[zhu:ex7b]") {
    kb::test::property<rational>([] {
        const int q = *kb::test::size_in(1, 4), d = *kb::test::size_in(1, 4);
        const rational c(*kb::test::int_in(0, 6), 2);
        const kb::PolynomialKernel<rational> k(c, d);
        const kb::PolynomialFeatureMap<rational> phi(k, q);
        RC_ASSERT(phi.dimension() == binomial(q + d, d));
        const int N = *kb::test::size_in(2, 4);
        const Matrix<rational> X = cube_points<rational>(N, q);
        const Matrix<rational> Y = cube_points<rational>(N, q);
        RC_ASSERT(phi.inner_products(X, Y) == kb::gram(k, X, Y));
        for (Eigen::Index i = 0; i < phi.weights().size(); ++i) RC_ASSERT(phi.weights()(i) >= 0);
    });
}
//! [feature-map-exact]

TEST_CASE("the multinomial weights are needed: all weights 1 does not reproduce (1 + x^T y)^2 [zhu:ex7b]") {
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const kb::PolynomialFeatureMap<rational> phi(k, 2);
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 2, 3, -1).finished());
    const Matrix<rational> M = phi.monomials(X);
    CHECK(rational(M.row(0).dot(M.row(1))) != k(X.row(0), X.row(1)));
    CHECK(phi.inner_products(X, X)(0, 1) == k(X.row(0), X.row(1)));
}
