#pragma once
/// \file 05-rkhs/exercises/solutions/inner_product.hpp
/// \brief Model solution of exercise 5.5 (for instructors; not in a student handout): the
///        inner product of two kernel expansions through `kb::gram`, as the stub allows.
#include "kernelbook/matrix.hpp"
#include "kernelbook/rkhs.hpp"

namespace solution {

/// \brief \f$\inner{f}{g} = \alpha^\top K(X, Y)\,\beta\f$ for \f$f = \sum_i \alpha_i k(x_i, \cdot)\f$
///        and \f$g = \sum_j \beta_j k(y_j, \cdot)\f$ (chapter 5, §4, `zhu:thm5`).
/// \param f the first expansion (centres X, N×q; coefficients α)
/// \param g the second, with the same kernel (centres Y, M×q; coefficients β)
/// \return \f$\inner{f}{g}\f$.
template <class T, class Kernel>
T inner(const kb::KernelExpansion<T, Kernel>& f, const kb::KernelExpansion<T, Kernel>& g) {
    // K(X, Y): the N×M values k(xᵢ, yⱼ) — the sections pair through the kernel, not as an
    // orthonormal basis
    const kb::Matrix<T> KXY = kb::gram(f.kernel(), f.centres(), g.centres());
    // αᵀ K(X, Y) β
    return f.coefficients().dot(KXY * g.coefficients());
}

} // namespace solution
