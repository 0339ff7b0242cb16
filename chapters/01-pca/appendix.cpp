/// \file appendix.cpp
/// \brief `beeny` appendix A as tests: symmetric matrices have real eigenvalues and
///        orthonormal eigenvectors (A.1), PSD matrices have non-negative eigenvalues (A.2),
///        AᵀA is symmetric PSD — both halves, exactly in rationals (A.3), and the covariance
///        matrix of Definition A.4.
#include "test_support.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/pca.hpp"

#include <string>
#include <vector>


namespace {

/// A symmetric matrix Q diag(λ) Qᵀ with distinct integer eigenvalues of both signs
/// (λ_i = μ_i − shift with μ strictly decreasing and gaps ≥ 1).
template <class T>
struct KnownSpectrum {
    Matrix<T> S;
    Vector<T> lambda;
    Matrix<T> Q;
};

template <class T>
KnownSpectrum<T> symmetric_with_known_spectrum(int n, long shift) {
    std::vector<long> mu = *kb::test::decreasing_spectrum(n, 1, 3 * n);
    for (long& m : mu) m -= shift;
    const Matrix<T> Q = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(n), 2);
    const Vector<T> lambda = kb::test::vector_from<T>(mu);
    return {kb::test::with_spectrum(Q, lambda), lambda, Q};
}

} // namespace

//! [lemA1]
TEST_CASE_TEMPLATE("symmetric matrices have real eigenvalues and orthonormal eigenvectors: residual and "
                   "orthogonality as computed [beeny:lemA.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(2, 8); // n = 1 is not the subject (a 1×1 matrix is its eigenvalue)
        const long shift = *kb::test::int_in(0, 3 * n);
        const auto c = symmetric_with_known_spectrum<T>(n, shift);
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(c.S);
        const T normS = c.lambda.cwiseAbs().maxCoeff() + T(1);
        // Real eigenvalues: the computed (real) ones are the constructed ones (Weyl).
        KB_RC_WITHIN(T((eig.values - c.lambda).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(n, normS),
                     "eigenvalues = the constructed real λ");
        // S V = V Λ and VᵀV = I.
        KB_RC_WITHIN(T((c.S * eig.vectors - eig.vectors * eig.values.asDiagonal()).norm()),
                     kb::test::factorisation<T>(n, normS), "residual ‖SV − VΛ‖");
        KB_RC_WITHIN(T((eig.vectors.transpose() * eig.vectors - Matrix<T>::Identity(n, n)).norm()),
                     kb::test::factorisation<T>(n, T(1)), "orthogonality ‖VᵀV − I‖");
    });
}

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
//! [lemA1]

TEST_CASE("without symmetry Lemma A.1 fails: a rotation has no real eigenvalue and [[1 1] [0 2]] has "
          "non-orthogonal eigenvectors [beeny:lemA.1]") {
    // Failing companion: both halves of the lemma need the symmetry.
    Matrix<rational> R(2, 2);
    R << 0, -1, 1, 0;
    const rational disc_R = R.trace() * R.trace() - 4 * (R(0, 0) * R(1, 1) - R(0, 1) * R(1, 0));
    CHECK(disc_R == -4); // λ² + 1 = 0: no real λ
    Matrix<rational> B(2, 2);
    B << 1, 1, 0, 2;
    Vector<rational> v1(2), v2(2);
    v1 << 1, 0;
    v2 << 1, 1;
    CHECK(Vector<rational>(B * v1) == v1); // B v₁ = 1·v₁
    CHECK(Vector<rational>(B * v2) == Vector<rational>(rational(2) * v2)); // B v₂ = 2·v₂
    CHECK(v1.dot(v2) == 1); // not orthogonal
    // And the floating-point check of the lemma rejects it: the eigensolver refuses B.
    CHECK_THROWS_WITH_AS(kb::symmetric_eigen(kb::convert_matrix<double>(B)), doctest::Contains("must be symmetric"),
                         kb::error);
}

//! [lemA2]
TEST_CASE_TEMPLATE("PSD matrices have non-negative eigenvalues: B^T B and Q diag(lambda >= 0) Q^T with zeros "
                   "[beeny:lemA.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        const int n = *kb::test::size_in(2, 8);
        const int m = *kb::test::size_in(1, 8); // m < n gives a singular BᵀB
        const Matrix<T> B = kb::from_integers<T>(*kb::test::int_matrix(m, n, -9, 9), 3);
        const Matrix<T> G = B.transpose() * B;
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(G);
        // λ_min ≥ 0 up to the eigensolver's backward error.
        RC_ASSERT(eig.values(n - 1) >= -kb::test::factorisation<T>(n, T(G.norm() + T(1))).value);
        // The proof: λ = vᵀGv = ‖Bv‖² ≥ 0 for a unit eigenvector v.
        for (int j = 0; j < n; ++j)
            KB_RC_WITHIN(T(abs(eig.values(j) - (B * eig.vectors.col(j)).squaredNorm())),
                         kb::test::factorisation<T>(n, T(G.norm() + T(1))), "λ_j = ‖B v_j‖²");
    });
}
//! [lemA2]

