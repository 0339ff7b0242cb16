/// \file chain.cpp
/// \brief The book in one test: the same data run through every chapter's route to
///        principal components must give the same scores, for the training points and for
///        new points, in double, real50 and real100.
///
/// Linear kernel: PCA of the centred data (chapter 1, kb::Pca) = classical MDS of the
/// centred Gram matrix (chapter 2, kb::classical_mds) = kernel PCA with the linear kernel
/// (chapter 7, kb::KernelPca) = kernel PCA through the explicit map, primal (eq. 16), dual
/// (eq. 23) and combined (eq. 25) (chapter 8). Polynomial kernel: kernel PCA (chapter 7) =
/// PCA of the explicit monomial features (chapter 4, kb::PolynomialFeatureMap) = the
/// explicit map's combined projection (chapter 8). Each route is computed by its own code;
/// the only shared pieces are the data and the sign convention used to compare.
///
/// Bounds (chain_bounds, derived there): first order in the backward error of each
/// route's eigen-decomposition or SVD, with every amplification taken from the inputs —
/// the exact rational Gram matrices, the feature-space distances of the points from the
/// mean, and the spectra of K and JKJ computed independently (long double) from those
/// exact matrices — never from a route's output. Cases whose leading gap is below μ₁/1000
/// are discarded (RC_PRE): there the components themselves are ill-posed.
#include "reference.hpp"
#include "test_support.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/mds.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/spectral.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <vector>


