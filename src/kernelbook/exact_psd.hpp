#pragma once
/// \file exact_psd.hpp
/// \brief Positive semi-definiteness decided exactly, in rational arithmetic: the rank of a
///        PSD matrix, or the verdict "not PSD" (pivoting on the updated Schur complement).
/// \see \ref ch08-singular "Chapter 8, §8.5", \ref ch04-certificates "Chapter 4, §7"

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
