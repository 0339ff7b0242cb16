/// \file certify.cpp
/// \brief The PSD certificates of certify.hpp: exact pivoted LDLᵀ with witnesses, and
///        interval Cholesky.
#include "kernelbook/certify.hpp"

#include <gmp.h>
#include <mpfi.h>
#include <mpfr.h>

#include <stdexcept>
#include <vector>

namespace kb {

namespace {

using Index = Eigen::Index;

// A rational from an MPFR number, exactly (every binary float is a dyadic rational).
rational from_mpfr(mpfr_srcptr x) {
    rational r;
    mpfr_get_q(r.backend().data(), x);
    return r;
}

// The witness c scaled by the lcm of its denominators, so that it is an integer vector.
Vector<rational> to_integers(const Vector<rational>& c) {
    mpz_t m;
    mpz_init_set_ui(m, 1);
    for (Index i = 0; i < c.size(); ++i) mpz_lcm(m, m, mpq_denref(c(i).backend().data()));
    rational scale;
    mpq_set_z(scale.backend().data(), m);
    mpz_clear(m);
    return c * scale;
}

// u (on the remaining indices) extended to c with l_kᵀc = 0 for every eliminated pivot,
// going backwards: c_{p_k} = −Σ_{i ≠ p_k} l_k(i) c_i (l_k(p_k) = 1, and l_k vanishes on
// the pivots eliminated before it). Then cᵀKc = uᵀSu.
Vector<rational> extend_witness(Vector<rational> c, const std::vector<Index>& pivots,
                                const std::vector<Vector<rational>>& ls) {
    //! [certify-witness]
    for (std::size_t k = pivots.size(); k-- > 0;) {
        const Index p = pivots[k];
        rational s(0);
        for (Index i = 0; i < c.size(); ++i)
            if (i != p) s += ls[k](i) * c(i);
        c(p) = -s;
    }
    //! [certify-witness]
    return c;
}

// "= x" for a short rational (up to 64 bits: about 20 digits), else "≈ x" in decimals (for messages).
std::string equals(const rational& x) { return bit_height(x) <= 64 ? "= " + show(x) : "≈ " + approximately(x); }

// An integer vector divided by the gcd of its entries (so (10, −10) becomes (1, −1)).
Vector<rational> divide_by_gcd(const Vector<rational>& v) {
    mpz_t g;
    mpz_init_set_ui(g, 0);
    for (Index i = 0; i < v.size(); ++i) mpz_gcd(g, g, mpq_numref(v(i).backend().data()));
    if (mpz_sgn(g) == 0) {
        mpz_clear(g);
        return v;
    }
    rational G;
    mpq_set_z(G.backend().data(), g);
    mpz_clear(g);
    return v / G;
}

// The nearest integer to x (halves rounded up).
rational round_to_integer(const rational& x) {
    mpz_t num, den;
    mpz_init(num);
    mpz_init(den);
    // floor((2p + q) / (2q)) for x = p/q, q > 0
    mpz_mul_2exp(num, mpq_numref(x.backend().data()), 1);
    mpz_add(num, num, mpq_denref(x.backend().data()));
    mpz_mul_2exp(den, mpq_denref(x.backend().data()), 1);
    mpz_fdiv_q(num, num, den);
    rational r;
    mpq_set_z(r.backend().data(), num);
    mpz_clear(num);
    mpz_clear(den);
    return r;
}

// The shortest witness: c scaled to max|cᵢ| = 10^digits and rounded to integers, for
// digits = 0, 1, 2, …; the first that still refutes (by `refutes`) is returned, else c.
template <class Refutes>
Vector<rational> simplest_witness(const Vector<rational>& c, Refutes refutes) {
    rational m(0);
    for (Index i = 0; i < c.size(); ++i) {
        const rational a = c(i) < 0 ? rational(-c(i)) : c(i);
        if (a > m) m = a;
    }
    if (m == 0) return c;
    rational scale(1);
    for (int digits = 0; digits <= 60; ++digits, scale *= 10) {
        Vector<rational> v(c.size());
        for (Index i = 0; i < c.size(); ++i) v(i) = round_to_integer(c(i) / m * scale);
        if (refutes(v)) return divide_by_gcd(v);
    }
    return c;
}

} // namespace

std::uint64_t bit_height(const rational& x) {
    return mpz_sizeinbase(mpq_numref(x.backend().data()), 2) * (mpz_sgn(mpq_numref(x.backend().data())) != 0) +
           mpz_sizeinbase(mpq_denref(x.backend().data()), 2);
}

std::string approximately(const rational& x) { return show(real50(x)); }

std::string to_string(PsdVerdict verdict) {
    switch (verdict) {
    case PsdVerdict::proven: return "proven PSD";
    case PsdVerdict::refuted: return "refuted";
    case PsdVerdict::undecided: return "undecided";
    }
    return "unknown";
}

rational quadratic_form(const Matrix<rational>& K, const Vector<rational>& c) {
    require(K.rows() == c.size() && K.cols() == c.size(), "quadratic_form",
            "K is {}×{} but c has {} entries", K.rows(), K.cols(), c.size());
    rational s(0);
    for (Index i = 0; i < c.size(); ++i)
        for (Index j = 0; j < c.size(); ++j) s += c(i) * c(j) * K(i, j);
    return s;
}

PsdCertificate certify_psd(const Matrix<rational>& K) {
    constexpr std::string_view where = "certify_psd";
    require_square(K, where, "K");
    for (Index i = 0; i < K.rows(); ++i)
        for (Index j = i + 1; j < K.cols(); ++j)
            require(K(i, j) == K(j, i), where,
                    "K must be exactly symmetric, but K({},{}) = {} and K({},{}) = {}; a Gram matrix "
                    "of a kernel is symmetric",
                    i, j, shown(K(i, j)), j, i, shown(K(j, i)));
    const Index N = K.rows();
    Matrix<rational> S = K; // the Schur complement on the active indices; zero elsewhere
    std::vector<char> active(static_cast<std::size_t>(N), 1);
    std::vector<Index> pivots;
    std::vector<Vector<rational>> ls;
    std::vector<rational> ds;
    PsdCertificate out;
    Vector<rational> u;

    for (;;) {
        //! [certify-pivot]
        // A negative diagonal entry of S refutes at once; otherwise the largest positive one pivots.
        Index negative = -1, best = -1;
        for (Index i = 0; i < N; ++i) {
            if (!active[static_cast<std::size_t>(i)]) continue;
            if (S(i, i) < 0) {
                negative = i;
                break;
            }
            if (S(i, i) > 0 && (best < 0 || S(i, i) > S(best, best))) best = i;
        }
        //! [certify-pivot]
        if (negative >= 0) {
            u = Vector<rational>::Zero(N);
            u(negative) = 1;
            out.reason = fmt::format("after {} positive pivots the Schur complement has the negative "
                                     "diagonal entry S({},{}) {}",
                                     pivots.size(), negative, negative, equals(S(negative, negative)));
            break;
        }
        if (best < 0) {
            // The diagonal of S is zero: S is PSD only if S = 0.
            for (Index i = 0; i < N && u.size() == 0; ++i)
                for (Index j = i + 1; j < N; ++j)
                    if (active[static_cast<std::size_t>(i)] && active[static_cast<std::size_t>(j)] && S(i, j) != 0) {
                        u = Vector<rational>::Zero(N);
                        u(i) = 1;
                        u(j) = S(i, j) > 0 ? -1 : 1;
                        out.reason = fmt::format("after {} positive pivots the Schur complement has a zero "
                                                 "diagonal but S({},{}) {} ≠ 0",
                                                 pivots.size(), i, j, equals(S(i, j)));
                        break;
                    }
            break;
        }
        //! [certify-eliminate]
        // Eliminate the pivot p: l = S(:,p)/d, S ← S − d l lᵀ (row and column p become zero).
        const Index p = best;
        const rational d = S(p, p);
        Vector<rational> l = Vector<rational>::Zero(N);
        for (Index i = 0; i < N; ++i)
            if (active[static_cast<std::size_t>(i)]) l(i) = S(i, p) / d;
        for (Index i = 0; i < N; ++i) {
            if (!active[static_cast<std::size_t>(i)] || l(i) == 0) continue;
            for (Index j = 0; j < N; ++j)
                if (active[static_cast<std::size_t>(j)]) S(i, j) -= d * l(i) * l(j);
        }
        active[static_cast<std::size_t>(p)] = 0;
        pivots.push_back(p);
        ls.push_back(l);
        ds.push_back(d);
        //! [certify-eliminate]
    }

    const Index r = static_cast<Index>(pivots.size());
    if (u.size() == 0) {
        out.verdict = PsdVerdict::proven;
        out.rank = r;
        out.definite = r == N;
        out.L = Matrix<rational>(N, r);
        out.d = Vector<rational>(r);
        for (Index k = 0; k < r; ++k) {
            out.L.col(k) = ls[static_cast<std::size_t>(k)];
            out.d(k) = ds[static_cast<std::size_t>(k)];
        }
        out.reason = fmt::format("K = L·diag(d)·Lᵀ exactly with {} positive pivots (rank {} of {})", r, r, N);
        return out;
    }
    out.verdict = PsdVerdict::refuted;
    out.witness = simplest_witness(to_integers(extend_witness(u, pivots, ls)),
                                   [&](const Vector<rational>& v) { return quadratic_form(K, v) < 0; });
    out.witness_value = quadratic_form(K, out.witness);
    if (!(out.witness_value < 0)) throw std::logic_error("certify_psd: internal error, the witness does not refute");
    return out;
}

interval to_interval(const rational& r) {
    interval x;
    mpfi_set_q(x.backend().data(), r.backend().data());
    return x;
}

Matrix<interval> to_interval(const Matrix<rational>& A) {
    Matrix<interval> out(A.rows(), A.cols());
    for (Index i = 0; i < A.rows(); ++i)
        for (Index j = 0; j < A.cols(); ++j) out(i, j) = to_interval(A(i, j));
    return out;
}

rational lower_bound(const interval& x) { return from_mpfr(&(x.backend().data()[0].left)); }

rational upper_bound(const interval& x) { return from_mpfr(&(x.backend().data()[0].right)); }

rational midpoint(const interval& x) {
    mpfr_t m;
    mpfr_init2(m, mpfi_get_prec(x.backend().data()));
    mpfi_mid(m, x.backend().data());
    rational r = from_mpfr(m);
    mpfr_clear(m);
    return r;
}

bool certainly_positive(const interval& x) {
    return !mpfi_nan_p(x.backend().data()) && mpfi_is_strictly_pos(x.backend().data()) != 0;
}

bool certainly_negative(const interval& x) {
    return !mpfi_nan_p(x.backend().data()) && mpfi_is_strictly_neg(x.backend().data()) != 0;
}

bool certainly_non_negative(const interval& x) {
    return !mpfi_nan_p(x.backend().data()) && mpfi_bounded_p(x.backend().data()) != 0 &&
           mpfr_sgn(&(x.backend().data()[0].left)) >= 0;
}

namespace {

// The same interval: equal lower ends and equal upper ends.
bool same_interval(const interval& a, const interval& b) {
    const auto& x = a.backend().data()[0];
    const auto& y = b.backend().data()[0];
    return mpfr_equal_p(&x.left, &y.left) && mpfr_equal_p(&x.right, &y.right);
}

interval square(const interval& x) {
    interval r;
    mpfi_sqr(r.backend().data(), x.backend().data());
    return r;
}

} // namespace

interval quadratic_form(const Matrix<interval>& K, const Vector<rational>& c) {
    require(K.rows() == c.size() && K.cols() == c.size(), "quadratic_form",
            "K is {}×{} but c has {} entries", K.rows(), K.cols(), c.size());
    interval s(0);
    for (Index i = 0; i < c.size(); ++i) {
        interval row(0);
        for (Index j = 0; j < c.size(); ++j) row += K(i, j) * to_interval(c(j));
        s += to_interval(c(i)) * row;
    }
    return s;
}

PsdCertificate certify_psd(const Matrix<interval>& K) {
    constexpr std::string_view where = "certify_psd";
    require_square(K, where, "K");
    const Index N = K.rows();
    for (Index i = 0; i < N; ++i)
        for (Index j = 0; j < N; ++j) {
            require(mpfi_bounded_p(K(i, j).backend().data()) != 0, where,
                    "K({},{}) = {} is not a finite interval; remove non-finite values before certifying",
                    i, j, shown(K(i, j)));
            require(same_interval(K(i, j), K(j, i)), where,
                    "K must be symmetric, but K({},{}) and K({},{}) are different "
                    "intervals; build K with kb::gram",
                    i, j, j, i);
        }

    //! [certify-interval]
    // Interval Cholesky K = L Lᵀ: every pivot K_jj − Σ_k L_jk² must be certainly positive.
    Matrix<interval> L = Matrix<interval>::Zero(N, N);
    Index failed = -1;
    rational smallest_pivot;
    for (Index j = 0; j < N && failed < 0; ++j) {
        interval s = K(j, j);
        for (Index k = 0; k < j; ++k) s -= square(L(j, k));
        if (!certainly_positive(s)) {
            failed = j;
            break;
        }
        const rational low = lower_bound(s);
        if (j == 0 || low < smallest_pivot) smallest_pivot = low;
        using std::sqrt;
        L(j, j) = sqrt(s);
        for (Index i = j + 1; i < N; ++i) {
            interval t = K(i, j);
            for (Index k = 0; k < j; ++k) t -= L(i, k) * L(j, k);
            L(i, j) = t / L(j, j);
        }
    }
    //! [certify-interval]
    PsdCertificate out;
    if (failed < 0) {
        out.verdict = PsdVerdict::proven;
        out.definite = true;
        out.rank = N;
        out.reason = fmt::format("interval Cholesky: all {} pivots have a positive lower "
                                 "bound (the smallest ≥ {})",
                                 N, approximately(smallest_pivot));
        return out;
    }
    // Not proven: look for a witness on the midpoints and check it on the intervals.
    Matrix<rational> M(N, N);
    for (Index i = 0; i < N; ++i)
        for (Index j = 0; j < N; ++j) M(i, j) = midpoint(K(i, j));
    const PsdCertificate exact = certify_psd(M);
    if (exact.refuted()) {
        const auto refutes = [&](const Vector<rational>& v) { return certainly_negative(quadratic_form(K, v)); };
        const Vector<rational> c = simplest_witness(exact.witness, refutes);
        const interval value = quadratic_form(K, c);
        if (certainly_negative(value)) {
            out.verdict = PsdVerdict::refuted;
            out.witness = c;
            out.witness_value = upper_bound(value);
            out.reason = fmt::format("the witness c of the midpoint matrix ({}) has cᵀKc < 0 over "
                                     "the whole interval matrix",
                                     exact.reason);
            return out;
        }
    }
    out.verdict = PsdVerdict::undecided;
    out.reason = fmt::format("interval Cholesky pivot {} is not certainly positive, and no witness c with "
                             "certainly cᵀKc < 0 was found",
                             failed);
    return out;
}

} // namespace kb
