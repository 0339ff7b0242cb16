/// \file laws.cpp
/// \brief Chapter 8's laws, as properties in double, real50 and real100 over random data: the
///        explicit map φ(z) = K^{-1/2} k_z is exact with a training point (Theorem 1), also with
///        a rank tolerance and truncated; kernel PCA through the map (eqs. 8–25) agrees with PCA
///        and chapter 7; the map is the Nyström map — each with its failing companion.
///        The laws that the exercises run as well are written once, in laws.hpp.
#include "../laws.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <functional>

using namespace kb::test::ch08;
// abs and sqrt on double must be std's (not C's int abs); ADL finds the multiprecision ones.
using std::abs;
using std::sqrt;

namespace {

// A random Gaussian case (draw_gaussian_case) in the scalar type T, its explicit map, and
// Theorem 1's bound for it: κ and λ_max of the input K (k(z, z) = 1 for a Gaussian), not
// the map's own.
template <class T>
struct MappedGaussianCase {
    Matrix<T> X, Z;
    kb::GaussianKernel<T> k;
    kb::ExplicitFeatureMap<T> phi;
    kb::test::Bound<T> bound;
};

template <class T>
MappedGaussianCase<T> mapped(const GaussianCase& c) {
    const Matrix<T> X = kb::from_integers<T>(c.X, 2);
    const auto k = kb::GaussianKernel<T>::from_gamma(T(c.gamma));
    return {X, kb::from_integers<T>(c.Z, 2), k, kb::ExplicitFeatureMap<T>(k, X),
            exactness_bound(input_spectrum(kb::gram(k, X)), T(1))};
}

// A random designed case with M test points, exact (rationals) and rounded once to T, and
// the spectrum of the designed K (exact rational, decomposed in real100).
template <class T>
struct DesignCase {
    int N;
    Design<rational> Dq;
    Design<T> D;
    InputSpectrum spec;
};

template <class T>
DesignCase<T> any_design_case(int M) {
    const int N = draw_design_size<T>();
    const Design<rational> Dq = build_design(draw_design(N, M));
    return {N, Dq, convert_design<T>(Dq), input_spectrum(Dq.K)};
}

} // namespace

// ============================================================ Theorem 1

TEST_CASE_TEMPLATE("explicit map is exact for a training point and any z [ghiasi:thm1]", T, KB_REALS) {
    thm1_law<T>(library_map_features);
}

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

// The gaps r(z) = k(z, z) − ‖φ(z)‖² ≥ 0 of new points, computed a block of rows at a time (as
// the command reports them): whatever the block, the range of residuals() itself and the largest
// k(z, z); zero to rounding at the training points; and their check holds. (Rows are computed
// one by one, so every block gives the same values, bit for bit.)
TEST_CASE_TEMPLATE("residual gaps of new points a block at a time are those of residuals() and are non-negative "
                   "[ghiasi:eq26]",
                   T, KB_REALS) {
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(4, 2) << 1, 0, 0, 2, -1, 1, 2, -2).finished(), 2);
    const Matrix<T> Z = kb::from_integers<T>((IntMatrix(5, 2) << 1, 1, -3, 0, 2, 2, 0, 0, 5, -1).finished(), 2);
    const kb::PolynomialKernel<T> k(T(1), 3);
    const kb::ExplicitFeatureMap<T> phi(k, X);
    const Vector<T> r = phi.residuals(Z);
    const T kzz = kb::gram(k, Z).diagonal().cwiseAbs().maxCoeff();
    for (const Eigen::Index block : {1, 2, 5, 100}) {
        const kb::ResidualGaps<T> g = phi.residual_gaps(Z, block);
        CHECK(g.min == r.minCoeff());
        CHECK(g.max == r.maxCoeff());
        CHECK(g.max_k_zz == kzz);
        CHECK(g.check.value <= g.check.bound);
    }
    // Cubic features of 2-D points span 10 dimensions, 4 training points only 4: new points have
    // positive gaps; training points none, to the bound of the check.
    CHECK(r.minCoeff() > phi.residual_gaps(Z, 2).check.bound);
    const kb::ResidualGaps<T> at_x = phi.residual_gaps(X, 3);
    CHECK(T(std::max(T(abs(at_x.min)), T(abs(at_x.max)))) <= at_x.check.bound);
    CHECK_THROWS_WITH_AS(phi.residual_gaps(Z, 0), doctest::Contains("block = 0 rows: give at least 1"), kb::error);
}

