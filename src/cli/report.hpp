#pragma once
/// \file report.hpp
/// \brief The verification report of the `kernelbook` command: one ordered JSON document built
///        by each subcommand, printed as JSON or as indented text. Every number in it is a
///        string with the full digits of the precision used (JSON numbers are doubles and
///        would drop digits); counts are integers.

#include "kernelbook/matrix.hpp"
#include "kernelbook/progress.hpp"
#include "kernelbook/real.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace kb::cli {

/// \brief The report: an ordered JSON object (members keep the order they were added in).
using Json = nlohmann::ordered_json;

/// \brief x with the full digits of T: the shortest decimal that reads back as the same
///        double; 50 or 100 significant digits for real50 and real100; p/q for rationals.
///        Never "-0".
template <class T>
std::string number(const T& x) {
    if constexpr (std::is_same_v<T, double>) {
        return x == 0 ? std::string("0") : fmt::format("{}", x);
    } else if constexpr (is_exact_v<T>) {
        return x.str();
    } else {
        if (x == 0) return "0";
        return x.str(std::numeric_limits<T>::digits10, std::ios_base::fmtflags(0));
    }
}

/// \brief A vector as an array of kb::cli::number strings.
template <class Derived>
Json numbers(const Eigen::MatrixBase<Derived>& v) {
    Json a = Json::array();
    for (Eigen::Index i = 0; i < v.size(); ++i) a.push_back(number(v(i)));
    return a;
}

/// \brief One check of a result: its name, what it measures, the measured error, the bound the
///        precision's arithmetic allows (and how it is derived), and whether it passed.
template <class T>
Json check(const std::string& name, const std::string& measures, const T& value, const T& bound,
           const std::string& bound_formula) {
    Json c;
    c["check"] = name;
    c["measures"] = measures;
    c["value"] = number(value);
    c["bound"] = number(bound);
    c["bound_formula"] = bound_formula;
    c["passed"] = static_cast<bool>(value <= bound);
    return c;
}

/// \brief The report as indented text: "key: value" lines, arrays of numbers on one line,
///        checks as "PASS name: value ≤ bound". Bytes that are not UTF-8 (a file name or a
///        header from the user's file) are shown as U+FFFD, as in kb::cli::render_json.
std::string render_text(const Json& report);

/// \brief The report as JSON text, indented by 2, ending with a line break. A string with bytes
///        that are not UTF-8 (a file name or a header from the user's file) cannot be written as
///        JSON: each such byte is written as U+FFFD (the replacement character).
std::string render_json(const Json& report);

/// \brief Progress on standard error for long runs: a stage is announced once the run has
///        lasted a second (or at once when `long_run` says the whole run will), and only when
///        standard error is a terminal. Within a long stage the library reports the share done
///        (kb::ProgressCallback, from kb::Progress::callback()): one line, rewritten in place at
///        most once a second, with the time elapsed and an estimate of the time left.
class Progress {
public:
    /// \brief `enabled`: standard error is a terminal; `command`: the subcommand's name;
    ///        `clock`: seconds since some fixed time (default: a steady clock; tests pass their own).
    Progress(std::ostream& err, bool enabled, std::string command, std::function<double()> clock = {});
    /// \brief The run will take long (a large N or a high precision): announce every stage.
    void long_run() { long_run_ = true; }
    /// \brief A new stage begins.
    void stage(std::string_view what);
    /// \brief The run is over: says how long it took, if anything was announced.
    void done();
    /// \brief A callback for the library: each call gives the step and the share of the
    ///        computation done; the line says "34 % done, about 25 s left" — the time left
    ///        extrapolated from the time since the computation's first report, (1 − f)/f of it.
    ProgressCallback callback();

private:
    double elapsed() const;
    void report(std::string_view step, double done);
    void end_line();
    std::ostream& err_;
    bool enabled_;
    bool long_run_ = false;
    bool announced_ = false;
    bool line_open_ = false;   // a progress line without its newline yet
    double computation_start_ = -1; // when the current callback's first report came
    double last_line_ = -1;    // when the progress line was last written
    double last_done_ = 0;     // the share it showed
    std::string command_;
    std::function<double()> clock_;
    double start_;
};

} // namespace kb::cli
