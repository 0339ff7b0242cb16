/// \file corner_tests.cpp
/// \brief The spectral functions at full precision where they are hardest: singular PSD
///        matrices whose zero eigenvalues come out of the eigensolver as rounding-level
///        negative numbers (kb::psd_sqrt, kb::psd_inverse_sqrt, kb::psd_pseudo_inverse against
///        closed forms), the explicit map's pseudo-inverse route on a singular Gram matrix
///        (against its rational closed form), and the 50- and 100-digit eigensolver on a
///        coupling far below double's ε (against the exact roots of the characteristic
///        polynomial).
#include "test_support.hpp"

#include "exact_roots.hpp"
#include "kernelbook/basic_kernels.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/spectral.hpp"

#include <cmath>
#include <type_traits>

namespace {

namespace er = kb::test::exact_roots;

/// H = I − ½·𝟙𝟙ᵀ (4×4): symmetric and orthogonal (H² = I − 𝟙𝟙ᵀ + ¼·𝟙(𝟙ᵀ𝟙)𝟙ᵀ = I), entries ±½,
/// exact in every scalar type.
template <class T>
Matrix<T> corner_householder() {
    return Matrix<T>::Identity(4, 4) - Matrix<T>::Constant(4, 4, T(1) / T(2));
}

/// H diag(d) H, the symmetric matrix with eigenvalues d and eigenvectors the columns of H.
template <class T>
Matrix<T> corner_matrix(const T& d0, const T& d1, const T& d2, const T& d3) {
    const Matrix<T> H = corner_householder<T>();
    Vector<T> d(4);
    d << d0, d1, d2, d3;
    return H * d.asDiagonal() * H;
}

/// The spectrum of the singular corner: λ₁ = 2, λ₂ = 1 (‖K‖₂ = 2), and the eigenvalues that are
/// 0 in exact arithmetic given as ±η with η = c₂·n·ε·‖K‖₂, the eigensolver's backward-error
/// bound (kb::test::factorisation) and half the PSD rounding level τ = 64·n·ε·‖K‖₂: eigenvalues
/// that rounding could have produced from the zeros of H diag(2, 1, 0, 0) H, of a sign chosen
/// here instead of left to the rounding. −η lies in [−τ, 0): by kb::psd_sqrt's contract it is
/// rounding, and its root is 0.
template <class T>
T corner_eta() {
    return kb::numerics::factorisation_error<T>(4, T(2));
}

/// The bound on ‖f(K̂) − f(K)‖_F for a spectral function f computed as V̂ diag(f(λ̂)) V̂ᵀ on K of
/// norm ‖K‖₂ whose smallest kept eigenvalue is λ_r: the eigensolver's backward error E
/// (‖E‖ ≤ c₂·n·ε·‖K‖) moves f(K) by at most D·‖E‖_F, D the largest divided difference
/// |f(a) − f(b)|/|a − b| over the eigenvalues a of K and b of K + E (the Frobenius-norm
/// perturbation identity ‖f(A) − f(B)‖_F² = Σ |f(a_i) − f(b_j)|² |u_iᵀv_j|²), taken twice for
/// the first-order terms; V̂ orthonormal only to c₂·n·ε moves V̂ diag(f) V̂ᵀ by 2·max|f| times
/// that; the product V̂ diag(f) V̂ᵀ rounds by c₁·n·ε·max|f|.
template <class T>
kb::test::Bound<T> corner_bound(const T& normK, const T& divided_difference, const T& max_f) {
    return kb::test::plus(kb::test::factorisation<T>(4, T(T(2) * divided_difference * normK + T(2) * max_f)),
                          kb::test::one_pass<T>(4, max_f));
}

} // namespace

