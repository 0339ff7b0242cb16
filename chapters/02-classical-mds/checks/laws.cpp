/// \file laws.cpp
/// \brief Laws over random inputs in double, real50 and real100, the failing companions next
///        to their laws: SVD and both eigenproblems (zhu:1.2.1), MDS = PCA (zhu:1.2.2), double
///        centring and Schoenberg (zhu:2.2.2), zhu:def1, gallier:svd, the stress, the masses.
///        The laws that the exercises run as well are written once, in laws.hpp.
#include "../laws.hpp"

#include <algorithm>
#include <vector>

using std::abs;
using std::sqrt;
using namespace kb::test::ch02;

namespace {

/// The smallest squared distance between two rows of the integer points Y.
inline long min_squared_distance(const IntMatrix& Y) {
    long best = -1;
    for (Eigen::Index i = 0; i < Y.rows(); ++i)
        for (Eigen::Index j = 0; j < i; ++j) {
            const long d2 = (Y.row(i) - Y.row(j)).squaredNorm();
            if (best < 0 || d2 < best) best = d2;
        }
    return best;
}


using kb::test::positive_part; // one-sided laws "a ≥ b up to rounding": (b − a)⁺ within the bound

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

TEST_CASE_TEMPLATE("classical MDS scores equal PCA scores YV = UD up to column signs [zhu:1.2.2]", T, KB_REALS) {
    mds_equals_pca_law<T>(library_mds, library_mds_of_distances);
}

TEST_CASE_TEMPLATE("companion: MDS of the uncentred Gram matrix and unscaled eigenvectors are not PCA scores "
                   "[zhu:1.2.2]",
                   T, KB_REALS) {
    // Points far from the origin: the uncentred Gram matrix is dominated by the mean.
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(4, 2) << 10, 1, 12, 2, 11, 5, 13, 4).finished());
    const Matrix<T> Yc = kb::center_columns(Y);
    const Matrix<T> S = Yc * kb::thin_svd(Yc).V.leftCols(1);
    const auto mds = kb::ClassicalMds(Matrix<T>(Yc * Yc.transpose()), {.components = 1});
    // The bound of the property, its spectrum from the real100 reference (not from mds).
    const Vector<T> lambda = reference_eigenvalues<T>(
        centred_gram_real100((IntMatrix(4, 2) << 10, 1, 12, 2, 11, 5, 13, 4).finished()));
    const auto bound = kb::test::subspace<T>(4, T(lambda(0) * sqrt(lambda(0))), isolation_gap(lambda, 0));
    KB_CHECK_WITHIN(T((kb::align_signs(mds.coordinates(), S) - S).norm()), bound, "centred: X = YV");
    const Matrix<T> uncentred = kb::ClassicalMds(Matrix<T>(Y * Y.transpose()), {.components = 1}).coordinates();
    KB_CHECK_EXCEEDS(T((kb::align_signs(uncentred, S) - S).norm()), bound, "uncentred X = YV (wrong)");
    const Matrix<T> unscaled = mds.eigenvectors().leftCols(1); // U without D
    KB_CHECK_EXCEEDS(T((kb::align_signs(unscaled, S) - S).norm()), bound, "X = U (wrong)");
}

