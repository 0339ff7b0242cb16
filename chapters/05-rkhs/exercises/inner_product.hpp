#pragma once
/// \file 05-rkhs/exercises/inner_product.hpp
/// \brief Exercise 5.5 (programming): the inner product of two kernel expansions. Fill in the
///        function; `ctest --test-dir build -L exercises-05` runs the chapter's laws zhu:prop6 (the
///        reproducing property) and zhu:thm5 (symmetric and bilinear) on it.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/rkhs.hpp"

namespace student {

/// \brief The inner product \f$\inner{f}{g} = \sum_{i,j}\alpha_i\beta_j\,k(x_i, y_j)
///        = \alpha^\top K(X, Y)\,\beta\f$ of \f$f = \sum_{i=1}^N \alpha_i k(x_i, \cdot)\f$ and
///        \f$g = \sum_{j=1}^M \beta_j k(y_j, \cdot)\f$ (chapter 5, §4, `zhu:thm5`).
/// \param f the first expansion: `f.kernel()`, `f.centres()` (X, N×q), `f.coefficients()` (α)
/// \param g the second, with the same kernel: `g.centres()` (Y, M×q), `g.coefficients()` (β);
///          M need not equal N, and the centres of f and g need not have anything in common
/// \return \f$\inner{f}{g}\f$. Compute in T throughout.
/// You may use `kb::gram(f.kernel(), X, Y)`, the N×M matrix of the values \f$k(x_i, y_j)\f$, or
/// call the kernel on two rows.
template <class T, class Kernel>
T inner(const kb::KernelExpansion<T, Kernel>& f, const kb::KernelExpansion<T, Kernel>& g) {
    // Replace this line by your code. Not kb::inner or kb::squared_norm: they are the exercise.
    return kb::exercise::not_written<T>("5.5", "inner", "chapters/05-rkhs/exercises/inner_product.hpp");
}

} // namespace student
