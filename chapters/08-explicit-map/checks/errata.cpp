/// \file errata.cpp
/// \brief Chapter 8's errata: eq. 9, the scope of Theorem 1 (not exact between two test points,
///        eq. 26's distances), and appendix A's eqs. 32 and 39 — each exposed on data and checked
///        against its correction; and two remarks on appendix A's notation (eq. 38's shapes, the
///        second K̄).
#include "chapter_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/solve.hpp"

using namespace kb::test::ch08;
// abs and sqrt on double must be std's (not C's int abs); ADL finds the multiprecision ones.
using std::abs;
using std::sqrt;

namespace {

template <class T>
T max_diagonal(const Matrix<T>& A) {
    return A.diagonal().maxCoeff();
}

// Squared distances ‖a − b‖² from a matrix of inner products and the two lists of norms.
template <class T>
Matrix<T> distances(const Matrix<T>& G_ab, const Vector<T>& n_a, const Vector<T>& n_b) {
    Matrix<T> D = -T(2) * G_ab;
    D.colwise() += n_a;
    D.rowwise() += n_b.transpose();
    return D;
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

//! [eq9-erratum]
TEST_CASE_TEMPLATE("erratum eq. 9: psi(z) = phi(z) - M and not psi(z) - M [ghiasi:eq9]", T, KB_REALS) {
    // The printed "ψ(z) = ψ(z) − M" read as an update subtracts the mean twice: φ(z) − 2M.
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(4, 2) << 0, 0, 2, 1, -1, 2, 1, -2).finished(), 2);
    const Matrix<T> Z = kb::from_integers<T>((IntMatrix(2, 2) << 1, 1, -3, 0).finished(), 2);
    const auto k = kb::GaussianKernel<T>::from_sigma(T(1));
    const kb::ExplicitFeatureMap<T> phi(k, X);
    const auto bound = exactness_bound(input_spectrum(kb::gram(k, X)), T(1));
    const Matrix<T> psi = phi.transform_centered(Z);
    const Matrix<T> once = phi.transform(Z).rowwise() - phi.mean().transpose();
    const Matrix<T> twice = once.rowwise() - phi.mean().transpose();
    KB_CHECK_WITHIN(max_abs_diff(psi, once), bound, "ψ(z) = φ(z) − M");
    KB_CHECK_EXCEEDS(max_abs_diff(psi, twice), bound, "ψ(z) − M");
    // …and the mean is not K^{-1/2}e either (a plausible slip in eq. 8's last step).
    const Vector<T> wrong_mean = phi.inverse_sqrt() * e_vector<T>(4);
    // The law: the mean of the mapped training points is K^{1/2}e (eq. 8), with the same bound.
    KB_CHECK_WITHIN(T((Vector<T>(phi.training_features().colwise().mean().transpose()) - phi.mean()).cwiseAbs().maxCoeff()),
                    bound, "K^{1/2} e");
    KB_CHECK_EXCEEDS(T((wrong_mean - phi.mean()).cwiseAbs().maxCoeff()), bound, "K^{-1/2} e");
}
//! [eq9-erratum]

// ============================================================ beyond the training points

//! [test-pairs]
TEST_CASE("between two test points the map gives the Nystrom kernel - not k(z z') [ghiasi:thm1] [ghiasi:eq26]") {
    // Designed case: k_z = K c (in range(K)) and k(z, z′) = cᵀKc′ + δ d. The projection of
    // k(z,·) onto span{k(x_n,·)} has inner products cᵀKc′; the residual is exactly d.
    kb::test::property<rational>(
        [] {
            const int M = *kb::test::size_in(1, 3);
            const Design<rational> D = build_design(draw_design(4, M));
            const kb::ExplicitFeatureMap<rational> phi(D.kernel(), D.X);
            const Matrix<rational> projected = D.G.bottomRightCorner(M, M) - Matrix<rational>(D.d.asDiagonal());
            RC_ASSERT(phi.inner_products(D.Z, D.Z) == projected);
            RC_ASSERT(phi.residuals(D.Z) == D.d);
            RC_ASSERT(kb::nystrom_kernel(D.K, D.kZ, D.kZ) == projected);
            // k(z, z) itself is NOT reproduced when d > 0 (the generator draws d ≥ 1/4).
            for (int m = 0; m < M; ++m) RC_ASSERT(phi.inner_products(D.Z, D.Z)(m, m) < D.G(D.N + m, D.N + m));
            // …but every pair with a training point is: ⟨φ(x_n), φ(z)⟩ = k(x_n, z).
            RC_ASSERT(phi.inner_products(D.X, D.Z) == D.kZ);
        },
        40);
}
//! [test-pairs]

TEST_CASE_TEMPLATE("failing companion: the map is not exact between two test points [ghiasi:thm1] [ghiasi:eq26]", T,
                   KB_REALS) {
    kb::test::property<T>(
        [] {
            const int M = *kb::test::size_in(1, 3);
            const Design<rational> Dq = build_design(draw_design(4, M));
            const Design<T> D = convert_design<T>(Dq);
            const kb::ExplicitFeatureMap<T> phi(D.kernel(), D.X);
            const Matrix<T> kzz = D.G.bottomRightCorner(M, M);
            const Matrix<T> inner = phi.transform(D.Z) * phi.transform(D.Z).transpose();
            const T scale = max_diagonal(kzz);
            // κ, λ_max of the designed K (exact rational, decomposed in real100).
            const auto bound = exactness_bound(input_spectrum(Dq.K), scale);
            // ⟨φ(z), φ(z′)⟩ = k(z, z′) − δ d: the residual d ≥ 1/4 is far beyond rounding.
            KB_RC_EXCEEDS(max_abs_diff(inner, kzz), bound, "test pairs");
            KB_RC_WITHIN(max_abs_diff(inner, Matrix<T>(kzz - Matrix<T>(D.d.asDiagonal()))), bound,
                         "⟨φ(z), φ(z′)⟩ = Nyström kernel");
        });
}

