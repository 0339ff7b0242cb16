/// \file bad_input.cpp
/// \brief Chapter 8's refusals: bad input to the explicit map, to the kernel PCA routes, to
///        the Nyström routines and to kb::psd_pseudo_inverse() throws kb::error with a message
///        that names what is wrong.
#include "chapter_support.hpp"

#include "kernelbook/closure.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/spectral.hpp"

#include <cmath>
#include <limits>
#include <string>

using namespace kb::test::ch08;

TEST_CASE("bad input: wrong dimension - non-PSD K - rank tolerance out of range - singular K - empty - non-finite") {
    const Matrix<double> X = kb::from_integers<double>((IntMatrix(3, 2) << 0, 0, 1, 0, 0, 1).finished());
    const auto g = kb::GaussianKernel<double>::from_gamma(1.0);
    const kb::ExplicitFeatureMap<double> phi(g, X);
    // Test points of the wrong dimension.
    CHECK_THROWS_WITH_AS(phi.transform(Matrix<double>::Ones(2, 3)), doctest::Contains("dimension q = 2"), kb::error);
    CHECK_THROWS_WITH_AS(phi.transform_columns(Matrix<double>::Ones(4, 1)),
                         doctest::Contains("N = 3 entries"), kb::error);
    // Non-finite test points and training points.
    Matrix<double> bad = Matrix<double>::Zero(1, 2);
    bad(0, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(phi.transform(bad), doctest::Contains("Z(0,1) = nan is not finite"), kb::error);
    Matrix<double> Xbad = X;
    Xbad(2, 0) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, Xbad), doctest::Contains("X(2,0) = inf"), kb::error);
    // A kernel value that overflows.
    const Matrix<double> Xbig = Matrix<double>::Constant(2, 1, 1e200);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(kb::PolynomialKernel<double>(1.0, 2), Xbig),
                         doctest::Contains("is not finite for the kernel k(x, y) = (1 + xᵀy)^2; rescale the data"),
                         kb::error);
    // N < 1.
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, Matrix<double>(0, 2)),
                         doctest::Contains("N ≥ 1"), kb::error);
    // Not a kernel: K indefinite (a negative distance, and a sigmoid "kernel").
    const auto neg_distance = [](const auto& x, const auto& y) { return -(x - y).squaredNorm(); };
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(neg_distance, X),
                         doctest::Contains("not positive semi-definite"), kb::error);
    const auto sigmoid = [](const auto& x, const auto& y) { return std::tanh(x.dot(y) - 1.0); };
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(sigmoid, X), doctest::Contains("not positive semi-definite"),
                         kb::error);
    const auto neg_rational = [](const auto& x, const auto& y) { return kb::rational(-(x - y).squaredNorm()); };
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<rational>(neg_rational, kb::convert_matrix<rational>(X)),
                         doctest::Contains("decided exactly"), kb::error);
    // Rank tolerance out of range.
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, X, {.rank_tolerance = -1.0}), doctest::Contains("out of range"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, X, {.rank_tolerance = std::numeric_limits<double>::quiet_NaN()}),
                         doctest::Contains("out of range"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, X, {.rank_tolerance = 100.0}), doctest::Contains("below λ_max"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<rational>(kb::PolynomialKernel<rational>(rational(1), 2), kb::convert_matrix<rational>(X), {.rank_tolerance = rational(1, 10)}),
                         doctest::Contains("pass rank_tolerance = 0"), kb::error);
    // A singular K without a rank tolerance: duplicate training points.
    Matrix<double> Xdup(3, 2);
    Xdup << 0, 0, 1, 0, 1, 0;
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, Xdup), doctest::Contains("numerically singular"), kb::error);
    CHECK_NOTHROW(kb::ExplicitFeatureMap<double>(g, Xdup, {.rank_tolerance = 1e-8}));
}

