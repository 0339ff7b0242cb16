#pragma once
/// \file method_support.hpp
/// \brief What the subcommands of methods.hpp share: reading an input in the scalar type, the
///        sections of a report (input, precision, checks), writing the output whole or not at
///        all, the size of a block of rows that fits in memory, and the rule that a result failing
///        its own check is not written.

#include "cli/command.hpp"
#include "cli/errors.hpp"
#include "cli/resources.hpp"

#include "kernelbook/checks.hpp"
#include "kernelbook/numerics.hpp"

#include <fmt/format.h>

#include <functional>
#include <memory>
#include <ostream>
#include <string>

namespace kb::cli {
namespace detail {

/// The table as a matrix in T; a value that does not fit in T is a data error.
template <class T>
Matrix<T> load(const io::CsvTable& table) {
    Matrix<T> A;
    as_data_error(table.source, [&] { A = io::to_matrix<T>(table); });
    return A;
}

template <class T>
void require_rows(const Matrix<T>& A, Eigen::Index n, const io::CsvTable& table, std::string_view what) {
    if (A.rows() < n)
        throw data_error(fmt::format("{}: {} row(s) of data, but {} needs at least {} points", table.source, A.rows(),
                                     what, n));
}

/// New points for --transform, with as many columns as the training data (kpca --gram: their
/// kernel rows, one column per training point).
template <class T>
Matrix<T> load_fresh(const Inputs& in, bool kernel_rows = false) {
    Matrix<T> Z = load<T>(*in.fresh);
    if (Z.cols() != in.data.cols())
        throw data_error(kernel_rows ? fmt::format("{}: the kernel rows of the new points have {} column(s), but --gram's "
                                                   "matrix {} has N = {} training points: row m must hold k(z_m, x_i) "
                                                   "for i = 1…N",
                                                   in.fresh->source, Z.cols(), in.data.source, in.data.cols())
                                     : fmt::format("{}: the new points have {} column(s), but the training data {} have {}",
                                                   in.fresh->source, Z.cols(), in.data.source, in.data.cols()));
    return Z;
}

inline Json input_section(const io::CsvTable& t) {
    Json j;
    j["file"] = t.source;
    j["rows"] = t.rows();
    j["columns"] = t.cols();
    j["header"] = t.header.empty() ? Json(nullptr) : Json(t.header);
    return j;
}

/// The precision in the command's words: "double", "50 digits" or "100 digits" (never a type's name).
template <class T>
std::string precision_words() {
    if constexpr (std::is_same_v<T, double>) return "double";
    else return fmt::format("{} digits", decimal_digits<T>());
}

template <class T>
Json precision_section() {
    Json j;
    j["type"] = scalar_name<T>();
    j["decimal_digits"] = decimal_digits<T>();
    j["epsilon"] = number(epsilon<T>());
    return j;
}

/// The checks the library verified on its result (kb::Check), as the report's "checks" array.
template <class T>
Json checks_section(const std::vector<Check<T>>& checks) {
    Json a = Json::array();
    for (const Check<T>& c : checks) a.push_back(check(c.name, c.measures, c.value, c.bound, c.bound_formula));
    return a;
}

/// The rows of V as CSV lines (full digits of T).
template <class T>
void write_csv_rows(std::ostream& os, const Matrix<T>& V) {
    std::string line;
    for (Eigen::Index i = 0; i < V.rows(); ++i) {
        line.clear();
        for (Eigen::Index j = 0; j < V.cols(); ++j) {
            if (j) line += ',';
            line += number(V(i, j));
        }
        line += '\n';
        os << line;
    }
}

template <class T>
Outcome finish(std::string prefix, Matrix<T> values, Json report, bool keep_values) {
    Outcome o;
    for (Eigen::Index j = 0; j < values.cols(); ++j) o.columns.push_back(prefix + std::to_string(j + 1));
    if (keep_values) o.values = values.template cast<real100>();
    o.report = std::move(report);
    o.write_rows = [V = std::move(values)](std::ostream& os) { write_csv_rows(os, V); };
    return o;
}

/// The output for new points, computed a block of rows at a time when it is written: `block(i,
/// n)` returns rows i … i + n − 1. Memory: one block (kb::cli::transform_block_rows), whatever
/// the number of rows — except for --verify, which keeps every value for the comparison.
template <class T>
Outcome finish_in_blocks(std::string prefix, Eigen::Index rows, Eigen::Index cols, Eigen::Index block_rows,
                         std::function<Matrix<T>(Eigen::Index, Eigen::Index)> block, Json report, bool keep_values) {
    if (keep_values) {
        Matrix<T> all(rows, cols);
        for (Eigen::Index i = 0; i < rows; i += block_rows) {
            const Eigen::Index n = std::min(block_rows, rows - i);
            all.middleRows(i, n) = block(i, n);
        }
        return finish(std::move(prefix), std::move(all), std::move(report), true);
    }
    Outcome o;
    for (Eigen::Index j = 0; j < cols; ++j) o.columns.push_back(prefix + std::to_string(j + 1));
    o.report = std::move(report);
    o.write_rows = [rows, block_rows, block = std::move(block)](std::ostream& os) {
        for (Eigen::Index i = 0; i < rows; i += block_rows) write_csv_rows(os, block(i, std::min(block_rows, rows - i)));
    };
    return o;
}

/// The largest n ≤ hi (n ≥ lo) for which fits(n) holds, assuming fits is monotone; lo − 1 if none.
inline long long largest_fitting(long long lo, long long hi, const std::function<bool(long long)>& fits) {
    if (!fits(lo)) return lo - 1;
    while (lo < hi) {
        const long long mid = lo + (hi - lo + 1) / 2;
        if (fits(mid)) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

/// The memory check before a run (kb::cli::require_memory): `need(N, s)` is the estimate for N
/// points in a type of s bytes a number. The advice names only what would fit: at most so many
/// points, --precision double, leaving out --verify.
template <class T>
void require_memory_for(const Options& o, long long N, long long min_points, const std::string& points_word,
                        const std::function<MemoryEstimate(long long, std::size_t, bool)>& need) {
    const MemoryBudget have = available_memory();
    // With --verify the whole method runs again in real100 (the larger of the two runs counts).
    const auto need_for = [&](long long n, std::size_t s, bool verify) {
        return need(n, verify ? std::max(s, sizeof(real100)) : s, verify);
    };
    const auto fits = [&](long long n, std::size_t s, bool verify) { return need_for(n, s, verify).total() <= double(have.bytes); };
    if (fits(N, sizeof(T), o.verify)) return;
    std::vector<std::string> ways;
    const long long most = largest_fitting(min_points, N - 1, [&](long long n) { return fits(n, sizeof(T), o.verify); });
    if (most >= min_points) ways.push_back(fmt::format("use at most {} {}", count(most), points_word));
    if (!std::is_same_v<T, double> && fits(N, sizeof(double), o.verify))
        ways.push_back("run in --precision double");
    if (o.verify && fits(N, sizeof(T), false)) ways.push_back("leave out --verify");
    std::string remedy;
    for (std::size_t i = 0; i < ways.size(); ++i) remedy += (i == 0 ? "" : i + 1 == ways.size() ? ", or " : ", ") + ways[i];
    if (remedy.empty()) remedy = fmt::format("even {} {} do not fit; use a machine with more memory", min_points, points_word);
    require_memory(need_for(N, sizeof(T), o.verify), have,
                   fmt::format("N = {} {} in {} need", count(N), points_word, precision_words<T>()), remedy);
}

/// Every check must pass: a result that fails its own check is refused, not printed.
inline void require_checks(const Json& report) {
    for (const Json& c : report["checks"])
        if (!c.value("passed", false))
            throw error(fmt::format("the result failed its check '{}' ({} = {} > bound {}); it is not written. "
                                    "Run again with --precision 50 or 100",
                                    c.value("check", ""),
                                    c.value("measures", ""), c.value("value", ""), c.value("bound", "")));
}

} // namespace detail
} // namespace kb::cli
