#pragma once
/// \file 04-kernels/exercises/solutions/polynomial_features.hpp
/// \brief Model solution of exercise 4.5 (for instructors; not in a student handout): the
///        weighted monomials of the polynomial kernel, the exponent vectors listed
///        recursively, without kb::PolynomialFeatureMap.
#include "kernelbook/matrix.hpp"

#include <vector>

namespace solution {

/// \brief Appends to `out` every exponent vector α ∈ ℕ^q, |α| ≤ d, that extends the first
///        `i` entries of `alpha` (coordinate i takes 0, 1, …, the degree `left`).
inline void exponent_vectors(std::vector<int>& alpha, std::size_t i, int left, std::vector<std::vector<int>>& out) {
    if (i == alpha.size()) {
        out.push_back(alpha);
        return;
    }
    for (int e = 0; e <= left; ++e) {
        alpha[i] = e;
        exponent_vectors(alpha, i + 1, left - e, out);
    }
    alpha[i] = 0;
}

/// \brief The features \f$\sqrt{w_\alpha}\,x^\alpha\f$, \f$|\alpha| \le d\f$, of the polynomial
///        kernel \f$(c + x^\top y)^d\f$ (chapter 4, §10), with
///        \f$w_\alpha = \frac{d!}{(d-|\alpha|)!\,\alpha_1!\cdots\alpha_q!}\,c^{\,d-|\alpha|}\f$.
/// \param X the N×q points, one per row
/// \param c the constant c ≥ 0
/// \param d the degree d ≥ 1
/// \return the N×\f$\binom{q+d}{d}\f$ features, one column per α.
template <class T>
kb::Matrix<T> polynomial_features(const kb::Matrix<T>& X, const T& c, int d) {
    using std::sqrt;
    // every α with |α| ≤ d: the multinomial expansion of (c + x₁y₁ + … + x_q y_q)^d
    std::vector<int> alpha(static_cast<std::size_t>(X.cols()), 0);
    std::vector<std::vector<int>> exponents;
    exponent_vectors(alpha, 0, d, exponents);
    kb::Matrix<T> F(X.rows(), static_cast<Eigen::Index>(exponents.size()));
    for (std::size_t a = 0; a < exponents.size(); ++a) {
        const std::vector<int>& e = exponents[a];
        // w_α = d!/((d − |α|)! α₁! ⋯ α_q!) · c^{d−|α|}. The coefficient is built in T one factor
        // at a time; each partial product d!/((d − t)! α₁! ⋯ m!) is itself a multinomial
        // coefficient, an integer, so every division is exact
        T w(1);
        int taken = 0;
        for (int ei : e)
            for (int m = 1; m <= ei; ++m) w = w * T(d - taken++) / T(m);
        for (int m = taken; m < d; ++m) w *= c;
        const T root = sqrt(w);
        // the feature √w_α · x^α of every point
        for (Eigen::Index n = 0; n < X.rows(); ++n) {
            T monomial(1);
            for (std::size_t i = 0; i < e.size(); ++i)
                for (int m = 0; m < e[i]; ++m) monomial *= X(n, static_cast<Eigen::Index>(i));
            F(n, static_cast<Eigen::Index>(a)) = root * monomial;
        }
    }
    return F;
}

} // namespace solution
