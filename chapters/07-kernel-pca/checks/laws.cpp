/// \file laws.cpp
/// \brief Chapter 7's laws of kernel PCA, as properties in double, real50 and real100 over
///        random data: scores, centring of new points, equality with PCA of explicit features,
///        Bessel, the sign rule, the derivations of Zhu §2.3 and Gallier, zero and repeated
///        eigenvalues — each with a companion showing that the check catches a wrong formula.
///        The laws that the exercises run as well are written once, in laws.hpp.
#include "../laws.hpp"

using namespace kb::test::ch07;
using std::abs;
using std::sqrt;
using Q = kb::rational;

namespace {

// Row-wise transform: the rows are centred and multiplied by A either way; only the order of
// the sums of y_j(z) = Σ_i k̃(z, x_i) a_ij may differ — one pass over N terms with
// Σ_i |k̃_i||a_ij| ≤ max|k̃|·√N‖a_j‖ ≤ 4s·√N/√μ_p (|k̃| ≤ 4s, s = max(|K|, |K_z|); ‖a_j‖ = 1/√μ_j).
template <class T>
kb::test::Bound<T> rowwise_bound(const Reference<T>& ref, Eigen::Index p, const T& s) {
    return kb::test::one_pass<T>(ref.N, T(T(4) * s * sqrt(T(ref.N)) / sqrt(ref.mu(p - 1))));
}

// k̃(z, z) = k(z, z) − (2/N) Σ_i k(z, x_i) + (1/N²) Σ_il k(x_i, x_l), from the inputs (not
// through the centring statistics of the model under test).
template <class T>
Vector<T> centred_self(const Vector<T>& kzz, const Matrix<T>& Kz, const Matrix<T>& K) {
    const T N(K.rows());
    return (kzz - T(2) * Vector<T>(Kz.rowwise().sum()) / N).array() + K.sum() / (N * N);
}

// Bessel's inequality Σ_j y_j(z)² ≤ k̃(z, z), as computed: the bound on the excess
// max_z (Σ_j y_j(z)² − k̃(z, z)), derived from the arithmetic.
//  - Exactly, it holds for any coefficients A whose axes v_j = Φ̃ᵀa_j are orthonormal,
//    i.e. G = AᵀK̃A = I; in general Σ_j y_j² = yᵀy ≤ λ_max(G)·yᵀG⁻¹y ≤ (1 + ‖G − I‖)·k̃(z, z)
//    (yᵀG⁻¹y is the squared length of the projection of φ̃(z) on span{v_j}).
//  - The computed A are eigenvectors of K̃ + E, E the eigensolver's backward error
//    (‖E‖ ≤ c₂Nε‖K̃‖, orthonormal to c₂Nε) plus the rounding ΔK̃ of the centring
//    (one_pass(N, N·max|K|)): ‖G − I‖ ≤ c₂Nε(1 + ‖K̃‖/μ_p) + ‖ΔK̃‖/μ_p — no gap enters.
//  - The centred rows k̃(z, x_i) sum N values of size ≤ s = max(|K|, |K_z|) (error δ,
//    ‖δ‖ ≤ √N·c₁Nεs), and y = k̃_zA sums N more terms: each moves y by ≲ ‖δ‖/√μ_p, so
//    Σ_j y_j² by ≤ 2·2‖y‖‖δ‖/√μ_p, with ‖y‖² ≤ k̃(z, z) to first order.
//  - k̃(z, z) = k(z, z) − (2/N)Σ_i k(z, x_i) + k̄ cancels terms of size k(z, z) and s:
//    an error ≤ c₁Nε(2s + k(z, z)) however small k̃(z, z) is.
// With k̃ = max_z k̃(z, z) and κ = max_z k(z, z) (both from the inputs), μ_p and ‖K̃‖ from
// the reference:
//   factorisation(N, k̃(1 + ‖K̃‖/μ_p)) + one_pass(N, k̃·N s/μ_p + 4√(N k̃/μ_p)·s + 2s + κ).
template <class T>
kb::test::Bound<T> bessel_bound(const Reference<T>& ref, Eigen::Index p, const Vector<T>& norm2, const T& s,
                                const T& kappa) {
    const Eigen::Index N = ref.N;
    const T mu_p = ref.mu(p - 1);
    const T kt = norm2.maxCoeff() > 0 ? T(norm2.maxCoeff()) : T(0);
    return plus(kb::test::factorisation<T>(N, T(kt * (T(1) + ref.norm / mu_p))),
                kb::test::one_pass<T>(N, T(kt * T(N) * s / mu_p + T(4) * sqrt(T(N) * kt / mu_p) * s + T(2) * s + kappa)));
}

// The sign rule of kernel_pca.hpp, as stated there: in each column of the eigenvectors the
// entry of largest absolute value — the first, if several tie exactly — is positive.
template <class T>
bool largest_entries_positive(const Matrix<T>& U) {
    using std::abs;
    for (Eigen::Index j = 0; j < U.cols(); ++j) {
        Eigen::Index arg = 0;
        for (Eigen::Index i = 1; i < U.rows(); ++i)
            if (abs(U(i, j)) > abs(U(arg, j))) arg = i;
        if (!(U(arg, j) > 0)) return false;
    }
    return true;
}

// The same for the scores Y = U diag(√μ): the largest absolute value of each column is taken
// by a positive entry (scaling by √μ_j can turn a rounding-level difference between two
// entries into an exact tie, so "the first" is not asked for here).
template <class T>
bool largest_scores_positive(const Matrix<T>& Y) {
    for (Eigen::Index j = 0; j < Y.cols(); ++j)
        if (!(Y.col(j).maxCoeff() > 0 && Y.col(j).maxCoeff() >= -Y.col(j).minCoeff())) return false;
    return true;
}

// Σ_j y_j(z)² − k̃(z, z) if positive, else 0.
template <class T>
T bessel_excess(const Vector<T>& captured, const Vector<T>& norm2) {
    const T excess = (captured - norm2).maxCoeff();
    return excess > 0 ? excess : T(0);
}

} // namespace