TEST_CASE("bad input to the kernel PCA routes: too many components and mismatched shapes [ghiasi:eq12-15]") {
    const Matrix<double> X = kb::from_integers<double>((IntMatrix(4, 1) << 0, 1, 2, 4).finished());
    const kb::ExplicitFeatureMap<double> phi(kb::GaussianKernel<double>::from_gamma(1.0), X);
    CHECK_THROWS_WITH_AS(kb::primal_kpca(phi, 4), doctest::Contains("choose 1 ≤ p ≤ 3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::dual_kpca(phi.gram(), 0), doctest::Contains("p = 0"), kb::error);
    const kb::DualKpca<double> dual = kb::dual_kpca(phi.gram(), 2);
    CHECK_THROWS_WITH_AS(kb::combined_projection(dual, Matrix<double>(Matrix<double>::Ones(3, 2))),
                         doctest::Contains("same N"), kb::error);
    CHECK_THROWS_WITH_AS(kb::dual_projection(phi.gram(), dual, Matrix<double>(Matrix<double>::Ones(5, 2))),
                         doctest::Contains("N = 4"), kb::error);
    CHECK_THROWS_WITH_AS(kb::primal_projection(phi, kb::primal_kpca(phi, 1), Matrix<double>(Matrix<double>::Ones(3, 1))),
                         doctest::Contains("N = 4 rows"), kb::error);
    Matrix<double> kZ = Matrix<double>::Ones(4, 2);
    CHECK(kb::primal_projection(phi, kb::primal_kpca(phi, 1), kZ).rows() == 2);
    kZ(3, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::primal_projection(phi, kb::primal_kpca(phi, 1), kZ),
                         doctest::Contains("primal_projection: k_Z(3,1) = nan is not finite"), kb::error);
    Matrix<double> indefinite(2, 2);
    indefinite << 1, 2, 2, 1;
    CHECK_THROWS_WITH_AS(kb::dual_kpca(indefinite, 1), doctest::Contains("not positive semi-definite"), kb::error);
}

TEST_CASE("bad input to the Nystrom routines") {
    const Matrix<double> K = Matrix<double>::Identity(3, 3);
    CHECK_THROWS_WITH_AS(kb::nystrom_kernel(K, Matrix<double>(Matrix<double>::Ones(2, 1)), Matrix<double>(Matrix<double>::Ones(3, 1))),
                         doctest::Contains("one row per landmark"), kb::error);
    Matrix<double> dup(2, 2);
    dup << 1, 1, 1, 1; // two identical landmarks
    CHECK_THROWS_WITH_AS(kb::nystrom_kernel(dup, Matrix<double>(Matrix<double>::Ones(2, 1)), Matrix<double>(Matrix<double>::Ones(2, 1))),
                         doctest::Contains("not positive definite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::greedy_landmarks(K, 4, 0.0), doctest::Contains("1 ≤ m ≤ N"), kb::error);
    CHECK_THROWS_WITH_AS(kb::greedy_landmarks(K, 2, -1.0), doctest::Contains("tol = -1"), kb::error);
    Matrix<rational> indefinite(2, 2);
    indefinite << 0, 1, 1, 0;
    CHECK_THROWS_WITH_AS(kb::pseudo_inverse_exact(indefinite), doctest::Contains("not positive semi-definite"),
                         kb::error);
}

TEST_CASE("kernel_columns and inner_products and residuals and transform_centered refuse points of the wrong "
          "dimension or empty or non-finite") {
    const Matrix<double> X = kb::from_integers<double>((IntMatrix(3, 2) << 0, 0, 1, 0, 0, 1).finished());
    const kb::ExplicitFeatureMap<double> phi(kb::GaussianKernel<double>::from_gamma(1.0), X);
    const Matrix<double> ok = Matrix<double>::Zero(2, 2), wide = Matrix<double>::Ones(2, 3), empty(0, 2);
    Matrix<double> bad = Matrix<double>::Zero(1, 2);
    bad(0, 1) = std::numeric_limits<double>::quiet_NaN();
    // The same three refusals, in the name of the class, from each member that takes points.
    const char* const wide_refused = "ExplicitFeatureMap: the points Z must be non-empty rows of dimension q = 2 (the "
                                     "dimension of the training points), but Z is 2×3";
    const char* const empty_refused = "ExplicitFeatureMap: the points Z must be non-empty rows of dimension q = 2 (the "
                                      "dimension of the training points), but Z is 0×2";
    const char* const nan_refused = "ExplicitFeatureMap: Z(0,1) = nan is not finite; remove or impute non-finite values "
                                    "before calling";
    CHECK_THROWS_WITH_AS(phi.kernel_columns(wide), doctest::Contains(wide_refused), kb::error);
    CHECK_THROWS_WITH_AS(phi.kernel_columns(empty), doctest::Contains(empty_refused), kb::error);
    CHECK_THROWS_WITH_AS(phi.kernel_columns(bad), doctest::Contains(nan_refused), kb::error);
    CHECK_THROWS_WITH_AS(phi.inner_products(wide, ok), doctest::Contains(wide_refused), kb::error);
    CHECK_THROWS_WITH_AS(phi.inner_products(ok, bad), doctest::Contains(nan_refused), kb::error);
    CHECK_THROWS_WITH_AS(phi.inner_products(ok, empty), doctest::Contains(empty_refused), kb::error);
    CHECK_THROWS_WITH_AS(phi.residuals(wide), doctest::Contains(wide_refused), kb::error);
    CHECK_THROWS_WITH_AS(phi.residuals(bad), doctest::Contains(nan_refused), kb::error);
    CHECK_THROWS_WITH_AS(phi.transform_centered(wide), doctest::Contains(wide_refused), kb::error);
    CHECK_THROWS_WITH_AS(phi.transform_centered(bad), doctest::Contains(nan_refused), kb::error);
    // The points of the right dimension are accepted.
    CHECK(phi.kernel_columns(ok).rows() == 3);
    CHECK(phi.inner_products(ok, X).cols() == 3);
}

TEST_CASE("transform_columns and transform_centered_columns and inner_products_of_columns refuse kernel columns of "
          "the wrong length or non-finite with a message") {
    const Matrix<double> X = kb::from_integers<double>((IntMatrix(3, 2) << 0, 0, 1, 0, 0, 1).finished());
    const kb::ExplicitFeatureMap<double> phi(kb::GaussianKernel<double>::from_gamma(1.0), X);
    const Matrix<double> kZ = phi.kernel_columns(Matrix<double>::Zero(2, 2));
    CHECK(phi.transform_columns(kZ).rows() == 2);
    CHECK(phi.inner_products_of_columns(kZ, kZ).rows() == 2);
    CHECK_THROWS_WITH_AS(phi.inner_products_of_columns(kZ, Matrix<double>(Matrix<double>::Ones(2, 2))),
                         doctest::Contains("ExplicitFeatureMap: kernel columns k_z must have N = 3 entries (one per "
                                           "training point), but have 2"), kb::error);
    // Without the check, one NaN would turn every feature of its point into NaN.
    Matrix<double> bad = kZ;
    bad(2, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(phi.transform_columns(bad),
                         doctest::Contains("ExplicitFeatureMap: k_Z(2,1) = nan is not finite; remove or impute "
                                           "non-finite values before calling"), kb::error);
    CHECK_THROWS_WITH_AS(phi.transform_centered_columns(bad),
                         doctest::Contains("ExplicitFeatureMap: k_Z(2,1) = nan is not finite"), kb::error);
    bad(2, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(phi.inner_products_of_columns(kZ, bad),
                         doctest::Contains("ExplicitFeatureMap: k_Z(2,1) = inf is not finite"), kb::error);
    // In real50, the same refusal.
    const kb::ExplicitFeatureMap<kb::real50> phi50(kb::GaussianKernel<kb::real50>::from_gamma(kb::real50(1)),
                                                   Matrix<kb::real50>(X.cast<kb::real50>()));
    Matrix<kb::real50> bad50 = kZ.cast<kb::real50>();
    bad50(0, 0) = std::numeric_limits<kb::real50>::quiet_NaN();
    CHECK_THROWS_WITH_AS(phi50.transform_columns(bad50),
                         doctest::Contains("ExplicitFeatureMap: k_Z(0,0) = nan is not finite"), kb::error);
}

TEST_CASE("residuals refuses a kernel value k(z, z) that overflows where the kernel columns do not") {
    // (1 + xz)² on X = (0, 1): K = [1 1; 1 4] is invertible. At z = 1e100 the kernel columns
    // 1 and (1 + 1e100)² = 1e200 are finite, but k(z, z) = (1 + 1e200)² overflows.
    const Matrix<double> X = kb::from_integers<double>((IntMatrix(2, 1) << 0, 1).finished());
    const kb::ExplicitFeatureMap<double> phi(kb::PolynomialKernel<double>(1.0, 2), X);
    const Matrix<double> Z = Matrix<double>::Constant(1, 1, 1e100);
    CHECK(phi.kernel_columns(Z).allFinite());
    CHECK_THROWS_WITH_AS(phi.residuals(Z),
                         doctest::Contains("ExplicitFeatureMap: the kernel value k(z_m, z_m) at (0,0) = inf is not "
                                           "finite for the kernel k(x, y) = (1 + xᵀy)^2; rescale the data or choose "
                                           "kernel parameters that do not overflow"),
                         kb::error);
    CHECK(phi.residuals(X).cwiseAbs().maxCoeff() < 1e-12); // zero at the training points
}

// A kernel whose values all lie below the normal range of double (here 2⁻¹⁰³⁰ times a Gaussian
// kernel, values below 10⁻³¹⁰) has lost digits to underflow: the map refuses it naming the scale
// instead of deciding from rounding that K is not PSD or singular.
TEST_CASE("the explicit map refuses a kernel whose values are all subnormal and names the scale") {
    const Matrix<double> X = kb::from_integers<double>((IntMatrix(3, 1) << 0, 1, 2).finished());
    const auto g = kb::GaussianKernel<double>::from_gamma(1.0);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(kb::scaled(kb::times_power_of_two(1.0, -1030), g), X),
                         doctest::Contains("ExplicitFeatureMap: every entry of K is below the smallest normal double "
                                           "2.22507e-308 (max |K| = "),
                         kb::error);
    // Companion: at 2⁻¹⁰⁰⁰ the values are normal, and the map is that of the kernel g times
    // 2⁻⁵⁰⁰, bit for bit (the map decomposes K at the scale 4ʲ, exactly).
    const kb::ExplicitFeatureMap<double> one(kb::scaled(1.0, g), X);
    const kb::ExplicitFeatureMap<double> tiny(kb::scaled(kb::times_power_of_two(1.0, -1000), g), X);
    CHECK(tiny.training_features() == kb::times_power_of_two(one.training_features(), -500));
}

TEST_CASE("select_rows refuses an index out of range") {
    const Matrix<double> A = Matrix<double>::Identity(3, 3);
    CHECK_THROWS_WITH_AS(kb::select_rows(A, {0, 3}),
                         doctest::Contains("select_rows: index 3 is out of range for 3 rows; "
                                           "give row indices in [0, 3)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::select_rows(A, {-1}),
                         doctest::Contains("select_rows: index -1 is out of range for 3 rows"), kb::error);
    CHECK(kb::select_rows(A, {2, 0}) == (Matrix<double>(2, 3) << 0, 0, 1, 1, 0, 0).finished());
    CHECK_THROWS_WITH_AS(kb::select_rows(Matrix<kb::real50>(Matrix<kb::real50>::Identity(2, 2)), {2}),
                         doctest::Contains("select_rows: index 2 is out of range for 2 rows"), kb::error);
}

TEST_CASE("psd_pseudo_inverse refuses a negative, non-finite or too large rank tolerance") {
    const Matrix<double> K = Matrix<double>::Identity(3, 3);
    CHECK_THROWS_WITH_AS(kb::psd_pseudo_inverse(K, -1.0),
                         doctest::Contains("psd_pseudo_inverse: rank_tol = -1 must be finite and ≥ 0; use "
                                           "default_rank_tolerance(n, λ_max)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::psd_pseudo_inverse(K, std::numeric_limits<double>::quiet_NaN()),
                         doctest::Contains("psd_pseudo_inverse: rank_tol = nan must be finite and ≥ 0; use "
                                           "default_rank_tolerance(n, λ_max)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::psd_pseudo_inverse(K, std::numeric_limits<double>::infinity()),
                         doctest::Contains("psd_pseudo_inverse: rank_tol = inf must be finite and ≥ 0; use "
                                           "default_rank_tolerance(n, λ_max)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::psd_pseudo_inverse(K, 1.0),
                         doctest::Contains("psd_pseudo_inverse: rank_tol = 1 is not below λ_max = 1, so no eigenvalue "
                                           "would be kept; use a smaller tolerance"), kb::error);
    // The same refusal in real50; a tolerance below λ_max is accepted.
    CHECK_THROWS_WITH_AS(kb::psd_pseudo_inverse(Matrix<kb::real50>(Matrix<kb::real50>::Identity(2, 2)), kb::real50(-1)),
                         doctest::Contains("psd_pseudo_inverse: rank_tol = -1 must be finite and ≥ 0"), kb::error);
    CHECK(kb::psd_pseudo_inverse(K, 0.5) == K);
}
