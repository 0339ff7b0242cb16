/// \file exact.cpp
/// \brief Chapter 2 in exact rational arithmetic: double centring of squared distances
///        (zhu:2.2.2), Schoenberg's criterion decided exactly in both directions, exact
///        witnesses of non-Euclidean dissimilarities, exactly built spectra for zhu:1.2.1,
///        zhu:def1 and gallier:svd, the errata, and every error path of mds.hpp.
#include "exact_roots.hpp"
#include "test_support.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/mds.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <limits>
#include <vector>

using Q = Matrix<rational>;
using QVector = Vector<rational>;
namespace er = kb::test::exact_roots;

namespace {

/// B = −½ J D² J for integer squared dissimilarities, exactly.
Q gram_of(const IntMatrix& D2) { return kb::gram_from_squared_distances(kb::from_integers<rational>(D2)); }

/// vᵀ B v, exactly.
rational quadratic_form(const Q& B, const QVector& v) { return v.dot(B * v); }

/// The symmetric matrix with the given strictly upper entries (row by row) and zero diagonal.
IntMatrix symmetric_zero_diagonal(int N, std::initializer_list<long> upper) {
    IntMatrix D = IntMatrix::Zero(N, N);
    auto it = upper.begin();
    for (int i = 0; i < N; ++i)
        for (int j = i + 1; j < N; ++j) D(i, j) = D(j, i) = *it++;
    return D;
}

/// Whether the symmetric N×N matrix B has exactly the eigenvalues λ (with multiplicity):
/// the power sums tr Bᵏ = Σ_j λ_jᵏ for k = 1, …, N determine the characteristic polynomial
/// (Newton's identities), so equality of all N of them is a proof.
bool has_spectrum(const Q& B, const std::vector<rational>& lambda) {
    if (static_cast<Eigen::Index>(lambda.size()) != B.rows()) return false;
    Q Bk = Q::Identity(B.rows(), B.cols());
    for (Eigen::Index k = 1; k <= B.rows(); ++k) {
        Bk = Q(Bk * B);
        rational power_sum(0);
        for (const rational& l : lambda) {
            rational lk(1);
            for (Eigen::Index i = 0; i < k; ++i) lk *= l;
            power_sum += lk;
        }
        if (Bk.trace() != power_sum) return false;
    }
    return true;
}

/// The 4×4 orthogonal Hadamard matrix H/2; its first column is 𝟙/2, so the other three
/// columns are exactly orthogonal to 𝟙 (centred).
Q hadamard4() {
    Q H(4, 4);
    H << 1, 1, 1, 1, 1, -1, 1, -1, 1, 1, -1, -1, 1, -1, -1, 1;
    return H / rational(2);
}

} // namespace

//! [double-centring-exact]
TEST_CASE("-1/2 J D2 J of squared Euclidean distances equals the centred Gram matrix exactly [zhu:2.2.2]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 10);
        const int q = *kb::test::size_in(1, 4);
        const Q Y = kb::from_integers<rational>(*kb::test::points(N, q, 30), 7);
        const Q Yc = kb::center_columns(Y);
        const Q B = kb::gram_from_squared_distances(kb::squared_distances(Y));
        RC_ASSERT(B == Q(Yc * Yc.transpose()));
        // Schoenberg, the easy direction: Euclidean distances give a PSD B (exact certificate).
        RC_ASSERT(kb::is_psd_exact(B));
    });
}
//! [double-centring-exact]

//! [schoenberg-three-points]
TEST_CASE("Schoenberg for three points: -1/2 J D2 J is PSD iff the triangle inequality holds [zhu:2.2.2]") {
    int euclidean = 0, not_euclidean = 0;
    kb::test::property<rational>([&] {
        const long a = *kb::test::int_in(0, 12), b = *kb::test::int_in(0, 12), c = *kb::test::int_in(0, 12);
        const IntMatrix D = symmetric_zero_diagonal(3, {a, b, c}); // d₁₂ = a, d₁₃ = b, d₂₃ = c
        const bool triangle = a <= b + c && b <= a + c && c <= a + b;
        const bool psd = kb::is_psd_exact(gram_of(D.cwiseProduct(D)));
        RC_ASSERT(psd == triangle);
        (psd ? euclidean : not_euclidean) += 1;
    }, 200);
    // Both directions were exercised.
    CHECK(euclidean > 0);
    CHECK(not_euclidean > 0);
}
//! [schoenberg-three-points]

