/// \file more_kernels.cpp
/// \brief The kernels for directions and histograms and the sigmoid (more_kernels.hpp), each
///        with its PSD status: the cosine, histogram-intersection and additive χ² Gram matrices
///        are PSD (in floating point to rounding, exactly in rationals, by interval Cholesky),
///        each law next to a companion that fails on a broken input; the sigmoid is refuted
///        with a witness; and the refusals of points outside a kernel's domain.
#include "test_support.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include "chapter_support.hpp"

#include <cmath>
#include <limits>
#include <string>

using kb::test::negative_part;
using kb::test::ch04::cube_points;
using kb::test::ch04::min_eigenvalue;

namespace {

// The formulas without their domain checks, for the companions: on signed data
// Σᵢ min(xᵢ, yᵢ) and Σᵢ 2xᵢyᵢ/(xᵢ + yᵢ) are no longer kernels.
template <class T>
struct UncheckedIntersection {
    using Scalar = T;
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        T s(0);
        for (Eigen::Index i = 0; i < x.size(); ++i) s += x(i) < y(i) ? T(x(i)) : T(y(i));
        return s;
    }
};
template <class T>
struct UncheckedChiSquared {
    using Scalar = T;
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        T s(0);
        for (Eigen::Index i = 0; i < x.size(); ++i)
            if (x(i) + y(i) != 0) s += T(2) * x(i) * y(i) / T(x(i) + y(i));
        return s;
    }
};
// The cosine distance 1 − cos(x, y), used as a similarity: zero diagonal, so indefinite.
template <class T>
struct CosineDistance {
    using Scalar = T;
    template <class A, class B>
    T operator()(const Eigen::MatrixBase<A>& x, const Eigen::MatrixBase<B>& y) const {
        return T(1) - kb::CosineKernel<T>{}(x, y);
    }
};

// N random points of [−1, 1]^q (coordinates k/10) with no zero row: a zero row gets a 1 first.
template <class T>
Matrix<T> nonzero_cube_points(int N, int q) {
    Matrix<T> X = cube_points<T>(N, q);
    for (Eigen::Index i = 0; i < N; ++i)
        if (X.row(i).cwiseAbs().maxCoeff() == 0) X(i, 0) = T(1);
    return X;
}

// The bound on the negative part of λ_min of a computed Gram matrix K̂ of a PSD kernel whose
// values are at most B and computed to within η = c₁·n·ε·B each: λ_min(K̂) ≥ −‖K̂ − K‖₂ ≥ −N·η
// (Weyl), and the eigensolver adds c₂·N·ε·‖K̂‖ (as in laws.cpp's tree_psd_bound).
template <class T>
kb::test::Bound<T> weyl_psd_bound(const Matrix<T>& K, long n, const T& B) {
    const long N = K.rows();
    return kb::test::plus(kb::test::factorisation<T>(N, K.norm()), kb::test::one_pass<T>(N * n, B));
}

Matrix<rational> rational_column(std::initializer_list<long> values, long den = 1) {
    IntMatrix M(static_cast<Eigen::Index>(values.size()), 1);
    Eigen::Index i = 0;
    for (long v : values) M(i++, 0) = v;
    return kb::from_integers<rational>(M, den);
}

// Refuted with a witness that really refutes: cᵀKc < 0, recomputed here.
void refuted_with_witness(const Matrix<rational>& K) {
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(kb::quadratic_form(K, cert.witness) < 0);
    CHECK(kb::quadratic_form(K, cert.witness) == cert.witness_value);
}

} // namespace

