/// \file bad_input.cpp
/// \brief Chapter 7's refusals: more components than the rank, a centred kernel matrix that is
///        not PSD (with its most negative eigenvalue, unless the caller opts in), and every other
///        bad input to kernel PCA throw kb::error with a message naming the argument.
#include "chapter_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/datasets.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/spectral.hpp"

#include <limits>
#include <string>
#include <vector>

using namespace kb::test::ch07;
using std::abs;
using std::sqrt;

TEST_CASE_TEMPLATE("more components than the rank of K~ are refused with the rank and the eigenvalue [zhu:2.3.1]", T,
                   KB_CH07_FIXED_TYPES) {
    // Linear kernel on 6 points in the plane: K̃ = X̃X̃ᵀ has rank 2.
    const Matrix<T> X = fixed_X<T>();
    kb::KernelPca<T> ok(kb::LinearKernel<T>{}, X, {.components = 2});
    CHECK(ok.rank() == 2);
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(kb::LinearKernel<T>{}, X, {.components = 3}),
                         doctest::Contains("numerical rank 2 (μ_3 ="), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(kb::LinearKernel<T>{}, X, {.components = 6}), doctest::Contains("at most N − 1 = 5"),
                         kb::error);
    // All points equal: K̃ = 0, no component at all.
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(kb::LinearKernel<T>{}, Matrix<T>(Matrix<T>::Ones(4, 2)), {.components = 1}),
                         doctest::Contains("numerical rank 0"), kb::error);
}

//! [not-psd]
TEST_CASE_TEMPLATE("a centred kernel matrix that is not PSD is refused with its most negative eigenvalue unless the "
                   "caller opts in [zhu:def4]",
                   T, KB_CH07_FIXED_TYPES) {
    // K = 3 v₁v₁ᵀ − ½ v₂v₂ᵀ with v₁ = (1, −1, 0), v₂ = (1, 1, −2): both ⊥ 𝟙, so K̃ = K and its
    // eigenvalues are 6, 0, −3.
    const Vector<T> v1 = (Vector<T>(3) << 1, -1, 0).finished(), v2 = (Vector<T>(3) << 1, 1, -2).finished();
    const Matrix<T> K = T(3) * v1 * v1.transpose() - v2 * v2.transpose() / T(2);
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(K, {.components = 1}),
                         doctest::Contains("not positive semi-definite: its smallest eigenvalue is -3 = -0.5·λ_max"),
                         kb::error);
    kb::KernelPca<T> kp(K, {.components = 1, .non_psd = kb::NonPsdPolicy::keep_positive});
    CHECK(kp.rank() == 1);
    const auto bound = kb::test::factorisation<T>(3, T(6));
    KB_CHECK_WITHIN(T(abs(T(kp.eigenvalues()(0) - 6))), bound, "μ₁ = 6");
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(kp.scores() * kp.scores().transpose() - T(3) * v1 * v1.transpose())), bound,
                    "Y Yᵀ = 6 u₁u₁ᵀ");
    // Only one eigenvalue is positive: a second component is refused even with the opt-in.
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(K, {.components = 2, .non_psd = kb::NonPsdPolicy::keep_positive}),
                         doctest::Contains("numerical rank 1"), kb::error);
}
//! [not-psd]

