/// \file robustness.cpp
/// \brief Chapter 7: Zhu's Algorithm 8 as printed against the correct projection, and the
///        hard cases — zero and repeated eigenvalues, a kernel matrix that is not PSD,
///        more components than the rank — and every error on bad input.
#include "kpca_test_support.hpp"

#include "chapter7.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/spectral.hpp"

#include <limits>

using namespace kb::test::ch07;
using std::abs;
using std::sqrt;
using Q = kb::rational;

namespace {


// K = Σ_k λ_k h_k h_kᵀ / (k(k+1)) with the Helmert vectors h_k = (1, …, 1, −k, 0, …, 0)
// (k ones): pairwise orthogonal, orthogonal to 𝟙, ‖h_k‖² = k(k+1). So K𝟙 = 0, K̃ = K, and
// the eigenvalues of K̃ are exactly λ_1, …, λ_{N−1} and 0 — ties included.
Matrix<Q> helmert_kernel(const std::vector<long>& lambda) {
    const Eigen::Index N = static_cast<Eigen::Index>(lambda.size()) + 1;
    Matrix<Q> K = Matrix<Q>::Zero(N, N);
    for (Eigen::Index k = 1; k < N; ++k) {
        Vector<Q> h = Vector<Q>::Zero(N);
        h.head(k).setOnes();
        h(k) = Q(-k);
        K += Q(lambda[static_cast<std::size_t>(k - 1)], k * (k + 1)) * h * h.transpose();
    }
    return K;
}

// The exact projector on the span of the first p Helmert vectors.
Matrix<Q> helmert_projector(Eigen::Index N, Eigen::Index p) {
    Matrix<Q> P = Matrix<Q>::Zero(N, N);
    for (Eigen::Index k = 1; k <= p; ++k) {
        Vector<Q> h = Vector<Q>::Zero(N);
        h.head(k).setOnes();
        h(k) = Q(-k);
        P += h * h.transpose() / Q(k * (k + 1));
    }
    return P;
}

// 𝟙ᵀu_j = 0 for the eigenvectors of K̃ with μ_j > 0: 𝟙ᵀu_j = 𝟙ᵀ(ΔK̃ + E)u_j/μ_j, where ΔK̃
// is the rounding of the centring (‖ΔK̃‖ ≤ c₁Nε·N max|K|) and E the eigensolver's backward
// error (≤ c₂Nε‖K̃‖ ≤ c₂Nε·N max|K|): at most √N·(both)/μ_p ≤ c₂Nε·N² max|K|/μ_p.
template <class T>
kb::test::Bound<T> null_direction_bound(const Matrix<T>& K, const T& mu_p) {
    const T N(K.rows());
    return kb::test::factorisation<T>(K.rows(), T(N * N * kb::max_abs(K) / mu_p));
}

// max_j |𝟙ᵀu_j| over the columns of U.
template <class T>
T column_sums(const Matrix<T>& U) {
    return (kb::ones<T>(U.rows()).transpose() * U).cwiseAbs().maxCoeff();
}

} // namespace

// ---------------------------------------------------------------------------------------
// zhu:alg8

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
        kb::KernelPca<T> kp(k, X, p);
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
    kb::KernelPca<T> kp(k, X, 2);
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
    CHECK(printed.block(0, 0, 6, 5) == kb::gram(k, X).rightCols(5));
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(printed, 2), doctest::Contains("square"), kb::error);
}

TEST_CASE_TEMPLATE("Algorithm 8 step (d) lambda is N times the lambda of section 2.3.1 [zhu:alg8] [zhu:2.3.1]", T,
                   KB_CH07_FIXED_TYPES) {
    // (d) decomposes K̃ itself: K̃ u = λ u. §2.3.1 decomposes C = (1/N) Σ φ̃φ̃ᵀ: K̃ a = Nλ a.
    const Matrix<T> X = fixed_X<T>();
    const kb::PolynomialKernel<T> k(T(1), 2);
    const kb::PolynomialFeatureMap<T> fm(k, 2);
    const auto ref = reference_for<T>(kb::PolynomialKernel<R>(R(1), 2), fixed_Xi(), 2);
    kb::KernelPca<T> kp(k, X, 3);
    const Matrix<T> Phi = fm.features(X);
    const Matrix<T> P = Phi.rowwise() - Phi.colwise().sum() / T(X.rows());
    const Matrix<T> C = P.transpose() * P / T(X.rows());
    const Vector<T> lambda_C = kb::symmetric_eigen(C).values.head(3);
    const auto bound = kb::test::factorisation<T>(6, ref.norm);
    KB_CHECK_WITHIN(T((kp.eigenvalues() - T(X.rows()) * lambda_C).cwiseAbs().maxCoeff()), bound, "μ = N λ_C");
    KB_CHECK_EXCEEDS(T((kp.eigenvalues() - lambda_C).cwiseAbs().maxCoeff()), bound, "μ = λ_C");
}

