#pragma once
/// \file 07-kernel-pca/checks/chapter_support.hpp
/// \brief Chapter 7's test helpers, shared by its test files: generators, the independent
///        reference, comparisons with PCA of explicit features, and fixed data (test code only).

#include "test_support.hpp"

#include "kernelbook/features.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include <limits>
#include <vector>

/// The types of chapter 7's fixed-data demonstrations (errata and companions): every
/// companion runs in the same scalar types as its law, so a wrong formula that only shows
/// in 100 digits (a step done in double inside real100) is caught there too.
#define KB_CH07_FIXED_TYPES double, kb::real50, kb::real100

namespace kb::test::ch07 {

using R = kb::real100;

// ---------------------------------------------------------------------------------------
// The reference: every number a bound needs (eigenvalues μ_j of K̃, gaps, ‖K̃‖, K̃ itself),
// computed by an independent route and never read from the kb::KernelPca under test.
//
// K is evaluated in real100 from the case's own integer recipe (not converted from the
// Gram matrix of T), centred by the explicit product J K J with J = I − 𝟙𝟙ᵀ/N (not
// kb::double_center) and decomposed by kb::symmetric_eigen in real100. Its eigenvalues
// are those of the exact K̃ to ~10⁻⁹⁵·N·max|K| (Weyl), far below any bound in T, so the
// same reference serves double, real50 and real100.
template <class T>
struct Reference {
    Eigen::Index N = 0;
    Vector<T> mu;   // all N eigenvalues of K̃, decreasing (μ_N = 0 up to 10⁻⁹⁵)
    Matrix<T> U;    // their eigenvectors, column j for mu(j), rounded to T
    Matrix<T> Kc;   // K̃ itself
    T norm;         // ‖K̃‖_F (the norm the bounds below use, ≥ ‖K̃‖₂)
    T max_K;        // max|K|
    T floor;        // the smallest μ that double resolves with margin (see well_posed_counts)
    // μ_p − μ_{p+1} (1 ≤ p ≤ N − 1; μ_{p+1} = 0 past the rank)
    T gap(Eigen::Index p) const { return T(mu(p - 1) - mu(p)); }
};

template <class T>
Reference<T> reference_of(const Matrix<R>& K) {
    const Eigen::Index N = K.rows();
    const Matrix<R> J = Matrix<R>::Identity(N, N) - Matrix<R>::Constant(N, N, R(1) / R(N));
    const Matrix<R> JKJ = J * K * J;
    const Matrix<R> Kc = (JKJ + JKJ.transpose()) / R(2);
    const auto e = kb::symmetric_eigen(Kc);
    Reference<T> ref;
    ref.N = N;
    ref.mu = kb::convert_matrix<T>(e.values);
    ref.U = kb::convert_matrix<T>(e.vectors);
    ref.Kc = kb::convert_matrix<T>(Kc);
    ref.norm = kb::convert<T>(R(Kc.norm()));
    ref.max_K = kb::convert<T>(kb::max_abs(K));
    // The library's rank tolerance in double is 64·N·ε·(N·max|K|); a component counts as
    // well posed when μ is 62.5 times above it, i.e. 1000·c₁·N·ε(double)·N·max|K| (a
    // precondition on the inputs, never a bound).
    ref.floor = kb::convert<T>(R(1000 * kb::test::c_one_pass) * R(N) * R(N) *
                               R(std::numeric_limits<double>::epsilon()) * kb::max_abs(K));
    return ref;
}

// The exact rank of a rational matrix (Gaussian elimination in GMP rationals).
inline Eigen::Index exact_rank(Matrix<kb::rational> A) {
    Eigen::Index r = 0;
    for (Eigen::Index col = 0; col < A.cols() && r < A.rows(); ++col) {
        Eigen::Index piv = r;
        while (piv < A.rows() && A(piv, col) == 0) ++piv;
        if (piv == A.rows()) continue;
        A.row(r).swap(A.row(piv));
        for (Eigen::Index i = r + 1; i < A.rows(); ++i)
            if (A(i, col) != 0) {
                const kb::rational f = A(i, col) / A(r, col);
                A.row(i) -= f * A.row(r);
            }
        ++r;
    }
    return r;
}

// The exact rank of K̃ = J K J for a rational K (J explicit, as above).
inline Eigen::Index exact_centred_rank(const Matrix<kb::rational>& K) {
    using Qr = kb::rational;
    const Eigen::Index N = K.rows();
    const Matrix<Qr> J = Matrix<Qr>::Identity(N, N) - Matrix<Qr>::Constant(N, N, Qr(1, N));
    return exact_rank(Matrix<Qr>(J * K * J));
}

// The component counts p whose subspace is well posed: μ_p ≥ μ₁/1000, μ_p above the floor
// (so the fit in every T keeps p components) and the gap μ_p − μ_{p+1} ≥ μ₁/1000. Bounds
// divide by these numbers, so they stay meaningful; the generated data are integer grids,
// where exact ties and exact zeros are common and near-ties are rare. μ_p > 0 as well: for
// K = 0 (all points at 0, which shrinking reaches) the floor and μ₁/1000 are 0 too.
template <class T>
std::vector<Eigen::Index> well_posed_counts(const Reference<T>& ref) {
    const T rel = ref.mu(0) / T(1000);
    std::vector<Eigen::Index> out;
    for (Eigen::Index p = 1; p < ref.N; ++p)
        if (ref.mu(p - 1) > 0 && ref.mu(p - 1) >= rel && ref.mu(p - 1) >= ref.floor && ref.gap(p) >= rel)
            out.push_back(p);
    return out;
}

// Draws p among the well-posed counts (discarding the case if there is none: K̃ = 0, or
// every gap a near-tie — rare on these grids).
template <class T>
Eigen::Index any_well_posed_p(const Reference<T>& ref) {
    const auto ps = well_posed_counts(ref);
    RC_PRE(!ps.empty());
    return *rc::gen::elementOf(ps);
}

// A random case fitted as the laws fit it: its Gram matrix K, the reference (independent of
// the fit), a well-posed component count p (any_well_posed_p) and kernel PCA with p
// components — fitted from the kernel and the points (so that transform works), or from K.
enum class FitFrom { kernel, gram };

template <class T>
struct FittedCase {
    Matrix<T> K;
    Reference<T> ref;
    Eigen::Index p;
    kb::KernelPca<T> kp;
};

template <class T, class Case>
FittedCase<T> fit_well_posed(const Case& c, FitFrom from = FitFrom::kernel) {
    Matrix<T> K = kb::gram(c.k, c.X);
    Reference<T> ref = c.reference();
    const Eigen::Index p = any_well_posed_p(ref);
    if (from == FitFrom::gram) return {K, ref, p, kb::KernelPca<T>(K, {.components = p})};
    return {K, ref, p, kb::KernelPca<T>(c.k, c.X, {.components = p})};
}

// The number of leading eigenvalues above the floor: 1 … that many components can be fitted
// in every T (no gap asked).
template <class T>
Eigen::Index resolved_count(const Reference<T>& ref) {
    Eigen::Index r = 0;
    while (r < ref.N && ref.mu(r) >= ref.floor) ++r;
    return r;
}

// Training points X (N×q) in [−1, 1]^q, new points Z (M×q) in [−1.5, 1.5]^q, and a
// polynomial kernel (c + xᵀy)^d with c ∈ {0, 1, 2}, d ∈ {1, 2, 3}; the integer recipe is
// kept so that the reference (real100) and the exact rank (rationals) see the same data.
template <class T>
struct PolynomialCase {
    IntMatrix Xi, Zi;
    long c;
    int d;
    Matrix<T> X, Z;
    kb::PolynomialKernel<T> k;
    Matrix<R> gram100() const { return kb::gram(kb::PolynomialKernel<R>(R(c), d), kb::from_integers<R>(Xi, 10)); }
    Reference<T> reference() const { return reference_of<T>(gram100()); }
    Eigen::Index exact_rank() const {
        using Qr = kb::rational;
        return exact_centred_rank(kb::gram(kb::PolynomialKernel<Qr>(Qr(c), d), kb::from_integers<Qr>(Xi, 10)));
    }
};

template <class T>
PolynomialCase<T> any_polynomial_case(int max_points) {
    const int N = *kb::test::size_in(3, max_points);
    const int q = *kb::test::size_in(1, 3);
    const int M = *kb::test::size_in(1, 3);
    const long c = *kb::test::int_in(0, 2);
    const int d = *kb::test::size_in(1, 3);
    const IntMatrix Xi = *kb::test::points(N, q, 10), Zi = *kb::test::points(M, q, 15);
    return {Xi, Zi, c, d, kb::from_integers<T>(Xi, 10), kb::from_integers<T>(Zi, 10), kb::PolynomialKernel<T>(T(c), d)};
}

// Gaussian kernel exp(−γ‖x − y‖²) with γ = g/4, g ∈ [1, 8], on N distinct training points
// in [−2, 2]^q and M new points in [−3, 3]^q (integers over 5). Distinct points make K
// positive definite, so K̃ has rank N − 1 exactly.
template <class T>
struct GaussianCase {
    IntMatrix Xi, Zi;
    long g;
    Matrix<T> X, Z;
    kb::GaussianKernel<T> k;
    Matrix<R> gram100() const {
        return kb::gram(kb::GaussianKernel<R>::from_gamma(kb::ratio<R>(g, 4)), kb::from_integers<R>(Xi, 5));
    }
    Reference<T> reference() const { return reference_of<T>(gram100()); }
};

template <class T>
GaussianCase<T> any_gaussian_case(int max_points, int M_lo = 2, int M_hi = 4, int min_points = 3) {
    const int N = *kb::test::size_in(min_points, max_points);
    const int q = *kb::test::size_in(1, 3);
    const int M = *kb::test::size_in(M_lo, M_hi);
    const IntMatrix Xi = *kb::test::distinct_points(N, q, 10), Zi = *kb::test::points(M, q, 15);
    const long g = *kb::test::int_in(1, 8);
    return {Xi, Zi, g, kb::from_integers<T>(Xi, 5), kb::from_integers<T>(Zi, 5),
            kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(g, 4))};
}

