#pragma once
/// \file preimage.hpp
/// \brief Pre-images for kernel PCA: the map from scores back to the input space, learned by
///        kernel ridge regression (\ref ref-bakir-2004 "Bakır, Weston and Schölkopf, 2004";
///        kb::KernelPcaPreimage).
/// \see \ref ch07-preimage "Chapter 7, §7.13 — Pre-images"

#include "kernelbook/error.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/solve.hpp"

#include <string_view>
#include <utility>

namespace kb {

/// \brief The learned inverse of kernel PCA: a map \f$\Gamma\f$ from score vectors
///        \f$y \in \R^p\f$ back to points of the input space \f$\R^q\f$, fitted on the pairs
///        \f$(y_i, x_i)\f$ of the training scores and the training points by kernel ridge
///        regression (\ref ref-bakir-2004 "Bakır, Weston and Schölkopf, 2004").
///
/// A score vector is the image of \f$\phi(x)\f$ projected on the p kernel principal axes; most
/// such projections are the image of no point at all, so kernel PCA has no inverse. Bakır et al.
/// learn one instead: with a kernel \f$\kappa\f$ on the *score space* (its RKHS \f$H\f$,
/// chapter 5) and a ridge \f$\alpha > 0\f$, each coordinate \f$\Gamma_c \in H\f$,
/// c = 1 … q, minimises
/// \f[ \sum_{i=1}^N \bigl(x_{ic} - \Gamma_c(y_i)\bigr)^2 + \alpha\,\norm{\Gamma_c}_H^2 . \f]
/// By the representer theorem the minimiser lies in the span of the sections
/// \f$\kappa(y_i, \cdot)\f$: a part g orthogonal to them has \f$g(y_i) = \inner{g}{\kappa(y_i, \cdot)} = 0\f$
/// (the reproducing property, chapter 5), so it leaves the data term alone and only adds
/// \f$\alpha\norm{g}_H^2\f$. With \f$\Gamma_c = \sum_i \beta_{ic}\,\kappa(y_i, \cdot)\f$ and the Gram matrix
/// \f$(K_Y)_{ij} = \kappa(y_i, y_j)\f$ the objective becomes
/// \f$\norm{x_c - K_Y\beta_c}^2 + \alpha\,\beta_c^\top K_Y\beta_c\f$, whose gradient
/// \f$2K_Y\bigl((K_Y + \alpha I)\beta_c - x_c\bigr)\f$ vanishes at
/// \f[ \beta = (K_Y + \alpha I)^{-1} X \quad (N\times q), \qquad
///     \Gamma(y) = \sum_{i=1}^N \kappa(y, y_i)\,\beta_i \quad (\beta_i \text{ the rows of } \beta). \f]
/// \f$K_Y + \alpha I\f$ is positive definite (\f$K_Y\f$ is PSD, \f$\alpha > 0\f$), so β exists
/// and is unique. Since \f$X = (K_Y + \alpha I)\beta\f$ and \f$\Gamma(Y) = K_Y\beta\f$, exactly
/// \f$X - \Gamma(Y) = \alpha\beta = \alpha(K_Y + \alpha I)^{-1}X\f$: as \f$\alpha \to 0\f$ with \f$K_Y\f$
/// invertible (distinct score rows and a Gaussian κ), Γ interpolates the training pairs, the error
/// falling linearly in α.
///
/// **The kernel κ.** The usual choice (Bakır et al., and scikit-learn's
/// `KernelPCA(fit_inverse_transform=True)`) is the model's own kernel k, with its parameters,
/// applied to score vectors. kb::KernelPca does not give its kernel back, so κ is an argument:
/// pass the kernel the model was fitted with for that choice.
/// \code
/// const auto k = kb::GaussianKernel<double>::from_gamma(2.0);
/// kb::KernelPca<double> kpca(k, X, {.components = 4});
/// kb::KernelPcaPreimage<double> back(kpca, X, k, 0.01); // κ = k, α = 0.01
/// kb::Matrix<double> Xz = back.inverse_transform(kpca.transform(Z)); // = back.reconstruct(kpca, Z)
/// \endcode
/// \see \ref ch07-preimage "§7.13" (the derivation and the denoising figure)
template <class T>
class KernelPcaPreimage {
public:
    /// \brief Learns Γ from a fitted kernel PCA and its training points: the pairs are the rows of
    ///        kb::KernelPca::scores() (N×p) and of X (N×q).
    /// \param model a fitted kb::KernelPca
    /// \param X     the N×q points the model was fitted on, in the same order
    /// \param kappa the kernel κ on score vectors (p coordinates); usually the model's kernel
    /// \param alpha the ridge α > 0
    /// \throws kb::error if α is not finite and > 0, X does not have one row per training point
    ///         or is not finite, or a kernel value κ(y_i, y_j) is not finite.
    KernelPcaPreimage(const KernelPca<T>& model, const Matrix<T>& X, AnyKernel<T> kappa, const T& alpha)
        : KernelPcaPreimage(model.scores(), X, std::move(kappa), alpha) {}

