/// \file study_statistics.cpp
/// \brief Tests of the statistics of chapter 8's study (§8.10): the corrected resampled
///        t-test of Nadeau and Bengio beside the plain paired t-test, and Holm's step-down
///        correction, each against a small case computed by hand, each with a failing companion
///        (a wrong variance factor, the divisor n for n − 1, Bonferroni in place of Holm).
#include "chapter_support.hpp"

#include "kernelbook/study_statistics.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <cmath>
#include <limits>
#include <vector>

namespace {

// |x − want| within a few units in the last place of want: the hand computation below and the
// library both take a few correctly rounded operations from the same inputs.
bool stats_agrees(double x, double want) { return std::abs(x - want) <= 8 * std::numeric_limits<double>::epsilon() * std::abs(want); }

// The two-sided tail P(|T₃| ≥ t) of Student's t with 3 degrees of freedom in closed form:
// with u = t/√3, P = 1 − (2/π)(u/(1 + u²) + atan u) (its density is (6√3/π)/(3 + t²)²).
double tail_t3(double t) {
    const double u = t / std::sqrt(3.0);
    return 1 - (2 / M_PI) * (u / (1 + u * u) + std::atan(u));
}

} // namespace

TEST_CASE("study statistics: the corrected resampled t-test of 1 2 3 4 with n_test/n_train = 1/2 has the variance "
          "factor 1/4 + 1/2 - the plain test 1/4 - p-values from the closed form of t with 3 degrees of freedom "
          "[ghiasi:fig1-4]") {
    // By hand: J = 4, mean 5/2, s² = (9/4 + 1/4 + 1/4 + 9/4)/3 = 5/3. Corrected: f = 1/4 + 1/2 = 3/4,
    // standard error √(5/3 · 3/4) = √(5/4), t = (5/2)/√(5/4) = √5. Plain: f = 1/4, se = √(5/12),
    // t = √15. The quantile t_{0.975,3} from Boost.Math, checked against the table's 3.182446.
    const double tq = boost::math::quantile(boost::math::students_t(3.0), 0.975);
    CHECK(std::abs(tq - 3.182446) <= 0.5e-6);
    const std::vector<double> x = {1, 2, 3, 4};
    const kb::ResampledTTest c = kb::corrected_resampled_t_test(x, 0.5);
    CHECK(c.interval.n == 4);
    CHECK(stats_agrees(c.interval.mean, 2.5));
    CHECK(stats_agrees(c.interval.sd * c.interval.sd, 5.0 / 3));
    CHECK(stats_agrees(c.variance_factor, 0.75));
    CHECK(stats_agrees(c.interval.half_width, tq * std::sqrt(5.0 / 4)));
    CHECK(stats_agrees(c.interval.lower, 2.5 - tq * std::sqrt(5.0 / 4)));
    CHECK(stats_agrees(c.interval.upper, 2.5 + tq * std::sqrt(5.0 / 4)));
    CHECK(stats_agrees(c.t, std::sqrt(5.0)));
    CHECK(std::abs(c.p_value - tail_t3(std::sqrt(5.0))) <= 1e-12); // 0.111367: Boost's cdf against the closed form
    const kb::ResampledTTest p = kb::plain_t_test(x);
    CHECK(stats_agrees(p.variance_factor, 0.25));
    CHECK(stats_agrees(p.interval.half_width, tq * std::sqrt(5.0 / 12)));
    CHECK(stats_agrees(p.interval.half_width, kb::t_interval(x).half_width)); // the plain test is t_interval's
    CHECK(stats_agrees(p.t, std::sqrt(15.0)));
    CHECK(std::abs(p.p_value - tail_t3(std::sqrt(15.0))) <= 1e-12); // 0.030466
    // At α = 0.05 the plain test rejects "mean 0" and the corrected one does not.
    CHECK(p.p_value < 0.05);
    CHECK(c.p_value > 0.05);
    // Failing companions: each wrong formula gives a half-width the check above rejects.
    const double right = tq * std::sqrt(5.0 / 4);
    CHECK_FALSE(stats_agrees(tq * std::sqrt(5.0 / 3 * (0.25 + 2.0)), right)); // n_train/n_test for n_test/n_train
    CHECK_FALSE(stats_agrees(tq * std::sqrt(5.0 / 3 * 0.5), right));          // the 1/J term left out
    CHECK_FALSE(stats_agrees(tq * std::sqrt(5.0 / 4 * 0.75), right));         // s² with the divisor n = 4
    CHECK_FALSE(stats_agrees(boost::math::quantile(boost::math::students_t(4.0), 0.975) * std::sqrt(5.0 / 4),
                             right)); // J degrees of freedom for J − 1
    CHECK_FALSE(std::abs(std::erfc(std::sqrt(5.0) / std::sqrt(2.0)) - tail_t3(std::sqrt(5.0))) <= 1e-12); // normal tail
}

