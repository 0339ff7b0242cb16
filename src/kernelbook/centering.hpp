#pragma once
/// \file centering.hpp
/// \brief Centring data and Gram matrices: \f$J = I - \tfrac1N\one\one^\top\f$, \f$\Kc = JKJ\f$, and
///        the kernel rows of new points centred with the *training* means (every scalar type).
/// \see \ref ch06-centering "Chapter 6 — Centring in the feature space" (`slides:center`,
///      `slides:center-test`, `beeny:4.1`)

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"

namespace kb {

/// \brief The centring matrix \f$J = I_N - \tfrac1N \one\one^\top\f$
///        (symmetric, idempotent, \f$J\one = 0\f$) — step (c) of `zhu:alg8`.
/// \throws kb::error if N < 1.
template <class T>
Matrix<T> centering_matrix(Eigen::Index N) {
    require(N >= 1, "centering_matrix", "N = {} must be ≥ 1", N);
    //! [ch06-centering-matrix]
    return Matrix<T>::Identity(N, N) - Matrix<T>::Constant(N, N, T(1) / T(N));
    //! [ch06-centering-matrix]
}

/// \cond INTERNAL
namespace detail {
/// kb::column_means with its refusals in the name of the public function `where` that was called.
template <class T>
RowVector<T> column_means(const Matrix<T>& X, std::string_view where) {
    require_min_points(X, 1, where, "X");
    require_finite(X, where, "X");
    return X.colwise().sum() / T(X.rows());
}
} // namespace detail
/// \endcond

/// \brief Column means \f$\mu = \tfrac1N X^\top \one\f$ of an N×q data matrix, as a row vector.
/// \throws kb::error if X is empty or not finite.
template <class T>
RowVector<T> column_means(const Matrix<T>& X) {
    return detail::column_means(X, "column_means");
}

/// \brief The centred data \f$X - \one\mu = JX\f$.
/// \throws kb::error if X is empty or not finite.
template <class T>
Matrix<T> center_columns(const Matrix<T>& X) {
    return X.rowwise() - detail::column_means(X, "center_columns");
}

/// \cond INTERNAL
namespace detail {
/// K̃ = JKJ in place, from the column means of K and their mean: kb::double_center after its
/// checks, and kernel PCA's fit, which has the means already (kb::KernelCentering) and knows
/// whether K is exactly symmetric (a Gram matrix of kb::gram is, by construction).
template <class T>
Matrix<T> double_center_from_means(Matrix<T> K, const RowVector<T>& col_mean, const T& grand_mean, bool symmetric) {
    //! [double-centre]
    // K̃ = J K J: subtract row and column means, add back the grand mean.
    if (symmetric) {
        // A symmetric K gets a symmetric K̃ to the last bit: its row means are its column
        // means, and k̄_i + k̄_j is summed in one operation (addition commutes exactly), so
        // K̃(i,j) and K̃(j,i) are the same rounded number and the eigensolver's symmetry
        // check never meets an asymmetry of the uncentred scale N·max|K|.
        //! [ch02-double-centre-symmetric]
        for (Eigen::Index j = 0; j < K.cols(); ++j)
            for (Eigen::Index i = 0; i < K.rows(); ++i)
                K(i, j) = (K(i, j) - (col_mean(i) + col_mean(j))) + grand_mean;
        //! [ch02-double-centre-symmetric]
        return K;
    }
    //! [ch06-double-centre-general]
    Vector<T> row_mean = Vector<T>::Zero(K.rows());
    for (Eigen::Index j = 0; j < K.cols(); ++j) row_mean += K.col(j); // column by column: storage order
    row_mean /= T(K.rows());
    K.colwise() -= row_mean;
    K.rowwise() -= col_mean;
    K.array() += grand_mean;
    //! [ch06-double-centre-general]
    return K;
    //! [double-centre]
}
} // namespace detail
/// \endcond

/// \brief Double centring \f$\Kc = JKJ\f$ of a square matrix, in O(N²) as
///        \f$\Kc_{ij} = K_{ij} - \bar K_{i\cdot} - \bar K_{\cdot j} + \bar K_{\cdot\cdot}\f$.
///        K is taken by value: passed as `std::move(K)`, it is centred in place.
/// \throws kb::error if K is not square or not finite.
/// \see \ref ch06-centred-gram "Chapter 6, §6.3", \ref ch02-distances "Chapter 2, §4"
template <class T>
Matrix<T> double_center(Matrix<T> K) {
    require_square(K, "double_center", "K");
    require_finite(K, "double_center", "K");
    const T N(K.rows());
    //! [ch02-double-centre-means]
    const RowVector<T> col_mean = K.colwise().sum() / N; // k̄_j, the column means
    const T grand_mean = col_mean.sum() / N;             // k̄, their mean
    const bool symmetric = detail::exactly_symmetric(K);
    return detail::double_center_from_means(std::move(K), col_mean, grand_mean, symmetric);
    //! [ch02-double-centre-means]
}

/// \brief The training statistics that centre kernel values in the feature space: the column
///        means \f$\bar k_i\f$ and the grand mean \f$\bar k\f$ of the training Gram matrix K.
///        New points are always centred with these *training* means, never with their batch's.
/// \see \ref ch06-new-points "Chapter 6, §6.4"
template <class T>
class KernelCentering {
public:
    /// \brief The statistics of the N×N training Gram matrix K.
    /// \throws kb::error if K is not square or not finite.
    explicit KernelCentering(const Matrix<T>& K) {
        require_square(K, "KernelCentering", "K");
        //! [kernel-centering-fit]
        const T N(K.rows());
        column_mean_ = K.colwise().sum() / N;  // (1/N) Σ_n k(x_n, x_i)
        grand_mean_ = column_mean_.sum() / N; // (1/N²) Σ_{n,l} k(x_n, x_l)
        //! [kernel-centering-fit]
        // A NaN or ±∞ entry makes the sum of its column NaN or ±∞, so finite means prove K finite
        // in the same pass; only otherwise is K searched for the entry that the message names.
        if (detail::first_non_finite(column_mean_)) require_finite(K, "KernelCentering", "K");
    }

