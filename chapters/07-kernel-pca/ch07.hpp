#pragma once
/// \file ch07.hpp
/// \brief Chapter 7's own helpers, shared by its program and its tests: Zhu's Algorithm 8
///        *as printed* (kept to expose its errata, never used for results), and the
///        measurements of the worked examples (class separation along a component, rank
///        correlation, preservation of nearest neighbours).

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/mds.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <vector>

namespace kb::book {

/// \brief Step (b) of `zhu:alg8` as printed: the N×(N−1) matrix whose (i, j) entry is
///        \f$k(y_i, y_{j+1})\f$ — the printed "Gram matrix" starts at \f$k(y_1, y_2)\f$, so it
///        lacks the column of \f$y_1\f$ and is not square. The correct matrix is
///        \f$K = (k(y_i, y_j))_{i,j=1}^N\f$ (kb::gram).
template <class Kernel, class T>
Matrix<T> zhu_step_b_as_printed(const Kernel& k, const Matrix<T>& Y) {
    const Eigen::Index N = Y.rows();
    Matrix<T> out(N, N - 1);
    for (Eigen::Index i = 0; i < N; ++i)
        for (Eigen::Index j = 1; j < N; ++j) out(i, j - 1) = k(Y.row(i), Y.row(j));
    return out;
}

/// \brief Step (e) of `zhu:alg8` as printed, \f$x^*_j = \sum_i k(y_i, y^*)\,u_{ij}\f$, reading
///        \f$u_{ij} = Q_{ij}\f$ (entry i of the eigenvector \f$u_j\f$ of step (d)).
///
/// \param Kz M×N kernel rows \f$k(y^*_m, y_i)\f$ — *not* centred, as printed
/// \param Q  N×p unit eigenvectors of \f$\tilde K\f$ (columns), *not* divided by \f$\sqrt{\mu_j}\f$
/// \returns the M×p matrix \f$K_z Q\f$. Chapter 7 shows that it equals
///          \f$\sqrt{\mu_j}\,y_j + \tfrac1N\one^\top K u_j\f$: every component scaled by
///          \f$\sqrt{\mu_j}\f$ and shifted by a constant.
template <class T>
Matrix<T> zhu_step_e_as_printed(const Matrix<T>& Kz, const Matrix<T>& Q) {
    require(Kz.cols() == Q.rows(), "zhu_step_e_as_printed", "Kz must have one column per row of Q");
    return Kz * Q;
}

/// \brief Step (e) of `zhu:alg8` with the other reading of its indices, \f$u_{ij} = (u_i)_j\f$
///        (entry j of eigenvector \f$u_i\f$, as the name \f$u_i\f$ of step (d) suggests):
///        \f$x^*_j = \sum_i k(y_i, y^*)\,Q_{ji}\f$, i.e. \f$K_z Q^\top\f$ for the square Q of all N
///        eigenvectors.
template <class T>
Matrix<T> zhu_step_e_indices_swapped(const Matrix<T>& Kz, const Matrix<T>& Q) {
    require(Q.rows() == Q.cols() && Kz.cols() == Q.rows(), "zhu_step_e_indices_swapped",
            "Q must be the square matrix of all N eigenvectors and Kz must have N columns");
    return Kz * Q.transpose();
}

/// \brief How one component separates labelled points: the interval of its values on
///        each class, and whether the intervals are pairwise disjoint.
struct Separation {
    std::vector<double> lo;   ///< smallest value on each class
    std::vector<double> hi;   ///< largest value on each class
    bool separated = false;   ///< the intervals are pairwise disjoint (thresholds separate all classes)
    double margin = 0;        ///< the smallest gap between two classes' intervals (negative if they overlap)
};

/// \brief The class intervals of the values `y` (one per point) for labels 0 … L−1.
inline Separation separation(const std::vector<double>& y, const std::vector<int>& label) {
    require(y.size() == label.size() && !y.empty(), "separation", "need one label per value");
    const int L = *std::max_element(label.begin(), label.end()) + 1;
    Separation s{std::vector<double>(L, INFINITY), std::vector<double>(L, -INFINITY), false, INFINITY};
    for (std::size_t n = 0; n < y.size(); ++n) {
        s.lo[label[n]] = std::min(s.lo[label[n]], y[n]);
        s.hi[label[n]] = std::max(s.hi[label[n]], y[n]);
    }
    // Order the classes by their smallest value; adjacent intervals must not overlap.
    std::vector<int> order(L);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return s.lo[a] < s.lo[b]; });
    for (int i = 0; i + 1 < L; ++i) {
        double top = -INFINITY;
        for (int j = 0; j <= i; ++j) top = std::max(top, s.hi[order[j]]);
        s.margin = std::min(s.margin, s.lo[order[i + 1]] - top);
    }
    s.separated = s.margin > 0;
    return s;
}

