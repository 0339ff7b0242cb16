/// \file bad_input.cpp
/// \brief Chapter 5's refusals: bad input to the RKHS, Riesz and Mercer routines throws
///        kb::error with a message that names the argument, what is wrong and what to do.
#include "chapter_support.hpp"

#include "kernelbook/kernels.hpp"
#include "kernelbook/mercer.hpp"
#include "kernelbook/rkhs.hpp"

#include <limits>
#include <vector>

namespace {
const double nan_value = std::numeric_limits<double>::quiet_NaN();
const double inf_value = std::numeric_limits<double>::infinity();
} // namespace

TEST_CASE("KernelExpansion refuses mismatched counts and empty or non-finite centres and coefficients [zhu:thm5]") {
    const kb::LinearKernel<double> k;
    Matrix<double> X(2, 2);
    X << 1, 2, 3, 4;
    CHECK_THROWS_WITH_AS((KernelExpansion<double, kb::LinearKernel<double>>(k, X, Vector<double>::Ones(3))),
                         doctest::Contains("2 centres (rows of X) but 3 coefficients"), kb::error);
    CHECK_THROWS_WITH_AS((KernelExpansion<double, kb::LinearKernel<double>>(k, Matrix<double>(0, 2), Vector<double>(0))),
                         doctest::Contains("at least one point"), kb::error);
    Matrix<double> Xbad = X;
    Xbad(1, 0) = nan_value;
    CHECK_THROWS_WITH_AS((KernelExpansion<double, kb::LinearKernel<double>>(k, Xbad, Vector<double>::Ones(2))),
                         doctest::Contains("X(1,0) = nan is not finite"), kb::error);
    Vector<double> abad = Vector<double>::Ones(2);
    abad(0) = inf_value;
    CHECK_THROWS_WITH_AS((KernelExpansion<double, kb::LinearKernel<double>>(k, X, abad)),
                         doctest::Contains("α(0,0) = inf is not finite"), kb::error);
    const KernelExpansion<double, kb::LinearKernel<double>> f(k, X, Vector<double>::Ones(2));
    CHECK_THROWS_WITH_AS(inf_value * f, doctest::Contains("s = inf is not finite"), kb::error);
}

