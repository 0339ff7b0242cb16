#pragma once
/// \file 04-kernels/exercises/gaussian_gram.hpp
/// \brief Exercise 4.4 (programming): the Gram matrix of the Gaussian kernel. Fill in the
///        function; `ctest --test-dir build -L exercises-04` runs the chapter's law beeny:thm3.9
///        (the Gaussian kernel through the closure rules) on it.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"

namespace student {

/// \brief The N×N Gram matrix \f$K_{ij} = \exp(-\gamma\norm{x_i - x_j}^2)\f$ of the Gaussian
///        kernel on the rows \f$x_1, \dots, x_N\f$ of X (chapter 4, §5).
/// \param X     the N×q points, one per row
/// \param gamma the width parameter γ > 0
/// \return K, symmetric with unit diagonal. Compute in T throughout: a `double` inside
///         real50 loses digits that the check sees.
template <class T>
kb::Matrix<T> gaussian_gram(const kb::Matrix<T>& X, const T& gamma) {
    // Replace this line by your code. Hint: (X.row(i) - X.row(j)).squaredNorm() is ‖xᵢ − xⱼ‖²;
    // write `using std::exp;` before calling exp, so that real50 finds its own exp.
    // Not kb::GaussianKernel or kb::gram with it: they are the exercise.
    return kb::exercise::not_written<kb::Matrix<T>>("4.4", "gaussian_gram",
                                                     "chapters/04-kernels/exercises/gaussian_gram.hpp");
}

} // namespace student
