#pragma once
/// \file 08-explicit-map/exercises/solutions/explicit_features.hpp
/// \brief Model solution of exercise 8.4 (for instructors; not in a student handout):
///        \f$K^{-1/2}\f$ from `kb::symmetric_eigen`, as the stub allows, without
///        kb::psd_inverse_sqrt or kb::ExplicitFeatureMap.
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace solution {

/// \brief \f$\phi(z_m) = K^{-1/2}k_{z_m}\f$ (chapter 8, §8.3, eq. 4), one row per point.
/// \param K  the N×N Gram matrix of the training points (positive definite)
/// \param kZ the N×M kernel columns \f$(k_Z)_{nm} = k(x_n, z_m)\f$
/// \return the M×N matrix whose row m is \f$\phi(z_m)^\top\f$.
template <class T>
kb::Matrix<T> explicit_features(const kb::Matrix<T>& K, const kb::Matrix<T>& kZ) {
    // K = V Λ Vᵀ, so K^{-1/2} = V Λ^{-1/2} Vᵀ (Λ > 0: K is positive definite)
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(K);
    const kb::Matrix<T> K_inv_sqrt =
        eig.vectors * eig.values.cwiseSqrt().cwiseInverse().asDiagonal() * eig.vectors.transpose();
    // the columns K^{-1/2} k_{z_m}, transposed: one row per point
    return kb::Matrix<T>(K_inv_sqrt * kZ).transpose();
}

} // namespace solution
