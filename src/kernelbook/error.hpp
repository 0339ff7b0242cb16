#pragma once
/// \file error.hpp
/// \brief `kb::error` and the input checks every public function runs first: bad input throws
///        kb::error naming the argument, what is wrong and what to do (never NaN, never garbage).
/// \see \ref house "The shape of the library"

#include "kernelbook/matrix.hpp"
#include "kernelbook/numerics.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace kb {

/// \brief The one exception type of the library: bad input, with a message saying
///        what is wrong and what to do.
class error : public std::invalid_argument {
public:
    /// \brief An error with its full message ("function: what is wrong; what to do").
    explicit error(const std::string& message) : std::invalid_argument(message) {}
};

/// \brief Formats a scalar for an error message (6 significant digits).
template <class T>
std::string show(const T& x) {
    std::ostringstream os;
    os.precision(6);
    os << x;
    return os.str();
}

/// \brief A scalar as an argument of a message: printed as kb::show prints it, but only
///        when the message is formatted, i.e. when the check fails.
///
/// Arguments of kb::require are evaluated on every call, so a message passes `shown(x)`
/// (a reference, formatted on failure) rather than `show(x)` (a string built every time).
/// It refers to x: use it inside the call that formats the message, never keep it.
template <class T>
struct Shown {
    const T& value; ///< the scalar
};

/// \brief `x` for a message, formatted on failure only (see kb::Shown).
template <class T>
Shown<T> shown(const T& x) {
    return {x};
}

namespace detail {
/// \brief Formats `where`: `message` and throws it as kb::error (out of line: the checks
///        themselves stay a comparison and a branch).
[[noreturn]] void fail(std::string_view where, fmt::string_view message, fmt::format_args args);
} // namespace detail

/// \brief Throws kb::error(`where`: `message`), `message` being a {fmt} format string with
///        `args`: every refusal of the library goes through here (or kb::require).
///
/// The format string is checked at compile time against the arguments. A brace in the
/// text is written `{{` or `}}`; a scalar is passed as kb::shown(x).
template <class... Args>
[[noreturn]] void fail(std::string_view where, fmt::format_string<Args...> message, Args&&... args) {
    detail::fail(where, message, fmt::make_format_args(args...));
}

/// \brief kb::fail(`where`, `message`, `args`…) unless `condition` holds: the message is
///        formatted only when the check fails.
template <class... Args>
void require(bool condition, std::string_view where, fmt::format_string<Args...> message, Args&&... args) {
    if (!condition) [[unlikely]]
        fail(where, message, std::forward<Args>(args)...);
}

namespace detail {
/// \brief The position (row, column) of the first entry of A that is NaN or ±∞, if any.
template <class Derived>
std::optional<std::pair<Eigen::Index, Eigen::Index>> first_non_finite(const Eigen::MatrixBase<Derived>& A) {
    // Scanned in storage order (column by column: fast); only when a value is found is the
    // first in reading order (row by row) looked for, the one a message names.
    const auto any = [&] {
        if constexpr (std::is_same_v<typename Derived::Scalar, double>) {
            return !A.allFinite(); // vectorised
        } else {
            for (Eigen::Index j = 0; j < A.cols(); ++j)
                for (Eigen::Index i = 0; i < A.rows(); ++i)
                    if (!is_finite(A(i, j))) return true;
            return false;
        }
    };
    if (!any()) return std::nullopt;
    for (Eigen::Index i = 0; i < A.rows(); ++i)
        for (Eigen::Index j = 0; j < A.cols(); ++j)
            if (!is_finite(A(i, j))) return std::pair{i, j};
    return std::nullopt;
}

/// \brief The first pair (i, j), i < j, in reading order with \f$|A_{ij} - A_{ji}| > \f$ tol, if any
///        (A square and finite). Checked tile by tile, so that both A(i, j) and A(j, i) are
///        read from cache; only when a pair is found is the first in reading order looked for.
template <class Derived, class T>
std::optional<std::pair<Eigen::Index, Eigen::Index>> first_asymmetric(const Eigen::MatrixBase<Derived>& A,
                                                                      const T& tol) {
    using std::abs;
    constexpr Eigen::Index tile = 64;
    const Eigen::Index n = A.rows();
    const auto any = [&] {
        for (Eigen::Index j0 = 0; j0 < n; j0 += tile)
            for (Eigen::Index i0 = 0; i0 <= j0; i0 += tile)
                for (Eigen::Index j = j0; j < std::min(j0 + tile, n); ++j)
                    for (Eigen::Index i = i0; i < std::min({i0 + tile, j, n}); ++i)
                        if (abs(A(i, j) - A(j, i)) > tol) return true;
        return false;
    };
    if (!any()) return std::nullopt;
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = i + 1; j < n; ++j)
            if (abs(A(i, j) - A(j, i)) > tol) return std::pair{i, j};
    return std::nullopt;
}

