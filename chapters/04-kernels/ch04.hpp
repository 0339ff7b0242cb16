#pragma once
/// \file ch04.hpp
/// \brief Functions that look like kernels but are not (chapter 4): each is symmetric,
///        and each is refuted by a certificate of kb::certify_psd with a witness c such
///        that \f$c^\top K c < 0\f$. Shared by the chapter program and its tests.

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

#include <string>

namespace kb::impostor {

/// \brief The "sigmoid kernel" \f$\tanh(a\,x^\top y + b)\f$ of neural-network folklore. Not PSD:
///        on the points 1 and 2 of \f$\mathbb{R}\f$ (a = 1, b = 0) its Gram matrix has determinant
///        \f$\tanh 1 \tanh 4 - \tanh^2 2 < 0\f$.
template <class T>
struct Sigmoid {
    using Scalar = T; ///< the scalar type of the values
    T a;              ///< slope a
    T b;              ///< offset b
    /// \brief \f$\tanh(a\,x^\top y + b)\f$.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::tanh;
        return tanh(a * T(x.dot(y)) + b);
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "tanh(" + show(a) + "·xᵀy + " + show(b) + ")"; }
};

/// \brief \f$s\,\|x - y\|_1\f$: a distance (s = 1) or a negated distance (s = −1) used as a
///        similarity. The zero diagonal and non-zero off-diagonal make it indefinite.
template <class T>
struct Distance {
    using Scalar = T; ///< the scalar type of the values
    T s;              ///< the sign ±1
    /// \brief \f$s\sum_i |x_i - y_i|\f$ (exact in rationals).
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::abs;
        T d(0);
        for (Eigen::Index i = 0; i < x.size(); ++i) d += abs(T(x(i) - y(i)));
        return s * d;
    }
    /// \brief The formula, for printing.
    std::string describe() const { return show(s) + "·‖x − y‖₁"; }
};

/// \brief \f$\exp(+\|x - y\|_1)\f$ — the Laplacian kernel with the sign of the exponent flipped.
///        On two points at distance δ > 0 the Gram matrix \f$\begin{pmatrix}1&e^\delta\\e^\delta&1\end{pmatrix}\f$
///        has determinant \f$1 - e^{2\delta} < 0\f$.
template <class T>
struct ExpDistance {
    using Scalar = T; ///< the scalar type of the values
    /// \brief \f$\exp(\sum_i|x_i - y_i|)\f$.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::abs;
        using std::exp;
        T d(0);
        for (Eigen::Index i = 0; i < x.size(); ++i) d += abs(T(x(i) - y(i)));
        return exp(d);
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "exp(+‖x − y‖₁)"; }
};

/// \brief \f$\max(x, y)\f$ on \f$\mathbb{R}\f$ (first coordinates): for \f$0 < s < t\f$ the Gram
///        matrix \f$\begin{pmatrix}s&t\\t&t\end{pmatrix}\f$ has determinant \f$t(s - t) < 0\f$.
template <class T>
struct Max {
    using Scalar = T; ///< the scalar type of the values
    /// \brief \f$\max(x_1, y_1)\f$.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return x(0) > y(0) ? T(x(0)) : T(y(0));
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "max(x, y)"; }
};

/// \brief \f$\min(x, y)\f$ on all of \f$\mathbb{R}\f$ (first coordinates), without the domain
///        check of kb::MinKernel: a negative point s has the 1×1 Gram matrix (s).
template <class T>
struct MinOnReals {
    using Scalar = T; ///< the scalar type of the values
    /// \brief \f$\min(x_1, y_1)\f$.
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return x(0) < y(0) ? T(x(0)) : T(y(0));
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "min(x, y) on ℝ"; }
};

/// \brief The pointwise minimum \f$\min(k_1(x,y), k_2(x,y))\f$ of two kernels — not a closure
///        rule: with \f$k_1 = xy\f$ and \f$k_2 = 1\f$ on the points −1 and 2 the Gram matrix is
///        \f$\begin{pmatrix}1&-2\\-2&1\end{pmatrix}\f$.
template <class K1, class K2>
struct PointwiseMin {
    using Scalar = typename K1::Scalar; ///< the scalar type of the values
    K1 k1; ///< the first kernel
    K2 k2; ///< the second kernel
    /// \brief \f$\min(k_1(x,y), k_2(x,y))\f$.
    template <class A, class B>
    Scalar operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        const Scalar u = k1(x, y), v = k2(x, y);
        return u < v ? u : v;
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "min(" + k1.describe() + ", " + k2.describe() + ")"; }
};

/// \brief The pointwise maximum \f$\max(k_1(x,y), k_2(x,y))\f$ of two kernels — not a closure
///        rule either (with \f$k_1 = xy\f$, \f$k_2 = 1\f$ on the points −1, 1, 2).
template <class K1, class K2>
struct PointwiseMax {
    using Scalar = typename K1::Scalar; ///< the scalar type of the values
    K1 k1; ///< the first kernel
    K2 k2; ///< the second kernel
    /// \brief \f$\max(k_1(x,y), k_2(x,y))\f$.
    template <class A, class B>
    Scalar operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        const Scalar u = k1(x, y), v = k2(x, y);
        return u > v ? u : v;
    }
    /// \brief The formula, for printing.
    std::string describe() const { return "max(" + k1.describe() + ", " + k2.describe() + ")"; }
};

/// \brief \f$a_1k_1 + a_2k_2\f$ with weights of any sign — what rule 1 forbids
///        (kb::combination refuses a negative weight; this does not).
template <class K1, class K2>
struct SignedCombination {
    using Scalar = typename K1::Scalar; ///< the scalar type of the values
    Scalar a1; ///< weight of \f$k_1\f$ (any sign)
    K1 k1;     ///< the first kernel
    Scalar a2; ///< weight of \f$k_2\f$ (any sign)
    K2 k2;     ///< the second kernel
    /// \brief \f$a_1k_1(x,y) + a_2k_2(x,y)\f$.
    template <class A, class B>
    Scalar operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return a1 * k1(x, y) + a2 * k2(x, y);
    }
    /// \brief The formula, for printing.
    std::string describe() const {
        return show(a1) + "·" + k1.describe() + " + " + show(a2) + "·" + k2.describe();
    }
};

} // namespace kb::impostor
