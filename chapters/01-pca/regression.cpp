/// \file regression.cpp
/// \brief `beeny` §2.1 and Example 1.1 as tests: the OLS line (eq. 3) and the PCA /
///        total-least-squares line (eq. 4) — which residuals each minimises, swap
///        invariance, λ_max in closed form, the degenerate case cov(x, y) = 0 — and
///        polynomial regression as linear regression on derived features, exactly.
#include "test_support.hpp"

#include "kernelbook/lines.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/regression.hpp"
#include "seed_example.hpp"

#include <cmath>
#include <limits>

using kb::Line;

namespace {

/// N planar points with coordinates k/4, k ∈ [−20, 20].
template <class T>
Matrix<T> random_plane(int N_lo = 2, int N_hi = 10) {
    const int N = *kb::test::size_in(N_lo, N_hi);
    return kb::from_integers<T>(*kb::test::int_matrix(N, 2, -20, 20), 4);
}

/// The integer recipe of random_plane (points M/4), for exact preconditions.
inline IntMatrix random_plane_recipe(int N_lo = 2, int N_hi = 10) {
    const int N = *kb::test::size_in(N_lo, N_hi);
    return *kb::test::int_matrix(N, 2, -20, 20);
}

/// The moments of the points M/4, exactly; and from them, converted once to T, the scales of
/// the bounds: tr C = var x + var y (≥ λ_max) and the gap λ_max − λ_min = ((var x − var y)² +
/// 4cov²)^{1/2} — from the inputs, never from the line fit or eigen-decomposition under test.
inline kb::Moments2<rational> exact_moments(const IntMatrix& M) {
    return kb::moments2(kb::from_integers<rational>(M, 4));
}
template <class T>
T exact_trace(const kb::Moments2<rational>& mq) {
    return kb::convert<T>(rational(mq.var_x + mq.var_y));
}
template <class T>
T exact_gap(const kb::Moments2<rational>& mq) {
    using std::sqrt;
    const rational d = mq.var_x - mq.var_y;
    return sqrt(kb::convert<T>(rational(d * d + 4 * mq.cov_xy * mq.cov_xy)));
}

template <class T>
Matrix<T> swap_xy(const Matrix<T>& XY) {
    Matrix<T> YX(XY.rows(), 2);
    YX.col(0) = XY.col(1);
    YX.col(1) = XY.col(0);
    return YX;
}

/// |sin θ| between the directions of two lines.
template <class T>
T sin_between(const Line<T>& a, const Line<T>& b) {
    using std::abs;
    using std::sqrt;
    return abs(a.dx * b.dy - a.dy * b.dx) / sqrt((a.dx * a.dx + a.dy * a.dy) * (b.dx * b.dx + b.dy * b.dy));
}

/// The data of the errata demonstrations: six points on y = x and one outlier (6, 0).
template <class T>
Matrix<T> outlier_data() {
    return kb::from_integers<T>((IntMatrix(7, 2) << 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 0).finished());
}

} // namespace

//! [ols-optimal]
TEST_CASE_TEMPLATE("OLS eq. (3) minimises the squared vertical residuals over all lines: a perturbed line "
                   "adds exactly sum (da0 + da1 x)^2 [beeny:2.1]",
                   T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        using std::abs;
        const Matrix<T> XY = random_plane<T>();
        const kb::Moments2<T> m = kb::moments2(XY);
        RC_PRE(m.var_x > 0);
        const Line<T> ols = kb::ols_line(XY);
        const T da0 = kb::ratio<T>(*kb::test::int_in(-20, 20), 10), da1 = kb::ratio<T>(*kb::test::int_in(-20, 20), 10);
        const Line<T> other{T(0), T(ols.intercept() + da0), T(1), T(ols.slope() + da1)};
        const T excess = kb::sum_squared_vertical_residuals(other, XY) - kb::sum_squared_vertical_residuals(ols, XY);
        T expected(0);
        for (Eigen::Index n = 0; n < XY.rows(); ++n) expected += (da0 + da1 * XY(n, 0)) * (da0 + da1 * XY(n, 0));
        if constexpr (kb::is_exact_v<T>) {
            RC_ASSERT(excess == expected);
        } else {
            // Scale of the summands: the magnitudes that enter each residual, squared.
            T scale(0);
            for (Eigen::Index n = 0; n < XY.rows(); ++n) {
                const T size = abs(XY(n, 1)) + abs(other.intercept()) + abs(ols.intercept()) +
                               (abs(other.slope()) + abs(ols.slope())) * abs(XY(n, 0));
                scale += size * size;
            }
            KB_RC_WITHIN(T(abs(excess - expected)), kb::test::one_pass<T>(4 * XY.rows(), scale),
                         "SSE(perturbed) − SSE(OLS) = Σ(δa₀ + δa₁x)²");
        }
        // Minimality, from the library's residual sums alone (the old `expected ≥ 0` was a sum of
        // squares the test computed itself and could not fail): any other line has a strictly
        // larger SSE. With var(x) > 0 there are two x at least 1/4 apart, so Σ(δa₀ + δa₁x)² ≥
        // (1/80)² for (δa₀, δa₁) ≠ 0 (tenths), far above the rounding of either sum.
        if (da0 != 0 || da1 != 0) {
            RC_ASSERT(kb::sum_squared_vertical_residuals(other, XY) > kb::sum_squared_vertical_residuals(ols, XY));
        } else if constexpr (kb::is_exact_v<T>) {
            RC_ASSERT(excess == 0);
        }
    });
}
//! [ols-optimal]

