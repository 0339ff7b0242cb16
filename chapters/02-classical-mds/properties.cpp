/// \file properties.cpp
/// \brief Chapter 2's statements as properties over random inputs, in double, real50 and
///        real100: the SVD gives both eigen-decompositions (zhu:1.2.1), MDS scores are PCA
///        scores (zhu:1.2.2), double centring of squared distances (zhu:2.2.2), the
///        classical MDS configuration solves zhu:def1, Gallier's U_r = X̂ᵀV_rΣ_r⁻¹
///        (gallier:svd), the stress of zhu:mds-setup — each with a failing companion.
#include "test_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/mds.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <vector>

using kb::IntMatrix;
using kb::Matrix;
using kb::Vector;
using std::abs;
using std::sqrt;

namespace {

/// Column j of A multiplied by the sign that makes it agree best with column j of ref.
template <class T>
Matrix<T> sign_aligned(Matrix<T> A, const Matrix<T>& ref) {
    for (Eigen::Index j = 0; j < A.cols(); ++j)
        if (A.col(j).dot(ref.col(j)) < 0) A.col(j) = -A.col(j);
    return A;
}

/// The gap that isolates eigenvalue j of a decreasing spectrum from its neighbours.
template <class T>
T isolation_gap(const Vector<T>& lambda, Eigen::Index j) {
    using std::min;
    T gap = j + 1 < lambda.size() ? T(lambda(j) - lambda(j + 1)) : T(lambda(j));
    if (j > 0) gap = min(gap, T(lambda(j - 1) - lambda(j)));
    return gap;
}

/// Whether the spectrum has at least p eigenvalues above kb::classical_mds's rounding
/// threshold (a degenerate configuration of lower rank is covered by the error tests).
template <class T>
bool has_positive(const Vector<T>& lambda, Eigen::Index p) {
    using std::abs;
    using std::max;
    const T scale = max(abs(lambda(0)), abs(lambda(lambda.size() - 1)));
    return lambda(p - 1) > kb::psd_rounding_tolerance<T>(lambda.size(), scale);
}

/// Whether x rounds to the decimal `digits`·10^(−decimals), i.e. agrees with a number the
/// chapter prints with that many decimals: |x − printed| ≤ ½·10^(−decimals).
template <class T>
bool agrees_with_printed(const T& x, long digits, int decimals) {
    using std::abs;
    long unit = 1;
    for (int i = 0; i < decimals; ++i) unit *= 10;
    return abs(x - kb::ratio<T>(digits, unit)) <= kb::ratio<T>(1, 2 * unit);
}

} // namespace

//! [svd-two-eigenproblems]
TEST_CASE_TEMPLATE("the SVD Y = UDV^T gives Y^TY = VD^2V^T and YY^T = UD^2U^T with the same non-zero eigenvalues "
                   "[zhu:1.2.1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 9);
        const int q = *kb::test::size_in(1, 5);
        const Matrix<T> Y = kb::from_integers<T>(*kb::test::int_matrix(N, q, -20, 20), 4);
        const kb::Svd<T> svd = kb::thin_svd(Y);
        const Eigen::Index r = svd.sigma.size();
        // The shapes of Y = U D Vᵀ: N×r · r×r · r×q (so YYᵀ = U D² Uᵀ is N×r · r×r · r×N).
        RC_ASSERT(svd.U.rows() == N && svd.U.cols() == r && svd.V.rows() == q && svd.V.cols() == r);
        const Vector<T> d2 = svd.sigma.cwiseProduct(svd.sigma); // D²
        const Matrix<T> YtY = Y.transpose() * Y, YYt = Y * Y.transpose();
        const auto bound = kb::test::factorisation<T>(std::max(N, q), T(Y.squaredNorm() + 1));
        KB_RC_WITHIN(T((YtY - svd.V * d2.asDiagonal() * svd.V.transpose()).norm()), bound, "YᵀY = V D² Vᵀ");
        KB_RC_WITHIN(T((YYt - svd.U * d2.asDiagonal() * svd.U.transpose()).norm()), bound, "YYᵀ = U D² Uᵀ");
        KB_RC_WITHIN(T((YtY * svd.V - svd.V * d2.asDiagonal()).norm()), bound, "columns of V are eigenvectors of YᵀY");
        // The eigenvalues, by an independent route (the symmetric eigensolver on each side):
        // the r largest of both are D², the remaining ones are zero.
        const Vector<T> mu = kb::symmetric_eigen(YtY).values, nu = kb::symmetric_eigen(YYt).values;
        for (Eigen::Index j = 0; j < q; ++j)
            KB_RC_WITHIN(T(abs(mu(j) - (j < r ? d2(j) : T(0)))), bound, "eigenvalue j of YᵀY");
        for (Eigen::Index j = 0; j < N; ++j)
            KB_RC_WITHIN(T(abs(nu(j) - (j < r ? d2(j) : T(0)))), bound, "eigenvalue j of YYᵀ");
    });
}
//! [svd-two-eigenproblems]

