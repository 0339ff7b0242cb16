/// \file appendix.cpp
/// \brief Chapter 8: appendix A of the paper (the classical kernel-trick derivation of
///        kernel PCA, eqs. 30–39), checked equation by equation in exact arithmetic, with
///        its errata.
#include "test_cases.h"

#include "kernelbook/centering.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/solve.hpp"

using namespace ch08;

namespace {

// Feature-space vectors of the form Σ c_n ψ(x_n) are represented by their coefficients c;
// their inner products are cᵀ K̄_A c′ with K̄_A = JKJ = [k̄(x_n, x_m)] (the centred kernel of
// the appendix). Two coefficient vectors give the same feature vector iff K̄_A (c − c′) = 0
// (K̄_A is PSD, so ‖Σ d_n ψ(x_n)‖² = dᵀK̄_A d = 0 iff K̄_A d = 0).
bool same_feature_vector(const Matrix<rational>& Kbar_A, const Vector<rational>& c, const Vector<rational>& c2) {
    return Vector<rational>(Kbar_A * (c - c2)) == Vector<rational>::Zero(c.size());
}

// The classical coefficients α = w/√μ of the appendix (eigenvectors of K̄_A = JKJ).
Matrix<rational> classical_alpha(const Design<rational>& D) {
    return D.W * D.root.cwiseInverse().asDiagonal();
}

// The lines of eq. 39 for a point x with kernel column k_x and any coefficients α.
struct Eq39 {
    rational line3, line4_printed, line4_corrected, line5_printed, line5_corrected;
};

Eq39 eq39_lines(const Matrix<rational>& K, const Vector<rational>& kx, const Vector<rational>& alpha) {
    const Eigen::Index N = K.rows();
    const rational NN(N);
    const Vector<rational> e = e_vector<rational>(N);
    // Line 3: Σ α_n ⟨ψ(x), ψ(x_n)⟩ with ⟨ψ(x), ψ(x_n)⟩ the centred kernel of x against x_n.
    const Matrix<rational> centred = kb::center_test_kernel(Matrix<rational>(kx.transpose()), K);
    Eq39 out;
    out.line3 = (centred * alpha)(0, 0);
    // Line 4: Σ α_n (k(x,x_n) − (1/N)Σ_m k(x,x_m)) − Σ α_n ((1/N)Σ_m k(x_m,x_n) ± (1/N²)Σ_mΣ_p k(x_m,x_p)).
    const rational row_mean = kx.sum() / NN;             // (1/N) Σ_m k(x, x_m)
    const Vector<rational> col_mean = K.colwise().sum().transpose() / NN; // (1/N) Σ_m k(x_m, x_n)
    const rational grand = K.sum() / (NN * NN);          // (1/N²) ΣΣ k = eᵀKe
    rational first(0), printed(0), corrected(0);
    for (Eigen::Index n = 0; n < N; ++n) {
        first += alpha(n) * (kx(n) - row_mean);
        printed += alpha(n) * (col_mean(n) + grand);
        corrected += alpha(n) * (col_mean(n) - grand);
    }
    out.line4_printed = first - printed;
    out.line4_corrected = first - corrected;
    // Line 5: Σ_n (α_n − (1/N)Σ_m α_m) k(x,x_n) − eᵀKα + eᵀKe·αᵀe, and with the factor N.
    const rational alpha_mean = alpha.sum() / NN;
    rational shifted(0);
    for (Eigen::Index n = 0; n < N; ++n) shifted += (alpha(n) - alpha_mean) * kx(n);
    const rational eKa = e.dot(K * alpha), eKe = e.dot(K * e), ae = alpha.dot(e);
    out.line5_printed = shifted - eKa + eKe * ae;
    out.line5_corrected = shifted - eKa + NN * eKe * ae;
    return out;
}

} // namespace

//! [appA-chain]
TEST_CASE("appendix A eqs. 30-37 hold for the classical coefficients alpha = w / sqrt(mu) [ghiasi:appA]") {
    kb::test::property<rational>([] {
        const Design<rational> D = build_design(draw_design(4, 1));
        const int N = D.N;
        const Matrix<rational> KbA = kb::double_center(D.K); // [k̄(x_n, x_m)]
        const Matrix<rational> alpha = classical_alpha(D);
        for (int j = 0; j < N - 1; ++j) {
            const Vector<rational> a = alpha.col(j);
            const rational lambda = D.mu(j) / rational(N);
            // eqs. 31–32 in coefficients: (1/N) Σ_n ψ(x_n) (K̄α)_n = λ Σ_n α_n ψ(x_n).
            RC_ASSERT(same_feature_vector(KbA, Vector<rational>(KbA * a / rational(N)), Vector<rational>(lambda * a)));
            // eqs. 34–36: K̄K̄α = NλK̄α; eq. 37: K̄α = Nλα.
            RC_ASSERT(Vector<rational>(KbA * KbA * a) == Vector<rational>(rational(N) * lambda * KbA * a));
            RC_ASSERT(Vector<rational>(KbA * a) == Vector<rational>(rational(N) * lambda * a));
            // The classical normalisation: ‖v‖² = αᵀK̄α = Nλ‖α‖² = 1, and α is centred.
            RC_ASSERT(rational(a.transpose() * KbA * a) == 1);
            RC_ASSERT(a.sum() == 0);
        }
    });
}
//! [appA-chain]

