/// \file fuzz_kernel_spec.cpp
/// \brief libFuzzer target: the `--kernel SPEC` parser of the kernelbook command and the kernel
///        it builds. A specification is either refused with kb::cli::usage_error or gives a
///        kernel whose value on two fixed points is finite.
#include "cli/kernel_spec.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    kb::cli::KernelSpec spec;
    try {
        spec = kb::cli::parse_kernel_spec(text);
    } catch (const kb::cli::usage_error&) {
        return 0;
    }
    try {
        std::string description;
        const kb::AnyKernel<double> k = kb::cli::make_kernel<double>(spec, 3, description);
        const kb::RowVector<double> x = (kb::RowVector<double>(3) << 0.25, 0.5, 1.0).finished();
        const kb::RowVector<double> y = (kb::RowVector<double>(3) << 0.75, 0.0, 0.5).finished();
        const double v = k(x, y);
        if (description.empty()) std::abort();
        (void)v; // may overflow to inf for extreme parameters: the methods refuse such values
    } catch (const kb::cli::usage_error&) {
    }
    return 0;
}