TEST_CASE_TEMPLATE("an indefinite matrix has a negative eigenvalue far below rounding and an exact witness "
                   "x^T A x < 0 [beeny:lemA.2]",
                   T, KB_REALS) {
    // Failing companion: the non-negativity check rejects a matrix that is not PSD.
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(2, 8);
        const auto c = symmetric_with_known_spectrum<T>(n, 3 * n); // all λ ≤ 0 … some ≤ −1
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(c.S);
        RC_ASSERT(eig.values(n - 1) < -kb::test::factorisation<T>(n, T(3 * n)).value);
        // The concrete failure: kb::psd_sqrt refuses it with the named message, not any error.
        std::string message;
        try {
            kb::psd_sqrt(c.S);
        } catch (const kb::error& e) {
            message = e.what();
        }
        RC_ASSERT(message.find("is not positive semi-definite") != std::string::npos);
    });
    // Exactly in rationals: the last Cayley column is a witness with qᵀAq = λ_n < 0.
    kb::test::property<rational>([] {
        const int n = *kb::test::size_in(2, 6);
        const auto c = symmetric_with_known_spectrum<rational>(n, 0); // eigenvalues μ_i ≥ 1
        Vector<rational> lambda = c.lambda;
        lambda(n - 1) = -1; // make the last eigenvalue negative
        const Matrix<rational> A = kb::test::with_spectrum(c.Q, lambda);
        const Vector<rational> x = c.Q.col(n - 1);
        RC_ASSERT(rational(x.dot(A * x)) == rational(-1) * x.squaredNorm());
        RC_ASSERT(!kb::is_psd_exact(A));
    }, 0, "rational witness");
}

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

TEST_CASE_TEMPLATE("A^T A in floating point: eigenvalues are the squared singular values of A and are >= 0 "
                   "[beeny:lemA.3]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        const int m = *kb::test::size_in(1, 8);
        const int n = *kb::test::size_in(1, 6);
        const Matrix<T> A = kb::from_integers<T>(*kb::test::int_matrix(m, n, -9, 9), 4);
        const Matrix<T> G = A.transpose() * A;
        const T scale = T(G.norm() + T(1));
        KB_RC_WITHIN(T((G - G.transpose()).norm()), kb::test::one_pass<T>(m, scale), "AᵀA = (AᵀA)ᵀ");
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(G);
        const kb::Svd<T> svd = kb::thin_svd(A);
        RC_ASSERT(eig.values(n - 1) >= -kb::test::factorisation<T>(std::max(m, n), scale).value);
        for (int j = 0; j < std::min(m, n); ++j)
            KB_RC_WITHIN(T(abs(eig.values(j) - svd.sigma(j) * svd.sigma(j))),
                         kb::test::factorisation<T>(std::max(m, n), scale), "λ_j(AᵀA) = σ_j(A)²");
    });
}

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

//! [defA4]
TEST_CASE("covariance matrix of Definition A.4 exactly: entrywise cov(a_i a_j) = X^T X/(m-1) = mean of outer "
          "products with the m-1 divisor [beeny:defA.4]") {
    kb::test::property<rational>([] {
        const int m = *kb::test::size_in(2, 9);
        const int n = *kb::test::size_in(1, 5);
        const Matrix<rational> A = kb::from_integers<rational>(*kb::test::int_matrix(m, n, -20, 20), 3);
        const Matrix<rational> cov = kb::covariance_matrix(A);
        // cov(a_i, a_j) = (1/(m−1)) Σ_k (a_ki − ā_i)(a_kj − ā_j), written out with scalar means.
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const rational ai = A.col(i).sum() / m, aj = A.col(j).sum() / m;
                rational s = 0;
                for (int k = 0; k < m; ++k) s += (A(k, i) - ai) * (A(k, j) - aj);
                RC_ASSERT(cov(i, j) == s / (m - 1));
            }
        // = XᵀX/(m − 1) for the centred X ("if A is centred").
        const Matrix<rational> X = kb::center_columns(A);
        RC_ASSERT(cov == Matrix<rational>(X.transpose() * X / rational(m - 1)));
        // = (1/(m−1)) Σ_k (x_k − μ)ᵀ(x_k − μ), the average of outer products with divisor m − 1.
        const RowVector<rational> mu = kb::column_means(A);
        Matrix<rational> outer = Matrix<rational>::Zero(n, n);
        for (int k = 0; k < m; ++k) {
            const RowVector<rational> d = A.row(k) - mu;
            outer += d.transpose() * d;
        }
        RC_ASSERT(cov == Matrix<rational>(outer / rational(m - 1)));
        // Shifting every observation by the same vector c leaves the covariance unchanged.
        const RowVector<rational> c = kb::from_integers<rational>(*kb::test::int_matrix(1, n, -9, 9));
        RC_ASSERT(kb::covariance_matrix(Matrix<rational>(A.rowwise() + c)) == cov);
    });
}
//! [defA4]

TEST_CASE("the centring and the m-1 divisor of Definition A.4 matter: A^T A/(m-1) of uncentred data is off "
          "by m mu^T mu/(m-1) and X^T X/m is not cov(A) [beeny:defA.4]") {
    // Failing companion of Definition A.4.
    kb::test::property<rational>([] {
        const int m = *kb::test::size_in(2, 9);
        const int n = *kb::test::size_in(1, 5);
        const Matrix<rational> A = kb::from_integers<rational>(*kb::test::int_matrix(m, n, -20, 20), 3);
        const Matrix<rational> cov = kb::covariance_matrix(A);
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
