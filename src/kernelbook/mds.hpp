#pragma once
/// \file mds.hpp
/// \brief Classical multidimensional scaling (`zhu:def1`, `zhu:1.2.1`, `zhu:1.2.2`, `zhu:2.2.2`):
///        from a Gram matrix or from dissimilarities via \f$B = -\tfrac12 J D^{(2)} J\f$; the stress
///        (`zhu:mds-setup`), the classical-MDS objective, pairwise distances.
/// \see \ref ch02-classical-mds "Chapter 2 — Classical multidimensional scaling"

#include "kernelbook/centering.hpp"
#include "kernelbook/checks.hpp"
#include "kernelbook/detail/exact_scale.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/spectral.hpp"

#include <limits>
#include <string>

namespace kb {

namespace detail {
/// \brief The N×N matrix \f$f(x_i - x_j)\f$ of the rows of X, evaluated once per pair
///        i < j and mirrored, so that it is exactly symmetric with a zero diagonal.
/// \throws kb::error (naming `where`) if X is empty or not finite.
template <class T, class F>
Matrix<T> pairwise(const Matrix<T>& X, const char* where, F f) {
    require_min_points(X, 1, where, "X");
    require_finite(X, where, "X");
    const Eigen::Index N = X.rows();
    Matrix<T> D = Matrix<T>::Zero(N, N);
    //! [ch02-pairwise]
    for (Eigen::Index i = 0; i < N; ++i)
        for (Eigen::Index j = i + 1; j < N; ++j) D(i, j) = D(j, i) = f(X.row(i) - X.row(j));
    //! [ch02-pairwise]
    return D;
}
} // namespace detail

/// \brief The squared Euclidean distances of the rows of X:
///        \f[ D^{(2)}_{ij} = \norm{x_i - x_j}^2 = \sum_k (x_{ik} - x_{jk})^2. \f]
///
/// Computed from the differences (not as \f$\norm{x_i}^2 + \norm{x_j}^2 - 2x_i^\top x_j\f$, which
/// cancels catastrophically): exactly symmetric, exactly zero on the diagonal, never
/// negative, and exact in `kb::rational`.
/// \param X N×q, one point per row.
/// \throws kb::error if X is empty or not finite.
template <class T>
Matrix<T> squared_distances(const Matrix<T>& X) {
    // d²ᵢⱼ = Σ_k (x_ik − x_jk)²
    return detail::pairwise(X, "squared_distances", [](const auto& d) { return T(d.squaredNorm()); });
}

/// \brief The Euclidean distances \f$d_{ij} = \norm{x_i - x_j}\f$ of the rows of X (the
///        entry-wise square root of kb::squared_distances(); floating-point types only).
/// \param X N×q, one point per row.
/// \throws kb::error if X is empty or not finite.
template <class T>
Matrix<T> distances(const Matrix<T>& X) {
    static_assert(is_floating_v<T>, "distances needs square roots: use squared_distances in kb::rational");
    using std::sqrt;
    Matrix<T> D = detail::pairwise(X, "distances", [](const auto& d) { return T(d.squaredNorm()); });
    for (Eigen::Index i = 0; i < D.rows(); ++i)
        for (Eigen::Index j = 0; j < D.cols(); ++j) D(i, j) = sqrt(D(i, j));
    return D;
}

/// \brief The city-block (Manhattan, \f$\ell^1\f$) distances of the rows of X:
///        \f[ d_{ij} = \norm{x_i - x_j}_1 = \sum_k |x_{ik} - x_{jk}|. \f]
///
/// A metric, but not a Euclidean one: chapter 2 shows the negative eigenvalues of
/// \f$-\tfrac12 J D^{(2)} J\f$ it produces. Exact in `kb::rational`.
/// \param X N×q, one point per row.
/// \throws kb::error if X is empty or not finite.
template <class T>
Matrix<T> city_block_distances(const Matrix<T>& X) {
    // dᵢⱼ = Σ_k |x_ik − x_jk|
    return detail::pairwise(X, "city_block_distances", [](const auto& d) { return T(d.cwiseAbs().sum()); });
}

/// \brief The entry-wise square \f$D^{(2)} = (d_{ij}^2)\f$ of a dissimilarity matrix
///        (the callers check the rest of D with kb::require_dissimilarity()).
/// \throws kb::error if an entry is not finite or its square overflows.
template <class T>
Matrix<T> entrywise_square(const Matrix<T>& D) {
    constexpr std::string_view where = "entrywise_square";
    require_finite(D, where, "D");
    //! [ch02-entrywise-square]
    Matrix<T> D2 = D.cwiseProduct(D);
    if (const auto at = detail::first_non_finite(D2))
        fail(where, "D({},{}) = {} squares to {}, beyond the range of the scalar type; rescale the dissimilarities",
             at->first, at->second, shown(D(at->first, at->second)), shown(D2(at->first, at->second)));
    //! [ch02-entrywise-square]
    return D2;
}

/// \brief Checks that D is a dissimilarity matrix: square with at least 2 points,
///        finite, symmetric, zero on the diagonal and non-negative.
///
/// Symmetry, the zero diagonal and non-negativity are checked to the rounding of one
/// pass of arithmetic, \f$\tau = 8\,N\,\varepsilon\,\max_{ij}|d_{ij}|\f$ (exactly in
/// `kb::rational`): \f$|d_{ij} - d_{ji}| \le \tau\f$, \f$|d_{ii}| \le \tau\f$,
/// \f$d_{ij} \ge -\tau\f$.
/// \param D    N×N matrix of dissimilarities (or of squared dissimilarities).
/// \param where the calling function, for the message.
/// \param name  the argument's name, for the message.
/// \throws kb::error naming the first offending entry and what to do.
template <class T>
void require_dissimilarity(const Matrix<T>& D, std::string_view where, std::string_view name) {
    using std::abs;
    require(D.rows() == D.cols(), where,
            "{} must be a square N×N dissimilarity matrix, but it is {}×{}", name, D.rows(), D.cols());
    require(D.rows() >= 2, where,
            "{} is {}×{}: MDS needs at least 2 points (a dissimilarity matrix of size N ≥ 2)",
            name, D.rows(), D.cols());
    require_finite(D, where, name);
    const Eigen::Index N = D.rows();
    const T tau = T(8) * T(N) * epsilon<T>() * max_abs(D);
    for (Eigen::Index i = 0; i < N; ++i) {
        require(abs(D(i, i)) <= tau, where,
                "the diagonal of {} must be zero (the dissimilarity of a point to itself), "
                "but {}({},{}) = {}; set the diagonal to 0",
                name, name, i, i, shown(D(i, i)));
        for (Eigen::Index j = i + 1; j < N; ++j) {
            require(abs(D(i, j) - D(j, i)) <= tau, where,
                    "{} must be symmetric, but {}({},{}) = {} and {}({},{}) = {}; a dissimilarity matrix "
                    "lists d(i,j) = d(j,i) — symmetrise it as (D + Dᵀ)/2 if that is meant",
                    name, name, i, j, shown(D(i, j)), name, j, i, shown(D(j, i)));
            if (!(D(i, j) >= -tau && D(j, i) >= -tau)) {
                // Name the more negative of the pair.
                const Eigen::Index a = D(i, j) < D(j, i) ? i : j, b = a == i ? j : i;
                fail(where, "{} has a negative dissimilarity {}({},{}) = {}; "
                        "dissimilarities are ≥ 0 — check the data or the sign convention",
                        name, name, a, b, shown(D(a, b)));
            }
        }
    }
}

/// \brief The classical-MDS Gram matrix \f$B = -\tfrac12\, J D^{(2)} J\f$ of squared dissimilarities
///        (`zhu:2.2.2`); \f$(JY)(JY)^\top\f$ for Euclidean distances of points Y. Exact in `kb::rational`.
/// \param D2 N×N squared dissimilarities \f$d_{ij}^2\f$ (kb::require_dissimilarity()).
/// \throws kb::error if D2 is not a dissimilarity matrix.
/// \see \ref ch02-distances "Chapter 2, §4"
template <class T>
Matrix<T> gram_from_squared_distances(const Matrix<T>& D2) {
    require_dissimilarity(D2, "gram_from_squared_distances", "D2");
    //! [mds-gram]
    // B = −½ J D² J: double centring, then the factor −½.
    return double_center(D2) * (T(-1) / T(2));
    //! [mds-gram]
}

/// \brief What the matrix given to kb::ClassicalMds holds.
enum class MdsInput {
    gram,              ///< a Gram (similarity) matrix B, used as given
    squared_distances, ///< squared dissimilarities \f$D^{(2)}\f$: \f$B = -\tfrac12 JD^{(2)}J\f$ (kb::gram_from_squared_distances())
    distances          ///< dissimilarities D (`zhu:2.2.2`): squared entrywise, then as `squared_distances`
};

/// \brief The settings of kb::ClassicalMds, by name:
///        `kb::ClassicalMds mds(D, {.components = 2, .input = kb::MdsInput::distances})`.
struct MdsOptions {
    /// p, \f$1 \le p \le\f$ the number of positive eigenvalues of B; kb::all_components (the
    /// default) keeps every positive one.
    Eigen::Index components = all_components;
    /// What the matrix holds (default kb::MdsInput::gram).
    MdsInput input = MdsInput::gram;
};

/// \brief Classical MDS (`zhu:def1`, `zhu:2.2.2`): constructing it computes the
///        coordinates \f$X = [\sqrt{\lambda_1}u_1, \dots, \sqrt{\lambda_p}u_p]\f$, the whole spectrum
///        of the Gram matrix B, and how much of B the coordinates could not represent.
///
/// Eigenvalues decreasing, eigenvectors with the sign rule of kb::apply_sign_rule(); those with
/// \f$|\lambda| \le \tau\f$ (the `rank_tolerance()`) count as zero. A Gram matrix is used as given
/// (centre uncentred similarities first with kb::double_center()); for \f$YY^\top\f$ of centred
/// data X are the PCA scores (`zhu:1.2.1`, `zhu:1.2.2`, `gallier:svd`). Only positive
/// eigenvalues give coordinates: negative ones are reported (`negative()`, `negative_mass()`),
/// never square-rooted.
/// \see \ref ch02-classical "§3", \ref ch02-svd "§6", \ref ch02-report "§5: what it reports"
/// \code
/// kb::ClassicalMds mds(D, {.components = 2, .input = kb::MdsInput::distances}); // T from D
/// kb::Matrix<double> X = mds.coordinates();          // N×2
/// \endcode
template <class T>
class ClassicalMds {
public:
    /// \brief Classical MDS of the N×N matrix M, read as `input` says.
    /// \param M N×N: a symmetric finite Gram matrix, or dissimilarities (symmetric, zero
    ///          diagonal, ≥ 0; kb::require_dissimilarity()), or their squares; N ≥ 2.
    /// \param options the number of coordinates p and what M holds (kb::MdsOptions).
    /// \throws kb::error on a non-square, non-symmetric or non-finite matrix, a malformed
    ///         dissimilarity matrix, N < 2, p < 1, p > N, p larger than the number of
    ///         positive eigenvalues of B (the message gives that number and the negative mass,
    ///         and says when all points coincide: B = 0), or a B whose eigenvalues T cannot
    ///         represent (beyond its range, or a kept one below its normal range; the message
    ///         names the input's scale).
    ///
    /// An input whose largest entry lies outside \f$[2^{-200}, 2^{200}]\f$ is used as
    /// \f$2^{-e}M\f$ and the results multiplied back (kb::power_of_two_exponent()): exact, so
    /// the coordinates of \f$2^kD\f$ (or of \f$4^kD^{(2)}\f$, \f$4^kB\f$) are \f$2^k\f$
    /// times those of D, bit for bit.
    explicit ClassicalMds(const Matrix<T>& M, const MdsOptions& options = {}) {
        const Eigen::Index components = options.components;
        const MdsInput input = options.input;
        // Inputs beyond [2^-200, 2^200] in size are used as 2^-e·M, and the results multiplied
        // back (detail::ExactScale): exact, and D² and B stay inside the range of T while they
        // are formed. Gram matrices and squared distances are squares of the data's scale: e is
        // even, so the coordinates scale by the power of two 2^(e/2).
        const detail::ExactScale<T> scale(
            {"ClassicalMds", "M", max_abs(M), "rescale the input (the coordinates scale with it)"},
            input != MdsInput::distances);
        if (scale.active()) { // checked at the input's own scale first, so that a message shows its values
            if (input == MdsInput::gram) {
                require_square(M, "ClassicalMds", "B");
                require_symmetric(M, "ClassicalMds", "B");
            }
            if (input == MdsInput::squared_distances) require_dissimilarity(M, "gram_from_squared_distances", "D2");
            if (input == MdsInput::distances) require_dissimilarity(M, "ClassicalMds", "D");
        }
        //! [ch02-mds-input]
        const Matrix<T> Ms = scale.down(M);
        switch (input) {
        case MdsInput::gram: fit(Ms, components); break;
        case MdsInput::squared_distances: fit(gram_from_squared_distances(Ms), components); break;
        case MdsInput::distances:
            require_dissimilarity(Ms, "ClassicalMds", "D");
            fit(gram_from_squared_distances(entrywise_square(Ms)), components);
            break;
        }
        //! [ch02-mds-input]
        // Degrees in the input: the coordinates 1 and B 2 for distances, ½ and 1 for squares.
        if (scale.active()) rescale(scale, input == MdsInput::distances ? 1 : 2);
    }

