/// \file derivation.cpp
/// \brief Chapter 7: the derivation of kernel PCA (Zhu §2.3, the slides, Gallier §53.4)
///        step by step, with explicit polynomial features so that Φ exists and every
///        quantity of the derivation can be computed; and the errata of those derivations.
#include "kpca_test_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/spectral.hpp"

using namespace kb::test::ch07;
using std::abs;
using std::sqrt;
using Q = kb::rational;

namespace {


// Five points in the plane (integers over 2) for the fixed-data errata and companions.
IntMatrix five_points() {
    return (IntMatrix(5, 2) << 0, 0, 2, 1, -1, 3, 4, -2, 1, 1).finished();
}

// Centred explicit features Φ̃ = Φ − 𝟙φ̄ of the training points (floating types).
template <class T>
Matrix<T> centred_features(const kb::PolynomialFeatureMap<T>& fm, const Matrix<T>& X) {
    const Matrix<T> Phi = fm.features(X);
    return Phi.rowwise() - Phi.colwise().sum() / T(X.rows());
}

} // namespace

//! [derivation-2.3.1]
TEST_CASE_TEMPLATE("feature-space PCA from K: v_j = Phi^T a_j solves C v = lambda v with v_j^T v_j = N lambda_j a_j^T a_j "
                   "[zhu:2.3.1] [slides:eig] [slides:norm]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const auto ref = c.reference(); // μ_j and ‖K̃‖ for the bounds, independent of the fit
        kb::KernelPca<T> kp(K, any_well_posed_p(ref));
        const kb::PolynomialFeatureMap<T> fm(c.k, static_cast<int>(c.X.cols()));
        const Matrix<T> P = centred_features(fm, c.X); // Φ̃, N×D: its rows are φ(x_i) − φ̄
        const Eigen::Index N = P.rows(), D = P.cols(), p = kp.components();
        const long n = static_cast<long>(std::max(N, D));
        const Matrix<T> C = P.transpose() * P / T(N); // C = (1/N) Σ φ̃_i φ̃_iᵀ, D×D
        const Matrix<T>& Kc = kp.centered_gram();
        const T nK = ref.norm, nP = P.norm();
        // Φ̃Φ̃ᵀ and K̃ differ by the rounding of the centring, ‖ΔK̃‖ ≤ one_pass(n, cs)
        // (kpca_test_support.hpp): each check that meets both routes carries it too.
        const T cs = centring_scale(K);
        using kb::test::one_pass;
        Matrix<T> basis(D, p); // Zhu's eq. (3): v_j / √(N λ_j) with unit a_j
        for (Eigen::Index j = 0; j < p; ++j) {
            const Vector<T> a = kp.coefficients().col(j); // the slides' a_j: N λ_j a_jᵀa_j = 1
            const Vector<T> u = kp.eigenvectors().col(j); // Zhu's a_j: unit
            const T lambda = kp.feature_variances()(j), Nl = T(N) * lambda;
            const T a_norm = T(1) / sqrt(ref.mu(j)); // ‖a_j‖ = 1/√μ_j exactly
            // slides:eig — K̃ a_j = N λ_j a_j
            KB_RC_WITHIN(T((Kc * a - Nl * a).norm()), kb::test::factorisation<T>(N, T(nK * a_norm)), "K̃a = Nλa");
            // zhu:2.3.1 — v_j = Φ̃ᵀ a_j is an eigenvector of C with eigenvalue λ_j
            const Vector<T> v = P.transpose() * a;
            // Cv − λv = (1/N)Φ̃ᵀ(K̃a − Nλa) + (1/N)Φ̃ᵀ(Φ̃Φ̃ᵀ − K̃)a
            KB_RC_WITHIN(T((C * v - lambda * v).norm()),
                         plus(kb::test::factorisation<T>(n, T((nP * nK * a_norm + nP * nP) / T(N))),
                              one_pass<T>(n, T(nP * a_norm * cs / T(N)))),
                         "Cv = λv");
            // ‖v_j‖² = a_jᵀ K̃ a_j = N λ_j a_jᵀ a_j, which the slides normalise to 1
            KB_RC_WITHIN(T(abs(T(v.squaredNorm() - Nl * a.squaredNorm()))),
                         plus(kb::test::factorisation<T>(n, T(1 + nK * a_norm * a_norm)),
                              one_pass<T>(n, T(cs * a_norm * a_norm))),
                         "‖v‖² = Nλ aᵀa");
            KB_RC_WITHIN(T(abs(T(Nl * a.squaredNorm() - 1))), kb::test::factorisation<T>(n, T(1)), "N λ aᵀa = 1");
            // with Zhu's unit a_j: ‖Φ̃ᵀ a_j‖² = N λ_j
            KB_RC_WITHIN(T(abs(T((P.transpose() * u).squaredNorm() - Nl))),
                         plus(kb::test::factorisation<T>(n, nK), one_pass<T>(n, cs)), "‖Φ̃ᵀu‖² = Nλ");
            basis.col(j) = P.transpose() * u / sqrt(Nl);
        }
        // eq. (3) is an orthonormal basis of the top-p principal subspace
        const T mu_p = ref.mu(p - 1);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(basis.transpose() * basis - Matrix<T>::Identity(p, p))),
                     plus(kb::test::factorisation<T>(n, T(1 + nK / mu_p)), one_pass<T>(n, T(cs / mu_p))), "UᵀU = I");
        // the non-zero eigenvalues of C are the λ_j (the seeds' λ: eigenvalues of K̃/N)
        const auto eigC = kb::symmetric_eigen(C);
        KB_RC_WITHIN(T((eigC.values.head(p) - kp.feature_variances()).cwiseAbs().maxCoeff()),
                     plus(kb::test::factorisation<T>(n, T(nK / T(N) + C.norm())), one_pass<T>(n, T(cs / T(N)))),
                     "eig(C) = λ");
    });
}
//! [derivation-2.3.1]