namespace {
// One random case of SSE(TLS) − SSE(OLS) = (N − 1) var(x) ds², ds = s_TLS − s_OLS, with
// the bound that checks it: shared by the property and its failing companion, so the
// companion rejects wrong formulas with exactly the check that accepts the right one.
template <class T>
struct VerticalExcessCase {
    kb::Moments2<T> m;
    T N, ds, excess;
    kb::test::Bound<T> bound;
};
template <class T>
VerticalExcessCase<T> vertical_excess_case() {
    const IntMatrix Mi = random_plane_recipe(3);
    const kb::Moments2<rational> mq = exact_moments(Mi);
    // Decided exactly: var x > 0 (the OLS line exists) and the TLS line is not vertical and
    // unique (not cov = 0 with var y ≥ var x).
    RC_PRE(mq.var_x > 0 && !(mq.cov_xy == 0 && mq.var_y >= mq.var_x));
    const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
    const kb::Moments2<T> m = kb::moments2(XY);
    const Line<T> ols = kb::ols_line(XY), tls = kb::tls_line(XY);
    RC_PRE(!tls.vertical());
    // The identity SSE(s) − SSE(OLS) = (N − 1) var(x) (s − s_OLS)² holds for every line through
    // the centroid, so only the evaluation of the two sums of N squared residuals rounds. A
    // residual y − a − s x with a = ȳ − s x̄ has summands ≤ R = 2(max|y| + |s| max|x|), so each
    // sum is one pass of about N + 6 operations at the scale N R². The slopes come from the
    // exact moments, in real100 (never from the fits under test): s_OLS = cov/var x and
    // s_TLS = (var y − var x + ((var x − var y)² + 4cov²)^{1/2})/(2 cov) (0 when cov = 0).
    using R100 = kb::real100;
    const R100 vx = kb::convert<R100>(mq.var_x), vy = kb::convert<R100>(mq.var_y), cv = kb::convert<R100>(mq.cov_xy);
    const R100 s_tls = mq.cov_xy == 0 ? R100(0) : R100((vy - vx + sqrt((vx - vy) * (vx - vy) + 4 * cv * cv)) / (2 * cv));
    const R100 s_max = std::max(R100(abs(s_tls)), R100(abs(cv / vx)));
    const T r = 2 * (XY.col(1).cwiseAbs().maxCoeff() + kb::convert<T>(s_max) * XY.col(0).cwiseAbs().maxCoeff());
    const T sse_tls = kb::sum_squared_vertical_residuals(tls, XY);
    return {m, T(XY.rows()), T(tls.slope() - ols.slope()), T(sse_tls - kb::sum_squared_vertical_residuals(ols, XY)),
            kb::test::one_pass<T>(long(XY.rows()) + 6, T(T(XY.rows()) * r * r))};
}
} // namespace

TEST_CASE_TEMPLATE("OLS versus TLS on vertical residuals: SSE(TLS) - SSE(OLS) = (N-1) var(x) (s_TLS - s_OLS)^2 "
                   "[beeny:2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        const auto c = vertical_excess_case<T>();
        KB_RC_WITHIN(T(abs(c.excess - (c.N - 1) * c.m.var_x * c.ds * c.ds)), c.bound, "SSE(TLS) − SSE(OLS)");
    });
}

TEST_CASE_TEMPLATE("companion: SSE(TLS) - SSE(OLS) with the divisor N or with var(y) in place of var(x) or without "
                   "the square is rejected [beeny:2.1]",
                   T, KB_REALS) {
    // Failing companion of the identity above: the same excess, the same bound, wrong formulas.
    kb::test::property<T>([] {
        using std::abs;
        const auto c = vertical_excess_case<T>();
        const auto& m = c.m;
        const auto& bound = c.bound;
        const T &N = c.N, &ds = c.ds, &excess = c.excess;
        // The lines differ by more than rounding (they coincide for collinear points, or
        // when cov = 0 and var x > var y: both horizontal).
        RC_PRE(m.var_x * ds * ds > 2 * bound.value);
        // With N: off by var(x) ds² (more than twice the bound, so rounding cannot hide it).
        KB_RC_EXCEEDS(T(abs(excess - N * m.var_x * ds * ds)), bound, "N var(x) ds²");
        // var(y) in place of var(x): off by (N − 1)|var y − var x| ds².
        if ((N - 1) * abs(m.var_y - m.var_x) * ds * ds > 2 * bound.value)
            KB_RC_EXCEEDS(T(abs(excess - (N - 1) * m.var_y * ds * ds)), bound, "(N − 1) var(y) ds²");
        // |ds| in place of ds²: off unless |ds| = 1.
        if ((N - 1) * abs(abs(ds) - 1) * abs(ds) * m.var_x > 2 * bound.value)
            KB_RC_EXCEEDS(T(abs(excess - (N - 1) * m.var_x * abs(ds))), bound, "(N − 1) var(x) |ds|");
    });
}

