#pragma once
/// \file property.hpp
/// \brief The doctest ↔ rapidcheck bridge.
///
/// `kb::test::property<T>(testable)` runs a rapidcheck property inside the current doctest
/// test case. A failing property
///  - fails the doctest test case (so the binary exits non-zero) with the shrunk
///    counterexample, the failure description and the seed;
///  - prints an `RC_PARAMS="reproduce=…"` string that replays exactly that counterexample.
///
/// Seeds are deterministic: each property gets the seed `base ⊕ hash(test name)`, where
/// `base` is 20261122 unless `RC_PARAMS` sets `seed=…`. So a CI failure reproduces
/// locally with the same command, and `RC_PARAMS="seed=7"` explores new cases.
///
/// The number of cases per property is 100 in `double`, 40 in `real50` and 20 in
/// `real100` (the suite's 60-second budget), or the count a property asks for;
/// `KB_CASES_FACTOR=10` multiplies every count, the default ones and the explicit ones, for
/// a deeper run, and `RC_PARAMS="max_success=…"` sets the count of every property.
///
/// Discarded cases (`RC_PRE`, `gen::suchThat`) are counted: a property that discards any
/// prints how many, and one that discards more than half of the cases it tried fails —
/// its generator is not producing the inputs the statement is about.
///
/// A test that cannot run (a data file missing) calls kb::test::skip(reason): the process
/// exits with code 77, which ctest reports as Skipped with the reason, and the README's
/// test command fails when any test was skipped.
///
/// Inside a property use `RC_ASSERT`, `RC_FAIL` and KB_RC_WITHIN, never doctest's `CHECK`.
///
/// A failing law prints its counterexample as the objects of its statement when it names them
/// with kb::test::show (exhibit.hpp): the values shown by the shrunk failing case, then the
/// failure line, then the replay line — not rapidcheck's list of raw draws. An exercise stub
/// (kb::exercise::not_written_error) is not a counterexample: the property stops at the first
/// case and reports the stub's message alone, once per exercise in a run, and "(as above)" once in
/// each further test case that meets it.

#include "exhibit.hpp"
#include "not_written.hpp"
#include "summary.hpp"
#include "kernelbook/real.hpp"

#include <doctest/doctest.h>
#include <rapidcheck.h>

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>

namespace rc::detail {
// Exported by librapidcheck (declared in a header Debian does not install).
std::string reproduceMapToString(const std::unordered_map<std::string, Reproduce>& reproduceMap);
TestListener& globalTestListener();
} // namespace rc::detail

namespace kb::test {

/// \brief Name of the doctest test case now running (set by a doctest listener).
const std::string& current_test_name();

/// \brief How many test cases have started in this run (after doctest's filters; counted
///        by the same listener). tests/support/main.cpp fails a filtered run that started none.
int test_cases_started();

/// \brief The base seed: 20261122, or the `seed=` of `RC_PARAMS` when given.
std::uint64_t base_seed();

/// \brief Multiplier for the number of cases, from `KB_CASES_FACTOR` (default 1).
int cases_factor();

/// \brief The `max_success=` of `RC_PARAMS`, when the user gives one.
std::optional<int> user_max_success();

/// \brief True the first time `message` (an exercise stub's) is reported in this run.
bool first_report_of_stub(const std::string& message);
/// \brief True the first time `message` is reported in the running test case: the other laws
///        of the same exercise that meet the same stub add nothing (the test case has failed).
bool first_report_of_stub_in_test_case(const std::string& message);

/// \brief ctest's skip code: set as SKIP_RETURN_CODE on every test of the suite.
inline constexpr int skip_exit_code = 77;

/// \brief Ends the running test as Skipped, with `reason` on standard error (exit code 77).
///        Never a silent pass: the README's test command fails when a test was skipped.
[[noreturn]] void skip(const std::string& reason);

/// \brief Default number of cases per property for scalar type T, before KB_CASES_FACTOR
///        (kb::test::property applies the factor to every count).
template <class T>
int default_cases() {
    int base = 100;
    if constexpr (std::is_same_v<T, kb::real50>) base = 40;
    if constexpr (std::is_same_v<T, kb::real100>) base = 20;
    if constexpr (std::is_same_v<T, kb::rational>) base = 40;
    return base;
}

namespace detail {
/// Forwards every event to rapidcheck's own listener and counts the discarded cases of
/// the main run (not of shrinking).
struct DiscardCounter : rc::detail::TestListener {
    rc::detail::TestListener& next;
    int discarded = 0;
    explicit DiscardCounter(rc::detail::TestListener& n) : next(n) {}
    void onTestCaseFinished(const rc::detail::CaseDescription& d) override {
        if (d.result.type == rc::detail::CaseResult::Type::Discard) ++discarded;
        next.onTestCaseFinished(d);
    }
    void onShrinkTried(const rc::detail::CaseDescription& d, bool accepted) override {
        next.onShrinkTried(d, accepted);
    }
    void onTestFinished(const rc::detail::TestMetadata& m, const rc::detail::TestResult& r) override {
        next.onTestFinished(m, r);
    }
};
} // namespace detail

/// \brief Runs `testable` as a rapidcheck property and reports to doctest.
/// \param cases number of successful cases required before KB_CASES_FACTOR (default:
///              kb::test::default_cases<T>()); `RC_PARAMS="max_success=…"` overrides it.
/// \param tag   distinguishes several properties in one test case.
template <class T, class Testable>
void property(Testable&& testable, int cases = 0, const std::string& tag = "") {
    using namespace rc::detail;
    TestMetadata metadata;
    metadata.id = current_test_name() + (tag.empty() ? "" : "/" + tag);
    metadata.description = metadata.id;

    TestParams params = configuration().testParams;
    params.maxSuccess = (cases > 0 ? cases : default_cases<T>()) * cases_factor();
    if (const auto user = user_max_success()) params.maxSuccess = *user;
    // FNV-1a of the id: every property explores its own deterministic cases.
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char ch : metadata.id) h = (h ^ ch) * 1099511628211ull;
    params.seed = base_seed() ^ h;

