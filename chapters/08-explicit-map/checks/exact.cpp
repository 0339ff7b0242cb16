/// \file exact.cpp
/// \brief Chapter 8's statements in exact rational arithmetic: Theorem 1 and the residual,
///        the pseudo-inverse map of a singular K, centring, the primal and dual equations
///        (eqs. 8–25) and appendix A's chain for designed eigenpairs, and the Nyström map.
#include "chapter_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/exact_psd.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/solve.hpp"

using namespace kb::test::ch08;

namespace {

// det A by exact Gaussian elimination (rationals): independent of the library's solvers.
rational exact_determinant(Matrix<rational> A) {
    const Eigen::Index n = A.rows();
    rational det(1);
    for (Eigen::Index c = 0; c < n; ++c) {
        Eigen::Index piv = c;
        while (piv < n && A(piv, c) == 0) ++piv;
        if (piv == n) return rational(0);
        if (piv != c) {
            A.row(piv).swap(A.row(c));
            det = -det;
        }
        det *= A(c, c);
        for (Eigen::Index i = c + 1; i < n; ++i) {
            const rational f = A(i, c) / A(c, c);
            if (f != 0) A.row(i) -= f * A.row(c);
        }
    }
    return det;
}

// The first m training points as landmarks.
std::vector<Eigen::Index> first(Eigen::Index m) {
    std::vector<Eigen::Index> S(static_cast<std::size_t>(m));
    for (Eigen::Index i = 0; i < m; ++i) S[static_cast<std::size_t>(i)] = i;
    return S;
}

} // namespace

// ============================================================ Theorem 1

//! [thm1-exact]
TEST_CASE("explicit map is exact in rational arithmetic: k_xn^T K^-1 k_z = k(x_n z) [ghiasi:thm1]") {
    kb::test::property<rational>([] {
        // (1 + xᵀy)³ on ℝ²: a 10-dimensional feature space, so N ≤ 6 generic points give a PD K.
        const int N = *kb::test::size_in(2, 6);
        const int M = *kb::test::size_in(1, 4);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::points(N, 2, 9), 3);
        const Matrix<rational> Z = kb::from_integers<rational>(*kb::test::points(M, 2, 9), 3);
        const kb::PolynomialKernel<rational> k(rational(1), 3);
        const Matrix<rational> K = kb::gram(k, X);
        RC_PRE(static_cast<int>(kb::greedy_landmarks(K, N, rational(0)).index.size()) == N); // K is PD
        const Matrix<rational> Kinv = kb::inverse_spd(K);
        // The proof's step: the n-th row of K times K⁻¹ is e_nᵀ, exactly.
        RC_ASSERT(Matrix<rational>(K * Kinv) == Matrix<rational>::Identity(N, N));
        // The statement, in the square-root-free form k_{x_n}ᵀ K⁻¹ k_z.
        const Matrix<rational> kZ = kb::gram(k, X, Z);
        RC_ASSERT(Matrix<rational>(K.transpose() * Kinv * kZ) == kZ);
        // The same through the library's map object.
        const kb::ExplicitFeatureMap<rational> phi(k, X);
        RC_ASSERT(phi.inner_products(X, Z) == kZ);
        RC_ASSERT(phi.inner_products(X, X) == K);
    });
}
//! [thm1-exact]

TEST_CASE("the residual k(z z) - |phi(z)|^2 is the squared distance of k(z .) from the span [ghiasi:thm1]") {
    // Independent link: the squared distance of k(z,·) from span{k(x_n,·)} is the ratio of
    // Gram determinants det G(x_1, …, x_N, z) / det G(x_1, …, x_N) (the Schur complement of
    // K in G), computed here by exact elimination without the map. It is 0 iff G has rank
    // N only. (1 + xᵀy)² on ℝ² (6 features) with N = 4 generic points: z = (2,3), (1,2),
    // (2,0) lie off the span; z = (1,0) is a training point, on it.
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(4, 2) << 0, 0, 1, 0, 0, 1, 1, 1).finished());
    const kb::ExplicitFeatureMap<rational> phi(k, X);
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(4, 2) << 2, 3, 1, 2, 2, 0, 1, 0).finished());
    const Vector<rational> r = phi.residuals(Z);
    const rational detK = exact_determinant(kb::gram(k, X));
    REQUIRE(detK > 0);
    for (int m = 0; m < 4; ++m) {
        Matrix<rational> XZ(5, 2);
        XZ << X, Z.row(m);
        const rational distance2 = exact_determinant(kb::gram(k, XZ)) / detK;
        CHECK(r(m) == distance2);
        // Failing companion: k(z, z) alone (forgetting −‖φ(z)‖²) is not that distance.
        if (m < 3) CHECK(kb::gram(k, Matrix<rational>(Z.row(m)))(0, 0) != distance2);
    }
    CHECK(r(0) > 0);
    CHECK(r(3) == 0);
    // The training points themselves have residual exactly 0.
    CHECK(phi.residuals(X) == Vector<rational>::Zero(4));
}

