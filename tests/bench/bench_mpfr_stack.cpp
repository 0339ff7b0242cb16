/// \file bench_mpfr_stack.cpp
/// \brief Benchmark types: MPFR with stack allocation (kb::real50, kb::real100 — the
///        library's choice) and the same backend with expression templates on.
#include "bench_workloads.hpp"

#include "kernelbook/real.hpp"

#include <boost/multiprecision/eigen.hpp> // expression-template traits for the et_on types

namespace bmp = boost::multiprecision;
using stack50_on = bmp::number<bmp::mpfr_float_backend<50, bmp::allocate_stack>, bmp::et_on>;
using stack100_on = bmp::number<bmp::mpfr_float_backend<100, bmp::allocate_stack>, bmp::et_on>;

KB_BENCH_NUMTRAITS(stack50_on);
KB_BENCH_NUMTRAITS(stack100_on);

void kb::bench::run_mpfr_stack(const Options& opt, std::vector<Row>& rows) {
    run_type<kb::real50>("mpfr stack 50 et_off (kb::real50)", opt, rows);
    run_type<stack50_on>("mpfr stack 50 et_on", opt, rows);
    run_type<kb::real100>("mpfr stack 100 et_off (kb::real100)", opt, rows);
    run_type<stack100_on>("mpfr stack 100 et_on", opt, rows);
}