TEST_CASE_TEMPLATE("companion: the eigenvalues of Y^TY are D^2 and not D [zhu:1.2.1]", T, KB_REALS) {
    // Y = diag(3, 2) stacked on a zero row: σ = (3, 2), eigenvalues of YᵀY = (9, 4).
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(3, 2) << 3, 0, 0, 2, 0, 0).finished());
    const kb::Svd<T> svd = kb::thin_svd(Y);
    const Vector<T> mu = kb::symmetric_eigen(Matrix<T>(Y.transpose() * Y)).values;
    const auto bound = kb::test::factorisation<T>(3, T(9));
    KB_CHECK_WITHIN(T((mu - svd.sigma.cwiseProduct(svd.sigma)).norm()), bound, "eigenvalues = σ²");
    KB_CHECK_EXCEEDS(T((mu - svd.sigma).norm()), bound, "eigenvalues = σ (wrong)");
}

//! [mds-equals-pca]
TEST_CASE_TEMPLATE("classical MDS scores equal PCA scores YV = UD up to column signs [zhu:1.2.2]", T, KB_REALS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 4);
        const int N = *kb::test::size_in(q + 1, 9);
        const int p = *kb::test::size_in(1, q);
        const Matrix<T> Y = kb::from_integers<T>(*kb::test::int_matrix(N, q, -20, 20), 4);
        const Matrix<T> Yc = kb::center_columns(Y);
        const Matrix<T> K = Yc * Yc.transpose();
        const Vector<T> lambda = kb::symmetric_eigen(K).values;
        RC_PRE(has_positive(lambda, p));

        // PCA: scores Y_c V_p from the SVD of the centred data.
        const Matrix<T> S = Yc * kb::thin_svd(Yc).V.leftCols(p);
        // MDS: from the Gram matrix, and from the distances of the (uncentred) points.
        const Matrix<T> X = kb::classical_mds(K, p).X;
        const Matrix<T> Xd = kb::classical_mds_from_distances(kb::distances(Y), p).X;

        const T normK = lambda(0), sigma1 = sqrt(lambda(0));
        const Matrix<T> Xa = sign_aligned(X, S);
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

TEST_CASE_TEMPLATE("companion: MDS of the uncentred Gram matrix and unscaled eigenvectors are not PCA scores "
                   "[zhu:1.2.2]",
                   T, KB_REALS) {
    // Points far from the origin: the uncentred Gram matrix is dominated by the mean.
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(4, 2) << 10, 1, 12, 2, 11, 5, 13, 4).finished());
    const Matrix<T> Yc = kb::center_columns(Y);
    const Matrix<T> S = Yc * kb::thin_svd(Yc).V.leftCols(1);
    const auto mds = kb::classical_mds(Matrix<T>(Yc * Yc.transpose()), 1);
    const auto bound = kb::test::subspace<T>(4, T(mds.eigenvalues(0) * 10), mds.eigenvalues(0) - mds.eigenvalues(1));
    KB_CHECK_WITHIN(T((sign_aligned(mds.X, S) - S).norm()), bound, "centred: X = YV");
    const Matrix<T> uncentred = kb::classical_mds(Matrix<T>(Y * Y.transpose()), 1).X;
    KB_CHECK_EXCEEDS(T((sign_aligned(uncentred, S) - S).norm()), bound, "uncentred X = YV (wrong)");
    const Matrix<T> unscaled = mds.eigenvectors.leftCols(1); // U without D
    KB_CHECK_EXCEEDS(T((sign_aligned(unscaled, S) - S).norm()), bound, "X = U (wrong)");
}

//! [double-centring-real]
TEST_CASE_TEMPLATE("-1/2 J D2 J of squared Euclidean distances is the centred Gram matrix to rounding [zhu:2.2.2]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 10);
        const int q = *kb::test::size_in(1, 4);
        const Matrix<T> Y = kb::from_integers<T>(*kb::test::points(N, q, 30));
        const Matrix<T> D2 = kb::squared_distances(Y); // integers: exact in every type
        const Matrix<T> Yc = kb::center_columns(Y);
        const Matrix<T> B = kb::gram_from_squared_distances(D2);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(B - Yc * Yc.transpose())), kb::test::one_pass<T>(N * q, kb::max_abs(D2) + 1),
                     "−½ J D² J = (JY)(JY)ᵀ");
    });
}
//! [double-centring-real]

