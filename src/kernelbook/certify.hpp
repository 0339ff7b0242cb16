#pragma once
/// \file certify.hpp
/// \brief PSD certificates: a three-valued verdict on "is this Gram matrix positive
///        semi-definite?" — proven, refuted with a witness, or undecided.
/// \see \ref ch04-certificates "Chapter 4, §7 — Certificates: proven, refuted, undecided"

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/real.hpp"

#include <boost/multiprecision/mpfi.hpp>

#include <cstdint>
#include <string>

namespace kb {

/// \brief Interval arithmetic with 50-digit endpoints (MPFI): every operation returns an
///        interval that contains the exact result of the operation on any values in its
///        arguments. Never compare two overlapping intervals (Boost throws inside a
///        `noexcept` function, which aborts): use kb::lower_bound and kb::upper_bound.
using interval = bmp::number<bmp::mpfi_float_backend<50>, bmp::et_off>;

/// \brief The three answers a certificate can give.
enum class PsdVerdict {
    proven,   ///< the matrix is PSD (and the certificate says how)
    refuted,  ///< a witness c with \f$c^\top K c < 0\f$ was found and checked
    undecided ///< interval arithmetic could not decide
};

/// \brief "proven PSD", "refuted", "undecided".
std::string to_string(PsdVerdict verdict);

/// \brief The outcome of kb::certify_psd, with the evidence.
struct PsdCertificate {
    PsdVerdict verdict = PsdVerdict::undecided; ///< the answer
    bool definite = false;  ///< proven positive *definite* (all N pivots positive)
    Eigen::Index rank = 0;  ///< proven: number of positive pivots (exact rank for rational K)
    Matrix<rational> L;     ///< proven exactly: N×r, unit entries at the pivots, \f$K = L\,\mathrm{diag}(d)\,L^\top\f$
    Vector<rational> d;     ///< proven exactly: the r positive pivots
    Vector<rational> witness; ///< refuted: an integer vector c with \f$c^\top K c < 0\f$
    rational witness_value;   ///< refuted: \f$c^\top K c\f$ (exact), or a rational upper bound on it (intervals)
    std::string reason;       ///< one sentence saying how the verdict was reached

    /// \brief verdict == proven.
    bool proven() const { return verdict == PsdVerdict::proven; }
    /// \brief verdict == refuted.
    bool refuted() const { return verdict == PsdVerdict::refuted; }
    /// \brief verdict == undecided.
    bool undecided() const { return verdict == PsdVerdict::undecided; }
};

/// \brief Exact PSD decision for a rational symmetric matrix (the condition of `zhu:def4` and
///        `beeny:def3.6`), by \f$LDL^\top\f$ with symmetric pivoting; never undecided.
/// \param K N×N, exactly symmetric.
/// \throws kb::error if K is empty, not square or not exactly symmetric.
/// \see \ref ch04-certificates "Chapter 4, §7"
PsdCertificate certify_psd(const Matrix<rational>& K);

/// \brief PSD (in fact PD) proof or refutation for a symmetric matrix of intervals, by interval
///        Cholesky and a witness checked on the intervals (`beeny:def3.6`, `beeny:thm3.9`).
/// \param K N×N, K(i, j) and K(j, i) the same interval (kb::gram guarantees it).
/// \throws kb::error if K is empty, not square, not symmetric, or has a non-finite end.
/// \see \ref ch04-certificates "Chapter 4, §7"
PsdCertificate certify_psd(const Matrix<interval>& K);

/// \brief The size of a rational in bits: for \f$x = p/q\f$ in lowest terms, the bits of
///        \f$|p|\f$ and of \f$q\f$ together (0 has 1 bit: the denominator's). Exact arithmetic
///        costs grow with it: the entries of the Schur complements of an N×N matrix whose
///        entries have at most B bits have about N·B bits.
std::uint64_t bit_height(const rational& x);

/// \brief x to 6 significant digits for a message, rounded in 50-digit arithmetic (whose
///        exponent range holds any rational of a Gram matrix; `double` overflows at 1.8·10³⁰⁸).
std::string approximately(const rational& x);

/// \brief \f$c^\top K c = \sum_{ij} c_i c_j K_{ij}\f$, exactly.
/// \throws kb::error on mismatched sizes.
rational quadratic_form(const Matrix<rational>& K, const Vector<rational>& c);

/// \brief An interval containing \f$c^\top K c\f$ for every real matrix inside K.
/// \throws kb::error on mismatched sizes.
interval quadratic_form(const Matrix<interval>& K, const Vector<rational>& c);

/// \brief The smallest interval with 50-digit ends that contains the rational r.
interval to_interval(const rational& r);

/// \brief Entry-wise kb::to_interval.
Matrix<interval> to_interval(const Matrix<rational>& A);

/// \brief The lower end of x, as an exact rational.
rational lower_bound(const interval& x);

/// \brief The upper end of x, as an exact rational.
rational upper_bound(const interval& x);

/// \brief A rational number inside x (its midpoint rounded to 50 digits).
rational midpoint(const interval& x);

/// \brief Whether x certainly exceeds 0 (its lower end is > 0); never throws.
bool certainly_positive(const interval& x);

/// \brief Whether x is certainly below 0 (its upper end is < 0); never throws.
bool certainly_negative(const interval& x);

/// \brief Whether x is bounded (both ends finite, neither NaN) and certainly ≥ 0 (its lower
///        end is ≥ 0); never throws. The test kb::NonNegativeCombination and the other
///        closure rules apply to weights given as intervals.
bool certainly_non_negative(const interval& x);

} // namespace kb