//! [not-psd-scale]
TEST_CASE_TEMPLATE("a non-PSD K~ is reported as a multiple of lambda_max also when |lambda_min| > lambda_max and as "
                   "having no positive eigenvalue when lambda_max = 0 [zhu:def4]",
                   T, KB_CH07_FIXED_TYPES) {
    // v₁ = (1, −1, 0), v₂ = (1, 1, −2) are orthogonal and ⊥ 𝟙, so K̃ = K for their combinations.
    const Vector<T> v1 = (Vector<T>(3) << 1, -1, 0).finished(), v2 = (Vector<T>(3) << 1, 1, -2).finished();
    // Eigenvalues 1, 0, −5: λ_min = −5·λ_max (the ratio to max(|λ_max|, |λ_min|) would say −1).
    const Matrix<T> K1 = v1 * v1.transpose() / T(2) - T(5) * v2 * v2.transpose() / T(6);
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(K1, {.components = 1}), doctest::Contains("its smallest eigenvalue is -5 = -5·λ_max"),
                         kb::error);
    // Eigenvalues 0, 0, −6: no multiple of λ_max = 0 is −6; the message says what is true.
    const Matrix<T> K2 = -v2 * v2.transpose();
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(K2, {.components = 1}),
                         doctest::Contains("its smallest eigenvalue is -6 and it has no positive eigenvalue"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(K2, {.components = 1}), doctest::Contains("K̃ is negative semi-definite"), kb::error);
    // kb::relative_negativity itself: λ_min/λ_max, 0 when PSD, −∞ without a positive eigenvalue
    // above `zero` (a positive λ_max at the rounding level does not count when `zero` says so).
    auto eig = [](std::initializer_list<T> values) {
        kb::SymmetricEigen<T> e;
        e.values = Vector<T>(static_cast<Eigen::Index>(values.size()));
        Eigen::Index i = 0;
        for (const T& v : values) e.values(i++) = v;
        return e;
    };
    CHECK(kb::relative_negativity(eig({T(1), T(0), T(-5)})) == T(-5));
    CHECK(kb::relative_negativity(eig({T(6), T(0), T(-3)})) == T(-1) / T(2));
    CHECK(kb::relative_negativity(eig({T(2), T(1), T(0)})) == T(0));
    const T r0 = kb::relative_negativity(eig({T(0), T(0), T(-6)}));
    CHECK_FALSE(kb::is_finite(r0));
    CHECK(r0 < 0);
    const T tiny = kb::epsilon<T>();
    CHECK(kb::relative_negativity(eig({tiny, T(0), T(-6)})) == T(-6) / tiny); // rounding-level λ_max taken at face value …
    CHECK_FALSE(kb::is_finite(kb::relative_negativity(eig({tiny, T(0), T(-6)}), T(64) * tiny))); // … or not
}
//! [not-psd-scale]

TEST_CASE("a non-Euclidean dissimilarity gives a -1/2 J D2 J that is not a kernel matrix [zhu:2.2.2]") {
    // City-block distances on the corners of the unit square: sides 1, diagonals 2 (not √2).
    const Matrix<double> P = (Matrix<double>(4, 2) << 0, 0, 1, 0, 0, 1, 1, 1).finished();
    Matrix<double> D2(4, 4);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            const double d = (P.row(i) - P.row(j)).cwiseAbs().sum();
            D2(i, j) = d * d;
        }
    const Matrix<double> B = kb::double_center(D2) / -2.0; // eigenvalues 2, 2, 0, −1
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(B, {.components = 1}), doctest::Contains("-1 = -0.5·λ_max"), kb::error);
    kb::KernelPca<double> kp(B, {.components = 2, .non_psd = kb::NonPsdPolicy::keep_positive});
    CHECK(kp.rank() == 2);
    // With Euclidean distances the same construction is the linear kernel, and PSD.
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) D2(i, j) = (P.row(i) - P.row(j)).squaredNorm();
    CHECK_NOTHROW(kb::KernelPca<double>(Matrix<double>(kb::double_center(D2) / -2.0), {.components = 2}));
}

