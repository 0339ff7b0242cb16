#pragma once
/// \file 08-explicit-map/exercises/explicit_features.hpp
/// \brief Exercise 8.4 (programming): the explicit feature map \f$\phi(z) = K^{-1/2}k_z\f$.
///        Fill in the function; `ctest --test-dir build -L exercises-08` runs the chapter's law
///        ghiasi:thm1 (Theorem 1: \f$\inner{\phi(x_n)}{\phi(z)} = k(x_n, z)\f$) on it.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace student {

/// \brief The features \f$\phi(z_m) = K^{-1/2}k_{z_m}\f$ of M points from their kernel
///        columns (chapter 8, §8.3, eq. 4), one row \f$\phi(z_m)^\top\f$ per point.
/// \param K the N×N Gram matrix \f$K_{ij} = k(x_i, x_j)\f$ of the training points
///          (symmetric positive definite in the checks)
/// \param kZ the N×M kernel columns, \f$(k_Z)_{nm} = k(x_n, z_m)\f$; the check also passes
///           `kZ = K`, whose columns are those of the training points
/// \return the M×N matrix whose row m is \f$\phi(z_m)^\top = (K^{-1/2}k_{z_m})^\top\f$.
/// You may use `kb::symmetric_eigen(K)`: its `values` are decreasing and its `vectors` are
/// orthonormal columns, \f$K = V\Lambda V^\top\f$. Not kb::psd_inverse_sqrt or
/// kb::ExplicitFeatureMap: they are the exercise. Compute in T throughout.
template <class T>
kb::Matrix<T> explicit_features(const kb::Matrix<T>& K, const kb::Matrix<T>& kZ) {
    // Replace this line by your code. Hint: K^{-1/2} = V Λ^{-1/2} Vᵀ; mind which side of
    // the product is transposed — one row per point.
    return kb::exercise::not_written<kb::Matrix<T>>("8.4", "explicit_features",
                                                     "chapters/08-explicit-map/exercises/explicit_features.hpp");
}

} // namespace student
