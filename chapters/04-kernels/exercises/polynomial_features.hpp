#pragma once
/// \file 04-kernels/exercises/polynomial_features.hpp
/// \brief Exercise 4.5 (programming): the explicit feature map of the polynomial kernel.
///        Fill in the function; `ctest --test-dir build -L exercises-04` runs the chapter's law
///        zhu:ex7b (the features reproduce the kernel) on it.
#include "exercise.hpp"
#include "kernelbook/matrix.hpp"

namespace student {

/// \brief The features \f$\phi(x) = W^{1/2}m(x)\f$ of the polynomial kernel
///        \f$(c + x^\top y)^d\f$, one row per row x of X (chapter 4, §10): for every exponent
///        vector \f$\alpha\in\mathbb N^q\f$ with \f$|\alpha| \le d\f$ the feature
///        \f$\sqrt{w_\alpha}\,x^\alpha\f$, with
///        \f$w_\alpha = \frac{d!}{(d-|\alpha|)!\,\alpha_1!\cdots\alpha_q!}\,c^{\,d-|\alpha|}\f$.
/// \param X the N×q points, one per row
/// \param c the constant c ≥ 0 of the kernel
/// \param d the degree d ≥ 1
/// \return the N×\f$\binom{q+d}{d}\f$ matrix of features, one column per α, in any order of
///         the α (the check compares inner products \f$\inner{\phi(x)}{\phi(y)} = (c + x^\top y)^d\f$
///         only). With c = 0 the features of \f$|\alpha| < d\f$ are 0: keep their columns.
///         Compute in T throughout.
template <class T>
kb::Matrix<T> polynomial_features(const kb::Matrix<T>& X, const T& c, int d) {
    // Replace this line by your code. Hint: list the exponent vectors α with |α| ≤ d
    // recursively (coordinate i takes 0, 1, …, the degree left); for each, the weight is a
    // multinomial coefficient times a power of c, and the feature is √w times the product
    // of X(n, i)^αᵢ. Use `using std::sqrt;`. Not kb::PolynomialFeatureMap: it is the exercise.
    return kb::exercise::not_written<kb::Matrix<T>>("4.5", "polynomial_features",
                                                     "chapters/04-kernels/exercises/polynomial_features.hpp");
}

} // namespace student