TEST_CASE("kernel PCA refuses bad input with a message naming the argument") {
    const Matrix<double> X = fixed_X<double>();
    const auto k = kb::GaussianKernel<double>::from_zhu_sigma(2.0);
    // p < 1 (kb::all_components = −1 is the only negative count)
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(k, X, {.components = 0}), doctest::Contains("components = 0 must be ≥ 1, or kb::all_components"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(kb::gram(k, X), {.components = -2}), doctest::Contains("components = -2 must be ≥ 1"),
                         kb::error);
    // every component of points that coincide: K̃ = 0 has none
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(k, Matrix<double>(Matrix<double>::Ones(4, 2))),
                         doctest::Contains("no eigenvalue above the rank tolerance"), kb::error);
    // N < 2
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(k, Matrix<double>(X.topRows(1)), {.components = 1}),
                         doctest::Contains("at least 2 points"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(Matrix<double>(Matrix<double>::Ones(1, 1)), {.components = 1}),
                         doctest::Contains("at least 2 points"), kb::error);
    // a test point of the wrong dimension
    const kb::KernelPca<double> kp(k, X, {.components = 2});
    CHECK_THROWS_WITH_AS(kp.transform(Matrix<double>(Matrix<double>::Ones(2, 3))),
                         doctest::Contains("dimension 3 but the model was fitted on points of dimension 2"), kb::error);
    CHECK_THROWS_WITH_AS(kp.transform_gram(Matrix<double>(Matrix<double>::Ones(2, 5))),
                         doctest::Contains("N = 6"), kb::error);
    Matrix<double> Z = fixed_Z<double>();
    Z(0, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kp.transform(Z), doctest::Contains("not finite"), kb::error);
    // a model fitted from a Gram matrix has no kernel for transform
    kb::KernelPca<double> from_gram(kb::gram(k, X), {.components = 2});
    CHECK_THROWS_WITH_AS(from_gram.transform(X), doctest::Contains("pass the kernel rows k(z, x_i) to transform_gram"),
                         kb::error);
    // K not square, not symmetric, not finite
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(Matrix<double>(Matrix<double>::Ones(3, 4)), {.components = 1}),
                         doctest::Contains("square"), kb::error);
    Matrix<double> K = kb::gram(k, X);
    K(0, 1) += 0.5;
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.components = 1}), doctest::Contains("must be symmetric"), kb::error);
    K(0, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.components = 1}), doctest::Contains("is not finite"), kb::error);
}

TEST_CASE("KernelPca refuses a 0x0 Gram matrix") {
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(Matrix<double>(0, 0)),
                         doctest::Contains("KernelPca: K must be a non-empty square matrix, but it is 0×0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(Matrix<double>(0, 0), {.components = 1}),
                         doctest::Contains("KernelPca: K must be a non-empty square matrix, but it is 0×0"), kb::error);
    // A 3×3 Gram matrix is accepted: K = I gives K̃ = J, of rank 2.
    CHECK(kb::KernelPca<double>(Matrix<double>(Matrix<double>::Identity(3, 3)), {.components = 1}).rank() == 2);
}

TEST_CASE("KernelPca with a Gaussian kernel refuses points that all coincide (K~ = 0) with the rank tolerance") {
    // Four equal points: K = 𝟙𝟙ᵀ (e⁰ = 1) and K̃ = JKJ = 0, so there is no direction of variance.
    const auto k = kb::GaussianKernel<double>::from_gamma(1.0);
    const Matrix<double> X = Matrix<double>::Constant(4, 2, 0.5);
    const Matrix<double> K = kb::gram(k, X);
    REQUIRE(K == Matrix<double>::Ones(4, 4));
    // τ = 64·N·ε·(N max|K|) = 64·4·ε·4 and μ_1 = 0: the messages name both.
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(k, X),
                         doctest::Contains("KernelPca: every component was asked for, but the centred kernel matrix "
                                           "K̃ has no eigenvalue above the rank tolerance 2.27374e-13 (μ_1 = 0): the "
                                           "points coincide in feature space"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.components = kb::all_components}),
                         doctest::Contains("KernelPca: every component was asked for, but the centred kernel matrix "
                                           "K̃ has no eigenvalue above the rank tolerance 2.27374e-13 (μ_1 = 0)"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(k, X, {.components = 1}),
                         doctest::Contains("KernelPca: 1 components were asked for, but the centred kernel matrix K̃ "
                                           "has numerical rank 0 (μ_1 = 0 is not above the rank tolerance "
                                           "2.27374e-13): all points coincide in feature space (for the Gaussian "
                                           "kernel: all points coincide)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.components = 2}),
                         doctest::Contains("all points coincide in feature space"), kb::error);
    // In real50, the same refusal.
    const Matrix<kb::real50> X50 = X.cast<kb::real50>();
    CHECK_THROWS_WITH_AS(kb::KernelPca<kb::real50>(kb::GaussianKernel<kb::real50>::from_gamma(kb::real50(1)), X50, {.components = 1}),
                         doctest::Contains("all points coincide in feature space"), kb::error);
    // Two distinct points among them give one component.
    Matrix<double> two = X;
    two(3, 0) = 1.5;
    CHECK(kb::KernelPca<double>(k, two, {.components = 1}).rank() == 1);
}

