#pragma once
/// \file features.hpp
/// \brief Explicit feature maps: of the polynomial kernel \f$(c + x^\top y)^d\f$ (any q and d;
///        `zhu:ex7b`) and the truncated one of the Gaussian kernel, kb::GaussianTaylorFeatureMap.
/// \see \ref ch04-features "Chapter 4, §10 — Explicit feature maps"

#include "kernelbook/error.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/matrix.hpp"

#include <vector>

namespace kb {

/// \brief The explicit feature map of kb::PolynomialKernel (see features.hpp; `zhu:ex7b`, and a
///        feature map in the sense of `beeny:def3.7`).
template <class T>
class PolynomialFeatureMap {
public:
    /// \brief The map for \f$(c + x^\top y)^d\f$ on \f$\R^q\f$.
    /// \throws kb::error if q < 1 (and as kb::PolynomialKernel for c, d).
    PolynomialFeatureMap(const PolynomialKernel<T>& kernel, int q) : kernel_(kernel), q_(q) {
        require(q >= 1, "PolynomialFeatureMap", "input dimension q = {} must be ≥ 1", q);
        std::vector<int> alpha(static_cast<std::size_t>(q), 0);
        for (int degree = 0; degree <= kernel.degree(); ++degree) enumerate(alpha, 0, degree);
        weights_ = Vector<T>(static_cast<Eigen::Index>(exponents_.size()));
        for (std::size_t k = 0; k < exponents_.size(); ++k)
            weights_(static_cast<Eigen::Index>(k)) = weight(exponents_[k]);
    }

    /// \brief Dimension of the feature space, \f$\binom{q+d}{d}\f$.
    Eigen::Index dimension() const { return static_cast<Eigen::Index>(exponents_.size()); }

    /// \brief The exponent vectors α, in the order of the features.
    const std::vector<std::vector<int>>& exponents() const { return exponents_; }

    /// \brief The diagonal of W: \f$w_\alpha = \binom{d}{d-|\alpha|,\alpha_1,\dots,\alpha_q} c^{d-|\alpha|}\f$ (exact in rationals).
    const Vector<T>& weights() const { return weights_; }

    /// \brief The monomials \f$m(x)\f$ of each row x of X (N×q → N×dimension), exact in rationals.
    /// \throws kb::error if X does not have q columns or is not finite.
    Matrix<T> monomials(const Matrix<T>& X) const {
        require(X.cols() == q_, "PolynomialFeatureMap::monomials",
                "points have dimension {} but the map was built for q = {}", X.cols(), q_);
        require_finite(X, "PolynomialFeatureMap::monomials", "X");
        Matrix<T> M(X.rows(), dimension());
        for (Eigen::Index n = 0; n < X.rows(); ++n)
            for (Eigen::Index k = 0; k < dimension(); ++k) {
                T value(1);
                for (int i = 0; i < q_; ++i)
                    for (int p = 0; p < exponents_[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)]; ++p)
                        value *= X(n, i);
                M(n, k) = value;
            }
        return M;
    }

    /// \brief The features \f$\phi(x) = W^{1/2} m(x)\f$ of each row (floating types only).
    Matrix<T> features(const Matrix<T>& X) const {
        static_assert(!is_exact_v<T>, "√w is irrational: use monomials() and weights() in exact arithmetic");
        using std::sqrt;
        //! [ch04-features]
        Vector<T> root(dimension());
        for (Eigen::Index k = 0; k < dimension(); ++k) root(k) = sqrt(weights_(k));
        return monomials(X) * root.asDiagonal();
        //! [ch04-features]
    }

    /// \brief The inner products \f$\inner{\phi(x_i)}{\phi(y_j)} = m(x_i)^\top W\, m(y_j)\f$ of
    ///        every row of X (N×q) with every row of Y (M×q): an N×M matrix, exact in rationals.
    /// \throws kb::error as kb::PolynomialFeatureMap::monomials.
    Matrix<T> inner_products(const Matrix<T>& X, const Matrix<T>& Y) const {
        return monomials(X) * weights_.asDiagonal() * monomials(Y).transpose();
    }

    /// \brief The kernel this map represents.
    const PolynomialKernel<T>& kernel() const { return kernel_; }

private:
    // All α with |α| = degree, x₁'s exponent varying slowest (lexicographic, descending).
    void enumerate(std::vector<int>& alpha, int i, int remaining) {
        if (i == q_ - 1) {
            alpha[static_cast<std::size_t>(i)] = remaining;
            exponents_.push_back(alpha);
            return;
        }
        for (int a = remaining; a >= 0; --a) {
            alpha[static_cast<std::size_t>(i)] = a;
            enumerate(alpha, i + 1, remaining - a);
        }
    }
    // Multinomial coefficient d! / ((d − |α|)! α₁! ⋯ α_q!) times c^{d − |α|}.
    T weight(const std::vector<int>& alpha) const {
        //! [ch04-weights]
        int total = 0;
        for (int a : alpha) total += a;
        T w = factorial(kernel_.degree()) / factorial(kernel_.degree() - total);
        for (int a : alpha) w /= factorial(a);
        for (int p = 0; p < kernel_.degree() - total; ++p) w *= kernel_.c();
        return w;
        //! [ch04-weights]
    }
    static T factorial(int n) {
        T f(1);
        for (int k = 2; k <= n; ++k) f *= T(k);
        return f;
    }

    PolynomialKernel<T> kernel_;
    int q_;
    std::vector<std::vector<int>> exponents_;
    Vector<T> weights_;
};

