#pragma once
/// \file 05-rkhs/exercises/evaluate.hpp
/// \brief Exercise 5.4 (programming): the value of a kernel expansion at a point. Fill in the
///        function; `ctest --test-dir build -L exercises-05` runs the chapter's law zhu:prop6 (the
///        reproducing property) on it.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/rkhs.hpp"

namespace student {

/// \brief The value \f$f(z) = \sum_{i=1}^N \alpha_i\, k(x_i, z)\f$ of
///        \f$f = \sum_i \alpha_i k(x_i, \cdot)\f$ at the point z (chapter 5, §5).
/// \param f an expansion: its kernel `f.kernel()`, its centres `f.centres()` (N×q, one per
///          row) and its coefficients `f.coefficients()` (length N)
/// \param z a point of \f$\R^q\f$ (a row vector), not necessarily a centre
/// \return f(z). Compute in T throughout.
/// You may call the kernel on two rows, `f.kernel()(f.centres().row(i), z)`, or use
/// `kb::gram(f.kernel(), X, Z)`, the matrix of the values \f$k(x_i, z_j)\f$ of the rows of X and Z.
template <class T, class Kernel>
T evaluate(const kb::KernelExpansion<T, Kernel>& f, const kb::RowVector<T>& z) {
    // Replace this line by your code. Not f(z) or f.values(Z): they are the exercise.
    return kb::exercise::not_written<T>("5.4", "evaluate", "chapters/05-rkhs/exercises/evaluate.hpp");
}

} // namespace student
