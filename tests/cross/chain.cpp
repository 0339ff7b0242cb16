/// \file chain.cpp
/// \brief The book in one test: the same data run through every chapter's route to
///        principal components must give the same scores, for the training points and for
///        new points, in double, real50 and real100.
///
/// Linear kernel: PCA of the centred data (chapter 1, kb::pca) = classical MDS of the
/// centred Gram matrix (chapter 2, kb::classical_mds) = kernel PCA with the linear kernel
/// (chapter 7, kb::KernelPca) = kernel PCA through the explicit map, primal (eq. 16), dual
/// (eq. 23) and combined (eq. 25) (chapter 8). Polynomial kernel: kernel PCA (chapter 7) =
/// PCA of the explicit monomial features (chapter 4, kb::PolynomialFeatureMap) = the
/// explicit map's combined projection (chapter 8). Each route is computed by its own code;
/// the only shared pieces are the data and the sign convention used to compare.
///
/// Bounds: scores \f$y_j = \sqrt{\mu_j}\,u_j\f$ come from a unit eigenvector u of the
/// centred Gram matrix \f$\tilde K\f$ (or a right singular vector of the centred data), whose
/// error is at most \f$c_2 N\varepsilon\mu_1/\text{gap}\f$; times the score scale
/// \f$\sqrt{\mu_1}\f$ this is kb::test::subspace with \f$\|A\| = \mu_1(1 + \sqrt{\mu_1})\f$
/// ("plain"). The explicit-map routes have their own error terms (mapped_bounds, derived
/// there): the primal (eq. 16) works with \f$K^{1/2}\f$ and \f$K^{-1/2}\f$ from K's
/// decomposition, so its components are those of \f$K + \delta K\f$ (a \f$\lambda_{\max}\f$
/// instead of \f$\mu_1\f$ in the eigenvector error, times the norm of the centred features
/// \f$\psi(z)\f$) and the map adds chapter 8's \f$c_2N\varepsilon\sqrt{\kappa\lambda_{\max}k(z,z)}\f$;
/// the dual (eq. 23) and combined (eq. 25) projections multiply the eigenvector of
/// \f$\tilde K\f$ by K and divide by \f$\mu_j^{3/2}\f$, which amplifies its error by
/// \f$(\mu_1/\mu_p)^{3/2}\f$. Cases whose leading gap is below \f$\mu_1/1000\f$ are discarded
/// (RC_PRE): there the components themselves are ill-posed.
#include "test_support.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/mds.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/spectral.hpp"

using kb::IntMatrix;
using kb::Matrix;
using kb::Vector;

