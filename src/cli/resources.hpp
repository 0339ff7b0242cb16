#pragma once
/// \file resources.hpp
/// \brief Memory, stated up front: what a run of the `kernelbook` command will allocate (from N,
///        the number of columns, the new points, the precision and the route), what this machine
///        has available, and the refusal (kb::cli::resource_error, exit code 6) of a run that
///        cannot fit — before it starts, with both sizes and what to do instead.
/// \see \ref using-resources "Using kernelbook on your data: memory, size limits and time"

#include "cli/errors.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kb::cli {

/// \brief The memory a run may still allocate, and where that figure comes from.
struct MemoryBudget {
    std::uint64_t bytes = 0; ///< the smallest of the figures found
    std::string source;      ///< which figure it is, for messages ("MemAvailable in /proc/meminfo")
};

/// \brief The memory available to this process now: the smallest of MemAvailable in
///        /proc/meminfo, the control group's limit less its usage (cgroup v2
///        /sys/fs/cgroup/memory.max and memory.current; v1 memory.limit_in_bytes and
///        memory.usage_in_bytes), and the environment variable `KB_MEMORY_LIMIT` (bytes, or a
///        number with the suffix k, M, G or T: powers of 1000), which lowers the figure — for
///        tests, or to keep a run within a share of a shared machine.
/// \throws kb::cli::usage_error if `KB_MEMORY_LIMIT` is set but is not such a number.
MemoryBudget available_memory();

/// \brief kb::cli::available_memory() from given texts (for tests): the contents of
///        /proc/meminfo, of the cgroup's limit and usage files, and the value of
///        `KB_MEMORY_LIMIT` (each empty when absent). With none of them, the budget is
///        unlimited (2⁶⁴ − 1 bytes, "no limit found").
MemoryBudget memory_budget(std::string_view meminfo, std::string_view cgroup_limit, std::string_view cgroup_usage,
                           std::string_view env_limit);

/// \brief A number of bytes as a person reads it, in powers of 1000 with two or three
///        significant digits: "20 GB", "3.2 GB", "640 MB", "12 kB", "512 bytes".
std::string byte_size(double bytes);

/// \brief One allocation of a run: what it holds and its size in bytes.
struct MemoryPart {
    std::string what; ///< e.g. "the 50 000×50 000 kernel matrix K̃ in double"
    double bytes;     ///< its size
};

/// \brief The peak memory a run will allocate beyond what it holds already (its input tables),
///        as the sum of its largest simultaneous allocations.
struct MemoryEstimate {
    std::vector<MemoryPart> parts; ///< the allocations, largest first after sort()
    /// \brief Sum of the parts.
    double total() const;
    /// \brief Orders the parts from the largest.
    void sort();
};

/// \brief Throws kb::cli::resource_error if `need` exceeds `have`: "<subject> about <total> of
///        memory (<largest part>: <size>; …); <have> are available (<source>): <remedy>".
void require_memory(const MemoryEstimate& need, const MemoryBudget& have, std::string_view subject,
                    std::string_view remedy);

/// \brief A count with thin spaces between groups of three digits ("50 000"), as in messages.
std::string count(long long n);

/// \brief The size of the matrices the methods form, in bytes per entry: `bytes_per_number`
///        of the scalar type (sizeof: the MPFR types kb::real50 and kb::real100 keep their digits
///        in the object, allocate_stack), and the estimates of the routes, each the sum of the
///        matrices the route holds at its peak (counted in the code and checked against the peak
///        resident memory measured by `/usr/bin/time -v`: docs/using.md, "Memory, size limits and
///        time").
namespace estimate {

/// \brief `pca` of N points in q columns, with M new points to transform (0: none).
MemoryEstimate pca(long long N, long long q, long long M, std::size_t bytes_per_number);
/// \brief `mds` of an N×N matrix.
MemoryEstimate mds(long long N, std::size_t bytes_per_number);
/// \brief `kpca` of N points in q columns: the Lanczos route (`dense` = false) holds one N×N
///        matrix, the dense route the matrix and its eigen-decomposition; M new points cost
///        their kernel rows a block at a time.
MemoryEstimate kpca(long long N, long long q, long long M, long long p, bool dense, std::size_t bytes_per_number);
/// \brief `map` of N training points in q columns, M new points.
MemoryEstimate map(long long N, long long q, long long M, std::size_t bytes_per_number);
/// \brief `--verify`: the output as 100-digit numbers, rows × cols, kept for the comparison.
void verify(MemoryEstimate& e, long long rows, long long cols);

} // namespace estimate

/// \brief How many new points are transformed at a time: blocks of about 8 MiB of kernel values
///        and outputs (N training points, `cols` output columns, `bytes_per_number` each), so that
///        the memory of a transform does not grow with the number of new points.
long long transform_block_rows(long long N, long long cols, std::size_t bytes_per_number);

} // namespace kb::cli
