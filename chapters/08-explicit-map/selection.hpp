#pragma once
/// \file selection.hpp
/// \brief The choices chapter 8's study (experiment.cpp, §8.10) makes on its own data, in a
///        header so that the chapter's tests check them (checks/selection.cpp): the value of
///        a grid with the best validation accuracy and its tie rule, the inner split and the
///        Fisher ridge path that scores the ridge grid on it, the pair criterion (nearest-centroid
///        accuracy of every pair of classes) and the triple rule (the hardest
///        and the easiest pair with the class hardest or easiest against both, and random
///        triples drawn uniformly among those not yet chosen).
#include "kernelbook/error.hpp"
#include "kernelbook/evaluation.hpp"
#include "kernelbook/fisher.hpp"
#include "kernelbook/matrix.hpp"

#include <Eigen/QR>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace kb::ch08 {

/// \brief Which grid value wins among equal best scores, on a grid in increasing order.
enum class Ties {
    larger, ///< the larger value (the ridge ρ: the more regularised fit)
    smaller ///< the smaller value (the logistic-regression cost c: the more regularised fit)
};

/// \brief The index of the largest score; among equal largest scores the last one
///        (Ties::larger) or the first one (Ties::smaller).
/// \throws kb::error if `scores` is empty.
inline std::size_t best_on_grid(const std::vector<double>& scores, Ties ties) {
    require(!scores.empty(), "best_on_grid", "no scores were given; score at least one grid value");
    std::size_t best = 0;
    for (std::size_t i = 1; i < scores.size(); ++i)
        if (ties == Ties::larger ? scores[i] >= scores[best] : scores[i] > scores[best]) best = i;
    return best;
}

/// \brief The value of `grid` (increasing) whose score `score(value)` is the largest, ties
///        by `ties`. Each value is scored once, in the grid's order.
template <class Score>
double choose_on_grid(const std::vector<double>& grid, Score&& score, Ties ties) {
    std::vector<double> scores;
    scores.reserve(grid.size());
    for (double v : grid) scores.push_back(score(v));
    return grid[best_on_grid(scores, ties)];
}

/// \brief The inner split of a training part: half of each class to fit, the rest to validate.
struct InnerSplit {
    Matrix<double> Xfit;   ///< the fitting half, one point per row
    Matrix<double> Xval;   ///< the validation half
    std::vector<int> yfit; ///< labels of Xfit
    std::vector<int> yval; ///< labels of Xval
};

/// \brief ⌊per_class/2⌋ rows of each class to fit and the other per_class − ⌊per_class/2⌋ to
///        validate, a seeded stratified draw (kb::stratified_parts).
inline InnerSplit inner_split(const Matrix<double>& X, const std::vector<int>& y, const std::vector<int>& classes,
                              Eigen::Index per_class, std::uint64_t seed) {
    const Eigen::Index fit = per_class / 2;
    const auto parts = kb::stratified_parts(y, classes, {fit, per_class - fit}, seed);
    InnerSplit s;
    kb::take_rows(X, y, parts[0], s.Xfit, s.yfit);
    kb::take_rows(X, y, parts[1], s.Xval, s.yval);
    return s;
}

/// \brief An orthonormal basis Q (d×n) of the row space of A (n×d, n < d, full row rank): the
///        directions of a ridge Fisher fitted on A lie in it, so the fit can be made on AQ.
inline Matrix<double> row_space_basis(const Matrix<double>& A) {
    Eigen::HouseholderQR<Matrix<double>> qr(A.transpose());
    return qr.householderQ() * Matrix<double>::Identity(A.cols(), A.rows());
}

/// \brief What kb::ch08::ridge_scores() returns: one fit and its validation accuracy per ridge.
struct RidgeScores {
    std::vector<kb::FisherDiscriminant<double>> path; ///< one fit per grid value (in Q's coordinates if n < d)
    std::vector<double> accuracy;                     ///< validation accuracy per grid value
};