TEST_CASE_TEMPLATE("-1/2 J D2 J of squared Euclidean distances is the centred Gram matrix to rounding [zhu:2.2.2]", T,
                   KB_REALS) {
    double_centring_law<T>(library_double_centring);
}

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
        const auto [N, p, Yi, Y, Yc, K] = centred_case<T>(2, 8, 12);
        const auto mds = kb::ClassicalMds(K, {.components = p});
        const T best = kb::classical_mds_objective(K, mds.coordinates());
        // ‖K − XXᵀ‖_F² carries the backward error c₂Nε‖K‖ times 2‖K‖_F; ‖K‖ ≤ tr K = ‖Y_c‖_F²,
        // from the inputs.
        const T trK = Yc.squaredNorm();
        const auto bound = kb::test::factorisation<T>(N, T(trK * trK));
        // The minimum is Σ_{j>p} λ_j² (chapter 3), read off the spectrum.
        KB_RC_WITHIN(T(abs(best - mds.residual() * mds.residual())), bound, "objective at the optimum = Σ_{j>p} λ_j²");
        // A random configuration, and the optimum moved along a random direction, do no better.
        const Matrix<T> Xr = kb::from_integers<T>(*kb::test::int_matrix(N, p, -12, 12), 4);
        const Matrix<T> E = kb::from_integers<T>(*kb::test::int_matrix(N, p, -10, 10), 10);
        const T t = kb::ratio<T>(*kb::test::int_in(-8, 8), 16);
        for (const Matrix<T>& competitor : {Xr, Matrix<T>(mds.coordinates() + t * E)}) {
            const T f = kb::classical_mds_objective(K, competitor);
            KB_RC_WITHIN(positive_part(T(best - f)), bound, "objective(competitor) ≥ objective(MDS)");
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
    const auto mds = kb::ClassicalMds(K, {.components = 1});
    const T best = kb::classical_mds_objective(K, mds.coordinates());
    const auto bound = kb::test::factorisation<T>(5, T(256));
    KB_CHECK_WITHIN(T(abs(best - kb::ratio<T>(2116, 25))), bound, "minimum = (46/5)²");
    Matrix<T> moved = mds.coordinates();
    moved(0, 0) += kb::ratio<T>(1, 10);
    const T worse = kb::classical_mds_objective(K, moved);
    // The property's check "(objective(MDS) − objective(competitor))⁺ within the bound", with the
    // moved configuration claimed as the optimum (wrong) and the MDS one as the competitor.
    KB_CHECK_WITHIN(positive_part(T(best - worse)), bound, "the moved configuration does not beat MDS");
    KB_CHECK_EXCEEDS(positive_part(T(worse - best)), bound, "a moved point claimed as the optimum (wrong)");
    // Keeping the second eigenpair instead of the first: objective 16² instead of (46/5)².
    const Matrix<T> second = mds.eigenvectors().col(1) * sqrt(mds.spectrum()(1));
    const T f2 = kb::classical_mds_objective(K, second);
    KB_CHECK_WITHIN(T(abs(f2 - T(256))), bound, "objective with the second eigenpair = 16²");
    KB_CHECK_EXCEEDS(positive_part(T(f2 - best)), bound, "second eigenpair claimed as the optimum (wrong)");
}

