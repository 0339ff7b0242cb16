#pragma once
/// \file evaluation.hpp
/// \brief Evaluating a classifier over repeated random splits: seeded stratified samples,
///        the 1-nearest-neighbour classifier, Student-t confidence intervals for a mean and
///        the paired comparison of two methods on the same splits.
///
/// Chapter 8's study of the paper's experiment (\ref ch08-checks-study "How chapter 8 is checked") draws, for each
/// split s = 1 … S, a stratified random training and test set, measures the test accuracy of
/// every method on it, and reports for each method the mean accuracy over the splits with a
/// 95 % t-interval, and for two methods A, B the paired differences
/// \f$\delta_s = \mathrm{acc}_B(s) - \mathrm{acc}_A(s)\f$ with their own t-interval. Pairing
/// removes what the split does to both methods alike (an easy or a hard test set), which is
/// usually the largest part of the variation.
///
/// The random numbers come from `std::mt19937_64`, whose output sequence the C++ standard
/// fixes; the draws from it are made here (not with `std::uniform_int_distribution` or
/// `std::shuffle`, whose algorithms are left to the library), so a seed gives the same
/// split with every compiler.
/// \see \ref ch08-checks-study "Chapter 8's study"

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace kb {

/// \brief A uniform integer in [0, n) from a 64-bit generator, without modulo bias
///        (rejection of the incomplete last block of \f$2^{64}\f$ values).
/// \throws kb::error if n = 0.
inline std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t n) {
    require(n > 0, "uniform_below", "n = 0: there is no integer in [0, 0)");
    // Accept x < n·⌊2⁶⁴/n⌋ (the largest multiple of n that fits); then x mod n is uniform.
    const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % n;
    std::uint64_t x = rng();
    while (x >= limit) x = rng();
    return x % n;
}

/// \brief Seeded stratified sample: for each class c in `classes`, the rows labelled c are
///        put in a random order (Fisher–Yates with kb::uniform_below) and cut into
///        consecutive parts of `sizes[0]`, `sizes[1]`, … rows.
///
/// Part j holds `sizes[j]` rows of every class, the parts are disjoint, and each part is
/// returned in increasing row order. The same (y, classes, sizes, seed) give the same parts.
/// With sizes {n, n} one pool gives a training and a test set; with sizes {n} a separate
/// test file gives its own sample (call it with another seed).
/// \param y       N labels
/// \param classes the labels to draw from, distinct, at least one
/// \param sizes   rows per class of each part, each ≥ 1
/// \param seed    the seed of `std::mt19937_64`
/// \returns one list of row indices (into y) per part
/// \throws kb::error if `classes` or `sizes` is empty, a class is listed twice, a size is
///         < 1, or a class has fewer rows than the sizes add up to.
inline std::vector<std::vector<Eigen::Index>> stratified_parts(const std::vector<int>& y, const std::vector<int>& classes,
                                                               const std::vector<Eigen::Index>& sizes,
                                                               std::uint64_t seed) {
    constexpr std::string_view where = "stratified_parts";
    require(!classes.empty(), where, "no classes were given; list the labels to draw from");
    require(!sizes.empty(), where, "no part sizes were given; e.g. {{n_train, n_test}}");
    Eigen::Index total = 0;
    for (Eigen::Index n : sizes) {
        require(n >= 1, where, "a part of {} rows per class was asked for; every part needs at least 1", n);
        total += n;
    }
    for (std::size_t a = 0; a < classes.size(); ++a)
        for (std::size_t b = a + 1; b < classes.size(); ++b)
            require(classes[a] != classes[b], where, "the class {} is listed twice; list each label once", classes[a]);
    std::mt19937_64 rng(seed);
    std::vector<std::vector<Eigen::Index>> parts(sizes.size());
    for (int c : classes) {
        std::vector<Eigen::Index> rows;
        for (std::size_t n = 0; n < y.size(); ++n)
            if (y[n] == c) rows.push_back(static_cast<Eigen::Index>(n));
        require(static_cast<Eigen::Index>(rows.size()) >= total, where,
                "class {} has {} rows, fewer than the {} the parts need together; ask for smaller parts", c,
                rows.size(), total);
        // Fisher–Yates: position i gets a uniform choice among the rows not yet placed.
        for (std::size_t i = 0; i + 1 < rows.size(); ++i)
            std::swap(rows[i], rows[i + uniform_below(rng, rows.size() - i)]);
        std::size_t next = 0;
        for (std::size_t j = 0; j < sizes.size(); ++j)
            for (Eigen::Index m = 0; m < sizes[j]; ++m) parts[j].push_back(rows[next++]);
    }
    for (auto& part : parts) std::sort(part.begin(), part.end());
    return parts;
}