TEST_CASE_TEMPLATE("transforming the training points reproduces the fitted scores [slides:score] [zhu:2.3.2]", T,
                   KB_REALS) {
    training_scores_law<T>(library_kpca);
}

TEST_CASE_TEMPLATE("uncentred kernel rows do not reproduce the training scores: they shift them [slides:center-test]",
                   T, KB_CH07_FIXED_TYPES) {
    const Matrix<T> X = fixed_X<T>();
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(2));
    const auto ref = reference_for<T>(kb::GaussianKernel<R>::from_zhu_sigma(R(2)), fixed_Xi(), 2);
    kb::KernelPca<T> kp(k, X, {.components = 2});
    const Matrix<T> K = kb::gram(k, X);
    const auto bound = training_bound(ref, 2, K); // the property's bound
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(kp.transform(X) - kp.scores())), bound, "transform(X) = Y");
    // Without centring: K A = K̃ A + 𝟙 (k̄ A), a shift by the training column means k̄.
    const Matrix<T> uncentred = K * kp.coefficients();
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(uncentred - kp.scores())), bound, "K A = Y");
    const RowVector<T> column_mean = K.colwise().sum() / T(K.rows());
    const RowVector<T> shift = column_mean * kp.coefficients();
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>((uncentred - kp.scores()).rowwise() - shift)), bound, "K A − Y = 𝟙 k̄ A");
}

//! [law-rowwise]
TEST_CASE_TEMPLATE("transform is row-wise: points one by one give the same scores as together [slides:center-test]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_gaussian_case<T>(max_points<T>());
        const auto [K, ref, p, kp] = fit_well_posed<T>(c);
        const Matrix<T> together = kp.transform(c.Z);
        Matrix<T> one_by_one(c.Z.rows(), kp.components());
        for (Eigen::Index m = 0; m < c.Z.rows(); ++m) one_by_one.row(m) = kp.transform(Matrix<T>(c.Z.row(m)));
        const T s = kb::max_abs(stacked(K, Matrix<T>(kb::gram(c.k, c.Z, c.X))));
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(together - one_by_one)), rowwise_bound(ref, p, s), "row-wise transform");
    });
}
//! [law-rowwise]

TEST_CASE_TEMPLATE("centring new points with their own batch means is not row-wise [slides:center-test]", T,
                   KB_CH07_FIXED_TYPES) {
    // The companion: with the batch's own column means a point's scores depend on which
    // other points came with it (a single point is even mapped to 0).
    const Matrix<T> X = fixed_X<T>(), Z = fixed_Z<T>();
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(2));
    const auto ref = reference_for<T>(kb::GaussianKernel<R>::from_zhu_sigma(R(2)), fixed_Xi(), 2);
    kb::KernelPca<T> kp(k, X, {.components = 2});
    auto batch_centred = [&](const Matrix<T>& Zb) {
        const Matrix<T> Kz = kb::gram(k, Zb, X);
        const T N(X.rows()), M(Zb.rows());
        Matrix<T> c = Kz;
        c.colwise() -= Vector<T>(Kz.rowwise().sum() / N);
        c.rowwise() -= RowVector<T>(Kz.colwise().sum() / M);
        c.array() += Kz.sum() / (N * M);
        return Matrix<T>(c * kp.coefficients());
    };
    // The law's bound (Gaussian values: s = 1).
    const auto bound = rowwise_bound(ref, 2, T(1));
    const Matrix<T> together = batch_centred(Z);
    const Matrix<T> first_alone = batch_centred(Matrix<T>(Z.row(0)));
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(together.row(0) - first_alone)), bound, "batch means");
    KB_CHECK_WITHIN(kb::max_abs(first_alone), bound, "a single point centred by its own means is mapped to 0");
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(kp.transform(Z).row(0) - kp.transform(Matrix<T>(Z.row(0))))), bound,
                    "training means: row-wise");
}

TEST_CASE_TEMPLATE("polynomial-kernel PCA equals PCA of the explicit features for training and new points "
                   "[zhu:2.3.1] [zhu:2.3.2]",
                   T, KB_REALS) {
    polynomial_explicit_pca_law<T>(library_kpca);
}

TEST_CASE_TEMPLATE("linear-kernel PCA equals ordinary PCA of the centred data [zhu:1.2.2] [zhu:ex7a]", T, KB_REALS) {
    linear_explicit_pca_law<T>(library_kpca);
}