    detail::DiscardCounter counter(globalTestListener());
    // Each case starts with no exhibits; a failing case leaves its exhibits in `failing` (the
    // last failing case run is the shrunk counterexample: shrinking accepts only failing
    // candidates). A stub's exception ends the case as a success (no shrinking) and is kept.
    std::vector<Exhibit> failing;
    std::optional<std::string> stub;
    auto observed = [&] {
        detail::current_exhibits().clear();
        if (stub) RC_SUCCEED("an exercise stub: not run");
        try {
            testable();
        } catch (const kb::exercise::not_written_error& e) {
            stub = e.what();
            RC_SUCCEED("an exercise stub: not run");
        } catch (const CaseResult& r) {
            if (r.type == CaseResult::Type::Failure) failing = detail::current_exhibits();
            throw;
        } catch (...) {
            failing = detail::current_exhibits();
            throw;
        }
    };
    const TestResult result = checkProperty(toProperty(observed), metadata, params, counter, configuration().reproduce);
    if (stub) {
        tally_stub();
        if (!first_report_of_stub_in_test_case(*stub)) return; // this test case has already failed on it
        // Once per exercise in a run: a second property of the same stub says only that.
        const std::string message =
            first_report_of_stub(*stub) ? *stub : "(as above) " + stub->substr(0, stub->find(": write it in"));
        FAIL_CHECK(message);
        return;
    }

    if (result.template is<SuccessResult>()) {
        const int passed = result.template get<SuccessResult>().numSuccess;
        tally_generated_cases(passed);
        CHECK(passed == params.maxSuccess);
        if (counter.discarded > 0)
            MESSAGE(metadata.id << ": " << passed << " cases passed, " << counter.discarded << " discarded");
        CHECK_MESSAGE(counter.discarded <= passed,
                      metadata.id << ": discarded " << counter.discarded << " of " << counter.discarded + passed
                                  << " cases (more than half): the generator does not produce the inputs the "
                                     "statement is about");
        return;
    }
    if (result.template is<FailureResult>()) tally_generated_cases(result.template get<FailureResult>().numSuccess + 1);
    std::ostringstream os;
    if (result.template is<FailureResult>() && !failing.empty()) {
        const auto& failure = result.template get<FailureResult>();
        os << "counterexample (after " << failure.numSuccess + 1 << " case" << (failure.numSuccess ? "s" : "")
           << ", shrunk " << failure.reproduce.shrinkPath.size() << " time"
           << (failure.reproduce.shrinkPath.size() == 1 ? "" : "s")
           << "), in the statement's notation:\n"
           << exhibits_text(failing) << "\n";
        // An RC_FAIL carries its own message (a bound's verdict: the error, the bound, its
        // formula): leave out rapidcheck's "file:line:\nRC_FAIL(…)\n\n" header before it. An
        // RC_ASSERT keeps its header, which is the expression that failed.
        const std::string& d = failure.description;
        const auto call = d.find(":\nRC_FAIL("), end = d.find(")\n\n", call);
        os << (call != std::string::npos && end != std::string::npos && d.find('\n') == call + 1
                   ? d.substr(end + 3)
                   : d);
    } else {
        printResultMessage(result, os);
    }
    if (result.template is<FailureResult>()) {
        const auto& failure = result.template get<FailureResult>();
        std::unordered_map<std::string, Reproduce> one{{metadata.id, failure.reproduce}};
        os << "\nseed: base " << base_seed() << ", property seed " << params.seed
           << "\nreplay this counterexample: RC_PARAMS=\"reproduce=" << reproduceMapToString(one)
           << "\" <test binary> --test-case=\"" << current_test_name() << "\"";
    }
    FAIL(os.str());
}

} // namespace kb::test