    /// \brief N×p coordinates, one point per row: column j is \f$\sqrt{\lambda_j}\,u_j\f$.
    const Matrix<T>& coordinates() const { return X_; }
    /// \brief The N×N Gram matrix B that was decomposed.
    const Matrix<T>& gram() const { return B_; }
    /// \brief \f$\lambda_1 \ge \dots \ge \lambda_p > 0\f$: the eigenvalues of the p coordinates kept.
    Vector<T> eigenvalues() const { return eigenvalues_.head(X_.cols()); }
    /// \brief All N eigenvalues of B, decreasing, negative ones included.
    const Vector<T>& spectrum() const { return eigenvalues_; }
    /// \brief N×N, column j the unit eigenvector \f$u_j\f$ (the sign rule of kb::apply_sign_rule()).
    const Matrix<T>& eigenvectors() const { return eigenvectors_; }
    /// \brief Number p of coordinates kept (columns of `coordinates()`).
    Eigen::Index components() const { return X_.cols(); }
    /// \brief Number N of points.
    Eigen::Index size() const { return B_.rows(); }
    /// \brief Number of eigenvalues \f$> \tau\f$ (the largest p allowed).
    Eigen::Index positive() const { return positive_; }
    /// \brief Number of eigenvalues \f$< -\tau\f$ (0 iff B is PSD to rounding).
    Eigen::Index negative() const { return negative_; }
    /// \brief \f$\tau = 64\,N\,\varepsilon\,\max_j|\lambda_j|\f$ (kb::psd_rounding_tolerance()).
    const T& rank_tolerance() const { return tolerance_; }
    /// \brief \f$\sum_{\lambda_j<-\tau}|\lambda_j| \,/\, \sum_j|\lambda_j|\f$: how non-Euclidean the input is.
    const T& negative_mass() const { return negative_mass_; }
    /// \brief \f$\sum_{j>p,\ \lambda_j>\tau}\lambda_j \,/\, \sum_j|\lambda_j|\f$: positive mass
    ///        left out when p < `positive()`.
    const T& discarded_mass() const { return discarded_mass_; }
    /// \brief \f$\norm{B - XX^\top}_F = (\sum_{j>p}\lambda_j^2)^{1/2}\f$, the minimum of
    ///        `zhu:def1`, from the spectrum.
    const T& residual() const { return residual_; }
    /// \brief The checks of the fit (kb::Check): orthonormal eigenvectors and the eigen-residual
    ///        of all N eigenpairs of B, with the bounds of numerics.hpp.
    const std::vector<Check<T>>& checks() const { return checks_; }

private:
    void fit(const Matrix<T>& B, Eigen::Index components) {
        using std::abs;
        using std::max;
        using std::sqrt;
        constexpr std::string_view where = "ClassicalMds";
        require_square(B, where, "B");
        require(B.rows() >= 2, where, "B is 1×1: MDS needs at least 2 points");
        require_symmetric(B, where, "B");
        const Eigen::Index N = B.rows();
        require(components == all_components || (components >= 1 && components <= N), where,
                "components = {} coordinates were asked for, but there are N = {} points; "
                "choose 1 ≤ components ≤ N, or kb::all_components",
                components, N);

        B_ = B;
        //! [mds-eigen]
        // B = Σ_j λ_j u_j u_jᵀ, λ₁ ≥ … ≥ λ_N.
        const SymmetricEigen<T> eig = symmetric_eigen(B);
        eigenvalues_ = eig.values;
        eigenvectors_ = eig.vectors;
        //! [mds-eigen]
        //! [ch02-mds-counts]
        const T scale = max(abs(eig.values(0)), abs(eig.values(N - 1)));
        tolerance_ = psd_rounding_tolerance<T>(N, scale);

        // Count the positive and negative eigenvalues; |λ| ≤ τ is rounding.
        T total(0), negative_sum(0);
        for (Eigen::Index j = 0; j < N; ++j) {
            total += abs(eig.values(j));
            if (eig.values(j) > tolerance_) ++positive_;
            if (eig.values(j) < -tolerance_) {
                ++negative_;
                negative_sum += abs(eig.values(j));
            }
        }
        const Eigen::Index p = components == all_components ? positive_ : components;
        //! [ch02-mds-counts]
        if (p > positive_ || p < 1) {
            // No eigenvalue beyond rounding either way: B = 0, the points all coincide.
            const std::string choose =
                positive_ > 0   ? fmt::format(" — choose components ≤ {}", positive_)
                : negative_ > 0 ? std::string()
                                : std::string("; B = 0 to rounding: all points coincide, so there is no coordinate "
                                              "to give them");
            fail(where, "{} asked for, but B has only {} positive eigenvalue(s) (and {} "
                    "negative, holding {} of Σ|λ|); a coordinate needs √λ with λ > 0{}",
                    detail::asked_for(components, p, "positive coordinate", "coordinates"), positive_,
                    negative_, shown(total > 0 ? T(negative_sum / total) : T(0)), choose);
        }

        //! [mds-coordinates]
        // X = U_p Λ_p^{1/2}: column j is √λ_j u_j.
        X_ = eig.vectors.leftCols(p);
        for (Eigen::Index j = 0; j < p; ++j) X_.col(j) *= sqrt(eig.values(j));
        //! [mds-coordinates]

        //! [ch02-mds-residual]
        // What the coordinates leave out: negative mass, discarded positive mass, the residual.
        T discarded(0), residual2(0);
        for (Eigen::Index j = p; j < N; ++j) {
            if (eig.values(j) > tolerance_) discarded += eig.values(j);
            residual2 += eig.values(j) * eig.values(j);
        }
        negative_mass_ = negative_sum / total;
        discarded_mass_ = discarded / total;
        residual_ = sqrt(residual2);
        //! [ch02-mds-residual]
        checks_ = detail::eigenpair_checks(B_, eigenvectors_, eigenvalues_, scale, "B", "U", "max|λ|");
    }

