#pragma once
/// \file detail/kernel_pca_lanczos.hpp
/// \brief The Lanczos route of kb::KernelPca (kernel_pca.hpp): the rank probe, the leading
///        eigenpairs, the bound on the rest of the spectrum and the smallest eigenvalue.
///        Included only by detail/kernel_pca_impl.hpp.
/// \see \ref ch07-routes "Chapter 7, §7.9"

#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/detail/fast_double.hpp"

#include <Spectra/SymEigsSolver.h>

#include <Eigen/QR>
#include <Eigen/SVD>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace kb {

namespace detail {
// K̃ as the operator x ↦ K̃x that Spectra's Lanczos solver applies, from its lower triangle
// (detail/fast_double.hpp).
struct SymmetricProduct {
    using Scalar = double;
    const Matrix<double>& A;
    double factor = 1; // the operator is factor·K̃
    Eigen::Index rows() const { return A.rows(); }
    Eigen::Index cols() const { return A.cols(); }
    void perform_op(const double* x, double* y) const {
        symmetric_product(A, x, y);
        Eigen::Map<Vector<double>> out(y, A.rows());
        if (factor != 1) out *= factor;
    }
};
// Spectra's solver, with the Ritz values of its last Krylov space in view: each is a Rayleigh
// quotient of K̃, so the smallest is an upper bound on λ_min (a proof that K̃ is not PSD when
// it is below −τ). They are read just before the final sort, which keeps only the wanted ones.
class LanczosSolver : public Spectra::SymEigsSolver<SymmetricProduct> {
public:
    using Spectra::SymEigsSolver<SymmetricProduct>::SymEigsSolver;
    double smallest_ritz_value() const { return smallest_; }

protected:
    void sort_ritzpair(Spectra::SortRule rule) override {
        smallest_ = m_ritz_val.minCoeff();
        Spectra::SymEigsSolver<SymmetricProduct>::sort_ritzpair(rule);
    }

private:
    double smallest_ = 0;
};
} // namespace detail

template <class T>
std::optional<SymmetricEigen<T>> KernelPca<T>::lanczos_run(Eigen::Index nev, T& smallest_seen) const {
    if constexpr (!std::is_same_v<T, double>) {
        throw error("KernelPca: KpcaSolver::lanczos computes in double only"); // choose_solver refuses it first
    } else {
        //! [kpca-lanczos]
        // The nev leading eigenpairs of K̃ by restarted Lanczos in a Krylov space of dimension
        // ncv, each converged when its residual ‖K̃u − μu‖ is at most N·ε·|μ|.
        const Eigen::Index N = Kc_.rows();
        // ncv = max(2·nev + 1, 20), as ARPACK's users choose it, and below N when nev ≤ N − 2.
        const Eigen::Index ncv = std::min<Eigen::Index>(std::max(N - 1, nev + 1), std::max<Eigen::Index>(2 * nev + 1, 20));
        detail::SymmetricProduct op{Kc_};
        detail::LanczosSolver solver(op, nev, ncv);
        solver.init();
        solver.compute(Spectra::SortRule::LargestAlge, 1000, double(N) * epsilon<double>(),
                       Spectra::SortRule::LargestAlge);
        //! [kpca-lanczos]
        // The Ritz values of the last Krylov space lie in [λ_min, λ_max], converged or not.
        smallest_seen = std::min(smallest_seen, T(solver.smallest_ritz_value()));
        if (solver.info() != Spectra::CompInfo::Successful) return std::nullopt;
        // The Ritz vectors are orthonormal only to the rounding of the restarts (a few times
        // ncv·ε); a Householder QR makes them orthonormal to c₂·N·ε like the dense route's,
        // moving each by that much up to its sign, which the sign rule then decides.
        const Eigen::HouseholderQR<Matrix<double>> qr(solver.eigenvectors());
        SymmetricEigen<T> out{solver.eigenvalues(), qr.householderQ() * Matrix<double>::Identity(N, nev)};
        apply_sign_rule(out.vectors);
        return out;
    }
}

