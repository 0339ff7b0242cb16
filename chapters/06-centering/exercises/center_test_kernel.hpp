#pragma once
/// \file 06-centering/exercises/center_test_kernel.hpp
/// \brief Exercise 6.5 (programming): centring the kernel rows of new points with the
///        training means. Fill in the function; `ctest --test-dir build -L exercises-06` runs the
///        chapter's law slides:center-test (centred rows = inner products of the centred
///        explicit features) on it.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"

namespace student {

/// \brief The centred kernel rows of M new points (chapter 6, §6.4):
///        \f$\tilde k(z_m, x_i) = k(z_m, x_i) - \tfrac1N\sum_l k(z_m, x_l) - \tfrac1N\sum_n k(x_n, x_i)
///        + \tfrac1{N^2}\sum_{n,l} k(x_n, x_l)\f$.
/// \param Kz the M×N kernel rows \f$(K_z)_{mi} = k(z_m, x_i)\f$ of the new points
/// \param K  the N×N training Gram matrix \f$K_{nl} = k(x_n, x_l)\f$
/// \return the M×N matrix of \f$\tilde k(z_m, x_i) = \inner{\phi(z_m) - \bar\phi}{\phi(x_i) - \bar\phi}\f$.
///         Compute in T throughout. Do not call `kb::center_test_kernel` nor
///         `kb::KernelCentering`: that is the exercise.
template <class T>
kb::Matrix<T> center_test_kernel(const kb::Matrix<T>& Kz, const kb::Matrix<T>& K) {
    // Replace this line by your code. Hint: which of the four terms come from K, and which
    // from Kz? Nothing may be computed from the batch of new points as a whole (M is not in
    // the formula): a point's centred row must not depend on the others that came with it.
    return kb::exercise::not_written<kb::Matrix<T>>("6.5", "center_test_kernel",
                                                     "chapters/06-centering/exercises/center_test_kernel.hpp");
}

} // namespace student
