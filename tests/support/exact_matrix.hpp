#pragma once
/// \file exact_matrix.hpp
/// \brief A rational matrix written out by its entries, as a chapter prints it: for the tests
///        that check the numbers of a worked example against the text.

#include "kernelbook/matrix.hpp"
#include "kernelbook/real.hpp"

#include <initializer_list>

namespace kb::test {

/// \brief The rows×(entries/rows) rational matrix with the given entries, row by row, all
///        divided by `den`: `exact_matrix({2, 3, 3, 30}, 2)` is [[2, 3], [3, 30]].
inline Matrix<rational> exact_matrix(std::initializer_list<long> entries, Eigen::Index rows, long den = 1) {
    IntMatrix M(rows, static_cast<Eigen::Index>(entries.size()) / rows);
    auto it = entries.begin();
    for (Eigen::Index i = 0; i < M.rows(); ++i)
        for (Eigen::Index j = 0; j < M.cols(); ++j) M(i, j) = *it++;
    return kb::from_integers<rational>(M, den);
}

} // namespace kb::test
