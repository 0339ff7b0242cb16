#pragma once
/// \file explicit_map.hpp
/// \brief The exact explicit feature map \f$\phi(z) = K^{-1/2}k_z\f$ of Ghiasi-Shirazi & Qaraei,
///        its centred form, and kernel PCA through it (primal, dual, combined; eqs. 12–25).
/// \see \ref ch08-explicit-map "Chapter 8 — The exact explicit feature map"

#include "kernelbook/checks.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/progress.hpp"
#include "kernelbook/spectral.hpp"

#include <optional>
#include <string>
#include <utility>

namespace kb {

/// \brief The gaps \f$r(z) = k(z,z) - \norm{\phi(z)}^2\f$ of new points and their check
///        (kb::ExplicitFeatureMap::residual_gaps()).
template <class T>
struct ResidualGaps {
    T min = T(0);      ///< \f$\min_z r(z)\f$ (negative only by rounding)
    T max = T(0);      ///< \f$\max_z r(z)\f$
    T max_k_zz = T(0); ///< \f$\max_z |k(z, z)|\f$
    Check<T> check;    ///< \f$\max(0, -\min_z r(z))\f$ against its rounding bound
};

/// \brief The settings of kb::ExplicitFeatureMap, by name:
///        `kb::ExplicitFeatureMap phi(k, X, {.rank_tolerance = 1e-10})`.
template <class T>
struct FeatureMapOptions {
    /// None (the default): K must be invertible, \f$\phi(z) = K^{-1/2}k_z\f$. Given: the
    /// pseudo-inverse map \f$\phi(z) = K^{+1/2}k_z\f$ over the eigenvalues of K above it (an
    /// absolute threshold, like kb::psd_inverse_sqrt). In floating types it must be finite,
    /// \f$\ge 0\f$ and below λ_max, and every kept eigenvalue must lie above the rounding level
    /// kb::ExplicitFeatureMap::rounding_level (a tolerance below it would invert rounding
    /// noise). In `kb::rational` the rank is exact: it must be 0, and the exact pseudo-inverse
    /// is used.
    std::optional<T> rank_tolerance;
    /// Hears the steps of the eigen-decomposition of K (kb::ProgressCallback; default: none).
    ProgressCallback progress = {};
};

/// \brief The exact explicit feature map \f$\phi(z) = K^{-1/2}k_z\f$ (`ghiasi:thm1`, eq. 4)
///        built from a kernel and N training points, with its centred form
///        \f$\psi(z) = K^{-1/2}(k_z - Ke)\f$ (eq. 9), \f$e = \tfrac1N\one\f$.
///
/// Exact, \f$\inner{\phi(x_n)}{\phi(z)} = k(x_n, z)\f$, when one of the two points is a
/// training point; between two test points it gives the Nyström kernel (kb::nystrom_kernel).
/// Floating types form the features; `kb::rational` offers only the inner products (exactly).
/// In floating types a K whose eigenvalues to be inverted are not above the rounding level
/// is refused.
/// \see \ref ch08-exact "§8.4" (where the map is exact), \ref ch08-singular "§8.5" (singular K,
///      the rank tolerance), \ref ch08-conditioning "§8.9" (the precision policy)
template <class T>
class ExplicitFeatureMap {
public:
    /// \brief The map \f$\phi(z) = K^{-1/2}k_z\f$ for the training points X (N×q, N ≥ 1); with
    ///        a rank tolerance, the pseudo-inverse map \f$\phi(z) = K^{+1/2}k_z\f$ over the
    ///        eigenvalues of K above it (kb::FeatureMapOptions).
    ///
    /// \param k any kb::Kernel over T (e.g. kb::GaussianKernel); the map keeps it as a kb::AnyKernel.
    /// \param X N×q training points, one per row, finite.
    /// \param options the rank tolerance (none: K must be invertible) and a progress callback
    ///        for the eigen-decomposition of K.
    /// \throws kb::error if X is empty or not finite, a kernel value is not finite, K is
    ///         not PSD, or K is (numerically) singular without a rank tolerance — then give one,
    ///         a higher precision, or a better-conditioned kernel; and on a rank tolerance out of
    ///         range.
    ExplicitFeatureMap(AnyKernel<T> k, const Matrix<T>& X, const FeatureMapOptions<T>& options = {})
        : ExplicitFeatureMap(std::move(k), X, options.rank_tolerance.value_or(T(0)),
                             options.rank_tolerance.has_value(), options.progress) {}

