/// \file errata.cpp
/// \brief Chapter 7's errata: Zhu's Algorithm 8 as printed against the correct projection
///        (`zhu:alg8`), and the slips in the derivations of Zhu §2.3 and the slides — each
///        exposed on data and checked against its correction; and the remark on the slides'
///        "drop K" (a step that needs its justification, with a right result).
#include "chapter_support.hpp"

#include "../ch07.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/spectral.hpp"

using namespace kb::test::ch07;
using std::abs;
using std::sqrt;
using Q = kb::rational;

//! [alg8-step-e]
TEST_CASE_TEMPLATE("Algorithm 8 step (e) as printed scales component j by sqrt(mu_j) and shifts it by (1/N) 1^T K u_j "
                   "[zhu:alg8]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_gaussian_case<T>(std::is_same_v<T, double> ? 12 : 8, 3, 3);
        const Matrix<T>&X = c.X, &Z = c.Z;
        const auto& k = c.k;
        const Eigen::Index N = X.rows();
        const Matrix<T> K = kb::gram(k, X);
        const auto ref = c.reference(); // μ_p, ‖K̃‖ for the bound: real100, independent of the fit
        const Eigen::Index p = any_well_posed_p(ref);
        kb::KernelPca<T> kp(k, X, {.components = p});
        const Matrix<T> Kz = kb::gram(k, Z, X);
        const Matrix<T> printed = kb::book::zhu_step_e_as_printed(Kz, kp.eigenvectors()); // Σ_i k(y_i, y*) u_ij
        // = √μ_j y_j(z) + (1/N) 𝟙ᵀ K u_j: a scaling and a shift of the correct score
        const RowVector<T> shift = kb::ones<T>(N).transpose() * K * kp.eigenvectors() / T(N);
        const Matrix<T> predicted =
            (kp.transform(Z) * kp.eigenvalues().cwiseSqrt().asDiagonal()).rowwise() + shift;
        const T nK = ref.norm, mu_p = ref.mu(p - 1);
        // printed − predicted = (row mean of K_z − k̄)·𝟙ᵀu_j + (rounding of the centred rows)·u_j.
        // 𝟙ᵀu_j = 𝟙ᵀ(ΔK̃ + E)u_j/μ_j is 0 only to the backward error E of the eigensolver and
        // the rounding ΔK̃ of the centring (‖ΔK̃‖ ≤ one_pass(N, N·s), s = max(|K|, |K_z|)); the
        // rows' rounding is ≤ √N·c₁Nεs. So the second term is one_pass(N, √N·s(1 + 2N·s/μ_p)).
        const T s = std::max(kb::max_abs(K), kb::max_abs(Kz)), rootN = sqrt(T(N));
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(printed - predicted)),
                     plus(kb::test::factorisation<T>(N, T(T(N) * (T(1) + nK / mu_p))),
                          kb::test::one_pass<T>(N, T(rootN * s * (T(1) + T(2) * T(N) * s / mu_p)))),
                     "Σ_i k(y_i, y*) u_ij = √μ_j y_j + (1/N)𝟙ᵀKu_j");
    });
}
//! [alg8-step-e]

//! [alg8-faults]
TEST_CASE_TEMPLATE("Algorithm 8 step (e): each of its three faults changes the result [zhu:alg8]", T, KB_CH07_FIXED_TYPES) {
    const Matrix<T> X = fixed_X<T>(), Z = fixed_Z<T>();
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(2));
    const auto ref = reference_for<T>(kb::GaussianKernel<R>::from_zhu_sigma(R(2)), fixed_Xi(), 2);
    kb::KernelPca<T> kp(k, X, {.components = 2});
    const Matrix<T> Kz = kb::gram(k, Z, X);
    const Matrix<T> correct = kp.transform(Z);
    const Matrix<T>& U = kp.eigenvectors();
    const Matrix<T> inv_root = kp.eigenvalues().cwiseSqrt().cwiseInverse().asDiagonal();
    const Matrix<T> Kz_centred = kp.centering().transform(Kz);
    const auto bound = kb::test::factorisation<T>(X.rows(), T(T(X.rows()) * ref.norm / ref.mu(1)));
    // All three corrections together: y_j = Σ_i k̃(y*, y_i) (u_j)_i / √μ_j.
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(Kz_centred * U * inv_root - correct)), bound, "corrected step (e)");
    // As printed: uncentred, unnormalised.
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(kb::book::zhu_step_e_as_printed(Kz, U) - correct)), bound,
                     "as printed");
    // Centring fixed, normalisation missing: √μ_j y_j.
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(Kz_centred * U - correct)), bound, "no 1/√μ");
    // Normalisation fixed, centring missing: y_j + (1/N)𝟙ᵀKu_j/√μ_j.
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(Kz * U * inv_root - correct)), bound, "no centring");
    // The other reading of u_ij, entry j of eigenvector i, with all N eigenvectors.
    const Matrix<T> all = kb::symmetric_eigen(kp.centered_gram()).vectors;
    const Matrix<T> swapped = kb::book::zhu_step_e_indices_swapped(Matrix<T>(Kz_centred), all).leftCols(2);
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(swapped * inv_root - correct)), bound, "u_ij = (u_i)_j");
}
//! [alg8-faults]

