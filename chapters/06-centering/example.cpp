/// \file example.cpp
/// \brief Chapter 6 program: centring a kernel matrix in the feature space, checked
///        against explicit feature vectors exactly (rational arithmetic) and, for the
///        Gaussian kernel that has no finite feature map, in 50-digit arithmetic.
#include "report.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

using Q = kb::rational;

namespace {

// The monomials m(z) − m̄ of Z, centred with the training mean m̄ of X.
Matrix<Q> centred_monomials(const kb::PolynomialFeatureMap<Q>& fm, const Matrix<Q>& Z, const Matrix<Q>& X) {
    const RowVector<Q> mean = fm.monomials(X).colwise().sum() / Q(X.rows());
    return fm.monomials(Z).rowwise() - mean;
}

void exact_part(kb::book::Report& report) {
    report.section("Centring with explicit features, exactly");
    report.precision<Q>();
    // Five training points and two new points in the plane, polynomial kernel (1 + xᵀy)².
    const Matrix<Q> X = kb::from_integers<Q>((IntMatrix(5, 2) << 0, 0, 2, 1, -1, 3, 4, -2, 1, 1).finished(), 2);
    const Matrix<Q> Z = kb::from_integers<Q>((IntMatrix(2, 2) << 3, 3, -2, 0).finished(), 2);
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    const kb::PolynomialFeatureMap<Q> fm(k, 2);
    const Eigen::Index N = X.rows();
    const Matrix<Q> K = kb::gram(k, X);
    report.say("training points x_i (rows):\n" + kb::book::matrix_to_string(X, 4) + "kernel " + k.describe() +
               "; K =\n" + kb::book::matrix_to_string(K, 6));

    // slides:center — the formula with 𝟙 the N×N matrix of ones.
    const Matrix<Q> O = Matrix<Q>::Ones(N, N);
    const Q n(N);
    const Matrix<Q> slides = K - O * K / n - K * O / n + O * K * O / (n * n);
    const Matrix<Q> J = kb::centering_matrix<Q>(N);
    const Matrix<Q> Kc = kb::double_center(K);
    report.say("K̃ =\n" + kb::book::matrix_to_string(Kc, 6));
    report.exact("slides:center", "K − (1/N)𝟙K − (1/N)K𝟙 + (1/N²)𝟙K𝟙 = JKJ", slides == Matrix<Q>(J * K * J));
    const Matrix<Q> Mx = centred_monomials(fm, X, X);
    const auto W = fm.weights().asDiagonal();
    report.exact("slides:center", "K̃ = Gram matrix of the centred features, (m(x_i) − m̄)ᵀ W (m(x_j) − m̄)",
                 Matrix<Q>(Mx * W * Mx.transpose()) == Kc);
    report.exact("slides:center", "K̃𝟏 = 0 and J K̃ J = K̃",
                 Vector<Q>(Kc * kb::ones<Q>(N)) == Vector<Q>::Zero(N) && kb::double_center(Kc) == Kc);
    report.exact("slides:center", "K̃ is PSD (exact LDLᵀ certificate)", kb::is_psd_exact(Kc));

    // slides:center-test — new points, centred with the training means.
    const Matrix<Q> Kz = kb::gram(k, Z, X);
    const Matrix<Q> Mz = centred_monomials(fm, Z, X);
    const Matrix<Q> truth = Mz * W * Mx.transpose();
    report.say("centred kernel rows k̃(z, x_i) of the new points:\n" +
               kb::book::matrix_to_string(Matrix<Q>(kb::center_test_kernel(Kz, K)), 6));
    report.exact("slides:center-test", "k̃(z, x_i) with the training means = ⟨φ(z) − φ̄, φ(x_i) − φ̄⟩",
                 kb::center_test_kernel(Kz, K) == truth);
    // The same rows centred with the new points' own means are wrong.
    const Q M(Kz.rows());
    Matrix<Q> own = Kz;
    own.colwise() -= Vector<Q>(Kz.rowwise().sum() / n);
    own.rowwise() -= RowVector<Q>(Kz.colwise().sum() / M);
    own.array() += Kz.sum() / (n * M);
    report.exact("slides:center-test", "centring with the new points' own means does NOT give them", own != truth);

    // beeny:4.1 — centred inputs, uncentred features.
    const Matrix<Q> Xc = kb::center_columns(X);
    const RowVector<Q> mean = fm.monomials(Xc).colwise().sum() / n;
    const Q norm2 = (mean * W * mean.transpose())(0, 0);
    report.say("after centring the inputs, the feature-space mean still has ‖φ̄‖² = " + kb::book::fmt(norm2) +
               " = (1/N²)𝟏ᵀK𝟏 = " + kb::book::fmt(kb::KernelCentering<Q>(kb::gram(k, Xc)).grand_mean()));
    report.exact("beeny:4.1", "a centred data set has uncentred features under (1 + xᵀy)²: ‖φ̄‖² > 0",
                 norm2 > 0 && norm2 == kb::KernelCentering<Q>(kb::gram(k, Xc)).grand_mean());
    const Matrix<Q> KL = Xc * Xc.transpose();
    report.exact("beeny:4.1", "for the linear kernel the features of centred data are centred: K̃ = K",
                 kb::double_center(KL) == KL);
}

void gaussian_part(kb::book::Report& report) {
    using T = kb::real50;
    report.section("The Gaussian kernel: no finite feature map, the same identities");
    report.precision<T>();
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(6, 2) << 0, 0, 2, 1, -1, 3, 4, -2, 1, 1, 3, 3).finished(), 2);
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(3) / T(2));
    const Matrix<T> K = kb::gram(k, X);
    const Matrix<T> Kc = kb::double_center(K);
    const Eigen::Index N = K.rows();
    report.say("kernel " + k.describe());
    const T bound = kb::book::rounding_bound<T>(N, T(N));
    report.agree<T>("slides:center", "K̃𝟏 = 0", T((Kc * kb::ones<T>(N)).norm()), bound);
    report.agree<T>("slides:center", "centring is idempotent, J K̃ J = K̃", T((kb::double_center(Kc) - Kc).norm()),
                    bound);
    const auto eig = kb::symmetric_eigen(Kc);
    report.say("eigenvalues of K̃: " + kb::book::matrix_to_string(Matrix<T>(eig.values.transpose()), 6, ""));
    using std::abs;
    using std::min;
    using std::sqrt;
    report.agree<T>("slides:center", "K̃ stays PSD: smallest eigenvalue ≥ 0 up to rounding (it is the 𝟏 direction)",
                    T(min(eig.values(N - 1), T(0)) * T(-1)), kb::book::rounding_bound<T>(N, T(N)));
    report.agree<T>("slides:center", "the eigenvector of the smallest eigenvalue is ±𝟏/√N",
                    T(abs(T(abs(eig.vectors.col(N - 1).sum())) - T(sqrt(T(N))))), bound);
}

} // namespace

int main() {
    kb::book::Report report("Chapter 6 — Centring in the feature space");
    exact_part(report);
    gaussian_part(report);
    return report.finish();
}
