/// \file bad_input.cpp
/// \brief Refusals of bad input: classical MDS, the dissimilarity checks, the exact double
///        centring, the stress, the objective and the Guttman step throw kb::error with a message.
#include "test_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/mds.hpp"
#include "chapter_support.hpp"

#include <limits>

using Q = Matrix<rational>;
using kb::test::ch02::symmetric_zero_diagonal;

TEST_CASE("classical_mds refuses bad input with a message: shapes and points and NaN and symmetry and p") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Matrix<double> B(3, 3);
    B << 2, -1, -1, -1, 2, -1, -1, -1, 2; // eigenvalues 3, 3, 0
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(2, 3), {.components = 1}), doctest::Contains("square"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(Matrix<double>::Ones(1, 1)), {.components = 1}), doctest::Contains("at least 2 points"),
                         kb::error);
    Matrix<double> bad = B;
    bad(0, 1) = nan;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, {.components = 1}), doctest::Contains("is not finite"), kb::error);
    bad = B;
    bad(0, 1) = 5;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, {.components = 1}), doctest::Contains("must be symmetric"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(B, {.components = 0}), doctest::Contains("choose 1 ≤ components ≤ N"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(B, {.components = 4}), doctest::Contains("N = 3 points"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(B, {.components = 3}), doctest::Contains("only 2 positive eigenvalue"), kb::error);
    CHECK(kb::ClassicalMds(B, {.components = 2}).coordinates().cols() == 2);
    // Every coordinate (the default) is one per positive eigenvalue; a negative count other
    // than kb::all_components is refused.
    CHECK(kb::ClassicalMds(B).components() == 2);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(B, {.components = -3}), doctest::Contains("components = -3"), kb::error);
    // All points identical: B = 0 has no positive eigenvalue at all, and the message says why.
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(Matrix<double>::Zero(3, 3)), {.components = 1, .input = kb::MdsInput::distances}),
                         doctest::Contains("only 0 positive eigenvalue"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(Matrix<double>::Zero(3, 3)), {.input = kb::MdsInput::distances}),
                         doctest::Contains("every positive coordinate was asked for, but B has only 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(Matrix<double>::Zero(3, 3)), {.components = 1, .input = kb::MdsInput::distances}),
                         doctest::Contains("B = 0 to rounding: all points coincide, so there is no coordinate to "
                                           "give them"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(kb::distances(Matrix<double>(Matrix<double>::Constant(4, 2, 3.0))), {.components = 1, .input = kb::MdsInput::distances}),
                         doctest::Contains("all points coincide"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<kb::real50>(Matrix<kb::real50>::Zero(3, 3)), {.components = 1, .input = kb::MdsInput::distances}),
                         doctest::Contains("all points coincide"), kb::error);
    // Two of three points apart: one coordinate.
    CHECK(kb::ClassicalMds(kb::distances(Matrix<double>((Matrix<double>(3, 1) << 0, 0, 2).finished())), {.components = 1, .input = kb::MdsInput::distances})
              .components() == 1);
}

TEST_CASE("dissimilarity matrices are checked: square and N >= 2 and finite and symmetric and zero diagonal and "
          "non-negative") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Matrix<double> D(3, 3);
    D << 0, 1, 2, 1, 0, 1, 2, 1, 0;
    CHECK(kb::ClassicalMds(D, {.components = 1, .input = kb::MdsInput::distances}).coordinates().rows() == 3);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(3, 2), {.components = 1, .input = kb::MdsInput::distances}),
                         doctest::Contains("must be a square N×N dissimilarity matrix"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(Matrix<double>::Zero(1, 1)), {.components = 1, .input = kb::MdsInput::distances}),
                         doctest::Contains("at least 2 points"), kb::error);
    Matrix<double> bad = D;
    bad(2, 0) = nan;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, {.components = 1, .input = kb::MdsInput::distances}), doctest::Contains("D(2,0) = nan is not finite"),
                         kb::error);
    bad = D;
    bad(0, 2) = 3;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, {.components = 1, .input = kb::MdsInput::distances}), doctest::Contains("D must be symmetric"),
                         kb::error);
    bad = D;
    bad(1, 1) = 1;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, {.components = 1, .input = kb::MdsInput::distances}), doctest::Contains("diagonal of D must be zero"),
                         kb::error);
    bad = D;
    bad(0, 1) = bad(1, 0) = -1;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, {.components = 1, .input = kb::MdsInput::distances}), doctest::Contains("negative dissimilarity"),
                         kb::error);
    // The same checks guard the squared form and the exact double centring.
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, {.components = 1, .input = kb::MdsInput::squared_distances}), doctest::Contains("negative dissimilarity"),
                         kb::error);
    Q asym = kb::from_integers<rational>(symmetric_zero_diagonal(3, {1, 4, 1}));
    asym(1, 0) = 2;
    CHECK_THROWS_WITH_AS(kb::gram_from_squared_distances(asym), doctest::Contains("D2 must be symmetric"), kb::error);
}

