#pragma once
/// \file kpca_test_support.hpp
/// \brief Generators and comparisons shared by chapter 7's test files (test code only).

#include "test_support.hpp"

#include "kernelbook/features.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"

#include <vector>

/// The types of chapter 7's fixed-data demonstrations (errata and companions): in 50
/// digits an erratum's O(1) error already stands 49 digits above the rounding, so 100
/// digits would add compile time and nothing else. Properties run in all of KB_REALS.
#define KB_CH07_FIXED_TYPES double, kb::real50

namespace kb::detail::ch07 {

using kb::IntMatrix;
using kb::Matrix;
using kb::RowVector;
using kb::Vector;

// Training points X (N×q) in [−1, 1]^q, new points Z (M×q) in [−1.5, 1.5]^q, and a
// polynomial kernel (c + xᵀy)^d with c ∈ {0, 1, 2}, d ∈ {1, 2, 3}.
template <class T>
struct PolynomialCase {
    Matrix<T> X, Z;
    kb::PolynomialKernel<T> k;
};

template <class T>
PolynomialCase<T> any_polynomial_case(int max_points) {
    const int N = *kb::test::size_in(3, max_points);
    const int q = *kb::test::size_in(1, 3);
    const int M = *kb::test::size_in(1, 3);
    const long c = *kb::test::int_in(0, 2);
    const int d = *kb::test::size_in(1, 3);
    return {kb::from_integers<T>(*kb::test::points(N, q, 10), 10), kb::from_integers<T>(*kb::test::points(M, q, 15), 10),
            kb::PolynomialKernel<T>(T(c), d)};
}

// The component counts p whose subspace is well posed: μ_p ≥ μ₁/1000 and the gap
// μ_p − μ_{p+1} ≥ μ₁/1000 (μ_{p+1} = 0 past the rank). Bounds divide by these numbers,
// so they stay meaningful; the generated data are integer grids, where exact ties and
// exact zeros are common and near-ties are rare.
template <class T>
std::vector<Eigen::Index> well_posed_component_counts(const kb::KernelPca<T>& probe) {
    const Vector<T>& mu = probe.spectrum();
    const T floor = mu(0) / T(1000);
    std::vector<Eigen::Index> out;
    for (Eigen::Index p = 1; p <= probe.rank(); ++p) {
        const T next = p < probe.rank() ? mu(p) : T(0);
        if (mu(p - 1) >= floor && mu(p - 1) - next >= floor) out.push_back(p);
    }
    return out;
}

// Draws p among the well-posed counts (discarding the case if there is none).
template <class T>
Eigen::Index any_well_posed_p(const Matrix<T>& K) {
    kb::KernelPca<T> probe(1);
    try {
        probe.fit_gram(K);
    } catch (const kb::error&) {
        RC_DISCARD("K̃ has rank 0");
    }
    const auto ps = well_posed_component_counts(probe);
    RC_PRE(!ps.empty());
    return *rc::gen::elementOf(ps);
}

// μ_p − μ_{p+1} (μ_{p+1} = 0 past the rank).
template <class T>
T gap_after(const kb::KernelPca<T>& kp) {
    const Eigen::Index p = kp.components();
    return kp.spectrum()(p - 1) - (p < kp.rank() ? kp.spectrum()(p) : T(0));
}

template <class T>
T max_abs_of(const Matrix<T>& A) {
    return kb::max_abs(A);
}

// ---------------------------------------------------------------------------------------
// The rounding of the centred kernel matrix (DESIGN §4, one pass).
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

// The sum of two bounds of tolerance.hpp (a check whose error has two independent sources).
template <class T>
kb::test::Bound<T> plus(const kb::test::Bound<T>& a, const kb::test::Bound<T>& b) {
    kb::test::Bound<T> out = a;
    out.value = a.value + b.value;
    out.kind = a.kind + " + " + b.kind;
    return out;
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
ExplicitPcaBounds<T> explicit_pca_bounds(const kb::KernelPca<T>& kp, long n, const T& cs, const T& nz, const T& nx) {
    using std::sqrt;
    const Eigen::Index p = kp.components();
    const T nK = kp.centred_gram().norm();
    const T gap = gap_after(kp);
    const T mu_p = kp.eigenvalues()(p - 1);
    const T cond = sqrt(kp.eigenvalues()(0) / mu_p);
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

// `kernel_values`: the uncentred values the centring summed — K stacked over K_z (N columns).
template <class T>
void check_equals_explicit_pca(const kb::KernelPca<T>& kp, const Matrix<T>& Phi, const Matrix<T>& Phiz,
                               const Matrix<T>& Yz, const Matrix<T>& kernel_values) {
    using std::abs;
    const Eigen::Index N = Phi.rows(), p = kp.components();
    const RowVector<T> mean = Phi.colwise().sum() / T(N);
    const Matrix<T> Pc = Phi.rowwise() - mean, Pzc = Phiz.rowwise() - mean;
    const auto svd = kb::thin_svd(Pc);
    RC_ASSERT(svd.sigma.size() >= p);
    const Matrix<T> Vp = svd.V.leftCols(p);
    const Matrix<T> S = Pc * Vp, Sz = Pzc * Vp; // PCA scores of the features
    const Matrix<T>& Y = kp.scores();
    const long n = static_cast<long>(std::max(N, Phi.cols()));
    const T cs = centring_scale(kernel_values);
    const auto b = explicit_pca_bounds(kp, n, cs, T(Pzc.norm() + T(1)), T(Pc.norm()));
    for (Eigen::Index j = 0; j < p; ++j) // σ_j² = μ_j (Weyl)
        KB_RC_WITHIN(T(abs(T(svd.sigma(j) * svd.sigma(j)) - kp.eigenvalues()(j))), b.sigma2,
                     "σ_j² of the features = μ_j");
    KB_RC_WITHIN(kb::max_abs(Matrix<T>(Y * Y.transpose() - S * S.transpose())), b.training,
                 "training scores: Y Yᵀ = S Sᵀ");
    KB_RC_WITHIN(kb::max_abs(Matrix<T>(Yz * Y.transpose() - Sz * S.transpose())), b.cross,
                 "new points: Y_z Yᵀ = S_z Sᵀ");
    KB_RC_WITHIN(kb::max_abs(Matrix<T>(Yz * Yz.transpose() - Sz * Sz.transpose())), b.new_points,
                 "new points: Y_z Y_zᵀ = S_z S_zᵀ");
}

} // namespace kb::detail::ch07