// The residual-gap check's bound holds the rounding of k(z, z) itself: with the linear kernel on
// the rows of a rotation, (3/5, 4/5) and (−4/5, 3/5), whose span is all of R², K = I (to rounding)
// and every r(z) is 0, so its computed value is the rounding of k(z, z) − ‖φ(z)‖², about
// ε·k(z, z). For points of norm 10⁶ that is 10⁶ times the first-order term
// N·ε·√(κ·λ_max·k(z, z)) ≈ 2ε·10⁶ alone — which refused such points.
TEST_CASE_TEMPLATE("the residual-gap check of new points far outside the training scale holds: the rounding of "
                   "k(z z) enters its bound [ghiasi:eq26]",
                   T, KB_REALS) {
    using std::abs;
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(2, 2) << 3, 4, -4, 3).finished(), 5);
    const kb::ExplicitFeatureMap<T> phi(kb::LinearKernel<T>{}, X);
    Matrix<T> Z(12, 2);
    for (int i = 0; i < 12; ++i) {
        Z(i, 0) = T(1000000) + kb::ratio<T>(i + 1, 3);
        Z(i, 1) = T(-700000) - kb::ratio<T>(2 * i + 1, 7);
    }
    const kb::ResidualGaps<T> g = phi.residual_gaps(Z, 4);
    CHECK(g.check.value <= g.check.bound);
    // The gaps are rounding: none beyond the bound on either side.
    CHECK(T(std::max(T(abs(g.min)), T(abs(g.max)))) <= g.check.bound);
    // Companion: the first-order term alone is 10⁶ times smaller than the rounding of k(z, z),
    // and at least one computed gap lies below minus that term (the check that refused them).
    const T first_order = T(kb::numerics::c_factorisation) * phi.exactness_error_estimate(g.max_k_zz);
    CHECK(T(std::max(T(abs(g.min)), T(abs(g.max)))) > first_order);
}

// ============================================================ singular K

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
            const kb::ExplicitFeatureMap<T> phi(k, X, {.rank_tolerance = tol});
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
    const kb::ExplicitFeatureMap<T> good(k, X, {.rank_tolerance = kb::psd_rounding_tolerance<T>(8, T(K.norm()))});
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
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<T>(k, X, {.rank_tolerance = T(0)}), doctest::Contains("below the rounding level"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<T>(k, X), doctest::Contains("numerically singular"), kb::error);
}
//! [tiny-eigenvalues]

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

// Section 8.5's bound for the map that keeps the eigenvalues above τ. The computed V, Λ are
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
    const kb::ExplicitFeatureMap<T> phi(k, X, {.rank_tolerance = tau});
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
    const kb::ExplicitFeatureMap<T> phi(k, X, {.rank_tolerance = tau});
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

// ============================================================ eqs. 8–11: mean, centring, covariance

//! [eq8-10]
TEST_CASE_TEMPLATE("mean M = K^1/2 e and centred features psi(z) = K^-1/2 (k_z - Ke) and psi(x_n) = K^1/2 (e_n - e) "
                   "[ghiasi:eq8] [ghiasi:eq9] [ghiasi:eq10]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto [X, Z, k, phi, bound] = mapped<T>(draw_gaussian_case(2, 8));
        // eq. 8: the average of the mapped training points (its definition) is K^{1/2}e.
        const Matrix<T> Phi = phi.training_features();
        const Vector<T> average = Phi.colwise().mean().transpose();
        KB_RC_WITHIN(T((average - phi.mean()).cwiseAbs().maxCoeff()), bound, "(1/N) Σ φ(x_n) = K^{1/2} e");
        // eq. 9 (as corrected): ψ(z) = φ(z) − M = K^{-1/2}(k_z − Ke).
        const Matrix<T> shifted = phi.transform(Z).rowwise() - phi.mean().transpose();
        KB_RC_WITHIN(max_abs_diff(phi.transform_centered(Z), shifted), bound, "ψ(z) = φ(z) − M");
        // eq. 10: at a training point, K^{-1/2}(K_{*,n} − Ke) = K^{1/2}(e_n − e).
        KB_RC_WITHIN(max_abs_diff(phi.transform_centered(X), phi.training_features_centered()), bound,
                     "ψ(x_n) = K^{1/2}(e_n − e)");
        // Failing companion for eq. 10: without −e the right-hand side is φ(x_n) = K^{1/2}e_n,
        // which misses ψ(x_n) by M = K^{1/2}e. For a Gaussian kernel ‖M‖² = eᵀKe ≥ 1/N (all
        // entries of K are positive and its diagonal is 1), so some entry of M is at least
        // 1/N — far beyond the rounding bound.
        KB_RC_EXCEEDS(max_abs_diff(phi.transform_centered(X), phi.training_features()), bound,
                      "K^{1/2}e_n in place of K^{1/2}(e_n − e)");
    });
}
//! [eq8-10]

