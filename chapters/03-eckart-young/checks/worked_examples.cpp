/// \file worked_examples.cpp
/// \brief Chapter 3's worked example as a test: the chapter's small example (§2), a 3×3
///        symmetric matrix with the spectrum (12, 4, 3), its best rank-1 and rank-2
///        approximations and their errors — exactly in rationals, and kb::truncate_psd() in
///        real50 against those exact values.
#include "test_support.hpp"

#include "chapter_support.hpp"

#include "kernelbook/eckart_young.hpp"
#include "kernelbook/exact_psd.hpp"

using Q = Matrix<rational>;
using QVector = Vector<rational>;

using kb::test::ch03::spectral_norm_is;

//! [small-example]
TEST_CASE("the chapter's small example: G = (40 20 14 / 20 64 34 / 14 34 67)/9 with the spectrum (12 4 3) has "
          "the best rank-1 error 5 (spectral 4) and the best rank-2 error 3 (spectral 3), exactly and in real50") {
    // §2: u₁ = (1, 2, 2)/3, u₂ = (2, 1, −2)/3, u₃ = (2, −2, 1)/3 and λ = (12, 4, 3).
    const Q U = kb::from_integers<rational>((IntMatrix(3, 3) << 1, 2, 2, 2, 1, -2, 2, -2, 1).finished(), 3);
    const QVector lam = (QVector(3) << 12, 4, 3).finished();
    const IntMatrix G9 = (IntMatrix(3, 3) << 40, 20, 14, 20, 64, 34, 14, 34, 67).finished();
    const Q G = kb::from_integers<rational>(G9, 9);
    // U is orthogonal and G U = U diag(λ): these are the eigenpairs of G.
    CHECK(Q(U.transpose() * U) == Q::Identity(3, 3));
    CHECK(Q(G * U) == Q(U * lam.asDiagonal()));
    CHECK(G.squaredNorm() == rational(169)); // ‖G‖_F = 13 = √(12² + 4² + 3²)
    // The truncations, as printed.
    const Q G1 = kb::eigen_sum(lam, U, kb::first_indices(1));
    const Q G2 = kb::eigen_sum(lam, U, kb::first_indices(2));
    CHECK(G1 == kb::from_integers<rational>((IntMatrix(3, 3) << 1, 2, 2, 2, 4, 4, 2, 4, 4).finished(), 1) *
                    rational(4, 3));
    CHECK(G2 == kb::from_integers<rational>((IntMatrix(3, 3) << 28, 32, 8, 32, 52, 40, 8, 40, 64).finished(), 9));
    // The residuals and their errors: ‖G − G₁‖_F² = 4² + 3² = 25, ‖G − G₂‖_F² = 3² = 9.
    const Q R1 = G - G1, R2 = G - G2;
    CHECK(R1 == kb::from_integers<rational>((IntMatrix(3, 3) << 28, -4, -10, -4, 16, -14, -10, -14, 19).finished(), 9));
    CHECK(R2 == kb::from_integers<rational>((IntMatrix(3, 3) << 4, -4, 2, -4, 4, -2, 2, -2, 1).finished(), 3));
    CHECK(R1.squaredNorm() == rational(25));
    CHECK(R2.squaredNorm() == rational(9));
    CHECK(kb::discarded_sum_of_squares(lam, kb::first_indices(1)) == rational(25));
    CHECK(kb::discarded_sum_of_squares(lam, kb::first_indices(2)) == rational(9));
    // Spectral errors λ₂ = 4 and λ₃ = 3, certified exactly; not λ₁ = 12 and λ₂ = 4.
    CHECK(kb::eckart_young_spectral(lam, 1) == rational(4));
    CHECK(kb::eckart_young_spectral(lam, 2) == rational(3));
    CHECK(spectral_norm_is(R1, QVector(U.col(1)), rational(4)));
    CHECK(spectral_norm_is(R2, QVector(U.col(2)), rational(3)));
    CHECK_FALSE(kb::is_psd_exact(Q(rational(3) * Q::Identity(3, 3) - R1)));
    // The other choices of eigenpairs leave more: {λ₂}: 144 + 9 = 153, {λ₃}: 144 + 16 = 160,
    // {λ₁, λ₃}: 16 — each error² larger than the best, 25 and 9.
    for (const auto& [S, want] : std::vector<std::pair<kb::IndexList, long>>{{{1}, 153}, {{2}, 160}, {{0, 2}, 16}}) {
        const Q R = G - kb::eigen_sum(lam, U, S);
        CHECK(R.squaredNorm() == rational(want));
    }

    //! [small-example]
    // The library in real50: kb::truncate_psd() decomposes G itself. Bounds (the law's): the
    // errors within c₂nε‖G‖₂ = c₂·3·ε·12 (the residual's norms are perturbed by the backward
    // error E of the eigensolver and the rounding of the sum). The approximation Ĝ_p = P̂ĜP̂
    // against the exact G_p = PGP: ‖P̂ − P‖_F ≤ √2·c₂nε‖G‖₂/gap (Davis–Kahan), so
    // ‖Ĝ_p − G_p‖_F ≤ 2‖G‖₂‖P̂ − P‖_F + ‖E‖ ≤ c₂nε(2√2·144 + 144)/gap (‖E‖ ≤ c₂nε·12 ≤
    // c₂nε·144/gap, as gap ≤ 12), below c₂nε·4·144/gap; the sum over p ≤ 2 terms adds
    // c₁·2·ε·12 per entry, inside the slack (4 − 2√2 − 1)·144/gap ≥ 24 times c₂nε.
    using R = kb::real50;
    using std::abs;
    const Matrix<R> GR = kb::from_integers<R>(G9, 9);
    const auto bound = kb::test::factorisation<R>(3, R(12));
    const struct {
        Eigen::Index p;
        Q Gp;
        long frobenius, spectral, gap;
    } cases[] = {{1, G1, 5, 4, 8}, {2, G2, 3, 3, 1}};
    for (const auto& c : cases) {
        const auto fit = kb::truncate_psd(GR, c.p);
        const Matrix<R> residual = GR - fit.approximation;
        KB_CHECK_WITHIN(R(abs(residual.norm() - R(c.frobenius))), bound, "‖G − G_p‖_F");
        KB_CHECK_WITHIN(R(abs(kb::symmetric_spectral_norm(residual) - R(c.spectral))), bound, "‖G − G_p‖₂");
        KB_CHECK_WITHIN(R(abs(fit.frobenius_error - R(c.frobenius))), bound, "predicted Frobenius error");
        KB_CHECK_WITHIN(R(abs(fit.spectral_error - R(c.spectral))), bound, "predicted spectral error");
        KB_CHECK_WITHIN(R((fit.approximation - c.Gp.unaryExpr([](const rational& x) { return R(x); })).norm()),
                        kb::test::subspace<R>(3, R(4 * 144), R(c.gap)), "G_p as printed");
        // Companion: the same check rejects λ_p in place of λ_{p+1} as the spectral error.
        KB_CHECK_EXCEEDS(R(abs(kb::symmetric_spectral_norm(residual) - R(c.p == 1 ? 12 : 4))), bound,
                         "‖G − G_p‖₂ = λ_p (wrong)");
    }
}
