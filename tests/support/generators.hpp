#pragma once
/// \file generators.hpp
/// \brief Generators of well-posed test inputs (small sizes, exactly known spectra).
///
/// Generators produce *integer recipes* (kb::IntMatrix and integer lists) that the test
/// turns into its scalar type with kb::from_integers. The same recipe gives the same
/// case in `double`, `real50`, `real100` and `rational`, counterexamples print as
/// readable integers, and cross-precision properties come for free.
///
/// Sizes are drawn uniformly from an explicit range (rapidcheck's `inRange` grows with
/// the test size and so mostly produces tiny cases); shrinking still goes towards the
/// lower end.

#include "kernelbook/matrix.hpp"

#include <rapidcheck.h>

#include <vector>

namespace kb::test {

/// \brief A size drawn uniformly from [lo, hi] whatever rapidcheck's current size;
///        shrinks towards lo.
rc::Gen<int> size_in(int lo, int hi);

/// \brief An integer drawn uniformly from [lo, hi]; shrinks towards the one nearest 0.
rc::Gen<long> int_in(long lo, long hi);

/// \brief A rows×cols integer matrix with entries uniform in [lo, hi].
rc::Gen<IntMatrix> int_matrix(int rows, int cols, long lo, long hi);

/// \brief N points in \f$\mathbb{R}^q\f$ as integers in [−bound, bound]; divide by
///        `bound` (kb::from_integers(M, bound)) for points in the cube \f$[-1, 1]^q\f$.
rc::Gen<IntMatrix> points(int N, int q, long bound = 100);

/// \brief Like kb::test::points, with pairwise distinct rows (for Gaussian kernels, whose
///        Gram matrix is singular exactly when two points coincide).
rc::Gen<IntMatrix> distinct_points(int N, int q, long bound = 100);

/// \brief An n×n skew-symmetric integer matrix with entries in [−bound, bound].
rc::Gen<IntMatrix> skew_symmetric(int n, long bound = 3);

/// \brief A strictly decreasing list of n positive integers with consecutive gaps of at
///        least `min_gap` and largest entry at most `max_value` — a spectrum with a
///        guaranteed gap. Requires max_value ≥ n·min_gap.
rc::Gen<std::vector<long>> decreasing_spectrum(int n, long min_gap, long max_value);

/// \brief The exactly orthogonal rational matrix \f$Q = (I - S)(I + S)^{-1}\f$ (Cayley
///        transform) of a skew-symmetric S; I + S is always invertible because the
///        eigenvalues of S are imaginary. Computed exactly, then rounded once per entry.
template <class T>
Matrix<T> cayley_orthogonal(const IntMatrix& S, long den = 1);

/// \brief \f$Q\,\mathrm{diag}(\lambda)\,Q^\top\f$: a symmetric matrix with eigenvalues
///        exactly λ (in rationals) and eigenvectors the columns of Q.
template <class T>
Matrix<T> with_spectrum(const Matrix<T>& Q, const Vector<T>& lambda) {
    return Q * lambda.asDiagonal() * Q.transpose();
}

/// \brief \f$U_r\,\mathrm{diag}(\sigma)\,V_r^\top\f$ with r = σ.size(): a matrix whose singular
///        values are exactly σ (U, V with orthonormal columns, e.g. Cayley-orthogonal).
template <class T>
Matrix<T> with_singular_values(const Matrix<T>& U, const Vector<T>& sigma, const Matrix<T>& V) {
    const Eigen::Index r = sigma.size();
    return U.leftCols(r) * sigma.asDiagonal() * V.leftCols(r).transpose();
}

/// \brief The vector \f$(v_i / \text{den})\f$ in type T.
template <class T>
Vector<T> vector_from(const std::vector<long>& v, long den = 1) {
    Vector<T> out(static_cast<Eigen::Index>(v.size()));
    for (std::size_t i = 0; i < v.size(); ++i) out(static_cast<Eigen::Index>(i)) = ratio<T>(v[i], den);
    return out;
}

extern template Matrix<double> cayley_orthogonal<double>(const IntMatrix&, long);
extern template Matrix<real50> cayley_orthogonal<real50>(const IntMatrix&, long);
extern template Matrix<real100> cayley_orthogonal<real100>(const IntMatrix&, long);
extern template Matrix<rational> cayley_orthogonal<rational>(const IntMatrix&, long);

} // namespace kb::test
