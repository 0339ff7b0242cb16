/// \file exact.cpp
/// \brief Statements decided exactly in rationals, with their companions: polynomial regression
///        is linear regression on features (beeny:ex1.1), Lemma A.1 for 2×2, AᵀA is PSD with an
///        LDLᵀ certificate (beeny:lemA.3), the covariance of Definition A.4 (beeny:defA.4).
///        The law that the exercises run as well (Definition A.4) is written once, in laws.hpp.
#include "../laws.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/lines.hpp"
#include "kernelbook/regression.hpp"

#include <algorithm>

using kb::Line;
using kb::test::ch01::covariance_case;
using kb::test::ch01::covariance_law;
using kb::test::ch01::library_covariance;

//! [ex11]
//! [ch01-ex11-law]
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
//! [ch01-ex11-law]

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

//! [lemA1-exact]
TEST_CASE("Lemma A.1 for 2x2 exactly: a symmetric matrix has discriminant (a - d)^2 + 4b^2 >= 0 and the computed "
          "eigenvalues bracket two real roots of its characteristic polynomial [beeny:lemA.1]") {
    // The characteristic polynomial p(t) = t² − (a + d)t + (ad − b²) of S = [[a, b], [b, d]] has
    // discriminant (a + d)² − 4(ad − b²) = (a − d)² + 4b² ≥ 0 — the square root in λ_max of §2.1.
    // That identity, and "a sum of squares is ≥ 0", hold for any integers and cannot fail: the
    // old assertions only exercised GMP. The claim that can fail: the eigensolver's eigenvalues
    // of S (double) are real roots of p, certified exactly in rationals by a sign change of p
    // across [λ − δ, λ + δ] (δ the eigensolver's backward-error bound, converted exactly) —
    // by the intermediate value theorem, a real root in each bracket. Integer entries make the
    // roots either equal (S = aI, then λ = a exactly and p(λ) = 0) or √disc ≥ 1 apart ≫ 2δ.
    kb::test::property<rational>([] {
        const IntMatrix M = *kb::test::int_matrix(1, 3, -20, 20);
        const rational a(M(0, 0)), b(M(0, 1)), d(M(0, 2));
        const auto p = [&](const rational& t) { return t * t - (a + d) * t + (a * d - b * b); };
        Matrix<double> S(2, 2);
        S << double(M(0, 0)), double(M(0, 1)), double(M(0, 1)), double(M(0, 2));
        const kb::SymmetricEigen<double> eig = kb::symmetric_eigen(S);
        const rational delta(kb::test::factorisation<double>(2, S.norm() + 1).value);
        const rational disc = (a - d) * (a - d) + 4 * b * b;
        for (int j = 0; j < 2; ++j) {
            RC_ASSERT(kb::is_finite(eig.values(j)));
            const rational lambda(eig.values(j)); // exact: a double is a dyadic rational
            if (disc == 0) {
                RC_ASSERT(p(lambda) == 0);
            } else {
                RC_ASSERT(p(lambda - delta) * p(lambda + delta) < 0);
            }
        }
        // And the two brackets are disjoint (unless the root is double): two distinct real roots.
        if (disc != 0) RC_ASSERT(rational(eig.values(0)) - delta > rational(eig.values(1)) + delta);
    });
}
//! [lemA1-exact]

//! [lemA3]
TEST_CASE("A^T A is symmetric and PSD exactly: x^T A^T A x = |Ax|^2 >= 0 and LDL^T certifies it [beeny:lemA.3]") {
    kb::test::property<rational>([] {
        const int m = *kb::test::size_in(1, 7);
        const int n = *kb::test::size_in(1, 7);
        const Matrix<rational> A = kb::from_integers<rational>(*kb::test::int_matrix(m, n, -9, 9), 4);
        const Matrix<rational> G = A.transpose() * A;
        // Symmetric: (AᵀA)ᵀ = Aᵀ(Aᵀ)ᵀ = AᵀA (the seed's half of the proof).
        RC_ASSERT(Matrix<rational>(G.transpose()) == G);
        // PSD (the half the seed omits): xᵀAᵀAx = (Ax)ᵀ(Ax) = ‖Ax‖² ≥ 0 for every x.
        const Vector<rational> x = kb::from_integers<rational>(*kb::test::int_matrix(n, 1, -9, 9), 2);
        const rational quadratic_form = x.dot(G * x);
        RC_ASSERT(quadratic_form == (A * x).squaredNorm());
        RC_ASSERT(quadratic_form >= 0);
        // And for all x at once: the exact pivoted LDLᵀ certificate.
        RC_ASSERT(kb::is_psd_exact(G));
    });
}
//! [lemA3]

TEST_CASE("symmetry alone is not PSD: A^T A - (tr A^T A + 1) e1 e1^T is symmetric with e1 a witness "
          "[beeny:lemA.3]") {
    // Failing companion: the PSD half of Lemma A.3 is a real claim (the seed proves only symmetry).
    kb::test::property<rational>([] {
        const int m = *kb::test::size_in(1, 6);
        const int n = *kb::test::size_in(1, 6);
        const Matrix<rational> A = kb::from_integers<rational>(*kb::test::int_matrix(m, n, -9, 9), 4);
        Matrix<rational> M = A.transpose() * A;
        M(0, 0) -= M.trace() + 1;
        RC_ASSERT(Matrix<rational>(M.transpose()) == M);
        RC_ASSERT(M(0, 0) < 0); // e₁ᵀMe₁ = ‖Ae₁‖² − tr(AᵀA) − 1 < 0
        RC_ASSERT(!kb::is_psd_exact(M));
    });
}

TEST_CASE("covariance matrix of Definition A.4 exactly: entrywise cov(a_i a_j) = X^T X/(m-1) = mean of outer "
          "products with the m-1 divisor [beeny:defA.4]") {
    covariance_law(library_covariance);
}

TEST_CASE("the centring and the m-1 divisor of Definition A.4 matter: A^T A/(m-1) of uncentred data is off "
          "by m mu^T mu/(m-1) and X^T X/m is not cov(A) [beeny:defA.4]") {
    // Failing companion of Definition A.4.
    kb::test::property<rational>([] {
        const auto [m, n, A, cov] = covariance_case();
        const RowVector<rational> mu = kb::column_means(A);
        const Matrix<rational> uncentred = A.transpose() * A / rational(m - 1);
        // AᵀA = XᵀX + m μᵀμ: the error of skipping the centring, exactly.
        RC_ASSERT(Matrix<rational>(uncentred - cov) == Matrix<rational>(mu.transpose() * mu * rational(m, m - 1)));
        if (mu != RowVector<rational>::Zero(n)) RC_ASSERT(uncentred != cov);
        // The population divisor m gives (m − 1)/m · cov(A), different unless X = 0.
        const Matrix<rational> X = kb::center_columns(A);
        if (X != Matrix<rational>::Zero(m, n)) RC_ASSERT(Matrix<rational>(X.transpose() * X / rational(m)) != cov);
    });
}
