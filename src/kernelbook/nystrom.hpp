#pragma once
/// \file nystrom.hpp
/// \brief The Nyström approximation \f$\hat k_S(a, b) = k_{S,a}^\top K_{SS}^{-1} k_{S,b}\f$ of a kernel
///        from m landmarks, and their greedy choice (pivoted Cholesky); exact in rationals.
/// \see \ref ch08-nystrom "Chapter 8, §8.8 — Relation to Nyström"

#include "kernelbook/error.hpp"
#include "kernelbook/exact_psd.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/solve.hpp"

#include <optional>
#include <string>
#include <vector>

namespace kb {

/// \brief The Nyström kernel matrix \f$\hat K_{AB} = K_{SA}^\top K_{SS}^{-1} K_{SB}\f$; exact in `kb::rational`.
/// \param K_SS m×m Gram matrix of the landmarks (symmetric positive definite).
/// \param K_SA m×A matrix \f$(K_{SA})_{ij} = k(s_i, a_j)\f$ (kb::gram(k, S, A)).
/// \param K_SB m×B matrix \f$(K_{SB})_{ij} = k(s_i, b_j)\f$.
/// \returns the A×B matrix \f$\hat k_S(a_i, b_j)\f$.
/// \throws kb::error if the shapes do not match, or K_SS is not positive definite
///         (duplicate landmarks: drop them, or choose landmarks with kb::greedy_landmarks).
/// \see \ref ch08-nystrom "Chapter 8, §8.8"
template <class T>
Matrix<T> nystrom_kernel(const Matrix<T>& K_SS, const Matrix<T>& K_SA, const Matrix<T>& K_SB) {
    constexpr std::string_view where = "nystrom_kernel";
    require_square(K_SS, where, "K_SS");
    require(K_SA.rows() == K_SS.rows() && K_SB.rows() == K_SS.rows(), where,
            "K_SA and K_SB must have one row per landmark ({}), but they have {} and {}",
            K_SS.rows(), K_SA.rows(), K_SB.rows());
    //! [ch08-nystrom-kernel]
    // k̂(a, b) = k_{S,a}ᵀ K_SS⁻¹ k_{S,b}: one solve with the landmark Gram matrix.
    return K_SA.transpose() * solve_spd(K_SS, K_SB);
    //! [ch08-nystrom-kernel]
}

/// \brief Landmarks chosen greedily, with the residual they leave.
template <class T>
struct Landmarks {
    std::vector<Eigen::Index> index; ///< chosen training points, in the order chosen
    Vector<T> residual_trace;        ///< entry t: \f$\sum_n r_t(x_n)\f$ after t+1 landmarks
    Vector<T> residual;              ///< \f$r(x_n) = k(x_n,x_n) - \hat k_S(x_n,x_n)\f$ after the last landmark
};

/// \brief Greedy landmarks (pivoted Cholesky of K, by the \f$LDL^\top\f$ recursion: exact in
///        rationals): each step takes the point with the largest residual \f$r_S(x_n)\f$.
/// \param K   N×N symmetric PSD Gram matrix.
/// \param m   largest number of landmarks, \f$1 \le m \le N\f$.
/// \param tol stop earlier once every residual is at most `tol` (finite, \f$\ge 0\f$); with
///            tol = 0 in rationals the number chosen is the exact rank of K.
/// \throws kb::error on a non-square, non-symmetric or non-finite K, m out of range, or a bad tol.
/// \see \ref ch08-nystrom "Chapter 8, §8.8"
template <class T>
Landmarks<T> greedy_landmarks(const Matrix<T>& K, Eigen::Index m, const T& tol) {
    constexpr std::string_view where = "greedy_landmarks";
    require_symmetric(K, where, "K");
    const Eigen::Index N = K.rows();
    require(m >= 1 && m <= N, where,
            "m = {} landmarks asked for among N = {} points; choose 1 ≤ m ≤ N", m, N);
    require(is_finite(tol) && tol >= 0, where, "tol = {} must be finite and ≥ 0", shown(tol));
    Landmarks<T> out;
    Vector<T> r = K.diagonal(); // r(x_n) with no landmark: k(x_n, x_n)
    Matrix<T> L(N, 0);          // K ≈ L diag(d) Lᵀ on the chosen columns
    Vector<T> d(0);
    std::vector<T> traces;
    for (Eigen::Index t = 0; t < m; ++t) {
        //! [ch08-greedy-step]
        // The next landmark: the largest residual r(x_i) = ‖(I − P_S) k(x_i,·)‖².
        Eigen::Index i = 0;
        for (Eigen::Index n = 1; n < N; ++n)
            if (r(n) > r(i)) i = n;
        if (!(r(i) > tol)) break;
        // Residual column c = K(:,i) − L diag(d) L(i,:)ᵀ; pivot c_i = r(x_i).
        Vector<T> c = K.col(i);
        for (Eigen::Index s = 0; s < t; ++s) c -= L.col(s) * (d(s) * L(i, s));
        const T pivot = c(i);
        L.conservativeResize(N, t + 1);
        L.col(t) = c / pivot;
        d.conservativeResize(t + 1);
        d(t) = pivot;
        // r(x_n) ← r(x_n) − c_n²/c_i, and r(x_i) becomes exactly 0.
        for (Eigen::Index n = 0; n < N; ++n) r(n) -= c(n) * c(n) / pivot;
        r(i) = T(0);
        out.index.push_back(i);
        //! [ch08-greedy-step]
        traces.push_back(r.sum());
    }
    out.residual_trace = Vector<T>(static_cast<Eigen::Index>(traces.size()));
    for (std::size_t t = 0; t < traces.size(); ++t) out.residual_trace(static_cast<Eigen::Index>(t)) = traces[t];
    out.residual = r;
    return out;
}

/// \brief The rows (or, for a square Gram matrix, the principal submatrix) of A at `index`.
/// \throws kb::error if an index is not a row of A.
template <class T>
Matrix<T> select_rows(const Matrix<T>& A, const std::vector<Eigen::Index>& index) {
    Matrix<T> out(static_cast<Eigen::Index>(index.size()), A.cols());
    for (std::size_t i = 0; i < index.size(); ++i) {
        require(index[i] >= 0 && index[i] < A.rows(), "select_rows",
                "index {} is out of range for {} rows; give row indices in [0, {})", index[i], A.rows(), A.rows());
        out.row(static_cast<Eigen::Index>(i)) = A.row(index[i]);
    }
    return out;
}

/// \brief The exact Moore–Penrose pseudo-inverse \f$K^+\f$ of a symmetric PSD rational matrix,
///        without eigenvalues: \f$K^+ = C (C^\top C)^{-1} K_{SS} (C^\top C)^{-1} C^\top\f$, \f$C = K_{:,S}\f$.
/// \throws kb::error if K is not square, symmetric, or PSD (decided exactly), or is zero.
/// \see \ref ch08-singular "Chapter 8, §8.5"
inline Matrix<rational> pseudo_inverse_exact(const Matrix<rational>& K) {
    constexpr std::string_view where = "pseudo_inverse_exact";
    require_square(K, where, "K");
    require(exact_psd_rank(K).has_value(), where,
            "K is not positive semi-definite (decided exactly by LDLᵀ); a kernel must give PSD Gram matrices");
    const Landmarks<rational> S = greedy_landmarks(K, K.rows(), rational(0));
    require(!S.index.empty(), where, "K is the zero matrix; its pseudo-inverse is zero, there is no map to build");
    const Matrix<rational> C = select_rows<rational>(K, S.index).transpose(); // N×r, K(:, S)
    const Matrix<rational> K_SS = select_rows<rational>(C, S.index);          // r×r
    //! [ch08-pinv-exact]
    // P = (CᵀC)⁻¹ Cᵀ (r×N), K⁺ = Pᵀ K_SS P.
    const Matrix<rational> CtC = C.transpose() * C;
    const Matrix<rational> P = solve_spd(CtC, Matrix<rational>(C.transpose()));
    return P.transpose() * K_SS * P;
    //! [ch08-pinv-exact]
}

} // namespace kb