namespace {

/// Each column of A multiplied by the sign that makes it agree best with the same column of ref.
template <class T>
Matrix<T> aligned(Matrix<T> A, const Matrix<T>& ref) {
    for (Eigen::Index j = 0; j < A.cols(); ++j)
        if (A.col(j).dot(ref.col(j)) < 0) A.col(j) = -A.col(j);
    return A;
}

template <class T>
T max_diff(const Matrix<T>& A, const Matrix<T>& B) {
    return kb::max_abs(Matrix<T>(A - B));
}

/// The smallest of the gaps μ_j − μ_{j+1}, j = 1..p, that isolate the p leading components.
template <class T>
T leading_gap(const Vector<T>& mu, Eigen::Index p) {
    T gap = mu(0);
    for (Eigen::Index j = 0; j < p; ++j) {
        const T next = j + 1 < mu.size() ? mu(j + 1) : T(0);
        if (mu(j) - next < gap) gap = mu(j) - next;
    }
    return gap;
}

/// The score bound of the file comment: subspace(N, μ₁(1 + √μ₁)·amplification, gap).
template <class T>
kb::test::Bound<T> score_bound(Eigen::Index N, const T& mu1, const T& gap, const T& amplification) {
    using std::sqrt;
    return kb::test::subspace<T>(N, mu1 * (T(1) + sqrt(mu1)) * amplification, gap);
}

/// The bounds of the explicit-map routes, from the arithmetic (c₂Nε times the scales below;
/// kzz is the largest k(z, z) over the training and new points, λ_max and κ those of K).
///  - primal (eq. 16): the computed map and components are exactly those of kernel PCA with
///    K + δK, ‖δK‖ ≤ c₂Nελ_max (K^{±1/2} = VΛ^{±1/2}Vᵀ from one decomposition). The components
///    of J(K + δK)J move by ‖δK‖/gap, which a score ⟨ψ(z), v⟩ meets with ‖ψ(z)‖ ≤ ψ =
///    √kzz + √max|K| (‖φ(z)‖² ≤ k(z, z), ‖M‖² = eᵀKe ≤ max|K|); and k_z against K + δK instead
///    of K costs chapter 8's c₂Nε√(κλ_max·kzz). Scale: λ_max·ψ/gap + √(κλ_max·kzz).
///  - dual (eq. 23) and combined (eq. 25): α_j = Kŵ_j/μ_j^{3/2} from the eigenvector ŵ_j of
///    J K J (backward error c₂Nεμ₁). A rotation c_i ≤ c₂Nεμ₁/gap of ŵ_j towards w_i reaches
///    the score as c_i μ_i^{3/2}/μ_j^{3/2} times ⟨ψ(z), v_i⟩ (JKw_i = μ_iw_i), and its
///    rotation c₀ ≤ c₂Nεμ₁/μ_j towards 1 meets JK1 (‖K1‖/√N ≤ λ_max) and J(k_z − Ke) (norm
///    ≤ √λ_max ψ). No inverse and no κ. Scale: ψμ₁(μ₁/μ_p)^{3/2}(1 + (λ_max/μ₁)^{3/2})/gap,
///    using gap ≤ μ_p.
/// Measured (seeds 20261122, 7, 11): error/bound at most 0.0076 for the primal and 0.0036 for
/// the dual and combined routes — the worst-case amplification (μ₁/μ_p)^{3/2} is rarely met.
template <class T>
struct MappedBounds {
    kb::test::Bound<T> primal, dual;
};

template <class T>
MappedBounds<T> mapped_bounds(const kb::ExplicitFeatureMap<T>& phi, const Vector<T>& mu, Eigen::Index p, const T& gap,
                              const T& kzz) {
    using std::sqrt;
    const Eigen::Index N = phi.size();
    const T lmax = phi.eigenvalues()(0), kappa = phi.condition_number();
    const T psi = sqrt(kzz) + sqrt(kb::max_abs(phi.gram()));
    const T r = mu(0) / mu(p - 1), s = lmax / mu(0);
    const double k = static_cast<double>(kappa);
    return {kb::test::subspace<T>(N, lmax * psi + gap * sqrt(kappa * lmax * kzz), gap).with_condition(k),
            kb::test::subspace<T>(N, psi * mu(0) * r * sqrt(r) * (T(1) + s * sqrt(s)), gap).with_condition(k)};
}

/// The largest k(z, z) over the rows of the point sets given.
template <class T, class Kernel>
T largest_kzz(const Kernel& k, std::initializer_list<const Matrix<T>*> sets) {
    T out(0);
    for (const Matrix<T>* P : sets)
        for (Eigen::Index m = 0; m < P->rows(); ++m) {
            const T v = k(P->row(m), P->row(m));
            if (v > out) out = v;
        }
    return out;
}

/// Data with full row rank: X = [diag(d) | R], d_i ∈ 1..9, R integer (N × m), all / 2.
struct ChainCase {
    IntMatrix X, Z;
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
            // The centred Gram matrix and its spectrum decide whether the case is well-posed.
            const Matrix<T> K = kb::gram(k, X), Kc = kb::double_center(K);
            const Vector<T> mu = kb::symmetric_eigen(Kc).values;
            const T gap = leading_gap<T>(mu, p);
            RC_PRE(gap > mu(0) / T(1000));

            // Chapter 1: PCA of the data (SVD of the centred data), training and new points.
            const kb::Pca<T> pca = kb::pca(X, p);
            const Matrix<T> ref = pca.scores, refZ = pca.transform(Z);
            // Chapter 2: classical MDS of the centred Gram matrix (training points only).
            const kb::MdsResult<T> mds = kb::classical_mds(Kc, p);
            // Chapter 7: kernel PCA with the linear kernel.
            kb::KernelPca<T> kpca(p);
            kpca.fit(k, X);
            // Chapter 8: kernel PCA through the explicit map (K has full rank by construction).
            const kb::ExplicitFeatureMap<T> phi(k, X);
            const kb::PrimalKpca<T> primal = kb::primal_kpca(phi, p);
            const kb::DualKpca<T> dual = kb::dual_kpca(K, p);

