/// \file scalar_backends.cpp
/// \brief `kb-bench-scalars`: measures the candidate backends for `kb::real50` and
///        `kb::real100` on this machine (issue 2: "measure the candidates and choose").
///
/// Candidates, at 50 and 100 decimal digits:
///  - MPFR, stack allocation, expression templates off — the library's kb::real50/real100;
///  - MPFR, stack allocation, expression templates on;
///  - MPFR, dynamic allocation, expression templates off and on (on = Boost's mpfr_float_50);
///  - Boost's header-only cpp_bin_float, expression templates off;
/// and `double` as the reference. Workloads: a symmetric eigen-decomposition
/// (`Eigen::SelfAdjointEigenSolver`, eigenvectors included) of a Gaussian Gram matrix for
/// N = 20, 50, 100; one ε-level check of that decomposition (residual and orthogonality
/// against c₂·N·ε, as a property test does it); a product of two 100×100 matrices; and
/// `exp` on 10⁵ values; and the comparison `kb::test::within(error, factorisation(N, ‖K‖), …)`
/// itself, 1000 times (what one ε-level check costs a test, beyond computing the error).
///
/// Each measurement is warmed up (untimed, at least once and for 50 ms), then run `--reps` times; the table shows the median
/// thread CPU time with the fastest and slowest repetition (CPU time is less sensitive to
/// other processes than wall time; the median wall time is shown too). For a
/// load-independent comparison run it under callgrind with `--callgrind` (see README.md
/// in this directory): each measurement is then run once and its instruction count dumped.
///
/// Usage: kb-bench-scalars [--reps R] [--only TYPE-SUBSTRING] [--workload WORKLOAD-SUBSTRING]
///                         [--sizes 20,50,100] [--exp-count 100000] [--callgrind]
#include "bench_workloads.hpp"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>

namespace bmp = boost::multiprecision;

void kb::bench::run_double(const Options& opt, std::vector<Row>& rows) {
    run_type<double>("double", opt, rows);
}

namespace {

std::string seconds(double s) {
    char buf[32];
    if (s >= 1)
        std::snprintf(buf, sizeof buf, "%.2f s", s);
    else if (s >= 1e-3)
        std::snprintf(buf, sizeof buf, "%.1f ms", s * 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.1f µs", s * 1e6);
    return buf;
}

std::vector<int> parse_sizes(const std::string& s) {
    std::vector<int> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ',')) out.push_back(std::stoi(item));
    return out;
}

} // namespace

int main(int argc, char** argv) {
    kb::bench::Options opt;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "kb-bench-scalars: " << a << " needs a value\n";
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--reps") opt.reps = std::stoi(next());
        else if (a == "--only") opt.only = next();
        else if (a == "--workload") opt.workload = next();
        else if (a == "--sizes") opt.eigen_sizes = parse_sizes(next());
        else if (a == "--exp-count") opt.exp_count = std::stoi(next());
        else if (a == "--product-size") opt.product_size = std::stoi(next());
        else if (a == "--callgrind") opt.callgrind = true;
        else {
            std::cerr << "usage: kb-bench-scalars [--reps R] [--only TYPE] [--workload W] [--sizes 20,50,100]\n"
                         "                        [--exp-count 100000] [--product-size 100] [--callgrind]\n";
            return a == "--help" ? 0 : 2;
        }
    }
    if (opt.reps < 1) opt.reps = 1;

    std::vector<kb::bench::Row> rows;
    kb::bench::run_double(opt, rows);
    kb::bench::run_mpfr_stack(opt, rows);
    kb::bench::run_mpfr_dynamic(opt, rows);
    kb::bench::run_cpp_bin_float(opt, rows);

    if (opt.callgrind) {
        std::cout << "callgrind mode: " << rows.size()
                  << " measurements dumped (one callgrind.out file each; see tests/bench/README.md)\n";
        return 0;
    }
    std::cout << "kb-bench-scalars: median thread CPU time of " << opt.reps
              << " repetitions [fastest – slowest], median wall time\n\n";
    std::printf("| %-40s | %-16s | %10s | %-21s | %10s | %-12s |\n", "type", "workload", "CPU median",
                "CPU spread", "wall", "checksum");
    std::printf("|%s|%s|%s|%s|%s|%s|\n", std::string(42, '-').c_str(), std::string(18, '-').c_str(),
                std::string(12, '-').c_str(), std::string(23, '-').c_str(), std::string(12, '-').c_str(),
                std::string(14, '-').c_str());
    for (const auto& r : rows) {
        const std::string spread = seconds(r.cpu_min) + " – " + seconds(r.cpu_max);
        std::printf("| %-40s | %-16s | %10s | %-21s | %10s | %-12.6g |\n", r.type.c_str(), r.workload.c_str(),
                    seconds(r.cpu_median).c_str(), spread.c_str(), seconds(r.wall_median).c_str(), r.check);
    }
    return 0;
}