//! [eq26]
TEST_CASE("feature-space distances: exact between training points and shifted by r(z) for a test point [ghiasi:eq26]") {
    // (1 + xᵀy)³ on ℝ²: 10 features, N = 5 training points, so test points are off the span.
    const kb::PolynomialKernel<rational> k(rational(1), 3);
    const Matrix<rational> X =
        kb::from_integers<rational>((IntMatrix(5, 2) << 0, 0, 1, 0, 0, 1, 1, 2, -2, 1).finished(), 2);
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(3, 2) << 3, 1, -1, -1, 2, 2).finished(), 2);
    const kb::ExplicitFeatureMap<rational> phi(k, X);
    const Vector<rational> r = phi.residuals(Z);
    for (int m = 0; m < 3; ++m) REQUIRE(r(m) > 0);
    // Kernel distances d_k(a, b)² = k(a,a) + k(b,b) − 2k(a,b) (eq. 26's right-hand side).
    const Vector<rational> kxx = kb::gram(k, X).diagonal(), kzz = kb::gram(k, Z).diagonal();
    const Matrix<rational> dk_xx = distances<rational>(kb::gram(k, X), kxx, kxx);
    const Matrix<rational> dk_xz = distances<rational>(kb::gram(k, X, Z), kxx, kzz);
    const Matrix<rational> dk_zz = distances<rational>(kb::gram(k, Z), kzz, kzz);
    // Feature distances ‖φ(a) − φ(b)‖² from the map's inner products.
    const Vector<rational> nx = phi.inner_products(X, X).diagonal(), nz = phi.inner_products(Z, Z).diagonal();
    const Matrix<rational> df_xx = distances<rational>(phi.inner_products(X, X), nx, nx);
    const Matrix<rational> df_xz = distances<rational>(phi.inner_products(X, Z), nx, nz);
    const Matrix<rational> df_zz = distances<rational>(phi.inner_products(Z, Z), nz, nz);
    // Two training points: eq. 26 holds exactly.
    CHECK(df_xx == dk_xx);
    // A training point and a test point: ‖φ(x_n) − φ(z)‖² = d_k(x_n, z)² − r(z) — not eq. 26,
    // because ⟨φ(z), φ(z)⟩ pairs z with itself; but the shift is the same for every x_n.
    CHECK(df_xz != dk_xz);
    CHECK(Matrix<rational>(dk_xz - df_xz) == Matrix<rational>(Matrix<rational>::Ones(5, 1) * r.transpose()));
    // Two test points: distances shrink (a projection) and are not the kernel distances.
    for (int a = 0; a < 3; ++a)
        for (int b = a + 1; b < 3; ++b) {
            CHECK(df_zz(a, b) != dk_zz(a, b));
            CHECK(df_zz(a, b) <= dk_zz(a, b));
        }
}
//! [eq26]

// ============================================================ appendix A

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
TEST_CASE("remark eq. 38: K-bar = K - 1 e^T K - K e 1^T + (e^T K e) 1 1^T = JKJ [ghiasi:appA]") {
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
TEST_CASE("remark: K-bar names two matrices - KJ in section 3.2 and JKJ in appendix A - with the same spectrum and "
          "related eigenvectors [ghiasi:appA] [ghiasi:eq17-23]") {
    const Design<rational> D = build_design(fixed_design());
    const int N = D.N;
    const Matrix<rational> J = kb::centering_matrix<rational>(N);
    const Matrix<rational> Kbar32 = D.K * J, KbarA = J * D.K * J;
    CHECK(Kbar32 != KbarA);
    const Matrix<rational> alphaA = classical_alpha(D), alpha32 = exact_alpha(D);
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
        const auto [N, X, x] = any_plane_points(1);
        const kb::PolynomialKernel<rational> k(rational(1), 2);
        const Matrix<rational> K = kb::gram(k, X);
        const Vector<rational> kx = kb::gram(k, X, x).col(0);
        const Vector<rational> alpha = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -9, 9), 4);
        const rational eKe = K.sum() / rational(N * N), sum_alpha = alpha.sum();
        const Eq39 L = eq39_lines(K, kx, alpha);
        // Line 3 is ⟨ψ(x), v⟩ itself, also from the exact explicit map (pseudo-inverse form).
        const kb::ExplicitFeatureMap<rational> phi(k, X, {.rank_tolerance = rational(0)});
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
    const Matrix<rational> alpha32 = exact_alpha(D); // K w / μ^{3/2}
    const kb::DualKpca<rational> dual{D.mu / rational(D.N), alpha32};
    const Matrix<rational> combined = kb::combined_projection(dual, D.kZ);
    for (int m = 0; m < D.M; ++m)
        for (int j = 0; j < D.N - 1; ++j) {
            const Eq39 L = eq39_lines(D.K, D.kZ.col(m), alpha32.col(j));
            CHECK(L.line5_corrected == combined(m, j));
            CHECK(L.line5_printed != combined(m, j));
        }
}