//! [gallier-svd]
TEST_CASE_TEMPLATE("U_r = X^T V_r Sigma_r^-1 from the unit eigenvectors of K = X X^T with eigenvalues sigma^2 "
                   "[gallier:svd]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 9);
        const int q = *kb::test::size_in(1, 5);
        const IntMatrix Xi = *kb::test::int_matrix(N, q, -20, 20);
        const Matrix<T> Xh = kb::center_columns(kb::from_integers<T>(Xi, 4));
        const Matrix<T> K = Xh * Xh.transpose(); // K̂ = X̂X̂ᵀ
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(K);
        // r, λ₁ and κ = λ₁/λ_r for the bounds: the exact rank of the integers, and the spectrum of
        // K̂ built again in real100 — not the decomposition under test.
        const Eigen::Index r = affine_rank(Xi);
        RC_PRE(r >= 1); // not all rows equal (rare)
        const Vector<T> ref = reference_eigenvalues<T>(centred_gram_real100(Xi, 4));
        // σ_k² are the non-zero eigenvalues of K̂: compare with the SVD of X̂ (independent route).
        const kb::Svd<T> svd = kb::thin_svd(Xh);
        Vector<T> sigma(r);
        for (Eigen::Index k = 0; k < r; ++k) sigma(k) = sqrt(eig.values(k));
        const T lam1 = ref(0), kappa = ref(0) / ref(r - 1);
        KB_RC_WITHIN(T((sigma.cwiseProduct(sigma) - svd.sigma.head(r).cwiseProduct(svd.sigma.head(r))).norm()),
                     kb::test::factorisation<T>(std::max(N, q), lam1), "σ_k² = eigenvalues of K̂");
        // U_r = X̂ᵀ V_r Σ_r⁻¹ has orthonormal columns, eigenvectors of X̂ᵀX̂, and X̂ = V_r Σ_r U_rᵀ.
        const Matrix<T> Vr = eig.vectors.leftCols(r);
        const Matrix<T> Ur = Xh.transpose() * Vr * sigma.cwiseInverse().asDiagonal();
        KB_RC_WITHIN(T((Ur.transpose() * Ur - Matrix<T>::Identity(r, r)).norm()),
                     kb::test::factorisation<T>(N, kappa), "U_rᵀU_r = I");
        KB_RC_WITHIN(T((Xh.transpose() * Xh * Ur - Ur * sigma.cwiseProduct(sigma).asDiagonal()).norm()),
                     kb::test::factorisation<T>(N, T(lam1 * sqrt(kappa))), "X̂ᵀX̂ u_k = σ_k² u_k");
        KB_RC_WITHIN(T((Vr * sigma.asDiagonal() * Ur.transpose() - Xh).norm()),
                     kb::test::factorisation<T>(N, T(kappa * sqrt(lam1))), "X̂ = V_r Σ_r U_rᵀ");
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
namespace {
/// Distinct integer points in ℝ^q (N ≥ q + 1 ≥ 2), with what the stress checks need, all
/// from the inputs: the exact dimension r of their affine hull, tr B = ‖JY‖_F² (≥ ‖B‖₂, and
/// ≤ r‖B‖₂), the smallest distance d_min ≥ 1, and the bounds derived from them.
template <class T>
struct StressCase {
    Matrix<T> D;                  ///< the Euclidean distances of the points
    Eigen::Index N, r;
    kb::ClassicalMds<T> mds;         ///< classical MDS with p = r
    kb::test::Bound<T> d2_bound;  ///< on every |d̂²ᵢⱼ − d²ᵢⱼ|
    kb::test::Bound<T> rms_bound; ///< on √stress = ‖D − D̂‖_F
};
template <class T>
StressCase<T> stress_case() {
    const int q = *kb::test::size_in(1, 3);
    const int N = *kb::test::size_in(q + 1, 9);
    const IntMatrix Yi = *kb::test::distinct_points(N, q, 20);
    const Matrix<T> Y = kb::from_integers<T>(Yi);
    const Matrix<T> D = kb::distances(Y);
    const Matrix<T> B = kb::gram_from_squared_distances(kb::squared_distances(Y));
    const Eigen::Index r = affine_rank(Yi); // ≥ 1: the points are distinct
    // tr B = Σ‖y_i − ȳ‖² = (1/2N) Σ_{i,j} d²ᵢⱼ, from the integers (exact in every type).
    long sum_d2 = 0;
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) sum_d2 += (Yi.row(i) - Yi.row(j)).squaredNorm();
    const T trB = kb::ratio<T>(sum_d2, 2 * N);
    const T d_min = sqrt(T(min_squared_distance(Yi)));
    // XXᵀ = B + E with ‖E‖₂ ≤ c₂Nε‖B‖₂ (backward error of the eigen-decomposition), so
    // |d̂²ᵢⱼ − d²ᵢⱼ| = |E_ii + E_jj − 2E_ij| ≤ 4‖E‖₂ ≤ c₂Nε·4 tr B.
    const auto d2_bound = kb::test::factorisation<T>(N, T(4 * trB));
    // Per pair |d̂ − d| = |d̂² − d²|/(d̂ + d) ≤ |d̂² − d²|/d_min (the points are distinct), so
    // √stress = (Σ_{i≠j}(d − d̂)²)^{1/2} ≤ N·c₂Nε·4 tr B/d_min: linear in ε, and an error of
    // the distances of order √ε (a square root of a rounding error) overshoots it.
    const auto rms_bound = kb::test::factorisation<T>(N, T(4 * trB * T(N) / d_min));
    return {D, N, r, kb::ClassicalMds(B, {.components = r}), d2_bound, rms_bound};
}
} // namespace

TEST_CASE_TEMPLATE("classical MDS with p = rank reproduces Euclidean distances: the MDS stress is zero "
                   "[zhu:mds-setup] [zhu:2.2.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = stress_case<T>();
        RC_ASSERT(c.mds.positive() == c.r); // exactly the dimension the points span
        RC_ASSERT(c.mds.negative() == 0);
        // d̂²ᵢⱼ = bᵢᵢ + bⱼⱼ − 2bᵢⱼ up to the backward error of the eigen-decomposition of B …
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kb::squared_distances(c.mds.coordinates()) - c.D.cwiseProduct(c.D))), c.d2_bound,
                     "‖x_i − x_j‖² = d²ᵢⱼ");
        // … and so the stress Σ(d − d̂)² is zero to rounding squared: √stress within N·(that)/d_min.
        KB_RC_WITHIN(T(sqrt(kb::mds_stress(c.D, c.mds.coordinates()))), c.rms_bound, "√Σ (d_ij − ‖x_i − x_j‖)²");
        // The stress sees only distances: a rotation and a translation of X change nothing
        // (Q is orthogonal to rounding, so the same bound holds).
        const Matrix<T> Q = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(static_cast<int>(c.r)), 2);
        const kb::RowVector<T> shift = kb::from_integers<T>(*kb::test::int_matrix(1, static_cast<int>(c.r), -9, 9));
        const Matrix<T> moved = (c.mds.coordinates() * Q).rowwise() + shift;
        KB_RC_WITHIN(T(sqrt(kb::mds_stress(c.D, moved))), c.rms_bound, "√stress after a rigid motion");
    });
}

