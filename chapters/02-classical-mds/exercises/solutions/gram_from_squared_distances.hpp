#pragma once
/// \file 02-classical-mds/exercises/solutions/gram_from_squared_distances.hpp
/// \brief Model solution of exercise 2.4 (for instructors; not in a student handout): double
///        centring by row, column and grand means, without forming J.
#include "kernelbook/matrix.hpp"

namespace solution {

/// \brief \f$B = -\tfrac12 JD^{(2)}J\f$, \f$J = I - \tfrac1N\one\one^\top\f$ (chapter 2, §4):
///        \f$B_{ij} = -\tfrac12\bigl(d^2_{ij} - \bar d^2_{i\cdot} - \bar d^2_{\cdot j} + \bar d^2\bigr)\f$.
/// \param D2 the N×N squared distances (symmetric, zero diagonal)
/// \return the N×N Gram matrix B, computed in T throughout.
template <class T>
kb::Matrix<T> gram_from_squared_distances(const kb::Matrix<T>& D2) {
    // J D⁽²⁾ J: subtract each row's mean and each column's mean, add back the grand mean
    const kb::Vector<T> row_mean = D2.rowwise().mean();
    const kb::RowVector<T> column_mean = D2.colwise().mean();
    const T grand_mean = D2.mean();
    kb::Matrix<T> B = D2;
    B.colwise() -= row_mean;
    B.rowwise() -= column_mean;
    B.array() += grand_mean;
    // the factor −½, exact in T
    return B * (T(-1) / T(2));
}

} // namespace solution
