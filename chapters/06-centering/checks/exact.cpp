/// \file exact.cpp
/// \brief Chapter 6's statements in exact rational arithmetic: the slides' centring formula,
///        JKJ and the centred explicit features agree exactly, for training rows and new rows;
///        centring keeps a kernel PSD (exact certificates); each with its companion.
#include "chapter_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/exact_psd.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"

using namespace kb::test::ch06;
using Q = kb::rational;

namespace {

//! [slides-literal]
// The slides' formula read literally, with 𝟙 the N×N matrix of ones:
// K̃ = K − (1/N)𝟙K − (1/N)K𝟙 + (1/N²)𝟙K𝟙.
template <class T>
Matrix<T> slides_centring(const Matrix<T>& K) {
    const Eigen::Index N = K.rows();
    const Matrix<T> O = Matrix<T>::Ones(N, N);
    const T n(N);
    return K - O * K / n - K * O / n + O * K * O / (n * n);
}
//! [slides-literal]

// The monomials m(z) − m̄ of the rows of Z, centred with the *training* mean m̄ of X.
template <class T>
Matrix<T> centred_monomials(const kb::PolynomialFeatureMap<T>& fm, const Matrix<T>& Z, const Matrix<T>& X) {
    const RowVector<T> mean = fm.monomials(X).colwise().sum() / T(X.rows());
    return fm.monomials(Z).rowwise() - mean;
}

// The Gram matrix ⟨φ̃(z_m), φ̃(x_i)⟩ = m̃(z)ᵀ W m̃(x) of centred explicit features.
template <class T>
Matrix<T> centred_feature_gram(const kb::PolynomialFeatureMap<T>& fm, const Matrix<T>& Z, const Matrix<T>& X) {
    return centred_monomials(fm, Z, X) * fm.weights().asDiagonal() * centred_monomials(fm, X, X).transpose();
}

// Centring test rows with the TEST points' own column means and grand mean: the classic
// mistake (it makes a new point's score depend on the batch it arrives in).
template <class T>
Matrix<T> centred_with_own_means(const Matrix<T>& Kz) {
    const T N(Kz.cols()), M(Kz.rows());
    const Vector<T> row_mean = Kz.rowwise().sum() / N;
    const RowVector<T> col_mean = Kz.colwise().sum() / M;
    Matrix<T> out = Kz;
    out.colwise() -= row_mean;
    out.rowwise() -= col_mean;
    out.array() += Kz.sum() / (N * M);
    return out;
}

// Two new points (rational), used by the companion of the test rows.
Matrix<Q> fixed_test() { return kb::from_integers<Q>((IntMatrix(2, 2) << 3, 3, -2, 0).finished(), 2); }

} // namespace

//! [exact-centring]
TEST_CASE("the slides' centring formula equals JKJ and the Gram matrix of the centred explicit features exactly "
          "[slides:center] [beeny:4.1]") {
    kb::test::property<Q>([] {
        const auto [N, q, X, k, fm] = any_feature_case<Q>(7, 6, 3);
        const Matrix<Q> K = kb::gram(k, X);
        const Matrix<Q> J = kb::centering_matrix<Q>(N);
        const Matrix<Q> Kc = kb::double_center(K);
        RC_ASSERT(slides_centring(K) == Kc);
        RC_ASSERT(Matrix<Q>(J * K * J) == Kc);
        RC_ASSERT(centred_feature_gram(fm, X, X) == Kc);
    });
}
//! [exact-centring]

//! [exact-test-rows]
TEST_CASE("centring new points with the training means gives the centred explicit features exactly "
          "[slides:center-test]") {
    kb::test::property<Q>([] {
        const auto [N, M, q, X, Z, k, fm] = any_test_rows_case<Q>(7, 6, 9, 3);
        const Matrix<Q> Kz = kb::gram(k, Z, X); // k(z_m, x_i)
        const Matrix<Q> centred = kb::center_test_kernel(Kz, kb::gram(k, X));
        RC_ASSERT(centred == centred_feature_gram(fm, Z, X));
        // Σ_i k̃(z, x_i) = ⟨φ̃(z), Σ_i φ̃(x_i)⟩ = 0: new rows sum to zero too.
        RC_ASSERT(Vector<Q>(centred * kb::ones<Q>(N)) == Vector<Q>::Zero(M));
    });
}
//! [exact-test-rows]

