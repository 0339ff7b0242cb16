#pragma once
/// \file 06-centering/exercises/double_center.hpp
/// \brief Exercise 6.4 (programming): the centred Gram matrix \f$\Kc = JKJ\f$. Fill in the
///        function; `ctest --test-dir build -L exercises-06` runs the chapter's law
///        slides:center (K̃ = Gram matrix of the centred explicit features) on it.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"

namespace student {

/// \brief The centred Gram matrix \f$\Kc = JKJ\f$, \f$J = I - \tfrac1N\one\one^\top\f$
///        (chapter 6, §6.3): \f$\Kc_{ij} = K_{ij} - \bar k_{i\cdot} - \bar k_{\cdot j} + \bar k\f$.
/// \param K an N×N Gram matrix \f$K_{ij} = k(x_i, x_j)\f$ (symmetric in the checks)
/// \return the N×N matrix \f$\Kc\f$, the Gram matrix of the centred features
///         \f$\phi(x_i) - \bar\phi\f$. Compute in T throughout: a `double` inside real50 loses
///         digits that the check sees. Do not call `kb::double_center`: that is the exercise.
template <class T>
kb::Matrix<T> double_center(const kb::Matrix<T>& K) {
    // Replace this line by your code. Hint: subtract the row means and the column means and
    // add back the grand mean, in O(N²); there is no need to form J.
    return kb::exercise::not_written<kb::Matrix<T>>("6.4", "double_center",
                                                     "chapters/06-centering/exercises/double_center.hpp");
}

} // namespace student
