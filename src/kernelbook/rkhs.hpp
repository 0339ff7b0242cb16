#pragma once
/// \file rkhs.hpp
/// \brief The RKHS on finite spans (`zhu:thm5`, `beeny:def3.2`, `beeny:ex3.3`): kernel expansions,
///        their inner product and norm, Riesz representers, minimum-norm interpolation.
/// \see \ref ch05-rkhs "Chapter 5 — The RKHS and its reproducing property"

#include "kernelbook/error.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/solve.hpp"

#include <string>
#include <utility>
#include <vector>

namespace kb {

/// \brief A function in the span of the kernel sections,
///        \f$f = \sum_{i=1}^N \alpha_i\, k(x_i, \cdot)\f$ (`zhu:thm5`).
///
/// The same function has many expansions (repeated centres, linearly dependent
/// sections); every operation here depends only on the function, which is what
/// `zhu:thm5` leaves as an exercise and chapter 5 proves and tests.
/// \tparam T      the scalar type
/// \tparam Kernel any kernel: `k(x, y)` on two row vectors returns a T
template <class T, class Kernel>
class KernelExpansion {
public:
    using Scalar = T;           ///< the scalar type
    using kernel_type = Kernel; ///< the kernel's type

    /// \brief \f$f = \sum_i \alpha_i k(x_i, \cdot)\f$.
    /// \param k     the kernel
    /// \param X     the centres \f$x_1, \dots, x_N\f$, one per row (N×q, N ≥ 1, q ≥ 1), finite
    /// \param alpha the coefficients \f$\alpha\f$ (length N), finite
    /// \throws kb::error if X is empty, a count does not match, or a value is not finite.
    KernelExpansion(const Kernel& k, const Matrix<T>& X, const Vector<T>& alpha)
        : k_(k), X_(X), alpha_(alpha) {
        constexpr std::string_view where = "KernelExpansion";
        require(X.rows() >= 1 && X.cols() >= 1, where,
                "the centres X must hold at least one point (one per row) of dimension ≥ 1, but X is {}×{}; "
                "write the zero function as 0·k(x, ·)",
                X.rows(), X.cols());
        require(alpha.size() == X.rows(), where,
                "there are {} centres (rows of X) but {} coefficients α; f = Σᵢ αᵢ k(xᵢ, ·) needs "
                "one coefficient per centre",
                X.rows(), alpha.size());
        require_finite(X, where, "X");
        require_finite(alpha, where, "α");
    }

    /// \brief The kernel k.
    const Kernel& kernel() const { return k_; }
    /// \brief The centres X (N×q, one per row).
    const Matrix<T>& centres() const { return X_; }
    /// \brief The coefficients α (length N).
    const Vector<T>& coefficients() const { return alpha_; }
    /// \brief The number N of terms of this expansion (not an invariant of the function).
    Eigen::Index terms() const { return X_.rows(); }
    /// \brief The dimension q of the points the function is defined on.
    Eigen::Index dimension() const { return X_.cols(); }

    /// \brief The value \f$f(z) = \sum_i \alpha_i\, k(x_i, z) = \inner{f}{k(z,\cdot)}\f$ at one point z (a row
    ///        vector): the reproducing property `zhu:prop6`.
    /// \throws kb::error if z does not have q entries or is not finite.
    template <class Derived>
    T operator()(const Eigen::MatrixBase<Derived>& z) const {
        constexpr std::string_view where = "KernelExpansion::operator()";
        require(z.size() == dimension(), where,
                "the point z has {} entries but f is a function on R^{}", z.size(), dimension());
        require_finite(z, where, "z");
        //! [rkhs-evaluate]
        // f(z) = Σᵢ αᵢ k(xᵢ, z): the column k(xᵢ, z) of the centres against z, paired with α
        // (the centre is the first argument, as in f = Σᵢ αᵢ k(xᵢ, ·)).
        // The centres were checked at construction and z above: the values are computed unchecked.
        const Matrix<T> point = z.reshaped().transpose();
        const Matrix<T> kz = detail::kernel_values(k_, X_, point);
        require_kernel_values(kz, where, "k(x_i, z)", detail::kernel_description(k_));
        return alpha_.dot(kz.col(0));
        //! [rkhs-evaluate]
    }

