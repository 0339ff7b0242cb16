/// \file solve_rational.cpp
/// \brief Exact solves and the exact PSD decision in rational arithmetic.
#include "kernelbook/solve_impl.hpp"

KB_SOLVE_INSTANTIATE(kb::rational)

namespace kb {

bool is_psd_exact(const Matrix<rational>& K) {
    require_square(K, "is_psd_exact", "K");
    require(K == K.transpose(), "is_psd_exact", "K must be exactly symmetric");
    // K is PSD iff symmetric elimination with diagonal pivoting on the Schur complement
    // never meets a negative pivot, and stops (largest remaining diagonal entry 0) only
    // when the remaining block is zero. (Eigen's LDLT chooses its pivots from the
    // *un-updated* diagonal, so on a rank-deficient PSD matrix it can meet a zero pivot
    // before a positive one and report failure, e.g. for 𝟙𝟙ᵀ + xxᵀ with x = (0,1,0,1).)
    // This is the lean yes/no decision; kb::certify_psd (certify.hpp, chapter 4) makes the
    // same elimination with different bookkeeping and returns the evidence (L, d or a
    // witness). The two are kept independent on purpose: chapter 4's test "the two exact PSD
    // deciders agree …" checks them against each other on random PSD, rank-deficient and
    // indefinite matrices, with each verdict backed by a checked certificate.
    Matrix<rational> S = K;
    for (Eigen::Index k = 0; k < S.rows(); ++k) {
        Eigen::Index p = k; // largest remaining diagonal entry of the Schur complement
        for (Eigen::Index i = k + 1; i < S.rows(); ++i)
            if (S(i, i) > S(p, p)) p = i;
        if (S(p, p) < 0) return false;
        if (S(p, p) == 0) // every remaining diagonal entry is 0: PSD iff the block is 0
            return S.bottomRightCorner(S.rows() - k, S.cols() - k) == Matrix<rational>::Zero(S.rows() - k, S.cols() - k);
        S.row(k).swap(S.row(p));
        S.col(k).swap(S.col(p));
        // Schur complement S₂₂ − s sᵀ / pivot, which is PSD iff S is (pivot > 0).
        const Eigen::Index r = S.rows() - k - 1;
        const Matrix<rational> s = S.col(k).tail(r);
        S.bottomRightCorner(r, r) -= s * s.transpose() / S(k, k);
    }
    return true;
}

} // namespace kb