/// \brief The explicit feature map of the Gaussian kernel \f$e^{-\gamma\norm{x-y}^2}\f$ (`zhu:ex7c`)
///        truncated at total degree D: the \f$\binom{q+D}{D}\f$ features \f$\phi_\alpha\f$ with
///        \f$|\alpha| \le D\f$. Floating types only (the features are irrational).
/// \see \ref ch04-features "Chapter 4, §10"
template <class T>
class GaussianTaylorFeatureMap {
public:
    static_assert(!is_exact_v<T>, "the Gaussian features are irrational: use a floating type");

    /// \brief The features \f$\phi_\alpha\f$, \f$|\alpha| \le D\f$, of k on \f$\R^q\f$.
    /// \throws kb::error if q < 1 or D < 0.
    GaussianTaylorFeatureMap(const GaussianKernel<T>& k, int q, int D)
        : kernel_(k), D_(checked_degree(q, D)), monomials_(PolynomialKernel<T>(T(1), D < 1 ? 1 : D), q) {
        using std::sqrt;
        // Keep the exponents with |α| ≤ D (the monomial list of degree max(D, 1) starts with them).
        const T two_gamma = T(2) * kernel_.gamma();
        for (const auto& alpha : monomials_.exponents()) {
            int total = 0;
            T alpha_factorial(1);
            for (int a : alpha) {
                total += a;
                for (int j = 2; j <= a; ++j) alpha_factorial *= T(j);
            }
            if (total > D) break;
            T w(1);
            for (int p = 0; p < total; ++p) w *= two_gamma;
            root_weights_.push_back(sqrt(w / alpha_factorial));
        }
    }

    /// \brief The number of features, \f$\binom{q+D}{D}\f$.
    Eigen::Index dimension() const { return static_cast<Eigen::Index>(root_weights_.size()); }
    /// \brief The truncation degree D.
    int degree() const { return D_; }
    /// \brief The exponents α of the features, in their order (by total degree).
    std::vector<std::vector<int>> exponents() const {
        const auto& all = monomials_.exponents();
        return {all.begin(), all.begin() + dimension()};
    }

    /// \brief The features \f$\phi_\alpha(x)\f$, \f$|\alpha| \le D\f$, of each row x of X
    ///        (N×q → N×dimension()).
    /// \throws kb::error if X does not have q columns or is not finite.
    Matrix<T> features(const Matrix<T>& X) const {
        using std::exp;
        const Matrix<T> M = monomials_.monomials(X).leftCols(dimension());
        Matrix<T> Phi(X.rows(), dimension());
        //! [ch04-taylor-features]
        for (Eigen::Index n = 0; n < X.rows(); ++n) {
            const T g = exp(-kernel_.gamma() * X.row(n).squaredNorm());
            for (Eigen::Index a = 0; a < dimension(); ++a)
                Phi(n, a) = g * root_weights_[static_cast<std::size_t>(a)] * M(n, a);
        }
        //! [ch04-taylor-features]
        return Phi;
    }

    /// \brief The Lagrange bound \f$g(x)g(y)e^{|s|}|s|^{D+1}/(D+1)!\f$, \f$s = 2\gamma x^\top y\f$, on
    ///        \f$|k(x, y) - \sum_{|\alpha| \le D}\phi_\alpha(x)\phi_\alpha(y)|\f$ (exact arithmetic; the
    ///        caller adds rounding).
    template <class A, class B>
    T remainder_bound(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::abs;
        using std::exp;
        require_same_dimension(x.size(), y.size(), "GaussianTaylorFeatureMap::remainder_bound");
        const T gamma = kernel_.gamma();
        const T s = abs(T(T(2) * gamma * T(x.dot(y))));
        T bound = exp(-gamma * T(x.squaredNorm())) * exp(-gamma * T(y.squaredNorm())) * exp(s);
        for (int n = 1; n <= D_ + 1; ++n) bound *= s / T(n);
        return bound;
    }

    /// \brief The kernel this map represents.
    const GaussianKernel<T>& kernel() const { return kernel_; }

private:
    // Checked before the monomials are built (the member initialisers run in this order).
    static int checked_degree(int q, int D) {
        require(q >= 1, "GaussianTaylorFeatureMap", "input dimension q = {} must be ≥ 1", q);
        require(D >= 0, "GaussianTaylorFeatureMap", "the degree D = {} must be ≥ 0", D);
        return D;
    }

    GaussianKernel<T> kernel_;
    int D_;
    PolynomialFeatureMap<T> monomials_; // the monomials x^α, |α| ≤ max(D, 1), in order
    std::vector<T> root_weights_;       // √((2γ)^{|α|}/α!)
};

/// \brief The lift of `zhu:ex3` (drawn in `zhu:fig2`), \f$\phi(y) = (y_1, \dots, y_q, \norm{y}^2)\f$, of each row of Y
///        (N×q → N×(q+1)); for q = 2 it is \f$(y_1, y_2, y_1^2 + y_2^2)\f$. Exact in rationals.
///
/// It puts the points on the paraboloid \f$x_{q+1} = \norm{x_{1..q}}^2\f$: points on a circle of
/// radius r land on the plane \f$x_{q+1} = r^2\f$, so two concentric circles of radii
/// \f$r_1 < r_2\f$ are separated by any plane \f$x_{q+1} = c\f$ with \f$r_1^2 < c < r_2^2\f$.
/// \throws kb::error if Y is empty or not finite.
template <class T>
Matrix<T> paraboloid_lift(const Matrix<T>& Y) {
    require_points(Y, "paraboloid_lift", "Y");
    Matrix<T> out(Y.rows(), Y.cols() + 1);
    //! [ch04-lift]
    out.leftCols(Y.cols()) = Y;
    for (Eigen::Index n = 0; n < Y.rows(); ++n) out(n, Y.cols()) = Y.row(n).squaredNorm();
    //! [ch04-lift]
    return out;
}

} // namespace kb