// ---------------------------------------------------------------------------------------
// Zero eigenvalues, repeated eigenvalues, rank.

//! [null-direction]
TEST_CASE_TEMPLATE("the null direction 1 of K~ is never a component: every score column has mean zero "
                   "[slides:center]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(std::is_same_v<T, double> ? 12 : 8);
        const Matrix<T> K = kb::gram(c.k, c.X);
        const auto ref = c.reference(); // μ_p and ‖K̃‖ from real100, independent of the fit
        const Eigen::Index p = any_well_posed_p(ref);
        kb::KernelPca<T> kp(K, p);
        const Eigen::Index N = K.rows();
        // u_j ⊥ 𝟙 to within the rounding of K̃ (size N ε max|K|·N) divided by μ_j.
        KB_RC_WITHIN(column_sums(kp.eigenvectors()), null_direction_bound(K, ref.mu(p - 1)), "𝟙ᵀu_j = 0");
        RC_ASSERT(kp.rank() <= N - 1);
        // μ_N = 0 up to the eigensolver's backward error and the rounding of K̃ — a bound from
        // the inputs, not the library's own rank tolerance.
        KB_RC_WITHIN(kp.spectrum()(N - 1),
                     plus(kb::test::factorisation<T>(N, ref.norm), kb::test::one_pass<T>(N, centring_scale(K))),
                     "μ_N = 0");
    });
}
//! [null-direction]

TEST_CASE_TEMPLATE("the null-direction check rejects eigenvectors of the uncentred K: their score columns do not have "
                   "mean zero [slides:center]",
                   T, KB_CH07_FIXED_TYPES) {
    // Companion: skip the centring (decompose K, not K̃) and the same check fails — the
    // leading eigenvector of a Gram matrix with positive entries is close to 𝟙/√N.
    const Matrix<T> X = fixed_X<T>();
    const kb::PolynomialKernel<T> k(T(1), 2);
    const Matrix<T> K = kb::gram(k, X);
    const auto ref = reference_for<T>(kb::PolynomialKernel<R>(R(1), 2), fixed_Xi(), 2);
    kb::KernelPca<T> kp(K, 3);
    const auto bound = null_direction_bound(K, ref.mu(2));
    KB_CHECK_WITHIN(column_sums(kp.eigenvectors()), bound, "𝟙ᵀu_j = 0 (K̃)");
    const auto uncentred = kb::top_eigenpairs(K, 3);
    KB_CHECK_EXCEEDS(column_sums(uncentred.vectors), bound, "𝟙ᵀu_j = 0 (K)");
    // And the law's "μ_N = 0": K itself (6 features, 6 points) has no zero eigenvalue.
    const auto rounding = plus(kb::test::factorisation<T>(6, ref.norm), kb::test::one_pass<T>(6, centring_scale(K)));
    KB_CHECK_WITHIN(kp.spectrum()(5), rounding, "μ_N = 0 (K̃)");
    KB_CHECK_EXCEEDS(T(kb::symmetric_eigen(K).values(5)), rounding, "μ_N = 0 (K)");
}