TEST_CASE_TEMPLATE("covariance of the centred features is C = (1/N) K^1/2 (I - N e e^T) K^1/2 [ghiasi:eq11]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const auto [X, Z, k, phi, bound] = mapped<T>(draw_gaussian_case(2, 8));
        // The definition (1/N) Σ ψ(x_n) ψ(x_n)ᵀ, from eq. 9 at the training points.
        const Matrix<T> Psi = phi.transform_centered(X);
        const Matrix<T> C_def = Psi.transpose() * Psi / T(X.rows());
        KB_RC_WITHIN(max_abs_diff(C_def, phi.covariance()), bound, "C = (1/N) K^{1/2} J K^{1/2}");
        // Failing companion: the 1/(N − 1) normalisation is a different matrix (N ≥ 2, C ≠ 0).
        KB_RC_EXCEEDS(max_abs_diff(Matrix<T>(C_def * T(X.rows()) / T(X.rows() - 1)), phi.covariance()),
                      bound, "1/(N−1)");
    });
}

// ============================================================ eqs. 12–16: the primal

//! [primal]
TEST_CASE_TEMPLATE("primal: C v = lambda v and u = K^1/2 v solve K(I - N e e^T) u = N lambda u with u^T K^-1 u = 1 "
                   "[ghiasi:eq12-15]",
                   T, KB_REALS) {
    kb::test::property<T>(
        [] {
            const auto [N, Dq, D, spec] = any_design_case<T>(2);
            const kb::ExplicitFeatureMap<T> phi(D.kernel(), D.X);
            const Eigen::Index p = N - 1;
            const kb::PrimalKpca<T> pca = kb::primal_kpca(phi, p);
            const T lmax = to<T>(spec.lmax), NN(N);
            const Matrix<T> J = kb::centering_matrix<T>(N), R = phi.gram_sqrt();
            // The residual scales, from the arithmetic. R = VΛ^{1/2}Vᵀ comes from K's computed
            // eigen-decomposition, so RR = K + δK with ‖δK‖ ≤ c₂Nελ_max (no κ: nothing is
            // inverted). eq. 12 is the eigen-residual of NC = RJR (‖NC‖ ≤ λ_max): scale λ_max.
            // eq. 13 multiplies it by R (‖R‖ = λ_max^{1/2}) and replaces RR by K, which adds
            // ‖δK‖·‖Rv‖ ≤ c₂Nελ_max·λ_max^{1/2}: scale 2λ_max^{3/2}; eq. 14 is eq. 13 with u = Rv.
            const auto res12 = kb::test::factorisation<T>(N, lmax);
            const auto res13 = kb::test::factorisation<T>(N, T(2) * lmax * T(sqrt(lmax)));
            const Matrix<T> Kinv = kb::convert_matrix<T>(kb::inverse_spd(Dq.K));
            for (Eigen::Index j = 0; j < p; ++j) {
                const Vector<T> v = pca.v.col(j), u = pca.u.col(j);
                const T Nl = NN * pca.lambda(j);
                // The eigenvalues are the designed μ_j / N, exactly known.
                KB_RC_WITHIN(T(abs(Nl - D.mu(j))), kb::test::factorisation<T>(N, lmax), "Nλ_j = μ_j");
                KB_RC_WITHIN(T((R * J * R * v - Nl * v).norm()), res12, "eq. 12");
                KB_RC_WITHIN(T((D.K * J * R * v - Nl * R * v).norm()), res13, "eq. 13");
                KB_RC_WITHIN(T((D.K * J * u - Nl * u).norm()), res13, "eq. 14");
                // eq. 15 with K⁻¹ from an independent exact solve, rounded once.
                KB_RC_WITHIN(T(abs(u.dot(Kinv * u) - T(1))), kb::test::factorisation<T>(N, to<T>(spec.kappa)),
                             "eq. 15: uᵀK⁻¹u = 1");
            }
            // Failing companion: normalising u itself (uᵀu = 1) instead of eq. 15 rescales the
            // components, and the projections (eq. 16) are no longer ⟨ψ(z), v⟩.
            const Matrix<T> unit_u = pca.u * pca.u.colwise().norm().cwiseInverse().asDiagonal();
            const kb::PrimalKpca<T> wrong{pca.lambda, pca.v, unit_u};
            const Matrix<T> exact = kb::convert_matrix<T>(exact_scores(Dq, Dq.kZ));
            const Matrix<T> proj = kb::primal_projection(phi, wrong, D.kZ);
            KB_RC_EXCEEDS(max_abs_diff(align_signs(proj, exact), exact),
                          score_bound<T>(spec, min_gap<T>(D.mu, p), kb::max_abs(exact)), "uᵀu = 1");
        });
}
//! [primal]

