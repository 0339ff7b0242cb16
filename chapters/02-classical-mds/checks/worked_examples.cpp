/// \file worked_examples.cpp
/// \brief The chapter's small example (§2), exactly and in real50; the chapter's numeric examples to
///        full precision against exact enclosures: the table
///        of non-Euclidean dissimilarities (zhu:2.2.2) and the five points of the stress erratum
///        (zhu:mds-setup, zhu:def1), each with a failing companion.
#include "exact_roots.hpp"
#include "test_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/mds.hpp"
#include "chapter_support.hpp"

#include <algorithm>
#include <string>
#include <vector>

using Q = Matrix<rational>;
using QVector = Vector<rational>;
using kb::test::ch02::agrees_with_printed;
using kb::test::ch02::symmetric_zero_diagonal;
namespace er = kb::test::exact_roots;

namespace {

/// B = −½ J D⁽²⁾ J by the plain products with J = I − 𝟙𝟙ᵀ/N, in rationals: the reference's own
/// route, not kb::gram_from_squared_distances.
Q reference_gram(const IntMatrix& D2) {
    const Eigen::Index N = D2.rows();
    const Q J = Q::Identity(N, N) - Q::Constant(N, N, rational(1, N));
    return Q(rational(-1, 2) * J * kb::from_integers<rational>(D2) * J);
}

/// max_i Σ_j |b_ij| ≥ ‖B‖₂ for a symmetric B (‖B‖₂ ≤ (‖B‖₁‖B‖_∞)^{1/2} = ‖B‖_∞), exactly.
rational row_sum_norm(const Q& B) {
    rational best(0);
    for (Eigen::Index i = 0; i < B.rows(); ++i) {
        rational s(0);
        for (Eigen::Index j = 0; j < B.cols(); ++j) s += abs(B(i, j));
        best = std::max(best, s);
    }
    return best;
}

/// The rounding bound of an eigenvalue of −½JD⁽²⁾J computed in T from integer D⁽²⁾: the
/// centring is one pass of length N per entry, |δb_ij| ≤ c₁·N·ε·max d², so
/// ‖δB‖₂ ≤ N·max|δb_ij| ≤ c₁·N²·ε·max d² ≤ c₂·N·ε·max d² (c₁N ≤ c₂ for N ≤ 8); the
/// eigensolver adds c₂·N·ε·‖B‖₂ ≤ c₂·N·ε·‖B‖_∞ (Weyl): c₂·N·ε·(‖B‖_∞ + max d²).
template <class T>
kb::test::Bound<T> eigenvalue_bound(const IntMatrix& D2) {
    return kb::test::factorisation<T>(D2.rows(), static_cast<T>(row_sum_norm(reference_gram(D2)) + rational(D2.maxCoeff())));
}

/// The library's error against the enclosures, eigenvalue by eigenvalue (both decreasing).
template <class T>
void check_spectrum(const Vector<T>& computed, const std::vector<er::Root>& exact, const kb::test::Bound<T>& bound,
                    const std::string& what) {
    REQUIRE(computed.size() == static_cast<Eigen::Index>(exact.size()));
    for (std::size_t j = 0; j < exact.size(); ++j) {
        KB_CHECK_WITHIN(er::enclosure_error(computed(j), exact[j]), bound, what + ", λ" + std::to_string(j + 1));
        // A non-zero eigenvalue is resolved to ≥ 40 (real50) / 90 (real100) significant digits.
        if (!(exact[j].lo <= 0 && exact[j].hi >= 0)) {
            const rational magnitude = std::min(rational(abs(exact[j].lo)), rational(abs(exact[j].hi)));
            CHECK(er::to_rational(bound.value) <= er::ten_to_minus(er::required_digits<T>()) * magnitude);
        }
    }
}

} // namespace

// ------------------------------------------------------------------ the chapter's small example
// The four points of the chapter's §2, given to MDS only through their squared distances. The
// exact half checks the numbers the text prints with ==; the real50 half checks that
// kb::ClassicalMds finds them, within bounds built from those exact values.

