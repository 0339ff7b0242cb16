#pragma once
/// \file 02-classical-mds/laws.hpp
/// \brief The laws of chapter 2 that are written once for any implementation: laws.cpp
///        runs them on the library's functions, and the chapter's exercises
///        (exercises/check.cpp) on the student's. With them, the random cases and the
///        helpers they need.
#include "test_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/mds.hpp"
#include "kernelbook/spectral.hpp"

#include <vector>

namespace kb::test::ch02 {

/// The gap that isolates eigenvalue j of a decreasing spectrum from its neighbours.
template <class T>
T isolation_gap(const Vector<T>& lambda, Eigen::Index j) {
    using std::min;
    T gap = j + 1 < lambda.size() ? T(lambda(j) - lambda(j + 1)) : T(lambda(j));
    if (j > 0) gap = min(gap, T(lambda(j - 1) - lambda(j)));
    return gap;
}

/// The eigenvalues of a symmetric matrix given in real100, by kb::symmetric_eigen there,
/// converted to T: an independent reference (50 digits beyond double and real50), never the
/// decomposition under test.
template <class T>
Vector<T> reference_eigenvalues(const Matrix<kb::real100>& B) {
    const Vector<kb::real100> v = kb::symmetric_eigen(B).values;
    Vector<T> out(v.size());
    for (Eigen::Index j = 0; j < v.size(); ++j) out(j) = kb::convert<T>(v(j));
    return out;
}

/// The centred Gram matrix (JY)(JY)ᵀ of integer points Y/den, built in real100.
inline Matrix<kb::real100> centred_gram_real100(const IntMatrix& Y, long den = 1) {
    const Matrix<kb::real100> A = kb::from_integers<kb::real100>(Y, den);
    const Matrix<kb::real100> X = A.rowwise() - A.colwise().mean();
    return X * X.transpose();
}

/// The exact rank of the centred integer points Y (the dimension of their affine hull), by
/// fraction-free Gaussian elimination on the differences y_i − y_0 in 128-bit integers.
inline int affine_rank(const IntMatrix& Y) {
    const Eigen::Index N = Y.rows(), q = Y.cols();
    std::vector<std::vector<__int128>> a(static_cast<std::size_t>(N), std::vector<__int128>(static_cast<std::size_t>(q)));
    for (Eigen::Index i = 0; i < N; ++i)
        for (Eigen::Index j = 0; j < q; ++j)
            a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = Y(i, j) - Y(0, j);
    int rank = 0;
    for (Eigen::Index col = 0; col < q && rank < N; ++col) {
        std::size_t piv = static_cast<std::size_t>(rank);
        while (piv < static_cast<std::size_t>(N) && a[piv][static_cast<std::size_t>(col)] == 0) ++piv;
        if (piv == static_cast<std::size_t>(N)) continue;
        std::swap(a[piv], a[static_cast<std::size_t>(rank)]);
        const auto& p = a[static_cast<std::size_t>(rank)];
        for (std::size_t i = static_cast<std::size_t>(rank) + 1; i < static_cast<std::size_t>(N); ++i) {
            const __int128 f = a[i][static_cast<std::size_t>(col)], g = p[static_cast<std::size_t>(col)];
            for (std::size_t j = 0; j < static_cast<std::size_t>(q); ++j) a[i][j] = a[i][j] * g - p[j] * f;
            // keep the entries small: divide the row by the gcd of its entries
            __int128 d = 0;
            for (std::size_t j = 0; j < static_cast<std::size_t>(q); ++j) {
                __int128 x = a[i][j] < 0 ? -a[i][j] : a[i][j], y = d;
                while (y != 0) { const __int128 t = x % y; x = y; y = t; }
                d = x;
            }
            if (d > 1)
                for (std::size_t j = 0; j < static_cast<std::size_t>(q); ++j) a[i][j] /= d;
        }
        ++rank;
    }
    return rank;
}

/// Random points Y = Yi/4 in ℝ^q, q ∈ [q_lo, 4] and N ∈ [q + 1, N_hi], with integer
/// coordinates |k| ≤ range; p ∈ [1, q] coordinates that the points span (decided exactly, rare
/// discards: nearly always rank q); the centred Y_c and its Gram matrix K = Y_cY_cᵀ.
template <class T>
struct CentredCase {
    int N, p;
    IntMatrix Yi;
    Matrix<T> Y, Yc, K;
};
template <class T>
CentredCase<T> centred_case(int q_lo, int N_hi, int range) {
    const int q = *kb::test::size_in(q_lo, 4);
    const int N = *kb::test::size_in(q + 1, N_hi);
    const int p = *kb::test::size_in(1, q);
    const IntMatrix Yi = *kb::test::int_matrix(N, q, -range, range);
    RC_PRE(affine_rank(Yi) >= p); // p coordinates exist
    const Matrix<T> Y = kb::from_integers<T>(Yi, 4);
    const Matrix<T> Yc = kb::center_columns(Y);
    return {N, p, Yi, Y, Yc, Yc * Yc.transpose()};
}

/// \name The implementations the laws run on
/// Each law takes the function it checks as an argument, with the library's signature.
/// These are the library's own; exercises/check.cpp passes the student's.
///@{
/// B = −½ J D⁽²⁾ J from the squared distances (`kb::gram_from_squared_distances`).
inline constexpr auto library_double_centring = [](const auto& D2) { return kb::gram_from_squared_distances(D2); };
/// The N×p classical MDS coordinates of a Gram matrix (`kb::ClassicalMds`).
inline constexpr auto library_mds = [](const auto& B, Eigen::Index p) { return kb::ClassicalMds(B, {.components = p}).coordinates(); };
/// The same from the distances (`kb::MdsInput::distances`: squares and double-centres inside).
inline constexpr auto library_mds_of_distances = [](const auto& D, Eigen::Index p) {
    return kb::ClassicalMds(D, {.components = p, .input = kb::MdsInput::distances}).coordinates();
};
///@}

//! [double-centring-real]
/// zhu:2.2.2: −½ J D⁽²⁾ J of the squared Euclidean distances of any points Y is their
/// centred Gram matrix (JY)(JY)ᵀ, to one rounding per entry.
template <class T, class DoubleCentring>
void double_centring_law(DoubleCentring gram_from_squared_distances) {
    kb::test::property<T>([&] {
        const int N = *kb::test::size_in(2, 10);
        const int q = *kb::test::size_in(1, 4);
        const Matrix<T> Y = kb::from_integers<T>(*kb::test::points(N, q, 30));
        const Matrix<T> D2 = kb::squared_distances(Y); // integers: exact in every type
        const Matrix<T> Yc = kb::center_columns(Y);
        kb::test::show("Y, the points (rows)", Y);
        kb::test::show("D⁽²⁾, their squared distances", D2);
        const Matrix<T> B = gram_from_squared_distances(D2);
        kb::test::show("B = −½ J D⁽²⁾ J, yours", B);
        kb::test::show("(JY)(JY)ᵀ (expected)", Matrix<T>(Yc * Yc.transpose()));
        RC_ASSERT(B.rows() == N && B.cols() == N);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(B - Yc * Yc.transpose())), kb::test::one_pass<T>(N * q, kb::max_abs(D2) + 1),
                     "−½ J D² J = (JY)(JY)ᵀ");
    });
}
//! [double-centring-real]

