#pragma once
/// \file checks.hpp
/// \brief The checks an estimator verified on its own result (kb::Check): what each measures,
///        the value measured, the bound the arithmetic allows and the bound's formula.
///
/// kb::Pca, kb::ClassicalMds, kb::KernelPca and kb::ExplicitFeatureMap compute their checks
/// while they fit, on the data as they fitted them: for data beyond \f$[2^{-200}, 2^{200}]\f$
/// that is \f$2^{-e}\f$ times the data (kb::power_of_two_exponent()), and value and bound are
/// multiplied back by the same power of two — exact, so a check never overflows where the
/// result does not (a plain \f$\|r\|_2\f$ of a residual of \f$10^{180}\f$ would). Every bound
/// is on the scale of the rounding it bounds (numerics.hpp).
/// \see \ref ch07-checks-routes "Chapter 7's engineering notes" (the checks of the two routes)

#include "kernelbook/matrix.hpp"
#include "kernelbook/numerics.hpp"

#include <string>
#include <vector>

namespace kb {

/// \brief One check of a fitted result: `value` ≤ `bound` passes.
template <class T>
struct Check {
    std::string name;          ///< e.g. "eigen-residual"
    std::string measures;      ///< what `value` is, as a formula: "max_j ‖K̃u_j − μ_j u_j‖₂"
    T value = T(0);            ///< the measured error
    T bound = T(0);            ///< the largest error rounding explains
    std::string bound_formula; ///< how `bound` is derived: "c₂·N·ε·(μ₁ + max|K|)"
    /// \brief value ≤ bound.
    bool passed() const { return value <= bound; }
};

/// \cond INTERNAL
namespace detail {

/// ‖v‖₂ without overflow or underflow of the squares (kb::frobenius_norm() of a column).
template <class T, class Derived>
T safe_norm(const Eigen::MatrixBase<Derived>& v) {
    return frobenius_norm(Matrix<T>(v));
}

/// ‖VᵀV − I‖_max: how far the columns of V are from orthonormal.
template <class T>
T orthonormality_error(const Matrix<T>& V) {
    if (V.cols() == 0) return T(0);
    const Matrix<T> G = V.transpose() * V - Matrix<T>::Identity(V.cols(), V.cols());
    return G.cwiseAbs().maxCoeff();
}

/// max_j ‖M u_j − μ_j u_j‖₂ over the columns of U (safe norms).
template <class T>
T eigen_residual(const Matrix<T>& M, const Matrix<T>& U, const Vector<T>& mu) {
    T worst(0);
    for (Eigen::Index j = 0; j < U.cols(); ++j) {
        const T r = safe_norm<T>(M * U.col(j) - mu(j) * U.col(j));
        if (r > worst) worst = r;
    }
    return worst;
}

/// The orthonormality and eigen-residual checks of the eigenpairs (U, μ) of the symmetric n×n
/// M, whose eigenvalues are at most `norm` in size (and M's rounding as large as that, too).
template <class T>
std::vector<Check<T>> eigenpair_checks(const Matrix<T>& M, const Matrix<T>& U, const Vector<T>& mu, const T& norm,
                                       const std::string& matrix, const std::string& vector,
                                       const std::string& norm_formula) {
    const Eigen::Index n = M.rows();
    return {{"orthonormal eigenvectors", "‖" + vector + "ᵀ" + vector + " − I‖_max",
             orthonormality_error(U), numerics::factorisation_error(n, T(1)), "c₂·N·ε"},
            {"eigen-residual", "max_j ‖" + matrix + "u_j − μ_j u_j‖₂", eigen_residual(M, U, mu),
             numerics::factorisation_error(n, norm), "c₂·N·ε·" + norm_formula}};
}

/// A check computed on 2^-e times the data, at the data's scale: value and bound times 2^e (exact).
template <class T>
void rescale_check(Check<T>& c, int e) {
    c.value = times_power_of_two(c.value, e);
    c.bound = times_power_of_two(c.bound, e);
}

} // namespace detail
/// \endcond

} // namespace kb
