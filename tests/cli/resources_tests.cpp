/// \file resources_tests.cpp
/// \brief Bounded memory and time (issue: outputs that never lie, items 4–6): the CSV reader's
///        memory and limits, the memory estimate and refusal of the `kernelbook` command, the
///        transform of new points in memory linear in their number, PCA of wide data without
///        its q×q scatter, kernel PCA of low-rank data on the fast route, and the progress line
///        with the time left. Memory is measured as the growth of the process's peak resident
///        memory (VmHWM of /proc/self/status, reset through /proc/self/clear_refs), so each
///        bound holds for what the code really allocates and touches.
#include "temp_dir.hpp"
#include "test_support.hpp"

#include "cli/command.hpp"
#include "cli/kernel_spec.hpp"
#include "cli/methods.hpp"
#include "cli/report.hpp"
#include "cli/resources.hpp"

#include "kernelbook/csv.hpp"
#include "kernelbook/kernel_pca.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using kb::Matrix;
using kb::cli::Json;

namespace {

// ---- measuring ------------------------------------------------------------------------

// Under AddressSanitizer (tests/sanitize) freed memory stays in quarantine and shadow memory
// is resident too, so the peak resident memory says nothing about what the code allocates:
// the memory bounds are checked in the ordinary build only.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool address_sanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool address_sanitizer = true;
#else
constexpr bool address_sanitizer = false;
#endif
#else
constexpr bool address_sanitizer = false;
#endif

// growth ≤ bound, except under AddressSanitizer (see above).
void check_memory(long long growth, long long bound) {
    INFO("peak growth ", growth, " bytes; bound ", bound, " bytes");
    if (address_sanitizer)
        MESSAGE("memory bound not checked under AddressSanitizer");
    else
        CHECK(growth <= bound);
}

// A field of /proc/self/status in bytes (the file gives kB); −1 if absent.
long long status_bytes(const char* key) {
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind(key, 0) == 0) return 1024 * std::stoll(line.substr(line.find(':') + 1));
    return -1;
}

// The growth of the peak resident memory while `work` runs: the peak is reset to the current
// resident size first (writing 5 to /proc/self/clear_refs, Linux ≥ 4.0).
long long peak_growth(const std::function<void()>& work) {
    {
        std::ofstream reset("/proc/self/clear_refs");
        reset << "5";
    }
    const long long before = status_bytes("VmRSS:");
    work();
    return status_bytes("VmHWM:") - before;
}

// Runs `work` in a child process limited to `seconds` of time and to 1 GiB more address space
// than it has; true if it returned true in time. A reader that reads without end, or inflates
// without bound, fails here quickly (killed by the alarm, or std::bad_alloc) instead of
// filling the machine's memory.
bool in_bounded_child(unsigned seconds, const std::function<bool()>& work) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::alarm(seconds);
        const long long size = status_bytes("VmSize:");
        if (size > 0) {
            const rlimit limit{rlim_t(size + (1LL << 30)), rlim_t(size + (1LL << 30))};
            (void)::setrlimit(RLIMIT_AS, &limit);
        }
        bool ok = false;
        try {
            ok = work();
        } catch (...) {
            ok = false;
        }
        std::_Exit(ok ? 0 : 1);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

using kb::test::cli::TempDir;

// An environment variable set for one scope.
struct ScopedEnv {
    std::string name;
    ScopedEnv(std::string n, const std::string& value) : name(std::move(n)) { ::setenv(name.c_str(), value.c_str(), 1); }
    ~ScopedEnv() { ::unsetenv(name.c_str()); }
};

// ---- running the subcommands in-process ----------------------------------------------------

// Points as CSV text, one row per line.
std::string csv_of(const Matrix<double>& X) {
    std::string s;
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
        for (Eigen::Index j = 0; j < X.cols(); ++j) s += fmt::format("{}{}", j ? "," : "", X(i, j));
        s += '\n';
    }
    return s;
}

// Points in [−1, 1)² on a deterministic pseudo-random sequence (Eigen's Random is fixed).
Matrix<double> points(Eigen::Index n, Eigen::Index q) { return Matrix<double>::Random(n, q); }

