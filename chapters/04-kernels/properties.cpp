/// \file properties.cpp
/// \brief Chapter 4: the definition of a kernel (zhu Definition 4, beeny Definitions
///        3.6–3.7), the basic kernels and their parameterisations (σ conventions, the
///        Laplacian, the image kernels of ghiasi), zhu Example 7(a), and bad input.
#include "test_support.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include "impostors.hpp"

#include <limits>


namespace {

template <class T>
T min_eigenvalue(const Matrix<T>& K) {
    return kb::symmetric_eigen(K).values(K.rows() - 1);
}

// Σᵢ Σⱼ cᵢ cⱼ k(xᵢ, xⱼ), written as the definition writes it (two loops, no matrix).
template <class Kernel, class T>
T double_sum(const Kernel& k, const Matrix<T>& X, const Vector<T>& c) {
    T s(0);
    for (Eigen::Index i = 0; i < X.rows(); ++i)
        for (Eigen::Index j = 0; j < X.rows(); ++j) s += c(i) * c(j) * k(X.row(i), X.row(j));
    return s;
}

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

// k(x, y) = xᵀAy with A = [[1, 1], [−1, 1]]: the quadratic form is ‖v‖² ≥ 0, but k is not symmetric.
struct SkewBilinear {
    using Scalar = rational;
    template <class A, class B>
    rational operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return x(0) * (y(0) + y(1)) + x(1) * (y(1) - y(0));
    }
    std::string describe() const { return "xᵀ[[1, 1], [−1, 1]]y"; }
};

} // namespace

// ---------------------------------------------------------------------------------------
// The definition
// ---------------------------------------------------------------------------------------

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

TEST_CASE("symmetry is a separate condition: x^T A y with A = [[1 1] [-1 1]] has quadratic forms |sum c_i x_i|^2 >= 0 "
          "but is not symmetric [zhu:def4]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::points(N, 2, 10), 10);
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

//! [def36-forward]
TEST_CASE("quadratic-form definition => PSD Gram matrix: sum_ij c_i c_j k(x_i x_j) = c^T K c >= 0 exactly and the "
          "Gram matrix is proven PSD [beeny:def3.6] [zhu:def4]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::points(N, q, 10), 10);
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
        const Matrix<rational> P = kb::from_integers<rational>(*kb::test::distinct_points(n, q, 10), 10);
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

TEST_CASE_TEMPLATE("the Gram matrices of the basic kernels are PSD in floating point [zhu:def4] [zhu:ex7a] "
                   "[zhu:ex7b] [zhu:ex7c]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 10), q = *kb::test::size_in(1, 4);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, 10), 10);
        const T gamma = T(*kb::test::int_in(1, 8)) / T(4);
        const Matrix<T> Ks[] = {kb::gram(kb::LinearKernel<T>{}, X), kb::gram(kb::PolynomialKernel<T>(T(1), 2), X),
                                kb::gram(kb::GaussianKernel<T>::from_gamma(gamma), X),
                                kb::gram(kb::LaplacianKernel<T>::from_gamma(gamma), X)};
        for (const Matrix<T>& K : Ks)
            KB_RC_WITHIN(T(-std::min(min_eigenvalue(K), T(0))), kb::test::factorisation<T>(N, K.norm()),
                         "negative part of λ_min");
    });
}

// ---------------------------------------------------------------------------------------
// σ conventions of the Gaussian kernel
// ---------------------------------------------------------------------------------------

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

TEST_CASE_TEMPLATE("zhu's kernel with sigma_zhu = sqrt(2) sigma_ghiasi is ghiasi's kernel - with the same number "
                   "sigma they differ [zhu:ex7c] [ghiasi:eq1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 4);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::distinct_points(2, q, 10), 10);
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

// ---------------------------------------------------------------------------------------
// The Laplacian kernel and the minimum kernel
// ---------------------------------------------------------------------------------------

//! [laplacian-rules]
TEST_CASE_TEMPLATE("the Laplacian kernel through the closure rules: exp(-g|s-t|) = g(s)g(t) min(h(s) h(t)) and "
                   "the l1 kernel is the product over coordinates [beeny:thm3.8.2] [beeny:thm3.8.4] [beeny:thm3.8.5]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 4);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(2, q, 10), 10);
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

TEST_CASE("Laplacian Gram matrices on distinct rational points are proven positive definite by interval Cholesky "
          "[beeny:def3.6]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::distinct_points(N, q, 10), 10);
        const kb::interval gamma = kb::to_interval(rational(*kb::test::int_in(1, 8), 4));
        const kb::PsdCertificate cert =
            kb::certify_psd(kb::gram(kb::LaplacianKernel<kb::interval>::from_gamma(gamma), kb::to_interval(X)));
        if (!cert.proven()) RC_FAIL(cert.reason);
    }, 20);
}