//! [non-euclidean-witnesses]
TEST_CASE("non-Euclidean dissimilarities have a vector v with v^T B v < 0: city-block and triangle violation and "
          "a star [zhu:2.2.2]") {
    // City-block distances of the unit square's corners (0,0), (1,0), (1,1), (0,1):
    // sides 1, diagonals 2. The alternating v ⊥ 𝟙 gives vᵀBv = −½ vᵀD²v = −½(−8 + 16) = −4.
    const IntMatrix L1 = symmetric_zero_diagonal(4, {1, 2, 1, 1, 2, 1});
    CHECK(kb::from_integers<rational>(L1) ==
          kb::city_block_distances(kb::from_integers<rational>((IntMatrix(4, 2) << 0, 0, 1, 0, 1, 1, 0, 1).finished())));
    const Q B1 = gram_of(L1.cwiseProduct(L1));
    CHECK(quadratic_form(B1, (QVector(4) << 1, -1, 1, -1).finished()) == rational(-4));
    CHECK_FALSE(kb::is_psd_exact(B1));

    // d₁₂ = d₂₃ = 1 but d₁₃ = 3 > d₁₂ + d₂₃: v = (1, −2, 1) gives −½(−4 − 4 + 18) = −5.
    const IntMatrix T3 = symmetric_zero_diagonal(3, {1, 3, 1});
    const Q B2 = gram_of(T3.cwiseProduct(T3));
    CHECK(quadratic_form(B2, (QVector(3) << 1, -2, 1).finished()) == rational(-5));
    CHECK_FALSE(kb::is_psd_exact(B2));

    // Shortest paths in the star with centre 0 and leaves 1, 2, 3: a metric (the triangle
    // inequality holds, with equality), yet not Euclidean — the centre would have to be the
    // midpoint of every pair of leaves. v = (−3, 1, 1, 1) gives −½(−18 + 24) = −3.
    const IntMatrix S = symmetric_zero_diagonal(4, {1, 1, 1, 2, 2, 2});
    const Q B3 = gram_of(S.cwiseProduct(S));
    CHECK(quadratic_form(B3, (QVector(4) << -3, 1, 1, 1).finished()) == rational(-3));
    CHECK_FALSE(kb::is_psd_exact(B3));
}
//! [non-euclidean-witnesses]

TEST_CASE("the spectra of the table of non-Euclidean examples are exactly (2 2 0 -1) and (9/2 0 -5/6) and "
          "(2 2 0 -1/4) and b00 of the star is -3/16 [zhu:2.2.2]") {
    const IntMatrix L1 = symmetric_zero_diagonal(4, {1, 2, 1, 1, 2, 1});
    const IntMatrix T3 = symmetric_zero_diagonal(3, {1, 3, 1});
    const IntMatrix S = symmetric_zero_diagonal(4, {1, 1, 1, 2, 2, 2});
    const Q B1 = gram_of(L1.cwiseProduct(L1)), B2 = gram_of(T3.cwiseProduct(T3)), B3 = gram_of(S.cwiseProduct(S));
    CHECK(has_spectrum(B1, {2, 2, 0, -1}));
    CHECK(has_spectrum(B2, {rational(9, 2), 0, rational(-5, 6)}));
    CHECK(has_spectrum(B3, {2, 2, 0, rational(-1, 4)}));
    CHECK(B3(0, 0) == rational(-3, 16));
    // Companion: the check rejects a wrong value, a wrong multiplicity, and a spectrum with the
    // right trace (k = 1) but the wrong tr B² — each example's spectrum is not another's.
    CHECK_FALSE(has_spectrum(B3, {2, 2, 0, -1}));
    CHECK_FALSE(has_spectrum(B1, {2, 0, 0, -1}));
    CHECK_FALSE(has_spectrum(B2, {4, rational(1, 2), rational(-5, 6)}));
    CHECK_FALSE(has_spectrum(B2, {rational(9, 2), rational(-5, 6)}));
}

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