//! [derivation-2.3.2]
TEST_CASE_TEMPLATE("the score of any point is its coordinate on the unit axis: sum_i a_ji k~(z x_i) = phi~(z)^T v_j "
                   "[zhu:2.3.2] [slides:score]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const auto ref = c.reference();
        const Eigen::Index p = any_well_posed_p(ref);
        kb::KernelPca<T> kp(c.k, c.X, p);
        const kb::PolynomialFeatureMap<T> fm(c.k, static_cast<int>(c.X.cols()));
        const Matrix<T> Phi = fm.features(c.X);
        const RowVector<T> mean = Phi.colwise().sum() / T(c.X.rows());
        const Matrix<T> P = Phi.rowwise() - mean, Pz = fm.features(c.Z).rowwise() - mean;
        // Zhu's basis (3) built from the same a_j: U = Φ̃ᵀ A with A = [a_j] (slides' normalisation).
        const Matrix<T> U = P.transpose() * kp.coefficients();
        const T inv_root = T(1) / sqrt(ref.mu(p - 1)); // ‖A‖ = 1/√μ_p (reference)
        const long n = static_cast<long>(std::max(P.rows(), P.cols()));
        // The kernel route K̃_z A and the feature route Φ̃_zΦ̃ᵀA differ by the rounding of the
        // centring (‖ΔK̃_z‖ ≤ one_pass(n, N·max(|K|, |K_z|))) times ‖A‖ = 1/√μ_p.
        const Matrix<T> Kz = kb::gram(c.k, c.Z, c.X);
        const T cs = T(K.cols()) * std::max(kb::max_abs(K), kb::max_abs(Kz));
        // x = Uᵀ(φ(z) − φ̄) for new points, and for the training points.
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.transform(c.Z) - Pz * U)),
                     plus(kb::test::factorisation<T>(n, T((Pz.norm() + 1) * P.norm() * inv_root)),
                          kb::test::one_pass<T>(n, T(cs * inv_root))),
                     "y(z) = Uᵀφ̃(z)");
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.scores() - P * U)),
                     plus(kb::test::factorisation<T>(n, T(P.norm() * P.norm() * inv_root)),
                          kb::test::one_pass<T>(n, T(centring_scale(K) * inv_root))),
                     "Y = Φ̃ U");
    });
}
//! [derivation-2.3.2]

