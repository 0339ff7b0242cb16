/// \file certificates.cpp
/// \brief Chapter 4: the PSD certificates (exact pivoted LDLᵀ, interval Cholesky) are
///        right, answer "undecided" when they must, and refute the functions that look
///        like kernels but are not — each with a witness c such that cᵀKc < 0.
#include "test_support.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include "impostors.hpp"


namespace {

// Refuted with a witness that really refutes: cᵀKc < 0, recomputed here.
void check_refuted(const Matrix<rational>& K) {
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(cert.witness.size() == K.rows());
    CHECK(kb::quadratic_form(K, cert.witness) < 0);
    CHECK(kb::quadratic_form(K, cert.witness) == cert.witness_value);
}

// The same for an interval matrix: the enclosure of cᵀKc lies below 0.
void check_refuted(const Matrix<kb::interval>& K) {
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(kb::certainly_negative(kb::quadratic_form(K, cert.witness)));
    CHECK(cert.witness_value < 0);
}

Matrix<rational> column(std::initializer_list<long> values, long den = 1) {
    IntMatrix M(static_cast<Eigen::Index>(values.size()), 1);
    Eigen::Index i = 0;
    for (long v : values) M(i++, 0) = v;
    return kb::from_integers<rational>(M, den);
}

} // namespace

// ---------------------------------------------------------------------------------------
// The exact certificate
// ---------------------------------------------------------------------------------------

//! [certificate-exact]
TEST_CASE("the exact certificate: proven comes with K = L diag(d) L^T (d > 0) and refuted with c^T K c < 0 - and "
          "the verdict agrees with the eigenvalues in 100 digits [beeny:def3.6]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(1, 8), r = *kb::test::size_in(1, 8);
        const IntMatrix B = *kb::test::int_matrix(r, N, -3, 3);
        Matrix<rational> K = kb::from_integers<rational>(B).transpose() * kb::from_integers<rational>(B);
        // Perturb one diagonal entry by −1, 0 or +1: both verdicts occur.
        const long i = *kb::test::int_in(0, N - 1);
        K(i, i) += rational(*kb::test::int_in(-1, 1));
        const kb::PsdCertificate cert = kb::certify_psd(K);
        const auto eig = kb::symmetric_eigen(kb::convert_matrix<kb::real100>(K));
        const kb::real100 lambda_max = std::max(abs(eig.values(0)), abs(eig.values(N - 1)));
        // The eigensolver's backward error: a zero eigenvalue is computed within it, and the
        // non-zero eigenvalues of a small integer matrix are far above it.
        const kb::real100 tol = kb::test::factorisation<kb::real100>(N, lambda_max).value;
        if (cert.proven()) {
            for (Eigen::Index k = 0; k < cert.d.size(); ++k) RC_ASSERT(cert.d(k) > 0);
            RC_ASSERT(Matrix<rational>(cert.L * cert.d.asDiagonal() * cert.L.transpose()) == K);
            RC_ASSERT(eig.values(N - 1) >= -tol);
            RC_ASSERT(cert.rank == kb::numerical_rank(eig.values, tol));
        } else {
            RC_ASSERT(cert.refuted());
            RC_ASSERT(kb::quadratic_form(K, cert.witness) < 0);
            RC_ASSERT(eig.values(N - 1) < -tol);
        }
    });
}
//! [certificate-exact]

TEST_CASE("the exact certificate handles the zero-diagonal trap of Eigen's LDLT: [[0 1] [1 0]] is refuted with "
          "c = (1 -1) [beeny:def3.6]") {
    Matrix<rational> K(2, 2);
    K << 0, 1, 1, 0;
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(cert.witness == (Vector<rational>(2) << 1, -1).finished());
    CHECK(cert.witness_value == -2);
    // The zero diagonal can also appear after a pivot: the witness is extended through it.
    Matrix<rational> A(3, 3);
    A << 1, 1, 1, 1, 1, 2, 1, 2, 1; // Schur complement of A₀₀: [[0, 1], [1, 0]]
    check_refuted(A);
    // The zero matrix is PSD of rank 0.
    const kb::PsdCertificate zero = kb::certify_psd(Matrix<rational>(Matrix<rational>::Zero(3, 3)));
    CHECK(zero.proven());
    CHECK(zero.rank == 0);
}