//! [small-example]
TEST_CASE("the chapter's small example: classical MDS of the distances of (0 0) (2 0) (3 4) (7 0) gives "
          "B = -1/2 J D2 J with the eigenvalues 26 12 0 0 and the centred points (-3 -1) (-1 -1) (0 3) (4 -1), "
          "exactly and in real50") {
    const IntMatrix D2 = symmetric_zero_diagonal(4, {4, 25, 49, 17, 25, 32});
    // The row means 39/2, 23/2, 37/2, 53/2 and the grand mean 19 of D⁽²⁾; J D⁽²⁾ J and B as printed.
    const Q D2q = kb::from_integers<rational>(D2);
    CHECK(QVector(D2q.rowwise().sum() / 4) == QVector(kb::from_integers<rational>(
                                                  (IntMatrix(4, 1) << 39, 23, 37, 53).finished(), 2)));
    CHECK(D2q.sum() / 16 == 19);
    const Q JD2J = kb::double_center(D2q);
    CHECK(JD2J == kb::from_integers<rational>(
                      (IntMatrix(4, 4) << -20, -8, 6, 22, -8, -4, 6, 6, 6, 6, -18, 6, 22, 6, 6, -34).finished()));
    const Q B = kb::gram_from_squared_distances(D2q);
    const Q B_printed = kb::from_integers<rational>(
        (IntMatrix(4, 4) << 10, 4, -3, -11, 4, 2, -3, -3, -3, -3, 9, -3, -11, -3, -3, 17).finished());
    CHECK(B == B_printed);
    CHECK(B == reference_gram(D2)); // the same as the plain product −½ J D⁽²⁾ J
    CHECK(B.trace() == 38);
    // X = [√26 u₁, √12 u₂] with the sign rule is the matrix of the centred points: its columns
    // are eigenvectors of B for 26 and 12, B = XXᵀ (so the two other eigenvalues are 0, and
    // B𝟙 = 0), and X reproduces every squared distance.
    const Q X = kb::from_integers<rational>((IntMatrix(4, 2) << -3, -1, -1, -1, 0, 3, 4, -1).finished());
    CHECK(QVector(B * X.col(0)) == QVector(rational(26) * X.col(0)));
    CHECK(QVector(B * X.col(1)) == QVector(rational(12) * X.col(1)));
    CHECK(X.col(0).squaredNorm() == 26);
    CHECK(X.col(1).squaredNorm() == 12);
    CHECK(Q(X * X.transpose()) == B);
    CHECK(QVector(B * QVector::Ones(4)) == QVector::Zero(4));
    CHECK(kb::squared_distances(X) == D2q);
    // The objective of zhu's Definition 1 at the optimum: 0 with p = 2, λ₂² = 144 with p = 1.
    CHECK(kb::classical_mds_objective(B, X) == 0);
    CHECK(kb::classical_mds_objective(B, Q(X.leftCols(1))) == 144);

    //! [small-example]
    // The library in real50, from the squared distances. The eigenvalue bound of this file,
    // c₂·N·ε·(‖B‖_∞ + max d²) with ‖B‖_∞ = 34 and max d² = 49 (the scale S = 83). A column
    // √λ_j û_j is off by ≤ √λ_j‖δu_j‖ + |δλ_j|/√λ_j ≤ c₂NεS(√λ_j/gap_j + 1) (λ_j ≥ 1), with
    // √λ_j < 6 and gaps 26 − 12 = 14 and 12 − 0 = 12 ≥ 12; both columns: 2·c₂NεS(6 + 12)/12.
    using R = kb::real50;
    const kb::ClassicalMds<R> mds(kb::from_integers<R>(D2), {.components = 2, .input = kb::MdsInput::squared_distances});
    const auto bound = eigenvalue_bound<R>(D2);
    const Vector<R> lambda = (Vector<R>(4) << R(26), R(12), R(0), R(0)).finished();
    for (int j = 0; j < 4; ++j)
        KB_CHECK_WITHIN(R(mds.spectrum()(j) - lambda(j)), bound, "λ" + std::to_string(j + 1) + " of (26, 12, 0, 0)");
    CHECK(mds.positive() == 2);
    CHECK(mds.negative() == 0);
    const R S = static_cast<R>(row_sum_norm(B_printed) + rational(D2.maxCoeff()));
    const auto bound_X = kb::test::subspace<R>(4, R(2 * S * (6 + 12)), R(12));
    KB_CHECK_WITHIN(R((mds.coordinates() - kb::from_integers<R>((IntMatrix(4, 2) << -3, -1, -1, -1, 0, 3, 4, -1)
                                                                     .finished()))
                          .norm()),
                    bound_X, "X = the centred points");
    // Companion: the same check rejects the mirror image (−x, y), an equally good configuration
    // that the sign rule does not choose.
    KB_CHECK_EXCEEDS(R((mds.coordinates() - kb::from_integers<R>((IntMatrix(4, 2) << 3, -1, 1, -1, 0, 3, -4, -1)
                                                                     .finished()))
                           .norm()),
                     bound_X, "X = the mirror image");
}

