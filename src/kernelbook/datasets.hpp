#pragma once
/// \file datasets.hpp
/// \brief The book's data sets: deterministic synthetic ones on regular grids (`zhu:ex3`,
///        `beeny:ex4.1`, `zhu:fig1`) and the image data sets Debian installs (kb::datasets).
/// \see \ref ch07-examples "Chapter 7, §7.10" (synthetic), \ref ch08-checks-study "Chapter 8's study" (images)

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace kb {

/// \brief Points with a class label each (row n of X has label `label[n]`).
template <class T>
struct LabelledPoints {
    Matrix<T> X;            ///< N×q, one point per row
    std::vector<int> label; ///< N labels: 0, 1, 2, … (the ring, from the inside out)
};

/// \brief Points equally spaced on concentric circles centred at the origin.
///
/// Ring k (k = 0, 1, …) has `counts[k]` points at radius `radii[k]` and angles
/// \f$\theta_{ki} = 2\pi\,(i + k/2) / n_k\f$, i = 0 … n_k − 1 (odd rings are turned by half
/// a step so that no two rings line up). Label of a point = its ring.
/// \throws kb::error if the lists differ in length or are empty, a count is < 1, or a
///         radius is negative or not finite.
template <class T>
LabelledPoints<T> concentric_rings(const std::vector<int>& counts, const std::vector<T>& radii) {
    using std::cos;
    using std::sin;
    constexpr std::string_view where = "concentric_rings";
    require(!counts.empty() && counts.size() == radii.size(), where,
            "counts has {} entries and radii {}; give one count and one radius per ring",
            counts.size(), radii.size());
    Eigen::Index N = 0;
    for (std::size_t k = 0; k < counts.size(); ++k) {
        require(counts[k] >= 1, where, "ring {} has {} points; every ring needs at least one", k, counts[k]);
        require(is_finite(radii[k]), where, "ring {} has radius {}; every radius must be finite", k,
                shown(radii[k]));
        require(radii[k] >= 0, where, "ring {} has negative radius {}; give radii ≥ 0", k, shown(radii[k]));
        N += counts[k];
    }
    LabelledPoints<T> out{Matrix<T>(N, 2), std::vector<int>(static_cast<std::size_t>(N))};
    Eigen::Index n = 0;
    for (std::size_t k = 0; k < counts.size(); ++k)
        for (int i = 0; i < counts[k]; ++i, ++n) {
            // θ = 2π (i + k/2) / n_k
            const T theta = T(2) * pi<T>() * (T(i) + T(static_cast<long>(k)) / T(2)) / T(counts[k]);
            out.X(n, 0) = radii[k] * cos(theta);
            out.X(n, 1) = radii[k] * sin(theta);
            out.label[static_cast<std::size_t>(n)] = static_cast<int>(k);
        }
    return out;
}

/// \brief Points on the S-shaped surface of `zhu:fig1`, with their intrinsic coordinates.
template <class T>
struct SCurve {
    Matrix<T> X;     ///< N×3 points \f$(\sin t,\; s,\; \operatorname{sign}(t)(\cos t - 1))\f$
    Matrix<T> param; ///< N×2 intrinsic coordinates (t, s): position along the S and across it
};

/// \brief The S-shaped surface sampled on a regular \f$n_t \times n_s\f$ grid of its intrinsic
///        coordinates \f$t \in (-3\pi/2, 3\pi/2)\f$, \f$s \in (0, 2)\f$:
///        \f[ x(t, s) = \bigl(\sin t,\; s,\; \operatorname{sign}(t)\,(\cos t - 1)\bigr), \qquad
///            t_i = 3\pi\bigl(\tfrac{i + 1/2}{n_t} - \tfrac12\bigr),\quad s_j = \tfrac{2(j + 1/2)}{n_s}. \f]
/// (The parametrisation of scikit-learn's `make_s_curve`, sampled on a grid instead of at
/// random.) Rows are ordered with j varying fastest.
/// \throws kb::error if n_t < 2 or n_s < 1.
template <class T>
SCurve<T> s_curve(int n_t, int n_s) {
    using std::cos;
    using std::sin;
    require(n_t >= 2 && n_s >= 1, "s_curve", "n_t = {}, n_s = {}; need n_t ≥ 2 and n_s ≥ 1", n_t, n_s);
    const Eigen::Index N = Eigen::Index(n_t) * n_s;
    SCurve<T> out{Matrix<T>(N, 3), Matrix<T>(N, 2)};
    Eigen::Index n = 0;
    for (int i = 0; i < n_t; ++i)
        for (int j = 0; j < n_s; ++j, ++n) {
            const T t = T(3) * pi<T>() * ((T(2 * i + 1) / T(2 * n_t)) - T(1) / T(2));
            const T s = T(2 * j + 1) / T(n_s);
            const T sign = t < 0 ? T(-1) : T(1);
            out.X(n, 0) = sin(t);
            out.X(n, 1) = s;
            out.X(n, 2) = sign * (cos(t) - T(1));
            out.param(n, 0) = t;
            out.param(n, 1) = s;
        }
    return out;
}

} // namespace kb

