/// \file exact.cpp
/// \brief The Eckart–Young theorem (zhu:thm2) decided exactly in rationals (Cayley Q, integer λ):
///        the Frobenius error as an equality, the spectral error certified, other subsets, ties,
///        the non-unique spectral optimum and indefinite spectra, with their companions.
#include "test_support.hpp"

#include "chapter_support.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/eckart_young.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <vector>

using Q = Matrix<rational>;
using QVector = Vector<rational>;

using kb::test::ch03::spectral_norm_is;

namespace {

/// The sum of λ_j² over the indices not in S, from the integers.
rational tail(const std::vector<long>& lambda, const kb::IndexList& S) {
    rational sum(0);
    for (std::size_t j = 0; j < lambda.size(); ++j)
        if (std::find(S.begin(), S.end(), static_cast<Eigen::Index>(j)) == S.end())
            sum += rational(lambda[j]) * rational(lambda[j]);
    return sum;
}

/// A random case of the theorem in rationals: n ∈ [2, n_max], p ∈ [1, n − 1], a strictly
/// decreasing integer spectrum λ ≤ top, an exactly orthogonal U (Cayley transform with
/// denominator den) and G = U diag(λ) Uᵀ.
struct RationalCase {
    int n, p;
    std::vector<long> lambda;
    Q U;
    QVector lam;
    Q G;
};
RationalCase rational_case(int n_max, long top, long den) {
    const int n = *kb::test::size_in(2, n_max);
    const int p = *kb::test::size_in(1, n - 1);
    const auto lambda = *kb::test::decreasing_spectrum(n, 1, top);
    const Q U = kb::test::cayley_orthogonal<rational>(*kb::test::skew_symmetric(n), den);
    const QVector lam = kb::test::vector_from<rational>(lambda);
    return {n, p, lambda, U, lam, kb::test::with_spectrum(U, lam)};
}

/// The fixed exactly orthogonal 4×4 basis (a Cayley transform) of the worked cases below.
Q basis4() {
    return kb::test::cayley_orthogonal<rational>(
        (IntMatrix(4, 4) << 0, 1, 0, 2, -1, 0, 1, 0, 0, -1, 0, 1, -2, 0, -1, 0).finished(), 3);
}

} // namespace

//! [exact-frobenius]
TEST_CASE("exact: with a rational spectrum ||G - G_p||_F^2 = sum_{j>p} lambda_j^2 and (G - G_p) u_j = 0 for j <= p "
          "[zhu:thm2]") {
    kb::test::property<rational>([] {
        const int n = *kb::test::size_in(2, 7);
        auto lambda = *kb::test::decreasing_spectrum(n, 1, 30);
        const int zeros = *kb::test::size_in(0, n - 1);
        for (int j = n - zeros; j < n; ++j) lambda[static_cast<std::size_t>(j)] = 0;
        const Q U = kb::test::cayley_orthogonal<rational>(*kb::test::skew_symmetric(n), 3);
        const QVector lam = kb::test::vector_from<rational>(lambda);
        const Q G = kb::test::with_spectrum(U, lam);
        for (int p = 0; p <= n; ++p) {
            const Q R = G - kb::eigen_sum(lam, U, kb::first_indices(p));
            RC_ASSERT(R.squaredNorm() == tail(lambda, kb::first_indices(p)));
            RC_ASSERT(kb::discarded_sum_of_squares(lam, kb::first_indices(p)) == tail(lambda, kb::first_indices(p)));
            for (int j = 0; j < p; ++j) RC_ASSERT(QVector(R * U.col(j)) == QVector::Zero(n));
        }
    });
}
//! [exact-frobenius]

//! [exact-spectral]
TEST_CASE("exact certificate: ||G - G_p||_2 = lambda_{p+1} [zhu:thm2]") {
    kb::test::property<rational>([] {
        const auto [n, p, lambda, U, lam, G] = rational_case(7, 30, 3);
        const Q R = G - kb::eigen_sum(lam, U, kb::first_indices(p));
        RC_ASSERT(spectral_norm_is(R, U.col(p), lam(p)));
        RC_ASSERT(kb::eckart_young_spectral(lam, p) == lam(p));
    });
}
//! [exact-spectral]