TEST_CASE_TEMPLATE("more components than the rank of K~ are refused with the rank and the eigenvalue [zhu:2.3.1]", T,
                   KB_CH07_FIXED_TYPES) {
    // Linear kernel on 6 points in the plane: K̃ = X̃X̃ᵀ has rank 2.
    const Matrix<T> X = fixed_X<T>();
    kb::KernelPca<T> ok(kb::LinearKernel<T>{}, X, 2);
    CHECK(ok.rank() == 2);
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(kb::LinearKernel<T>{}, X, 3),
                         doctest::Contains("numerical rank 2 (μ_3 ="), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(kb::LinearKernel<T>{}, X, 6), doctest::Contains("at most N − 1 = 5"),
                         kb::error);
    // All points equal: K̃ = 0, no component at all.
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(kb::LinearKernel<T>{}, Matrix<T>(Matrix<T>::Ones(4, 2)), 1),
                         doctest::Contains("numerical rank 0"), kb::error);
}

//! [repeated]
TEST_CASE_TEMPLATE("repeated eigenvalues: the projector on the top p axes is determined even when vectors are not "
                   "[zhu:2.3.1] [zhu:2.3.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        // A spectrum with a tie: λ from decreasing_spectrum, one entry duplicated.
        const int m = *kb::test::size_in(2, 6);
        std::vector<long> lambda = *kb::test::decreasing_spectrum(m, 2, 40);
        const int tie = *kb::test::size_in(0, m - 1);
        lambda.insert(lambda.begin() + tie, lambda[static_cast<std::size_t>(tie)]);
        const Eigen::Index N = static_cast<Eigen::Index>(lambda.size()) + 1;
        const Matrix<Q> Kq = helmert_kernel(lambda);
        // p at the end of a block: never between the two equal eigenvalues.
        std::vector<Eigen::Index> ends;
        for (Eigen::Index p = 1; p < N; ++p)
            if (p == N - 1 || lambda[static_cast<std::size_t>(p - 1)] != lambda[static_cast<std::size_t>(p)])
                ends.push_back(p);
        const Eigen::Index p = *rc::gen::elementOf(ends);
        kb::KernelPca<T> kp(kb::convert_matrix<T>(Kq), p);
        const Matrix<T> U = kp.eigenvectors();
        const T gap = T(lambda[static_cast<std::size_t>(p - 1)] - (p < N - 1 ? lambda[static_cast<std::size_t>(p)] : 0));
        // The eigensolver's backward error, and the rounding of K in T and of its centring
        // (‖ΔK̃‖ ≤ one_pass(N, N·max|K|)), over the gap; Y Yᵀ = K̃P moves by ΔK̃ + K̃·ΔP.
        const T cs = centring_scale(Matrix<T>(kb::convert_matrix<T>(Kq))), l0(lambda[0]);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(U * U.transpose() - kb::convert_matrix<T>(helmert_projector(N, p)))),
                     plus(kb::test::subspace<T>(N, l0, gap), kb::test::one_pass<T>(N, T(cs / gap))),
                     "U Uᵀ = exact projector");
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.scores() * kp.scores().transpose() -
                                           kb::convert_matrix<T>(Matrix<Q>(Kq * helmert_projector(N, p))))),
                     plus(kb::test::subspace<T>(N, T(l0 * l0), gap), kb::test::one_pass<T>(N, T(T(2) * cs * l0 / gap))),
                     "Y Yᵀ = K̃ P");
    }, std::is_same_v<T, double> ? 100 : 20);
}
//! [repeated]

TEST_CASE_TEMPLATE("repeated eigenvalues: two valid bases of one eigenspace differ entrywise so vectors must not "
                   "be compared [zhu:2.3.1]",
                   T, KB_CH07_FIXED_TYPES) {
    // Companion: within λ₂ = λ₃ = 3 any rotation of the basis is as good an answer.
    const Matrix<T> K = kb::convert_matrix<T>(helmert_kernel({7, 3, 3, 1}));
    kb::KernelPca<T> kp(K, 3);
    const Matrix<T> U = kp.eigenvectors();
    Matrix<T> R = Matrix<T>::Identity(3, 3); // rotation by the Pythagorean angle (3/5, 4/5) in the tie
    R(1, 1) = R(2, 2) = kb::ratio<T>(3, 5);
    R(1, 2) = kb::ratio<T>(-4, 5);
    R(2, 1) = kb::ratio<T>(4, 5);
    const Matrix<T> V = U * R;
    const auto bound = kb::test::subspace<T>(5, T(7), T(2)); // gap between the block and its neighbours
    const Matrix<T> Lambda = kp.eigenvalues().asDiagonal();
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(K * V - V * Lambda)), kb::test::factorisation<T>(5, T(7)),
                    "K̃V = VΛ for the rotated basis");
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(V * V.transpose() - U * U.transpose())), bound, "same projector");
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(V - U)), bound, "same vectors");
}

