/// \file support.cpp
/// \brief The compiled half of the test support: the doctest listener that names the
///        running test, seeds, the ratio report, and the generators.

#include "generators.hpp"
#include "property.hpp"
#include "summary.hpp"
#include "tolerance.hpp"

#include <Eigen/LU>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <optional>
#include <sstream>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace kb::test {

namespace {
int started_test_cases = 0;
} // namespace

int test_cases_started() { return started_test_cases; }

/// doctest listener: remembers the name of the test case that is starting, which gives
/// every rapidcheck property a stable id for its seed and for `reproduce=`, counts
/// the test cases that start, and opens and closes each one's tally (summary.hpp).
struct TestNameListener : doctest::IReporter {
    explicit TestNameListener(const doctest::ContextOptions&) {}
    void report_query(const doctest::QueryData&) override {}
    void test_run_start() override {}
    void test_run_end(const doctest::TestRunStats&) override {}
    void test_case_start(const doctest::TestCaseData& tc) override {
        set_current_test_name(tc.m_name);
        ++started_test_cases;
        tally_test_case_start(tc.m_name, tc.m_test_suite ? tc.m_test_suite : "");
    }
    void test_case_reenter(const doctest::TestCaseData&) override {}
    void test_case_end(const doctest::CurrentTestCaseStats& st) override {
        const char* status = "FAILED";
        if (st.failure_flags & doctest::TestCaseFailureReason::ShouldHaveFailedAndDid)
            status = "rejected as expected";
        else if (st.testCaseSuccess)
            status = "passed";
        tally_test_case_end(status, st.numAssertsCurrentTest);
    }
    void test_case_exception(const doctest::TestCaseException&) override {}
    void subcase_start(const doctest::SubcaseSignature&) override {}
    void subcase_end() override {}
    void log_assert(const doctest::AssertData&) override {}
    void log_message(const doctest::MessageData&) override {}
    void test_case_skipped(const doctest::TestCaseData&) override {}
};
DOCTEST_REGISTER_LISTENER("kb-test-name", 1, TestNameListener);

namespace {
/// Before rapidcheck reads its configuration (lazily, at the first property), make the
/// base seed 20261122 unless RC_PARAMS already chooses one: the suite is deterministic
/// by default, and `RC_PARAMS="seed=…"` explores other cases.
const bool default_seed_installed = [] {
    const char* params = std::getenv("RC_PARAMS");
    std::string value = params ? params : "";
    if (value.find("seed=") == std::string::npos) {
        value += (value.empty() ? "" : " ") + std::string("seed=20261122");
        setenv("RC_PARAMS", value.c_str(), 1);
    }
    return true;
}();
} // namespace

std::uint64_t base_seed() { return rc::detail::configuration().testParams.seed; }

int cases_factor() {
    const char* f = std::getenv("KB_CASES_FACTOR");
    const int v = f ? std::atoi(f) : 1;
    return v >= 1 ? v : 1;
}

[[noreturn]] void skip(const std::string& reason) {
    std::cout.flush();
    std::cerr << "kernelbook: SKIPPED " << current_test_name() << ": " << reason << "\n";
    std::cerr.flush();
    flush_bound_report();
    std::_Exit(skip_exit_code);
}

std::optional<int> user_max_success() {
    const char* params = std::getenv("RC_PARAMS");
    if (!params) return std::nullopt;
    const std::string value = params;
    const auto at = value.find("max_success=");
    if (at == std::string::npos) return std::nullopt;
    const int n = std::atoi(value.c_str() + at + std::string("max_success=").size());
    if (n < 1) return std::nullopt;
    return n;
}

// ---------------------------------------------------------------- generators

rc::Gen<int> size_in(int lo, int hi) { return rc::gen::resize(100, rc::gen::inRange(lo, hi + 1)); }

rc::Gen<long> int_in(long lo, long hi) {
    // Zig-zag around the value of [lo, hi] nearest to zero, so that shrinking goes to it:
    // offsets 0, +1, −1, +2, −2, … that stay inside the range.
    const long centre = std::clamp(0L, lo, hi);
    const long width = hi - lo;
    return rc::gen::map(rc::gen::resize(100, rc::gen::inRange(0L, width + 1)), [=](long k) {
        const long up = hi - centre, down = centre - lo;
        // The k-th element of the sequence centre, centre+1, centre−1, … restricted to [lo, hi].
        const long both = 2 * std::min(up, down);
        if (k <= both) return k % 2 == 1 ? centre + (k + 1) / 2 : centre - k / 2;
        const long rest = k - both;
        return up > down ? centre + std::min(up, down) + rest : centre - std::min(up, down) - rest;
    });
}

