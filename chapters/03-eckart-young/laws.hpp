#pragma once
/// \file 03-eckart-young/laws.hpp
/// \brief The laws of chapter 3 that are written once for any implementation: laws.cpp
///        runs them on the library's functions, and the chapter's exercises
///        (exercises/check.cpp) on the student's. With them, the random cases and the
///        helpers they need.
#include "test_support.hpp"

#include "kernelbook/eckart_young.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>
#include <vector>

namespace kb::test::ch03 {

/// A symmetric matrix Q diag(λ) Qᵀ with integer spectrum λ and exactly orthogonal Q.
template <class T>
struct Case {
    std::vector<long> lambda; ///< the spectrum, as integers (the independent reference)
    Matrix<T> Q;              ///< orthogonal eigenvectors
    Matrix<T> G;              ///< Q diag(λ) Qᵀ
};

/// The case of spectrum λ in the Cayley basis of the skew-symmetric integer matrix S.
template <class T>
Case<T> make_case(std::vector<long> lambda, const IntMatrix& S) {
    const Matrix<T> Q = kb::test::cayley_orthogonal<T>(S, 3);
    const Matrix<T> G = kb::test::with_spectrum(Q, kb::test::vector_from<T>(lambda));
    // Symmetrised: the product Q Λ Qᵀ is symmetric only up to rounding, and the residuals
    // G − G_p, small where G_p is close to G, must be exactly symmetric for the eigensolver.
    return {std::move(lambda), Q, Matrix<T>((G + G.transpose()) / T(2))};
}

/// √(Σ_{j∉S} λ_j²) from the integer spectrum (the prediction, computed independently).
template <class T>
T predicted_frobenius(const std::vector<long>& lambda, const std::vector<Eigen::Index>& S) {
    using std::sqrt;
    long sum = 0;
    for (std::size_t j = 0; j < lambda.size(); ++j)
        if (std::find(S.begin(), S.end(), static_cast<Eigen::Index>(j)) == S.end()) sum += lambda[j] * lambda[j];
    return sqrt(T(sum));
}

/// λ_{p+1} (0 when p = n), 1-based as in the theorem.
inline long next_eigenvalue(const std::vector<long>& lambda, int p) {
    return p < static_cast<int>(lambda.size()) ? std::abs(lambda[static_cast<std::size_t>(p)]) : 0;
}

/// max(0, best − competitor): how much a competitor beats the claimed optimum. NaN-propagating:
/// the clipped form `best > competitor ? best − competitor : 0` turned a NaN competitor (or
/// optimum) into 0, which passed; now a NaN reaches the check, and the check fails.
template <class T>
T beats(const T& best, const T& competitor) {
    const T d = best - competitor;
    return d <= T(0) ? T(0) : d;
}

/// \name The implementations the laws run on
/// Each law takes the function it checks as an argument, with the library's signature.
/// These are the library's own; exercises/check.cpp passes the student's.
///@{
/// The truncated SVD X_p of a data matrix (`kb::truncate_svd`).
inline constexpr auto library_truncate_svd = [](const auto& X, Eigen::Index p) {
    return kb::truncate_svd(X, p).approximation;
};
/// The best rank-p approximation of a symmetric matrix: the p largest |λ| (`kb::best_rank_p_symmetric`).
inline constexpr auto library_best_rank_p_symmetric = [](const auto& A, Eigen::Index p) {
    return kb::best_rank_p_symmetric(A, p).approximation;
};
/// The best PSD approximation of rank ≤ p, a Gram matrix XXᵀ: the largest positive λ, at
/// most p of them (`kb::best_psd_rank_p`).
inline constexpr auto library_best_psd_rank_p = [](const auto& A, Eigen::Index p) {
    return kb::best_psd_rank_p(A, p).approximation;
};
///@}

//! [svd-errors]
/// zhu:thm2, SVD form: the truncated SVD X_p (`truncate_svd`) of a data matrix with integer
/// singular values leaves ‖X − X_p‖_F = √(Σ_{j>p} σ_j²) and ‖X − X_p‖₂ = σ_{p+1}, p = 0 … r.
template <class T, class TruncateSvd>
void svd_errors_law(TruncateSvd truncate_svd) {
    using std::abs;
    kb::test::property<T>([&] {
        const int N = *kb::test::size_in(2, 8);
        const int q = *kb::test::size_in(2, 6);
        const int r = std::min(N, q);
        const auto sigma = *kb::test::decreasing_spectrum(r, 1, 30);
        const Matrix<T> QN = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(N), 3);
        const Matrix<T> Qq = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(q), 3);
        const Matrix<T> X = kb::test::with_singular_values(QN, kb::test::vector_from<T>(sigma), Qq);
        const auto bound = kb::test::factorisation<T>(std::max(N, q), T(sigma[0]));
        kb::test::show("σ, the chosen singular values", kb::test::vector_from<T>(sigma));
        kb::test::show("X = Q_N diag(σ) Q_qᵀ", X);
        for (int p = 0; p <= r; ++p) {
            const Matrix<T> Xp = truncate_svd(X, p);
            kb::test::show("X_p, your truncate_svd at p = " + std::to_string(p), Xp);
            RC_ASSERT(Xp.rows() == N && Xp.cols() == q);
            const Matrix<T> R = X - Xp;
            KB_RC_WITHIN(T(abs(R.norm() - predicted_frobenius<T>(sigma, kb::first_indices(p)))), bound,
                         "‖X − X_p‖_F = √(Σ_{j>p} σ_j²)");
            KB_RC_WITHIN(T(abs(kb::spectral_norm(R) - T(next_eigenvalue(sigma, p)))), bound, "‖X − X_p‖₂ = σ_{p+1}");
        }
    });
}
//! [svd-errors]