//! [tls-optimal]
TEST_CASE_TEMPLATE("TLS eq. (4) minimises the squared orthogonal distances: rotating by theta and moving by t "
                   "gives (N-1)(lambda_min + (lambda_max - lambda_min) sin^2 theta) + N t^2 [beeny:2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        using std::sqrt;
        const IntMatrix Mi = random_plane_recipe(3);
        const kb::Moments2<rational> mq = exact_moments(Mi);
        RC_PRE(!(mq.cov_xy == 0 && mq.var_x == mq.var_y)); // decided exactly (rare discards)
        const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
        const kb::Moments2<T> m = kb::moments2(XY);
        const Line<T> tls = kb::tls_line(XY);
        const T lmax = kb::lambda_max(m), lmin = kb::lambda_min(m);
        const T N(XY.rows()), trC = exact_trace<T>(mq);
        const auto bound = kb::test::factorisation<T>(XY.rows(), T(N * (trC + T(1))));
        // The minimum is (N − 1) λ_min.
        KB_RC_WITHIN(T(abs(kb::sum_squared_orthogonal_distances(tls, XY) - (N - 1) * lmin)), bound,
                     "SOD(TLS) = (N − 1) λ_min");
        // A competitor: rotate the direction by θ with (cos θ, sin θ) = ((1 − u²), 2u)/(1 + u²),
        // then move the line by t along its unit normal.
        const T u = kb::ratio<T>(*kb::test::int_in(-30, 30), 10), t = kb::ratio<T>(*kb::test::int_in(-20, 20), 10);
        const T c = (1 - u * u) / (1 + u * u), s = 2 * u / (1 + u * u);
        const T dx = c * tls.dx - s * tls.dy, dy = s * tls.dx + c * tls.dy;
        const T len = sqrt(dx * dx + dy * dy);
        const Line<T> other{tls.x0 - t * dy / len, tls.y0 + t * dx / len, dx, dy};
        const T expected = (N - 1) * (lmin + (lmax - lmin) * s * s) + N * t * t;
        KB_RC_WITHIN(T(abs(kb::sum_squared_orthogonal_distances(other, XY) - expected)),
                     kb::test::factorisation<T>(XY.rows(), T(expected + N * (trC + T(1)))), "SOD(rotated, moved)");
        // OLS is such a competitor, rotated by the angle between the two lines.
        if (m.var_x > 0) {
            const T s_ols = sin_between(tls, kb::ols_line(XY));
            KB_RC_WITHIN(T(abs(kb::sum_squared_orthogonal_distances(kb::ols_line(XY), XY) -
                               (N - 1) * (lmin + (lmax - lmin) * s_ols * s_ols))),
                         bound, "SOD(OLS) = (N − 1)(λ_min + (λ_max − λ_min) sin²θ)");
        }
    });
}
//! [tls-optimal]

TEST_CASE_TEMPLATE("the wrong eigenvalue in eq. (4) gives the worst line: with lambda_min the orthogonal "
                   "residual is (N-1) lambda_max [beeny:2.1]",
                   T, KB_REALS) {
    // Failing companion of the TLS property: the check tells the best line from the worst.
    kb::test::property<T>([] {
        using std::abs;
        const IntMatrix Mi = random_plane_recipe(3);
        const kb::Moments2<rational> mq = exact_moments(Mi);
        // Decided exactly: cov ≠ 0 (a rounding-level floating cov of an exactly zero cov made the
        // minor-axis slope noise), and a gap above a tenth of tr C.
        RC_PRE(mq.cov_xy != 0 && exact_gap<double>(mq) > exact_trace<double>(mq) / 10);
        const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
        const kb::Moments2<T> m = kb::moments2(XY);
        const T lmax = kb::lambda_max(m), lmin = kb::lambda_min(m);
        const T trC = exact_trace<T>(mq), cov = kb::convert<T>(mq.cov_xy);
        // (λ_min − var x)/cov: the slope of the *minor* axis.
        const Line<T> wrong{m.mean_x, m.mean_y, T(1), T((lmin - m.var_x) / m.cov_xy)};
        const T N(XY.rows());
        const T sod = kb::sum_squared_orthogonal_distances(wrong, XY);
        KB_RC_EXCEEDS(T(sod - (N - 1) * lmin), kb::test::factorisation<T>(XY.rows(), T(N * trC)),
                      "minor axis as the TLS line");
        // (λ_min − var x) cancels when |cov| ≪ λ_max: angle error ≲ ε λ_max/|cov|, times the curvature N λ_max.
        KB_RC_WITHIN(T(abs(sod - (N - 1) * lmax)),
                     kb::test::factorisation<T>(XY.rows(), T(N * trC * (trC / abs(cov) + 1))),
                     "SOD(minor axis) = (N − 1) λ_max");
    });
}

