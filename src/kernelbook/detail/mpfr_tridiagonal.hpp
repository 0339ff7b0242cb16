#pragma once
/// \file detail/mpfr_tridiagonal.hpp
/// \brief The tridiagonal part of the MPFR eigensolver (detail/mpfr_eigen.hpp): the in-place
///        MPFR operations it is built of, and the eigenpairs of an unreduced symmetric
///        tridiagonal block — eigenvalues by implicit QR without vectors, eigenvectors by
///        inverse iteration with LU factorisations of T − σI, orthogonalised within the block.
///        Internal to the library; the accuracy argument is in detail/mpfr_eigen.hpp.

#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/numerics.hpp"
#include "kernelbook/real.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string_view>
#include <type_traits>
#include <vector>

namespace kb::detail {

/// True for the Boost.Multiprecision MPFR number types (the types this route serves).
template <class T>
struct is_mpfr_number : std::false_type {};
template <unsigned D, bmp::mpfr_allocation_type A, bmp::expression_template_option E>
struct is_mpfr_number<bmp::number<bmp::mpfr_float_backend<D, A>, E>> : std::true_type {};
template <class T>
inline constexpr bool is_mpfr_number_v = is_mpfr_number<T>::value;

namespace mp {

constexpr mpfr_rnd_t rnd = MPFR_RNDN;

template <class T>
mpfr_ptr r(T& x) {
    return x.backend().data();
}
template <class T>
mpfr_srcptr r(const T& x) {
    return x.backend().data();
}

/// s = Σᵢ xᵢ yᵢ over n entries (t: scratch).
template <class T>
void dot(T& s, const T* x, const T* y, Eigen::Index n, T& t) {
    mpfr_set_zero(r(s), 1);
    for (Eigen::Index i = 0; i < n; ++i) {
        mpfr_mul(r(t), r(x[i]), r(y[i]), rnd);
        mpfr_add(r(s), r(s), r(t), rnd);
    }
}

/// y ← y − a x over n entries (t: scratch).
template <class T>
void sub_scaled(T* y, const T& a, const T* x, Eigen::Index n, T& t) {
    for (Eigen::Index i = 0; i < n; ++i) {
        mpfr_mul(r(t), r(a), r(x[i]), rnd);
        mpfr_sub(r(y[i]), r(y[i]), r(t), rnd);
    }
}

/// ‖x‖₂ over n entries.
template <class T>
T norm(const T* x, Eigen::Index n) {
    T s, t;
    dot(s, x, x, n, t);
    mpfr_sqrt(r(s), r(s), rnd);
    return s;
}

} // namespace mp


/// LU factorisation with row interchanges of a tridiagonal matrix T − σI, and solves with it
/// (Gaussian elimination on the three diagonals; U gains a second superdiagonal).
template <class T>
struct ShiftedTridiagonalLu {
    Vector<T> u0, u1, u2; ///< U's diagonal and two superdiagonals
    Vector<T> l;          ///< the multipliers
    std::vector<bool> swapped;

    /// Factorises T − σI (diagonal d, off-diagonal e, size m); a pivot below `tiny` in
    /// magnitude becomes ±tiny (a perturbation of T of that size: T − σI is singular when σ is
    /// an eigenvalue to working precision, which is what inverse iteration asks for).
    ShiftedTridiagonalLu(const T* d, const T* e, Eigen::Index m, const T& sigma, const T& tiny)
        : u0(m), u1(m), u2(m), l(m), swapped(std::size_t(m), false) {
        using std::abs;
        for (Eigen::Index i = 0; i < m; ++i) {
            u0(i) = d[i] - sigma;
            u1(i) = i + 1 < m ? e[i] : T(0);
            u2(i) = T(0);
            l(i) = T(0);
        }
        for (Eigen::Index i = 0; i + 1 < m; ++i) {
            const T& below = e[i]; // the entry of row i+1 in column i
            if (abs(u0(i)) >= abs(below)) {
                if (u0(i) != 0) {
                    l(i) = below / u0(i);
                    u0(i + 1) -= l(i) * u1(i);
                }
            } else {
                // Row i+1 becomes the pivot row.
                l(i) = u0(i) / below;
                u0(i) = below;
                const T next = u0(i + 1);
                u0(i + 1) = u1(i) - l(i) * next;
                if (i + 2 < m) {
                    u2(i) = u1(i + 1);
                    u1(i + 1) = -l(i) * u2(i);
                }
                u1(i) = next;
                swapped[std::size_t(i)] = true;
            }
        }
        for (Eigen::Index i = 0; i < m; ++i)
            if (abs(u0(i)) < tiny) u0(i) = u0(i) < 0 ? T(-tiny) : tiny;
    }