TEST_CASE_TEMPLATE("companion: B without the factor -1/2 or without the centring is not the Gram matrix "
                   "[zhu:2.2.2]",
                   T, KB_REALS) {
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(4, 2) << 0, 0, 3, 1, 1, 4, -2, 2).finished());
    const Matrix<T> D2 = kb::squared_distances(Y);
    const Matrix<T> Yc = kb::center_columns(Y);
    const Matrix<T> G = Yc * Yc.transpose();
    const auto bound = kb::test::one_pass<T>(8, kb::max_abs(D2));
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(kb::gram_from_squared_distances(D2) - G)), bound, "−½JD²J = G");
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(kb::double_center(D2) - G)), bound, "JD²J (wrong)");
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(D2 * (T(-1) / 2) - G)), bound, "−½D² (wrong)");
}

//! [def1-minimiser]
TEST_CASE_TEMPLATE("the classical MDS configuration minimises sum (y_i^T y_j - x_i^T x_j)^2 over N x p "
                   "configurations [zhu:def1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(2, 4);
        const int N = *kb::test::size_in(q + 1, 8);
        const int p = *kb::test::size_in(1, q);
        const Matrix<T> Y = kb::from_integers<T>(*kb::test::int_matrix(N, q, -12, 12), 4);
        const Matrix<T> Yc = kb::center_columns(Y);
        const Matrix<T> K = Yc * Yc.transpose();
        const Vector<T> lambda = kb::symmetric_eigen(K).values;
        RC_PRE(has_positive(lambda, p));
        const auto mds = kb::classical_mds(K, p);
        const T best = kb::classical_mds_objective(K, mds.X);
        const auto bound = kb::test::factorisation<T>(N, T(lambda(0) * lambda(0)));
        // The minimum is Σ_{j>p} λ_j² (chapter 3), read off the spectrum.
        KB_RC_WITHIN(T(abs(best - mds.residual * mds.residual)), bound, "objective at the optimum = Σ_{j>p} λ_j²");
        // A random configuration, and the optimum moved along a random direction, do no better.
        const Matrix<T> Xr = kb::from_integers<T>(*kb::test::int_matrix(N, p, -12, 12), 4);
        const Matrix<T> E = kb::from_integers<T>(*kb::test::int_matrix(N, p, -10, 10), 10);
        const T t = kb::ratio<T>(*kb::test::int_in(-8, 8), 16);
        for (const Matrix<T>& competitor : {Xr, Matrix<T>(mds.X + t * E)}) {
            const T f = kb::classical_mds_objective(K, competitor);
            KB_RC_WITHIN(T(best > f ? T(best - f) : T(0)), bound, "objective(competitor) ≥ objective(MDS)");
        }
    });
}
//! [def1-minimiser]

TEST_CASE_TEMPLATE("companion: a perturbed optimum and the smallest positive eigenpairs are detectably worse "
                   "[zhu:def1]",
                   T, KB_REALS) {
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(5, 2) << 0, 0, 4, 0, 0, 3, 4, 3, 2, 1).finished());
    const Matrix<T> Yc = kb::center_columns(Y);
    const Matrix<T> K = Yc * Yc.transpose(); // eigenvalues 16, 46/5, 0, 0, 0
    const auto mds = kb::classical_mds(K, 1);
    const T best = kb::classical_mds_objective(K, mds.X);
    const auto bound = kb::test::factorisation<T>(5, T(256));
    KB_CHECK_WITHIN(T(abs(best - kb::ratio<T>(2116, 25))), bound, "minimum = (46/5)²");
    Matrix<T> moved = mds.X;
    moved(0, 0) += kb::ratio<T>(1, 10);
    const T worse = kb::classical_mds_objective(K, moved);
    CHECK(worse > best);
    KB_CHECK_EXCEEDS(T(worse - best), bound, "a moved point is as good (wrong)");
    // Keeping the second eigenpair instead of the first: objective 16² instead of (46/5)².
    const Matrix<T> second = mds.eigenvectors.col(1) * sqrt(mds.eigenvalues(1));
    const T f2 = kb::classical_mds_objective(K, second);
    KB_CHECK_WITHIN(T(abs(f2 - T(256))), bound, "objective with the second eigenpair = 16²");
    KB_CHECK_EXCEEDS(T(f2 - best), bound, "second eigenpair is as good (wrong)");
}