//! [derivation-gallier]
TEST_CASE_TEMPLATE("Gallier's SVD route: U_r = Xhat^T V_r Sigma^-1 and (Y_k)_j = sum_i sigma_k^-1 (v_k)_i Khat_ij "
                   "[gallier:svd] [gallier:proj]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const auto ref = c.reference(); // σ_k² = μ_k, ‖K̂‖ for the bounds (real100, independent)
        // r = rank of K̂, exactly (rationals); σ_r well above rounding.
        const Eigen::Index r = c.exact_rank();
        const bool resolvable = r >= 1 && ref.mu(r - 1) >= ref.floor && ref.mu(r - 1) >= ref.mu(0) / T(1000);
        RC_PRE(resolvable); // (computed first: RC_PRE's expression capture does not short-circuit)
        kb::KernelPca<T> kp(K, r);
        const kb::PolynomialFeatureMap<T> fm(c.k, static_cast<int>(c.X.cols()));
        const Matrix<T> Phi = fm.features(c.X);
        const RowVector<T> mean = Phi.colwise().sum() / T(c.X.rows());
        const Matrix<T> Xhat = Phi.rowwise() - mean, Zhat = fm.features(c.Z).rowwise() - mean;
        // Gallier writes X̂ = V D Uᵀ: his V is our left factor, his U our right factor.
        const auto svd = kb::thin_svd(Xhat);
        const Matrix<T> Vr = svd.U.leftCols(r), Ur = svd.V.leftCols(r);
        const Vector<T> sigma = svd.sigma.head(r);
        const Matrix<T> Sinv = sigma.cwiseInverse().asDiagonal();
        const Matrix<T>& Khat = kp.centered_gram(); // K̂ = X̂X̂ᵀ, computed from the kernel
        const long n = static_cast<long>(std::max(Xhat.rows(), Xhat.cols()));
        const T s1 = sqrt(ref.mu(0)), sr = sqrt(ref.mu(r - 1)); // σ₁, σ_r of the reference
        const T kappa = s1 / sr, nK = ref.norm;
        // K̂ comes from the kernel, X̂ from the features: X̂X̂ᵀ − K̂ is the rounding of the
        // centring, ‖ΔK̂‖ ≤ one_pass(n, N·max|K|) — at the scale of the uncentred K, which
        // can be far above ‖K̂‖ (kpca_test_support.hpp). Same for the rows of new points.
        const Matrix<T> Kz = kb::gram(c.k, c.Z, c.X);
        const T cs = centring_scale(K), csz = T(K.cols()) * std::max(kb::max_abs(K), kb::max_abs(Kz));
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(Ur - Xhat.transpose() * Vr * Sinv)), kb::test::factorisation<T>(n, kappa),
                     "U_r = X̂ᵀ V_r Σ_r⁻¹");
        // σ_k² (SVD of X̂) against the eigenvalues of K̂: the two backward errors, and ΔK̂ (Weyl).
        KB_RC_WITHIN(T((sigma.cwiseProduct(sigma) - kp.eigenvalues()).cwiseAbs().maxCoeff()),
                     plus(kb::test::factorisation<T>(n, nK), kb::test::one_pass<T>(n, cs)), "σ_k² = eigenvalues of K̂");
        // (Y_k)_j = Σ_i σ_k⁻¹ (v_k)_i K̂_ij = ⟨X_j − μ, u_k⟩ for the training points …
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(Khat * Vr * Sinv - Xhat * Ur)),
                     plus(kb::test::factorisation<T>(n, T(nK / sr + s1)), kb::test::one_pass<T>(n, T(cs / sr))),
                     "(Y_k)_j");
        // … and ⟨φ̂(x), u_k⟩ = Σ_i σ_k⁻¹ (v_k)_i κ̂(x, x_i) for new points.
        const Matrix<T> Kz_hat = kp.centering().transform(Kz);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(Kz_hat * Vr * Sinv - Zhat * Ur)),
                     plus(kb::test::factorisation<T>(n, T((Zhat.norm() + 1) * Xhat.norm() / sr)),
                          kb::test::one_pass<T>(n, T(csz / sr))),
                     "⟨φ̂(x), u_k⟩");
    });
}
//! [derivation-gallier]

