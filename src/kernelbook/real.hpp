#pragma once
/// \file real.hpp
/// \brief The scalar types of kernelbook: `double`, 50- and 100-digit binary floating point
///        (MPFR, expression templates off: `auto x = a + b;` is safe), exact rationals, intervals.
/// \see \ref glossary-precision "Precision and rounding"; the backend choice in tests/bench/README.md

#include <boost/math/constants/constants.hpp>
#include <boost/multiprecision/gmp.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include <Eigen/Core>

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

namespace kb {

namespace bmp = boost::multiprecision;

/// \brief Binary floating point with 50 significant decimal digits (168 bits), ε ≈ 5.3·10⁻⁵¹.
using real50 = bmp::number<bmp::mpfr_float_backend<50, bmp::allocate_stack>, bmp::et_off>;

/// \brief Binary floating point with 100 significant decimal digits (334 bits), ε ≈ 5.7·10⁻¹⁰¹.
using real100 = bmp::number<bmp::mpfr_float_backend<100, bmp::allocate_stack>, bmp::et_off>;

/// \brief Exact rational numbers (GMP `mpq_t`). Used where a statement is algebraic:
///        there the book asserts equality, not closeness.
using rational = bmp::number<bmp::gmp_rational, bmp::et_off>;

/// \brief True for the floating-point scalar types (where ε > 0 and square roots exist).
template <class T>
inline constexpr bool is_floating_v = std::is_same_v<T, double> || std::is_same_v<T, real50> ||
                                      std::is_same_v<T, real100>;

/// \brief True for the exact scalar type.
template <class T>
inline constexpr bool is_exact_v = std::is_same_v<T, rational>;

/// \brief The floating-point scalar types: where square roots, and so features, exist.
template <class T>
concept FloatingScalar = is_floating_v<T>;

/// \brief Machine epsilon ε(T): the gap between 1 and the next representable number
///        (zero for the exact rationals).
template <class T>
T epsilon() {
    if constexpr (is_exact_v<T>)
        return T(0);
    else
        return std::numeric_limits<T>::epsilon();
}

/// \brief Number of significant decimal digits the type carries (used to cap
///        "digits of agreement"). Rationals report a nominal 1000.
template <class T>
int decimal_digits() {
    if constexpr (is_exact_v<T>)
        return 1000;
    else
        return std::numeric_limits<T>::digits10;
}

/// \brief Human-readable name of a scalar type, as the tests and examples print it.
template <class T>
std::string scalar_name() {
    if constexpr (std::is_same_v<T, double>)
        return "double";
    else if constexpr (std::is_same_v<T, real50>)
        return "real50";
    else if constexpr (std::is_same_v<T, real100>)
        return "real100";
    else if constexpr (std::is_same_v<T, rational>)
        return "rational";
    else
        return "unknown scalar";
}

/// \brief The exact value p/q in type T (no detour through `double`).
template <class T>
T ratio(long p, long q = 1) {
    return T(p) / T(q);
}

/// \brief Whether x is finite (not NaN, not ±∞); always true for exact rationals.
template <class T>
bool is_finite(const T& x) {
    if constexpr (is_exact_v<T>) {
        return true;
    } else {
        using boost::multiprecision::isfinite;
        using std::isfinite;
        return isfinite(x);
    }
}

/// \brief π to the full precision of T.
template <class T>
T pi() {
    return boost::math::constants::pi<T>();
}

/// \brief Converts between scalar types, through the exact value where one side is exact.
///
/// `double` → `real50` is exact (every double is representable); `real50` → `double`
/// rounds; `rational` → floating type rounds once.
template <class To, class From>
To convert(const From& x) {
    if constexpr (std::is_same_v<To, From>)
        return x;
    else
        return static_cast<To>(x);
}

/// \brief Number of decimal digits to which `value` agrees with `reference`:
///        \f$ -\log_{10}\bigl(|v - r| / \max(|r|, \text{scale})\bigr) \f$, capped at the
///        digits the type carries. `scale` keeps zero targets meaningful.
template <class T>
double digits_of_agreement(const T& value, const T& reference, const T& scale = T(1)) {
    using std::abs;
    using std::max;
    const T err = abs(value - reference);
    const int cap = decimal_digits<T>();
    if (err == 0) return cap;
    T denom = max(abs(reference), abs(scale));
    if (denom == 0) denom = T(1);
    const double d = -std::log10(static_cast<double>(T(err / denom)));
    return d > cap ? cap : (d < 0 ? 0.0 : d);
}

} // namespace kb

namespace Eigen {

/// \cond INTERNAL
/// The members every kernelbook scalar states in its `NumTraits`: a real, signed,
/// non-integer type that needs initialisation, with the given costs of + and ×.
template <class Real_, int AddCostV, int MulCostV>
struct KbScalarNumTraits : GenericNumTraits<Real_> {
    using Real = Real_;
    using NonInteger = Real_;
    using Nested = Real_;
    using Literal = Real_;
    enum {
        IsComplex = 0,
        IsInteger = 0,
        IsSigned = 1,
        RequireInitialization = 1,
        ReadCost = 1,
        AddCost = AddCostV,
        MulCost = MulCostV
    };
};

/// A complete `NumTraits` for a multiprecision floating type. Eigen's generic traits would
/// also work, but Boost 1.74's own `boost/multiprecision/eigen.hpp` is incomplete
/// (`lowest()` positive; `digits()`, `infinity()` missing), so every member is stated
/// explicitly and that header is never included. (The benchmarks use the same traits for
/// every candidate backend, so that none is favoured.)
template <class Real_>
struct KbFloatNumTraits : KbScalarNumTraits<Real_, 4, 8> {
    using Real = Real_;
    static Real epsilon() { return std::numeric_limits<Real>::epsilon(); }
    static Real dummy_precision() { return 1000 * epsilon(); }
    static Real highest() { return (std::numeric_limits<Real>::max)(); }
    static Real lowest() { return std::numeric_limits<Real>::lowest(); }
    static int digits10() { return std::numeric_limits<Real>::digits10; }
    static int digits() { return std::numeric_limits<Real>::digits; }
    static int min_exponent() { return std::numeric_limits<Real>::min_exponent; }
    static int max_exponent() { return std::numeric_limits<Real>::max_exponent; }
    static Real infinity() { return std::numeric_limits<Real>::infinity(); }
    static Real quiet_NaN() { return std::numeric_limits<Real>::quiet_NaN(); }
};
/// \endcond

template <>
struct NumTraits<kb::real50> : KbFloatNumTraits<kb::real50> {};
template <>
struct NumTraits<kb::real100> : KbFloatNumTraits<kb::real100> {};

/// \cond INTERNAL
/// Exact rationals: ε = 0, so Eigen's rank-revealing decompositions decide rank exactly.
template <>
struct NumTraits<kb::rational> : KbScalarNumTraits<kb::rational, 16, 32> {
    using Real = kb::rational;
    static Real epsilon() { return Real(0); }
    static Real dummy_precision() { return Real(0); }
    static int digits10() { return 0; }
};
/// \endcond

} // namespace Eigen
