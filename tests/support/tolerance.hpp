#pragma once
/// \file tolerance.hpp
/// \brief The only place where tests get their tolerances, and the one comparison.
///
/// Tests never write a decimal tolerance. A bound is built from the arithmetic that
/// produced the error:
///  - kb::test::one_pass — one pass of sums and products (centring, Gram matrices,
///    distances, a matrix product): \f$c_1\,n\,\varepsilon(T)\cdot\text{scale}\f$, where n
///    is the length of the longest sum and `scale` bounds the magnitude of the summands
///    (e.g. \f$\max|a_{ik}||b_{kj}|\f$, or a norm of the inputs);
///  - kb::test::factorisation — backward error of a factorisation (eigen, SVD, Cholesky):
///    \f$c_2\,n\,\varepsilon(T)\,\|A\|\f$;
///  - kb::test::subspace — eigenvectors, subspaces, scores: the factorisation bound
///    divided by the spectral gap that separates the subspace from the rest;
///  - kb::test::exact — zero, for rational arithmetic.
/// A zero target is compared with an absolute bound at a stated scale, never relatively.
/// Every bound is built from the inputs of the check (norms of the data, spectra known by
/// construction, or a reference computed independently in higher precision), never from an
/// output of the object the check is about.
///
/// **The comparison** (kb::test::compare): a law passes with kb::test::within, |error| ≤
/// bound; its failing companion passes with kb::test::exceeds, |error| > bound — the same
/// check, fed a wrong formula or a broken input. Both fail when the error or the bound is
/// NaN or ±∞, or the bound is negative: a broken computation passes neither. Magnitudes are
/// compared, so a signed error cannot pass by being negative.
///
/// **Tightness** (`KB_BOUND_REPORT=<file>`): every comparison appends a line (test, what,
/// type, kind, within|exceeds, |error|, bound, ratio, verdict); `bash tests/tightness.sh`
/// runs the suite over 30 seeds and writes the book's page "How tight are the checks".
///
/// **Calibration**: the constants c₁ and c₂ and their measurement live with every other
/// rounding model in the numerics policy, kernelbook/numerics.hpp (`KB_REPORT_RATIOS=1` on a
/// test binary prints, per kind and type, the largest error/bound ratio of the passing
/// checks). The chapter programs print bounds with the same c₂ (kb::book::rounding_bound).

#include "kernelbook/numerics.hpp"
#include "kernelbook/real.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <sstream>
#include <string>

namespace kb::test {

/// \brief \f$c_1\f$ and \f$c_2\f$ of the numerics policy (kernelbook/numerics.hpp, with
///        their calibration).
using kb::numerics::c_factorisation;
using kb::numerics::c_one_pass;

/// \brief A bound on an error, with what it was built from (printed when a check fails).
template <class T>
struct Bound {
    T value;           ///< the bound itself
    std::string kind;  ///< "one-pass", "factorisation", "subspace", "exact"
    long n = 0;        ///< the size that entered the bound
    T scale = T(0);    ///< the scale that entered the bound
    double condition = 0; ///< a condition number, if one is relevant (0: not given)