    /// \brief The values \f$(f(z_1), \dots, f(z_M)) = K(X, Z)^\top\alpha\f$ at the rows of Z (M×q), with \f$f(z_m) = \sum_i \alpha_i k(x_i, z_m)\f$.
    /// \throws kb::error if Z is empty, not finite, or its points do not have dimension q.
    Vector<T> values(const Matrix<T>& Z) const {
        constexpr std::string_view where = "KernelExpansion::values";
        require(Z.cols() == dimension(), where,
                "the points Z have dimension {} but f is a function on R^{}", Z.cols(), dimension());
        require_points(Z, where, "Z");
        const Matrix<T> K = detail::kernel_values(k_, X_, Z);
        require_kernel_values(K, where, "k(x_i, z_m)", detail::kernel_description(k_));
        return K.transpose() * alpha_; // f(z_m) = Σᵢ αᵢ k(xᵢ, z_m)
    }

private:
    Kernel k_;
    Matrix<T> X_;
    Vector<T> alpha_;
};

/// \brief The kernel section \f$\phi(x) = k_x = k(x, \cdot)\f$, the canonical feature of
///        the point x (`zhu:thm5`, a feature map in the sense of `beeny:def3.7`): the expansion
///        with the single centre x and coefficient 1.
/// \param k the kernel
/// \param x a point (row vector with q ≥ 1 finite entries)
/// \throws kb::error if x is empty or not finite.
template <class Kernel, class Derived>
KernelExpansion<typename Derived::Scalar, Kernel> feature(const Kernel& k, const Eigen::MatrixBase<Derived>& x) {
    using T = typename Derived::Scalar;
    require(x.size() >= 1, "feature", "the point x has no entries; give a point of dimension q ≥ 1");
    require_finite(x, "feature", "x");
    const Matrix<T> X = x.reshaped().transpose();
    return KernelExpansion<T, Kernel>(k, X, Vector<T>::Ones(1));
}

namespace detail {
/// \brief Checks that two expansions live on the same space and use the same kernel.
///
/// Kernels are arbitrary function objects and cannot be compared in general; two
/// expansions that use the same kernel give bit-identical values k(x, y), so the kernels
/// of f and g are compared on the pairs (x₁, yⱼ) and (xᵢ, y₁) of centres, which catches a
/// different parameter wherever those centres reveal it.
template <class T, class Kernel>
void require_same_space(const KernelExpansion<T, Kernel>& f, const KernelExpansion<T, Kernel>& g,
                        std::string_view where) {
    require(f.dimension() == g.dimension(), where,
            "f is a function on R^{} but g is a function on R^{}; both must be functions of "
            "points of the same dimension",
            f.dimension(), g.dimension());
    const auto& X = f.centres();
    const auto& Y = g.centres();
    auto same = [&](Eigen::Index i, Eigen::Index j) {
        const T a = f.kernel()(X.row(i), Y.row(j));
        const T b = g.kernel()(X.row(i), Y.row(j));
        require(a == b, where,
                "f and g were built with different kernels (at a pair of their centres one "
                "gives {} and the other {}); functions of two different RKHSs cannot be added or "
                "paired — use one kernel object",
                shown(a), shown(b));
    };
    for (Eigen::Index j = 0; j < Y.rows(); ++j) same(0, j);
    for (Eigen::Index i = 0; i < X.rows(); ++i) same(i, 0);
}
} // namespace detail

/// \brief The sum \f$f + g = \sum_i \alpha_i k(x_i,\cdot) + \sum_j \beta_j k(y_j,\cdot)\f$,
///        written on the union of the centres (X stacked over Y, α over β).
/// \throws kb::error if f and g are functions on spaces of different dimension or were
///         built with different kernels.
template <class T, class Kernel>
KernelExpansion<T, Kernel> operator+(const KernelExpansion<T, Kernel>& f, const KernelExpansion<T, Kernel>& g) {
    detail::require_same_space(f, g, "KernelExpansion: f + g");
    // Centres [X; Y] and coefficients [α; β]: the union of the two expansions.
    //! [ch05-sum]
    Matrix<T> Z(f.terms() + g.terms(), f.dimension());
    Z << f.centres(), g.centres();
    Vector<T> gamma(f.terms() + g.terms());
    gamma << f.coefficients(), g.coefficients();
    return KernelExpansion<T, Kernel>(f.kernel(), Z, gamma);
    //! [ch05-sum]
}

/// \brief The multiple \f$s f = \sum_i (s\,\alpha_i)\, k(x_i, \cdot)\f$ (same centres).
/// \throws kb::error if s is not finite.
template <class T, class Kernel>
KernelExpansion<T, Kernel> operator*(const T& s, const KernelExpansion<T, Kernel>& f) {
    require(is_finite(s), "KernelExpansion: s·f", "the scalar s = {} is not finite", shown(s));
    return KernelExpansion<T, Kernel>(f.kernel(), f.centres(), Vector<T>(s * f.coefficients()));
}

/// \brief The difference \f$f - g = f + (-1)\,g\f$ (union of the centres).
/// \throws kb::error as the sum.
template <class T, class Kernel>
KernelExpansion<T, Kernel> operator-(const KernelExpansion<T, Kernel>& f, const KernelExpansion<T, Kernel>& g) {
    return f + T(-1) * g;
}

/// \brief The same function with each repeated centre written once: the coefficients of
///        equal centres are added, \f$\alpha_1 k(x,\cdot) + \alpha_2 k(x,\cdot) = (\alpha_1+\alpha_2)\,k(x,\cdot)\f$.
///
/// Centres are equal when all their coordinates are equal (exactly, in every type).
/// The result is another expansion of the same function (fewer terms, same values,
/// same inner products).
/// \throws kb::error if the coefficients of a repeated centre add up to a value that is not
///         finite (overflow).
template <class T, class Kernel>
KernelExpansion<T, Kernel> combine_repeated_centres(const KernelExpansion<T, Kernel>& f) {
    const Matrix<T>& X = f.centres();
    std::vector<Eigen::Index> first;           // index in X of each distinct centre
    std::vector<T> sum;                        // its summed coefficient
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        std::size_t k = 0;
        while (k < first.size() && !(X.row(first[k]) == X.row(i))) ++k;
        if (k == first.size()) {
            first.push_back(i);
            sum.push_back(f.coefficients()(i));
        } else {
            sum[k] += f.coefficients()(i);
        }
    }
    Matrix<T> Z(static_cast<Eigen::Index>(first.size()), X.cols());
    Vector<T> gamma(static_cast<Eigen::Index>(first.size()));
    for (std::size_t k = 0; k < first.size(); ++k) {
        require(is_finite(sum[k]), "combine_repeated_centres",
                "the coefficients of the centre in row {} of X and its repeats add up to {} (overflow); "
                "rescale f (s·f) before combining its centres",
                first[k], shown(sum[k]));
        Z.row(static_cast<Eigen::Index>(k)) = X.row(first[k]);
        gamma(static_cast<Eigen::Index>(k)) = sum[k];
    }
    return KernelExpansion<T, Kernel>(f.kernel(), Z, gamma);
}