namespace {

template <class T>
T max_diff(const Matrix<T>& A, const Matrix<T>& B) {
    return kb::max_abs(Matrix<T>(A - B));
}

/// What the bounds are built from: exact rational inputs (K, JKJ, K1 and the feature-space
/// distances of every point from the mean), and the spectra of K and JKJ computed from
/// those exact matrices by a route independent of every code path under test — Eigen's
/// SelfAdjointEigenSolver in long double (ε = 2⁻⁶³) on the matrix rounded once. Nothing
/// here is an output of a route being compared (no fitted object's eigenvalues, κ or Gram
/// matrix).
struct Inputs {
    Eigen::Index N = 0;
    std::vector<long double> mu;  ///< eigenvalues of JKJ, decreasing (μ_N = 0: the direction 1)
    long double lmax = 0, kappa = 0; ///< of K
    long double psi = 0;          ///< max over training and new points of ‖ψ(z)‖ = ‖φ(z) − M‖
    long double K1 = 0;           ///< ‖K1‖
    long double kzz = 0;          ///< max k(z, z) over training and new points
};

/// The inputs of a case from the exact Gram matrix of the training points (K), their
/// kernel columns at the new points (kXZ) and k(z, z) at the training and new points.
/// ‖ψ(z)‖² = k(z,z) − 2eᵀk_z + eᵀKe exactly (the kernel distance of z from the mean of the
/// mapped training points; the explicit map's ψ(z) is its projection, no longer).
Inputs inputs_of(const Matrix<kb::rational>& K, const Matrix<kb::rational>& kXZ, const Vector<kb::rational>& kzz_X,
                 const Vector<kb::rational>& kzz_Z) {
    using LD = long double;
    Inputs in;
    in.N = K.rows();
    const kb::rational NN(in.N);
    const Matrix<kb::rational> J = kb::centering_matrix<kb::rational>(in.N);
    in.mu = kb::test::reference_eigenvalues(Matrix<kb::rational>(J * K * J));
    const std::vector<LD> lam = kb::test::reference_eigenvalues(K);
    in.lmax = lam.front();
    in.kappa = lam.front() / lam.back();
    const Vector<kb::rational> K1 = K * Vector<kb::rational>::Ones(in.N);
    in.K1 = std::sqrt(static_cast<LD>(K1.squaredNorm()));
    const kb::rational eKe = K.sum() / (NN * NN);
    kb::rational psi2(0), kzz(0);
    for (Eigen::Index n = 0; n < in.N; ++n) {
        psi2 = std::max(psi2, kb::rational(kzz_X(n) - 2 * K.col(n).sum() / NN + eKe));
        kzz = std::max(kzz, kzz_X(n));
    }
    for (Eigen::Index m = 0; m < kXZ.cols(); ++m) {
        psi2 = std::max(psi2, kb::rational(kzz_Z(m) - 2 * kXZ.col(m).sum() / NN + eKe));
        kzz = std::max(kzz, kzz_Z(m));
    }
    in.psi = std::sqrt(static_cast<LD>(psi2));
    in.kzz = static_cast<LD>(kzz);
    return in;
}

/// The bounds, first order in the backward error E = c₂Nεμ₁ of an eigen-decomposition of
/// JKJ (or the SVD of the centred data, ‖X_c‖² = μ₁). A route's computed component ŵ_j is
/// w_j + Σ_{i≠j} c_i w_i with |c_i| = |w_iᵀEw_j|/|μ_i − μ_j|; a score that carries the
/// factor (μ_i/μ_j)^a for the direction i (a = 0: ⟨ψ(z), v⟩, PCA and the primal; a = 1/2:
/// √μ u and u/√μ, MDS and chapter 7; a = 3/2: α = Kŵ/μ^{3/2}, the dual and the combined
/// projections, because JKw_i = μ_iw_i) then moves by Σ_i c_i (μ_i/μ_j)^a s_i ≤
/// ‖Ew_j‖·max_i (μ_i/μ_j)^a/|μ_i − μ_j| · ‖(s_i)_i‖, and ‖(s_i)_i‖ ≤ S = max(ψ, √μ₁)
/// (s_i = ⟨ψ(z), v_i⟩, or √μ_i u_in with |u_in| ≤ 1 at a training point). With
/// A_a = max_{j≤p} max_{i≠j} max(1, (μ_i/μ_j)^a)/|μ_i − μ_j| (the max(1, ·) covers the
/// reference route, a = 0), a comparison of two routes is within E·S·(A_0 + A_a):
///  - plain (MDS, chapter 7 vs PCA): a = 1/2;
///  - primal (eq. 16): the components are those of J(K + δK)J, ‖δK‖ ≤ c₂Nελ_max (K^{±1/2}
///    from one decomposition), so E + c₂Nελ_max, plus chapter 8's c₂Nε√(κλ_max·kzz) for
///    k_z against K + δK;
///  - dual (eq. 23) and combined (eq. 25): a = 3/2; ŵ_j's rotation c₀ ≤ E/μ_j towards
///    1/√N meets (k_z − Ke)ᵀJK1/(√Nμ_j^{3/2}) ≤ ψ√μ₁‖K1‖/(√Nμ_j^{3/2}) (J(k_z − Ke) =
///    Ψψ(z), ‖Ψ‖ = √μ₁); eq. 25 uses K̄α = Nλα, whose residual K(JKJŵ − μ̂ŵ)/μ^{3/2}
///    adds √N·λ_max·2E/μ_p^{3/2}.
/// The eigenvalues: PCA's σ², chapter 7's μ and the dual's Nλ are within c₂Nεμ₁ (twice
/// for σ² = (σ)²), the primal's within c₂Nε(μ₁ + λ_max); two of them differ by at most
/// c₂Nε(3μ₁ + λ_max) ≤ factorisation(N, 2(μ₁ + λ_max)) (μ₁ ≤ λ_max).
template <class T>
struct ChainBounds {
    kb::test::Bound<T> plain, primal, dual, eigenvalue;
};

template <class T>
ChainBounds<T> chain_bounds(const Inputs& in, Eigen::Index p) {
    using LD = long double;
    const LD mu1 = in.mu.front(), S = std::max(in.psi, std::sqrt(mu1));
    auto A = [&](LD a) {
        LD out = 0;
        for (Eigen::Index j = 0; j < p; ++j)
            for (Eigen::Index i = 0; i < in.N; ++i)
                if (i != j)
                    out = std::max(out, std::max(LD(1), std::pow(std::max(in.mu[std::size_t(i)], LD(0)) /
                                                                     in.mu[std::size_t(j)], a)) /
                                            std::abs(in.mu[std::size_t(i)] - in.mu[std::size_t(j)]));
        return out;
    };
    const LD A0 = A(0), Ahalf = A(0.5L), A32 = A(1.5L), mup = in.mu[std::size_t(p - 1)];
    const auto T_ = [](LD v) { return T(v); };
    const double k = static_cast<double>(in.kappa);
    const long n = static_cast<long>(in.N);
    return {kb::test::factorisation<T>(n, T_(mu1 * S * (A0 + Ahalf))),
            kb::test::factorisation<T>(n, T_((2 * mu1 + in.lmax) * S * A0 + std::sqrt(in.kappa * in.lmax * in.kzz)))
                .with_condition(k),
            kb::test::factorisation<T>(n, T_(mu1 * (S * (A0 + A32) + in.psi * std::sqrt(mu1) * in.K1 /
                                                                       (std::sqrt(LD(in.N)) * std::pow(mup, LD(2.5))) +
                                                   2 * std::sqrt(LD(in.N)) * in.lmax / std::pow(mup, LD(1.5))))),
            kb::test::factorisation<T>(n, T_(2 * (mu1 + in.lmax)))};
}

/// The smallest of the gaps μ_j − μ_{j+1}, j = 1..p (from the independent spectrum).
long double leading_gap_ld(const Inputs& in, Eigen::Index p) {
    long double gap = in.mu.front();
    for (Eigen::Index j = 0; j < p; ++j) gap = std::min(gap, in.mu[std::size_t(j)] - in.mu[std::size_t(j + 1)]);
    return gap;
}

/// Data with full row rank: X = [diag(d) | R], d_i ∈ 1..9, R integer (N × m), all / 2.
struct ChainCase {
    IntMatrix X, Z;
};

// Chapter 8: kernel PCA of (k, X) through the explicit map, by the primal (eq. 16) and the
// dual (eq. 23) solutions; check() compares the three projections of a point set — primal,
// dual and combined (eq. 25) — with the reference scores w, up to the signs of the columns.
template <class T>
struct MapRoutes {
    Matrix<T> K;
    kb::ExplicitFeatureMap<T> phi;
    kb::PrimalKpca<T> primal;
    kb::DualKpca<T> dual;

