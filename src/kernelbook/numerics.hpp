#pragma once
/// \file numerics.hpp
/// \brief The numerics policy: every rounding model of kernelbook, in one place.
///
/// Each model has the form \f$c\cdot n\cdot\varepsilon(T)\cdot\text{scale}\f$: a constant,
/// the length of the longest chain of operations (a sum of n terms, a factorisation of an
/// n×n matrix), the unit roundoff of the scalar type (kb::epsilon: 0 for rationals, so
/// every model is exactly 0 in exact arithmetic), and the size of the quantities involved.
///
/// | model | formula | where it is used |
/// |---|---|---|
/// | one pass of sums and products | \f$c_1\,n\,\varepsilon\,\text{scale}\f$, \f$c_1 = 4\f$ | the tests' bounds for centring, Gram matrices, products (kb::test::one_pass) |
/// | backward error of a factorisation | \f$c_2\,n\,\varepsilon\,\|A\|\f$, \f$c_2 = 32\f$ | the tests' bounds for eigen-decompositions, SVD, Cholesky (kb::test::factorisation, kb::test::subspace); the bound the chapter programs print (kb::book::rounding_bound) |
/// | symmetry of an input | \f$8\,n\,\varepsilon\,\max\lvert A\rvert\f$ | kb::require_symmetric: an asymmetry below it is rounding |
/// | PSD to rounding, rank of a PSD matrix | \f$64\,n\,\varepsilon\,\|A\|_2\f$ | kb::require_psd, kb::psd_pseudo_inverse and the explicit map's ρ, kernel PCA's τ (with \f$\|\tilde K\|_2 \le N\max\lvert K\rvert\f$), Fisher's rank of \f$S_w\f$ |
/// | default numerical rank | \f$n\,\varepsilon\,\lambda_{\max}\f$ | kb::numerical_rank's default, LAPACK's `matrix_rank` rule |
/// | rank of a data matrix (PCA) | \f$\max(N, q)\,\varepsilon\,\|X\|_F^2\f$ | kb::Pca: both routes agree on the rank |
///
/// **Very large and very small data.** Every model above is relative to the size of the
/// data, but in `double` the squares that PCA, MDS and kernel PCA form leave the exponent
/// range (2⁻¹⁰²² to 2¹⁰²⁴) long before the data do: (10¹⁶⁰)² overflows, (10⁻¹⁶⁰)² is subnormal.
/// kb::Pca, kb::ClassicalMds, kb::KernelPca and kb::ExplicitFeatureMap therefore compute on
/// the data multiplied by a power of two, \f$2^{-e}\f$ (kb::power_of_two_exponent(),
/// kb::times_power_of_two()), whenever their largest entry lies outside
/// \f$[2^{-200}, 2^{200}]\f$, and multiply the results back. In binary floating point that
/// multiplication changes the exponent only — it is exact, in `double` as in `real50` and
/// `real100` — and every operation of the methods commutes with it, so the results are
/// those of exact scaling, bit for bit; every model above keeps its value relative to the
/// data. Data inside the range are not touched.
///
/// **Calibration of c₁ and c₂.** Measured 2026-11-22 over the whole test suite (seed
/// 20261122; `KB_REPORT_RATIOS=1` on a test binary prints, per kind and scalar type, the
/// largest error/bound ratio of the passing checks): one pass 0.36, factorisation 0.15,
/// subspace 0.072 (all in real50). So c₁ and c₂ are 2.8× and 6.6× above the worst rounding
/// seen, while a wrong formula — an O(1) error — overshoots them by about 1/ε, 10¹⁵ in double
/// and 10⁵⁰ or 10¹⁰⁰ in real50/real100. The page "How tight are the checks" (docs/tightness.md,
/// `bash tests/tightness.sh --seeds 30`) shows the distribution over 30 seeds. Re-measure
/// when a kind of bound is added.
///
/// **The library's thresholds** (symmetry, PSD, rank) are deliberately more generous than
/// c₂ (8 and 64 against the observed 5–25 ε of the symmetric eigensolver): a threshold
/// that refuses an input must not refuse a matrix that is symmetric or PSD up to rounding.
/// The tests' bounds are tighter: they must reject a wrong formula.

