/// \file laws.cpp
/// \brief Chapter 6's laws in every floating type, as properties over random inputs: double
///        centring and the centring of new points agree with explicit centred features to
///        rounding (`slides:center`, `slides:center-test`), with the companion of the first.
///        The laws that the exercises run as well are written once, in laws.hpp.
#include "../laws.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/exact_psd.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"

#include <utility>

using namespace kb::test::ch06;
using Q = kb::rational;

TEST_CASE_TEMPLATE("double centring equals the Gram matrix of the centred features phi(x) - mean to rounding "
                   "[slides:center]",
                   T, KB_REALS) {
    double_centring_law<T>(library_double_center);
}

//! [ch06-grand-mean-companion]
TEST_CASE_TEMPLATE("omitting the grand-mean term or dividing by N - 1 is far outside the rounding bound "
                   "[slides:center]",
                   T, KB_REALS) {
    // The failing companion of the property above, in the same floating types.
    const Matrix<T> X = kb::convert_matrix<T>(fixed_training());
    const kb::PolynomialKernel<T> k(T(1), 2);
    const kb::PolynomialFeatureMap<T> fm(k, 2);
    const Matrix<T> Phi = fm.features(X);
    const Matrix<T> Phic = Phi.rowwise() - Phi.colwise().sum() / T(X.rows());
    const Matrix<T> K = kb::gram(k, X);
    const Matrix<T> truth = Phic * Phic.transpose();
    const auto bound = kb::test::one_pass<T>(X.rows() * fm.dimension(), T(Phi.rowwise().squaredNorm().maxCoeff()));
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(kb::double_center(K) - truth)), bound, "K̃ = Φ̃Φ̃ᵀ");
    const T N(K.rows());
    const Matrix<T> no_grand_mean = kb::double_center(K).array() - K.sum() / (N * N);
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(no_grand_mean - truth)), bound, "without (1/N²)𝟙K𝟙");
    const Matrix<T> Jwrong =
        Matrix<T>::Identity(K.rows(), K.rows()) - Matrix<T>::Constant(K.rows(), K.rows(), T(1) / (N - 1));
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(Jwrong * K * Jwrong - truth)), bound, "1/(N − 1)");
}
//! [ch06-grand-mean-companion]

TEST_CASE_TEMPLATE("centring new points with the training means agrees with explicit features to rounding "
                   "[slides:center-test]",
                   T, KB_REALS) {
    test_row_centring_law<T>(library_center_test_kernel);
}

// KernelCentering::transform takes Kz by value: a caller's matrix is copied and left as it was,
// a moved one is centred in place. Both give the same numbers, bit for bit, and the kernel PCA
// built on it (transform_gram) likewise.
TEST_CASE_TEMPLATE("centring new points in place (a moved Kz) gives the same numbers as centring a copy - bit for "
                   "bit - and leaves the caller's Kz unchanged [slides:center-test]",
                   T, KB_REALS) {
    const Matrix<T> X = kb::convert_matrix<T>(fixed_training());
    const kb::GaussianKernel<T> k(T(1) / T(2));
    const kb::KernelCentering<T> c(kb::gram(k, X));
    const Matrix<T> Z = X.topRows(3) * T(3) / T(4);
    const Matrix<T> Kz = kb::gram(k, Z, X), before = Kz;
    const Matrix<T> from_copy = c.transform(Kz);
    CHECK(Kz == before);
    Matrix<T> scratch = Kz;
    const Matrix<T> in_place = c.transform(std::move(scratch));
    CHECK(in_place == from_copy);
    CHECK(from_copy != Kz); // centring changed something: the comparisons above are not vacuous
    const kb::KernelPca<T> kp(kb::gram(k, X), {.components = 2});
    const Matrix<T> scores = kp.transform_gram(Kz);
    CHECK(Kz == before);
    CHECK(kp.transform_gram(Matrix<T>(Kz)) == scores);
}