//! [test-row-mistakes]
TEST_CASE("centring test rows with the test points' own means or a wrong grand mean is caught by explicit features "
          "[slides:center-test]") {
    const Matrix<Q> X = fixed_training(), Z = fixed_test();
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    const kb::PolynomialFeatureMap<Q> fm(k, 2);
    const Matrix<Q> K = kb::gram(k, X), Kz = kb::gram(k, Z, X);
    const Matrix<Q> truth = centred_feature_gram(fm, Z, X);
    REQUIRE(kb::center_test_kernel(Kz, K) == truth);
    // (a) the test batch's own column means and grand mean instead of the training ones;
    CHECK(centred_with_own_means(Kz) != truth);
    // (b) the grand-mean term (1/N²) Σ K omitted;
    const Q N(K.rows()), M(Kz.rows());
    CHECK(Matrix<Q>(kb::center_test_kernel(Kz, K).array() - K.sum() / (N * N)) != truth);
    // (c) the grand mean divided by N·M (M = number of new points) instead of N²: right
    //     only when M = N.
    CHECK(Matrix<Q>(kb::center_test_kernel(Kz, K).array() - K.sum() / (N * N) + K.sum() / (N * M)) != truth);
    // (d) the distance to the mean with 1/N instead of 2/N in k(z,z) − (2/N)Σ_i k(z,x_i) + ‖φ̄‖².
    Vector<Q> kzz(Z.rows());
    for (Eigen::Index m = 0; m < Z.rows(); ++m) kzz(m) = k(Z.row(m), Z.row(m));
    const Matrix<Q> Mz = centred_monomials(fm, Z, X);
    const Vector<Q> d2 = (Mz * fm.weights().asDiagonal() * Mz.transpose()).diagonal();
    const auto c = kb::KernelCentering<Q>(K);
    CHECK(c.transform_diagonal(kzz, Kz) == d2);
    CHECK(Vector<Q>(c.transform_diagonal(kzz, Kz) + Vector<Q>(Kz.rowwise().sum() / N)) != d2);
    // On the training points themselves the own-means mistake is invisible — which is why
    // it must be tested on new points.
    CHECK(centred_with_own_means(K) == kb::double_center(K));
}
//! [test-row-mistakes]

//! [ch06-properties]
TEST_CASE("centred rows sum to zero and centring is idempotent exactly for any square K and any rows "
          "[slides:center]") {
    kb::test::property<Q>([] {
        const int N = *kb::test::size_in(2, 8);
        const int M = *kb::test::size_in(1, 4);
        const Matrix<Q> B = kb::from_integers<Q>(*kb::test::int_matrix(N, N, -9, 9), 4);
        const Matrix<Q> K = (B + B.transpose()) / Q(2);
        const Matrix<Q> Kz = kb::from_integers<Q>(*kb::test::int_matrix(M, N, -9, 9), 4);
        const Matrix<Q> Kc = kb::double_center(K);
        RC_ASSERT(Vector<Q>(Kc * kb::ones<Q>(N)) == Vector<Q>::Zero(N));            // K̃𝟏 = 0
        RC_ASSERT(RowVector<Q>(kb::ones<Q>(N).transpose() * Kc) == RowVector<Q>::Zero(N)); // 𝟏ᵀK̃ = 0
        RC_ASSERT(kb::double_center(Kc) == Kc);                                       // J(JKJ)J = JKJ
        RC_ASSERT(Vector<Q>(kb::center_test_kernel(Kz, K) * kb::ones<Q>(N)) == Vector<Q>::Zero(M));
        // Centring new rows against an already-centred K changes nothing more.
        const Matrix<Q> once = kb::center_test_kernel(Kz, K);
        RC_ASSERT(kb::center_test_kernel(once, Kc) == once);
    });
}
//! [ch06-properties]

