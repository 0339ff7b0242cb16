#pragma once
/// \file ch08.hpp
/// \brief Two pieces of chapter 8's study of the paper's experiment (experiment.cpp, §8.10),
///        in a header so that the chapter's tests check them: the image kernels of eqs. 28–29
///        as polynomial kernels of rescaled pixels (Gram matrices from one blocked product),
///        and the explicit features written in the eigenbasis of K.
#include "kernelbook/kernels.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/numerics.hpp"
#include "kernelbook/spectral.hpp"

#include <cmath>

namespace kb::ch08 {

/// \brief The Gram matrix of k1 (`signed_pixels` false) or k2 (true) of `ghiasi:eq27-29`
///        between the rows of Z (M×q) and X (N×q), through kb::PolynomialKernel:
///        \f[ k_1(x,z) = (x^\top z/q)^9 = \bigl(0 + \inner{x/\sqrt q}{z/\sqrt q}\bigr)^9, \qquad
///            k_2(x,z) = \Bigl(\tfrac12 + \Bigl\langle\tfrac{2x-1}{\sqrt{2q}},\tfrac{2z-1}{\sqrt{2q}}\Bigr\rangle\Bigr)^9 . \f]
/// The same kernels as kb::PixelPolynomialKernel and kb::SignedPixelPolynomialKernel, whose
/// Gram matrices are evaluated pair by pair; here one matrix product gives all inner products.
inline Matrix<double> pixel_kernel_values(bool signed_pixels, const Matrix<double>& Z, const Matrix<double>& X) {
    const double q = static_cast<double>(X.cols());
    if (!signed_pixels) {
        const double s = 1 / std::sqrt(q);
        return kb::gram(kb::PolynomialKernel<double>(0.0, 9), Matrix<double>(Z * s), Matrix<double>(X * s));
    }
    const double s = 1 / std::sqrt(2 * q);
    const Matrix<double> U = ((2 * Z.array() - 1) * s).matrix(), V = ((2 * X.array() - 1) * s).matrix();
    return kb::gram(kb::PolynomialKernel<double>(0.5, 9), U, V);
}

/// \brief The symmetric Gram matrix K of the rows of X (exactly symmetric), as above.
inline Matrix<double> pixel_kernel_gram(bool signed_pixels, const Matrix<double>& X) {
    const double q = static_cast<double>(X.cols());
    if (!signed_pixels) return kb::gram(kb::PolynomialKernel<double>(0.0, 9), Matrix<double>(X / std::sqrt(q)));
    return kb::gram(kb::PolynomialKernel<double>(0.5, 9), Matrix<double>(((2 * X.array() - 1) / std::sqrt(2 * q)).matrix()));
}

/// \brief Explicit features of training and test points.
struct EigenbasisFeatures {
    Matrix<double> train; ///< N×r, row n is φ(x_n) in the eigenbasis: \f$V_r\Lambda_r^{1/2}\f$
    Matrix<double> test;  ///< M×r, row m is \f$\Lambda_r^{-1/2}V_r^\top k_{z_m}\f$
    Eigen::Index rank = 0; ///< r, the eigenvalues of K above τ = 64·N·ε·λ_max
};

/// \brief The explicit map \f$\phi(z) = K^{+1/2}k_z = V_r\Lambda_r^{-1/2}V_r^\top k_z\f$ of
///        kb::ExplicitFeatureMap, written in the basis \f$V_r\f$ of its range:
///        \f$\Lambda_r^{-1/2}V_r^\top k_z\f$, with the same rank tolerance \f$\tau = 64N\varepsilon\lambda_{\max}\f$.
///
/// An orthogonal change of coordinates in the feature space: inner products and distances
/// are those of kb::ExplicitFeatureMap, so every classifier of the study (Fisher with or
/// without a ridge, 1-NN, logistic regression with an L2 penalty) gives the same answer. It
/// costs one eigen-decomposition and one product instead of four N×N products.
/// \param K the N×N training Gram matrix; \param kZ M×N kernel rows \f$k(z_m, x_n)\f$
inline EigenbasisFeatures eigenbasis_features(const Matrix<double>& K, const Matrix<double>& kZ);

/// \brief The same features from a computed eigen-decomposition of K and a given rank
///        threshold τ (the eigenvalues above τ are kept): the study varies τ on one
///        decomposition (\f$\tau = 64N\varepsilon\lambda_{\max}\f$ gives kb::ch08::eigenbasis_features).
inline EigenbasisFeatures eigenbasis_features(const kb::SymmetricEigen<double>& eig, const Matrix<double>& kZ,
                                              double tau) {
    EigenbasisFeatures f;
    f.rank = kb::numerical_rank(eig.values, tau);
    const Eigen::Index r = f.rank;
    const Eigen::ArrayXd root = eig.values.head(r).array().sqrt();
    f.train = eig.vectors.leftCols(r) * root.matrix().asDiagonal();
    f.test = (kZ * eig.vectors.leftCols(r)) * root.inverse().matrix().asDiagonal();
    return f;
}

inline EigenbasisFeatures eigenbasis_features(const Matrix<double>& K, const Matrix<double>& kZ) {
    const kb::SymmetricEigen<double> eig = kb::symmetric_eigen(K);
    return eigenbasis_features(eig, kZ, kb::psd_rounding_tolerance<double>(K.rows(), eig.values(0)));
}

} // namespace kb::ch08