    /// \brief Number of training points N (also the dimension of the feature space).
    Eigen::Index size() const { return X_.rows(); }

    /// \brief Number of feature coordinates, the columns of kb::ExplicitFeatureMap::transform():
    ///        N (a rank tolerance leaves N coordinates, spanning a subspace of dimension r).
    Eigen::Index components() const { return X_.rows(); }

    /// \brief Dimension q of the input points.
    Eigen::Index input_dimension() const { return X_.cols(); }

    /// \brief Number r of eigenvalues of K kept (N unless a rank tolerance cut some).
    Eigen::Index rank() const { return rank_; }

    /// \brief The training points X (N×q).
    const Matrix<T>& training_points() const { return X_; }

    /// \brief The training Gram matrix \f$K_{ij} = k(x_i, x_j)\f$.
    const Matrix<T>& gram() const { return K_; }

    /// \brief The kernel columns \f$k_z\f$ of the points Z: the N×M matrix
    ///        \f$(k_Z)_{nm} = k(x_n, z_m)\f$, i.e. \f$k_Z = \f$ kb::gram(k, Z, X)\f$^\top\f$ (the paper
    ///        writes \f$k_z\f$ as a column, so this class works with the transpose of the book's
    ///        one-point-per-row kernel rows).
    /// \throws kb::error if Z is empty, not finite, of the wrong dimension, or a kernel value is not finite.
    Matrix<T> kernel_columns(const Matrix<T>& Z) const;

    /// \brief The mean of the mapped training points, \f$M = \tfrac1N\sum_n\phi(x_n) = K^{1/2}e\f$
    ///        (eq. 8, `ghiasi:eq8`). Floating types only.
    Vector<T> mean() const
        requires FloatingScalar<T>;

    /// \brief The features \f$\phi(z_m) = K^{-1/2}k_{z_m}\f$ (eq. 4, `ghiasi:thm1`), one row
    ///        per point of Z (M×N). Floating types only.
    /// \throws kb::error as kb::ExplicitFeatureMap::kernel_columns.
    //! [map-transform]
    Matrix<T> transform(const Matrix<T>& Z) const
        requires FloatingScalar<T> { return transform_columns(kernel_columns(Z)); }
    //! [map-transform]

    /// \brief The centred features \f$\psi(z_m) = \phi(z_m) - M = K^{-1/2}(k_{z_m} - Ke)\f$
    ///        (eq. 9 as corrected, `ghiasi:eq9`), one row per point of Z. Floating types only.
    /// \throws kb::error as kb::ExplicitFeatureMap::kernel_columns.
    Matrix<T> transform_centered(const Matrix<T>& Z) const
        requires FloatingScalar<T> { return transform_centered_columns(kernel_columns(Z)); }

    /// \brief \f$\phi\f$ applied to given kernel columns \f$k_Z\f$ (N×M), rows \f$\phi(z_m)^\top\f$.
    /// \throws kb::error if k_Z does not have N rows or is not finite.
    Matrix<T> transform_columns(const Matrix<T>& kZ) const
        requires FloatingScalar<T>;

    /// \brief \f$\psi\f$ applied to given kernel columns \f$k_Z\f$ (N×M).
    /// \throws kb::error if k_Z does not have N rows or is not finite.
    Matrix<T> transform_centered_columns(const Matrix<T>& kZ) const
        requires FloatingScalar<T>;

    /// \brief The features of the training points, rows \f$\phi(x_n)^\top\f$ (N×N);
    ///        \f$\phi(x_n) = K^{-1/2}Ke_n = K^{1/2}e_n\f$.
    Matrix<T> training_features() const
        requires FloatingScalar<T> { return transform_columns(K_); }

    /// \brief The centred training features \f$\psi(x_n) = K^{1/2}(e_n - e)\f$ (eq. 10,
    ///        `ghiasi:eq10`), one row per training point (N×N). Floating types only.
    Matrix<T> training_features_centered() const
        requires FloatingScalar<T>;

    /// \brief The covariance of the centred training features,
    ///        \f$C = \tfrac1N K^{1/2}(I - Nee^\top)K^{1/2}\f$ (eq. 11, `ghiasi:eq11`), N×N.
    ///        Floating types only.
    Matrix<T> covariance() const
        requires FloatingScalar<T>;