//! [deciders-agree]
TEST_CASE("the two exact PSD deciders agree: kb::is_psd_exact and kb::certify_psd on random rational PSD "
          "rank-deficient and indefinite matrices - each verdict backed by a checked certificate [beeny:def3.6]") {
    int psd = 0, not_psd = 0, singular_psd = 0;
    kb::test::property<rational>([&] {
        const int N = *kb::test::size_in(1, 8), r = *kb::test::size_in(1, N);
        // K = BᵀB has rank ≤ r ≤ N: PSD, and singular whenever r < N.
        const Matrix<rational> B = kb::from_integers<rational>(*kb::test::int_matrix(r, N, -3, 3));
        Matrix<rational> K = B.transpose() * B;
        // Perturbations that keep or break PSD: none, −vvᵀ/t, a diagonal entry ±1, a symmetric
        // off-diagonal pair ±1 (which can leave a zero diagonal on a singular block).
        const Vector<rational> v = kb::from_integers<rational>(*kb::test::int_matrix(N, 1, -2, 2));
        const long kind = *kb::test::int_in(0, 3);
        const long i = *kb::test::int_in(0, N - 1), j = *kb::test::int_in(0, N - 1);
        const long sign = *kb::test::int_in(0, 1) == 1 ? 1 : -1;
        if (kind == 1) K -= v * v.transpose() / rational(*kb::test::int_in(1, 40));
        if (kind == 2) K(i, i) += sign;
        if (kind == 3 && i != j) {
            K(i, j) += sign;
            K(j, i) += sign;
        }
        const bool fast = kb::is_psd_exact(K);
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(fast == cert.proven());
        // The certificate is checked independently, so the agreement proves is_psd_exact right.
        if (cert.proven()) {
            for (Eigen::Index k = 0; k < cert.d.size(); ++k) RC_ASSERT(cert.d(k) > 0);
            RC_ASSERT(Matrix<rational>(cert.L * cert.d.asDiagonal() * cert.L.transpose()) == K);
            ++psd;
            if (cert.rank < N) ++singular_psd;
        } else {
            RC_ASSERT(kb::quadratic_form(K, cert.witness) < 0);
            ++not_psd;
        }
    }, 300);
    // Both verdicts, and singular PSD matrices, were met (so the agreement is not vacuous).
    CHECK(psd > 0);
    CHECK(not_psd > 0);
    CHECK(singular_psd > 0);
}
//! [deciders-agree]

TEST_CASE("companion: a PSD decider that looks only at the diagonal disagrees with both exact deciders on "
          "[[1 2] [2 1]] [beeny:def3.6]") {
    Matrix<rational> K(2, 2);
    K << 1, 2, 2, 1; // eigenvalues 3 and −1
    const auto diagonal_only = [](const Matrix<rational>& A) {
        for (Eigen::Index i = 0; i < A.rows(); ++i)
            if (A(i, i) < 0) return false;
        return true;
    };
    CHECK(diagonal_only(K));
    CHECK_FALSE(kb::is_psd_exact(K));
    CHECK(kb::certify_psd(K).refuted());
    CHECK(diagonal_only(K) != kb::certify_psd(K).proven());
}

TEST_CASE("a perturbation of 10^-30 that makes a PSD matrix indefinite is refuted exactly [beeny:def3.6]") {
    Matrix<rational> K(2, 2);
    K << 1, 1, 1, 1;
    CHECK(kb::certify_psd(K).proven());
    K(1, 1) -= rational(1, 1000000) * rational(1, 1000000) * rational(1, 1000000) * rational(1, 1000000) *
               rational(1, 1000000);
    check_refuted(K);
}

// ---------------------------------------------------------------------------------------
// The interval certificate
// ---------------------------------------------------------------------------------------

TEST_CASE("the interval certificate agrees with the exact one on rational matrices: positive definite is proven "
          "and indefinite is refuted [beeny:def3.6]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(1, 8);
        const IntMatrix B = *kb::test::int_matrix(N + 1, N, -3, 3);
        Matrix<rational> K = kb::from_integers<rational>(B).transpose() * kb::from_integers<rational>(B);
        const long shift = *kb::test::int_in(-2, 2);
        K += rational(shift, 3) * Matrix<rational>::Identity(N, N);
        const kb::PsdCertificate exact = kb::certify_psd(K);
        const kb::PsdCertificate ival = kb::certify_psd(kb::to_interval(K));
        if (exact.proven() && exact.definite) RC_ASSERT(ival.proven());
        if (exact.refuted()) {
            RC_ASSERT(ival.refuted());
            RC_ASSERT(kb::quadratic_form(K, ival.witness) < 0);
        }
        if (ival.proven()) RC_ASSERT(exact.proven() && exact.definite);
        if (ival.refuted()) RC_ASSERT(exact.refuted());
    });
}