TEST_CASE_TEMPLATE("OLS does not minimise orthogonal distances and TLS does not minimise vertical residuals "
                   "[beeny:2.1]",
                   T, KB_ALL_SCALARS) {
    // Failing companion of both optimality properties, on the outlier data, by a wide margin.
    using std::abs;
    const Matrix<T> XY = outlier_data<T>();
    const Line<T> ols = kb::ols_line(XY);
    // OLS: slope cov/var(x) = (10/6)/(28/6) = 5/14, and its orthogonal residual exceeds TLS's.
    if constexpr (kb::is_exact_v<T>) {
        CHECK(ols.slope() == kb::ratio<T>(5, 14));
        // Exactly, with a rational competitor ℓ through the mean with slope 31/40 (TLS's slope is
        // (λ_max − var x)/cov ≈ 0.7752, irrational): ℓ has the smaller orthogonal residual, so OLS
        // does not minimise orthogonal distances; and ℓ pays exactly the vertical excess of the
        // law "SSE(ℓ) − SSE(OLS) = Σ(δa₀ + δa₁x)²" (δa₁ = 31/40 − 5/14, δa₀ = −δa₁x̄), which
        // is > 0, so a TLS-like line does not minimise vertical residuals.
        const kb::Moments2<T> m = kb::moments2(XY);
        const Line<T> ell{m.mean_x, m.mean_y, T(40), T(31)};
        CHECK(kb::sum_squared_orthogonal_distances(ell, XY) < kb::sum_squared_orthogonal_distances(ols, XY));
        const T excess = kb::sum_squared_vertical_residuals(ell, XY) - kb::sum_squared_vertical_residuals(ols, XY);
        const T da1 = kb::ratio<T>(31, 40) - kb::ratio<T>(5, 14), da0 = -da1 * m.mean_x;
        T expected(0);
        for (Eigen::Index n = 0; n < XY.rows(); ++n) expected += (da0 + da1 * XY(n, 0)) * (da0 + da1 * XY(n, 0));
        CHECK(excess == expected); // the law's exact check …
        CHECK(excess == 6 * m.var_x * da1 * da1); // … = (N − 1) var(x) δa₁²
        CHECK(excess > 0);
        // … and it rejects the wrong formulas: the divisor N, and δa₁ without the square.
        CHECK(excess != 7 * m.var_x * da1 * da1);
        CHECK(excess != 6 * m.var_x * da1);
    } else {
        KB_CHECK_WITHIN(T(abs(ols.slope() - kb::ratio<T>(5, 14))), kb::test::one_pass<T>(7, T(1)), "OLS slope 5/14");
        const Line<T> tls = kb::tls_line(XY);
        const T gap_orth = kb::sum_squared_orthogonal_distances(ols, XY) - kb::sum_squared_orthogonal_distances(tls, XY);
        const T gap_vert = kb::sum_squared_vertical_residuals(tls, XY) - kb::sum_squared_vertical_residuals(ols, XY);
        const auto rounding = kb::test::factorisation<T>(7, T(100));
        KB_CHECK_EXCEEDS(gap_orth, rounding, "SOD(OLS) − SOD(TLS)");
        KB_CHECK_EXCEEDS(gap_vert, rounding, "SSE(TLS) − SSE(OLS)");
        CHECK(gap_orth > 0);
        CHECK(gap_vert > 0);
    }
}

//! [swap]
TEST_CASE_TEMPLATE("TLS is invariant under swapping x and y: the swapped fit is the reflected line [beeny:2.1]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        const IntMatrix Mi = random_plane_recipe(3);
        const kb::Moments2<rational> mq = exact_moments(Mi);
        RC_PRE(!(mq.cov_xy == 0 && mq.var_x == mq.var_y)); // decided exactly (rare discards)
        const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
        const Line<T> tls = kb::tls_line(XY), swapped = kb::tls_line(swap_xy(XY));
        const T gap = exact_gap<T>(mq);
        // The swapped line passes through (ȳ, x̄) with direction ∥ (d_y, d_x).
        RC_ASSERT(swapped.x0 == tls.y0);
        RC_ASSERT(swapped.y0 == tls.x0);
        const Line<T> reflected{tls.y0, tls.x0, tls.dy, tls.dx};
        KB_RC_WITHIN(sin_between(swapped, reflected), kb::test::subspace<T>(2, exact_trace<T>(mq), gap),
                     "TLS(y, x) = reflection of TLS(x, y)");
    });
}