    /// \brief The inner products \f$\inner{\phi(a_i)}{\phi(b_j)}\f$ of the points A and B
    ///        (A×B), in every scalar type: \f$k_a^\top K^{+}k_b\f$, computed from the features
    ///        in floating types and exactly (no square root) in rationals. Equal to
    ///        \f$k(a_i, b_j)\f$ when one of the two is a training point (`ghiasi:thm1`).
    /// \throws kb::error as kb::ExplicitFeatureMap::kernel_columns.
    Matrix<T> inner_products(const Matrix<T>& A, const Matrix<T>& B) const;

    /// \brief \f$k_a^\top K^{+} k_b\f$ for given kernel columns (N×A and N×B).
    /// \throws kb::error if a block of kernel columns does not have N rows or is not finite.
    Matrix<T> inner_products_of_columns(const Matrix<T>& kA, const Matrix<T>& kB) const;

    /// \brief The values \f$k(z_m, z_m)\f$ of the kernel at the points Z (M of them, one per row):
    ///        M evaluations, never the M×M Gram matrix of Z.
    /// \throws kb::error if Z is empty, not finite, of the wrong dimension, or a value is not finite.
    Vector<T> kernel_diagonal(const Matrix<T>& Z) const;

    /// \brief The gaps \f$r(z_m) = k(z_m,z_m) - \norm{\phi(z_m)}^2 \ge 0\f$: the squared RKHS
    ///        distance of \f$k(z_m,\cdot)\f$ from \f$\mathrm{span}\{k(x_n,\cdot)\}\f$ (zero at
    ///        the training points, exact in rationals); eq. 26 (`ghiasi:eq26`) holds for
    ///        the map up to \f$-r(z)\f$.
    /// Time and memory linear in M: the N×M kernel columns and M values \f$k(z_m, z_m)\f$.
    /// \see \ref ch08-exact "§8.4"
    /// \throws kb::error as kb::ExplicitFeatureMap::kernel_columns, or if a value
    ///         \f$k(z_m, z_m)\f$ is not finite.
    Vector<T> residuals(const Matrix<T>& Z) const;

    /// \brief \f$K^{-1/2}\f$ (or \f$K^{+1/2}\f$ with a rank tolerance). Floating types only.
    const Matrix<T>& inverse_sqrt() const
        requires FloatingScalar<T>
    {
        return inv_sqrt_;
    }

    /// \brief \f$K^{1/2}\f$ (with a rank tolerance: \f$K^{+1/2}K\f$, the root of the kept
    ///        part of K). Floating types only.
    const Matrix<T>& gram_sqrt() const
        requires FloatingScalar<T>
    {
        return sqrt_;
    }

    /// \brief \f$K^{-1}\f$, or the pseudo-inverse \f$K^{+}\f$ with a rank tolerance (exact in rationals).
    const Matrix<T>& pseudo_inverse() const { return pinv_; }

    /// \brief All N eigenvalues of K, decreasing (floating types; empty in rationals).
    const Vector<T>& spectrum() const { return lambda_; }

    /// \brief The r kept eigenvalues of K, \f$\lambda_1 \ge \dots \ge \lambda_r\f$ (floating
    ///        types; empty in rationals).
    Vector<T> eigenvalues() const { return lambda_.head(lambda_.size() == 0 ? 0 : rank_); }

    /// \brief \f$\kappa = \lambda_1/\lambda_r\f$ over the kept eigenvalues (floating types;
    ///        0 in rationals, where the map is exact whatever κ).
    T condition_number() const { return kappa_; }

    /// \brief The rounding level \f$\rho = 64\,N\,\varepsilon(T)\,\lambda_{\max}\f$ below which
    ///        an eigenvalue of K is not determined in T (0 in rationals).
    T rounding_level() const { return rho_; }

    /// \brief The rank tolerance used (0 if none was given; kb::FeatureMapOptions).
    T rank_tolerance() const { return rank_tol_; }

