#pragma once
/// \file 08-explicit-map/exercises/combined_projection.hpp
/// \brief Exercise 8.6 (programming): the combined projection of kernel PCA through the
///        explicit map, eq. 25 — only α, λ and \f$k_z\f$. Fill in the function;
///        `ctest --test-dir build -L exercises-08` runs the chapter's cross-check (primal, dual,
///        combined, ordinary PCA of the mapped data and chapter 7's kernel PCA agree:
///        ghiasi:eq16, eq17-23, eq24, eq25) on it.
#include "exercise.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/matrix.hpp"

namespace student {

/// \brief The scores \f$\inner{\psi(z_m)}{v_j} = k_{z_m}^\top\bigl(\alpha_j - (Ne^\top\alpha_j)e\bigr)
///        - N\lambda_j\,e^\top\alpha_j\f$ of M points on p components (chapter 8, §8.6, eq. 25).
/// \param dual the dual solution of kb::dual_kpca: `dual.alpha` (N×p, eigenvectors of
///        \f$\bar K\f$ with \f$\bar K\alpha_j = N\lambda_j\alpha_j\f$) and `dual.lambda` (p, the
///        eigenvalues \f$\lambda_j\f$ of the covariance C)
/// \param kZ the N×M kernel columns \f$k_{z_m}\f$ of the points (N is its number of rows)
/// \return the M×p scores, row m for the point \f$z_m\f$, column j for the component j.
/// Here \f$e = \tfrac1N\one\f$. No K is needed. Do not call kb::combined_projection (it is
/// the exercise). Compute in T throughout.
template <class T>
kb::Matrix<T> combined_projection(const kb::DualKpca<T>& dual, const kb::Matrix<T>& kZ) {
    // Replace this line by your code. Hint: eᵀα_j is the mean of the column α_j, and
    // α_j − (Neᵀα_j)e is that column minus its mean.
    return kb::exercise::not_written<kb::Matrix<T>>("8.6", "combined_projection",
                                                     "chapters/08-explicit-map/exercises/combined_projection.hpp");
}

} // namespace student