//! [gallier-svd]
TEST_CASE_TEMPLATE("U_r = X^T V_r Sigma_r^-1 from the unit eigenvectors of K = X X^T with eigenvalues sigma^2 "
                   "[gallier:svd]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 9);
        const int q = *kb::test::size_in(1, 5);
        const Matrix<T> Xh = kb::center_columns(kb::from_integers<T>(*kb::test::int_matrix(N, q, -20, 20), 4));
        const Matrix<T> K = Xh * Xh.transpose(); // K̂ = X̂X̂ᵀ
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(K);
        const Eigen::Index r = kb::numerical_rank(eig.values, kb::psd_rounding_tolerance<T>(N, eig.values(0)));
        RC_PRE(r >= 1);
        // σ_k² are the non-zero eigenvalues of K̂: compare with the SVD of X̂ (independent route).
        const kb::Svd<T> svd = kb::thin_svd(Xh);
        Vector<T> sigma(r);
        for (Eigen::Index k = 0; k < r; ++k) sigma(k) = sqrt(eig.values(k));
        const T lam1 = eig.values(0), kappa = eig.values(0) / eig.values(r - 1);
        KB_RC_WITHIN(T((sigma.cwiseProduct(sigma) - svd.sigma.head(r).cwiseProduct(svd.sigma.head(r))).norm()),
                     kb::test::factorisation<T>(std::max(N, q), lam1), "σ_k² = eigenvalues of K̂");
        // U_r = X̂ᵀ V_r Σ_r⁻¹ has orthonormal columns, eigenvectors of X̂ᵀX̂, and X̂ = V_r Σ_r U_rᵀ.
        const Matrix<T> Vr = eig.vectors.leftCols(r);
        const Matrix<T> Ur = Xh.transpose() * Vr * sigma.cwiseInverse().asDiagonal();
        KB_RC_WITHIN(T((Ur.transpose() * Ur - Matrix<T>::Identity(r, r)).norm()),
                     kb::test::factorisation<T>(N, kappa), "U_rᵀU_r = I");
        KB_RC_WITHIN(T((Xh.transpose() * Xh * Ur - Ur * sigma.cwiseProduct(sigma).asDiagonal()).norm()),
                     kb::test::factorisation<T>(N, T(lam1 * sigma(0) / sigma(r - 1))), "X̂ᵀX̂ u_k = σ_k² u_k");
        KB_RC_WITHIN(T((Vr * sigma.asDiagonal() * Ur.transpose() - Xh).norm()),
                     kb::test::factorisation<T>(N, T(kappa * sigma(0))), "X̂ = V_r Σ_r U_rᵀ");
    });
}
//! [gallier-svd]

TEST_CASE_TEMPLATE("companion: U_r = X^T V_r Sigma_r without the inverse is not orthonormal [gallier:svd]", T,
                   KB_REALS) {
    const Matrix<T> Xh = kb::center_columns(kb::from_integers<T>((IntMatrix(4, 2) << 0, 0, 4, 0, 0, 3, 4, 3).finished()));
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(Matrix<T>(Xh * Xh.transpose())); // eigenvalues 16, 9, 0, 0
    const Vector<T> sigma = eig.values.head(2).cwiseSqrt();
    const Matrix<T> Vr = eig.vectors.leftCols(2);
    const auto bound = kb::test::factorisation<T>(4, T(16) / 9);
    const Matrix<T> I2 = Matrix<T>::Identity(2, 2);
    const Matrix<T> right = Xh.transpose() * Vr * sigma.cwiseInverse().asDiagonal();
    const Matrix<T> wrong = Xh.transpose() * Vr * sigma.asDiagonal();
    KB_CHECK_WITHIN(T((right.transpose() * right - I2).norm()), bound, "with Σ_r⁻¹");
    KB_CHECK_EXCEEDS(T((wrong.transpose() * wrong - I2).norm()), bound, "with Σ_r (wrong)");
}

