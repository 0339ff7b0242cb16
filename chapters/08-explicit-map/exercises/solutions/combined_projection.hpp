#pragma once
/// \file 08-explicit-map/exercises/solutions/combined_projection.hpp
/// \brief Model solution of exercise 8.6 (for instructors; not in a student handout): eq. 25
///        from α, λ and \f$k_z\f$ only, without kb::combined_projection.
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/matrix.hpp"

namespace solution {

/// \brief \f$\inner{\psi(z_m)}{v_j} = k_{z_m}^\top\bigl(\alpha_j - (Ne^\top\alpha_j)e\bigr)
///        - N\lambda_j\,e^\top\alpha_j\f$, \f$e = \tfrac1N\one\f$ (chapter 8, §8.6, eq. 25).
/// \param dual the dual solution (α N×p, λ of length p)
/// \param kZ   the N×M kernel columns of the points
/// \return the M×p scores.
template <class T>
kb::Matrix<T> combined_projection(const kb::DualKpca<T>& dual, const kb::Matrix<T>& kZ) {
    const T N(kZ.rows());
    // eᵀα_j, the mean of the column α_j, and α_j − (Neᵀα_j)e, that column minus its mean
    const kb::RowVector<T> e_alpha = dual.alpha.colwise().mean();
    const kb::Matrix<T> centred = dual.alpha.rowwise() - e_alpha;
    // N λ_j eᵀα_j: μ_j = Nλ_j is the eigenvalue of K̄ (K̄α = Nλα), not λ_j
    const kb::RowVector<T> constant = N * dual.lambda.transpose().cwiseProduct(e_alpha);
    return kb::Matrix<T>(kZ.transpose() * centred).rowwise() - constant;
}

} // namespace solution