    /// x ← (T − σI)⁻¹ x.
    void solve(T* x) const {
        using mp::r, mp::rnd;
        const Eigen::Index m = u0.size();
        T t;
        for (Eigen::Index i = 0; i + 1 < m; ++i) {
            if (swapped[std::size_t(i)]) mpfr_swap(r(x[i]), r(x[i + 1]));
            mpfr_mul(r(t), r(l(i)), r(x[i]), rnd);
            mpfr_sub(r(x[i + 1]), r(x[i + 1]), r(t), rnd);
        }
        for (Eigen::Index i = m - 1; i >= 0; --i) {
            if (i + 1 < m) {
                mpfr_mul(r(t), r(u1(i)), r(x[i + 1]), rnd);
                mpfr_sub(r(x[i]), r(x[i]), r(t), rnd);
            }
            if (i + 2 < m) {
                mpfr_mul(r(t), r(u2(i)), r(x[i + 2]), rnd);
                mpfr_sub(r(x[i]), r(x[i]), r(t), rnd);
            }
            mpfr_div(r(x[i]), r(x[i]), r(u0(i)), rnd);
        }
    }
};

/// y ← y − Σⱼ (qⱼᵀ y) qⱼ over the columns q₀ … q_{count−1} (stride `ld`, length m), repeated
/// once if y lost more than half its norm ("twice is enough"). Returns ‖y‖₂ afterwards; `kept`
/// receives the fraction of the norm that remained (1 when there is nothing to remove).
template <class T>
T orthogonalise(T* y, const T* q, Eigen::Index ld, Eigen::Index count, Eigen::Index m, T& kept) {
    const T initial = mp::norm(y, m);
    T norm = initial;
    T c, t;
    for (int pass = 0; pass < 2 && count > 0; ++pass) {
        const T before = norm;
        for (Eigen::Index j = 0; j < count; ++j) {
            mp::dot(c, q + j * ld, y, m, t);
            mp::sub_scaled(y, c, q + j * ld, m, t);
        }
        norm = mp::norm(y, m);
        if (norm + norm >= before) break;
    }
    kept = initial == 0 ? T(0) : T(norm / initial);
    return norm;
}

/// A fixed pseudo-random start vector in [−1, 1)ᵐ (xorshift; the same in every run).
template <class T>
void start_vector(T* x, Eigen::Index m, std::uint64_t& state) {
    for (Eigen::Index i = 0; i < m; ++i) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        // 53 random bits as an exact binary fraction in [−1, 1).
        const double u = double(state >> 11) * 0x1p-52 - 1.0;
        x[i] = T(u);
    }
}

