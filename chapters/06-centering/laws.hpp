#pragma once
/// \file 06-centering/laws.hpp
/// \brief The laws of chapter 6 that are written once for any implementation: laws.cpp
///        runs them on the library's functions, and the chapter's exercises
///        (exercises/check.cpp) on the student's. The random cases they draw are in
///        chapter_support.hpp.
#include "checks/chapter_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"

namespace kb::test::ch06 {

/// \name The implementations the laws run on
/// Each law takes the function it checks as an argument, with the library's signature.
/// These are the library's own; exercises/check.cpp passes the student's.
///@{
/// \f$\Kc = JKJ\f$ of a square matrix (`kb::double_center`).
inline constexpr auto library_double_center = [](const auto& K) { return kb::double_center(K); };
/// The kernel rows Kz (M×N) of new points centred with the statistics of the training Gram
/// matrix K (`kb::center_test_kernel`).
inline constexpr auto library_center_test_kernel = [](const auto& Kz, const auto& K) {
    return kb::center_test_kernel(Kz, K);
};
///@}

/// slides:center: double centring of the Gram matrix K of a polynomial kernel is the Gram
/// matrix Φ̃Φ̃ᵀ of the explicit features centred by their mean, to one pass of rounding.
template <class T, class DoubleCenter>
void double_centring_law(DoubleCenter double_center) {
    kb::test::property<T>([&] {
        const auto [N, q, X, k, fm] = any_feature_case<T>(9, 10, 10);
        const Matrix<T> Phi = fm.features(X);
        const Matrix<T> Phic = Phi.rowwise() - Phi.colwise().sum() / T(N);
        const Matrix<T> K = kb::gram(k, X);
        kb::test::show("the kernel", k.describe());
        kb::test::show("X, the points (rows)", X);
        kb::test::show("K, their Gram matrix", K);
        const Matrix<T> Kc = double_center(K);
        kb::test::show("K̃, your double_center(K)", Kc);
        kb::test::show("Φ̃Φ̃ᵀ, the centred explicit features' Gram matrix (expected)", Matrix<T>(Phic * Phic.transpose()));
        RC_ASSERT(Kc.rows() == N && Kc.cols() == N);
        // Every entry is a sum of N·D products of size ≤ max‖φ‖²: one pass of rounding.
        const T scale = T(Phi.rowwise().squaredNorm().maxCoeff()) + T(1);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(Kc - Phic * Phic.transpose())),
                     kb::test::one_pass<T>(N * fm.dimension(), scale), "K̃ = Φ̃Φ̃ᵀ");
    });
}

/// slides:center-test: the kernel rows of new points z centred with the *training* means
/// are the inner products ⟨φ(z) − φ̄, φ(x_i) − φ̄⟩ of the explicit features, to one pass of
/// rounding.
template <class T, class CenterTestKernel>
void test_row_centring_law(CenterTestKernel center_test_kernel) {
    kb::test::property<T>([&] {
        const auto [N, M, q, X, Z, k, fm] = any_test_rows_case<T>(9, 10, 15, 10);
        const Matrix<T> Phi = fm.features(X);
        const RowVector<T> mean = Phi.colwise().sum() / T(N);
        const Matrix<T> truth = (fm.features(Z).rowwise() - mean) * (Phi.rowwise() - mean).transpose();
        kb::test::show("the kernel", k.describe());
        kb::test::show("X, the training points (rows)", X);
        kb::test::show("Z, the new points (rows)", Z);
        kb::test::show("K_z, their kernel rows k(z, x_i)", Matrix<T>(kb::gram(k, Z, X)));
        const Matrix<T> centred = center_test_kernel(kb::gram(k, Z, X), kb::gram(k, X));
        kb::test::show("your centred rows", centred);
        kb::test::show("⟨φ(z) − φ̄, φ(x_i) − φ̄⟩ (expected)", truth);
        RC_ASSERT(centred.rows() == M && centred.cols() == N);
        const T scale = T(Phi.rowwise().squaredNorm().maxCoeff()) + T(fm.features(Z).rowwise().squaredNorm().maxCoeff()) + T(1);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(centred - truth)), kb::test::one_pass<T>(N * fm.dimension(), scale),
                     "k̃(z, x_i) = ⟨φ(z) − φ̄, φ(x_i) − φ̄⟩");
    });
}

} // namespace kb::test::ch06