TEST_CASE_TEMPLATE("companion: distances off by a relative sqrt(epsilon) give a stress the stress check rejects "
                   "[zhu:mds-setup] [zhu:2.2.2]",
                   T, KB_REALS) {
    // Failing companion of "the MDS stress is zero": the same case and bound, the distances
    // d_ij(1 + √ε) — the size of error a bound linear in ε on the stress itself let pass.
    // √stress = √ε‖D‖_F = √ε(2N tr B)^{1/2}, over the bound 4c₂N² ε tr B/d_min: a ratio
    // ≥ d_min/(64√2 N^{3/2} (tr B ε)^{1/2}) ≈ 10² in double (N ≤ 9, tr B ≤ 10⁴), ≈ 10²⁰ in real50.
    kb::test::property<T>([] {
        const auto c = stress_case<T>();
        const Matrix<T> off = c.D * T(T(1) + sqrt(kb::epsilon<T>()));
        KB_RC_WITHIN(T(sqrt(kb::mds_stress(c.D, c.mds.coordinates()))), c.rms_bound, "√stress of the true distances");
        KB_RC_EXCEEDS(T(sqrt(kb::mds_stress(off, c.mds.coordinates()))), c.rms_bound, "√stress of distances off by √ε (wrong)");
    });
}
//! [stress-zero]

TEST_CASE_TEMPLATE("companion: with p below the rank the stress is not zero [zhu:mds-setup]", T, KB_REALS) {
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(5, 2) << 0, 0, 4, 0, 0, 3, 4, 3, 2, 1).finished());
    const Matrix<T> D = kb::distances(Y);
    // √stress, as in the property above: XXᵀ = B + E with ‖E‖ ≤ c₂Nε‖B‖ moves each squared
    // distance by ≤ 4‖E‖ and each distance by ≤ 4‖E‖/d_min, so √stress ≤ N·c₂Nε·4 tr B/d_min,
    // with tr B = 16 + 46/5 and d_min ≥ 2: the scale 5·4·(126/5)/2 = 252.
    const auto bound = kb::test::factorisation<T>(5, T(252));
    using std::sqrt;
    KB_CHECK_WITHIN(T(sqrt(kb::mds_stress(D, kb::ClassicalMds(D, {.components = 2, .input = kb::MdsInput::distances}).coordinates()))), bound, "√stress, p = 2 = rank");
    KB_CHECK_EXCEEDS(T(sqrt(kb::mds_stress(D, kb::ClassicalMds(D, {.components = 1, .input = kb::MdsInput::distances}).coordinates()))), bound, "√stress, p = 1");
}

