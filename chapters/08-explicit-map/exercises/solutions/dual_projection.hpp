#pragma once
/// \file 08-explicit-map/exercises/solutions/dual_projection.hpp
/// \brief Model solution of exercise 8.5 (for instructors; not in a student handout): eq. 23
///        with Jα as the columns of α minus their means, without kb::dual_projection.
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/matrix.hpp"

namespace solution {

/// \brief \f$\inner{\psi(z_m)}{v_j} = k_{z_m}^\top J\alpha_j - e^\top K J\alpha_j\f$,
///        \f$J = I - Nee^\top\f$, \f$e = \tfrac1N\one\f$ (chapter 8, §8.6, eq. 23).
/// \param K    the N×N Gram matrix of the training points
/// \param dual the dual solution (α N×p, λ of length p)
/// \param kZ   the N×M kernel columns of the points
/// \return the M×p scores.
template <class T>
kb::Matrix<T> dual_projection(const kb::Matrix<T>& K, const kb::DualKpca<T>& dual, const kb::Matrix<T>& kZ) {
    // Jα: each column of α minus its mean (α of K̄ is not centred)
    const kb::Matrix<T> Ja = dual.alpha.rowwise() - kb::RowVector<T>(dual.alpha.colwise().mean());
    // eᵀ K Jα: the mean over the training points of K Jα, one entry per component
    const kb::RowVector<T> eKJa = kb::Matrix<T>(K * Ja).colwise().mean();
    // k_zᵀ Jα − eᵀ K Jα for every point z_m (row m)
    return kb::Matrix<T>(kZ.transpose() * Ja).rowwise() - eKJa;
}

} // namespace solution
