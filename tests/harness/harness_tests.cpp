/// \file harness_tests.cpp
/// \brief The generators and the tolerance header do what they promise.
#include "test_support.hpp"

#include "kernelbook/spectral.hpp"


TEST_CASE("size_in covers its whole range, not only small sizes") {
    // rapidcheck's own inRange grows with the test size; size_in must not.
    int seen_hi = 0, seen_lo = 0;
    kb::test::property<double>([&] {
        const int n = *kb::test::size_in(2, 12);
        RC_ASSERT(n >= 2);
        RC_ASSERT(n <= 12);
        if (n == 12) ++seen_hi;
        if (n == 2) ++seen_lo;
    }, 400);
    CHECK(seen_hi > 0);
    CHECK(seen_lo > 0);
}

TEST_CASE("int_in stays in range and reaches both ends") {
    long lo_seen = 0, hi_seen = 0;
    kb::test::property<double>([&] {
        const long v = *kb::test::int_in(-3, 7);
        RC_ASSERT(v >= -3);
        RC_ASSERT(v <= 7);
        lo_seen += v == -3;
        hi_seen += v == 7;
    }, 400);
    CHECK(lo_seen > 0);
    CHECK(hi_seen > 0);
}

TEST_CASE("distinct_points reaches N = 12 and both ends of its coordinate range") {
    // Distinctness is the generator's own filter (asserting it again could not fail); what
    // can go wrong is a filter that starves the generator: only small N, or coordinates
    // pushed to the middle. Eleven distinct values in [−5, 5] for N = 12 in one column is
    // impossible, so q = 2 here.
    int seen_12 = 0, seen_lo = 0, seen_hi = 0;
    kb::test::property<double>([&] {
        const int N = *kb::test::size_in(2, 12);
        const IntMatrix P = *kb::test::distinct_points(N, 2, 5);
        RC_ASSERT(P.rows() == N);
        seen_12 += N == 12;
        seen_lo += P.minCoeff() == -5;
        seen_hi += P.maxCoeff() == 5;
    }, 200);
    CHECK(seen_12 > 0);
    CHECK(seen_lo > 0);
    CHECK(seen_hi > 0);
}

TEST_CASE("the Cayley transform is exactly orthogonal in rationals") {
    kb::test::property<kb::rational>([] {
        const int n = *kb::test::size_in(1, 6);
        const IntMatrix S = *kb::test::skew_symmetric(n);
        const Matrix<kb::rational> Q = kb::test::cayley_orthogonal<kb::rational>(S, 2);
        RC_ASSERT(Matrix<kb::rational>(Q.transpose() * Q) == Matrix<kb::rational>::Identity(n, n));
    });
}

TEST_CASE("decreasing_spectrum is strictly decreasing with the requested gap") {
    kb::test::property<double>([] {
        const int n = *kb::test::size_in(1, 10);
        const auto lambda = *kb::test::decreasing_spectrum(n, 3, 100);
        RC_ASSERT(static_cast<int>(lambda.size()) == n);
        RC_ASSERT(lambda.front() <= 100);
        RC_ASSERT(lambda.back() >= 3);
        for (int i = 0; i + 1 < n; ++i) RC_ASSERT(lambda[i] - lambda[i + 1] >= 3);
    });
}

TEST_CASE_TEMPLATE("with_spectrum builds a matrix whose eigenvalues are the chosen ones", T, KB_REALS) {
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(1, 8);
        const auto lambda = *kb::test::decreasing_spectrum(n, 1, 40);
        const Matrix<T> Q = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(n), 2);
        const Vector<T> want = kb::test::vector_from<T>(lambda);
        const Matrix<T> A = kb::test::with_spectrum(Q, want);
        const auto eig = kb::symmetric_eigen(A);
        // Weyl: each eigenvalue moves by at most ‖E‖₂ under a perturbation E; E here is
        // the rounding of Q and of the product, bounded by a factorisation-size error.
        KB_RC_WITHIN(T((eig.values - want).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(n, want(0)),
                     "eigenvalues of Q diag(λ) Qᵀ");
    });
}

