#pragma once
/// \file error.hpp
/// \brief `kb::error` and the input checks every public function runs first.
///
/// Bad input never crashes, never produces NaN and never returns silent garbage: it
/// throws kb::error with a message that names the argument, says what is wrong and what
/// to do, e.g. "ClassicalMds: D must be symmetric, but D(0,2) = 3 and D(2,0) = 4;
/// a dissimilarity matrix lists d(i,j) = d(j,i)".

#include "kernelbook/matrix.hpp"
#include "kernelbook/numerics.hpp"

#include <sstream>
#include <stdexcept>
#include <string>

namespace kb {

/// \brief The one exception type of the library: bad input, with a message saying
///        what is wrong and what to do.
class error : public std::invalid_argument {
public:
    /// \brief An error with its full message ("function: what is wrong; what to do").
    explicit error(const std::string& message) : std::invalid_argument(message) {}
};

/// \brief Formats a scalar for an error message (6 significant digits).
template <class T>
std::string show(const T& x) {
    std::ostringstream os;
    os.precision(6);
    os << x;
    return os.str();
}

/// \brief Throws kb::error(`where`: `message`) unless `condition` holds.
inline void require(bool condition, const std::string& where, const std::string& message) {
    if (!condition) throw error(where + ": " + message);
}

/// \brief Every entry of A is finite (no NaN, no ±∞).
template <class Derived>
void require_finite(const Eigen::MatrixBase<Derived>& A, const std::string& where,
                    const std::string& name) {
    for (Eigen::Index i = 0; i < A.rows(); ++i)
        for (Eigen::Index j = 0; j < A.cols(); ++j)
            if (!is_finite(A(i, j)))
                throw error(where + ": " + name + "(" + std::to_string(i) + "," + std::to_string(j) +
                            ") = " + show(A(i, j)) +
                            " is not finite; remove or impute non-finite values before calling");
}

/// \brief A is square and non-empty.
template <class Derived>
void require_square(const Eigen::MatrixBase<Derived>& A, const std::string& where,
                    const std::string& name) {
    require(A.rows() == A.cols() && A.rows() > 0, where,
            name + " must be a non-empty square matrix, but it is " + std::to_string(A.rows()) +
                "×" + std::to_string(A.cols()));
}

/// \brief X has at least `min_rows` rows (points).
template <class Derived>
void require_min_points(const Eigen::MatrixBase<Derived>& X, Eigen::Index min_rows,
                        const std::string& where, const std::string& name) {
    require(X.rows() >= min_rows && X.cols() > 0, where,
            name + " must hold at least " + std::to_string(min_rows) +
                (min_rows == 1 ? " point (row)" : " points (rows)") + " of dimension ≥ 1, but it is " + std::to_string(X.rows()) + "×" +
                std::to_string(X.cols()));
}

/// \brief A is square, finite and symmetric to within the rounding of one pass of arithmetic:
///        \f$|A_{ij} - A_{ji}| \le 8\,N\,\varepsilon\,\max|A|\f$ (kb::symmetry_tolerance;
///        exactly, for rationals).
template <class Derived>
void require_symmetric(const Eigen::MatrixBase<Derived>& A, const std::string& where,
                       const std::string& name) {
    using T = typename Derived::Scalar;
    using std::abs;
    require_square(A, where, name);
    require_finite(A, where, name); // a NaN would pass the comparison below
    const T tol = symmetry_tolerance<T>(A.rows(), max_abs(A));
    for (Eigen::Index i = 0; i < A.rows(); ++i)
        for (Eigen::Index j = i + 1; j < A.cols(); ++j)
            if (abs(A(i, j) - A(j, i)) > tol)
                throw error(where + ": " + name + " must be symmetric, but " + name + "(" +
                            std::to_string(i) + "," + std::to_string(j) + ") = " + show(A(i, j)) +
                            " and " + name + "(" + std::to_string(j) + "," + std::to_string(i) +
                            ") = " + show(A(j, i)) + "; pass (A + Aᵀ)/2 if the asymmetry is rounding");
}

} // namespace kb