    /// \brief \f$\bar k_i = \tfrac1N\sum_n k(x_n, x_i)\f$, i = 1…N (length N).
    const RowVector<T>& column_mean() const { return column_mean_; }
    /// \brief \f$\bar k = \tfrac1{N^2}\sum_{n,l} k(x_n, x_l) = \norm{\bar\phi}^2\f$.
    const T& grand_mean() const { return grand_mean_; }

    /// \brief Number N of training points the statistics come from.
    Eigen::Index size() const { return column_mean_.size(); }

    /// \brief Centres the kernel rows of M points: \f$(K_z)_{mi} = k(z_m, x_i)\f$ (M×N) becomes
    ///        \f$\tilde k(z_m, x_i)\f$, using the training means only (`slides:center-test`).
    /// \throws kb::error if Kz does not have N columns or is not finite.
    Matrix<T> transform(Matrix<T> Kz) const {
        constexpr std::string_view where = "KernelCentering::transform";
        require(Kz.cols() == size(), where,
                "Kz has {} columns but the model was fitted on N = {} training points; Kz(m, i) must be "
                "k(z_m, x_i) for those same training points",
                Kz.cols(), size());
        //! [kernel-centering-transform]
        const T N(size());
        // k̃(z, x_i) = k(z, x_i) − (1/N) Σ_l k(z, x_l) − k̄_i + k̄, in one pass over Kz (in place
        // when the caller passes it with std::move)
        const Vector<T> own_mean = Kz.rowwise().sum() / N; // (1/N) Σ_l k(z, x_l) = ⟨φ(z), φ̄⟩
        if (detail::first_non_finite(own_mean)) require_finite(Kz, where, "Kz"); // as in the constructor
        Kz = ((Kz.colwise() - own_mean).rowwise() - column_mean_).array() + grand_mean_;
        return Kz;
        //! [kernel-centering-transform]
    }

    /// \brief The centred self-similarities \f$\tilde k(z, z) = \norm{\phi(z) - \bar\phi}^2
    ///        = k(z, z) - \tfrac2N\sum_i k(z, x_i) + \bar k\f$ of M points (`slides:center-test`).
    /// \param kzz the M values \f$k(z_m, z_m)\f$
    /// \param Kz  the M×N kernel rows \f$k(z_m, x_i)\f$
    /// \throws kb::error if the shapes do not match or a value is not finite.
    Vector<T> transform_diagonal(const Vector<T>& kzz, const Matrix<T>& Kz) const {
        constexpr std::string_view where = "KernelCentering::transform_diagonal";
        require(Kz.cols() == size() && kzz.size() == Kz.rows(), where,
                "kzz has {} entries and Kz is {}×{}; expected M values k(z_m, z_m) and an "
                "M×{} matrix of k(z_m, x_i)",
                kzz.size(), Kz.rows(), Kz.cols(), size());
        require_finite(kzz, where, "kzz");
        require_finite(Kz, where, "Kz");
        //! [kernel-centering-diagonal]
        const T N(size());
        // ‖φ(z) − φ̄‖² = k(z, z) − 2⟨φ(z), φ̄⟩ + ‖φ̄‖²
        Vector<T> out = kzz - T(2) * (Kz.rowwise().sum() / N);
        out.array() += grand_mean_;
        return out;
        //! [kernel-centering-diagonal]
    }

private:
    RowVector<T> column_mean_;
    T grand_mean_ = T(0);
};

/// \brief Centres the kernel rows of M new points with the training statistics of K
///        (kb::KernelCentering::transform() with the statistics of K).
/// \param Kz M×N matrix with \f$(K_z)_{mi} = k(z_m, x_i)\f$.
/// \param K  N×N training Gram matrix.
/// \returns the M×N matrix of \f$\tilde k(z_m, x_i)\f$.
/// \throws kb::error if the shapes do not match.
/// \see \ref ch06-new-points "Chapter 6, §6.4"
template <class T>
Matrix<T> center_test_kernel(const Matrix<T>& Kz, const Matrix<T>& K) {
    constexpr std::string_view where = "center_test_kernel";
    require_square(K, where, "K");
    require(Kz.cols() == K.cols(), where,
            "Kz has {} columns but K is {}×{}; Kz(m, i) must be k(z_m, x_i) for the "
            "same N training points as K",
            Kz.cols(), K.rows(), K.cols());
    return KernelCentering<T>(K).transform(Kz);
}

} // namespace kb