// ---------------------------------------------------------------------------------------
// Kernel matrices that are not PSD.

//! [not-psd]
TEST_CASE_TEMPLATE("a centred kernel matrix that is not PSD is refused with its most negative eigenvalue unless the "
                   "caller opts in [zhu:def4]",
                   T, KB_CH07_FIXED_TYPES) {
    // K = 3 v₁v₁ᵀ − ½ v₂v₂ᵀ with v₁ = (1, −1, 0), v₂ = (1, 1, −2): both ⊥ 𝟙, so K̃ = K and its
    // eigenvalues are 6, 0, −3.
    const Vector<T> v1 = (Vector<T>(3) << 1, -1, 0).finished(), v2 = (Vector<T>(3) << 1, 1, -2).finished();
    const Matrix<T> K = T(3) * v1 * v1.transpose() - v2 * v2.transpose() / T(2);
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(K, 1),
                         doctest::Contains("not positive semi-definite: its smallest eigenvalue is -3 = -0.5·λ_max"),
                         kb::error);
    kb::KernelPca<T> kp(K, 1, kb::NonPsdPolicy::keep_positive);
    CHECK(kp.rank() == 1);
    const auto bound = kb::test::factorisation<T>(3, T(6));
    KB_CHECK_WITHIN(T(abs(T(kp.eigenvalues()(0) - 6))), bound, "μ₁ = 6");
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(kp.scores() * kp.scores().transpose() - T(3) * v1 * v1.transpose())), bound,
                    "Y Yᵀ = 6 u₁u₁ᵀ");
    // Only one eigenvalue is positive: a second component is refused even with the opt-in.
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(K, 2, kb::NonPsdPolicy::keep_positive),
                         doctest::Contains("numerical rank 1"), kb::error);
}
//! [not-psd]

//! [not-psd-scale]
TEST_CASE_TEMPLATE("a non-PSD K~ is reported as a multiple of lambda_max also when |lambda_min| > lambda_max and as "
                   "having no positive eigenvalue when lambda_max = 0 [zhu:def4]",
                   T, KB_CH07_FIXED_TYPES) {
    // v₁ = (1, −1, 0), v₂ = (1, 1, −2) are orthogonal and ⊥ 𝟙, so K̃ = K for their combinations.
    const Vector<T> v1 = (Vector<T>(3) << 1, -1, 0).finished(), v2 = (Vector<T>(3) << 1, 1, -2).finished();
    // Eigenvalues 1, 0, −5: λ_min = −5·λ_max (the ratio to max(|λ_max|, |λ_min|) would say −1).
    const Matrix<T> K1 = v1 * v1.transpose() / T(2) - T(5) * v2 * v2.transpose() / T(6);
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(K1, 1), doctest::Contains("its smallest eigenvalue is -5 = -5·λ_max"),
                         kb::error);
    // Eigenvalues 0, 0, −6: no multiple of λ_max = 0 is −6; the message says what is true.
    const Matrix<T> K2 = -v2 * v2.transpose();
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(K2, 1),
                         doctest::Contains("its smallest eigenvalue is -6 and it has no positive eigenvalue"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<T>(K2, 1), doctest::Contains("K̃ is negative semi-definite"), kb::error);
    // kb::relative_negativity itself: λ_min/λ_max, 0 when PSD, −∞ without a positive eigenvalue
    // above `zero` (a positive λ_max at the rounding level does not count when `zero` says so).
    auto eig = [](std::initializer_list<T> values) {
        kb::SymmetricEigen<T> e;
        e.values = Vector<T>(static_cast<Eigen::Index>(values.size()));
        Eigen::Index i = 0;
        for (const T& v : values) e.values(i++) = v;
        return e;
    };
    CHECK(kb::relative_negativity(eig({T(1), T(0), T(-5)})) == T(-5));
    CHECK(kb::relative_negativity(eig({T(6), T(0), T(-3)})) == T(-1) / T(2));
    CHECK(kb::relative_negativity(eig({T(2), T(1), T(0)})) == T(0));
    const T r0 = kb::relative_negativity(eig({T(0), T(0), T(-6)}));
    CHECK_FALSE(kb::is_finite(r0));
    CHECK(r0 < 0);
    const T tiny = kb::epsilon<T>();
    CHECK(kb::relative_negativity(eig({tiny, T(0), T(-6)})) == T(-6) / tiny); // rounding-level λ_max taken at face value …
    CHECK_FALSE(kb::is_finite(kb::relative_negativity(eig({tiny, T(0), T(-6)}), T(64) * tiny))); // … or not
}
//! [not-psd-scale]

