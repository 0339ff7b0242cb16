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

// A deliberately broken "centring" (it subtracts the mean of the first row only) checked by a
// law that shows its objects: the failure must print them as matrices with their names and
// shapes, both sides of the identity, the bound line, and no raw draws of the generator.
TEST_CASE("demo: a failing law prints its counterexample in the statement's notation") {
    kb::test::property<double>([] {
        const int N = *kb::test::size_in(2, 4);
        const IntMatrix Xi = *kb::test::points(N, 2, 5);
        const Matrix<double> X = kb::from_integers<double>(Xi);
        kb::test::show("X, the points (rows)", X);
        const Matrix<double> broken = X.rowwise() - X.row(0);
        const Matrix<double> centred = X.rowwise() - X.colwise().mean();
        kb::test::show("your X − 𝟙μ", broken);
        kb::test::show("X − 𝟙μ (expected)", centred);
        KB_RC_WITHIN(kb::max_abs(Matrix<double>(broken - centred)), kb::test::one_pass<double>(N, X.cwiseAbs().maxCoeff()),
                     "X − 𝟙μ");
    });
}

// An exercise stub met by two laws of one test case, then by a law of another: the stub's
// message once, nothing more from the same test case, and one short line from the other.
namespace {
void stub_laws(int laws) {
    const auto stub = [](const Matrix<double>&) -> Matrix<double> {
        throw kb::exercise::not_written_error(
            "exercise 9.9 (demo_function) is not written yet: write it in chapters/demo/exercises/demo.hpp, then "
            "run `ctest --test-dir build -L exercises-09`");
    };
    for (int law = 0; law < laws; ++law)
        kb::test::property<double>([&] {
            const IntMatrix Xi = *kb::test::points(3, 2, 5);
            const Matrix<double> X = kb::from_integers<double>(Xi);
            kb::test::show("X", X);
            RC_ASSERT(stub(X).rows() == 3);
        }, 0, law == 0 ? "first law" : "second law");
}
} // namespace

TEST_CASE("demo: an exercise stub reports only that it is not written (two laws)") { stub_laws(2); }
TEST_CASE("demo: an exercise stub reports only that it is not written (another test case)") { stub_laws(1); }