TEST_CASE("companion: the exact spectral certificate rejects lambda_p and a value just below lambda_{p+1} "
          "[zhu:thm2]") {
    const std::vector<long> lambda{7, 4, 2, 1};
    const Q U = basis4();
    const QVector lam = kb::test::vector_from<rational>(lambda);
    const Q R = kb::test::with_spectrum(U, lam) - kb::eigen_sum(lam, U, kb::first_indices(2));
    CHECK(spectral_norm_is(R, U.col(2), rational(2)));
    CHECK_FALSE(spectral_norm_is(R, U.col(1), rational(4)));            // λ_p is not attained by R
    CHECK_FALSE(spectral_norm_is(R, U.col(2), rational(1999, 1000)));   // not an eigenvalue, and too small
    CHECK_FALSE(kb::is_psd_exact(Q(rational(1999, 1000) * Q::Identity(4, 4) - R)));
}

//! [exact-svd]
TEST_CASE("exact: the truncated SVD of X = U diag(sigma) V^T leaves ||X - X_p||_F^2 = sum_{j>p} sigma_j^2 and "
          "||X - X_p||_2 = sigma_{p+1} [zhu:thm2]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 7);
        const int q = *kb::test::size_in(2, 5);
        const int r = std::min(N, q);
        const int p = *kb::test::size_in(1, r - 1);
        const auto sigma = *kb::test::decreasing_spectrum(r, 1, 20);
        const Q UN = kb::test::cayley_orthogonal<rational>(*kb::test::skew_symmetric(N), 2);
        const Q Vq = kb::test::cayley_orthogonal<rational>(*kb::test::skew_symmetric(q), 2);
        const kb::Svd<rational> svd{UN.leftCols(r), kb::test::vector_from<rational>(sigma), Vq.leftCols(r)};
        const Q X = svd.U * svd.sigma.asDiagonal() * svd.V.transpose();
        const Q R = X - kb::svd_sum(svd, kb::first_indices(p));
        RC_ASSERT(R.squaredNorm() == tail(sigma, kb::first_indices(p)));
        // ‖R‖₂² is the largest eigenvalue of the symmetric RᵀR: certified as σ_{p+1}².
        RC_ASSERT(spectral_norm_is(Q(R.transpose() * R), QVector(svd.V.col(p)), svd.sigma(p) * svd.sigma(p)));
    });
}
//! [exact-svd]

//! [exact-subsets]
TEST_CASE("exact: keeping any other p eigenpairs S leaves sum_{j not in S} lambda_j^2 which is larger [zhu:thm2]") {
    kb::test::property<rational>([] {
        const auto [n, p, lambda, U, lam, G] = rational_case(5, 20, 2);
        const rational best = tail(lambda, kb::first_indices(p));
        for (unsigned mask = 0; mask < (1u << n); ++mask) {
            if (__builtin_popcount(mask) != p) continue;
            kb::IndexList S;
            for (int j = 0; j < n; ++j)
                if (mask & (1u << j)) S.push_back(j);
            const rational err = Q(G - kb::eigen_sum(lam, U, S)).squaredNorm();
            RC_ASSERT(err == tail(lambda, S));
            // Strictly larger unless S is the first p (the spectrum is strictly decreasing).
            RC_ASSERT((S == kb::first_indices(p) ? err == best : err > best));
        }
    });
}
//! [exact-subsets]

//! [exact-ties]
TEST_CASE("exact: with lambda_2 = lambda_3 two different rank-2 truncations have the same error [zhu:thm2]") {
    const std::vector<long> lambda{5, 3, 3, 1};
    const Q U = basis4();
    const QVector lam = kb::test::vector_from<rational>(lambda);
    const Q G = kb::test::with_spectrum(U, lam);
    const Q A1 = kb::eigen_sum(lam, U, {0, 1}), A2 = kb::eigen_sum(lam, U, {0, 2});
    CHECK(A1 != A2);
    CHECK(Q(A1 - A2).squaredNorm() == rational(18));
    CHECK(Q(G - A1).squaredNorm() == rational(10));
    CHECK(Q(G - A2).squaredNorm() == rational(10));
    CHECK(spectral_norm_is(Q(G - A1), U.col(2), rational(3)));
    CHECK(spectral_norm_is(Q(G - A2), U.col(1), rational(3)));
    // In the spectral norm even a simple λ_p leaves room: G₂ + u₁u₁ᵀ (rank 2) has the same
    // spectral error 3, its residual has eigenvalues −1, 3, 1 (and 0).
    const Q M = A1 + U.col(0) * U.col(0).transpose();
    CHECK(spectral_norm_is(Q(G - M), U.col(2), rational(3)));
    CHECK(Q(G - M).squaredNorm() == rational(11));
}
//! [exact-ties]