//! [schoenberg-converse]
TEST_CASE_TEMPLATE("Schoenberg converse: if -1/2 J D2 J is PSD the MDS coordinates realise D exactly up to rounding "
                   "[zhu:2.2.2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        // A PSD centred B (B = J A Aᵀ J), the squared distances it defines, d²ᵢⱼ = bᵢᵢ + bⱼⱼ − 2bᵢⱼ,
        // and the points found by MDS: their squared distances are the d²ᵢⱼ.
        const int N = *kb::test::size_in(2, 8);
        const int k = *kb::test::size_in(1, 4);
        const IntMatrix Ai = *kb::test::int_matrix(N, k, -9, 9);
        const Matrix<T> A = kb::from_integers<T>(Ai);
        const Matrix<T> B = kb::double_center(Matrix<T>(A * A.transpose()));
        Matrix<T> D2(N, N);
        for (int i = 0; i < N; ++i)
            for (int j = 0; j < N; ++j) D2(i, j) = B(i, i) + B(j, j) - 2 * B(i, j);
        // The rank of B = JAAᵀJ is the affine rank of the rows of A, exactly from the integers.
        const Eigen::Index r = affine_rank(Ai);
        RC_PRE(r >= 1); // not all rows equal (rare)
        const auto mds = kb::ClassicalMds(D2, {.components = r, .input = kb::MdsInput::squared_distances});
        RC_ASSERT(mds.positive() == r);
        RC_ASSERT(mds.negative() == 0);
        // As in the stress test: |d̂² − d²| ≤ 4‖E‖₂ ≤ c₂Nε·4‖B‖, ‖B‖ ≤ tr B = ‖JA‖_F² (inputs).
        const Matrix<T> JA = A.rowwise() - A.colwise().mean();
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kb::squared_distances(mds.coordinates()) - D2)),
                     kb::test::factorisation<T>(N, T(4 * JA.squaredNorm())), "‖x_i − x_j‖² = d²ᵢⱼ");
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
    const auto mds = kb::ClassicalMds(D, {.components = 2, .input = kb::MdsInput::distances});
    const auto bound = kb::test::factorisation<T>(4, T(4));
    Vector<T> want(4);
    want << 2, 2, 0, -1;
    KB_CHECK_WITHIN(T((mds.spectrum() - want).norm()), bound, "spectrum (2, 2, 0, −1)");
    CHECK(mds.positive() == 2);
    CHECK(mds.negative() == 1);
    KB_CHECK_WITHIN(T(abs(mds.negative_mass() - kb::ratio<T>(1, 5))), bound, "negative mass 1/5");
    // Compared in magnitude: a discarded mass is ≥ 0, and a negative one (e.g. the negative
    // eigenvalue −1 counted as discarded, −1/5) no longer passes as "small".
    KB_CHECK_WITHIN(mds.discarded_mass(), bound, "no positive mass discarded at p = 2");
    KB_CHECK_EXCEEDS(T(mds.discarded_mass() - kb::ratio<T>(-1, 5)), bound, "discarded mass with λ = −1 (wrong)");
    // At p = 1 the second 2 is discarded: 2/5 of Σ|λ| = 5, which the same check rejects as 0.
    const auto mds1 = kb::ClassicalMds(D, {.components = 1, .input = kb::MdsInput::distances});
    KB_CHECK_WITHIN(T(mds1.discarded_mass() - kb::ratio<T>(2, 5)), bound, "discarded mass 2/5 at p = 1");
    KB_CHECK_EXCEEDS(mds1.discarded_mass(), bound, "no positive mass discarded at p = 1 (wrong)");
    for (Eigen::Index i = 0; i < mds.coordinates().rows(); ++i)
        for (Eigen::Index j = 0; j < mds.coordinates().cols(); ++j) CHECK(kb::is_finite(mds.coordinates()(i, j)));
    // The coordinates cannot realise D: they form a square of circumradius 1, whose sides
    // are √2, not 1.
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(kb::squared_distances(mds.coordinates()) - kb::entrywise_square(D))), bound,
                     "MDS realises the city-block distances (impossible)");
    // Asking for a coordinate from the negative eigenvalue is refused, not answered with NaN.
    CHECK_THROWS_WITH_AS(kb::ClassicalMds(D, {.components = 3, .input = kb::MdsInput::distances}), doctest::Contains("only 2 positive eigenvalue"),
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
        const Eigen::Index r = kb::ClassicalMds(B, {.components = 1}).positive(); // trace B > 0: some λ > 0
        const auto mds = kb::ClassicalMds(B, {.components = r});
        // z_i: the "imaginary" coordinates √|λ_j| u_ij of the negative eigenvalues.
        Matrix<T> Z = Matrix<T>::Zero(N, 1);
        if (mds.negative() > 0) {
            Z = mds.eigenvectors().rightCols(mds.negative());
            for (Eigen::Index j = 0; j < mds.negative(); ++j)
                Z.col(j) *= sqrt(abs(mds.spectrum()(N - mds.negative() + j)));
        }
        // Scales from the input B (‖B‖₂ ≤ ‖B‖_F) and Σ|λ| from the real100 reference spectrum of
        // B built again from the integers — never from the decomposition under test.
        const T scale = B.norm();
        const auto bound = kb::test::factorisation<T>(N, T(4 * scale));
        Matrix<kb::real100> B100 = kb::gram_from_squared_distances(kb::from_integers<kb::real100>(IntMatrix(D.cwiseProduct(D))));
        const T total_abs = reference_eigenvalues<T>(B100).cwiseAbs().sum();
        const Matrix<T> X2 = kb::squared_distances(mds.coordinates()), Z2 = kb::squared_distances(Z);
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(X2 - Z2 - D2)), bound, "d² = ‖x_i − x_j‖² − ‖z_i − z_j‖²");
        // How far a squared MDS distance falls below d² (zero: it never does), NaN-propagating.
        const T below = Matrix<T>(D2 - X2).unaryExpr([](const T& x) { return positive_part(x); }).maxCoeff();
        KB_RC_WITHIN(below, bound, "‖x_i − x_j‖² ≥ d²_ij");
        // The masses, from the coordinates: ‖X‖_F² = Σ_{λ>0} λ and ‖Z‖_F² = Σ_{λ<0} |λ|, so
        // tr B = ‖X‖_F² − ‖Z‖_F² and the negative mass is ‖Z‖_F² / (‖X‖_F² + ‖Z‖_F²). The N
        // eigenvalues counted as zero each carry a backward error ≤ c₂Nε‖B‖: N of them.
        const T X2F = mds.coordinates().squaredNorm(), Z2F = mds.negative() > 0 ? T(Z.squaredNorm()) : T(0);
        KB_RC_WITHIN(T(abs(X2F - Z2F - B.trace())), kb::test::factorisation<T>(N, T(N * scale)),
                     "tr B = ‖X‖_F² − ‖Z‖_F²");
        KB_RC_WITHIN(T(abs(mds.negative_mass() - Z2F / (X2F + Z2F))),
                     kb::test::factorisation<T>(N, T(2 * N * scale / total_abs)),
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
    const auto mds = kb::ClassicalMds(D2, {.components = 2, .input = kb::MdsInput::squared_distances});
    REQUIRE(mds.negative() == 1);
    const Matrix<T> Z = mds.eigenvectors().rightCols(1) * sqrt(abs(mds.spectrum()(3)));
    const auto bound = kb::test::factorisation<T>(4, T(4) * (T(2) + kb::ratio<T>(1, 4))); // spectrum (2, 2, 0, −1/4)
    const Matrix<T> X2 = kb::squared_distances(mds.coordinates()), Z2 = kb::squared_distances(Z);
    KB_CHECK_WITHIN(kb::max_abs(Matrix<T>(X2 - Z2 - D2)), bound, "d² = ‖x_i − x_j‖² − ‖z_i − z_j‖²");
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(X2 - D2)), bound, "d² = ‖x_i − x_j‖² (wrong)");
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(X2 + Z2 - D2)), bound, "d² = ‖x‖² + ‖z‖² (wrong)");
    // The masses: negative 1/4 of Σ|λ| = 17/4, i.e. 1/17; the same check rejects Σλ = 15/4 as divisor.
    KB_CHECK_WITHIN(T(abs(mds.negative_mass() - kb::ratio<T>(1, 17))), kb::test::factorisation<T>(4, T(1)),
                    "negative mass 1/17");
    KB_CHECK_EXCEEDS(T(abs(mds.negative_mass() - kb::ratio<T>(1, 15))), kb::test::factorisation<T>(4, T(1)),
                     "negative mass over Σλ (wrong)");
    // "MDS overestimates every squared distance" needs all positive eigenvalues: Euclidean points
    // (0,0), (4,0), (0,3), (4,3), (2,1) embedded with p = 1 < rank = 2 lose the second axis, and
    // (0,0)–(0,3) falls from d² = 9 to 0 — the check sees it.
    const Matrix<T> Y = kb::from_integers<T>((IntMatrix(5, 2) << 0, 0, 4, 0, 0, 3, 4, 3, 2, 1).finished());
    const Matrix<T> DY2 = kb::squared_distances(Y);
    const Matrix<T> X1 = kb::ClassicalMds(DY2, {.components = 1, .input = kb::MdsInput::squared_distances}).coordinates();
    const Matrix<T> X12 = kb::squared_distances(X1);
    const T below = Matrix<T>(DY2 - X12).unaryExpr([](const T& x) { return positive_part(x); }).maxCoeff();
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
            const auto mds = kb::ClassicalMds(B, {.components = p});
            RC_ASSERT(mds.positive() == P);
            RC_ASSERT(mds.negative() == M);
            long discarded = 0, tail2 = 0, positive_tail2 = 0;
            for (int j = p; j < N; ++j) {
                const long l = lambda[static_cast<std::size_t>(j)];
                if (l > 0) {
                    discarded += l;
                    positive_tail2 += l * l;
                }
                tail2 += l * l;
            }
            KB_RC_WITHIN(T(abs(mds.discarded_mass() - kb::ratio<T>(discarded, total))), mass_bound,
                         "discarded mass = Σ_{j>p, λ>0} λ_j / Σ|λ|");
            KB_RC_WITHIN(T(abs(mds.negative_mass() - kb::ratio<T>(negative, total))), mass_bound,
                         "negative mass = Σ_{λ<0} |λ_j| / Σ|λ|");
            KB_RC_WITHIN(T(abs(mds.residual() - sqrt(T(tail2)))), norm_bound, "residual = (Σ_{j>p} λ_j²)^{1/2}");
            KB_RC_WITHIN(T(abs((B - mds.coordinates() * mds.coordinates().transpose()).norm() - sqrt(T(tail2)))), norm_bound,
                         "‖B − XXᵀ‖_F = residual");
            // Failing companions, by the same checks: the negative eigenvalues beyond p added in
            // (off by the negative mass), the divisor Σ_{λ>0} λ (off when p < P, as there is
            // negative mass), and a residual that forgets the negative eigenvalues.
            KB_RC_EXCEEDS(T(abs(mds.discarded_mass() - kb::ratio<T>(discarded - negative, total))),
                          mass_bound, "discarded mass with the negative λ (wrong)");
            if (p < P)
                KB_RC_EXCEEDS(T(abs(mds.discarded_mass() - kb::ratio<T>(discarded, total - negative))),
                              mass_bound, "discarded mass over Σ_{λ>0} λ (wrong)");
            KB_RC_EXCEEDS(T(abs(mds.residual() - sqrt(T(positive_tail2)))), norm_bound,
                          "residual without the negative λ (wrong)");
        }
    });
}
//! [masses]