    template <class Kernel>
    MapRoutes(const Kernel& k, const Matrix<T>& X, const Matrix<T>& K_, Eigen::Index p)
        : K(K_), phi(k, X), primal(kb::primal_kpca(phi, p)), dual(kb::dual_kpca(K, p)) {}

    void check(const Matrix<T>& points, const Matrix<T>& w, const ChainBounds<T>& bounds, const std::string& what) const {
        const Matrix<T> kP = phi.kernel_columns(points);
        KB_RC_WITHIN(max_diff(kb::align_signs(kb::primal_projection(phi, primal, kP), w), w), bounds.primal,
                     what + ": eq. 16 = PCA");
        KB_RC_WITHIN(max_diff(kb::align_signs(kb::dual_projection(K, dual, kP), w), w), bounds.dual,
                     what + ": eq. 23 = PCA");
        KB_RC_WITHIN(max_diff(kb::align_signs(kb::combined_projection(dual, kP), w), w), bounds.dual,
                     what + ": eq. 25 = PCA");
    }
};

ChainCase draw_case(int N) {
    const int m = *kb::test::size_in(1, 3);
    const IntMatrix d = *kb::test::int_matrix(N, 1, 1, 9);
    const IntMatrix R = *kb::test::int_matrix(N, m, -9, 9);
    ChainCase c;
    c.X = IntMatrix::Zero(N, N + m);
    for (int i = 0; i < N; ++i) c.X(i, i) = d(i, 0);
    c.X.rightCols(m) = R;
    c.Z = *kb::test::int_matrix(2, N + m, -9, 9);
    return c;
}

} // namespace

