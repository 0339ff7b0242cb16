#pragma once
/// \file eckart_young.hpp
/// \brief The Eckart–Young theorem (`zhu:thm2`): truncated eigen-decompositions and SVDs,
///        the best approximations of rank ≤ p, and their errors.
/// \see \ref ch03-eckart-young "Chapter 3 — The Eckart–Young theorem"

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

namespace kb {

/// \brief A list of indices (which eigenpairs or singular triplets to keep).
using IndexList = std::vector<Eigen::Index>;

/// \brief The first p indices \f$\{0, \dots, p-1\}\f$ (the "first p eigens" of the seed).
inline IndexList first_indices(Eigen::Index p) {
    //! [ch03-first-indices]
    IndexList S(static_cast<std::size_t>(p < 0 ? 0 : p));
    std::iota(S.begin(), S.end(), Eigen::Index(0));
    return S;
    //! [ch03-first-indices]
}

/// \brief The sum \f$\sum_{j\in S}\lambda_j u_j u_j^\top\f$ over a subset S of the eigenpairs.
///
/// With S the first p indices of a decreasing spectrum this is the truncation
/// \f$G_p\f$ of `zhu:thm2`. The result is exactly symmetric; exact in `kb::rational`
/// when the eigenpairs are.
/// \param values  n eigenvalues \f$\lambda_j\f$; \param vectors n×n (or n×m) matrix with columns \f$u_j\f$;
/// \param S indices into `values`, each in [0, size).
/// \throws kb::error if the shapes disagree or an index is out of range or repeated.
template <class T>
Matrix<T> eigen_sum(const Vector<T>& values, const Matrix<T>& vectors, const IndexList& S) {
    constexpr std::string_view where = "eigen_sum";
    require(vectors.cols() == values.size(), where,
            "there are {} eigenvalues but {} eigenvectors; pass matching λ and U",
            values.size(), vectors.cols());
    std::vector<bool> seen(static_cast<std::size_t>(values.size()), false);
    const Eigen::Index n = vectors.rows();
    //! [eigen-sum]
    Matrix<T> out = Matrix<T>::Zero(n, n);
    // Σ_{j∈S} λ_j u_j u_jᵀ, entry by entry as λ_j·(u_aj u_bj): the same roundings for (a, b)
    // and (b, a), so the result is exactly symmetric in every scalar type.
    for (const Eigen::Index j : S) {
        require(j >= 0 && j < values.size(), where, "index {} is out of range [0, {})", j, values.size());
        require(!seen[static_cast<std::size_t>(j)], where, "index {} is repeated", j);
        seen[static_cast<std::size_t>(j)] = true;
        for (Eigen::Index a = 0; a < n; ++a)
            for (Eigen::Index b = 0; b < n; ++b) out(a, b) += values(j) * (vectors(a, j) * vectors(b, j));
    }
    return out;
    //! [eigen-sum]
}

/// \brief The sum \f$\sum_{j\in S}\sigma_j u_j v_j^\top\f$ over a subset S of the singular
///        triplets of \f$X = U\,\mathrm{diag}(\sigma)\,V^\top\f$ (exact in `kb::rational`).
/// \param svd a thin SVD (U N×r, σ of length r, V q×r); \param S indices in [0, r).
/// \throws kb::error if an index is out of range or repeated, or U, σ and V do not have the
///         shapes of a thin SVD.
template <class T>
Matrix<T> svd_sum(const Svd<T>& svd, const IndexList& S) {
    constexpr std::string_view where = "svd_sum";
    require(svd.U.cols() == svd.sigma.size() && svd.V.cols() == svd.sigma.size(), where,
            "U is {}×{}, σ has {} entries and V is {}×{}; pass a thin SVD (U N×r, σ of length r, V q×r), "
            "as thin_svd returns it",
            svd.U.rows(), svd.U.cols(), svd.sigma.size(), svd.V.rows(), svd.V.cols());
    std::vector<bool> seen(static_cast<std::size_t>(svd.sigma.size()), false);
    //! [ch03-svd-sum]
    Matrix<T> out = Matrix<T>::Zero(svd.U.rows(), svd.V.rows());
    // Σ_{j∈S} σ_j u_j v_jᵀ
    for (const Eigen::Index j : S) {
        require(j >= 0 && j < svd.sigma.size(), where,
                "index {} is out of range [0, {})", j, svd.sigma.size());
        require(!seen[static_cast<std::size_t>(j)], where, "index {} is repeated", j);
        seen[static_cast<std::size_t>(j)] = true;
        out += svd.sigma(j) * svd.U.col(j) * svd.V.col(j).transpose();
    }
    return out;
    //! [ch03-svd-sum]
}

/// \brief The squared Frobenius error of keeping the indices S:
///        \f[ \norm{A - A_S}_F^2 = \sum_{j\notin S}\lambda_j^2 \f]
///        (the same for singular values). Exact in `kb::rational`.
/// \param values the spectrum \f$\lambda\f$ (or \f$\sigma\f$); \param S the kept indices.
template <class T>
T discarded_sum_of_squares(const Vector<T>& values, const IndexList& S) {
    //! [ch03-discarded-sum]
    T sum(0);
    for (Eigen::Index j = 0; j < values.size(); ++j)
        if (std::find(S.begin(), S.end(), j) == S.end()) sum += values(j) * values(j);
    return sum;
    //! [ch03-discarded-sum]
}

/// \brief The spectral error of keeping the indices S:
///        \f$\norm{A - A_S}_2 = \max_{j\notin S}|\lambda_j|\f$ (0 if nothing is discarded).
/// \param values the spectrum \f$\lambda\f$ (or \f$\sigma\f$); \param S the kept indices.
template <class T>
T largest_discarded(const Vector<T>& values, const IndexList& S) {
    using std::abs;
    //! [ch03-largest-discarded]
    T largest(0);
    for (Eigen::Index j = 0; j < values.size(); ++j)
        if (std::find(S.begin(), S.end(), j) == S.end() && abs(values(j)) > largest) largest = abs(values(j));
    return largest;
    //! [ch03-largest-discarded]
}

/// \brief The Frobenius error of keeping the indices S,
///        \f$\norm{A - A_S}_F = (\sum_{j\notin S}\lambda_j^2)^{1/2}\f$, without overflow or
///        underflow of the squares: when the largest discarded \f$|\lambda_j|\f$ lies outside
///        \f$[2^{-200}, 2^{200}]\f$ the values are scaled by the power of two that brings it into
///        \f$[\tfrac12, 1)\f$ and the root is scaled back (kb::power_of_two_exponent(); exact, so
///        inside that range the result is the plain formula's, bit for bit). Floating-point types.
/// \param values the spectrum \f$\lambda\f$ (or \f$\sigma\f$); \param S the kept indices.
template <class T>
T discarded_norm(const Vector<T>& values, const IndexList& S) {
    using std::sqrt;
    const int e = power_of_two_exponent(largest_discarded(values, S));
    const Vector<T> scaled = values.unaryExpr([e](const T& v) { return times_power_of_two(v, -e); });
    return times_power_of_two(T(sqrt(discarded_sum_of_squares(scaled, S))), e);
}

/// \cond INTERNAL
namespace detail {
inline void require_rank(Eigen::Index p, Eigen::Index n, std::string_view where) {
    require(p >= 0 && p <= n, where,
            "rank p = {} is out of range for a matrix of size {}; choose 0 ≤ p ≤ {}", p, n, n);
}
} // namespace detail
/// \endcond

/// \brief Eckart–Young's Frobenius error for a decreasing spectrum (`zhu:thm2`):
///        \f$\norm{A - A_p}_F = (\sum_{j>p}\lambda_j^2)^{1/2}\f$ (floating-point types; in
///        `kb::rational` use kb::discarded_sum_of_squares(), the exact square).
/// \param values \f$\lambda_1 \ge \lambda_2 \ge \dots\f$ (or \f$\sigma\f$); \param p number kept, \f$0\le p\le n\f$.
/// \throws kb::error if p is out of range or a value is not finite.
template <class T>
T eckart_young_frobenius(const Vector<T>& values, Eigen::Index p) {
    using std::sqrt;
    detail::require_rank(p, values.size(), "eckart_young_frobenius");
    require_finite(values, "eckart_young_frobenius", "values");
    return discarded_norm(values, first_indices(p));
}

/// \brief Eckart–Young's spectral error for a decreasing spectrum (`zhu:thm2`):
///        \f$\norm{A - A_p}_2 = |\lambda_{p+1}|\f$, and 0 when \f$p = n\f$.
/// \param values \f$\lambda_1 \ge \lambda_2 \ge \dots \ge 0\f$ (or \f$\sigma\f$); \param p number kept, \f$0\le p\le n\f$.
/// \throws kb::error if p is out of range or a value is not finite.
template <class T>
T eckart_young_spectral(const Vector<T>& values, Eigen::Index p) {
    detail::require_rank(p, values.size(), "eckart_young_spectral");
    require_finite(values, "eckart_young_spectral", "values");
    return largest_discarded(values, first_indices(p));
}

/// \brief A best approximation of rank ≤ p and its errors, predicted from the spectrum.
template <class T>
struct LowRankApproximation {
    Matrix<T> approximation; ///< \f$A_S = \sum_{j\in S}\lambda_j u_j u_j^\top\f$ (or \f$\sum_{j\in S}\sigma_j u_j v_j^\top\f$)
    Vector<T> values;        ///< the whole spectrum of A, decreasing (eigenvalues, or singular values)
    IndexList kept;          ///< S, the indices of the kept eigenpairs (singular triplets)
    T frobenius_error;       ///< predicted \f$\norm{A - A_S}_F = (\sum_{j\notin S}\lambda_j^2)^{1/2}\f$
    T spectral_error;        ///< predicted \f$\norm{A - A_S}_2 = \max_{j\notin S}|\lambda_j|\f$
};

namespace detail {
/// Assembles the approximation over the kept eigenpairs with the predicted errors.
template <class T>
LowRankApproximation<T> from_eigen(const SymmetricEigen<T>& eig, IndexList S) {
    using std::sqrt;
    //! [truncation-errors]
    std::sort(S.begin(), S.end());
    LowRankApproximation<T> out;
    out.approximation = eigen_sum(eig.values, eig.vectors, S);
    out.values = eig.values;
    out.frobenius_error = discarded_norm(eig.values, S);
    out.spectral_error = largest_discarded(eig.values, S);
    out.kept = std::move(S);
    return out;
    //! [truncation-errors]
}

} // namespace detail

/// \brief Eckart–Young for a PSD matrix (`zhu:thm2`): the truncation
///        \f[ G_p = \sum_{j\le p}\lambda_j u_j u_j^\top, \qquad \norm{G - G_p}_F = \Bigl(\sum_{j>p}\lambda_j^2\Bigr)^{1/2},
///            \qquad \norm{G - G_p}_2 = \lambda_{p+1}, \f]
///        is a best approximation of G of rank ≤ p in both norms (unique in the Frobenius
///        norm unless \f$\lambda_p = \lambda_{p+1} > 0\f$).
/// \param G n×n symmetric positive semi-definite (to rounding, kb::require_psd()).
/// \param p the rank, \f$0 \le p \le n\f$.
/// \throws kb::error if G is not square, symmetric, finite and PSD, or p is out of range.
template <class T>
LowRankApproximation<T> truncate_psd(const Matrix<T>& G, Eigen::Index p) {
    //! [truncate-psd]
    const SymmetricEigen<T> eig = symmetric_eigen(G);
    require_psd(eig, "truncate_psd", "G");
    detail::require_rank(p, G.rows(), "truncate_psd");
    return detail::from_eigen(eig, first_indices(p));
    //! [truncate-psd]
}

/// \brief Best rank-p approximation of a symmetric, possibly indefinite matrix A: keep
///        the p eigenvalues of largest absolute value,
///        \f[ A_S = \sum_{j\in S}\lambda_j u_j u_j^\top,\quad S = \text{the } p \text{ indices of largest } |\lambda_j|. \f]
///
/// The singular values of a symmetric matrix are the \f$|\lambda_j|\f$, so this is
/// Eckart–Young (`zhu:thm2`) applied to them — the right reading of "the first p eigens"
/// for an indefinite \f$-\tfrac12JD^{(2)}J\f$ of `zhu:2.2.2`. Ties in \f$|\lambda|\f$ are broken towards the larger λ.
/// \param A n×n symmetric; \param p the rank, \f$0 \le p \le n\f$.
/// \throws kb::error if A is not square, symmetric and finite, or p is out of range.
template <class T>
LowRankApproximation<T> best_rank_p_symmetric(const Matrix<T>& A, Eigen::Index p) {
    using std::abs;
    const SymmetricEigen<T> eig = symmetric_eigen(A);
    detail::require_rank(p, A.rows(), "best_rank_p_symmetric");
    //! [best-rank-p-symmetric]
    // Order the indices by decreasing |λ| (stable: the larger λ first among equal |λ|).
    IndexList order = first_indices(eig.values.size());
    std::stable_sort(order.begin(), order.end(),
                     [&](Eigen::Index a, Eigen::Index b) { return abs(eig.values(a)) > abs(eig.values(b)); });
    order.resize(static_cast<std::size_t>(p));
    return detail::from_eigen(eig, order);
    //! [best-rank-p-symmetric]
}

/// \brief Best approximation of a symmetric A by a PSD matrix of rank ≤ p, i.e. by a
///        Gram matrix \f$XX^\top\f$ with X N×p (classical MDS, `zhu:def1`): keep the
///        largest eigenvalues among the *positive* ones, at most p of them (for the indefinite
///        \f$-\tfrac12JD^{(2)}J\f$ of a non-Euclidean D, `zhu:2.2.2`),
///        \f[ \min_{X\in\R^{n\times p}}\norm{A - XX^\top}_F^2 = \sum_{j > p,\ \lambda_j>0}\lambda_j^2 + \sum_{\lambda_j<0}\lambda_j^2. \f]
/// \param A n×n symmetric; \param p the rank, \f$0 \le p \le n\f$.
/// \throws kb::error if A is not square, symmetric and finite, or p is out of range.
template <class T>
LowRankApproximation<T> best_psd_rank_p(const Matrix<T>& A, Eigen::Index p) {
    const SymmetricEigen<T> eig = symmetric_eigen(A);
    detail::require_rank(p, A.rows(), "best_psd_rank_p");
    //! [best-psd-rank-p]
    // The first p indices whose eigenvalue is positive (the spectrum is decreasing).
    IndexList S;
    for (Eigen::Index j = 0; j < eig.values.size() && static_cast<Eigen::Index>(S.size()) < p; ++j)
        if (eig.values(j) > 0) S.push_back(j);
    return detail::from_eigen(eig, S);
    //! [best-psd-rank-p]
}

/// \brief Eckart–Young for a data matrix (`zhu:thm2`, SVD form): the truncated SVD
///        \f[ X_p = \sum_{j\le p}\sigma_j u_j v_j^\top, \qquad \norm{X - X_p}_F = \Bigl(\sum_{j>p}\sigma_j^2\Bigr)^{1/2},
///            \qquad \norm{X - X_p}_2 = \sigma_{p+1}. \f]
/// \param X N×q, finite; \param p the rank, \f$0 \le p \le \min(N, q)\f$.
/// \throws kb::error if X is empty or not finite, or p is out of range.
template <class T>
LowRankApproximation<T> truncate_svd(const Matrix<T>& X, Eigen::Index p) {
    require(X.rows() > 0 && X.cols() > 0, "truncate_svd",
            "X must be non-empty, but it is {}×{}", X.rows(), X.cols());
    require_finite(X, "truncate_svd", "X");
    //! [truncate-svd]
    const Svd<T> svd = thin_svd(X);
    detail::require_rank(p, svd.sigma.size(), "truncate_svd");
    const IndexList S = first_indices(p);
    LowRankApproximation<T> out;
    out.approximation = svd_sum(svd, S);
    out.values = svd.sigma;
    out.kept = S;
    out.frobenius_error = eckart_young_frobenius(svd.sigma, p);
    out.spectral_error = eckart_young_spectral(svd.sigma, p);
    //! [truncate-svd]
    return out;
}

/// \brief Spectral norm of a symmetric matrix, \f$\norm{A}_2 = \max_j|\lambda_j(A)|\f$
///        (kb::symmetric_eigen()).
/// \throws kb::error if A is not square, symmetric and finite.
template <class T>
T symmetric_spectral_norm(const Matrix<T>& A) {
    using std::abs;
    using std::max;
    // Checked here, in this function's name (symmetric_eigen checks again, in O(n²) beside its O(n³)).
    require_symmetric(A, "symmetric_spectral_norm", "A");
    const SymmetricEigen<T> eig = symmetric_eigen(A);
    //! [ch03-symmetric-spectral-norm]
    return max(abs(eig.values(0)), abs(eig.values(eig.values.size() - 1)));
    //! [ch03-symmetric-spectral-norm]
}

/// \brief Spectral norm of any matrix, \f$\norm{A}_2 = \sigma_1(A)\f$ (kb::thin_svd()).
/// \throws kb::error if A is empty or not finite.
template <class T>
T spectral_norm(const Matrix<T>& A) {
    // Checked here, in this function's name (thin_svd checks again, in O(Nq) beside its O(Nq²)).
    require(A.rows() > 0 && A.cols() > 0, "spectral_norm", "A must be non-empty, but it is {}×{}", A.rows(), A.cols());
    require_finite(A, "spectral_norm", "A");
    //! [ch03-spectral-norm]
    return thin_svd(A).sigma(0);
    //! [ch03-spectral-norm]
}

} // namespace kb
