#pragma once
/// \file basic_kernels.hpp
/// \brief The basic kernels as small value types (any copyable `k` with `k(x, y)` on two row
///        vectors, returning T; parameters fixed and checked at construction): linear,
///        polynomial, Gaussian, Laplacian, constant and minimum. Included by kernels.hpp.
/// \see \ref ch04-kernels-list "Chapter 4, §6 — The kernels of the book"

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

#include <string>
#include <string_view>

namespace kb {

/// \brief Checks that the two points given to a kernel have the same dimension
///        (a kernel is defined on pairs of points of one space).
/// \throws kb::error naming the kernel and both dimensions otherwise.
inline void require_same_dimension(Eigen::Index got_x, Eigen::Index got_y, std::string_view where) {
    require(got_x == got_y, where,
            "points have dimensions {} and {}; a kernel compares two points of the same space (give both "
            "the same number of coordinates)",
            got_x, got_y);
}

namespace detail {
/// \brief \f$b^d\f$ for an integer d ≥ 0 by repeated multiplication (exact in rationals).
template <class T>
T integer_power(const T& base, int degree) {
    T value(1);
    for (int i = 0; i < degree; ++i) value *= base;
    return value;
}
/// \brief The degree d of a polynomial kernel, after checking d ≥ 1. \throws kb::error otherwise.
inline int checked_degree(int degree, std::string_view where) {
    require(degree >= 1, where, "degree d = {} must be ≥ 1", degree);
    return degree;
}
} // namespace detail

/// \brief The linear kernel \f$k(x, y) = x^\top y\f$ (`zhu:ex7a`).
template <class T>
struct LinearKernel {
    using Scalar = T;                                 ///< the scalar type of the kernel's values
    static constexpr const char* name = "LinearKernel"; ///< for messages
    /// \brief \f$x^\top y\f$. \throws kb::error if x and y have different dimensions.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        require_same_dimension(x.size(), y.size(), name);
        return x.dot(y);
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = xᵀy"; }
};

/// \brief The polynomial kernel \f$k(x, y) = (c + x^\top y)^d\f$ with \f$c \ge 0\f$ and
///        integer \f$d \ge 1\f$ (`zhu:ex7b` has c = 1; a kernel by `beeny:thm3.8.3`).
///
/// The parameters are fixed at construction, where they are checked, and read through
/// kb::PolynomialKernel::c() and kb::PolynomialKernel::degree().
template <class T>
class PolynomialKernel {
public:
    using Scalar = T;                                     ///< the scalar type of the kernel's values
    static constexpr const char* name = "PolynomialKernel"; ///< for messages

    /// \brief Validating constructor.
    /// \throws kb::error if c < 0, c is not finite, or d < 1.
    PolynomialKernel(const T& c, int degree) : c_(c), degree_(detail::checked_degree(degree, "PolynomialKernel")) {
        require(is_finite(c_) && c_ >= 0, "PolynomialKernel",
                "offset c = {} must be finite and ≥ 0 ((c + xᵀy)^d with c < 0 is not PSD in general)",
                shown(c_));
    }
    /// \brief The offset \f$c \ge 0\f$ (a negative offset does not give a kernel in general).
    const T& c() const { return c_; }
    /// \brief The degree \f$d \ge 1\f$.
    int degree() const { return degree_; }
    /// \brief \f$(c + x^\top y)^d\f$, by repeated multiplication (exact in rationals).
    /// \throws kb::error if x and y have different dimensions.
    //! [ch04-polynomial]
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        require_same_dimension(x.size(), y.size(), name);
        return detail::integer_power(T(c_ + x.dot(y)), degree_);
    }
    //! [ch04-polynomial]
    /// \brief The formula, for printing.
    std::string describe() const { return fmt::format("k(x, y) = ({} + xᵀy)^{}", shown(c_), degree_); }

private:
    T c_;
    int degree_;
};

namespace detail {
/// \brief What the Gaussian and the Laplacian kernel share: \f$k(x, y) = \exp(-\gamma\,d(x, y))\f$
///        with a width \f$\gamma > 0\f$ fixed and checked at construction; `Derived` gives the
///        distance d, its name, its formula and its conventions for σ.
template <class T, class Derived>
class ExponentialKernel {
public:
    using Scalar = T; ///< the scalar type of the kernel's values