TEST_CASE_TEMPLATE("the table of non-Euclidean examples to full precision: the eigenvalues that classical MDS reports "
                   "are the roots of det(xI - B) to 40 digits in real50 and 90 in real100 [zhu:2.2.2]",
                   T, KB_REALS) {
    const IntMatrix L1 = symmetric_zero_diagonal(4, {1, 2, 1, 1, 2, 1});
    const IntMatrix T3 = symmetric_zero_diagonal(3, {1, 3, 1});
    const IntMatrix S = symmetric_zero_diagonal(4, {1, 1, 1, 2, 2, 2});
    // The table's printed spectra and negative masses Σ_{λ<0}|λ| / Σ|λ|.
    const std::vector<std::vector<rational>> printed = {
        {2, 2, 0, -1}, {rational(9, 2), 0, rational(-5, 6)}, {2, 2, 0, rational(-1, 4)}};
    const std::vector<rational> mass = {rational(1, 5), rational(5, 32), rational(1, 17)};
    const std::vector<IntMatrix> tables = {L1, T3, S};
    for (std::size_t t = 0; t < tables.size(); ++t) {
        const IntMatrix D2 = tables[t].cwiseProduct(tables[t]);
        const Eigen::Index N = D2.rows();
        // The reference: roots of det(xI − B) with multiplicity, enclosed to 10⁻¹²⁰ relative.
        const std::vector<er::Root> roots = er::eigenvalues(reference_gram(D2), er::reference_width());
        REQUIRE(roots.size() == static_cast<std::size_t>(N));
        for (Eigen::Index j = 0; j < N; ++j) {
            CHECK(roots[j].lo <= printed[t][j]); // the table's numbers lie in the enclosures
            CHECK(roots[j].hi >= printed[t][j]);
        }
        // The library in T: −½JD⁽²⁾J, its eigenvalues through classical MDS (all N reported).
        const auto mds = kb::ClassicalMds(kb::from_integers<T>(D2), {.components = 1, .input = kb::MdsInput::squared_distances});
        const auto bound = eigenvalue_bound<T>(D2);
        check_spectrum<T>(mds.spectrum(), roots, bound, "table " + std::to_string(t + 1));
        CHECK(mds.negative() == 1);
        // Negative mass n/d: |δ(n/d)| ≤ (|δn| + (n/d)|δd|)/d ≤ 2N·b/d, b the eigenvalue bound.
        rational total(0);
        for (const rational& l : printed[t]) total += abs(l);
        KB_CHECK_WITHIN(T(mds.negative_mass() - static_cast<T>(mass[t])),
                        kb::test::factorisation<T>(N, static_cast<T>(2 * N * (row_sum_norm(reference_gram(D2)) +
                                                                               rational(D2.maxCoeff())) / total)),
                        "negative mass Σ|λ<0|/Σ|λ|");
    }
}