TEST_CASE_TEMPLATE("PCA comparisons catch the wrong score scaling and the missing centring [slides:norm]", T,
                   KB_CH07_FIXED_TYPES) {
    const Matrix<T> X = fixed_X<T>(), Z = fixed_Z<T>();
    const kb::LinearKernel<T> k;
    const auto ref = reference_for<T>(kb::LinearKernel<R>{}, fixed_Xi(), 2);
    kb::KernelPca<T> kp(k, X, {.components = 2});
    const Matrix<T> Xc = kb::center_columns(X), Zc = Z.rowwise() - kb::column_means(X);
    const auto svd = kb::thin_svd(Xc);
    const Matrix<T> S = Xc * svd.V, Sz = Zc * svd.V;
    // The property's bounds (check_equals_explicit_pca) for these data.
    const auto bounds = explicit_pca_bounds(ref, 2, X.rows(), centring_scale(stacked(kb::gram(k, X), kb::gram(k, Z, X))),
                                            T(Zc.norm() + T(1)), T(Xc.norm()));
    const auto& bound = bounds.training;
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(kp.scores() * kp.scores().transpose() - S * S.transpose())), bound,
                    "Y Yᵀ = S Sᵀ");
    // Scores u_j·μ_j (Zhu's step (e) on training points, after centring) are too long by √μ_j.
    const Matrix<T> unnormalised = kp.centered_gram() * kp.eigenvectors();
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(unnormalised * unnormalised.transpose() - S * S.transpose())),
                     bound, "unnormalised scores");
    // The sources' λ = μ/N in place of μ: scores u_j √λ_j are too short by √N.
    const Matrix<T> with_lambda = kp.eigenvectors() * kp.feature_variances().cwiseSqrt().asDiagonal();
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(with_lambda * with_lambda.transpose() - S * S.transpose())),
                     bound, "scores with λ");
    // New points without centring: k(z, x_i) = zᵀx_i instead of (z − x̄)ᵀ(x_i − x̄).
    const Matrix<T> uncentred = kb::gram(k, Z, X) * kp.coefficients();
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(kp.transform(Z) * kp.scores().transpose() - Sz * S.transpose())), bounds.cross,
                    "Y_z Yᵀ = S_z Sᵀ");
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(uncentred * kp.scores().transpose() - Sz * S.transpose())),
                     bounds.cross, "uncentred new points");
}

//! [law-bessel]
TEST_CASE_TEMPLATE("scores never exceed the centred feature norm and use all of it at full rank [zhu:2.3.2]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const auto [K, ref, p, kp] = fit_well_posed<T>(c);
        // Bessel: Σ_j y_j(z)² = ‖P φ̃(z)‖² ≤ ‖φ̃(z)‖² = k̃(z, z).
        Vector<T> kzz(c.Z.rows());
        for (Eigen::Index m = 0; m < c.Z.rows(); ++m) kzz(m) = c.k(c.Z.row(m), c.Z.row(m));
        const Matrix<T> Kz = kb::gram(c.k, c.Z, c.X);
        const Vector<T> norm2 = centred_self(kzz, Kz, K);
        const Vector<T> captured = kp.transform(c.Z).rowwise().squaredNorm();
        const T s = kb::max_abs(stacked(K, Kz));
        KB_RC_WITHIN(bessel_excess(captured, norm2), bessel_bound(ref, p, norm2, s, T(kzz.maxCoeff())),
                     "Σ_j y_j(z)² ≤ k̃(z, z)");
    });
}
//! [law-bessel]

TEST_CASE_TEMPLATE("unnormalised projections violate Bessel's inequality [zhu:alg8]", T, KB_CH07_FIXED_TYPES) {
    // Companion: scores √μ_j·y_j (step (e) of Algorithm 8 with the centring fixed) are
    // longer than the vector they project whenever μ_j > 1.
    const Matrix<T> X = fixed_X<T>();
    const kb::PolynomialKernel<T> k(T(1), 2);
    const auto ref = reference_for<T>(kb::PolynomialKernel<R>(R(1), 2), fixed_Xi(), 2);
    REQUIRE(ref.mu(0) > 1);
    kb::KernelPca<T> kp(k, X, {.components = 3});
    const Matrix<T> unnormalised = kp.centered_gram() * kp.eigenvectors(); // = Y diag(√μ)
    // The property's check, with the training points as the points z.
    const Matrix<T> K = kb::gram(k, X);
    const Vector<T> kxx = K.diagonal();
    const Vector<T> norm2 = centred_self(kxx, K, K);
    const auto bound = bessel_bound(ref, 3, norm2, kb::max_abs(K), T(kxx.maxCoeff()));
    KB_CHECK_EXCEEDS(bessel_excess(Vector<T>(unnormalised.rowwise().squaredNorm()), norm2), bound,
                     "Σ μ_j y_j² ≤ k̃(x, x)");
    KB_CHECK_WITHIN(bessel_excess(Vector<T>(kp.transform(X).rowwise().squaredNorm()), norm2), bound, "Σ y_j² ≤ k̃(x, x)");
}

TEST_CASE_TEMPLATE("at full rank the training scores carry the whole centred kernel: Y Yt = K~ [zhu:2.3.2]", T,
                   KB_REALS) {
    full_rank_law<T>(library_kpca_scores);
}