//! [appA-eq32]
TEST_CASE("erratum eq. 32: the last line needs (K-bar alpha)_n and not (K alpha)_n [ghiasi:appA]") {
    const Design<rational> D = build_design(fixed_design());
    const Matrix<rational> KbA = kb::double_center(D.K);
    const Vector<rational> a = classical_alpha(D).col(0);
    // Line 3 → line 4: Σ_m α_m k̄(x_n, x_m) = (K̄α)_n, which is not (Kα)_n.
    CHECK(Vector<rational>(KbA * a) != Vector<rational>(D.K * a));
    // For a centred α the two coefficient vectors differ by a multiple of 1, and Σ_n ψ(x_n) = 0,
    // so the printed line still denotes the right feature vector: the slip is harmless there…
    CHECK(same_feature_vector(KbA, Vector<rational>(D.K * a), Vector<rational>(KbA * a)));
    // … but not for an α with Σα_n ≠ 0 (such as the α of §3.2): then the step is false.
    const Vector<rational> b = a + kb::ones<rational>(D.N) / rational(2);
    CHECK_FALSE(same_feature_vector(KbA, Vector<rational>(D.K * b), Vector<rational>(KbA * b)));
}
//! [appA-eq32]

//! [appA-eq38]
TEST_CASE("erratum eq. 38: K-bar = K - 1 e^T K - K e 1^T + (e^T K e) 1 1^T = JKJ [ghiasi:appA]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 7);
        const Matrix<rational> K0 = kb::from_integers<rational>(*kb::test::int_matrix(N, N, -9, 9), 4);
        const Matrix<rational> K = K0 * K0.transpose(); // any PSD matrix
        const Vector<rational> e = e_vector<rational>(N), one = kb::ones<rational>(N);
        // As printed, K − eᵀK − Ke + eᵀKe adds an N×N, a 1×N, an N×1 and a 1×1 term (a
        // statement about shapes, not checked: it cannot fail).
        const Matrix<rational> eK = e.transpose() * K, Ke = K * e;
        // The intended matrix: subtract row and column means, add the grand mean.
        const rational eKe = e.dot(K * e);
        const Matrix<rational> corrected = K - one * eK - Ke * one.transpose() + eKe * one * one.transpose();
        const Matrix<rational> J = kb::centering_matrix<rational>(N);
        RC_ASSERT(corrected == Matrix<rational>(J * K * J));
        RC_ASSERT(corrected == kb::double_center(K));
        // Failing companion: the dimensionally valid reading with e in place of 1 does not centre
        // (its row sums are not zero whenever K1 ≠ 0).
        const Matrix<rational> with_e = K - e * eK - Ke * e.transpose() + eKe * e * e.transpose();
        RC_PRE(Vector<rational>(K * one) != Vector<rational>::Zero(N));
        RC_ASSERT(Vector<rational>(with_e * one) != Vector<rational>::Zero(N));
        RC_ASSERT(Vector<rational>(corrected * one) == Vector<rational>::Zero(N));
    });
}
//! [appA-eq38]

