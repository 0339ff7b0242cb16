#pragma once
/// \file chapters/04-kernels/checks/chapter_support.hpp
/// \brief What several of chapter 4's test files share: the random points of the chapter's
///        properties, the smallest eigenvalue of a Gram matrix, the double sum
///        Σᵢ Σⱼ cᵢ cⱼ k(xᵢ, xⱼ) of the definition of a kernel, and the random expression trees
///        of closure rules (namespace kb::tree, below).

#include "kernelbook/closure.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

#include "generators.hpp"

#include <rapidcheck.h>

#include <string>
#include <vector>

namespace kb::test::ch04 {

/// N random points of [−1, 1]^q with coordinates k/10: an integer recipe, so that the same
/// points are built in every scalar type.
template <class T>
Matrix<T> cube_points(int N, int q) {
    return kb::from_integers<T>(*kb::test::points(N, q, 10), 10);
}

/// N distinct random points of [−1, 1]^q with coordinates k/10.
template <class T>
Matrix<T> distinct_cube_points(int N, int q) {
    return kb::from_integers<T>(*kb::test::distinct_points(N, q, 10), 10);
}

/// λ_min of a symmetric matrix, by the library's eigensolver.
template <class T>
T min_eigenvalue(const Matrix<T>& K) {
    return kb::symmetric_eigen(K).values(K.rows() - 1);
}

/// Σᵢ Σⱼ cᵢ cⱼ k(xᵢ, xⱼ), written as the definition writes it (two loops, no matrix).
template <class Kernel, class T>
T double_sum(const Kernel& k, const Matrix<T>& X, const Vector<T>& c) {
    T s(0);
    for (Eigen::Index i = 0; i < X.rows(); ++i)
        for (Eigen::Index j = 0; j < X.rows(); ++j) s += c(i) * c(j) * k(X.row(i), X.row(j));
    return s;
}

} // namespace kb::test::ch04

// ============================================================ expression trees
/// \cond INTERNAL
// Random expression trees of closure rules (chapter 4's central property): a
// tree is an integer recipe, so the same tree is built in every scalar type.
//
// Leaves are kernels (linear, polynomial, constant, rank-one \f$g(x)g(y)\f$ with affine g,
// the minimum kernel on shifted data, and — outside the rational trees — Gaussian and
// Laplacian); inner nodes are the closure rules (non-negative combination, product,
// polynomial with non-negative coefficients, composition with an affine map, and — outside
// the rational trees — exp and normalisation). Points lie in the cube \f$[-1, 1]^q\f$.
//
// **Magnitudes.** Each node knows a rational bound B on \f$|k(x, y)|\f$ over the cube, and
// an inner node applies its rule to its children divided by their bounds (rule 1 with
// weight 1/B ≥ 0), so every argument of a rule lies in [−1, 1] and no value exceeds 9:
// deep trees neither overflow nor lose their accuracy to a huge exponent. A composition
// node divides its affine map by the largest row sum of \f$|[A\;b]|\f$, so it maps the cube
// into the cube.

