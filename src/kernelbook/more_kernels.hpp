#pragma once
/// \file more_kernels.hpp
/// \brief The kernels beyond the basic ones: the image kernels of chapter 8, the lift of
///        `zhu:ex3`, and kernels for directions and histograms (cosine, histogram intersection,
///        additive χ²) with the sigmoid, which is not one. Each states its domain and whether
///        its Gram matrices are PSD. Included by kernels.hpp.
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

namespace detail {
/// \brief Checks that two coordinates lie in the domain [0, ∞) of a kernel of non-negative data
///        (histograms, counts, intensities). \throws kb::error naming the kernel and both values.
template <class T>
void require_non_negative_pair(const T& s, const T& t, std::string_view where, std::string_view why) {
    if (!(s >= 0 && t >= 0)) [[unlikely]] // tested before the message's numbers are formatted
        fail(where,
             "coordinates must be ≥ 0, but got {} and {}; {} (shift or rescale the data to non-negative values, or "
             "choose another kernel)",
             shown(s), shown(t), why);
}
} // namespace detail

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


/// \brief The histogram intersection kernel \f$k(x, y) = \sum_{i=1}^q \min(x_i, y_i)\f$ on
///        \f$[0, \infty)^q\f$ (histograms, counts). Exact in rationals.
///
/// **PSD** on \f$[0, \infty)^q\f$. For \f$s, t \ge 0\f$,
/// \f$\min(s, t) = \inner{\one_{[0,s]}}{\one_{[0,t]}}_{L^2}\f$ is a kernel of one coordinate
/// (kb::MinKernel for q = 1), a kernel of x through \f$h(x) = x_i\f$ (`beeny:thm3.8.4`), and a
/// sum of kernels is a kernel (`beeny:thm3.8.1`). It is not PSD on a set with a negative
/// coordinate (\f$k(x, x) = \sum_i x_i < 0\f$ for \f$x = (-1, 0, \dots)\f$), so a negative
/// coordinate is refused. \f$k(x, x) = \sum_i x_i\f$.
template <class T>
struct HistogramIntersectionKernel {
    using Scalar = T;                                              ///< the scalar type of the kernel's values
    static constexpr const char* name = "HistogramIntersectionKernel"; ///< for messages
    /// \brief \f$\sum_i \min(x_i, y_i)\f$.
    /// \throws kb::error if a coordinate is negative, or the dimensions differ.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        require_same_dimension(x.size(), y.size(), name);
        T value(0);
        //! [ch04-intersection]
        for (Eigen::Index i = 0; i < x.size(); ++i) {
            detail::require_non_negative_pair(T(x(i)), T(y(i)), name,
                                              "Σᵢ min(xᵢ, yᵢ) is a kernel only on non-negative data");
            value += x(i) < y(i) ? T(x(i)) : T(y(i));
        }
        //! [ch04-intersection]
        return value;
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = Σᵢ min(xᵢ, yᵢ), for xᵢ, yᵢ ≥ 0"; }
};

/// \brief The additive χ² kernel \f$k(x, y) = \sum_{i=1}^q \frac{2 x_i y_i}{x_i + y_i}\f$ on
///        \f$[0, \infty)^q\f$, with the term 0 where \f$x_i = y_i = 0\f$ (its limit). Exact in rationals.
///
/// **PSD** on \f$[0, \infty)^q\f$. For \f$s, t \ge 0\f$ the term is an inner product in
/// \f$L^2(0, \infty)\f$: with \f$\phi_s(u) = \sqrt2\, s\, e^{-us}\f$,
/// \f$\inner{\phi_s}{\phi_t} = 2st\int_0^\infty e^{-u(s+t)}\,du = \frac{2st}{s+t}\f$ for
/// \f$s + t > 0\f$, and \f$\phi_0 = 0\f$ gives the term 0; a sum over coordinates of kernels is a
/// kernel (`beeny:thm3.8.1`, `beeny:thm3.8.4`). Each term is the harmonic mean of \f$x_i\f$ and
/// \f$y_i\f$, between their minimum and maximum, and \f$k(x, x) = \sum_i x_i\f$. A negative
/// coordinate is refused: there \f$k(x, x) < 0\f$ can happen, and \f$x_i + y_i = 0\f$ with
/// \f$x_i \ne 0\f$ divides by zero.
///
/// This is not scikit-learn's `additive_chi2_kernel`, \f$-\sum_i (x_i - y_i)^2/(x_i + y_i)\f$, which
/// is only conditionally PSD; since \f$(s - t)^2/(s + t) = s + t - 2st/(s + t)\f$, that one is this
/// kernel minus \f$\sum_i x_i + \sum_i y_i\f$.
template <class T>
struct AdditiveChiSquaredKernel {
    using Scalar = T;                                           ///< the scalar type of the kernel's values
    static constexpr const char* name = "AdditiveChiSquaredKernel"; ///< for messages
    /// \brief \f$\sum_i 2x_iy_i/(x_i + y_i)\f$, each term computed as \f$2r/(1 + r/s)\f$ with
    ///        \f$r = \min(x_i, y_i)\f$, \f$s = \max(x_i, y_i)\f$ (the same value; r/s ≤ 1 cannot overflow).
    /// \throws kb::error if a coordinate is negative, or the dimensions differ.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        require_same_dimension(x.size(), y.size(), name);
        T value(0);
        //! [ch04-chi-squared]
        for (Eigen::Index i = 0; i < x.size(); ++i) {
            detail::require_non_negative_pair(T(x(i)), T(y(i)), name,
                                              "Σᵢ 2xᵢyᵢ/(xᵢ + yᵢ) is a kernel only on non-negative data");
            const T r = x(i) < y(i) ? T(x(i)) : T(y(i)), s = x(i) < y(i) ? T(y(i)) : T(x(i));
            if (s != 0) value += T(2) * r / (T(1) + r / s); // 2rs/(r + s); the term of 0 and 0 is 0
        }
        //! [ch04-chi-squared]
        return value;
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = Σᵢ 2xᵢyᵢ/(xᵢ + yᵢ), for xᵢ, yᵢ ≥ 0 (0 where xᵢ = yᵢ = 0)"; }
};