/// \brief The inner product of `zhu:thm5` (an inner product in the sense of `beeny:def3.1`),
///        \f[ \inner{f}{g} = \sum_{i,j} \alpha_i \beta_j\, k(x_i, y_j) = \alpha^\top K(X, Y)\,\beta . \f]
///
/// It equals \f$\sum_j \beta_j f(y_j)\f$ and, for a symmetric k, \f$\sum_i \alpha_i g(x_i)\f$,
/// so it depends on f and g only as functions (it is well defined).
/// \throws kb::error if f and g are functions on spaces of different dimension or were
///         built with different kernels.
//! [rkhs-inner]
template <class T, class Kernel>
T inner(const KernelExpansion<T, Kernel>& f, const KernelExpansion<T, Kernel>& g) {
    detail::require_same_space(f, g, "inner");
    // αᵀ (K(X, Y) β)
    const Vector<T> Kbeta = gram(f.kernel(), f.centres(), g.centres()) * g.coefficients();
    return f.coefficients().dot(Kbeta);
}
//! [rkhs-inner]

/// \brief The squared norm \f$\norm{f}^2 = \inner{f}{f} = \alpha^\top K(X)\,\alpha \ge 0\f$
///        (`beeny:def3.1`); a negative value within rounding is returned as 0.
/// \throws kb::error if \f$\alpha^\top K \alpha\f$ is negative beyond rounding (any negative value
///         in exact arithmetic): the kernel is not PSD on these centres.
/// \see \ref ch05-span "Chapter 5, §4"
template <class T, class Kernel>
T squared_norm(const KernelExpansion<T, Kernel>& f) {
    using std::abs;
    //! [ch05-squared-norm]
    const Matrix<T> K = gram(f.kernel(), f.centres());
    const Vector<T>& alpha = f.coefficients();
    const T s = alpha.dot(K * alpha);
    //! [ch05-squared-norm]
    // The scale of the quadratic form: |α|ᵀ|K||α| bounds every summand as computed, and
    // (Σ|αᵢ|√|Kᵢᵢ|)² bounds them as they would be without cancellation (|Kᵢⱼ|² ≤ KᵢᵢKⱼⱼ).
    T rounding(0);
    if constexpr (!is_exact_v<T>) {
        using std::sqrt;
        const Vector<T> a = alpha.cwiseAbs();
        T diagonal(0);
        for (Eigen::Index i = 0; i < f.terms(); ++i) diagonal += a(i) * sqrt(abs(K(i, i)));
        const T scale = a.dot(K.cwiseAbs() * a) + diagonal * diagonal;
        rounding = T(16) * T(f.terms() + 1) * epsilon<T>() * scale;
    }
    require(!(s < -rounding), "squared_norm",
            "⟨f, f⟩ = αᵀKα = {} is negative beyond rounding (bound {}): the kernel is not positive "
            "semi-definite on these centres, so ⟨·,·⟩ is not an inner product and f has no norm — a kernel "
            "must give PSD Gram matrices (see chapter 4)",
            shown(s), shown(rounding));
    return s < 0 ? T(0) : s;
}

