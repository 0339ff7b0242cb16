#pragma once
/// \file 08-explicit-map/exercises/dual_projection.hpp
/// \brief Exercise 8.5 (programming): the dual projection of kernel PCA through the explicit
///        map, eq. 23. Fill in the function; `ctest --test-dir build -L exercises-08` runs the
///        chapter's cross-check (primal, dual, combined, ordinary PCA of the mapped data and
///        chapter 7's kernel PCA agree: ghiasi:eq16, eq17-23, eq24, eq25) on it.
#include "exercise.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/matrix.hpp"

namespace student {

/// \brief The scores \f$\inner{\psi(z_m)}{v_j} = k_{z_m}^\top(I - Nee^\top)\alpha_j -
///        e^\top K(I - Nee^\top)\alpha_j\f$ of M points on p components (chapter 8, §8.6, eq. 23).
/// \param K the N×N Gram matrix of the training points
/// \param dual the dual solution of kb::dual_kpca: `dual.alpha` (N×p, the eigenvectors α of
///        \f$\bar K = K(I - Nee^\top)\f$, normalised by eq. 22) and `dual.lambda` (p)
/// \param kZ the N×M kernel columns \f$k_{z_m}\f$ of the points
/// \return the M×p scores, row m for the point \f$z_m\f$, column j for the component j.
/// Here \f$e = \tfrac1N\one\f$, so \f$I - Nee^\top = J\f$ is the centring matrix. Do not call
/// kb::dual_projection (it is the exercise). Compute in T throughout.
template <class T>
kb::Matrix<T> dual_projection(const kb::Matrix<T>& K, const kb::DualKpca<T>& dual, const kb::Matrix<T>& kZ) {
    // Replace this line by your code. Hint: Jα subtracts from each column of α its mean; the
    // α of K̄ is not centred (it has a component along 1), so the J matters.
    return kb::exercise::not_written<kb::Matrix<T>>("8.5", "dual_projection",
                                                     "chapters/08-explicit-map/exercises/dual_projection.hpp");
}

} // namespace student