    /// \brief The same bound, noting the condition number of the problem (for messages).
    Bound with_condition(double kappa) const {
        Bound b = *this;
        b.condition = kappa;
        return b;
    }
};

/// \brief \f$c_1\,n\,\varepsilon(T)\,\text{scale}\f$ — one pass of sums and products.
template <class T>
Bound<T> one_pass(long n, const T& scale) {
    return {kb::numerics::one_pass_error<T>(n, scale), "one-pass (c₁·n·ε·scale)", n, scale};
}

/// \brief \f$c_2\,n\,\varepsilon(T)\,\|A\|\f$ — backward error of a factorisation of an n×n A.
template <class T>
Bound<T> factorisation(long n, const T& normA) {
    return {kb::numerics::factorisation_error<T>(n, normA), "factorisation (c₂·n·ε·‖A‖)", n, normA};
}

/// \brief \f$c_2\,n\,\varepsilon(T)\,\|A\| / \text{gap}\f$ — an invariant subspace (or the
///        scores it yields, relative to their scale) separated from the rest of the
///        spectrum by `gap`.
template <class T>
Bound<T> subspace(long n, const T& normA, const T& gap) {
    return {kb::numerics::factorisation_error<T>(n, normA) / gap, "subspace (c₂·n·ε·‖A‖/gap)", n,
            normA};
}

/// \brief The sum of two bounds: a check whose error has two independent sources.
template <class T>
Bound<T> plus(const Bound<T>& a, const Bound<T>& b) {
    Bound<T> out = a;
    out.value = a.value + b.value;
    out.kind = a.kind + " + " + b.kind;
    return out;
}

/// \brief The bound 0: the statement holds exactly (rational arithmetic).
template <class T>
Bound<T> exact() {
    return {T(0), "exact", 0, T(0)};
}

/// \brief \f$\max(x, 0)\f$, exact, and NaN for a NaN: the excess of a one-sided law "a ≤ b up
///        to rounding", checked as (a − b)⁺ within the bound. A clipped `x > 0 ? x : 0` would
///        turn a NaN into a passing 0.
template <class T>
T positive_part(const T& x) {
    using std::abs;
    return (x + abs(x)) / T(2);
}

/// \brief \f$\max(-x, 0)\f$, exact, NaN for a NaN: e.g. the negative part of an eigenvalue.
template <class T>
T negative_part(const T& x) {
    using std::abs;
    return (abs(x) - x) / T(2);
}

/// \brief Outcome of comparing an error with a bound, with a message that reports the
///        error, the bound, their ratio, n, the scale and the condition number.
struct Verdict {
    bool ok;
    std::string message;
};

/// \brief What a comparison expects: the law's error within its bound, or a companion's
///        error (a wrong formula, the same bound) above it.
enum class Expect { within, exceeds };

/// \brief Records the largest error/bound ratio per kind and type; printed at exit when
///        the environment sets `KB_REPORT_RATIOS=1` (used to calibrate c₁ and c₂).
void record_ratio(const std::string& kind, const std::string& type, double ratio);

/// \brief The name of the running test case ("(outside a test case)" before the first).
const std::string& current_test_name();
/// \brief Sets it (the doctest listener of support.cpp, when a test case starts).
void set_current_test_name(const std::string& name);
/// \brief Writes the buffered lines of the tightness report now (before an early exit).
void flush_bound_report();

/// \brief Appends one comparison to the tightness report when the environment sets
///        `KB_BOUND_REPORT=<file>`: test case, scalar type, kind, expectation, error, bound,
///        ratio and verdict, one tab-separated line (docs/tools/tightness.py reads them).
void record_comparison(const std::string& what, const std::string& kind, const std::string& type, Expect expect,
                       double error, double bound, double ratio, bool ok);

/// \brief The one comparison of the suite, two-sided and NaN-proof.
///
/// The magnitude |error| is compared, so a signed error cannot pass by being negative. The
/// verdict is a failure, whatever is expected, when the error or the bound is NaN or
/// infinite, or the bound is negative: a broken computation never passes a law, and never
/// "fails as expected" in a companion either. With finite inputs and a bound ≥ 0:
///  - Expect::within  passes iff |error| ≤ bound (a law);
///  - Expect::exceeds passes iff |error| > bound (a companion: the wrong formula is off by
///    more than the rounding that the law's own check allows).
template <class T>
Verdict compare(const T& error, const Bound<T>& bound, const std::string& what, Expect expect) {
    using std::abs;
    const bool finite = kb::is_finite(error) && kb::is_finite(bound.value);
    const bool valid = finite && !(bound.value < T(0));
    const T magnitude = finite ? T(abs(error)) : T(0);
    const bool inside = valid && magnitude <= bound.value;
    const bool ok = valid && (expect == Expect::within ? inside : !inside);
    double ratio = 0;
    if (valid && bound.value > 0) {
        ratio = static_cast<double>(T(magnitude / bound.value));
        if (expect == Expect::within) record_ratio(bound.kind, kb::scalar_name<T>(), ratio);
    } else if (valid && magnitude > 0) {
        ratio = std::numeric_limits<double>::infinity();
    }
    record_comparison(what, bound.kind, kb::scalar_name<T>(), expect, finite ? static_cast<double>(magnitude) : NAN,
                      kb::is_finite(bound.value) ? static_cast<double>(bound.value) : NAN, ratio, ok);
    std::ostringstream os;
    os.precision(3);
    os << what << ": ";
    if (!finite) {
        os << "error " << static_cast<double>(error) << ", bound " << static_cast<double>(bound.value)
           << ": not finite (a NaN or ∞ passes no check)";
    } else if (!valid) {
        os << "bound " << static_cast<double>(bound.value) << " is negative (a bound is ≥ 0)";
    } else {
        os << "|error| " << static_cast<double>(magnitude) << (inside ? " <= " : " > ") << "bound "
           << static_cast<double>(bound.value) << (expect == Expect::within ? " (expected <=)" : " (expected >)");
    }
    os << " [" << bound.kind << ", ratio " << ratio << ", n = " << bound.n << ", scale "
       << static_cast<double>(bound.scale) << ", ε = " << static_cast<double>(kb::epsilon<T>());
    if (bound.condition > 0) os << ", κ = " << bound.condition;
    os << ", " << kb::scalar_name<T>() << "]";
    return {ok, os.str()};
}

/// \brief A law: passes iff error and bound are finite, the bound is ≥ 0 and |error| ≤ bound.
template <class T>
Verdict within(const T& error, const Bound<T>& bound, const std::string& what) {
    return compare(error, bound, what, Expect::within);
}

/// \brief A failing companion: passes iff error and bound are finite, the bound is ≥ 0 and
///        |error| > bound — the concrete failure it expects, never just "not within".
template <class T>
Verdict exceeds(const T& error, const Bound<T>& bound, const std::string& what) {
    return compare(error, bound, what, Expect::exceeds);
}

} // namespace kb::test

