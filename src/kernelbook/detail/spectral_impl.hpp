#pragma once
/// \file detail/spectral_impl.hpp
/// \brief Definitions of the routines declared in spectral.hpp. Included only by the
///        library's instantiation units (one per scalar type), never by users.
/// \see kb::apply_sign_rule() (the sign rule applied here)

#include "kernelbook/spectral.hpp"
#include "kernelbook/detail/mpfr_eigen.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

#include <tuple>

namespace kb {

template <class T>
SymmetricEigen<T> symmetric_eigen(const Matrix<T>& A) {
    return symmetric_eigen(A, ProgressCallback());
}

template <class T>
SymmetricEigen<T> symmetric_eigen(const Matrix<T>& A, const ProgressCallback& progress) {
    constexpr std::string_view where = "symmetric_eigen";
    require_symmetric(A, where, "A");
    //! [ch02-symmetric-eigen]
    // Symmetrise so that rounding-level asymmetry cannot leak into the result.
    const Matrix<T> S = (A + A.transpose()) / T(2);
    SymmetricEigen<T> out;
    if constexpr (detail::is_mpfr_number_v<T>) {
        // MPFR types: tridiagonalisation, inverse iteration and the reflectors, in place
        // (detail/mpfr_eigen.hpp: several times faster than Eigen's solver on MPFR numbers).
        std::tie(out.values, out.vectors) = detail::mpfr_symmetric_eigen(S, where, true, progress);
    } else {
        // Eigen's solver has no hook for progress: `progress` is not called.
        Eigen::SelfAdjointEigenSolver<Matrix<T>> solver(S, Eigen::ComputeEigenvectors);
        require(solver.info() == Eigen::Success, where,
                "the eigensolver did not converge; the matrix may contain values too large to square");
        // Eigen returns increasing order; the book reads λ₁ ≥ λ₂ ≥ … .
        out.values = solver.eigenvalues().reverse();
        out.vectors = solver.eigenvectors().rowwise().reverse();
    }
    apply_sign_rule(out.vectors);
    //! [ch02-symmetric-eigen]
    return out;
}

template <class T>
SymmetricEigen<T> top_eigenpairs(const Matrix<T>& A, Eigen::Index p) {
    require(p >= 1 && p <= A.rows(), "top_eigenpairs",
            "p = {} eigenpairs were asked for, but A is {}×{}; choose 1 ≤ p ≤ n", p, A.rows(), A.cols());
    SymmetricEigen<T> all = symmetric_eigen(A);
    return {all.values.head(p), all.vectors.leftCols(p)};
}

template <class T>
Svd<T> thin_svd(const Matrix<T>& X) {
    constexpr std::string_view where = "thin_svd";
    require(X.rows() > 0 && X.cols() > 0, where, "X must be non-empty, but it is {}×{}", X.rows(), X.cols());
    require_finite(X, where, "X");
    //! [ch02-thin-svd]
    Eigen::JacobiSVD<Matrix<T>> svd(X, Eigen::ComputeThinU | Eigen::ComputeThinV);
    Svd<T> out{svd.matrixU(), svd.singularValues(), svd.matrixV()};
    // Jacobi SVD already sorts decreasingly; apply the sign rule to V and let U follow.
    const Vector<T> signs = apply_sign_rule(out.V);
    out.U = out.U * signs.asDiagonal();
    //! [ch02-thin-svd]
    return out;
}

/// Decomposes K, checks PSD, returns the eigenpairs (shared by the functions below).
template <class T>
SymmetricEigen<T> psd_eigen(const Matrix<T>& K, std::string_view where) {
    SymmetricEigen<T> eig = symmetric_eigen(K);
    require_psd(eig, where, "K");
    return eig;
}

/// Checks a user-supplied rank tolerance against the spectrum it will cut.
template <class T>
void require_rank_tolerance(const T& rank_tol, const SymmetricEigen<T>& eig, std::string_view where) {
    require(is_finite(rank_tol) && rank_tol >= 0, where,
            "rank_tol = {} must be finite and ≥ 0; use default_rank_tolerance(n, λ_max)", shown(rank_tol));
    require(rank_tol < eig.values(0), where,
            "rank_tol = {} is not below λ_max = {}, so no eigenvalue would be kept; use a smaller tolerance",
            shown(rank_tol), shown(eig.values(0)));
}

template <class T>
Matrix<T> psd_sqrt(const Matrix<T>& K) {
    using std::sqrt;
    const SymmetricEigen<T> eig = psd_eigen(K, "psd_sqrt");
    // K^{1/2} = V diag(√λ) Vᵀ, with rounding-level negative λ set to zero.
    Vector<T> root(eig.values.size());
    for (Eigen::Index i = 0; i < root.size(); ++i) root(i) = eig.values(i) > 0 ? sqrt(eig.values(i)) : T(0);
    return eig.vectors * root.asDiagonal() * eig.vectors.transpose();
}

template <class T>
Matrix<T> psd_inverse_sqrt(const Matrix<T>& K, const T& rank_tol) {
    using std::sqrt;
    const SymmetricEigen<T> eig = psd_eigen(K, "psd_inverse_sqrt");
    require_rank_tolerance(rank_tol, eig, "psd_inverse_sqrt");
    // K^{+1/2} = V_r diag(λ_r^{-1/2}) V_rᵀ over the eigenvalues above the tolerance.
    const Eigen::Index r = numerical_rank(eig.values, rank_tol);
    Vector<T> inv_root(r);
    for (Eigen::Index i = 0; i < r; ++i) inv_root(i) = T(1) / sqrt(eig.values(i));
    const Matrix<T> Vr = eig.vectors.leftCols(r);
    return Vr * inv_root.asDiagonal() * Vr.transpose();
}

template <class T>
Matrix<T> psd_pseudo_inverse(const Matrix<T>& K, const T& rank_tol) {
    const SymmetricEigen<T> eig = psd_eigen(K, "psd_pseudo_inverse");
    require_rank_tolerance(rank_tol, eig, "psd_pseudo_inverse");
    // K⁺ = V_r diag(1/λ_r) V_rᵀ.
    const Eigen::Index r = numerical_rank(eig.values, rank_tol);
    const Vector<T> inv = eig.values.head(r).cwiseInverse();
    const Matrix<T> Vr = eig.vectors.leftCols(r);
    return Vr * inv.asDiagonal() * Vr.transpose();
}

} // namespace kb