/// Eigenvalues (increasing) and orthonormal eigenvectors of the unreduced tridiagonal block
/// (d, e) of size m ≥ 2; the vectors go to the columns of Zblock (m×m, stride ld).
/// `orthogonalise_in_block` = false skips the orthogonalisation within the block: only for the tests
/// companion, which shows that the orthogonality check catches its absence.
/// `vector_done`, if set, is called with j before vector j is computed.
template <class T>
void tridiagonal_block_eigen(const T* d, const T* e, Eigen::Index m, T* values, T* Zblock, Eigen::Index ld,
                             std::uint64_t& state, std::string_view where, bool orthogonalise_in_block = true,
                             const std::function<void(Eigen::Index)>& vector_done = {}) {
    using std::abs;
    using std::max;
    using std::sqrt;
    // ‖T‖ of the block (∞-norm), the scale of its rounding; > 0, since e ≠ 0 in the block.
    T tnorm = 0;
    for (Eigen::Index i = 0; i < m; ++i) {
        T row = abs(d[i]);
        if (i > 0) row += abs(e[i - 1]);
        if (i + 1 < m) row += abs(e[i]);
        tnorm = max(tnorm, row);
    }
    // Eigenvalues by Eigen's implicit symmetric QR without vectors (O(m²)), on the block
    // scaled by a power of two to ‖T‖ ∈ [½, 1): its deflation test assumes that scale.
    const mpfr_exp_t scale = mpfr_get_exp(mp::r(tnorm));
    Vector<T> diag(m), sub(m - 1);
    for (Eigen::Index i = 0; i < m; ++i) mpfr_mul_2si(mp::r(diag(i)), mp::r(d[i]), -scale, mp::rnd);
    for (Eigen::Index i = 0; i + 1 < m; ++i) mpfr_mul_2si(mp::r(sub(i)), mp::r(e[i]), -scale, mp::rnd);
    Eigen::SelfAdjointEigenSolver<Matrix<T>> qr;
    qr.computeFromTridiagonal(diag, sub, Eigen::EigenvaluesOnly);
    require(qr.info() == Eigen::Success, where,
            "the QR iteration on a {}×{} tridiagonal block did not converge; the matrix may hold "
            "values that are not numbers to this precision", m, m);
    const T eps_norm = epsilon<T>() * tnorm;
    // Converged when ‖(T − σI) v‖ = 1/‖y‖ is within the backward error of a factorisation,
    // c₂ m ε ‖T‖ (kb::numerics::factorisation_error); σ itself is accurate to a few ε‖T‖, so
    // the second solve normally gets there.
    const T accept = numerics::factorisation_error<T>(long(m), tnorm);
    constexpr int max_iterations = 6;
    Vector<T> best(m);
    for (Eigen::Index j = 0; j < m; ++j) {
        if (vector_done) vector_done(j);
        mpfr_mul_2si(mp::r(values[j]), mp::r(qr.eigenvalues()(j)), scale, mp::rnd);
        const ShiftedTridiagonalLu<T> lu(d, e, m, values[j], eps_norm);
        T* y = Zblock + j * ld;
        // One solve from a fixed random vector gives a vector dominated by the eigenvector
        // (and its cluster); each further solve from the normalised previous one is
        // orthogonalised against the vectors already found in this block.
        //
        // Within a cluster of eigenvalues a few ε‖T‖ apart the solve returns a mixture of the
        // cluster's vectors, often mostly those already found; what remains after removing
        // them carries their rounding (ε along the eigenvectors outside the cluster) divided by
        // the fraction f of the norm that remained. A random mixture of k cluster vectors keeps
        // f ≈ 1/√k, so f ≥ 1/(8√m) is accepted; a smaller f (one nearly-found vector dominated
        // the solve) asks for another solve, a fresh mixture, and after max_iterations the
        // converged iterate with the largest f is kept.
        const T f_min = T(1) / (T(8) * sqrt(T(m)));
        start_vector(y, m, state);
        lu.solve(y);
        bool converged = false, accepted = false;
        T best_f = -1;
        for (int it = 0; it < max_iterations && !accepted; ++it) {
            const T inverse_norm = T(1) / mp::norm(y, m);
            for (Eigen::Index i = 0; i < m; ++i) y[i] *= inverse_norm;
            lu.solve(y);
            T kept;
            const T norm = orthogonalise(y, Zblock, ld, orthogonalise_in_block ? j : 0, m, kept);
            if (norm == 0) { // y lay in the span of the vectors found: start afresh
                start_vector(y, m, state);
                lu.solve(y);
                continue;
            }
            const T unit = T(1) / norm;
            for (Eigen::Index i = 0; i < m; ++i) y[i] *= unit;
            if (norm * accept < 1) continue; // not yet converged
            converged = true;
            accepted = kept >= f_min;
            if (kept > best_f) {
                best_f = kept;
                for (Eigen::Index i = 0; i < m; ++i) best(i) = y[i];
            }
        }
        require(converged, where,
                "inverse iteration did not converge for eigenvalue {} of a {}×{} tridiagonal block "
                "after {} steps", shown(values[j]), m, m, max_iterations);
        if (!accepted)
            for (Eigen::Index i = 0; i < m; ++i) y[i] = best(i);
    }
}

} // namespace kb::detail
