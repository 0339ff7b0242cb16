/// \file fuzz_cli.cpp
/// \brief libFuzzer target: the whole `kernelbook` command line. The input is split at newlines
///        into arguments; the first line is written as a data file `d.csv` in a private
///        directory (the working directory of the target), so that the subcommands run on it.
///        The command must return one of its documented exit codes and never throw; arguments
///        that would write files (--out, --report with a name) are replaced by `-`, and paths
///        outside the directory are not allowed.
#include "cli/cli.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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
    // The data: the first line, with ';' standing for a line break.
    std::string csv = lines.front();
    for (char& c : csv)
        if (c == ';') c = '\n';
    std::remove("d.csv"); // a new file each time, as in fuzz_idx.cpp: no flush to the disk
    std::ofstream("d.csv", std::ios::binary) << csv;
    std::vector<std::string> args{"kernelbook"};
    bool writes = false;
    for (std::size_t i = 1; i < lines.size() && args.size() < 16; ++i) {
        std::string a = lines[i];
        a = a.substr(0, a.find('\0')); // a real argument is a C string: it ends at its first NUL
        if (a.find('/') != std::string::npos || a.find("..") != std::string::npos) a = "d.csv";
        if (writes) a = "-";
        writes = a == "--out" || a == "-o" || a == "--report" || a.rfind("--out=", 0) == 0 || a.rfind("--report=", 0) == 0;
        if (a.rfind("--out=", 0) == 0 || a.rfind("--report=", 0) == 0) a = a.substr(0, a.find('=')) + "=-";
        args.push_back(a);
    }
    std::ostringstream out, err;
    const int code = kb::cli::run(args, out, err);
    if (code != 0 && code != 2 && code != 3 && code != 4 && code != 5) std::abort(); // 1: an internal error
    // A failure always says why; certify's verdicts 4 (refuted) and 5 (undecided) are answers,
    // given on standard output.
    if (code != 0 && err.str().empty() && out.str().find("verdict") == std::string::npos) std::abort();
    // A written table never holds a NaN or an infinity.
    std::istringstream table(out.str());
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
