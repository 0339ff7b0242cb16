/// \file laws.cpp
/// \brief Chapter 7: the laws kernel PCA must obey, as properties in double, real50 and
///        real100, each with a companion showing that the check catches a wrong formula.
#include "kpca_test_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/spectral.hpp"

using namespace kb::test::ch07;
using std::abs;
using std::sqrt;

namespace {


// K stacked over K_z: every uncentred value the centring of K and of the rows K_z summed.
template <class T>
Matrix<T> stacked(const Matrix<T>& K, const Matrix<T>& Kz) {
    Matrix<T> out(K.rows() + Kz.rows(), K.cols());
    out << K, Kz;
    return out;
}

// transform(X) = Y: transform centres the rows of K with the training statistics, fit
// centred K by double centring — the same numbers summed in another order, so the two K̃
// differ by ΔK̃ (‖ΔK̃‖ ≤ one_pass(N, N·max|K|), kpca_test_support.hpp); both are multiplied
// by A with ‖A‖ = 1/√μ_p. Add the eigensolver's residual ‖K̃A − Y‖ ≤ c₂Nε‖K̃‖/√μ_p.
// μ_p and ‖K̃‖ come from the reference (real100, independent of the fit).
template <class T>
kb::test::Bound<T> training_bound(const Reference<T>& ref, Eigen::Index p, const Matrix<T>& K) {
    const T root = sqrt(ref.mu(p - 1));
    return plus(kb::test::factorisation<T>(K.rows(), T(ref.norm / root)),
                kb::test::one_pass<T>(K.rows(), T(centring_scale(K) / root)));
}

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

// Y Yᵀ = K̃ at p = rank: the eigensolver's backward error, and the eigenvalues left out —
// they are the rounding of K̃ (at the scale of the uncentred K: one_pass(N, N·max|K|)).
template <class T>
kb::test::Bound<T> full_rank_bound(const Reference<T>& ref, const Matrix<T>& K) {
    return plus(kb::test::factorisation<T>(K.rows(), ref.norm), kb::test::one_pass<T>(K.rows(), centring_scale(K)));
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

//! [law-training]
TEST_CASE_TEMPLATE("transforming the training points reproduces the fitted scores [slides:score] [zhu:2.3.2]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_gaussian_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const auto ref = c.reference();
        const Eigen::Index p = any_well_posed_p(ref);
        kb::KernelPca<T> kp(c.k, c.X, p);
        // K̃ a_j = μ_j a_j up to the eigensolver's residual and the centring's rounding, divided by √μ_p.
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.transform(c.X) - kp.scores())), training_bound(ref, p, K),
                     "transform(X) = Y");
    });
}
//! [law-training]

TEST_CASE_TEMPLATE("uncentred kernel rows do not reproduce the training scores: they shift them [slides:center-test]",
                   T, KB_CH07_FIXED_TYPES) {
    const Matrix<T> X = fixed_X<T>();
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(2));
    const auto ref = reference_for<T>(kb::GaussianKernel<R>::from_zhu_sigma(R(2)), fixed_Xi(), 2);
    kb::KernelPca<T> kp(k, X, 2);
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
        const Matrix<T> K = kb::gram(c.k, c.X);
        const auto ref = c.reference();
        const Eigen::Index p = any_well_posed_p(ref);
        kb::KernelPca<T> kp(c.k, c.X, p);
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
    kb::KernelPca<T> kp(k, X, 2);
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

//! [law-explicit]
TEST_CASE_TEMPLATE("polynomial-kernel PCA equals PCA of the explicit features for training and new points "
                   "[zhu:2.3.1] [zhu:2.3.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const auto ref = c.reference();
        kb::KernelPca<T> kp(c.k, c.X, any_well_posed_p(ref));
        const kb::PolynomialFeatureMap<T> fm(c.k, static_cast<int>(c.X.cols()));
        check_equals_explicit_pca(kp, ref, fm.features(c.X), fm.features(c.Z), kp.transform(c.Z),
                                  stacked(K, Matrix<T>(kb::gram(c.k, c.Z, c.X))));
    });
}
//! [law-explicit]

//! [law-linear]
TEST_CASE_TEMPLATE("linear-kernel PCA equals ordinary PCA of the centred data [zhu:1.2.2] [zhu:ex7a]", T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(3, max_points<T>());
        const int q = *kb::test::size_in(1, 4);
        const IntMatrix Xi = *kb::test::points(N, q, 20);
        const Matrix<T> X = kb::from_integers<T>(Xi, 10);
        const Matrix<T> Z = kb::from_integers<T>(*kb::test::points(3, q, 30), 10);
        const kb::LinearKernel<T> k;
        const Matrix<T> K = kb::gram(k, X);
        const auto ref = reference_for<T>(kb::LinearKernel<R>{}, Xi, 10);
        kb::KernelPca<T> kp(k, X, any_well_posed_p(ref));
        check_equals_explicit_pca(kp, ref, X, Z, kp.transform(Z), stacked(K, Matrix<T>(kb::gram(k, Z, X))));
    });
}
//! [law-linear]

TEST_CASE_TEMPLATE("PCA comparisons catch the wrong score scaling and the missing centring [slides:norm]", T,
                   KB_CH07_FIXED_TYPES) {
    const Matrix<T> X = fixed_X<T>(), Z = fixed_Z<T>();
    const kb::LinearKernel<T> k;
    const auto ref = reference_for<T>(kb::LinearKernel<R>{}, fixed_Xi(), 2);
    kb::KernelPca<T> kp(k, X, 2);
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
    // The seeds' λ = μ/N in place of μ: scores u_j √λ_j are too short by √N.
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
        const Matrix<T> K = kb::gram(c.k, c.X);
        const auto ref = c.reference();
        const Eigen::Index p = any_well_posed_p(ref);
        kb::KernelPca<T> kp(c.k, c.X, p);
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

TEST_CASE_TEMPLATE("at full rank the training scores carry the whole centred kernel: Y Yt = K~ [zhu:2.3.2]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        const auto ref = c.reference();
        // The rank of K̃, exactly (rationals); its last eigenvalue must be resolvable in double.
        const Eigen::Index r = c.exact_rank();
        const bool resolvable = r >= 1 && ref.mu(r - 1) >= ref.floor; // (RC_PRE does not short-circuit)
        RC_PRE(resolvable);
        kb::KernelPca<T> kp(K, r);
        // Against the reference K̃ (real100, J K J): the eigensolver's backward error, and the
        // rounding of K and of its centring (one_pass(N, N·max|K|)).
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.scores() * kp.scores().transpose() - ref.Kc)), full_rank_bound(ref, K),
                     "Y Yᵀ = K̃ at p = rank");
    });
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
    kb::KernelPca<T> full(K, r), short_of(K, r - 1);
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
        kb::KernelPca<T> kp(K, *kb::test::size_in(1, static_cast<int>(resolved)));
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
    kb::KernelPca<T> kp(K, 5); // the exact rank of K̃ (see the companion above)
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

TEST_CASE_TEMPLATE("unnormalised projections violate Bessel's inequality [zhu:alg8]", T, KB_CH07_FIXED_TYPES) {
    // Companion: scores √μ_j·y_j (step (e) of Algorithm 8 with the centring fixed) are
    // longer than the vector they project whenever μ_j > 1.
    const Matrix<T> X = fixed_X<T>();
    const kb::PolynomialKernel<T> k(T(1), 2);
    const auto ref = reference_for<T>(kb::PolynomialKernel<R>(R(1), 2), fixed_Xi(), 2);
    REQUIRE(ref.mu(0) > 1);
    kb::KernelPca<T> kp(k, X, 3);
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
