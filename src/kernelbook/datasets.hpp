#pragma once
/// \file datasets.hpp
/// \brief Where Debian installs the book's real data sets, and deterministic class
///        subsets of a labelled data set (no randomness: the same call gives the same
///        points on every machine).
///
/// The experiment of chapter 8 follows Ghiasi-Shirazi & Qaraei's section 4: three classes
/// (digits 2, 4 and 7), a few hundred training and test images of each. With
/// kb::datasets::select_classes a training set is the *first* n images of each class and
/// a disjoint test set the *next* n (`offset = n`), or the first n of each class of a
/// separate test file.

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace kb::datasets {

/// \brief Directory of Fashion-MNIST (Debian package `dataset-fashion-mnist`): the files
///        `train-images-idx3-ubyte.gz` (60000×28×28), `train-labels-idx1-ubyte.gz`,
///        `t10k-images-idx3-ubyte.gz` (10000×28×28) and `t10k-labels-idx1-ubyte.gz`.
inline constexpr const char* fashion_mnist_dir = "/usr/share/datasets/fashion-mnist";

/// \brief scikit-learn's 8×8 digits (Debian package `python3-sklearn`): 1797 images,
///        pixels 0–16, labels 0–9 (read with kb::io::read_digits_csv).
inline constexpr const char* sklearn_digits_csv =
    "/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz";

/// \brief A subset of a labelled data set: the selected points, their labels, and the
///        row of the full data set each came from.
template <class T>
struct Subset {
    Matrix<T> X;                       ///< selected rows, in their original order
    std::vector<int> y;                ///< their labels
    std::vector<Eigen::Index> indices; ///< indices[m] is the row of the full data set that is row m here
};

/// \brief Deterministic class subset: for each class c in `classes`, skip the first
///        `offset` rows labelled c and take the next `per_class` ones (in the order of X);
///        the selected rows keep their original order.
///
/// `offset = 0` gives the first `per_class` points of each class; `offset = per_class`
/// gives the next ones, disjoint from the first — a train/test split without randomness.
///
/// \param X         N×q data (rows are points)
/// \param y         N labels
/// \param classes   the labels to keep, distinct (e.g. {2, 4, 7})
/// \param per_class number of points of each class, ≥ 1
/// \param offset    number of points of each class to skip first, ≥ 0
/// \throws kb::error if y and X disagree in length, `classes` is empty or has a repeated
///         label, per_class < 1, offset < 0, or a class has fewer than
///         offset + per_class points.
template <class T>
Subset<T> select_classes(const Matrix<T>& X, const std::vector<int>& y, const std::vector<int>& classes,
                         Eigen::Index per_class, Eigen::Index offset = 0) {
    const std::string where = "select_classes";
    require(static_cast<Eigen::Index>(y.size()) == X.rows(), where,
            "X has " + std::to_string(X.rows()) + " rows but y has " + std::to_string(y.size()) +
                " labels; give one label per point");
    require(!classes.empty(), where, "no classes were given; list the labels to keep, e.g. {2, 4, 7}");
    for (std::size_t a = 0; a < classes.size(); ++a)
        for (std::size_t b = a + 1; b < classes.size(); ++b)
            require(classes[a] != classes[b], where,
                    "the class " + std::to_string(classes[a]) + " is listed twice; list each label once");
    require(per_class >= 1, where, "per_class = " + std::to_string(per_class) + " must be ≥ 1");
    require(offset >= 0, where, "offset = " + std::to_string(offset) + " must be ≥ 0");
    // Walk through the data once, counting the points seen of each class.
    std::vector<Eigen::Index> seen(classes.size(), 0);
    Subset<T> out;
    for (Eigen::Index n = 0; n < X.rows(); ++n) {
        const auto it = std::find(classes.begin(), classes.end(), y[static_cast<std::size_t>(n)]);
        if (it == classes.end()) continue;
        const Eigen::Index k = seen[static_cast<std::size_t>(it - classes.begin())]++;
        if (k >= offset && k < offset + per_class) out.indices.push_back(n);
    }
    for (std::size_t c = 0; c < classes.size(); ++c)
        require(seen[c] >= offset + per_class, where,
                "class " + std::to_string(classes[c]) + " has " + std::to_string(seen[c]) +
                    " points, fewer than offset + per_class = " + std::to_string(offset) + " + " +
                    std::to_string(per_class) + "; ask for fewer points per class or a smaller offset");
    out.X.resize(static_cast<Eigen::Index>(out.indices.size()), X.cols());
    for (std::size_t m = 0; m < out.indices.size(); ++m) {
        out.X.row(static_cast<Eigen::Index>(m)) = X.row(out.indices[m]);
        out.y.push_back(y[static_cast<std::size_t>(out.indices[m])]);
    }
    return out;
}

} // namespace kb::datasets
