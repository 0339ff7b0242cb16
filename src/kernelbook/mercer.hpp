#pragma once
/// \file mercer.hpp
/// \brief Mercer's theorem made computable (`beeny:C`): quadrature rules, the Nyström
///        discretisation of a kernel's integral operator, its eigenpairs and truncated expansion.
/// \see \ref ch05-mercer "Chapter 5, §10 — Mercer's theorem"

#include "kernelbook/error.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <string>

namespace kb {

/// \brief A quadrature rule \f$\int h\, d\mu \approx \sum_j w_j\, h(t_j)\f$: nodes (one per
///        row) and positive weights.
template <class T>
struct QuadratureRule {
    Matrix<T> nodes;   ///< the nodes \f$t_j\f$, N×q (one per row; q = 1 for the rules below)
    Vector<T> weights; ///< the weights \f$w_j > 0\f$, length N
};

/// \brief The composite trapezoid rule with n equally spaced nodes on [a, b]:
///        \f$h = (b - a)/(n - 1)\f$, weights \f$h/2, h, \dots, h, h/2\f$ (Lebesgue measure).
/// \throws kb::error if n < 2 or a ≥ b or an end is not finite.
template <class T>
QuadratureRule<T> trapezoid_rule(Eigen::Index n, const T& a, const T& b) {
    require(n >= 2, "trapezoid_rule", "n = {} nodes: the rule needs n ≥ 2", n);
    require(is_finite(a) && is_finite(b) && a < b, "trapezoid_rule",
            "the interval [a, b] = [{}, {}] must be finite with a < b", shown(a), shown(b));
    QuadratureRule<T> rule{Matrix<T>(n, 1), Vector<T>(n)};
    const T h = (b - a) / T(n - 1);
    for (Eigen::Index j = 0; j < n; ++j) {
        rule.nodes(j, 0) = a + T(j) * h;
        rule.weights(j) = (j == 0 || j == n - 1) ? h / T(2) : h;
    }
    return rule;
}

namespace detail {
/// \brief Golub–Welsch: the nodes and weights of the Gauss rule of the symmetric Jacobi
///        matrix with zero diagonal and off-diagonal `beta`, total mass `mu0`.
template <class T>
QuadratureRule<T> golub_welsch(const Vector<T>& beta, const T& mu0) {
    const Eigen::Index n = beta.size() + 1;
    Matrix<T> J = Matrix<T>::Zero(n, n);
    for (Eigen::Index k = 0; k + 1 < n; ++k) J(k, k + 1) = J(k + 1, k) = beta(k);
    // Nodes: the eigenvalues of J; weights: μ₀ times the squared first components of its
    // unit eigenvectors. symmetric_eigen sorts decreasingly: reverse to increasing nodes.
    const SymmetricEigen<T> eig = symmetric_eigen(J);
    QuadratureRule<T> rule{Matrix<T>(n, 1), Vector<T>(n)};
    for (Eigen::Index j = 0; j < n; ++j) {
        rule.nodes(j, 0) = eig.values(n - 1 - j);
        rule.weights(j) = mu0 * eig.vectors(0, n - 1 - j) * eig.vectors(0, n - 1 - j);
    }
    return rule;
}
} // namespace detail

/// \brief The n-point Gauss–Legendre rule on [a, b] (Lebesgue measure), exact for
///        polynomials of degree ≤ 2n − 1; computed by Golub–Welsch from the Jacobi matrix
///        with off-diagonal \f$\beta_k = k/\sqrt{4k^2 - 1}\f$.
/// \throws kb::error if n < 1 or a ≥ b or an end is not finite.
template <class T>
QuadratureRule<T> gauss_legendre_rule(Eigen::Index n, const T& a, const T& b) {
    using std::sqrt;
    require(n >= 1, "gauss_legendre_rule", "n = {} nodes: the rule needs n ≥ 1", n);
    require(is_finite(a) && is_finite(b) && a < b, "gauss_legendre_rule",
            "the interval [a, b] = [{}, {}] must be finite with a < b", shown(a), shown(b));
    Vector<T> beta(n - 1);
    for (Eigen::Index k = 1; k < n; ++k) beta(k - 1) = T(k) / sqrt(T(4 * k * k - 1));
    QuadratureRule<T> rule = detail::golub_welsch(beta, T(2));
    // Map [−1, 1] to [a, b]: t ↦ (a + b)/2 + (b − a)/2 · t, w ↦ (b − a)/2 · w.
    const T mid = (a + b) / T(2), half = (b - a) / T(2);
    for (Eigen::Index j = 0; j < n; ++j) {
        rule.nodes(j, 0) = mid + half * rule.nodes(j, 0);
        rule.weights(j) *= half;
    }
    return rule;
}

/// \brief The n-point Gauss–Hermite rule for the normal distribution \f$N(0, s^2)\f$
///        (weights sum to 1); Golub–Welsch with off-diagonal \f$\beta_k = \sqrt{k}\f$ (the
///        probabilists' Hermite polynomials), nodes scaled by s.
/// \throws kb::error if n < 1 or s is not finite and positive.
template <class T>
QuadratureRule<T> gauss_hermite_rule(Eigen::Index n, const T& s) {
    using std::sqrt;
    require(n >= 1, "gauss_hermite_rule", "n = {} nodes: the rule needs n ≥ 1", n);
    require(is_finite(s) && s > 0, "gauss_hermite_rule",
            "the standard deviation s = {} must be > 0", shown(s));
    Vector<T> beta(n - 1);
    for (Eigen::Index k = 1; k < n; ++k) beta(k - 1) = sqrt(T(k));
    QuadratureRule<T> rule = detail::golub_welsch(beta, T(1));
    rule.nodes *= s;
    return rule;
}

/// \brief The Nyström discretisation of a kernel's integral operator on a quadrature rule,
///        with its Mercer eigenpairs and truncated expansions (`beeny:C`, see mercer.hpp).
template <class T, class Kernel>
class NystromMercer {
public:
    /// \brief Discretises \f$T_k\f$ on the rule: \f$A = W^{1/2} K W^{1/2} = U\Lambda U^\top\f$.
    /// \param k    the kernel (symmetric; PSD for Mercer's theorem to apply)
    /// \param rule nodes (N×q, finite) and weights (length N, finite, > 0)
    /// \throws kb::error on empty or non-finite nodes, a count mismatch, a weight ≤ 0.
    NystromMercer(const Kernel& k, const QuadratureRule<T>& rule) : k_(k), rule_(rule) {
        using std::abs;
        using std::max;
        constexpr std::string_view where = "NystromMercer";
        require_points(rule.nodes, where, "nodes");
        const Eigen::Index N = rule.nodes.rows();
        require(rule.weights.size() == N, where,
                "there are {} nodes but {} weights; a quadrature rule has one weight per node",
                N, rule.weights.size());
        require_finite(rule.weights, where, "weights");
        for (Eigen::Index j = 0; j < N; ++j)
            require(rule.weights(j) > 0, where,
                    "weight w({}) = {} must be > 0 (a quadrature rule for a measure of full support)",
                    j, shown(rule.weights(j)));
        //! [ch05-nystrom]
        K_ = gram(k, rule.nodes);
        using std::sqrt;
        root_w_ = Vector<T>(N);
        for (Eigen::Index j = 0; j < N; ++j) root_w_(j) = sqrt(rule.weights(j));
        // A = W^{1/2} K W^{1/2}: symmetric, similar to the discretised operator K W.
        const Matrix<T> A = root_w_.asDiagonal() * K_ * root_w_.asDiagonal();
        SymmetricEigen<T> eig = symmetric_eigen(Matrix<T>((A + A.transpose()) / T(2)));
        lambda_ = eig.values;
        // e_i(t_j) = U_ji / √w_j: orthonormal in Σ_j w_j e_i(t_j) e_k(t_j).
        E_ = root_w_.cwiseInverse().asDiagonal() * eig.vectors;
        //! [ch05-nystrom]
        normA_ = max(abs(lambda_(0)), abs(lambda_(N - 1)));
    }

