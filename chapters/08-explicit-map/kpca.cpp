/// \file kpca.cpp
/// \brief Chapter 8: kernel PCA through the explicit map, first part — mean and centring
///        (eqs. 8–11) and the primal (12–16). The dual, eqs. 24–25 and the cross-check with
///        ordinary PCA are in kpca_dual.cpp.
#include "test_cases.h"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

using namespace ch08;
// abs and sqrt on double must be std's (not C's int abs); ADL finds the multiprecision ones.
using std::abs;
using std::sqrt;

namespace {


} // namespace

// ============================================================ eqs. 8–10: mean and centring
//! [eq8-10]
TEST_CASE_TEMPLATE("mean M = K^1/2 e and centred features psi(z) = K^-1/2 (k_z - Ke) and psi(x_n) = K^1/2 (e_n - e) "
                   "[ghiasi:eq8] [ghiasi:eq9] [ghiasi:eq10]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const GaussianCase c = draw_gaussian_case(2, 8);
        const Matrix<T> X = kb::from_integers<T>(c.X, 2), Z = kb::from_integers<T>(c.Z, 2);
        const auto k = kb::GaussianKernel<T>::from_gamma(T(c.gamma));
        const kb::ExplicitFeatureMap<T> phi(k, X);
        const auto bound = exactness_bound(input_spectrum(kb::gram(k, X)), T(1));
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

// ============================================================ eq. 11
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

TEST_CASE_TEMPLATE("covariance of the centred features is C = (1/N) K^1/2 (I - N e e^T) K^1/2 [ghiasi:eq11]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const GaussianCase c = draw_gaussian_case(2, 8);
        const Matrix<T> X = kb::from_integers<T>(c.X, 2);
        const auto k = kb::GaussianKernel<T>::from_gamma(T(c.gamma));
        const kb::ExplicitFeatureMap<T> phi(k, X);
        const auto bound = exactness_bound(input_spectrum(kb::gram(k, X)), T(1));
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
            const int N = draw_design_size<T>();
            const Design<rational> Dq = build_design(draw_design(N, 2));
            const Design<T> D = convert_design<T>(Dq);
            const kb::ExplicitFeatureMap<T> phi(D.kernel(), D.X);
            const Eigen::Index p = N - 1;
            const kb::PrimalKpca<T> pca = kb::primal_kpca(phi, p);
            const InputSpectrum spec = input_spectrum(Dq.K); // the designed K, in real100
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