// ------------------------------------------------------------------ very large and very small data

// kb::ClassicalMds uses an input beyond [2^-200, 2^200] as 2^-e·M (numerics.hpp): exact, so the
// coordinates of 2^k·D, and of 4^k·D⁽²⁾, are 2^k times those of D bit for bit. A general factor
// c rounds each distance once: the coordinates of cD over c agree with the PCA scores within
// the bound of the law "classical MDS scores equal PCA scores".
TEST_CASE_TEMPLATE("classical MDS is equivariant under scaling: 2^k D and 4^k D2 give 2^k times the coordinates bit "
                   "for bit and cD gives c times the PCA scores within the bound of MDS = PCA [zhu:2.2.2]",
                   T, KB_REALS) {
    using std::sqrt;
    kb::test::property<T>([] {
        const auto [N, p, Yi, Y, Yc, K] = centred_case<T>(1, 9, 20);
        const Matrix<T> D = kb::distances(Y), D2 = kb::squared_distances(Y);
        const Matrix<T> X = kb::ClassicalMds(D, {.components = p, .input = kb::MdsInput::distances}).coordinates();
        const int k = *rc::gen::inRange(-250, 251);
        RC_ASSERT(kb::ClassicalMds(kb::times_power_of_two(D, k), {.components = p, .input = kb::MdsInput::distances}).coordinates() ==
                  kb::times_power_of_two(X, k));
        {   // Every other output: B, its spectrum, τ and the residual at 4^k; the masses and counts unchanged.
            const kb::ClassicalMds<T> one(D, {.components = p, .input = kb::MdsInput::distances});
            const kb::ClassicalMds<T> big(kb::times_power_of_two(D, k), {.components = p, .input = kb::MdsInput::distances});
            const auto squares = [k](const auto& M) { return kb::times_power_of_two(Matrix<T>(M), 2 * k); };
            RC_ASSERT(big.gram() == squares(one.gram()));
            RC_ASSERT(Matrix<T>(big.spectrum()) == squares(one.spectrum()));
            RC_ASSERT(Matrix<T>(big.eigenvalues()) == squares(one.eigenvalues()));
            RC_ASSERT(big.rank_tolerance() == kb::times_power_of_two(one.rank_tolerance(), 2 * k));
            RC_ASSERT(big.residual() == kb::times_power_of_two(one.residual(), 2 * k));
            RC_ASSERT(big.negative_mass() == one.negative_mass());
            RC_ASSERT(big.discarded_mass() == one.discarded_mass());
            RC_ASSERT(big.positive() == one.positive());
            RC_ASSERT(big.negative() == one.negative());
            RC_ASSERT(big.eigenvectors() == one.eigenvectors());
            // Companion: B at the coordinates' power 2^k is not B of 2^k·D.
            if (k != 0) RC_ASSERT(big.gram() != kb::times_power_of_two(one.gram(), k));
        }
        const Matrix<T> X2 = kb::ClassicalMds(D2, {.components = p, .input = kb::MdsInput::squared_distances}).coordinates();
        RC_ASSERT(kb::ClassicalMds(kb::times_power_of_two(D2, 2 * k), {.components = p, .input = kb::MdsInput::squared_distances})
                      .coordinates() == kb::times_power_of_two(X2, k));
        // Companion: D2 scaled by 2^k (an odd power is not a square) does not give 2^k times.
        if (k % 2 != 0)
            RC_ASSERT(kb::ClassicalMds(kb::times_power_of_two(D2, k), {.components = p, .input = kb::MdsInput::squared_distances})
                          .coordinates() != kb::times_power_of_two(X2, k));

        const T c = kb::times_power_of_two(T(1) + T(*rc::gen::inRange(1, 1000)) / T(1000), k);
        const Matrix<T> Xc = kb::ClassicalMds(Matrix<T>(c * D), {.components = p, .input = kb::MdsInput::distances}).coordinates();
        const Vector<T> lambda = reference_eigenvalues<T>(centred_gram_real100(Yi, 4));
        const Matrix<T> S = Yc * kb::thin_svd(Yc).V.leftCols(p);
        const T normK = lambda(0);
        const auto gram_bound = kb::test::subspace<T>(N, T(normK * normK), isolation_gap(lambda, p - 1));
        const Matrix<T> Xs = Xc / c, Xw = Xc / (c * c);
        KB_RC_WITHIN(T((Xs * Xs.transpose() - S * S.transpose()).norm()), gram_bound, "MDS(cD)/c: XXᵀ = (YV)(YV)ᵀ");
        // Companion: coordinates scaled by c² instead of c are caught by the same comparison
        // (Xw Xwᵀ reaches 2^500 at k = −250: the norm without squares above 1).
        KB_RC_EXCEEDS(kb::frobenius_norm(Matrix<T>(Xw * Xw.transpose() - S * S.transpose())), gram_bound,
                      "MDS(cD)/c² (wrong power)");
    });
}

