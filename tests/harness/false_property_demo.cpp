/// \file false_property_demo.cpp
/// \brief A deliberately false statement, "(a + b)² = a² + b² for all integers a, b",
///        run through the property bridge. check_false_property.cmake asserts that it
///        fails, shrinks to a minimal counterexample, and replays it exactly.
#include "test_support.hpp"

TEST_CASE("the bridge reports a false property: (a + b)^2 = a^2 + b^2") {
    kb::test::property<double>([] {
        const long a = *kb::test::int_in(-1000, 1000);
        const long b = *kb::test::int_in(-1000, 1000);
        RC_ASSERT((a + b) * (a + b) == a * a + b * b);
    });
}