    /// \brief The size of the exactness error to expect from rounding,
    ///        \f$|\inner{\phi(x_n)}{\phi(z)} - k(x_n,z)| \approx
    ///        N\,\varepsilon(T)\sqrt{\kappa\,\lambda_{\max}\,k(z,z)}\f$ (a first-order estimate;
    ///        0 in rationals).
    /// \see \ref ch08-conditioning "§8.9"
    /// \param k_zz \f$k(z,z)\f$, or a bound on it over the points of interest.
    T exactness_error_estimate(const T& k_zz) const;

    /// \brief The check of the map on its training points (kb::Check), computed when called:
    ///        with K inverted exactly (full rank), \f$\max_{ij}|\inner{\phi(x_i)}{\phi(x_j)} - K_{ij}|\f$
    ///        against \f$c_2\f$ times kb::ExplicitFeatureMap::exactness_error_estimate(); none
    ///        with a rank below N (the map is not exact there). Floating types only.
    std::vector<Check<T>> checks() const
        requires FloatingScalar<T>;

    /// \brief The gaps \f$r(z) \ge 0\f$ of the new points Z (kb::ExplicitFeatureMap::residuals()),
    ///        `block` rows at a time (N×block kernel values, never the M×M Gram matrix of Z): their
    ///        range, the largest \f$k(z, z)\f$, and their check, \f$\max(0, -\min_z r(z))\f$ against
    ///        \f$c_2\f$ times the exactness estimate with \f$\max(k(z,z), \max_n k(x_n, x_n))\f$.
    ///        Floating types only.
    /// \throws kb::error as kb::ExplicitFeatureMap::residuals(), or if block < 1.
    ResidualGaps<T> residual_gaps(const Matrix<T>& Z, Eigen::Index block) const
        requires FloatingScalar<T>;

private:
    ExplicitFeatureMap(AnyKernel<T> k, const Matrix<T>& X, const T& rank_tol, bool has_tol,
                       const ProgressCallback& progress);
    void build_exact(const T& rank_tol, bool has_tol)
        requires(!FloatingScalar<T>);
    void build_floating(const T& rank_tol, bool has_tol, const ProgressCallback& progress)
        requires FloatingScalar<T>;
    [[noreturn]] void refuse(bool has_tol, const T& lambda_r) const
        requires FloatingScalar<T>;
    void require_columns(const Matrix<T>& kZ) const;
    Vector<T> e() const { return Vector<T>::Constant(size(), T(1) / T(size())); }

