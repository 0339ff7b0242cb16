/// \file study.cpp
/// \brief Tests of the pieces of chapter 8's study of the paper's experiment (§8.10): the
///        seeded stratified splits (also as samplers: χ² tests of the orders drawn and of
///        kb::uniform_below, its rejection boundary), the t-interval and the paired comparison against
///        hand-computed cases, 1-nearest-neighbour, the Fisher ridge path against
///        kb::FisherDiscriminant, and the study's explicit features and kernel values
///        against kb::ExplicitFeatureMap and the pixel kernels. Each has a failing
///        companion. The study itself (thousands of images) is the program kb-08-experiment.
#include "chapter_support.hpp"
#include "../ch08.hpp"

#include "kernelbook/evaluation.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/fisher.hpp"
#include "kernelbook/kernels.hpp"

#include <boost/math/distributions/chi_squared.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace {

// |x − printed| ≤ half a unit in the last printed decimal: agreement with a number written
// with that many decimals (a value from a table, or computed by hand).
bool study_agrees_to_printed(double x, const std::string& printed) {
    const auto point = printed.find('.');
    const int decimals = point == std::string::npos ? 0 : int(printed.size() - point - 1);
    return std::abs(x - std::stod(printed)) <= 0.5 * std::pow(10.0, -decimals);
}

// Labels 0, 1, 2 repeated: 3·m rows, row n of class n mod 3.
std::vector<int> study_labels(int m) {
    std::vector<int> y;
    for (int n = 0; n < 3 * m; ++n) y.push_back(n % 3);
    return y;
}

// Three classes of points in dimension d with well-separated class means and a within-class
// spread that is neither isotropic nor degenerate (values are multiples of 1/8).
Matrix<double> study_points(const std::vector<int>& y, int d) {
    Matrix<double> X(Eigen::Index(y.size()), d);
    for (Eigen::Index n = 0; n < X.rows(); ++n)
        for (Eigen::Index j = 0; j < d; ++j)
            X(n, j) = double((5 * n + 3 * j * j + (n * j) % 7) % 9) / 8.0 + (j % 3 == y[std::size_t(n)] ? 1.5 : 0.0);
    return X;
}

// Pearson's statistic Σ (O_i − E)²/E of observed counts against the same expected count E in
// every cell.
double study_chi_squared(const std::vector<long>& counts, double expected) {
    double x2 = 0;
    for (long o : counts) x2 += (double(o) - expected) * (double(o) - expected) / expected;
    return x2;
}

// The critical value of the χ² test of `cells` equally likely cells at significance
// α = 10⁻⁶: the (1 − α) quantile of χ² with cells − 1 degrees of freedom (Boost.Math). A
// sampler that is uniform exceeds it with probability 10⁻⁶; the seeds are fixed, so a test
// that passes once passes every time.
double study_chi_squared_critical(std::size_t cells) {
    return boost::math::quantile(boost::math::complement(boost::math::chi_squared(double(cells - 1)), 1e-6));
}

using StudyOrder = std::array<Eigen::Index, 4>;

// How often `draw(seed)`, for the seeds 0 … S − 1, gives each of the 24 orders of `rows`, in the
// order std::next_permutation lists them. A draw that is not an order of `rows` is not counted
// (the counts then add up to less than S).
template <class Draw>
std::vector<long> study_order_counts(StudyOrder rows, std::uint64_t S, Draw draw) {
    std::map<StudyOrder, long> seen;
    for (std::uint64_t seed = 0; seed < S; ++seed) ++seen[draw(seed)];
    std::sort(rows.begin(), rows.end());
    std::vector<long> counts;
    do {
        const auto it = seen.find(rows);
        counts.push_back(it == seen.end() ? 0 : it->second);
    } while (std::next_permutation(rows.begin(), rows.end()));
    return counts;
}

long study_sum(const std::vector<long>& counts) {
    long s = 0;
    for (long c : counts) s += c;
    return s;
}

} // namespace

