#pragma once
/// \file more_kernels.hpp
/// \brief The kernels beyond the basic ones: the image kernels of chapter 8 and the lift of
///        `zhu:ex3`. Included by kernels.hpp.
/// \see \ref ch04-kernels-list "Chapter 4, §6 — The kernels of the book"

#include "kernelbook/basic_kernels.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

#include <string>

namespace kb {

/// \brief The normalised pixel inner product \f$\inner{x}{z} = x^\top z / q\f$ of two
///        images with q pixels (`ghiasi:eq27-29`, eq. 28 with q = 784 = 28×28).
///
/// For pixels in [0, 1] it lies in [0, 1]; for pixels in [−1, 1] in [−1, 1].
/// \throws kb::error if x and z have different lengths or are empty.
template <class A, class B>
typename A::Scalar pixel_inner_product(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& z) {
    using T = typename A::Scalar;
    require(x.size() == z.size() && x.size() > 0, "pixel_inner_product",
            "images have {} and {} pixels; both must have the same number q ≥ 1", x.size(), z.size());
    return T(x.dot(z)) / T(x.size());
}

namespace detail {
/// \brief What the two image kernels of `ghiasi:eq27-29` share: a kernel
///        \f$k(x, z) = b(x, z)^d\f$ of two images of q pixels, with q and the degree d
///        checked at construction; `Derived` gives the base \f$b(x, z)\f$, its name and its formula.
template <class T, class Derived>
class PixelPolynomial {
public:
    using Scalar = T; ///< the scalar type of the kernel's values
    /// \brief The number of pixels q ≥ 1.
    int q() const { return q_; }
    /// \brief The degree \f$d \ge 1\f$.
    int degree() const { return degree_; }
    /// \brief The paper's kernel: d = 9, q = 784 unless given.
    static Derived ghiasi(int q = 784) { return Derived(q, 9); }
    /// \brief \f$b(x, z)^d\f$, exact in rationals.
    /// \throws kb::error if x or z does not have q pixels.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& z) const {
        require(x.size() == q_ && z.size() == q_, Derived::name,
                "the kernel was built for images of q = {} pixels, but got {} and {} pixels",
                q_, x.size(), z.size());
        return integer_power(T(Derived::base(x, z)), degree_);
    }

protected:
    /// \throws kb::error if q < 1 or d < 1.
    PixelPolynomial(int q, int degree) : q_(q), degree_(checked_degree(degree, Derived::name)) {
        require(q_ >= 1, Derived::name, "number of pixels q = {} must be ≥ 1", q_);
    }

private:
    int q_;
    int degree_;
};
} // namespace detail

/// \brief The first MNIST kernel of `ghiasi:eq27-29`, \f$k_1(x, z) = \inner{x}{z}^d\f$
///        with \f$\inner{x}{z} = x^\top z / q\f$ (the paper: q = 784, d = 9, pixels
///        scaled to [0, 1]).
///
/// It is the polynomial kernel \f$(0 + x^\top z)^d\f$ times the non-negative constant
/// \f$q^{-d}\f$, so a kernel; for pixels in [0, 1] its values lie in [0, 1].
template <class T>
class PixelPolynomialKernel : public detail::PixelPolynomial<T, PixelPolynomialKernel<T>> {
public:
    static constexpr const char* name = "PixelPolynomialKernel"; ///< for messages
    /// \brief Validating constructor. \throws kb::error if q < 1 or d < 1.
    PixelPolynomialKernel(int q, int degree) : detail::PixelPolynomial<T, PixelPolynomialKernel>(q, degree) {}
    /// \brief The base \f$\inner{x}{z} = x^\top z / q\f$.
    template <class A, class B>
    static T base(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& z) {
        return pixel_inner_product(x, z);
    }
    /// \brief The formula, for printing.
    std::string describe() const {
        return fmt::format("k₁(x, z) = (xᵀz/{})^{}", this->q(), this->degree());
    }
};

/// \brief The second MNIST kernel of `ghiasi:eq27-29`,
///        \f$k_2(x, z) = \bigl((\inner{2x - 1}{2z - 1} + 1)/2\bigr)^d\f$, which the paper
///        also writes \f$(\inner{2x-1}{2z-1} + 1)^9 / 512\f$ (d = 9, 2⁹ = 512).
///
/// Pixels in [0, 1] are first mapped to [−1, 1] by \f$h(x) = 2x - 1\f$; then
/// \f$\inner{h(x)}{h(z)} \in [-1, 1]\f$ and \f$k_2 \in [0, 1]\f$, with
/// \f$k_2(x, x) = 1\f$ exactly when every pixel is 0 or 1. It is a kernel by the closure
/// rules: a polynomial with non-negative coefficients of the linear kernel, composed with h.
template <class T>
class SignedPixelPolynomialKernel : public detail::PixelPolynomial<T, SignedPixelPolynomialKernel<T>> {
public:
    static constexpr const char* name = "SignedPixelPolynomialKernel"; ///< for messages
    /// \brief Validating constructor. \throws kb::error if q < 1 or d < 1.
    SignedPixelPolynomialKernel(int q, int degree)
        : detail::PixelPolynomial<T, SignedPixelPolynomialKernel>(q, degree) {}
    /// \brief The base \f$(\inner{2x-1}{2z-1} + 1)/2\f$: h(x) = 2x − 1 maps pixels in [0, 1] to [−1, 1].
    template <class A, class B>
    static T base(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& z) {
        const RowVector<T> u = (T(2) * x.template cast<T>().array() - T(1)).matrix();
        const RowVector<T> v = (T(2) * z.template cast<T>().array() - T(1)).matrix();
        return (pixel_inner_product(u, v) + T(1)) / T(2);
    }
    /// \brief The formula, for printing.
    std::string describe() const {
        return fmt::format("k₂(x, z) = ((⟨2x−1, 2z−1⟩ + 1)/2)^{}, ⟨u, v⟩ = uᵀv/{}",
                           this->degree(), this->q());
    }
};

/// \brief The kernel induced by kb::paraboloid_lift:
///        \f$k(x, y) = \inner{\phi(x)}{\phi(y)} = x^\top y + \norm{x}^2\norm{y}^2\f$ — the linear
///        kernel plus the rank-one kernel \f$g(x)g(y)\f$ with \f$g(x) = \norm{x}^2\f$ (closure rules 1 and 5).
template <class T>
struct ParaboloidLiftKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    /// \brief \f$x^\top y + \norm{x}^2\norm{y}^2\f$, exact in rationals.
    /// \throws kb::error if x and y have different dimensions.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        require_same_dimension(x.size(), y.size(), "ParaboloidLiftKernel");
        return T(x.dot(y)) + T(x.squaredNorm()) * T(y.squaredNorm());
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = xᵀy + ‖x‖²‖y‖²"; }
};


} // namespace kb
