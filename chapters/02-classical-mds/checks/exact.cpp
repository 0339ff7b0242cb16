/// \file exact.cpp
/// \brief Statements decided exactly in rationals: double centring and Schoenberg's criterion
///        (zhu:2.2.2), witnesses and spectra of non-Euclidean dissimilarities, ℓ₁ of negative
///        type, exactly built spectra for zhu:1.2.1, zhu:def1 and gallier:svd, and what zhu's
///        assumption of centred data buys: (N − 1)S = YᵀY (zhu:1.2.1) and −½JD²J = YYᵀ (zhu:def1).
#include "test_support.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/mds.hpp"
#include "kernelbook/spectral.hpp"
#include "chapter_support.hpp"

#include <algorithm>
#include <vector>

using Q = Matrix<rational>;
using QVector = Vector<rational>;
using kb::test::ch02::symmetric_zero_diagonal;

namespace {

/// B = −½ J D² J for integer squared dissimilarities, exactly.
Q gram_of(const IntMatrix& D2) { return kb::gram_from_squared_distances(kb::from_integers<rational>(D2)); }

/// vᵀ B v, exactly.
rational quadratic_form(const Q& B, const QVector& v) { return v.dot(B * v); }

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

//! [centring-covariance]
TEST_CASE("zhu's assumption of centred data: (N-1)S = Y^TY for centred Y and uncentred data add N mu^T mu "
          "[zhu:1.2.1]") {
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
//! [centring-covariance]

//! [centring-distances]
TEST_CASE("zhu's assumption of centred data: -1/2 J D2 J is Y_cY_c^T and not YY^T for uncentred data and the "
          "objective of zhu:def1 is not translation invariant [zhu:def1] [zhu:2.2.2]") {
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
//! [centring-distances]
