/// \file selection.cpp
/// \brief Tests of the choices chapter 8's study makes on its own data (selection.hpp): the
///        best value of a grid and its two tie rules (the ridge ρ: the larger; the cost c: the
///        smaller), the scoring of the ridge grid on the inner split (in the fitting points'
///        row space when they are fewer than the dimension), and the triple rule (hardest
///        and easiest pair with the class hardest or easiest against both; random triples
///        uniform among those not chosen). Hand-built inputs whose right choice is known, each
///        with a companion showing that a plausible wrong rule gives another choice.
#include "chapter_support.hpp"
#include "../selection.hpp"

#include "kernelbook/evaluation.hpp"
#include "kernelbook/fisher.hpp"

#include <boost/math/distributions/chi_squared.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <vector>

namespace {

using kb::ch08::Ties;

// The validation accuracies of a 9-value ridge grid (ρ = 10⁻⁶ … 10², increasing) as an inner
// split of 30 validation images can give them (multiples of 1/30): the best, 27/30, is reached
// at the 4th and the 6th value, with a lower value between them and a lowest value at the end.
const std::vector<double> grid9 = {1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1, 10, 100};
const std::vector<double> scores9 = {20 / 30.0, 24 / 30.0, 26 / 30.0, 27 / 30.0, 25 / 30.0,
                                     27 / 30.0, 22 / 30.0, 18 / 30.0, 10 / 30.0};

// Three classes 0, 1, 2 (row n of class n mod 3) in dimension d, well-separated class means
// and an irregular within-class spread (values multiples of 1/8).
kb::ch08::InnerSplit selection_inner_split(int per_class, int d) {
    std::vector<int> y;
    for (int n = 0; n < 3 * per_class; ++n) y.push_back(n % 3);
    kb::Matrix<double> X(Eigen::Index(y.size()), d);
    for (Eigen::Index n = 0; n < X.rows(); ++n)
        for (Eigen::Index j = 0; j < d; ++j)
            X(n, j) = double((7 * n + 2 * j * j + (n * j) % 5) % 11) / 8.0 + (j % 3 == y[std::size_t(n)] ? 1.25 : 0.0);
    return kb::ch08::inner_split(X, y, {0, 1, 2}, per_class, 11);
}

// Pair accuracies of the classes 0–9: 0.90 for every pair except those set.
kb::ch08::PairAccuracies selection_pairs(const std::map<std::pair<int, int>, double>& set) {
    kb::ch08::PairAccuracies acc;
    for (int a = 0; a < 10; ++a)
        for (int b = a + 1; b < 10; ++b) acc[{a, b}] = 0.90;
    for (const auto& [ab, v] : set) acc[ab] = v;
    return acc;
}

// The table of the triple tests. Hardest pair (3, 8) at 0.50; against both, class 5 has the
// lowest mean (0.60 + 0.70)/2 = 0.65, while class 1 has the lowest single accuracy (0.55) but
// the mean (0.55 + 0.95)/2 = 0.75. Easiest pair (0, 6) at 0.999; class 2 has the highest mean
// (0.99 + 0.97)/2 = 0.98, class 9 the highest single accuracy (0.995) but the mean 0.9575.
kb::ch08::PairAccuracies selection_table() {
    return selection_pairs({{{3, 8}, 0.50}, {{3, 5}, 0.60}, {{5, 8}, 0.70}, {{1, 3}, 0.55}, {{1, 8}, 0.95},
                            {{0, 6}, 0.999}, {{0, 2}, 0.99}, {{2, 6}, 0.97}, {{0, 9}, 0.995}, {{6, 9}, 0.92}});
}

bool selection_distinct_sorted(const std::vector<int>& t) {
    return t.size() == 3 && t[0] < t[1] && t[1] < t[2] && t[0] >= 0 && t[2] <= 9;
}

} // namespace

