/// \file exact_psd.cpp
/// \brief The exact PSD decision and rank (exact_psd.hpp), compiled once.
#include "kernelbook/exact_psd.hpp"

#include "kernelbook/error.hpp"

#include <string>
#include <vector>

namespace kb {

namespace {

std::optional<Eigen::Index> psd_rank(const Matrix<rational>& K, std::string_view where) {
    require_square(K, where, "K");
    for (Eigen::Index i = 0; i < K.rows(); ++i)
        for (Eigen::Index j = i + 1; j < K.cols(); ++j)
            if (K(i, j) != K(j, i))
                fail(where, "K must be exactly symmetric, but K({},{}) = {} and K({},{}) = {}; an exact test "
                        "allows no rounding: pass an exactly symmetric K, e.g. (K + Kᵀ)/2",
                     i, j, shown(K(i, j)), j, i, shown(K(j, i)));
    Matrix<rational> S = K;
    std::vector<Eigen::Index> rest(static_cast<std::size_t>(K.rows()));
    for (Eigen::Index i = 0; i < K.rows(); ++i) rest[static_cast<std::size_t>(i)] = i;
    Eigen::Index rank = 0;
    while (!rest.empty()) {
        // Pivot: the largest diagonal entry of the Schur complement.
        std::size_t p = 0;
        for (std::size_t a = 1; a < rest.size(); ++a)
            if (S(rest[a], rest[a]) > S(rest[p], rest[p])) p = a;
        const Eigen::Index k = rest[p];
        const rational pivot = S(k, k);
        if (pivot < 0) return std::nullopt;
        if (pivot == 0) {
            // The rest of the diagonal is ≤ 0: PSD only if the whole complement is 0.
            for (Eigen::Index i : rest)
                for (Eigen::Index j : rest)
                    if (S(i, j) != 0) return std::nullopt;
            return rank;
        }
        // S ← S − S(:,k) S(k,:) / S(k,k) on the remaining indices: PSD iff S is (pivot > 0).
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(p));
        for (Eigen::Index i : rest) {
            const rational f = S(i, k) / pivot;
            if (f == 0) continue;
            for (Eigen::Index j : rest) S(i, j) -= f * S(k, j);
        }
        ++rank;
    }
    return rank;
}

} // namespace

std::optional<Eigen::Index> exact_psd_rank(const Matrix<rational>& K) {
    return psd_rank(K, "exact_psd_rank");
}

bool is_psd_exact(const Matrix<rational>& K) {
    return psd_rank(K, "is_psd_exact").has_value();
}

} // namespace kb