//! [stress-zero]
TEST_CASE_TEMPLATE("classical MDS with p = rank reproduces Euclidean distances: the MDS stress is zero "
                   "[zhu:mds-setup] [zhu:2.2.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int q = *kb::test::size_in(1, 3);
        const int N = *kb::test::size_in(q + 1, 9);
        const Matrix<T> Y = kb::from_integers<T>(*kb::test::points(N, q, 20));
        const Matrix<T> D = kb::distances(Y);
        const Matrix<T> B = kb::gram_from_squared_distances(kb::squared_distances(Y));
        const Vector<T> lambda = kb::symmetric_eigen(B).values;
        RC_PRE(has_positive(lambda, 1));
        const Eigen::Index r = kb::classical_mds(B, 1).positive; // the dimension the points span
        RC_ASSERT(r <= q);
        const auto mds = kb::classical_mds(B, r);
        RC_ASSERT(mds.negative == 0);
        // d̂²ᵢⱼ = bᵢᵢ + bⱼⱼ − 2bᵢⱼ up to the backward error of the eigen-decomposition of B …
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kb::squared_distances(mds.X) - kb::squared_distances(Y))),
                     kb::test::factorisation<T>(N, T(4 * lambda(0))), "‖x_i − x_j‖² = d²ᵢⱼ");
        // … and (d − d̂)² ≤ |d² − d̂²| for every pair (d, d̂ ≥ 0): N² pairs. (A square root of a
        // rounding error appears when two points coincide, so the stress is bounded by the
        // squared-distance error itself, not by its square.)
        KB_RC_WITHIN(kb::mds_stress(D, mds.X), kb::test::factorisation<T>(N, T(4 * N * N * lambda(0))),
                     "Σ (d_ij − ‖x_i − x_j‖)²");
        // The stress sees only distances: a rotation and a translation of X change nothing.
        const Matrix<T> Q = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(static_cast<int>(r)), 2);
        const kb::RowVector<T> c = kb::from_integers<T>(*kb::test::int_matrix(1, r, -9, 9));
        const Matrix<T> moved = (mds.X * Q).rowwise() + c;
        KB_RC_WITHIN(kb::mds_stress(D, moved), kb::test::factorisation<T>(N, T(4 * N * N * lambda(0))),
                     "stress after a rigid motion");
    });
}
//! [stress-zero]

TEST_CASE_TEMPLATE("companion: with p below the rank the stress is not zero [zhu:mds-setup]", T, KB_REALS) {
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(5, 2) << 0, 0, 4, 0, 0, 3, 4, 3, 2, 1).finished());
    const Matrix<T> D = kb::distances(Y);
    const auto bound = kb::test::factorisation<T>(5, T(4 * 25 * 16));
    KB_CHECK_WITHIN(kb::mds_stress(D, kb::classical_mds_from_distances(D, 2).X), bound, "p = 2 = rank");
    KB_CHECK_EXCEEDS(kb::mds_stress(D, kb::classical_mds_from_distances(D, 1).X), bound, "p = 1");
}

//! [stress-not-strain]
TEST_CASE_TEMPLATE("erratum: minimising the stress is not equivalent to minimising the similarity differences "
                   "[zhu:mds-setup] [zhu:def1]",
                   T, KB_REALS) {
    // Five points in the plane, embedded on a line (p = 1). Classical MDS minimises the
    // strain ‖B − XXᵀ‖²; one Guttman (SMACOF) step from it lowers the stress of
    // zhu:mds-setup by 42%, and raises the strain: the two problems have different minimisers.
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(5, 2) << 0, 0, 4, 0, 0, 3, 4, 3, 2, 1).finished());
    const Matrix<T> D = kb::distances(Y);
    const auto mds = kb::classical_mds_from_distances(D, 1);
    const Matrix<T> X1 = kb::guttman_transform(D, mds.X);
    const T stress0 = kb::mds_stress(D, mds.X), stress1 = kb::mds_stress(D, X1);
    const T strain0 = kb::classical_mds_objective(mds.B, mds.X), strain1 = kb::classical_mds_objective(mds.B, X1);
    const auto bound = kb::test::factorisation<T>(5, T(4 * 25 * 16));
    // The stress drops by far more than rounding, and the strain rises by far more.
    CHECK(stress0 - stress1 > T(stress0 / 3));
    KB_CHECK_EXCEEDS(T(stress0 - stress1), bound, "stress decrease");
    KB_CHECK_EXCEEDS(T(strain1 - strain0), bound, "strain increase");
    CHECK(strain1 > strain0);
    // The strain at the MDS solution is exactly (46/5)² (chapter 3: the discarded eigenvalue).
    KB_CHECK_WITHIN(T(abs(strain0 - kb::ratio<T>(2116, 25))), bound, "strain = λ₂²");
    // The numbers the chapter prints: stress 42.968 → 24.739 (−42 %), strain 84.64 → 150.17.
    CHECK(agrees_with_printed(stress0, 42968, 3));
    CHECK(agrees_with_printed(stress1, 24739, 3));
    CHECK(agrees_with_printed(T(100 * (stress0 - stress1) / stress0), 42, 0));
    CHECK(agrees_with_printed(strain0, 8464, 2));
    CHECK(agrees_with_printed(strain1, 15017, 2));
}
//! [stress-not-strain]