// ---------------------------------------------------------------------------------------
// The PSD kernels in floating point, and their companion
// ---------------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("the cosine - histogram-intersection and additive chi-squared Gram matrices are PSD in floating "
                   "point [zhu:def4] [beeny:thm3.8.1] [beeny:thm3.8.4]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 10), q = *kb::test::size_in(1, 4);
        const Matrix<T> X = nonzero_cube_points<T>(N, q);
        const Matrix<T> U = X.cwiseAbs(); // non-negative data, coordinates ≤ 1
        // Values: |cos| ≤ 1, computed in ≤ 2q + 6 roundings; the other two ≤ q (each term
        // ≤ max(xᵢ, yᵢ) ≤ 1), each term in ≤ 4 roundings and the sum in q.
        const Matrix<T> Kc = kb::gram(kb::CosineKernel<T>{}, X);
        KB_RC_WITHIN(negative_part(min_eigenvalue(Kc)), weyl_psd_bound<T>(Kc, 2 * q + 6, T(1)), "negative part of λ_min (cosine)");
        const Matrix<T> Kh = kb::gram(kb::HistogramIntersectionKernel<T>{}, U);
        KB_RC_WITHIN(negative_part(min_eigenvalue(Kh)), weyl_psd_bound<T>(Kh, q, T(q)), "negative part of λ_min (intersection)");
        const Matrix<T> Kx = kb::gram(kb::AdditiveChiSquaredKernel<T>{}, U);
        KB_RC_WITHIN(negative_part(min_eigenvalue(Kx)), weyl_psd_bound<T>(Kx, 5 * q, T(q)), "negative part of λ_min (χ²)");
    });
}

TEST_CASE_TEMPLATE("companion: the same PSD check fails for the cosine distance 1 - cos and for the intersection and "
                   "chi-squared formulas on signed data [zhu:def4]",
                   T, KB_REALS) {
    // 1 − cos on (1, 0), (0, 1), (1, 1): zero diagonal and positive off-diagonal entries.
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(3, 2) << 1, 0, 0, 1, 1, 1).finished());
    const Matrix<T> Kd = kb::gram(CosineDistance<T>{}, X);
    KB_CHECK_EXCEEDS(negative_part(min_eigenvalue(Kd)), weyl_psd_bound<T>(Kd, 8, T(2)), "λ_min (1 − cos)");
    // The points −1 and 2: [[−1, −1], [−1, 2]] and [[−1, −4], [−4, 2]].
    const Matrix<T> S = kb::from_integers<T>((IntMatrix(2, 1) << -1, 2).finished());
    const Matrix<T> Kh = kb::gram(UncheckedIntersection<T>{}, S), Kx = kb::gram(UncheckedChiSquared<T>{}, S);
    KB_CHECK_EXCEEDS(negative_part(min_eigenvalue(Kh)), weyl_psd_bound<T>(Kh, 1, T(2)), "λ_min (signed intersection)");
    KB_CHECK_EXCEEDS(negative_part(min_eigenvalue(Kx)), weyl_psd_bound<T>(Kx, 5, T(4)), "λ_min (signed χ²)");
}

TEST_CASE_TEMPLATE("the cosine kernel is the normalised linear kernel: x^T y/(|x| |y|) = k1(x y)/sqrt(k1(x x) k1(y y)) "
                   "to rounding - with values in [-1 1] [beeny:thm3.8.2] [beeny:thm3.8.5]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 4);
        const Matrix<T> X = nonzero_cube_points<T>(N, q);
        const Matrix<T> K = kb::gram(kb::CosineKernel<T>{}, X);
        const Matrix<T> R = kb::gram(kb::normalised(kb::LinearKernel<T>{}), X);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(K - R)), kb::test::one_pass<T>(4 * q + 12, T(1)), "cosine − normalised linear");
        KB_RC_WITHIN(T(kb::test::positive_part(T(kb::max_abs(K) - T(1)))), kb::test::one_pass<T>(2 * q + 6, T(1)),
                     "max |cos| − 1");
    });
    // Scaling a point changes nothing, also where ‖x‖² would overflow or underflow in double:
    // cos((3, 4)s, (4, 3)t) = 24/25 for s = 2⁶⁰⁰ and t = 2⁻⁶⁰⁰.
    using std::ldexp;
    RowVector<T> x(2), y(2);
    x << ldexp(T(3), 600), ldexp(T(4), 600);
    y << ldexp(T(4), -600), ldexp(T(3), -600);
    using std::abs;
    KB_CHECK_WITHIN(T(abs(kb::CosineKernel<T>{}(x, y) - T(24) / T(25))), kb::test::one_pass<T>(10, T(1)),
                    "cos of scaled points − 24/25");
}

// ---------------------------------------------------------------------------------------
// Exactly: proven PSD, refuted companions, the sigmoid's witness
// ---------------------------------------------------------------------------------------