    /// \brief The width parameter \f$\gamma > 0\f$.
    const T& gamma() const { return gamma_; }
    /// \brief \f$\exp(-\gamma\,d(x, y))\f$. \throws kb::error unless γ is finite and > 0.
    static Derived from_gamma(const T& gamma) { return Derived(gamma); }
    /// \brief \f$\exp(-\gamma\,d(x, y))\f$. \throws kb::error if x and y have different dimensions.
    //! [ch04-exponential-family]
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::exp;
        require_same_dimension(x.size(), y.size(), Derived::name);
        return exp(-gamma_ * Derived::distance(x, y));
    }
    //! [ch04-exponential-family]
    /// \brief The formula, for printing.
    std::string describe() const {
        return fmt::format("k(x, y) = exp(-{}·{})", shown(gamma_), Derived::distance_symbol);
    }

protected:
    /// \throws kb::error unless γ is finite and > 0 (with γ ≤ 0, exp(+|γ| d) is not a kernel).
    explicit ExponentialKernel(const T& gamma) : gamma_(gamma) {
        require(is_finite(gamma_) && gamma_ > 0, Derived::name,
                "γ = {} must be finite and > 0 (exp(−γ{}) with γ ≤ 0 is not a kernel)", shown(gamma_),
                Derived::distance_symbol);
    }
    /// \brief σ itself, after checking that it is finite and > 0. \throws kb::error otherwise.
    static const T& checked_sigma(const T& sigma, const char* where) {
        require(is_finite(sigma) && sigma > 0, where, "σ = {} must be finite and > 0", shown(sigma));
        return sigma;
    }

private:
    T gamma_;
};
} // namespace detail

/// \brief The Gaussian kernel \f$k(x, y) = \exp(-\gamma\,\norm{x - y}^2)\f$, \f$\gamma > 0\f$
///        (`beeny:thm3.9`); γ is checked at construction (γ ≤ 0 is not a kernel).
/// \see \ref ch04-kernels-list "Chapter 4, §6" (the two σ conventions:
///      kb::GaussianKernel::from_sigma(), kb::GaussianKernel::from_zhu_sigma()),
///      \ref ch04-gaussian "Chapter 4, §5"
template <class T>
class GaussianKernel : public detail::ExponentialKernel<T, GaussianKernel<T>> {
public:
    static constexpr const char* name = "GaussianKernel";       ///< for messages
    static constexpr const char* distance_symbol = "‖x − y‖²"; ///< for printing

    /// \brief \f$\exp(-\gamma\norm{x-y}^2)\f$. \throws kb::error unless γ is finite and > 0.
    explicit GaussianKernel(const T& gamma) : detail::ExponentialKernel<T, GaussianKernel>(gamma) {}
    /// \brief \f$\exp(-\norm{x-y}^2/(2\sigma^2))\f$ (`ghiasi:eq1`). \throws kb::error unless σ is finite and > 0.
    //! [ch04-sigma]
    static GaussianKernel from_sigma(const T& sigma) {
        const T& s = GaussianKernel::checked_sigma(sigma, "GaussianKernel::from_sigma");
        return GaussianKernel(T(1) / (T(2) * s * s));
    }
    //! [ch04-sigma]
    /// \brief \f$\exp(-\norm{x-y}^2/\sigma^2)\f$ (`zhu:ex7c`, `beeny:thm3.9`). \throws kb::error unless σ is finite and > 0.
    static GaussianKernel from_zhu_sigma(const T& sigma) {
        const T& s = GaussianKernel::checked_sigma(sigma, "GaussianKernel::from_zhu_sigma");
        return GaussianKernel(T(1) / (s * s));
    }
    /// \brief The distance \f$d(x, y) = \norm{x - y}^2\f$.
    template <class A, class B>
    static T distance(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) {
        return T((x - y).squaredNorm());
    }
};