TEST_CASE("OLS is not invariant under swapping x and y: regressing x on y gives the slope var(y)/cov(x y) "
          "not cov/var(x) unless the points are collinear [beeny:2.1]") {
    // Exact in rationals: Cauchy–Schwarz cov² ≤ var(x)var(y), with equality only for collinear points.
    kb::test::property<rational>([] {
        const Matrix<rational> XY = random_plane<rational>(3);
        const kb::Moments2<rational> m = kb::moments2(XY);
        RC_PRE(m.var_x > 0 && m.var_y > 0 && m.cov_xy != 0);
        const rational s_yx = kb::ols_line(XY).slope();              // y on x
        const rational s_xy = 1 / kb::ols_line(swap_xy(XY)).slope();  // x on y, drawn in the (x, y) plane
        const bool collinear = m.cov_xy * m.cov_xy == m.var_x * m.var_y;
        RC_ASSERT((s_yx == s_xy) == collinear);
        // |s_yx| ≤ |s_xy|, and strictly for scattered points.
        RC_ASSERT(abs(s_yx) <= abs(s_xy));
    });
}

namespace {
/// Whether slope s lies between the OLS slopes s_yx (y on x) and s_xy (x on y, in the (x, y)
/// plane) up to `slack`, and has the sign of cov(x, y): the check of the test below.
template <class T>
bool between_ols_slopes(const T& s, const T& s_yx, const T& s_xy, const T& cov, const T& slack) {
    using std::abs;
    return abs(s_yx) <= abs(s) + slack && abs(s) <= abs(s_xy) + slack && s * cov > 0;
}
} // namespace

TEST_CASE_TEMPLATE("the TLS slope lies between the two OLS slopes [beeny:2.1]", T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        // The precondition decided exactly (a floating-point cov can be a rounding-level non-zero
        // when the exact cov is 0, and then the OLS slopes are noise).
        const IntMatrix Mi = random_plane_recipe(3);
        const kb::Moments2<rational> mq = kb::moments2(kb::from_integers<rational>(Mi, 4));
        RC_PRE(mq.var_x > 0 && mq.var_y > 0 && mq.cov_xy != 0);
        const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
        const kb::Moments2<T> m = kb::moments2(XY);
        const T s_yx = kb::ols_line(XY).slope(), s_xy = 1 / kb::ols_line(swap_xy(XY)).slope();
        const T s_tls = kb::tls_line(XY).slope();
        const T slack = kb::test::factorisation<T>(2, T(abs(s_xy) + 1)).value;
        // |s_yx| ≤ |s_TLS| ≤ |s_xy|, and all three have the sign of cov(x, y).
        RC_ASSERT(between_ols_slopes(s_tls, s_yx, s_xy, m.cov_xy, slack));
    });
}
//! [swap]

TEST_CASE_TEMPLATE("companion: the minor-axis slope and slopes an eighth beyond either OLS slope are rejected by "
                   "the between check [beeny:2.1]",
                   T, KB_REALS) {
    // Failing companion of "the TLS slope lies between": the same check and slack reject
    // the slope of eq. (4) with λ_min (the minor axis, sign opposite to cov) and slopes
    // just outside the interval, which is not degenerate for scattered points.
    kb::test::property<T>([] {
        using std::abs;
        // The precondition decided exactly (a floating-point cov can be a rounding-level non-zero
        // when the exact cov is 0, and then the OLS slopes are noise).
        const IntMatrix Mi = random_plane_recipe(3);
        const kb::Moments2<rational> mq = kb::moments2(kb::from_integers<rational>(Mi, 4));
        RC_PRE(mq.var_x > 0 && mq.var_y > 0 && mq.cov_xy != 0);
        const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
        const kb::Moments2<T> m = kb::moments2(XY);
        const T s_yx = kb::ols_line(XY).slope(), s_xy = 1 / kb::ols_line(swap_xy(XY)).slope();
        const T slack = kb::test::factorisation<T>(2, T(abs(s_xy) + 1)).value;
        const T minor = (kb::lambda_min(m) - m.var_x) / m.cov_xy;
        // "Not between" must not be a NaN: a NaN slope fails every comparison, hence "not between".
        RC_ASSERT(kb::is_finite(minor) && kb::is_finite(s_yx) && kb::is_finite(s_xy) && kb::is_finite(slack));
        RC_ASSERT(!between_ols_slopes(minor, s_yx, s_xy, m.cov_xy, slack));
        // Scattered points: cov² < var(x) var(y), so |s_yx| < |s_xy| by a factor > 1.
        RC_PRE(mq.cov_xy * mq.cov_xy < mq.var_x * mq.var_y);
        RC_ASSERT(!between_ols_slopes(T(s_yx * 7 / 8), s_yx, s_xy, m.cov_xy, slack));
        RC_ASSERT(!between_ols_slopes(T(s_xy * 9 / 8), s_yx, s_xy, m.cov_xy, slack));
    });
}

