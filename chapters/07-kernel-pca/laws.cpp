/// \file laws.cpp
/// \brief Chapter 7: the laws kernel PCA must obey, as properties in double, real50 and
///        real100, each with a companion showing that the check catches a wrong formula.
#include "kpca_test_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/spectral.hpp"

using namespace kb::detail::ch07;
using std::abs;
using std::sqrt;

namespace {

// Gaussian kernel exp(−γ‖x − y‖²) with γ = g/4, g ∈ [1, 8], on distinct points.
template <class T>
struct GaussianCase {
    Matrix<T> X, Z;
    kb::GaussianKernel<T> k;
};

template <class T>
GaussianCase<T> any_gaussian_case(int max_points) {
    const int N = *kb::test::size_in(3, max_points);
    const int q = *kb::test::size_in(1, 3);
    const int M = *kb::test::size_in(2, 4);
    return {kb::from_integers<T>(*kb::test::distinct_points(N, q, 10), 5),
            kb::from_integers<T>(*kb::test::points(M, q, 15), 5),
            kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*kb::test::int_in(1, 8), 4))};
}

template <class T>
int max_points() {
    return std::is_same_v<T, double> ? 12 : 8;
}

// A fixed data set for the companions: 6 points in the plane, 2 new points.
template <class T>
Matrix<T> fixed_X() {
    return kb::from_integers<T>((IntMatrix(6, 2) << 0, 0, 2, 1, -1, 3, 4, -2, 1, 1, 3, 3).finished(), 2);
}
template <class T>
Matrix<T> fixed_Z() {
    return kb::from_integers<T>((IntMatrix(2, 2) << 1, -3, -2, 2).finished(), 2);
}

} // namespace

//! [law-training]
TEST_CASE_TEMPLATE("transforming the training points reproduces the fitted scores [slides:score] [zhu:2.3.2]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_gaussian_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        kb::KernelPca<T> kp(any_well_posed_p(K));
        kp.fit(c.k, c.X);
        // K̃ a_j = μ_j a_j up to the eigensolver's residual, divided by √μ_j.
        const T nK = kp.centred_gram().norm();
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.transform(c.X) - kp.scores())),
                     kb::test::factorisation<T>(c.X.rows(), T(nK / sqrt(kp.eigenvalues()(kp.components() - 1)))),
                     "transform(X) = Y");
    });
}
//! [law-training]

TEST_CASE_TEMPLATE("uncentred kernel rows do not reproduce the training scores: they shift them [slides:center-test]",
                   T, KB_CH07_FIXED_TYPES) {
    const Matrix<T> X = fixed_X<T>();
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(2));
    kb::KernelPca<T> kp(2);
    kp.fit(k, X);
    const Matrix<T> K = kb::gram(k, X);
    const auto bound = kb::test::factorisation<T>(X.rows(), T(kp.centred_gram().norm() / sqrt(kp.eigenvalues()(1))));
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(kp.transform(X) - kp.scores())), bound, "transform(X) = Y");
    // Without centring: K A = K̃ A + 𝟙 (k̄ A), a shift by the training column means k̄.
    const Matrix<T> uncentred = K * kp.coefficients();
    CHECK_FALSE(kb::test::within(kb::max_abs(Matrix<T>(uncentred - kp.scores())), bound, "K A = Y").ok);
    const RowVector<T> shift = kp.centring().column_mean * kp.coefficients();
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>((uncentred - kp.scores()).rowwise() - shift)), bound,
                    "K A − Y = 𝟙 k̄ A");
}

//! [law-rowwise]
TEST_CASE_TEMPLATE("transform is row-wise: points one by one give the same scores as together [slides:center-test]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_gaussian_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        kb::KernelPca<T> kp(any_well_posed_p(K));
        kp.fit(c.k, c.X);
        const Matrix<T> together = kp.transform(c.Z);
        Matrix<T> one_by_one(c.Z.rows(), kp.components());
        for (Eigen::Index m = 0; m < c.Z.rows(); ++m) one_by_one.row(m) = kp.transform(Matrix<T>(c.Z.row(m)));
        // Only the order of the sums may differ: one pass over N terms of size |k̃|·|a|.
        const T scale = T(c.X.rows()) * T(4) * kb::max_abs(kp.coefficients());
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(together - one_by_one)), kb::test::one_pass<T>(c.X.rows(), scale),
                     "row-wise transform");
    });
}
//! [law-rowwise]

