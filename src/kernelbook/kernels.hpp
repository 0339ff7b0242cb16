#pragma once
/// \file kernels.hpp
/// \brief Kernels as small value types, and their Gram matrices.
///
/// A kernel is any copyable object `k` with `k(x, y)` defined for two points (row
/// vectors of the same length) and returning the scalar T. The basic kernels here carry
/// their parameters with the convention in their name; chapter 4 adds the closure rules
/// that build new kernels from old ones.

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

#include <string>

namespace kb {

/// \brief The linear kernel \f$k(x, y) = x^\top y\f$ (`zhu:ex7a`).
template <class T>
struct LinearKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    /// \brief \f$x^\top y\f$.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return x.dot(y);
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = xᵀy"; }
};

/// \brief The polynomial kernel \f$k(x, y) = (c + x^\top y)^d\f$ with \f$c \ge 0\f$ and
///        integer \f$d \ge 1\f$ (`zhu:ex7b` has c = 1).
template <class T>
struct PolynomialKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    T c;       ///< offset \f$c \ge 0\f$ (a negative offset does not give a kernel in general)
    int degree; ///< \f$d \ge 1\f$

    /// \brief Validating constructor.
    /// \throws kb::error if c < 0, c is not finite, or d < 1.
    PolynomialKernel(const T& c_, int degree_) : c(c_), degree(degree_) {
        require(is_finite(c) && c >= 0, "PolynomialKernel",
                "offset c = " + show(c) + " must be finite and ≥ 0 ((c + xᵀy)^d with c < 0 is not PSD in general)");
        require(degree >= 1, "PolynomialKernel",
                "degree d = " + std::to_string(degree) + " must be ≥ 1");
    }
    /// \brief \f$(c + x^\top y)^d\f$, by repeated multiplication (exact in rationals).
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        const T base = c + x.dot(y);
        T value(1);
        for (int i = 0; i < degree; ++i) value *= base;
        return value;
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = (" + show(c) + " + xᵀy)^" + std::to_string(degree); }
};

/// \brief The Gaussian kernel \f$k(x, y) = \exp(-\gamma\,\|x - y\|^2)\f$, \f$\gamma > 0\f$.
///
/// The seeds use two conventions for the width σ; construct with the one you mean:
///  - kb::GaussianKernel::from_sigma: \f$\exp(-\|x-y\|^2 / (2\sigma^2))\f$, i.e.
///    \f$\gamma = 1/(2\sigma^2)\f$ — `ghiasi:eq1`, the usual "bandwidth" convention;
///  - kb::GaussianKernel::from_zhu_sigma: \f$\exp(-\|x-y\|^2 / \sigma^2)\f$, i.e.
///    \f$\gamma = 1/\sigma^2\f$ — `zhu:ex7c` and `beeny:thm3.9`.
template <class T>
struct GaussianKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    T gamma; ///< \f$\gamma > 0\f$

    /// \brief \f$\exp(-\gamma\|x-y\|^2)\f$. \throws kb::error unless γ is finite and > 0.
    static GaussianKernel from_gamma(const T& gamma) {
        require(is_finite(gamma) && gamma > 0, "GaussianKernel",
                "γ = " + show(gamma) + " must be finite and > 0");
        return GaussianKernel{gamma};
    }
    /// \brief \f$\exp(-\|x-y\|^2/(2\sigma^2))\f$ (`ghiasi:eq1`). \throws kb::error unless σ > 0.
    static GaussianKernel from_sigma(const T& sigma) {
        require(sigma > 0, "GaussianKernel::from_sigma", "σ = " + show(sigma) + " must be > 0");
        return from_gamma(T(1) / (T(2) * sigma * sigma));
    }
    /// \brief \f$\exp(-\|x-y\|^2/\sigma^2)\f$ (`zhu:ex7c`, `beeny:thm3.9`). \throws kb::error unless σ > 0.
    static GaussianKernel from_zhu_sigma(const T& sigma) {
        require(sigma > 0, "GaussianKernel::from_zhu_sigma", "σ = " + show(sigma) + " must be > 0");
        return from_gamma(T(1) / (sigma * sigma));
    }
    /// \brief \f$\exp(-\gamma\|x-y\|^2)\f$.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::exp;
        return exp(-gamma * (x - y).squaredNorm());
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = exp(-" + show(gamma) + "·‖x − y‖²)"; }
};

/// \brief Checks that X and Y are finite sets of points of the same dimension.
template <class T>
void require_points(const Matrix<T>& X, const std::string& where, const std::string& name) {
    require(X.rows() >= 1 && X.cols() >= 1, where,
            name + " must hold at least one point of dimension ≥ 1 (one point per row), but it is " +
                std::to_string(X.rows()) + "×" + std::to_string(X.cols()));
    require_finite(X, where, name);
}

/// \brief The Gram matrix \f$K_{ij} = k(x_i, x_j)\f$ of the rows of X (N×N).
///
/// Only the upper triangle is evaluated and mirrored, so K is exactly symmetric.
/// \throws kb::error if X is empty or not finite.
template <class Kernel, class T>
Matrix<T> gram(const Kernel& k, const Matrix<T>& X) {
    require_points(X, "gram", "X");
    const Eigen::Index N = X.rows();
    Matrix<T> K(N, N);
    for (Eigen::Index i = 0; i < N; ++i)
        for (Eigen::Index j = i; j < N; ++j) K(i, j) = K(j, i) = k(X.row(i), X.row(j));
    return K;
}

/// \brief The cross Gram matrix \f$K_{ij} = k(x_i, y_j)\f$ between the rows of X (N×q) and
///        Y (M×q): an N×M matrix.
/// \throws kb::error if the dimensions differ or a value is not finite.
template <class Kernel, class T>
Matrix<T> gram(const Kernel& k, const Matrix<T>& X, const Matrix<T>& Y) {
    require_points(X, "gram", "X");
    require_points(Y, "gram", "Y");
    require(X.cols() == Y.cols(), "gram",
            "points of X have dimension " + std::to_string(X.cols()) + " but points of Y have dimension " +
                std::to_string(Y.cols()) + "; both must be points of the same space");
    Matrix<T> K(X.rows(), Y.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i)
        for (Eigen::Index j = 0; j < Y.rows(); ++j) K(i, j) = k(X.row(i), Y.row(j));
    return K;
}

} // namespace kb
