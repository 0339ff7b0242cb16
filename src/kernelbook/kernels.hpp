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

/// \brief The Laplacian kernel \f$k(x, y) = \exp(-\gamma\,\|x - y\|_1)\f$, \f$\gamma > 0\f$,
///        with the \f$\ell_1\f$ norm \f$\|x - y\|_1 = \sum_i |x_i - y_i|\f$.
///
/// The norm is a choice: kernelbook uses \f$\ell_1\f$ (as scikit-learn's
/// `laplacian_kernel` does), because then the kernel is the product over the coordinates
/// of the one-dimensional kernels \f$e^{-\gamma|s - t|}\f$, and each of those is built
/// from the closure rules of chapter 4:
/// \f[ e^{-\gamma|s-t|} = e^{-\gamma s}\,e^{-\gamma t}\,\min\bigl(e^{2\gamma s}, e^{2\gamma t}\bigr), \f]
/// a rank-one kernel \f$g(s)g(t)\f$ times the kernel kb::MinKernel composed with
/// \f$h(s) = e^{2\gamma s} > 0\f$. (The Euclidean variant \f$e^{-\gamma\|x-y\|_2}\f$ is a
/// kernel too, by Schoenberg's theorem, but not by these elementary rules.)
template <class T>
struct LaplacianKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    T gamma; ///< \f$\gamma > 0\f$

    /// \brief \f$\exp(-\gamma\|x-y\|_1)\f$. \throws kb::error unless γ is finite and > 0.
    static LaplacianKernel from_gamma(const T& gamma) {
        require(is_finite(gamma) && gamma > 0, "LaplacianKernel",
                "γ = " + show(gamma) + " must be finite and > 0");
        return LaplacianKernel{gamma};
    }
    /// \brief \f$\exp(-\|x-y\|_1/\sigma)\f$, i.e. \f$\gamma = 1/\sigma\f$. \throws kb::error unless σ > 0.
    static LaplacianKernel from_sigma(const T& sigma) {
        require(is_finite(sigma) && sigma > 0, "LaplacianKernel::from_sigma",
                "σ = " + show(sigma) + " must be finite and > 0");
        return from_gamma(T(1) / sigma);
    }
    /// \brief \f$\exp(-\gamma\sum_i|x_i - y_i|)\f$.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::abs;
        using std::exp;
        T l1(0);
        for (Eigen::Index i = 0; i < x.size(); ++i) l1 += abs(T(x(i) - y(i)));
        return exp(-gamma * l1);
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = exp(-" + show(gamma) + "·‖x − y‖₁)"; }
};

/// \brief The constant kernel \f$k(x, y) = a\f$ with \f$a \ge 0\f$: its Gram matrix is
///        \f$a\,\mathbb{1}\mathbb{1}^\top\f$ (the term \f$a_0\f$ of `beeny:thm3.8.3`).
template <class T>
struct ConstantKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    T a; ///< the value \f$a \ge 0\f$

    /// \brief Validating constructor. \throws kb::error if a < 0 or a is not finite
    ///        (a negative constant has the Gram matrix \f$a\mathbb{1}\mathbb{1}^\top\f$, which is not PSD).
    explicit ConstantKernel(const T& a_) : a(a_) {
        require(is_finite(a) && a >= 0, "ConstantKernel",
                "a = " + show(a) + " must be finite and ≥ 0 (a·𝟙𝟙ᵀ with a < 0 is negative definite on 𝟙)");
    }
    /// \brief The constant a.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>&, const Eigen::MatrixBase<B>&) const {
        return a;
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = " + show(a); }
};

/// \brief The minimum kernel \f$k(x, y) = \prod_{i=1}^q \min(x_i, y_i)\f$ on
///        \f$[0, \infty)^q\f$ (for q = 1: \f$\min(s, t)\f$, the covariance of Brownian motion).
///
/// It is a kernel because \f$\min(s, t) = \int_0^\infty \mathbb{1}[u \le s]\,\mathbb{1}[u \le t]\,du
/// = \langle \mathbb{1}_{[0,s]}, \mathbb{1}_{[0,t]}\rangle_{L^2}\f$ for \f$s, t \ge 0\f$, and a
/// product of kernels is a kernel. On a set containing a negative number it is not a
/// kernel (\f$\min(s, s) = s < 0\f$ is a negative 1×1 Gram matrix), so it refuses one.
template <class T>
struct MinKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    /// \brief \f$\prod_i \min(x_i, y_i)\f$. Exact in rationals.
    /// \throws kb::error if a coordinate is negative, or the dimensions differ.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        require(x.size() == y.size(), "MinKernel",
                "points have dimensions " + std::to_string(x.size()) + " and " + std::to_string(y.size()));
        T value(1);
        for (Eigen::Index i = 0; i < x.size(); ++i) {
            require(x(i) >= 0 && y(i) >= 0, "MinKernel",
                    "coordinates must be ≥ 0, but got " + show(T(x(i))) + " and " + show(T(y(i))) +
                        "; min(s, t) is a kernel only on [0, ∞) (shift the data first)");
            value *= x(i) < y(i) ? T(x(i)) : T(y(i));
        }
        return value;
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = ∏ᵢ min(xᵢ, yᵢ)"; }
};

