#pragma once
/// \file kernels.hpp
/// \brief Kernels as small value types (any copyable `k` with `k(x, y)` on two row vectors,
///        returning T; parameters named by their convention), and their Gram matrices.
/// \see \ref ch04-kernels-list "Chapter 4, §6 — The kernels of the book"

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

#include <concepts>
#include <limits>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

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

/// \brief A kernel over the scalar type T: a copyable function object that gives a value
///        convertible to T for two points (row vectors). Whether it is symmetric and
///        positive semi-definite is a mathematical property that no type can state: the
///        book checks it (kb::certify_psd, the PSD checks of every method).
template <class K, class T>
concept Kernel = std::copy_constructible<K> && requires(const K& k, const RowVector<T>& x) {
    { k(x, x) } -> std::convertible_to<T>;
};

/// \brief Checks that X and Y are finite sets of points of the same dimension.
template <class T>
void require_points(const Matrix<T>& X, std::string_view where, std::string_view name) {
    require(X.rows() >= 1 && X.cols() >= 1, where,
            "{} must hold at least one point of dimension ≥ 1 (one point per row), but it is {}×{}",
            name, X.rows(), X.cols());
    require_finite(X, where, name);
}

template <class T>
class AnyKernel;

namespace detail {
// In double, the Gram matrices of the linear, polynomial and Gaussian kernels come from one
// blocked matrix product of the points (blocked_gram.cpp, compiled in the library): the
// entries equal k(x_i, x_j) to within the rounding stated in chapter 7, §7.9, and the
// symmetric ones are exactly symmetric.
Matrix<double> inner_products_blocked(const Matrix<double>& X);
Matrix<double> inner_products_blocked(const Matrix<double>& Z, const Matrix<double>& X);
Matrix<double> gaussian_gram_blocked(double gamma, const Matrix<double>& X);
Matrix<double> gaussian_gram_blocked(double gamma, const Matrix<double>& Z, const Matrix<double>& X);

// The kernels whose double Gram matrices are blocked products.
template <class Fn>
inline constexpr bool has_blocked_gram_v =
    std::is_same_v<Fn, LinearKernel<double>> || std::is_same_v<Fn, PolynomialKernel<double>> ||
    std::is_same_v<Fn, GaussianKernel<double>>;

// K from the blocked inner products G = ZXᵀ (or XXᵀ) of a kernel with has_blocked_gram_v.
template <class Fn, class... Points>
Matrix<double> blocked_kernel_values(const Fn& k, const Points&... points) {
    // The check that the pairwise route makes in every k(z, x): both sets in one space.
    if constexpr (sizeof...(Points) == 2) {
        const auto& [Z, X] = std::tie(points...);
        require_same_dimension(Z.cols(), X.cols(), Fn::name);
    }
    if constexpr (std::is_same_v<Fn, GaussianKernel<double>>) {
        return gaussian_gram_blocked(k.gamma(), points...);
    } else {
        Matrix<double> K = inner_products_blocked(points...);
        if constexpr (std::is_same_v<Fn, PolynomialKernel<double>>)
            K = K.unaryExpr([&](double g) { return integer_power(k.c() + g, k.degree()); });
        return K;
    }
}

// The kernel values themselves, without checks: a caller has checked the points once, at its
// own public boundary (kb::gram below, and every method that keeps a kernel). Only the upper
// triangle of a symmetric block is evaluated and mirrored, so it is exactly symmetric.
template <class Fn, class T>
Matrix<T> kernel_values(const Fn& k, const Matrix<T>& X) {
    if constexpr (has_blocked_gram_v<Fn>) return blocked_kernel_values(k, X);
    //! [ch04-gram]
    const Eigen::Index N = X.rows();
    Matrix<T> K(N, N);
    for (Eigen::Index i = 0; i < N; ++i)
        for (Eigen::Index j = i; j < N; ++j) K(i, j) = K(j, i) = k(X.row(i), X.row(j));
    return K;
    //! [ch04-gram]
}
template <class Fn, class T>
Matrix<T> kernel_values(const Fn& k, const Matrix<T>& Z, const Matrix<T>& X) {
    if constexpr (has_blocked_gram_v<Fn>) return blocked_kernel_values(k, Z, X);
    Matrix<T> K(Z.rows(), X.rows());
    for (Eigen::Index m = 0; m < Z.rows(); ++m)
        for (Eigen::Index n = 0; n < X.rows(); ++n) K(m, n) = k(Z.row(m), X.row(n));
    return K;
}
// A type-erased kernel evaluates a whole block in one virtual call (defined below AnyKernel).
template <class T>
Matrix<T> kernel_values(const AnyKernel<T>& k, const Matrix<T>& X);
template <class T>
Matrix<T> kernel_values(const AnyKernel<T>& k, const Matrix<T>& Z, const Matrix<T>& X);
} // namespace detail