/// \brief The norm \f$\norm{f} = \sqrt{\alpha^\top K(X)\,\alpha}\f$ (floating-point types;
///        use kb::squared_norm in exact arithmetic).
/// \throws kb::error as kb::squared_norm.
template <class T, class Kernel>
T norm(const KernelExpansion<T, Kernel>& f) {
    static_assert(!is_exact_v<T>, "‖f‖ is irrational in general: use squared_norm in exact arithmetic");
    using std::sqrt;
    return sqrt(squared_norm(f));
}

/// \brief The Gram matrix \f$G_{ij} = \inner{f_i}{f_j}\f$ of a list of functions
///        (`beeny:def3.4`), exactly symmetric.
/// \throws kb::error if the list is empty or the functions do not share a kernel and dimension.
template <class T, class Kernel>
Matrix<T> gram_matrix(const std::vector<KernelExpansion<T, Kernel>>& fs) {
    require(!fs.empty(), "gram_matrix", "the list of functions is empty; give at least one function");
    const auto n = static_cast<Eigen::Index>(fs.size());
    Matrix<T> G(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = i; j < n; ++j)
            G(i, j) = G(j, i) = inner(fs[static_cast<std::size_t>(i)], fs[static_cast<std::size_t>(j)]);
    return G;
}

/// \brief A basis of the null space \f$\{c : A c = 0\}\f$ of a rational matrix, computed
///        exactly by Gauss–Jordan elimination: one column per free variable.
///
/// Returns an n×0 matrix when the columns of A are independent.
/// \param A an m×n rational matrix (m, n ≥ 1)
/// \throws kb::error if A is empty.
inline Matrix<rational> exact_null_space(const Matrix<rational>& A) {
    require(A.rows() >= 1 && A.cols() >= 1, "exact_null_space",
            "A must be a non-empty matrix, but it is {}×{}", A.rows(), A.cols());
    Matrix<rational> R = A;
    const Eigen::Index m = R.rows(), n = R.cols();
    std::vector<Eigen::Index> pivot_col; // pivot column of each pivot row
    std::vector<bool> is_pivot(static_cast<std::size_t>(n), false);
    Eigen::Index row = 0;
    // Reduced row echelon form: for each column, find a non-zero pivot, scale it to 1,
    // and eliminate the column from every other row.
    for (Eigen::Index col = 0; col < n && row < m; ++col) {
        Eigen::Index p = row;
        while (p < m && R(p, col) == 0) ++p;
        if (p == m) continue;
        R.row(p).swap(R.row(row));
        R.row(row) /= R(row, col);
        for (Eigen::Index i = 0; i < m; ++i)
            if (i != row && R(i, col) != 0) R.row(i) -= R(i, col) * R.row(row);
        pivot_col.push_back(col);
        is_pivot[static_cast<std::size_t>(col)] = true;
        ++row;
    }
    // Each free variable f gives the null vector with c_f = 1 and c_pivot = −R(pivot row, f).
    std::vector<Eigen::Index> free_cols;
    for (Eigen::Index col = 0; col < n; ++col)
        if (!is_pivot[static_cast<std::size_t>(col)]) free_cols.push_back(col);
    Matrix<rational> N = Matrix<rational>::Zero(n, static_cast<Eigen::Index>(free_cols.size()));
    for (std::size_t k = 0; k < free_cols.size(); ++k) {
        const auto kk = static_cast<Eigen::Index>(k);
        N(free_cols[k], kk) = 1;
        for (std::size_t r = 0; r < pivot_col.size(); ++r)
            N(pivot_col[r], kk) = -R(static_cast<Eigen::Index>(r), free_cols[k]);
    }
    return N;
}

