/// \file kpca_dual.cpp
/// \brief Chapter 8: kernel PCA through the explicit map, second part — the dual without
///        the kernel trick (eqs. 17–23), its relation to the primal (24), the combined
///        projection (25), and ordinary PCA on the mapped data.
#include "test_cases.h"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

using namespace ch08;
// abs and sqrt on double must be std's (not C's int abs); ADL finds the multiprecision ones.
using std::abs;
using std::sqrt;

namespace {


// The exact dual coefficients α_j = K w_j / μ_j^{3/2} (a_j³ = μ_j^{3/2}: rational).
Matrix<rational> exact_alpha(const Design<rational>& D) {
    Vector<rational> cube(D.N - 1);
    for (int j = 0; j < D.N - 1; ++j) cube(j) = D.root(j) * D.root(j) * D.root(j);
    return D.K * D.W * cube.cwiseInverse().asDiagonal();
}

} // namespace

// ============================================================ eqs. 17–23: the dual
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

TEST_CASE_TEMPLATE("K-bar is similar to the symmetric K^1/2 (I - N e e^T) K^1/2 so its eigenvalues are real "
                   "[ghiasi:eq17-23]",
                   T, KB_REALS) {
    kb::test::property<T>(
        [] {
            const int N = draw_design_size<T>();
            const Design<rational> Dq = build_design(draw_design(N, 1));
            const Design<T> D = convert_design<T>(Dq);
            const kb::ExplicitFeatureMap<T> phi(D.kernel(), D.X);
            const InputSpectrum spec = input_spectrum(Dq.K); // the designed K, in real100
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
        const int N = *kb::test::size_in(2, 6);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::points(N, 2, 9), 3);
        const Matrix<rational> Z = kb::from_integers<rational>(*kb::test::points(2, 2, 9), 3);
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

// ============================================================ eq. 24 and eq. 25
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

//! [cross-check]
TEST_CASE_TEMPLATE("primal - dual - combined - ordinary PCA on the mapped data and chapter 7's kernel PCA agree for "
                   "training and new points [ghiasi:eq16] [ghiasi:eq17-23] [ghiasi:eq24] [ghiasi:eq25]",
                   T, KB_REALS) {
    kb::test::property<T>(
        [] {
            const GaussianCase c = draw_gaussian_case(3, 8);
            const Matrix<T> X = kb::from_integers<T>(c.X, 2), Z = kb::from_integers<T>(c.Z, 2);
            const auto k = kb::GaussianKernel<T>::from_gamma(T(c.gamma));
            const kb::ExplicitFeatureMap<T> phi(k, X);
            const Eigen::Index N = X.rows(), p = 2;
            // K from the kernel (not the map's stored copy); its spectrum and the gap that
            // separates the p leading components of JKJ by the independent route of
            // test_cases.h (JKJ formed here, exactly symmetric), not by any route below.
            const Matrix<T> K = kb::gram(k, X);
            const InputSpectrum spec = input_spectrum(K);
            const Vector<kb::real100> mu100 = independent_eigenvalues(Matrix<T>(kb::double_center(K)));
            const T gap = to<T>(min_gap<kb::real100>(mu100, p));
            RC_PRE(gap > to<T>(mu100(0)) / T(1000));
            const kb::PrimalKpca<T> primal = kb::primal_kpca(phi, p);
            const kb::DualKpca<T> dual = kb::dual_kpca(K, p);
            // Chapter 7's kernel PCA (the kernel trick: JKJ and its eigenvectors, no map), fitted
            // on the same data by its own code.
            kb::KernelPca<T> kpca(k, X, p);
            // Ordinary PCA on the explicitly mapped, centred training data (thin SVD).
            const Matrix<T> Phi = phi.training_features();
            const RowVector<T> M = Phi.colwise().mean();
            const kb::Svd<T> svd = kb::thin_svd(Matrix<T>(Phi.rowwise() - M));
            const Matrix<T> V = svd.V.leftCols(p);
            for (const Matrix<T>* points : {&X, &Z}) {
                const Matrix<T> kP = phi.kernel_columns(*points);
                const Matrix<T> pca = (phi.transform(*points).rowwise() - M) * V;
                const Matrix<T> s16 = kb::primal_projection(phi, primal, kP);
                const Matrix<T> s23 = kb::dual_projection(K, dual, kP);
                const Matrix<T> s25 = kb::combined_projection(dual, kP);
                // Chapter 7: the training scores U diag(√μ) for X, KernelPca::transform for Z.
                const Matrix<T> ch7 = points == &X ? kpca.scores() : kpca.transform(Z);
                // Scores of centred features are at most ‖φ(z) − φ̄‖ ≤ √k(z, z) + max_i √k(x_i, x_i)
                // = 2 for the Gaussian kernel (k ≤ 1 = k(x, x)): a scale from the kernel, not
                // from any of the scores compared.
                const auto bound = score_bound<T>(spec, gap, T(2));
                KB_RC_WITHIN(max_abs_diff(align_signs(s16, pca), pca), bound, "primal (16) = PCA");
                KB_RC_WITHIN(max_abs_diff(align_signs(s23, pca), pca), bound, "dual (23) = PCA");
                KB_RC_WITHIN(max_abs_diff(align_signs(s25, pca), pca), bound, "combined (25) = PCA");
                KB_RC_WITHIN(max_abs_diff(align_signs(s16, ch7), ch7), bound, "primal (16) = chapter 7 kernel PCA");
                KB_RC_WITHIN(max_abs_diff(align_signs(s23, ch7), ch7), bound, "dual (23) = chapter 7 kernel PCA");
                KB_RC_WITHIN(max_abs_diff(align_signs(s25, ch7), ch7), bound, "combined (25) = chapter 7 kernel PCA");
            }
            // The same eigenvalues: λ = σ²/N (PCA), eigenvalues of C (primal), μ/N (dual).
            for (Eigen::Index j = 0; j < p; ++j) {
                const T l_pca = svd.sigma(j) * svd.sigma(j) / T(N);
                KB_RC_WITHIN(T(abs(primal.lambda(j) - l_pca)), exactness_bound(spec, T(1)), "λ primal = λ PCA");
                KB_RC_WITHIN(T(abs(dual.lambda(j) - l_pca)), exactness_bound(spec, T(1)), "λ dual = λ PCA");
            }
            // … and Nλ = μ, the eigenvalues of JKJ that chapter 7 computes. No κ enters: the
            // non-zero eigenvalues of NC = K^{1/2}JK^{1/2} are those of J(K + δK)J, where δK is
            // the backward error of K's eigen-decomposition (from which K^{1/2} is formed), so
            // three backward errors of size c₂Nε·λ_max add up (K, then C or JKJ, then JKJ in
            // chapter 7).
            const T lmax = to<T>(spec.lmax);
            for (Eigen::Index j = 0; j < p; ++j) {
                const auto b = kb::test::factorisation<T>(N, T(3) * lmax);
                KB_RC_WITHIN(T(abs(T(N) * primal.lambda(j) - kpca.eigenvalues()(j))), b, "Nλ primal = μ (chapter 7)");
                KB_RC_WITHIN(T(abs(T(N) * dual.lambda(j) - kpca.eigenvalues()(j))), b, "Nλ dual = μ (chapter 7)");
            }
            // eq. 24 between independently computed solutions: u = Nλα.
            const Matrix<T> Nla = dual.alpha * (T(N) * dual.lambda).asDiagonal();
            // u_j = K^{1/2}v_j with ‖v_j‖ = 1, so |u| ≤ √λ_max of the input K.
            KB_RC_WITHIN(max_abs_diff(align_signs(primal.u, Nla), Nla), score_bound<T>(spec, gap, T(sqrt(lmax))),
                         "u = Nλα");
        });
}
//! [cross-check]

TEST_CASE_TEMPLATE("one sign convention: primal - dual and combined scores coincide without sign alignment "
                   "[ghiasi:eq25]",
                   T, KB_REALS) {
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(6, 2) << 0, 0, 3, 1, -1, 2, 2, -2, -3, -1, 1, 4).finished(), 2);
    const Matrix<T> Z = kb::from_integers<T>((IntMatrix(2, 2) << 1, 1, -2, 3).finished(), 2);
    const auto k = kb::GaussianKernel<T>::from_sigma(T(1));
    const kb::ExplicitFeatureMap<T> phi(k, X);
    // K and kZ from the kernel; the spectrum of K and the gap of JKJ in real100.
    const Matrix<T> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
    const kb::PrimalKpca<T> primal = kb::primal_kpca(phi, 3);
    const kb::DualKpca<T> dual = kb::dual_kpca(K, 3);
    const Vector<kb::real100> mu = independent_eigenvalues(Matrix<T>(kb::double_center(K)));
    const Matrix<T> s25 = kb::combined_projection(dual, kZ);
    // Gaussian kernel: centred features have norm ≤ 2, so every score is at most 2.
    const auto bound = score_bound<T>(input_spectrum(K), to<T>(min_gap<kb::real100>(mu, 3)), T(2));
    KB_CHECK_WITHIN(max_abs_diff(kb::primal_projection(phi, primal, kZ), s25), bound, "primal = combined");
    KB_CHECK_WITHIN(max_abs_diff(kb::dual_projection(K, dual, kZ), s25), bound, "dual = combined");
    // Failing companion of the same check: eq. 25 without its centring terms, k_zᵀα.
    KB_CHECK_EXCEEDS(max_abs_diff(Matrix<T>(kZ.transpose() * dual.alpha), s25), bound, "k_zᵀα (uncentred) = combined");
    // The training scores obey the book's sign rule (largest-magnitude entry positive).
    Matrix<T> train = kb::combined_projection(dual, K);
    const Vector<T> signs = kb::apply_sign_rule(train);
    CHECK(signs == Vector<T>::Ones(3));
}

