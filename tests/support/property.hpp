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
/// `real100` (the suite's 60-second budget); `KB_CASES_FACTOR=10` multiplies them for a
/// deeper run.
///
/// Inside a property use `RC_ASSERT`, `RC_FAIL` and KB_RC_WITHIN, never doctest's `CHECK`.

#include "kernelbook/real.hpp"

#include <doctest/doctest.h>
#include <rapidcheck.h>

#include <cstdint>
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

/// \brief The base seed: 20261122, or the `seed=` of `RC_PARAMS` when given.
std::uint64_t base_seed();

/// \brief Multiplier for the number of cases, from `KB_CASES_FACTOR` (default 1).
int cases_factor();

/// \brief Default number of cases per property for scalar type T.
template <class T>
int default_cases() {
    int base = 100;
    if constexpr (std::is_same_v<T, kb::real50>) base = 40;
    if constexpr (std::is_same_v<T, kb::real100>) base = 20;
    if constexpr (std::is_same_v<T, kb::rational>) base = 40;
    return base * cases_factor();
}

/// \brief Runs `testable` as a rapidcheck property and reports to doctest.
/// \param cases number of successful cases required (default: kb::test::default_cases<T>()).
/// \param tag   distinguishes several properties in one test case.
template <class T, class Testable>
void property(Testable&& testable, int cases = 0, const std::string& tag = "") {
    using namespace rc::detail;
    TestMetadata metadata;
    metadata.id = current_test_name() + (tag.empty() ? "" : "/" + tag);
    metadata.description = metadata.id;

    TestParams params = configuration().testParams;
    params.maxSuccess = cases > 0 ? cases : default_cases<T>();
    // FNV-1a of the id: every property explores its own deterministic cases.
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char ch : metadata.id) h = (h ^ ch) * 1099511628211ull;
    params.seed = base_seed() ^ h;

    const TestResult result =
        checkProperty(toProperty(std::forward<Testable>(testable)), metadata, params, globalTestListener(),
                      configuration().reproduce);

    if (result.template is<SuccessResult>()) {
        CHECK(result.template get<SuccessResult>().numSuccess == params.maxSuccess);
        return;
    }
    std::ostringstream os;
    printResultMessage(result, os);
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