//! [indefinite]
/// zhu:thm2 for an indefinite symmetric matrix: the best rank-p approximation
/// (`best_rank_p_symmetric`) keeps the largest |λ| and the best XXᵀ (`best_psd_rank_p`) keeps
/// the largest positive λ; their errors from the integer spectrum, and no competitor better.
template <class T, class BestRankP, class BestPsdRankP>
void indefinite_law(BestRankP best_rank_p_symmetric, BestPsdRankP best_psd_rank_p) {
    using std::abs;
    using std::sqrt;
    kb::test::property<T>([&] {
        const int n = *kb::test::size_in(2, 7);
        const int p = *kb::test::size_in(1, n - 1);
        auto lambda = *kb::test::decreasing_spectrum(n, 1, 40);
        const long shift = *kb::test::int_in(0, 40);
        for (long& l : lambda) l -= shift; // distinct, some negative
        const Case<T> c = make_case<T>(lambda, *kb::test::skew_symmetric(n));
        const auto bound = kb::test::factorisation<T>(n, T(40));

        // The prediction from the integers: sort |λ| decreasingly, and the positive λ.
        std::vector<long> by_abs(lambda);
        std::sort(by_abs.begin(), by_abs.end(), [](long a, long b) { return std::abs(a) > std::abs(b); });
        long rank_tail = 0, psd_tail = 0, kept_positive = 0;
        for (int j = p; j < n; ++j) rank_tail += by_abs[j] * by_abs[j];
        for (long l : lambda) {
            if (l > 0 && kept_positive < p) ++kept_positive;
            else psd_tail += l * l;
        }
        kb::test::show("λ, the chosen eigenvalues", kb::test::vector_from<T>(lambda));
        kb::test::show("G = Q diag(λ) Qᵀ", c.G);
        kb::test::show("p", p);
        const Matrix<T> best_rank = best_rank_p_symmetric(c.G, p);
        const Matrix<T> best_psd = best_psd_rank_p(c.G, p);
        kb::test::show("your best rank-p approximation", best_rank);
        kb::test::show("its expected Frobenius error √(Σ of the n − p smallest λ²)", T(sqrt(T(rank_tail))));
        kb::test::show("your best XXᵀ of rank p", best_psd);
        kb::test::show("its expected Frobenius error", T(sqrt(T(psd_tail))));
        RC_ASSERT(best_rank.rows() == n && best_rank.cols() == n && best_psd.rows() == n && best_psd.cols() == n);
        // An approximation summed as Σ λ_j u_j u_jᵀ is symmetric to one rounding per term
        // (|λ_j| ≤ 40); its error is measured on its symmetric part, which is the matrix itself
        // when it is exactly symmetric (the library's, kb::eigen_sum).
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(best_rank - best_rank.transpose())), kb::test::one_pass<T>(n, T(40)),
                     "the best rank-p approximation is symmetric");
        const Matrix<T> best_rank_sym = (best_rank + best_rank.transpose()) / T(2);
        const T rank_err = (c.G - best_rank).norm(), psd_err = (c.G - best_psd).norm();
        KB_RC_WITHIN(T(abs(rank_err - sqrt(T(rank_tail)))), bound, "best rank-p: √(Σ of the n − p smallest λ²)");
        KB_RC_WITHIN(T(abs(psd_err - sqrt(T(psd_tail)))), bound, "best XXᵀ: discarded positive λ² + all negative λ²");
        KB_RC_WITHIN(T(abs(kb::symmetric_spectral_norm(Matrix<T>(c.G - best_rank_sym)) - T(std::abs(by_abs[p])))), bound,
                     "best rank-p: spectral error = (p+1)-th largest |λ|");

        // Competitors: a random rank-p matrix, a random PSD rank-p matrix, and the first p eigenpairs.
        const Matrix<T> A = kb::from_integers<T>(*kb::test::int_matrix(n, p, -9, 9), 3);
        const Matrix<T> B = kb::from_integers<T>(*kb::test::int_matrix(n, p, -9, 9), 3);
        const auto eig = kb::symmetric_eigen(c.G);
        const Matrix<T> first_p = kb::eigen_sum(eig.values, eig.vectors, kb::first_indices(p));
        // The optima from the integers (not from the approximations under test).
        const T rank_best = sqrt(T(rank_tail)), psd_best = sqrt(T(psd_tail));
        KB_RC_WITHIN(beats(rank_best, T((c.G - A * B.transpose()).norm())), bound, "random rank p");
        KB_RC_WITHIN(beats(rank_best, T((c.G - first_p).norm())), bound, "first p eigenpairs");
        KB_RC_WITHIN(beats(psd_best, T((c.G - A * A.transpose()).norm())), bound, "random PSD rank p");
        KB_RC_WITHIN(beats(rank_best, psd_err), bound, "the PSD-constrained optimum is never better than the unconstrained one");
    });
}
//! [indefinite]

} // namespace kb::test::ch03
