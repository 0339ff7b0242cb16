#pragma once
/// \file 05-rkhs/checks/chapter_support.hpp
/// \brief Chapter 5's test helpers, shared by its test files: functions that look like kernels
///        but are not (for the failing companions), comparisons that are exact in rationals and
///        bounded by the rounding of one pass in floating point, the random kernels and
///        expansions of the laws, and the Riesz representer's checks (test code only).

#include "test_support.hpp"

#include "kernelbook/kernels.hpp"
#include "kernelbook/rkhs.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <string>
#include <type_traits>
#include <utility>

namespace kb::test::ch05 {

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

/// \brief The length n and the scale of the bound one_pass(n, scale) on |⟨f, k(z, ·)⟩ − f(z)|: a
///        value of f at z computed by two routes. Where both evaluate k(xᵢ, z) alike (pair by pair,
///        as in real50 and real100), only the summation of the terms differs: f.terms() at
///        value_scale(f, z). In double the linear, polynomial and Gaussian kernels' values come
///        from blocked products (chapter 7, §7.9) centred by the mean of the second argument's
///        points — z itself on one side, f's centres on the other — and each differs from the
///        pairwise value by at most one evaluation's rounding: one_pass(evaluation_terms, k̄) for
///        the linear and polynomial kernels, and one_pass(q + 3, k(γS + 1)) for the Gaussian
///        (chapter 4's test of the blocked Gram matrices), with S = ‖xᵢ − m‖² + ‖z − m‖² for the
///        centring m, the larger of the two. The two sides add two such evaluations per term.
template <class T, class Kernel>
std::pair<long, T> two_route_bound(const kb::KernelExpansion<T, Kernel>& f, const kb::Matrix<T>& z) {
    if constexpr (!std::is_same_v<T, double>) {
        return {f.terms(), value_scale(f, z)};
    } else {
        using std::abs;
        const long q = f.centres().cols();
        if constexpr (std::is_same_v<Kernel, kb::GaussianKernel<double>>) {
            const kb::RowVector<double> m = f.centres().colwise().mean();
            double s = 0;
            for (Eigen::Index i = 0; i < f.terms(); ++i) {
                const double by_z = (f.centres().row(i) - z.row(0)).squaredNorm();
                const double by_m = (f.centres().row(i) - m).squaredNorm() + (z.row(0) - m).squaredNorm();
                s += abs(f.coefficients()(i)) * f.kernel()(f.centres().row(i), z.row(0)) *
                     (f.kernel().gamma() * std::max(by_z, by_m) + 1);
            }
            return {f.terms() + 2 * (q + 3), s};
        } else {
            return {f.terms() + 2 * evaluation_terms(f.kernel(), q), value_scale(f, z)};
        }
    }
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
        const auto verdict = kb::test::within(T(abs(a - b)), kb::test::one_pass<T>(n, scale), what);
        if (!verdict.ok) {
            // Both sides of the failing identity, after the inputs the law showed.
            const auto eq = what.find(" = ");
            kb::test::show(eq == std::string::npos ? what + ", left side" : what.substr(0, eq), a);
            kb::test::show(eq == std::string::npos ? what + ", right side" : what.substr(eq + 3) + " (expected)", b);
            RC_FAIL(verdict.message);
        }
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

// ---------------------------------------------------------------------------------------
// The Riesz representer and the minimum-norm interpolant (laws and exact statements).

// Centres of (c + xᵀy)^d on R² in general position: their sections are linearly independent,
// checked exactly (no vanishing combination) on the same integer recipe in rationals.
inline IntMatrix general_position_centres(int N, long c, int d) {
    const IntMatrix P = *points(N, 2, 10);
    using Q = kb::rational;
    RC_PRE(kb::vanishing_combinations(kb::PolynomialKernel<Q>(Q(c), d), kb::from_integers<Q>(P, 10)).cols() == 0);
    return P;
}

// The kernels of the Riesz checks rebuilt in real100, for the independent reference computations.
template <class T>
kb::PolynomialKernel<kb::real100> in_real100(const kb::PolynomialKernel<T>& k) {
    return kb::PolynomialKernel<kb::real100>(kb::convert<kb::real100>(k.c()), k.degree());
}
template <class T>
kb::GaussianKernel<kb::real100> in_real100(const kb::GaussianKernel<T>& k) {
    return kb::GaussianKernel<kb::real100>::from_gamma(kb::convert<kb::real100>(k.gamma()));
}

// A bound on ‖β̂‖ for the computed solution of K β = v, from the inputs and never from β̂:
// λ_min of the Gram matrix of the same points computed independently in real100, less
// δ = c₂Nε‖K‖_F, which covers the rounding of K in T and the solver's backward error, so
// ‖β̂‖ ≤ ‖v‖/(λ_min − δ) (Weyl). The generators make K well-posed (general position,
// distinct points): λ_min > 2δ is asserted, not assumed.
template <class T, class Kernel>
T solution_norm_bound(const Kernel& k, const Matrix<T>& X, const Vector<T>& v) {
    using R = kb::real100;
    const Eigen::Index N = X.rows();
    const Matrix<R> K = kb::gram(in_real100(k), kb::convert_matrix<R>(X));
    const T lambda_min = kb::convert<T>(kb::symmetric_eigen(K).values(N - 1));
    const T delta = kb::test::factorisation<T>(N, kb::convert<T>(R(K.norm()))).value;
    RC_ASSERT(lambda_min > T(2) * delta);
    return v.norm() / (lambda_min - delta);
}

// ‖K‖_F ‖β̂‖ + ‖v‖ with ‖β̂‖ ≤ solution_norm_bound: the scale of the residual K β̂ − v of a
// backward-stable solve, from the inputs K and v.
template <class T, class Kernel>
T residual_scale(const Kernel& k, const Matrix<T>& X, const Matrix<T>& K, const Vector<T>& v) {
    if constexpr (kb::is_exact_v<T>)
        return T(0);
    else
        return K.norm() * solution_norm_bound(k, X, v) + v.norm();
}

// f represents the functional with values v on the sections k(xᵢ, ·): ⟨f, k(xᵢ, ·)⟩ = f(xᵢ) = vᵢ.
template <class T, class Kernel>
void represents_on_sections(const KernelExpansion<T, Kernel>& f, const Vector<T>& v, const std::string& what) {
    using std::abs;
    const Matrix<T> K = kb::gram(f.kernel(), f.centres());
    const T bound_scale = residual_scale<T>(f.kernel(), f.centres(), K, v);
    for (Eigen::Index i = 0; i < f.terms(); ++i) {
        const T value = kb::inner(f, kb::feature(f.kernel(), f.centres().row(i)));
        if constexpr (kb::is_exact_v<T>)
            RC_ASSERT(value == v(i));
        else
            KB_RC_WITHIN(T(abs(value - v(i))), kb::test::factorisation<T>(f.terms(), bound_scale), what);
    }
}

} // namespace kb::test::ch05

// The names chapter 5's test files use, declared once for all of them.
namespace ch05 = kb::test::ch05;
using ch05::any_expansion;
using ch05::any_gaussian_kernel;
using ch05::any_polynomial_kernel;
using ch05::general_position_centres;
using ch05::represents_on_sections;
using ch05::residual_scale;
using ch05::solution_norm_bound;
using kb::KernelExpansion;
using kb::test::int_in;
using kb::test::int_matrix;
using kb::test::points;
using kb::test::size_in;