TEST_CASE_TEMPLATE("psd_sqrt of a singular PSD matrix whose zero eigenvalues are rounding-level negative numbers is "
                   "the closed form H diag(sqrt 2, 1, 0, 0) H to the eigensolver's bound",
                   T, KB_REALS) {
    using std::sqrt;
    const T eta = corner_eta<T>();
    const Matrix<T> K = corner_matrix<T>(T(2), T(1), T(-eta), T(-eta));
    // The closed form: √ on the eigenvalues 2 and 1, 0 on the rounding-level ones (one sqrt and
    // one product, in T, independently of the library).
    const Matrix<T> root = corner_matrix<T>(T(sqrt(T(2))), T(1), T(0), T(0));
    // √ on (2, 1): the divided differences are at most 1/√λ₂ = 1 — between λ₂ = 1 and the
    // eigenvalues at 0, where the root is 0 — and max √λ = √2 < 2.
    const auto bound = plus(corner_bound<T>(T(2), T(1), T(2)), kb::test::one_pass<T>(4, T(2)));
    // The setup: the computed eigenvalues of the null space are negative and above −τ (the
    // solver moves them by far less than η), so psd_sqrt takes them as rounding and roots 0.
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(K);
    REQUIRE(eig.values(2) < 0);
    REQUIRE(eig.values(3) < 0);
    KB_CHECK_WITHIN(T((kb::psd_sqrt(K) - root).norm()), bound, "K^{1/2} = H diag(√2, 1, 0, 0) H");
    // Companion: the root of |λ| at the rounding-level negative eigenvalues (√η ≈ √ε·‖K‖ along
    // the null space) is caught by the same bound.
    const Vector<T> wrong = eig.values.unaryExpr([](const T& l) { return T(sqrt(T(l < 0 ? T(-l) : l))); });
    KB_CHECK_EXCEEDS(T((eig.vectors * wrong.asDiagonal() * eig.vectors.transpose() - root).norm()), bound,
                     "√|λ| at the rounding-level negative eigenvalues");
    if constexpr (!std::is_same_v<T, double>) {
        // Companion: one step in double — √2 rounded to 53 bits — is caught in real50 and real100.
        const Matrix<T> in_double = corner_matrix<T>(T(std::sqrt(2.0)), T(1), T(0), T(0));
        KB_CHECK_EXCEEDS(T((in_double - root).norm()), bound, "√2 in double");
    }
}

TEST_CASE_TEMPLATE("psd_inverse_sqrt and psd_pseudo_inverse of a singular PSD matrix with rounding-level eigenvalues "
                   "of both signs are the closed forms H diag(1/sqrt 2, 1, 0, 0) H and H diag(1/2, 1, 0, 0) H",
                   T, KB_REALS) {
    using std::sqrt;
    const T eta = corner_eta<T>();
    // Rounding-level eigenvalues +η and −η: the rank tolerance ½ (between them and λ₂ = 1) cuts
    // both, whatever their sign.
    const Matrix<T> K = corner_matrix<T>(T(2), T(1), eta, T(-eta));
    const T tol = T(1) / T(2);
    const Matrix<T> inv_root = corner_matrix<T>(T(T(1) / sqrt(T(2))), T(1), T(0), T(0));
    const Matrix<T> pinv = corner_matrix<T>(T(1) / T(2), T(1), T(0), T(0));
    // 1/√λ on (2, 1): divided differences at most λ₂^{-3/2} = 1 (λ₂ against the cut ones, whose
    // value is 0), max 1/√λ = 1; 1/λ: at most 1/λ₂² = 1, max 1/λ = 1. The closed form of
    // K^{+1/2} is rounded once more (1/√2), as much as one pass.
    const auto bound_inv_root = plus(corner_bound<T>(T(2), T(1), T(1)), kb::test::one_pass<T>(4, T(1)));
    const auto bound_pinv = corner_bound<T>(T(2), T(1), T(1));
    KB_CHECK_WITHIN(T((kb::psd_inverse_sqrt(K, tol) - inv_root).norm()), bound_inv_root,
                    "K^{+1/2} = H diag(1/√2, 1, 0, 0) H");
    KB_CHECK_WITHIN(T((kb::psd_pseudo_inverse(K, tol) - pinv).norm()), bound_pinv, "K⁺ = H diag(½, 1, 0, 0) H");
    // Companions: a tolerance below the rounding-level eigenvalue +η inverts it (1/η ≫ 1).
    KB_CHECK_EXCEEDS(T((kb::psd_inverse_sqrt(K, T(eta / 2)) - inv_root).norm()), bound_inv_root,
                     "K^{+1/2} with the rounding-level eigenvalue kept");
    KB_CHECK_EXCEEDS(T((kb::psd_pseudo_inverse(K, T(eta / 2)) - pinv).norm()), bound_pinv,
                     "K⁺ with the rounding-level eigenvalue kept");
    if constexpr (!std::is_same_v<T, double>) {
        // Companion: 1/√2 rounded to 53 bits is caught in real50 and real100.
        const Matrix<T> in_double = corner_matrix<T>(T(1.0 / std::sqrt(2.0)), T(1), T(0), T(0));
        KB_CHECK_EXCEEDS(T((in_double - inv_root).norm()), bound_inv_root, "1/√2 in double");
    }
}