// The kernel's real100 twin, for the reference of fixed-data companions.
template <class T, class Kernel100>
Reference<T> reference_for(const Kernel100& k, const IntMatrix& Xi, long den) {
    return reference_of<T>(kb::gram(k, kb::from_integers<R>(Xi, den)));
}

template <class T>
T max_abs_of(const Matrix<T>& A) {
    return kb::max_abs(A);
}

// ---------------------------------------------------------------------------------------
// The rounding of the centred kernel matrix (one pass, kernelbook/numerics.hpp).
//
// K̃ = JKJ is computed from K through sums of N values of size ≤ max|K| (row, column and
// grand means), so each entry carries a one-pass error ≲ c₁·N·ε·max|K|; the centred
// explicit features Φ̃ = Φ − 𝟙φ̄ (whose exact Gram matrix is K̃) and the centred kernel rows
// of new points carry the same, with max|K_z| for the rows. An N×N error matrix ΔK̃ with
// such entries has ‖ΔK̃‖₂ ≤ N·max|ΔK̃_ij|: one_pass(n, N·max|K|) — the scale of the rank
// tolerance τ = 64·N·ε·(N·max|K|) of kb::KernelPca. It is absolute, at the scale of the
// *uncentred* kernel, and does not shrink with ‖K̃‖, which can be far smaller than max|K|
// ((2 + xᵀy) on nearby points: ‖K̃‖ = 0.007 while max|K| = 2). So wherever a check compares
// a quantity computed from K̃ with one computed another way (from explicit features, from
// rows centred in another order, or a truncation of K̃ with K̃ itself), the eigensolver's
// backward error c₂·n·ε·‖K̃‖ is joined by ‖ΔK̃‖ with the same amplification — as τ already
// joins them.

