/// \file solve_rational.cpp
/// \brief Exact solves and the exact PSD decision in rational arithmetic.
#include "kernelbook/solve_impl.hpp"

KB_SOLVE_INSTANTIATE(kb::rational)

namespace kb {

bool is_psd_exact(const Matrix<rational>& K) {
    require_square(K, "is_psd_exact", "K");
    require(K == K.transpose(), "is_psd_exact", "K must be exactly symmetric");
    // K is PSD iff K = Pᵀ L D Lᵀ P with D ≥ 0. Eigen's pivoted LDLᵀ stops when the largest
    // remaining diagonal entry is zero, which for an indefinite K such as [[0,1],[1,0]]
    // leaves the factorisation incomplete: so we also demand that it reproduces K exactly.
    Eigen::LDLT<Matrix<rational>> ldlt(K);
    if (ldlt.info() != Eigen::Success) return false;
    const auto D = ldlt.vectorD();
    for (Eigen::Index i = 0; i < D.size(); ++i)
        if (D(i) < 0) return false;
    return ldlt.reconstructedMatrix() == K;
}

} // namespace kb