TEST_CASE_TEMPLATE("below full rank Y Yt misses K~ by the eigenvalues left out and the full-rank check sees it "
                   "[zhu:2.3.2]",
                   T, KB_CH07_FIXED_TYPES) {
    // Companion of "Y Yᵀ = K̃ at p = rank": one component fewer leaves out μ_r u_r u_rᵀ,
    // whose largest entry is ≥ μ_r/N — far above the law's bound.
    const Matrix<T> X = fixed_X<T>();
    const Matrix<T> K = kb::gram(kb::PolynomialKernel<T>(T(1), 2), X);
    const auto ref = reference_for<T>(kb::PolynomialKernel<R>(R(1), 2), fixed_Xi(), 2);
    using Qr = kb::rational;
    const Eigen::Index r = exact_centred_rank(kb::gram(kb::PolynomialKernel<Qr>(Qr(1), 2), kb::from_integers<Qr>(fixed_Xi(), 2)));
    REQUIRE(r == 5); // 6 features, 6 points in general position: rank N − 1
    kb::KernelPca<T> full(K, {.components = r}), short_of(K, {.components = r - 1});
    const auto bound = full_rank_bound(ref, K);
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(full.scores() * full.scores().transpose() - ref.Kc)), bound, "p = rank");
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(short_of.scores() * short_of.scores().transpose() - ref.Kc)), bound,
                     "p = rank − 1");
}

//! [law-sign]
TEST_CASE_TEMPLATE("sign rule: in every column of eigenvectors() and scores() the entry of largest absolute value is "
                   "positive",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        Matrix<T> K;
        Reference<T> ref;
        if (*rc::gen::arbitrary<bool>()) {
            const auto c = any_gaussian_case<T>(max_points<T>());
            K = kb::gram(c.k, c.X);
            ref = c.reference();
        } else {
            const auto c = any_polynomial_case<T>(max_points<T>());
            K = kb::gram(c.k, c.X);
            ref = c.reference();
        }
        // 1 … (number of eigenvalues of the reference above the floor) components.
        const Eigen::Index resolved = resolved_count(ref);
        RC_PRE(resolved >= 1);
        kb::KernelPca<T> kp(K, {.components = *kb::test::size_in(1, static_cast<int>(resolved))});
        RC_ASSERT(largest_entries_positive(kp.eigenvectors()));
        RC_ASSERT(largest_scores_positive(kp.scores()));
    });
}
//! [law-sign]

TEST_CASE_TEMPLATE("sign rule companion: a flipped column keeps Y Yt = K~ but breaks the sign rule", T,
                   KB_CH07_FIXED_TYPES) {
    // The Gram-matrix laws cannot see a sign: flipping a column of U (or Y) leaves U Uᵀ and
    // Y Yᵀ unchanged. Only the sign check rejects it.
    const Matrix<T> X = fixed_X<T>();
    const Matrix<T> K = kb::gram(kb::PolynomialKernel<T>(T(1), 2), X);
    const auto ref = reference_for<T>(kb::PolynomialKernel<R>(R(1), 2), fixed_Xi(), 2);
    kb::KernelPca<T> kp(K, {.components = 5}); // the exact rank of K̃ (see the companion above)
    REQUIRE(largest_entries_positive(kp.eigenvectors()));
    REQUIRE(largest_scores_positive(kp.scores()));
    const auto bound = full_rank_bound(ref, K); // the law's bound
    for (Eigen::Index j = 0; j < kp.components(); ++j) {
        Matrix<T> U = kp.eigenvectors(), Y = kp.scores();
        U.col(j) = -U.col(j);
        Y.col(j) = -Y.col(j);
        KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(Y * Y.transpose() - ref.Kc)), bound, "flipped: Y Yᵀ = K̃");
        CHECK_FALSE(largest_entries_positive(U));
        CHECK_FALSE(largest_scores_positive(Y));
    }
}

//! [conventions]
TEST_CASE_TEMPLATE("conventions: lambda = mu/N and a_j = u_j/sqrt(mu_j) - kernlab's eig and rotated are lambda and "
                   "sqrt(N) times our scores [slides:eig] [slides:norm]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const auto [K, ref, p, kp] = fit_well_posed<T>(c, FitFrom::gram);
        const Eigen::Index N = K.rows();
        const T nK = ref.norm, mu_p = ref.mu(p - 1);
        // The slides: K̃ a_j = N λ_j a_j with N λ_j a_jᵀa_j = 1 …
        const Matrix<T>& A = kp.coefficients();
        const Matrix<T> Nl = (T(N) * kp.feature_variances()).asDiagonal();
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.centered_gram() * A - A * Nl)),
                     kb::test::factorisation<T>(N, T(nK / sqrt(mu_p))), "K̃A = A·NΛ");
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(A.transpose() * A * Nl - Matrix<T>::Identity(p, p))),
                     kb::test::factorisation<T>(N, T(nK / mu_p)), "N λ_j a_jᵀ a_j = 1");
        // … and the scores are Y = K̃ A (slides:score on the training points).
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.centered_gram() * A - kp.scores())),
                     kb::test::factorisation<T>(N, T(nK / sqrt(mu_p))), "Y = K̃A");
        // kernlab: eig = eigenvalues of K̃/N (the sources' λ), pcv = unit eigenvectors of K̃/N
        // divided by √eig, rotated = K̃·pcv. Computed here from its own decomposition of K̃/N.
        const auto e = kb::top_eigenpairs(Matrix<T>(kp.centered_gram() / T(N)), p);
        KB_RC_WITHIN(T((e.values - kp.feature_variances()).cwiseAbs().maxCoeff()),
                     kb::test::factorisation<T>(N, T(nK / T(N))), "kernlab eig = λ");
        const Matrix<T> pcv = e.vectors * e.values.cwiseSqrt().cwiseInverse().asDiagonal();
        const Matrix<T> rotated = kp.centered_gram() * pcv;
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(rotated * rotated.transpose() - T(N) * kp.scores() * kp.scores().transpose())),
                     kb::test::subspace<T>(N, T(T(N) * nK * nK), ref.gap(p)), "rotated rotatedᵀ = N Y Yᵀ");
    });
}
//! [conventions]