namespace kb::tree {

/// \brief The kind of a node.
enum class Op {
    linear,      ///< leaf \f$x^\top y\f$
    poly_kernel, ///< leaf \f$(c + x^\top y)^d\f$; p = {c, d}
    constant,    ///< leaf \f$a \ge 0\f$; p = {a}
    rank_one,    ///< leaf \f$g(x)g(y)\f$, \f$g(x) = w_0 + \sum_i w_i x_i\f$; p = {w₀, …, w_q}
    min_shifted, ///< leaf \f$\prod_i \min(x_i + 1, y_i + 1)\f$ (kb::MinKernel after the shift)
    gaussian,    ///< leaf \f$\exp(-\gamma\|x-y\|^2)\f$, γ = p₀/2 (not rational)
    laplacian,   ///< leaf \f$\exp(-\gamma\|x-y\|_1)\f$, γ = p₀/2 (not rational)
    combination, ///< rule 1: \f$a_1\hat k_1 + a_2\hat k_2\f$; p = {a₁, a₂}
    product,     ///< rule 2: \f$\hat k_1\hat k_2\f$
    polynomial,  ///< rule 3: \f$\sum_m a_m\hat k_1^m\f$; p = {a₀, …, aₙ}
    composition, ///< rule 4: \f$k_1(h(x), h(y))\f$, \f$h(x) = (Ax + b)/s\f$; M = [A b]
    exponential, ///< rule 6: \f$\exp(\hat k_1)\f$ (not rational)
    normalised   ///< normalisation of \f$\hat k_1 + 1\f$ (not rational)
};

/// \brief A node of an expression tree (an integer recipe).
struct Expr {
    Op op = Op::linear;         ///< the kind of node
    std::vector<long> p;        ///< integer parameters (see kb::tree::Op)
    IntMatrix M;                ///< composition: the q×(q+1) matrix [A b]
    std::vector<Expr> children; ///< the operands of a rule
};

/// \brief Whether the tree uses only rules and leaves that keep rational data rational.
inline bool is_rational(const Expr& e) {
    if (e.op == Op::gaussian || e.op == Op::laplacian || e.op == Op::exponential || e.op == Op::normalised)
        return false;
    for (const Expr& c : e.children)
        if (!is_rational(c)) return false;
    return true;
}

/// \brief Number of nodes of the tree.
inline int size(const Expr& e) {
    int n = 1;
    for (const Expr& c : e.children) n += size(c);
    return n;
}

/// \brief Height of the tree (a leaf has height 0).
inline int height(const Expr& e) {
    int h = 0;
    for (const Expr& c : e.children) h = std::max(h, 1 + height(c));
    return h;
}

/// \brief A rational bound B ≥ 1 on \f$|k(x, y)|\f$ for x, y in the cube \f$[-1, 1]^q\f$.
inline rational bound(const Expr& e, int q) {
    rational B(1);
    switch (e.op) {
    case Op::linear: B = q; break;
    case Op::poly_kernel: {
        B = 1;
        for (long i = 0; i < e.p[1]; ++i) B *= rational(e.p[0] + q);
        break;
    }
    case Op::constant: B = e.p[0]; break;
    case Op::rank_one: {
        long s = 0;
        for (long w : e.p) s += w < 0 ? -w : w;
        B = rational(s * s);
        break;
    }
    case Op::min_shifted: B = rational(1L << q); break;
    case Op::gaussian:
    case Op::laplacian:
    case Op::product:
    case Op::normalised: B = 1; break;
    case Op::combination: B = rational(e.p[0] + e.p[1]); break;
    case Op::polynomial: {
        long s = 0;
        for (long a : e.p) s += a;
        B = s;
        break;
    }
    case Op::composition: B = bound(e.children[0], q); break;
    case Op::exponential: B = 3; break; // e < 3
    }
    return B < 1 ? rational(1) : B;
}

/// \brief The kernel of the tree in scalar type T.
template <class T>
AnyKernel<T> build(const Expr& e, int q) {
    // k̂ = k / B(k): a child scaled into [−1, 1] (rule 1 with the weight 1/B ≥ 0).
    const auto hat = [q](const Expr& c) -> AnyKernel<T> {
        const rational B = bound(c, q);
        const T w = T(1) / convert<T>(B);
        return scaled(w, build<T>(c, q));
    };
    switch (e.op) {
    case Op::linear: return LinearKernel<T>{};
    case Op::poly_kernel: return PolynomialKernel<T>(T(e.p[0]), static_cast<int>(e.p[1]));
    case Op::constant: return ConstantKernel<T>(T(e.p[0]));
    case Op::rank_one: {
        const std::vector<long> w = e.p;
        const auto g = [w](const RowVector<T>& x) {
            T v(w[0]);
            for (Eigen::Index i = 0; i < x.size(); ++i) v += T(w[static_cast<std::size_t>(i) + 1]) * x(i);
            return v;
        };
        std::string name = "(" + std::to_string(w[0]);
        for (std::size_t i = 1; i < w.size(); ++i) name += " + " + std::to_string(w[i]) + "x" + std::to_string(i);
        return rank_one<T>(g, "g" + name + ")");
    }
    case Op::min_shifted: {
        const Matrix<T> A = Matrix<T>::Identity(q, q);
        const RowVector<T> b = RowVector<T>::Ones(q);
        return composition(MinKernel<T>{}, affine_map(A, b), "(x + 1)");
    }
    case Op::gaussian:
        if constexpr (is_exact_v<T>) break;
        else return GaussianKernel<T>::from_gamma(T(e.p[0]) / T(2));
    case Op::laplacian:
        if constexpr (is_exact_v<T>) break;
        else return LaplacianKernel<T>::from_gamma(T(e.p[0]) / T(2));
    case Op::combination: return combination(T(e.p[0]), hat(e.children[0]), T(e.p[1]), hat(e.children[1]));
    case Op::product: return product(hat(e.children[0]), hat(e.children[1]));
    case Op::polynomial: {
        std::vector<T> a;
        for (long v : e.p) a.push_back(T(v));
        return polynomial(a, hat(e.children[0]));
    }
    case Op::composition: {
        long s = 1;
        for (Eigen::Index i = 0; i < e.M.rows(); ++i) s = std::max(s, static_cast<long>(e.M.row(i).cwiseAbs().sum()));
        const Matrix<T> Ab = from_integers<T>(e.M, s);
        return composition(build<T>(e.children[0], q), affine_map<T>(Ab.leftCols(q), Ab.col(q).transpose()),
                           "h" + std::to_string(size(e)));
    }
    case Op::exponential:
        if constexpr (is_exact_v<T>) break;
        else return exponential(hat(e.children[0]));
    case Op::normalised:
        if constexpr (is_exact_v<T>) break;
        else return normalised(combination(T(1), hat(e.children[0]), T(1), ConstantKernel<T>(T(1))));
    }
    throw error("kb::tree::build: this node needs a floating-point type (exp, √ or e^r are irrational)");
}

/// \brief A random tree of height at most `depth` on \f$\mathbb{R}^q\f$, drawn inside a
///        rapidcheck property; `rational_only` leaves out the irrational leaves and rules.
inline Expr random_expr(int depth, int q, bool rational_only) {
    using kb::test::int_in;
    Expr e;
    const bool leaf = depth == 0 || *int_in(0, 3) == 0;
    if (leaf) {
        const long kind = *int_in(0, rational_only ? 4 : 6);
        switch (kind) {
        case 0: e.op = Op::linear; break;
        case 1: e.op = Op::poly_kernel; e.p = {*int_in(0, 2), *int_in(1, 3)}; break;
        case 2: e.op = Op::constant; e.p = {*int_in(0, 3)}; break;
        case 3:
            e.op = Op::rank_one;
            for (int i = 0; i <= q; ++i) e.p.push_back(*int_in(-2, 2));
            break;
        case 4: e.op = Op::min_shifted; break;
        case 5: e.op = Op::gaussian; e.p = {*int_in(1, 4)}; break;
        default: e.op = Op::laplacian; e.p = {*int_in(1, 4)}; break;
        }
        return e;
    }
    const long kind = *int_in(0, rational_only ? 3 : 5);
    switch (kind) {
    case 0:
        e.op = Op::combination;
        e.p = {*int_in(0, 3), *int_in(0, 3)};
        e.children = {random_expr(depth - 1, q, rational_only), random_expr(depth - 1, q, rational_only)};
        break;
    case 1:
        e.op = Op::product;
        e.children = {random_expr(depth - 1, q, rational_only), random_expr(depth - 1, q, rational_only)};
        break;
    case 2: {
        e.op = Op::polynomial;
        const int n = static_cast<int>(*int_in(1, 3));
        for (int m = 0; m <= n; ++m) e.p.push_back(*int_in(0, 2));
        e.children = {random_expr(depth - 1, q, rational_only)};
        break;
    }
    case 3:
        e.op = Op::composition;
        e.M = *kb::test::int_matrix(q, q + 1, -2, 2);
        e.children = {random_expr(depth - 1, q, rational_only)};
        break;
    case 4:
        e.op = Op::exponential;
        e.children = {random_expr(depth - 1, q, rational_only)};
        break;
    default:
        e.op = Op::normalised;
        e.children = {random_expr(depth - 1, q, rational_only)};
        break;
    }
    return e;
}

} // namespace kb::tree
/// \endcond
