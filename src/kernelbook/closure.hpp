#pragma once
/// \file closure.hpp
/// \brief The closure rules of kernels (`beeny:thm3.8.1`–`6`) as combinators that build new
///        kernels from old ones, plus normalisation; negative weights are refused.
/// \see \ref ch04-closure "Chapter 4, §4 — The closure rules"

#include "kernelbook/certify.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/matrix.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace kb {

/// \brief Whether a value can be compared safely (floating or exact types; intervals are
///        not compared, see certify.hpp).
template <class T>
inline constexpr bool is_ordered_v = is_floating_v<T> || is_exact_v<T>;

namespace detail {
/// Refuses a weight or coefficient that is negative or not finite. An interval must be
/// certainly ≥ 0 (its lower end ≥ 0, kb::certainly_non_negative()) and bounded: the rules
/// hold for every real weight inside it only then.
template <class T>
void require_non_negative(const T& a, std::string_view where, std::string_view name, std::string_view rule) {
    const char* what = name.starts_with("weight") ? "weights" : "coefficients";
    if constexpr (is_ordered_v<T>)
        require(is_finite(a) && a >= 0, where,
                "{} = {} must be finite and ≥ 0 ({} needs non-negative {})", name, shown(a), rule, what);
    else if constexpr (std::is_same_v<T, interval>)
        require(certainly_non_negative(a), where,
                "{} = {} must be a finite interval with lower end ≥ 0 ({} needs non-negative {})",
                name, shown(a), rule, what);
    else
        static_assert(is_ordered_v<T> || std::is_same_v<T, interval>, "unsupported scalar type for a weight");
}

/// The right-hand side of a kernel's description ("xᵀy" for "k(x, y) = xᵀy"), for nesting.
template <class K>
std::string formula(const K& k) {
    const std::string d = k.describe();
    const std::string prefix = "k(x, y) = ";
    return d.rfind(prefix, 0) == 0 ? d.substr(prefix.size()) : d;
}
} // namespace detail

/// \brief Rule 1 (`beeny:thm3.8.1`): \f$k(x, y) = a_1k_1(x, y) + a_2k_2(x, y)\f$, \f$a_1, a_2 \ge 0\f$.
template <class K1, class K2>
class NonNegativeCombination {
public:
    using Scalar = typename K1::Scalar; ///< the scalar type of the kernel's values
    static_assert(std::is_same_v<Scalar, typename K2::Scalar>, "both kernels must have the same scalar type");

    /// \brief \f$a_1k_1 + a_2k_2\f$.
    /// \throws kb::error if a weight is negative or not finite (with a negative weight the
    ///         combination is not PSD in general: \f$0\cdot k_1 - k_2\f$ fails for every non-zero \f$k_2\f$).
    NonNegativeCombination(const Scalar& a1, const K1& k1, const Scalar& a2, const K2& k2)
        : a1_(a1), k1_(k1), a2_(a2), k2_(k2) {
        detail::require_non_negative(a1_, "combination", "weight a₁", "rule 1");
        detail::require_non_negative(a2_, "combination", "weight a₂", "rule 1");
    }
    /// \brief \f$a_1k_1(x,y) + a_2k_2(x,y)\f$.
    //! [rule-sum]
    template <class A, class B>
    Scalar operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return a1_ * k1_(x, y) + a2_ * k2_(x, y);
    }
    //! [rule-sum]
    /// \brief The formula, for printing.
    std::string describe() const {
        return "(" + show(a1_) + "·" + detail::formula(k1_) + " + " + show(a2_) + "·" + detail::formula(k2_) + ")";
    }

private:
    Scalar a1_;
    K1 k1_;
    Scalar a2_;
    K2 k2_;
};

/// \brief Rule 1: the kernel \f$a_1k_1 + a_2k_2\f$. \throws kb::error as kb::NonNegativeCombination.
template <class K1, class K2>
NonNegativeCombination<K1, K2> combination(const typename K1::Scalar& a1, const K1& k1,
                                           const typename K1::Scalar& a2, const K2& k2) {
    return NonNegativeCombination<K1, K2>(a1, k1, a2, k2);
}

/// \brief Rule 1 with one kernel: \f$k(x, y) = a\,k_1(x, y)\f$, \f$a \ge 0\f$.
template <class K>
class ScaledKernel {
public:
    using Scalar = typename K::Scalar; ///< the scalar type of the kernel's values