rc::Gen<IntMatrix> int_matrix(int rows, int cols, long lo, long hi) {
    return rc::gen::map(rc::gen::container<std::vector<long>>(static_cast<std::size_t>(rows) * cols, int_in(lo, hi)),
                        [rows, cols](const std::vector<long>& v) {
                            IntMatrix M(rows, cols);
                            for (int i = 0; i < rows; ++i)
                                for (int j = 0; j < cols; ++j) M(i, j) = v[static_cast<std::size_t>(i) * cols + j];
                            return M;
                        });
}

rc::Gen<IntMatrix> points(int N, int q, long bound) { return int_matrix(N, q, -bound, bound); }

rc::Gen<IntMatrix> distinct_points(int N, int q, long bound) {
    return rc::gen::suchThat(points(N, q, bound), [](const IntMatrix& P) {
        for (Eigen::Index i = 0; i < P.rows(); ++i)
            for (Eigen::Index j = i + 1; j < P.rows(); ++j)
                if (P.row(i) == P.row(j)) return false;
        return true;
    });
}

rc::Gen<IntMatrix> skew_symmetric(int n, long bound) {
    return rc::gen::map(int_matrix(n, n, -bound, bound), [n](const IntMatrix& M) {
        IntMatrix S = IntMatrix::Zero(n, n);
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) {
                S(i, j) = M(i, j);
                S(j, i) = -M(i, j);
            }
        return S;
    });
}

rc::Gen<std::vector<long>> decreasing_spectrum(int n, long min_gap, long max_value) {
    const long slack = max_value - static_cast<long>(n) * min_gap;
    return rc::gen::map(rc::gen::container<std::vector<long>>(static_cast<std::size_t>(n), int_in(0, slack)),
                        [n, min_gap](std::vector<long> b) {
                            // Sorted offsets b₁ ≤ … ≤ bₙ plus i·gap: increasing with gaps ≥ min_gap.
                            std::sort(b.begin(), b.end());
                            std::vector<long> lambda(static_cast<std::size_t>(n));
                            for (int i = 0; i < n; ++i) lambda[static_cast<std::size_t>(i)] = b[static_cast<std::size_t>(i)] + (i + 1) * min_gap;
                            std::reverse(lambda.begin(), lambda.end());
                            return lambda;
                        });
}

template <class T>
Matrix<T> cayley_orthogonal(const IntMatrix& S, long den) {
    const Eigen::Index n = S.rows();
    const Matrix<rational> Sq = from_integers<rational>(S, den);
    const Matrix<rational> I = Matrix<rational>::Identity(n, n);
    // Q = (I − S)(I + S)⁻¹, exactly; I + S is invertible for skew-symmetric S.
    const Matrix<rational> Q = (I - Sq) * Eigen::PartialPivLU<Matrix<rational>>(I + Sq).inverse();
    return convert_matrix<T>(Q);
}

template Matrix<double> cayley_orthogonal<double>(const IntMatrix&, long);
template Matrix<real50> cayley_orthogonal<real50>(const IntMatrix&, long);
template Matrix<real100> cayley_orthogonal<real100>(const IntMatrix&, long);
template Matrix<rational> cayley_orthogonal<rational>(const IntMatrix&, long);

} // namespace kb::test

namespace kb::test {

bool first_report_of_stub(const std::string& message) {
    static std::set<std::string> reported;
    return reported.insert(message).second;
}

bool first_report_of_stub_in_test_case(const std::string& message) {
    static std::set<std::pair<std::string, std::string>> reported;
    return reported.insert({current_test_name(), message}).second;
}

std::vector<Exhibit>& detail::current_exhibits() {
    static thread_local std::vector<Exhibit> exhibits;
    return exhibits;
}

std::string exhibits_text(const std::vector<Exhibit>& exhibits) {
    std::string out;
    for (const Exhibit& e : exhibits) out += "  " + e.name + " =" + e.text() + "\n";
    return out;
}

} // namespace kb::test
