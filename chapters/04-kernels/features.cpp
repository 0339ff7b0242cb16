/// \file features.cpp
/// \brief Chapter 4: explicit feature maps — the polynomial kernel's monomial map in any
///        dimension and degree, zhu Example 7(b) and its printed map, and the lift of zhu
///        Example 3 that separates concentric circles.
#include "test_support.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"

#include <cmath>


namespace {

long binomial(long n, long k) {
    long b = 1;
    for (long i = 1; i <= k; ++i) b = b * (n - k + i) / i;
    return b;
}

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

// A rational point on the circle of radius r: r·((1 − t²)/(1 + t²), 2t/(1 + t²)).
RowVector<rational> on_circle(const rational& r, const rational& t) {
    RowVector<rational> p(2);
    p << r * (1 - t * t) / (1 + t * t), r * 2 * t / (1 + t * t);
    return p;
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
// The monomial feature map of (c + xᵀy)^d
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
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::points(N, q, 10), 10);
        const Matrix<rational> Y = kb::from_integers<rational>(*kb::test::points(N, q, 10), 10);
        RC_ASSERT(phi.inner_products(X, Y) == kb::gram(k, X, Y));
        for (Eigen::Index i = 0; i < phi.weights().size(); ++i) RC_ASSERT(phi.weights()(i) >= 0);
    });
}
//! [feature-map-exact]

TEST_CASE_TEMPLATE("the features phi(x) = W^(1/2) m(x) reproduce the polynomial kernel in floating point [zhu:ex7b]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 4), d = *kb::test::size_in(1, 4);
        const T c = T(*kb::test::int_in(0, 6)) / T(2);
        const kb::PolynomialKernel<T> k(c, d);
        const kb::PolynomialFeatureMap<T> phi(k, q);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(2, q, 10), 10);
        const Matrix<T> F = phi.features(X);
        // Scale of the summands: Σ_α w_α |x^α||y^α| = (c + |x|ᵀ|y|)^d.
        using std::abs;
        using std::pow;
        const T scale = pow(T(c + X.row(0).cwiseAbs().dot(X.row(1).cwiseAbs())), d);
        KB_RC_WITHIN(T(abs(F.row(0).dot(F.row(1)) - k(X.row(0), X.row(1)))),
                     kb::test::one_pass<T>(phi.dimension() + q + d, scale), "⟨φ(x), φ(y)⟩ − k(x, y)");
    });
}

TEST_CASE("the multinomial weights are needed: all weights 1 does not reproduce (1 + x^T y)^2 [zhu:ex7b]") {
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const kb::PolynomialFeatureMap<rational> phi(k, 2);
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 2, 3, -1).finished());
    const Matrix<rational> M = phi.monomials(X);
    CHECK(rational(M.row(0).dot(M.row(1))) != k(X.row(0), X.row(1)));
    CHECK(phi.inner_products(X, X)(0, 1) == k(X.row(0), X.row(1)));
}

// ---------------------------------------------------------------------------------------
// zhu Example 7(b)
// ---------------------------------------------------------------------------------------

//! [ex7b]
TEST_CASE("zhu Example 7(b): for q = 2 and d = 2 the map is (1 sqrt2 y1 sqrt2 y2 y1^2 sqrt2 y1y2 y2^2) - exact "
          "weights 1 2 2 1 2 1 [zhu:ex7b]") {
    const kb::PolynomialFeatureMap<rational> phi(kb::PolynomialKernel<rational>(rational(1), 2), 2);
    REQUIRE(phi.dimension() == 6);
    const std::vector<std::vector<int>> exponents = {{0, 0}, {1, 0}, {0, 1}, {2, 0}, {1, 1}, {0, 2}};
    CHECK(phi.exponents() == exponents);
    CHECK(phi.weights() == (Vector<rational>(6) << 1, 2, 2, 1, 2, 1).finished());
}
//! [ex7b]

