#pragma once
/// \file 02-classical-mds/exercises/gram_from_squared_distances.hpp
/// \brief Exercise 2.4 (programming): double centring, B = −½ J D⁽²⁾ J. Fill in the function;
///        `ctest --test-dir build -L exercises-02` runs the chapter's law zhu:2.2.2 on it.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"

namespace student {

/// \brief The Gram matrix B = −½ J D⁽²⁾ J of points whose squared distances are D2, with
///        J = I − 11ᵀ/N (chapter 2, §4).
/// \param D2 the N×N squared distances d²ᵢⱼ (symmetric, zero diagonal)
/// \return the N×N matrix B. Compute in T throughout: a `double` inside real50 loses digits
///         that the check sees.
template <class T>
kb::Matrix<T> gram_from_squared_distances(const kb::Matrix<T>& D2) {
    // Replace this line by your code. Hint: J·M subtracts the column means of M, and
    // M·J the row means; there is no need to form J.
    return kb::exercise::not_written<kb::Matrix<T>>("2.4", "gram_from_squared_distances",
                                                     "chapters/02-classical-mds/exercises/gram_from_squared_distances.hpp");
}

} // namespace student