//! [chain-linear]
TEST_CASE_TEMPLATE("one data set through the book: PCA = classical MDS = linear kernel PCA = explicit-map primal "
                   "dual and combined projections for training and new points [zhu:1.2.2] [zhu:ex7a] [ghiasi:eq16] "
                   "[ghiasi:eq25]",
                   T, KB_REALS) {
    kb::test::property<T>(
        [] {
            using std::abs;
            using std::sqrt;
            const int N = *kb::test::size_in(3, 7);
            const ChainCase c = draw_case(N);
            const Matrix<T> X = kb::from_integers<T>(c.X, 2), Z = kb::from_integers<T>(c.Z, 2);
            const Eigen::Index p = 2;
            const kb::LinearKernel<T> k;
            const Matrix<T> K = kb::gram(k, X), Kc = kb::double_center(K);
            // The bounds' inputs, exactly in rationals and by the independent spectrum route;
            // the leading gap decides whether the case is well-posed.
            const Matrix<kb::rational> Xq = kb::from_integers<kb::rational>(c.X, 2), Zq = kb::from_integers<kb::rational>(c.Z, 2);
            const Matrix<kb::rational> Kq = Xq * Xq.transpose();
            const Inputs in = inputs_of(Kq, Matrix<kb::rational>(Xq * Zq.transpose()), Kq.diagonal(),
                                        Vector<kb::rational>(Zq.rowwise().squaredNorm()));
            RC_PRE(leading_gap_ld(in, p) > in.mu.front() / 1000);

            // Chapter 1: PCA of the data (SVD of the centred data), training and new points.
            const kb::Pca<T> pca(X, {.components = p});
            const Matrix<T> ref = pca.scores(), refZ = pca.transform(Z);
            // Chapter 2: classical MDS of the centred Gram matrix (training points only).
            const kb::ClassicalMds<T> mds(Kc, {.components = p});
            // Chapter 7: kernel PCA with the linear kernel.
            kb::KernelPca<T> kpca(k, X, {.components = p});
            // Chapter 8: kernel PCA through the explicit map (K has full rank by construction).
            const MapRoutes<T> map(k, X, K, p);

            const ChainBounds<T> bounds = chain_bounds<T>(in, p);
            const auto& plain = bounds.plain;
            KB_RC_WITHIN(max_diff(kb::align_signs(mds.coordinates(), ref), ref), plain, "MDS scores = PCA scores");
            KB_RC_WITHIN(max_diff(kb::align_signs(kpca.scores(), ref), ref), plain, "linear kernel PCA = PCA");
            KB_RC_WITHIN(max_diff(kb::align_signs(kpca.transform(X), ref), ref), plain, "KernelPca::transform(X) = PCA");
            KB_RC_WITHIN(max_diff(kb::align_signs(kpca.transform(Z), refZ), refZ), plain, "KernelPca::transform(Z) = PCA");
            map.check(X, ref, bounds, "training points");
            map.check(Z, refZ, bounds, "new points");
            // The same variances: λ_j(PCA) = σ_j² = μ_j = Nλ_j (explicit map, primal and dual),
            // each route against chapter 1's σ² (the long-double spectrum of the bounds is not
            // accurate enough to be a reference in real50 and real100).
            for (Eigen::Index j = 0; j < p; ++j) {
                const auto& b = bounds.eigenvalue;
                const T s2 = pca.eigenvalues()(j);
                KB_RC_WITHIN(T(abs(kpca.eigenvalues()(j) - s2)), b, "KernelPca μ = σ²");
                KB_RC_WITHIN(T(abs(T(N) * map.primal.lambda(j) - s2)), b, "N λ primal = σ²");
                KB_RC_WITHIN(T(abs(T(N) * map.dual.lambda(j) - s2)), b, "N λ dual = σ²");
            }
        });
}
//! [chain-linear]

//! [chain-polynomial]
TEST_CASE_TEMPLATE("one data set through the book: polynomial kernel PCA = PCA of the explicit monomial features = "
                   "explicit-map primal - dual and combined projections for training and new points [zhu:ex7b] "
                   "[ghiasi:eq16] [ghiasi:eq25]",
                   T, KB_REALS) {
    kb::test::property<T>(
        [] {
            using std::abs;
            using std::sqrt;
            const int N = *kb::test::size_in(3, 5);
            const IntMatrix Xi = *kb::test::distinct_points(N, 2, 4);
            const IntMatrix Zi = *kb::test::int_matrix(2, 2, -4, 4);
            // (1 + xᵀy)² on the plane has a 6-dimensional feature space; the explicit map
            // needs K of full rank N, decided exactly in rationals.
            const kb::PolynomialKernel<kb::rational> kq(kb::rational(1), 2);
            const Matrix<kb::rational> Kq = kb::gram(kq, kb::from_integers<kb::rational>(Xi, 2));
            const std::optional<Eigen::Index> r = kb::exact_psd_rank(Kq);
            RC_ASSERT(r.has_value()); // a kernel: its Gram matrix is PSD exactly
            RC_PRE(*r == N);
            const Matrix<T> X = kb::from_integers<T>(Xi, 2), Z = kb::from_integers<T>(Zi, 2);
            const kb::PolynomialKernel<T> k(T(1), 2);
            const Eigen::Index p = 2;
            const Matrix<T> K = kb::gram(k, X);
            const Matrix<kb::rational> Xq = kb::from_integers<kb::rational>(Xi, 2), Zq = kb::from_integers<kb::rational>(Zi, 2);
            const Inputs in = inputs_of(Kq, kb::gram(kq, Xq, Zq), Kq.diagonal(), Vector<kb::rational>(kb::gram(kq, Zq).diagonal()));
            RC_PRE(leading_gap_ld(in, p) > in.mu.front() / 1000);

            // Chapter 4 + chapter 1: PCA of the explicit features φ(x) = W^{1/2} m(x).
            const kb::PolynomialFeatureMap<T> features(k, 2);
            const kb::Pca<T> pca(features.features(X), {.components = p});
            const Matrix<T> ref = pca.scores(), refZ = pca.transform(features.features(Z));
            // Chapter 7: kernel PCA with the kernel trick.
            kb::KernelPca<T> kpca(k, X, {.components = p});
            // Chapter 8: the explicit map's primal (eq. 16), dual (eq. 23) and combined (eq. 25)
            // projections.
            const MapRoutes<T> map(k, X, K, p);

            const ChainBounds<T> bounds = chain_bounds<T>(in, p);
            const auto& plain = bounds.plain;
            KB_RC_WITHIN(max_diff(kb::align_signs(kpca.scores(), ref), ref), plain, "kernel PCA = PCA of φ(X)");
            KB_RC_WITHIN(max_diff(kb::align_signs(kpca.transform(Z), refZ), refZ), plain, "new points: kernel PCA = PCA of φ(Z)");
            map.check(X, ref, bounds, "training points (PCA of φ)");
            map.check(Z, refZ, bounds, "new points (PCA of φ)");
        });
}
//! [chain-polynomial]