//! [schoenberg-converse]
TEST_CASE_TEMPLATE("Schoenberg converse: if -1/2 J D2 J is PSD the MDS coordinates realise D exactly up to rounding "
                   "[zhu:2.2.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        // A PSD centred B (B = J A Aᵀ J), the squared distances it defines, d²ᵢⱼ = bᵢᵢ + bⱼⱼ − 2bᵢⱼ,
        // and the points found by MDS: their squared distances are the d²ᵢⱼ.
        const int N = *kb::test::size_in(2, 8);
        const int k = *kb::test::size_in(1, 4);
        const Matrix<T> A = kb::from_integers<T>(*kb::test::int_matrix(N, k, -9, 9));
        const Matrix<T> B = kb::double_center(Matrix<T>(A * A.transpose()));
        Matrix<T> D2(N, N);
        for (int i = 0; i < N; ++i)
            for (int j = 0; j < N; ++j) D2(i, j) = B(i, i) + B(j, j) - 2 * B(i, j);
        const Vector<T> lambda = kb::symmetric_eigen(B).values;
        RC_PRE(has_positive(lambda, 1));
        const Eigen::Index r = kb::classical_mds(B, 1).positive;
        const auto mds = kb::classical_mds_from_squared_distances(D2, r);
        RC_ASSERT(mds.negative == 0);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kb::squared_distances(mds.X) - D2)),
                     kb::test::factorisation<T>(N, T(4 * lambda(0))), "‖x_i − x_j‖² = d²ᵢⱼ");
    });
}
//! [schoenberg-converse]

//! [negative-eigenvalues]
TEST_CASE_TEMPLATE("classical MDS of non-Euclidean dissimilarities reports the negative eigenvalues and keeps the "
                   "positive ones [zhu:2.2.2]",
                   T, KB_REALS) {
    // City-block distances of the corners of the unit square: sides 1, diagonals 2.
    // B = −½JD²J has eigenvalues 2, 2, 0, −1 exactly (−1 on the alternating vector).
    const Matrix<T> corners = kb::from_integers<T>((IntMatrix(4, 2) << 0, 0, 1, 0, 1, 1, 0, 1).finished());
    const Matrix<T> D = kb::city_block_distances(corners);
    const auto mds = kb::classical_mds_from_distances(D, 2);
    const auto bound = kb::test::factorisation<T>(4, T(4));
    Vector<T> want(4);
    want << 2, 2, 0, -1;
    KB_CHECK_WITHIN(T((mds.eigenvalues - want).norm()), bound, "spectrum (2, 2, 0, −1)");
    CHECK(mds.positive == 2);
    CHECK(mds.negative == 1);
    KB_CHECK_WITHIN(T(abs(mds.negative_mass - kb::ratio<T>(1, 5))), bound, "negative mass 1/5");
    KB_CHECK_WITHIN(mds.discarded_mass, bound, "no positive mass discarded at p = 2");
    for (Eigen::Index i = 0; i < mds.X.rows(); ++i)
        for (Eigen::Index j = 0; j < mds.X.cols(); ++j) CHECK(kb::is_finite(mds.X(i, j)));
    // The coordinates cannot realise D: they form a square of circumradius 1, whose sides
    // are √2, not 1.
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(kb::squared_distances(mds.X) - kb::entrywise_square(D))), bound,
                     "MDS realises the city-block distances (impossible)");
    // Asking for a coordinate from the negative eigenvalue is refused, not answered with NaN.
    CHECK_THROWS_WITH_AS(kb::classical_mds_from_distances(D, 3), doctest::Contains("only 2 positive eigenvalue"),
                         kb::error);
}
//! [negative-eigenvalues]

