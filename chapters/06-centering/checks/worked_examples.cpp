/// \file worked_examples.cpp
/// \brief Chapter 6's fixed numeric example: the chapter's small example (four points on the line
///        with the lift kernel x y + x²y², exact numbers) — the centred Gram matrix and the
///        centred row of a new point, from the kernel and from the explicit features.
#include "chapter_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"

//! [small-example]
TEST_CASE("the chapter's small example: x = -3 -1 1 3 with k = xy + x^2 y^2 give the grand mean 25, the centred "
          "Gram matrix of the features (x, x^2 - 5) and the centred row (-10 2 6 2) of z = 2 exactly") {
    using Q = kb::rational;
    // §6.2: four centred points on the line, k(x, y) = xy + x²y² (the lift kernel on the line,
    // φ(x) = (x, x²)), and a new point z = 2. Every number below is printed there.
    const Matrix<Q> X = kb::from_integers<Q>((IntMatrix(4, 1) << -3, -1, 1, 3).finished());
    const Matrix<Q> Z = kb::from_integers<Q>((IntMatrix(1, 1) << 2).finished());
    const kb::ParaboloidLiftKernel<Q> k;
    const Matrix<Q> K_text =
        kb::from_integers<Q>((IntMatrix(4, 4) << 90, 12, 6, 72, 12, 2, 0, 6, 6, 0, 2, 12, 72, 6, 12, 90).finished());
    const Matrix<Q> mean_text = kb::from_integers<Q>((IntMatrix(1, 4) << 45, 5, 5, 45).finished());
    const Q grand_mean_text(25);
    const Matrix<Q> Kc_text = kb::from_integers<Q>(
        (IntMatrix(4, 4) << 25, -13, -19, 7, -13, 17, 15, -19, -19, 15, 17, -13, 7, -19, -13, 25).finished());
    const Matrix<Q> phi_mean_text = kb::from_integers<Q>((IntMatrix(1, 2) << 0, 5).finished());
    const Matrix<Q> Phic_text = kb::from_integers<Q>((IntMatrix(4, 2) << -3, 4, -1, -4, 1, -4, 3, 4).finished());
    const Matrix<Q> Kz_text = kb::from_integers<Q>((IntMatrix(1, 4) << 30, 2, 6, 42).finished());
    const Q own_mean_text(20);
    const Matrix<Q> Kz_centred_text = kb::from_integers<Q>((IntMatrix(1, 4) << -10, 2, 6, 2).finished());
    const Matrix<Q> phiz_text = kb::from_integers<Q>((IntMatrix(1, 2) << 2, -1).finished());
    const Q kzz_text(20), kzz_centred_text(5);
    const Matrix<Q> no_grand_mean_text = kb::from_integers<Q>((IntMatrix(1, 4) << -35, -23, -19, -23).finished());

    // The kernel route: K, its column means and grand mean, K̃ = K − row mean − column mean
    // + grand mean = JKJ (the slides' formula).
    const Matrix<Q> K = kb::gram(k, X);
    CHECK(K == K_text);
    const kb::KernelCentering<Q> centring(K);
    CHECK(Matrix<Q>(centring.column_mean()) == mean_text);
    CHECK(centring.grand_mean() == grand_mean_text);
    const Matrix<Q> Kc = kb::double_center(K);
    CHECK(Kc == Kc_text);
    const Matrix<Q> J = kb::centering_matrix<Q>(4);
    CHECK(Matrix<Q>(J * K * J) == Kc_text);
    CHECK(Vector<Q>(Kc * kb::ones<Q>(4)) == Vector<Q>::Zero(4)); // rows sum to zero
    // The feature route (for checking only): the data are centred, the features are not —
    // their mean is (0, 5), ‖φ̄‖² = 25 is the grand mean, and the centred features
    // (x, x² − 5) have the Gram matrix K̃.
    const Matrix<Q> Phi = kb::paraboloid_lift(X);
    CHECK(Matrix<Q>(kb::column_means(X)) == Matrix<Q>::Zero(1, 1));
    CHECK(Matrix<Q>(kb::column_means(Phi)) == phi_mean_text);
    CHECK(phi_mean_text.squaredNorm() == grand_mean_text);
    const Matrix<Q> Phic = kb::center_columns(Phi);
    CHECK(Phic == Phic_text);
    CHECK(Matrix<Q>(Phic * Phic.transpose()) == Kc_text);
    // The new point z = 2: its kernel row, centred with the training statistics, is the row of
    // inner products of φ̃(z) = φ(z) − φ̄ = (2, −1) with the centred features; it sums to 0.
    const Matrix<Q> Kz = kb::gram(k, Z, X);
    CHECK(Kz == Kz_text);
    CHECK(Q(Kz.sum() / Q(4)) == own_mean_text);
    const Matrix<Q> Kz_centred = centring.transform(Kz);
    CHECK(Kz_centred == Kz_centred_text);
    CHECK(kb::center_test_kernel(Kz, K) == Kz_centred_text);
    CHECK(Kz_centred.sum() == Q(0));
    const Matrix<Q> phiz = kb::paraboloid_lift(Z) - phi_mean_text;
    CHECK(phiz == phiz_text);
    CHECK(Matrix<Q>(phiz * Phic.transpose()) == Kz_centred_text);
    // Its centred self-similarity k(z, z) − (2/N)Σᵢ k(z, xᵢ) + ‖φ̄‖² = 20 − 40 + 25 = ‖φ̃(z)‖² = 5.
    const Vector<Q> kzz = (Vector<Q>(1) << k(Z.row(0), Z.row(0))).finished();
    CHECK(kzz(0) == kzz_text);
    CHECK(centring.transform_diagonal(kzz, Kz)(0) == kzz_centred_text);
    CHECK(phiz.squaredNorm() == kzz_centred_text);
    // Without the grand-mean term the row is wrong and does not sum to zero.
    const Matrix<Q> no_grand_mean = Kz_centred.array() - grand_mean_text;
    CHECK(no_grand_mean == no_grand_mean_text);
    CHECK(no_grand_mean.sum() != Q(0));
}
//! [small-example]
