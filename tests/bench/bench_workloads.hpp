#pragma once
/// \file bench_workloads.hpp
/// \brief The workloads of the scalar-backend benchmark (tests/bench), templated on the
///        scalar: a symmetric eigen-decomposition of a Gaussian Gram matrix, a matrix
///        product, `exp` on 10⁵ values, one ε-level check of an eigen-decomposition
///        (residual and orthogonality), and the comparison kb::test::within itself.
///
/// Not part of the library or of the test suite: an optional program (`kb-bench-scalars`)
/// that measures the candidates for `kb::real50` / `kb::real100` on the machine at hand.
/// Each benchmark translation unit includes this header and instantiates
/// kb::bench::run_type for a few scalar types.

#include <Eigen/Core>
#include <Eigen/Eigenvalues>

#include <boost/multiprecision/number.hpp>

#include "kernelbook/real.hpp" // Eigen::KbFloatNumTraits
#include "tolerance.hpp" // kb::test::within, the check every property test runs

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define KB_BENCH_HAVE_CALLGRIND 1
#endif
#endif

namespace kb::bench {

/// \brief A complete Eigen::NumTraits for a multiprecision scalar: the library's own
///        (kernelbook/real.hpp), the same for every candidate so that no backend is favoured
///        by its traits.
template <class Real>
using Traits = Eigen::KbFloatNumTraits<Real>;

/// Gives the candidate type `Real` those traits (at namespace scope, one line per type).
#define KB_BENCH_NUMTRAITS(Real) \
    template <>                  \
    struct Eigen::NumTraits<Real> : kb::bench::Traits<Real> {}

/// What to run and how often.
struct Options {
    int reps = 5;                  ///< repetitions per measurement (the median is reported)
    std::string only;              ///< run only the scalar types whose name contains this
    std::string workload;          ///< run only the workloads whose name contains this
    bool callgrind = false;        ///< one repetition, each wrapped in callgrind client requests
    std::vector<int> eigen_sizes{20, 50, 100}; ///< N for the eigen-decomposition and the check
    int product_size = 100;        ///< N for the matrix product
    int exp_count = 100000;        ///< number of exp evaluations
};

/// One line of the result table.
struct Row {
    std::string type;       ///< scalar type
    std::string workload;   ///< workload and size
    double cpu_median;      ///< median thread CPU time, seconds
    double cpu_min;         ///< fastest repetition (CPU), seconds
    double cpu_max;         ///< slowest repetition (CPU), seconds
    double wall_median;     ///< median wall-clock time, seconds
    double check;           ///< a checksum of the result (printed, so nothing is optimised away)
};

inline double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// Runs `op` untimed (warm-up), then `reps` times, and summarises the times. Under
/// `--callgrind` it runs once between client requests and dumps the counts under `label`.
inline Row measure(const std::string& type, const std::string& workload, const Options& opt,
                   const std::function<double()>& op) {
    Row row{type, workload, 0, 0, 0, 0, 0};
    if (opt.callgrind) {
#ifdef KB_BENCH_HAVE_CALLGRIND
        const std::string label = type + " | " + workload;
        op(); // warm-up outside the counted region (first-touch allocations, caches)
        CALLGRIND_ZERO_STATS;
        CALLGRIND_START_INSTRUMENTATION;
        row.check = op();
        CALLGRIND_STOP_INSTRUMENTATION;
        CALLGRIND_DUMP_STATS_AT(label.c_str());
#else
        row.check = op();
#endif
        return row;
    }
    // Warm-up, untimed: at least once and until 50 ms of CPU have passed (at most 20 runs).
    // One run was not enough: the first multiprecision measurement of a process came out
    // ~45 % slower (CPU clock ramp-up, first touches), an artefact of the order.
    const double warm_start = thread_cpu_seconds();
    for (int w = 0; w < 20 && (w == 0 || thread_cpu_seconds() - warm_start < 0.05); ++w) row.check = op();
    std::vector<double> cpu, wall;
    for (int r = 0; r < opt.reps; ++r) {
        const auto w0 = std::chrono::steady_clock::now();
        const double c0 = thread_cpu_seconds();
        row.check = op();
        cpu.push_back(thread_cpu_seconds() - c0);
        wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count());
    }
    row.cpu_median = median(cpu);
    row.cpu_min = *std::min_element(cpu.begin(), cpu.end());
    row.cpu_max = *std::max_element(cpu.begin(), cpu.end());
    row.wall_median = median(wall);
    return row;
}

template <class T>
using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