//! [pseudo-euclidean]
TEST_CASE_TEMPLATE("for any dissimilarity d^2_ij = ||x_i - x_j||^2 - ||z_i - z_j||^2 with x from the positive and z "
                   "from the negative eigenvalues: MDS overestimates every squared distance [zhu:2.2.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        // A random symmetric dissimilarity with zero diagonal (usually not Euclidean).
        const int N = *kb::test::size_in(2, 8);
        IntMatrix D = *kb::test::int_matrix(N, N, 0, 9);
        for (int i = 0; i < N; ++i) {
            D(i, i) = 0;
            for (int j = 0; j < i; ++j) D(i, j) = D(j, i);
        }
        RC_PRE(D.maxCoeff() > 0);
        const Matrix<T> D2 = kb::from_integers<T>(IntMatrix(D.cwiseProduct(D)));
        const Matrix<T> B = kb::gram_from_squared_distances(D2);
        const Eigen::Index r = kb::classical_mds(B, 1).positive; // trace B > 0: some λ > 0
        const auto mds = kb::classical_mds(B, r);
        // z_i: the "imaginary" coordinates √|λ_j| u_ij of the negative eigenvalues.
        Matrix<T> Z = Matrix<T>::Zero(N, 1);
        if (mds.negative > 0) {
            Z = mds.eigenvectors.rightCols(mds.negative);
            for (Eigen::Index j = 0; j < mds.negative; ++j)
                Z.col(j) *= sqrt(abs(mds.eigenvalues(N - mds.negative + j)));
        }
        const T scale = abs(mds.eigenvalues(0)) + abs(mds.eigenvalues(N - 1));
        const auto bound = kb::test::factorisation<T>(N, T(4 * scale));
        const Matrix<T> X2 = kb::squared_distances(mds.X), Z2 = kb::squared_distances(Z);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(X2 - Z2 - D2)), bound, "d² = ‖x_i − x_j‖² − ‖z_i − z_j‖²");
        T below(0); // how far a squared MDS distance falls below d² (zero: it never does)
        for (int i = 0; i < N; ++i)
            for (int j = 0; j < N; ++j) below = std::max(below, T(D2(i, j) - X2(i, j)));
        KB_RC_WITHIN(below, bound, "‖x_i − x_j‖² ≥ d²_ij");
        // The masses, from the coordinates: ‖X‖_F² = Σ_{λ>0} λ and ‖Z‖_F² = Σ_{λ<0} |λ|, so
        // tr B = ‖X‖_F² − ‖Z‖_F² and the negative mass is ‖Z‖_F² / (‖X‖_F² + ‖Z‖_F²). The N
        // eigenvalues counted as zero each carry a backward error ≤ c₂Nε‖B‖: N of them.
        const T X2F = mds.X.squaredNorm(), Z2F = mds.negative > 0 ? T(Z.squaredNorm()) : T(0);
        KB_RC_WITHIN(T(abs(X2F - Z2F - B.trace())), kb::test::factorisation<T>(N, T(N * scale)),
                     "tr B = ‖X‖_F² − ‖Z‖_F²");
        KB_RC_WITHIN(T(abs(mds.negative_mass - Z2F / (X2F + Z2F))),
                     kb::test::factorisation<T>(N, T(2 * N * scale / (X2F + Z2F))),
                     "negative mass = ‖Z‖_F² / (‖X‖_F² + ‖Z‖_F²)");
    });
}
//! [pseudo-euclidean]

TEST_CASE_TEMPLATE("companion: the pseudo-Euclidean identity without z or with +||z_i - z_j||^2 and the "
                   "overestimate check on a truncated embedding are rejected [zhu:2.2.2]",
                   T, KB_REALS) {
    // The star with centre 0 and leaves 1, 2, 3 (shortest-path distances 1 and 2): spectrum
    // (2, 2, 0, −1/4), one "imaginary" coordinate z.
    Matrix<T> D(4, 4);
    D << 0, 1, 1, 1, 1, 0, 2, 2, 1, 2, 0, 2, 1, 2, 2, 0;
    const Matrix<T> D2 = kb::entrywise_square(D);
    const auto mds = kb::classical_mds_from_squared_distances(D2, 2);
    REQUIRE(mds.negative == 1);
    const Matrix<T> Z = mds.eigenvectors.rightCols(1) * sqrt(abs(mds.eigenvalues(3)));
    const auto bound = kb::test::factorisation<T>(4, T(4 * (abs(mds.eigenvalues(0)) + abs(mds.eigenvalues(3)))));
    const Matrix<T> X2 = kb::squared_distances(mds.X), Z2 = kb::squared_distances(Z);
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(X2 - Z2 - D2)), bound, "d² = ‖x_i − x_j‖² − ‖z_i − z_j‖²");
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(X2 - D2)), bound, "d² = ‖x_i − x_j‖² (wrong)");
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(X2 + Z2 - D2)), bound, "d² = ‖x‖² + ‖z‖² (wrong)");
    // The masses: negative 1/4 of Σ|λ| = 17/4, i.e. 1/17; the same check rejects Σλ = 15/4 as divisor.
    KB_CHECK_WITHIN(T(abs(mds.negative_mass - kb::ratio<T>(1, 17))), kb::test::factorisation<T>(4, T(1)),
                    "negative mass 1/17");
    KB_CHECK_EXCEEDS(T(abs(mds.negative_mass - kb::ratio<T>(1, 15))), kb::test::factorisation<T>(4, T(1)),
                     "negative mass over Σλ (wrong)");
    // "MDS overestimates every squared distance" needs all positive eigenvalues: Euclidean points
    // (0,0), (4,0), (0,3), (4,3), (2,1) embedded with p = 1 < rank = 2 lose the second axis, and
    // (0,0)–(0,3) falls from d² = 9 to 0 — the check sees it.
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(5, 2) << 0, 0, 4, 0, 0, 3, 4, 3, 2, 1).finished());
    const Matrix<T> DY2 = kb::squared_distances(Y);
    const Matrix<T> X1 = kb::classical_mds_from_squared_distances(DY2, 1).X;
    const Matrix<T> X12 = kb::squared_distances(X1);
    T below(0);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) below = std::max(below, T(DY2(i, j) - X12(i, j)));
    KB_CHECK_EXCEEDS(below, kb::test::factorisation<T>(5, T(4 * 16)), "‖x_i − x_j‖² ≥ d²_ij at p = 1");
    KB_CHECK_WITHIN(T(abs(below - T(9))), kb::test::factorisation<T>(5, T(4 * 16)), "the lost 9 = 3²");
}