// A probe of the rank: the singular values of m columns of K̃ chosen at random (a fixed
// pseudo-random choice), Y = K̃E with E the m columns of the identity. Since ‖E‖₂ = 1,
// σ_k(Y) ≤ σ_k(K̃): at most as many eigenvalues of K̃ exceed τ in absolute value as singular
// values of Y do (the rounding of K̃'s entries, N·ε·max|K| each, adds at most √(N·m)·N·ε·max|K|,
// far below τ = 64·N·ε·N·max|K|), so the probe never sees more rank than there is. It costs a
// copy of m columns and the SVD of an N×m matrix, O(N·m²), no product with K̃. It may see less
// rank than there is (a direction carried by few points that no sampled column holds, or an
// eigenvalue just above τ); the certificate of lanczos_eigenpairs() then fails and the full
// Lanczos run follows.
//
// The same columns give the principal submatrix K̃(S, S) = EᵀK̃E, whose eigenvalues lie in
// [λ_min, λ_max] of K̃ (Cauchy's interlacing theorem): its smallest, `lowest`, is an upper bound
// on λ_min, and below −τ a proof that K̃ is not PSD — found before any Lanczos run.
// An upper bound on the smallest eigenvalue of K̃, from a Lanczos run for the lowest algebraic
// one (chapter 7, §7.9). The Krylov space of the leading pairs need not hold the directions of a
// negative eigenvalue, so their Ritz values refute PSD only when they happen to: this run aims at
// λ_min. It works on K̃/s with s = N·max|K| = τ/(64·N·ε) (eigenvalues in [−1, 1]), from a start
// vector orthogonal to 𝟙 (K̃𝟙 = 0, so the Krylov space stays in 𝟙^⊥ and the eigenvalue 0 of 𝟙
// is no candidate), with a fixed budget of 5 restarts of a space of 20 (about 100 products).
// Its smallest Ritz value θ is a Rayleigh quotient of K̃ (the products' rounding,
// c₁·N·ε·N·max|K|, is τ/16), so θ ≥ λ_min: below −τ a proof that K̃ is not PSD. Above it, θ is an
// estimate (close when the run converged): a negative eigenvalue inside the cluster of K̃'s
// rounding-level eigenvalues is not resolved by any Lanczos run — the dense route decides.
template <class T>
T KernelPca<T>::lanczos_lowest(bool& converged) const {
    converged = false;
    if constexpr (!std::is_same_v<T, double>) {
        return T(0); // the Lanczos route computes in double only
    } else {
        const Eigen::Index N = Kc_.rows();
        const double unit = numerics::c_psd * double(N) * epsilon<double>();
        const double s = tau_ / unit;
        if (!(s > 0)) { // K = 0: K̃ = 0
            converged = true;
            return T(0);
        }
        detail::SymmetricProduct op{Kc_, 1 / s};
        const Eigen::Index ncv = std::min<Eigen::Index>(N, 20);
        detail::LanczosSolver solver(op, 1, ncv);
        Vector<double> start(N);
        std::uint64_t state = 0x2545F4914F6CDD1Dull;
        for (Eigen::Index i = 0; i < N; ++i) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            start(i) = double(state >> 11) / double(std::uint64_t(1) << 53) - 0.5;
        }
        start.array() -= start.mean();
        solver.init(start.data());
        const double tol = std::min(0.1, unit / std::cbrt(epsilon<double>() * epsilon<double>()));
        solver.compute(Spectra::SortRule::SmallestAlge, 5, tol, Spectra::SortRule::SmallestAlge);
        converged = solver.info() == Spectra::CompInfo::Successful;
        return T(solver.smallest_ritz_value() * s);
    }
}

template <class T>
Eigen::Index KernelPca<T>::rank_probe(Eigen::Index m, T& lowest) const {
    lowest = T(0);
    if constexpr (!std::is_same_v<T, double>) {
        return m; // the Lanczos route, its only user, computes in double only
    } else {
        const Eigen::Index N = Kc_.rows();
        std::vector<Eigen::Index> columns(static_cast<std::size_t>(N));
        for (Eigen::Index j = 0; j < N; ++j) columns[std::size_t(j)] = j;
        std::uint64_t state = 0x9E3779B97F4A7C15ull;
        Matrix<T> Y(N, m);
        for (Eigen::Index j = 0; j < m; ++j) { // the first m of a Fisher–Yates shuffle
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            const Eigen::Index pick = j + static_cast<Eigen::Index>(state % std::uint64_t(N - j));
            std::swap(columns[std::size_t(j)], columns[std::size_t(pick)]);
            Y.col(j) = Kc_.col(columns[std::size_t(j)]);
        }
        Matrix<T> S(m, m); // K̃(S, S): the sampled rows of the sampled columns
        for (Eigen::Index i = 0; i < m; ++i) S.row(i) = Y.row(columns[std::size_t(i)]);
        const Eigen::SelfAdjointEigenSolver<Matrix<T>> sub(S, Eigen::EigenvaluesOnly);
        if (sub.info() == Eigen::Success) lowest = sub.eigenvalues()(0);
        const Eigen::JacobiSVD<Matrix<T>> svd(Y);
        return numerical_rank(Vector<T>(svd.singularValues()), tau_);
    }
}