TEST_CASE_TEMPLATE("companion: a city-block diagonal of 2 + 1/100 moves the eigenvalues of the first table beyond the "
                   "bound of the full-precision check [zhu:2.2.2]",
                   T, KB_REALS) {
    const IntMatrix L1 = symmetric_zero_diagonal(4, {1, 2, 1, 1, 2, 1});
    const IntMatrix D2 = L1.cwiseProduct(L1);
    const std::vector<er::Root> roots = er::eigenvalues(reference_gram(D2), er::reference_width());
    Matrix<T> wrong = kb::from_integers<T>(D2);
    wrong(0, 2) = wrong(2, 0) = kb::ratio<T>(201, 100) * kb::ratio<T>(201, 100); // d₁₃ = 2.01
    const auto mds = kb::ClassicalMds(wrong, {.components = 1, .input = kb::MdsInput::squared_distances});
    const auto bound = eigenvalue_bound<T>(D2);
    // The double eigenvalue 2 splits and −1 moves; 0 stays (𝟙 is always in the kernel of B).
    KB_CHECK_EXCEEDS(er::enclosure_error(T(mds.spectrum()(0)), roots[0]), bound, "λ₁ of a wrong table");
    KB_CHECK_EXCEEDS(er::enclosure_error(T(mds.spectrum()(3)), roots[3]), bound, "λ₄ of a wrong table");
    KB_CHECK_WITHIN(er::enclosure_error(T(mds.spectrum()(2)), roots[2]), bound, "λ₃ = 0 of any table");
}