// N·max|A| for a block A of kernel values with N columns (K, or K stacked over K_z with
// M ≤ N new rows): the scale of the rounding of its centring in the spectral norm (√(MN) ≤ N).
template <class T>
T centring_scale(const Matrix<T>& A) {
    return T(A.cols()) * kb::max_abs(A);
}

// Kernel PCA against ordinary PCA of explicit (centred) features Φ̃ (N×D) and new
// features Φ̃_z (M×D), compared through invariants: the Gram matrices of the scores
// (they are K̃ P and Φ̃_z P Φ̃ᵀ, P the projector on the top p axes), which do not depend
// on the basis chosen inside a repeated eigenvalue, nor on signs.
//
// Two routes meet here, so every bound is the eigensolvers' backward error plus the
// rounding ΔK̃ of the centring (above), amplified alike: cs = N·max(|K|, |K_z|) bounds
// ‖ΔK̃‖ and ‖ΔK̃_z‖; a projector moves by ‖ΔK̃‖/gap; Y_z = K̃_z A moves by ‖ΔK̃_z‖/√μ_p.
template <class T>
struct ExplicitPcaBounds {
    kb::test::Bound<T> sigma2, training, cross, new_points;
};

template <class T>
ExplicitPcaBounds<T> explicit_pca_bounds(const Reference<T>& ref, Eigen::Index p, long n, const T& cs, const T& nz,
                                         const T& nx) {
    using std::sqrt;
    const T nK = ref.norm;
    const T gap = ref.gap(p);
    const T mu_p = ref.mu(p - 1);
    const T cond = sqrt(T(ref.mu(0) / mu_p));
    using kb::test::factorisation;
    using kb::test::one_pass;
    using kb::test::subspace;
    return {
        // σ_j² = μ_j (Weyl): ‖ΔK̃‖ moves every eigenvalue by at most itself.
        plus(factorisation<T>(n, nK), one_pass<T>(n, cs)),
        // Y Yᵀ = K̃P against S Sᵀ: ΔK̃ + K̃·ΔP, ‖ΔP‖ ≤ ‖ΔK̃‖/gap, gap ≤ ‖K̃‖.
        plus(subspace<T>(n, nK * nK, gap), one_pass<T>(n, T(2) * cs * nK / gap)),
        // Y_z Yᵀ = K̃_z P: ΔK̃_z + ‖K̃_z‖·ΔP, ‖K̃_z‖ ≤ ‖Φ̃_z‖‖Φ̃‖.
        plus(subspace<T>(n, nK * nz * nx, gap), one_pass<T>(n, cs * (T(1) + nz * nx / gap))),
        // Y_z Y_zᵀ: 2‖Y_z‖·‖ΔK̃_z‖/√μ_p with ‖Y_z‖ ≤ ‖Φ̃_z‖, and ‖Φ̃_z‖²·ΔP.
        plus(subspace<T>(n, nK * nz * nz * cond, gap), one_pass<T>(n, cs * (T(2) * nz / sqrt(mu_p) + nz * nz / gap))),
    };
}