    /// \brief The kernel k.
    const Kernel& kernel() const { return k_; }
    /// \brief The number N of nodes.
    Eigen::Index size() const { return K_.rows(); }
    /// \brief The quadrature rule.
    const QuadratureRule<T>& rule() const { return rule_; }
    /// \brief The Gram matrix \f$K_{jl} = k(t_j, t_l)\f$ of the nodes.
    const Matrix<T>& gram_at_nodes() const { return K_; }
    /// \brief \f$\norm{A}_2 = \max_i |\lambda_i|\f$, the scale of the discretised operator.
    const T& operator_norm() const { return normA_; }
    /// \brief The eigenvalues \f$\lambda_1 \ge \dots \ge \lambda_N\f$ of \f$A = W^{1/2}KW^{1/2}\f$.
    const Vector<T>& eigenvalues() const { return lambda_; }
    /// \brief The eigenfunctions at the nodes, \f$E_{ji} = e_i(t_j) = U_{ji}/\sqrt{w_j}\f$ (N×N).
    const Matrix<T>& eigenfunctions_at_nodes() const { return E_; }

    /// \brief The number of eigenvalues above the rank tolerance \f$N\varepsilon\lambda_1\f$
    ///        (kb::default_rank_tolerance): the eigenfunctions the Nyström extension can use.
    Eigen::Index numerical_rank() const {
        return kb::numerical_rank(lambda_, default_rank_tolerance<T>(size(), lambda_(0)));
    }