#include "kernelbook/matrix.hpp"
#include "kernelbook/real.hpp"

#include <algorithm>
#include <cmath>

namespace kb {

namespace numerics {

/// \brief \f$c_1\f$: one pass of sums and products (worst passing ratio measured: 0.36).
inline constexpr int c_one_pass = 4;
/// \brief \f$c_2\f$: backward error of the factorisations (Eigen's Jacobi SVD, the symmetric
///        eigensolvers of kb::symmetric_eigen, Cholesky) (worst passing ratio measured: 0.15;
///        subspace 0.072).
inline constexpr int c_factorisation = 32;
/// \brief The multiple of \f$n\,\varepsilon\,\max|A|\f$ below which an asymmetry is rounding.
inline constexpr int c_symmetry = 8;
/// \brief The multiple of \f$n\,\varepsilon\,\|A\|_2\f$ below which a negative eigenvalue,
///        or a positive one, of a PSD matrix is rounding.
inline constexpr int c_psd = 64;

/// \brief \f$c_1\,n\,\varepsilon(T)\,\text{scale}\f$: the rounding of one pass of sums and
///        products whose summands are bounded by `scale`.
template <class T>
T one_pass_error(long n, const T& scale) {
    return T(c_one_pass) * T(n) * epsilon<T>() * scale;
}

/// \brief \f$c_2\,n\,\varepsilon(T)\,\|A\|\f$: the backward error of a factorisation of an
///        n×n matrix of norm `norm`.
template <class T>
T factorisation_error(long n, const T& norm) {
    return T(c_factorisation) * T(n) * epsilon<T>() * norm;
}

} // namespace numerics

/// \brief The asymmetry \f$|A_{ij} - A_{ji}|\f$ attributed to rounding in an n×n matrix
///        whose largest entry is `max_abs_entry`: \f$8\,n\,\varepsilon\max|A|\f$ (kb::require_symmetric).
template <class T>
T symmetry_tolerance(Eigen::Index n, const T& max_abs_entry) {
    return T(numerics::c_symmetry) * T(n) * epsilon<T>() * max_abs_entry;
}

/// \brief The default rank tolerance \f$n\,\varepsilon\,\lambda_{\max}\f$ for an n×n
///        PSD matrix whose largest eigenvalue is `lambda_max` (the rule of LAPACK-based
///        `matrix_rank`): eigenvalues at or below it are treated as zero.
template <class T>
T default_rank_tolerance(Eigen::Index n, const T& lambda_max) {
    using std::abs;
    return T(n) * epsilon<T>() * abs(lambda_max);
}

/// \brief The threshold below which a negative eigenvalue of a PSD matrix is attributed
///        to rounding: \f$64\,n\,\varepsilon\,\|A\|_2\f$, a generous multiple of the
///        backward error of the symmetric eigensolver (observed 5–25 ε).
template <class T>
T psd_rounding_tolerance(Eigen::Index n, const T& norm2) {
    return T(numerics::c_psd) * T(n) * epsilon<T>() * norm2;
}

/// \brief The rank tolerance of PCA: an eigenvalue \f$\lambda_j\f$ of \f$X^\top X\f$ with
///        \f[ \lambda_j \le \max(N, q)\,\varepsilon\,\norm{X}_F^2 \f]
///        is indistinguishable from zero.
///
/// Forming \f$X^\top X\f$ in floating point perturbs each entry by up to
/// \f$N\varepsilon\,(|X|^\top|X|)_{ij}\f$, i.e. the eigenvalues by up to about
/// \f$N\varepsilon\norm{X}_F^2\f$; both routes of kb::Pca use this same tolerance so that they
/// agree on the rank. (In singular values: \f$\sigma_j \le \sqrt{\max(N,q)\,\varepsilon}\,\norm{X}_F\f$.)
/// \param N, q the shape of the data; \param total_scatter \f$\norm{X}_F^2 = \operatorname{tr}(X^\top X)\f$.
template <class T>
T pca_rank_tolerance(Eigen::Index N, Eigen::Index q, const T& total_scatter) {
    return T(std::max(N, q)) * epsilon<T>() * total_scatter;
}

// ─────────────────────────────────────────────────────────────────────────────────────
// Scaling by powers of two (very large and very small data)
// ─────────────────────────────────────────────────────────────────────────────────────

namespace numerics {
/// \brief Data whose largest entry lies in \f$[2^{-200}, 2^{200}]\f$ are used as given: their
///        squares and sums of squares (up to \f$2^{\pm 400}\f$ times a size) stay far inside
///        the normal range of `double`, \f$[2^{-1022}, 2^{1024})\f$, rounding included.
inline constexpr int safe_exponent = 200;
} // namespace numerics

/// \brief \f$2^e x\f$, exact in binary floating point (the exponent changes, the significand
///        does not) unless the result overflows or leaves the normal range; exact in rationals.
template <class T>
T times_power_of_two(const T& x, int e) {
    if (e == 0) return x;
    if constexpr (is_exact_v<T>) {
        T p(1);
        for (int i = 0; i < (e < 0 ? -e : e); ++i) p *= T(2);
        return e > 0 ? T(x * p) : T(x / p);
    } else {
        using boost::multiprecision::ldexp;
        using std::ldexp;
        return T(ldexp(x, e));
    }
}

/// \brief \f$2^e A\f$ entry by entry (kb::times_power_of_two()): exact, and A itself for e = 0.
template <class T>
Matrix<T> times_power_of_two(const Matrix<T>& A, int e) {
    if (e == 0) return A;
    return A.unaryExpr([e](const T& a) { return times_power_of_two(a, e); });
}

/// \brief The exponent e by which a method scales its input, \f$A \mapsto 2^{-e}A\f$, given
///        \f$m = \max_{ij}|A_{ij}|\f$: 0 when m is 0 or lies in \f$[2^{-200}, 2^{200}]\f$
///        (numerics::safe_exponent) and in exact types; otherwise the binary exponent of m,
///        so that \f$2^{-e}m \in [\tfrac12, 1)\f$.
/// \param m the largest absolute entry (finite, ≥ 0).
/// \param even round e up to an even number, for inputs that are squares of the data's scale
///        (Gram matrices, squared distances): then \f$2^{-e} = 4^{-e/2}\f$ and square roots
///        of the scaled input are those of the input times the power of two \f$2^{-e/2}\f$.
template <class T>
int power_of_two_exponent(const T& m, bool even = false) {
    if constexpr (is_exact_v<T>) {
        return 0;
    } else {
        using boost::multiprecision::frexp;
        using std::frexp;
        const T low = times_power_of_two(T(1), -numerics::safe_exponent);
        const T high = times_power_of_two(T(1), numerics::safe_exponent);
        if (!(m > 0) || !is_finite(m) || (m >= low && m <= high)) return 0;
        int e = 0;
        (void)frexp(m, &e); // m = f·2^e, f ∈ [½, 1)
        if (even && e % 2 != 0) ++e;
        return e;
    }
}

/// \brief \f$\norm{M}_F\f$ without overflow or underflow of its squares: for an M whose largest
///        entry lies outside \f$[2^{-200}, 2^{200}]\f$, \f$2^e\norm{2^{-e}M}_F\f$ with
///        \f$2^{-e}\max_{ij}|M_{ij}| \in [\tfrac12, 1)\f$ (kb::power_of_two_exponent(): the
///        scaling is exact, so \f$\norm{2^kM}_F = 2^k\norm{M}_F\f$ bit for bit); the plain
///        norm otherwise. 0 for M = 0; NaN or ∞ for a non-finite entry.
template <class T>
T frobenius_norm(const Matrix<T>& M) {
    const int e = power_of_two_exponent(max_abs(M));
    return times_power_of_two(T(times_power_of_two(M, -e).norm()), e);
}

} // namespace kb