TEST_CASE("bad input to the kernel PCA routes: too many components and mismatched shapes [ghiasi:eq12-15]") {
    const Matrix<double> X = kb::from_integers<double>((IntMatrix(4, 1) << 0, 1, 2, 4).finished());
    const kb::ExplicitFeatureMap<double> phi(kb::GaussianKernel<double>::from_gamma(1.0), X);
    CHECK_THROWS_WITH_AS(kb::primal_kpca(phi, 4), doctest::Contains("choose 1 ≤ p ≤ 3"), kb::error);
    CHECK_THROWS_WITH_AS(kb::dual_kpca(phi.gram(), 0), doctest::Contains("p = 0"), kb::error);
    const kb::DualKpca<double> dual = kb::dual_kpca(phi.gram(), 2);
    CHECK_THROWS_WITH_AS(kb::combined_projection(dual, Matrix<double>(Matrix<double>::Ones(3, 2))), doctest::Contains("same N"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::dual_projection(phi.gram(), dual, Matrix<double>(Matrix<double>::Ones(5, 2))), doctest::Contains("N = 4"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::primal_projection(phi, kb::primal_kpca(phi, 1), Matrix<double>(Matrix<double>::Ones(3, 1))),
                         doctest::Contains("N = 4 rows"), kb::error);
    Matrix<double> indefinite(2, 2);
    indefinite << 1, 2, 2, 1;
    CHECK_THROWS_WITH_AS(kb::dual_kpca(indefinite, 1), doctest::Contains("not positive semi-definite"), kb::error);
}