/// Gaussian Gram matrix K_ij = exp(−‖x_i − x_j‖²) of N distinct points in [0, 1)³ with
/// rational coordinates (the same points in every scalar type).
template <class T>
Mat<T> gaussian_gram(int N) {
    using std::exp;
    Mat<T> X(N, 3);
    for (int i = 0; i < N; ++i) {
        X(i, 0) = T((37 * i + 1) % 101) / T(101);
        X(i, 1) = T((53 * i + 2) % 103) / T(103);
        X(i, 2) = T((71 * i + 3) % 107) / T(107);
    }
    Mat<T> K(N, N);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j <= i; ++j) {
            const T d2 = (X.row(i) - X.row(j)).squaredNorm();
            K(i, j) = exp(T(-d2));
            K(j, i) = K(i, j);
        }
    return K;
}

/// A dense N×N matrix with entries ((a·i + b·j) mod 17 − 8)/9.
template <class T>
Mat<T> filled(int N, int a, int b) {
    Mat<T> A(N, N);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) A(i, j) = T((a * i + b * j) % 17 - 8) / T(9);
    return A;
}

template <class T>
double to_double(const T& x) {
    return static_cast<double>(x);
}

/// All workloads for one scalar type; appends one Row per workload to `rows`.
template <class T>
void run_type(const std::string& name, const Options& opt, std::vector<Row>& rows) {
    if (!opt.only.empty() && name.find(opt.only) == std::string::npos) return;
    auto wanted = [&](const std::string& w) {
        return opt.workload.empty() || w.find(opt.workload) != std::string::npos;
    };
    for (int N : opt.eigen_sizes) {
        const Mat<T> K = gaussian_gram<T>(N);
        const std::string w = "eigen N=" + std::to_string(N);
        if (wanted(w))
            rows.push_back(measure(name, w, opt, [&] {
                Eigen::SelfAdjointEigenSolver<Mat<T>> es(K, Eigen::ComputeEigenvectors);
                return to_double(T(es.eigenvalues()(N - 1)));
            }));
        const std::string wv = "within x1000 N=" + std::to_string(N);
        if (wanted(wv)) {
            // The ε-level comparison itself, as tests call it: build the bound c₂·N·ε·‖K‖,
            // compare, and format the verdict (kb::test::within), 1000 times.
            const T normK = K.norm();
            const T error = normK * std::numeric_limits<T>::epsilon() * T(N) / T(3);
            rows.push_back(measure(name, wv, opt, [&] {
                int ok = 0;
                for (int i = 0; i < 1000; ++i)
                    ok += kb::test::within(error, kb::test::factorisation<T>(N, normK), "residual ‖KV − VΛ‖").ok;
                return double(ok);
            }));
        }
        const std::string wc = "eps-check N=" + std::to_string(N);
        if (wanted(wc)) {
            // One ε-level check of a decomposition, as a property test does it:
            // ‖KV − VΛ‖ ≤ c₂·N·ε·‖K‖ and ‖VᵀV − I‖ ≤ c₂·N·ε.
            Eigen::SelfAdjointEigenSolver<Mat<T>> es(K, Eigen::ComputeEigenvectors);
            const Mat<T> V = es.eigenvectors();
            const Eigen::Matrix<T, Eigen::Dynamic, 1> lambda = es.eigenvalues();
            rows.push_back(measure(name, wc, opt, [&] {
                const T eps = std::numeric_limits<T>::epsilon();
                const T normK = K.norm();
                const T residual = (K * V - V * lambda.asDiagonal()).norm();
                const T orth = (V.transpose() * V - Mat<T>::Identity(N, N)).norm();
                const bool ok = residual <= T(32) * T(N) * eps * normK && orth <= T(32) * T(N) * eps;
                return ok ? 1.0 : 0.0;
            }));
        }
    }
    if (wanted("product N=" + std::to_string(opt.product_size))) {
        const int N = opt.product_size;
        const Mat<T> A = filled<T>(N, 3, 5), B = filled<T>(N, 7, 2);
        rows.push_back(measure(name, "product N=" + std::to_string(N), opt, [&] {
            const Mat<T> C = A * B;
            return to_double(T(C.sum()));
        }));
    }
    const std::string we = "exp x" + std::to_string(opt.exp_count);
    if (wanted(we)) {
        std::vector<T> x(opt.exp_count);
        for (int k = 0; k < opt.exp_count; ++k) x[k] = T(-(k % 1000)) / T(97) + T(k) / T(opt.exp_count);
        rows.push_back(measure(name, we, opt, [&] {
            using std::exp;
            T s(0);
            for (const T& v : x) s += exp(v);
            return to_double(s);
        }));
    }
}

/// The benchmark translation units (one per backend family), each running its types.
void run_double(const Options& opt, std::vector<Row>& rows);
void run_mpfr_stack(const Options& opt, std::vector<Row>& rows);
void run_mpfr_dynamic(const Options& opt, std::vector<Row>& rows);
void run_cpp_bin_float(const Options& opt, std::vector<Row>& rows);

} // namespace kb::bench