    /// \brief The truncated expansion at the nodes,
    ///        \f$(K_m)_{jl} = \sum_{i \le m} \lambda_i\, e_i(t_j)\, e_i(t_l)\f$ (N×N); \f$K_N = K\f$.
    /// \throws kb::error unless 0 ≤ m ≤ N.
    Matrix<T> truncated_at_nodes(Eigen::Index m) const {
        require(m >= 0 && m <= size(), "NystromMercer::truncated_at_nodes",
                "m = {} terms: choose 0 ≤ m ≤ N = {}", m, size());
        const auto Em = E_.leftCols(m);
        return Em * lambda_.head(m).asDiagonal() * Em.transpose();
    }

    /// \brief The Nyström extension \f$e_i(x) = \lambda_i^{-1}\sum_j w_j\, k(x, t_j)\, e_i(t_j)\f$
    ///        of the first r eigenfunctions (r = kb::NystromMercer::numerical_rank) at the
    ///        rows of Z (M×q → M×r).
    /// \throws kb::error if Z has the wrong dimension or is not finite.
    Matrix<T> eigenfunctions(const Matrix<T>& Z) const {
        const Eigen::Index r = numerical_rank();
        require(Z.cols() == rule_.nodes.cols(), "NystromMercer::eigenfunctions",
                "the points Z have dimension {} but the nodes have dimension {}",
                Z.cols(), rule_.nodes.cols());
        //! [ch05-nystrom-extension]
        const Matrix<T> Kz = gram(k_, Z, rule_.nodes);
        return Kz * rule_.weights.asDiagonal() * E_.leftCols(r) * lambda_.head(r).cwiseInverse().asDiagonal();
        //! [ch05-nystrom-extension]
    }

    /// \brief The truncated expansion \f$\sum_{i \le m} \lambda_i\, e_i(x)\, e_i(y)\f$ between
    ///        the rows of X (M×q) and Y (P×q) with Nyström-extended eigenfunctions (M×P).
    /// \throws kb::error unless 0 ≤ m ≤ numerical_rank(), or as eigenfunctions().
    Matrix<T> truncated(Eigen::Index m, const Matrix<T>& X, const Matrix<T>& Y) const {
        require(m >= 0 && m <= numerical_rank(), "NystromMercer::truncated",
                "m = {} terms: the Nyström extension divides by λ_i, so choose 0 ≤ m ≤ {} (the "
                "eigenvalues above rounding)",
                m, numerical_rank());
        const Matrix<T> Ex = eigenfunctions(X).leftCols(m);
        const Matrix<T> Ey = eigenfunctions(Y).leftCols(m);
        return Ex * lambda_.head(m).asDiagonal() * Ey.transpose();
    }

private:
    Kernel k_;
    QuadratureRule<T> rule_;
    Matrix<T> K_;
    Vector<T> root_w_;
    Vector<T> lambda_;
    Matrix<T> E_;
    T normA_;
};

/// \brief The Mercer eigenvalues \f$\lambda_1 > \lambda_2 > \dots\f$ (geometric, summing to 1) of the
///        Gaussian kernel \f$\exp(-\gamma(x - y)^2)\f$ on \f$\R\f$ with the measure \f$N(0, s^2)\f$, in closed form.
/// \param gamma \f$\gamma > 0\f$; \param s \f$s > 0\f$; \param n how many (≥ 1)
/// \throws kb::error on a parameter out of range.
/// \see \ref ch05-mercer "Chapter 5, §10"
template <class T>
Vector<T> gaussian_mercer_eigenvalues(const T& gamma, const T& s, Eigen::Index n) {
    using std::sqrt;
    require(is_finite(gamma) && gamma > 0 && is_finite(s) && s > 0 && n >= 1, "gaussian_mercer_eigenvalues",
            "need γ > 0, s > 0 and n ≥ 1, but γ = {}, s = {}, n = {}", shown(gamma), shown(s), n);
    //! [ch05-mercer-closed-form]
    const T a = T(1) / (T(4) * s * s), b = gamma;
    const T c = sqrt(a * a + T(2) * a * b);
    const T A = a + b + c, B = b / A;
    Vector<T> lambda(n);
    lambda(0) = sqrt(T(2) * a / A);
    for (Eigen::Index i = 1; i < n; ++i) lambda(i) = lambda(i - 1) * B;
    //! [ch05-mercer-closed-form]
    return lambda;
}

} // namespace kb
