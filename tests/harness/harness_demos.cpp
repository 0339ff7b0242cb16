/// \file harness_demos.cpp
/// \brief Test cases that must end in a particular way — fail, skip, count their cases —
///        run one at a time by check_harness_demo.cmake, which asserts the exit code and the
///        output. Not tests of their own: tests/harness/CMakeLists.txt registers the checks.
#include "test_support.hpp"

#include "kernelbook/error.hpp"

#include <fstream>
#include <string>

TEST_CASE("demo: a property that discards more than half of its cases") {
    kb::test::property<double>([] {
        const long a = *kb::test::int_in(0, 9);
        RC_PRE(a == 0); // nine values out of ten are discarded
        RC_ASSERT(a == 0);
    }, 20);
}

TEST_CASE("demo: a test that cannot run skips with its reason") {
    kb::test::skip("the demo's data file is missing (this is the demo)");
    CHECK(false); // never reached
}

TEST_CASE("demo: an explicit case count is multiplied by KB_CASES_FACTOR") {
    int calls = 0;
    kb::test::property<double>([&] { ++calls; }, 7);
    std::cout << "KB_DEMO_CALLS=" << calls << "\n";
}

TEST_CASE("demo: a law and a companion are written to the tightness report") {
    KB_CHECK_WITHIN(1e-17, kb::test::one_pass<double>(2, 1.0), "demo law");
    KB_CHECK_EXCEEDS(1.0, kb::test::one_pass<double>(2, 1.0), "demo companion");
}

TEST_CASE("demo: a companion whose broken computation returns NaN fails") {
    KB_CHECK_EXCEEDS(std::numeric_limits<double>::quiet_NaN(), kb::test::one_pass<double>(2, 1.0),
                     "NaN instead of a wrong number");
}

// Run with --reporters=kb-refusals (the catalogue of refusals, docs/tools/refusals.py): only
// the first check and the noted refusal may be printed; the two failing checks must not.
TEST_CASE("demo: only refusals that pass their check are recorded") {
    const auto refuse = [](int x) {
        if (x < 0) throw kb::error("demo: x = " + std::to_string(x) + " is negative");
        return x;
    };
    CHECK_THROWS_WITH_AS(refuse(-1), doctest::Contains("is negative"), kb::error);
    CHECK_THROWS_WITH_AS(refuse(-2), doctest::Contains("is positive"), kb::error); // the wrong message: fails
    CHECK_THROWS_WITH_AS(refuse(3), doctest::Contains("is negative"), kb::error);  // no refusal: fails
    KB_RECORD_REFUSAL("demo input", "demo message");
}
