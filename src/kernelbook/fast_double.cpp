/// \file fast_double.cpp
/// \brief The two inner loops of the fast route in `double` (kernel PCA's Lanczos route and
///        the blocked Gaussian Gram matrix), declared in detail/fast_double.hpp: the
///        exponential of many non-positive numbers, and the product of a symmetric matrix
///        with a vector from its lower triangle (half the memory of a general product). Each is
///        written once as plain loops and compiled twice — for the baseline instruction set
///        and, on x86-64, for AVX2 with FMA — and the second is used when the processor has it.
/// \see \ref ch07-routes "Chapter 7, §7.9" and \ref ch07-checks-routes "its engineering notes"
#include "kernelbook/detail/fast_double.hpp"

#include <bit>
#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace kb::detail {
namespace {

// exp(x) for x ≤ 0, within 8ε·eˣ (the bound derived in chapter 4's test, which checks it
// against 50-digit values): x = k·ln 2 + r with |r| ≤ ln 2/2 (k·ln 2 in two parts, Cody and
// Waite's, so that r is exact), exp(r) by its Taylor polynomial to r¹³/13! (truncation below
// 4·10⁻¹⁸), and 2^k applied as two powers of two, so that a subnormal result is rounded once.
// Below −746 the result is 0; a NaN stays NaN.
[[gnu::always_inline]] inline double exp_nonpositive(double x) {
    x = x < -746.0 ? -746.0 : x; // a NaN is kept: the comparison is false
    constexpr double log2e = 1.4426950408889634074;
    constexpr double ln2_hi = 6.93147180369123816490e-01; // 33 significant bits: k·ln2_hi is exact
    constexpr double ln2_lo = 1.90821492927058770002e-10;
    constexpr double shifter = 0x1.8p52; // y + shifter rounds y to an integer, kept in the low bits
    const double t = x * log2e + shifter;
    const double kd = t - shifter;
    const double r = (x - kd * ln2_hi) - kd * ln2_lo;
    constexpr double inverse_factorial[] = {1.0 / 6227020800.0, 1.0 / 479001600.0, 1.0 / 39916800.0,
                                            1.0 / 3628800.0,    1.0 / 362880.0,    1.0 / 40320.0,
                                            1.0 / 5040.0,       1.0 / 720.0,       1.0 / 120.0,
                                            1.0 / 24.0,         1.0 / 6.0,         0.5,
                                            1.0,                1.0}; // 1/13!, 1/12!, …, 1/0!
    double p = inverse_factorial[0];
    for (int i = 1; i < 14; ++i) p = p * r + inverse_factorial[i];
    // 2^k = 2^k₁·2^k₂ with k₁ = ⌊k/2⌋, built in the exponent field (k + 2048 > 0 for x ≥ −746).
    const std::uint64_t u = std::bit_cast<std::uint64_t>(t) - std::bit_cast<std::uint64_t>(shifter) + 2048;
    const std::uint64_t u1 = u >> 1, u2 = u - u1; // k₁ + 1024, k₂ + 1024
    return p * std::bit_cast<double>((u1 - 1) << 52) * std::bit_cast<double>((u2 - 1) << 52);
}

[[gnu::always_inline]] inline void exp_loop(double* v, Eigen::Index n) {
    for (Eigen::Index i = 0; i < n; ++i) v[i] = exp_nonpositive(v[i]);
}

void exp_baseline(double* v, Eigen::Index n) { exp_loop(v, n); }

// y = A x from the lower triangle of the column-major symmetric A (n×n, leading dimension n),
// four columns at a time: their 4×4 diagonal block, then the rows below it, where column c
// gives y_i += A_ic·x_c to row i and, by symmetry, y_c += A_ic·x_i. V is the vector type
// (width W), with load, store, broadcast, multiply-add and horizontal sum.
template <class V>
[[gnu::always_inline]] inline void lower_product(const double* a, Eigen::Index n, const double* x, double* y) {
    constexpr Eigen::Index W = V::width;
    for (Eigen::Index i = 0; i < n; ++i) y[i] = 0;
    const auto lower = [&](Eigen::Index r, Eigen::Index c) { return r >= c ? a[c * n + r] : a[r * n + c]; };
    Eigen::Index j = 0;
    for (; j + 4 <= n; j += 4) {
        const double* c0 = a + j * n;
        const double* c1 = c0 + n;
        const double* c2 = c1 + n;
        const double* c3 = c2 + n;
        for (Eigen::Index r = j; r < j + 4; ++r)
            for (Eigen::Index c = j; c < j + 4; ++c) y[r] += lower(r, c) * x[c];
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        const auto row = [&](Eigen::Index i) {
            y[i] += (c0[i] * x[j] + c1[i] * x[j + 1]) + (c2[i] * x[j + 2] + c3[i] * x[j + 3]);
            s0 += c0[i] * x[i];
            s1 += c1[i] * x[i];
            s2 += c2[i] * x[i];
            s3 += c3[i] * x[i];
        };
        Eigen::Index i = j + 4;
        for (; i < n && i % W != 0; ++i) row(i);
        const V x0 = V::broadcast(x[j]), x1 = V::broadcast(x[j + 1]), x2 = V::broadcast(x[j + 2]),
                x3 = V::broadcast(x[j + 3]);
        V t0 = V::zero(), t1 = t0, t2 = t0, t3 = t0;
        for (; i + W <= n; i += W) {
            const V k0 = V::load(c0 + i), k1 = V::load(c1 + i), k2 = V::load(c2 + i), k3 = V::load(c3 + i);
            const V xi = V::load(x + i);
            V::store(y + i, V::load(y + i) + ((k0 * x0 + k1 * x1) + (k2 * x2 + k3 * x3)));
            t0 = V::fma(k0, xi, t0);
            t1 = V::fma(k1, xi, t1);
            t2 = V::fma(k2, xi, t2);
            t3 = V::fma(k3, xi, t3);
        }
        for (; i < n; ++i) row(i);
        y[j] += s0 + t0.sum();
        y[j + 1] += s1 + t1.sum();
        y[j + 2] += s2 + t2.sum();
        y[j + 3] += s3 + t3.sum();
    }
    for (; j < n; ++j) { // the last n mod 4 columns, one at a time
        y[j] += a[j * n + j] * x[j];
        for (Eigen::Index i = j + 1; i < n; ++i) {
            y[i] += a[j * n + i] * x[j];
            y[j] += a[j * n + i] * x[i];
        }
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define KB_FAST_DOUBLE_AVX2 1
// Two doubles in SSE2 (every x86-64 has it).
struct Sse2 {
    static constexpr Eigen::Index width = 2;
    __m128d v;
    static Sse2 broadcast(double d) { return {_mm_set1_pd(d)}; }
    static Sse2 zero() { return {_mm_setzero_pd()}; }
    static Sse2 load(const double* p) { return {_mm_loadu_pd(p)}; }
    static void store(double* p, Sse2 a) { _mm_storeu_pd(p, a.v); }
    static Sse2 fma(Sse2 a, Sse2 b, Sse2 c) { return {_mm_add_pd(_mm_mul_pd(a.v, b.v), c.v)}; }
    friend Sse2 operator+(Sse2 a, Sse2 b) { return {_mm_add_pd(a.v, b.v)}; }
    friend Sse2 operator*(Sse2 a, Sse2 b) { return {_mm_mul_pd(a.v, b.v)}; }
    double sum() const {
        alignas(16) double b[2];
        _mm_store_pd(b, v);
        return b[0] + b[1];
    }
};
// Four doubles in AVX2, with fused multiply-add.
struct Avx2 {
    static constexpr Eigen::Index width = 4;
    __m256d v;
    [[gnu::target("avx2,fma")]] static Avx2 broadcast(double d) { return {_mm256_set1_pd(d)}; }
    [[gnu::target("avx2,fma")]] static Avx2 zero() { return {_mm256_setzero_pd()}; }
    [[gnu::target("avx2,fma")]] static Avx2 load(const double* p) { return {_mm256_loadu_pd(p)}; }
    [[gnu::target("avx2,fma")]] static void store(double* p, Avx2 a) { _mm256_storeu_pd(p, a.v); }
    [[gnu::target("avx2,fma")]] static Avx2 fma(Avx2 a, Avx2 b, Avx2 c) { return {_mm256_fmadd_pd(a.v, b.v, c.v)}; }
    [[gnu::target("avx2,fma")]] friend Avx2 operator+(Avx2 a, Avx2 b) { return {_mm256_add_pd(a.v, b.v)}; }
    [[gnu::target("avx2,fma")]] friend Avx2 operator*(Avx2 a, Avx2 b) { return {_mm256_mul_pd(a.v, b.v)}; }
    [[gnu::target("avx2,fma")]] double sum() const {
        alignas(32) double b[4];
        _mm256_store_pd(b, v);
        return (b[0] + b[1]) + (b[2] + b[3]);
    }
};
void product_baseline(const double* a, Eigen::Index n, const double* x, double* y) { lower_product<Sse2>(a, n, x, y); }
[[gnu::target("avx2,fma")]] void exp_avx2(double* v, Eigen::Index n) { exp_loop(v, n); }
[[gnu::target("avx2,fma")]] void product_avx2(const double* a, Eigen::Index n, const double* x, double* y) {
    lower_product<Avx2>(a, n, x, y);
}
bool has_avx2() {
    static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return yes;
}
#else
// One double, for processors without the vector types above.
struct Scalar1 {
    static constexpr Eigen::Index width = 1;
    double v;
    static Scalar1 broadcast(double d) { return {d}; }
    static Scalar1 zero() { return {0.0}; }
    static Scalar1 load(const double* p) { return {*p}; }
    static void store(double* p, Scalar1 a) { *p = a.v; }
    static Scalar1 fma(Scalar1 a, Scalar1 b, Scalar1 c) { return {a.v * b.v + c.v}; }
    friend Scalar1 operator+(Scalar1 a, Scalar1 b) { return {a.v + b.v}; }
    friend Scalar1 operator*(Scalar1 a, Scalar1 b) { return {a.v * b.v}; }
    double sum() const { return v; }
};

void product_baseline(const double* a, Eigen::Index n, const double* x, double* y) { lower_product<Scalar1>(a, n, x, y); }
#endif

} // namespace

void exp_nonpositive(double* v, Eigen::Index n) {
#ifdef KB_FAST_DOUBLE_AVX2
    if (has_avx2()) return exp_avx2(v, n);
#endif
    exp_baseline(v, n);
}

Matrix<double> large_matrix(Eigen::Index rows, Eigen::Index cols) {
    Matrix<double> M(rows, cols);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // The whole huge pages inside [data, data + size): the advice is a hint, so its result is
    // not needed (a kernel without transparent huge pages keeps 4 KiB pages).
    constexpr std::uintptr_t huge = std::uintptr_t(1) << 21;
    const auto begin = reinterpret_cast<std::uintptr_t>(M.data());
    const std::uintptr_t end = begin + std::uintptr_t(M.size()) * sizeof(double);
    const std::uintptr_t first = (begin + huge - 1) & ~(huge - 1), last = end & ~(huge - 1);
    if (first < last) (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#endif
    return M;
}

void symmetric_product(const Matrix<double>& A, const double* x, double* y) {
#ifdef KB_FAST_DOUBLE_AVX2
    if (has_avx2()) return product_avx2(A.data(), A.rows(), x, y);
#endif
    product_baseline(A.data(), A.rows(), x, y);
}

} // namespace kb::detail
