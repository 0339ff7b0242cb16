#pragma once
/// \file 02-classical-mds/checks/chapter_support.hpp
/// \brief What several of chapter 2's test files share: a symmetric dissimilarity matrix
///        written by its upper triangle, and the comparison of a computed number with a
///        number the chapter prints.

#include "kernelbook/matrix.hpp"

#include <initializer_list>

namespace kb::test::ch02 {

/// The symmetric matrix with the given strictly upper entries (row by row) and zero diagonal.
inline IntMatrix symmetric_zero_diagonal(int N, std::initializer_list<long> upper) {
    IntMatrix D = IntMatrix::Zero(N, N);
    auto it = upper.begin();
    for (int i = 0; i < N; ++i)
        for (int j = i + 1; j < N; ++j) D(i, j) = D(j, i) = *it++;
    return D;
}

/// Whether x rounds to the decimal `digits`·10^(−decimals), i.e. agrees with a number the
/// chapter prints with that many decimals: |x − printed| ≤ ½·10^(−decimals) (exactly when
/// T is rational).
template <class T>
bool agrees_with_printed(const T& x, long digits, int decimals) {
    using std::abs;
    long unit = 1;
    for (int i = 0; i < decimals; ++i) unit *= 10;
    return abs(x - kb::ratio<T>(digits, unit)) <= kb::ratio<T>(1, 2 * unit);
}

} // namespace kb::test::ch02