namespace detail {
/// \brief What kb::detail::kernel_description() says of a kernel without `describe()`.
inline constexpr std::string_view function_kernel = "a kernel given as a function k(x, y)";
/// \brief A kernel's formula for messages: `describe()` when it has one.
template <class Fn>
std::string kernel_description(const Fn& k) {
    if constexpr (requires { k.describe(); })
        return k.describe();
    else
        return std::string(function_kernel);
}
/// \brief " for the kernel k(x, y) = …", " for a kernel given as a function k(x, y)", or
///        nothing for an empty description: the kernel in a message.
inline std::string for_kernel(std::string_view kernel) {
    if (kernel.empty()) return "";
    return kernel == function_kernel ? " for " + std::string(kernel) : " for the kernel " + std::string(kernel);
}
} // namespace detail

/// \brief Checks that kernel values are finite: a kernel evaluated on finite points can still
///        overflow (a polynomial of large entries, an exponential of a large argument).
///
/// Kernel values are not rescaled by the methods: they depend on the scale of the points by
/// definition (a Gaussian kernel's γ is chosen for the data), so one that overflows is refused.
/// \param K      the kernel values
/// \param where  the function that computed them, for the message
/// \param what   the values, for the message (e.g. "k(x_i, x_j)")
/// \param kernel the kernel's formula, for the message (kb::AnyKernel::describe()); none if empty
/// \throws kb::error naming the first non-finite value, its position (the indices of the two
///         points), the kernel, and what to do.
template <class T>
void require_kernel_values(const Matrix<T>& K, std::string_view where, std::string_view what,
                           std::string_view kernel = {}) {
    if (const auto at = detail::first_non_finite(K))
        fail(where, "the kernel value {} at ({},{}) = {} is not finite{}; rescale the data or choose kernel "
             "parameters that do not overflow",
             what, at->first, at->second, shown(K(at->first, at->second)), detail::for_kernel(kernel));
}

namespace detail {
/// \brief kb::require_normal_kernel_values() for a caller that has \f$m = \max_{ij}|K_{ij}|\f$ already.
template <class T>
void require_normal_max(const T& m, std::string_view where, std::string_view what) {
    if constexpr (is_floating_v<T>) {
        if (m > 0 && m < std::numeric_limits<T>::min())
            fail(where, "every entry of {} is below the smallest normal {} {} (max |{}| = {}): the values have lost "
                 "digits to underflow, so {} is not known to the precision of {}; rescale the data or the kernel "
                 "(kb::scaled(a, k)), or use a wider type (real50, real100)",
                 what, scalar_name<T>(), shown(T(std::numeric_limits<T>::min())), what, shown(m), what,
                 scalar_name<T>());
    }
}
} // namespace detail

/// \brief Refuses a kernel matrix whose entries all lie below the normal range of a floating
///        type T: \f$0 < \max_{ij}|K_{ij}|\f$ < the smallest normal number (2.2·10⁻³⁰⁸ in `double`).
///
/// A subnormal value is rounded to an absolute error of up to half the smallest subnormal, which
/// is more than \f$\varepsilon\max|K|\f$ exactly when \f$\max|K|\f$ is below the smallest
/// normal number: such a K has lost digits to underflow (the linear kernel of points near 10⁻¹⁶⁰
/// has values near 10⁻³²⁰ with a few bits each), and an eigen-decomposition of it would report
/// rounding as structure (a "non-PSD" K) instead of the scale. A larger K is decomposed at the
/// scale 2⁻ᵉ (kb::power_of_two_exponent()) and its tiny entries are rounding of the size the
/// methods' models allow. Exact types and the zero matrix pass (the methods refuse a zero K).
/// \param K     the kernel values
/// \param where the function that uses them, for the message
/// \param what  the values, for the message (e.g. "K")
/// \throws kb::error naming the largest value and the smallest normal number of T.
template <class T>
void require_normal_kernel_values(const Matrix<T>& K, std::string_view where, std::string_view what) {
    if constexpr (is_floating_v<T>) detail::require_normal_max(max_abs(K), where, what);
}

/// \brief The Gram matrix \f$K_{ij} = k(x_i, x_j)\f$ of the rows of X (N×N): the matrix whose
///        positive semi-definiteness for every X defines a kernel (`zhu:def4`, `beeny:def3.6`).
///
/// Only the upper triangle is evaluated and mirrored, so K is exactly symmetric. With the
/// linear kernel it is \f$XX^\top\f$: the Gram matrix \f$G = V^\top V\f$ of the vectors stored
/// as the columns of \f$V = X^\top\f$ (`beeny:ex3.5`). A kb::AnyKernel is evaluated on the
/// wrapped kernel's own type, in one virtual call.
/// \throws kb::error if X is empty or not finite, or a kernel value is not finite.
template <class Fn, class T>
    requires Kernel<Fn, T>