    /// \brief \f$a\,k_1\f$. \throws kb::error if a is negative or not finite.
    ScaledKernel(const Scalar& a, const K& k1) : a_(a), k1_(k1) {
        detail::require_non_negative(a_, "scaled", "weight a", "rule 1");
    }
    /// \brief \f$a\,k_1(x,y)\f$.
    //! [rule-scale]
    template <class A, class B>
    Scalar operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return a_ * k1_(x, y);
    }
    //! [rule-scale]
    /// \brief The formula, for printing.
    std::string describe() const { return show(a_) + "·" + detail::formula(k1_); }

private:
    Scalar a_;
    K k1_;
};

/// \brief Rule 1: the kernel \f$a\,k_1\f$. \throws kb::error if a < 0.
template <class K>
ScaledKernel<K> scaled(const typename K::Scalar& a, const K& k1) {
    return ScaledKernel<K>(a, k1);
}

/// \brief Rule 2 (`beeny:thm3.8.2`): \f$k(x, y) = k_1(x, y)\,k_2(x, y)\f$; its Gram matrix is
///        the Hadamard (entrywise) product \f$K_1 \circ K_2\f$.
template <class K1, class K2>
struct ProductKernel {
    using Scalar = typename K1::Scalar; ///< the scalar type of the kernel's values
    K1 k1; ///< the first factor
    K2 k2; ///< the second factor

    /// \brief \f$k_1(x,y)\,k_2(x,y)\f$.
    //! [rule-product]
    template <class A, class B>
    Scalar operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return k1(x, y) * k2(x, y);
    }
    //! [rule-product]
    /// \brief The formula, for printing.
    std::string describe() const { return "(" + detail::formula(k1) + " ⊙ " + detail::formula(k2) + ")"; }
};

/// \brief Rule 2: the kernel \f$k_1 k_2\f$.
template <class K1, class K2>
ProductKernel<K1, K2> product(const K1& k1, const K2& k2) {
    static_assert(std::is_same_v<typename K1::Scalar, typename K2::Scalar>,
                  "both kernels must have the same scalar type");
    return {k1, k2};
}

/// \brief Rule 3 (`beeny:thm3.8.3`): \f$k(x, y) = \sum_{m=0}^{n} a_m\,k_1(x, y)^m\f$ with
///        \f$a_m \ge 0\f$ (evaluated by Horner's rule; exact in rationals).
template <class K>
class PolynomialOfKernel {
public:
    using Scalar = typename K::Scalar; ///< the scalar type of the kernel's values

    /// \brief \f$\sum_m a_m k_1^m\f$, coefficients listed from \f$a_0\f$.
    /// \throws kb::error if the list is empty or a coefficient is negative or not finite.
    PolynomialOfKernel(const std::vector<Scalar>& a, const K& k1) : a_(a), k1_(k1) {
        require(!a_.empty(), "polynomial", "the coefficient list a₀, …, aₙ is empty; give at least a₀");
        for (std::size_t m = 0; m < a_.size(); ++m)
            detail::require_non_negative(a_[m], "polynomial", fmt::format("coefficient a{}", m), "rule 3");
    }
    /// \brief \f$\sum_m a_m k_1(x,y)^m\f$.
    //! [rule-polynomial]
    template <class A, class B>
    Scalar operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        const Scalar s = k1_(x, y);
        Scalar value = a_.back();
        for (std::size_t m = a_.size() - 1; m-- > 0;) value = value * s + a_[m];
        return value;
    }
    //! [rule-polynomial]
    /// \brief The coefficients \f$a_0, \dots, a_n\f$.
    const std::vector<Scalar>& coefficients() const { return a_; }
    /// \brief The formula, for printing.
    std::string describe() const {
        std::string out = "p[";
        for (std::size_t m = 0; m < a_.size(); ++m) out += (m ? ", " : "") + show(a_[m]);
        return out + "](" + detail::formula(k1_) + ")";
    }

private:
    std::vector<Scalar> a_;
    K k1_;
};

/// \brief Rule 3: the kernel \f$\sum_m a_m k_1^m\f$, coefficients listed from \f$a_0\f$.
/// \throws kb::error as kb::PolynomialOfKernel.
template <class K>
PolynomialOfKernel<K> polynomial(const std::vector<typename K::Scalar>& a, const K& k1) {
    return PolynomialOfKernel<K>(a, k1);
}