//! [eq16]
TEST_CASE_TEMPLATE("primal projection <psi(z) v> = k_z K^-1 u - e^T u [ghiasi:eq16]", T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = draw_design_size<T>();
        const int M = *kb::test::size_in(1, 3);
        const Design<rational> Dq = build_design(draw_design(N, M));
        const Design<T> D = convert_design<T>(Dq);
        const kb::ExplicitFeatureMap<T> phi(D.kernel(), D.X);
        const InputSpectrum spec = input_spectrum(Dq.K); // the designed K, in real100
        const kb::PrimalKpca<T> pca = kb::primal_kpca(phi, N - 1);
        const Matrix<T> proj = kb::primal_projection(phi, pca, D.kZ);
        // Against the definition ⟨ψ(z), v⟩ with ψ from eq. 9 …
        const Matrix<T> direct = phi.transform_centered(D.Z) * pca.v;
        const Matrix<T> exact = kb::convert_matrix<T>(exact_scores(Dq, Dq.kZ));
        const T scale = kb::max_abs(exact), gap = min_gap<T>(D.mu, N - 1);
        KB_RC_WITHIN(max_abs_diff(proj, direct), score_bound<T>(spec, gap, scale), "eq. 16 = ⟨ψ(z), v⟩");
        // … and against the exact scores from the designed eigenpairs (signs aligned).
        KB_RC_WITHIN(max_abs_diff(align_signs(proj, exact), exact), score_bound<T>(spec, gap, scale), "eq. 16 = exact");
        // Failing companion: without the −eᵀu term (forgetting the centring) the scores move.
        const Matrix<T> uncentred = D.kZ.transpose() * (phi.pseudo_inverse() * pca.u);
        KB_RC_EXCEEDS(max_abs_diff(align_signs(uncentred, exact), exact), score_bound<T>(spec, gap, scale),
                      "without eᵀu");
    });
}
//! [eq16]

// ============================================================ eqs. 17–25: the dual, and all routes together

TEST_CASE_TEMPLATE("K-bar is similar to the symmetric K^1/2 (I - N e e^T) K^1/2 so its eigenvalues are real "
                   "[ghiasi:eq17-23]",
                   T, KB_REALS) {
    kb::test::property<T>(
        [] {
            const auto [N, Dq, D, spec] = any_design_case<T>(1);
            const kb::ExplicitFeatureMap<T> phi(D.kernel(), D.X);
            const T lmax = to<T>(spec.lmax);
            const Matrix<T> J = kb::centering_matrix<T>(N);
            const Matrix<T> Kbar = D.K * J;
            // K^{-1/2} K̄ K^{1/2} = K^{1/2} J K^{1/2} = N C, symmetric PSD. Both roots come from
            // one computed decomposition VΛVᵀ = K + δK (‖δK‖ ≤ c₂Nελ_max), so the product is
            // VΛ^{1/2}VᵀJK^{1/2} − VΛ^{-1/2}Vᵀ δK JK^{1/2}: an error of at most
            // λ_min^{-1/2}·‖δK‖·λ_max^{1/2} = c₂Nε√κ·λ_max.
            const Matrix<T> similar = phi.inverse_sqrt() * Kbar * phi.gram_sqrt();
            const auto similarity = kb::test::factorisation<T>(N, T(sqrt(to<T>(spec.kappa))) * lmax)
                                        .with_condition(static_cast<double>(spec.kappa));
            KB_RC_WITHIN(max_abs_diff(similar, Matrix<T>(T(N) * phi.covariance())), similarity,
                         "K^{-1/2} K̄ K^{1/2} = K^{1/2} J K^{1/2}");
            // Failing companion: the similarity the other way round, K^{1/2} K̄ K^{-1/2}
            // = K^{1/2}(KJ)K^{-1/2}, differs from NC by K^{1/2}(KJ − JK)K^{-1/2}, which is not 0
            // because K1 is not a multiple of 1 (the design's β ≠ 0).
            const Matrix<T> reversed = phi.gram_sqrt() * Kbar * phi.inverse_sqrt();
            KB_RC_EXCEEDS(max_abs_diff(reversed, Matrix<T>(T(N) * phi.covariance())), similarity,
                          "K^{1/2} K̄ K^{-1/2}");
            // Its eigenvalues are those of JKJ: the designed μ and one 0 (for 1).
            const Vector<T> ev = kb::symmetric_eigen(Matrix<T>(T(N) * phi.covariance())).values;
            for (int j = 0; j < N - 1; ++j)
                KB_RC_WITHIN(T(abs(ev(j) - D.mu(j))), kb::test::factorisation<T>(N, lmax), "μ_j");
            KB_RC_WITHIN(T(abs(ev(N - 1))), kb::test::factorisation<T>(N, lmax), "0");
        });
}