// The failing companion: the same comparisons reject each route's classic mistake. The
// data are fixed (N = 5 points in R³, full rank, leading gap well above μ₁/1000), and each
// broken route misses the PCA scores by far more than the bound.
TEST_CASE_TEMPLATE("companion: the chain rejects uncentred MDS - uncentred new points - unscaled eigenvectors and "
                   "the dual coefficients used as scores [zhu:1.2.2] [ghiasi:eq25]",
                   T, KB_REALS) {
    const IntMatrix Xi = (IntMatrix(5, 3) << 4, 0, 3, 0, 7, -2, 1, 1, 9, 6, -3, 0, -5, 2, 1).finished();
    const IntMatrix Zi = (IntMatrix(2, 3) << 3, 3, 3, -4, 1, 0).finished();
    const Matrix<T> X = kb::from_integers<T>(Xi, 1), Z = kb::from_integers<T>(Zi, 1);
    const Eigen::Index p = 2;
    const kb::LinearKernel<T> k;
    const Matrix<T> K = kb::gram(k, X), Kc = kb::double_center(K);
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(Kc);
    // The law's bound, from the exact inputs (as in the property above).
    const Matrix<kb::rational> Xq = kb::from_integers<kb::rational>(Xi, 1), Zq = kb::from_integers<kb::rational>(Zi, 1);
    const Matrix<kb::rational> Kq = Xq * Xq.transpose();
    const Inputs in = inputs_of(Kq, Matrix<kb::rational>(Xq * Zq.transpose()), Kq.diagonal(),
                                Vector<kb::rational>(Zq.rowwise().squaredNorm()));
    REQUIRE(leading_gap_ld(in, p) > in.mu.front() / 1000);
    const kb::Pca<T> pca(X, {.components = p});
    const auto plain = chain_bounds<T>(in, p).plain;

    // The correct routes pass (so the bound is not the reason the broken ones fail) …
    KB_CHECK_WITHIN(max_diff(kb::align_signs(kb::ClassicalMds(Kc, {.components = p}).coordinates(), pca.scores()), pca.scores()), plain, "MDS of JKJ");
    // … and each broken one fails by far.
    const Matrix<T> mds_uncentred = kb::ClassicalMds(K, {.components = p}).coordinates();
    KB_CHECK_EXCEEDS(max_diff(kb::align_signs(mds_uncentred, pca.scores()), pca.scores()), plain, "MDS of K");
    const Matrix<T> unscaled = eig.vectors.leftCols(p);
    KB_CHECK_EXCEEDS(max_diff(kb::align_signs(unscaled, pca.scores()), pca.scores()), plain, "u_j as scores");
    const kb::DualKpca<T> dual = kb::dual_kpca(K, p);
    KB_CHECK_EXCEEDS(max_diff(kb::align_signs(dual.alpha, pca.scores()), pca.scores()), plain, "α as scores");
    // New points projected with their raw kernel columns against uncentred eigenvectors:
    // the projection Z V without subtracting the training mean.
    const Matrix<T> raw = Z * pca.loadings(), want = pca.transform(Z);
    KB_CHECK_EXCEEDS(max_diff(kb::align_signs(raw, want), want), plain, "Z V without centring");
}