/// \brief The normalised pixel inner product \f$\langle x, z\rangle = x^\top z / q\f$ of two
///        images with q pixels (`ghiasi:eq27-29`, eq. 28 with q = 784 = 28×28).
///
/// For pixels in [0, 1] it lies in [0, 1]; for pixels in [−1, 1] in [−1, 1].
/// \throws kb::error if x and z have different lengths or are empty.
template <class A, class B>
typename A::Scalar pixel_inner_product(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& z) {
    using T = typename A::Scalar;
    require(x.size() == z.size() && x.size() > 0, "pixel_inner_product",
            "images have " + std::to_string(x.size()) + " and " + std::to_string(z.size()) +
                " pixels; both must have the same number q ≥ 1");
    return T(x.dot(z)) / T(x.size());
}

/// \brief Checks that a kernel built for images of q pixels gets images of q pixels.
inline void require_pixels(Eigen::Index got_x, Eigen::Index got_y, int q, const std::string& where) {
    require(got_x == q && got_y == q, where,
            "the kernel was built for images of q = " + std::to_string(q) + " pixels, but got " +
                std::to_string(got_x) + " and " + std::to_string(got_y) + " pixels");
}

/// \brief The first MNIST kernel of `ghiasi:eq27-29`, \f$k_1(x, z) = \langle x, z\rangle^d\f$
///        with \f$\langle x, z\rangle = x^\top z / q\f$ (the paper: q = 784, d = 9, pixels
///        scaled to [0, 1]).
///
/// It is the polynomial kernel \f$(0 + x^\top z)^d\f$ times the non-negative constant
/// \f$q^{-d}\f$, so a kernel; for pixels in [0, 1] its values lie in [0, 1].
template <class T>
struct PixelPolynomialKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    int q;      ///< number of pixels q ≥ 1
    int degree; ///< \f$d \ge 1\f$

    /// \brief Validating constructor. \throws kb::error if q < 1 or d < 1.
    PixelPolynomialKernel(int q_, int degree_) : q(q_), degree(degree_) {
        require(q >= 1, "PixelPolynomialKernel", "number of pixels q = " + std::to_string(q) + " must be ≥ 1");
        require(degree >= 1, "PixelPolynomialKernel", "degree d = " + std::to_string(degree) + " must be ≥ 1");
    }
    /// \brief The paper's \f$k_1\f$: d = 9, q = 784 unless given.
    static PixelPolynomialKernel ghiasi(int q = 784) { return PixelPolynomialKernel(q, 9); }
    /// \brief \f$(x^\top z / q)^d\f$, exact in rationals.
    /// \throws kb::error if x or z does not have q pixels.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& z) const {
        require_pixels(x.size(), z.size(), q, "PixelPolynomialKernel");
        const T s = pixel_inner_product(x, z);
        T value(1);
        for (int i = 0; i < degree; ++i) value *= s;
        return value;
    }
    /// \brief The formula, for printing.
    std::string describe() const {
        return "k₁(x, z) = (xᵀz/" + std::to_string(q) + ")^" + std::to_string(degree);
    }
};

/// \brief The second MNIST kernel of `ghiasi:eq27-29`,
///        \f$k_2(x, z) = \bigl((\langle 2x - 1, 2z - 1\rangle + 1)/2\bigr)^d\f$, which the paper
///        also writes \f$(\langle 2x-1, 2z-1\rangle + 1)^9 / 512\f$ (d = 9, 2⁹ = 512).
///
/// Pixels in [0, 1] are first mapped to [−1, 1] by \f$h(x) = 2x - 1\f$; then
/// \f$\langle h(x), h(z)\rangle \in [-1, 1]\f$ and \f$k_2 \in [0, 1]\f$, with
/// \f$k_2(x, x) = 1\f$ exactly when every pixel is 0 or 1. It is a kernel by the closure
/// rules: a polynomial with non-negative coefficients of the linear kernel, composed with h.
template <class T>
struct SignedPixelPolynomialKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    int q;      ///< number of pixels q ≥ 1
    int degree; ///< \f$d \ge 1\f$

    /// \brief Validating constructor. \throws kb::error if q < 1 or d < 1.
    SignedPixelPolynomialKernel(int q_, int degree_) : q(q_), degree(degree_) {
        require(q >= 1, "SignedPixelPolynomialKernel", "number of pixels q = " + std::to_string(q) + " must be ≥ 1");
        require(degree >= 1, "SignedPixelPolynomialKernel", "degree d = " + std::to_string(degree) + " must be ≥ 1");
    }
    /// \brief The paper's \f$k_2\f$: d = 9, q = 784 unless given.
    static SignedPixelPolynomialKernel ghiasi(int q = 784) { return SignedPixelPolynomialKernel(q, 9); }
    /// \brief \f$\bigl((\langle 2x-1, 2z-1\rangle + 1)/2\bigr)^d\f$, exact in rationals.
    /// \throws kb::error if x or z does not have q pixels.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& z) const {
        require_pixels(x.size(), z.size(), q, "SignedPixelPolynomialKernel");
        const RowVector<T> u = (T(2) * x.template cast<T>().array() - T(1)).matrix();
        const RowVector<T> v = (T(2) * z.template cast<T>().array() - T(1)).matrix();
        const T base = (pixel_inner_product(u, v) + T(1)) / T(2);
        T value(1);
        for (int i = 0; i < degree; ++i) value *= base;
        return value;
    }
    /// \brief The formula, for printing.
    std::string describe() const {
        return "k₂(x, z) = ((⟨2x−1, 2z−1⟩ + 1)/2)^" + std::to_string(degree) + ", ⟨u, v⟩ = uᵀv/" +
               std::to_string(q);
    }
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