/// Inside a doctest test case: `check` is kb::test::within or kb::test::exceeds; a failed
/// check reports its full verdict. The four macros below are this one and its rapidcheck twin.
#define KB_CHECK_VERDICT_(check, error, bound, what)                     \
    do {                                                                 \
        const auto kb_verdict_ = ::kb::test::check(error, bound, what);  \
        CHECK_MESSAGE(kb_verdict_.ok, kb_verdict_.message);              \
    } while (0)

/// Inside a rapidcheck property: fails the case (and so triggers shrinking) with the full
/// verdict as the failure description.
#define KB_RC_VERDICT_(check, error, bound, what)                        \
    do {                                                                 \
        const auto kb_verdict_ = ::kb::test::check(error, bound, what);  \
        if (!kb_verdict_.ok) RC_FAIL(kb_verdict_.message);               \
    } while (0)

/// A law, in a doctest test case: |error| ≤ bound (kb::test::within).
#define KB_CHECK_WITHIN(error, bound, what) KB_CHECK_VERDICT_(within, error, bound, what)
/// A law, inside a rapidcheck property: |error| ≤ bound (kb::test::within).
#define KB_RC_WITHIN(error, bound, what) KB_RC_VERDICT_(within, error, bound, what)
/// A failing companion, in a doctest test case: the finite error is above the finite bound
/// (kb::test::exceeds).
#define KB_CHECK_EXCEEDS(error, bound, what) KB_CHECK_VERDICT_(exceeds, error, bound, what)
/// A failing companion, inside a rapidcheck property (kb::test::exceeds).
#define KB_RC_EXCEEDS(error, bound, what) KB_RC_VERDICT_(exceeds, error, bound, what)