//! [dual]
TEST_CASE_TEMPLATE("dual without the kernel trick: K-bar alpha = N lambda alpha normalised by eq. 22 is alpha = K w / "
                   "mu^3/2 [ghiasi:eq17-23]",
                   T, KB_REALS) {
    kb::test::property<T>(
        [] {
            const int N = draw_design_size<T>();
            const Design<rational> Dq = build_design(draw_design(N, 2));
            const Design<T> D = convert_design<T>(Dq);
            const kb::DualKpca<T> dual = kb::dual_kpca(D.K, N - 1);
            const Matrix<T> J = kb::centering_matrix<T>(N);
            const Matrix<T> Kbar = D.K * J, Kt = kb::double_center(D.K);
            const InputSpectrum spec = input_spectrum(Dq.K); // the designed K, in real100
            const T lmax = to<T>(spec.lmax), kappa = to<T>(spec.kappa), gap = min_gap<T>(D.mu, N - 1);
            const Matrix<T> alpha_exact = kb::convert_matrix<T>(exact_alpha(Dq));
            const Matrix<T> alpha = align_signs(dual.alpha, alpha_exact);
            // The printed chain through K^{1/2}: v = K^{1/2}Jα (eq. 17) is a unit eigenvector
            // of C, eq. 18 holds, ‖v‖² = 1 is the first line of eq. 22, and the middle line
            // of eq. 23, ⟨K^{-1/2}(k_z − Ke), K^{1/2}Jα⟩, is the dual projection.
            const kb::ExplicitFeatureMap<T> phi(D.kernel(), D.X);
            const Matrix<T> R = phi.gram_sqrt(), V = R * J * alpha;
            // The residual scale of eqs. 17–18, from the arithmetic, to first order. dual_kpca
            // decomposes K̃ = JKJ (formed in T: backward error E ≤ c₂Nελ_max, ‖JKJ‖ = μ₁ ≤ λ_max)
            // into ŵ_j = w_j + Σ_{i≠j} c_iw_i + c₀1/√N, c_i = w_iᵀEw_j/(μ_j − μ_i), c₀ ≤ E/μ_j,
            // and α = Kŵ/μ^{3/2}, so Jα = g/μ_j^{3/2} with g = JKŵ = μ_jw_j + Σ c_iμ_iw_i + c₀JK1/√N
            // (JKw_i = μ_iw_i). With RR = K + δK (one decomposition of K, ‖δK‖ ≤ c₂Nελ_max):
            //   NCv − Nλv = R J(K + δK)Jα − μ̂RJα = R(JKg − μ̂g)/μ_j^{3/2} + RJδKJα.
            // The vectors Rw_i are orthogonal with ‖Rw_i‖ = √μ_i (w_iᵀKw_k = w_iᵀJKJw_k), so
            //  - the rotations give R Σ c_iμ_i(μ_i − μ_j)w_i/μ_j^{3/2}: norm ≤ E·max_i(μ_i/μ_j)^{3/2}
            //    ≤ E(μ₁/μ_j)^{3/2} (the gap cancels);
            //  - the eigenvalue error |μ̂ − μ_j| ≤ E gives E·μ_j√μ_j/μ_j^{3/2} = E;
            //  - c₀ gives c₀R(JKJ − μ̂)JK1/(√Nμ_j^{3/2}), norm ≤ E(μ₁/μ_j)^{3/2}·‖JK1‖/(√Nμ_j);
            //  - ‖RJδKJα‖ ≤ √λ_max·c₂Nελ_max·‖Jα‖, ‖Jα‖ ≈ μ_j^{-1/2}: c₂Nελ_max^{3/2}/√μ_j.
            // So eq. 17's residual is at most c₂Nε·[λ_max(μ₁/μ_j)^{3/2}(1 + ‖JK1‖/(√Nμ_j)) + λ_max
            // + λ_max^{3/2}/√μ_j]; eq. 18's, R(JKJα − μ̂Jα), is the part without δK. Nothing is
            // inverted, so no κ. μ_j are the designed values, λ_max the input K's, JK1 exact.
            const T JK1 = to<T>(kb::real100(sqrt(kb::convert<kb::real100>(
                              Vector<rational>(kb::centering_matrix<rational>(N) * Dq.K * kb::ones<rational>(N))
                                  .squaredNorm())))) /
                          T(sqrt(T(N)));
            const T mu1 = D.mu(0);
            const auto residual_bound = [&](int j) {
                const T r = mu1 / D.mu(j);
                return kb::test::factorisation<T>(N, lmax * r * T(sqrt(r)) * (T(1) + JK1 / D.mu(j)) + lmax +
                                                         lmax * T(sqrt(lmax / D.mu(j))));
            };
            const Matrix<T> dual23 = kb::dual_projection(D.K, kb::DualKpca<T>{dual.lambda, alpha}, D.kZ);
            // The scale of the scores: the exact scores of the design (rational), not dual23's.
            const T exact_scale = kb::max_abs(Matrix<T>(kb::convert_matrix<T>(exact_scores(Dq, Dq.kZ))));
            KB_RC_WITHIN(max_abs_diff(Matrix<T>(phi.transform_centered(D.Z) * V), dual23), score_bound<T>(spec, gap, exact_scale),
                         "eq. 23, middle line");
            for (int j = 0; j < N - 1; ++j) {
                const Vector<T> a = alpha.col(j);
                const T Nl = T(N) * dual.lambda(j);
                KB_RC_WITHIN(T(abs(Nl - D.mu(j))), kb::test::factorisation<T>(N, lmax), "Nλ = μ");
                const Vector<T> v = V.col(j);
                KB_RC_WITHIN(T((T(N) * phi.covariance() * v - Nl * v).norm()), residual_bound(j), "eq. 17: Cv = λv");
                KB_RC_WITHIN(T((R * J * D.K * J * a - Nl * R * J * a).norm()), residual_bound(j), "eq. 18");
                KB_RC_WITHIN(T(abs(v.squaredNorm() - T(1))),
                             kb::test::subspace<T>(N, T(sqrt(kappa)) * lmax, gap),
                             "eq. 22, first line: ‖v‖² = 1");
                // K̄α − Nλα = K(JKŵ − μ̂ŵ)/μ^{3/2} = K(JKJŵ − μ̂ŵ + c₀JK1/√N)/μ^{3/2}: at most
                // c₂Nελ_max·λ_max(1 + ‖JK1‖/(√Nμ_j))/μ_j^{3/2} (no gap: the rotations cancel it).
                KB_RC_WITHIN(T((Kbar * a - Nl * a).norm()),
                             kb::test::factorisation<T>(N, lmax * lmax * (T(1) + JK1 / D.mu(j)) /
                                                               (D.mu(j) * T(sqrt(D.mu(j))))),
                             "eq. 21: K̄α = Nλα");
                KB_RC_WITHIN(T(abs(a.dot(Kt * a) - T(1))), kb::test::subspace<T>(N, lmax, gap), "eq. 22");
                // What eq. 22 reduces to: Nλ‖Jα‖² = 1 …
                KB_RC_WITHIN(T(abs(Nl * (J * a).squaredNorm() - T(1))), kb::test::subspace<T>(N, lmax, gap),
                             "Nλ‖Jα‖² = 1");
                // … not the classical Nλ‖α‖² = 1: α has a component along 1 (failing companion).
                KB_RC_EXCEEDS(T(abs(Nl * a.squaredNorm() - T(1))), kb::test::subspace<T>(N, lmax, gap),
                              "Nλ‖α‖² = 1");
            }
            // α = K w / μ^{3/2}, from the designed eigenpairs.
            KB_RC_WITHIN(max_abs_diff(alpha, alpha_exact), kb::test::subspace<T>(N, lmax * sqrt(kappa), gap),
                         "α = Kw/μ^{3/2}");
        });
}
//! [dual]