TEST_CASE_TEMPLATE("the one-pass bound separates rounding from a wrong formula", T, KB_REALS) {
    // The sum 1/1 + 1/2 + … + 1/n in two orders differs only by rounding; adding a term
    // 1/(n+1) too many (an off-by-one in a formula) exceeds the bound by orders of magnitude.
    const int n = 50;
    T forward(0), backward(0);
    for (int k = 1; k <= n; ++k) forward += T(1) / T(k);
    for (int k = n; k >= 1; --k) backward += T(1) / T(k);
    using std::abs;
    const auto bound = kb::test::one_pass<T>(n, forward);
    KB_CHECK_WITHIN(T(abs(forward - backward)), bound, "harmonic sum in two orders");
    const T off_by_one = backward + T(1) / T(n + 1);
    KB_CHECK_EXCEEDS(T(abs(forward - off_by_one)), bound, "off-by-one sum");
}

TEST_CASE("a failed comparison reports error, bound, ratio, n and the scalar type") {
    const auto v = kb::test::within(1e-10, kb::test::one_pass<double>(7, 1.0).with_condition(1e3), "demo");
    CHECK_FALSE(v.ok);
    CHECK(v.message.find("|error| 1e-10") != std::string::npos);
    CHECK(v.message.find("ratio") != std::string::npos);
    CHECK(v.message.find("n = 7") != std::string::npos);
    CHECK(v.message.find("κ = 1e+03") != std::string::npos);
    CHECK(v.message.find("double") != std::string::npos);
}

TEST_CASE_TEMPLATE("the comparison is two-sided and NaN-proof: every failure mode, for a law and a companion",
                   T, KB_REALS) {
    using kb::test::exceeds;
    using kb::test::within;
    const auto bound = kb::test::one_pass<T>(4, T(1));
    const T tiny = bound.value / 2, big = bound.value * 2;
    // The ordinary outcomes.
    CHECK(within(tiny, bound, "law").ok);
    CHECK_FALSE(within(big, bound, "law").ok);
    CHECK(exceeds(big, bound, "companion").ok);
    CHECK_FALSE(exceeds(tiny, bound, "companion").ok);
    // Magnitudes: a negative signed error is as large as its absolute value.
    CHECK_FALSE(within(T(-big), bound, "negative error").ok);
    CHECK(within(T(-tiny), bound, "small negative error").ok);
    CHECK(exceeds(T(-big), bound, "negative companion error").ok);
    // Not finite: NaN or ±∞ as the error or the bound fails both kinds of check.
    const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
    for (const T& bad : {nan, inf, T(-inf)}) {
        CHECK_FALSE(within(bad, bound, "error not finite").ok);
        CHECK_FALSE(exceeds(bad, bound, "error not finite").ok);
        auto bad_bound = bound;
        bad_bound.value = bad;
        CHECK_FALSE(within(tiny, bad_bound, "bound not finite").ok);
        CHECK_FALSE(exceeds(big, bad_bound, "bound not finite").ok);
        CHECK(within(bad, bound, "x").message.find("not finite") != std::string::npos);
    }
    // A negative bound is no bound: both kinds fail, and the message says why.
    auto negative = bound;
    negative.value = -bound.value;
    CHECK_FALSE(within(T(0), negative, "negative bound").ok);
    CHECK_FALSE(exceeds(big, negative, "negative bound").ok);
    CHECK(within(T(0), negative, "x").message.find("negative") != std::string::npos);
    // The exact bound 0: only an exact zero is within it, any non-zero error exceeds it.
    CHECK(within(T(0), kb::test::exact<T>(), "exact").ok);
    CHECK(exceeds(tiny, kb::test::exact<T>(), "exact").ok);
    CHECK_FALSE(within(tiny, kb::test::exact<T>(), "exact").ok);
}

TEST_CASE("the comparison in exact rationals: zero is within the exact bound, anything else exceeds it") {
    using kb::rational;
    CHECK(kb::test::within(rational(0), kb::test::exact<rational>(), "exact").ok);
    CHECK(kb::test::exceeds(rational(-1, 3), kb::test::exact<rational>(), "exact").ok);
    CHECK_FALSE(kb::test::within(rational(1, 1000000), kb::test::exact<rational>(), "exact").ok);
}