//! [eq4]
TEST_CASE_TEMPLATE("eq. (4): the slope (lambda_max - var x)/cov is the slope of the leading eigenvector of the "
                   "2x2 covariance and lambda_max in closed form is its largest eigenvalue [beeny:2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        const IntMatrix Mi = random_plane_recipe(2);
        const kb::Moments2<rational> mq = exact_moments(Mi);
        const Matrix<T> XY = kb::from_integers<T>(Mi, 4);
        const kb::Moments2<T> m = kb::moments2(XY);
        const Matrix<T> C = m.covariance();
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(C);
        const T lmax = kb::lambda_max(m), trC = exact_trace<T>(mq);
        KB_RC_WITHIN(T(abs(lmax - eig.values(0))), kb::test::factorisation<T>(2, T(trC + T(1))),
                     "λ_max closed form = eigenvalue");
        KB_RC_WITHIN(T(abs(kb::lambda_min(m) - eig.values(1))), kb::test::factorisation<T>(2, T(trC + T(1))),
                     "λ_min = eigenvalue");
        RC_PRE(mq.cov_xy != 0); // decided exactly (the floating cov may be a rounding-level non-zero)
        const T gap = exact_gap<T>(mq); // from the inputs, not from the eigenvalues under test
        const Line<T> eq4{T(0), T(0), T(1), kb::eq4_slope(m)};
        const Line<T> eigvec{T(0), T(0), eig.vectors(0, 0), eig.vectors(1, 0)};
        // Eq. (4) is exact in exact arithmetic; in floating point λ_max − var(x) cancels when
        // |cov| ≪ λ_max, so its angle error is ≲ ε λ_max/|cov|, and the eigenvector's is ≲ ε‖C‖/gap.
        KB_RC_WITHIN(sin_between(eq4, eigvec),
                     kb::test::factorisation<T>(2, T(trC / abs(kb::convert<T>(mq.cov_xy)) + trC / gap)),
                     "eq. (4) direction = leading eigenvector");
        // The library's stable TLS line is the same line.
        KB_RC_WITHIN(sin_between(kb::tls_line(XY), eigvec), kb::test::subspace<T>(2, T(trC + T(1)), gap),
                     "tls_line direction = leading eigenvector");
    });
}
//! [eq4]

TEST_CASE_TEMPLATE("erratum: lambda_max has cov(x y)^2 under the root and not cos(x y)^2 [beeny:2.1]", T, KB_REALS) {
    using std::abs;
    using std::sqrt;
    // Any scattered data shows it; here the outlier data set.
    const Matrix<T> XY = outlier_data<T>();
    const kb::Moments2<T> m = kb::moments2(XY);
    const T lmax = kb::symmetric_eigen(m.covariance()).values(0);
    const auto bound = kb::test::factorisation<T>(2, T(lmax + 1));
    KB_CHECK_WITHIN(T(abs(kb::lambda_max(m) - lmax)), bound, "λ_max with cov²");
    // cos(x, y): the cosine of the angle between the centred observation vectors (the correlation)…
    const T cos_centred = m.cov_xy / sqrt(m.var_x * m.var_y);
    // …or between the raw observation vectors x and y.
    const T cos_raw = XY.col(0).dot(XY.col(1)) / (XY.col(0).norm() * XY.col(1).norm());
    for (const T& cosine : {cos_centred, cos_raw}) {
        const T d = m.var_x - m.var_y;
        const T with_cos = (m.var_x + m.var_y + sqrt(d * d + 4 * cosine * cosine)) / 2;
        KB_CHECK_EXCEEDS(T(abs(with_cos - lmax)), bound, "λ_max with cos²");
    }
}

//! [degenerate]
TEST_CASE_TEMPLATE("degenerate case cov(x y) = 0: eq. (4) divides by zero while the TLS line is horizontal "
                   "vertical or not unique [beeny:2.1]",
                   T, KB_REALS) {
    // A wide cross: var(x) > var(y), cov = 0 → the x-axis through the mean.
    const Matrix<T> wide = kb::from_integers<T>((IntMatrix(4, 2) << -2, 0, 2, 0, 0, -1, 0, 1).finished());
    const kb::Moments2<T> mw = kb::moments2(wide);
    CHECK(mw.cov_xy == 0);
    CHECK_THROWS_WITH_AS(kb::eq4_slope(mw), doctest::Contains("eq. (4) divides by zero"), kb::error);
    const Line<T> h = kb::tls_line(wide);
    CHECK(h.dy == 0);
    CHECK(h.slope() == 0);
    CHECK(kb::ols_line(wide).slope() == 0);
    // A tall cross: var(y) > var(x), cov = 0 → the vertical line x = x̄, which is not a function y(x):
    // eq. (4) would need an infinite slope; OLS still returns the horizontal line.
    const Matrix<T> tall = swap_xy(wide);
    const Line<T> v = kb::tls_line(tall);
    CHECK(v.vertical());
    CHECK(v.x0 == 0);
    CHECK_THROWS_WITH_AS(v.slope(), doctest::Contains("vertical"), kb::error);
    CHECK(kb::ols_line(tall).slope() == 0);
    // Equal variances and cov = 0 (a square): every line through the mean is optimal.
    const Matrix<T> square = kb::from_integers<T>((IntMatrix(4, 2) << 1, 1, 1, -1, -1, 1, -1, -1).finished());
    CHECK_THROWS_WITH_AS(kb::tls_line(square), doctest::Contains("not unique"), kb::error);
    // All x equal: OLS is undefined, TLS is the vertical line.
    const Matrix<T> column = kb::from_integers<T>((IntMatrix(3, 2) << 2, 0, 2, 1, 2, 5).finished());
    CHECK_THROWS_WITH_AS(kb::ols_line(column), doctest::Contains("var(x) = 0"), kb::error);
    CHECK(kb::tls_line(column).vertical());
}
//! [degenerate]