TEST_CASE("selection: the best grid value is the argmax of the scores - ties to the larger value for the ridge and "
          "to the smaller for the cost - argmin and the other tie rule give other values - an empty grid is "
          "refused [ghiasi:fig1-4]") {
    // The best score 27/30 is at indices 3 and 5 (ρ = 10⁻³ and 10⁻¹).
    CHECK(kb::ch08::best_on_grid(scores9, Ties::larger) == 5);
    CHECK(kb::ch08::best_on_grid(scores9, Ties::smaller) == 3);
    std::vector<double> asked;
    const double rho = kb::ch08::choose_on_grid(
        grid9, [&](double v) { asked.push_back(v); return scores9[asked.size() - 1]; }, Ties::larger);
    CHECK(rho == 1e-1);
    CHECK(asked == grid9); // every value scored once, in the grid's order
    const double c = kb::ch08::choose_on_grid(
        grid9, [&](double v) { return scores9[std::size_t(std::find(grid9.begin(), grid9.end(), v) - grid9.begin())]; },
        Ties::smaller);
    CHECK(c == 1e-3);
    // One best value: both tie rules give it.
    const std::vector<double> one = {0.5, 0.9, 0.7};
    CHECK(kb::ch08::best_on_grid(one, Ties::larger) == 1);
    CHECK(kb::ch08::best_on_grid(one, Ties::smaller) == 1);
    // Failing companions: the argmin (the last lowest score, index 8) and the other tie rule
    // are not the documented choices.
    const auto argmin = std::size_t(std::min_element(scores9.rbegin(), scores9.rend()).base() - scores9.begin() - 1);
    CHECK(argmin == 8);
    CHECK(argmin != kb::ch08::best_on_grid(scores9, Ties::larger));
    CHECK(kb::ch08::best_on_grid(scores9, Ties::smaller) != kb::ch08::best_on_grid(scores9, Ties::larger));
    CHECK_THROWS_AS(kb::ch08::best_on_grid({}, Ties::larger), kb::error);
}

TEST_CASE("selection: the inner split fits on half of each class and validates on the rest - the ridge grid is "
          "scored in the fitting points' row space with the absolute ridge rho tr(S_w)/d of all d coordinates - the "
          "same validation accuracies as the fit in all coordinates - the unscaled ridge is another [ghiasi:fig1-4]") {
    for (int d : {4, 24}) { // n = 15 fitting points: d < n (all coordinates) and d > n (the row space)
        CAPTURE(d);
        const kb::ch08::InnerSplit in = selection_inner_split(11, d);
        REQUIRE(in.Xfit.rows() == 15); // ⌊11/2⌋ = 5 of each class
        REQUIRE(in.Xval.rows() == 18); // the other 6
        for (int c = 0; c < 3; ++c) {
            CHECK(std::count(in.yfit.begin(), in.yfit.end(), c) == 5);
            CHECK(std::count(in.yval.begin(), in.yval.end(), c) == 6);
        }
        // tr(S_w) of the fitting points in all d coordinates, from the points.
        kb::Matrix<double> means = kb::Matrix<double>::Zero(3, d);
        for (Eigen::Index n = 0; n < in.Xfit.rows(); ++n) means.row(in.yfit[std::size_t(n)]) += in.Xfit.row(n) / 5.0;
        double trace = 0;
        for (Eigen::Index n = 0; n < in.Xfit.rows(); ++n)
            trace += (in.Xfit.row(n) - means.row(in.yfit[std::size_t(n)])).squaredNorm();
        const std::vector<double> grid = {1e-3, 1e-1, 1, 10};
        const kb::ch08::RidgeScores scores = kb::ch08::ridge_scores(in, grid);
        REQUIRE(scores.path.size() == grid.size());
        std::vector<double> direct;
        for (std::size_t i = 0; i < grid.size(); ++i) {
            CAPTURE(grid[i]);
            const double want = grid[i] * trace / d;
            // The trace is a sum of n·d squares, in Q's coordinates after a Householder QR of
            // the d×n matrix of the points: one pass and one factorisation of size d.
            const auto bound = kb::test::plus(kb::test::one_pass<double>(15L * d, want),
                                              kb::test::factorisation<double>(d, want));
            KB_CHECK_WITHIN(std::abs(scores.path[i].ridge() - want), bound, "the scored fit's ridge ρ·tr(S_w)/d");
            // Failing companion (d > n): ρ not rescaled by n/d is the ridge ρ·tr(S_w)/n.
            if (d > 15)
                KB_CHECK_EXCEEDS(std::abs(grid[i] * trace / 15 - want), bound, "ρ·tr(S_w)/n, the unscaled ridge");
            const auto F = kb::FisherDiscriminant(in.Xfit, in.yfit, {.components = 2, .ridge = grid[i]});
            direct.push_back(kb::classification_accuracy(F.predict(in.Xval), in.yval));
        }
        CHECK(scores.accuracy == direct);
        const auto best = std::size_t(std::max_element(direct.rbegin(), direct.rend()).base() - direct.begin() - 1);
        CHECK(kb::ch08::choose_ridge(in, grid) == grid[best]);
    }
}