TEST_CASE("Algorithm 8 step (b) as printed is not square and is refused [zhu:alg8]") {
    const Matrix<double> X = fixed_X<double>();
    const auto k = kb::GaussianKernel<double>::from_zhu_sigma(2.0);
    const Matrix<double> printed = kb::book::zhu_step_b_as_printed(k, X);
    CHECK(printed.rows() == 6);
    CHECK(printed.cols() == 5);                    // the column of y_1 is missing
    CHECK(printed(1, 0) == k(X.row(1), X.row(1))); // so "K_21" is k(y_2, y_2), a diagonal value
    const auto pairwise = [&](const auto& x, const auto& y) { return k(x, y); }; // k(x_i, x_j) pair by pair, as printed
    CHECK(printed.block(0, 0, 6, 5) == kb::gram(pairwise, X).rightCols(5));
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(printed, {.components = 2}), doctest::Contains("square"), kb::error);
}

TEST_CASE_TEMPLATE("Algorithm 8 step (d) lambda is N times the lambda of section 2.3.1 [zhu:alg8] [zhu:2.3.1]", T,
                   KB_CH07_FIXED_TYPES) {
    // (d) decomposes K̃ itself: K̃ u = λ u. §2.3.1 decomposes C = (1/N) Σ φ̃φ̃ᵀ: K̃ a = Nλ a.
    const Matrix<T> X = fixed_X<T>();
    const kb::PolynomialKernel<T> k(T(1), 2);
    const kb::PolynomialFeatureMap<T> fm(k, 2);
    const auto ref = reference_for<T>(kb::PolynomialKernel<R>(R(1), 2), fixed_Xi(), 2);
    kb::KernelPca<T> kp(k, X, {.components = 3});
    const Matrix<T> Phi = fm.features(X);
    const Matrix<T> P = Phi.rowwise() - Phi.colwise().sum() / T(X.rows());
    const Matrix<T> C = P.transpose() * P / T(X.rows());
    const Vector<T> lambda_C = kb::symmetric_eigen(C).values.head(3);
    const auto bound = kb::test::factorisation<T>(6, ref.norm);
    KB_CHECK_WITHIN(T((kp.eigenvalues() - T(X.rows()) * lambda_C).cwiseAbs().maxCoeff()), bound, "μ = N λ_C");
    KB_CHECK_EXCEEDS(T((kp.eigenvalues() - lambda_C).cwiseAbs().maxCoeff()), bound, "μ = λ_C");
}

//! [erratum-covariance]
TEST_CASE_TEMPLATE("erratum: C = (1/N) Phi Phi^T as printed is K/N (N x N) - the covariance is (1/N) Phi^T Phi "
                   "[zhu:2.3.1]",
                   T, KB_CH07_FIXED_TYPES) {
    // Five points in the plane, (1 + xᵀy)²: D = 6 features, so Φ̃ is 5×6.
    const auto [X, k, fm] = five_points_case<T>();
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

//! [remark-drop-k]
TEST_CASE_TEMPLATE("remark: dropping K keeps v_j but breaks the normalisation unless a_j is orthogonal to 1 "
                   "[slides:eig] [slides:norm]",
                   T, KB_CH07_FIXED_TYPES) {
    const auto [X, k, fm] = five_points_case<T>();
    const auto ref = reference_for<T>(kb::PolynomialKernel<R>(R(1), 2), five_points(), 2);
    kb::KernelPca<T> kp(k, X, {.components = 2});
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
//! [remark-drop-k]

//! [erratum-slides-1-over-N]
TEST_CASE_TEMPLATE("erratum: without the factor 1/N the slides' first equation has eigenvalue N lambda_j not "
                   "lambda_j [slides:eig]",
                   T, KB_CH07_FIXED_TYPES) {
    const auto [X, k, fm] = five_points_case<T>();
    kb::KernelPca<T> kp(k, X, {.components = 1});
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
    kb::KernelPca<T> all(k, X, {.components = 4});
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
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(k, X, {.components = 5}), doctest::Contains("at most N − 1 = 4"), kb::error);
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