TEST_CASE("when the training features span the feature space the map is exact for every pair [ghiasi:thm1]") {
    // (xᵀy)² on ℝ² has the 3 features (x₁², √2x₁x₂, x₂²): 6 generic points span them, K has
    // rank 3 < N, and the exact pseudo-inverse map reproduces k for *all* pairs.
    const kb::PolynomialKernel<rational> k(rational(0), 2);
    const Matrix<rational> X =
        kb::from_integers<rational>((IntMatrix(6, 2) << 1, 0, 0, 1, 1, 1, 2, -1, -1, 3, 1, 2).finished());
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(3, 2) << 5, -2, 1, 7, -3, -3).finished(), 3);
    const kb::ExplicitFeatureMap<rational> phi(k, X, {.rank_tolerance = rational(0)});
    CHECK(phi.rank() == 3);
    CHECK(phi.inner_products(Z, Z) == kb::gram(k, Z));
    CHECK(phi.residuals(Z) == Vector<rational>::Zero(3));
}

// ============================================================ singular K

//! [singular-exact]
TEST_CASE("singular K: the pseudo-inverse map stays exact because k_z always lies in range(K) [ghiasi:thm1]") {
    // (1 + xᵀy)² on ℝ² (6 features), 5 distinct points and two duplicates: N = 7, rank 5.
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const Matrix<rational> X =
        kb::from_integers<rational>((IntMatrix(7, 2) << 0, 0, 1, 0, 0, 1, 1, 1, 2, -1, 1, 0, 1, 1).finished());
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(3, 2) << 3, 2, -1, 2, 1, -2).finished(), 2);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<rational>(k, X), doctest::Contains("exact rank is 5 < N = 7"), kb::error);
    const kb::ExplicitFeatureMap<rational> phi(k, X, {.rank_tolerance = rational(0)});
    CHECK(phi.rank() == 5);
    const Matrix<rational> K = kb::gram(k, X), P = phi.pseudo_inverse();
    // The four Penrose conditions, exactly: P is the Moore–Penrose inverse K⁺.
    CHECK(Matrix<rational>(K * P * K) == K);
    CHECK(Matrix<rational>(P * K * P) == P);
    CHECK(Matrix<rational>(K * P) == Matrix<rational>(K * P).transpose());
    CHECK(Matrix<rational>(P * K) == Matrix<rational>(P * K).transpose());
    // k_z ∈ range(K) for every z (KK⁺ is the projector onto range(K)) — even when k(z,·) is
    // not in the span (r(z) > 0): exactness at the training points survives for every z.
    const Matrix<rational> kZ = kb::gram(k, X, Z);
    CHECK(Matrix<rational>(K * P * kZ) == kZ);
    CHECK(phi.residuals(Z)(0) > 0);
    CHECK(phi.inner_products(X, Z) == kZ);
    CHECK(phi.inner_products(X, X) == K);
    // The foundation's exact PSD certificate agrees (it once rejected this K, chapter 6).
    CHECK(kb::is_psd_exact(K));
}
//! [singular-exact]

TEST_CASE("failing companion: a regularised inverse (K + I/1000)^-1 is not exact [ghiasi:thm1]") {
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(4, 2) << 0, 0, 1, 0, 0, 1, 1, 1).finished());
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(1, 2) << 3, 2).finished());
    const Matrix<rational> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
    const Matrix<rational> R = kb::inverse_spd(Matrix<rational>(K + Matrix<rational>::Identity(4, 4) / rational(1000)));
    CHECK(Matrix<rational>(K * R * kZ) != kZ);
    CHECK(Matrix<rational>(K * kb::inverse_spd(K) * kZ) == kZ);
}

// ============================================================ eqs. 8–16: centring and the primal