TEST_CASE_TEMPLATE("centring new points with their own batch means is not row-wise [slides:center-test]", T,
                   KB_CH07_FIXED_TYPES) {
    // The companion: with the batch's own column means a point's scores depend on which
    // other points came with it (a single point is even mapped to 0).
    const Matrix<T> X = fixed_X<T>(), Z = fixed_Z<T>();
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(2));
    kb::KernelPca<T> kp(2);
    kp.fit(k, X);
    auto batch_centred = [&](const Matrix<T>& Zb) {
        const Matrix<T> Kz = kb::gram(k, Zb, X);
        const T N(X.rows()), M(Zb.rows());
        Matrix<T> c = Kz;
        c.colwise() -= Vector<T>(Kz.rowwise().sum() / N);
        c.rowwise() -= RowVector<T>(Kz.colwise().sum() / M);
        c.array() += Kz.sum() / (N * M);
        return Matrix<T>(c * kp.coefficients());
    };
    const auto bound = kb::test::one_pass<T>(X.rows(), T(X.rows()) * T(4) * kb::max_abs(kp.coefficients()));
    const Matrix<T> together = batch_centred(Z);
    const Matrix<T> first_alone = batch_centred(Matrix<T>(Z.row(0)));
    CHECK_FALSE(kb::test::within(kb::max_abs(Matrix<T>(together.row(0) - first_alone)), bound, "batch means").ok);
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
        kb::KernelPca<T> kp(any_well_posed_p(K));
        kp.fit(c.k, c.X);
        const kb::PolynomialFeatureMap<T> fm(c.k, static_cast<int>(c.X.cols()));
        check_equals_explicit_pca(kp, fm.features(c.X), fm.features(c.Z), kp.transform(c.Z));
    });
}
//! [law-explicit]

//! [law-linear]
TEST_CASE_TEMPLATE("linear-kernel PCA equals ordinary PCA of the centred data [zhu:1.2.2] [zhu:ex7a]", T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(3, max_points<T>());
        const int q = *kb::test::size_in(1, 4);
        const Matrix<T> X = kb::from_integers<T>(*kb::test::points(N, q, 20), 10);
        const Matrix<T> Z = kb::from_integers<T>(*kb::test::points(3, q, 30), 10);
        const kb::LinearKernel<T> k;
        kb::KernelPca<T> kp(any_well_posed_p(Matrix<T>(kb::gram(k, X))));
        kp.fit(k, X);
        check_equals_explicit_pca(kp, X, Z, kp.transform(Z));
    });
}
//! [law-linear]

TEST_CASE_TEMPLATE("PCA comparisons catch the wrong score scaling and the missing centring [slides:norm]", T,
                   KB_CH07_FIXED_TYPES) {
    const Matrix<T> X = fixed_X<T>(), Z = fixed_Z<T>();
    const kb::LinearKernel<T> k;
    kb::KernelPca<T> kp(2);
    kp.fit(k, X);
    const Matrix<T> Xc = kb::center_columns(X), Zc = Z.rowwise() - kb::column_means(X);
    const auto svd = kb::thin_svd(Xc);
    const Matrix<T> S = Xc * svd.V, Sz = Zc * svd.V;
    const T nK = kp.centred_gram().norm();
    const auto bound = kb::test::subspace<T>(X.rows(), nK * nK, gap_after(kp));
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(kp.scores() * kp.scores().transpose() - S * S.transpose())), bound,
                    "Y Yᵀ = S Sᵀ");
    // Scores u_j·μ_j (Zhu's step (e) on training points, after centring) are too long by √μ_j.
    const Matrix<T> unnormalised = kp.centred_gram() * kp.eigenvectors();
    CHECK_FALSE(kb::test::within(kb::max_abs(Matrix<T>(unnormalised * unnormalised.transpose() - S * S.transpose())),
                                 bound, "unnormalised scores")
                    .ok);
    // The seeds' λ = μ/N in place of μ: scores u_j √λ_j are too short by √N.
    const Matrix<T> with_lambda = kp.eigenvectors() * kp.feature_variances().cwiseSqrt().asDiagonal();
    CHECK_FALSE(kb::test::within(kb::max_abs(Matrix<T>(with_lambda * with_lambda.transpose() - S * S.transpose())),
                                 bound, "scores with λ").ok);
    // New points without centring: k(z, x_i) = zᵀx_i instead of (z − x̄)ᵀ(x_i − x̄).
    const Matrix<T> uncentred = kb::gram(k, Z, X) * kp.coefficients();
    CHECK_FALSE(kb::test::within(kb::max_abs(Matrix<T>(uncentred * kp.scores().transpose() - Sz * S.transpose())),
                                 bound, "uncentred new points").ok);
}