//! [ch06-psd]
TEST_CASE("the centred Gram matrix of a kernel stays PSD: exact LDLT certificate [slides:center] [beeny:4.1]") {
    kb::test::property<Q>([] {
        const auto [N, q, X, k, fm] = any_feature_case<Q>(8, 6, 3);
        // xᵀ J K J x = (Jx)ᵀ K (Jx) ≥ 0: centring keeps a PSD matrix PSD.
        RC_ASSERT(kb::is_psd_exact(kb::gram(k, X)));
        RC_ASSERT(kb::is_psd_exact(kb::double_center(kb::gram(k, X))));
    }, 25);
}
//! [ch06-psd]

TEST_CASE("centring does not make squared distances a kernel but -1/2 J D2 J is PSD: certificates [zhu:2.2.2]") {
    // The companion of the PSD property: the certificate refutes a non-kernel.
    const Matrix<Q> X = fixed_training();
    const Eigen::Index N = X.rows();
    Matrix<Q> D2(N, N);
    for (Eigen::Index i = 0; i < N; ++i)
        for (Eigen::Index j = 0; j < N; ++j) D2(i, j) = (X.row(i) - X.row(j)).squaredNorm();
    CHECK_FALSE(kb::is_psd_exact(D2));
    CHECK_FALSE(kb::is_psd_exact(kb::double_center(D2)));
    const Matrix<Q> B = kb::double_center(D2) / Q(-2);
    CHECK(kb::is_psd_exact(B));
    // and −½ J D² J is the centred linear kernel (chapter 2).
    CHECK(B == kb::double_center(Matrix<Q>(X * X.transpose())));
}

TEST_CASE("the exact PSD certificate accepts a rank-deficient PSD Gram matrix whatever the pivot order "
          "[slides:center]") {
    // Regression: K = 𝟙𝟙ᵀ + xxᵀ with x = (0, 1, 0, 1) is PSD of rank 2; an LDLᵀ that picks
    // its pivots from the un-updated diagonal meets the zero pivot first and says "no".
    Matrix<Q> K(4, 4);
    K << 1, 1, 1, 1, 1, 2, 1, 2, 1, 1, 1, 1, 1, 2, 1, 2;
    CHECK(kb::is_psd_exact(K));
    CHECK(kb::is_psd_exact(kb::double_center(K)));
    K(0, 0) = Q(99, 100); // now the leading 2×2 minor 0.99·1 − 1 < 0
    CHECK_FALSE(kb::is_psd_exact(K));
}

//! [linear-centred]
TEST_CASE("the centred linear kernel is the Gram matrix of the centred data exactly [beeny:4.1]") {
    kb::test::property<Q>([] {
        const int N = *kb::test::size_in(2, 8);
        const int q = *kb::test::size_in(1, 4);
        const Matrix<Q> X = kb::from_integers<Q>(*kb::test::points(N, q, 20), 7);
        const Matrix<Q> K = kb::gram(kb::LinearKernel<Q>{}, X);
        const Matrix<Q> Xc = kb::center_columns(X);
        RC_ASSERT(kb::double_center(K) == Matrix<Q>(Xc * Xc.transpose()));
    });
}
//! [linear-centred]

TEST_CASE("the Gram matrix of uncentred data is not the centred kernel unless the data are centred [beeny:4.1]") {
    // Companion: forgetting to centre is visible exactly.
    const Matrix<Q> X = fixed_training();
    const Matrix<Q> K = X * X.transpose();
    CHECK(kb::double_center(K) != K);
    const Matrix<Q> Xc = kb::center_columns(X);
    CHECK(kb::double_center(Matrix<Q>(Xc * Xc.transpose())) == Matrix<Q>(Xc * Xc.transpose()));
}