TEST_CASE_TEMPLATE("primal - dual - combined - ordinary PCA on the mapped data and chapter 7's kernel PCA agree for "
                   "training and new points [ghiasi:eq16] [ghiasi:eq17-23] [ghiasi:eq24] [ghiasi:eq25]",
                   T, KB_REALS) {
    cross_check_law<T>(library_dual_projection, library_combined_projection);
}

// ============================================================ the Nyström map

//! [nystrom-all]
TEST_CASE_TEMPLATE("the explicit map is the Nystrom map with every training point a landmark [ghiasi:thm1]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const auto [X, Z, k, phi, bound] = mapped<T>(draw_gaussian_case(2, 8));
        const Matrix<T> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
        KB_RC_WITHIN(max_abs_diff(phi.inner_products(Z, Z), kb::nystrom_kernel(K, kZ, kZ)), bound,
                     "⟨φ(z), φ(z′)⟩ = k_zᵀK⁻¹k_z′");
        // Failing companion of the same check: a Nyström map with the first N − 1 landmarks
        // only misses ⟨φ(z), φ(z′)⟩ for some test point by more than the bound (k(x_N, ·) is
        // not in the span of the others for distinct points: K is PD). Compared on the
        // training points, where the residual is K − K̂ ≠ 0.
        std::vector<Eigen::Index> S;
        for (Eigen::Index i = 0; i + 1 < X.rows(); ++i) S.push_back(i);
        const Matrix<T> K_SN = kb::select_rows<T>(K, S);
        const Matrix<T> K_SS = kb::select_rows<T>(Matrix<T>(K_SN.transpose()), S);
        KB_RC_EXCEEDS(max_abs_diff(kb::nystrom_kernel(K_SS, K_SN, K_SN), K), bound, "N − 1 landmarks");
    });
}
//! [nystrom-all]