TEST_CASE("selection: the triple rule takes the hardest pair with the class of lowest mean accuracy against both "
          "and the easiest pair with the class of highest mean - the lowest single accuracy and argmax for argmin "
          "give other triples - no class twice - an incomplete table is refused [ghiasi:fig1-4]") {
    const kb::ch08::PairAccuracies acc = selection_table();
    CHECK(kb::ch08::extreme_triple(acc, true) == std::vector<int>{3, 5, 8});
    CHECK(kb::ch08::extreme_triple(acc, false) == std::vector<int>{0, 2, 6});
    const auto triples = kb::ch08::choose_triples(acc, 0, 87, 100);
    REQUIRE(triples.size() == 3);
    CHECK(triples[0].classes == std::vector<int>{2, 4, 7});
    CHECK(triples[0].per_class == 87);
    CHECK(triples[1].classes == std::vector<int>{3, 5, 8});
    CHECK(triples[1].rule == "hardest pair");
    CHECK(triples[2].classes == std::vector<int>{0, 2, 6});
    CHECK(triples[2].per_class == 100);
    for (const auto& t : triples) CHECK(selection_distinct_sorted(t.classes));
    // Failing companions. The third class by its lowest (highest) single accuracy against the
    // pair: 1 (9), not 5 (2).
    auto by_single = [&](int a, int b, bool hardest) {
        int best_c = -1;
        double best = 0;
        for (int c = 0; c < 10; ++c) {
            if (c == a || c == b) continue;
            const double m = hardest ? std::min(kb::ch08::pair_accuracy(acc, a, c), kb::ch08::pair_accuracy(acc, b, c))
                                     : std::max(kb::ch08::pair_accuracy(acc, a, c), kb::ch08::pair_accuracy(acc, b, c));
            if (best_c < 0 || (hardest ? m < best : m > best)) best = m, best_c = c;
        }
        return best_c;
    };
    CHECK(by_single(3, 8, true) == 1);
    CHECK(by_single(0, 6, false) == 9);
    // argmax for argmin: the "hardest" triple would be the easiest one.
    CHECK(kb::ch08::extreme_triple(acc, false) != kb::ch08::extreme_triple(acc, true));
    // A triple with a class twice is refused by the check used above.
    CHECK_FALSE(selection_distinct_sorted({3, 3, 8}));
    CHECK_FALSE(selection_distinct_sorted({3, 8, 5}));
    // An incomplete table.
    kb::ch08::PairAccuracies part = acc;
    part.erase({3, 5});
    CHECK_THROWS_AS(kb::ch08::extreme_triple(part, true), kb::error);
}

TEST_CASE("selection: a hardest or easiest triple equal to the paper's 2 4 7 is not chosen twice - ties go to the "
          "first pair and the smallest class [ghiasi:fig1-4]") {
    // Hardest pair (2, 7); class 4 hardest against both: the paper's triple.
    const auto acc = selection_pairs({{{2, 7}, 0.40}, {{2, 4}, 0.50}, {{4, 7}, 0.50}, {{0, 9}, 0.99}});
    CHECK(kb::ch08::extreme_triple(acc, true) == std::vector<int>{2, 4, 7});
    const auto triples = kb::ch08::choose_triples(acc, 0, 87, 100);
    REQUIRE(triples.size() == 2);
    CHECK(triples[1].rule == "easiest pair");
    // Easiest pair (0, 9); every other class has the mean 0.90 against it: the smallest, 1.
    CHECK(triples[1].classes == std::vector<int>{0, 1, 9});
    // All pairs equal: the first pair (0, 1) and the smallest other class, 2.
    CHECK(kb::ch08::extreme_triple(selection_pairs({}), true) == std::vector<int>{0, 1, 2});
    // Failing companion: the last tied class (8 against (0, 9)) is not the documented choice.
    CHECK(triples[1].classes != std::vector<int>{0, 8, 9});
}

TEST_CASE("selection: the random triples are distinct and never a chosen one - 117 draws give every other triple "
          "once - the first draw is uniform over the 117 at significance 1e-6 over 2340 seeds - a sequential "
          "draw of the three classes is rejected - too many are refused [ghiasi:fig1-4]") {
    const std::vector<std::vector<int>> chosen = {{2, 4, 7}, {3, 5, 8}, {0, 2, 6}};
    std::mt19937_64 rng(7);
    const auto drawn = kb::ch08::draw_triples(chosen, 117, rng);
    std::set<std::vector<int>> seen(chosen.begin(), chosen.end());
    for (const auto& t : drawn) {
        CHECK(selection_distinct_sorted(t));
        CHECK(seen.insert(t).second); // neither chosen nor drawn before
    }
    CHECK(seen.size() == 120);
    rng.seed(7);
    CHECK_THROWS_AS(kb::ch08::draw_triples(chosen, 118, rng), kb::error);

    // Uniformity of the first draw: 20 expected per triple.
    const std::vector<std::vector<int>> all = kb::ch08::all_triples();
    REQUIRE(all.size() == 120);
    std::map<std::vector<int>, long> library, sequential;
    constexpr std::uint64_t S = 2340;
    for (std::uint64_t seed = 0; seed < S; ++seed) {
        rng.seed(seed);
        ++library[kb::ch08::draw_triples(chosen, 1, rng).at(0)];
        // Failing companion: a ∈ 0…7, then b ∈ a+1…8, then c ∈ b+1…9, each uniform, again
        // while the triple is a chosen one: triples with a small a are too rare.
        rng.seed(seed);
        std::vector<int> t;
        do {
            const int a = int(kb::uniform_below(rng, 8));
            const int b = a + 1 + int(kb::uniform_below(rng, std::uint64_t(8 - a)));
            const int c = b + 1 + int(kb::uniform_below(rng, std::uint64_t(9 - b)));
            t = {a, b, c};
        } while (std::find(chosen.begin(), chosen.end(), t) != chosen.end());
        ++sequential[t];
    }
    auto chi_squared = [&](const std::map<std::vector<int>, long>& counts) {
        double x2 = 0;
        long total = 0;
        for (const auto& t : all) {
            if (std::find(chosen.begin(), chosen.end(), t) != chosen.end()) {
                CHECK(counts.count(t) == 0); // a chosen triple is never drawn
                continue;
            }
            const auto it = counts.find(t);
            const double o = it == counts.end() ? 0.0 : double(it->second), e = double(S) / 117;
            x2 += (o - e) * (o - e) / e;
            total += it == counts.end() ? 0 : it->second;
        }
        CHECK(total == long(S));
        return x2;
    };
    const double critical =
        boost::math::quantile(boost::math::complement(boost::math::chi_squared(116.0), 1e-6));
    CAPTURE(critical);
    CHECK(chi_squared(library) <= critical);
    CHECK(chi_squared(sequential) > critical);
}