//! [derivation-2.3.1]
TEST_CASE_TEMPLATE("feature-space PCA from K: v_j = Phi^T a_j solves C v = lambda v with v_j^T v_j = N lambda_j a_j^T a_j "
                   "[zhu:2.3.1] [slides:eig] [slides:norm]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const auto [K, ref, p, kp] = fit_well_posed<T>(c, FitFrom::gram);
        const kb::PolynomialFeatureMap<T> fm(c.k, static_cast<int>(c.X.cols()));
        const Matrix<T> P = centred_features(fm, c.X); // Φ̃, N×D: its rows are φ(x_i) − φ̄
        const Eigen::Index N = P.rows(), D = P.cols();
        const long n = static_cast<long>(std::max(N, D));
        const Matrix<T> C = P.transpose() * P / T(N); // C = (1/N) Σ φ̃_i φ̃_iᵀ, D×D
        const Matrix<T>& Kc = kp.centered_gram();
        const T nK = ref.norm, nP = P.norm();
        // Φ̃Φ̃ᵀ and K̃ differ by the rounding of the centring, ‖ΔK̃‖ ≤ one_pass(n, cs)
        // (chapter_support.hpp): each check that meets both routes carries it too.
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
        // the non-zero eigenvalues of C are the λ_j (the sources' λ: eigenvalues of K̃/N)
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
        const auto [K, ref, p, kp] = fit_well_posed<T>(c);
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
        kb::KernelPca<T> kp(K, {.components = r});
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
        // can be far above ‖K̂‖ (chapter_support.hpp). Same for the rows of new points.
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
    const auto [X, k, fm] = five_points_case<T>();
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

namespace {

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

//! [null-direction]
TEST_CASE_TEMPLATE("the null direction 1 of K~ is never a component: every score column has mean zero "
                   "[slides:center]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const auto [K, ref, p, kp] = fit_well_posed<T>(c, FitFrom::gram);
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
    kb::KernelPca<T> kp(K, {.components = 3});
    const auto bound = null_direction_bound(K, ref.mu(2));
    KB_CHECK_WITHIN(column_sums(kp.eigenvectors()), bound, "𝟙ᵀu_j = 0 (K̃)");
    const auto uncentred = kb::top_eigenpairs(K, 3);
    KB_CHECK_EXCEEDS(column_sums(uncentred.vectors), bound, "𝟙ᵀu_j = 0 (K)");
    // And the law's "μ_N = 0": K itself (6 features, 6 points) has no zero eigenvalue.
    const auto rounding = plus(kb::test::factorisation<T>(6, ref.norm), kb::test::one_pass<T>(6, centring_scale(K)));
    KB_CHECK_WITHIN(kp.spectrum()(5), rounding, "μ_N = 0 (K̃)");
    KB_CHECK_EXCEEDS(T(kb::symmetric_eigen(K).values(5)), rounding, "μ_N = 0 (K)");
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
        kb::KernelPca<T> kp(kb::convert_matrix<T>(Kq), {.components = p});
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
    kb::KernelPca<T> kp(K, {.components = 3});
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
// The Lanczos route (§7.9): the p leading eigenpairs only, in double
// ---------------------------------------------------------------------------------------

namespace {

// The bound on |μ_j − μ_j(exact)| for either route in double: the eigensolver (the dense
// route's backward error, or the Lanczos residual ≤ N·ε·μ_j and the rounding of its products,
// both within c₂·N·ε·‖K̃‖), the centring (one_pass(N, N·max|K|), as everywhere in this chapter)
// and the kernel values: a blocked Gaussian entry is within 4(q + 3)·ε·(γS + 1) of
// k(x_i, x_j) (chapter 4's law of the blocked Gram matrix; S ≤ S_max = 2·max‖x_i − x̄‖²), so
// ‖ΔK‖ ≤ N times that: one_pass(q + 3, N·(γ·S_max + 1)).
kb::test::Bound<double> route_eigenvalue_bound(const Reference<double>& ref, const Matrix<double>& X, double gamma) {
    const Eigen::Index N = ref.N;
    const double S_max = 2 * (X.rowwise() - X.colwise().mean()).rowwise().squaredNorm().maxCoeff();
    return plus(plus(kb::test::factorisation<double>(N, ref.norm), kb::test::one_pass<double>(N, double(N) * ref.max_K)),
                kb::test::one_pass<double>(X.cols() + 3, double(N) * (gamma * S_max + 1)));
}

// A projector on the top p eigenvectors moves by a perturbation over the gap μ_p − μ_{p+1}
// (Davis–Kahan), twice: K̃'s rounding and the solver's.
kb::test::Bound<double> route_projector_bound(const kb::test::Bound<double>& eig_bound, double gap) {
    return {2 * eig_bound.value / gap, eig_bound.kind + ", ×2/gap", eig_bound.n, eig_bound.scale};
}

} // namespace

//! [lanczos-law]
TEST_CASE("the Lanczos route gives the p leading eigenvalues and the top-p subspace of K~ within the bounds of the "
          "dense route, checked against a real100 reference [zhu:alg8] [slides:eig]") {
    kb::test::property<double>([] {
        // N ≥ 24 > ncv = max(2p + 1, 20): a Krylov space smaller than the matrix, as in use.
        const auto c = any_gaussian_case<double>(48, 2, 4, 24);
        const Reference<double> ref = c.reference();
        const Eigen::Index p = any_well_posed_p(ref);
        const double gamma = double(c.g) / 4;
        const kb::test::Bound<double> eig_bound = route_eigenvalue_bound(ref, c.X, gamma);
        const kb::test::Bound<double> projector_bound = route_projector_bound(eig_bound, ref.gap(p));
        // The reference projector from the real100 eigenvectors rounded to double: its own
        // rounding, at most (p + 2)·ε per entry (Σ_k |u_ik·u_jk| ≤ 1), is below the bound,
        // which is at least 2·c₂·N·ε·‖K̃‖/gap ≥ 2·c₂·N·ε.
        const Matrix<double> P_ref = ref.U.leftCols(p) * ref.U.leftCols(p).transpose();
        for (const kb::KpcaSolver route : {kb::KpcaSolver::lanczos, kb::KpcaSolver::dense}) {
            const kb::KernelPca<double> kp(c.k, c.X, {.components = p, .solver = route});
            RC_ASSERT(kp.solver() == route);
            RC_ASSERT(kp.eigenvalues().size() == p);
            KB_RC_WITHIN((kp.eigenvalues() - ref.mu.head(p)).cwiseAbs().maxCoeff(), eig_bound, "μ_1 … μ_p");
            const Matrix<double> U = kp.eigenvectors();
            KB_RC_WITHIN(kb::max_abs(Matrix<double>(U.transpose() * U - Matrix<double>::Identity(p, p))),
                         kb::test::factorisation<double>(ref.N, 1.0), "UᵀU = I");
            KB_RC_WITHIN(kb::max_abs(Matrix<double>(U * U.transpose() - P_ref)), projector_bound, "U Uᵀ = top-p projector");
            // The scores are the eigenvectors scaled by √μ, with the sign rule.
            RC_ASSERT(largest_entries_positive(U));
        }
    }, 60);
}
//! [lanczos-law]

TEST_CASE("the route comparison catches an eigenvalue that a partial solver skipped: mu_(j+1) in place of mu_j "
          "and its eigenvector in place of u_j exceed the bounds [zhu:alg8]") {
    // Eight distinct points on a line, Gaussian γ = 1/4: μ₁ > μ₂ > μ₃ well apart.
    const IntMatrix Xi = (IntMatrix(8, 1) << -7, -5, -2, 0, 1, 4, 6, 9).finished();
    const auto k = kb::GaussianKernel<double>::from_gamma(0.25);
    const Matrix<double> X = kb::from_integers<double>(Xi, 1);
    const Reference<double> ref = reference_for<double>(kb::GaussianKernel<R>::from_gamma(R(1) / 4), Xi, 1);
    const kb::KernelPca<double> kp(k, X, {.components = 3, .solver = kb::KpcaSolver::lanczos});
    const auto bound = route_eigenvalue_bound(ref, X, 0.25);
    KB_CHECK_WITHIN((kp.eigenvalues() - ref.mu.head(3)).cwiseAbs().maxCoeff(), bound, "μ_1 … μ_3");
    Vector<double> skipped = kp.eigenvalues();
    skipped(1) = ref.mu(2); // μ₂ missed: the solver's second value is μ₃
    KB_CHECK_EXCEEDS((skipped - ref.mu.head(3)).cwiseAbs().maxCoeff(), bound, "μ₂ skipped");
    // The same for the subspace: u₃ in place of u₂ moves the top-3 projector by far more than its bound.
    const auto projector_bound = route_projector_bound(bound, ref.gap(3));
    const Matrix<double> P_ref = ref.U.leftCols(3) * ref.U.leftCols(3).transpose();
    KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(kp.eigenvectors() * kp.eigenvectors().transpose() - P_ref)),
                    projector_bound, "U Uᵀ");
    Matrix<double> U_skipped(ref.N, 3); // u₂ missed: the solver's vectors are u₁, u₃, u₄
    U_skipped << ref.U.col(0), ref.U.col(2), ref.U.col(3);
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<double>(U_skipped * U_skipped.transpose() - P_ref)), projector_bound,
                     "u₂ skipped");
}

