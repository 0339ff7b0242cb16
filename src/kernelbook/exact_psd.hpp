#pragma once
/// \file exact_psd.hpp
/// \brief Positive semi-definiteness decided exactly, in rational arithmetic: the rank of a
///        PSD matrix, or the verdict "not PSD".
///
/// One symmetric elimination with pivoting on the largest diagonal entry of the current
/// Schur complement S: K is PSD iff no such entry is negative and, when the largest is 0,
/// S is entirely 0 (a PSD matrix with a zero diagonal entry has a zero row); the number of
/// positive pivots is the rank. Pivoting on the *updated* diagonal is what makes the rank
/// come out right for singular K: Eigen's `LDLT` pivots on the diagonal before its update
/// and can meet a zero pivot in the middle of a rank-deficient PSD matrix (e.g.
/// \f$\one\one^\top + xx^\top\f$ with \f$x = (0, 1, 0, 1)\f$), which it then reports as failure.
///
/// kb::certify_psd (certify.hpp, chapter 4) makes the same kind of elimination with
/// different bookkeeping and returns the evidence (L and d, or a witness c with
/// \f$c^\top K c < 0\f$). The two are kept independent on purpose: chapter 4's test "the two
/// exact PSD deciders agree …" checks them against each other on random PSD,
/// rank-deficient and indefinite matrices, each verdict backed by a checked certificate.

#include "kernelbook/matrix.hpp"
#include "kernelbook/real.hpp"

#include <optional>

namespace kb {

/// \brief The exact rank of a symmetric rational matrix if it is positive semi-definite,
///        and no value if it is not.
/// \throws kb::error if K is not square or not exactly symmetric.
std::optional<Eigen::Index> exact_psd_rank(const Matrix<rational>& K);

/// \brief Whether a symmetric rational matrix is positive semi-definite, decided exactly
///        (kb::exact_psd_rank has a value).
/// \throws kb::error if K is not square or not exactly symmetric.
bool is_psd_exact(const Matrix<rational>& K);

} // namespace kb
