/// \file solve_rational.cpp
/// \brief Exact solves and the exact PSD decision in rational arithmetic.
#include "kernelbook/solve_impl.hpp"

KB_SOLVE_INSTANTIATE(kb::rational)

namespace kb {

bool is_psd_exact(const Matrix<rational>& K) {
    require_square(K, "is_psd_exact", "K");
    require(K == K.transpose(), "is_psd_exact", "K must be exactly symmetric");
    // Symmetric elimination with diagonal pivoting, K = Pᵀ L D Lᵀ P, pivoting on the largest
    // diagonal entry of the *updated* Schur complement S. (Eigen's LDLT chooses its pivots
    // from diagonal entries not yet updated; on a singular PSD matrix it can meet a zero
    // pivot before a non-zero one and report failure, e.g. for −½ J D J of the city-block
    // distances of the points 5, 0, 0, 5, 0, 1, 0 on a line.)
    //  - the largest diagonal entry of S is negative: some e_kᵀ S e_k < 0, not PSD;
    //  - it is zero: S is PSD iff S = 0 (a PSD matrix with zero diagonal is zero);
    //  - it is positive: eliminate it, S ← S − s sᵀ / s_kk without row and column k.
    Matrix<rational> S = K;
    while (S.rows() > 0) {
        const Eigen::Index n = S.rows();
        Eigen::Index k = 0;
        for (Eigen::Index i = 1; i < n; ++i)
            if (S(i, i) > S(k, k)) k = i;
        const rational pivot = S(k, k);
        if (pivot < 0) return false;
        if (pivot == 0) {
            for (Eigen::Index i = 0; i < n; ++i)
                for (Eigen::Index j = 0; j < n; ++j)
                    if (S(i, j) != 0) return false;
            return true;
        }
        Matrix<rational> next(n - 1, n - 1);
        for (Eigen::Index i = 0, a = 0; i < n; ++i) {
            if (i == k) continue;
            for (Eigen::Index j = 0, b = 0; j < n; ++j) {
                if (j == k) continue;
                next(a, b++) = S(i, j) - S(i, k) * S(k, j) / pivot;
            }
            ++a;
        }
        S = std::move(next);
    }
    return true;
}

} // namespace kb