TEST_CASE("study statistics: failing companion: the resampled t-test with values all equal - a negative ratio - "
          "one value [ghiasi:fig1-4]") {
    // All differences +0.01: no spread, so nothing but a real difference explains them (p = 0);
    // all differences 0: no evidence at all (p = 1). Neither is a NaN.
    const kb::ResampledTTest up = kb::corrected_resampled_t_test({0.01, 0.01, 0.01}, 1);
    CHECK(up.p_value == 0);
    CHECK(up.t == std::numeric_limits<double>::infinity());
    CHECK(up.interval.half_width == 0);
    const kb::ResampledTTest zero = kb::corrected_resampled_t_test({0, 0, 0}, 1);
    CHECK(zero.p_value == 1);
    CHECK(zero.t == 0);
    CHECK_THROWS_WITH_AS(kb::corrected_resampled_t_test({1, 2}, -1),
                         doctest::Contains("corrected_resampled_t_test: test_to_train = -1 must be a finite ratio "
                                           "n_test/n_train >= 0"), kb::error);
    CHECK_THROWS_WITH_AS(kb::corrected_resampled_t_test({1}, 1),
                         doctest::Contains("t_interval: 1 value(s) were given; a t-interval needs at least two"),
                         kb::error);
}

TEST_CASE("study statistics: Holm adjusts 0.012 0.015 0.02 0.2 to 0.048 0.048 0.048 0.2 and rejects three at 0.05 - "
          "Bonferroni would reject one [ghiasi:fig1-4]") {
    // By hand, m = 4, p in increasing order: 4·0.012 = 0.048; 3·0.015 = 0.045 → max 0.048;
    // 2·0.02 = 0.04 → 0.048; 1·0.2 = 0.2. Given out of order, returned in the order given.
    const std::vector<double> p = {0.02, 0.2, 0.012, 0.015};
    const std::vector<double> h = kb::holm_adjusted_p_values(p);
    REQUIRE(h.size() == 4);
    CHECK(stats_agrees(h[0], 0.048));
    CHECK(stats_agrees(h[1], 0.2));
    CHECK(stats_agrees(h[2], 0.048));
    CHECK(stats_agrees(h[3], 0.048));
    CHECK(kb::holm_rejects(p, 0.05) == std::vector<bool>{true, false, true, true});
    CHECK(kb::holm_rejects(p, 0.04) == std::vector<bool>{false, false, false, false}); // 0.048 > 0.04 stops at once
    // Capped at 1: 2·0.6 = 1.2 → 1, and 0.7 → max(1, 0.7) = 1.
    CHECK(kb::holm_adjusted_p_values({0.7, 0.6}) == std::vector<double>{1.0, 1.0});
    // Failing companions: Bonferroni (m·p_i: 0.08, 0.8, 0.048, 0.06) and Holm without the running
    // maximum (0.04, 0.2, 0.048, 0.045) give values the checks above reject.
    CHECK_FALSE(stats_agrees(4 * 0.02, 0.048));
    CHECK_FALSE(stats_agrees(4 * 0.015, 0.048));
    CHECK_FALSE(stats_agrees(2 * 0.02, 0.048));
    CHECK_FALSE(stats_agrees(3 * 0.015, 0.048));
    CHECK(std::vector<bool>{4 * 0.02 <= 0.05, 4 * 0.2 <= 0.05, 4 * 0.012 <= 0.05, 4 * 0.015 <= 0.05} !=
          kb::holm_rejects(p, 0.05));
}

TEST_CASE("study statistics: failing companion: Holm refuses no p-values - a p-value outside [0, 1] - alpha outside "
          "(0, 1) [ghiasi:fig1-4]") {
    CHECK_THROWS_WITH_AS(kb::holm_adjusted_p_values({}),
                         doctest::Contains("holm_adjusted_p_values: no p-values were given"), kb::error);
    CHECK_THROWS_WITH_AS(kb::holm_adjusted_p_values({0.5, 1.5}),
                         doctest::Contains("holm_adjusted_p_values: a p-value is 1.5; every p-value must be in [0, 1]"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::holm_adjusted_p_values({0.5, NAN}),
                         doctest::Contains("holm_adjusted_p_values: a p-value is nan"), kb::error);
    CHECK_THROWS_WITH_AS(kb::holm_rejects({0.5}, 0), doctest::Contains("holm_rejects: alpha = 0 must be in (0, 1)"),
                         kb::error);
}