TEST_CASE("the route is chosen by size: Lanczos in double with p given N >= 200 and 4p <= N and dense otherwise "
          "[zhu:alg8]") {
    const Matrix<double> X = Matrix<double>::Random(240, 2); // Eigen's fixed pseudo-random sequence
    const auto k = kb::GaussianKernel<double>::from_gamma(1.0);
    CHECK(kb::KernelPca<double>(k, X, {.components = 10}).solver() == kb::KpcaSolver::lanczos);           // N = 240, p = 10
    CHECK(kb::KernelPca<double>(k, X, {.components = 61}).solver() == kb::KpcaSolver::dense);             // 4p > N
    CHECK(kb::KernelPca<double>(k, X).solver() == kb::KpcaSolver::dense);                 // every component
    CHECK(kb::KernelPca<double>(k, Matrix<double>(X.topRows(199)), {.components = 5}).solver() == kb::KpcaSolver::dense); // N < 200
    CHECK(kb::KernelPca<kb::real50>(kb::GaussianKernel<kb::real50>::from_gamma(kb::real50(1)), X.topRows(8).cast<kb::real50>(), {.components = 1})
              .solver() == kb::KpcaSolver::dense);
}

// ------------------------------------------------------------------ very large and very small Gram matrices

//! [scaling]
// kb::KernelPca fits a K beyond [2^-200, 2^200] as 4^-j·K (numerics.hpp): exact, so 4^k·K gives
// 4^k times the eigenvalues and 2^k times the scores bit for bit. A general factor c² rounds each
// entry once. With the linear kernel K = YYᵀ kernel PCA is PCA of the points, so the scores of
// c²K over c are checked against the PCA scores S = Y_c V_p with the bound of chapter 2's law
// "classical MDS scores equal PCA scores", c₂·N·ε·‖K̃‖²/gap (the spectrum from real100), with
// ‖K̃‖² widened to ‖K̃‖(‖K̃‖ + N·max|K|): K is not centred, and the rounding of c²K's entries and
// of their centring is relative to max|K|, not to ‖K̃‖ (c₁Nε·N·max|K| in Frobenius norm: the
// checks page, "For maintainers").
// Points far from their mean on the scale of their spread make the difference: (10, 11, 10)/4
// has max|K| ≈ 7.6 against ‖K̃‖ ≈ 0.042, and c²K's scores miss by 1.9 times the narrower bound.
TEST_CASE_TEMPLATE("kernel PCA from a Gram matrix is equivariant under scaling: 4^k K gives 4^k mu and 2^k scores bit "
                   "for bit and c^2 K gives c times the PCA scores within the bound of MDS = PCA [zhu:2.3.2]",
                   T, KB_CH07_FIXED_TYPES) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 3);
        const int N = *kb::test::size_in(q + 2, 8);
        const IntMatrix Yi = *kb::test::int_matrix(N, q, -20, 20);
        using R = kb::real100;
        const Matrix<R> Yr = kb::center_columns(kb::from_integers<R>(Yi, 4));
        const Vector<R> lr = kb::symmetric_eigen(Matrix<R>(Yr * Yr.transpose())).values;
        const R zero = R(64) * R(N) * kb::epsilon<R>() * lr(0);
        int p = 0;
        while (p < q && lr(p) > zero) ++p;
        RC_PRE(p >= 1);
        const Matrix<T> Y = kb::from_integers<T>(Yi, 4);
        const Matrix<T> K = kb::gram(kb::LinearKernel<T>{}, Y);
        const kb::KernelPca<T> plain(K, {.components = p});
        const int k = *rc::gen::inRange(-250, 251);
        const kb::KernelPca<T> big(kb::times_power_of_two(K, 2 * k), {.components = p});
        RC_ASSERT(big.scores() == kb::times_power_of_two(plain.scores(), k));
        RC_ASSERT(Matrix<T>(big.eigenvalues()) == kb::times_power_of_two(Matrix<T>(plain.eigenvalues()), 2 * k));
        RC_ASSERT(big.coefficients() == kb::times_power_of_two(plain.coefficients(), -k));
        // Every other output, at its power of K's scale 4^k.
        const auto at = [k](const auto& M, int power) { return kb::times_power_of_two(Matrix<T>(M), power * k); };
        RC_ASSERT(Matrix<T>(big.spectrum()) == at(plain.spectrum(), 2));
        RC_ASSERT(Matrix<T>(big.feature_variances()) == at(plain.feature_variances(), 2));
        RC_ASSERT(big.rank_tolerance() == kb::times_power_of_two(plain.rank_tolerance(), 2 * k));
        RC_ASSERT(big.centered_gram() == at(plain.centered_gram(), 2));
        RC_ASSERT(big.eigenvectors() == plain.eigenvectors());
        RC_ASSERT(big.rank() == plain.rank());
        RC_ASSERT(big.transform_gram(at(K, 2)) == at(plain.transform_gram(K), 1));
        // Companion: the scores mis-scaled by 4^k (the eigenvalues' power) are not those.
        if (k != 0) RC_ASSERT(big.scores() != kb::times_power_of_two(plain.scores(), 2 * k));

        const T c = kb::times_power_of_two(T(1) + T(*rc::gen::inRange(1, 1000)) / T(1000), k);
        const Matrix<T> Yc = kb::center_columns(Y);
        const Matrix<T> S = Yc * kb::thin_svd(Yc).V.leftCols(p);
        const T normK = kb::convert<T>(lr(0));
        const T gap = kb::convert<T>(p < N - 1 ? R(lr(p - 1) - lr(p)) : lr(p - 1));
        const auto gram_bound = kb::test::subspace<T>(N, T(normK * (normK + T(N) * kb::max_abs(K))), gap);
        const Matrix<T> Yk = kb::KernelPca<T>(Matrix<T>((c * c) * K), {.components = p}).scores();
        const Matrix<T> Ys = Yk / c, Yw = Yk / (c * c);
        KB_RC_WITHIN(T((Ys * Ys.transpose() - S * S.transpose()).norm()), gram_bound, "KPCA(c²K)/c: YYᵀ = (Y_cV)(Y_cV)ᵀ");
        // Companion: scores scaled by c² instead of c are caught by the same comparison
        // (Yw Ywᵀ reaches 2^500 at k = −250: the norm without squares above 1).
        KB_RC_EXCEEDS(kb::frobenius_norm(Matrix<T>(Yw * Yw.transpose() - S * S.transpose())), gram_bound,
                      "KPCA(c²K)/c² (wrong power)");
    });
}
//! [scaling]

