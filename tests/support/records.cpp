/// \file records.cpp
/// \brief What every comparison records (tolerance.hpp): the largest error/bound ratio per
///        kind and type (printed with `KB_REPORT_RATIOS=1`) and the tightness report
///        (`KB_BOUND_REPORT=<file>`), with the name of the running test case. Free of doctest
///        and rapidcheck, so that the benchmarks link the very same code.

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

} // namespace kb::test