/// \brief The rows of X and entries of y listed in `rows`, in that order.
/// \throws kb::error if y does not have one label per row of X or an index is out of range.
template <class T>
void take_rows(const Matrix<T>& X, const std::vector<int>& y, const std::vector<Eigen::Index>& rows, Matrix<T>& Xout,
               std::vector<int>& yout) {
    require(static_cast<Eigen::Index>(y.size()) == X.rows(), "take_rows",
            "X has {} rows but y has {} labels; give one label per point", X.rows(), y.size());
    Xout.resize(static_cast<Eigen::Index>(rows.size()), X.cols());
    yout.clear();
    for (std::size_t m = 0; m < rows.size(); ++m) {
        require(rows[m] >= 0 && rows[m] < X.rows(), "take_rows", "row index {} is outside 0 … {}", rows[m],
                X.rows() - 1);
        Xout.row(static_cast<Eigen::Index>(m)) = X.row(rows[m]);
        yout.push_back(y[static_cast<std::size_t>(rows[m])]);
    }
}

/// \brief 1-nearest-neighbour classification: each row z of Z gets the label of the
///        training point nearest in the Euclidean norm,
///        \f$\hat y(z) = y_{n^*},\; n^* = \arg\min_n \norm{z - x_n}^2
///        = \arg\min_n \bigl(\norm{x_n}^2 - 2x_n^\top z\bigr)\f$
///        (the term \f$\norm{z}^2\f$ is the same for every n); ties go to the smaller n.
/// \param X N×d training points (rows)
/// \param y their N labels
/// \param Z M×d points to classify
/// \throws kb::error if X is empty, y has the wrong length, the column counts differ, or
///         X or Z is not finite.
inline std::vector<int> nearest_neighbour_classify(const Matrix<double>& X, const std::vector<int>& y,
                                                   const Matrix<double>& Z) {
    constexpr std::string_view where = "nearest_neighbour_classify";
    require(X.rows() >= 1, where, "X has no rows; give at least one training point");
    require(static_cast<Eigen::Index>(y.size()) == X.rows(), where,
            "X has {} rows but y has {} labels; give one label per point", X.rows(), y.size());
    require(Z.cols() == X.cols(), where, "Z has {} columns but X has {}; give points of the training dimension",
            Z.cols(), X.cols());
    require_finite(X, where, "X");
    require_finite(Z, where, "Z");
    // score(n, m) = ‖x_n‖² − 2 x_nᵀ z_m: the squared distance less ‖z_m‖².
    const Vector<double> norms = X.rowwise().squaredNorm();
    const Matrix<double> score = (-2.0 * (X * Z.transpose())).colwise() + norms;
    std::vector<int> out(static_cast<std::size_t>(Z.rows()));
    for (Eigen::Index m = 0; m < Z.rows(); ++m) {
        Eigen::Index best = 0;
        score.col(m).minCoeff(&best); // the first minimum: ties to the smaller n
        out[static_cast<std::size_t>(m)] = y[static_cast<std::size_t>(best)];
    }
    return out;
}

