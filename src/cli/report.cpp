/// \file report.cpp
/// \brief The text rendering of the report and the progress messages (report.hpp).
#include "cli/report.hpp"

#include <fmt/format.h>

#include <ostream>

namespace kb::cli {
namespace {

bool scalar_array(const Json& a) {
    for (const Json& x : a)
        if (x.is_object() || x.is_array()) return false;
    return true;
}

std::string scalar_text(const Json& x) {
    if (x.is_string()) return x.get<std::string>();
    if (x.is_null()) return "—";
    return x.dump();
}

void render(const Json& node, int indent, std::string& s) {
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    for (auto it = node.begin(); it != node.end(); ++it) {
        const std::string& key = it.key();
        const Json& v = it.value();
        if (key == "checks" && v.is_array()) {
            s += pad + "checks:\n";
            for (const Json& c : v)
                s += fmt::format("{}  {} {}: {} ≤ {}   ({}; bound {})\n", pad, c.value("passed", false) ? "PASS" : "FAIL",
                                 c.value("check", ""), c.value("value", ""), c.value("bound", ""), c.value("measures", ""),
                                 c.value("bound_formula", ""));
        } else if (v.is_object()) {
            s += pad + key + ":\n";
            render(v, indent + 2, s);
        } else if (v.is_array() && scalar_array(v)) {
            std::string line;
            for (const Json& x : v) line += (line.empty() ? "" : ", ") + scalar_text(x);
            s += pad + key + ": " + (line.empty() ? "(none)" : line) + "\n";
        } else if (v.is_array()) {
            s += pad + key + ":\n";
            for (const Json& x : v) {
                if (x.is_object()) {
                    s += pad + "  -\n";
                    render(x, indent + 4, s);
                } else if (x.is_array() && scalar_array(x)) {
                    std::string line;
                    for (const Json& y : x) line += (line.empty() ? "" : ", ") + scalar_text(y);
                    s += pad + "  - " + line + "\n";
                } else {
                    s += pad + "  - " + scalar_text(x) + "\n";
                }
            }
        } else {
            s += pad + key + ": " + scalar_text(v) + "\n";
        }
    }
}

} // namespace

std::string render_json(const Json& report) {
    return report.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string render_text(const Json& report) {
    // The same strings as the JSON report: invalid UTF-8 replaced, then read back.
    const Json valid = Json::parse(report.dump(-1, ' ', false, Json::error_handler_t::replace));
    std::string s;
    render(valid, 0, s);
    return s;
}

Progress::Progress(std::ostream& err, bool enabled, std::string command)
    : err_(err), enabled_(enabled), command_(std::move(command)), start_(std::chrono::steady_clock::now()) {}

double Progress::elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::stage(std::string_view what) {
    if (!enabled_ || !(long_run_ || elapsed() > 1.0)) return;
    err_ << fmt::format("kernelbook {}: [{:6.1f} s] {}\n", command_, elapsed(), what) << std::flush;
    announced_ = true;
}

void Progress::done() {
    if (enabled_ && announced_) err_ << fmt::format("kernelbook {}: [{:6.1f} s] done\n", command_, elapsed()) << std::flush;
}

} // namespace kb::cli
