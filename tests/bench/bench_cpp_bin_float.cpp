/// \file bench_cpp_bin_float.cpp
/// \brief Benchmark types: Boost's header-only `cpp_bin_float` at 50 and 100 digits,
///        expression templates off (Boost's default for this backend).
#include "bench_workloads.hpp"

#include <boost/multiprecision/cpp_bin_float.hpp>

namespace bmp = boost::multiprecision;
using bin50 = bmp::number<bmp::cpp_bin_float<50>, bmp::et_off>;
using bin100 = bmp::number<bmp::cpp_bin_float<100>, bmp::et_off>;

KB_BENCH_NUMTRAITS(bin50);
KB_BENCH_NUMTRAITS(bin100);

void kb::bench::run_cpp_bin_float(const Options& opt, std::vector<Row>& rows) {
    run_type<bin50>("cpp_bin_float 50 et_off", opt, rows);
    run_type<bin100>("cpp_bin_float 100 et_off", opt, rows);
}