TEST_CASE_TEMPLATE("Gallier's projection needs exactly one factor sigma_k^-1: none or two are caught [gallier:proj]",
                   T, KB_CH07_FIXED_TYPES) {
    // The companion of the SVD route: (Y_k)_j = Σ_i σ_k⁻¹ (v_k)_i K̂_ij, not σ_k⁰ nor σ_k⁻².
    const Matrix<T> X = kb::from_integers<T>(five_points(), 2);
    const kb::PolynomialKernel<T> k(T(1), 2);
    const kb::PolynomialFeatureMap<T> fm(k, 2);
    const Matrix<T> Xhat = centred_features(fm, X);
    const auto svd = kb::thin_svd(Xhat);
    const Eigen::Index r = 4; // rank of the centred features of 5 points
    REQUIRE(exact_centred_rank(kb::gram(kb::PolynomialKernel<Q>(Q(1), 2), kb::from_integers<Q>(five_points(), 2))) == r);
    const auto ref = reference_for<T>(kb::PolynomialKernel<R>(R(1), 2), five_points(), 2);
    const T s1 = sqrt(ref.mu(0)), sr = sqrt(ref.mu(r - 1));
    const Matrix<T> Vr = svd.U.leftCols(r), Ur = svd.V.leftCols(r);
    const Vector<T> sigma = svd.sigma.head(r);
    const Matrix<T> Khat = kb::double_center(kb::gram(k, X));
    const Matrix<T> truth = Xhat * Ur; // ⟨X_j − μ, u_k⟩
    // The property's bound for (Y_k)_j.
    const auto bound = plus(kb::test::factorisation<T>(6, T(ref.norm / sr + s1)),
                            kb::test::one_pass<T>(6, T(centring_scale(Matrix<T>(kb::gram(k, X))) / sr)));
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(Khat * Vr * sigma.cwiseInverse().asDiagonal() - truth)), bound, "σ⁻¹");
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(Khat * Vr - truth)), bound, "σ⁰");
    KB_CHECK_EXCEEDS(
                     kb::max_abs(Matrix<T>(Khat * Vr * sigma.cwiseAbs2().cwiseInverse().asDiagonal() - truth)), bound,
                     "σ⁻²");
}

// ---------------------------------------------------------------------------------------
// Errata of the derivations.

//! [erratum-covariance]
TEST_CASE_TEMPLATE("erratum: C = (1/N) Phi Phi^T as printed is K/N (N x N) - the covariance is (1/N) Phi^T Phi "
                   "[zhu:2.3.1]",
                   T, KB_CH07_FIXED_TYPES) {
    // Five points in the plane, (1 + xᵀy)²: D = 6 features, so Φ̃ is 5×6.
    const Matrix<T> X = kb::from_integers<T>(five_points(), 2);
    const kb::PolynomialKernel<T> k(T(1), 2);
    const kb::PolynomialFeatureMap<T> fm(k, 2);
    const Matrix<T> P = centred_features(fm, X);
    const Eigen::Index N = P.rows(), D = P.cols();
    const Matrix<T> printed = P * P.transpose() / T(N), C = P.transpose() * P / T(N);
    CHECK(printed.rows() == N);
    CHECK(C.rows() == D);
    CHECK(N != D); // the printed matrix cannot act on v_j ∈ R^D at all
    // What the printed matrix is: the centred kernel matrix over N.
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(printed - kb::double_center(kb::gram(k, X)) / T(N))),
                    kb::test::one_pass<T>(N * D, T(P.rowwise().squaredNorm().maxCoeff())), "(1/N)Φ̃Φ̃ᵀ = K̃/N");
    // Both have the same non-zero eigenvalues λ_j — which is why the slip is easy to miss.
    const auto e1 = kb::symmetric_eigen(printed), e2 = kb::symmetric_eigen(C);
    KB_CHECK_WITHIN(T((e1.values.head(4) - e2.values.head(4)).cwiseAbs().maxCoeff()),
                    kb::test::factorisation<T>(D, C.norm()), "same non-zero spectrum");
}
//! [erratum-covariance]

