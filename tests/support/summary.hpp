#pragma once
/// \file summary.hpp
/// \brief What each test case established, tallied as it runs: the chapter's summary.
///
/// A chapter's checks end with a table a student can read (tests/summary.py): for each
/// statement of the chapter, by its label and in the chapter's order, the scalar types it was
/// checked in, the number of generated cases, and the worst error/bound ratio seen. The test
/// support tallies, for every test case that runs, what that table is made of:
///  - its name and doctest suite, and how it ended ("passed", "FAILED", "rejected as expected"
///    for a companion marked should_fail, "not written" for an exercise stub);
///  - the scalar types of its name (`…<kb::real50>`) and of its comparisons;
///  - the properties it ran and their generated cases (property.hpp);
///  - its doctest assertions, and its comparisons of an error with a bound (tolerance.hpp)
///    that passed: the bounded ones, with the worst ratio |error|/bound among them, the exact
///    ones (bound 0) and the companions (a wrong formula shown to exceed the bound).
///
/// Where the tallies go (tests/support/main.cpp): with `KB_SUMMARY_FILE=<file>` (ctest sets it
/// for every chapter test) one tab-separated line per test case is appended to the file,
/// which tests/summary.py turns into the tables after the run; a chapter's test program run
/// on its own, with more than one test case, prints its table at the end (`KB_SUMMARY=0`
/// turns that off).

#include <set>
#include <string>
#include <vector>

namespace kb::test {

enum class Expect;

/// \brief One test case's tally.
struct CaseTally {
    std::string name, suite;
    std::string status; ///< empty while the test case runs
    std::set<std::string> types;
    int properties = 0;
    long generated_cases = 0;
    int assertions = 0;
    long bounded = 0, exact = 0, companions = 0;
    double worst_ratio = 0;
    bool stub = false;
};

/// \brief A test case starts (the doctest listener of support.cpp).
void tally_test_case_start(const std::string& name, const std::string& suite);
/// \brief The running test case ends with `status` and doctest's count of its assertions.
void tally_test_case_end(const std::string& status, int assertions);
/// \brief A comparison of the running test case (record_comparison, tolerance.hpp).
void tally_comparison(const std::string& type, Expect expect, double bound, double ratio, bool ok);
/// \brief A property of the running test case passed `cases` generated cases (property.hpp).
void tally_generated_cases(long cases);
/// \brief The running test case met an exercise stub (property.hpp).
void tally_stub();

/// \brief Every test case's tally so far, in the order they ran.
std::vector<CaseTally> test_case_tallies();
/// \brief The tallies as tab-separated lines: program, suite, test case, status, types,
///        properties, generated cases, assertions, bounded, exact, companions, worst ratio
///        ("-" when no bounded comparison).
std::string summary_records(const std::string& program);
/// \brief Appends summary_records(program) to `path` in one write; false if it cannot.
bool append_summary_records(const std::string& path, const std::string& program);

} // namespace kb::test