/// \brief A mean with its two-sided Student-t confidence interval.
struct MeanInterval {
    std::size_t n = 0;       ///< number of values
    double mean = 0;         ///< \f$\bar x\f$
    double sd = 0;           ///< sample standard deviation s (divisor n − 1)
    double half_width = 0;   ///< \f$t_{(1+\gamma)/2,\,n-1}\,s/\sqrt n\f$
    double lower = 0;        ///< \f$\bar x\f$ − half_width
    double upper = 0;        ///< \f$\bar x\f$ + half_width
};

/// \brief The mean of n values and its Student-t confidence interval of level γ:
///        \f[ \bar x \pm t_{(1+\gamma)/2,\;n-1}\;\frac{s}{\sqrt n}, \qquad
///            s^2 = \frac{1}{n-1}\sum_i (x_i-\bar x)^2 . \f]
/// It assumes the values independent and their mean close to normal (over random splits
/// of one data set the test sets are disjoint within a split but overlap across splits,
/// so the interval describes the variation of the protocol, not that of new data).
/// \param x the values, at least two, finite
/// \param level γ in (0, 1), e.g. 0.95
/// \throws kb::error if there are fewer than two values, a value is not finite, or γ is
///         not in (0, 1).
inline MeanInterval t_interval(const std::vector<double>& x, double level = 0.95) {
    constexpr std::string_view where = "t_interval";
    require(x.size() >= 2, where, "{} value(s) were given; a t-interval needs at least two", x.size());
    require(level > 0 && level < 1, where, "level = {} must be in (0, 1), e.g. 0.95", level);
    for (double v : x) require(std::isfinite(v), where, "a value is {}; all values must be finite", v);
    MeanInterval out;
    out.n = x.size();
    const double n = static_cast<double>(x.size());
    for (double v : x) out.mean += v;
    out.mean /= n;
    double ss = 0;
    for (double v : x) ss += (v - out.mean) * (v - out.mean);
    out.sd = std::sqrt(ss / (n - 1));
    const double t = boost::math::quantile(boost::math::students_t(n - 1), (1 + level) / 2);
    out.half_width = t * out.sd / std::sqrt(n);
    out.lower = out.mean - out.half_width;
    out.upper = out.mean + out.half_width;
    return out;
}

/// \brief The paired comparison of two methods A and B measured on the same splits.
struct PairedComparison {
    MeanInterval difference; ///< t-interval of \f$\delta_s = b_s - a_s\f$
    std::size_t b_wins = 0;  ///< splits with \f$b_s > a_s\f$
    std::size_t ties = 0;    ///< splits with \f$b_s = a_s\f$
    std::size_t a_wins = 0;  ///< splits with \f$b_s < a_s\f$
};

/// \brief Paired differences \f$\delta_s = b_s - a_s\f$ of two methods on the same splits,
///        their mean with its t-interval of level γ (kb::t_interval), and how often each
///        method is ahead. An interval that excludes 0 says that B is better (above 0) or
///        worse (below 0) than A on this protocol.
/// \param a one value of method A per split, at least two
/// \param b one value of method B per split, in the same split order
/// \param level the confidence level γ in (0, 1)
/// \throws kb::error if the lists differ in length, and as kb::t_interval.
inline PairedComparison paired_comparison(const std::vector<double>& a, const std::vector<double>& b,
                                          double level = 0.95) {
    require(a.size() == b.size(), "paired_comparison",
            "a has {} values and b {}; give one value of each method per split", a.size(), b.size());
    PairedComparison out;
    std::vector<double> delta(a.size());
    for (std::size_t s = 0; s < a.size(); ++s) {
        delta[s] = b[s] - a[s];
        if (b[s] > a[s])
            ++out.b_wins;
        else if (b[s] < a[s])
            ++out.a_wins;
        else
            ++out.ties;
    }
    out.difference = t_interval(delta, level);
    return out;
}

} // namespace kb