TEST_CASE_TEMPLATE("greedy landmarks: the residual trace decreases to rounding at m = N for a Gaussian kernel "
                   "[ghiasi:thm1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const GaussianCase c = draw_gaussian_case(2, 8);
        const Matrix<T> X = kb::from_integers<T>(c.X, 2);
        const Matrix<T> K = kb::gram(kb::GaussianKernel<T>::from_gamma(T(c.gamma)), X);
        const Eigen::Index N = X.rows();
        const kb::Landmarks<T> L = kb::greedy_landmarks(K, N, T(0));
        RC_ASSERT(static_cast<Eigen::Index>(L.index.size()) == N); // distinct points: every landmark counts
        for (Eigen::Index t = 1; t < N; ++t) RC_ASSERT(L.residual_trace(t) <= L.residual_trace(t - 1));
        // κ and λ_max of the input K (independent route, input_spectrum), not from the code under test.
        const InputSpectrum spec = input_spectrum(K);
        // The greedy residual trace after t + 1 landmarks is the trace of the Nyström residual
        // K − K_{NS}K_SS⁻¹K_{SN} for those landmarks, computed independently (solve_spd).
        // Each entry of the latter is within c₂Nε·κ(K_SS)λ_max ≤ c₂Nε·κλ_max (interlacing), so
        // the N-term trace within N times that.
        const auto trace_bound = kb::test::factorisation<T>(N, T(N) * to<T>(spec.kappa) * to<T>(spec.lmax));
        for (Eigen::Index t = 0; t < N; ++t) {
            const std::vector<Eigen::Index> S(L.index.begin(), L.index.begin() + t + 1);
            KB_RC_WITHIN(T(L.residual_trace(t) - nystrom_residual(K, S).trace()), trace_bound,
                         "greedy trace = trace of the Nyström residual");
        }
        // Failing companion of the same check: the trace one landmark early is not that of
        // all N — the last landmark still carries its residual 1/(K⁻¹)_pp ≥ λ_min(K). Asserted
        // where λ_min (of the input K) is above the bound, i.e. always in real50 and real100
        // and for κ ≲ 10⁶ in double.
        if (to<T>(spec.values(N - 1)) > T(2) * trace_bound.value)
            KB_RC_EXCEEDS(T(L.residual_trace(N - 2) - nystrom_residual(K, L.index).trace()), trace_bound,
                          "trace after N − 1 landmarks = residual of N");
        // At m = N the Nyström residual is rounding: the explicit map.
        KB_RC_WITHIN(kb::max_abs(nystrom_residual(K, L.index)),
                     kb::test::factorisation<T>(N, to<T>(spec.kappa) * to<T>(spec.lmax)), "K − K̂_N = 0");
    });
}

// ============================================================ very large and very small kernels

