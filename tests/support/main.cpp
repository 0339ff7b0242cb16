/// \file main.cpp
/// \brief doctest's main for every test executable of the book.
///
/// ctest runs each test case on its own, as `binary --test-case=<name>`. A filter that
/// matches no test case makes doctest report "test cases: 0" and exit 0 — a test that
/// checks nothing and passes. That happens when a name cannot be passed through intact
/// (CMake splits test names at ';'). So a run with a --test-case filter that selects
/// nothing is a failure here (exit code 3), with a message that says why. The count comes
/// from the listener in support.cpp (kb::test::test_cases_started()).
#define DOCTEST_CONFIG_IMPLEMENT
#include "property.hpp"

#include <cstring>
#include <iostream>

namespace {

bool has_test_case_filter(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        for (const char* flag : {"--test-case=", "-tc=", "--dt-test-case=", "--dt-tc="}) {
            if (std::strncmp(argv[i], flag, std::strlen(flag)) == 0) return true;
        }
    }
    return false;
}

} // namespace

int main(int argc, char** argv) {
    doctest::Context context(argc, argv);
    const int result = context.run();
    if (context.shouldExit()) return result; // --help, --list-test-cases, …
    if (kb::test::test_cases_started() == 0 && has_test_case_filter(argc, argv)) {
        std::cerr << "kernelbook: the --test-case filter selected no test case, so nothing was "
                     "checked; a test name must not contain ';' (CMake splits names there) — "
                     "list the names with --list-test-cases\n";
        return 3;
    }
    return result;
}