/// Whether x rounds to digits·10^−decimals, |x − printed| ≤ ½·10^−decimals, exactly.
bool agrees_with_printed(const rational& x, long digits, int decimals) {
    rational unit(1);
    for (int i = 0; i < decimals; ++i) unit *= 10;
    return abs(x - rational(digits) / unit) <= 1 / (2 * unit);
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
        const auto mds = kb::ClassicalMds(kb::from_integers<T>(D2), 1, kb::MdsInput::squared_distances);
        const auto bound = eigenvalue_bound<T>(D2);
        check_spectrum<T>(mds.eigenvalues(), roots, bound, "table " + std::to_string(t + 1));
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
    const auto mds = kb::ClassicalMds(wrong, 1, kb::MdsInput::squared_distances);
    const auto bound = eigenvalue_bound<T>(D2);
    // The double eigenvalue 2 splits and −1 moves; 0 stays (𝟙 is always in the kernel of B).
    KB_CHECK_EXCEEDS(er::enclosure_error(T(mds.eigenvalues()(0)), roots[0]), bound, "λ₁ of a wrong table");
    KB_CHECK_EXCEEDS(er::enclosure_error(T(mds.eigenvalues()(3)), roots[3]), bound, "λ₄ of a wrong table");
    KB_CHECK_WITHIN(er::enclosure_error(T(mds.eigenvalues()(2)), roots[2]), bound, "λ₃ = 0 of any table");
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
    const auto mds = kb::ClassicalMds(D, 1, kb::MdsInput::distances);
    // Eigenvalues of B: as the table above, with B built from D = √(D⁽²⁾) rounded (|δd²| ≤ 2ε d²).
    check_spectrum<T>(mds.eigenvalues(), roots, eigenvalue_bound<T>(D2), "five points");
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

//! [negative-type]
TEST_CASE("the city-block distance itself (not squared) gives a PSD B: l1 is of negative type [zhu:2.2.2]") {
    // Schoenberg again: −½J D J ⪰ 0 means that √d_ij is a Euclidean distance. For
    // d = ‖x − y‖₁ this holds for every point set, although d² fails (the witness above).
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 9);
        const int q = *kb::test::size_in(1, 3);
        const Q D = kb::city_block_distances(kb::from_integers<rational>(*kb::test::points(N, q, 6)));
        RC_ASSERT(kb::is_psd_exact(kb::gram_from_squared_distances(D)));
    });
}
//! [negative-type]

TEST_CASE("certificate: is_psd_exact accepts singular PSD matrices and rejects them minus a null direction "
          "[zhu:2.2.2]") {
    // The counterexample that exposed a wrong "not PSD" verdict of the exact test (pivots
    // chosen from not-yet-updated diagonal entries): −½ J D J for the city-block distances
    // of the points 5, 0, 0, 5, 0, 1, 0 on a line, a PSD matrix of rank 2.
    const Q line = kb::from_integers<rational>((IntMatrix(7, 1) << 5, 0, 0, 5, 0, 1, 0).finished());
    CHECK(kb::is_psd_exact(kb::gram_from_squared_distances(kb::city_block_distances(line))));
    // Gram matrices A Aᵀ of rank ≤ k < N with rows 0 and 1 equal: PSD and singular, and
    // e₀ − e₁ is a null vector, so A Aᵀ − t (e₀ − e₁)(e₀ − e₁)ᵀ is not PSD for any t > 0.
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(3, 9);
        const int k = *kb::test::size_in(1, N - 1);
        IntMatrix A = *kb::test::int_matrix(N, k, -4, 4);
        A.row(1) = A.row(0);
        const Q G = kb::from_integers<rational>(A) * kb::from_integers<rational>(A).transpose();
        RC_ASSERT(kb::is_psd_exact(G));
        QVector v = QVector::Zero(N);
        v(0) = 1;
        v(1) = -1;
        RC_ASSERT(!kb::is_psd_exact(Q(G - rational(1, 100) * v * v.transpose())));
    });
}