            const auto plain = score_bound<T>(N, mu(0), gap, T(1));
            const MappedBounds<T> mapped = mapped_bounds(phi, mu, p, gap, largest_kzz<T>(k, {&X, &Z}));
            KB_RC_WITHIN(max_diff(aligned(mds.X, ref), ref), plain, "MDS scores = PCA scores");
            KB_RC_WITHIN(max_diff(aligned(kpca.scores(), ref), ref), plain, "linear kernel PCA = PCA");
            for (const auto& [points, want] : {std::pair{&X, &ref}, std::pair{&Z, &refZ}}) {
                const Matrix<T> kP = phi.kernel_columns(*points);
                const Matrix<T>& w = *want;
                KB_RC_WITHIN(max_diff(aligned(kpca.transform(*points), w), w), plain, "KernelPca::transform = PCA");
                KB_RC_WITHIN(max_diff(aligned(kb::primal_projection(phi, primal, kP), w), w), mapped.primal,
                             "eq. 16 = PCA");
                KB_RC_WITHIN(max_diff(aligned(kb::dual_projection(K, dual, kP), w), w), mapped.dual, "eq. 23 = PCA");
                KB_RC_WITHIN(max_diff(aligned(kb::combined_projection(dual, kP), w), w), mapped.dual, "eq. 25 = PCA");
            }
            // The same variances: λ_j(PCA) = σ_j² = μ_j = Nλ_j (explicit map, primal and dual).
            for (Eigen::Index j = 0; j < p; ++j) {
                const auto b = kb::test::factorisation<T>(N, T(mu(0) * (T(1) + T(sqrt(phi.condition_number())))));
                KB_RC_WITHIN(T(abs(pca.eigenvalues(j) - mu(j))), b, "σ² = μ");
                KB_RC_WITHIN(T(abs(kpca.eigenvalues()(j) - mu(j))), b, "KernelPca μ");
                KB_RC_WITHIN(T(abs(T(N) * primal.lambda(j) - mu(j))), b, "N λ primal = μ");
                KB_RC_WITHIN(T(abs(T(N) * dual.lambda(j) - mu(j))), b, "N λ dual = μ");
            }
        },
        kb::test::default_cases<T>() / 2);
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
            const Vector<T> mu = kb::symmetric_eigen(kb::double_center(K)).values;
            const T gap = leading_gap<T>(mu, p);
            RC_PRE(gap > mu(0) / T(1000));

            // Chapter 4 + chapter 1: PCA of the explicit features φ(x) = W^{1/2} m(x).
            const kb::PolynomialFeatureMap<T> features(k, 2);
            const kb::Pca<T> pca = kb::pca(features.features(X), p);
            const Matrix<T> ref = pca.scores, refZ = pca.transform(features.features(Z));
            // Chapter 7: kernel PCA with the kernel trick.
            kb::KernelPca<T> kpca(p);
            kpca.fit(k, X);
            // Chapter 8: the explicit map's primal (eq. 16), dual (eq. 23) and combined (eq. 25)
            // projections.
            const kb::ExplicitFeatureMap<T> phi(k, X);
            const kb::PrimalKpca<T> primal = kb::primal_kpca(phi, p);
            const kb::DualKpca<T> dual = kb::dual_kpca(K, p);

            const auto plain = score_bound<T>(N, mu(0), gap, T(1) + kb::max_abs(K));
            const MappedBounds<T> mapped = mapped_bounds(phi, mu, p, gap, largest_kzz<T>(k, {&X, &Z}));
            KB_RC_WITHIN(max_diff(aligned(kpca.scores(), ref), ref), plain, "kernel PCA = PCA of φ(X)");
            KB_RC_WITHIN(max_diff(aligned(kpca.transform(Z), refZ), refZ), plain, "new points: kernel PCA = PCA of φ(Z)");
            for (const auto& [points, want] : {std::pair{&X, &ref}, std::pair{&Z, &refZ}}) {
                const Matrix<T> kP = phi.kernel_columns(*points);
                const Matrix<T>& w = *want;
                const std::string which = points == &X ? "training points: " : "new points: ";
                KB_RC_WITHIN(max_diff(aligned(kb::primal_projection(phi, primal, kP), w), w), mapped.primal,
                             which + "eq. 16 = PCA of φ");
                KB_RC_WITHIN(max_diff(aligned(kb::dual_projection(K, dual, kP), w), w), mapped.dual,
                             which + "eq. 23 = PCA of φ");
                KB_RC_WITHIN(max_diff(aligned(kb::combined_projection(dual, kP), w), w), mapped.dual,
                             which + "eq. 25 = PCA of φ");
            }
        },
        kb::test::default_cases<T>() / 2);
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
    const Eigen::Index N = 5, p = 2;
    const kb::LinearKernel<T> k;
    const Matrix<T> K = kb::gram(k, X), Kc = kb::double_center(K);
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(Kc);
    const T gap = leading_gap<T>(eig.values, p);
    REQUIRE(gap > eig.values(0) / T(1000));
    const kb::Pca<T> pca = kb::pca(X, p);
    const auto plain = score_bound<T>(N, eig.values(0), gap, T(1));

    // The correct routes pass (so the bound is not the reason the broken ones fail) …
    KB_CHECK_WITHIN(max_diff(aligned(kb::classical_mds(Kc, p).X, pca.scores), pca.scores), plain, "MDS of JKJ");
    // … and each broken one fails by far.
    const Matrix<T> mds_uncentred = kb::classical_mds(K, p).X;
    KB_CHECK_EXCEEDS(max_diff(aligned(mds_uncentred, pca.scores), pca.scores), plain, "MDS of K");
    const Matrix<T> unscaled = eig.vectors.leftCols(p);
    KB_CHECK_EXCEEDS(max_diff(aligned(unscaled, pca.scores), pca.scores), plain, "u_j as scores");
    const kb::DualKpca<T> dual = kb::dual_kpca(K, p);
    KB_CHECK_EXCEEDS(max_diff(aligned(dual.alpha, pca.scores), pca.scores), plain, "α as scores");
    // New points projected with their raw kernel columns against uncentred eigenvectors:
    // the projection Z V without subtracting the training mean.
    const Matrix<T> raw = Z * pca.loadings, want = pca.transform(Z);
    KB_CHECK_EXCEEDS(max_diff(aligned(raw, want), want), plain, "Z V without centring");
}