TEST_CASE("centring in Gram form is exact: <psi(x_m) psi(x_n)> = (JKJ)_mn and |M|^2 = e^T K e [ghiasi:eq8] "
          "[ghiasi:eq10]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 6);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::points(N, 2, 9), 3);
        const kb::PolynomialKernel<rational> k(rational(1), 3);
        const Matrix<rational> K = kb::gram(k, X);
        RC_PRE(*kb::exact_psd_rank(K) == N);
        const Matrix<rational> Kinv = kb::inverse_spd(K);
        const Vector<rational> e = e_vector<rational>(N), Ke = K * e;
        // ⟨ψ(x_m), ψ(x_n)⟩ = (K_{*,m} − Ke)ᵀ K⁻¹ (K_{*,n} − Ke): the double-centred Gram matrix.
        const Matrix<rational> centred = K.colwise() - Ke;
        RC_ASSERT(Matrix<rational>(centred.transpose() * Kinv * centred) == kb::double_center(K));
        // ⟨M, M⟩ = eᵀK K⁻¹ K e = eᵀKe and ⟨φ(x_n), M⟩ = (Ke)_n.
        RC_ASSERT(rational(Ke.transpose() * Kinv * Ke) == rational(e.transpose() * K * e));
        RC_ASSERT(Vector<rational>(K * Kinv * Ke) == Ke);
        // Failing companions: the uncentred features give K itself (not JKJ: K1 ≠ 0 = JKJ1 for
        // a PD K), and centring on one side only, K − Keᵀ… = KJ, is not symmetric and not JKJ
        // unless K1 is a multiple of 1 (skipped then, e.g. N = 1).
        RC_ASSERT(Matrix<rational>(K.transpose() * Kinv * K) != kb::double_center(K));
        const Matrix<rational> one_sided = K * kb::centering_matrix<rational>(N);
        const Vector<rational> K1 = K * kb::ones<rational>(N);
        if (K1 != Vector<rational>::Constant(N, K1(0))) RC_ASSERT(one_sided != kb::double_center(K));
    });
}

//! [eq11]
TEST_CASE("sum of (e_n - e)(e_n - e)^T is I - N e e^T exactly [ghiasi:eq11]") {
    for (int N = 1; N <= 9; ++N) {
        const Vector<rational> e = e_vector<rational>(N);
        Matrix<rational> sum = Matrix<rational>::Zero(N, N);
        for (int n = 0; n < N; ++n) {
            const Vector<rational> d = Vector<rational>::Unit(N, n) - e;
            sum += d * d.transpose();
        }
        const Matrix<rational> I = Matrix<rational>::Identity(N, N);
        CHECK(sum == Matrix<rational>(I - rational(N) * e * e.transpose()));
        CHECK(sum == kb::centering_matrix<rational>(N));
        // Failing companion: without the factor N the identity is false (for N > 1).
        if (N > 1) CHECK(sum != Matrix<rational>(I - e * e.transpose()));
    }
}
//! [eq11]

TEST_CASE("the primal projection is an identity in u: (k_z - Ke)^T K^-1 u = k_z K^-1 u - e^T u exactly [ghiasi:eq16]") {
    kb::test::property<rational>([] {
        const Design<rational> D = build_design(draw_design(4, 2));
        const Vector<rational> u = kb::from_integers<rational>(*kb::test::int_matrix(4, 1, -9, 9), 7);
        const Vector<rational> e = e_vector<rational>(4);
        const Matrix<rational> Kinv = kb::inverse_spd(D.K);
        const Vector<rational> lhs = (D.kZ.colwise() - D.K * e).transpose() * Kinv * u;
        Vector<rational> rhs = D.kZ.transpose() * Kinv * u;
        rhs.array() -= e.dot(u);
        RC_ASSERT(lhs == rhs);
    });
}

// ============================================================ eqs. 17–25: the dual

