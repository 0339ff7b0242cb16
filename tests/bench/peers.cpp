/// \file peers.cpp
/// \brief `kb-bench-peers`: the kernelbook side of the peers benchmark (tests/bench/peers.py
///        runs it and the peers on the same data and prints the ratios).
///
/// Each subcommand reads its points from raw little-endian float64 files written by
/// peers.py (row-major, the shape given on the command line), runs the measured call
/// `--reps` times and prints one line of `key=value` pairs: the median wall time of the
/// measured call (`seconds`), the peak resident memory the process reached above what it
/// held before the first call (`extra_mib`), and what the call computed (eigenvalues,
/// check results), so that peers.py can compare the results, not only the times.
///
///   kb-bench-peers kpca      X.f64 N Q P GAMMA REPS SOLVER       (SOLVER: lanczos|dense|automatic)
///   kb-bench-peers transform X.f64 N Q Z.f64 M P GAMMA REPS
///   kb-bench-peers eigen50   X.f64 N Q P/Q REPS            (γ = P/Q, exact)
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

[[noreturn]] void usage() {
    std::cerr << "usage: kb-bench-peers kpca X.f64 N Q P GAMMA REPS SOLVER\n"
                 "       kb-bench-peers transform X.f64 N Q Z.f64 M P GAMMA REPS\n"
                 "       kb-bench-peers eigen50 X.f64 N Q P/Q REPS\n";
    std::exit(2);
}

kb::Matrix<double> read_points(const std::string& path, Eigen::Index rows, Eigen::Index cols) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw kb::error("kb-bench-peers: cannot open " + path);
    std::vector<double> buf(static_cast<std::size_t>(rows * cols));
    in.read(reinterpret_cast<char*>(buf.data()), static_cast<std::streamsize>(buf.size() * sizeof(double)));
    if (in.gcount() != static_cast<std::streamsize>(buf.size() * sizeof(double)))
        throw kb::error("kb-bench-peers: " + path + " holds fewer than " + std::to_string(rows * cols) + " values");
    return Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(buf.data(), rows, cols);
}

double rss_mib(int who) {
    rusage u{};
    getrusage(who, &u);
    return double(u.ru_maxrss) / 1024.0; // Linux: KiB
}
double current_rss_mib() {
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = 0;
    statm >> size >> resident;
    return double(resident) * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// Median wall time of `reps` calls of f.
double median_seconds(int reps, const std::function<void()>& f) {
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        f();
        t.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

// The entries of v, comma-separated: all digits of a double, or 50 digits of a real50.
template <class V>
std::string joined(const V& v) {
    std::string s;
    for (Eigen::Index i = 0; i < v.size(); ++i) {
        if constexpr (std::is_same_v<typename V::Scalar, kb::real50>)
            s += (i ? "," : "") + v(i).str(50, std::ios_base::scientific);
        else
            s += (i ? "," : "") + fmt::format("{:.17g}", double(v(i)));
    }
    return s;
}

kb::KpcaSolver solver_named(const std::string& name) {
    if (name == "lanczos") return kb::KpcaSolver::lanczos;
    if (name == "dense") return kb::KpcaSolver::dense;
    if (name == "automatic") return kb::KpcaSolver::automatic;
    usage();
}

int kpca(char** a) {
    const Eigen::Index N = std::atol(a[1]), Q = std::atol(a[2]), P = std::atol(a[3]);
    const double gamma = std::atof(a[4]);
    const int reps = std::atoi(a[5]);
    const kb::KpcaSolver solver = solver_named(a[6]);
    const kb::Matrix<double> X = read_points(a[0], N, Q);
    const double before = current_rss_mib();
    kb::Vector<double> mu;
    double score_check = 0;
    const double seconds = median_seconds(reps, [&] {
        kb::KernelPca<double> model(kb::GaussianKernel<double>(gamma), X, {.components = P, .solver = solver});
        mu = model.eigenvalues();
        score_check = model.scores().norm();
    });
    std::cout << fmt::format("seconds={:.6g} extra_mib={:.1f} matrix_mib={:.1f} mu={} scores_norm={:.17g}\n", seconds,
                             rss_mib(RUSAGE_SELF) - before, double(N) * double(N) * 8 / (1024.0 * 1024.0), joined(mu),
                             score_check);
    return 0;
}

int transform(char** a) {
    const Eigen::Index N = std::atol(a[1]), Q = std::atol(a[2]), M = std::atol(a[4]), P = std::atol(a[5]);
    const double gamma = std::atof(a[6]);
    const int reps = std::atoi(a[7]);
    const kb::Matrix<double> X = read_points(a[0], N, Q), Z = read_points(a[3], M, Q);
    const kb::KernelPca<double> model(kb::GaussianKernel<double>(gamma), X, {.components = P});
    kb::Matrix<double> Y;
    const double seconds = median_seconds(reps, [&] { Y = model.transform(Z); });
    // Column norms: sign-free, comparable with the peer's.
    std::cout << fmt::format("seconds={:.6g} column_norms={}\n", seconds, joined(Y.colwise().norm()));
    return 0;
}

int eigen50(char** a) {
    using kb::real50;
    const Eigen::Index N = std::atol(a[1]), Q = std::atol(a[2]);
    // γ as a fraction "p/q", exact in 50 digits as mpmath's is (a double 0.1 is not 1/10).
    const std::string g = a[3];
    const auto slash = g.find('/');
    if (slash == std::string::npos) usage();
    const real50 gamma = kb::ratio<real50>(std::atol(g.substr(0, slash).c_str()), std::atol(g.substr(slash + 1).c_str()));
    const int reps = std::atoi(a[4]);
    const kb::Matrix<real50> X = read_points(a[0], N, Q).cast<real50>();
    const kb::Matrix<real50> K = kb::gram(kb::GaussianKernel<real50>(gamma), X);
    kb::SymmetricEigen<real50> eig;
    const double seconds = median_seconds(reps, [&] { eig = kb::symmetric_eigen(K); });
    // The checks the tests make of a decomposition: residual and orthogonality against c₂·N·ε.
    const real50 normK = eig.values.cwiseAbs().maxCoeff();
    const real50 residual = (K * eig.vectors - eig.vectors * eig.values.asDiagonal()).norm();
    const real50 orthogonality =
        (eig.vectors.transpose() * eig.vectors - kb::Matrix<real50>::Identity(N, N)).norm();
    std::cout << fmt::format("seconds={:.6g} residual_ratio={:.3g} orthogonality_ratio={:.3g} lambda={}\n", seconds,
                             double(residual / kb::numerics::factorisation_error<real50>(N, normK)),
                             double(orthogonality / kb::numerics::factorisation_error<real50>(N, real50(1))),
                             joined(eig.values));
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) usage();
    const std::string what = argv[1];
    try {
        if (what == "kpca" && argc == 9) return kpca(argv + 2);
        if (what == "transform" && argc == 10) return transform(argv + 2);
        if (what == "eigen50" && argc == 7) return eigen50(argv + 2);
    } catch (const std::exception& e) {
        std::cerr << e.what() << '\n';
        return 1;
    }
    usage();
}