TEST_CASE("study: stratified_parts draws disjoint parts of the asked size per class - repeatable for a seed - "
          "another seed another draw [ghiasi:fig1-4]") {
    const std::vector<int> y = study_labels(20); // 20 rows of each class 0, 1, 2
    const auto parts = kb::stratified_parts(y, {0, 2}, {6, 4}, 11);
    REQUIRE(parts.size() == 2);
    std::set<Eigen::Index> seen;
    for (std::size_t j = 0; j < 2; ++j) {
        const Eigen::Index want = j == 0 ? 6 : 4;
        CHECK(std::is_sorted(parts[j].begin(), parts[j].end()));
        for (int c : {0, 1, 2}) {
            const auto count = std::count_if(parts[j].begin(), parts[j].end(), [&](Eigen::Index n) { return y[std::size_t(n)] == c; });
            CHECK(count == (c == 1 ? 0 : want)); // class 1 was not asked for
        }
        for (Eigen::Index n : parts[j]) CHECK(seen.insert(n).second); // disjoint
    }
    CHECK(kb::stratified_parts(y, {0, 2}, {6, 4}, 11) == parts);
    CHECK(kb::stratified_parts(y, {0, 2}, {6, 4}, 12) != parts);
    // Every row of a class can be drawn: over 40 seeds each of the 20 rows of class 0 appears.
    std::set<Eigen::Index> drawn;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const auto draw = kb::stratified_parts(y, {0}, {3}, seed);
        drawn.insert(draw[0].begin(), draw[0].end());
    }
    CHECK(drawn.size() == 20);
}

