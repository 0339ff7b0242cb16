#pragma once
/// \file solve.hpp
/// \brief Solving with symmetric positive-definite matrices: Cholesky in floating point,
///        exact LDLᵀ in `kb::rational` (compiled once per scalar type in the `kb` library).
/// \see \ref ch05-riesz "Chapter 5, §6" (kb::solve_spd() in use)

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

namespace kb {

/// \brief Solves \f$K Z = B\f$ for a symmetric positive-definite K.
///
/// Floating types use the Cholesky factorisation \f$K = LL^\top\f$; `kb::rational` uses an
/// exact \f$LDL^\top\f$ with pivoting, so the solution is exact.
/// \throws kb::error if K is not square, not symmetric, not finite, or not positive
///         definite (singular K: use a pseudo-inverse with an explicit rank tolerance,
///         see spectral.hpp), or if B has the wrong number of rows.
template <class T>
Matrix<T> solve_spd(const Matrix<T>& K, const Matrix<T>& B);

/// \brief \f$K^{-1}\f$ for a symmetric positive-definite K (exact in `kb::rational`).
/// \throws kb::error as kb::solve_spd.
template <class T>
Matrix<T> inverse_spd(const Matrix<T>& K);

/// \cond INTERNAL
// The compiled members, listed once: PREFIX is `extern template` here (declarations) and
// `template` in the library's generated instantiation units (definitions; src/CMakeLists.txt
// generates one unit per module and scalar type from this list).
#define KB_SOLVE_MEMBERS(PREFIX, T)                                    \
    PREFIX Matrix<T> solve_spd<T>(const Matrix<T>&, const Matrix<T>&); \
    PREFIX Matrix<T> inverse_spd<T>(const Matrix<T>&);
KB_SOLVE_MEMBERS(extern template, double)
KB_SOLVE_MEMBERS(extern template, real50)
KB_SOLVE_MEMBERS(extern template, real100)
KB_SOLVE_MEMBERS(extern template, rational)
/// \endcond

} // namespace kb