TEST_CASE("companion: squared city-block distances are not Euclidean for the square's corners [zhu:2.2.2]") {
    const Q D = kb::city_block_distances(kb::from_integers<rational>((IntMatrix(4, 2) << 0, 0, 1, 0, 1, 1, 0, 1).finished()));
    CHECK(kb::is_psd_exact(kb::gram_from_squared_distances(D)));
    CHECK_FALSE(kb::is_psd_exact(kb::gram_from_squared_distances(Q(D.cwiseProduct(D)))));
}

//! [exact-spectrum-1.2.1]
TEST_CASE("with Y = U D V^T built exactly Y^TY and YY^T have exactly the eigenpairs (D^2 V) and (D^2 U) and U = YVD^-1 "
          "[zhu:1.2.1]") {
    kb::test::property<rational>([] {
        const int q = *kb::test::size_in(1, 4);
        const int N = *kb::test::size_in(q, 7);
        const int r = *kb::test::size_in(1, q);
        const auto d = *kb::test::decreasing_spectrum(r, 1, 12);
        const Q QN = kb::test::cayley_orthogonal<rational>(*kb::test::skew_symmetric(N), 2);
        const Q Qq = kb::test::cayley_orthogonal<rational>(*kb::test::skew_symmetric(q), 2);
        const Q U = QN.leftCols(r), V = Qq.leftCols(r);
        const QVector dv = kb::test::vector_from<rational>(d);
        const Q Y = U * dv.asDiagonal() * V.transpose(); // N×r · r×r · r×q
        const Q YtY = Y.transpose() * Y, YYt = Y * Y.transpose();
        for (int j = 0; j < q; ++j) {
            const rational ev = j < r ? dv(j) * dv(j) : rational(0);
            RC_ASSERT(QVector(YtY * Qq.col(j)) == QVector(ev * Qq.col(j)));
        }
        for (int j = 0; j < N; ++j) {
            const rational ev = j < r ? dv(j) * dv(j) : rational(0);
            RC_ASSERT(QVector(YYt * QN.col(j)) == QVector(ev * QN.col(j)));
        }
        RC_ASSERT(Q(Y * V * dv.cwiseInverse().asDiagonal()) == U);
        RC_ASSERT(YtY.trace() == YYt.trace());
    });
}
//! [exact-spectrum-1.2.1]

//! [exact-def1]
TEST_CASE("exact: the truncation X = U_p D_p attains sum_{j>p} d_j^4 in zhu:def1 and no rotation of it does better "
          "[zhu:def1] [zhu:1.2.2]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 7);
        const int p = *kb::test::size_in(1, N);
        const auto d = *kb::test::decreasing_spectrum(N, 1, 10);
        const Q QN = kb::test::cayley_orthogonal<rational>(*kb::test::skew_symmetric(N), 3);
        const QVector dv = kb::test::vector_from<rational>(d);
        const Q K = QN * dv.cwiseProduct(dv).asDiagonal() * QN.transpose(); // eigenvalues d_j²
        const Q X = QN.leftCols(p) * dv.head(p).asDiagonal();                // U_p D_p
        rational tail(0);
        for (int j = p; j < N; ++j) tail += dv(j) * dv(j) * dv(j) * dv(j);
        RC_ASSERT(kb::classical_mds_objective(K, X) == tail);
        // X·R for an orthogonal R has the same Gram matrix: the minimiser is not unique.
        const Q R = kb::test::cayley_orthogonal<rational>(*kb::test::skew_symmetric(p), 2);
        RC_ASSERT(Q((X * R) * (X * R).transpose()) == Q(X * X.transpose()));
        RC_ASSERT(kb::classical_mds_objective(K, Q(X * R)) == tail);
    });
}
//! [exact-def1]

