/// \file properties.cpp
/// \brief Chapter 8: the explicit map φ(z) = K^{-1/2} k_z and precisely where it is exact
///        (Theorem 1, eq. 26), singular K, conditioning and the precision policy, bad input.
#include "test_cases.h"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <cmath>
#include <functional>
#include <limits>

using namespace ch08;
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

} // namespace

// ============================================================ Theorem 1
//! [thm1-property]
TEST_CASE_TEMPLATE("explicit map is exact for a training point and any z [ghiasi:thm1]", T, KB_REALS) {
    kb::test::property<T>([] {
        const GaussianCase c = draw_gaussian_case(2, 8);
        const Matrix<T> X = kb::from_integers<T>(c.X, 2), Z = kb::from_integers<T>(c.Z, 2);
        const auto k = kb::GaussianKernel<T>::from_gamma(T(c.gamma));
        const kb::ExplicitFeatureMap<T> phi(k, X);
        // κ and λ_max of the input K (k(z, z) = 1 for a Gaussian), not the map's own.
        const auto bound = exactness_bound(input_spectrum(kb::gram(k, X)), T(1));
        // ⟨φ(x_n), φ(z_m)⟩ from the features, against the kernel itself.
        const Matrix<T> inner = phi.transform(X) * phi.transform(Z).transpose();
        KB_RC_WITHIN(max_abs_diff(inner, kb::gram(k, X, Z)), bound, "⟨φ(x_n), φ(z)⟩ = k(x_n, z)");
        // Training pairs too: ΦΦᵀ = K.
        const Matrix<T> Phi = phi.training_features();
        KB_RC_WITHIN(max_abs_diff(Matrix<T>(Phi * Phi.transpose()), kb::gram(k, X)), bound,
                     "⟨φ(x_m), φ(x_n)⟩ = k(x_m, x_n)");
        RC_ASSERT(Phi.cols() == X.rows()); // the feature space is ℝᴺ
    });
}
//! [thm1-property]

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

TEST_CASE_TEMPLATE("failing companion: K^-1 k_z in place of K^-1/2 k_z is not exact [ghiasi:thm1]", T,
                   KB_ALL_SCALARS) {
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(4, 2) << 1, 0, 0, 2, -1, 1, 2, -2).finished(), 2);
    const Matrix<T> Z = kb::from_integers<T>((IntMatrix(2, 2) << 1, 1, -3, 0).finished(), 2);
    const kb::PolynomialKernel<T> k(T(1), 3);
    const Matrix<T> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
    const Matrix<T> Kinv = kb::inverse_spd(K);
    // A "map" K⁻¹k_z has inner products k_xᵀK⁻²k_z = e_nᵀK⁻¹k_z ≠ k(x_n, z).
    const Matrix<T> wrong = (Kinv * K).transpose() * (Kinv * kZ);
    if constexpr (kb::is_exact_v<T>) {
        CHECK(wrong != kZ);
        CHECK(Matrix<T>(K * Kinv * kZ) == kZ); // while K⁻¹ between k_x and k_z is exact
    } else {
        // The law's own check (Theorem 1: exactness_bound of the input K at k(z, z)): the
        // map K^{-1/2}k_z passes it, the "map" K⁻¹k_z exceeds it.
        const T kzz = kb::gram(k, Z).diagonal().maxCoeff();
        const auto bound = exactness_bound(input_spectrum(K), kzz);
        const kb::ExplicitFeatureMap<T> phi(k, X);
        KB_CHECK_WITHIN(max_abs_diff(Matrix<T>(phi.transform(X) * phi.transform(Z).transpose()), kZ), bound, "K^{-1/2}k_z");
        KB_CHECK_EXCEEDS(max_abs_diff(wrong, kZ), bound, "K⁻¹k_z");
    }
}

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

TEST_CASE("when the training features span the feature space the map is exact for every pair [ghiasi:thm1]") {
    // (xᵀy)² on ℝ² has the 3 features (x₁², √2x₁x₂, x₂²): 6 generic points span them, K has
    // rank 3 < N, and the exact pseudo-inverse map reproduces k for *all* pairs.
    const kb::PolynomialKernel<rational> k(rational(0), 2);
    const Matrix<rational> X =
        kb::from_integers<rational>((IntMatrix(6, 2) << 1, 0, 0, 1, 1, 1, 2, -1, -1, 3, 1, 2).finished());
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(3, 2) << 5, -2, 1, 7, -3, -3).finished(), 3);
    const kb::ExplicitFeatureMap<rational> phi(k, X, rational(0));
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
    const kb::ExplicitFeatureMap<rational> phi(k, X, rational(0));
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