// ---------------------------------------------------------------------------------------
// The image kernels of ghiasi
// ---------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------
// zhu Example 7(a) and beeny Definition 3.7
// ---------------------------------------------------------------------------------------

TEST_CASE("the linear kernel: phi(x) = x is a feature map and k_x = <x .> is the linear functional y -> x^T y "
          "[zhu:ex7a]") {
    kb::test::property<rational>([] {
        const int q = *kb::test::size_in(1, 5);
        const Matrix<rational> P = kb::from_integers<rational>(*kb::test::points(3, q, 10), 10);
        const RowVector<rational> x = P.row(0), y = P.row(1), z = P.row(2);
        const kb::LinearKernel<rational> k;
        RC_ASSERT(k(x, y) == rational(x.dot(y))); // ⟨φ(x), φ(y)⟩ with φ = identity
        const rational a(*kb::test::int_in(-5, 5), 3), b(*kb::test::int_in(-5, 5), 2);
        const RowVector<rational> w = a * y + b * z;
        RC_ASSERT(k(x, w) == a * k(x, y) + b * k(x, z)); // k_x is linear
    });
}

TEST_CASE("erratum: zhu writes k_x(y) = x but k_x(y) = x^T y is a number - for x = 2 and y = 3 it is 6 [zhu:ex7a]") {
    const Matrix<rational> P = kb::from_integers<rational>((IntMatrix(2, 1) << 2, 3).finished());
    const rational kxy = kb::LinearKernel<rational>{}(P.row(0), P.row(1));
    CHECK(kxy == 6);
    CHECK(kxy != P(0, 0)); // "k_x(y) = x" would give 2
    // For q ≥ 2 the printed statement cannot even hold: k_x(y) is a scalar, x a vector.
    const Matrix<rational> Q = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 2, 3, 4).finished());
    CHECK(kb::LinearKernel<rational>{}(Q.row(0), Q.row(1)) == 11);
}

TEST_CASE("erratum: a feature map gives a positive SEMI-definite kernel - phi(x) = (x x^2) on three points gives a "
          "singular Gram matrix [beeny:def3.7]") {
    // beeny: "k would surely be symmetric and positive definite since inner products are".
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(3, 8);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::distinct_points(N, 1, 10), 10);
        Matrix<rational> Phi(N, 2);
        for (int i = 0; i < N; ++i) Phi.row(i) << X(i, 0), X(i, 0) * X(i, 0);
        const Matrix<rational> K = Phi * Phi.transpose();
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.proven());
        RC_ASSERT(cert.rank <= 2);
        RC_ASSERT(!cert.definite); // N > 2 = dim of the feature space: singular
    });
}

