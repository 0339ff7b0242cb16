#pragma once
/// \file 06-centering/exercises/solutions/center_test_kernel.hpp
/// \brief Model solution of exercise 6.5 (for instructors; not in a student handout): new
///        kernel rows centred with the training statistics, without kb::center_test_kernel or
///        kb::KernelCentering.
#include "kernelbook/matrix.hpp"

namespace solution {

/// \brief \f$\tilde k(z_m, x_i) = k(z_m, x_i) - \tfrac1N\sum_l k(z_m, x_l) - \tfrac1N\sum_n k(x_n, x_i)
///        + \tfrac1{N^2}\sum_{n,l} k(x_n, x_l)\f$ (chapter 6, §6.4).
/// \param Kz the M×N kernel rows of the new points
/// \param K  the N×N training Gram matrix
/// \return the M×N centred rows.
template <class T>
kb::Matrix<T> center_test_kernel(const kb::Matrix<T>& Kz, const kb::Matrix<T>& K) {
    kb::Matrix<T> out = Kz;
    // (1/N) Σ_l k(z_m, x_l): the point's own mean over the training points (one row of Kz)
    out.colwise() -= kb::Vector<T>(Kz.rowwise().mean());
    // (1/N) Σ_n k(x_n, x_i) and (1/N²) Σ k(x_n, x_l): the training column means and grand mean,
    // from K — nothing from the batch of new points as a whole
    out.rowwise() -= kb::RowVector<T>(K.colwise().mean());
    out.array() += K.mean();
    return out;
}

} // namespace solution