//! [erratum-invertible]
TEST_CASE("erratum: the centred kernel matrix is never invertible and null vectors do not change v_j exactly "
          "[zhu:2.3.1] [slides:eig]") {
    kb::test::property<Q>([] {
        const int N = *kb::test::size_in(2, 7);
        const int q = *kb::test::size_in(1, 3);
        const Matrix<Q> X = kb::from_integers<Q>(*kb::test::points(N, q, 6), 3);
        const kb::PolynomialKernel<Q> k(Q(*kb::test::int_in(0, 2)), *kb::test::size_in(1, 3));
        const kb::PolynomialFeatureMap<Q> fm(k, q);
        const Matrix<Q> Kc = kb::double_center(kb::gram(k, X));
        const Vector<Q> one = kb::ones<Q>(N);
        // Under §2.3's own assumption Σ φ(y_i) = 0, K𝟙 = ΦΦᵀ𝟙 = 0: K is singular, always.
        RC_ASSERT(Vector<Q>(Kc * one) == Vector<Q>::Zero(N));
        // Φ̃ᵀ𝟙 = 0 (in monomial coordinates M̃ᵀ𝟙 = 0), so v = Φ̃ᵀa does not see the 𝟙-part of a …
        const Matrix<Q> M = fm.monomials(X);
        const Matrix<Q> Mc = M.rowwise() - RowVector<Q>(M.colwise().sum() / Q(N));
        const Vector<Q> a = kb::test::vector_from<Q>(*rc::gen::container<std::vector<long>>(N, kb::test::int_in(-9, 9)), 4);
        const Q t(*kb::test::int_in(1, 5));
        // (Mc is centred here, so Mcᵀ𝟙 = 0 would be the test's own construction: the check goes
        // through the library's K̃ instead — its Gram matrix of centred features is K̃, exactly,
        // and the squared length ‖Φ̃ᵀb‖² = bᵀK̃b of v does not change when t𝟙 is added.)
        RC_ASSERT(Matrix<Q>(Mc * fm.weights().asDiagonal() * Mc.transpose()) == Kc);
        const Vector<Q> b = a + t * one;
        RC_ASSERT(Q(b.dot(Kc * b)) == Q(a.dot(Kc * a)));
        // … and (1/N) K̃² a = λ K̃ a cannot tell a from a + t𝟙, while K̃ a = N λ a can:
        const Q lambda(*kb::test::int_in(1, 9), 7);
        auto squared = [&](const Vector<Q>& b) { return Vector<Q>(Kc * Kc * b / Q(N) - lambda * Kc * b); };
        auto dropped = [&](const Vector<Q>& b) { return Vector<Q>(Kc * b - Q(N) * lambda * b); };
        RC_ASSERT(squared(a + t * one) == squared(a));
        RC_ASSERT(Vector<Q>(dropped(a + t * one) - dropped(a)) == Vector<Q>(-Q(N) * lambda * t * one));
    });
}
//! [erratum-invertible]