/// \brief The cosine kernel \f$k(x, y) = \frac{x^\top y}{\norm{x}\,\norm{y}}\f$ on the non-zero
///        points of \f$\R^q\f$: the cosine of the angle between x and y.
///
/// **PSD.** It is the linear kernel of the points moved to the unit sphere,
/// \f$k(x, y) = \inner{h(x)}{h(y)}\f$ with \f$h(x) = x/\norm{x}\f$ (`beeny:thm3.8.4`), which is
/// the normalisation \f$k_1(x, y)/\sqrt{k_1(x, x)k_1(y, y)}\f$ of the linear kernel \f$k_1\f$
/// (kb::normalised): its Gram matrices are PSD of rank ≤ q with unit diagonal. The zero vector
/// has no direction, so it is refused rather than given a value by convention.
///
/// Each point is first divided by its largest \f$|x_i|\f$: k does not change, and \f$\norm{x}^2\f$
/// can neither overflow nor underflow. Floating types and intervals (the values are irrational).
template <class T>
struct CosineKernel {
    static_assert(!is_exact_v<T>, "the cosine kernel's values are irrational: use a floating type or intervals");
    using Scalar = T;                                ///< the scalar type of the kernel's values
    static constexpr const char* name = "CosineKernel"; ///< for messages
    /// \brief \f$x^\top y/(\norm{x}\norm{y})\f$.
    /// \throws kb::error if x or y is the zero vector, or the dimensions differ.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::sqrt;
        require_same_dimension(x.size(), y.size(), name);
        const RowVector<T> u = unit_scale(x, "x"), v = unit_scale(y, "y");
        //! [ch04-cosine]
        return T(u.dot(v)) / (T(sqrt(T(u.squaredNorm()))) * T(sqrt(T(v.squaredNorm()))));
        //! [ch04-cosine]
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "k(x, y) = xᵀy/(‖x‖‖y‖), for x, y ≠ 0"; }

private:
    // x divided by max |xᵢ| (floating types; intervals are used as they are), after checking x ≠ 0.
    template <class A>
    static RowVector<T> unit_scale(const Eigen::MatrixBase<A>& x, const char* which) {
        RowVector<T> u = x.template cast<T>();
        bool nonzero = false;
        for (Eigen::Index i = 0; i < u.size(); ++i) nonzero = nonzero || u(i) != 0;
        require(nonzero, name,
                "the point {} is the zero vector, which has no direction: the cosine kernel is defined for non-zero "
                "points only (remove the zero rows, or use the linear kernel)",
                which);
        if constexpr (is_floating_v<T>) {
            using std::abs;
            T m(0);
            for (Eigen::Index i = 0; i < u.size(); ++i) m = abs(u(i)) > m ? T(abs(u(i))) : m;
            u /= m;
        }
        return u;
    }
};

/// \brief The sigmoid "kernel" \f$k(x, y) = \tanh(a\,x^\top y + c)\f$ of neural-network folklore,
///        with any finite slope a and offset c — **not PSD in general**.
///
/// A witness: on the points 1 and 2 of \f$\R\f$ with a = 1, c = 0 the Gram matrix is
/// \f$\begin{pmatrix}\tanh 1 & \tanh 2\\ \tanh 2 & \tanh 4\end{pmatrix}\f$ and
/// \f$c = (1, -1)\f$ gives \f$c^\top K c = \tanh 1 + \tanh 4 - 2\tanh 2 \approx -0.167 < 0\f$
/// (kb::certify_psd refutes it with intervals); with c < 0 one point suffices,
/// \f$k(0, 0) = \tanh c < 0\f$. Some Gram matrices are PSD (small a, c ≥ 0, points close
/// together), which is why it is used; the methods that need a kernel check K and refuse an
/// indefinite one. Floating types and intervals (the values are irrational).
template <class T>
class SigmoidKernel {
public:
    static_assert(!is_exact_v<T>, "tanh is irrational: use a floating type or intervals");
    using Scalar = T;                                 ///< the scalar type of the kernel's values
    static constexpr const char* name = "SigmoidKernel"; ///< for messages

    /// \brief Validating constructor. \throws kb::error if a or c is not finite.
    SigmoidKernel(const T& a, const T& c) : a_(a), c_(c) {
        require(is_finite(a_) && is_finite(c_), name, "the slope a = {} and the offset c = {} must be finite",
                shown(a_), shown(c_));
    }
    /// \brief The slope a.
    const T& a() const { return a_; }
    /// \brief The offset c.
    const T& c() const { return c_; }
    /// \brief \f$\tanh(a\,x^\top y + c)\f$. \throws kb::error if x and y have different dimensions.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::tanh;
        require_same_dimension(x.size(), y.size(), name);
        //! [ch04-sigmoid]
        return tanh(T(a_ * T(x.dot(y)) + c_));
        //! [ch04-sigmoid]
    }
    /// \brief The formula, for printing.
    std::string describe() const {
        return fmt::format("k(x, y) = tanh({}·xᵀy + {}) (not PSD in general)", shown(a_), shown(c_));
    }

private:
    T a_;
    T c_;
};

} // namespace kb