TEST_CASE_TEMPLATE("the explicit map of a singular Gram matrix with a rank tolerance is the closed form phi(z) = X z / "
                   "sqrt 2 (K^{+1/2} = X X^T / 2^{3/2}) to the eigensolver's bound, whatever the sign of the zero "
                   "eigenvalues",
                   T, KB_REALS) {
    using std::sqrt;
    // X (4×2) with orthogonal columns of squared norm 2 (XᵀX = 2I), the linear kernel: K = XXᵀ has
    // the eigenvalues 2, 2, 0, 0 with eigenvectors U = X/√2, so K^{+1/2} = U diag(2^{-1/2}) Uᵀ =
    // XXᵀ/2^{3/2} and φ(z) = K^{+1/2}Xz = X(XᵀX)z/2^{3/2} = Xz/√2 — one square root, computed here
    // without the library, irrational, so a step in double shows. The zeros of K come out of the
    // eigensolver as rounding-level numbers of either sign; the rank tolerance 1 (between them
    // and 2) cuts them whatever their sign.
    Matrix<T> X(4, 2);
    X << 1, 0, 0, 1, 1, 0, 0, 1;
    Matrix<T> Z(3, 2);
    Z << 3, -1, T(1) / T(2), 2, T(-5) / T(4), T(3) / T(8);
    const kb::ExplicitFeatureMap<T> phi(kb::LinearKernel<T>{}, X, {.rank_tolerance = T(1)});
    REQUIRE(phi.rank() == 2);
    const Matrix<T> exact = Z * X.transpose() / T(sqrt(T(2))); // rows φ(z_m)ᵀ = z_mᵀXᵀ/√2
    // f(λ) = λ^{-1/2} on the kept eigenvalue 2, 0 on the cut ones: divided differences at most
    // 2^{-1/2}/2 < ½ (λ^{-1/2}'s derivative at 2 is 2^{-5/2}), max f = 2^{-1/2} < 1; φ(Z) =
    // K^{+1/2}k_Z multiplies the error of K^{+1/2} by ‖k_Z‖_F, the product rounds by one pass of
    // that size, and the closed form's √2 by one more.
    const Matrix<T> kZ = X * Z.transpose();
    const T kn = T(kZ.norm());
    const auto bound = plus(corner_bound<T>(T(2), T(kn / T(2)), kn), kb::test::one_pass<T>(4, kn));
    const Matrix<T> features = phi.transform(Z);
    KB_CHECK_WITHIN(T((features - exact).norm()), bound, "φ(z) = Xz/√2");
    // The features reproduce the kernel on the span of the training points: ⟨φ(z), φ(w)⟩ = zᵀw
    // (the error of φ twice, times ‖φ(Z)‖ ≤ ‖k_Z‖).
    const auto bound2 = plus(plus(bound, bound), kb::test::one_pass<T>(4, T(kn * kn)));
    KB_CHECK_WITHIN(T((features * features.transpose() - Z * Z.transpose()).norm()), bound2, "⟨φ(z), φ(w)⟩ = zᵀw");
    // Companion: λ^{-1} in place of λ^{-1/2} — the library's K⁺ applied to k_z (= Xz/2) — is caught.
    const Matrix<T> pinv_features = (kb::psd_pseudo_inverse(phi.gram(), T(1)) * kZ).transpose();
    KB_CHECK_EXCEEDS(T((pinv_features - exact).norm()), bound, "K⁺k_z (λ^{-1} for λ^{-1/2})");
    if constexpr (!std::is_same_v<T, double>) {
        // Companion: the same map computed in double is caught in real50 and real100.
        const Matrix<double> Xd = X.template cast<double>(), Zd = Z.template cast<double>();
        const kb::ExplicitFeatureMap<double> phi_d(kb::LinearKernel<double>{}, Xd, {.rank_tolerance = 1.0});
        const Matrix<T> in_double = phi_d.transform(Zd).template cast<T>();
        KB_CHECK_EXCEEDS(T((in_double - exact).norm()), bound, "the map computed in double");
    }
}