// ------------------------------------------------------------------ real data sets

/// The experiment of chapter 8 follows Ghiasi-Shirazi & Qaraei's section 4 (`ghiasi:fig1-4`,
/// with the image kernels of `ghiasi:eq27-29`): three classes (digits 2, 4 and 7), a few
/// hundred training and test images of each. With
/// kb::datasets::select_classes a training set is the *first* n images of each class and
/// a disjoint test set the *next* n (`offset = n`), or the first n of each class of a
/// separate test file.
namespace kb::datasets {

/// \brief The directory of Fashion-MNIST, with the files `train-images-idx3-ubyte.gz`
///        (60000×28×28), `train-labels-idx1-ubyte.gz`, `t10k-images-idx3-ubyte.gz` (10000×28×28)
///        and `t10k-labels-idx1-ubyte.gz`: the environment variable `KB_FASHION_MNIST_DIR` when it
///        is set and not empty, else the directory configured when the library was built (the
///        CMake cache variable of the same name; by default where the Debian package
///        `dataset-fashion-mnist` installs the files).
std::string fashion_mnist_dir();

/// \brief The file of scikit-learn's 8×8 digits (1797 images, pixels 0–16, labels 0–9; read
///        with kb::io::read_digits_csv): the environment variable `KB_SKLEARN_DIGITS_CSV` when it
///        is set and not empty, else the file configured when the library was built (the CMake
///        cache variable of the same name; by default where the Debian package `python3-sklearn`
///        installs it).
std::string sklearn_digits_csv();

/// \brief A subset of a labelled data set: the selected points, their labels, and the
///        row of the full data set each came from.
template <class T>
struct Subset {
    Matrix<T> X;                       ///< selected rows, in their original order
    std::vector<int> y;                ///< their labels
    std::vector<Eigen::Index> indices; ///< indices[m] is the row of the full data set that is row m here
};

/// \brief Deterministic class subset: for each class c in `classes`, skip the first `offset`
///        rows labelled c and take the next `per_class` (rows keep their order); offset 0 and
///        then offset `per_class` give a disjoint train/test split without randomness.
/// \param X         N×q data (rows are points)
/// \param y         N labels
/// \param classes   the labels to keep, distinct (e.g. {2, 4, 7})
/// \param per_class number of points of each class, ≥ 1
/// \param offset    number of points of each class to skip first, ≥ 0
/// \throws kb::error if y and X disagree in length, `classes` is empty or repeats a label,
///         per_class < 1, offset < 0, or a class has fewer than offset + per_class points.
/// \see \ref ch08-checks-study "Chapter 8's study"
template <class T>
Subset<T> select_classes(const Matrix<T>& X, const std::vector<int>& y, const std::vector<int>& classes,
                         Eigen::Index per_class, Eigen::Index offset = 0) {
    constexpr std::string_view where = "select_classes";
    require(static_cast<Eigen::Index>(y.size()) == X.rows(), where,
            "X has {} rows but y has {} labels; give one label per point", X.rows(), y.size());
    require(!classes.empty(), where, "no classes were given; list the labels to keep, e.g. {{2, 4, 7}}");
    for (std::size_t a = 0; a < classes.size(); ++a)
        for (std::size_t b = a + 1; b < classes.size(); ++b)
            require(classes[a] != classes[b], where,
                    "the class {} is listed twice; list each label once", classes[a]);
    require(per_class >= 1, where, "per_class = {} must be ≥ 1", per_class);
    require(offset >= 0, where, "offset = {} must be ≥ 0", offset);
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
                "class {} has {} points, fewer than offset + per_class = {} + {}; ask for fewer points per "
                "class or a smaller offset",
                classes[c], seen[c], offset, per_class);
    out.X.resize(static_cast<Eigen::Index>(out.indices.size()), X.cols());
    for (std::size_t m = 0; m < out.indices.size(); ++m) {
        out.X.row(static_cast<Eigen::Index>(m)) = X.row(out.indices[m]);
        out.y.push_back(y[static_cast<std::size_t>(out.indices[m])]);
    }
    return out;
}

} // namespace kb::datasets