TEST_CASE("evaluation and pairing refuse points of another dimension and a different kernel [zhu:prop6]") {
    const auto k1 = kb::GaussianKernel<double>::from_gamma(1.0);
    const auto k2 = kb::GaussianKernel<double>::from_gamma(2.0);
    Matrix<double> X(2, 2), Y(1, 3), Z(2, 2);
    X << 0, 0, 1, 0;
    Y << 0, 0, 0;
    Z << 0, 1, 1, 1;
    const KernelExpansion<double, kb::GaussianKernel<double>> f(k1, X, Vector<double>::Ones(2));
    const KernelExpansion<double, kb::GaussianKernel<double>> g(k1, Y, Vector<double>::Ones(1));
    const KernelExpansion<double, kb::GaussianKernel<double>> h(k2, Z, Vector<double>::Ones(2));
    CHECK_THROWS_WITH_AS(f(Y.row(0)), doctest::Contains("has 3 entries but f is a function on R^2"), kb::error);
    Matrix<double> zbad(1, 2);
    zbad << nan_value, 0;
    CHECK_THROWS_WITH_AS(f(zbad.row(0)), doctest::Contains("not finite"), kb::error);
    CHECK_THROWS_WITH_AS(f.values(Y), doctest::Contains("dimension 3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::inner(f, g), doctest::Contains("f is a function on R^2 but g is a function on R^3"),
                         kb::error);
    CHECK_THROWS_WITH_AS(f + g, doctest::Contains("points of the same dimension"), kb::error);
    CHECK_THROWS_WITH_AS(kb::inner(f, h), doctest::Contains("different kernels"), kb::error);
    CHECK_THROWS_WITH_AS(f - h, doctest::Contains("different kernels"), kb::error);
    CHECK_THROWS_WITH_AS(kb::gram_matrix(std::vector<KernelExpansion<double, kb::GaussianKernel<double>>>{}),
                         doctest::Contains("list of functions is empty"), kb::error);
}

TEST_CASE("squared_norm names a kernel that is not PSD [zhu:thm5]") {
    const ch05::SquaredDistanceKernel<kb::rational> k;
    Matrix<kb::rational> X(2, 1);
    X << 0, 1;
    Vector<kb::rational> a(2);
    a << 1, -1;
    const KernelExpansion<kb::rational, ch05::SquaredDistanceKernel<kb::rational>> f(k, X, a);
    CHECK_THROWS_WITH_AS(kb::squared_norm(f), doctest::Contains("the kernel is not positive semi-definite"), kb::error);
}

TEST_CASE("Riesz representer and interpolant refuse dependent sections and wrong sizes [beeny:thmB.1]") {
    const kb::LinearKernel<kb::rational> k;
    Matrix<kb::rational> X(3, 2);
    X << 1, 0, 0, 1, 1, 1; // three sections of the linear kernel on R²: dependent
    CHECK_THROWS_WITH_AS(kb::riesz_representer(k, X, Vector<kb::rational>(Vector<kb::rational>::Ones(3))),
                         doctest::Contains("linearly dependent"), kb::error);
    CHECK_THROWS_WITH_AS(kb::minimum_norm_interpolant(k, X, Vector<kb::rational>(Vector<kb::rational>::Ones(3))),
                         doctest::Contains("vanishing_combinations lists the dependencies"), kb::error);
    CHECK_THROWS_WITH_AS(kb::minimum_norm_interpolant(k, Matrix<kb::rational>(X.topRows(2)), Vector<kb::rational>(Vector<kb::rational>::Ones(3))),
                         doctest::Contains("y has 3 entries but there are 2 centres"), kb::error);
    Vector<double> ybad = Vector<double>::Ones(2);
    ybad(1) = nan_value;
    CHECK_THROWS_WITH_AS(kb::minimum_norm_interpolant(kb::LinearKernel<double>{}, Matrix<double>(Matrix<double>::Identity(2, 2)), ybad),
                         doctest::Contains("y(1,0) = nan is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::exact_null_space(Matrix<kb::rational>(0, 3)), doctest::Contains("non-empty"), kb::error);
}

TEST_CASE("quadrature rules and the Mercer discretisation refuse bad parameters [beeny:C]") {
    CHECK_THROWS_WITH_AS(kb::trapezoid_rule<double>(1, -1.0, 1.0), doctest::Contains("needs n ≥ 2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::trapezoid_rule<double>(5, 1.0, -1.0), doctest::Contains("a < b"), kb::error);
    CHECK_THROWS_WITH_AS(kb::gauss_legendre_rule<double>(0, -1.0, 1.0), doctest::Contains("needs n ≥ 1"), kb::error);
    CHECK_THROWS_WITH_AS(kb::gauss_legendre_rule<double>(4, 0.0, inf_value), doctest::Contains("must be finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::gauss_hermite_rule<double>(4, -1.0), doctest::Contains("must be > 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::gaussian_mercer_eigenvalues<double>(-1.0, 1.0, 3), doctest::Contains("need γ > 0"), kb::error);
    const auto k = kb::GaussianKernel<double>::from_gamma(1.0);
    auto rule = kb::trapezoid_rule<double>(5, -1.0, 1.0);
    rule.weights(2) = 0;
    CHECK_THROWS_WITH_AS((kb::NystromMercer<double, kb::GaussianKernel<double>>(k, rule)),
                         doctest::Contains("w(2) = 0 must be > 0"), kb::error);
    rule.weights = Vector<double>::Ones(4);
    CHECK_THROWS_WITH_AS((kb::NystromMercer<double, kb::GaussianKernel<double>>(k, rule)),
                         doctest::Contains("5 nodes but 4 weights"), kb::error);
    rule = kb::trapezoid_rule<double>(5, -1.0, 1.0);
    rule.nodes(1, 0) = nan_value;
    CHECK_THROWS_WITH_AS((kb::NystromMercer<double, kb::GaussianKernel<double>>(k, rule)), doctest::Contains("not finite"),
                         kb::error);
    const kb::NystromMercer<double, kb::GaussianKernel<double>> M(k, kb::trapezoid_rule<double>(5, -1.0, 1.0));
    CHECK_THROWS_WITH_AS(M.truncated_at_nodes(6), doctest::Contains("choose 0 ≤ m ≤ N = 5"), kb::error);
    const Matrix<double> x = Matrix<double>::Zero(1, 1);
    CHECK_THROWS_WITH_AS(M.truncated(M.numerical_rank() + 1, x, x), doctest::Contains("divides by λ_i"), kb::error);
    CHECK_THROWS_WITH_AS(M.eigenfunctions(Matrix<double>::Zero(1, 2)), doctest::Contains("dimension 2"), kb::error);
}

TEST_CASE("feature refuses an empty or non-finite point x") {
    const kb::LinearKernel<double> k;
    CHECK_THROWS_WITH_AS(kb::feature(k, RowVector<double>(0)),
                         doctest::Contains("feature: the point x has no entries; give a point of dimension q ≥ 1"),
                         kb::error);
    const RowVector<double> x = (RowVector<double>(2) << 1, nan_value).finished();
    CHECK_THROWS_WITH_AS(kb::feature(k, x),
                         doctest::Contains("feature: x(0,1) = nan is not finite; remove or impute non-finite values "
                                           "before calling"), kb::error);
    // A finite point gives k(x, ·), with f(z) = k(x, z).
    const RowVector<double> ok = (RowVector<double>(2) << 1, 2).finished();
    CHECK(kb::feature(k, ok)(ok) == 5.0);
}

TEST_CASE("combine_repeated_centres refuses coefficients of a repeated centre whose sum overflows") {
    const kb::LinearKernel<double> k;
    Matrix<double> X(3, 2);
    X << 1, 2, 3, 4, 1, 2; // rows 0 and 2 are the same centre
    const Vector<double> alpha = (Vector<double>(3) << 1e308, 1, 1e308).finished();
    const KernelExpansion<double, kb::LinearKernel<double>> f(k, X, alpha);
    CHECK_THROWS_WITH_AS(kb::combine_repeated_centres(f),
                         doctest::Contains("combine_repeated_centres: the coefficients of the centre in row 0 of X "
                                           "and its repeats add up to inf (overflow); rescale f (s·f) before "
                                           "combining its centres"), kb::error);
    // Halved (exactly), the centres combine: 2 terms, the repeated one with 5e307 + 5e307 = 1e308.
    const auto g = kb::combine_repeated_centres(0.5 * f);
    CHECK(g.terms() == 2);
    CHECK(g.coefficients()(0) == 1e308);
}

TEST_CASE("vanishing_combinations refuses an empty set of centres") {
    const kb::LinearKernel<rational> k;
    CHECK_THROWS_WITH_AS(kb::vanishing_combinations(k, Matrix<rational>(0, 2)),
                         doctest::Contains("vanishing_combinations: X must hold at least one point of dimension ≥ 1 "
                                           "(one point per row), but it is 0×2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::vanishing_combinations(k, Matrix<rational>(2, 0)),
                         doctest::Contains("vanishing_combinations: X must hold at least one point of dimension ≥ 1 "
                                           "(one point per row), but it is 2×0"), kb::error);
    // Two equal centres: k(x₁, ·) − k(x₂, ·) = 0, one vanishing combination.
    CHECK(kb::vanishing_combinations(k, Matrix<rational>(Matrix<rational>::Ones(2, 2))).cols() == 1);
}