// `Y` (N×p) and `mu` (p) are the training scores and the eigenvalues μ_j of a kernel PCA with
// p components, `Yz` (M×p) the scores of the new points; `kernel_values`: the uncentred values
// the centring summed — K stacked over K_z (N columns).
template <class T>
void check_equals_explicit_pca(const Matrix<T>& Y, const Vector<T>& mu, const Reference<T>& ref, const Matrix<T>& Phi,
                               const Matrix<T>& Phiz, const Matrix<T>& Yz, const Matrix<T>& kernel_values) {
    using std::abs;
    const Eigen::Index N = Phi.rows(), p = Y.cols();
    const RowVector<T> mean = Phi.colwise().sum() / T(N);
    const Matrix<T> Pc = Phi.rowwise() - mean, Pzc = Phiz.rowwise() - mean;
    const auto svd = kb::thin_svd(Pc);
    RC_ASSERT(svd.sigma.size() >= p);
    const Matrix<T> Vp = svd.V.leftCols(p);
    const Matrix<T> S = Pc * Vp, Sz = Pzc * Vp; // PCA scores of the features
    const long n = static_cast<long>(std::max(N, Phi.cols()));
    const T cs = centring_scale(kernel_values);
    const auto b = explicit_pca_bounds(ref, p, n, cs, T(Pzc.norm() + T(1)), T(Pc.norm()));
    for (Eigen::Index j = 0; j < p; ++j) // σ_j² = μ_j (Weyl)
        KB_RC_WITHIN(T(abs(T(svd.sigma(j) * svd.sigma(j)) - mu(j))), b.sigma2,
                     "σ_j² of the features = μ_j");
    KB_RC_WITHIN(kb::max_abs(Matrix<T>(Y * Y.transpose() - S * S.transpose())), b.training,
                 "training scores: Y Yᵀ = S Sᵀ");
    KB_RC_WITHIN(kb::max_abs(Matrix<T>(Yz * Y.transpose() - Sz * S.transpose())), b.cross,
                 "new points: Y_z Yᵀ = S_z Sᵀ");
    KB_RC_WITHIN(kb::max_abs(Matrix<T>(Yz * Yz.transpose() - Sz * Sz.transpose())), b.new_points,
                 "new points: Y_z Y_zᵀ = S_z S_zᵀ");
}

