/// \file worked_examples.cpp
/// \brief The chapter's small example (§2: a kernel built by the closure rules, its Gram
///        matrix on three points proven PSD, and a negative weight refuted by a witness), and
///        zhu's worked examples reproduced exactly: the feature map of Example 7(b) with its
///        weights, and Example 3's lift, which separates concentric circles that no line of
///        the plane separates, with the kernel it induces.
#include "test_support.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"

#include "chapter_support.hpp"

#include <vector>

using kb::test::ch04::cube_points;

namespace {

// A rational point on the circle of radius r: r·((1 − t²)/(1 + t²), 2t/(1 + t²)).
RowVector<rational> on_circle(const rational& r, const rational& t) {
    RowVector<rational> p(2);
    p << r * (1 - t * t) / (1 + t * t), r * 2 * t / (1 + t * t);
    return p;
}

} // namespace

//! [small-example]
TEST_CASE("the chapter's small example: x^T y + (x^T y)^2 on the points (1 0) (1 1) (0 2) has a Gram matrix proven "
          "PSD with pivots 20 21/5 22/21, and subtracting 2 is refuted by the witness (10 0 1)") {
    // §2: three points of the plane, the linear kernel, and rule 3 with a = (0, 1, 1).
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(3, 2) << 1, 0, 1, 1, 0, 2).finished());
    const kb::LinearKernel<rational> lin;
    const auto k = kb::polynomial(std::vector<rational>{0, 1, 1}, lin);
    // The Gram matrices: K_lin = XXᵀ, its Hadamard square, and K = K_lin + K_lin ∘ K_lin.
    const Matrix<rational> K_lin = kb::gram(lin, X);
    CHECK(K_lin == kb::from_integers<rational>((IntMatrix(3, 3) << 1, 1, 0, 1, 2, 2, 0, 2, 4).finished()));
    const Matrix<rational> K_sq = K_lin.cwiseProduct(K_lin);
    CHECK(K_sq == kb::from_integers<rational>((IntMatrix(3, 3) << 1, 1, 0, 1, 4, 4, 0, 4, 16).finished()));
    const Matrix<rational> K = kb::gram(k, X);
    const Matrix<rational> K_text = kb::from_integers<rational>((IntMatrix(3, 3) << 2, 2, 0, 2, 6, 6, 0, 6, 20).finished());
    CHECK(K == K_text);
    CHECK(Matrix<rational>(K_lin + K_sq) == K_text);
    // The certificate: pivots 20 (point 3), 21/5 (point 2), 22/21 (point 1), K = L diag(d) Lᵀ.
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.proven());
    CHECK(cert.definite);
    CHECK(cert.rank == 3);
    const Vector<rational> d_text = (Vector<rational>(3) << rational(20), rational(21, 5), rational(22, 21)).finished();
    CHECK(cert.d == d_text);
    Matrix<rational> L_text(3, 3);
    L_text << rational(0), rational(10, 21), rational(1), //
        rational(3, 10), rational(1), rational(0),        //
        rational(1), rational(0), rational(0);
    CHECK(cert.L == L_text);
    CHECK(Matrix<rational>(L_text * d_text.asDiagonal() * L_text.transpose()) == K_text);
    // det K = 20 · 21/5 · 22/21 = 88; for c = (1, −1, 1): cᵀKc = 12 = Σ d_k (l_kᵀc)² with lᵀc = (7/10, −11/21, 1).
    CHECK(rational(d_text.prod()) == rational(88));
    const Vector<rational> c = (Vector<rational>(3) << 1, -1, 1).finished();
    CHECK(kb::quadratic_form(K, c) == rational(12));
    rational by_pivots(0);
    for (Eigen::Index j = 0; j < 3; ++j) {
        const rational t = L_text.col(j).dot(c);
        by_pivots += d_text(j) * t * t;
    }
    CHECK(by_pivots == rational(12));

    // A negative weight: k − 2 (rule 1 with the weight −2 on the constant kernel 1).
    CHECK_THROWS_WITH_AS(kb::combination(rational(1), k, rational(-2), kb::ConstantKernel<rational>(rational(1))),
                         doctest::Contains("combination: weight a₂ = -2 must be finite and ≥ 0 (rule 1 needs "
                                           "non-negative weights)"), kb::error);
    const Matrix<rational> K_bad = K_text - Matrix<rational>::Constant(3, 3, rational(2));
    CHECK(K_bad == kb::from_integers<rational>((IntMatrix(3, 3) << 0, 0, -2, 0, 4, 4, -2, 4, 18).finished()));
    // By hand: c = (a, 0, 1) gives cᵀ K_bad c = 18 − 4a, negative from a = 5 on; the
    // elimination of the pivot 18 leaves S₁₁ = −2/9 and the vector (9, 0, 1), value −18.
    CHECK(kb::quadratic_form(K_bad, (Vector<rational>(3) << 9, 0, 1).finished()) == rational(-18));
    CHECK(kb::quadratic_form(K_bad, (Vector<rational>(3) << 4, 0, 1).finished()) == rational(2));
    const kb::PsdCertificate bad = kb::certify_psd(K_bad);
    REQUIRE(bad.refuted());
    CHECK(bad.witness == (Vector<rational>(3) << 10, 0, 1).finished());
    CHECK(bad.witness_value == rational(-22));
    CHECK(kb::quadratic_form(K_bad, bad.witness) == rational(-22));
}
//! [small-example]

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
        const Matrix<rational> Y = cube_points<rational>(N, 2);
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
