#pragma once
/// \file kernels.hpp
/// \brief Kernels and their Gram matrices: every kernel of the library (basic_kernels.hpp,
///        more_kernels.hpp), what a kernel is to the library (kb::Kernel), the Gram matrix of
///        points (kb::gram) and the one type erasure, kb::AnyKernel.
/// \see \ref ch04-kernels-list "Chapter 4, §6 — The kernels of the book"

#include "kernelbook/basic_kernels.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/more_kernels.hpp"

#include <concepts>
#include <limits>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace kb {

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
                 "(a factor a: kb::scaled(a, k)), or use a wider type (real50, real100)",
                 what, scalar_name<T>(), shown(T(std::numeric_limits<T>::min())), what, shown(m), what,
                 scalar_name<T>());
    }
}
/// \brief Refuses a kernel matrix K of the points X that is exactly 0 while X is not: its values
///        have underflowed (the linear kernel of points near 10⁻¹⁷⁰ is near 10⁻³⁴⁰, below every
///        `double`), or the kernel vanishes on these points — in neither case do the points
///        "coincide", which is what a zero K would otherwise be read as.
template <class T>
void require_some_kernel_value(const Matrix<T>& K, const Matrix<T>& X, std::string_view where,
                               const std::string& kernel) {
    if constexpr (is_floating_v<T>) {
        const T largest_x = max_abs(X);
        if (!(max_abs(K) == 0 && largest_x > 0)) return;
        fail(where, "every kernel value k(x_i, x_j) is 0 for these points (max |x| = {}){}, so there is nothing "
             "to decompose: the values have underflowed {} (a product of two coordinates this small is below "
             "its range), or the kernel vanishes on these points; rescale the points or the kernel "
             "(a factor a: kb::scaled(a, k)), or use a wider type (real50, real100)",
             shown(largest_x), for_kernel(kernel), scalar_name<T>());
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