TEST_CASE("study: failing companion: stratified_parts refuses a class with too few rows - a class listed twice - "
          "an empty part [ghiasi:fig1-4]") {
    const std::vector<int> y = study_labels(5);
    CHECK_THROWS_WITH_AS(kb::stratified_parts(y, {0, 1}, {3, 3}, 1), // 6 > 5 rows of class 0
                         doctest::Contains("stratified_parts: class 0 has 5 rows, fewer than the 6 the parts need "
                                           "together; ask for smaller parts"), kb::error);
    CHECK_THROWS_WITH_AS(kb::stratified_parts(y, {1, 1}, {2}, 1),
                         doctest::Contains("stratified_parts: the class 1 is listed twice; list each label once"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::stratified_parts(y, {1}, {0}, 1),
                         doctest::Contains("stratified_parts: a part of 0 rows per class was asked for; every part "
                                           "needs at least 1"), kb::error);
    CHECK_NOTHROW(kb::stratified_parts(y, {0, 1}, {3, 2}, 1)); // exactly the 5 rows
}

TEST_CASE("study: stratified_parts puts a class's 4 rows in each of the 24 orders equally often - chi-squared at "
          "significance 1e-6 over 6000 seeds - Sattolo's shuffle and the naive shuffle are rejected [ghiasi:fig1-4]") {
    // Class 5 has the rows 1, 3, 4, 6; four parts of one row each give the shuffled order.
    const std::vector<int> y = {2, 5, 2, 5, 5, 2, 5, 2};
    const StudyOrder rows = {1, 3, 4, 6};
    constexpr std::uint64_t S = 6000; // 250 expected per order
    const double critical = study_chi_squared_critical(24);
    const std::vector<long> library = study_order_counts(rows, S, [&](std::uint64_t seed) {
        const auto parts = kb::stratified_parts(y, {5}, {1, 1, 1, 1}, seed);
        return StudyOrder{parts[0][0], parts[1][0], parts[2][0], parts[3][0]};
    });
    CHECK(study_sum(library) == long(S)); // every draw is an order of the class's rows
    CAPTURE(critical);
    CHECK(study_chi_squared(library, double(S) / 24) <= critical);
    // Failing companions, the same statistic on the same seeds: Sattolo's shuffle (position i
    // swapped with one of i + 1 … n − 1, never itself) makes only the 3! = 6 cyclic orders; the
    // naive shuffle (position i swapped with any of the n) makes 4³ = 64 equally likely swap
    // sequences, which cannot fall evenly on 24 orders.
    for (bool sattolo : {true, false}) {
        CAPTURE(sattolo);
        const std::vector<long> biased = study_order_counts(rows, S, [&](std::uint64_t seed) {
            std::mt19937_64 rng(seed);
            StudyOrder r = rows;
            for (std::size_t i = 0; i + 1 < r.size(); ++i)
                std::swap(r[i], r[sattolo ? i + 1 + kb::uniform_below(rng, r.size() - i - 1)
                                          : kb::uniform_below(rng, r.size())]);
            return r;
        });
        CHECK(study_sum(biased) == long(S));
        CHECK(study_chi_squared(biased, double(S) / 24) > critical);
    }
}

TEST_CASE("study: uniform_below refuses the incomplete last block of 2^64 - at its first value it draws again, just "
          "below it accepts - the three thirds below 3*2^62 equally often at significance 1e-6 - x mod n without "
          "rejection is rejected [ghiasi:fig1-4]") {
    // The boundary, with std::mt19937_64 (its output sequence is fixed by the standard): the
    // first seed whose first output v is at least 2^63. For n = v, ⌊2⁶⁴/n⌋ = 1, so the values
    // accepted are those below v, and v itself is the first value refused: the draw is the
    // next output below v. For n = v + 1, v is accepted and is the draw.
    std::uint64_t seed = 0;
    while (std::mt19937_64(seed)() < (std::uint64_t(1) << 63)) ++seed;
    std::mt19937_64 raw(seed);
    const std::uint64_t v = raw();
    REQUIRE(v < std::numeric_limits<std::uint64_t>::max());
    std::uint64_t below = raw();
    while (below >= v) below = raw();
    std::mt19937_64 rng(seed);
    CHECK(kb::uniform_below(rng, v) == below);
    rng.seed(seed);
    CHECK(kb::uniform_below(rng, v + 1) == v);
    // Failing companion: without the rejection, or accepting the first refused value, the draw
    // for n = v would be v mod v = 0, which is not the draw.
    CHECK(v % v != below);

    // Modulo bias is visible when n is close to 2⁶⁴: for n = 3·2⁶², x mod n of a uniform x
    // falls in the first third [0, 2⁶²) with probability 1/2, not 1/3. 3000 draws, 1000
    // expected per third; the critical value of 2 degrees of freedom is −2 ln α exactly
    // (χ²₂'s upper tail is e^{−x/2}), against which Boost's quantile is checked first.
    const double critical = study_chi_squared_critical(3);
    CHECK(std::abs(critical - (-2 * std::log(1e-6))) <= 1e-12 * critical);
    const std::uint64_t n = 3 * (std::uint64_t(1) << 62);
    std::vector<long> thirds(3, 0), modulo(3, 0);
    rng.seed(1);
    raw.seed(1);
    for (int i = 0; i < 3000; ++i) {
        const std::uint64_t x = kb::uniform_below(rng, n);
        REQUIRE(x < n);
        ++thirds[std::size_t(x >> 62)];
        ++modulo[std::size_t((raw() % n) >> 62)]; // failing companion: no rejection
    }
    CAPTURE(critical);
    CHECK(study_chi_squared(thirds, 1000) <= critical);
    CHECK(study_chi_squared(modulo, 1000) > critical);
}

TEST_CASE("study: t_interval of 1 2 3 4 5 is 3 +- 1.963243 (t = 2.776445 from a table, s = sqrt 2.5) - the normal "
          "quantile would give 1.385904 [ghiasi:fig1-4]") {
    // By hand: mean 3, s² = (4 + 1 + 0 + 1 + 4)/4 = 2.5, t_{0.975, 4} = 2.776445 (table),
    // half-width 2.776445·√2.5/√5 = 2.776445/√2 = 1.963243.
    const kb::MeanInterval m = kb::t_interval({1, 2, 3, 4, 5});
    CHECK(m.n == 5);
    CHECK(study_agrees_to_printed(m.mean, "3.000000"));
    CHECK(study_agrees_to_printed(m.sd * m.sd, "2.500000"));
    CHECK(study_agrees_to_printed(m.half_width, "1.963243"));
    CHECK(study_agrees_to_printed(m.lower, "1.036757"));
    CHECK(study_agrees_to_printed(m.upper, "4.963243"));
    // Failing companion: the normal quantile 1.959964 in place of t gives 1.959964/√2 =
    // 1.385904, which the check above rejects; and one value has no interval.
    CHECK_FALSE(study_agrees_to_printed(1.959964 / std::sqrt(2.0), "1.963243"));
    CHECK_THROWS_WITH_AS(kb::t_interval({0.5}),
                         doctest::Contains("t_interval: 1 value(s) were given; a t-interval needs at least two"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::t_interval({0.5, NAN}),
                         doctest::Contains("t_interval: a value is nan; all values must be finite"), kb::error);
}

TEST_CASE("study: paired_comparison of 0.80 0.90 0.70 and 0.85 0.90 0.80 is +0.05 +- 0.124207 with 2 wins and 1 tie - "
          "the same values unpaired give another interval [ghiasi:fig1-4]") {
    // By hand: δ = (0.05, 0, 0.10), mean 0.05, s = 0.05, t_{0.975, 2} = 4.302653 (table),
    // half-width 4.302653·0.05/√3 = 0.124207.
    const std::vector<double> a = {0.80, 0.90, 0.70}, b = {0.85, 0.90, 0.80};
    const kb::PairedComparison p = kb::paired_comparison(a, b);
    CHECK(study_agrees_to_printed(p.difference.mean, "0.050000"));
    CHECK(study_agrees_to_printed(p.difference.half_width, "0.124207"));
    CHECK(p.b_wins == 2);
    CHECK(p.ties == 1);
    CHECK(p.a_wins == 0);
    // Failing companion: b in another split order is no longer paired with a: δ = (0, 0, 0.15)
    // has the same mean but s = 0.0866, and the check of the half-width fails.
    const kb::PairedComparison q = kb::paired_comparison(a, {0.80, 0.90, 0.85});
    CHECK(study_agrees_to_printed(q.difference.mean, "0.050000"));
    CHECK_FALSE(study_agrees_to_printed(q.difference.half_width, "0.124207"));
    CHECK_THROWS_WITH_AS(kb::paired_comparison(a, {0.85, 0.90}),
                         doctest::Contains("paired_comparison: a has 3 values and b 2; give one value of each method "
                                           "per split"), kb::error);
}

TEST_CASE("study: 1-NN gives each point the label of its nearest training point - refuses points of another "
          "dimension [ghiasi:fig1-4]") {
    Matrix<double> X(4, 2), Z(3, 2);
    X << 0, 0, 4, 0, 0, 4, 4, 4;
    Z << 1, 1, 3.5, 0.5, 1, 3;
    const std::vector<int> y = {7, 2, 4, 2};
    CHECK(kb::nearest_neighbour_classify(X, y, Z) == std::vector<int>{7, 2, 4});
    // A point exactly between x_1 and x_2 goes to the first.
    Matrix<double> mid(1, 2);
    mid << 2, 0;
    CHECK(kb::nearest_neighbour_classify(X, y, mid) == std::vector<int>{7});
    // Failing companion: the same classifier with the labels of x_1 and x_2 swapped is wrong
    // on the first two points; points of dimension 3 are refused.
    CHECK(kb::nearest_neighbour_classify(X, {2, 7, 4, 2}, Z) != std::vector<int>{7, 2, 4});
    CHECK_THROWS_WITH_AS(kb::nearest_neighbour_classify(X, y, Matrix<double>::Zero(1, 3)),
                         doctest::Contains("nearest_neighbour_classify: Z has 3 columns but X has 2; give points of "
                                           "the training dimension"), kb::error);
}

TEST_CASE("study: 1-NN equals the direct argmin of the squared distance on a grid with exact ties, ties to the "
          "smaller n - the score without the factor 2 and ties to the larger n disagree [ghiasi:fig1-4]") {
    // 10 training points (x_3 = x_9) and the 81 points of a grid on [0, 2]², all multiples of
    // 1/4: every squared distance and every score ‖x_n‖² − 2x_nᵀz is exact in double, so equal
    // distances are exact ties. Label n for x_n, so the classification names the point.
    Matrix<double> X(10, 2);
    X << 0, 0, 1, 0, 0, 1, 1, 1, 2, 2, 0.5, 1.5, 1.5, 0.5, 2, 0, 0, 2, 1, 1;
    std::vector<int> y(10);
    for (int n = 0; n < 10; ++n) y[std::size_t(n)] = n;
    Matrix<double> Z(81, 2);
    for (Eigen::Index m = 0; m < 81; ++m) Z.row(m) << double(m % 9) / 4, double(m / 9) / 4;
    // The direct rule: the smallest ‖z − x_n‖² (or another score), ties to the smaller n, or
    // to the larger n.
    auto direct = [&](bool distance, bool ties_to_larger) {
        std::vector<int> out;
        int ties = 0;
        for (Eigen::Index m = 0; m < Z.rows(); ++m) {
            int best = 0, at_best = 0;
            double best_score = std::numeric_limits<double>::infinity();
            for (Eigen::Index n = 0; n < X.rows(); ++n) {
                const double score = distance ? (Z.row(m) - X.row(n)).squaredNorm()
                                                : X.row(n).squaredNorm() - X.row(n).dot(Z.row(m));
                if (score < best_score) {
                    best_score = score;
                    best = int(n);
                    at_best = 1;
                } else if (score == best_score) {
                    ++at_best;
                    if (ties_to_larger) best = int(n);
                }
            }
            out.push_back(y[std::size_t(best)]);
            ties += at_best > 1;
        }
        return std::make_pair(out, ties);
    };
    const auto reference = direct(true, false);
    const std::vector<int>& expected = reference.first;
    const int ties = reference.second;
    CAPTURE(ties);
    REQUIRE(ties >= 10); // the grid has many exact ties (x_3 = x_9 alone ties wherever it is nearest)
    CHECK(kb::nearest_neighbour_classify(X, y, Z) == expected);
    // Failing companions: ties to the larger n, and the score ‖x_n‖² − x_nᵀz, classify otherwise.
    CHECK(direct(true, true).first != expected);
    CHECK(direct(false, false).first != expected);
}

TEST_CASE("study: the ridge of the path and of fisher_discriminant is rho tr(S_w)/d with tr(S_w) summed from the "
          "points - dividing by N instead of d is another ridge [ghiasi:fig1-4]") {
    const std::vector<int> y = study_labels(10); // N = 30 points
    for (int d : {6, 45}) {
        CAPTURE(d);
        const Matrix<double> X = study_points(y, d);
        // tr(S_w) = Σ_n ‖x_n − μ_{y_n}‖², the class means summed here from the points.
        Matrix<double> means = Matrix<double>::Zero(3, d);
        std::vector<int> count(3, 0);
        for (Eigen::Index n = 0; n < X.rows(); ++n) {
            means.row(y[std::size_t(n)]) += X.row(n);
            ++count[std::size_t(y[std::size_t(n)])];
        }
        for (int c = 0; c < 3; ++c) means.row(c) /= double(count[std::size_t(c)]);
        double trace = 0;
        for (Eigen::Index n = 0; n < X.rows(); ++n) trace += (X.row(n) - means.row(y[std::size_t(n)])).squaredNorm();
        const std::vector<double> ridges = {1e-3, 1.0};
        const auto path = kb::fisher_ridge_path(X, y, 2, ridges);
        for (std::size_t i = 0; i < ridges.size(); ++i) {
            CAPTURE(ridges[i]);
            const double want = ridges[i] * trace / d;
            // Both traces are sums of N·d squares of differences: within c₁·N·d·ε of the value.
            const auto bound = kb::test::one_pass<double>(X.rows() * d, want);
            KB_CHECK_WITHIN(std::abs(path[i].ridge() - want), bound, "the path's ridge ρ·tr(S_w)/d");
            const auto F = kb::FisherDiscriminant(X, y, {.components = 2, .ridge = ridges[i]});
            KB_CHECK_WITHIN(std::abs(F.ridge() - want), bound, "fisher_discriminant's ridge ρ·tr(S_w)/d");
            // Failing companion: ρ·tr(S_w)/N, the ridge relative to the wrong count.
            KB_CHECK_EXCEEDS(std::abs(ridges[i] * trace / double(X.rows()) - want), bound, "ρ·tr(S_w)/N");
        }
    }
}

TEST_CASE("study: the ridge path equals fisher_discriminant for every ridge - d < N and d > N (singular S_w) - "
          "and differs from it at another ridge [ghiasi:fig1-4]") {
    const std::vector<int> y = study_labels(10);
    const std::vector<double> ridges = {0.0, 1e-3, 1.0};
    for (int d : {6, 45}) {
        CAPTURE(d);
        const Matrix<double> X = study_points(y, d);
        const Matrix<double> Z = study_points(study_labels(4), d).array() + 1.0 / 16;
        const auto path = kb::fisher_ridge_path(X, y, 2, ridges);
        REQUIRE(path.size() == ridges.size());
        for (std::size_t i = 0; i < ridges.size(); ++i) {
            CAPTURE(ridges[i]);
            kb::FisherOptions<double> opt;
            opt.ridge = ridges[i];
            const auto F = kb::FisherDiscriminant(X, y, {.components = 2, .ridge = opt.ridge, .rank_tolerance = opt.rank_tolerance});
            CHECK(path[i].rank() == F.rank());
            CHECK(path[i].predict(Z) == F.predict(Z));
            // The ratios λ_j: eigenvalues of the same whitened M, each computed by a backward
            // stable route, so within c₂·N·ε·λ₁·κ(S̃_w restricted to its kept range).
            const kb::Scatter<double> s = kb::scatter_matrices(X, y);
            Matrix<double> Sw = s.within;
            Sw.diagonal().array() += F.ridge();
            const double wnorm2 = F.directions().squaredNorm(), Sw_norm = Sw.norm();
            const auto bound = kb::test::factorisation<double>(X.rows() + d, F.eigenvalues()(0) * (Sw_norm * wnorm2 + 1));
            KB_CHECK_WITHIN(kb::max_abs(Vector<double>(path[i].eigenvalues() - F.eigenvalues())), bound, "λ of the path = λ of fisher_discriminant");
            // The path's directions satisfy Fisher's normalisation WᵀS̃_wW = I themselves.
            KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(path[i].directions().transpose() * Sw * path[i].directions() -
                                                       Matrix<double>::Identity(2, 2))),
                            kb::test::factorisation<double>(X.rows() + d, Sw_norm * wnorm2 + 1), "WᵀS̃_wW = I on the path");
        }
        // Failing companion: the path at ρ = 1 is not the unregularised discriminant.
        const auto F0 = kb::FisherDiscriminant(X, y, {.components = 2});
        const auto bound = kb::test::factorisation<double>(X.rows() + d, F0.eigenvalues()(0) * (F0.directions().squaredNorm() + 1));
        KB_CHECK_EXCEEDS(kb::max_abs(Vector<double>(path[2].eigenvalues() - F0.eigenvalues())), bound, "λ at ρ = 1 against ρ = 0");
    }
    CHECK_THROWS_WITH_AS(kb::fisher_ridge_path(study_points(y, 6), y, 2, {}),
                         doctest::Contains("fisher_ridge_path: no ridges were given; list at least one ρ ≥ 0 (0: no "
                                           "ridge)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::fisher_ridge_path(study_points(y, 6), y, 2, {-1.0}),
                         doctest::Contains("fisher_ridge_path: ridge = -1 must be finite and ≥ 0 (0: no ridge)"),
                         kb::error);
}

TEST_CASE("study: k1 and k2 as polynomial kernels of rescaled pixels equal the pixel kernels - the eigenbasis "
          "features have the explicit map's inner products [ghiasi:eq27-29] [ghiasi:thm1]") {
    // 12 training and 5 test images of 16 pixels in [0, 1] (multiples of 1/8).
    Matrix<double> X(12, 16), Z(5, 16);
    for (Eigen::Index n = 0; n < 12; ++n)
        for (Eigen::Index j = 0; j < 16; ++j) X(n, j) = double((3 * n + 5 * j + n * j) % 9) / 8.0;
    for (Eigen::Index m = 0; m < 5; ++m)
        for (Eigen::Index j = 0; j < 16; ++j) Z(m, j) = double((7 * m + 2 * j + 1) % 9) / 8.0;
    const auto k1 = kb::PixelPolynomialKernel<double>::ghiasi(16);
    const auto k2 = kb::SignedPixelPolynomialKernel<double>::ghiasi(16);
    for (bool signed_pixels : {false, true}) {
        CAPTURE(signed_pixels);
        const Matrix<double> K = signed_pixels ? kb::gram(k2, X) : kb::gram(k1, X);
        const Matrix<double> kZ = signed_pixels ? kb::gram(k2, Z, X) : kb::gram(k1, Z, X);
        // Kernel values: the same inner products, rounded differently, to the 9th power:
        // within c₁·9·q·ε of the largest value (values lie in [0, 1]).
        const auto tol = kb::test::one_pass<double>(9 * 16, 1.0);
        KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(kb::ch08::pixel_kernel_gram(signed_pixels, X) - K)), tol, "K");
        KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(kb::ch08::pixel_kernel_values(signed_pixels, Z, X) - kZ)), tol, "k_Z");
        // The features: ⟨φ(x_m), φ(x_n)⟩ = K and ⟨φ(x_n), φ(z)⟩ = k(x_n, z), as the library's map.
        const auto f = kb::ch08::eigenbasis_features(K, kZ);
        const auto eig = kb::symmetric_eigen(K);
        const kb::ExplicitFeatureMap<double> phi(signed_pixels ? kb::AnyKernel<double>(k2) : kb::AnyKernel<double>(k1), X, {.rank_tolerance = kb::psd_rounding_tolerance<double>(12, eig.values(0))});
        REQUIRE(f.rank == phi.rank());
        // The bounds take λ_max and κ (over the r kept eigenvalues) from the input K,
        // decomposed independently of both routes.
        const auto spectrum = kb::test::ch08::input_spectrum(K, f.rank);
        const double lmax = kb::test::ch08::to<double>(spectrum.lmax);
        // ΦΦᵀ = V_rΛ_rV_rᵀ is K up to the decomposition's backward error (c₂·N·ε·λ_max), the
        // eigenvalues left out (within ±τ, τ = 64·N·ε·λ_max: K is PSD to rounding, or the map
        // above would have refused it) and the rounding of the product (c₁·r·ε·max‖φ(x_n)‖²,
        // ‖φ(x_n)‖² ≤ λ_max). Nothing is inverted, so κ does not enter.
        const kb::test::Bound<double> left_out{kb::psd_rounding_tolerance<double>(12, lmax),
                                               "left-out eigenvalues (τ = c_psd·n·ε·λ_max)", 12, lmax};
        const auto gram_bound = kb::test::plus(kb::test::plus(kb::test::factorisation<double>(12, lmax), left_out),
                                               kb::test::one_pass<double>(f.rank, lmax));
        KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(f.train * f.train.transpose() - K)), gram_bound, "ΦΦᵀ = K");
        // Failing companion: features V_rΛ_r, without the square root, give V_rΛ_r²V_rᵀ = K², not K.
        const Matrix<double> unrooted = eig.vectors.leftCols(f.rank) * eig.values.head(f.rank).asDiagonal();
        KB_CHECK_EXCEEDS(kb::max_abs(Matrix<double>(unrooted * unrooted.transpose() - K)), gram_bound,
                         "without the square root: ΦΦᵀ = K² ≠ K");
        // The library forms (K^{+1/2}K)ᵀ(K^{+1/2}k_z) = V_rV_rᵀk_z − δK K⁺k_z to first order (δK the
        // backward error of its decomposition), the eigenbasis route V_rV_rᵀk_z: the chapter's
        // exactness bound c₂·N·ε·√(κ·λ_max·k(z, z)), with k(z, z) the largest over the test points.
        double kzz = 0;
        for (Eigen::Index m = 0; m < Z.rows(); ++m)
            kzz = std::max(kzz, signed_pixels ? k2(Z.row(m), Z.row(m)) : k1(Z.row(m), Z.row(m)));
        const auto bound = kb::test::ch08::exactness_bound(spectrum, kzz);
        const Matrix<double> library = phi.training_features() * phi.transform_columns(kZ.transpose()).transpose();
        KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(f.train * f.test.transpose() - library)), bound,
                        "⟨φ(x_n), φ(z)⟩ as kb::ExplicitFeatureMap");
        // Failing companion: without the factor Λ^{-1/2} on the test side (φ(z) = V_rᵀk_z) the
        // inner products are no longer the kernel's.
        const Matrix<double> wrong = kZ * eig.vectors.leftCols(f.rank);
        KB_CHECK_EXCEEDS(kb::max_abs(Matrix<double>(f.train * wrong.transpose() - library)), bound,
                         "without Λ^{-1/2}: ⟨φ(x_n), φ(z)⟩ ≠ k(x_n, z)");
    }
    // Failing companion: c = 1 instead of 1/2 in k2's polynomial form is another kernel.
    const Matrix<double> U = ((2 * X.array() - 1) / std::sqrt(32.0)).matrix();
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<double>(kb::gram(kb::PolynomialKernel<double>(1.0, 9), U) - kb::gram(k2, X))),
                     kb::test::one_pass<double>(9 * 16, 1.0), "k2 with c = 1");
}