    /// \brief Learns Γ from any N pairs (score rows Y, N×p; points X, N×q): kernel ridge
    ///        regression of X on Y. (The constructor above calls it with Y = kb::KernelPca::scores().)
    /// \throws kb::error as the constructor above, and if Y is empty or not finite.
    KernelPcaPreimage(const Matrix<T>& Y, const Matrix<T>& X, AnyKernel<T> kappa, const T& alpha)
        : kappa_(std::move(kappa)), alpha_(alpha) {
        constexpr std::string_view where = "KernelPcaPreimage";
        require(is_finite(alpha_) && alpha_ > 0, where,
                "the ridge alpha = {} must be finite and > 0 (it makes K_Y + alpha I invertible; a smaller "
                "alpha follows the training points more closely)",
                shown(alpha_));
        require_points(Y, where, "Y (the training scores)");
        require(X.rows() == Y.rows() && X.cols() >= 1, where,
                "X has {} rows but there are {} training scores; give the N points the model was fitted on, "
                "in the same order (one point per row)",
                X.rows(), Y.rows());
        require_finite(X, where, "X");
        Y_ = Y;
        //! [preimage-fit]
        // K_Y = κ(y_i, y_j) on the training scores, then β = (K_Y + αI)⁻¹X by Cholesky.
        Matrix<T> M = detail::kernel_values(kappa_, Y_);
        require_kernel_values(M, where, "kappa(y_i, y_j)", kappa_.describe());
        M.diagonal().array() += alpha_;
        beta_ = solve_spd(M, X);
        //! [preimage-fit]
    }

    /// \brief The pre-images \f$\Gamma(y_m) = \sum_i \kappa(y_m, y_i)\,\beta_i\f$ of the score
    ///        rows of Yz (M×p): an M×q matrix, one point per row.
    /// \throws kb::error if Yz does not have p columns, is empty or is not finite, or a kernel
    ///         value is not finite.
    Matrix<T> inverse_transform(const Matrix<T>& Yz) const {
        constexpr std::string_view where = "KernelPcaPreimage::inverse_transform";
        require(Yz.cols() == Y_.cols(), where,
                "score rows have {} coordinates but the map was learned from {} components; give scores of "
                "the same kernel PCA model (kb::KernelPca::transform)",
                Yz.cols(), Y_.cols());
        require_points(Yz, where, "Yz (the scores)");
        //! [preimage-map]
        // Γ(y_m) = Σ_i κ(y_m, y_i) β_i: the kernel rows of the scores times β.
        const Matrix<T> Kz = detail::kernel_values(kappa_, Yz, Y_);
        require_kernel_values(Kz, where, "kappa(y_m, y_i)", kappa_.describe());
        return Kz * beta_;
        //! [preimage-map]
    }

    /// \brief Denoising, or reconstruction: the pre-images of the kernel PCA scores of the rows
    ///        of Z (M×q), \f$\Gamma(y(z_m))\f$ — `inverse_transform(model.transform(Z))`.
    /// \param model the kb::KernelPca this map was learned from (its training scores must be
    ///              those the map was learned on)
    /// \param Z     M×q points of the input space, one per row
    /// \throws kb::error if `model` is not that model, or as kb::KernelPca::transform() and
    ///         inverse_transform().
    Matrix<T> reconstruct(const KernelPca<T>& model, const Matrix<T>& Z) const {
        require(model.scores().rows() == Y_.rows() && model.scores().cols() == Y_.cols() && model.scores() == Y_,
                "KernelPcaPreimage::reconstruct",
                "the model's training scores ({}×{}) are not those this map was learned from ({}×{}); pass the "
                "kb::KernelPca the map was constructed with",
                model.scores().rows(), model.scores().cols(), Y_.rows(), Y_.cols());
        return inverse_transform(model.transform(Z));
    }

    /// \brief β = \f$(K_Y + \alpha I)^{-1}X\f$ (N×q): the coefficients of Γ on the sections
    ///        \f$\kappa(y_i, \cdot)\f$.
    const Matrix<T>& coefficients() const { return beta_; }
    /// \brief The training scores \f$y_i\f$ (N×p) the map was learned from.
    const Matrix<T>& training_scores() const { return Y_; }
    /// \brief The ridge α.
    const T& ridge() const { return alpha_; }
    /// \brief The kernel κ on score vectors.
    const AnyKernel<T>& kernel() const { return kappa_; }

private:
    AnyKernel<T> kappa_;
    T alpha_;
    Matrix<T> Y_;
    Matrix<T> beta_;
};

} // namespace kb
