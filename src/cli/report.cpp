/// \file report.cpp
/// \brief The text rendering of the report and the progress messages (report.hpp).
#include "cli/report.hpp"

#include <fmt/format.h>

#include <chrono>
#include <ostream>

namespace kb::cli {
namespace {

// A duration for the progress line: "42 s", "12 min", "2.5 h".
std::string duration_text(double seconds) {
    if (seconds < 90) return fmt::format("{:.0f} s", seconds);
    if (seconds < 5400) return fmt::format("{:.0f} min", seconds / 60);
    return fmt::format("{:.1f} h", seconds / 3600);
}

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

Progress::Progress(std::ostream& err, bool enabled, std::string command, std::function<double()> clock)
    : err_(err), enabled_(enabled), command_(std::move(command)), clock_(std::move(clock)) {
    if (!clock_)
        clock_ = [] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
        };
    start_ = clock_();
}

double Progress::elapsed() const { return clock_() - start_; }

void Progress::end_line() {
    if (line_open_) err_ << '\n';
    line_open_ = false;
}

void Progress::stage(std::string_view what) {
    computation_start_ = -1; // a new stage: the next report starts a new computation
    if (!enabled_ || !(long_run_ || elapsed() > 1.0)) return;
    end_line();
    err_ << fmt::format("kernelbook {}: [{:6.1f} s] {}\n", command_, elapsed(), what) << std::flush;
    announced_ = true;
}

void Progress::done() {
    if (!enabled_ || !announced_) return;
    end_line();
    err_ << fmt::format("kernelbook {}: [{:6.1f} s] done\n", command_, elapsed()) << std::flush;
}

ProgressCallback Progress::callback() {
    return [this](std::string_view step, double done) { report(step, done); };
}

// One progress line, rewritten in place ('\r', then erase to the end of the line) — at most once
// a second, and at each tenth of the way.
void Progress::report(std::string_view step, double done) {
    const double now = elapsed();
    if (computation_start_ < 0 || done < last_done_ || done == 0) {
        computation_start_ = now;
        last_line_ = -1;
        last_done_ = 0;
    }
    if (!enabled_ || !(long_run_ || now > 1.0)) return;
    const bool tenth = int(done * 10) > int(last_done_ * 10);
    if (last_line_ >= 0 && now - last_line_ < 1.0 && !tenth) return;
    const double spent = now - computation_start_;
    std::string left;
    if (done >= 1)
        left = "finished";
    else if (done > 0.005 && spent > 0)
        left = fmt::format("about {} left", duration_text(spent * (1 - done) / done));
    else
        left = "estimating the time left";
    err_ << fmt::format("\rkernelbook {}: [{:6.1f} s] {}: {:.0f} % done, {}\x1b[K", command_, now, step, 100 * done, left)
         << std::flush;
    line_open_ = true;
    announced_ = true;
    last_line_ = now;
    last_done_ = done;
}

} // namespace kb::cli