//! [dual-symmetric-route]
TEST_CASE("K-bar = K(I - N e e^T) is not symmetric - has 1 in its null space - and its eigenvectors are K w "
          "[ghiasi:eq17-23]") {
    const Design<rational> D = build_design(fixed_design());
    const int N = D.N;
    const Matrix<rational> J = kb::centering_matrix<rational>(N);
    const Matrix<rational> Kbar = D.K * J;
    CHECK(Kbar != Kbar.transpose());                                      // not symmetric
    CHECK(Vector<rational>(Kbar * kb::ones<rational>(N)) == Vector<rational>::Zero(N)); // K̄1 = 0
    // The symmetric route: JKJ w = μ w (designed), and K̄ (K w) = μ (K w).
    const Matrix<rational> Kt = kb::double_center(D.K);
    for (int j = 0; j < N - 1; ++j) {
        const Vector<rational> w = D.W.col(j);
        CHECK(Vector<rational>(Kt * w) == Vector<rational>(D.mu(j) * w));
        CHECK(Vector<rational>(Kbar * (D.K * w)) == Vector<rational>(D.mu(j) * (D.K * w)));
        // The left eigenvectors of K̄ are the w themselves: wᵀK̄ = wᵀKJ = (JKJw)ᵀ = μwᵀ.
        CHECK(Matrix<rational>(w.transpose() * Kbar) == Matrix<rational>(D.mu(j) * w.transpose()));
    }
    // The characteristic polynomial of K̄ has the real roots μ_j and 0, as that of JKJ:
    // det(K̄ − tI) = det(JKJ − tI) at N + 1 points determines both degree-N polynomials.
    // (Exact determinants via exact_psd_rank are not available for indefinite matrices, so
    // we check the similarity instead: K̄ (K W) = (K W) diag(μ), with K W of full column rank.)
    const Matrix<rational> KW = D.K * D.W;
    CHECK(Matrix<rational>(Kbar * KW) == Matrix<rational>(KW * D.mu.asDiagonal()));
    CHECK(*kb::exact_psd_rank(Matrix<rational>(KW.transpose() * KW)) == N - 1);
}
//! [dual-symmetric-route]

//! [dual-exact]
TEST_CASE("dual equations hold exactly for the designed eigenpairs: eqs. 18-22 and the null-space freedom of eq. 21 "
          "[ghiasi:eq17-23]") {
    kb::test::property<rational>([] {
        const Design<rational> D = build_design(draw_design(4, 2));
        const int N = D.N;
        const Matrix<rational> J = kb::centering_matrix<rational>(N), Kbar = D.K * J;
        const Matrix<rational> alpha = exact_alpha(D);
        for (int j = 0; j < N - 1; ++j) {
            const Vector<rational> a = alpha.col(j);
            const rational mu = D.mu(j);
            RC_ASSERT(Vector<rational>(D.K * J * D.K * J * a) == Vector<rational>(mu * D.K * J * a)); // eq. 19
            RC_ASSERT(Vector<rational>(Kbar * Kbar * a) == Vector<rational>(mu * Kbar * a));           // eq. 20
            RC_ASSERT(Vector<rational>(Kbar * a) == Vector<rational>(mu * a));                         // eq. 21
            RC_ASSERT(rational(a.transpose() * J * D.K * J * a) == 1);                                 // eq. 22
            RC_ASSERT(mu * (J * a).squaredNorm() == 1);                                                // reduced
            RC_ASSERT(kb::ones<rational>(N).dot(a) != 0);                                              // α not centred
            // eq. 20 admits α + c1 (same v = K^{1/2}Jα); eq. 21 picks the representative.
            const Vector<rational> shifted = a + rational(1, 3) * kb::ones<rational>(N);
            RC_ASSERT(Vector<rational>(Kbar * Kbar * shifted) == Vector<rational>(mu * Kbar * shifted));
            RC_ASSERT(Vector<rational>(Kbar * shifted) != Vector<rational>(mu * shifted));
            RC_ASSERT(Vector<rational>(J * shifted) == Vector<rational>(J * a));
        }
    });
}
//! [dual-exact]

//! [eq23-identity]
TEST_CASE("the dual projection eq. 23 is an identity in alpha: sum_n alpha_n <psi(z) psi(x_n)> exactly "
          "[ghiasi:eq17-23]") {
    kb::test::property<rational>([] {
        const auto [N, X, Z] = any_plane_points(2);
        const kb::PolynomialKernel<rational> k(rational(1), 3);
        const Matrix<rational> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
        RC_PRE(*kb::exact_psd_rank(K) == N);
        const Matrix<rational> Kinv = kb::inverse_spd(K);
        const Vector<rational> Ke = K * e_vector<rational>(N);
        // ⟨ψ(z), ψ(x_n)⟩ = (k_z − Ke)ᵀ K⁻¹ (K_{*,n} − Ke), from the map's exactness alone.
        const Matrix<rational> G = Matrix<rational>(kZ.colwise() - Ke).transpose() * Kinv * Matrix<rational>(K.colwise() - Ke);
        kb::DualKpca<rational> any;
        any.alpha = kb::from_integers<rational>(*kb::test::int_matrix(N, 2, -9, 9), 5); // any α, not an eigenvector
        any.lambda = Vector<rational>::Ones(2);
        RC_ASSERT(kb::dual_projection(K, any, kZ) == Matrix<rational>(G * any.alpha));
        // Failing companion: the combined form eq. 25 needs K̄α = Nλα and fails for this α.
        RC_ASSERT(kb::combined_projection(any, kZ) != kb::dual_projection(K, any, kZ));
    });
}
//! [eq23-identity]

