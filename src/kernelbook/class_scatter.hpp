#pragma once
/// \file class_scatter.hpp
/// \brief The statistics of labelled data that Fisher analysis starts from: the classes, their
///        means, the within- and between-class scatter matrices \f$S_w\f$ and \f$S_b\f$, and
///        Fisher's ratio of a direction (kb::FisherDiscriminant, fisher.hpp, uses them).
///
/// For N points \f$x_n\in\R^d\f$ (rows of X) in C classes with \f$N_c\f$ points, class means
/// \f$\mu_c\f$ and overall mean \f$\mu\f$:
/// \f[ S_w = \sum_{c}\sum_{n:\,y_n=c} (x_n-\mu_c)(x_n-\mu_c)^\top, \qquad
///     S_b = \sum_c N_c\,(\mu_c-\mu)(\mu_c-\mu)^\top, \qquad S_w + S_b = S_t. \f]
/// They work in every scalar type, `kb::rational` included (where \f$S_w + S_b = S_t\f$ holds
/// exactly).

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

#include <algorithm>
#include <vector>

namespace kb {

/// \brief Class statistics of a labelled data set: the classes, their sizes and means, and
///        the within- and between-class scatter matrices.
template <class T>
struct Scatter {
    std::vector<int> classes;          ///< the C distinct labels, increasing
    std::vector<Eigen::Index> counts;  ///< \f$N_c\f$, the number of points of each class
    Matrix<T> means;                   ///< C×d, row c is the class mean \f$\mu_c\f$
    RowVector<T> mean;                 ///< the overall mean \f$\mu\f$ (1×d)
    Matrix<T> within;                  ///< \f$S_w\f$ (d×d)
    Matrix<T> between;                 ///< \f$S_b\f$ (d×d)
};

/// \brief The class means and the scatter matrices \f$S_w\f$, \f$S_b\f$ (see fisher.hpp).
///
/// \param X N×d data, one point per row, finite
/// \param y N labels (any integers); the classes are the distinct labels
/// \throws kb::error if X is empty or not finite, y does not have one label per row, or
///         there are fewer than two classes.
template <class T>
Scatter<T> scatter_matrices(const Matrix<T>& X, const std::vector<int>& y) {
    constexpr std::string_view where = "scatter_matrices";
    require_min_points(X, 1, where, "X");
    require(static_cast<Eigen::Index>(y.size()) == X.rows(), where,
            "X has {} rows but y has {} labels; give one label per point", X.rows(), y.size());
    require_finite(X, where, "X");
    Scatter<T> s;
    s.classes = y;
    std::sort(s.classes.begin(), s.classes.end());
    s.classes.erase(std::unique(s.classes.begin(), s.classes.end()), s.classes.end());
    const Eigen::Index C = static_cast<Eigen::Index>(s.classes.size()), d = X.cols();
    require(C >= 2, where,
            "all {} points have the label {}; a discriminant needs at least two classes", X.rows(), y[0]);
    auto class_of = [&](int label) {
        return std::lower_bound(s.classes.begin(), s.classes.end(), label) - s.classes.begin();
    };
    // μ_c: the mean of the points of class c; μ: the mean of all points.
    s.counts.assign(static_cast<std::size_t>(C), 0);
    s.means = Matrix<T>::Zero(C, d);
    for (Eigen::Index n = 0; n < X.rows(); ++n) {
        const auto c = class_of(y[static_cast<std::size_t>(n)]);
        s.means.row(c) += X.row(n);
        ++s.counts[static_cast<std::size_t>(c)];
    }
    for (Eigen::Index c = 0; c < C; ++c) s.means.row(c) /= T(s.counts[static_cast<std::size_t>(c)]);
    s.mean = X.colwise().sum() / T(X.rows());
    // S_w = Σ_c Σ_{n∈c} (x_n − μ_c)ᵀ(x_n − μ_c): the scatter of the points around their class mean.
    Matrix<T> Xc(X.rows(), d);
    for (Eigen::Index n = 0; n < X.rows(); ++n) Xc.row(n) = X.row(n) - s.means.row(class_of(y[static_cast<std::size_t>(n)]));
    const Matrix<T> Sw = Xc.transpose() * Xc;
    s.within = (Sw + Sw.transpose()) / T(2); // exactly symmetric
    // S_b = Σ_c N_c (μ_c − μ)ᵀ(μ_c − μ): the scatter of the class means around μ.
    Matrix<T> D = s.means.rowwise() - s.mean;
    Matrix<T> Sb = Matrix<T>::Zero(d, d);
    for (Eigen::Index c = 0; c < C; ++c)
        Sb += T(s.counts[static_cast<std::size_t>(c)]) * D.row(c).transpose() * D.row(c);
    s.between = (Sb + Sb.transpose()) / T(2);
    return s;
}

/// \brief Fisher's ratio \f$J(w) = w^\top S_b w / w^\top S_w w\f$ of a direction w (d×1).
/// \throws kb::error if S_b or S_w is not square, finite and symmetric, their sizes differ,
///         w has the wrong length or is not finite, or \f$w^\top S_w w \le 0\f$.
template <class T>
T fisher_ratio(const Matrix<T>& Sb, const Matrix<T>& Sw, const Vector<T>& w) {
    require_symmetric(Sb, "fisher_ratio", "S_b");
    require_symmetric(Sw, "fisher_ratio", "S_w");
    require(Sb.rows() == Sw.rows(), "fisher_ratio",
            "S_b is {}×{} but S_w is {}×{}; give the two scatter matrices of one data set",
            Sb.rows(), Sb.cols(), Sw.rows(), Sw.cols());
    require(w.size() == Sw.rows(), "fisher_ratio",
            "w has length {} but S_w is {}×{}; give a direction in the data space",
            w.size(), Sw.rows(), Sw.cols());
    require_finite(w, "fisher_ratio", "w");
    const T denominator = w.dot(Sw * w);
    require(denominator > 0, "fisher_ratio",
            "wᵀ S_w w = {} is not positive; w lies in the null space of S_w", shown(denominator));
    return w.dot(Sb * w) / denominator;
}

} // namespace kb
