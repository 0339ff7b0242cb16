#pragma once
/// \file 01-pca/exercises/covariance_matrix.hpp
/// \brief Exercise 1.4 (programming): the covariance matrix of Definition A.4. Fill in the
///        function; `ctest --test-dir build -L exercises-01` runs the chapter's law beeny:defA.4 on
///        it, exactly, in `kb::rational`.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"

namespace student {

/// \brief The covariance matrix \f$\operatorname{cov}(A) = X^\top X/(m-1)\f$ of Definition A.4,
///        with \f$X = A - \one\mu\f$ the centred data (chapter 1, §1 and §7).
/// \param A the m×n data: rows are the m ≥ 2 observations, columns the n variables
/// \return the n×n matrix whose entry (i, j) is cov(a_i, a_j). Write it for any scalar type T:
///         the check runs it in `kb::rational`, where every entry must come out exactly.
template <class T>
kb::Matrix<T> covariance_matrix(const kb::Matrix<T>& A) {
    // Replace this line by your code. Hint: A.colwise().mean() is the row of column means μ,
    // and A.rowwise() - μ subtracts it from every row.
    return kb::exercise::not_written<kb::Matrix<T>>("1.4", "covariance_matrix",
                                                     "chapters/01-pca/exercises/covariance_matrix.hpp");
}

} // namespace student
