#pragma once
/// \file explicit_map_impl.hpp
/// \brief Definitions for explicit_map.hpp, included only by the library's instantiation
///        units (`explicit_map_instantiate_*.cpp`), never by users.

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/explicit_map.hpp"

#include "kernelbook/centering.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/solve.hpp"

#include <limits>
#include <optional>
#include <string>

namespace kb {

namespace {
constexpr const char* explicit_map_where = "ExplicitFeatureMap";
} // namespace

template <class T>
Matrix<T> ExplicitFeatureMap<T>::kernel_columns(const Matrix<T>& Z) const {
    const std::string where = "ExplicitFeatureMap";
    require(Z.rows() >= 1 && Z.cols() == X_.cols(), where,
            "the points Z must be non-empty rows of dimension q = " + std::to_string(X_.cols()) +
                " (the dimension of the training points), but Z is " + std::to_string(Z.rows()) + "×" +
                std::to_string(Z.cols()));
    require_finite(Z, where, "Z");
    Matrix<T> kZ(X_.rows(), Z.rows());
    for (Eigen::Index n = 0; n < X_.rows(); ++n)
        for (Eigen::Index m = 0; m < Z.rows(); ++m) kZ(n, m) = k_(X_.row(n), Z.row(m));
    require_kernel_values(kZ, "k(x_n, z_m)");
    return kZ;
}

template <class T>
Matrix<T> ExplicitFeatureMap<T>::map(const Matrix<T>& Z) const
    requires FloatingScalar<T> { return map_columns(kernel_columns(Z)); }

template <class T>
Matrix<T> ExplicitFeatureMap<T>::map_columns(const Matrix<T>& kZ) const
    requires FloatingScalar<T> {
    require_columns(kZ);
    return (inv_sqrt_ * kZ).transpose();
}

template <class T>
Matrix<T> ExplicitFeatureMap<T>::map_training() const
    requires FloatingScalar<T> { return map_columns(K_); }

template <class T>
Matrix<T> ExplicitFeatureMap<T>::inner_products(const Matrix<T>& A, const Matrix<T>& B) const {
    return inner_products_of_columns(kernel_columns(A), kernel_columns(B));
}

template <class T>
Matrix<T> ExplicitFeatureMap<T>::inner_products_of_columns(const Matrix<T>& kA, const Matrix<T>& kB) const {
    require_columns(kA);
    require_columns(kB);
    if constexpr (is_exact_v<T>)
        return kA.transpose() * (pinv_ * kB);
    else
        return map_columns(kA) * map_columns(kB).transpose();
}

template <class T>
Vector<T> ExplicitFeatureMap<T>::residuals(const Matrix<T>& Z) const {
    const Matrix<T> kZ = kernel_columns(Z);
    Vector<T> r(Z.rows());
    for (Eigen::Index m = 0; m < Z.rows(); ++m) {
        const Matrix<T> g = inner_products_of_columns(kZ.col(m), kZ.col(m));
        r(m) = k_(Z.row(m), Z.row(m)) - g(0, 0);
    }
    return r;
}

template <class T>
Vector<T> ExplicitFeatureMap<T>::mean() const
    requires FloatingScalar<T> {
    return sqrt_ * e();
}

template <class T>
Matrix<T> ExplicitFeatureMap<T>::map_centered(const Matrix<T>& Z) const
    requires FloatingScalar<T> { return map_centered_columns(kernel_columns(Z)); }

template <class T>
Matrix<T> ExplicitFeatureMap<T>::map_centered_columns(const Matrix<T>& kZ) const
    requires FloatingScalar<T> {
    require_columns(kZ);
    // ψ(z) = K^{-1/2}(k_z − Ke): subtract the kernel column of the mean, then map.
    const Vector<T> Ke = K_ * e();
    return (inv_sqrt_ * (kZ.colwise() - Ke)).transpose();
}

template <class T>
Matrix<T> ExplicitFeatureMap<T>::map_training_centered() const
    requires FloatingScalar<T> {
    // Row n is (K^{1/2}(e_n − e))ᵀ: the rows of K^{1/2} minus their mean, i.e. J K^{1/2}.
    return centering_matrix<T>(size()) * sqrt_;
}

template <class T>
Matrix<T> ExplicitFeatureMap<T>::covariance() const
    requires FloatingScalar<T> {
    const Matrix<T> C = sqrt_ * centering_matrix<T>(size()) * sqrt_ / T(size());
    return (C + C.transpose()) / T(2); // exactly symmetric
}

template <class T>
T ExplicitFeatureMap<T>::exactness_error_estimate(const T& k_zz) const {
    using std::sqrt;
    if constexpr (is_exact_v<T>)
        return T(0);
    else
        return T(size()) * epsilon<T>() * sqrt(kappa_ * lambda_(0) * k_zz);
}

template <class T>
ExplicitFeatureMap<T>::ExplicitFeatureMap(KernelFunction k, const Matrix<T>& X, const T& rank_tol, bool has_tol)
    : k_(std::move(k)), X_(X) {
    require(X.rows() >= 1 && X.cols() >= 1, explicit_map_where,
            "the training points X must hold N ≥ 1 points of dimension q ≥ 1 (one per row), but X is " +
                std::to_string(X.rows()) + "×" + std::to_string(X.cols()));
    require_finite(X, explicit_map_where, "X");
    // K_ij = k(x_i, x_j), evaluated on the upper triangle and mirrored: exactly symmetric.
    const Eigen::Index N = X.rows();
    K_.resize(N, N);
    for (Eigen::Index i = 0; i < N; ++i)
        for (Eigen::Index j = i; j < N; ++j) K_(i, j) = K_(j, i) = k_(X.row(i), X.row(j));
    require_kernel_values(K_, "k(x_i, x_j)");
    if constexpr (is_exact_v<T>)
        build_exact(rank_tol, has_tol);
    else
        build_floating(rank_tol, has_tol);
}

template <class T>
void ExplicitFeatureMap<T>::build_exact(const T& rank_tol, bool has_tol)
    requires (!FloatingScalar<T>) {
    require(!has_tol || rank_tol == 0, explicit_map_where,
            "rank_tol = " + show(rank_tol) +
                ": in exact arithmetic the rank of K is exact, so the only meaningful tolerance is 0 (the "
                "exact pseudo-inverse); pass rank_tol = 0, or use a floating type for a truncated map");
    const std::optional<Eigen::Index> r = exact_psd_rank(K_);
    require(r.has_value(), explicit_map_where,
            "K is not positive semi-definite (decided exactly by LDLᵀ): k is not a kernel on these points; "
            "a kernel must give PSD Gram matrices (see chapter 4)");
    rank_ = *r;
    require(rank_ >= 1, explicit_map_where, "K is the zero matrix: the kernel vanishes on the training points");
    require(has_tol || rank_ == size(), explicit_map_where,
            "K is singular: its exact rank is " + std::to_string(rank_) + " < N = " + std::to_string(size()) +
                " (duplicate training points, or a kernel whose feature space has dimension < N); pass "
                "rank_tol = 0 to build the map with the exact pseudo-inverse K⁺");
    pinv_ = rank_ == size() ? inverse_spd(K_) : pseudo_inverse_exact(K_);
}

template <class T>
void ExplicitFeatureMap<T>::build_floating(const T& rank_tol, bool has_tol)
    requires FloatingScalar<T> {
    using std::sqrt;
    const Eigen::Index N = size();
    const SymmetricEigen<T> eig = symmetric_eigen(K_);
    require_psd(eig, explicit_map_where, "K");
    lambda_ = eig.values;
    require(lambda_(0) > 0, explicit_map_where, "K is the zero matrix: the kernel vanishes on the training points");
    rho_ = psd_rounding_tolerance<T>(N, lambda_(0));
    if (has_tol) {
        require(is_finite(rank_tol) && rank_tol >= 0 && rank_tol < lambda_(0), explicit_map_where,
                "rank_tol = " + show(rank_tol) + " is out of range: it must be finite, ≥ 0 and below λ_max = " +
                    show(lambda_(0)) + " (an absolute eigenvalue threshold); the rounding level of " +
                    scalar_name<T>() + " here is " + show(rho_));
        rank_tol_ = rank_tol;
        rank_ = numerical_rank(lambda_, rank_tol);
    } else {
        rank_ = N;
    }
    const T lambda_r = lambda_(rank_ - 1);
    kappa_ = lambda_r > 0 ? T(lambda_(0) / lambda_r) : std::numeric_limits<T>::infinity();
    if (!(lambda_r > rho_)) refuse(has_tol, lambda_r);
    // K^{+1/2} = V_r Λ_r^{-1/2} V_rᵀ,  K⁺ = V_r Λ_r^{-1} V_rᵀ,  K_r^{1/2} = V_r Λ_r^{1/2} V_rᵀ.
    const Matrix<T> Vr = eig.vectors.leftCols(rank_);
    Vector<T> root(rank_);
    for (Eigen::Index i = 0; i < rank_; ++i) root(i) = sqrt(lambda_(i));
    inv_sqrt_ = Vr * root.cwiseInverse().asDiagonal() * Vr.transpose();
    sqrt_ = Vr * root.asDiagonal() * Vr.transpose();
    pinv_ = Vr * lambda_.head(rank_).cwiseInverse().asDiagonal() * Vr.transpose();
}

template <class T>
void ExplicitFeatureMap<T>::refuse(bool has_tol, const T& lambda_r) const
    requires FloatingScalar<T> {
    const T resolution = T(1) / (T(numerics::c_psd) * T(size()) * epsilon<T>());
    const std::string kappa = lambda_r > 0 ? show(kappa_) : std::string("∞");
    const std::string remedies =
        "; use a higher precision (real50: ε = " + show(epsilon<real50>()) + ", real100: ε = " +
        show(epsilon<real100>()) + "), or a rank tolerance of at least the rounding level (the pseudo-inverse "
        "map), or a kernel that separates the points better (Gaussian: a smaller σ, i.e. a larger γ; remove "
        "duplicate or near-duplicate points)";
    if (!has_tol)
        throw error(std::string(explicit_map_where) + ": K is numerically singular in " + scalar_name<T>() +
                    ": κ(K) = λ_max/λ_min = " + kappa + " is at least 1/(64·N·ε) = " + show(resolution) +
                    " with ε(" + scalar_name<T>() + ") = " + show(epsilon<T>()) + " — its smallest eigenvalue " +
                    show(lambda_r) + " is below the rounding level " + show(rho_) +
                    ", so K^{-1/2} is not determined by K in this precision" + remedies);
    throw error(std::string(explicit_map_where) + ": rank_tol = " + show(rank_tol_) + " keeps the eigenvalue " +
                show(lambda_r) + ", below the rounding level 64·N·ε·λ_max = " + show(rho_) + " of " +
                scalar_name<T>() + " (κ of the kept part = " + kappa + ", ε = " + show(epsilon<T>()) +
                "): inverting it would amplify rounding noise; pass rank_tol ≥ " + show(rho_) + remedies);
}

template <class T>
void ExplicitFeatureMap<T>::require_kernel_values(const Matrix<T>& A, const std::string& what) const {
    for (Eigen::Index i = 0; i < A.rows(); ++i)
        for (Eigen::Index j = 0; j < A.cols(); ++j)
            require(is_finite(A(i, j)), explicit_map_where,
                    "the kernel value " + what + " at (" + std::to_string(i) + "," + std::to_string(j) +
                        ") = " + show(A(i, j)) +
                        " is not finite; rescale the data or choose kernel parameters that do not overflow");
}

template <class T>
void ExplicitFeatureMap<T>::require_columns(const Matrix<T>& kZ) const {
    require(kZ.rows() == size(), explicit_map_where,
            "kernel columns k_z must have N = " + std::to_string(size()) + " entries (one per training point), "
            "but have " + std::to_string(kZ.rows()));
}

namespace detail {
template <class T>
Vector<T> sign_of_scores(const Matrix<T>& training_scores) {
    Matrix<T> S = training_scores;
    return apply_sign_rule(S);
}

template <class T>
Eigen::Index resolved_rank(const Vector<T>& values) {
    const T rho = psd_rounding_tolerance<T>(values.size(), values.size() > 0 ? values(0) : T(0));
    return numerical_rank(values, rho);
}

inline void require_components(Eigen::Index p, Eigen::Index available, const std::string& where) {
    require(p >= 1 && p <= available, where,
            "p = " + std::to_string(p) + " components asked for, but the centred feature covariance has " +
                std::to_string(available) +
                " eigenvalues above rounding (its rank is at most N − 1, and at most rank(K)); choose 1 ≤ p ≤ " +
                std::to_string(available));
}
} // namespace detail

template <class T>
PrimalKpca<T> primal_kpca(const ExplicitFeatureMap<T>& map, Eigen::Index p) {
    const SymmetricEigen<T> eig = symmetric_eigen(map.covariance());
    detail::require_components(p, detail::resolved_rank(eig.values), "primal_kpca");
    PrimalKpca<T> out{eig.values.head(p), eig.vectors.leftCols(p), Matrix<T>()};
    // Signs: training scores ⟨ψ(x_n), v⟩ under the sign rule.
    const Vector<T> s = detail::sign_of_scores<T>(map.map_training_centered() * out.v);
    out.v = out.v * s.asDiagonal();
    // u = K^{1/2} v  (eq. 14), so that vᵀv = uᵀK⁻¹u = 1 (eq. 15).
    out.u = map.gram_sqrt() * out.v;
    return out;
}

template <class T>
Matrix<T> primal_projection(const ExplicitFeatureMap<T>& map, const PrimalKpca<T>& pca, const Matrix<T>& kZ) {
    require(kZ.rows() == map.size(), "primal_projection",
            "k_Z must have N = " + std::to_string(map.size()) + " rows (k_Z(n, m) = k(x_n, z_m)), but has " +
                std::to_string(kZ.rows()));
    const Eigen::Index N = map.size();
    const Vector<T> e = Vector<T>::Constant(N, T(1) / T(N));
    // k_z K⁻¹ u − eᵀu, one row per point.
    const Matrix<T> Kinv_u = map.pseudo_inverse() * pca.u;
    Matrix<T> out = kZ.transpose() * Kinv_u;
    out.rowwise() -= (e.transpose() * pca.u);
    return out;
}

template <class T>
DualKpca<T> dual_kpca(const Matrix<T>& K, Eigen::Index p) {
    using std::sqrt;
    const std::string where = "dual_kpca";
    require_psd(symmetric_eigen(K), where, "K");
    const Eigen::Index N = K.rows();
    const Matrix<T> Kt = double_center(K); // K̃ = JKJ
    const SymmetricEigen<T> eig = symmetric_eigen(Kt);
    detail::require_components(p, detail::resolved_rank(eig.values), where);
    DualKpca<T> out{eig.values.head(p) / T(N), Matrix<T>(N, p)};
    for (Eigen::Index j = 0; j < p; ++j) {
        // α̂ = K w is an eigenvector of K̄ = KJ; normalise by eq. 22: α̂ᵀ JKJ α̂ = 1.
        const Vector<T> alpha_hat = K * eig.vectors.col(j);
        const T norm2 = alpha_hat.dot(Kt * alpha_hat);
        out.alpha.col(j) = alpha_hat / sqrt(norm2);
    }
    return out;
}

template <class T>
Matrix<T> dual_projection(const Matrix<T>& K, const DualKpca<T>& dual, const Matrix<T>& kZ) {
    const std::string where = "dual_projection";
    require_square(K, where, "K");
    require(kZ.rows() == K.rows() && dual.alpha.rows() == K.rows(), where,
            "k_Z (" + std::to_string(kZ.rows()) + " rows) and α (" + std::to_string(dual.alpha.rows()) +
                " rows) must have N = " + std::to_string(K.rows()) + " rows");
    const Eigen::Index N = K.rows();
    const Vector<T> e = Vector<T>::Constant(N, T(1) / T(N));
    // Jα = (I − Neeᵀ)α, then k_z Jα − eᵀK Jα.
    const Matrix<T> Ja = centering_matrix<T>(N) * dual.alpha;
    Matrix<T> out = kZ.transpose() * Ja;
    out.rowwise() -= e.transpose() * K * Ja;
    return out;
}

template <class T>
Matrix<T> combined_projection(const DualKpca<T>& dual, const Matrix<T>& kZ) {
    require(kZ.rows() == dual.alpha.rows() && dual.lambda.size() == dual.alpha.cols(), "combined_projection",
            "k_Z has " + std::to_string(kZ.rows()) + " rows but α is " + std::to_string(dual.alpha.rows()) + "×" +
                std::to_string(dual.alpha.cols()) + " with " + std::to_string(dual.lambda.size()) +
                " eigenvalues; they must come from the same N training points");
    const Eigen::Index N = kZ.rows();
    const T NN(N);
    const Vector<T> e = Vector<T>::Constant(N, T(1) / NN);
    Matrix<T> out(kZ.cols(), dual.alpha.cols());
    for (Eigen::Index j = 0; j < dual.alpha.cols(); ++j) {
        const Vector<T> alpha = dual.alpha.col(j);
        const T e_alpha = e.dot(alpha);
        // k_z (α − (N eᵀα) e) − N λ eᵀα
        const Vector<T> a = alpha - (NN * e_alpha) * e;
        out.col(j) = kZ.transpose() * a;
        out.col(j).array() -= NN * dual.lambda(j) * e_alpha;
    }
    return out;
}

} // namespace kb

/// Instantiates the explicit map for one scalar type: every compiled member (the lists are in
/// explicit_map.hpp) — the square-root members for floating types, the exact construction for
/// rationals.
#define KB_EXPLICIT_MAP_INSTANTIATE_FLOATING(T) namespace kb { KB_EXPLICIT_MAP_MEMBERS_FLOATING(template, T) }
#define KB_EXPLICIT_MAP_INSTANTIATE_EXACT(T) namespace kb { KB_EXPLICIT_MAP_MEMBERS_EXACT(template, T) }
