#pragma once
/// \file lines.hpp
/// \brief Lines through planar data (`beeny:2.1`): sample moments, the OLS line of eq. (3) and
///        the total-least-squares line of eq. (4); exact in `kb::rational` where no root is taken.
/// \see \ref ch01-lines "Chapter 1, §6 — Least-squares lines: OLS and PCA"

#include "kernelbook/centering.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/pca.hpp"

#include <cmath>
#include <string>

namespace kb {

/// \brief Means, sample variances and covariance of planar data (divisor N − 1):
///        \f$\bar x, \bar y, \operatorname{var}(x), \operatorname{var}(y), \operatorname{cov}(x,y)\f$.
template <class T>
struct Moments2 {
    T mean_x;  ///< \f$\bar x\f$
    T mean_y;  ///< \f$\bar y\f$
    T var_x;   ///< \f$\operatorname{var}(x) = \tfrac1{N-1}\sum(x_n - \bar x)^2\f$
    T var_y;   ///< \f$\operatorname{var}(y)\f$
    T cov_xy;  ///< \f$\operatorname{cov}(x,y) = \tfrac1{N-1}\sum(x_n - \bar x)(y_n - \bar y)\f$

    /// \brief The 2×2 covariance matrix \f$\begin{pmatrix}\operatorname{var}(x) & \operatorname{cov}(x,y)\\ \operatorname{cov}(x,y) & \operatorname{var}(y)\end{pmatrix}\f$.
    Matrix<T> covariance() const {
        Matrix<T> C(2, 2);
        C << var_x, cov_xy, cov_xy, var_y;
        return C;
    }
};

/// \cond INTERNAL
namespace detail {
template <class T>
void require_planar(const Matrix<T>& XY, std::string_view where) {
    require(XY.cols() == 2, where,
            "XY must have two columns (x, y), one point per row, but it is {}×{}", XY.rows(), XY.cols());
    require_min_points(XY, 2, where, "XY");
    require_finite(XY, where, "XY");
}
} // namespace detail
/// \endcond

/// \brief The sample moments of planar data XY (N×2, columns x and y). Exact in `kb::rational`.
/// \throws kb::error unless XY is N×2 with N ≥ 2 and finite.
template <class T>
Moments2<T> moments2(const Matrix<T>& XY) {
    detail::require_planar(XY, "moments2");
    const Matrix<T> C = covariance_matrix(XY);
    const RowVector<T> mu = column_means(XY);
    return {mu(0), mu(1), C(0, 0), C(1, 1), C(0, 1)};
}

/// \brief A line in the plane through \f$(x_0, y_0)\f$ with direction \f$(d_x, d_y) \ne 0\f$
///        (not normalised, so that it stays exact in `kb::rational`).
template <class T>
struct Line {
    T x0; ///< a point on the line: abscissa
    T y0; ///< a point on the line: ordinate
    T dx; ///< direction, x component
    T dy; ///< direction, y component

    /// \brief Whether the line is vertical (\f$d_x = 0\f$), i.e. not the graph of a function y(x).
    bool vertical() const { return dx == 0; }

    /// \brief Slope \f$d_y/d_x\f$. \throws kb::error for a vertical line.
    T slope() const {
        require(!vertical(), "Line::slope", "the line is vertical (x = {}): it has no slope", shown(x0));
        return dy / dx;
    }

    /// \brief Intercept: the line is \f$y = \text{intercept} + \text{slope}\cdot x\f$.
    /// \throws kb::error for a vertical line.
    T intercept() const {
        require(!vertical(), "Line::intercept",
                "the line is vertical (x = {}): it is not the graph of a function y(x), so it has no intercept",
                shown(x0));
        return y0 - (dy / dx) * x0;
    }