/// \brief A basis of the combinations that give the zero function,
///        \f$\{c : \sum_i c_i\, k(x_i, \cdot) \equiv 0\} = \ker K(X)\f$, exactly, in rational arithmetic.
/// \param k a kernel with rational values (linear, polynomial)
/// \param X the centres (N×q), rational
/// \throws kb::error if X is empty.
/// \see \ref ch05-span "Chapter 5, §4"
template <class Kernel>
Matrix<rational> vanishing_combinations(const Kernel& k, const Matrix<rational>& X) {
    //! [ch05-vanishing]
    require_points(X, "vanishing_combinations", "X");
    return exact_null_space(gram(k, X));
    //! [ch05-vanishing]
}

namespace detail {
/// \brief Solves K(X) β = v, turning the solver's error into one that says what it means here.
template <class T, class Kernel>
Vector<T> solve_on_centres(const Kernel& k, const Matrix<T>& X, const Vector<T>& v, std::string_view where,
                           std::string_view vname) {
    require(v.size() == X.rows(), where,
            "{} has {} entries but there are {} centres (rows of X); give one value per centre",
            vname, v.size(), X.rows());
    require_finite(v, where, vname);
    const Matrix<T> K = gram(k, X);
    try {
        return solve_spd(K, Matrix<T>(v));
    } catch (const error& e) {
        kb::fail(where, "the Gram matrix K(X) of the centres is not positive definite, so the "
                "sections k(xᵢ, ·) are linearly dependent (repeated centres, or more "
                "centres than the dimension of the kernel's feature space; "
                "vanishing_combinations lists the dependencies) or k is not a kernel — "
                "remove dependent centres [{}]",
                e.what());
    }
}
} // namespace detail

/// \brief The Riesz representer \f$f = \sum_i \beta_i k(x_i,\cdot)\f$, \f$K\beta = v\f$, within the span
///        of the sections of the functional with values \f$v_i = \ell(k(x_i,\cdot))\f$ (`beeny:thmB.1`).
/// \param k the kernel
/// \param X the centres (N×q), whose sections must be linearly independent (K(X) positive definite)
/// \param values \f$v\f$ (length N)
/// \throws kb::error if K(X) is singular or indefinite, or the sizes do not match.
/// \see \ref ch05-riesz "Chapter 5, §6"
template <class Kernel, class T>
KernelExpansion<T, Kernel> riesz_representer(const Kernel& k, const Matrix<T>& X, const Vector<T>& values) {
    //! [ch05-riesz]
    require_points(X, "riesz_representer", "X");
    return KernelExpansion<T, Kernel>(k, X, detail::solve_on_centres(k, X, values, "riesz_representer", "values"));
    //! [ch05-riesz]
}

/// \brief The minimum-norm interpolant: among all f in the RKHS with \f$f(x_i) = y_i\f$, the one
///        of least norm, \f$f = \sum_i \alpha_i k(x_i,\cdot)\f$ with \f$K\alpha = y\f$ (`zhu:prop6`).
/// \param k the kernel
/// \param X the data points (N×q), sections linearly independent (K(X) positive definite)
/// \param y the values to interpolate (length N)
/// \throws kb::error if K(X) is singular or indefinite, or the sizes do not match.
/// \see \ref ch05-interpolation "Chapter 5, §7"
template <class Kernel, class T>
KernelExpansion<T, Kernel> minimum_norm_interpolant(const Kernel& k, const Matrix<T>& X, const Vector<T>& y) {
    //! [ch05-interpolant]
    require_points(X, "minimum_norm_interpolant", "X");
    return KernelExpansion<T, Kernel>(k, X, detail::solve_on_centres(k, X, y, "minimum_norm_interpolant", "y"));
    //! [ch05-interpolant]
}

} // namespace kb
