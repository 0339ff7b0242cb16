#pragma once
/// \file 05-rkhs/exercises/solutions/evaluate.hpp
/// \brief Model solution of exercise 5.4 (for instructors; not in a student handout): the value
///        of a kernel expansion as the sum of its terms, without f(z) or f.values(Z).
#include "kernelbook/matrix.hpp"
#include "kernelbook/rkhs.hpp"

namespace solution {

/// \brief \f$f(z) = \sum_{i=1}^N \alpha_i\,k(x_i, z)\f$ for \f$f = \sum_i \alpha_i k(x_i, \cdot)\f$
///        (chapter 5, §5).
/// \param f an expansion: kernel, centres (N×q) and coefficients (length N)
/// \param z a point of \f$\R^q\f$ (a row vector)
/// \return f(z).
template <class T, class Kernel>
T evaluate(const kb::KernelExpansion<T, Kernel>& f, const kb::RowVector<T>& z) {
    // Σᵢ αᵢ k(xᵢ, z): each centre's kernel value at z, weighted by its coefficient
    T value(0);
    for (Eigen::Index i = 0; i < f.terms(); ++i)
        value += f.coefficients()(i) * f.kernel()(f.centres().row(i), z);
    return value;
}

} // namespace solution