    /// \brief \f$y(x)\f$ on the line.
    /// \throws kb::error for a vertical line or a non-finite x.
    T y_at(const T& x) const {
        require(!vertical(), "Line::y_at",
                "the line is vertical (x = {}): it is not the graph of a function y(x), so y({}) is not "
                "defined",
                shown(x0), shown(x));
        require(is_finite(x), "Line::y_at", "x = {} is not finite; give a finite abscissa", shown(x));
        return y0 + (dy / dx) * (x - x0);
    }
};

/// \cond INTERNAL
namespace detail {
/// A line the residual sums can measure against: finite, with a direction (d_x, d_y) ≠ 0.
template <class T>
void require_line(const Line<T>& line, std::string_view where) {
    require(is_finite(line.x0) && is_finite(line.y0) && is_finite(line.dx) && is_finite(line.dy), where,
            "the line through ({}, {}) with direction ({}, {}) is not finite; pass a line of ols_line or tls_line",
            shown(line.x0), shown(line.y0), shown(line.dx), shown(line.dy));
    require(line.dx != 0 || line.dy != 0, where,
            "the line through ({}, {}) has direction (0, 0), which is no direction; give (d_x, d_y) ≠ 0",
            shown(line.x0), shown(line.y0));
}

/// A line of the form y = a₀ + a₁x (not vertical): the vertical residuals are measured against it.
template <class T>
void require_graph(const Line<T>& line, std::string_view where) {
    require_line(line, where);
    require(!line.vertical(), where,
            "the line is vertical (x = {}): it is not the graph of a function y(x), so a vertical residual "
            "y_n − y(x_n) is not defined; measure orthogonal distances instead",
            shown(line.x0));
}

/// The moments of planar data: finite, with variances ≥ 0.
template <class T>
void require_moments(const Moments2<T>& m, std::string_view where) {
    require(is_finite(m.var_x) && is_finite(m.var_y) && is_finite(m.cov_xy), where,
            "the moments var(x) = {}, var(y) = {}, cov(x, y) = {} are not all finite; compute them with "
            "moments2 from finite data (rescale data whose variances overflow)",
            shown(m.var_x), shown(m.var_y), shown(m.cov_xy));
    require(m.var_x >= 0 && m.var_y >= 0, where,
            "a variance is negative (var(x) = {}, var(y) = {}): these are not the moments of any data; "
            "compute them with moments2",
            shown(m.var_x), shown(m.var_y));
}

/// λ_max after the checks (kb::lambda_max).
template <class T>
T lambda_max(const Moments2<T>& m) {
    using std::sqrt;
    //! [ch01-lambda-max]
    const T d = m.var_x - m.var_y;
    return (m.var_x + m.var_y + sqrt(d * d + T(4) * m.cov_xy * m.cov_xy)) / T(2);
    //! [ch01-lambda-max]
}
} // namespace detail
/// \endcond

/// \brief The ordinary-least-squares line, `beeny` eq. (3) (`beeny:2.1`):
///        \f[ y(x) = \frac{\operatorname{cov}(x,y)}{\operatorname{var}(x)}(x - \bar x) + \bar y. \f]
///
/// It minimises the sum of squared *vertical* residuals \f$\sum_n (y_n - a_0 - a_1 x_n)^2\f$
/// over all non-vertical lines. Exact in `kb::rational`.
/// \param XY N×2 data (x, y), N ≥ 2.
/// \throws kb::error if var(x) = 0 (all x equal: no line y(x) fits; the TLS line is vertical).
template <class T>
Line<T> ols_line(const Matrix<T>& XY) {
    const Moments2<T> m = moments2(XY);
    require(m.var_x > 0, "ols_line",
            "var(x) = 0: all points have the same x, so no line y = a₀ + a₁x is determined; "
            "the total-least-squares line (tls_line) is the vertical line x = x̄");
    //! [ch01-ols]
    // Direction (var x, cov) has slope cov/var, eq. (3).
    return {m.mean_x, m.mean_y, m.var_x, m.cov_xy};
    //! [ch01-ols]
}

/// \brief The largest eigenvalue of the 2×2 covariance matrix in closed form (`beeny:2.1`),
///        \f[ \lambda_{\max} = \tfrac12\Bigl(\operatorname{var}(x) + \operatorname{var}(y)
///            + \sqrt{(\operatorname{var}(x) - \operatorname{var}(y))^2 + 4\operatorname{cov}(x,y)^2}\Bigr) \f]
///        (`beeny` §2.1, whose "cos(x, y)²" is a misprint of cov(x, y)²).
/// \throws kb::error if a moment is not finite or a variance is negative.
template <class T>
T lambda_max(const Moments2<T>& m) {
    detail::require_moments(m, "lambda_max");
    return detail::lambda_max(m);
}

/// \brief The smallest eigenvalue of the 2×2 covariance matrix,
///        \f$\lambda_{\min} = \operatorname{var}(x) + \operatorname{var}(y) - \lambda_{\max}\f$
///        (computed as \f$(\operatorname{var}(x)\operatorname{var}(y) - \operatorname{cov}^2)/\lambda_{\max}\f$,
///        which avoids cancellation).
/// \throws kb::error if a moment is not finite or a variance is negative.
template <class T>
T lambda_min(const Moments2<T>& m) {
    detail::require_moments(m, "lambda_min");
    const T lmax = detail::lambda_max(m);
    if (lmax == 0) return T(0);
    return (m.var_x * m.var_y - m.cov_xy * m.cov_xy) / lmax;
}

/// \brief The slope of `beeny` eq. (4), literally (`beeny:2.1`):
///        \f[ \frac{\lambda_{\max} - \operatorname{var}(x)}{\operatorname{cov}(x,y)}. \f]
///
/// Defined only when cov(x, y) ≠ 0; it loses accuracy when cov(x, y) is small
/// (cancellation in \f$\lambda_{\max} - \operatorname{var}(x)\f$). kb::tls_line() computes the
/// same line stably and handles cov(x, y) = 0.
/// \throws kb::error if cov(x, y) = 0, a moment is not finite or a variance is negative.
template <class T>
T eq4_slope(const Moments2<T>& m) {
    detail::require_moments(m, "eq4_slope");
    require(m.cov_xy != 0, "eq4_slope",
            "cov(x, y) = 0: eq. (4) divides by zero; the TLS line is then horizontal (var x > var y), vertical "
            "(var y > var x) or not unique (equal variances) — use tls_line");
    return (detail::lambda_max(m) - m.var_x) / m.cov_xy;
}

/// \brief The total-least-squares (first principal axis) line, `beeny` eq. (4) (`beeny:2.1`):
///        through \f$(\bar x, \bar y)\f$ along the leading eigenvector of the 2×2 covariance matrix;
///        cov(x, y) = 0 gives the horizontal (var x > var y) or vertical line.
/// \param XY N×2 data (x, y), N ≥ 2.
/// \throws kb::error if the covariance matrix is a multiple of the identity (cov = 0 and
///         var x = var y, including all points equal): the TLS line is then not unique.
/// \see \ref ch01-lines "Chapter 1, §6"
template <class T>
Line<T> tls_line(const Matrix<T>& XY) {
    static_assert(is_floating_v<T>, "tls_line needs a square root: use double, real50 or real100");
    const Moments2<T> m = moments2(XY);
    require(!(m.cov_xy == 0 && m.var_x == m.var_y), "tls_line",
            "the covariance matrix is {}·I (cov(x, y) = 0 and var(x) = var(y)): every line through the mean "
            "fits equally well, so the total-least-squares line is not unique",
            shown(m.var_x));
    //! [ch01-tls]
    const T lmax = detail::lambda_max(m);
    if (m.var_x >= m.var_y) return {m.mean_x, m.mean_y, lmax - m.var_y, m.cov_xy};
    return {m.mean_x, m.mean_y, m.cov_xy, lmax - m.var_x};
    //! [ch01-tls]
}

/// \brief Sum of squared vertical residuals \f$\sum_n (y_n - y(x_n))^2\f$ (what OLS minimises).
///        Exact in `kb::rational`.
/// \throws kb::error for a vertical, non-finite or directionless line, or unless XY is N×2
///         with N ≥ 2 and finite.
template <class T>
T sum_squared_vertical_residuals(const Line<T>& line, const Matrix<T>& XY) {
    detail::require_graph(line, "sum_squared_vertical_residuals");
    detail::require_planar(XY, "sum_squared_vertical_residuals");
    T s(0);
    for (Eigen::Index n = 0; n < XY.rows(); ++n) {
        const T r = XY(n, 1) - line.y_at(XY(n, 0));
        s += r * r;
    }
    return s;
}

/// \brief Sum of squared orthogonal distances to the line,
///        \f[ \sum_n \frac{\bigl((x_n - x_0)d_y - (y_n - y_0)d_x\bigr)^2}{d_x^2 + d_y^2} \f]
///        (what TLS minimises). Exact in `kb::rational`.
/// \throws kb::error for a non-finite or directionless line (\f$d_x = d_y = 0\f$), or unless XY
///         is N×2 with N ≥ 2 and finite.
template <class T>
T sum_squared_orthogonal_distances(const Line<T>& line, const Matrix<T>& XY) {
    detail::require_line(line, "sum_squared_orthogonal_distances");
    detail::require_planar(XY, "sum_squared_orthogonal_distances");
    T s(0);
    for (Eigen::Index n = 0; n < XY.rows(); ++n) {
        const T c = (XY(n, 0) - line.x0) * line.dy - (XY(n, 1) - line.y0) * line.dx;
        s += c * c;
    }
    return s / (line.dx * line.dx + line.dy * line.dy);
}

/// \brief Sum of (unsquared) orthogonal distances \f$\sum_n \operatorname{dist}((x_n, y_n), \text{line})\f$,
///        the "total distance" of `beeny` §2.1 — which TLS does *not* minimise.
/// \throws kb::error for a non-finite or directionless line, or unless XY is N×2 with N ≥ 2
///         and finite.
template <class T>
T sum_orthogonal_distances(const Line<T>& line, const Matrix<T>& XY) {
    using std::abs;
    using std::sqrt;
    detail::require_line(line, "sum_orthogonal_distances");
    detail::require_planar(XY, "sum_orthogonal_distances");
    const T norm = sqrt(line.dx * line.dx + line.dy * line.dy);
    T s(0);
    for (Eigen::Index n = 0; n < XY.rows(); ++n)
        s += abs((XY(n, 0) - line.x0) * line.dy - (XY(n, 1) - line.y0) * line.dx);
    return s / norm;
}

/// \brief Sum of absolute vertical residuals \f$\sum_n |y_n - y(x_n)|\f$ (`beeny` footnote 1's
///        residual, summed) — which OLS does *not* minimise. Exact in `kb::rational`.
/// \throws kb::error for a vertical, non-finite or directionless line, or unless XY is N×2
///         with N ≥ 2 and finite.
template <class T>
T sum_absolute_vertical_residuals(const Line<T>& line, const Matrix<T>& XY) {
    using std::abs;
    detail::require_graph(line, "sum_absolute_vertical_residuals");
    detail::require_planar(XY, "sum_absolute_vertical_residuals");
    T s(0);
    for (Eigen::Index n = 0; n < XY.rows(); ++n) s += abs(XY(n, 1) - line.y_at(XY(n, 0)));
    return s;
}

} // namespace kb