/// \brief The Fisher discriminants (2 directions) fitted on the fitting half at every relative
///        ridge ρ of `grid`, and their validation accuracies.
///
/// When the fitting points are fewer than the dimension (n < d) the fit is made in an
/// orthonormal basis Q of their row space, and ρ is rescaled to ρ·n/d so that the absolute
/// ridge ρ·tr(S_w)/d of the fit in all d coordinates stays the same (tr(S_w) is the same in
/// both coordinates: the centred fitting points lie in the row space).
inline RidgeScores ridge_scores(const InnerSplit& in, const std::vector<double>& grid) {
    const Eigen::Index d = in.Xfit.cols(), n = in.Xfit.rows();
    Matrix<double> A = in.Xfit, B = in.Xval;
    double scale = 1;
    if (n < d) {
        const Matrix<double> Q = row_space_basis(in.Xfit);
        A = in.Xfit * Q;
        B = in.Xval * Q;
        scale = double(n) / double(d);
    }
    std::vector<double> ridges;
    for (double rho : grid) ridges.push_back(rho * scale);
    RidgeScores out{kb::fisher_ridge_path(A, in.yfit, 2, ridges), {}};
    for (const auto& F : out.path) out.accuracy.push_back(kb::classification_accuracy(F.predict(B), in.yval));
    return out;
}

/// \brief The relative ridge ρ of `grid` (increasing) with the best validation accuracy on the
///        inner split; ties: the larger ρ, the more regularised fit.
inline double choose_ridge(const InnerSplit& in, const std::vector<double>& grid) {
    return grid[best_on_grid(ridge_scores(in, grid).accuracy, Ties::larger)];
}

// ---------------------------------------------------------------- the triple rule

/// \brief A class triple of the study (classes in increasing order), why it was chosen, and
///        the images per class in each of training and test.
struct Triple {
    std::vector<int> classes;   ///< three classes, increasing
    std::string rule;           ///< "the paper's", "hardest pair", "easiest pair" or "random"
    Eigen::Index per_class = 0; ///< images per class in each of training and test
};

/// \brief The accuracy of every pair of the classes 0–9, keyed (a, b) with a < b.
using PairAccuracies = std::map<std::pair<int, int>, double>;

/// \brief The pair criterion: for every pair a < b of the classes 0–9, the nearest-centroid
///        accuracy on the evaluation points of classes a and b, with the centroid of each class
///        the mean of its fitting points (squared Euclidean distances; a point as far from both
///        centroids goes to a, the smaller class).
/// \throws kb::error if the shapes or labels do not match, a label is outside 0–9, or a class
///         has no fitting point or a pair no evaluation point.
inline PairAccuracies nearest_centroid_pair_accuracies(const Matrix<double>& Xfit, const std::vector<int>& yfit,
                                                       const Matrix<double>& Xeval, const std::vector<int>& yeval) {
    const char* who = "nearest_centroid_pair_accuracies";
    require(Xfit.rows() == Eigen::Index(yfit.size()) && Xeval.rows() == Eigen::Index(yeval.size()) &&
                Xfit.cols() == Xeval.cols(),
            who, "{}×{} fitting and {}×{} evaluation points with {} and {} labels: give one label per row and the "
            "same columns", Xfit.rows(), Xfit.cols(), Xeval.rows(), Xeval.cols(), yfit.size(), yeval.size());
    Matrix<double> centroid = Matrix<double>::Zero(10, Xfit.cols());
    std::vector<int> count(10, 0);
    for (Eigen::Index n = 0; n < Xfit.rows(); ++n) {
        const int y = yfit[std::size_t(n)];
        require(y >= 0 && y <= 9, who, "the label {} is outside 0-9", y);
        centroid.row(y) += Xfit.row(n);
        ++count[std::size_t(y)];
    }
    for (int c = 0; c < 10; ++c) {
        require(count[std::size_t(c)] > 0, who, "class {} has no fitting point; give every class 0-9 some", c);
        centroid.row(c) /= double(count[std::size_t(c)]);
    }
    PairAccuracies acc;
    for (int a = 0; a < 10; ++a)
        for (int b = a + 1; b < 10; ++b) {
            int right = 0, total = 0;
            for (Eigen::Index n = 0; n < Xeval.rows(); ++n) {
                const int y = yeval[std::size_t(n)];
                if (y != a && y != b) continue;
                const double da = (Xeval.row(n) - centroid.row(a)).squaredNorm();
                const double db = (Xeval.row(n) - centroid.row(b)).squaredNorm();
                right += (da <= db ? a : b) == y;
                ++total;
            }
            require(total > 0, who, "the pair ({}, {}) has no evaluation point", a, b);
            acc[{a, b}] = double(right) / total;
        }
    return acc;
}