TEST_CASE_TEMPLATE("singular K in floating point: the map with a rank tolerance is exact to rounding [ghiasi:thm1]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        // (xᵀy)² on ℝ²: rank 3 whatever N ≥ 3 (generic points); or a Gaussian with a duplicate.
        const bool gaussian = *rc::gen::arbitrary<bool>();
        const int N = *kb::test::size_in(4, 8);
        IntMatrix P = *kb::test::distinct_points(N, 2, 4);
        if (gaussian) P.row(N - 1) = P.row(0);
        const Matrix<T> X = kb::from_integers<T>(P, 2), Z = kb::from_integers<T>(*kb::test::points(3, 2, 6), 2);
        const auto run = [&](const auto& k, Eigen::Index expected_rank) {
            const Matrix<T> K = kb::gram(k, X);
            const auto eig = kb::symmetric_eigen(K);
            // Generic points only: the kept part of K well conditioned, the rest (if any) zero.
            RC_PRE(eig.values(expected_rank - 1) > eig.values(0) / T(1000000));
            const T tol = kb::psd_rounding_tolerance<T>(N, T(K.norm()));
            const kb::ExplicitFeatureMap<T> phi(k, X, tol);
            RC_ASSERT(phi.rank() == expected_rank);
            const T kzz = kb::gram(k, Z).diagonal().maxCoeff();
            // κ over the kept part of the input K (its expected_rank leading eigenvalues).
            KB_RC_WITHIN(max_abs_diff(Matrix<T>(phi.transform(X) * phi.transform(Z).transpose()), kb::gram(k, X, Z)),
                         exactness_bound(input_spectrum(K, expected_rank), kzz), "⟨φ(x_n), φ(z)⟩ = k(x_n, z) with K⁺");
        };
        if (gaussian)
            run(kb::GaussianKernel<T>::from_gamma(T(1)), N - 1);
        else
            run(kb::PolynomialKernel<T>(T(0), 2), 3);
    });
}

// ------------------------------------------------------------ the truncated map and its bound
namespace {
// The bound "exact part + rounding": a mathematical bound of the truncation (τ, or
// √((N − r)τk(z,z))) plus the rounding bound of the computed map.
template <class T>
kb::test::Bound<T> plus(const T& exact_part, kb::test::Bound<T> rounding, const std::string& what) {
    rounding.value += exact_part;
    rounding.kind = what + " + " + rounding.kind;
    return rounding;
}

// Section 8.3's bound for the map that keeps the eigenvalues above τ. The computed V, Λ are
// exact for K + δK with ‖δK‖ ≤ δ = c₂Nελ_max, and the dropped λ_j ≤ τ are theirs. Training
// pairs: ⟨φ(x_m), φ(x_n)⟩ − k(x_m, x_n) = −e_mᵀ(Σ_{j>r} λ_j v_jv_jᵀ − δK(I − V_rV_rᵀ))e_n, at
// most τ + δ (Cauchy–Schwarz over j: the rows of V are unit vectors). A training point and
// any z: −Σ_{j>r} v_jn (v_jᵀk_z), and v_jᵀk_z = ⟨Σ_i v_ji k(x_i,·), k(z,·)⟩ is at most
// √(v_jᵀKv_j · k(z,z)) ≤ √((τ + δ) k(z,z)), so the error is at most √((N − r)(τ + δ) k(z,z)).
// Both plus the rounding of the computed map (chapter 8's exactness bound over the kept part).
// The kept rank r and κ over the kept part come from the input K's spectrum (real100,
// input_spectrum: the eigenvalues above τ), not from the map; the map must keep that r.
template <class T, class Kernel>
void check_truncated_map(const Kernel& k, const Matrix<T>& X, const Matrix<T>& Z, const T& tau,
                         const std::function<void(const kb::test::Verdict&)>& report) {
    using std::sqrt;
    const kb::ExplicitFeatureMap<T> phi(k, X, tau);
    const Matrix<T> K = kb::gram(k, X), kZ = kb::gram(k, X, Z), Phi = phi.training_features(), PhiZ = phi.transform(Z);
    const Eigen::Index N = X.rows();
    const InputSpectrum all = input_spectrum(K);
    Eigen::Index r = 0;
    while (r < N && all.values(r) > kb::convert<kb::real100>(tau)) ++r;
    report(kb::test::within(T(phi.rank() - r), kb::test::exact<T>(), "the map keeps the eigenvalues above τ"));
    const InputSpectrum kept = input_spectrum(K, r);
    const T delta = kb::test::factorisation<T>(N, to<T>(all.lmax)).value;
    const T kxx = K.diagonal().maxCoeff();
    report(kb::test::within(max_abs_diff(Matrix<T>(Phi * Phi.transpose()), K),
                            plus(tau + delta, exactness_bound(kept, kxx), "τ + c₂Nελ_max"),
                            "training pairs: |⟨φ(x_m), φ(x_n)⟩ − k(x_m, x_n)| ≤ τ"));
    for (Eigen::Index m = 0; m < Z.rows(); ++m) {
        const T kzz = kb::gram(k, Matrix<T>(Z.row(m))).value();
        const T truncation = sqrt(T(N - r) * (tau + delta) * kzz);
        const T err = kb::max_abs(Matrix<T>(Phi * PhiZ.row(m).transpose() - kZ.col(m)));
        report(kb::test::within(err, plus(truncation, exactness_bound(kept, kzz), "√((N−r)(τ + c₂Nελ_max)k(z,z))"),
                                "a training point and a test point: |⟨φ(x_n), φ(z)⟩ − k(x_n, z)| ≤ √((N−r)τk(z,z))"));
    }
}
} // namespace

