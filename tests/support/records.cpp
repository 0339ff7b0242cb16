/// \file records.cpp
/// \brief What every comparison records (tolerance.hpp): the largest error/bound ratio per
///        kind and type (printed with `KB_REPORT_RATIOS=1`), the tightness report
///        (`KB_BOUND_REPORT=<file>`), with the name of the running test case, and the tally of
///        each test case that the chapter's summary is made of (summary.hpp). Free of doctest
///        and rapidcheck, so that the benchmarks link the very same code.

#include "summary.hpp"
#include "tolerance.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace kb::test {

namespace {
std::string& test_name_storage() {
    static std::string name = "(outside a test case)";
    return name;
}
} // namespace

const std::string& current_test_name() { return test_name_storage(); }
void set_current_test_name(const std::string& name) { test_name_storage() = name; }

namespace {
struct RatioReport {
    std::map<std::pair<std::string, std::string>, double> max_ratio;
    ~RatioReport() {
        const char* on = std::getenv("KB_REPORT_RATIOS");
        if (!on || std::string(on) != "1" || max_ratio.empty()) return;
        for (const auto& [key, r] : max_ratio)
            std::cerr << "KB_RATIO kind=\"" << key.first << "\" type=" << key.second << " max_error_over_bound=" << r
                      << "\n";
    }
};
RatioReport& ratio_report() {
    static RatioReport report;
    return report;
}
} // namespace

void record_ratio(const std::string& kind, const std::string& type, double ratio) {
    // Only passing checks calibrate the constants: a ratio above 1 is either a failing
    // test (reported by the test itself) or a failing companion that asserts the failure
    // on purpose (its ratio of 10¹⁰…10⁹⁷ says nothing about rounding).
    if (!(ratio <= 1)) return;
    static std::mutex m;
    std::lock_guard<std::mutex> lock(m);
    double& slot = ratio_report().max_ratio[{kind, type}];
    slot = std::max(slot, ratio);
}

namespace {
/// The tightness report: lines buffered in the process and appended to the file named by
/// KB_BOUND_REPORT at exit, one write() each (O_APPEND), so that the processes of a
/// parallel ctest run can share one file.
struct BoundReport {
    std::string path;
    std::vector<std::string> lines;
    BoundReport() {
        const char* p = std::getenv("KB_BOUND_REPORT");
        if (p && *p) path = p;
    }
    ~BoundReport() { flush(); }
    void flush() {
        if (path.empty() || lines.empty()) return;
        const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
        if (fd < 0) {
            std::cerr << "kernelbook: cannot open KB_BOUND_REPORT file " << path << "\n";
            return;
        }
        for (const auto& line : lines) {
            const ssize_t written = ::write(fd, line.data(), line.size());
            (void)written;
        }
        ::close(fd);
        lines.clear();
    }
};
BoundReport& bound_report() {
    static BoundReport report;
    return report;
}
std::string tsv_field(std::string s) {
    for (char& c : s)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return s;
}
} // namespace

void record_comparison(const std::string& what, const std::string& kind, const std::string& type, Expect expect,
                       double error, double bound, double ratio, bool ok) {
    tally_comparison(type, expect, bound, ratio, ok);
    BoundReport& report = bound_report();
    if (report.path.empty()) return;
    static std::mutex m;
    std::lock_guard<std::mutex> lock(m);
    std::ostringstream os;
    os.precision(6);
    os << tsv_field(current_test_name()) << '\t' << tsv_field(what) << '\t' << type << '\t' << tsv_field(kind)
       << '\t' << (expect == Expect::within ? "within" : "exceeds") << '\t' << error << '\t' << bound << '\t'
       << ratio << '\t' << (ok ? "ok" : "FAILED") << '\n';
    report.lines.push_back(os.str());
    if (report.lines.size() >= 4096) report.flush();
}

void flush_bound_report() { bound_report().flush(); }

// ---------------------------------------------------------------- the test cases' tallies

namespace {
std::mutex tally_mutex;
std::vector<CaseTally>& tallies() {
    static std::vector<CaseTally> all;
    return all;
}
/// The tally of the running test case; comparisons made outside a test case have none.
CaseTally* running_tally() {
    auto& all = tallies();
    return !all.empty() && all.back().status.empty() ? &all.back() : nullptr;
}
/// A scalar type's name without "kb::", as the chapters write it.
std::string plain_type(const std::string& t) { return t.rfind("kb::", 0) == 0 ? t.substr(4) : t; }
/// The type a template test case names at its end ("…<kb::real50>"), without "kb::".
std::string type_of_name(const std::string& name) {
    if (name.empty() || name.back() != '>') return "";
    const auto open = name.rfind('<');
    if (open == std::string::npos) return "";
    return plain_type(name.substr(open + 1, name.size() - open - 2));
}
} // namespace

void tally_test_case_start(const std::string& name, const std::string& suite) {
    std::lock_guard<std::mutex> lock(tally_mutex);
    CaseTally t;
    t.name = name;
    t.suite = suite;
    if (const std::string type = type_of_name(name); !type.empty()) t.types.insert(type);
    tallies().push_back(std::move(t));
}

void tally_test_case_end(const std::string& status, int assertions) {
    std::lock_guard<std::mutex> lock(tally_mutex);
    if (CaseTally* t = running_tally()) {
        t->assertions = assertions;
        t->status = t->stub ? "not written" : status;
    }
}

void tally_comparison(const std::string& type, Expect expect, double bound, double ratio, bool ok) {
    std::lock_guard<std::mutex> lock(tally_mutex);
    CaseTally* t = running_tally();
    if (!t) return;
    t->types.insert(plain_type(type));
    if (!ok) return; // a failing comparison fails its test case, which says so
    if (expect == Expect::exceeds) {
        ++t->companions;
    } else if (bound > 0) {
        ++t->bounded;
        t->worst_ratio = std::max(t->worst_ratio, ratio);
    } else {
        ++t->exact;
    }
}

void tally_generated_cases(long cases) {
    std::lock_guard<std::mutex> lock(tally_mutex);
    if (CaseTally* t = running_tally()) {
        ++t->properties;
        t->generated_cases += cases;
    }
}

void tally_stub() {
    std::lock_guard<std::mutex> lock(tally_mutex);
    if (CaseTally* t = running_tally()) t->stub = true;
}

std::vector<CaseTally> test_case_tallies() {
    std::lock_guard<std::mutex> lock(tally_mutex);
    return tallies();
}

std::string summary_records(const std::string& program) {
    std::ostringstream os;
    os.precision(6);
    for (const CaseTally& t : test_case_tallies()) {
        std::string types;
        for (const auto& type : t.types) types += (types.empty() ? "" : ",") + type;
        os << tsv_field(program) << '\t' << tsv_field(t.suite) << '\t' << tsv_field(t.name) << '\t'
           << t.status << '\t' << (types.empty() ? "-" : types) << '\t' << t.properties << '\t'
           << t.generated_cases << '\t' << t.assertions << '\t' << t.bounded << '\t' << t.exact << '\t'
           << t.companions << '\t';
        if (t.bounded > 0)
            os << t.worst_ratio;
        else
            os << '-';
        os << '\n';
    }
    return os.str();
}

bool append_summary_records(const std::string& path, const std::string& program) {
    const std::string text = summary_records(program);
    if (text.empty()) return true;
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0) return false;
    // One write: the processes of a parallel ctest run append to the same file.
    const ssize_t written = ::write(fd, text.data(), text.size());
    ::close(fd);
    return written == static_cast<ssize_t>(text.size());
}

} // namespace kb::test
