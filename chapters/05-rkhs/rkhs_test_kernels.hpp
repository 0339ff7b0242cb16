#pragma once
/// \file rkhs_test_kernels.hpp
/// \brief Chapter 5's test helpers: functions that look like kernels but are not (for the
///        failing companions), and comparisons that are exact in rationals and bounded by
///        the rounding of one pass in floating point.

#include "test_support.hpp"

#include "kernelbook/kernels.hpp"
#include "kernelbook/rkhs.hpp"

#include <string>

namespace ch05 {

/// \brief \f$k(x, y) = x_1 y_2\f$ on \f$\mathbb{R}^{q \ge 2}\f$: bilinear but not symmetric
///        (\f$x^\top A y\f$ with \f$A = e_1 e_2^\top\f$), so the pairing of `zhu:thm5` built
///        from it is neither symmetric nor well defined.
template <class T>
struct AsymmetricKernel {
    /// \brief \f$x_1 y_2\f$.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return x(0) * y(1);
    }
};

/// \brief \f$k(x, y) = \|x - y\|^2\f$: symmetric but not PSD (a distance used as a
///        similarity): its Gram matrix has a zero diagonal.
template <class T>
struct SquaredDistanceKernel {
    /// \brief \f$\|x - y\|^2\f$.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return (x - y).squaredNorm();
    }
};

/// \brief \f$k(x, y) = \cos(x_1 + y_1) = \cos x_1 \cos y_1 - \sin x_1 \sin y_1\f$: symmetric,
///        rank two, indefinite — its integral operator has a negative eigenvalue.
template <class T>
struct CosineOfSumKernel {
    /// \brief \f$\cos(x_1 + y_1)\f$.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::cos;
        return cos(T(x(0) + y(0)));
    }
};

/// \brief The scale of the rounding error of one kernel value k(x, z) computed from
///        rounded inputs: \f$|x|^\top|z|\f$ for the linear kernel (a sum may cancel, its
///        error does not).
template <class T, class A, class B>
T abs_value(const kb::LinearKernel<T>&, const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& z) {
    return x.cwiseAbs().dot(z.cwiseAbs());
}

/// \brief \f$(c + |x|^\top|z|)^d\f$ for the polynomial kernel \f$(c + x^\top z)^d\f$.
template <class T, class A, class B>
T abs_value(const kb::PolynomialKernel<T>& k, const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& z) {
    const T base = k.c() + x.cwiseAbs().dot(z.cwiseAbs());
    T value(1);
    for (int i = 0; i < k.degree(); ++i) value *= base;
    return value;
}

/// \brief \f$k(x, z)\f$ itself for the Gaussian kernel (positive; the comparisons of this
///        chapter evaluate it on identical inputs on both sides).
template <class T, class A, class B>
T abs_value(const kb::GaussianKernel<T>& k, const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& z) {
    return k(x, z);
}

/// \brief Roundings in one evaluation of k on \f$\mathbb{R}^q\f$ (inputs, products, sums):
///        added to the length of a sum when inputs differ between the two sides compared.
template <class T>
long evaluation_terms(const kb::LinearKernel<T>&, long q) {
    return q + 2;
}
/// \brief Roundings in one evaluation of \f$(c + x^\top z)^d\f$.
template <class T>
long evaluation_terms(const kb::PolynomialKernel<T>& k, long q) {
    return q + 2 + k.degree();
}
/// \brief Roundings in one evaluation of \f$\exp(-\gamma\|x - z\|^2)\f$.
template <class T>
long evaluation_terms(const kb::GaussianKernel<T>&, long q) {
    return 2 * q + 4;
}

/// \brief The scale of \f$f(z) = \sum_i \alpha_i k(x_i, z)\f$:
///        \f$\sum_i |\alpha_i|\,\bar k(x_i, z)\f$ with \f$\bar k\f$ = ch05::abs_value; z is a 1×q matrix.
template <class T, class Kernel>
T value_scale(const kb::KernelExpansion<T, Kernel>& f, const kb::Matrix<T>& z) {
    T s(0);
    for (Eigen::Index i = 0; i < f.terms(); ++i) {
        using std::abs;
        s += abs(f.coefficients()(i)) * abs_value(f.kernel(), f.centres().row(i), z.row(0));
    }
    return s;
}