TEST_CASE("classical MDS of distances scaled by 10^150 and 10^-150 gives the scaled coordinates within the bound of "
          "MDS = PCA") {
    const IntMatrix Yi = (IntMatrix(4, 2) << 1, 2, 3, 1, 0, 0, 2, 5).finished();
    const Matrix<double> Y = kb::from_integers<double>(Yi);
    const Matrix<double> Yc = kb::center_columns(Y);
    const Vector<double> lambda = reference_eigenvalues<double>(centred_gram_real100(Yi));
    const Matrix<double> S = Yc * kb::thin_svd(Yc).V;
    const auto gram_bound = kb::test::subspace<double>(4, lambda(0) * lambda(0), isolation_gap(lambda, 1));
    for (const double c : {1e150, 1e-150}) {
        const Matrix<double> X = kb::ClassicalMds(Matrix<double>(kb::distances(Y) * c), {.components = 2, .input = kb::MdsInput::distances})
                                     .coordinates() / c;
        KB_CHECK_WITHIN((X * X.transpose() - S * S.transpose()).norm(), gram_bound, "MDS(cD)/c, c = 10^±150");
    }
}

// The checks kb::ClassicalMds verifies (kb::ClassicalMds::checks()) are computed on the input as
// it was used (2^-e·D) and multiplied back: for distances 2^330·D (near 10¹⁰⁰) the
// eigen-residual is 4^330 times that of D bit for bit, where the plain ‖Bu − λu‖₂ squares
// entries near 10²⁰⁰ and overflows.
TEST_CASE("classical MDS's checks of distances scaled by 2^330 are 4^330 times those of the distances bit for bit "
          "and pass where a plain norm of the residual overflows [zhu:2.2.2]") {
    const Matrix<double> Y = kb::from_integers<double>((IntMatrix(5, 2) << 1, 2, 3, 1, 0, 0, 2, 5, 4, 4).finished());
    const Matrix<double> D = kb::distances(Y);
    const kb::ClassicalMds<double> plain(D, {.components = 2, .input = kb::MdsInput::distances});
    const kb::ClassicalMds<double> big(kb::times_power_of_two(D, 330), {.components = 2, .input = kb::MdsInput::distances});
    REQUIRE(plain.checks().size() == 2);
    REQUIRE(big.checks().size() == 2);
    const int power[2] = {0, 660}; // orthonormal eigenvectors, eigen-residual (B's scale)
    for (std::size_t i = 0; i < 2; ++i) {
        CAPTURE(plain.checks()[i].name);
        CHECK(big.checks()[i].value == kb::times_power_of_two(plain.checks()[i].value, power[i]));
        CHECK(big.checks()[i].bound == kb::times_power_of_two(plain.checks()[i].bound, power[i]));
        CHECK(big.checks()[i].passed());
    }
    // Companion: the plain norm of the same residual overflows (the command refused this result).
    const Vector<double> u = big.eigenvectors().col(0);
    CHECK(std::isinf((big.gram() * u - big.spectrum()(0) * u).norm()));
}