TEST_CASE("erratum: the feature space is not unique - phi1(x) = x and phi2(x) = (3x/5 4x/5) give the same kernel "
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
// Bad input
// ---------------------------------------------------------------------------------------

TEST_CASE("bad input is refused with kb::error: parameters out of range") {
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<double>::from_gamma(0.0), doctest::Contains("γ = 0 must be finite and > 0"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::LaplacianKernel<double>::from_gamma(-1.0), doctest::Contains("must be finite and > 0"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::LaplacianKernel<double>::from_sigma(0.0), doctest::Contains("σ = 0"), kb::error);
    CHECK_THROWS_AS(kb::LaplacianKernel<double>::from_gamma(std::numeric_limits<double>::infinity()), kb::error);
    CHECK_THROWS_WITH_AS(kb::PixelPolynomialKernel<double>(0, 9), doctest::Contains("q = 0 must be ≥ 1"), kb::error);
    CHECK_THROWS_WITH_AS(kb::SignedPixelPolynomialKernel<double>(784, 0), doctest::Contains("degree d = 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ConstantKernel<double>(-2.0), doctest::Contains("a = -2 must be finite and ≥ 0"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::combination(std::numeric_limits<double>::quiet_NaN(), kb::LinearKernel<double>{}, 1.0,
                                         kb::LinearKernel<double>{}),
                         doctest::Contains("weight a₁ = nan"), kb::error);
    CHECK_THROWS_WITH_AS(kb::polynomial({1.0, -0.5}, kb::LinearKernel<double>{}),
                         doctest::Contains("coefficient a1 = -0.5"), kb::error);
    CHECK_THROWS_WITH_AS(kb::PolynomialFeatureMap<double>(kb::PolynomialKernel<double>(1.0, 2), 0),
                         doctest::Contains("q = 0 must be ≥ 1"), kb::error);
    // The constructors themselves validate: brace initialisation cannot bypass the checks.
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<double>{-1.0}, doctest::Contains("γ = -1 must be finite and > 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<double>{nan}, doctest::Contains("γ = nan"), kb::error);
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<rational>{rational(-1, 2)}, doctest::Contains("γ = -1/2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<double>::from_zhu_sigma(0.0), doctest::Contains("σ = 0 must be finite and > 0"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<double>::from_zhu_sigma(-2.0), doctest::Contains("σ = -2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<double>::from_sigma(-0.5), doctest::Contains("σ = -0.5"), kb::error);
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<double>::from_sigma(inf), doctest::Contains("must be finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::LaplacianKernel<double>{-2.0}, doctest::Contains("γ = -2 must be finite and > 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::PolynomialKernel<double>(1.0, 0), doctest::Contains("degree d = 0 must be ≥ 1"), kb::error);
    CHECK_THROWS_WITH_AS(kb::PolynomialKernel<double>(1.0, -3), doctest::Contains("degree d = -3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::PolynomialKernel<double>(-1.0, 2), doctest::Contains("offset c = -1 must be finite and ≥ 0"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::PolynomialKernel<double>(nan, 2), doctest::Contains("offset c = nan"), kb::error);
    CHECK_THROWS_WITH_AS(kb::PolynomialKernel<rational>(rational(-1, 3), 2), doctest::Contains("offset c = -1/3"),
                         kb::error);
    // The accepted parameters are the ones read back.
    CHECK(kb::GaussianKernel<rational>{rational(3, 4)}.gamma() == rational(3, 4));
    CHECK(kb::PolynomialKernel<rational>(rational(1, 2), 3).c() == rational(1, 2));
    CHECK(kb::PolynomialKernel<rational>(rational(1, 2), 3).degree() == 3);
    CHECK(kb::ConstantKernel<rational>(rational(2)).a() == 2);
}

TEST_CASE("bad input is refused with kb::error: weights given as intervals must be certainly >= 0 and bounded") {
    using I = kb::interval;
    const auto k = kb::GaussianKernel<I>::from_gamma(I(1));
    const I nan(std::numeric_limits<double>::quiet_NaN());
    // An interval straddling 0 contains negative weights: rule 1 does not hold for all of them.
    I wide;
    mpfi_interv_si(wide.backend().data(), -1, 1);
    CHECK_THROWS_WITH_AS(kb::combination(I(-1), k, I(1), k), doctest::Contains("weight a₁"), kb::error);
    CHECK_THROWS_WITH_AS(kb::combination(I(1), k, wide, k), doctest::Contains("lower end ≥ 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::combination(I(1), k, wide, k), doctest::Contains("weight a₂"), kb::error);
    CHECK_THROWS_WITH_AS(kb::scaled(nan, k), doctest::Contains("must be a finite interval"), kb::error);
    CHECK_THROWS_WITH_AS(kb::scaled(I(std::numeric_limits<double>::infinity()), k),
                         doctest::Contains("must be a finite interval"), kb::error);
    CHECK_THROWS_WITH_AS(kb::polynomial({I(1), wide}, k), doctest::Contains("coefficient a1"), kb::error);
    // Certainly non-negative weights, including a zero one and one touching 0, are accepted.
    I touching;
    mpfi_interv_si(touching.backend().data(), 0, 1);
    CHECK_NOTHROW(kb::combination(I(0), k, touching, k));
    CHECK_NOTHROW(kb::polynomial({I(1), kb::to_interval(rational(1, 3))}, k));
    CHECK(kb::certainly_non_negative(touching));
    CHECK_FALSE(kb::certainly_non_negative(wide));
    CHECK_FALSE(kb::certainly_non_negative(nan));
}

TEST_CASE("bad input is refused with kb::error: mismatched dimensions") {
    const Matrix<double> X = Matrix<double>::Ones(3, 2), Y = Matrix<double>::Ones(2, 3);
    CHECK_THROWS_WITH_AS(kb::gram(kb::GaussianKernel<double>::from_gamma(1.0), X, Y),
                         doctest::Contains("points of Z have dimension 2 but points of X have dimension 3"), kb::error);
    const auto k1 = kb::PixelPolynomialKernel<double>::ghiasi();
    CHECK_THROWS_WITH_AS(kb::gram(k1, X), doctest::Contains("built for images of q = 784 pixels, but got 2"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::pixel_inner_product(X.row(0), Y.row(0)), doctest::Contains("same number"), kb::error);
    CHECK_THROWS_WITH_AS(kb::MinKernel<double>{}(X.row(0), Y.row(0)), doctest::Contains("dimensions 2 and 3"),
                         kb::error);
    // Every basic kernel checks the two points it is given (a 3-vector against a 2-vector).
    const RowVector<double> x3 = RowVector<double>::Ones(3), y2 = RowVector<double>::Ones(2);
    CHECK_THROWS_WITH_AS(kb::LinearKernel<double>{}(x3, y2), doctest::Contains("LinearKernel: points have dimensions 3 and 2"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::PolynomialKernel<double>(1.0, 2)(x3, y2),
                         doctest::Contains("PolynomialKernel: points have dimensions 3 and 2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<double>::from_gamma(1.0)(x3, y2),
                         doctest::Contains("GaussianKernel: points have dimensions 3 and 2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::LaplacianKernel<double>::from_gamma(1.0)(x3, y2),
                         doctest::Contains("LaplacianKernel: points have dimensions 3 and 2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ConstantKernel<double>(1.0)(y2, x3), doctest::Contains("dimensions 2 and 3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::LaplacianKernel<kb::real50>::from_gamma(kb::real50(1))(RowVector<kb::real50>::Ones(3),
                                                                                    RowVector<kb::real50>::Ones(2)),
                         doctest::Contains("dimensions 3 and 2"), kb::error);
    // The same points of equal dimension are accepted (the check is not a blanket refusal).
    CHECK(kb::LaplacianKernel<double>::from_gamma(1.0)(y2, y2) == 1.0);
    CHECK(kb::LinearKernel<double>{}(y2, y2) == 2.0);
    const auto h = kb::affine_map<double>(Matrix<double>::Identity(3, 3), RowVector<double>::Zero(3));
    CHECK_THROWS_WITH_AS(kb::gram(kb::composition(kb::LinearKernel<double>{}, h), X),
                         doctest::Contains("expects points of dimension 3 but got 2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::affine_map<double>(Matrix<double>::Identity(2, 2), RowVector<double>::Zero(3)),
                         doctest::Contains("one entry per row of A"), kb::error);
    CHECK_THROWS_WITH_AS(kb::quadratic_form(Matrix<rational>(Matrix<rational>::Identity(2, 2)),
                                            Vector<rational>(Vector<rational>::Ones(3))),
                         doctest::Contains("c has 3 entries"), kb::error);
    const kb::PolynomialFeatureMap<rational> map(kb::PolynomialKernel<rational>(rational(1), 2), 2);
    CHECK_THROWS_WITH_AS(map.monomials(Matrix<rational>(Matrix<rational>::Ones(2, 3))),
                         doctest::Contains("dimension 3 but the map was built for q = 2"), kb::error);
}

TEST_CASE("bad input is refused with kb::error: non-finite data and points outside a kernel's domain") {
    Matrix<double> X = Matrix<double>::Ones(3, 2);
    X(1, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::gram(kb::LaplacianKernel<double>::from_gamma(1.0), X),
                         doctest::Contains("X(1,1) = nan is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::paraboloid_lift(X), doctest::Contains("is not finite"), kb::error);
    Matrix<double> A = Matrix<double>::Identity(2, 2);
    A(0, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::affine_map<double>(A, RowVector<double>::Zero(2)), doctest::Contains("not finite"),
                         kb::error);
    const Matrix<double> negative = -Matrix<double>::Ones(2, 1);
    CHECK_THROWS_WITH_AS(kb::gram(kb::MinKernel<double>{}, negative),
                         doctest::Contains("min(s, t) is a kernel only on [0, ∞)"), kb::error);
    Matrix<kb::interval> K = kb::to_interval(Matrix<rational>(Matrix<rational>::Identity(2, 2)));
    K(0, 0) = kb::interval(std::numeric_limits<double>::infinity());
    CHECK_THROWS_WITH_AS(kb::certify_psd(K), doctest::Contains("is not a finite interval"), kb::error);
}