// A Gaussian kernel is scale-dependent by definition: the points are not rescaled. At distances
// of 10^150 (γ = 1) K is the identity to the last bit — every point its own direction — and
// kernel PCA of it is well defined: K̃ = J, N − 1 eigenvalues 1.
TEST_CASE("kernel PCA with a Gaussian kernel of points 10^150 apart is kernel PCA of the identity: N - 1 eigenvalues "
          "1") {
    const Matrix<double> X = (Matrix<double>(4, 2) << 1, 2, 3, 1, 0, 0, 2, 5).finished() * 1e150;
    const kb::KernelPca<double> kpca(kb::GaussianKernel<double>(1.0), X);
    CHECK(kpca.centered_gram() == kb::centering_matrix<double>(4));
    CHECK(kpca.components() == 3);
    KB_CHECK_WITHIN((kpca.eigenvalues() - Vector<double>::Ones(3)).cwiseAbs().maxCoeff(),
                    kb::test::factorisation<double>(4, 1.0), "the eigenvalues of J are 1 (N − 1 times)");
}

// The checks kb::KernelPca verifies (kb::KernelPca::checks()) are computed on K as it was fitted
// (2^-e·K) and multiplied back: for 4^300·K (entries near 10¹⁸⁰) every check but orthonormality is
// 4^300 times that of K bit for bit, where the plain ‖K̃u − μu‖₂ squares entries near 10¹⁸⁰.
TEST_CASE("kernel PCA's checks of 4^300 K are 4^300 times those of K bit for bit and pass where a plain norm of the "
          "residual overflows [zhu:2.3.2]") {
    const Matrix<double> Y = kb::from_integers<double>((IntMatrix(6, 2) << 1, 2, 3, 1, 0, 0, 2, 5, 4, 4, 1, 3).finished());
    const Matrix<double> K = kb::gram(kb::LinearKernel<double>{}, Y);
    const kb::KernelPca<double> plain(K, {.components = 2});
    const kb::KernelPca<double> big(kb::times_power_of_two(K, 600), {.components = 2});
    REQUIRE(plain.checks().size() == 4);
    REQUIRE(big.checks().size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        CAPTURE(plain.checks()[i].name);
        const int power = plain.checks()[i].name == "orthonormal eigenvectors" ? 0 : 600;
        CHECK(big.checks()[i].value == kb::times_power_of_two(plain.checks()[i].value, power));
        CHECK(big.checks()[i].bound == kb::times_power_of_two(plain.checks()[i].bound, power));
        CHECK(big.checks()[i].passed());
    }
    // Companion: the plain norm of the same residual overflows (the command refused this result).
    const Vector<double> u = big.eigenvectors().col(0);
    CHECK(std::isinf((big.centered_gram() * u - big.eigenvalues()(0) * u).norm()));
}

