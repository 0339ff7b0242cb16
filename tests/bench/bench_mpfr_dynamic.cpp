/// \file bench_mpfr_dynamic.cpp
/// \brief Benchmark types: MPFR with dynamic (heap) allocation, expression templates off
///        and on (`et_on` is Boost's own `mpfr_float_50` / `mpfr_float_100`).
#include "bench_workloads.hpp"

#include <boost/multiprecision/mpfr.hpp>

#include <boost/multiprecision/eigen.hpp> // expression-template traits for the et_on types

namespace bmp = boost::multiprecision;
using dyn50_off = bmp::number<bmp::mpfr_float_backend<50>, bmp::et_off>;
using dyn100_off = bmp::number<bmp::mpfr_float_backend<100>, bmp::et_off>;
using dyn50_on = bmp::number<bmp::mpfr_float_backend<50>, bmp::et_on>;
using dyn100_on = bmp::number<bmp::mpfr_float_backend<100>, bmp::et_on>;

KB_BENCH_NUMTRAITS(dyn50_off);
KB_BENCH_NUMTRAITS(dyn100_off);
KB_BENCH_NUMTRAITS(dyn50_on);
KB_BENCH_NUMTRAITS(dyn100_on);

void kb::bench::run_mpfr_dynamic(const Options& opt, std::vector<Row>& rows) {
    run_type<dyn50_off>("mpfr dynamic 50 et_off", opt, rows);
    run_type<dyn50_on>("mpfr dynamic 50 et_on (mpfr_float_50)", opt, rows);
    run_type<dyn100_off>("mpfr dynamic 100 et_off", opt, rows);
    run_type<dyn100_on>("mpfr dynamic 100 et_on (mpfr_float_100)", opt, rows);
}