TEST_CASE_TEMPLATE("erratum example to full precision: classical MDS of (0 0) (4 0) (0 3) (4 3) (2 1) has eigenvalues "
                   "16 and 46/5 and strain (46/5)^2 = 84.64 and stress 42.968 as exact algebraic numbers "
                   "[zhu:mds-setup] [zhu:def1]",
                   T, KB_REALS) {
    using std::abs;
    const IntMatrix Yi = (IntMatrix(5, 2) << 0, 0, 4, 0, 0, 3, 4, 3, 2, 1).finished();
    IntMatrix D2(5, 5);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) D2(i, j) = (Yi.row(i) - Yi.row(j)).squaredNorm();
    // The reference: B exactly, its eigenvalues as roots, and the MDS coordinate exactly: the
    // centred x is an eigenvector of B for the simple eigenvalue 16, so X = ±x_c (rational).
    const Q B = reference_gram(D2);
    const std::vector<er::Root> roots = er::eigenvalues(B, er::reference_width());
    REQUIRE(roots.size() == 5);
    CHECK((roots[0].lo <= 16 && roots[0].hi >= 16 && roots[0].multiplicity == 1));
    CHECK((roots[1].lo <= rational(46, 5) && roots[1].hi >= rational(46, 5)));
    CHECK((roots[2].lo == 0 && roots[2].hi == 0 && roots[2].multiplicity == 3));
    QVector xc(5);
    for (int i = 0; i < 5; ++i) xc(i) = rational(Yi(i, 0)) - 2; // x̄ = 2
    CHECK(QVector(B * xc) == QVector(rational(16) * xc));
    CHECK(xc.squaredNorm() == 16); // ‖√16 · u₁‖ = ‖x_c‖: X = ±x_c
    // Stress Σ_{i≠j}(d_ij − e_ij)² = Σ(d² + e² − 2e·d), e_ij = |x_i − x_j| ≥ 0, d_ij = √(d²_ij)
    // enclosed as the positive root of x² − d²_ij: an enclosure of the stress.
    rational stress_lo(0), stress_hi(0), spread(0);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) {
            if (i == j) continue;
            const rational e = abs(xc(i) - xc(j));
            const er::Root d = er::real_roots(er::Poly({rational(-D2(i, j)), 0, 1}), er::reference_width())[0];
            stress_lo += D2(i, j) + e * e - 2 * e * d.hi;
            stress_hi += D2(i, j) + e * e - 2 * e * d.lo;
            spread += std::max(rational(abs(d.lo - e)), rational(abs(d.hi - e))); // ≥ |d − e|
        }
    const er::Root stress{stress_lo, stress_hi, 1};
    CHECK(agrees_with_printed(stress.lo, 42968, 3));
    const er::Root strain{roots[1].lo * roots[1].lo, roots[1].hi * roots[1].hi, 1};
    CHECK(agrees_with_printed(strain.lo, 8464, 2));

    const Matrix<T> Y = kb::from_integers<T>(Yi);
    const Matrix<T> D = kb::distances(Y);
    const auto mds = kb::ClassicalMds(D, {.components = 1, .input = kb::MdsInput::distances});
    // Eigenvalues of B: as the table above, with B built from D = √(D⁽²⁾) rounded (|δd²| ≤ 2ε d²).
    check_spectrum<T>(mds.spectrum(), roots, eigenvalue_bound<T>(D2), "five points");
    // Strain ‖B − XXᵀ‖_F² = λ₂²: X minimises it, so X's error enters to second order; the error of
    // the computed B enters as 2‖B − XXᵀ‖_F‖δB‖_F ≤ 2λ₂·N·c₁Nε·max d² ≤ c₂Nε·2λ₂ max d² (c₁N ≤ c₂),
    // the rounding of XXᵀ (entries ≲ ε λ₁ ≤ ε tr B) as 2λ₂·Nε tr B, the final sum as c₁N²ε·λ₂².
    const rational trB = B.trace(), max_d2 = rational(D2.maxCoeff());
    const auto bound_strain = kb::test::factorisation<T>(5, static_cast<T>(2 * roots[1].hi * (trB + max_d2)));
    KB_CHECK_WITHIN(er::enclosure_error(kb::classical_mds_objective(mds.gram(), mds.coordinates()), strain), bound_strain, "strain = λ₂²");
    CHECK(er::to_rational(bound_strain.value) <= er::ten_to_minus(er::required_digits<T>()) * strain.lo);
    // Stress: not stationary in X, so X's error enters to first order: |δS| ≤ 2Σ|d − e|(|δd| + |δe|),
    // |δe| ≤ 2 max|δx_i|, δX = δ(√λ₁ u₁) ≤ (√λ₁ + 1/(2√λ₁))·c₂Nε(‖B‖ + max d²)/gap ≤ (√λ₁ + 1)·…
    // (λ₁ ≥ 1), √λ₁ from the enclosure of the positive root of x² − λ₁,hi; |δd| ≤ ε d is below
    // that, and the sum's own rounding c₁N²ε·S is covered by c₂N ≥ c₁N.
    const rational gap = er::gap_lower_bound(roots[0], roots[1]);
    const rational sqrt_l1 = er::real_roots(er::Poly({rational(-roots[0].hi), 0, 1}), er::reference_width())[0].hi + 1;
    const auto bound_stress =
        kb::test::subspace<T>(5, static_cast<T>(2 * spread * 2 * sqrt_l1 * (trB + max_d2)), static_cast<T>(gap));
    KB_CHECK_WITHIN(er::enclosure_error(kb::mds_stress(D, mds.coordinates()), stress), bound_stress, "stress = 42.968…");
    CHECK(er::to_rational(bound_stress.value) <= er::ten_to_minus(er::required_digits<T>()) * stress.lo);
    // Companion: the same checks reject the strain λ₁² (the wrong eigenvalue discarded) and the
    // stress counted once per pair (the seed's Σ over all i, j counts each pair twice).
    const er::Root wrong_strain{roots[0].lo * roots[0].lo, roots[0].hi * roots[0].hi, 1};
    KB_CHECK_EXCEEDS(er::enclosure_error(kb::classical_mds_objective(mds.gram(), mds.coordinates()), wrong_strain), bound_strain,
                     "strain = λ₁²");
    KB_CHECK_EXCEEDS(er::enclosure_error(T(kb::mds_stress(D, mds.coordinates()) / 2), stress), bound_stress, "stress over i < j");
}