    AnyKernel<T> k_;
    Matrix<T> X_;
    Matrix<T> K_;
    Eigen::Index rank_ = 0;
    Matrix<T> inv_sqrt_;
    Matrix<T> sqrt_;
    Matrix<T> pinv_;
    Vector<T> lambda_;
    T kappa_ = T(0);
    T rho_ = T(0);
    T rank_tol_ = T(0);
};

/// \brief The scalar type of kb::ExplicitFeatureMap(k, X, …) is deduced from the points X.
template <class K, class T>
    requires Kernel<K, T>
ExplicitFeatureMap(K, Matrix<T>, FeatureMapOptions<T> = {}) -> ExplicitFeatureMap<T>;

/// \brief Kernel PCA in the explicit feature space, primal form (eqs. 12–15,
///        `ghiasi:eq12-15`): the eigenpairs \f$(\lambda, v)\f$ of the covariance C, and
///        \f$u = K^{1/2}v\f$.
template <class T>
struct PrimalKpca {
    Vector<T> lambda; ///< \f$\lambda_1 \ge \dots \ge \lambda_p > 0\f$, eigenvalues of C
    Matrix<T> v;      ///< N×p, unit eigenvectors of C: \f$K^{1/2}(I - Nee^\top)K^{1/2}v = N\lambda v\f$ (eq. 12)
    Matrix<T> u;      ///< N×p, \f$u = K^{1/2}v\f$: \f$K(I - Nee^\top)u = N\lambda u\f$ (eq. 14), \f$u^\top K^{-1}u = 1\f$ (eq. 15)
};

/// \brief Kernel PCA in the explicit feature space, dual form without the kernel trick
///        (eqs. 17–22, `ghiasi:eq17-23`): eigenvectors α of the non-symmetric
///        \f$\bar K = K(I - Nee^\top)\f$. With the primal u of the same component,
///        \f$u = \bar K\alpha = N\lambda\alpha\f$ (eq. 24, `ghiasi:eq24`).
template <class T>
struct DualKpca {
    Vector<T> lambda; ///< \f$\lambda_1 \ge \dots \ge \lambda_p > 0\f$ (\f$\bar K\alpha = N\lambda\alpha\f$, eq. 21)
    Matrix<T> alpha;  ///< N×p, normalised by eq. 22: \f$\alpha^\top(I - Nee^\top)K(I - Nee^\top)\alpha = 1\f$
};

/// \brief The primal solution (eqs. 12–15, `ghiasi:eq12-15`): PCA of the explicitly mapped,
///        centred training data, \f$Cv = \lambda v\f$ with \f$C = \tfrac1N K^{1/2}(I - Nee^\top)K^{1/2}\f$.
///
/// Eigenvalues decreasing; each v is signed so that its training scores
/// \f$\inner{\psi(x_n)}{v}\f$ obey the sign rule of kb::apply_sign_rule(), as in kb::dual_kpca.
/// \see \ref ch08-kpca "§8.6"
/// \param map the explicit map (floating types).
/// \param p number of components, 1 ≤ p ≤ the number of non-zero eigenvalues of C.
/// \throws kb::error if p is out of range.
template <class T>
PrimalKpca<T> primal_kpca(const ExplicitFeatureMap<T>& map, Eigen::Index p);

/// \brief The primal projection (eq. 16, `ghiasi:eq16`):
///        \f$\inner{\psi(z)}{v} = k_z^\top K^{-1}u - e^\top u\f$, for the kernel
///        columns \f$k_Z\f$ (N×M) of M points; returns M×p.
/// \throws kb::error if k_Z does not have N rows or is not finite.
template <class T>
Matrix<T> primal_projection(const ExplicitFeatureMap<T>& map, const PrimalKpca<T>& pca, const Matrix<T>& kZ);

/// \brief The dual solution without the kernel trick (eqs. 17–22, `ghiasi:eq17-23`), solved
///        through the symmetric eigenproblem \f$JKJw = \mu w\f$: \f$\alpha = Kw/\mu^{3/2}\f$
///        (eq. 22 as printed), \f$N\lambda = \mu\f$, eigenvalues decreasing.
///
/// \f$J\alpha\f$ is the coefficient vector of appendix A (`ghiasi:appA`); the primal u of the
/// same component is \f$N\lambda\alpha\f$ (eq. 24, `ghiasi:eq24`).
/// \see \ref ch08-kpca "§8.6"
/// \param K N×N symmetric PSD Gram matrix.
/// \param p number of components, 1 ≤ p ≤ the number of non-zero eigenvalues of JKJ.
/// \throws kb::error if K is not square, finite, symmetric and PSD, or p is out of range.
template <class T>
DualKpca<T> dual_kpca(const Matrix<T>& K, Eigen::Index p);

/// \brief The dual projection (eq. 23, `ghiasi:eq17-23`):
///        \f$\inner{\psi(z)}{v} = k_z^\top(I - Nee^\top)\alpha - e^\top K(I - Nee^\top)\alpha\f$,
///        for kernel columns \f$k_Z\f$ (N×M); returns M×p. Works in every scalar type.
/// \throws kb::error on mismatched shapes.
template <class T>
Matrix<T> dual_projection(const Matrix<T>& K, const DualKpca<T>& dual, const Matrix<T>& kZ);

/// \brief The combined projection (eq. 25, `ghiasi:eq25`):
///        \f$\inner{\psi(z)}{v} = k_z(\alpha - (Ne^\top\alpha)e) - N\lambda\,e^\top\alpha\f$ —
///        only α, λ and \f$k_z\f$: no centred kernel matrix, no K. Kernel columns \f$k_Z\f$
///        (N×M); returns M×p. Works in every scalar type.
/// \throws kb::error on mismatched shapes.
template <class T>
Matrix<T> combined_projection(const DualKpca<T>& dual, const Matrix<T>& kZ);

/// \cond INTERNAL
// The compiled members, listed once: PREFIX is `extern template` here (declarations) and
// `template` in the library's generated instantiation units (definitions; src/CMakeLists.txt
// generates one unit per module and scalar type from this list). Members are named one by one
// rather than by `template class`, because clang 14 instantiates a constrained member in an
// explicit class instantiation even when its constraint is not satisfied; so the list ends in
// the members of the scalar's kind, chosen by the scalar's name: the square-root members for
// the floating types, the exact construction for rationals. The inline members are left to
// implicit instantiation.
#define KB_EXPLICIT_MAP_MEMBERS(PREFIX, T)                                                      \
    PREFIX ExplicitFeatureMap<T>::ExplicitFeatureMap(AnyKernel<T>, const Matrix<T>&, const T&, bool,          \
                                                     const ProgressCallback&);                         \
    PREFIX Matrix<T> ExplicitFeatureMap<T>::kernel_columns(const Matrix<T>&) const;             \
    PREFIX Matrix<T> ExplicitFeatureMap<T>::inner_products(const Matrix<T>&, const Matrix<T>&) const; \
    PREFIX Matrix<T> ExplicitFeatureMap<T>::inner_products_of_columns(const Matrix<T>&,         \
                                                                      const Matrix<T>&) const;  \
    PREFIX Vector<T> ExplicitFeatureMap<T>::residuals(const Matrix<T>&) const;                  \
    PREFIX Vector<T> ExplicitFeatureMap<T>::kernel_diagonal(const Matrix<T>&) const;            \
    PREFIX T ExplicitFeatureMap<T>::exactness_error_estimate(const T&) const;                   \
    PREFIX void ExplicitFeatureMap<T>::require_columns(const Matrix<T>&) const;                 \
    PREFIX Matrix<T> dual_projection<T>(const Matrix<T>&, const DualKpca<T>&, const Matrix<T>&); \
    PREFIX Matrix<T> combined_projection<T>(const DualKpca<T>&, const Matrix<T>&);             \
    KB_EXPLICIT_MAP_MEMBERS_OF_##T(PREFIX, T)
#define KB_EXPLICIT_MAP_MEMBERS_EXACT(PREFIX, T) PREFIX void ExplicitFeatureMap<T>::build_exact(const T&, bool);
#define KB_EXPLICIT_MAP_MEMBERS_FLOATING(PREFIX, T)                                             \
    PREFIX void ExplicitFeatureMap<T>::build_floating(const T&, bool, const ProgressCallback&); \
    PREFIX void ExplicitFeatureMap<T>::refuse(bool, const T&) const;                           \
    PREFIX Matrix<T> ExplicitFeatureMap<T>::transform_columns(const Matrix<T>&) const;               \
    PREFIX Vector<T> ExplicitFeatureMap<T>::mean() const;                                      \
    PREFIX Matrix<T> ExplicitFeatureMap<T>::transform_centered_columns(const Matrix<T>&) const;      \
    PREFIX Matrix<T> ExplicitFeatureMap<T>::training_features_centered() const;                     \
    PREFIX Matrix<T> ExplicitFeatureMap<T>::covariance() const;                                \
    PREFIX std::vector<Check<T>> ExplicitFeatureMap<T>::checks() const;                        \
    PREFIX ResidualGaps<T> ExplicitFeatureMap<T>::residual_gaps(const Matrix<T>&, Eigen::Index) const; \
    PREFIX PrimalKpca<T> primal_kpca<T>(const ExplicitFeatureMap<T>&, Eigen::Index);            \
    PREFIX Matrix<T> primal_projection<T>(const ExplicitFeatureMap<T>&, const PrimalKpca<T>&,   \
                                          const Matrix<T>&);                                    \
    PREFIX DualKpca<T> dual_kpca<T>(const Matrix<T>&, Eigen::Index);
#define KB_EXPLICIT_MAP_MEMBERS_OF_double KB_EXPLICIT_MAP_MEMBERS_FLOATING
#define KB_EXPLICIT_MAP_MEMBERS_OF_real50 KB_EXPLICIT_MAP_MEMBERS_FLOATING
#define KB_EXPLICIT_MAP_MEMBERS_OF_real100 KB_EXPLICIT_MAP_MEMBERS_FLOATING
#define KB_EXPLICIT_MAP_MEMBERS_OF_rational KB_EXPLICIT_MAP_MEMBERS_EXACT
KB_EXPLICIT_MAP_MEMBERS(extern template, double)
KB_EXPLICIT_MAP_MEMBERS(extern template, real50)
KB_EXPLICIT_MAP_MEMBERS(extern template, real100)
KB_EXPLICIT_MAP_MEMBERS(extern template, rational)
/// \endcond

} // namespace kb