TEST_CASE("erratum: zhu's expansion of (1 + y_i^T y_j)^2 has wrong indices - the corrected second line is exact "
          "[zhu:ex7b]") {
    kb::test::property<rational>([] {
        const Matrix<rational> P = kb::from_integers<rational>(*kb::test::points(2, 2, 10), 10);
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

// ---------------------------------------------------------------------------------------
// The Gaussian kernel's explicit feature map (erratum to zhu Example 7(c))
// ---------------------------------------------------------------------------------------

//! [gaussian-features]
TEST_CASE_TEMPLATE("erratum: the Gaussian kernel has an explicit feature map - the truncated Taylor features "
                   "e^(-g|x|^2) sqrt((2g)^|a|/a!) x^a converge to k within the Taylor remainder [zhu:ex7c]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 2);
        const Matrix<T> P = kb::from_integers<T>(*kb::test::points(2, q, 10), 10);
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

// ---------------------------------------------------------------------------------------
// zhu Example 3: the lift that separates concentric circles
// ---------------------------------------------------------------------------------------

//! [ex3-lift]
TEST_CASE("zhu Example 3: the lift (y1 y2 y1^2 + y2^2) puts circles of radius r on the plane x3 = r^2 and "
          "x3 = 5/2 separates radius 1 from radius 2 exactly [zhu:ex3] [zhu:fig2]") {
    kb::test::property<rational>([] {
        const int n = *kb::test::size_in(1, 8);
        Matrix<rational> inner(n, 2), outer(n, 2);
        for (int i = 0; i < n; ++i) {
            inner.row(i) = on_circle(rational(1), rational(*kb::test::int_in(-20, 20), *kb::test::int_in(1, 9)));
            outer.row(i) = on_circle(rational(2), rational(*kb::test::int_in(-20, 20), *kb::test::int_in(1, 9)));
        }
        const Matrix<rational> Li = kb::paraboloid_lift(inner), Lo = kb::paraboloid_lift(outer);
        for (int i = 0; i < n; ++i) {
            RC_ASSERT(Li(i, 2) == 1); // r² = 1, so x₃ = 1 < 5/2 …
            RC_ASSERT(Lo(i, 2) == 4); // … and r² = 4: x₃ = 4 > 5/2 (the plane separates)
            RC_ASSERT(Li.row(i).leftCols(2) == inner.row(i)); // the first two coordinates are kept
            RC_ASSERT(Lo.row(i).leftCols(2) == outer.row(i));
            // The lift is the paraboloid x₃ = x₁² + x₂² of its own first two coordinates.
            RC_ASSERT(Li(i, 2) == Li(i, 0) * Li(i, 0) + Li(i, 1) * Li(i, 1));
            RC_ASSERT(Lo(i, 2) == Lo(i, 0) * Lo(i, 0) + Lo(i, 1) * Lo(i, 1));
        }
    });
}
//! [ex3-lift]

TEST_CASE("zhu Example 3: no line separates the circles in the plane - an inner point is a convex combination of "
          "outer points so every affine f > 0 on them is > 0 on it [zhu:ex3]") {
    kb::test::property<rational>([] {
        // The outer sample (±2, 0), (0, ±2): the square |y₁| + |y₂| ≤ 2 contains the unit disc.
        Matrix<rational> outer(4, 2);
        outer << 2, 0, -2, 0, 0, 2, 0, -2;
        const RowVector<rational> p = on_circle(rational(1), rational(*kb::test::int_in(-20, 20), *kb::test::int_in(1, 9)));
        const rational a = p(0), b = p(1);
        const rational s = (2 - (a < 0 ? -a : a) - (b < 0 ? -b : b)) / 8; // slack shared by the opposite pairs
        Vector<rational> lambda(4);
        lambda << (a > 0 ? a / 2 : rational(0)) + s, (a < 0 ? -a / 2 : rational(0)) + s,
            (b > 0 ? b / 2 : rational(0)) + s, (b < 0 ? -b / 2 : rational(0)) + s;
        for (int j = 0; j < 4; ++j) RC_ASSERT(lambda(j) >= 0);
        RC_ASSERT(lambda.sum() == 1);
        RC_ASSERT(RowVector<rational>(lambda.transpose() * outer) == p);
        // Hence f(p) = Σⱼ λⱼ f(outerⱼ) for every affine f: a random f shows the consequence.
        const rational w1 = *kb::test::int_in(-5, 5), w2 = *kb::test::int_in(-5, 5), w0 = *kb::test::int_in(-9, 9);
        const auto f = [&](const RowVector<rational>& y) { return w0 + w1 * y(0) + w2 * y(1); };
        rational combo(0);
        for (int j = 0; j < 4; ++j) combo += lambda(j) * f(outer.row(j));
        RC_ASSERT(f(p) == combo);
    });
}

TEST_CASE("zhu Example 3: the lift induces the kernel x^T y + |x|^2 |y|^2 = linear + rank-one - exact and proven PSD "
          "[zhu:ex3] [beeny:thm3.8.1] [beeny:thm3.8.5]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8);
        const Matrix<rational> Y = kb::from_integers<rational>(*kb::test::points(N, 2, 10), 10);
        const Matrix<rational> Phi = kb::paraboloid_lift(Y);
        const Matrix<rational> K = kb::gram(kb::ParaboloidLiftKernel<rational>{}, Y);
        RC_ASSERT(K == Matrix<rational>(Phi * Phi.transpose()));
        const auto g = [](const RowVector<rational>& x) { return rational(x.squaredNorm()); };
        const auto rules = kb::combination(rational(1), kb::LinearKernel<rational>{}, rational(1),
                                           kb::rank_one<rational>(g, "‖·‖²"));
        RC_ASSERT(K == kb::gram(rules, Y));
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.proven());
        RC_ASSERT(cert.rank <= 3); // a feature space of dimension 3
    });
}
