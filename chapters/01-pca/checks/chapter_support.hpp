#pragma once
/// \file 01-pca/checks/chapter_support.hpp
/// \brief What several of chapter 1's test files share: the data of `beeny` Example 2.1 in
///        any scalar type, the outlier data of §2.1's errata (six points on y = x and (6, 0)),
///        and the swap of the two coordinates of planar data.

#include "kernelbook/matrix.hpp"
#include "../ch01.hpp"

namespace kb::test::ch01 {

/// The 5×5 data matrix A of Example 2.1 in T.
template <class T>
Matrix<T> data_A() {
    return kb::from_integers<T>(kb::ch01::example_A());
}

/// The data of the errata demonstrations: six points on y = x and one outlier (6, 0).
template <class T>
Matrix<T> outlier_data() {
    return kb::from_integers<T>((IntMatrix(7, 2) << 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 0).finished());
}

/// Planar data with x and y exchanged.
template <class T>
Matrix<T> swap_xy(const Matrix<T>& XY) {
    Matrix<T> YX(XY.rows(), 2);
    YX.col(0) = XY.col(1);
    YX.col(1) = XY.col(0);
    return YX;
}

} // namespace kb::test::ch01
