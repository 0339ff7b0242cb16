#pragma once
/// \file exact_roots.hpp
/// \brief Independent reference values for the seeds' exact examples: the real roots of a
///        polynomial with rational coefficients, enclosed in rational intervals.
///
/// Where a seed's inputs are exact (integers, printed decimals), its eigenvalues and
/// singular values are algebraic numbers. This header computes them without any floating
/// point and without the library's eigensolvers, so that a test can compare the library's
/// real50/real100 results with a value the code under test never produced:
///  1. the characteristic polynomial det(xI − A) of a rational matrix, by the
///     Faddeev–LeVerrier recursion (exact in rationals);
///  2. Yun's square-free factorisation p = ∏ aᵢⁱ, so every root of aᵢ is simple and has
///     multiplicity i in p;
///  3. the roots of each aᵢ isolated in half-open intervals (a, b] by Sturm sequences: the
///     number of sign changes V(a) − V(b) is the number of distinct roots in (a, b], so an
///     interval with count 1 holds exactly one root (the proof the brief asks for);
///  4. each isolating interval narrowed by bisection on the sign of aᵢ (a simple root of a
///     square-free polynomial is a sign change, and the interval holds only that root) until
///     its width is below the requested relative width; a midpoint that is a root ends the
///     search with the exact rational root.
///
/// The comparison with a floating-point value x is exact too: x is converted to a rational
/// without rounding (mpfr_get_q, or the exact value of a double) and its distance to the
/// farther end of the enclosure, max(|x − lo|, |x − hi|) ≥ |x − root|, is the error that
/// the test hands to kb::test::within with the law's own rounding bound.
///
/// Included only by the worked_examples.cpp of chapters/01-pca and chapters/02-classical-mds and
/// by tests/harness/corner_tests.cpp (its self-test is in chapters/01-pca/worked_examples.cpp).

#include "kernelbook/matrix.hpp"
#include "kernelbook/real.hpp"

#include <algorithm>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace kb::test::exact_roots {

using Q = kb::rational;

/// \brief A polynomial with rational coefficients, c[i] the coefficient of xⁱ (no trailing
///        zeros; the zero polynomial is the empty vector).
struct Poly {
    std::vector<Q> c;

    Poly() = default;
    explicit Poly(std::vector<Q> coefficients) : c(std::move(coefficients)) { trim(); }

    void trim() {
        while (!c.empty() && c.back() == 0) c.pop_back();
    }
    /// Degree (−1 for the zero polynomial).
    int degree() const { return static_cast<int>(c.size()) - 1; }
    bool is_zero() const { return c.empty(); }
    const Q& lead() const { return c.back(); }

    /// p(x), by Horner's rule, exactly.
    Q operator()(const Q& x) const {
        Q v(0);
        for (auto it = c.rbegin(); it != c.rend(); ++it) v = v * x + *it;
        return v;
    }
};

inline Poly operator-(const Poly& a, const Poly& b) {
    std::vector<Q> c(std::max(a.c.size(), b.c.size()), Q(0));
    for (std::size_t i = 0; i < a.c.size(); ++i) c[i] += a.c[i];
    for (std::size_t i = 0; i < b.c.size(); ++i) c[i] -= b.c[i];
    return Poly(std::move(c));
}

inline Poly operator*(const Poly& a, const Poly& b) {
    if (a.is_zero() || b.is_zero()) return Poly();
    std::vector<Q> c(a.c.size() + b.c.size() - 1, Q(0));
    for (std::size_t i = 0; i < a.c.size(); ++i)
        for (std::size_t j = 0; j < b.c.size(); ++j) c[i + j] += a.c[i] * b.c[j];
    return Poly(std::move(c));
}

/// The polynomial with the given roots, ∏ (x − rᵢ).
inline Poly from_roots(const std::vector<Q>& roots) {
    Poly p({Q(1)});
    for (const Q& r : roots) p = p * Poly({Q(-r), Q(1)});
    return p;
}