//! [truncated-bound]
TEST_CASE_TEMPLATE("truncated map: training pairs within tau and a training point with any z within "
                   "sqrt((N - r) tau k(z z)) [ghiasi:thm1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        // Gaussian kernels on 5–8 distinct points of [0, 1]: eigenvalues that fall off fast, so
        // a threshold τ = λ_max/10^s (s = 2…6, far above the rounding level 64Nελ_max) cuts
        // some of them in most cases.
        const int N = *kb::test::size_in(5, 8);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::distinct_points(N, 1, 12), 12);
        const Matrix<T> Z = kb::from_integers<T>(*kb::test::points(3, 1, 18), 12);
        const long gamma = *kb::test::int_in(1, 4), s = *kb::test::int_in(2, 6);
        const auto k = kb::GaussianKernel<T>::from_gamma(T(gamma));
        T tau = to<T>(input_spectrum(kb::gram(k, X)).lmax);
        for (long i = 0; i < s; ++i) tau /= T(10);
        check_truncated_map<T>(k, X, Z, tau, [](const kb::test::Verdict& v) {
            if (!v.ok) RC_FAIL(v.message);
        });
    });
}
//! [truncated-bound]

TEST_CASE_TEMPLATE("failing companion: the truncated map is not exact between a training point and a test point "
                   "[ghiasi:thm1]",
                   T, KB_REALS) {
    // 8 equispaced points of [0, 1], γ = 1, τ = λ_max/10⁴: the map keeps r < N eigenvalues,
    // stays within the bound above, and yet misses k(x_n, z) by far more than rounding for
    // test points inside and outside [0, 1] — the part of k_z along the dropped eigenvectors.
    const int N = 8;
    Matrix<T> X(N, 1), Z(3, 1);
    for (int i = 0; i < N; ++i) X(i, 0) = T(i) / T(N - 1);
    Z << T(1) / T(14), T(1) / T(2), T(3) / T(2);
    const auto k = kb::GaussianKernel<T>::from_gamma(T(1));
    const InputSpectrum all = input_spectrum(kb::gram(k, X));
    const T tau = to<T>(all.lmax) / T(10000);
    check_truncated_map<T>(k, X, Z, tau, [](const kb::test::Verdict& v) { CHECK_MESSAGE(v.ok, v.message); });
    const kb::ExplicitFeatureMap<T> phi(k, X, tau);
    REQUIRE(phi.rank() < N);
    // Theorem 1's check (exactness_bound) over the kept part of the input K.
    const auto exact_check = exactness_bound(input_spectrum(kb::gram(k, X), phi.rank()), T(1));
    const Matrix<T> err = phi.training_features() * phi.transform(Z).transpose() - kb::gram(k, X, Z);
    for (Eigen::Index m = 0; m < Z.rows(); ++m) {
        const T e = kb::max_abs(Matrix<T>(err.col(m)));
        MESSAGE("z = " << static_cast<double>(Z(m, 0)) << ": r = " << phi.rank() << ", error "
                       << static_cast<double>(e) << ", bound √((N−r)τk(z,z)) = "
                       << static_cast<double>(T(sqrt(T(N - phi.rank()) * tau))));
        KB_CHECK_EXCEEDS(e, exact_check, "the truncated map at a test point");
    }
}