//! [mds-equals-pca]
/// zhu:1.2.2: classical MDS scores equal PCA scores YV = UD up to column signs, from the
/// Gram matrix (`mds`) and from the distances (`mds_of_distances`).
template <class T, class Mds, class MdsOfDistances>
void mds_equals_pca_law(Mds mds, MdsOfDistances mds_of_distances) {
    using std::sqrt;
    kb::test::property<T>([&] {
        const auto [N, p, Yi, Y, Yc, K] = centred_case<T>(1, 9, 20);
        // The spectrum for the scales and gaps of the bounds: K built again in real100 and
        // decomposed there, independently of the MDS and PCA under test.
        const Vector<T> lambda = reference_eigenvalues<T>(centred_gram_real100(Yi, 4));

        // PCA: scores Y_c V_p from the SVD of the centred data.
        const Matrix<T> S = Yc * kb::thin_svd(Yc).V.leftCols(p);
        // MDS: from the Gram matrix, and from the distances of the (uncentred) points.
        kb::test::show("Y, the points (rows)", Y);
        kb::test::show("K = (JY)(JY)ᵀ, their centred Gram matrix", K);
        kb::test::show("p, the dimensions", p);
        const Matrix<T> X = mds(K, p);
        kb::test::show("X, the MDS coordinates from K", X);
        kb::test::show("Y_c V_p, the PCA scores (expected, up to column signs)", S);
        const Matrix<T> Xd = mds_of_distances(kb::distances(Y), p);
        kb::test::show("the MDS coordinates from the distances", Xd);
        RC_ASSERT(X.rows() == N && X.cols() == p && Xd.rows() == N && Xd.cols() == p);

        const T normK = lambda(0), sigma1 = sqrt(lambda(0));
        const Matrix<T> Xa = kb::align_signs(X, S);
        for (Eigen::Index j = 0; j < p; ++j)
            KB_RC_WITHIN(T((Xa.col(j) - S.col(j)).norm()),
                         kb::test::subspace<T>(N, T(normK * sigma1), isolation_gap(lambda, j)),
                         "MDS score column j = PCA score column j (signs aligned)");
        // The sign-free invariant: the Gram matrices of the scores agree.
        const auto gram_bound = kb::test::subspace<T>(N, T(normK * normK), isolation_gap(lambda, p - 1));
        KB_RC_WITHIN(T((X * X.transpose() - S * S.transpose()).norm()), gram_bound, "XXᵀ = (YV)(YV)ᵀ");
        KB_RC_WITHIN(T((Xd * Xd.transpose() - S * S.transpose()).norm()), gram_bound,
                     "distance-form MDS: XXᵀ = (YV)(YV)ᵀ");
    });
}
//! [mds-equals-pca]

} // namespace kb::test::ch02