TEST_CASE("histogram intersection and additive chi-squared on non-negative rational points: the Gram matrices equal "
          "their formulas and are proven PSD exactly [beeny:def3.6] [beeny:thm3.8.1] [beeny:thm3.8.4]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 8), q = *kb::test::size_in(1, 3);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::int_matrix(N, q, 0, 30), 7);
        const Matrix<rational> Kh = kb::gram(kb::HistogramIntersectionKernel<rational>{}, X);
        const Matrix<rational> Kx = kb::gram(kb::AdditiveChiSquaredKernel<rational>{}, X);
        // The proof's route for the intersection: a sum over coordinates of min kernels of one coordinate.
        Matrix<rational> Sum = Matrix<rational>::Zero(N, N);
        for (int i = 0; i < q; ++i) Sum += kb::gram(kb::MinKernel<rational>{}, Matrix<rational>(X.col(i)));
        RC_ASSERT(Kh == Sum);
        // χ² from its formula, written here: 2st/(s + t), and 0 for s = t = 0.
        for (int a = 0; a < N; ++a)
            for (int b = 0; b < N; ++b) {
                rational s(0);
                for (int i = 0; i < q; ++i)
                    if (X(a, i) + X(b, i) != 0) s += 2 * X(a, i) * X(b, i) / (X(a, i) + X(b, i));
                RC_ASSERT(Kx(a, b) == s);
                // The harmonic mean lies between the min and the max: χ² ≥ intersection, equal on the diagonal.
                RC_ASSERT(Kx(a, b) >= Kh(a, b));
            }
        RC_ASSERT(Kx.diagonal() == Kh.diagonal());
        RC_ASSERT(Kh.diagonal() == Vector<rational>(X.rowwise().sum()));
        RC_ASSERT(kb::certify_psd(Kh).proven());
        RC_ASSERT(kb::certify_psd(Kx).proven());
    });
}

TEST_CASE("companion: on signed data the intersection and chi-squared formulas are refuted exactly - and the kernels "
          "refuse a negative coordinate [beeny:def3.6]") {
    const Matrix<rational> S = rational_column({-1, 2});
    refuted_with_witness(kb::gram(UncheckedIntersection<rational>{}, S));
    refuted_with_witness(kb::gram(UncheckedChiSquared<rational>{}, S));
    // One point with a negative coordinate suffices: k(x, x) = Σᵢ xᵢ < 0.
    refuted_with_witness(kb::gram(UncheckedIntersection<rational>{}, rational_column({-3}, 2)));
    CHECK_THROWS_WITH_AS(kb::gram(kb::HistogramIntersectionKernel<rational>{}, S),
                         doctest::Contains("Σᵢ min(xᵢ, yᵢ) is a kernel only on non-negative data"), kb::error);
    CHECK_THROWS_WITH_AS(kb::gram(kb::AdditiveChiSquaredKernel<rational>{}, S),
                         doctest::Contains("Σᵢ 2xᵢyᵢ/(xᵢ + yᵢ) is a kernel only on non-negative data"), kb::error);
}

TEST_CASE("cosine Gram matrices of linearly independent rational points are proven positive definite by interval "
          "Cholesky - and three points of the plane (rank 2) stay undecided [beeny:thm3.8.4] [beeny:def3.6]") {
    kb::test::property<rational>([] {
        // N ≤ 4 points, row i with a non-zero i-th and zero later coordinates: independent.
        const int N = *kb::test::size_in(1, 4);
        IntMatrix P = *kb::test::int_matrix(N, N, -5, 5);
        for (int i = 0; i < N; ++i) {
            P(i, i) = *kb::test::int_in(1, 5);
            for (int j = i + 1; j < N; ++j) P(i, j) = 0;
        }
        const Matrix<kb::interval> K = kb::gram(kb::CosineKernel<kb::interval>{}, kb::to_interval(kb::from_integers<rational>(P, 3)));
        const kb::PsdCertificate cert = kb::certify_psd(K);
        if (!cert.proven()) RC_FAIL(cert.reason);
        RC_ASSERT(cert.definite);
    }, 30);
    // Three points of the plane: K has rank 2, so a pivot's interval contains 0 and the interval
    // certificate cannot prove it (nor refute it: it is PSD) — it says undecided.
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(3, 2) << 1, 0, 0, 1, 1, 1).finished());
    CHECK(kb::certify_psd(kb::gram(kb::CosineKernel<kb::interval>{}, kb::to_interval(X))).undecided());
}