TEST_CASE("a non-Euclidean dissimilarity gives a -1/2 J D2 J that is not a kernel matrix [zhu:2.2.2]") {
    // City-block distances on the corners of the unit square: sides 1, diagonals 2 (not √2).
    const Matrix<double> P = (Matrix<double>(4, 2) << 0, 0, 1, 0, 0, 1, 1, 1).finished();
    Matrix<double> D2(4, 4);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            const double d = (P.row(i) - P.row(j)).cwiseAbs().sum();
            D2(i, j) = d * d;
        }
    const Matrix<double> B = kb::double_center(D2) / -2.0; // eigenvalues 2, 2, 0, −1
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(B, 1), doctest::Contains("-1 = -0.5·λ_max"), kb::error);
    kb::KernelPca<double> kp(B, 2, kb::NonPsdPolicy::keep_positive);
    CHECK(kp.rank() == 2);
    // With Euclidean distances the same construction is the linear kernel, and PSD.
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) D2(i, j) = (P.row(i) - P.row(j)).squaredNorm();
    CHECK_NOTHROW(kb::KernelPca<double>(Matrix<double>(kb::double_center(D2) / -2.0), 2));
}

// ---------------------------------------------------------------------------------------
// Bad input.

TEST_CASE("kernel PCA refuses bad input with a message naming the argument") {
    const Matrix<double> X = fixed_X<double>();
    const auto k = kb::GaussianKernel<double>::from_zhu_sigma(2.0);
    // p < 1 (kb::all_components = −1 is the only negative count)
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(k, X, 0), doctest::Contains("components = 0 must be ≥ 1, or kb::all_components"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(kb::gram(k, X), -2), doctest::Contains("components = -2 must be ≥ 1"),
                         kb::error);
    // every component of points that coincide: K̃ = 0 has none
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(k, Matrix<double>(Matrix<double>::Ones(4, 2))),
                         doctest::Contains("no eigenvalue above the rank tolerance"), kb::error);
    // N < 2
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(k, Matrix<double>(X.topRows(1)), 1),
                         doctest::Contains("at least 2 points"), kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(Matrix<double>(Matrix<double>::Ones(1, 1)), 1),
                         doctest::Contains("at least 2 points"), kb::error);
    // a test point of the wrong dimension
    const kb::KernelPca<double> kp(k, X, 2);
    CHECK_THROWS_WITH_AS(kp.transform(Matrix<double>(Matrix<double>::Ones(2, 3))),
                         doctest::Contains("dimension 3 but the model was fitted on points of dimension 2"), kb::error);
    CHECK_THROWS_WITH_AS(kp.transform_gram(Matrix<double>(Matrix<double>::Ones(2, 5))),
                         doctest::Contains("N = 6"), kb::error);
    Matrix<double> Z = fixed_Z<double>();
    Z(0, 1) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kp.transform(Z), doctest::Contains("not finite"), kb::error);
    // a model fitted from a Gram matrix has no kernel for transform
    kb::KernelPca<double> from_gram(kb::gram(k, X), 2);
    CHECK_THROWS_WITH_AS(from_gram.transform(X), doctest::Contains("pass the kernel rows k(z, x_i) to transform_gram"),
                         kb::error);
    // K not square, not symmetric, not finite
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(Matrix<double>(Matrix<double>::Ones(3, 4)), 1),
                         doctest::Contains("square"), kb::error);
    Matrix<double> K = kb::gram(k, X);
    K(0, 1) += 0.5;
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, 1), doctest::Contains("must be symmetric"), kb::error);
    K(0, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, 1), doctest::Contains("is not finite"), kb::error);
}