//! [erratum-drop-k]
TEST_CASE_TEMPLATE("erratum: dropping K keeps v_j but breaks the normalisation unless a_j is orthogonal to 1 "
                   "[slides:eig] [slides:norm]",
                   T, KB_CH07_FIXED_TYPES) {
    const Matrix<T> X = kb::from_integers<T>(five_points(), 2);
    const kb::PolynomialKernel<T> k(T(1), 2);
    const kb::PolynomialFeatureMap<T> fm(k, 2);
    const auto ref = reference_for<T>(kb::PolynomialKernel<R>(R(1), 2), five_points(), 2);
    kb::KernelPca<T> kp(k, X, 2);
    const Eigen::Index N = X.rows();
    const Matrix<T> P = centred_features(fm, X);
    const Matrix<T>& Kc = kp.centered_gram();
    const Vector<T> a = kp.coefficients().col(0), b = a + kb::ones<T>(N); // b: a plus a null vector of K̃
    const T lambda = kp.feature_variances()(0), Nl = T(N) * lambda, nK = ref.norm;
    // ‖b‖ ≤ ‖a‖ + √N = 1/√μ₁ + √N (reference μ₁).
    const auto bound = kb::test::factorisation<T>(N, T(nK * nK * (T(1) / sqrt(ref.mu(0)) + sqrt(T(N)))));
    // b solves the un-dropped equation (1/N) K̃² b = λ K̃ b …
    KB_CHECK_WITHIN(T((Kc * Kc * b / T(N) - lambda * Kc * b).norm()), bound, "(1/N)K̃²b = λK̃b");
    // … but not the dropped one K̃ b = N λ b,
    KB_CHECK_EXCEEDS(T((Kc * b - Nl * b).norm()), bound, "K̃b = Nλb");
    // gives the same axis v = Φ̃ᵀb = Φ̃ᵀa of unit length,
    KB_CHECK_WITHIN(T((P.transpose() * (b - a)).norm()), kb::test::one_pass<T>(N, P.norm()), "Φ̃ᵀ𝟙 = 0");
    KB_CHECK_WITHIN(T(abs(T(b.dot(Kc * b) - 1))), bound, "bᵀK̃b = 1");
    // yet N λ bᵀb = 1 + N²λ ≠ 1: the normalisation N λ aᵀa = 1 needs a ⊥ 𝟙.
    KB_CHECK_EXCEEDS(T(abs(T(Nl * b.squaredNorm() - 1))), bound, "N λ bᵀb = 1");
    KB_CHECK_WITHIN(T(abs(T(Nl * b.squaredNorm() - 1 - T(N) * Nl))), bound, "N λ bᵀb = 1 + N·Nλ");
}
//! [erratum-drop-k]

//! [erratum-slides-1-over-N]
TEST_CASE_TEMPLATE("erratum: without the factor 1/N the slides' first equation has eigenvalue N lambda_j not "
                   "lambda_j [slides:eig]",
                   T, KB_CH07_FIXED_TYPES) {
    const Matrix<T> X = kb::from_integers<T>(five_points(), 2);
    const kb::PolynomialKernel<T> k(T(1), 2);
    const kb::PolynomialFeatureMap<T> fm(k, 2);
    kb::KernelPca<T> kp(k, X, 1);
    const Matrix<T> P = centred_features(fm, X);
    const Vector<T> v = P.transpose() * kp.coefficients().col(0); // unit axis v_1
    const T lambda = kp.feature_variances()(0), N(X.rows());
    const Matrix<T> S = P.transpose() * P; // Σ_i φ̃_i φ̃_iᵀ, as printed (no 1/N)
    const auto bound = kb::test::factorisation<T>(X.rows(), S.norm());
    KB_CHECK_EXCEEDS(T((S * v - lambda * v).norm()), bound, "Σφφᵀ v = λ v");
    KB_CHECK_WITHIN(T((S * v - N * lambda * v).norm()), bound, "Σφφᵀ v = N λ v");
    KB_CHECK_WITHIN(T((S * v / N - lambda * v).norm()), bound, "(1/N) Σφφᵀ v = λ v");
}
//! [erratum-slides-1-over-N]