/// p′.
inline Poly derivative(const Poly& p) {
    std::vector<Q> c;
    for (std::size_t i = 1; i < p.c.size(); ++i) c.push_back(Q(static_cast<long>(i)) * p.c[i]);
    return Poly(std::move(c));
}

/// p(x²): its positive roots are the square roots of the positive roots of p.
inline Poly of_square(const Poly& p) {
    std::vector<Q> c(p.c.empty() ? 0 : 2 * p.c.size() - 1, Q(0));
    for (std::size_t i = 0; i < p.c.size(); ++i) c[2 * i] = p.c[i];
    return Poly(std::move(c));
}

/// Euclidean division a = q b + r, deg r < deg b (b ≠ 0).
inline std::pair<Poly, Poly> divmod(const Poly& a, const Poly& b) {
    if (b.is_zero()) throw std::invalid_argument("exact_roots::divmod: division by the zero polynomial");
    std::vector<Q> r = a.c;
    const int db = b.degree();
    std::vector<Q> q(std::max(0, a.degree() - db + 1), Q(0));
    for (int k = a.degree() - db; k >= 0; --k) {
        const Q f = r[k + db] / b.lead();
        q[k] = f;
        for (int j = 0; j <= db; ++j) r[k + j] -= f * b.c[j];
    }
    Poly rem(std::move(r));
    return {Poly(std::move(q)), rem};
}

/// The monic greatest common divisor.
inline Poly gcd(Poly a, Poly b) {
    while (!b.is_zero()) {
        Poly r = divmod(a, b).second;
        a = std::move(b);
        b = std::move(r);
    }
    if (a.is_zero()) return a;
    const Q l = a.lead();
    for (Q& x : a.c) x /= l;
    return a;
}

/// \brief det(xI − A) of a square rational matrix, by Faddeev–LeVerrier:
///        M₀ = 0, c_n = 1; M_k = A M_{k−1} + c_{n−k+1} I, c_{n−k} = −tr(A M_k)/k.
inline Poly characteristic_polynomial(const kb::Matrix<Q>& A) {
    const Eigen::Index n = A.rows();
    std::vector<Q> c(n + 1, Q(0));
    c[n] = 1;
    kb::Matrix<Q> M = kb::Matrix<Q>::Zero(n, n);
    for (Eigen::Index k = 1; k <= n; ++k) {
        M = kb::Matrix<Q>(A * M);
        for (Eigen::Index i = 0; i < n; ++i) M(i, i) += c[n - k + 1];
        c[n - k] = -kb::Matrix<Q>(A * M).trace() / Q(static_cast<long>(k));
    }
    return Poly(std::move(c));
}

/// Yun's square-free factorisation: factors[i − 1] = aᵢ (monic, square-free, pairwise
/// coprime) with p = lead · ∏ aᵢⁱ.
inline std::vector<Poly> square_free_factors(const Poly& p) {
    std::vector<Poly> factors;
    if (p.degree() < 1) return factors;
    const Poly dp = derivative(p);
    const Poly b = gcd(p, dp);
    Poly c = divmod(p, b).first;
    Poly d = divmod(dp, b).first - derivative(c);
    while (c.degree() > 0) {
        const Poly a = gcd(c, d);
        const Poly c_next = divmod(c, a).first;
        d = divmod(d, a).first - derivative(c_next);
        c = c_next;
        factors.push_back(a);
    }
    return factors;
}

/// The Sturm sequence p, p′, −rem(p_{k−1}, p_k), … of a square-free p.
inline std::vector<Poly> sturm_sequence(const Poly& p) {
    std::vector<Poly> s{p, derivative(p)};
    while (s.back().degree() > 0) {
        const Poly r = divmod(s[s.size() - 2], s.back()).second;
        if (r.is_zero()) break;
        s.push_back(Poly() - r);
    }
    return s;
}

inline int sign(const Q& x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }

/// Sign changes of the Sturm sequence at x (zeros skipped).
inline int sign_changes(const std::vector<Poly>& s, const Q& x) {
    int changes = 0, last = 0;
    for (const Poly& p : s) {
        const int v = sign(p(x));
        if (v == 0) continue;
        if (last != 0 && v != last) ++changes;
        last = v;
    }
    return changes;
}