//! [total-distance]
TEST_CASE("erratum: TLS does not give the shortest total distance and OLS does not minimise the sum of "
          "footnote 1's residuals |y - a0 - a1 x| [beeny:2.1]") {
    // Six points on y = x and an outlier (6, 0). The line y = x has total orthogonal distance
    // 6/√2 ≈ 4.24 and total |vertical residual| 6, both smaller than the TLS and OLS lines'.
    const Matrix<double> XY = outlier_data<double>();
    const Line<double> diagonal{0, 0, 1, 1};
    const double tls_total = kb::sum_orthogonal_distances(kb::tls_line(XY), XY);
    const double diagonal_total = kb::sum_orthogonal_distances(diagonal, XY);
    // One pass over the N points: each distance |(x − x₀)d_y − (y − y₀)d_x|/‖d‖ has summands of
    // size |x| + |y| here (x₀ = y₀ = 0, d = (1, 1)), plus the square root and the division.
    const auto bound = kb::test::one_pass<double>(XY.rows() + 2, XY.cwiseAbs().sum());
    KB_CHECK_WITHIN(std::abs(diagonal_total - 6 / std::sqrt(2.0)), bound, "6/√2");
    CHECK(diagonal_total < tls_total);
    CHECK(kb::ch01::agrees_at_printed_digits(tls_total, "7.06")); // the chapter's "TLS ≈ 7.06"
    CHECK(kb::ch01::agrees_at_printed_digits(diagonal_total, "4.24")); // and "6/√2 ≈ 4.24"
    KB_CHECK_EXCEEDS(tls_total - diagonal_total, bound, "TLS − diagonal");
    // …while TLS does win on the *squared* orthogonal distances.
    CHECK(kb::sum_squared_orthogonal_distances(kb::tls_line(XY), XY) <
          kb::sum_squared_orthogonal_distances(diagonal, XY));
    // Footnote 1's residual, summed without squares, exactly in rationals: OLS gives 66/7 > 6.
    const Matrix<rational> XYq = outlier_data<rational>();
    const Line<rational> diagonal_q{0, 0, 1, 1};
    const Line<rational> ols = kb::ols_line(XYq);
    CHECK(kb::sum_absolute_vertical_residuals(diagonal_q, XYq) == 6);
    CHECK(kb::sum_absolute_vertical_residuals(ols, XYq) == rational(66, 7));
    CHECK(kb::sum_squared_vertical_residuals(ols, XYq) < kb::sum_squared_vertical_residuals(diagonal_q, XYq));
}
//! [total-distance]

//! [ex11]
TEST_CASE("polynomial regression y ~ 1 + x + x^2 is linear regression on the features (x x^2): the same "
          "coefficients exactly [beeny:ex1.1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(3, 10);
        const int d = *kb::test::size_in(1, std::min(3, N - 1));
        const Vector<rational> x = kb::from_integers<rational>(*kb::test::distinct_points(N, 1, 12), 2);
        const Vector<rational> y = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -30, 30), 3);
        // Route 1: the moment (Hankel) normal equations of polynomial regression.
        const Vector<rational> a = kb::polynomial_regression(x, y, d);
        // Route 2: multiple linear regression on the derived features z = (x, x², …, x^d).
        const Vector<rational> b = kb::linear_regression(kb::power_features(x, d), y);
        RC_ASSERT(a == b);
        // Degree 1 is the OLS line of eq. (3).
        if (d == 1) {
            Matrix<rational> XY(N, 2);
            XY << x, y;
            const Line<rational> ols = kb::ols_line(XY);
            RC_ASSERT(a(0) == ols.intercept());
            RC_ASSERT(a(1) == ols.slope());
        }
    });
}

TEST_CASE("the fitted polynomial is the least-squares optimum: residual orthogonal to (1 x x^2) and other "
          "coefficients add exactly |Phi delta|^2 [beeny:ex1.1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(3, 10);
        const Vector<rational> x = kb::from_integers<rational>(*kb::test::distinct_points(N, 1, 12), 2);
        const Vector<rational> y = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -30, 30), 3);
        const Vector<rational> a = kb::polynomial_regression(x, y, 2);
        Matrix<rational> Phi(N, 3); // design matrix [1, x, x²]
        Phi << kb::ones<rational>(N), kb::power_features(x, 2);
        const Vector<rational> r = y - Phi * a;
        RC_ASSERT(Vector<rational>(Phi.transpose() * r) == Vector<rational>::Zero(3));
        const Vector<rational> delta = kb::from_integers<rational>(*kb::test::int_matrix(3, 1, -5, 5), 7);
        const Vector<rational> r_other = y - Phi * (a + delta);
        RC_ASSERT(r_other.squaredNorm() - r.squaredNorm() == (Phi * delta).squaredNorm());
    });
}