TEST_CASE("the stress and the objective and the Guttman step refuse configurations of the wrong size") {
    Matrix<double> D(3, 3);
    D << 0, 1, 2, 1, 0, 1, 2, 1, 0;
    const Matrix<double> X = Matrix<double>::Zero(2, 1);
    CHECK_THROWS_WITH_AS(kb::mds_stress(D, X), doctest::Contains("one row per point"), kb::error);
    CHECK_THROWS_WITH_AS(kb::guttman_transform(D, X), doctest::Contains("X is 2×1 but D is 3×3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::classical_mds_objective(D, X), doctest::Contains("one row per point"), kb::error);
    CHECK_THROWS_WITH_AS(kb::squared_distances(Matrix<double>(0, 2)), doctest::Contains("at least 1 point"),
                         kb::error);
    Matrix<double> Y = Matrix<double>::Zero(2, 2);
    Y(1, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::city_block_distances(Y), doctest::Contains("is not finite"), kb::error);
}

TEST_CASE("distances refuses no points and non-finite coordinates in its own name") {
    CHECK_THROWS_WITH_AS(kb::distances(Matrix<double>(0, 2)),
                         doctest::Contains("distances: X must hold at least 1 point (row) of dimension ≥ 1, but it is "
                                           "0×2"), kb::error);
    Matrix<double> X = Matrix<double>::Zero(3, 2);
    X(1, 0) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::distances(X),
                         doctest::Contains("distances: X(1,0) = nan is not finite; remove or impute non-finite values "
                                           "before calling"), kb::error);
    // Finite points: |(3, 4)| = 5.
    CHECK(kb::distances(Matrix<double>((Matrix<double>(2, 2) << 0, 0, 3, 4).finished()))(0, 1) == 5.0);
    // In real50, the same refusal.
    CHECK_THROWS_WITH_AS(kb::distances(Matrix<kb::real50>(2, 0)),
                         doctest::Contains("distances: X must hold at least 1 point (row) of dimension ≥ 1, but it is "
                                           "2×0"), kb::error);
}

TEST_CASE("entrywise_square refuses a non-finite dissimilarity and one whose square overflows") {
    Matrix<double> D(2, 2);
    D << 0, std::numeric_limits<double>::quiet_NaN(), 1, 0;
    CHECK_THROWS_WITH_AS(kb::entrywise_square(D),
                         doctest::Contains("entrywise_square: D(0,1) = nan is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    // 10²⁰⁰ is a finite double, its square 10⁴⁰⁰ is not (double stops at 1.8·10³⁰⁸).
    D << 0, 1e200, 1e200, 0;
    CHECK_THROWS_WITH_AS(kb::entrywise_square(D),
                         doctest::Contains("entrywise_square: D(0,1) = 1e+200 squares to inf, beyond the range of the "
                                           "scalar type; rescale the dissimilarities"), kb::error);
    D << 0, 1e150, 1e150, 0; // the square 10³⁰⁰ is in range
    CHECK(kb::entrywise_square(D)(0, 1) == 1e150 * 1e150);
    // In real50 the square of 10²⁰⁰ is in range; a NaN is refused as in double.
    Matrix<kb::real50> D50 = Matrix<kb::real50>::Zero(2, 2);
    D50(1, 0) = std::numeric_limits<kb::real50>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::entrywise_square(D50), doctest::Contains("entrywise_square: D(1,0) = nan is not finite"),
                         kb::error);
}

TEST_CASE("double_center and classical_mds refuse empty matrices") {
    CHECK_THROWS_WITH_AS(kb::double_center(Matrix<double>(0, 0)),
                         doctest::Contains("double_center: K must be a non-empty square matrix, but it is 0×0"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::double_center(Q(0, 3)),
                         doctest::Contains("double_center: K must be a non-empty square matrix, but it is 0×3"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(0, 0), {.components = 1}),
                         doctest::Contains("ClassicalMds: B must be a non-empty square matrix, but it is 0×0"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(0, 0), {.components = 1, .input = kb::MdsInput::distances}),
                         doctest::Contains("ClassicalMds: D is 0×0: MDS needs at least 2 points (a dissimilarity "
                                           "matrix of size N ≥ 2)"), kb::error);
}

// ClassicalMds computes on 2^-e·D (exact) and multiplies back: distances of 10¹⁶⁰ give
// coordinates of 10¹⁶⁰, but B and its eigenvalues (10³²⁰) are not doubles, and at 10⁻¹⁷⁰ they
// (10⁻³⁴⁰) are below the normal range. Unscaled, D² was refused as an overflow at 10¹⁶⁰ and at
// 10⁻¹⁷⁰ every square was 0: "B has only 0 positive eigenvalue(s)", the wrong diagnosis. The
// message gives λ₁ at the input's scale: B of Y is its centred YYᵀ, whose eigenvalues are those of
// the scatter [[5, 3], [3, 14]], λ₁ = (19 + √117)/2 = 14.9083, so 1.49083·10³²¹ for 10¹⁶⁰·D.
TEST_CASE("classical MDS refuses distances whose Gram matrix is beyond the range of double and names the scale") {
    const Matrix<double> Y = (Matrix<double>(4, 2) << 1, 2, 3, 1, 0, 0, 2, 5).finished();
    const Matrix<double> D = kb::distances(Y);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(D * 1e160), {.components = 2, .input = kb::MdsInput::distances}),
                         doctest::Contains("the eigenvalue λ_1 of B = 1.49083e+321 overflows double"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(D * 1e-170), {.components = 2, .input = kb::MdsInput::distances}),
                         doctest::Contains("below the smallest normal double 2.22507e-308"), kb::error);
    // Companion: the same distances at 10^±150 are accepted (B about 10^±300 is representable).
    CHECK(kb::ClassicalMds(Matrix<double>(D * 1e150), {.components = 2, .input = kb::MdsInput::distances}).components() == 2);
    CHECK(kb::ClassicalMds(Matrix<double>(D * 1e-150), {.components = 2, .input = kb::MdsInput::distances}).components() == 2);
}
