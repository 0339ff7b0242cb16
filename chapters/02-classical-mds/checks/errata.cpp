/// \file errata.cpp
/// \brief zhu's erratum "stress is equivalent to strain" (zhu:mds-setup), shown with its
///        correction, and the remark that singular values may tie (zhu:1.2.1). What zhu's
///        assumption of centred data buys (YᵀY = (N − 1)S, B = YYᵀ) is checked in exact.cpp.
#include "test_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/mds.hpp"
#include "chapter_support.hpp"

using Q = Matrix<rational>;
using kb::test::ch02::agrees_with_printed;

//! [remark-ties]
TEST_CASE("remark: the singular values need not be strictly ordered: the centred square has d1 = d2 and no unique "
          "V [zhu:1.2.1] [zhu:1.2.2]") {
    // The corners (±1, ±1): YᵀY = 4I, so d₁ = d₂ = 2 and every orthogonal V diagonalises it.
    const Q Y = kb::from_integers<rational>((IntMatrix(4, 2) << 1, 1, -1, 1, -1, -1, 1, -1).finished());
    CHECK(Q(Y.transpose() * Y) == Q(rational(4) * Q::Identity(2, 2)));
    const Q R = kb::test::cayley_orthogonal<rational>((IntMatrix(2, 2) << 0, 1, -1, 0).finished(), 2);
    CHECK(R != Q::Identity(2, 2));
    CHECK(Q(Y.transpose() * Y * R) == Q(rational(4) * R)); // columns of R are eigenvectors too
    // Two different score matrices YV with the same Gram matrix: the scores are defined
    // only up to a rotation inside the repeated eigenvalue.
    CHECK(Q(Y * R) != Y);
    CHECK(Q((Y * R) * (Y * R).transpose()) == Q(Y * Y.transpose()));
}
//! [remark-ties]

//! [stress-not-strain]
TEST_CASE_TEMPLATE("erratum: minimising the stress is not equivalent to minimising the similarity differences "
                   "[zhu:mds-setup] [zhu:def1]",
                   T, KB_REALS) {
    // Five points in the plane, embedded on a line (p = 1). Classical MDS minimises the
    // strain ‖B − XXᵀ‖²; one Guttman (SMACOF) step from it lowers the stress of
    // zhu:mds-setup by 16 %, and raises the strain: the two problems have different minimisers.
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(5, 2) << 0, 0, 4, 0, 0, 3, 4, 3, 2, 1).finished());
    const Matrix<T> D = kb::distances(Y);
    const auto mds = kb::ClassicalMds(D, {.components = 1, .input = kb::MdsInput::distances});
    const auto bound = kb::test::factorisation<T>(5, T(4 * 25 * 16));
    // The exact classical-MDS configuration is the centred first coordinate, x = (−2 2 −2 2 0)
    // up to sign (λ₁ = 16, λ₂ = 46/5): points 1 and 3, and 2 and 4, coincide. The library's
    // x agrees to rounding; the Guttman step starts from the exact x, since it is
    // discontinuous at coincident points (C_ij = 0 there, ±d_ij/N for any split by rounding).
    const Matrix<T> X0 = kb::from_integers<T>((IntMatrix(5, 1) << -2, 2, -2, 2, 0).finished());
    const T sign = mds.coordinates()(1, 0) < 0 ? T(-1) : T(1);
    // x = √λ₁ u₁: the computed B = −½JD²J is B + E with ‖E‖ ≤ c₂Nε‖B‖ (eigensolver) plus the
    // rounding of D² and of the centring (≤ c₁N²ε max d², under c₂Nε·25 here), so take ‖E‖ ≤
    // c₂Nε(‖B‖ + max d²) = c₂Nε(16 + 25). Then |δu| ≤ ‖E‖/gap (gap = 16 − 46/5) and |δ√λ₁| ≤
    // ‖E‖/(2√λ₁), so |δx| ≤ ‖E‖(√λ₁/gap + 1/(2√λ₁)) = c₂Nε·41·(4 + gap/8)/gap.
    const T gap = T(16) - kb::ratio<T>(46, 5);
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(sign * mds.coordinates() - X0)), kb::test::subspace<T>(5, T(41 * (4 + gap / 8)), gap),
                    "classical MDS x = (−2 2 −2 2 0)");
    const Matrix<T> X1 = kb::guttman_transform(D, X0);
    // From the computed x the step is the same up to rounding: the library counts points a few
    // ulps apart as coincident. Off the coincident pairs C is Lipschitz: with dᵢⱼ ≤ 5 and
    // ‖xᵢ − xⱼ‖ ≥ 2, a change δ of x moves each row of C X/N by at most (20δ + 20δ·2)/5 = 12δ,
    // with δ = max|x − x₀| the step's input perturbation. Each of the two steps also rounds:
    // along any path ≤ 13 operations (two for a distance, a division, 4 terms of Cᵢᵢ, 5 of the
    // row sum, 1/N) on terms Σⱼ|Cᵢⱼ||xⱼ|/N ≤ (10·2 + 4·2.5·2)/5 = 8: one pass of 2·13 at scale 8.
    const T delta = kb::max_abs(Matrix<T>(sign * mds.coordinates() - X0));
    auto step_bound = kb::test::one_pass<T>(2 * 13, T(8));
    step_bound.value += 12 * delta;
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(sign * kb::guttman_transform(D, mds.coordinates()) - X1)), step_bound,
                    "Guttman step from the computed x");
    const T stress0 = kb::mds_stress(D, X0), stress1 = kb::mds_stress(D, X1);
    const T strain0 = kb::classical_mds_objective(mds.gram(), X0), strain1 = kb::classical_mds_objective(mds.gram(), X1);
    // The stress drops by far more than rounding, and the strain rises by far more.
    KB_CHECK_EXCEEDS(T(stress0 - stress1), bound, "stress decrease");
    KB_CHECK_EXCEEDS(T(strain1 - strain0), bound, "strain increase");
    CHECK(stress1 < stress0);
    CHECK(strain1 > strain0);
    // The strain at the MDS solution is exactly (46/5)² (chapter 3: the discarded eigenvalue).
    KB_CHECK_WITHIN(T(abs(strain0 - kb::ratio<T>(2116, 25))), bound, "strain = λ₂²");
    // The numbers the chapter prints: stress 42.968 → 36.228 (−16 %), strain 84.64 → 113.10.
    CHECK(agrees_with_printed(stress0, 42968, 3));
    CHECK(agrees_with_printed(stress1, 36228, 3));
    CHECK(agrees_with_printed(T(100 * (stress0 - stress1) / stress0), 16, 0));
    CHECK(agrees_with_printed(strain0, 8464, 2));
    CHECK(agrees_with_printed(strain1, 11310, 2));
    // The first edition printed 24.739 (−42 %) and 150.17: the step from the computed x, in
    // which rounding had split the coincident pairs (1, 3) and (2, 4) by a few ulps.
    KB_CHECK_EXCEEDS(T(stress1 - kb::ratio<T>(24739, 1000)), bound, "first edition's 24.739");
}
//! [stress-not-strain]