// K = XXᵀ of points whose mean is 1000 times their spread: K̃ = JKJ is formed from entries of
// about 3·10⁶ and its rounding is on that scale (each entry c₁·N·ε·max|K|), while its eigenvalues
// are of order 10: the PSD check's bound is τ = 64·N·ε·(N·max|K|), the rank tolerance, which
// holds that rounding. A bound 64·N·ε·max|μ| (on the centred scale) refused these in double
// and in 50 digits, and the smaller ε of a wider type never helped: it shrinks with ε too.
TEST_CASE_TEMPLATE("kernel PCA's PSD check is on the kernel's scale: a linear kernel of points whose mean is 1000 "
                   "times their spread passes in every precision [zhu:def4]",
                   T, KB_CH07_FIXED_TYPES) {
    const int N = 30;
    Matrix<T> X(N, 3);
    for (int i = 0; i < N; ++i) {
        X(i, 0) = T(1000) + T(std::cos(1.1 * i));
        X(i, 1) = T(1000) + T(std::sin(0.7 * i) * (1 + 0.02 * i));
        X(i, 2) = T(1000) + T(std::cos(2.3 * i + 1));
    }
    const kb::KernelPca<T> kpca(kb::LinearKernel<T>{}, X);
    CHECK(kpca.rank() == 3);
    const auto& psd = kpca.checks().at(0);
    CHECK(psd.name == "PSD");
    CHECK(psd.bound == kpca.rank_tolerance());
    for (const auto& c : kpca.checks()) {
        CAPTURE(c.name);
        CHECK(c.passed());
    }
    // The rounding this bound holds is on the kernel's scale: a bound on the centred scale,
    // 64·N·ε·max|μ|, is below the value measured here (the command's refusal before).
    const Vector<T>& mu = kpca.spectrum();
    const T centred_bound = kb::psd_rounding_tolerance<T>(N, T(std::max(abs(T(mu(0))), abs(T(mu(N - 1))))));
    CAPTURE(psd.value);
    CAPTURE(centred_bound);
    CHECK(psd.value > centred_bound);
}