//! [tiny-eigenvalues]
TEST_CASE_TEMPLATE("failing companion: inverting rounding-level eigenvalues loses digits and is refused [ghiasi:thm1]",
                   T, KB_REALS) {
    // (xᵀy)² on ℝ² with N = 8: exact rank 3, five eigenvalues that are rounding noise in T.
    const Matrix<T> X = kb::from_integers<T>(
        (IntMatrix(8, 2) << 3, 1, -2, 5, 4, -1, 1, 1, -3, -4, 2, 7, 5, 2, -1, 3).finished(), 4);
    const Matrix<T> Z = kb::from_integers<T>((IntMatrix(3, 2) << 1, -6, 7, 2, -2, -3).finished(), 4);
    const kb::PolynomialKernel<T> k(T(0), 2);
    const Matrix<T> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
    const T kzz = kb::gram(k, Z).diagonal().maxCoeff();
    // With a tolerance at the rounding level: exact to rounding.
    const kb::ExplicitFeatureMap<T> good(k, X, kb::psd_rounding_tolerance<T>(8, T(K.norm())));
    REQUIRE(good.rank() == 3);
    // κ over the 3 eigenvalues of the input K that are not rounding noise.
    const kb::test::Bound<T> bound = exactness_bound(input_spectrum(K, 3), kzz);
    KB_CHECK_WITHIN(max_abs_diff(Matrix<T>(good.transform(X) * good.transform(Z).transpose()), kZ), bound, "rank tolerance");
    // Tolerance 0 keeps the positive noise eigenvalues and inverts them: the error leaves
    // the rounding bound by orders of magnitude (about √ε, see the chapter's table).
    const Matrix<T> R = kb::psd_inverse_sqrt(K, T(0));
    const T err = max_abs_diff(Matrix<T>((R * K).transpose() * (R * kZ)), kZ);
    MESSAGE("rank tolerance 0 in " << kb::scalar_name<T>() << ": error " << static_cast<double>(err) << " vs bound "
                                   << static_cast<double>(bound.value));
    KB_CHECK_EXCEEDS(err, bound, "rank tolerance 0");
    // The library refuses to build that map.
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<T>(k, X, T(0)), doctest::Contains("below the rounding level"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<T>(k, X), doctest::Contains("numerically singular"), kb::error);
}
//! [tiny-eigenvalues]

// ============================================================ conditioning and the precision policy
namespace {
// Gaussian kernel on N equispaced points of [0, 1]: κ(K) grows without bound as γ → 0.
template <class T>
Matrix<T> unit_grid(int N) {
    Matrix<T> X(N, 1);
    for (int i = 0; i < N; ++i) X(i, 0) = T(i) / T(N - 1);
    return X;
}
template <class T>
Matrix<T> mid_grid(int N) {
    Matrix<T> Z(N - 1, 1);
    for (int i = 0; i + 1 < N; ++i) Z(i, 0) = T(2 * i + 1) / T(2 * (N - 1));
    return Z;
}
// The refusal of a map that T cannot represent: kb::error naming the precision, κ(K) and
// ε(T). `full` also asks for the remedies the message offers (shared by both tests below).
template <class T, class Kernel>
void check_refused_as_numerically_singular(const Kernel& k, const Matrix<T>& X, bool full) {
    const std::string expected = "numerically singular in " + kb::scalar_name<T>();
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<T>(k, X), doctest::Contains(expected.c_str()), kb::error);
    try {
        kb::ExplicitFeatureMap<T> refused(k, X);
    } catch (const kb::error& ex) {
        const std::string msg = ex.what();
        CHECK(msg.find("κ(K)") != std::string::npos);
        CHECK(msg.find("ε(" + kb::scalar_name<T>() + ")") != std::string::npos);
        if (full) {
            CHECK(msg.find("real100") != std::string::npos);
            CHECK(msg.find("rank tolerance") != std::string::npos);
            CHECK(msg.find("larger γ") != std::string::npos);
        }
    }
}
} // namespace

