#pragma once
/// \file 01-pca/exercises/pca_scores.hpp
/// \brief Exercise 1.5 (programming): the scores of PCA by the SVD of the centred data. Fill
///        in the function; `ctest --test-dir build -L exercises-01` runs the chapter's law on the
///        scores (beeny:ex2.1, beeny:defA.4) on it.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace student {

/// \brief The N×k scores \f$P = XV_k\f$ of PCA with k components (chapter 1, §3), where
///        \f$X = A - \one\mu\f$ is the centred data and \f$V_k\f$ its first k principal axes.
/// \param A the N×q data, rows are the points
/// \param k how many components, 1 ≤ k ≤ rank X
/// \return P, whose column j holds the coordinates of the points along the j-th axis.
/// You may use `kb::thin_svd(X)`: its `sigma` are decreasing, and its `U` and `V` have
/// orthonormal columns with \f$X = U\,\mathrm{diag}(\sigma)\,V^\top\f$. The signs of the columns
/// are free (the check uses only sign-free quantities).
template <class T>
kb::Matrix<T> pca_scores(const kb::Matrix<T>& A, Eigen::Index k) {
    // Replace this line by your code. Hint: the axes are the right singular vectors of X, and
    // XV_k = U_k diag(σ_1 … σ_k).
    return kb::exercise::not_written<kb::Matrix<T>>("1.5", "pca_scores", "chapters/01-pca/exercises/pca_scores.hpp");
}

} // namespace student