//! [exact-zero-tie]
TEST_CASE("exact: with lambda_3 = lambda_4 = 0 the best rank-3 approximation is unique - every choice of the third "
          "eigenvector gives G itself at error 0 - while with lambda_3 = lambda_4 = 1 the choices differ [zhu:thm2]") {
    const Q U = basis4();
    // Spectrum (5, 2, 0, 0), p = 3: a tie λ_p = λ_{p+1}, but at 0. G has rank 2 ≤ p, so G is a
    // matrix of rank ≤ p at distance 0 — and the only one, since ‖G − M‖ = 0 forces M = G.
    const QVector zero_tie = kb::test::vector_from<rational>(std::vector<long>{5, 2, 0, 0});
    const Q G = kb::test::with_spectrum(U, zero_tie);
    Q W = U; // the third axis replaced by (3u₃ + 4u₄)/5, a unit vector of the null space
    W.col(2) = (rational(3) * U.col(2) + rational(4) * U.col(3)) / rational(5);
    const Q A1 = kb::eigen_sum(zero_tie, U, {0, 1, 2}), A2 = kb::eigen_sum(zero_tie, U, {0, 1, 3}),
            A3 = kb::eigen_sum(zero_tie, W, {0, 1, 2});
    for (const Q* A : {&A1, &A2, &A3}) {
        CHECK(*A == G);
        CHECK(Q(G - *A).squaredNorm() == rational(0));
    }
    // Companion: the same three choices with the tie at 1, spectrum (5, 2, 1, 1), give three
    // different matrices with the same error 1 — the tie is a non-uniqueness only above 0.
    const QVector one_tie = kb::test::vector_from<rational>(std::vector<long>{5, 2, 1, 1});
    const Q H = kb::test::with_spectrum(U, one_tie);
    const Q B1 = kb::eigen_sum(one_tie, U, {0, 1, 2}), B2 = kb::eigen_sum(one_tie, U, {0, 1, 3}),
            B3 = kb::eigen_sum(one_tie, W, {0, 1, 2});
    CHECK(B1 != B2);
    CHECK(B1 != B3);
    CHECK(B2 != B3);
    for (const Q* B : {&B1, &B2, &B3}) CHECK(Q(H - *B).squaredNorm() == rational(1));
}
//! [exact-zero-tie]

//! [exact-spectral-not-unique]
TEST_CASE("exact: with the simple spectrum (7 4 2 1) the rank-2 spectral-norm optimum is not unique: G_2 + t u1 u1^T "
          "for 0 < t <= lambda_3 has the same spectral error 2 [zhu:thm2]") {
    // λ_p = 4 > λ_{p+1} = 2: the Frobenius optimum G₂ is unique, the spectral one is not.
    const std::vector<long> lambda{7, 4, 2, 1};
    const Q U = basis4();
    const QVector lam = kb::test::vector_from<rational>(lambda);
    const Q G = kb::test::with_spectrum(U, lam);
    const Q G2 = kb::eigen_sum(lam, U, kb::first_indices(2));
    const Q u1u1 = U.col(0) * U.col(0).transpose();
    CHECK(spectral_norm_is(Q(G - G2), U.col(2), rational(2)));
    for (const rational& t : {rational(1, 10), rational(1), rational(2)}) {
        const Q M = G2 + t * u1u1;
        CHECK(M != G2);
        // rank M = 2 exactly: M u₁ = (7 + t)u₁, M u₂ = 4u₂, M u₃ = M u₄ = 0.
        CHECK(QVector(M * U.col(0)) == QVector((rational(7) + t) * U.col(0)));
        CHECK(QVector(M * U.col(1)) == QVector(rational(4) * U.col(1)));
        CHECK(QVector(M * U.col(2)) == QVector::Zero(4));
        CHECK(QVector(M * U.col(3)) == QVector::Zero(4));
        // G − M has eigenvalues −t, 0, 2, 1: spectral error 2 = λ₃, certified exactly …
        CHECK(spectral_norm_is(Q(G - M), U.col(2), rational(2)));
        // … while its Frobenius error 5 + t² exceeds the unique optimum's 5.
        CHECK(Q(G - M).squaredNorm() == rational(5) + t * t);
    }
    // Companion: past t = λ₃ the residual's eigenvalue −t dominates, and the certificate of
    // the spectral error 2 fails.
    const Q M3 = G2 + rational(3) * u1u1;
    CHECK_FALSE(spectral_norm_is(Q(G - M3), U.col(2), rational(2)));
    CHECK(spectral_norm_is(Q(G - M3), U.col(0), rational(3)));
}
//! [exact-spectral-not-unique]