kb::cli::Options options(const std::string& command, const std::string& kernel = "", long components = 0) {
    kb::cli::Options o;
    o.command = command; // the name, for messages; the method is what runs (as the parser sets both)
    using kb::cli::Method;
    o.method = command == "pca" ? Method::pca : command == "mds" ? Method::mds : command == "kpca" ? Method::kpca
               : command == "map" ? Method::map : Method::certify;
    o.components = components;
    if (!kernel.empty()) {
        o.kernel_text = kernel;
        o.kernel = kb::cli::parse_kernel_spec(kernel);
    }
    return o;
}

kb::cli::Inputs inputs(const Matrix<double>& X, const Matrix<double>* Z = nullptr) {
    kb::cli::Inputs in;
    in.data = kb::io::parse_csv(csv_of(X), "data.csv");
    if (Z) in.fresh = kb::io::parse_csv(csv_of(*Z), "new.csv");
    return in;
}

// Runs a subcommand in double and writes its output rows to `out` (as the command does).
template <class T = double>
kb::cli::Outcome run(const kb::cli::Options& o, const kb::cli::Inputs& in, std::ostream& out) {
    std::ostringstream err;
    kb::cli::Progress progress(err, false, o.command);
    kb::cli::Outcome r = kb::cli::run_in<T>(o, in, progress, false);
    r.write_rows(out);
    return r;
}

// A stream that discards what it is given (the output of a large transform).
struct NullBuffer : std::streambuf {
    int overflow(int c) override { return c; }
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

} // namespace

// ---------------------------------------------------------------------------------------
// The CSV reader