/// \brief acc(a, b) for a ≠ b in either order.
inline double pair_accuracy(const PairAccuracies& acc, int a, int b) {
    return acc.at({std::min(a, b), std::max(a, b)});
}

/// \brief The hardest (lowest accuracy) or easiest (highest) pair of classes, with the class
///        hardest (lowest mean of its two pair accuracies with them) or easiest against both;
///        sorted. Ties: the first pair in (a, b) order and the smallest class.
/// \throws kb::error unless `acc` holds all 45 pairs of 0–9.
inline std::vector<int> extreme_triple(const PairAccuracies& acc, bool hardest) {
    require(acc.size() == 45, "extreme_triple", "{} pair accuracies were given; give all 45 pairs of the classes 0-9",
            acc.size());
    std::pair<int, int> p = acc.begin()->first;
    for (const auto& [ab, v] : acc)
        if (hardest ? v < acc.at(p) : v > acc.at(p)) p = ab;
    int best_c = -1;
    double best = 0;
    for (int c = 0; c < 10; ++c) {
        if (c == p.first || c == p.second) continue;
        const double m = (pair_accuracy(acc, p.first, c) + pair_accuracy(acc, p.second, c)) / 2;
        if (best_c < 0 || (hardest ? m < best : m > best)) {
            best = m;
            best_c = c;
        }
    }
    std::vector<int> t = {p.first, p.second, best_c};
    std::sort(t.begin(), t.end());
    return t;
}

/// \brief All 120 triples a < b < c of the classes 0–9, in lexicographic order.
inline std::vector<std::vector<int>> all_triples() {
    std::vector<std::vector<int>> all;
    for (int a = 0; a < 10; ++a)
        for (int b = a + 1; b < 10; ++b)
            for (int c = b + 1; c < 10; ++c) all.push_back({a, b, c});
    return all;
}

/// \brief `n` triples drawn one after another, each uniformly among the 120 triples that are
///        neither in `chosen` nor drawn before (a uniform draw among all 120, drawn again while
///        it is a known one).
/// \throws kb::error if fewer than n triples remain.
inline std::vector<std::vector<int>> draw_triples(std::vector<std::vector<int>> chosen, int n, std::mt19937_64& rng) {
    static const std::vector<std::vector<int>> all = all_triples();
    auto known = [&](const std::vector<int>& t) { return std::find(chosen.begin(), chosen.end(), t) != chosen.end(); };
    long remaining = 0;
    for (const auto& t : all) remaining += !known(t);
    require(n >= 0 && n <= remaining, "draw_triples", "{} random triples were asked for and {} remain; ask for at most {}",
            n, remaining, remaining);
    std::vector<std::vector<int>> out;
    while (int(out.size()) < n) {
        const std::vector<int>& t = all[kb::uniform_below(rng, all.size())];
        if (known(t)) continue;
        out.push_back(t);
        chosen.push_back(t);
    }
    return out;
}

/// \brief The study's triples: the paper's (2, 4, 7); the hardest pair with the class hardest
///        against both and the easiest pair with the class easiest against both
///        (kb::ch08::extreme_triple), each unless already chosen; and `n_random` further triples
///        drawn uniformly among the remaining ones (kb::ch08::draw_triples, std::mt19937_64 seeded
///        with `seed`). The paper's triple has `paper_n` images per class, the others `other_n`.
inline std::vector<Triple> choose_triples(const PairAccuracies& acc, int n_random, Eigen::Index paper_n,
                                          Eigen::Index other_n, std::uint64_t seed = 7) {
    std::vector<Triple> out = {{{2, 4, 7}, "the paper's", paper_n}};
    std::vector<std::vector<int>> chosen = {out[0].classes};
    for (bool hardest : {true, false}) {
        const std::vector<int> t = extreme_triple(acc, hardest);
        if (std::find(chosen.begin(), chosen.end(), t) != chosen.end()) continue;
        out.push_back({t, hardest ? "hardest pair" : "easiest pair", other_n});
        chosen.push_back(t);
    }
    std::mt19937_64 rng(seed);
    for (const auto& t : draw_triples(chosen, n_random, rng)) out.push_back({t, "random", other_n});
    return out;
}

} // namespace kb::ch08