    // Back to the input's scale, for a fit of 2^-e·M: coordinates of degree 1/den in the input,
    // B and its spectrum of degree 2/den (den = 1 for distances, 2 for squares); the largest and
    // the kept ones must be normal numbers of T.
    void rescale(const detail::ExactScale<T>& scale, int den) {
        using std::abs;
        constexpr std::string_view why = "the eigenvalues of B are squares of the distances' scale";
        const Eigen::Index p = X_.cols();
        scale.require_finite("the eigenvalue λ_1 of B", T(abs(eigenvalues_(0))), why, 2, den);
        scale.require_finite("max |B_ij|", max_abs(B_), why, 2, den);
        scale.require_normal(fmt::format("the eigenvalue λ_{} of B", p), eigenvalues_(p - 1), why, 2, den);
        X_ = scale.up(X_, 1, den);
        B_ = scale.up(B_, 2, den);
        eigenvalues_ = scale.up(eigenvalues_, 2, den);
        tolerance_ = scale.up(tolerance_, 2, den);
        residual_ = scale.up(residual_, 2, den);
        detail::rescale_check(checks_[1], scale.power(2, den)); // computed on 2^-e·B
    }

    Matrix<T> X_;
    Matrix<T> B_;
    Vector<T> eigenvalues_;
    Matrix<T> eigenvectors_;
    Eigen::Index positive_ = 0;
    Eigen::Index negative_ = 0;
    T tolerance_ = T(0);
    T negative_mass_ = T(0);
    T discarded_mass_ = T(0);
    T residual_ = T(0);
    std::vector<Check<T>> checks_;
};

/// \cond INTERNAL
namespace detail {
/// A configuration X for the N×N matrix M: one row per point, at least one coordinate.
template <class T>
void require_configuration(const Matrix<T>& X, const Matrix<T>& M, const char* where, const char* name) {
    require(X.rows() == M.rows() && X.cols() >= 1, where,
            "X is {}×{} but {} is {}×{}; X must have one row per point",
            X.rows(), X.cols(), name, M.rows(), M.cols());
}
} // namespace detail
/// \endcond

/// \brief The objective of classical MDS (`zhu:def1`) at a configuration X:
///        \f[ \sum_{i,j}\bigl(b_{ij} - x_i^\top x_j\bigr)^2 = \norm{B - XX^\top}_F^2. \f]
///
/// The seed minimises \f$\norm{B - XX^\top}_F\f$; its square has the same minimisers and is
/// exact in `kb::rational`.
/// \param B N×N similarities; \param X N×p configuration.
/// \throws kb::error if the shapes do not match.
template <class T>
T classical_mds_objective(const Matrix<T>& B, const Matrix<T>& X) {
    require_square(B, "classical_mds_objective", "B");
    detail::require_configuration(X, B, "classical_mds_objective", "B");
    //! [ch02-objective]
    return (B - X * X.transpose()).squaredNorm();
    //! [ch02-objective]
}

/// \brief The MDS objective of `zhu:mds-setup` with \f$d_2\f$ the Euclidean distance:
///        \f[ \sum_{1\le i,j\le N}\bigl(d_{ij} - \norm{x_i - x_j}\bigr)^2 \f]
///        (every pair counted twice, as the seed writes it). Floating-point types only.
/// \param D N×N dissimilarities \f$d_{ij} = d_1(y_i, y_j)\f$; \param X N×p configuration.
/// \throws kb::error if D is not a dissimilarity matrix or X has the wrong number of rows.
template <class T>
T mds_stress(const Matrix<T>& D, const Matrix<T>& X) {
    require_dissimilarity(D, "mds_stress", "D");
    detail::require_configuration(X, D, "mds_stress", "D");
    //! [ch02-stress]
    return (D - distances(X)).squaredNorm();
    //! [ch02-stress]
}

/// \brief One Guttman transform (the SMACOF step) \f$X^{+} = \tfrac1N\,C(X)\,X\f$ for the stress of
///        kb::mds_stress(); the stress never increases. Floating-point types only.
/// \param D N×N dissimilarities; \param X N×p configuration (points closer than
///        \f$64N\varepsilon\max|X|\f$ count as coincident).
/// \throws kb::error as kb::mds_stress().
/// \see \ref ch02-setup "Chapter 2, §1"
template <class T>
Matrix<T> guttman_transform(const Matrix<T>& D, const Matrix<T>& X) {
    require_dissimilarity(D, "guttman_transform", "D");
    detail::require_configuration(X, D, "guttman_transform", "D");
    const Eigen::Index N = D.rows();
    const Matrix<T> E = distances(X);
    // Points closer than the rounding of the configuration's coordinates are coincident: C is
    // discontinuous there (0 at xᵢ = xⱼ, ±dᵢⱼ/N in the step for any split), and a computed
    // configuration — classical MDS of points with equal projections — cannot tell 0 from a
    // separation of a few ulps, which would decide the step by the signs of rounding errors.
    //! [ch02-guttman]
    const T coincident = T(64) * T(N) * epsilon<T>() * max_abs(X);
    // C(X): off-diagonal −dᵢⱼ/‖xᵢ − xⱼ‖, diagonal minus the row sum.
    Matrix<T> C = Matrix<T>::Zero(N, N);
    for (Eigen::Index i = 0; i < N; ++i)
        for (Eigen::Index j = 0; j < N; ++j)
            if (i != j && E(i, j) > coincident) C(i, j) = -D(i, j) / E(i, j);
    for (Eigen::Index i = 0; i < N; ++i) C(i, i) = -C.row(i).sum();
    return C * X / T(N);
    //! [ch02-guttman]
}

} // namespace kb
