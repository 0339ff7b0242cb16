/// \file bad_input.cpp
/// \brief Refusals of bad input: kernel parameters, interval weights, dimensions, non-finite
///        data, points outside a domain, and certify_psd throw kb::error with a message.
#include "test_support.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"

#include <cmath>
#include <limits>

TEST_CASE("bad input is refused with kb::error: parameters out of range") {
    CHECK_THROWS_WITH_AS(kb::GaussianKernel<double>::from_gamma(0.0), doctest::Contains("γ = 0 must be finite and > 0"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::LaplacianKernel<double>::from_gamma(-1.0), doctest::Contains("must be finite and > 0"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::LaplacianKernel<double>::from_sigma(0.0), doctest::Contains("σ = 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::LaplacianKernel<double>::from_gamma(std::numeric_limits<double>::infinity()),
                         doctest::Contains("LaplacianKernel: γ = inf must be finite and > 0 (exp(−γ‖x − y‖₁) with γ ≤ "
                                           "0 is not a kernel)"), kb::error);
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

TEST_CASE("certify_psd refuses bad input with kb::error") {
    CHECK_THROWS_WITH_AS(kb::certify_psd(Matrix<rational>(2, 3)), doctest::Contains("square"), kb::error);
    CHECK_THROWS_WITH_AS(kb::certify_psd(Matrix<rational>(0, 0)), doctest::Contains("non-empty"), kb::error);
    Matrix<rational> A(2, 2);
    A << 1, 2, 3, 1;
    CHECK_THROWS_WITH_AS(kb::certify_psd(A), doctest::Contains("K(0,1) = 2 and K(1,0) = 3"), kb::error);
    Matrix<kb::interval> I = kb::to_interval(A);
    CHECK_THROWS_WITH_AS(kb::certify_psd(I), doctest::Contains("different intervals"), kb::error);
}

TEST_CASE("gram refuses a Gram matrix whose exponential kernel overflows and names the entry and its value") {
    // exp(k₁) with the linear kernel: k(30, 30) = e⁹⁰⁰ overflows a double (ln(max) ≈ 709.78);
    // the closure refuses it where it is computed, naming k₁'s value and the two points.
    const auto k = kb::exponential(kb::LinearKernel<double>{});
    const Matrix<double> X = (Matrix<double>(2, 1) << 1, 30).finished();
    const std::string overflow = "exponential: exp(k₁(x, y)) overflows double: k₁(x, y) = 900 is above ln(max) = "
                                 "709.783, at x = (30) and y = (30) (k₁(x, y) = xᵀy); rescale the data, or scale the "
                                 "exponent kernel down (scaled(a, k₁) with 0 < a < 1)";
    CHECK_THROWS_WITH_AS(kb::gram(k, X), doctest::Contains(overflow.c_str()), kb::error);
    CHECK_THROWS_WITH_AS(kb::gram(k, Matrix<double>(X.bottomRows(1)), X), doctest::Contains(overflow.c_str()), kb::error);
    CHECK_THROWS_WITH_AS(k(X.row(1), X.row(1)), doctest::Contains("k₁(x, y) = 900 is above"), kb::error);
    CHECK(k(X.row(0), X.row(1)) == std::exp(30.0));
    // Just below ln(max) the value is finite and accepted; the rescaled data are accepted too.
    const Matrix<double> edge = (Matrix<double>(1, 1) << std::sqrt(709.0)).finished();
    CHECK(std::isfinite(kb::gram(k, edge)(0, 0)));
    const Matrix<double> K = kb::gram(k, Matrix<double>(X / 30.0));
    CHECK(K.allFinite());
    CHECK(K(1, 1) == doctest::Approx(std::exp(1.0)));
    // Not finite already in k₁ (an overflowing exponent kernel): gram names the entry.
    const auto k2 = kb::exponential(kb::product(kb::LinearKernel<double>{}, kb::LinearKernel<double>{}));
    CHECK_THROWS_WITH_AS(kb::gram(k2, Matrix<double>(X * 1e100)),
                         doctest::Contains("the kernel value k(x_i, x_j) at (0,0) = inf is not finite for the kernel "
                                           "exp[(xᵀy ⊙ xᵀy)]"),
                         kb::error);
}

TEST_CASE("gram refuses a rank_one kernel whose function is not finite at a point") {
    // g(x) = 1/x₁ is infinite at x₁ = 0: the Gram matrix g gᵀ would hold inf (and NaN = 0·inf).
    const auto k = kb::rank_one<double>([](const RowVector<double>& x) { return 1.0 / x(0); }, "1/x");
    const Matrix<double> X = (Matrix<double>(2, 1) << 2, 0).finished();
    CHECK_THROWS_WITH_AS(kb::gram(k, X),
                         doctest::Contains("gram: the kernel value k(x_i, x_j) at (0,1) = inf is not finite for the "
                                           "kernel 1/x(x)·1/x(y); rescale the data or choose kernel parameters that "
                                           "do not overflow"),
                         kb::error);
    CHECK(kb::gram(k, Matrix<double>(X.topRows(1)))(0, 0) == 0.25);
}

TEST_CASE("gram refuses a product kernel whose values overflow") {
    // The product of two linear kernels at x = y = 1e100: each factor xᵀy = 1e200 is finite,
    // their product 1e400 overflows.
    const auto k = kb::product(kb::LinearKernel<double>{}, kb::LinearKernel<double>{});
    const Matrix<double> X = (Matrix<double>(2, 1) << 1, 1e100).finished();
    CHECK_THROWS_WITH_AS(kb::gram(k, X),
                         doctest::Contains("gram: the kernel value k(x_i, x_j) at (1,1) = inf is not finite for the "
                                           "kernel (xᵀy ⊙ xᵀy); rescale the data or choose kernel parameters that do "
                                           "not overflow"),
                         kb::error);
    CHECK(kb::gram(k, Matrix<double>(X.topRows(1)))(0, 0) == 1.0);
}

TEST_CASE("gram refuses an empty set of points") {
    const kb::GaussianKernel<double> k = kb::GaussianKernel<double>::from_gamma(1.0);
    CHECK_THROWS_WITH_AS(kb::gram(k, Matrix<double>(0, 2)),
                         doctest::Contains("gram: X must hold at least one point of dimension ≥ 1 (one point per "
                                           "row), but it is 0×2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::gram(k, Matrix<double>(0, 2), Matrix<double>::Ones(3, 2).eval()),
                         doctest::Contains("gram: Z must hold at least one point of dimension ≥ 1 (one point per "
                                           "row), but it is 0×2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::gram(k, Matrix<double>(3, 0)),
                         doctest::Contains("gram: X must hold at least one point of dimension ≥ 1 (one point per "
                                           "row), but it is 3×0"), kb::error);
    // One point is enough: k(x, x) = 1.
    CHECK(kb::gram(k, Matrix<double>(Matrix<double>::Ones(1, 2))) == Matrix<double>::Ones(1, 1));
    // In real50, the same refusal.
    CHECK_THROWS_WITH_AS(kb::gram(kb::GaussianKernel<kb::real50>::from_gamma(kb::real50(1)), Matrix<kb::real50>(0, 2)),
                         doctest::Contains("gram: X must hold at least one point of dimension ≥ 1"), kb::error);
}

TEST_CASE("GaussianTaylorFeatureMap refuses a negative degree D") {
    const auto k = kb::GaussianKernel<double>::from_gamma(0.5);
    CHECK_THROWS_WITH_AS(kb::GaussianTaylorFeatureMap<double>(k, 2, -1),
                         doctest::Contains("GaussianTaylorFeatureMap: the degree D = -1 must be ≥ 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::GaussianTaylorFeatureMap<double>(k, 0, 2),
                         doctest::Contains("GaussianTaylorFeatureMap: input dimension q = 0 must be ≥ 1"), kb::error);
    // D = 0 is accepted: the single feature φ₀(x) = e^{−γ‖x‖²}.
    const kb::GaussianTaylorFeatureMap<double> zero(k, 2, 0);
    CHECK(zero.dimension() == 1);
    // In real50, the same refusal.
    CHECK_THROWS_WITH_AS(kb::GaussianTaylorFeatureMap<kb::real50>(
                             kb::GaussianKernel<kb::real50>::from_gamma(kb::real50(1) / 2), 2, -3),
                         doctest::Contains("GaussianTaylorFeatureMap: the degree D = -3 must be ≥ 0"), kb::error);
}
