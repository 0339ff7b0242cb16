#pragma once
/// \file study_statistics.hpp
/// \brief Tests for a study over repeated random splits: the corrected resampled t-test of
///        Nadeau and Bengio for splits that share their images, beside the plain paired
///        t-test, and Holm's step-down correction for a family of such tests.
///
/// Chapter 8's study (\ref ch08-checks-study "How chapter 8 is checked") measures a paired
/// difference \f$\delta_j\f$ of two methods on each of J random splits of one pool of data.
/// The plain t-test treats the \f$\delta_j\f$ as independent and estimates the variance of
/// their mean by \f$s^2/J\f$. Splits drawn from one pool share most of their training and test
/// points, so the \f$\delta_j\f$ are positively correlated and \f$s^2/J\f$ is too small: the
/// plain interval is too narrow and its test rejects too often. Nadeau and Bengio (2003,
/// "Inference for the generalization error", Machine Learning 52) replace the factor 1/J by
/// \f[ \frac1J + \frac{n_\text{test}}{n_\text{train}} , \f]
/// a heuristic correction for that correlation (it assumes the correlation between two
/// splits is \f$n_\text{test}/(n_\text{train}+n_\text{test})\f$), still with J − 1 degrees of
/// freedom. With \f$n_\text{test} = n_\text{train}\f$ the factor is 1/J + 1: the interval is
/// \f$\sqrt{J+1}\f$ times as wide as the plain one.
///
/// A study that shows many intervals will find some that exclude 0 by chance. Holm's
/// step-down procedure (Holm 1979) controls the probability of any false rejection in a family
/// of m tests at α: order the p-values \f$p_{(1)} \le \dots \le p_{(m)}\f$ and reject
/// \f$H_{(1)}, \dots, H_{(k)}\f$ for the largest k with \f$p_{(i)} \le \alpha/(m-i+1)\f$ for
/// every i ≤ k. Equivalently, reject \f$H_i\f$ iff its adjusted p-value is at most α,
/// \f[ \tilde p_{(i)} = \max_{j \le i} \min\bigl(1,\,(m-j+1)\,p_{(j)}\bigr) . \f]
/// It rejects everything Bonferroni's \f$m\,p_i \le \alpha\f$ rejects, and possibly more.
/// \see \ref ch08-checks-study "Chapter 8's study"

#include "kernelbook/error.hpp"
#include "kernelbook/evaluation.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <vector>

namespace kb {

/// \brief A t-test of "the mean of the values is 0" with its confidence interval.
struct ResampledTTest {
    MeanInterval interval;      ///< mean ± \f$t_{(1+\gamma)/2,\,J-1}\; s\sqrt{f}\f$ (n, mean and sd as kb::t_interval)
    double variance_factor = 0; ///< f: 1/J (plain) or 1/J + n_test/n_train (corrected)
    double t = 0;               ///< the statistic \f$\bar x / (s\sqrt f)\f$ (±∞ if s = 0 and \f$\bar x \ne 0\f$, 0 if both are 0)
    double p_value = 1;         ///< two-sided: \f$P(|T_{J-1}| \ge |t|)\f$
};

/// \brief The corrected resampled t-test of Nadeau and Bengio: the J values (one paired
///        difference per split) have the variance of their mean estimated by
///        \f$s^2\,(1/J + n_\text{test}/n_\text{train})\f$ and J − 1 degrees of freedom.
///
/// With `test_to_train` = 0 it is the plain t-test (factor 1/J), whose interval is
/// kb::t_interval's.
/// \param x the values, one per split, at least two, finite
/// \param test_to_train \f$n_\text{test}/n_\text{train}\f$ of one split, ≥ 0 (0: the plain test)
/// \param level the confidence level γ in (0, 1)
/// \throws kb::error if there are fewer than two values, a value is not finite, the ratio is
///         negative or not finite, or γ is not in (0, 1).
inline ResampledTTest corrected_resampled_t_test(const std::vector<double>& x, double test_to_train,
                                                 double level = 0.95) {
    constexpr std::string_view where = "corrected_resampled_t_test";
    require(std::isfinite(test_to_train) && test_to_train >= 0, where,
            "test_to_train = {} must be a finite ratio n_test/n_train >= 0 (0 for the plain t-test)", test_to_train);
    ResampledTTest out;
    out.interval = t_interval(x, level); // checks the values and the level
    const double J = static_cast<double>(x.size());
    out.variance_factor = 1 / J + test_to_train;
    const double se = out.interval.sd * std::sqrt(out.variance_factor);
    const boost::math::students_t dist(J - 1);
    out.interval.half_width = boost::math::quantile(dist, (1 + level) / 2) * se;
    out.interval.lower = out.interval.mean - out.interval.half_width;
    out.interval.upper = out.interval.mean + out.interval.half_width;
    if (se > 0) {
        out.t = out.interval.mean / se;
        out.p_value = std::min(1.0, 2 * boost::math::cdf(boost::math::complement(dist, std::abs(out.t))));
    } else if (out.interval.mean != 0) { // every value the same, not 0: no variation to explain it away
        out.t = std::copysign(std::numeric_limits<double>::infinity(), out.interval.mean);
        out.p_value = 0;
    } // else every value is 0: t = 0, p = 1
    return out;
}

/// \brief The plain paired t-test (the values taken as independent): kb::corrected_resampled_t_test
///        with the factor 1/J.
inline ResampledTTest plain_t_test(const std::vector<double>& x, double level = 0.95) {
    return corrected_resampled_t_test(x, 0, level);
}

/// \brief Holm's step-down adjusted p-values of a family of m tests:
///        \f$\tilde p_{(i)} = \max_{j\le i}\min(1, (m-j+1)\,p_{(j)})\f$ for the p-values in
///        increasing order, returned in the order given. Test i is rejected at family-wise
///        level α iff \f$\tilde p_i \le \alpha\f$ (kb::holm_rejects). Equal p-values get equal
///        adjusted values.
/// \param p the m p-values, each in [0, 1], at least one
/// \throws kb::error if p is empty or a value is not in [0, 1].
inline std::vector<double> holm_adjusted_p_values(const std::vector<double>& p) {
    constexpr std::string_view where = "holm_adjusted_p_values";
    require(!p.empty(), where, "no p-values were given; give the p-values of the whole family of tests");
    for (double v : p) require(v >= 0 && v <= 1, where, "a p-value is {}; every p-value must be in [0, 1]", v);
    const std::size_t m = p.size();
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    std::vector<double> out(m);
    double running = 0;
    for (std::size_t i = 0; i < m; ++i) {
        running = std::max(running, std::min(1.0, static_cast<double>(m - i) * p[order[i]]));
        out[order[i]] = running;
    }
    return out;
}

/// \brief Which tests of the family Holm's procedure rejects at family-wise level α.
/// \throws kb::error if α is not in (0, 1), and as kb::holm_adjusted_p_values.
inline std::vector<bool> holm_rejects(const std::vector<double>& p, double alpha = 0.05) {
    require(alpha > 0 && alpha < 1, "holm_rejects", "alpha = {} must be in (0, 1), e.g. 0.05", alpha);
    const std::vector<double> adjusted = holm_adjusted_p_values(p);
    std::vector<bool> out(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) out[i] = adjusted[i] <= alpha;
    return out;
}

} // namespace kb