/// Number of distinct real roots of the square-free p in (a, b] (Sturm's theorem).
inline int count_roots(const std::vector<Poly>& s, const Q& a, const Q& b) {
    return sign_changes(s, a) - sign_changes(s, b);
}

/// \brief A real root enclosed in [lo, hi] (lo = hi: the exact rational root), with its
///        multiplicity in the polynomial.
struct Root {
    Q lo, hi;
    int multiplicity = 1;
    /// The midpoint of the enclosure (the root itself when lo = hi).
    Q mid() const { return (lo + hi) / 2; }
};

/// Whether the enclosure is narrow enough: hi − lo ≤ rel · max(|lo|, |hi|).
inline bool narrow_enough(const Q& lo, const Q& hi, const Q& rel) {
    using std::abs;
    return hi - lo <= rel * std::max(Q(abs(lo)), Q(abs(hi)));
}

/// \brief Narrows (a, b], which holds exactly one root of the square-free p and no other,
///        to a width ≤ rel·|root| (p(0) ≠ 0, so the enclosure eventually excludes 0).
inline Root narrow(const Poly& p, const std::vector<Poly>& s, Q a, Q b, const Q& rel) {
    if (p(b) == 0) return {b, b, 1};
    if (p(a) == 0) {
        // a is a root outside (a, b]: move a inside until p(a) ≠ 0 (one step, see below).
        const Q m = (a + b) / 2;
        if (p(m) == 0) return {m, m, 1};          // m is the only root in (a, b]
        if (count_roots(s, m, b) == 1) a = m;      // p(m) ≠ 0
        else b = m;                                // the root is in (a, m], p(b) = p(m) ≠ 0
        if (p(a) == 0) return narrow(p, s, a, b, rel);
    }
    // p(a), p(b) ≠ 0 and one simple root inside: p(a) p(b) < 0.
    int sa = sign(p(a));
    while (!narrow_enough(a, b, rel)) {
        const Q m = (a + b) / 2;
        const int sm = sign(p(m));
        if (sm == 0) return {m, m, 1};
        if (sm == sa) a = m;
        else b = m;
    }
    return {a, b, 1};
}

/// \brief All real roots of p ≠ 0 with their multiplicities, each in a rational enclosure of
///        relative width ≤ rel (the root 0 and any root hit exactly are returned exactly),
///        in decreasing order.
inline std::vector<Root> real_roots(const Poly& p, const Q& rel) {
    using std::abs;
    if (p.is_zero()) throw std::invalid_argument("exact_roots::real_roots: the zero polynomial has every root");
    std::vector<Root> roots;
    const std::vector<Poly> factors = square_free_factors(p);
    for (std::size_t i = 0; i < factors.size(); ++i) {
        const int multiplicity = static_cast<int>(i) + 1;
        Poly a = factors[i];
        if (a.degree() < 1) continue;
        if (a.c[0] == 0) { // the root 0, exactly; a is square-free so x divides it once
            roots.push_back({Q(0), Q(0), multiplicity});
            a = Poly(std::vector<Q>(a.c.begin() + 1, a.c.end()));
            if (a.degree() < 1) continue;
        }
        const std::vector<Poly> s = sturm_sequence(a);
        // Cauchy's bound: every root has |r| < 1 + max |cᵢ/c_n|.
        Q bound(0);
        for (const Q& x : a.c) bound = std::max(bound, Q(abs(x / a.lead())));
        bound += 1;
        // Isolation: split (lo, hi] until each piece holds at most one root.
        std::vector<std::pair<Q, Q>> todo{{Q(-bound), bound}};
        while (!todo.empty()) {
            const auto [lo, hi] = todo.back();
            todo.pop_back();
            const int n = count_roots(s, lo, hi);
            if (n == 0) continue;
            if (n == 1) {
                Root r = narrow(a, s, lo, hi, rel);
                r.multiplicity = multiplicity;
                roots.push_back(r);
                continue;
            }
            const Q m = (lo + hi) / 2;
            todo.push_back({lo, m});
            todo.push_back({m, hi});
        }
    }
    std::sort(roots.begin(), roots.end(), [](const Root& x, const Root& y) { return x.lo > y.lo; });
    return roots;
}