// ‖K̃ − U diag(μ) Uᵀ‖_F from the lower triangle of K̃, one column at a time (no N×N matrix):
// the entries below the diagonal count twice.
template <class T>
T KernelPca<T>::remainder_norm(const SymmetricEigen<T>& eig) const {
    using std::sqrt;
    const Eigen::Index N = Kc_.rows();
    const Matrix<T> W = eig.vectors * eig.values.asDiagonal(); // U diag(μ)
    T sum(0);
    Vector<T> column(N);
    for (Eigen::Index j = 0; j < N; ++j) {
        const Eigen::Index n = N - j;
        column.head(n) = Kc_.col(j).tail(n) - eig.vectors.bottomRows(n) * W.row(j).transpose();
        sum += column(0) * column(0) + T(2) * column.segment(1, n - 1).squaredNorm();
    }
    return sqrt(sum);
}

template <class T>
std::optional<SymmetricEigen<T>> KernelPca<T>::lanczos_eigenpairs(T& smallest_seen) {
    const Eigen::Index N = Kc_.rows();
    // A rank below p: the pairs beyond it belong to a cluster of eigenvalues at the rounding
    // level, which the Lanczos solver never resolves to its tolerance (it would spend its 1000
    // restarts on them). So the rank is probed first (the SVD of 4p + 8 sampled columns of K̃,
    // O(N·p²)), and when the probe sees r < p, the r leading pairs are computed
    // and the rest of the spectrum bounded: with c = ‖K̃ − U_r diag(μ) U_rᵀ‖_F, every other
    // eigenvalue of K̃ lies in [−c, c] (Weyl's inequality, for any U_r and μ). If c ≤ τ, the
    // numerical rank is r and K̃ is PSD to rounding, and the p − r missing pairs are not there to
    // find; otherwise the probe missed rank, and the p leading pairs are computed as usual.
    const Eigen::Index m = std::min(4 * p_ + 8, N);
    T lowest(0);
    const Eigen::Index probe = rank_probe(m, lowest);
    smallest_seen = lowest;
    if (policy_ == NonPsdPolicy::refuse && lowest < -tau_)
        fail("KernelPca",
             "the centred kernel matrix K̃ = JKJ is not positive semi-definite: its smallest eigenvalue is at most "
             "{} (the smallest eigenvalue of its principal submatrix on {} of the {} points, by Cauchy's interlacing "
             "theorem; rounding explains at most {}); a kernel must give PSD Gram matrices (see chapter 4) — check "
             "the kernel and its parameters, or opt in with NonPsdPolicy::keep_positive to use only the components "
             "with positive eigenvalues",
             shown(at_scale(lowest)), m, N, shown(at_scale(tau_)));
    if (probe < p_) {
        std::optional<SymmetricEigen<T>> few;
        if (probe == 0)
            few = SymmetricEigen<T>{Vector<T>(0), Matrix<T>(N, 0)};
        else
            few = lanczos_run(probe, smallest_seen);
        if (few) {
            const T c = remainder_norm(*few);
            if (c <= tau_) {
                remainder_ = c;
                rank_is_exact_ = true;
                solver_reason_ = fmt::format("lanczos: the numerical rank of K̃ is {}, below the {} components asked "
                                             "for: its {} leading eigenpairs by Lanczos, and every other eigenvalue "
                                             "within ±‖K̃ − U diag(μ) Uᵀ‖_F = {} ≤ τ (Weyl's inequality)",
                                             probe, p_, probe, show(at_scale(c)));
                return few;
            }
        }
    }
    return lanczos_run(p_, smallest_seen);
}

} // namespace kb