TEST_CASE_TEMPLATE("symmetric_eigen in real50 and real100 resolves a coupling far below double's epsilon: the "
                   "eigenvalues are the roots of det(xI - A) to the factorisation bound",
                   T, kb::real50, kb::real100) {
    // A = [[2, 1, δ], [1, 3, 0], [δ, 0, 1]], δ = 2⁻⁷⁰ ≈ 8.5·10⁻²²: the Householder step of the
    // tridiagonalisation meets x = (1, δ) (x₀ − β with the wrong sign of β cancels to 2⁻¹⁴¹), and
    // the tridiagonal's last off-diagonal entry is about 2δ — negligible to double's ε, not to
    // ε(real50) ≈ 2⁻¹⁶⁶. Dropping it moves an eigenvalue by about δ² ≈ 7·10⁻⁴³ and the
    // eigenvectors by δ, far above the bounds c₂·n·ε·‖A‖ (≈ 10⁻⁴⁶ in real50).
    rational delta(1);
    for (int i = 0; i < 70; ++i) delta /= 2;
    kb::Matrix<rational> Aq(3, 3);
    Aq << 2, 1, delta, 1, 3, 0, delta, 0, 1;
    kb::Matrix<rational> A0 = Aq; // the same without the coupling
    A0(0, 2) = A0(2, 0) = 0;
    const std::vector<er::Root> exact = er::eigenvalues(Aq, er::reference_width());
    const std::vector<er::Root> uncoupled = er::eigenvalues(A0, er::reference_width());
    REQUIRE(exact.size() == 3);
    REQUIRE(uncoupled.size() == 3);
    const Matrix<T> A = kb::convert_matrix<T>(Aq); // exact: δ is a power of two
    const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(A);
    const T normA = T(A.norm());
    const auto bound = kb::test::factorisation<T>(3, normA);
    T farthest(0), farthest_uncoupled(0);
    for (int j = 0; j < 3; ++j) {
        farthest = std::max(farthest, er::enclosure_error(eig.values(j), exact[std::size_t(j)]));
        farthest_uncoupled = std::max(farthest_uncoupled, er::enclosure_error(eig.values(j), uncoupled[std::size_t(j)]));
    }
    KB_CHECK_WITHIN(farthest, bound, "λ_j = root j of det(xI − A)");
    KB_CHECK_WITHIN(T((A * eig.vectors - eig.vectors * eig.values.asDiagonal()).norm()), bound, "‖AV − VΛ‖");
    KB_CHECK_WITHIN(T((eig.vectors.transpose() * eig.vectors - Matrix<T>::Identity(3, 3)).norm()),
                    kb::test::factorisation<T>(3, T(1)), "‖VᵀV − I‖");
    // Companion: the eigenvalues of the uncoupled matrix — what a solver that drops the
    // coupling computes — are told apart from A's by the same bound.
    KB_CHECK_EXCEEDS(farthest_uncoupled, bound, "the roots of det(xI − A) without the coupling δ");
}
