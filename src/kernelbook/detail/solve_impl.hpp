#pragma once
/// \file detail/solve_impl.hpp
/// \brief Definitions for solve.hpp, included only by the library's instantiation units.

#include "kernelbook/solve.hpp"

#include <Eigen/Cholesky>

namespace kb {

namespace detail {
/// \brief kb::solve_spd with its refusals in the name of the public function `where` that
///        was called (kb::inverse_spd delegates here, and its messages name it).
template <class T>
Matrix<T> solve_spd(const Matrix<T>& K, const Matrix<T>& B, std::string_view where) {
    require_symmetric(K, where, "K");
    require(B.rows() == K.rows(), where, "B has {} rows but K is {}×{}; give B one row per row of K (K Z = B)",
            B.rows(), K.rows(), K.cols());
    require_finite(B, where, "B");
    constexpr std::string_view singular =
        "K is not positive definite (singular or indefinite); for a singular PSD K use "
        "psd_pseudo_inverse with an explicit rank tolerance";
    //! [ch05-solve]
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
    //! [ch05-solve]
}
} // namespace detail

template <class T>
Matrix<T> solve_spd(const Matrix<T>& K, const Matrix<T>& B) {
    return detail::solve_spd(K, B, "solve_spd");
}

template <class T>
Matrix<T> inverse_spd(const Matrix<T>& K) {
    // The identity has K's row count, so a non-square K is refused by the symmetry check.
    return detail::solve_spd(K, Matrix<T>(Matrix<T>::Identity(K.rows(), K.rows())), "inverse_spd");
}

} // namespace kb