//! [law-bessel]
TEST_CASE_TEMPLATE("scores never exceed the centred feature norm and use all of it at full rank [zhu:2.3.2]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        kb::KernelPca<T> kp(any_well_posed_p(K));
        kp.fit(c.k, c.X);
        // Bessel: Σ_j y_j(z)² = ‖P φ̃(z)‖² ≤ ‖φ̃(z)‖² = k̃(z, z).
        Vector<T> kzz(c.Z.rows());
        for (Eigen::Index m = 0; m < c.Z.rows(); ++m) kzz(m) = c.k(c.Z.row(m), c.Z.row(m));
        const Matrix<T> Kz = kb::gram(c.k, c.Z, c.X);
        const Vector<T> norm2 = kp.centring().center_diagonal(kzz, Kz);
        const Vector<T> captured = kp.transform(c.Z).rowwise().squaredNorm();
        const T nK = kp.centred_gram().norm();
        const T kz2 = kp.centring().center_rows(Kz).squaredNorm();
        const T excess = (captured - norm2).maxCoeff();
        KB_RC_WITHIN(T(excess > 0 ? excess : T(0)),
                     kb::test::subspace<T>(c.X.rows(), T(kz2 * nK / kp.eigenvalues()(kp.components() - 1) + norm2.sum()),
                                           gap_after(kp)),
                     "Σ_j y_j(z)² ≤ k̃(z, z)");
    });
}
//! [law-bessel]

TEST_CASE_TEMPLATE("at full rank the training scores carry the whole centred kernel: Y Yt = K~ [zhu:2.3.2]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(max_points<T>());
        const Matrix<T> K = kb::gram(c.k, c.X);
        kb::KernelPca<T> probe(1);
        try {
            probe.fit_gram(K);
        } catch (const kb::error&) {
            RC_DISCARD("K̃ = 0");
        }
        kb::KernelPca<T> kp(probe.rank());
        kp.fit_gram(K);
        const T nK = kp.centred_gram().norm();
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.scores() * kp.scores().transpose() - kp.centred_gram())),
                     kb::test::factorisation<T>(K.rows(), nK), "Y Yᵀ = K̃ at p = rank");
    });
}

TEST_CASE_TEMPLATE("unnormalised projections violate Bessel's inequality [zhu:alg8]", T, KB_CH07_FIXED_TYPES) {
    // Companion: scores √μ_j·y_j (step (e) of Algorithm 8 with the centring fixed) are
    // longer than the vector they project whenever μ_j > 1.
    const Matrix<T> X = fixed_X<T>();
    const kb::PolynomialKernel<T> k(T(1), 2);
    kb::KernelPca<T> kp(3);
    kp.fit(k, X);
    REQUIRE(kp.eigenvalues()(0) > 1);
    const Matrix<T> unnormalised = kp.centred_gram() * kp.eigenvectors(); // = Y diag(√μ)
    const Vector<T> captured = unnormalised.rowwise().squaredNorm();
    const Vector<T> norm2 = kp.centred_gram().diagonal();
    const auto bound = kb::test::factorisation<T>(X.rows(), kp.centred_gram().norm());
    CHECK_FALSE(kb::test::within(T((captured - norm2).maxCoeff()), bound, "Σ μ_j y_j² ≤ k̃(x, x)").ok);
    KB_CHECK_WITHIN(T((kp.scores().rowwise().squaredNorm() - norm2).maxCoeff() > 0
                          ? T((kp.scores().rowwise().squaredNorm() - norm2).maxCoeff())
                          : T(0)),
                    bound, "Σ y_j² ≤ k̃(x, x)");
}
