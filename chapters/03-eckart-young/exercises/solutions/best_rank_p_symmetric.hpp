#pragma once
/// \file 03-eckart-young/exercises/solutions/best_rank_p_symmetric.hpp
/// \brief Model solution of exercise 3.5 (for instructors; not in a student handout): the p
///        eigenpairs of largest |λ|, chosen with `std::sort` and summed with `kb::eigen_sum`,
///        as the stub allows.
#include "kernelbook/eckart_young.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>

namespace solution {

/// \brief The best approximation of rank ≤ p of a symmetric A (chapter 3, §6):
///        \f$A_S = \sum_{j\in S}\lambda_j u_j u_j^\top\f$, S the p indices of largest \f$|\lambda_j|\f$.
/// \param A a symmetric n×n matrix, possibly indefinite
/// \param p the rank, 0 ≤ p ≤ n
/// \return the n×n matrix A_S.
template <class T>
kb::Matrix<T> best_rank_p_symmetric(const kb::Matrix<T>& A, Eigen::Index p) {
    using std::abs;
    // A = U diag(λ) Uᵀ; the singular values of A are the |λ_j|
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(A);
    // S: the indices ordered by decreasing |λ_j| (equal |λ|: the smaller index, the larger λ,
    // first), the first p of them kept — negative eigenvalues included
    kb::IndexList S(static_cast<std::size_t>(eig.values.size()));
    for (std::size_t j = 0; j < S.size(); ++j) S[j] = static_cast<Eigen::Index>(j);
    std::sort(S.begin(), S.end(), [&](Eigen::Index a, Eigen::Index b) {
        const T la = abs(eig.values(a)), lb = abs(eig.values(b));
        return la > lb || (la == lb && a < b);
    });
    S.resize(static_cast<std::size_t>(p));
    // A_S = Σ_{j∈S} λ_j u_j u_jᵀ
    return kb::eigen_sum(eig.values, eig.vectors, S);
}

} // namespace solution