TEST_CASE("exactly quadratic data are recovered exactly and a wrong feature map (x x^3) cannot fit them "
          "[beeny:ex1.1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(4, 10);
        const Vector<rational> x = kb::from_integers<rational>(*kb::test::distinct_points(N, 1, 12), 2);
        const Vector<rational> c = kb::from_integers<rational>(*kb::test::int_matrix(3, 1, -9, 9), 2);
        RC_PRE(c(2) != 0); // a genuine quadratic
        const Vector<rational> y = (c(0) + c(1) * x.array() + c(2) * x.array().square()).matrix();
        RC_ASSERT(kb::linear_regression(kb::power_features(x, 2), y) == c);
        // Failing companion: features (x, x³) miss x², so the fit leaves a non-zero residual
        // (1, x, x², x³ are independent on ≥ 4 distinct points).
        Matrix<rational> Z(N, 2);
        Z << x, x.array().cube().matrix();
        const Vector<rational> b = kb::linear_regression(Z, y);
        const Vector<rational> r = y - (b(0) + (Z * b.tail(2)).array()).matrix();
        RC_ASSERT(r.squaredNorm() > 0);
    });
}
//! [ex11]

//! [ex11-erratum]
TEST_CASE("erratum: the seed's z = a0 + a1 x + a2 x^2 is the fitted value and not a feature: regressing y on it "
          "returns intercept 0 and slope 1 for any data [beeny:ex1.1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(4, 10);
        const Vector<rational> x = kb::from_integers<rational>(*kb::test::distinct_points(N, 1, 12), 2);
        const Vector<rational> y = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -30, 30), 3);
        const Vector<rational> a = kb::polynomial_regression(x, y, 2);
        // z needs a₀, a₁, a₂ — the answer of the regression — before the regression is run.
        const Vector<rational> z = (a(0) + a(1) * x.array() + a(2) * x.array().square()).matrix();
        RC_PRE(z.maxCoeff() != z.minCoeff()); // a constant fit has no slope to report
        const Vector<rational> fit = kb::linear_regression(Matrix<rational>(z), y);
        RC_ASSERT(fit(0) == 0);
        RC_ASSERT(fit(1) == 1);
    });
}
//! [ex11-erratum]

TEST_CASE("regression and line fits refuse bad input with a message") {
    const Vector<double> x = (Vector<double>(4) << 0, 1, 2, 3).finished();
    const Vector<double> y3 = (Vector<double>(3) << 1, 2, 3).finished();
    CHECK_THROWS_WITH_AS(kb::linear_regression(Matrix<double>(x), y3), doctest::Contains("one response per observation"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::polynomial_regression(x, y3, 2), doctest::Contains("x has 4 entries but y has 3"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::polynomial_regression(x, x, 0), doctest::Contains("degree = 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::power_features(x, 0), doctest::Contains("degree = 0"), kb::error);
    // Two distinct x values cannot determine a quadratic.
    const Vector<rational> two = (Vector<rational>(4) << 0, 1, 0, 1).finished();
    const Vector<rational> yq = (Vector<rational>(4) << 1, 2, 3, 4).finished();
    CHECK_THROWS_WITH_AS(kb::polynomial_regression(two, yq, 2), doctest::Contains("fewer than degree + 1 = 3"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::linear_regression(kb::power_features(two, 2), yq),
                         doctest::Contains("linearly dependent"), kb::error);
    CHECK_THROWS_WITH_AS(kb::linear_regression(Matrix<double>(Matrix<double>::Zero(2, 2)), Vector<double>(Vector<double>::Zero(2))),
                         doctest::Contains("more observations than features"), kb::error);
    Vector<double> nan = x;
    nan(1) = std::nan("");
    CHECK_THROWS_WITH_AS(kb::polynomial_regression(nan, x, 1), doctest::Contains("is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::moments2(Matrix<double>(Matrix<double>::Zero(3, 3))), doctest::Contains("two columns"), kb::error);
    CHECK_THROWS_WITH_AS(kb::moments2(Matrix<double>(Matrix<double>::Zero(1, 2))), doctest::Contains("at least 2 points"), kb::error);
    Matrix<double> bad = Matrix<double>::Zero(3, 2);
    bad(0, 1) = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::ols_line(bad), doctest::Contains("XY(0,1) = inf is not finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::tls_line(Matrix<double>(Matrix<double>::Ones(3, 2))), doctest::Contains("not unique"),
                         kb::error);
}