TEST_CASE("the interval certificate says undecided where it cannot know: a singular PSD matrix and a matrix whose "
          "smallest eigenvalue is 10^-60 [beeny:def3.6]") {
    Matrix<rational> S(2, 2);
    S << 1, 1, 1, 1;
    const kb::PsdCertificate singular = kb::certify_psd(kb::to_interval(S));
    CHECK(singular.undecided());
    rational tiny(1);
    for (int i = 0; i < 60; ++i) tiny /= 10;
    Matrix<rational> A(2, 2);
    A << 1, 1, 1, 1 + tiny; // exactly positive definite (determinant 10⁻⁶⁰)
    CHECK(kb::certify_psd(A).proven());
    CHECK(kb::certify_psd(A).definite);
    const kb::PsdCertificate interval = kb::certify_psd(kb::to_interval(A));
    CHECK(interval.undecided()); // 50-digit intervals cannot resolve 10⁻⁶⁰: no false claim
    CHECK_FALSE(interval.proven());
}

TEST_CASE("the interval helpers: enclosures contain the rational and the bounds are ordered") {
    kb::test::property<rational>([] {
        const rational r(*kb::test::int_in(-1000, 1000), *kb::test::int_in(1, 999));
        const kb::interval x = kb::to_interval(r);
        RC_ASSERT(kb::lower_bound(x) <= r);
        RC_ASSERT(r <= kb::upper_bound(x));
        RC_ASSERT(kb::lower_bound(x) <= kb::midpoint(x));
        RC_ASSERT(kb::midpoint(x) <= kb::upper_bound(x));
        RC_ASSERT(kb::certainly_positive(x) == (r > 0));
        RC_ASSERT(kb::certainly_negative(x) == (r < 0));
    });
}

TEST_CASE("certify_psd refuses bad input with kb::error") {
    CHECK_THROWS_WITH_AS(kb::certify_psd(Matrix<rational>(2, 3)), doctest::Contains("square"), kb::error);
    CHECK_THROWS_WITH_AS(kb::certify_psd(Matrix<rational>(0, 0)), doctest::Contains("non-empty"), kb::error);
    Matrix<rational> A(2, 2);
    A << 1, 2, 3, 1;
    CHECK_THROWS_WITH_AS(kb::certify_psd(A), doctest::Contains("K(0,1) = 2 and K(1,0) = 3"), kb::error);
    Matrix<kb::interval> I = kb::to_interval(A);
    CHECK_THROWS_WITH_AS(kb::certify_psd(I), doctest::Contains("different intervals"), kb::error);
}

// ---------------------------------------------------------------------------------------
// Things that look like kernels but are not
// ---------------------------------------------------------------------------------------

//! [refutations]
TEST_CASE("a distance used as a similarity is not a kernel: |x - y|_1 and -|x - y|_1 are refuted exactly [zhu:def4] [beeny:def3.6]") {
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(3, 2) << 0, 0, 3, 4, 1, -2).finished());
    check_refuted(kb::gram(kb::impostor::Distance<rational>{rational(1)}, X));
    check_refuted(kb::gram(kb::impostor::Distance<rational>{rational(-1)}, X));
    // Two points suffice: [[0, 7], [7, 0]] with c = (1, −1).
    check_refuted(kb::gram(kb::impostor::Distance<rational>{rational(1)}, Matrix<rational>(X.topRows(2))));
}

TEST_CASE("max(x y) on the reals is not a kernel: on the points 1 and 2 c^T K c < 0 [zhu:def4] [beeny:def3.6]") {
    check_refuted(kb::gram(kb::impostor::Max<rational>{}, column({1, 2})));
    // …for any two points 0 < s < t: det [[s, t], [t, t]] = t(s − t) < 0.
    kb::test::property<rational>([] {
        const long s = *kb::test::int_in(1, 50), t = s + *kb::test::int_in(1, 50);
        const kb::PsdCertificate cert = kb::certify_psd(kb::gram(kb::impostor::Max<rational>{}, column({s, t}, 7)));
        RC_ASSERT(cert.refuted());
    });
}