//! [gallier-exact]
TEST_CASE("exact: for centred X = V_r Sigma_r U_r^T the formula U_r = X^T V_r Sigma_r^-1 and K V_r = V_r Sigma_r^2 "
          "hold exactly [gallier:svd]") {
    kb::test::property<rational>([] {
        const int q = *kb::test::size_in(1, 4);
        const int r = *kb::test::size_in(1, std::min(q, 3));
        const auto s = *kb::test::decreasing_spectrum(r, 1, 9);
        const Q H = hadamard4();
        const Q Vr = H.middleCols(1, r); // unit eigenvectors of K̂, orthogonal to 𝟙
        const Q Ur = kb::test::cayley_orthogonal<rational>(*kb::test::skew_symmetric(q), 2).leftCols(r);
        const QVector sigma = kb::test::vector_from<rational>(s);
        const Q Xh = Vr * sigma.asDiagonal() * Ur.transpose(); // 4 points in R^q
        RC_ASSERT(kb::column_means(Xh) == kb::RowVector<rational>::Zero(q)); // X̂ = X − μ is centred
        const Q K = Xh * Xh.transpose();
        RC_ASSERT(Q(K * Vr) == Q(Vr * sigma.cwiseProduct(sigma).asDiagonal()));
        RC_ASSERT(Q(Xh.transpose() * Vr * sigma.cwiseInverse().asDiagonal()) == Ur);
        // The eigenvalue 0 of K̂ on the rest (𝟙 and the unused columns of H): rank r.
        for (int j = 1 + r; j < 4; ++j) RC_ASSERT(QVector(K * H.col(j)) == QVector::Zero(4));
        RC_ASSERT(QVector(K * H.col(0)) == QVector::Zero(4));
    });
}
//! [gallier-exact]

// ----------------------------------------------------------------------------- errata

//! [erratum-covariance]
TEST_CASE("erratum: Y^TY is (N-1)S only for centred data: Y^TY - (N-1)S = N mu^T mu [zhu:1.2.1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8);
        const int q = *kb::test::size_in(1, 4);
        const Q Y = kb::from_integers<rational>(*kb::test::points(N, q, 20), 3);
        const Q Yc = kb::center_columns(Y);
        const Q S = Yc.transpose() * Yc / rational(N - 1); // sample covariance
        const kb::RowVector<rational> mu = kb::column_means(Y);
        RC_ASSERT(Q(Y.transpose() * Y - rational(N - 1) * S) == Q(rational(N) * mu.transpose() * mu));
        RC_ASSERT(Q(Yc.transpose() * Yc) == Q(rational(N - 1) * S));
    });
    // Four points around (10, 0), spread along the y-axis: (N−1)S = diag(2, 18), whose leading
    // eigenvector is e₂; but YᵀY = diag(402, 18), whose leading eigenvector is e₁ — the
    // direction of the mean, orthogonal to the principal axis.
    const Q Y = kb::from_integers<rational>((IntMatrix(4, 2) << 10, 3, 10, -3, 11, 0, 9, 0).finished());
    const Q Yc = kb::center_columns(Y);
    CHECK(Q(Yc.transpose() * Yc) == Q((Q(2, 2) << 2, 0, 0, 18).finished()));
    CHECK(Q(Y.transpose() * Y) == Q((Q(2, 2) << 402, 0, 0, 18).finished()));
}
//! [erratum-covariance]