//! [appA-kbar]
TEST_CASE("erratum: K-bar names two matrices - KJ in section 3.2 and JKJ in appendix A - with the same spectrum and "
          "related eigenvectors [ghiasi:appA] [ghiasi:eq17-23]") {
    const Design<rational> D = build_design(fixed_design());
    const int N = D.N;
    const Matrix<rational> J = kb::centering_matrix<rational>(N);
    const Matrix<rational> Kbar32 = D.K * J, KbarA = J * D.K * J;
    CHECK(Kbar32 != KbarA);
    const Matrix<rational> alphaA = classical_alpha(D);
    Vector<rational> cube(N - 1);
    for (int j = 0; j < N - 1; ++j) cube(j) = D.root(j) * D.root(j) * D.root(j);
    const Matrix<rational> alpha32 = D.K * D.W * cube.cwiseInverse().asDiagonal();
    for (int j = 0; j < N - 1; ++j) {
        // The same eigenvalue μ_j for both, with different eigenvectors…
        CHECK(Vector<rational>(Kbar32 * alpha32.col(j)) == Vector<rational>(D.mu(j) * alpha32.col(j)));
        CHECK(Vector<rational>(KbarA * alphaA.col(j)) == Vector<rational>(D.mu(j) * alphaA.col(j)));
        CHECK(Vector<rational>(alpha32.col(j)) != Vector<rational>(alphaA.col(j)));
        // … related by centring: J α_{§3.2} = α_A, and both give the same projections (eq. 23 = eq. 39).
        CHECK(Vector<rational>(J * alpha32.col(j)) == Vector<rational>(alphaA.col(j)));
        for (int m = 0; m < D.M; ++m) {
            const Vector<rational> kz = D.kZ.col(m);
            kb::DualKpca<rational> dual{Vector<rational>::Constant(1, D.mu(j) / rational(N)), alpha32.col(j)};
            CHECK(kb::dual_projection(D.K, dual, Matrix<rational>(kz))(0, 0) ==
                  eq39_lines(D.K, kz, alphaA.col(j)).line5_corrected);
        }
    }
}
//! [appA-kbar]

//! [appA-eq39]
TEST_CASE("erratum eq. 39: a sign in the 4th line and the factor N in the last term [ghiasi:appA]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 6);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::points(N, 2, 9), 3);
        const Matrix<rational> x = kb::from_integers<rational>(*kb::test::points(1, 2, 9), 3);
        const kb::PolynomialKernel<rational> k(rational(1), 2);
        const Matrix<rational> K = kb::gram(k, X);
        const Vector<rational> kx = kb::gram(k, X, x).col(0);
        const Vector<rational> alpha = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -9, 9), 4);
        const rational eKe = K.sum() / rational(N * N), sum_alpha = alpha.sum();
        const Eq39 L = eq39_lines(K, kx, alpha);
        // Line 3 is ⟨ψ(x), v⟩ itself, also from the exact explicit map (pseudo-inverse form).
        const kb::ExplicitFeatureMap<rational> phi(k, X, rational(0));
        const Matrix<rational> Kc = phi.inner_products(x, X);
        const Vector<rational> Ke = K * e_vector<rational>(N);
        const rational psi_x_dot_v =
            ((Kc.array() - Kc.mean()).matrix() * alpha)(0, 0) - Ke.dot(alpha) + eKe * sum_alpha;
        RC_ASSERT(psi_x_dot_v == L.line3);
        // The corrected lines equal line 3 for every α …
        RC_ASSERT(L.line4_corrected == L.line3);
        RC_ASSERT(L.line5_corrected == L.line3);
        // … the printed ones are off by exactly −2(Σα)eᵀKe and −(N − 1)(eᵀKe)(αᵀe):
        RC_ASSERT(L.line4_printed - L.line3 == -rational(2) * sum_alpha * eKe);
        RC_ASSERT(L.line5_printed - L.line3 == -rational(N - 1) * eKe * sum_alpha / rational(N));
        // … so they are wrong whenever Σα ≠ 0 and eᵀKe ≠ 0, and harmless for a centred α.
        if (sum_alpha != 0 && eKe != 0) {
            RC_ASSERT(L.line4_printed != L.line3);
            RC_ASSERT(L.line5_printed != L.line3);
        }
        const Vector<rational> centred = alpha.array() - alpha.mean();
        const Eq39 C = eq39_lines(K, kx, centred);
        RC_ASSERT(C.line4_printed == C.line3);
        RC_ASSERT(C.line5_printed == C.line3);
    });
}
//! [appA-eq39]

TEST_CASE("erratum eq. 39 demonstrated on the paper's own section 3.2 coefficients [ghiasi:appA] [ghiasi:eq25]") {
    // The α of §3.2 (eigenvectors of KJ, normalised by eq. 22) are not centred: plugging
    // them into the printed appendix formula gives wrong projections; the corrected one
    // reproduces eq. 25.
    const Design<rational> D = build_design(fixed_design());
    Vector<rational> cube(D.N - 1);
    for (int j = 0; j < D.N - 1; ++j) cube(j) = D.root(j) * D.root(j) * D.root(j);
    const Matrix<rational> alpha32 = D.K * D.W * cube.cwiseInverse().asDiagonal();
    const kb::DualKpca<rational> dual{D.mu / rational(D.N), alpha32};
    const Matrix<rational> combined = kb::combined_projection(dual, D.kZ);
    for (int m = 0; m < D.M; ++m)
        for (int j = 0; j < D.N - 1; ++j) {
            const Eq39 L = eq39_lines(D.K, D.kZ.col(m), alpha32.col(j));
            CHECK(L.line5_corrected == combined(m, j));
            CHECK(L.line5_printed != combined(m, j));
        }
}