TEST_CASE("the CSV reader holds its table in about the size of its text, not a string per field") {
    // 300 000 rows of four small integers: 2.4 MB of text, 1.2 million fields.
    std::string text;
    text.reserve(2'500'000);
    for (int i = 0; i < 300'000; ++i) text += fmt::format("{},{},{},{}\n", i % 17, i % 5, i % 13, i % 7);
    kb::io::CsvTable table;
    const long long growth = peak_growth([&] { table = kb::io::parse_csv(text, "big.csv"); });
    REQUIRE(table.rows() == 300'000);
    CHECK(table.field(299'999, 2) == std::to_string(299'999 % 13));
    // The table: the fields' text with one separator each (at most the file's size), 4 bytes of
    // row index and 8 bytes of line number per row, growing by doubling (×2); plus the parser's
    // buffers, under 2 MiB. A std::string per field (32 bytes) and a vector per row took ~90 MB.
    check_memory(growth, 2 * (static_cast<long long>(text.size()) + 12 * 300'000) + (2 << 20));
}

TEST_CASE("the CSV reader reads a file a chunk at a time exactly as the whole text: lines across chunk boundaries, "
          "a byte-order mark, CRLF") {
    TempDir t;
    std::string text = "\xEF\xBB\xBF" "a,b,c\r\n";
    for (int i = 0; i < 120'000; ++i) text += fmt::format("{}.5,{}e-3,-{}\r\n{}", i, 3 * i + 1, i % 97, i % 1000 == 0 ? "\n" : "");
    REQUIRE(text.size() > (2u << 20)); // more than two chunks of 1 MiB
    const std::string path = t.file("chunks.csv", text);
    const kb::io::CsvTable read = kb::io::read_csv(path);
    const kb::io::CsvTable whole = kb::io::parse_csv(text, path);
    CHECK(read.header == std::vector<std::string>{"a", "b", "c"});
    REQUIRE(read.rows() == 120'000);
    CHECK(read.lines == whole.lines);
    bool same = true;
    for (Eigen::Index i = 0; i < read.rows(); ++i)
        for (Eigen::Index j = 0; j < 3; ++j) same = same && read.field(i, j) == whole.field(i, j);
    CHECK(same);
    CHECK(read.field(119'999, 1) == "359998e-3");
    CHECK(kb::io::to_matrix<double>(read)(12'345, 0) == 12345.5);
    // A bad field far into the file is reported at its own line.
    std::string bad = "1,2\n";
    for (int i = 0; i < 200'000; ++i) bad += "3,4\n";
    bad += "5,x\n";
    CHECK_THROWS_WITH_AS(kb::io::read_csv(t.file("bad.csv", bad)), doctest::Contains("bad.csv:200002:2: 'x' is not a number"),
                         kb::error);
}

TEST_CASE("the CSV reader ends at once on /dev/zero and on binary data, with the line of the first NUL byte") {
    // In a child process with an alarm and bounded memory: a reader that reads /dev/zero to the
    // end fails here within seconds instead of exhausting the machine.
    CHECK(in_bounded_child(5, [] {
        try {
            (void)kb::io::read_csv("/dev/zero");
        } catch (const kb::error& e) {
            return std::string(e.what()) == "/dev/zero:1: the line holds a NUL byte: this is not a text CSV file";
        }
        return false;
    }));
    TempDir t;
    std::string text = "1,2\n3,4\n";
    text += std::string("5,6\n\0\0\0", 7);
    CHECK_THROWS_WITH_AS(kb::io::read_csv(t.file("nul.csv", text)),
                         doctest::Contains("nul.csv:4: the line holds a NUL byte: this is not a text CSV file"), kb::error);
}

TEST_CASE("the CSV reader refuses input beyond its documented limits, bytes and numbers, with kb::io::size_limit_error") {
    TempDir t;
    std::string text;
    for (int i = 0; i < 100; ++i) text += "1,2,3\n";
    const std::string path = t.file("hundred.csv", text);
    CHECK_THROWS_WITH_AS(kb::io::read_csv(path, {.max_bytes = 100}),
                         doctest::Contains("the file is larger than 100 bytes, the limit of the CSV reader"),
                         kb::io::size_limit_error);
    CHECK_THROWS_WITH_AS(kb::io::parse_csv(text, "t.csv", {.max_bytes = 100}),
                         doctest::Contains("the file is larger than 100 bytes"), kb::io::size_limit_error);
    CHECK_THROWS_WITH_AS(kb::io::read_csv(path, {.max_fields = 150}),
                         doctest::Contains("hundred.csv:51: the table holds more than 150 numbers, the limit of the "
                                           "CSV reader"),
                         kb::io::size_limit_error);
    CHECK(kb::io::read_csv(path, {.max_bytes = 600, .max_fields = 300}).rows() == 100);
    // The documented defaults.
    CHECK(kb::io::CsvLimits{}.max_bytes == 4294967295u);
    CHECK(kb::io::CsvLimits{}.max_fields == 134217728u);
}

// ---------------------------------------------------------------------------------------
// Memory: the budget, the estimate, the refusal

TEST_CASE("the memory budget is the smallest of MemAvailable, the cgroup's limit less its usage, and KB_MEMORY_LIMIT") {
    const std::string meminfo = "MemTotal:       24000000 kB\nMemFree:  1000 kB\nMemAvailable:   23000000 kB\n";
    kb::cli::MemoryBudget b = kb::cli::memory_budget(meminfo, "", "", "");
    CHECK(b.bytes == 23000000ULL * 1024);
    CHECK(b.source == "MemAvailable in /proc/meminfo");
    CHECK(kb::cli::memory_budget(meminfo, "max\n", "123\n", "").bytes == 23000000ULL * 1024); // no cgroup limit
    b = kb::cli::memory_budget(meminfo, "8000000000\n", "1000000000\n", "");
    CHECK(b.bytes == 7000000000ULL);
    CHECK(contains(b.source, "control group"));
    b = kb::cli::memory_budget(meminfo, "8000000000\n", "1000000000\n", "2G");
    CHECK(b.bytes == 2000000000ULL);
    CHECK(b.source == "KB_MEMORY_LIMIT");
    CHECK(kb::cli::memory_budget("", "", "", "1500").bytes == 1500);
    CHECK(kb::cli::memory_budget("", "", "", "3k").bytes == 3000);
    CHECK(kb::cli::memory_budget("", "", "", "").source == "no limit found");
    CHECK_THROWS_WITH_AS(kb::cli::memory_budget("", "", "", "lots"), doctest::Contains("KB_MEMORY_LIMIT='lots': expected a number"),
                         kb::cli::usage_error);
    CHECK_THROWS_AS(kb::cli::memory_budget("", "", "", "-5"), kb::cli::usage_error);
    CHECK(kb::cli::byte_size(2e10) == "20 GB");
    CHECK(kb::cli::byte_size(3.2e9) == "3.2 GB");
    CHECK(kb::cli::byte_size(640e6) == "640 MB");
    CHECK(kb::cli::byte_size(512) == "512 bytes");
    CHECK(kb::cli::count(50000) == "50\u2009000");
}

TEST_CASE("a run that cannot fit is refused before it starts, with the memory it needs, the memory available and "
          "advice that would fit") {
    const Matrix<double> X = points(300, 2);
    const kb::cli::Inputs in = inputs(X);
    std::ostringstream out;
    {
        // kpca of 300 points takes the Lanczos route: one 300×300 kernel matrix, 720 kB.
        const ScopedEnv limit("KB_MEMORY_LIMIT", "300k");
        try {
            (void)run(options("kpca", "gaussian:gamma=1"), in, out);
            FAIL("kpca ran under KB_MEMORY_LIMIT=300k");
        } catch (const kb::cli::resource_error& e) {
            const std::string m = e.what();
            INFO(m);
            CHECK(contains(m, "N = 300 points in double need about"));
            CHECK(contains(m, "(the 300×300 kernel matrix K̃ in double: 720 kB"));
            CHECK(contains(m, "300 kB are available (KB_MEMORY_LIMIT): use at most "));
            KB_RECORD_REFUSAL("KB_MEMORY_LIMIT=300k kernelbook kpca --kernel gaussian:gamma=1 data.csv  # N = 300", m);
        }
    }
    {
        // In 50 digits the dense route holds six 300×300 matrices of sizeof(real50) bytes a
        // number: refused, with --precision double (which fits) as advice.
        const ScopedEnv limit("KB_MEMORY_LIMIT", "3M");
        try {
            (void)run<kb::real50>(options("kpca", "gaussian:gamma=1"), in, out);
            FAIL("kpca in 50 digits ran under KB_MEMORY_LIMIT=3M");
        } catch (const kb::cli::resource_error& e) {
            const std::string m = e.what();
            INFO(m);
            CHECK(contains(m, "N = 300 points in 50 digits need about"));
            CHECK(kb::cli::library_spellings(m).empty());
            CHECK(contains(m, fmt::format("6 matrices of 300×300 in 50 digits at {} bytes a number", sizeof(kb::real50))));
            CHECK(contains(m, "or run in --precision double"));
            KB_RECORD_REFUSAL("KB_MEMORY_LIMIT=3M kernelbook kpca --kernel gaussian:gamma=1 --precision 50 data.csv  # N = 300", m);
        }
    }
    // map holds several N×N matrices; mds and pca are checked the same way.
    const ScopedEnv limit("KB_MEMORY_LIMIT", "100k");
    CHECK_THROWS_WITH_AS(run(options("map", "gaussian:gamma=1"), in, out), doctest::Contains("training points in double need"),
                         kb::cli::resource_error);
    CHECK_THROWS_AS(run(options("pca"), inputs(points(3000, 2)), out), kb::cli::resource_error);
}

// ---------------------------------------------------------------------------------------
// New points: memory linear in their number

TEST_CASE("map --transform of M new points takes memory linear in M: never the M×M Gram matrix of the new points") {
    const Matrix<double> X = points(20, 2) * 3.0, Z = points(6000, 2) * 3.0;
    const kb::cli::Inputs in = inputs(X, &Z);
    NullBuffer null;
    std::ostream out(&null);
    Json report;
    const long long growth = peak_growth([&] { report = run(options("map", "gaussian:gamma=0.5"), in, out).report; });
    // What it needs: the 6000 new points, N×M kernel values and features in blocks, a few
    // 20×20 matrices: under 4 MB. The 6000×6000 Gram matrix of the new points alone is 288 MB.
    check_memory(growth, 32LL << 20);
    CHECK(report["transform"]["rows"].get<long>() == 6000);
    // The estimate the command checks is linear in M as well.
    const double e0 = kb::cli::estimate::map(60, 2, 0, 8).total();
    const double e1 = kb::cli::estimate::map(60, 2, 1'000'000, 8).total();
    CHECK(e1 - e0 <= 1e6 * 2 * 8 + (16 << 20));
}

TEST_CASE("the transform output computed in blocks as it is written equals the library's transform of all new points "
          "at once") {
    // The blocks: 10 rows in blocks of 3 (the last one short), in order, or all kept for --verify.
    Matrix<double> all(10, 2);
    for (Eigen::Index i = 0; i < 10; ++i) all.row(i) << double(i) + 0.5, -double(i);
    const std::function<Matrix<double>(Eigen::Index, Eigen::Index)> block = [&](Eigen::Index i, Eigen::Index n) {
        return Matrix<double>(all.middleRows(i, n));
    };
    std::ostringstream blocks, whole;
    kb::cli::detail::finish_in_blocks<double>("y", 10, 2, 3, block, Json::object(), false).write_rows(blocks);
    kb::cli::detail::write_csv_rows(whole, all);
    CHECK(blocks.str() == whole.str());
    const kb::cli::Outcome kept = kb::cli::detail::finish_in_blocks<double>("y", 10, 2, 3, block, Json::object(), true);
    REQUIRE(kept.values.has_value());
    CHECK(*kept.values == all.cast<kb::real100>());
    // map, kpca and pca: the command's output for new points is the fitted model's transform.
    const Matrix<double> X = points(40, 2) * 3.0, Z = points(300, 2) * 3.0;
    const kb::cli::Inputs in = inputs(X, &Z);
    const Matrix<double> Xd = kb::io::to_matrix<double>(in.data), Zd = kb::io::to_matrix<double>(*in.fresh);
    const auto same = [&](const kb::cli::Options& o, const Matrix<double>& expected) {
        std::ostringstream out, ref;
        (void)run(o, in, out);
        kb::cli::detail::write_csv_rows(ref, expected);
        return out.str() == ref.str();
    };
    CHECK(same(options("map", "gaussian:gamma=2"),
               kb::ExplicitFeatureMap<double>(kb::GaussianKernel<double>(2.0), Xd).transform(Zd)));
    CHECK(same(options("kpca", "gaussian:gamma=2", 3),
               kb::KernelPca<double>(kb::GaussianKernel<double>(2.0), Xd, {.components = 3}).transform(Zd)));
    CHECK(same(options("pca"), kb::Pca<double>(Xd).transform(Zd)));
}

TEST_CASE("pca of 10 points in 4000 dimensions checks its result without forming the 4000×4000 scatter matrix") {
    const Matrix<double> A = points(10, 4000);
    const kb::cli::Inputs in = inputs(A);
    std::ostringstream out;
    Json report;
    const long long growth = peak_growth([&] { report = run(options("pca"), in, out).report; });
    // The data are 320 kB; the q×q scatter matrix would be 128 MB.
    check_memory(growth, 24LL << 20);
    CHECK(report["components"].get<long>() == 9);
    for (const Json& c : report["checks"]) CHECK(c["passed"].get<bool>());
}

// ---------------------------------------------------------------------------------------
// Low rank on the fast route

TEST_CASE("kernel PCA of rank-2 data keeps the Lanczos route: at most 10 components give the 2 above the rank "
          "tolerance, with the rest of the spectrum bounded") {
    const Matrix<double> X = points(400, 2);
    const kb::KernelPca<double> kp(kb::LinearKernel<double>{}, X, {.components = 10, .at_most = true});
    CHECK(kp.solver() == kb::KpcaSolver::lanczos);
    CHECK(kp.components() == 2);
    CHECK(kp.rank() == 2);
    CHECK(kp.rank_is_exact());
    REQUIRE(kp.remainder_bound().has_value());
    CHECK(*kp.remainder_bound() <= kp.rank_tolerance());
    CHECK(contains(kp.solver_reason(), "the numerical rank of K̃ is 2, below the 10 components asked for"));
    // The same two eigenpairs as the dense route, to its backward error.
    const kb::KernelPca<double> dense(kb::LinearKernel<double>{}, X, {.solver = kb::KpcaSolver::dense});
    REQUIRE(dense.components() == 2);
    KB_CHECK_WITHIN((kp.eigenvalues() - dense.eigenvalues()).cwiseAbs().maxCoeff(),
                    kb::test::factorisation<double>(400, dense.eigenvalues()(0)), "μ₁, μ₂ of both routes");
    KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(kp.scores() - dense.scores())),
                    kb::test::subspace<double>(400, dense.eigenvalues()(0), dense.eigenvalues()(0) - dense.eigenvalues()(1)),
                    "scores of both routes");
    // Asking for 5 on the Lanczos route is refused with the rank, at once.
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(kb::LinearKernel<double>{}, X, {.components = 5, .solver = kb::KpcaSolver::lanczos}),
                         doctest::Contains("5 components were asked for, but the centred kernel matrix K̃ has numerical "
                                           "rank 2 (μ_3 ≤ ‖K̃ − U diag(μ) Uᵀ‖_F = "),
                         kb::error);
}

TEST_CASE("kpca --kernel linear on 2-D data with the default components runs the Lanczos route and reports the rank "
          "it found") {
    const Matrix<double> X = points(400, 2);
    std::ostringstream out;
    const auto started = std::chrono::steady_clock::now();
    const Json r = run(options("kpca", "linear"), inputs(X), out).report;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    INFO(r.dump(2));
    CHECK(r["solver"].get<std::string>().rfind("lanczos:", 0) == 0);
    CHECK(r["components"].get<long>() == 2);
    CHECK(r["rank"].get<long>() == 2);
    CHECK(contains(r["rank_is"].get<std::string>(), "the numerical rank of K̃"));
    CHECK(r.contains("remainder_bound"));
    for (const Json& c : r["checks"]) CHECK(c["passed"].get<bool>());
    CHECK(seconds < 1.0); // the dense route and a Lanczos run that cannot converge took seconds
    // -p 5 is refused with the rank: a mathematical refusal, not a fall-back to another route.
    CHECK_THROWS_WITH_AS(run(options("kpca", "linear", 5), inputs(X), out), doctest::Contains("ask for at most 2"),
                         kb::error);
}

TEST_CASE("a K~ that is not PSD stays a refusal on the fast route: no fall-back to the dense route, and low rank does "
          "not hide it") {
    // K = −XXᵀ for 300 points in the plane: K̃ = −X̃X̃ᵀ has rank 2 and two clearly negative
    // eigenvalues, all others zero. The sampled principal submatrix shows a negative eigenvalue
    // before any Lanczos run (Cauchy's interlacing theorem).
    const Matrix<double> X = points(300, 2);
    const Matrix<double> K = -X * X.transpose();
    const auto started = std::chrono::steady_clock::now();
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.components = 10, .at_most = true}),
                         doctest::Contains("is not positive semi-definite: its smallest eigenvalue is at most -"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::KernelPca<double>(K, {.components = 3}), doctest::Contains("principal submatrix on 20 of the 300 points"),
                         kb::error);
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() < 1.0);
    // The same matrix with the opposite sign is PSD of rank 2, and kept on the fast route.
    const kb::KernelPca<double> psd(Matrix<double>(-K), {.components = 10, .at_most = true});
    CHECK(psd.solver() == kb::KpcaSolver::lanczos);
    CHECK(psd.components() == 2);
}

// ---------------------------------------------------------------------------------------
// Time: the progress line

TEST_CASE("the progress line gives the share done, the time elapsed and an estimate of the time left") {
    double now = 0;
    std::ostringstream err;
    kb::cli::Progress progress(err, true, "kpca", [&] { return now; });
    progress.long_run();
    const kb::ProgressCallback report = progress.callback();
    report("tridiagonal form", 0.0);
    now = 10;
    report("tridiagonal form", 0.25);
    // 25 % in 10 s: 30 s left.
    CHECK(contains(err.str(), "kernelbook kpca: [  10.0 s] tridiagonal form: 25 % done, about 30 s left"));
    now = 10.5; // less than a second later, and no new tenth: not rewritten
    report("tridiagonal form", 0.27);
    CHECK(!contains(err.str(), "27 %"));
    now = 40;
    report("eigenvectors", 1.0);
    CHECK(contains(err.str(), "100 % done, finished"));
    progress.done();
    CHECK(contains(err.str(), "finished\x1b[K\nkernelbook kpca: [  40.0 s] done\n"));
    // Not a terminal: nothing at all.
    std::ostringstream quiet;
    kb::cli::Progress off(quiet, false, "kpca");
    off.long_run();
    off.callback()("tridiagonal form", 0.5);
    CHECK(quiet.str().empty());
}

TEST_CASE("kpca in 50 digits reports the progress of its eigen-decomposition on a terminal") {
    const Matrix<double> X = points(40, 2);
    const kb::cli::Inputs in = inputs(X);
    std::ostringstream err;
    kb::cli::Progress progress(err, true, "kpca");
    progress.long_run();
    (void)kb::cli::run_in<kb::real50>(options("kpca", "gaussian:gamma=1", 2), in, progress, false);
    INFO(err.str());
    CHECK(contains(err.str(), "tridiagonal form: 0 % done"));
    CHECK(contains(err.str(), "eigenvectors: 100 % done, finished"));
}