/// \brief Rule 4 (`beeny:thm3.8.4`): \f$k(x, y) = k_1(h(x), h(y))\f$ for a map h into the
///        domain of \f$k_1\f$.
template <class K, class H>
struct ComposedKernel {
    using Scalar = typename K::Scalar; ///< the scalar type of the kernel's values
    K k1;             ///< the kernel on the image of h
    H h;              ///< the map, called as `h(x)` on a row vector, returning a row vector
    std::string name; ///< a name of h, for printing

    /// \brief \f$k_1(h(x), h(y))\f$.
    //! [ch04-rule-composition]
    template <class A, class B>
    Scalar operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        const RowVector<Scalar> hx = h(RowVector<Scalar>(x));
        const RowVector<Scalar> hy = h(RowVector<Scalar>(y));
        return k1(hx, hy);
    }
    //! [ch04-rule-composition]
    /// \brief The formula, for printing.
    std::string describe() const { return "[" + detail::formula(k1) + "]∘" + name; }
};

/// \brief Rule 4: the kernel \f$k_1(h(x), h(y))\f$; `name` describes h when printing.
template <class K, class H>
ComposedKernel<K, H> composition(const K& k1, const H& h, const std::string& name = "h") {
    return {k1, h, name};
}

/// \brief An affine map \f$h(x) = Ax + b\f$ from \f$\R^q\f$ to \f$\R^p\f$ (on a row
///        vector: \f$x A^\top + b\f$) — a map for rule 4 that keeps rational data rational.
template <class T>
struct AffineMap {
    Matrix<T> A;    ///< p×q
    RowVector<T> b; ///< 1×p

    /// \brief \f$x A^\top + b\f$. \throws kb::error if x does not have q = A.cols() entries.
    RowVector<T> operator()(const RowVector<T>& x) const {
        require(x.size() == A.cols(), "AffineMap",
                "the map expects points of dimension {} but got {}", A.cols(), x.size());
        return x * A.transpose() + b;
    }
};

/// \brief The affine map \f$x \mapsto Ax + b\f$. \throws kb::error if b does not have A.rows()
///        entries or an entry is not finite.
template <class T>
AffineMap<T> affine_map(const Matrix<T>& A, const RowVector<T>& b) {
    require(A.rows() == b.size() && A.rows() > 0 && A.cols() > 0, "affine_map",
            "A is {}×{} but b has {} entries; b must have one entry per row of A",
            A.rows(), A.cols(), b.size());
    require_finite(A, "affine_map", "A");
    require_finite(b, "affine_map", "b");
    return {A, b};
}

/// \brief Rule 5 (`beeny:thm3.8.5`): the rank-one kernel \f$k(x, y) = g(x)\,g(y)\f$ for any
///        real function g; its Gram matrix is \f$\mathbf{g}\mathbf{g}^\top\f$ with
///        \f$\mathbf{g} = (g(x_1), \dots, g(x_N))\f$.
template <class T, class G>
struct RankOneKernel {
    using Scalar = T; ///< the scalar type of the kernel's values
    G g;              ///< the function, called as `g(x)` on a row vector
    std::string name; ///< a name of g, for printing

    /// \brief \f$g(x)g(y)\f$.
    //! [ch04-rule-rank-one]
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return T(g(RowVector<T>(x))) * T(g(RowVector<T>(y)));
    }
    //! [ch04-rule-rank-one]
    /// \brief The formula, for printing.
    std::string describe() const { return name + "(x)·" + name + "(y)"; }
};

/// \brief Rule 5: the kernel \f$g(x)g(y)\f$; `name` describes g when printing.
template <class T, class G>
RankOneKernel<T, G> rank_one(const G& g, const std::string& name = "g") {
    return {g, name};
}

namespace detail {
/// \brief The points of a kernel's argument, for a message: "(x₁, …, x_q)" (at most 4 shown).
template <class A>
std::string point_text(const Eigen::MatrixBase<A>& x) {
    std::string out = "(";
    for (Eigen::Index i = 0; i < x.size() && i < 4; ++i) out += (i ? ", " : "") + show(x(i));
    return out + (x.size() > 4 ? ", …)" : ")");
}
/// \brief Refuses an exponential \f$e^s\f$ that is not finite while s is: \f$s > \ln(\max T)\f$
///        (about 709.78 in double). Floating types only; intervals carry their own enclosure.
template <class T, class A, class B>
void require_finite_exponential(const T& s, const T& value, const Eigen::MatrixBase<A>& x,
                                const Eigen::MatrixBase<B>& y, const std::string& exponent) {
    if constexpr (is_floating_v<T>) {
        using std::log;
        if (is_finite(s) && !is_finite(value))
            fail("exponential", "exp(k₁(x, y)) overflows {}: k₁(x, y) = {} is above ln(max) = {}, at x = {} and "
                 "y = {} (k₁(x, y) = {}); rescale the data, or scale the exponent kernel down (scaled(a, k₁) with "
                 "0 < a < 1)",
                 scalar_name<T>(), shown(s), shown(T(log(std::numeric_limits<T>::max()))), point_text(x),
                 point_text(y), exponent);
    }
}
} // namespace detail

