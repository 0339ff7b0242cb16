#pragma once
/// \file 06-centering/exercises/solutions/double_center.hpp
/// \brief Model solution of exercise 6.4 (for instructors; not in a student handout): the
///        centred Gram matrix by row, column and grand means, without kb::double_center.
#include "kernelbook/matrix.hpp"

namespace solution {

/// \brief \f$\Kc = JKJ\f$: \f$\Kc_{ij} = K_{ij} - \bar k_{i\cdot} - \bar k_{\cdot j} + \bar k\f$
///        (chapter 6, §6.3), in O(N²) without forming J.
/// \param K an N×N Gram matrix
/// \return the N×N centred Gram matrix.
template <class T>
kb::Matrix<T> double_center(const kb::Matrix<T>& K) {
    // K J subtracts each row's mean, J K each column's mean; the grand mean was subtracted twice
    const kb::Vector<T> row_mean = K.rowwise().mean();
    const kb::RowVector<T> column_mean = K.colwise().mean();
    const T grand_mean = K.mean();
    kb::Matrix<T> Kc = K;
    Kc.colwise() -= row_mean;
    Kc.rowwise() -= column_mean;
    Kc.array() += grand_mean;
    return Kc;
}

} // namespace solution