/// \brief The Laplacian kernel \f$k(x, y) = \exp(-\gamma\,\norm{x - y}_1)\f$, \f$\gamma > 0\f$, with the
///        \f$\ell_1\f$ norm (a kernel by the closure rules); γ is checked at construction.
/// \see \ref ch04-kernels-list "Chapter 4, §6" (the choice of norm, and the proof)
template <class T>
class LaplacianKernel : public detail::ExponentialKernel<T, LaplacianKernel<T>> {
public:
    static constexpr const char* name = "LaplacianKernel";       ///< for messages
    static constexpr const char* distance_symbol = "‖x − y‖₁"; ///< for printing

    /// \brief \f$\exp(-\gamma\norm{x-y}_1)\f$. \throws kb::error unless γ is finite and > 0.
    explicit LaplacianKernel(const T& gamma) : detail::ExponentialKernel<T, LaplacianKernel>(gamma) {}
    /// \brief \f$\exp(-\norm{x-y}_1/\sigma)\f$, i.e. \f$\gamma = 1/\sigma\f$. \throws kb::error unless σ > 0.
    static LaplacianKernel from_sigma(const T& sigma) {
        return LaplacianKernel(T(1) / LaplacianKernel::checked_sigma(sigma, "LaplacianKernel::from_sigma"));
    }
    /// \brief The distance \f$d(x, y) = \sum_i |x_i - y_i|\f$.
    template <class A, class B>
    static T distance(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) {
        using std::abs;
        T l1(0);
        for (Eigen::Index i = 0; i < x.size(); ++i) l1 += abs(T(x(i) - y(i)));
        return l1;
    }
};

/// \brief The constant kernel \f$k(x, y) = a\f$ with \f$a \ge 0\f$: its Gram matrix is
///        \f$a\,\one\one^\top\f$ (the term \f$a_0\f$ of `beeny:thm3.8.3`).
template <class T>
class ConstantKernel {
public:
    using Scalar = T; ///< the scalar type of the kernel's values

    /// \brief Validating constructor. \throws kb::error if a < 0 or a is not finite
    ///        (a negative constant has the Gram matrix \f$a\one\one^\top\f$, which is not PSD).
    explicit ConstantKernel(const T& a) : a_(a) {
        require(is_finite(a_) && a_ >= 0, "ConstantKernel",
                "a = {} must be finite and ≥ 0 (a·𝟙𝟙ᵀ with a < 0 is negative definite on 𝟙)", shown(a_));
    }
    /// \brief The value \f$a \ge 0\f$.
    const T& a() const { return a_; }
    /// \brief The constant a. \throws kb::error if x and y have different dimensions.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        require_same_dimension(x.size(), y.size(), "ConstantKernel");
        return a_;
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = " + show(a_); }

private:
    T a_;
};

/// \brief The minimum kernel \f$k(x, y) = \prod_{i=1}^q \min(x_i, y_i)\f$ on
///        \f$[0, \infty)^q\f$ (for q = 1: \f$\min(s, t)\f$, the covariance of Brownian motion).
///
/// It is a kernel because \f$\min(s, t) = \int_0^\infty \one[u \le s]\,\one[u \le t]\,du
/// = \inner{\one_{[0,s]}}{\one_{[0,t]}}_{L^2}\f$ for \f$s, t \ge 0\f$, and a
/// product of kernels is a kernel (`beeny:thm3.8.2`). On a set containing a negative number it is not a
/// kernel (\f$\min(s, s) = s < 0\f$ is a negative 1×1 Gram matrix), so it refuses one.
template <class T>
struct MinKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    /// \brief \f$\prod_i \min(x_i, y_i)\f$. Exact in rationals.
    /// \throws kb::error if a coordinate is negative, or the dimensions differ.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        require_same_dimension(x.size(), y.size(), "MinKernel");
        T value(1);
        for (Eigen::Index i = 0; i < x.size(); ++i) {
            require(x(i) >= 0 && y(i) >= 0, "MinKernel",
                    "coordinates must be ≥ 0, but got {} and {}; min(s, t) is a kernel only "
                    "on [0, ∞) (shift the data first)",
                    shown(x(i)), shown(y(i)));
            value *= x(i) < y(i) ? T(x(i)) : T(y(i));
        }
        return value;
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = ∏ᵢ min(xᵢ, yᵢ)"; }
};

} // namespace kb