//! [masses]
TEST_CASE_TEMPLATE("classical MDS reports the discarded positive mass sum_{j>p lambda_j>0} lambda_j / sum |lambda| "
                   "and the negative mass and the residual of a B built with a known spectrum for every p "
                   "[zhu:2.2.2] [zhu:def1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        // B = Q diag(λ) Qᵀ with P positive, M ≥ 1 negative and the rest zero integer eigenvalues,
        // Q exactly orthogonal (Cayley): the masses are known from the integers.
        const int N = *kb::test::size_in(3, 8);
        const int P = *kb::test::size_in(2, N - 1);
        const int M = *kb::test::size_in(1, N - P);
        const auto pos = *kb::test::decreasing_spectrum(P, 1, 30);
        const auto neg = *kb::test::decreasing_spectrum(M, 1, 30);
        std::vector<long> lambda(static_cast<std::size_t>(N), 0);
        for (int j = 0; j < P; ++j) lambda[static_cast<std::size_t>(j)] = pos[static_cast<std::size_t>(j)];
        for (int j = 0; j < M; ++j) lambda[static_cast<std::size_t>(N - 1 - j)] = -neg[static_cast<std::size_t>(j)];
        const Matrix<T> Q = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(N), 3);
        const Matrix<T> G = kb::test::with_spectrum(Q, kb::test::vector_from<T>(lambda));
        const Matrix<T> B = (G + G.transpose()) / T(2);
        long total = 0, negative = 0, max_abs = 0;
        for (long l : lambda) {
            total += std::abs(l);
            if (l < 0) negative -= l;
            max_abs = std::max(max_abs, std::abs(l));
        }
        // Each computed eigenvalue is off by ≤ c₂Nε‖B‖; a mass sums up to N of them over Σ|λ|.
        const auto mass_bound = kb::test::factorisation<T>(N, T(N * max_abs) / T(total));
        const auto norm_bound = kb::test::factorisation<T>(N, T(N * max_abs));
        for (int p = 1; p <= P; ++p) {
            const auto mds = kb::classical_mds(B, p);
            RC_ASSERT(mds.positive == P);
            RC_ASSERT(mds.negative == M);
            long discarded = 0, tail2 = 0, positive_tail2 = 0;
            for (int j = p; j < N; ++j) {
                const long l = lambda[static_cast<std::size_t>(j)];
                if (l > 0) {
                    discarded += l;
                    positive_tail2 += l * l;
                }
                tail2 += l * l;
            }
            KB_RC_WITHIN(T(abs(mds.discarded_mass - kb::ratio<T>(discarded, total))), mass_bound,
                         "discarded mass = Σ_{j>p, λ>0} λ_j / Σ|λ|");
            KB_RC_WITHIN(T(abs(mds.negative_mass - kb::ratio<T>(negative, total))), mass_bound,
                         "negative mass = Σ_{λ<0} |λ_j| / Σ|λ|");
            KB_RC_WITHIN(T(abs(mds.residual - sqrt(T(tail2)))), norm_bound, "residual = (Σ_{j>p} λ_j²)^{1/2}");
            KB_RC_WITHIN(T(abs((B - mds.X * mds.X.transpose()).norm() - sqrt(T(tail2)))), norm_bound,
                         "‖B − XXᵀ‖_F = residual");
            // Failing companions, by the same checks: the negative eigenvalues beyond p added in
            // (off by the negative mass), the divisor Σ_{λ>0} λ (off when p < P, as there is
            // negative mass), and a residual that forgets the negative eigenvalues.
            KB_RC_EXCEEDS(T(abs(mds.discarded_mass - kb::ratio<T>(discarded - negative, total))),
                          mass_bound, "discarded mass with the negative λ (wrong)");
            if (p < P)
                KB_RC_EXCEEDS(T(abs(mds.discarded_mass - kb::ratio<T>(discarded, total - negative))),
                              mass_bound, "discarded mass over Σ_{λ>0} λ (wrong)");
            KB_RC_EXCEEDS(T(abs(mds.residual - sqrt(T(positive_tail2)))), norm_bound,
                          "residual without the negative λ (wrong)");
        }
    });
}
//! [masses]
