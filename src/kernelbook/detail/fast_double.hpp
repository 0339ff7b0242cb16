#pragma once
/// \file detail/fast_double.hpp
/// \brief The inner loops of the fast route in `double` (fast_double.cpp): a vectorised
///        exponential of non-positive numbers, and the product with a symmetric matrix from
///        its lower triangle. Internal to the library.
/// \see \ref ch07-routes "Chapter 7, §7.9" and \ref ch07-checks-routes "its engineering notes"

#include "kernelbook/matrix.hpp"


namespace kb::detail {

/// \brief v_i ← exp(v_i) for v_i ≤ 0, within 8ε·exp(v_i); 0 below −746, NaN for NaN.
void exp_nonpositive(double* v, Eigen::Index n);

/// \brief y = A x for a symmetric A, reading only its lower triangle (x and y of length N,
///        not overlapping): half the memory traffic of a general product.
void symmetric_product(const Matrix<double>& A, const double* x, double* y);

/// \brief An uninitialised rows×cols matrix for a large product or Gram matrix. On Linux, the
///        part of it that spans whole 2 MiB pages is advised to the kernel as transparent huge
///        pages before anything is written (madvise, MADV_HUGEPAGE): fewer page faults when it
///        is first written, and passes over it that are not interrupted at every 4 KiB page.
Matrix<double> large_matrix(Eigen::Index rows, Eigen::Index cols);

} // namespace kb::detail
