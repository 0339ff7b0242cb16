/// \file fuzz_csv.cpp
/// \brief libFuzzer target: kb::io::parse_csv and kb::io::to_matrix on arbitrary bytes. Every
///        input is either read — a table whose rows all have the same number of fields, each
///        a decimal number that converts to a finite double or is refused — or refused with
///        kb::error; nothing else may escape, and no value may be NaN or infinite.
#include "kernelbook/csv.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    kb::io::CsvTable table;
    try {
        table = kb::io::parse_csv(text, "fuzz.csv");
    } catch (const kb::error&) {
        return 0;
    }
    if (table.rows() < 1 || table.lines.size() != table.fields.size()) std::abort();
    for (const auto& row : table.fields) {
        if (static_cast<Eigen::Index>(row.size()) != table.cols()) std::abort();
        for (const std::string& f : row)
            if (!kb::io::is_decimal_number(f)) std::abort();
    }
    try {
        const kb::Matrix<double> A = kb::io::to_matrix<double>(table);
        if (!A.allFinite()) std::abort();
    } catch (const kb::error&) {
    }
    // Exact fractions: only for short fields (a 10000-digit exponent is legal but slow).
    if (size < 512) {
        try {
            (void)kb::io::to_matrix<kb::rational>(table);
        } catch (const kb::error&) {
        }
    }
    return 0;
}