//! [exact-indefinite]
TEST_CASE("exact: spectrum (3 1 -4): best rank 1 keeps -4 (error^2 10) and the best xx^T keeps 3 (error^2 17) "
          "[zhu:thm2]") {
    const std::vector<long> lambda{3, 1, -4};
    const Q U = kb::test::cayley_orthogonal<rational>((IntMatrix(3, 3) << 0, 1, 2, -1, 0, 1, -2, -1, 0).finished(), 3);
    const QVector lam = kb::test::vector_from<rational>(lambda);
    const Q G = kb::test::with_spectrum(U, lam);
    // p = 1: {−4} beats {3} (the "first eigen"), but only {3} is a Gram matrix xxᵀ.
    CHECK(Q(G - kb::eigen_sum(lam, U, {2})).squaredNorm() == rational(10));
    CHECK(Q(G - kb::eigen_sum(lam, U, {0})).squaredNorm() == rational(17));
    CHECK_FALSE(kb::is_psd_exact(kb::eigen_sum(lam, U, {2})));
    CHECK(kb::is_psd_exact(kb::eigen_sum(lam, U, {0})));
    // p = 2: best rank 2 keeps {3, −4} (error² 1); best PSD keeps {3, 1} (error² 16).
    CHECK(Q(G - kb::eigen_sum(lam, U, {0, 2})).squaredNorm() == rational(1));
    CHECK(Q(G - kb::eigen_sum(lam, U, {0, 1})).squaredNorm() == rational(16));
}
//! [exact-indefinite]

TEST_CASE("exact: for an indefinite spectrum the spectral error is the largest |lambda| discarded: keeping 3 of "
          "(3 1 -4) leaves ||G - G_S||_2 = 4 and not max lambda = 1 [zhu:thm2]") {
    const Q U = kb::test::cayley_orthogonal<rational>((IntMatrix(3, 3) << 0, 1, 2, -1, 0, 1, -2, -1, 0).finished(), 3);
    const QVector lam = kb::test::vector_from<rational>({3, 1, -4});
    const Q M = Q(kb::test::with_spectrum(U, lam) - kb::eigen_sum(lam, U, {0}));
    // ‖M‖₂ = s exactly iff s²I − M² is PSD and singular — decided in rationals, without the
    // function under test: M² = U diag(0, 1, 16) Uᵀ.
    const Q M2 = M * M;
    const auto norm_is_at_most = [&](long s) { return kb::is_psd_exact(Q(Q::Identity(3, 3) * rational(s * s) - M2)); };
    CHECK(norm_is_at_most(4));
    CHECK_FALSE(kb::is_psd_exact(Q(Q::Identity(3, 3) * rational(15) - M2))); // and not below 4: √15 < 4
    CHECK(kb::largest_discarded(lam, {0}) == rational(4));
    CHECK(kb::eckart_young_spectral(lam, 1) == rational(4)); // the first-p form: discards (1, −4) as well
    // Companion: max λ over the discarded eigenvalues, 1, is not the norm: ‖M‖₂ > 1.
    CHECK_FALSE(norm_is_at_most(1));
}