// kb::ExplicitFeatureMap decomposes a K beyond [2^-200, 2^200] as 4^-j·K (numerics.hpp): exact,
// so the kernel 4^k·k (kb::scaled) gives 2^k times the features bit for bit. A general factor
// c² rounds each kernel value once: ⟨φ(x_n), φ(z)⟩/c² = k(x_n, z) within Theorem 1's bound.
TEST_CASE_TEMPLATE("the explicit map is equivariant under scaling of the kernel: 4^k k gives 2^k phi bit for bit and "
                   "c^2 k gives c phi within the bound of Theorem 1 [ghiasi:thm1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const GaussianCase g = draw_gaussian_case(2, 6);
        const Matrix<T> X = kb::from_integers<T>(g.X, 2), Z = kb::from_integers<T>(g.Z, 2);
        const auto k = kb::GaussianKernel<T>::from_gamma(T(g.gamma));
        const int j = *rc::gen::inRange(-200, 201);
        const kb::ExplicitFeatureMap<T> one(kb::scaled(T(1), k), X);
        const kb::ExplicitFeatureMap<T> big(kb::scaled(kb::times_power_of_two(T(1), 2 * j), k), X);
        RC_ASSERT(big.training_features() == kb::times_power_of_two(one.training_features(), j));
        RC_ASSERT(big.transform(Z) == kb::times_power_of_two(one.transform(Z), j));
        // Companion: the features mis-scaled by 4^j (the kernel's power) are not those.
        if (j != 0) RC_ASSERT(big.transform(Z) != kb::times_power_of_two(one.transform(Z), 2 * j));
        // Every other output at its power of the kernel's scale 4^j: K, its spectrum and rounding
        // level 1, K^{1/2} ½, K^{-1/2} −½, K⁻¹ −1 (what primal_projection uses); κ unchanged.
        const auto at = [j](const auto& M, int power) { return kb::times_power_of_two(Matrix<T>(M), power * j); };
        RC_ASSERT(big.gram() == at(one.gram(), 2));
        RC_ASSERT(Matrix<T>(big.spectrum()) == at(one.spectrum(), 2));
        RC_ASSERT(Matrix<T>(big.eigenvalues()) == at(one.eigenvalues(), 2));
        RC_ASSERT(big.rounding_level() == kb::times_power_of_two(one.rounding_level(), 2 * j));
        RC_ASSERT(big.gram_sqrt() == at(one.gram_sqrt(), 1));
        RC_ASSERT(big.inverse_sqrt() == at(one.inverse_sqrt(), -1));
        RC_ASSERT(big.pseudo_inverse() == at(one.pseudo_inverse(), -2));
        RC_ASSERT(big.condition_number() == one.condition_number());
        RC_ASSERT(big.transform_centered(Z) == at(one.transform_centered(Z), 1));
        if (j != 0) RC_ASSERT(big.pseudo_inverse() != at(one.pseudo_inverse(), -1)); // K⁻¹ at K^{-1/2}'s power

        const T c = kb::times_power_of_two(T(1) + T(*rc::gen::inRange(1, 1000)) / T(1000), j);
        const kb::ExplicitFeatureMap<T> map(kb::scaled(T(c * c), k), X);
        const Matrix<T> inner = map.transform(X) * map.transform(Z).transpose();
        const Matrix<T> train = map.training_features() * map.training_features().transpose();
        const Matrix<T> K = kb::gram(k, X);
        const auto bound = exactness_bound(input_spectrum(K), T(1));
        KB_RC_WITHIN(T((inner / (c * c) - kb::gram(k, X, Z)).cwiseAbs().maxCoeff()), bound,
                     "⟨φ_c(x_n), φ_c(z)⟩/c² = k(x_n, z)");
        KB_RC_WITHIN(T((train / (c * c) - K).cwiseAbs().maxCoeff()), bound, "⟨φ_c(x_m), φ_c(x_n)⟩/c² = k(x_m, x_n)");
        // Companion: features scaled by c² instead of c (inner products by c⁴) are caught — on
        // the training pairs, whose diagonal k(x, x) = 1 makes the error |1/c² − 1| ≥ 0.001 (a
        // test point far from X has kernel values near 0, where any power of c is within an
        // absolute bound).
        KB_RC_EXCEEDS(T((train / (c * c * c * c) - K).cwiseAbs().maxCoeff()), bound,
                      "⟨φ_c(x_m), φ_c(x_n)⟩/c⁴ (wrong power)");
    });
}