/// The roots listed with repetition (a root of multiplicity m appears m times), decreasing:
/// the order of kb::symmetric_eigen's eigenvalues.
inline std::vector<Root> with_multiplicity(const std::vector<Root>& roots) {
    std::vector<Root> out;
    for (const Root& r : roots)
        for (int k = 0; k < r.multiplicity; ++k) out.push_back(r);
    return out;
}

/// \brief The eigenvalues of a symmetric rational matrix, with repetition, decreasing, each
///        enclosed to relative width ≤ rel.
inline std::vector<Root> eigenvalues(const kb::Matrix<Q>& A, const Q& rel) {
    return with_multiplicity(real_roots(characteristic_polynomial(A), rel));
}

/// \brief 10⁻ᵈ as a rational: the relative width asked of an enclosure.
inline Q ten_to_minus(int d) {
    Q x(1);
    for (int i = 0; i < d; ++i) x /= 10;
    return x;
}

/// \brief The relative width the tests ask for: 10⁻¹²⁰, far below ε(real100) ≈ 10⁻¹⁰⁰, so the
///        enclosure's own width is negligible next to any rounding bound.
inline Q reference_width() { return ten_to_minus(120); }

/// \brief The exact rational value of a floating-point number (no rounding).
template <class T>
Q to_rational(const T& x) {
    if constexpr (std::is_same_v<T, double>) {
        return Q(x);
    } else {
        Q q;
        mpfr_get_q(q.backend().data(), x.backend().data());
        return q;
    }
}

/// \brief An upper bound on |x − r| for the root r in [lo, hi]: max(|x − lo|, |x − hi|),
///        computed exactly and rounded once to T.
template <class T>
T enclosure_error(const T& x, const Root& r) {
    using std::abs;
    const Q q = to_rational(x);
    return static_cast<T>(std::max(Q(abs(q - r.lo)), Q(abs(q - r.hi))));
}

/// \brief An upper bound on |s − √y| for every y in [lo, hi] with 0 < lo and s > 0:
///        |s − √y| = |s² − y|/(s + √y) ≤ max(|s² − lo|, |s² − hi|)/(s + ℓ), where ℓ = 9s/10
///        if (9s/10)² ≤ lo (then ℓ ≤ √y), else ℓ = 0 — exact, rounded once to T.
template <class T>
T sqrt_enclosure_error(const T& s, const Q& lo, const Q& hi) {
    using std::abs;
    const Q q = to_rational(s);
    const Q q2 = q * q;
    const Q l = q * Q(9) / Q(10);
    const Q denominator = q + (l * l <= lo ? l : Q(0));
    return static_cast<T>(Q(std::max(Q(abs(q2 - lo)), Q(abs(q2 - hi))) / denominator));
}

/// \brief The same for √r of a root enclosure r.
template <class T>
T sqrt_enclosure_error(const T& s, const Root& r) {
    return sqrt_enclosure_error(s, r.lo, r.hi);
}

/// \brief A rational lower bound of |a − b| for two disjoint enclosures (0 if they overlap):
///        a spectral gap known independently of the code under test.
inline Q gap_lower_bound(const Root& a, const Root& b) {
    if (a.lo > b.hi) return a.lo - b.hi;
    if (b.lo > a.hi) return b.lo - a.hi;
    return Q(0);
}

/// \brief The digits a full-precision check must resolve: 40 in real50, 90 in real100 (issue
///        10), and 10 in double (ε ≈ 2.2·10⁻¹⁶ times the factorisation constant c₂·n ≈ 10²
///        and a scale ratio ‖A‖/|λ| up to ≈ 10³); a test asserts that its bound is below
///        10^−digits relative to the value it checks.
template <class T>
int required_digits() {
    if constexpr (std::is_same_v<T, kb::real50>) return 40;
    else if constexpr (std::is_same_v<T, kb::real100>) return 90;
    else return 10;
}

} // namespace kb::test::exact_roots