/// \brief The fraction of the variance of `y` that lies between the class means
///        (1 for a component constant on every class, 0 for one whose class means are equal).
inline double between_class_fraction(const std::vector<double>& y, const std::vector<int>& label) {
    const int L = *std::max_element(label.begin(), label.end()) + 1;
    std::vector<double> sum(L, 0), count(L, 0);
    double mean = 0;
    for (std::size_t n = 0; n < y.size(); ++n) {
        sum[label[n]] += y[n];
        count[label[n]] += 1;
        mean += y[n];
    }
    mean /= static_cast<double>(y.size());
    double total = 0, between = 0;
    for (std::size_t n = 0; n < y.size(); ++n) {
        total += (y[n] - mean) * (y[n] - mean);
        const double m = sum[label[n]] / count[label[n]];
        between += (m - mean) * (m - mean);
    }
    return total > 0 ? between / total : 0;
}

/// \brief Ranks 1 … n of the values (ties get the average of their ranks).
inline std::vector<double> ranks(const std::vector<double>& v) {
    std::vector<std::size_t> idx(v.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> r(v.size());
    for (std::size_t i = 0; i < idx.size();) {
        std::size_t j = i;
        while (j + 1 < idx.size() && v[idx[j + 1]] == v[idx[i]]) ++j;
        for (std::size_t k = i; k <= j; ++k) r[idx[k]] = 0.5 * double(i + j) + 1;
        i = j + 1;
    }
    return r;
}

/// \brief Spearman's rank correlation of two equally long lists (Pearson correlation of
///        their ranks), in [−1, 1].
inline double spearman(const std::vector<double>& a, const std::vector<double>& b) {
    require(a.size() == b.size() && a.size() >= 2, "spearman", "need two lists of the same length ≥ 2");
    const std::vector<double> ra = ranks(a), rb = ranks(b);
    const double n = static_cast<double>(a.size());
    const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / n;
    const double mb = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
    double sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < ra.size(); ++i) {
        sab += (ra[i] - ma) * (rb[i] - mb);
        saa += (ra[i] - ma) * (ra[i] - ma);
        sbb += (rb[i] - mb) * (rb[i] - mb);
    }
    return sab / std::sqrt(saa * sbb);
}

/// \brief The largest \f$|\rho|\f$ (kb::book::spearman) that rounding alone can give between
///        N values and a variable they do not vary with monotonically *by an exact symmetry*.
///
/// If a symmetry of the data pairs every point with others that have the same value of the
/// component and mirrored values of the variable (an even function of it), then \f$\rho = 0\f$
/// exactly, with the tied values given their average rank. Rounding may break each tie in
/// any order: that moves the ranks within a tie group of at most g points by a permutation
/// of \f$\{-\tfrac{g-1}2, \dots, \tfrac{g-1}2\}\f$ (variance \f$\le (g^2 - 1)/12\f$), against a
/// total rank variance of \f$(N^2 - 1)/12\f$; by Cauchy–Schwarz
/// \f[ |\rho| \le \sqrt{\frac{g^2 - 1}{N^2 - 1}}. \f]
/// Chapter 7 uses it for "no monotone relation" on the S-shaped surface (a threshold from
/// the symmetry, not from the output).
inline double tie_breaking_bound(int g, int N) {
    require(g >= 1 && N >= 2, "tie_breaking_bound", "need tie groups of g ≥ 1 points among N ≥ 2");
    return std::sqrt(double(g) * g - 1) / std::sqrt(double(N) * N - 1);
}

/// \brief Indices of the k nearest neighbours of every row of E (Euclidean, the point
///        itself excluded, ties broken by index).
inline std::vector<std::vector<Eigen::Index>> nearest_neighbours(const Matrix<double>& E, int k) {
    const Eigen::Index N = E.rows();
    require(k >= 1 && k < N, "nearest_neighbours", "need 1 ≤ k < N");
    std::vector<std::vector<Eigen::Index>> out(static_cast<std::size_t>(N));
    std::vector<std::pair<double, Eigen::Index>> d(static_cast<std::size_t>(N));
    // The library's squared distances: one difference per pair i < j, mirrored.
    const Matrix<double> D2 = kb::squared_distances(E);
    for (Eigen::Index i = 0; i < N; ++i) {
        for (Eigen::Index j = 0; j < N; ++j) d[j] = {D2(i, j), j};
        d[i].first = INFINITY;
        std::partial_sort(d.begin(), d.begin() + k, d.end());
        for (int m = 0; m < k; ++m) out[i].push_back(d[m].second);
    }
    return out;
}

/// \brief Mean fraction of each point's k nearest neighbours in the reference coordinates
///        R that are also among its k nearest neighbours in the embedding E (1: every
///        neighbourhood kept; about k/N for an embedding unrelated to R).
inline double neighbourhood_preservation(const Matrix<double>& E, const Matrix<double>& R, int k) {
    require(E.rows() == R.rows(), "neighbourhood_preservation", "E and R must list the same points");
    const auto a = nearest_neighbours(E, k), b = nearest_neighbours(R, k);
    double total = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::set<Eigen::Index> s(b[i].begin(), b[i].end());
        int common = 0;
        for (Eigen::Index j : a[i]) common += static_cast<int>(s.count(j));
        total += double(common) / k;
    }
    return total / static_cast<double>(a.size());
}

} // namespace kb::book