TEST_CASE("selection: the pair criterion is the nearest-centroid accuracy of each pair on its own evaluation points "
          "- centroids are the fitting means - a tie goes to the smaller class - bad input is refused") {
    // One dimension. Fitting points: class 0 at 0 and 2 (centroid 1), class 1 at 3 and 5
    // (centroid 4), class c ≥ 2 at 10c − 1 and 10c + 1 (centroid 10c). Evaluation points: class 0
    // at 0 (right), 2.5 (equally far from 1 and 4: a tie, which goes to class 0, right) and 3
    // (nearer 4: wrong); class 1 at 4 (right) and 2 (nearer 1: wrong); class c ≥ 2 at 10c.
    // So acc(0, 1) = 3/5 exactly, and every other pair is 1. Wrong rules give other numbers:
    // the tie to the larger class 2/5; the denominator counting every evaluation point, not the
    // pair's, 3/13; centroids left as sums (20c for c ≥ 2) put the point 10b of the larger class
    // of a pair 2 ≤ a < b nearer 20a than 20b, so those pairs fall to 1/2.
    std::vector<double> fit_x = {0, 2, 3, 5}, eval_x = {0, 2.5, 3, 4, 2};
    std::vector<int> yfit = {0, 0, 1, 1}, yeval = {0, 0, 0, 1, 1};
    for (int c = 2; c < 10; ++c) {
        fit_x.insert(fit_x.end(), {10.0 * c - 1, 10.0 * c + 1});
        yfit.insert(yfit.end(), {c, c});
        eval_x.push_back(10.0 * c);
        yeval.push_back(c);
    }
    const Matrix<double> Xfit = Eigen::Map<const Eigen::VectorXd>(fit_x.data(), Eigen::Index(fit_x.size()));
    const Matrix<double> Xeval = Eigen::Map<const Eigen::VectorXd>(eval_x.data(), Eigen::Index(eval_x.size()));
    const kb::ch08::PairAccuracies acc = kb::ch08::nearest_centroid_pair_accuracies(Xfit, yfit, Xeval, yeval);
    REQUIRE(acc.size() == 45);
    CHECK(acc.at({0, 1}) == 3.0 / 5.0);
    for (const auto& [ab, v] : acc)
        if (ab != std::pair<int, int>{0, 1}) CHECK(v == 1.0);
    // The order of the pair does not matter to the reader of the table.
    CHECK(kb::ch08::pair_accuracy(acc, 1, 0) == 3.0 / 5.0);
    // Refusals: a label outside 0-9, a class without fitting points, mismatched shapes.
    std::vector<int> bad = yfit;
    bad[0] = 10;
    CHECK_THROWS_WITH_AS(kb::ch08::nearest_centroid_pair_accuracies(Xfit, bad, Xeval, yeval),
                         doctest::Contains("outside 0-9"), kb::error);
    bad = yfit;
    bad[2] = bad[3] = 0; // class 1 loses its fitting points
    CHECK_THROWS_WITH_AS(kb::ch08::nearest_centroid_pair_accuracies(Xfit, bad, Xeval, yeval),
                         doctest::Contains("class 1 has no fitting point"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ch08::nearest_centroid_pair_accuracies(Xfit, yfit, Xeval, std::vector<int>(3, 0)),
                         doctest::Contains("one label per row"), kb::error);
}