//! [conditioning]
TEST_CASE_TEMPLATE("conditioning: the map is built where T resolves K and refused with kappa and eps where not "
                   "[ghiasi:thm1]",
                   T, KB_REALS) {
    const int N = 8;
    const Matrix<T> X = unit_grid<T>(N), Z = mid_grid<T>(N);
    // γ = 8, 1/10, 1/10⁵, 1/10⁸: κ(K) = 1.3·10⁴, 2.8·10¹⁷, 2.9·10⁴⁵, 2.9·10⁶⁶ (computed in real100).
    // The thresholds 1/(64·N·ε) are 8.8·10¹² (double), 3.7·10⁴⁷ (real50), 3.4·10⁹⁷ (real100):
    // real100 builds all four; its refusal, and both sides with a κ known exactly, are the
    // next test.
    const long inverse_gamma[] = {0, 10, 100000, 100000000};
    T previous_error(0);
    for (long ig : inverse_gamma) {
        const T gamma = ig == 0 ? T(8) : T(1) / T(ig);
        const auto k = kb::GaussianKernel<T>::from_gamma(gamma);
        const auto k100 = kb::GaussianKernel<kb::real100>::from_gamma(ig == 0 ? kb::real100(8) : kb::real100(1) / kb::real100(ig));
        const auto ev = kb::symmetric_eigen(kb::gram(k100, unit_grid<kb::real100>(N))).values;
        const kb::real100 kappa = ev(0) / ev(N - 1);
        // The documented rule: build iff κ < 1/(64·N·ε(T)) (decided on T's own eigenvalues;
        // the cases are chosen far from the threshold).
        const bool representable = kappa * kb::real100(64 * N) * kb::convert<kb::real100>(kb::epsilon<T>()) < 1;
        if (representable) {
            const kb::ExplicitFeatureMap<T> phi(k, X);
            const T err = max_abs_diff(Matrix<T>(phi.transform(X) * phi.transform(Z).transpose()), kb::gram(k, X, Z));
            // κ and λ_max from the real100 Gram matrix above, not from the map.
            InputSpectrum spec;
            spec.values = ev;
            spec.n = N;
            spec.lmax = ev(0);
            spec.lmin = ev(N - 1);
            spec.kappa = kappa;
            KB_CHECK_WITHIN(err, exactness_bound(spec, T(1)), "exactness within the κ-dependent estimate");
            // The error grows with κ: the ill-conditioned cases leave the κ-free bound.
            if (ig != 0) {
                KB_CHECK_EXCEEDS(err, kb::test::factorisation<T>(N, to<T>(ev(0))), "κ-free");
                CHECK(err > previous_error);
            }
            previous_error = err;
        } else {
            check_refused_as_numerically_singular(k, X, true);
        }
    }
}
//! [conditioning]

