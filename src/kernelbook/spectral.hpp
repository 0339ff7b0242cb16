#pragma once
/// \file spectral.hpp
/// \brief Symmetric eigen-decomposition and thin SVD (values decreasing, the sign rule of
///        kb::apply_sign_rule()); PSD square root, inverse square root and pseudo-inverse.
/// \see \ref ch01-conventions "Chapter 1, §1" (ordering and sign rule), \ref ch08-conditioning
///      "Chapter 8, §8.9" (rank tolerances and the precision policy)

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/numerics.hpp"
#include "kernelbook/progress.hpp"

#include <Eigen/Core>

namespace kb {

/// \brief The component count that asks for every component the data supports: all
///        principal axes (or MDS coordinates) whose eigenvalue lies above the method's rank
///        tolerance. The default of kb::Pca, kb::ClassicalMds and kb::KernelPca.
inline constexpr Eigen::Index all_components = -1;

namespace detail {
/// The subject of a refused component count: "every <one> was" asked for when `requested` is
/// kb::all_components, "<p> <many> were" otherwise.
inline std::string asked_for(Eigen::Index requested, Eigen::Index p, std::string_view one, std::string_view many) {
    return requested == all_components ? fmt::format("every {} was", one) : fmt::format("{} {} were", p, many);
}
} // namespace detail

/// \brief Eigenpairs of a symmetric matrix: `values` decreasing, `vectors` orthonormal
///        columns, \f$A = V\,\mathrm{diag}(\lambda)\,V^\top\f$.
template <class T>
struct SymmetricEigen {
    Vector<T> values;  ///< \f$\lambda_1 \ge \dots \ge \lambda_n\f$
    Matrix<T> vectors; ///< column j is the unit eigenvector of \f$\lambda_j\f$ (kb::apply_sign_rule() applied)
};

/// \brief Thin singular value decomposition \f$X = U\,\mathrm{diag}(\sigma)\,V^\top\f$ of
///        an N×q matrix, \f$r = \min(N, q)\f$ singular values in decreasing order.
template <class T>
struct Svd {
    Matrix<T> U;     ///< N×r, orthonormal columns
    Vector<T> sigma; ///< \f$\sigma_1 \ge \dots \ge \sigma_r \ge 0\f$
    Matrix<T> V;     ///< q×r, orthonormal columns (kb::apply_sign_rule() applied; U follows)
};

/// \brief Applies the book's sign rule to each column of V in place: the entry of
///        largest absolute value becomes positive (the first such entry, when several tie).
///
/// This is the only sign rule of the book. An eigenvector or singular vector is determined
/// only up to sign; kb::symmetric_eigen() applies the rule to its eigenvectors, and
/// kb::thin_svd() to the right singular vectors V (the PCA loadings), with U following so that
/// \f$X = U\,\mathrm{diag}(\sigma)\,V^\top\f$ still holds. It is the rule of scikit-learn's
/// `svd_flip`, so scores can be compared with scikit-learn directly. Within a repeated
/// eigenvalue the basis is arbitrary: compare projectors, not vectors.
/// \param V the vectors, one per column; changed in place.
/// \returns the signs (±1) applied, one per column, so that a paired factor (U in an SVD)
///          can follow.
/// \see \ref ch01-conventions "Chapter 1, §1", \ref ch07-convention "Chapter 7, §7.11"
template <class T>
Vector<T> apply_sign_rule(Matrix<T>& V) {
    using std::abs;
    //! [ch02-sign-rule]
    Vector<T> signs(V.cols());
    for (Eigen::Index j = 0; j < V.cols(); ++j) {
        Eigen::Index arg = 0;
        for (Eigen::Index i = 1; i < V.rows(); ++i)
            if (abs(V(i, j)) > abs(V(arg, j))) arg = i;
        signs(j) = V.rows() > 0 && V(arg, j) < 0 ? T(-1) : T(1);
        if (signs(j) < 0) V.col(j) = -V.col(j);
    }
    return signs;
    //! [ch02-sign-rule]
}

/// \brief A with each column multiplied by the sign (±1) that makes it agree best with the
///        same column of `ref` (\f$a_j^\top r_j \ge 0\f$): for comparing eigenvectors or
///        scores of two routes that need not share a sign rule (another library, a wrong
///        normalisation, an exact reference).
/// \throws kb::error if A and ref have different numbers of rows, or A has more columns.
template <class T>
Matrix<T> align_signs(Matrix<T> A, const Matrix<T>& ref) {
    require(A.rows() == ref.rows() && A.cols() <= ref.cols(), "align_signs",
            "A is {}×{} but ref is {}×{}; give a reference with the same rows and at least as many columns",
            A.rows(), A.cols(), ref.rows(), ref.cols());
    for (Eigen::Index j = 0; j < A.cols(); ++j)
        if (A.col(j).dot(ref.col(j)) < 0) A.col(j) = -A.col(j);
    return A;
}

/// \brief All eigenpairs of the symmetric matrix A, eigenvalues decreasing, with the sign rule
///        of kb::apply_sign_rule().
///
/// In `double` this is Eigen's symmetric QR solver (`SelfAdjointEigenSolver`). In kb::real50
/// and kb::real100 it is a Householder tridiagonalisation, the eigenvalues of the tridiagonal
/// by the same QR iteration without vectors, its eigenvectors by inverse iteration
/// (orthogonalised within each unreduced block, so clusters and repeated eigenvalues get an
/// orthonormal basis) and the reflectors applied to them, in place on the MPFR numbers:
/// 2.4–2.8× faster than Eigen's solver there (N = 50 … 200), to the same backward error.
///
/// \param A square, finite, symmetric to rounding (kb::require_symmetric); it is
///          symmetrised as \f$(A + A^\top)/2\f$ before the decomposition.
/// \throws kb::error on an empty, non-square, non-finite or non-symmetric A.
template <class T>
SymmetricEigen<T> symmetric_eigen(const Matrix<T>& A);

/// \brief kb::symmetric_eigen() with progress reports: in kb::real50 and kb::real100 `progress`
///        hears each step of the decomposition and the share of its operations done
///        (kb::ProgressCallback); in `double` (Eigen's solver, which has no such hook) it is not
///        called.
template <class T>
SymmetricEigen<T> symmetric_eigen(const Matrix<T>& A, const ProgressCallback& progress);

/// \brief The p leading eigenpairs of the symmetric matrix A (decreasing).
/// \throws kb::error if p is not in [1, n].
template <class T>
SymmetricEigen<T> top_eigenpairs(const Matrix<T>& A, Eigen::Index p);

/// \brief Thin SVD of X (one-sided Jacobi: accurate also for small singular values), singular
///        values decreasing, with the sign rule of kb::apply_sign_rule() on V.
/// \throws kb::error on an empty or non-finite X.
template <class T>
Svd<T> thin_svd(const Matrix<T>& X);

/// \brief Number of eigenvalues strictly greater than `tol`.
template <class T>
Eigen::Index numerical_rank(const Vector<T>& values, const T& tol) {
    Eigen::Index r = 0;
    for (Eigen::Index i = 0; i < values.size(); ++i)
        if (values(i) > tol) ++r;
    return r;
}

/// \brief How far a symmetric matrix is from PSD: the r with \f$\lambda_{\min} = r\,\lambda_{\max}\f$, so
///        that a message can say "λ_min = r·λ_max".
/// \param lambda_min, lambda_max  its smallest and largest eigenvalue
/// \param zero the level at or below which an eigenvalue does not count as positive (default 0;
///             pass e.g. kb::psd_rounding_tolerance() to ignore rounding-level positive eigenvalues)
/// \returns 0 if \f$\lambda_{\min} \ge 0\f$; \f$\lambda_{\min}/\lambda_{\max}\f$ (\f$r < -1\f$ possible) if
///          \f$\lambda_{\max} >\f$ `zero`; otherwise \f$-\infty\f$: test with kb::is_finite() and say
///          "no positive eigenvalue" instead.
/// \see \ref ch07-hard-cases "Chapter 7, §7.8"
template <class T>
T relative_negativity(const T& lambda_min, const T& lambda_max, const T& zero = T(0)) {
    if (lambda_min >= 0) return T(0);
    if (!(lambda_max > zero)) return -std::numeric_limits<T>::infinity();
    return lambda_min / lambda_max;
}

/// \brief The same, from an eigen-decomposition (values decreasing, kb::symmetric_eigen()).
template <class T>
T relative_negativity(const SymmetricEigen<T>& eig, const T& zero = T(0)) {
    return relative_negativity(eig.values(eig.values.size() - 1), eig.values(0), zero);
}

/// \brief Throws kb::error naming the most negative eigenvalue relative to the largest
///        unless the decomposed matrix is PSD to rounding.
/// \param eig the eigen-decomposition of the matrix (kb::symmetric_eigen)
/// \param where, name  used in the message ("kernel_pca: K is not positive semi-definite…").
template <class T>
void require_psd(const SymmetricEigen<T>& eig, std::string_view where, std::string_view name) {
    using std::abs;
    using std::max;
    const Eigen::Index n = eig.values.size();
    const T norm2 = max(abs(eig.values(0)), abs(eig.values(n - 1)));
    const T tau = psd_rounding_tolerance<T>(n, norm2);
    if (eig.values(n - 1) < -tau) {
        // λ_min relative to λ_max, or — when no eigenvalue is above rounding — the fact that
        // the matrix has no positive eigenvalue (no multiple of λ_max describes it).
        const T r = relative_negativity(eig, tau);
        const std::string how = is_finite(r) ? fmt::format(" = {}·λ_max", shown(r))
                                             : fmt::format(" and it has no positive eigenvalue (λ_max = {})",
                                                           shown(eig.values(0)));
        fail(where, "{} is not positive semi-definite: its smallest eigenvalue is {}{}; a "
                "kernel must give PSD Gram matrices (see chapter 4) — check the kernel and "
                "its parameters, or use a Euclidean distance",
                name, shown(eig.values(n - 1)), how);
    }
}

/// \brief Symmetric PSD square root \f$K^{1/2} = V\,\mathrm{diag}(\sqrt{\lambda})\,V^\top\f$; eigenvalues in
///        \f$[-\tau, 0)\f$, \f$\tau\f$ = kb::psd_rounding_tolerance, are rounding and set to 0.
/// \throws kb::error if K is not symmetric PSD (kb::require_psd).
template <class T>
Matrix<T> psd_sqrt(const Matrix<T>& K);

/// \brief Pseudo-inverse square root \f$K^{+1/2} = V_r\,\mathrm{diag}(\lambda_r^{-1/2})\,V_r^\top\f$ over the
///        eigenvalues \f$\lambda > \text{rank\_tol}\f$ (\f$K^{-1/2}\f$ when rank_tol < λ_min of a PD K).
/// \param K        symmetric PSD (kb::require_psd).
/// \param rank_tol explicit, since inverting rounding-level eigenvalues is useless: use
///        kb::default_rank_tolerance unless you know better.
/// \throws kb::error if K is not PSD, or `rank_tol` is negative, non-finite, or at least
///         λ_max (nothing would be kept).
/// \see \ref ch08-conditioning "Chapter 8, §8.9"
template <class T>
Matrix<T> psd_inverse_sqrt(const Matrix<T>& K, const T& rank_tol);

/// \brief Moore–Penrose pseudo-inverse of a symmetric PSD matrix over the eigenvalues
///        above `rank_tol` (same conventions and errors as kb::psd_inverse_sqrt).
/// \see \ref ch08-conditioning "Chapter 8, §8.9"
template <class T>
Matrix<T> psd_pseudo_inverse(const Matrix<T>& K, const T& rank_tol);

/// \cond INTERNAL
// The compiled members, listed once: PREFIX is `extern template` here (declarations) and
// `template` in the library's generated instantiation units (definitions; src/CMakeLists.txt
// generates one unit per module and scalar type from this list).
#define KB_SPECTRAL_MEMBERS(PREFIX, T)                                          \
    PREFIX SymmetricEigen<T> symmetric_eigen<T>(const Matrix<T>&);              \
    PREFIX SymmetricEigen<T> symmetric_eigen<T>(const Matrix<T>&, const ProgressCallback&); \
    PREFIX SymmetricEigen<T> top_eigenpairs<T>(const Matrix<T>&, Eigen::Index); \
    PREFIX Svd<T> thin_svd<T>(const Matrix<T>&);                                \
    PREFIX Matrix<T> psd_sqrt<T>(const Matrix<T>&);                             \
    PREFIX Matrix<T> psd_inverse_sqrt<T>(const Matrix<T>&, const T&);           \
    PREFIX Matrix<T> psd_pseudo_inverse<T>(const Matrix<T>&, const T&);
KB_SPECTRAL_MEMBERS(extern template, double)
KB_SPECTRAL_MEMBERS(extern template, real50)
KB_SPECTRAL_MEMBERS(extern template, real100)
/// \endcond

} // namespace kb