/// \brief The scale of \f$\langle f, g\rangle = \alpha^\top K(X, Y)\beta\f$:
///        \f$\sum_{i,j} |\alpha_i||\beta_j|\,\bar k(x_i, y_j)\f$.
template <class T, class Kernel>
T pair_scale(const kb::KernelExpansion<T, Kernel>& f, const kb::KernelExpansion<T, Kernel>& g) {
    using std::abs;
    T s(0);
    for (Eigen::Index i = 0; i < f.terms(); ++i)
        for (Eigen::Index j = 0; j < g.terms(); ++j)
            s += abs(f.coefficients()(i)) * abs(g.coefficients()(j)) *
                 abs_value(f.kernel(), f.centres().row(i), g.centres().row(j));
    return s;
}

using kb::test::negative_part;
using kb::test::positive_part;

/// \brief Inside a property: a == b exactly in rationals; in floating point
///        |a − b| ≤ kb::test::one_pass(n, scale).
template <class T>
void same(const T& a, const T& b, long n, const T& scale, const std::string& what) {
    using std::abs;
    if constexpr (kb::is_exact_v<T>) {
        if (!(a == b)) RC_FAIL(what + ": not exactly equal (" + kb::show(a) + " vs " + kb::show(b) + ")");
    } else {
        KB_RC_WITHIN(T(abs(a - b)), kb::test::one_pass<T>(n, scale), what);
    }
}

/// \brief Inside a property: a ≤ b exactly in rationals; in floating point
///        a ≤ b + kb::test::one_pass(n, scale).
template <class T>
void at_most(const T& a, const T& b, long n, const T& scale, const std::string& what) {
    if constexpr (kb::is_exact_v<T>) {
        if (!(a <= b)) RC_FAIL(what + ": " + kb::show(a) + " > " + kb::show(b));
    } else {
        KB_RC_WITHIN(positive_part(T(a - b)), kb::test::one_pass<T>(n, scale), what);
    }
}

/// \brief A random polynomial kernel \f$(c + x^\top y)^d\f$ with c ∈ {0, 1, 2}, d ∈ {1, 2, 3}:
///        rational values on rational points.
template <class T>
kb::PolynomialKernel<T> any_polynomial_kernel() {
    return kb::PolynomialKernel<T>(T(*kb::test::int_in(0, 2)), *kb::test::size_in(1, 3));
}

/// \brief A random Gaussian kernel \f$\exp(-\gamma\|x - y\|^2)\f$ with γ ∈ {1/4, …, 2}.
template <class T>
kb::GaussianKernel<T> any_gaussian_kernel() {
    return kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*kb::test::int_in(1, 8), 4));
}

/// \brief A random expansion \f$f = \sum_i \alpha_i k(x_i, \cdot)\f$ of lo…hi terms: centres in
///        \f$[-1, 1]^q\f$ on the grid 1/10, coefficients in {−3, −8/3, …, 3}.
template <class T, class Kernel>
kb::KernelExpansion<T, Kernel> any_expansion(const Kernel& k, int q, int lo = 1, int hi = 5) {
    const int N = *kb::test::size_in(lo, hi);
    return kb::KernelExpansion<T, Kernel>(k, kb::from_integers<T>(*kb::test::points(N, q, 10), 10),
                                          kb::Vector<T>(kb::from_integers<T>(*kb::test::int_matrix(N, 1, -9, 9), 3)));
}

} // namespace ch05

// The names chapter 5's test files use, declared once for all of them.
using ch05::any_expansion;
using ch05::any_gaussian_kernel;
using ch05::any_polynomial_kernel;
using kb::KernelExpansion;
using kb::test::int_in;
using kb::test::int_matrix;
using kb::test::points;
using kb::test::size_in;