TEST_CASE("the sigmoid kernel tanh(a x^T y + c) is not PSD: on the points 1 and 2 with a = 1 and c = 0 the interval "
          "certificate refutes it and (1 -1) gives tanh 1 + tanh 4 - 2 tanh 2 < 0 [zhu:def4] [beeny:def3.6]") {
    using I = kb::interval;
    const kb::SigmoidKernel<I> k(I(1), I(0));
    const Matrix<I> K = kb::gram(k, kb::to_interval(rational_column({1, 2})));
    const kb::PsdCertificate cert = kb::certify_psd(K);
    REQUIRE(cert.refuted());
    CHECK(kb::certainly_negative(kb::quadratic_form(K, cert.witness)));
    CHECK(cert.witness_value < 0);
    // The witness of the documentation, c = (1, −1), with its value from the formula.
    const Vector<rational> c = (Vector<rational>(2) << 1, -1).finished();
    const I form = kb::quadratic_form(K, c);
    CHECK(kb::certainly_negative(form));
    using std::tanh;
    const I formula = tanh(I(1)) + tanh(I(4)) - I(2) * tanh(I(2));
    // Both enclose the same number: each one's lower end is below the other's upper end.
    CHECK(kb::lower_bound(form) <= kb::upper_bound(formula));
    CHECK(kb::lower_bound(formula) <= kb::upper_bound(form));
    // With c < 0 one point is enough: k(0, 0) = tanh(c) < 0.
    const Matrix<I> K0 = kb::gram(kb::SigmoidKernel<I>(I(1), I(-1)), kb::to_interval(rational_column({0})));
    CHECK(kb::certify_psd(K0).refuted());
    // And in floating point the same Gram matrix has λ_min ≈ −0.18, far below the rounding bound.
    const Matrix<double> Kd = kb::gram(kb::SigmoidKernel<double>(1.0, 0.0), kb::from_integers<double>(
                                                                               (IntMatrix(2, 1) << 1, 2).finished()));
    KB_CHECK_EXCEEDS(negative_part(min_eigenvalue(Kd)), weyl_psd_bound<double>(Kd, 4, 1.0), "λ_min (sigmoid)");
}

// ---------------------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------------------

TEST_CASE("bad input is refused with kb::error: a zero point for the cosine - a negative coordinate for intersection "
          "and chi-squared - a non-finite sigmoid parameter") {
    Matrix<double> X = Matrix<double>::Ones(3, 2);
    X.row(1).setZero();
    CHECK_THROWS_WITH_AS(kb::gram(kb::CosineKernel<double>{}, X),
                         doctest::Contains("CosineKernel: the point y is the zero vector, which has no direction"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::gram(kb::CosineKernel<kb::interval>{}, kb::to_interval(Matrix<rational>(X.cast<rational>()))),
                         doctest::Contains("is the zero vector"), kb::error);
    X(1, 1) = -0.5;
    CHECK_THROWS_WITH_AS(kb::gram(kb::HistogramIntersectionKernel<double>{}, X),
                         doctest::Contains("HistogramIntersectionKernel: coordinates must be ≥ 0, but got"), kb::error);
    CHECK_THROWS_WITH_AS(kb::gram(kb::AdditiveChiSquaredKernel<double>{}, X),
                         doctest::Contains("AdditiveChiSquaredKernel: coordinates must be ≥ 0, but got"), kb::error);
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    CHECK_THROWS_WITH_AS(kb::SigmoidKernel<double>(nan, 0.0), doctest::Contains("slope a = nan"), kb::error);
    CHECK_THROWS_WITH_AS(kb::SigmoidKernel<double>(1.0, inf), doctest::Contains("offset c = inf must be finite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::CosineKernel<double>{}(RowVector<double>::Ones(2), RowVector<double>::Ones(3)),
                         doctest::Contains("dimensions 2 and 3"), kb::error);
    // Zeros are in the domain of the χ² kernel: the term of 0 and 0 is 0, and of 0 and t > 0 too.
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(2, 2) << 0, 0, 0, 3).finished());
    const Matrix<rational> K = kb::gram(kb::AdditiveChiSquaredKernel<rational>{}, Z);
    CHECK(K == (Matrix<rational>(2, 2) << 0, 0, 0, 3).finished());
}