//! [erratum-N-components]
TEST_CASE_TEMPLATE("erratum: there are at most N - 1 kernel principal components not N: lambda_N = 0 [zhu:2.3.1] "
                   "[zhu:2.3.2]",
                   T, KB_REALS) {
    // Zhu's U_{M×N} = [v_1/√(Nλ_1) … v_N/√(Nλ_N)] and x = (x_1, …, x_N): but K̃𝟙 = 0 makes
    // λ_N = 0 for every data set, so v_N/√(Nλ_N) is 0/0.
    const Matrix<T> X = kb::from_integers<T>(five_points(), 2);
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(1));
    const auto ref = reference_for<T>(kb::GaussianKernel<R>::from_zhu_sigma(R(1)), five_points(), 2);
    kb::KernelPca<T> all(k, X, 4);
    const Matrix<T> K = kb::gram(k, X);
    // μ_N of the computed K̃ is 0 up to the eigensolver's backward error and the rounding of
    // K̃ (one_pass(N, N·max|K|)) — a bound from the inputs, not the library's rank tolerance.
    const auto rounding = plus(kb::test::factorisation<T>(5, ref.norm), kb::test::one_pass<T>(5, centring_scale(K)));
    KB_CHECK_WITHIN(all.spectrum()(4), rounding, "μ_N = 0 (the 𝟙 direction)");
    // μ_{N−1} is not: distinct points make the Gaussian K positive definite, so rank K̃ = N − 1.
    KB_CHECK_EXCEEDS(all.spectrum()(3), rounding, "μ_{N−1} > 0");
    // The eigenvector of λ_N is ±𝟙/√N, so 𝟙ᵀu_N = ±√N: the opposite of the kept components.
    // (K̃ of the reference, rounded to T: u_N moves by c₂Nε‖K̃‖/μ_{N−1}, 𝟙ᵀu_N by √N times that.)
    const Matrix<T> U = kb::symmetric_eigen(ref.Kc).vectors;
    KB_CHECK_WITHIN(T(abs(T(abs(T(U.col(4).sum())) - sqrt(T(5))))), kb::test::subspace<T>(5, T(sqrt(T(5)) * ref.norm), ref.mu(3)),
                    "𝟙ᵀu_N = ±√N");
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(k, X, 5), doctest::Contains("at most N − 1 = 4"), kb::error);
}
//! [erratum-N-components]

//! [erratum-printed-map]
TEST_CASE("erratum: the feature map printed in section 2.3 (last entry sqrt(y1 y2)) does not reproduce (1 + x^T y)^2 "
          "[zhu:ex7b] [zhu:2.3.1]") {
    // Exactly, at y = y' = (1, 1) and y = (1, 4), y' = (1, 1), where every square root is rational.
    auto printed = [](Q y1, Q y2, Q r) { // r = √(y1 y2), supplied exactly
        return (Vector<Q>(6) << 1, 0, 0, y1 * y1, y2 * y2, r).finished();
    };
    auto printed_inner = [&](Q a1, Q a2, Q ra, Q b1, Q b2, Q rb) {
        // the √2 entries contribute 2 y₁y₁' + 2 y₂y₂' (rational); the rest as printed
        return Q(1) + 2 * a1 * b1 + 2 * a2 * b2 + printed(a1, a2, ra).tail(3).dot(printed(b1, b2, rb).tail(3));
    };
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    const kb::PolynomialFeatureMap<Q> fm(k, 2);
    auto kernel = [&](Q a1, Q a2, Q b1, Q b2) {
        return k((RowVector<Q>(2) << a1, a2).finished(), (RowVector<Q>(2) << b1, b2).finished());
    };
    CHECK(kernel(1, 1, 1, 1) == 9);
    CHECK(printed_inner(1, 1, 1, 1, 1, 1) == 8);
    CHECK(kernel(1, 4, 1, 1) == 36);
    CHECK(printed_inner(1, 4, 2, 1, 1, 1) == 30);
    // The correct map (weights 1, 2, 2, 1, 2, 1 on 1, y₁, y₂, y₁², y₁y₂, y₂²) is exact.
    const Matrix<Q> Y = (Matrix<Q>(2, 2) << 1, 4, 1, 1).finished();
    const Matrix<Q> M = fm.monomials(Y);
    CHECK(Q((M.row(0) * fm.weights().asDiagonal() * M.row(1).transpose())(0, 0)) == 36);
}
//! [erratum-printed-map]