//! [conditioning-known-kappa]
TEST_CASE_TEMPLATE("conditioning: a Gram matrix of exactly known kappa is built two decades below 1/(64 N eps) and "
                   "refused two decades above it [ghiasi:thm1]",
                   T, KB_REALS) {
    // K = Q diag(λ) Qᵀ in rationals, Q an exactly orthogonal Cayley matrix and
    // λ = (1, 1/2, …, 1/64, 10⁻ᵏ): κ(K) = 10ᵏ exactly, known without any eigensolver. K is
    // rounded once to T and used as the table of a kernel on the points 0…7. The exponents sit
    // two decades either side of the threshold 1/(64·N·ε(T)) (8.8·10¹², 3.7·10⁴⁷, 3.4·10⁹⁷):
    // k = 10 and 15 in double, 45 and 50 in real50, 95 and 100 in real100. Rounding K to T
    // moves its eigenvalues by at most Nε·λ_max, and the eigensolver adds c₂Nε·λ_max — far
    // less than the two decades.
    using std::log10;
    const int N = 8;
    const double threshold = static_cast<double>(T(T(1) / (T(64 * N) * kb::epsilon<T>())));
    const int below = static_cast<int>(std::floor(std::log10(threshold))) - 2;
    const int above = static_cast<int>(std::ceil(std::log10(threshold))) + 2;
    const IntMatrix S = (IntMatrix(8, 8) << 0, 1, -2, 1, 0, 3, -1, 2,   //
                         -1, 0, 1, -3, 2, 0, 1, -1,                      //
                         2, -1, 0, 1, -1, 2, 0, 3,                       //
                         -1, 3, -1, 0, 2, -2, 1, 0,                      //
                         0, -2, 1, -2, 0, 1, -3, 1,                      //
                         -3, 0, -2, 2, -1, 0, 2, -1,                     //
                         1, -1, 0, -1, 3, -2, 0, 2,                      //
                         -2, 1, -3, 0, -1, 1, -2, 0)
                            .finished();
    const Matrix<rational> Q = kb::test::cayley_orthogonal<rational>(S, 1);
    REQUIRE(Matrix<rational>(Q.transpose() * Q) == Matrix<rational>::Identity(N, N));
    const auto gram_with_kappa = [&](int decades) {
        Vector<rational> lambda(N);
        for (int i = 0; i + 1 < N; ++i) lambda(i) = rational(1, 1L << i);
        rational smallest(1);
        for (int d = 0; d < decades; ++d) smallest /= 10;
        lambda(N - 1) = smallest; // κ = 1/smallest = 10^decades
        return kb::convert_matrix<T>(Matrix<rational>(kb::test::with_spectrum<rational>(Q, lambda)));
    };
    const Matrix<T> X = table_points<T>(0, N);
    // Below: built, κ as designed, exact to rounding.
    {
        const TableKernel<T> k{gram_with_kappa(below)};
        const kb::ExplicitFeatureMap<T> phi(k, X);
        T kappa(1);
        for (int d = 0; d < below; ++d) kappa *= T(10);
        // The designed spectrum: λ_max = 1, λ_min = 10^{-below}, κ = 10^{below}, exactly.
        InputSpectrum designed;
        designed.n = N;
        designed.lmax = 1;
        designed.kappa = kb::convert<kb::real100>(kappa);
        designed.lmin = 1 / designed.kappa;
        // |κ̂/κ − 1| ≈ |δλ_min|/λ_min ≤ (1 + c₂)Nε·κ (λ_max = 1): the factorisation bound at scale 2κ.
        KB_CHECK_WITHIN(T(abs(phi.condition_number() / kappa - T(1))), kb::test::factorisation<T>(N, T(2) * kappa),
                        "κ computed against κ designed");
        const Matrix<T> Phi = phi.training_features();
        KB_CHECK_WITHIN(max_abs_diff(Matrix<T>(Phi * Phi.transpose()), k.G), exactness_bound(designed, T(1)),
                        "⟨φ(x_m), φ(x_n)⟩ = k(x_m, x_n) at κ two decades below the threshold");
    }
    // Above: refused, with κ and ε named in the message.
    {
        const TableKernel<T> k{gram_with_kappa(above)};
        check_refused_as_numerically_singular(k, X, false);
        // The pseudo-inverse map with the rounding level as rank tolerance drops the one
        // unresolved eigenvalue and is built.
        const kb::ExplicitFeatureMap<T> cut(k, X, kb::psd_rounding_tolerance<T>(N, T(1)));
        CHECK(cut.rank() == N - 1);
    }
}
//! [conditioning-known-kappa]