/// \brief True if the square A equals its transpose entry for entry.
template <class Derived>
bool exactly_symmetric(const Eigen::MatrixBase<Derived>& A) {
    return !first_asymmetric(A, typename Derived::Scalar(0));
}
} // namespace detail

/// \brief Every entry of A is finite (no NaN, no ±∞).
template <class Derived>
void require_finite(const Eigen::MatrixBase<Derived>& A, std::string_view where, std::string_view name) {
    if (const auto at = detail::first_non_finite(A))
        fail(where, "{}({},{}) = {} is not finite; remove or impute non-finite values before calling",
             name, at->first, at->second, shown(A(at->first, at->second)));
}

/// \brief A is square and non-empty.
template <class Derived>
void require_square(const Eigen::MatrixBase<Derived>& A, std::string_view where, std::string_view name) {
    require(A.rows() == A.cols() && A.rows() > 0, where,
            "{} must be a non-empty square matrix, but it is {}×{}", name, A.rows(), A.cols());
}

/// \brief X has at least `min_rows` rows (points).
template <class Derived>
void require_min_points(const Eigen::MatrixBase<Derived>& X, Eigen::Index min_rows, std::string_view where,
                        std::string_view name) {
    require(X.rows() >= min_rows && X.cols() > 0, where,
            "{} must hold at least {}{} of dimension ≥ 1, but it is {}×{}",
            name, min_rows, min_rows == 1 ? " point (row)" : " points (rows)", X.rows(), X.cols());
}

/// \brief A is square, finite and symmetric to within the rounding of one pass of arithmetic:
///        \f$|A_{ij} - A_{ji}| \le 8\,N\,\varepsilon\,\max|A|\f$ (kb::symmetry_tolerance;
///        exactly, for rationals).
template <class Derived>
void require_symmetric(const Eigen::MatrixBase<Derived>& A, std::string_view where, std::string_view name) {
    using T = typename Derived::Scalar;
    using std::abs;
    require_square(A, where, name);
    require_finite(A, where, name); // a NaN would pass the comparison below
    const T tol = symmetry_tolerance<T>(A.rows(), max_abs(A));
    if (const auto at = detail::first_asymmetric(A, tol)) {
        const auto [i, j] = *at;
        fail(where, "{} must be symmetric, but {}({},{}) = {} and {}({},{}) = {}; "
                "pass (A + Aᵀ)/2 if the asymmetry is rounding",
                name, name, i, j, shown(A(i, j)), name, j, i, shown(A(j, i)));
    }
}

} // namespace kb

/// \cond INTERNAL
/// kb::shown(x) in a message: the text of kb::show(x).
template <class T>
struct fmt::formatter<kb::Shown<T>> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); } // "{}" only
    template <class Context>
    auto format(const kb::Shown<T>& x, Context& ctx) const {
        const std::string text = kb::show(x.value);
        return std::copy(text.begin(), text.end(), ctx.out());
    }
};
/// \endcond
