#pragma once
/// \file detail/solve_impl.hpp
/// \brief Definitions for solve.hpp, included only by the library's instantiation units.

#include "kernelbook/solve.hpp"

#include <Eigen/Cholesky>

namespace kb {

template <class T>
Matrix<T> solve_spd(const Matrix<T>& K, const Matrix<T>& B) {
    constexpr std::string_view where = "solve_spd";
    require_symmetric(K, where, "K");
    require(B.rows() == K.rows(), where, "B has {} rows but K is {}×{}", B.rows(), K.rows(), K.cols());
    require_finite(B, where, "B");
    constexpr std::string_view singular =
        "K is not positive definite (singular or indefinite); for a singular PSD K use "
        "psd_pseudo_inverse with an explicit rank tolerance";
    if constexpr (is_exact_v<T>) {
        // Exact LDLᵀ with symmetric pivoting: K is PD iff every pivot D_ii > 0.
        Eigen::LDLT<Matrix<T>> ldlt(K);
        require(ldlt.info() == Eigen::Success, where, "{}", singular);
        const auto D = ldlt.vectorD();
        for (Eigen::Index i = 0; i < D.size(); ++i) require(D(i) > 0, where, "{}", singular);
        return ldlt.solve(B);
    } else {
        // Cholesky K = L Lᵀ fails exactly when a pivot is not positive.
        Eigen::LLT<Matrix<T>> llt(K);
        require(llt.info() == Eigen::Success, where, "{}", singular);
        return llt.solve(B);
    }
}

template <class T>
Matrix<T> inverse_spd(const Matrix<T>& K) {
    require_square(K, "inverse_spd", "K");
    return solve_spd(K, Matrix<T>(Matrix<T>::Identity(K.rows(), K.cols())));
}

} // namespace kb
