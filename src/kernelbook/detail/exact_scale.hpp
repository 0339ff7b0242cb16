#pragma once
/// \file exact_scale.hpp
/// \brief The one guard of the estimators against extreme magnitudes (kb::detail::ExactScale):
///        an input beyond \f$[2^{-200}, 2^{200}]\f$ is fitted as \f$2^{-e}\f$ times itself, and
///        every result is multiplied back by the power of two of its degree in the input.

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/numerics.hpp"
#include "kernelbook/real.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <string_view>

/// \cond INTERNAL
namespace kb::detail {

/// \f$2^k x\f$ in decimal, six significant digits, also where it lies beyond the range of
/// `double` ("3.60784e+321"): for the messages of kb::detail::ExactScale.
inline std::string shown_times_power_of_two(double x, int k) {
    if (x == 0 || !std::isfinite(x)) return fmt::format("{}", x);
    const double l = std::log10(std::abs(x)) + k * std::log10(2.0);
    double d = std::floor(l), m = std::pow(10.0, l - d);
    if (m >= 9.999995) {
        m /= 10;
        d += 1;
    }
    return fmt::format("{}{:.6g}e{:+03d}", x < 0 ? "-" : "", m, static_cast<int>(d));
}

/// The guard kb::Pca, kb::ClassicalMds, kb::KernelPca and kb::ExplicitFeatureMap share
/// (numerics.hpp, "Extreme magnitudes"). An input whose largest entry lies outside
/// \f$[2^{-200}, 2^{200}]\f$ is fitted as \f$2^{-e}M\f$ (kb::power_of_two_exponent()); a result of
/// degree d in the input — 1 for a length or an eigenvalue of a Gram matrix, 2 for the square of
/// a length, ½ for the square root of a Gram matrix's eigenvalue, −½ for \f$K^{-1/2}\f$ — is
/// multiplied back by \f$2^{d\,e}\f$. A power of two changes exponents only, so both directions are
/// exact and the results are those of the input, bit for bit. What the guard cannot do is make a
/// result representable: `require_finite` and `require_normal` refuse, in one wording for every
/// estimator, a result that overflows T or falls below its normal range at the input's scale.
template <class T>
class ExactScale {
public:
    /// What the refusals say about the input.
    struct Input {
        std::string_view where;  ///< the public function that refuses ("Pca")
        std::string_view name;   ///< the input's letter in the message ("x" gives "max |x| = …")
        T largest;               ///< the input's largest |entry|, at its own scale
        std::string_view advice; ///< how to rescale it ("rescale the data (the axes do not change)")
    };

    /// \param input the input and the words of the refusals
    /// \param even  whether results of degree ½ exist (then e is even, and \f$2^{e/2}\f$ exact)
    ExactScale(const Input& input, bool even)
        : input_(input), e_(power_of_two_exponent(input.largest, even)) {}

    /// e: the input is fitted as \f$2^{-e}M\f$ (0: as it is).
    int exponent() const { return e_; }
    /// Whether the input is rescaled at all.
    bool active() const { return e_ != 0; }
    /// The input as fitted, \f$2^{-e}M\f$.
    Matrix<T> down(const Matrix<T>& M) const { return times_power_of_two(M, -e_); }
    /// A scalar of the input's scale as fitted, \f$2^{-e}x\f$ (a threshold the caller gave).
    T down(const T& x) const { return times_power_of_two(x, -e_); }
    /// The power of two \f$d\,e\f$ of a result of degree d = num/den (den 1 or 2).
    int power(int num, int den = 1) const { return num * e_ / den; }
    /// A result of degree num/den, back at the input's scale: \f$2^{d\,e}x\f$.
    T up(const T& x, int num, int den = 1) const { return times_power_of_two(x, power(num, den)); }
    /// A vector or matrix result of degree num/den, back at the input's scale.
    template <class Derived>
    typename Derived::PlainObject up(const Eigen::MatrixBase<Derived>& M, int num, int den = 1) const {
        const int k = power(num, den);
        return M.unaryExpr([k](const T& x) { return times_power_of_two(x, k); });
    }

    /// Refuses unless `scaled`, a result of degree num/den as fitted, is finite at the input's
    /// scale. `why` says why it is that large ("the variances are squares of the data's scale").
    void require_finite(std::string_view what, const T& scaled, std::string_view why, int num, int den = 1) const {
        require(is_finite(up(scaled, num, den)), input_.where,
                "{} = {} overflows {} (max |{}| = {}): {}; {} or use a wider type (real50, real100)", what,
                shown_times_power_of_two(static_cast<double>(scaled), power(num, den)), scalar_name<T>(), input_.name,
                shown(input_.largest), why, input_.advice);
    }

    /// Refuses unless `scaled`, a positive result of degree num/den as fitted (a kept
    /// eigenvalue), is at least the smallest normal number of T at the input's scale: below it,
    /// it has lost its digits.
    void require_normal(std::string_view what, const T& scaled, std::string_view why, int num, int den = 1) const {
        require(up(scaled, num, den) >= std::numeric_limits<T>::min(), input_.where,
                "{} is {}, below the smallest normal {} {} (max |{}| = {}): {}, and it cannot be represented "
                "to full precision; {} or use a wider type (real50, real100)",
                what, shown_times_power_of_two(static_cast<double>(scaled), power(num, den)), scalar_name<T>(),
                shown(T(std::numeric_limits<T>::min())), input_.name, shown(input_.largest), why, input_.advice);
    }

private:
    Input input_;
    int e_ = 0;
};

} // namespace kb::detail
/// \endcond