TEST_CASE("concentric_rings refuses mismatched lists and empty rings and negative or non-finite radii") {
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::concentric_rings<double>({3}, {}),
                         doctest::Contains("concentric_rings: counts has 1 entries and radii 0; give one count and "
                                           "one radius per ring"), kb::error);
    CHECK_THROWS_WITH_AS(kb::concentric_rings<double>({}, {}),
                         doctest::Contains("concentric_rings: counts has 0 entries and radii 0; give one count and "
                                           "one radius per ring"), kb::error);
    CHECK_THROWS_WITH_AS(kb::concentric_rings<double>({3, 0}, {1.0, 2.0}),
                         doctest::Contains("concentric_rings: ring 1 has 0 points; every ring needs at least one"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::concentric_rings<double>({3, 4}, {1.0, -2.0}),
                         doctest::Contains("concentric_rings: ring 1 has negative radius -2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::concentric_rings<double>({3}, {nan}),
                         doctest::Contains("concentric_rings: ring 0 has radius nan; every radius must be finite"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::concentric_rings<double>({3, 4}, {1.0, inf}),
                         doctest::Contains("concentric_rings: ring 1 has radius inf; every radius must be finite"),
                         kb::error);
    CHECK(kb::concentric_rings<double>({3, 4}, {0.0, 2.0}).X.rows() == 7);
    CHECK_THROWS_WITH_AS(kb::concentric_rings<kb::real50>({3, 4}, {kb::real50(1), kb::real50(-2)}),
                         doctest::Contains("concentric_rings: ring 1 has negative radius -2"), kb::error);
}

TEST_CASE("s_curve refuses fewer than 2 steps along the curve or none across it") {
    CHECK_THROWS_WITH_AS(kb::s_curve<double>(1, 3),
                         doctest::Contains("s_curve: n_t = 1, n_s = 3; need n_t ≥ 2 and n_s ≥ 1"), kb::error);
    CHECK_THROWS_WITH_AS(kb::s_curve<double>(5, 0),
                         doctest::Contains("s_curve: n_t = 5, n_s = 0; need n_t ≥ 2 and n_s ≥ 1"), kb::error);
    CHECK(kb::s_curve<double>(2, 1).X.rows() == 2);
    CHECK_THROWS_WITH_AS(kb::s_curve<kb::real50>(0, 1),
                         doctest::Contains("s_curve: n_t = 0, n_s = 1; need n_t ≥ 2 and n_s ≥ 1"), kb::error);
}

// ---------------------------------------------------------------------------------------
// The Lanczos route (§7.9)
// ---------------------------------------------------------------------------------------

TEST_CASE("the Lanczos route refuses a multiprecision model - a model without p - and more components than N - 1 "
          "[zhu:2.3.1]") {
    const auto lanczos = kb::KpcaSolver::lanczos;
    const Matrix<double> K = kb::gram(kb::GaussianKernel<double>::from_gamma(0.5), fixed_X<double>()); // N = 6
    CHECK_THROWS_WITH_AS(kb::KernelPca<kb::real50>(kb::convert_matrix<kb::real50>(K), {.components = 2, .solver = lanczos}),
                         doctest::Contains("KernelPca: KpcaSolver::lanczos computes in double only, but this model is "
                                           "in real50; use KpcaSolver::dense (or automatic) for multiprecision"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.solver = lanczos}),
                         doctest::Contains("KernelPca: KpcaSolver::lanczos computes the p leading eigenpairs, so it "
                                           "needs p: give components (every component needs the whole spectrum: use "
                                           "KpcaSolver::dense)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.components = 6, .solver = lanczos}),
                         doctest::Contains("KernelPca: 6 components were asked for, but N = 6 points have at most N − "
                                           "1 = 5 principal components (K̃𝟙 = 0); ask for fewer"), kb::error);
    // The same requests are fine on the dense route, or with p in range.
    CHECK(kb::KernelPca<kb::real50>(kb::convert_matrix<kb::real50>(K), {.components = 2}).solver() == kb::KpcaSolver::dense);
    CHECK(kb::KernelPca<double>(K, {.components = 5, .solver = lanczos}).solver() == lanczos);
}

TEST_CASE("the Lanczos route refuses a K~ with a clearly negative eigenvalue: a Ritz value below -tau is its proof "
          "[zhu:def4]") {
    // helmert_kernel, N = 40: K̃ = K with the eigenvalues 39, 38, …, 1, and λ₁₀ = −30 in place of 30.
    const Eigen::Index N = 40;
    std::vector<long> lambda;
    for (long k = 1; k < N; ++k) lambda.push_back(k == 10 ? -30 : N - k);
    const Matrix<double> K = kb::convert_matrix<double>(helmert_kernel(lambda));
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.components = 3, .solver = kb::KpcaSolver::lanczos}),
                         doctest::Contains("is not positive semi-definite: its smallest eigenvalue is at most -"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.components = 3, .solver = kb::KpcaSolver::dense}),
                         doctest::Contains("its smallest eigenvalue is -30"), kb::error);
    // Opting in, the route keeps the three leading (positive) eigenpairs: 39, 38, 37.
    const kb::KernelPca<double> kp(K, {.components = 3, .non_psd = kb::NonPsdPolicy::keep_positive, .solver = kb::KpcaSolver::lanczos});
    KB_CHECK_WITHIN((kp.eigenvalues() - Vector<double>((Vector<double>(3) << 39, 38, 37).finished())).cwiseAbs().maxCoeff(),
                    kb::test::factorisation<double>(N, 39.0), "μ₁, μ₂, μ₃");
}

