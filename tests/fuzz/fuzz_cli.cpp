/// \file fuzz_cli.cpp
/// \brief libFuzzer target: the whole `kernelbook` command line, writing real files. The input is
///        split at newlines into arguments; the first line is written as a data file `d.csv` in
///        the target's working directory (its scratch directory), so that the subcommands run on
///        it. The outputs are real files: an argument may name a file of the scratch directory
///        (so --out, --report, --transform and d.csv may name the same file), `nodir/NAME` (a
///        missing directory) or /dev/full (a full device); any other path becomes d.csv. An
///        argument line `>full` puts standard output on /dev/full.
///
/// The command must return one of its documented exit codes and never throw, say why when it
/// fails, never write a NaN or an infinity in a table, never change its input, never leave a
/// temporary file, and write no file at all when it fails (every exit code but 0, 4 and 5).
#include "cli/cli.hpp"
#include "cli/output.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>

namespace fs = std::filesystem;

namespace {

// The directories of the working directory when the target starts (the fuzzer's corpus):
// never touched. Every file in it is an output of an earlier run, removed before the next.
const std::set<std::string>& kept_directories() {
    static const std::set<std::string> kept = [] {
        std::set<std::string> k;
        for (const auto& e : fs::directory_iterator(".")) if (e.is_directory()) k.insert(e.path().filename().string());
        return k;
    }();
    return kept;
}

std::vector<std::string> files_here() {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator("."))
        if (!kept_directories().count(e.path().filename().string())) names.push_back(e.path().filename().string());
    return names;
}

// An argument that names a file stays inside the scratch directory, or names a file of the
// missing directory nodir/, or (as an output) /dev/full; a real argument is a C string: it ends
// at its first NUL.
std::string confined(std::string a, bool output) {
    a = a.substr(0, a.find('\0'));
    if (output && a == "/dev/full") return a;
    const bool in_nodir = a.rfind("nodir/", 0) == 0 && a.find('/', 6) == std::string::npos;
    return a.find("..") == std::string::npos && (a.find('/') == std::string::npos || in_nodir) ? a : "d.csv";
}

// The same for an argument of the form --out=FILE.
std::string confined_argument(const std::string& a, bool after_output_option) {
    for (const char* option : {"--out=", "--report=", "--transform="})
        if (a.rfind(option, 0) == 0)
            return option + confined(a.substr(std::string(option).size()), std::string(option) != "--transform=");
    return confined(a, after_output_option);
}

std::string read(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> lines;
    std::size_t from = 0;
    for (;;) {
        const std::size_t nl = text.find('\n', from);
        lines.push_back(text.substr(from, nl == std::string::npos ? std::string::npos : nl - from));
        if (nl == std::string::npos) break;
        from = nl + 1;
    }
    // A clean directory, then the data: the first line, with ';' standing for a line break.
    for (const std::string& name : files_here()) fs::remove_all(name);
    std::string csv = lines.front();
    for (char& c : csv)
        if (c == ';') c = '\n';
    std::ofstream("d.csv", std::ios::binary) << csv;
    std::vector<std::string> args{"kernelbook"};
    bool full = false;
    for (std::size_t i = 1; i < lines.size() && args.size() < 16; ++i) {
        const std::string previous = args.back();
        if (lines[i] == ">full") full = true;
        else args.push_back(confined_argument(lines[i], previous == "--out" || previous == "-o" || previous == "--report"));
    }
    // Standard output: a string, or the full device.
    static const int full_fd = ::open("/dev/full", O_WRONLY);
    kb::cli::FdStreambuf full_buffer(full_fd);
    std::ostringstream text_out, err;
    std::ostream full_out(&full_buffer);
    const int code = kb::cli::run(args, full ? full_out : static_cast<std::ostream&>(text_out), err);
    full_buffer.pubsync();
    if (code < 0 || code > 6 || code == 1) std::abort(); // 1: an internal error
    // A failure always says why; certify's verdicts 4 (refuted) and 5 (undecided) are answers,
    // given on standard output (or standard error when the witness takes it).
    if (code != 0 && err.str().empty() && text_out.str().find("verdict") == std::string::npos && !full) std::abort();
    // The input is never written, no temporary is left, and a failed run writes no file.
    if (read("d.csv") != csv) std::abort();
    for (const std::string& name : files_here()) {
        if (name.find(".kernelbook-") != std::string::npos) std::abort();
        if (code != 0 && code != 4 && code != 5 && name != "d.csv") std::abort();
    }
    // A written table never holds a NaN or an infinity.
    std::istringstream table(text_out.str());
    std::string line;
    std::getline(table, line);
    if (code == 0 && (line.rfind("pc1", 0) == 0 || line.rfind("x1", 0) == 0 || line.rfind("phi1", 0) == 0))
        while (std::getline(table, line)) {
            std::istringstream fields(line);
            std::string f;
            while (std::getline(fields, f, ','))
                if (f.find("nan") != std::string::npos || f.find("inf") != std::string::npos) std::abort();
        }
    return 0;
}