//! [erratum-ties]
TEST_CASE("erratum: the singular values need not be strictly ordered: the centred square has d1 = d2 and no unique "
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
//! [erratum-ties]

//! [erratum-uncentred]
TEST_CASE("erratum: for uncentred data -1/2 J D2 J is not YY^T and the objective of zhu:def1 is not translation "
          "invariant [zhu:def1] [zhu:2.2.2]") {
    const Q Y = kb::from_integers<rational>((IntMatrix(3, 2) << 1, 0, 2, 2, 4, 1).finished());
    const Q B = kb::gram_from_squared_distances(kb::squared_distances(Y));
    const Q Yc = kb::center_columns(Y);
    CHECK(B == Q(Yc * Yc.transpose()));
    CHECK(B != Q(Y * Y.transpose()));
    // Translating the data changes its Gram matrix, and so the value of zhu:def1 at a fixed X,
    // while all distances (and the MDS stress) stay the same.
    const Q shifted = Y.rowwise() + kb::RowVector<rational>((kb::RowVector<rational>(2) << 5, -3).finished());
    CHECK(kb::squared_distances(shifted) == kb::squared_distances(Y));
    const Q X = Yc.leftCols(1);
    CHECK(kb::classical_mds_objective(Q(Y * Y.transpose()), X) !=
          kb::classical_mds_objective(Q(shifted * shifted.transpose()), X));
}
//! [erratum-uncentred]

// ------------------------------------------------------------------------ bad input

TEST_CASE("classical_mds refuses bad input with a message: shapes and points and NaN and symmetry and p") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Matrix<double> B(3, 3);
    B << 2, -1, -1, -1, 2, -1, -1, -1, 2; // eigenvalues 3, 3, 0
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(2, 3), 1), doctest::Contains("square"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(Matrix<double>::Ones(1, 1)), 1), doctest::Contains("at least 2 points"),
                         kb::error);
    Matrix<double> bad = B;
    bad(0, 1) = nan;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, 1), doctest::Contains("is not finite"), kb::error);
    bad = B;
    bad(0, 1) = 5;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, 1), doctest::Contains("must be symmetric"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(B, 0), doctest::Contains("choose 1 ≤ components ≤ N"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(B, 4), doctest::Contains("N = 3 points"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(B, 3), doctest::Contains("only 2 positive eigenvalue"), kb::error);
    CHECK(kb::ClassicalMds(B, 2).coordinates().cols() == 2);
    // Every coordinate (the default) is one per positive eigenvalue; a negative count other
    // than kb::all_components is refused.
    CHECK(kb::ClassicalMds(B).components() == 2);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(B, -3), doctest::Contains("components = -3"), kb::error);
    // All points identical: B = 0 has no positive eigenvalue at all.
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(Matrix<double>::Zero(3, 3)), 1, kb::MdsInput::distances),
                         doctest::Contains("only 0 positive eigenvalue"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(Matrix<double>::Zero(3, 3)), kb::all_components,
                                          kb::MdsInput::distances),
                         doctest::Contains("every positive coordinate was asked for, but B has only 0"), kb::error);
}

TEST_CASE("dissimilarity matrices are checked: square and N >= 2 and finite and symmetric and zero diagonal and "
          "non-negative") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Matrix<double> D(3, 3);
    D << 0, 1, 2, 1, 0, 1, 2, 1, 0;
    CHECK(kb::ClassicalMds(D, 1, kb::MdsInput::distances).coordinates().rows() == 3);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(3, 2), 1, kb::MdsInput::distances),
                         doctest::Contains("must be a square N×N dissimilarity matrix"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(Matrix<double>(Matrix<double>::Zero(1, 1)), 1, kb::MdsInput::distances),
                         doctest::Contains("at least 2 points"), kb::error);
    Matrix<double> bad = D;
    bad(2, 0) = nan;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, 1, kb::MdsInput::distances), doctest::Contains("D(2,0) = nan is not finite"),
                         kb::error);
    bad = D;
    bad(0, 2) = 3;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, 1, kb::MdsInput::distances), doctest::Contains("D must be symmetric"),
                         kb::error);
    bad = D;
    bad(1, 1) = 1;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, 1, kb::MdsInput::distances), doctest::Contains("diagonal of D must be zero"),
                         kb::error);
    bad = D;
    bad(0, 1) = bad(1, 0) = -1;
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, 1, kb::MdsInput::distances), doctest::Contains("negative dissimilarity"),
                         kb::error);
    // The same checks guard the squared form and the exact double centring.
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(bad, 1, kb::MdsInput::squared_distances), doctest::Contains("negative dissimilarity"),
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