//! [centred-inputs]
TEST_CASE("centred inputs give centred features for the linear kernel but not for a polynomial kernel "
          "[beeny:4.1]") {
    kb::test::property<Q>([] {
        const int N = *kb::test::size_in(2, 7);
        const int q = *kb::test::size_in(1, 3);
        const Matrix<Q> X = kb::center_columns(Matrix<Q>(kb::from_integers<Q>(*kb::test::points(N, q, 6), 3)));
        RC_PRE(X != Matrix<Q>::Zero(N, q));
        // Linear kernel: the feature map is the identity, so the features are centred: K̃ = K.
        const Matrix<Q> K1 = kb::gram(kb::LinearKernel<Q>{}, X);
        RC_ASSERT(kb::double_center(K1) == K1);
        // (c + xᵀy)^d with c ≥ 1 and d ≥ 2: the monomial x_i² has weight > 0 and a positive
        // mean, so φ̄ ≠ 0 and K̃ ≠ K. (With c = 0 and d odd only odd monomials remain, and
        // for symmetric data their mean can vanish: "not guaranteed", not "never".)
        const int d = *kb::test::size_in(2, 3);
        const kb::PolynomialKernel<Q> k(Q(*kb::test::int_in(1, 2)), d);
        const kb::PolynomialFeatureMap<Q> fm(k, q);
        const RowVector<Q> mean = fm.monomials(X).colwise().sum() / Q(N);
        const Q mean_norm2 = (mean * fm.weights().asDiagonal() * mean.transpose())(0, 0); // ‖φ̄‖²
        RC_ASSERT(mean_norm2 > 0);
        const Matrix<Q> K = kb::gram(k, X);
        RC_ASSERT(kb::double_center(K) != K);
        RC_ASSERT(kb::KernelCentering<Q>(K).grand_mean() == mean_norm2); // (1/N²)𝟏ᵀK𝟏 = ‖φ̄‖²
    });
}
//! [centred-inputs]

//! [ch06-self-similarity]
TEST_CASE("the centred self-similarity is the squared feature-space distance to the training mean exactly "
          "[slides:center-test]") {
    kb::test::property<Q>([] {
        const auto [N, M, q, X, Z, k, fm] = any_test_rows_case<Q>(7, 6, 9, 3);
        Vector<Q> kzz(M);
        for (int m = 0; m < M; ++m) kzz(m) = k(Z.row(m), Z.row(m));
        const auto c = kb::KernelCentering<Q>(kb::gram(k, X));
        const Vector<Q> d2 = c.transform_diagonal(kzz, kb::gram(k, Z, X));
        const Matrix<Q> Mz = centred_monomials(fm, Z, X);
        RC_ASSERT(d2 == Vector<Q>((Mz * fm.weights().asDiagonal() * Mz.transpose()).diagonal()));
        // It is the diagonal of the centred test-test kernel, built here from kernel values only,
        // k̃(z, z') = k(z, z') − r(z) − r(z') + k̄ (r = row means of Kz, k̄ = mean of K), which is
        // the Gram matrix of the centred features m̃(z)ᵀWm̃(z') and so PSD (exact certificate).
        const Matrix<Q> Kzz = kb::gram(k, Z), Kz = kb::gram(k, Z, X), K = kb::gram(k, X);
        const Vector<Q> r = Kz.rowwise().sum() / Q(N);
        Matrix<Q> Ktt = Kzz;
        Ktt.colwise() -= r;
        Ktt.rowwise() -= r.transpose();
        Ktt.array() += K.sum() / Q(N * N);
        RC_ASSERT(Ktt == Matrix<Q>(Mz * fm.weights().asDiagonal() * Mz.transpose()));
        RC_ASSERT(Vector<Q>(Ktt.diagonal()) == d2);
        RC_ASSERT(kb::is_psd_exact(Ktt));
    });
}
//! [ch06-self-similarity]