//! [eq24-25-exact]
TEST_CASE("u = K-bar alpha = N lambda alpha is the primal u and eq. 25 equals eqs. 16 and 23 exactly [ghiasi:eq24] "
          "[ghiasi:eq25]") {
    const Design<rational> D = build_design(fixed_design());
    const int N = D.N;
    const Matrix<rational> J = kb::centering_matrix<rational>(N), Kinv = kb::inverse_spd(D.K);
    const Matrix<rational> alpha = exact_alpha(D);
    kb::DualKpca<rational> dual{D.mu / rational(N), alpha};
    Matrix<rational> u(N, N - 1);
    for (int j = 0; j < N - 1; ++j) {
        u.col(j) = D.K * J * alpha.col(j); // eq. 24: u = K(I − Neeᵀ)α = K̄α
        CHECK(Vector<rational>(u.col(j)) == Vector<rational>(D.mu(j) * alpha.col(j))); // = Nλα
        CHECK(rational(u.col(j).transpose() * Kinv * u.col(j)) == 1);                // the primal normalisation eq. 15
        CHECK(Vector<rational>(D.K * J * u.col(j)) == Vector<rational>(D.mu(j) * u.col(j))); // eq. 14
    }
    // Failing companion: u = α (without Nλ) is false where Nλ ≠ 1 (μ₁ = 25).
    CHECK(Vector<rational>(u.col(0)) != Vector<rational>(alpha.col(0)));
    // Projections of training and test points: primal (16), dual (23), combined (25), exact scores.
    for (const Matrix<rational>& kZ : {D.K, D.kZ}) {
        Matrix<rational> primal = kZ.transpose() * Kinv * u;
        primal.rowwise() -= e_vector<rational>(N).transpose() * u;
        const Matrix<rational> dual23 = kb::dual_projection(D.K, dual, kZ);
        const Matrix<rational> combined = kb::combined_projection(dual, kZ);
        CHECK(primal == dual23);
        CHECK(combined == dual23);
        CHECK(combined == exact_scores(D, kZ));
    }
}
//! [eq24-25-exact]

// ============================================================ appendix A

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

// ============================================================ the Nyström map

TEST_CASE("the explicit map is the Nystrom map with every training point a landmark - exactly [ghiasi:thm1]") {
    kb::test::property<rational>([] {
        const auto [N, X, Z] = any_plane_points(3);
        const kb::PolynomialKernel<rational> k(rational(1), 3);
        const kb::ExplicitFeatureMap<rational> phi(k, X, {.rank_tolerance = rational(0)});
        const Matrix<rational> kZ = kb::gram(k, X, Z);
        // The landmarks that span: a basis of span{k(x_n,·)} (all N when K is PD).
        const auto S = kb::greedy_landmarks(phi.gram(), N, rational(0)).index;
        const Matrix<rational> K_SS = kb::select_rows<rational>(Matrix<rational>(kb::select_rows<rational>(phi.gram(), S).transpose()), S);
        const Matrix<rational> K_SZ = kb::select_rows<rational>(kZ, S);
        RC_ASSERT(phi.inner_products(Z, Z) == kb::nystrom_kernel(K_SS, K_SZ, K_SZ));
    });
}