Matrix<T> gram(const Fn& k, const Matrix<T>& X) {
    require_points(X, "gram", "X");
    Matrix<T> K = detail::kernel_values(k, X);
    require_kernel_values(K, "gram", "k(x_i, x_j)", detail::kernel_description(k));
    return K;
}

/// \brief The kernel rows of the points Z against the points X: the M×N matrix
///        \f$K_{mn} = k(z_m, x_n)\f$ for Z (M×q) and X (N×q) — one row per point of Z, as
///        every point set in the book is one point per row. Every method evaluates its kernel
///        values through this function (or the one above); where a source writes the kernel
///        vector \f$k_z = (k(x_1, z), \dots, k(x_N, z))^\top\f$ as a column, the book writes
///        the transpose at that formula.
/// \throws kb::error if Z or X is empty or not finite, their dimensions differ, or a kernel
///         value is not finite.
template <class Fn, class T>
    requires Kernel<Fn, T>
Matrix<T> gram(const Fn& k, const Matrix<T>& Z, const Matrix<T>& X) {
    require_points(Z, "gram", "Z");
    require_points(X, "gram", "X");
    require(Z.cols() == X.cols(), "gram",
            "points of Z have dimension {} but points of X have dimension {}; both must be "
            "points of the same space",
            Z.cols(), X.cols());
    Matrix<T> K = detail::kernel_values(k, Z, X);
    require_kernel_values(K, "gram", "k(z_m, x_n)", detail::kernel_description(k));
    return K;
}

namespace detail {
// The type erasure behind kb::AnyKernel: an interface, and its implementation for a kernel K
// of static type. A Gram matrix is one virtual call: its entries are evaluated on the static
// kernel, not pair by pair through the interface (unchecked: kb::gram has checked the points).
template <class T>
struct AnyKernelConcept {
    virtual ~AnyKernelConcept() = default;
    virtual T value(const RowVector<T>& x, const RowVector<T>& y) const = 0;
    virtual Matrix<T> gram(const Matrix<T>& X) const = 0;
    virtual Matrix<T> gram(const Matrix<T>& Z, const Matrix<T>& X) const = 0;
    virtual std::string describe() const = 0;
};
template <class T, class K>
struct AnyKernelModel final : AnyKernelConcept<T> {
    explicit AnyKernelModel(K k_) : k(std::move(k_)) {}
    T value(const RowVector<T>& x, const RowVector<T>& y) const override { return T(k(x, y)); }
    Matrix<T> gram(const Matrix<T>& X) const override { return kernel_values(k, X); }
    Matrix<T> gram(const Matrix<T>& Z, const Matrix<T>& X) const override { return kernel_values(k, Z, X); }
    std::string describe() const override { return kernel_description(k); }
    K k;
};
} // namespace detail

/// \brief Any kernel over T, its type decided at run time: the one type erasure of the
///        library. The methods that keep a kernel after fitting (kb::KernelPca,
///        kb::ExplicitFeatureMap) hold it as an AnyKernel, and chapter 4 builds kernels from
///        random expression trees of closure rules with it.
///
/// Gram matrices of an AnyKernel (kb::gram) cost one virtual call and are evaluated on the
/// wrapped kernel's own type; a single value `k(x, y)` copies the two points into row vectors.
template <class T>
class AnyKernel {
public:
    using Scalar = T; ///< the scalar type of the kernel's values

    /// \brief Wraps the kernel k (any kb::Kernel over T; `describe()` is used when it has one).
    template <class K>
        requires(!std::same_as<std::decay_t<K>, AnyKernel> && Kernel<std::decay_t<K>, T>)
    AnyKernel(K k) // NOLINT: implicit on purpose, so combinators and methods accept any kernel
        : eval_(std::make_shared<detail::AnyKernelModel<T, std::decay_t<K>>>(std::move(k))) {}

    /// \brief \f$k(x, y)\f$ of the wrapped kernel.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return eval_->value(RowVector<T>(x), RowVector<T>(y));
    }
    /// \brief The wrapped kernel's formula.
    std::string describe() const { return eval_->describe(); }

    /// \cond INTERNAL
    const detail::AnyKernelConcept<T>& model() const { return *eval_; }
    /// \endcond

private:
    std::shared_ptr<const detail::AnyKernelConcept<T>> eval_;
};

namespace detail {
template <class T>
Matrix<T> kernel_values(const AnyKernel<T>& k, const Matrix<T>& X) {
    return k.model().gram(X);
}
template <class T>
Matrix<T> kernel_values(const AnyKernel<T>& k, const Matrix<T>& Z, const Matrix<T>& X) {
    return k.model().gram(Z, X);
}
} // namespace detail

} // namespace kb
