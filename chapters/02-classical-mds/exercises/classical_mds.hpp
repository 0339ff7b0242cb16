#pragma once
/// \file 02-classical-mds/exercises/classical_mds.hpp
/// \brief Exercise 2.5 (programming): classical MDS coordinates from a Gram matrix. Fill in
///        the function; `ctest --test-dir build -L exercises-02` runs the chapter's law zhu:1.2.2
///        (MDS scores = PCA scores) on it, from Gram matrices and, through your exercise 2.4,
///        from distances.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

namespace student {

/// \brief The N×p coordinates X = U_p Λ_p^{1/2} of classical MDS (chapter 2, §3).
/// \param B a symmetric N×N Gram matrix (PSD in the checks)
/// \param p how many coordinates, 1 ≤ p ≤ rank B
/// \return X, whose column j is √λⱼ uⱼ for the j-th largest eigenpair of B.
/// You may use `kb::symmetric_eigen(B)`: its `values` are decreasing and its `vectors` are
/// unit columns. The signs of the columns are free (the check aligns them).
template <class T>
kb::Matrix<T> classical_mds(const kb::Matrix<T>& B, Eigen::Index p) {
    // Replace this line by your code.
    return kb::exercise::not_written<kb::Matrix<T>>("2.5", "classical_mds",
                                                     "chapters/02-classical-mds/exercises/classical_mds.hpp");
}

} // namespace student
