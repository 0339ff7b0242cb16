#pragma once
/// \file regression.hpp
/// \brief Regression on derived features (`beeny:ex1.1`): the powers \f$(x, \dots, x^d)\f$ of one
///        attribute, multiple linear regression in centred form, polynomial regression.
/// \see \ref ch01-regression "Chapter 1, §9 — Regression on derived features"

#include "kernelbook/centering.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/solve.hpp"

#include <string>

namespace kb {

/// \brief The polynomial feature map of Example 1.1 (corrected, `beeny:ex1.1`): the attribute x becomes the
///        features \f$z(x) = (x, x^2, \dots, x^d)\f$.
/// \param x N attributes. \param degree d ≥ 1.
/// \returns the N×d matrix with rows \f$(x_n, x_n^2, \dots, x_n^d)\f$ (exact in `kb::rational`).
/// \throws kb::error if d < 1 or x is not finite.
template <class T>
Matrix<T> power_features(const Vector<T>& x, int degree) {
    require(degree >= 1, "power_features", "degree = {} must be ≥ 1", degree);
    require_finite(x, "power_features", "x");
    Matrix<T> Z(x.size(), degree);
    //! [ch01-power-features]
    for (Eigen::Index n = 0; n < x.size(); ++n) {
        T power = x(n);
        for (int j = 0; j < degree; ++j) {
            Z(n, j) = power;
            power *= x(n);
        }
    }
    return Z;
    //! [ch01-power-features]
}

/// \brief Multiple linear regression \f$y \sim 1 + z_1 + \dots + z_p\f$ by least squares, in
///        the centred (covariance) form that generalises eq. (3):
///        \f[ b = (Z_c^\top Z_c)^{-1} Z_c^\top (y - \bar y), \qquad a_0 = \bar y - \bar z\, b, \f]
///        with \f$Z_c = Z - \one\bar z\f$ (`beeny:ex1.1`: regression on derived features).
/// \param Z N×p features (rows are observations); \param y N responses.
/// \returns the p + 1 coefficients \f$(a_0, b_1, \dots, b_p)\f$; exact in `kb::rational`.
/// \throws kb::error on mismatched sizes, N ≤ p, non-finite values, or features that are
///         linearly dependent after centring (e.g. fewer distinct x than coefficients).
template <class T>
Vector<T> linear_regression(const Matrix<T>& Z, const Vector<T>& y) {
    constexpr std::string_view where = "linear_regression";
    require(Z.rows() == y.size(), where,
            "Z has {} rows but y has {} entries; give one response per observation", Z.rows(), y.size());
    require(Z.cols() >= 1 && Z.rows() > Z.cols(), where,
            "need more observations than features plus one for the intercept, but Z is {}×{}",
            Z.rows(), Z.cols());
    require_finite(Z, where, "Z");
    require_finite(y, where, "y");
    //! [ch01-linreg-centre]
    const RowVector<T> zbar = column_means(Z);
    const Matrix<T> Zc = Z.rowwise() - zbar;
    const T ybar = y.sum() / T(y.size());
    const Vector<T> yc = (y.array() - ybar).matrix();
    //! [ch01-linreg-centre]
    // b solves the centred normal equations Z_cᵀZ_c b = Z_cᵀ(y − ȳ).
    Matrix<T> b;
    try {
        //! [ch01-linreg-solve]
        b = solve_spd(scatter_matrix(Z), Matrix<T>(Zc.transpose() * yc));
        //! [ch01-linreg-solve]
    } catch (const error& e) {
        fail(where, "the centred features are linearly dependent (Z_cᵀZ_c is singular): "
                "drop a redundant feature or add observations with new x values ({})",
                e.what());
    }
    Vector<T> a(Z.cols() + 1);
    a(0) = ybar - (zbar * b)(0, 0);
    a.tail(Z.cols()) = b.col(0);
    return a;
}

/// \brief Polynomial regression \f$y \sim 1 + x + \dots + x^d\f$ by least squares (`beeny:ex1.1`), in the
///        classical moment form: the normal equations
///        \f[ \sum_{j=0}^{d} \Bigl(\sum_n x_n^{i+j}\Bigr) a_j = \sum_n x_n^i y_n, \qquad i = 0, \dots, d. \f]
/// \param x, y N attributes and responses; \param degree d ≥ 1.
/// \returns \f$(a_0, \dots, a_d)\f$; exact in `kb::rational`.
/// \throws kb::error on mismatched sizes, non-finite values, or fewer than d + 1 distinct x.
template <class T>
Vector<T> polynomial_regression(const Vector<T>& x, const Vector<T>& y, int degree) {
    constexpr std::string_view where = "polynomial_regression";
    require(degree >= 1, where, "degree = {} must be ≥ 1", degree);
    require(x.size() == y.size(), where, "x has {} entries but y has {}", x.size(), y.size());
    require_finite(x, where, "x");
    require_finite(y, where, "y");
    const int d = degree;
    //! [ch01-hankel]
    // Power sums s_m = Σ xⁿ^m (m ≤ 2d) and moments t_i = Σ x_n^i y_n (i ≤ d).
    Vector<T> s = Vector<T>::Zero(2 * d + 1), t = Vector<T>::Zero(d + 1);
    for (Eigen::Index n = 0; n < x.size(); ++n) {
        T power(1);
        for (int m = 0; m <= 2 * d; ++m) {
            s(m) += power;
            if (m <= d) t(m) += power * y(n);
            power *= x(n);
        }
    }
    // The Hankel matrix M_ij = s_{i+j}.
    Matrix<T> M(d + 1, d + 1);
    for (int i = 0; i <= d; ++i)
        for (int j = 0; j <= d; ++j) M(i, j) = s(i + j);
    //! [ch01-hankel]
    try {
        return solve_spd(M, Matrix<T>(t)).col(0);
    } catch (const error& e) {
        fail(where, "the moment matrix is singular: fewer than degree + 1 = {} distinct x "
                "values; lower the degree or add observations ({})",
                d + 1, e.what());
    }
}

} // namespace kb