TEST_CASE("min(x y) is a kernel on the non-negative reals but not on all reals: a negative point is refuted and non-negative "
          "points are proven [zhu:def4] [beeny:def3.6]") {
    check_refuted(kb::gram(kb::impostor::MinOnReals<rational>{}, column({-1, 2})));
    check_refuted(kb::gram(kb::impostor::MinOnReals<rational>{}, column({3, -1, 2, 5})));
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::int_matrix(N, q, 0, 30), 7);
        RC_ASSERT(kb::certify_psd(kb::gram(kb::MinKernel<rational>{}, X)).proven());
    });
}

TEST_CASE("the pointwise min and max of two kernels are not kernels: min(xy 1) on -1 2 and max(xy 1) on -1 1 2 [zhu:def4] [beeny:def3.6]") {
    using Lin = kb::LinearKernel<rational>;
    using One = kb::ConstantKernel<rational>;
    const kb::impostor::PointwiseMin<Lin, One> lo{Lin{}, One(rational(1))};
    const kb::impostor::PointwiseMax<Lin, One> hi{Lin{}, One(rational(1))};
    const Matrix<rational> K = kb::gram(lo, column({-1, 2}));
    CHECK(K == (Matrix<rational>(2, 2) << 1, -2, -2, 1).finished());
    check_refuted(K);
    check_refuted(kb::gram(hi, column({-1, 1, 2})));
    // Both ingredients are kernels.
    CHECK(kb::certify_psd(kb::gram(Lin{}, column({-1, 1, 2}))).proven());
    CHECK(kb::certify_psd(kb::gram(One(rational(1)), column({-1, 1, 2}))).proven());
}

TEST_CASE("the sigmoid tanh(a x^T y + b) is not a kernel: refuted by the interval certificate at a choice of points [zhu:def4] [beeny:def3.6]") {
    const Matrix<kb::interval> X = kb::to_interval(column({1, 2}));
    check_refuted(kb::gram(kb::impostor::Sigmoid<kb::interval>{kb::interval(1), kb::interval(0)}, X));
    // With a negative offset even one point fails: tanh(a·0 + b) < 0 on the diagonal.
    check_refuted(
        kb::gram(kb::impostor::Sigmoid<kb::interval>{kb::interval(1), kb::interval(-1)}, kb::to_interval(column({0}))));
    // Two points on a line through 0 with a = 1/2, b = 1: fails too.
    check_refuted(kb::gram(kb::impostor::Sigmoid<kb::interval>{kb::to_interval(rational(1, 2)), kb::interval(1)},
                           kb::to_interval(column({-3, 1, 3}))));
}

TEST_CASE("exp of a distance exp(+|x - y|_1) is not a kernel: refuted by the interval certificate [zhu:def4] [beeny:def3.6]") {
    check_refuted(kb::gram(kb::impostor::ExpDistance<kb::interval>{}, kb::to_interval(column({0, 1}, 2))));
    kb::test::property<rational>([] {
        const long s = *kb::test::int_in(-20, 20), t = s + *kb::test::int_in(1, 20);
        const Matrix<kb::interval> K = kb::gram(kb::impostor::ExpDistance<kb::interval>{}, kb::to_interval(column({s, t}, 10)));
        const kb::PsdCertificate cert = kb::certify_psd(K);
        RC_ASSERT(cert.refuted());
        RC_ASSERT(kb::certainly_negative(kb::quadratic_form(K, cert.witness)));
    }, 20);
}
//! [refutations]

TEST_CASE_TEMPLATE("the impostors fail the floating-point PSD check too: lambda_min far below the rounding bound [zhu:def4] [beeny:def3.6]", T,
                   KB_REALS) {
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(2, 1) << 1, 2).finished());
    const Matrix<T> Ks[] = {kb::gram(kb::impostor::Sigmoid<T>{T(1), T(0)}, X),
                            kb::gram(kb::impostor::ExpDistance<T>{}, X), kb::gram(kb::impostor::Max<T>{}, X),
                            kb::gram(kb::impostor::Distance<T>{T(1)}, X)};
    for (const Matrix<T>& K : Ks) {
        const T lambda = kb::symmetric_eigen(K).values(1);
        KB_CHECK_EXCEEDS(T(-std::min(lambda, T(0))), kb::test::factorisation<T>(2, K.norm()), "λ_min");
    }
}
