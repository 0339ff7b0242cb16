/// \file resources.cpp
/// \brief The memory estimates of the `kernelbook` command and the memory available to it
///        (resources.hpp).
#include "cli/resources.hpp"

#include "kernelbook/real.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

namespace kb::cli {
namespace {

constexpr std::uint64_t unlimited = std::numeric_limits<std::uint64_t>::max();

std::string read_text(const char* path) {
    std::ifstream f(path);
    if (!f) return {};
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

// A non-negative integer at the start of `s` (after blanks); none if there is none.
std::optional<std::uint64_t> leading_integer(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    std::uint64_t v = 0;
    bool any = false;
    for (const char c : s) {
        if (c < '0' || c > '9') break;
        if (v > (unlimited - 9) / 10) return unlimited;
        v = 10 * v + std::uint64_t(c - '0');
        any = true;
    }
    if (!any) return std::nullopt;
    return v;
}

// MemAvailable of /proc/meminfo, in bytes (the file gives kB).
std::optional<std::uint64_t> mem_available(std::string_view meminfo) {
    const std::string_view key = "MemAvailable:";
    const std::size_t at = meminfo.find(key);
    if (at == std::string_view::npos) return std::nullopt;
    const auto kb = leading_integer(meminfo.substr(at + key.size()));
    if (!kb) return std::nullopt;
    return *kb > unlimited / 1024 ? unlimited : *kb * 1024;
}

// KB_MEMORY_LIMIT: digits and an optional k, M, G or T (powers of 1000).
std::uint64_t parse_limit(std::string_view text) {
    std::string_view s = text;
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.remove_suffix(1);
    std::uint64_t scale = 1;
    if (!s.empty()) {
        switch (s.back()) {
        case 'k': case 'K': scale = 1000; break;
        case 'M': scale = 1000 * 1000; break;
        case 'G': scale = 1000 * 1000 * 1000; break;
        case 'T': scale = std::uint64_t(1000) * 1000 * 1000 * 1000; break;
        default: break;
        }
        if (scale != 1) s.remove_suffix(1);
    }
    const bool digits = !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    const auto v = digits ? leading_integer(s) : std::nullopt;
    if (!v)
        throw usage_error(fmt::format("KB_MEMORY_LIMIT='{}': expected a number of bytes, optionally with the suffix k, "
                                      "M, G or T (e.g. KB_MEMORY_LIMIT=4G)",
                                      text));
    return *v > unlimited / scale ? unlimited : *v * scale;
}

} // namespace

MemoryBudget memory_budget(std::string_view meminfo, std::string_view cgroup_limit, std::string_view cgroup_usage,
                           std::string_view env_limit) {
    MemoryBudget b{unlimited, "no limit found"};
    const auto lower = [&](std::uint64_t bytes, std::string source) {
        if (bytes < b.bytes) b = {bytes, std::move(source)};
    };
    if (const auto avail = mem_available(meminfo)) lower(*avail, "MemAvailable in /proc/meminfo");
    // A cgroup limit ("max" or a huge number when there is none) less what the group uses.
    if (const auto limit = leading_integer(cgroup_limit)) {
        const std::uint64_t used = leading_integer(cgroup_usage).value_or(0);
        lower(*limit > used ? *limit - used : 0,
              fmt::format("the memory limit of this process's control group, {}, less the {} it uses",
                          byte_size(double(*limit)), byte_size(double(used))));
    }
    if (!env_limit.empty()) lower(parse_limit(env_limit), "KB_MEMORY_LIMIT");
    return b;
}

MemoryBudget available_memory() {
    const std::string meminfo = read_text("/proc/meminfo");
    // cgroup v2 first (one hierarchy, mounted at /sys/fs/cgroup), then v1.
    std::string limit = read_text("/sys/fs/cgroup/memory.max");
    std::string usage = read_text("/sys/fs/cgroup/memory.current");
    if (limit.empty()) {
        limit = read_text("/sys/fs/cgroup/memory/memory.limit_in_bytes");
        usage = read_text("/sys/fs/cgroup/memory/memory.usage_in_bytes");
    }
    const char* env = std::getenv("KB_MEMORY_LIMIT");
    return memory_budget(meminfo, limit, usage, env ? env : "");
}

std::string byte_size(double bytes) {
    if (bytes < 1000) return fmt::format("{:.0f} bytes", bytes);
    static const char* const units[] = {"kB", "MB", "GB", "TB", "PB", "EB"};
    int u = 0;
    double v = bytes / 1000;
    while (v >= 999.5 && u < 5) {
        v /= 1000;
        ++u;
    }
    return v < 9.95 ? fmt::format("{:.1f} {}", v, units[u]) : fmt::format("{:.0f} {}", v, units[u]);
}

std::string count(long long n) {
    std::string digits = std::to_string(n < 0 ? -n : n), out = n < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += "\u2009"; // a thin space
        out += digits[i];
    }
    return out;
}

double MemoryEstimate::total() const {
    double t = 0;
    for (const MemoryPart& p : parts) t += p.bytes;
    return t;
}

void MemoryEstimate::sort() {
    std::stable_sort(parts.begin(), parts.end(), [](const MemoryPart& a, const MemoryPart& b) { return a.bytes > b.bytes; });
}

void require_memory(const MemoryEstimate& need, const MemoryBudget& have, std::string_view subject,
                    std::string_view remedy) {
    const double total = need.total();
    if (total <= double(have.bytes)) return;
    MemoryEstimate sorted = need;
    sorted.sort();
    std::string parts;
    for (std::size_t i = 0; i < sorted.parts.size() && i < 3; ++i) {
        if (sorted.parts[i].bytes < 0.01 * total) break;
        parts += fmt::format("{}{}: {}", i ? "; " : "", sorted.parts[i].what, byte_size(sorted.parts[i].bytes));
    }
    throw resource_error(fmt::format("{} about {} of memory ({}); {} {} available ({}): {}", subject,
                                     byte_size(total), parts, byte_size(double(have.bytes)),
                                     have.bytes == 1 ? "is" : "are", have.source, remedy));
}

long long transform_block_rows(long long N, long long cols, std::size_t bytes_per_number) {
    const double per_row = double(N + cols) * double(bytes_per_number);
    return std::max<long long>(1, static_cast<long long>(double(std::size_t(8) << 20) / per_row));
}

namespace estimate {
namespace {

double d(long long n) { return double(n); }

std::string in_type(std::size_t s) {
    if (s == sizeof(double)) return "in double";
    if (s == sizeof(real50)) return fmt::format("in 50 digits at {} bytes a number", s);
    if (s == sizeof(real100)) return fmt::format("in 100 digits at {} bytes a number", s);
    return fmt::format("at {} bytes a number", s);
}

std::string square(long long N) { return count(N) + "×" + count(N); }

// M new points: their coordinates, and one block of kernel rows and outputs at a time.
void transform(MemoryEstimate& e, long long N, long long q, long long M, long long cols, std::size_t s) {
    if (M <= 0) return;
    e.parts.push_back({fmt::format("the {} new points", count(M)), d(M) * d(q) * d(s)});
    const long long b = std::min(M, transform_block_rows(N, cols, s));
    e.parts.push_back({"a block of their kernel values and outputs", 2 * d(b) * d(N + cols) * d(s)});
}

} // namespace

// The number of matrices of each kind a route holds at its peak: counted in the code, then
// checked against the peak resident memory measured with /usr/bin/time -v (less the program's
// 8 MB and its input table) in double and 50 digits; each is the measured count rounded up
// (docs/using.md, "Memory, size limits and time", lists the measurements).
MemoryEstimate pca(long long N, long long q, long long M, std::size_t s) {
    MemoryEstimate e;
    const long long r = std::min(N, q);
    // Tall data: A, its scaled copy, X, the SVD's copy and thin factor, the command's X (6.9
    // measured); wide data: the SVD works on the q×N transpose, with its own copies (8.0 in 50
    // digits, 14.4 in double).
    const int copies = N >= q ? 8 : 16;
    e.parts.push_back({fmt::format("the data and their working copies, {} matrices of {}×{} {}", copies, count(N),
                                   count(q), in_type(s)),
                       copies * d(N) * d(q) * d(s)});
    // The SVD's square factor and workspace: min(N, q)² each.
    e.parts.push_back({fmt::format("the SVD's {} matrices", square(r)), 3 * d(r) * d(r) * d(s)});
    transform(e, N, q, M, r, s);
    return e;
}

MemoryEstimate mds(long long N, std::size_t s) {
    MemoryEstimate e;
    // The input, B, the eigensolver's copies, the coordinates and the checks (8.0 measured in
    // double, 8.9 in 50 digits).
    const int copies = s == sizeof(double) ? 9 : 10;
    e.parts.push_back({fmt::format("the input, B, its eigen-decomposition and the checks, {} matrices of {} {}",
                                   copies, square(N), in_type(s)),
                       copies * d(N) * d(N) * d(s)});
    return e;
}

MemoryEstimate kpca(long long N, long long q, long long M, long long p, bool dense, std::size_t s) {
    MemoryEstimate e;
    // Lanczos: K̃ alone (1.04 measured, with the vectors below); dense: K̃, the symmetrised copy,
    // the eigenvectors and their reordered copy (4.0 in double), and in 50 or 100 digits also the
    // tridiagonal reduction's (5.0).
    const int copies = !dense ? 1 : s == sizeof(double) ? 5 : 6;
    e.parts.push_back({dense ? fmt::format("K̃ and all N of its eigenpairs, {} matrices of {} {}", copies, square(N),
                                           in_type(s))
                             : fmt::format("the {} kernel matrix K̃ {}", square(N), in_type(s)),
                       copies * d(N) * d(N) * d(s)});
    // The points (twice: the data and the model's copy) and the Lanczos vectors and eigenvectors.
    e.parts.push_back({"the points and the eigenvectors", (2 * d(q) + 8 * d(std::max(p, 21LL))) * d(N) * d(s)});
    transform(e, N, q, M, p, s);
    return e;
}

MemoryEstimate map(long long N, long long q, long long M, std::size_t s) {
    MemoryEstimate e;
    // K, its eigen-decomposition, K^(-1/2), K^(1/2), K⁺, the features and the checks (5.0
    // measured in double, 7.4 in 50 digits).
    const int copies = s == sizeof(double) ? 6 : 8;
    e.parts.push_back({fmt::format("K, its eigen-decomposition, K^(-1/2), K^(1/2), K⁺ and the checks, {} matrices of "
                                   "{} {}",
                                   copies, square(N), in_type(s)),
                       copies * d(N) * d(N) * d(s)});
    transform(e, N, q, M, N, s);
    return e;
}

void verify(MemoryEstimate& e, long long rows, long long cols) {
    // The output as 100-digit numbers, from each run (the run itself and the 100-digit one).
    e.parts.push_back({fmt::format("the {}×{} outputs of both runs in 100 digits for --verify", count(rows), count(cols)),
                       2 * d(rows) * d(cols) * d(sizeof(real100))});
}

} // namespace estimate
} // namespace kb::cli