// Kernel values depend on the points' scale by definition, so kernel PCA does not rescale the
// points: a value that overflows is refused, naming the kernel and the two points (indices).
TEST_CASE("kernel PCA refuses kernel values that overflow and names the kernel and the points") {
    const Matrix<double> X = (Matrix<double>(3, 1) << 1, 2, 3).finished() * 1e160;
    CHECK_THROWS_WITH_AS(kb::KernelPca(kb::LinearKernel<double>{}, X, {.components = 1}),
                         doctest::Contains("the kernel value k(x_i, x_j) at (0,0) = inf is not finite for the kernel "
                                           "k(x, y) = xᵀy"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca(kb::PolynomialKernel<double>(1.0, 3), Matrix<double>(X * 1e-100), {.components = 1}),
                         doctest::Contains("the kernel value k(x_i, x_j) at (0,0) = inf is not finite for the kernel "
                                           "k(x, y) = (1 + xᵀy)^3"),
                         kb::error);
    // Companion: the same points at 10^150 give finite linear kernel values and a fit.
    CHECK(kb::KernelPca(kb::LinearKernel<double>{}, Matrix<double>(X * 1e-10), {.components = 1}).components() == 1);
}

// A given Gram matrix is rescaled internally (exactly, by 4^-j): at 10^300 the eigenvalues of
// K̃ may exceed double's range, and then kernel PCA refuses, naming the scale.
TEST_CASE("kernel PCA refuses a Gram matrix whose centred eigenvalues overflow and names the scale") {
    Matrix<double> K(3, 3);
    K << 1, -1, 0, -1, 1, 0, 0, 0, 0;
    // μ₁ of J(cK)J is 2c; at c = 1.5e308 that is 3e308 > 1.8e308.
    CHECK_THROWS_WITH_AS(kb::KernelPca(Matrix<double>(K * 1.5e308), {.components = 1}),
                         doctest::Contains("the eigenvalue μ_1 of K̃ = 3e+308 overflows double"),
                         kb::error);
    // Companion: at 10^300 (μ₁ = 2·10³⁰⁰) the fit is made, and μ₁ is right to the rounding of the eigensolver.
    KB_CHECK_WITHIN(kb::KernelPca(Matrix<double>(K * 1e300), {.components = 1}).eigenvalues()(0) / 1e300 - 2.0,
                    kb::test::factorisation<double>(3, 2.0), "μ₁(10³⁰⁰·K)/10³⁰⁰ = 2");
}

// Kernel values that all lie below the normal range of double — the linear kernel of points
// near 2⁻⁵³⁰ ≈ 3·10⁻¹⁶⁰, values near 10⁻³¹⁹, subnormal with a few bits each — have lost digits
// to underflow. Kernel PCA refuses them naming the scale; decomposed, their rounding made K̃
// look indefinite ("not PSD"), a wrong diagnosis.
TEST_CASE("kernel PCA refuses kernel values that are all subnormal and names the scale") {
    const Matrix<double> X = (Matrix<double>(3, 1) << 1, 2, 3).finished();
    CHECK_THROWS_WITH_AS(kb::KernelPca(kb::LinearKernel<double>{}, kb::times_power_of_two(X, -530), {.components = 1}),
                         doctest::Contains("KernelPca: every entry of K is below the smallest normal double "
                                           "2.22507e-308 (max |K| = "),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca(kb::times_power_of_two(kb::gram(kb::LinearKernel<double>{}, X), -1060), {.components = 1}),
                         doctest::Contains("every entry of K is below the smallest normal double"), kb::error);
    // Companion: at 2⁻⁵⁰⁰ the values X Xᵀ·2⁻¹⁰⁰⁰ are normal (and exact), and the fit gives
    // μ₁ = 2⁻¹⁰⁰⁰·‖X − x̄‖² = 2⁻¹⁰⁰⁰·2 to the rounding of the eigensolver (‖K‖ ≤ tr K = 14).
    const kb::KernelPca<double> ok(kb::LinearKernel<double>{}, kb::times_power_of_two(X, -500), {.components = 1});
    KB_CHECK_WITHIN(kb::times_power_of_two(ok.eigenvalues()(0), 1000) - 2.0, kb::test::factorisation<double>(3, 14.0),
                    "μ₁(2⁻¹⁰⁰⁰·XXᵀ)·2¹⁰⁰⁰ = 2");
}

// Points near 2⁻⁵⁷⁰ ≈ 2.6·10⁻¹⁷², whose linear kernel values (near 10⁻³⁴³) are below even the
// subnormal doubles: K is exactly 0. Read as a zero K̃ that said "the points coincide in feature
// space", the wrong diagnosis; kernel PCA and the explicit map say that the values underflowed.
// In real50 (an exponent range far wider) the same points are fitted.
TEST_CASE("kernel PCA and the explicit map refuse kernel values that all underflow to 0 and do not say the points "
          "coincide") {
    const Matrix<double> X = kb::times_power_of_two(Matrix<double>((Matrix<double>(3, 1) << 1, 2, 3).finished()), -570);
    REQUIRE(kb::gram(kb::LinearKernel<double>{}, X).isZero(0.0));
    CHECK_THROWS_WITH_AS(kb::KernelPca(kb::LinearKernel<double>{}, X, {.components = 1}),
                         doctest::Contains("KernelPca: every kernel value k(x_i, x_j) is 0 for these points (max |x| = "),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca(kb::LinearKernel<double>{}, X, {.components = 1}),
                         doctest::Contains("have underflowed double"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca(kb::LinearKernel<double>{}, X),
                         doctest::Contains("every kernel value k(x_i, x_j) is 0 for these points (max |x| = "), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca(kb::LinearKernel<double>{}, X), doctest::Contains("have underflowed double"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap(kb::LinearKernel<double>{}, X),
                         doctest::Contains("ExplicitFeatureMap: every kernel value k(x_i, x_j) is 0 for these points"),
                         kb::error);
    // Points that are all 0 are a zero K̃ for a reason: they coincide (the message says so).
    CHECK_THROWS_WITH_AS(kb::KernelPca(kb::LinearKernel<double>{}, Matrix<double>(Matrix<double>::Zero(3, 1)),
                                       {.components = 1}),
                         doctest::Contains("all points coincide"), kb::error);
    // Companion: in real50 the same points are fitted, μ₁ = 2⁻¹¹⁴⁰·‖X − x̄‖² = 2⁻¹¹⁴⁰·2 to rounding.
    const kb::KernelPca<kb::real50> ok(kb::LinearKernel<kb::real50>{}, Matrix<kb::real50>(X.cast<kb::real50>()),
                                       {.components = 1});
    KB_CHECK_WITHIN(kb::real50(kb::times_power_of_two(ok.eigenvalues()(0), 1140) - 2),
                    kb::test::factorisation<kb::real50>(3, kb::real50(14)), "μ₁(2⁻¹¹⁴⁰·XXᵀ)·2¹¹⁴⁰ = 2");
}

namespace {
// K̃ = Σ_k λ_k h_k h_kᵀ / (k(k+1)) on the Helmert vectors h_k (helmert_kernel in double, for an
// N too large for rationals): the eigenvalues of K̃ are the λ_k and 0, to rounding.
Matrix<double> helmert_kernel_double(const std::vector<double>& lambda) {
    const Eigen::Index N = static_cast<Eigen::Index>(lambda.size()) + 1;
    Matrix<double> K = Matrix<double>::Zero(N, N);
    for (Eigen::Index k = 1; k < N; ++k) {
        Vector<double> h = Vector<double>::Zero(N);
        h.head(k).setOnes();
        h(k) = -double(k);
        K += (lambda[static_cast<std::size_t>(k - 1)] / double(k * (k + 1))) * h * h.transpose();
    }
    return K;
}
} // namespace

TEST_CASE("the Lanczos route refuses an indefinite K~ whose negative direction the leading pairs never show: a "
          "Lanczos run for the lowest eigenvalue finds it [zhu:def4]") {
    // N = 250: μ = 10⁵, 5·10⁴, then 4·(N − k) for k = 3 … N − 1 — and −1 in the place of λ_j.
    // τ ≈ 5·10⁻⁵, so −1 is far below −τ; but the Ritz values of the Krylov space that converges to
    // the two leading pairs stay above −τ (the route accepted all three K̃ before the lowest run).
    const int N = 250;
    for (const int j : {3, 100, N - 1}) {
        CAPTURE(j);
        std::vector<double> lambda;
        for (int k = 1; k < N; ++k) lambda.push_back(k == 1 ? 1e5 : k == 2 ? 5e4 : 4.0 * (N - k));
        lambda[std::size_t(j - 1)] = -1;
        const Matrix<double> K = helmert_kernel_double(lambda);
        for (const kb::KpcaSolver route : {kb::KpcaSolver::lanczos, kb::KpcaSolver::automatic})
            CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.components = 2, .solver = route}),
                                 doctest::Contains("is not positive semi-definite: its smallest eigenvalue is at most -"),
                                 kb::error);
        // Companion: with λ_j = 0 instead, K̃ is PSD, the route keeps it, and its PSD check
        // passes with the lowest eigenvalue found at 0 to rounding.
        lambda[std::size_t(j - 1)] = 0;
        const kb::KernelPca<double> psd(helmert_kernel_double(lambda), {.components = 2, .solver = kb::KpcaSolver::lanczos});
        REQUIRE(psd.solver() == kb::KpcaSolver::lanczos);
        REQUIRE(!psd.checks().empty());
        CHECK(psd.checks()[0].name == "PSD");
        CHECK(psd.checks()[0].passed());
    }
}