// ============================================================ bad input
TEST_CASE("bad input: wrong dimension - non-PSD K - rank tolerance out of range - singular K - empty - non-finite") {
    const Matrix<double> X = kb::from_integers<double>((IntMatrix(3, 2) << 0, 0, 1, 0, 0, 1).finished());
    const auto g = kb::GaussianKernel<double>::from_gamma(1.0);
    const kb::ExplicitFeatureMap<double> phi(g, X);
    // Test points of the wrong dimension.
    CHECK_THROWS_WITH_AS(phi.transform(Matrix<double>::Ones(2, 3)), doctest::Contains("dimension q = 2"), kb::error);
    CHECK_THROWS_WITH_AS(phi.transform_columns(Matrix<double>::Ones(4, 1)), doctest::Contains("N = 3 entries"), kb::error);
    // Non-finite test points and training points.
    Matrix<double> bad = Matrix<double>::Zero(1, 2);
    bad(0, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(phi.transform(bad), doctest::Contains("Z(0,1) = nan is not finite"), kb::error);
    Matrix<double> Xbad = X;
    Xbad(2, 0) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, Xbad), doctest::Contains("X(2,0) = inf"), kb::error);
    // A kernel value that overflows.
    const Matrix<double> Xbig = Matrix<double>::Constant(2, 1, 1e200);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(kb::PolynomialKernel<double>(1.0, 2), Xbig),
                         doctest::Contains("is not finite; rescale the data"), kb::error);
    // N < 1.
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, Matrix<double>(0, 2)), doctest::Contains("N ≥ 1"), kb::error);
    // Not a kernel: K indefinite (a negative distance, and a sigmoid "kernel").
    const auto neg_distance = [](const auto& x, const auto& y) { return -(x - y).squaredNorm(); };
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(neg_distance, X), doctest::Contains("not positive semi-definite"),
                         kb::error);
    const auto sigmoid = [](const auto& x, const auto& y) { return std::tanh(x.dot(y) - 1.0); };
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(sigmoid, X), doctest::Contains("not positive semi-definite"),
                         kb::error);
    const auto neg_rational = [](const auto& x, const auto& y) { return kb::rational(-(x - y).squaredNorm()); };
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<rational>(neg_rational, kb::convert_matrix<rational>(X)),
                         doctest::Contains("decided exactly"), kb::error);
    // Rank tolerance out of range.
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, X, -1.0), doctest::Contains("out of range"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, X, std::numeric_limits<double>::quiet_NaN()),
                         doctest::Contains("out of range"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, X, 100.0), doctest::Contains("below λ_max"), kb::error);
    CHECK_THROWS_WITH_AS(
        kb::ExplicitFeatureMap<rational>(kb::PolynomialKernel<rational>(rational(1), 2), kb::convert_matrix<rational>(X),
                                         rational(1, 10)),
        doctest::Contains("pass rank_tol = 0"), kb::error);
    // A singular K without a rank tolerance: duplicate training points.
    Matrix<double> Xdup(3, 2);
    Xdup << 0, 0, 1, 0, 1, 0;
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(g, Xdup), doctest::Contains("numerically singular"), kb::error);
    CHECK_NOTHROW(kb::ExplicitFeatureMap<double>(g, Xdup, 1e-8));
}

// ============================================================ eq. 1
TEST_CASE_TEMPLATE("the Gaussian kernel of eq. 1 uses 1/(2 sigma^2) and has full-rank Gram matrices [ghiasi:eq1]", T,
                   KB_REALS) {
    using std::abs;
    using std::exp;
    // At ‖x − z‖ = σ the kernel is e^{-1/2} (eq. 1); zhu's convention exp(−‖x−z‖²/σ²) would give e^{-1}.
    const T sigma = T(3) / T(2);
    const Matrix<T> x = Matrix<T>::Zero(1, 2);
    Matrix<T> z(1, 2);
    z << T(9) / T(10), T(6) / T(5); // ‖z‖ = 3/2 exactly
    const T value = kb::GaussianKernel<T>::from_sigma(sigma)(x.row(0), z.row(0));
    KB_CHECK_WITHIN(T(abs(value - exp(-T(1) / T(2)))), kb::test::one_pass<T>(4, T(1)), "k = e^{-1/2} at distance σ");
    KB_CHECK_EXCEEDS(T(abs(kb::GaussianKernel<T>::from_zhu_sigma(sigma)(x.row(0), z.row(0)) - value)),
                     kb::test::one_pass<T>(4, T(1)), "zhu's convention");
    // "corresponds to an infinite-dimensional Hilbert space": the Gram matrix of N distinct
    // points has rank N for every N (here up to 12), unlike a polynomial kernel (rank ≤ dim).
    for (int N = 2; N <= 12; N += 5) {
        Matrix<T> X(N, 1);
        for (int i = 0; i < N; ++i) X(i, 0) = T(i) / T(2);
        const auto ev = kb::symmetric_eigen(kb::gram(kb::GaussianKernel<T>::from_sigma(T(1)), X)).values;
        CHECK(ev(N - 1) > kb::psd_rounding_tolerance<T>(N, ev(0)));
    }
    const Matrix<rational> Xq = kb::from_integers<rational>((IntMatrix(12, 1) << 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11).finished());
    const Matrix<rational> Kq = kb::gram(kb::PolynomialKernel<rational>(rational(1), 3), Xq);
    CHECK(kb::greedy_landmarks(Kq, 12, rational(0)).index.size() == 4); // (1 + xy)³ on ℝ: 4 features
}