// The largest N of a property's random cases: 12 in double, 8 in multiprecision.
template <class T>
int max_points() {
    return std::is_same_v<T, double> ? 12 : 8;
}

// A fixed data set for the companions: 6 points in the plane (integers over 2), 2 new points.
inline IntMatrix fixed_Xi() {
    return (IntMatrix(6, 2) << 0, 0, 2, 1, -1, 3, 4, -2, 1, 1, 3, 3).finished();
}
template <class T>
Matrix<T> fixed_X() {
    return kb::from_integers<T>(fixed_Xi(), 2);
}
template <class T>
Matrix<T> fixed_Z() {
    return kb::from_integers<T>((IntMatrix(2, 2) << 1, -3, -2, 2).finished(), 2);
}

// Five points in the plane (integers over 2) for the fixed-data errata and companions.
inline IntMatrix five_points() {
    return (IntMatrix(5, 2) << 0, 0, 2, 1, -1, 3, 4, -2, 1, 1).finished();
}

// The five points in T with the kernel (1 + xᵀy)² and its explicit feature map (D = 6).
template <class T>
struct FivePointsCase {
    Matrix<T> X;
    kb::PolynomialKernel<T> k;
    kb::PolynomialFeatureMap<T> fm;
};

template <class T>
FivePointsCase<T> five_points_case() {
    const kb::PolynomialKernel<T> k(T(1), 2);
    return {kb::from_integers<T>(five_points(), 2), k, kb::PolynomialFeatureMap<T>(k, 2)};
}

// Centred explicit features Φ̃ = Φ − 𝟙φ̄ of the training points (floating types).
template <class T>
Matrix<T> centred_features(const kb::PolynomialFeatureMap<T>& fm, const Matrix<T>& X) {
    const Matrix<T> Phi = fm.features(X);
    return Phi.rowwise() - Phi.colwise().sum() / T(X.rows());
}

// K = Σ_k λ_k h_k h_kᵀ / (k(k+1)) with the Helmert vectors h_k = (1, …, 1, −k, 0, …, 0)
// (k ones): pairwise orthogonal, orthogonal to 𝟙, ‖h_k‖² = k(k+1). So K𝟙 = 0, K̃ = K, and
// the eigenvalues of K̃ are exactly λ_1, …, λ_{N−1} and 0 — ties and negative ones included.
inline Matrix<kb::rational> helmert_kernel(const std::vector<long>& lambda) {
    const Eigen::Index N = static_cast<Eigen::Index>(lambda.size()) + 1;
    Matrix<kb::rational> K = Matrix<kb::rational>::Zero(N, N);
    for (Eigen::Index k = 1; k < N; ++k) {
        Vector<kb::rational> h = Vector<kb::rational>::Zero(N);
        h.head(k).setOnes();
        h(k) = kb::rational(-k);
        K += kb::rational(lambda[static_cast<std::size_t>(k - 1)], k * (k + 1)) * h * h.transpose();
    }
    return K;
}

} // namespace kb::test::ch07