//! [nystrom-error]
TEST_CASE("Nystrom with m landmarks: the residual is PSD - shrinks with m - and is exactly zero at m = N "
          "[ghiasi:thm1]") {
    // (1 + xᵀy)³ on ℝ² (10 features) and N = 8 generic points: K is PD, every landmark counts.
    const kb::PolynomialKernel<rational> k(rational(1), 3);
    const Matrix<rational> X = kb::from_integers<rational>(
        (IntMatrix(8, 2) << 0, 0, 1, 0, 0, 1, 1, 1, 2, -1, -1, 2, 3, 1, -2, -3).finished(), 2);
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 3, -3, 1).finished(), 2);
    const Matrix<rational> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
    REQUIRE(*kb::exact_psd_rank(K) == 8);
    rational previous = K.trace() + 1;
    for (Eigen::Index m = 1; m <= 8; ++m) {
        const Matrix<rational> R = nystrom_residual(K, first(m));
        CHECK(kb::exact_psd_rank(R).has_value()); // K − K̂ is PSD (a Schur complement)
        CHECK(R.trace() < previous);              // and strictly smaller with each new independent landmark
        previous = R.trace();
        const Matrix<rational> K_SS = kb::select_rows<rational>(Matrix<rational>(kb::select_rows<rational>(K, first(m)).transpose()), first(m));
        const Matrix<rational> cross = kb::nystrom_kernel(K_SS, Matrix<rational>(kb::select_rows<rational>(K, first(m))),
                                                          Matrix<rational>(kb::select_rows<rational>(kZ, first(m))));
        if (m < 8) {
            CHECK(R != Matrix<rational>::Zero(8, 8)); // failing companion: m < N is an approximation
            CHECK(cross != kZ);
        } else {
            CHECK(R == Matrix<rational>::Zero(8, 8)); // m = N: the explicit map, exact
            CHECK(cross == kZ);                       // … also for test–training pairs
        }
    }
}
//! [nystrom-error]

TEST_CASE("Nystrom for a finite-dimensional kernel is exact once the landmarks span the feature space [ghiasi:thm1]") {
    // (xᵀy)² on ℝ²: 3 features. Greedy landmarks reach a zero residual after exactly 3
    // points, and from then on even test–test pairs are exact.
    const kb::PolynomialKernel<rational> k(rational(0), 2);
    const Matrix<rational> X =
        kb::from_integers<rational>((IntMatrix(7, 2) << 1, 0, 2, 0, 0, 1, 1, 1, 2, -1, -1, 3, 1, 2).finished());
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(3, 2) << 5, -2, 1, 7, -3, -3).finished(), 3);
    const Matrix<rational> K = kb::gram(k, X);
    const kb::Landmarks<rational> L = kb::greedy_landmarks(K, 7, rational(0));
    CHECK(L.index.size() == 3);
    CHECK(L.residual == Vector<rational>::Zero(7));
    CHECK(L.residual_trace(2) == 0);
    CHECK(L.residual_trace(1) > 0);
    const Matrix<rational> XS = kb::select_rows<rational>(X, L.index);
    const Matrix<rational> K_SS = kb::gram(k, XS);
    CHECK(kb::nystrom_kernel(K_SS, kb::gram(k, XS, Z), kb::gram(k, XS, Z)) == kb::gram(k, Z));
    CHECK(kb::nystrom_kernel(K_SS, kb::gram(k, XS, X), kb::gram(k, XS, X)) == K);
}

TEST_CASE("exact rank and PSD decision: exact_psd_rank and pseudo_inverse_exact on rank-deficient matrices") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 7);
        const int r = *kb::test::size_in(1, N);
        const Matrix<rational> B = kb::from_integers<rational>(*kb::test::int_matrix(N, r, -4, 4), 3);
        const Matrix<rational> K = B * B.transpose();
        const auto rank = kb::exact_psd_rank(K);
        RC_ASSERT(rank.has_value());
        RC_ASSERT(*rank <= r);
        RC_ASSERT(static_cast<Eigen::Index>(kb::greedy_landmarks(K, N, rational(0)).index.size()) == *rank);
        if (*rank == 0) return;
        const Matrix<rational> P = kb::pseudo_inverse_exact(K);
        RC_ASSERT(Matrix<rational>(K * P * K) == K);
        RC_ASSERT(Matrix<rational>(P * K * P) == P);
        RC_ASSERT(Matrix<rational>(K * P) == Matrix<rational>(K * P).transpose());
        // Failing companion: an indefinite perturbation is detected exactly.
        Matrix<rational> bad = K;
        bad(0, 0) -= rational(1, 1000) + K(0, 0);
        RC_ASSERT(!kb::exact_psd_rank(bad).has_value());
    });
    // The rank-deficient case where a pivot on the un-updated diagonal meets a zero in the middle.
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const Matrix<rational> X =
        kb::from_integers<rational>((IntMatrix(7, 2) << 0, 0, 1, 0, 0, 1, 1, 1, 2, -1, 1, 0, 1, 1).finished());
    CHECK(kb::exact_psd_rank(kb::gram(k, X)) == Eigen::Index(5));
}
