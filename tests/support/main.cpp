/// \file main.cpp
/// \brief doctest's main for every test executable of the book.
///
/// ctest runs each test case on its own, as `binary --test-case=<name>`. A filter that
/// matches no test case makes doctest report "test cases: 0" and exit 0 — a test that
/// checks nothing and passes. That happens when a name cannot be passed through intact
/// (CMake splits test names at ';'). So a run with a --test-case filter that selects
/// nothing is a failure here (exit code 3), with a message that says why. The count comes
/// from the listener in support.cpp (kb::test::test_cases_started()).
///
/// After the run, each test case's tally (summary.hpp) goes to the file named by
/// `KB_SUMMARY_FILE` (ctest sets it for the chapters' tests; tests/summary.py makes the
/// chapter's summary from it after ctest's run), or, when the program ran more than one test
/// case on its own, is printed as the chapter's summary by tests/summary.py (KB_SOURCE_DIR),
/// unless `KB_SUMMARY=0`.
#define DOCTEST_CONFIG_IMPLEMENT
#include "property.hpp"
#include "summary.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include <unistd.h>

namespace {

bool has_test_case_filter(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        for (const char* flag : {"--test-case=", "-tc=", "--dt-test-case=", "--dt-tc="}) {
            if (std::strncmp(argv[i], flag, std::strlen(flag)) == 0) return true;
        }
    }
    return false;
}

/// The tallies of this run: appended to KB_SUMMARY_FILE, or shown as the summary table.
void summarise(const char* argv0) {
    const std::string program = std::filesystem::path(argv0).filename().string();
    if (const char* file = std::getenv("KB_SUMMARY_FILE"); file && *file) {
        if (!kb::test::append_summary_records(file, program))
            std::cerr << "kernelbook: cannot append the summary records to KB_SUMMARY_FILE=" << file << "\n";
        return;
    }
    const char* on = std::getenv("KB_SUMMARY");
    if ((on && std::string(on) == "0") || kb::test::test_cases_started() < 2) return;
#ifdef KB_SOURCE_DIR
    char path[] = "/tmp/kb-summary-XXXXXX";
    const int fd = ::mkstemp(path);
    if (fd < 0) return;
    ::close(fd);
    if (kb::test::append_summary_records(path, program)) {
        std::cout.flush();
        const std::string command = std::string("python3 '") + KB_SOURCE_DIR + "/tests/summary.py' --records '" +
                                    path + "' --source '" + KB_SOURCE_DIR + "'";
        if (std::system(command.c_str()) != 0)
            std::cerr << "kernelbook: the summary was not shown (it needs python3: " << command << ")\n";
    }
    std::remove(path);
#endif
}

} // namespace

int main(int argc, char** argv) {
    doctest::Context context(argc, argv);
    const int result = context.run();
    if (context.shouldExit()) return result; // --help, --list-test-cases, …
    summarise(argv[0]);
    if (kb::test::test_cases_started() == 0 && has_test_case_filter(argc, argv)) {
        std::cerr << "kernelbook: the --test-case filter selected no test case, so nothing was "
                     "checked; a test name must not contain ';' (CMake splits names there) — "
                     "list the names with --list-test-cases\n";
        return 3;
    }
    return result;
}