/// \brief Rule 6 (`beeny:thm3.8.6`): \f$k(x, y) = \exp(k_1(x, y))\f$, the exponential of each
///        *value* — its Gram matrix is the entrywise exponential of \f$K_1\f$, not the matrix
///        exponential \f$e^{K_1}\f$ (see the erratum in chapter 4).
///
/// Proof: \f$\exp(k_1) = \lim_{n\to\infty}\sum_{m=0}^n k_1^m/m!\f$; each partial sum is a
/// kernel by rule 3, and a pointwise limit of PSD Gram matrices is PSD (the PSD cone is
/// closed). Floating-point and interval types only (\f$e^r\f$ is irrational for rational \f$r \ne 0\f$).
template <class K>
struct ExponentialKernel {
    using Scalar = typename K::Scalar; ///< the scalar type of the kernel's values
    static_assert(!is_exact_v<Scalar>, "exp of a rational is irrational: use a floating or interval type");
    K k1; ///< the exponent kernel

    /// \brief \f$\exp(k_1(x,y))\f$.
    /// \throws kb::error (floating types) if \f$k_1(x, y)\f$ is finite but its exponential
    ///         overflows, naming the value, the two points and the exponent kernel.
    //! [rule-exponential]
    template <class A, class B>
    Scalar operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::exp;
        const Scalar s = k1(x, y);
        const Scalar value = exp(s);
        detail::require_finite_exponential(s, value, x, y, detail::formula(k1)); // e^s overflows for large s
        return value;
    }
    //! [rule-exponential]
    /// \brief The formula, for printing.
    std::string describe() const { return "exp[" + detail::formula(k1) + "]"; }
};

/// \brief Rule 6: the kernel \f$\exp(k_1)\f$.
template <class K>
ExponentialKernel<K> exponential(const K& k1) {
    return {k1};
}

/// \brief Normalisation: \f$\tilde k(x, y) = k(x, y) / \sqrt{k(x, x)\,k(y, y)}\f$, defined where
///        \f$k(x, x) > 0\f$.
///
/// It is a kernel: \f$\tilde k = k \cdot g(x)g(y)\f$ with \f$g(x) = k(x,x)^{-1/2}\f$ (rules 5 and 2);
/// its Gram matrix \f$D^{-1/2} K D^{-1/2}\f$ (\f$D = \mathrm{diag}\,K\f$) is congruent to K.
/// \f$\tilde k(x, x) = 1\f$ and, by Cauchy–Schwarz, \f$|\tilde k(x, y)| \le 1\f$.
/// Floating-point and interval types only.
template <class K>
struct NormalisedKernel {
    using Scalar = typename K::Scalar; ///< the scalar type of the kernel's values
    static_assert(!is_exact_v<Scalar>, "√ of a rational is irrational in general: use a floating or interval type");
    K k; ///< the kernel being normalised

    /// \brief \f$k(x,y)/\sqrt{k(x,x)k(y,y)}\f$.
    /// \throws kb::error if \f$k(x,x) \le 0\f$ or \f$k(y,y) \le 0\f$ (floating types).
    //! [normalisation]
    template <class A, class B>
    Scalar operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        using std::sqrt;
        const Scalar kxx = k(x, x);
        const Scalar kyy = k(y, y);
        if constexpr (is_ordered_v<Scalar>)
            require(kxx > 0 && kyy > 0, "NormalisedKernel",
                    "k(x, x) = {} and k(y, y) = {} must be > 0 to normalise (a point with k(x, x) = 0 has "
                    "the zero feature vector)",
                    shown(kxx), shown(kyy));
        return k(x, y) / sqrt(kxx * kyy);
    }
    //! [normalisation]
    /// \brief The formula, for printing.
    std::string describe() const { return "normalised[" + detail::formula(k) + "]"; }
};

/// \brief The normalisation \f$k(x,y)/\sqrt{k(x,x)k(y,y)}\f$ of k.
template <class K>
NormalisedKernel<K> normalised(const K& k) {
    return {k};
}

} // namespace kb
