/// \file mercer.cpp
/// \brief Chapter 5: Mercer's theorem (`beeny:C`, empty in the draft) on the Nyström
///        discretisation of a Gaussian kernel's integral operator: the full expansion is
///        exact at the nodes, the eigenvalues are non-negative and sum to \f$\int k(x,x)\,d\mu\f$,
///        the eigenfunctions are orthonormal in the discrete \f$L^2\f$, the truncation error
///        decreases monotonically in the number of terms at the nodes and off the grid (down to
///        the quadrature floor), the Gauss–Hermite eigenvalues approach the closed form
///        \f$2^{-i}\f$ as nodes are added, and the converged eigenvalues on an interval decay
///        faster than geometrically.
#include "rkhs_test_kernels.hpp"

#include "kernelbook/kernels.hpp"
#include "kernelbook/mercer.hpp"
#include "kernelbook/spectral.hpp"

#include <string>
#include <type_traits>
#include <vector>


namespace {

// Largest grid per type (the suite's time budget: eigen-decompositions in 50/100 digits).
template <class T>
int max_nodes() {
    if constexpr (std::is_same_v<T, double>) return 40;
    if constexpr (std::is_same_v<T, kb::real50>) return 20;
    return 14;
}

// A Gaussian kernel exp(−γ(x − y)²), γ = g/4 ∈ {1/4, …, 4}, on a Gauss–Legendre or trapezoid
// rule for the Lebesgue measure on [−1, 1]: the recipe (N, g, rule) and its discretisation.
template <class T>
struct Discretisation {
    int N;
    long g;
    bool gauss;
    kb::NystromMercer<T, kb::GaussianKernel<T>> M;
};

template <class T>
kb::QuadratureRule<T> rule_of(int N, bool gauss) {
    return gauss ? kb::gauss_legendre_rule<T>(N, T(-1), T(1)) : kb::trapezoid_rule<T>(N, T(-1), T(1));
}

template <class T>
Discretisation<T> any_discretisation() {
    const int N = *size_in(4, max_nodes<T>());
    const long g = *int_in(1, 16);
    const bool gauss = *int_in(0, 1) == 1;
    const auto k = kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(g, 4));
    return {N, g, gauss, kb::NystromMercer<T, kb::GaussianKernel<T>>(k, rule_of<T>(N, gauss))};
}

// The eigenvalues of the same discretisation computed independently of kb::NystromMercer:
// A = W^{1/2} K W^{1/2} assembled here, from the rule rebuilt in higher precision (real50 for a
// double case — 34 more digits than needed, at a fraction of the time — real100 otherwise), and
// decomposed there. They are the reference the bounds divide by, never the eigenvalues under test.
template <class T>
Vector<T> reference_eigenvalues(int N, long g, bool gauss) {
    using R = std::conditional_t<std::is_same_v<T, double>, kb::real50, kb::real100>;
    using std::sqrt;
    const auto rule = rule_of<R>(N, gauss);
    const Matrix<R> K = kb::gram(kb::GaussianKernel<R>::from_gamma(kb::ratio<R>(g, 4)), rule.nodes);
    Matrix<R> A(N, N);
    for (int j = 0; j < N; ++j)
        for (int l = 0; l < N; ++l) A(j, l) = sqrt(R(rule.weights(j) * rule.weights(l))) * K(j, l);
    return kb::convert_matrix<T>(kb::symmetric_eigen(A).values);
}

using ch05::negative_part;
using ch05::positive_part;

// ‖A‖₂ ≤ tr A = Σ_j w_j k(t_j, t_j) = Σ_j w_j = 2 for the PSD A = W^{1/2}KW^{1/2} of a kernel with
// k(x, x) = 1 on a rule for the Lebesgue measure on [−1, 1]: the input scale of every bound below.
template <class T>
T trace_bound() {
    return T(2);
}

// A perturbation bound on an eigenvalue of A as computed in T: the backward error of the
// eigensolver plus the rounding of the rule and of A (both O(N ε ‖A‖)), by Weyl's theorem.
template <class T>
T eigenvalue_perturbation(Eigen::Index N) {
    return kb::test::factorisation<T>(N, T(2) * trace_bound<T>()).value;
}

} // namespace

//! [mercer-exact]
TEST_CASE_TEMPLATE("Mercer on a grid: the full expansion reproduces k at the nodes with orthonormal e_i and eigenvalues >= 0 summing to the integral of k(x x) [beeny:C]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        using std::sqrt;
        const auto D = any_discretisation<T>();
        const auto& M = D.M;
        const Eigen::Index N = M.size();
        const Vector<T>& w = M.rule().weights;
        const Vector<T>& lambda = M.eigenvalues();
        const Matrix<T>& E = M.eigenfunctions_at_nodes();
        // Bounds from the inputs: ‖A‖₂ ≤ tr A = 2, the smallest weight, and eigenvalues computed
        // independently in real100 (never the eigenvalues under test).
        const T normA = trace_bound<T>(), wmin = w.minCoeff();
        const Vector<T> ref = reference_eigenvalues<T>(D.N, D.g, D.gauss);
        const T delta = eigenvalue_perturbation<T>(N);
        // The eigenvalues are those of A: Weyl, |λ̂ᵢ − λᵢ| ≤ ‖backward error‖ + rounding of the rule and of A.
        KB_RC_WITHIN(T((lambda - ref).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(N, T(T(2) * normA)),
                     "λᵢ = eigenvalues of W^{1/2}KW^{1/2} (real100 reference)");
        // Σ_{i ≤ N} λᵢ eᵢ(t_j) eᵢ(t_l) = K_jl: the backward error of A = UΛUᵀ (≤ c₂Nε‖A‖), scaled by
        // W^{-1/2} on both sides (≤ 1/w_min).
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(M.truncated_at_nodes(N) - M.gram_at_nodes())),
                     kb::test::factorisation<T>(N, T(normA / wmin)), "Σ λᵢ eᵢ(t_j) eᵢ(t_l) = k(t_j, t_l)");
        // λᵢ ≥ 0 (k is PSD), to the backward error.
        KB_RC_WITHIN(negative_part(T(lambda(N - 1))), kb::test::factorisation<T>(N, normA), "λ_N ≥ 0");
        // Σ λᵢ = tr(W^{1/2} K W^{1/2}) = Σ_j w_j k(t_j, t_j) = ∫ k(x, x) dx = 2 on [−1, 1]: the computed
        // eigenvalues are exact for A + F, |tr F| ≤ N‖F‖ ≤ N·c₂Nε‖A‖, and the weights sum to 2 up to
        // N roundings of size ≤ ‖A‖: factorisation bound at scale (N + 1)‖A‖.
        KB_RC_WITHIN(T(abs(lambda.sum() - T(2))), kb::test::factorisation<T>(N, T(T(N + 1) * normA)),
                     "Σ λᵢ = ∫ k(x, x) dμ");
        // Σ_j w_j eᵢ(t_j) e_k(t_j) = δ_ik.
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(E.transpose() * w.asDiagonal() * E - Matrix<T>::Identity(N, N))),
                     kb::test::factorisation<T>(N, T(1)), "Σ_j w_j eᵢ(t_j) e_k(t_j) = δ_ik");
        // The Nyström extension eᵢ(x) = λᵢ⁻¹ Σ_j w_j k(x, t_j) eᵢ(t_j) returns eᵢ at the nodes: at the
        // nodes it is W^{-1/2}(A uᵢ)/λ̂ᵢ, off eᵢ by the eigen-residual (≤ c₂Nε‖A‖) over λ̂ᵢ√w_min, plus
        // the rounding of the product, whose summands Σ_j w_j|k||eᵢ(t_j)| ≤ ‖W^{1/2}k_x‖‖uᵢ‖ ≤ √2.
        // λ̂ᵢ ≥ λᵢ(real100) − δ (Weyl); checked where that lower bound is ≥ 7δ, so that the
        // bound stays below the size 1/√w_min of the values compared (where it can fail).
        const Matrix<T> ext = M.eigenfunctions(M.rule().nodes);
        Eigen::Index checked = 0;
        for (Eigen::Index i = 0; i < ext.cols() && ref(i) >= T(8) * delta; ++i, ++checked) {
            const T scale = (normA / sqrt(wmin) + sqrt(T(2))) / (ref(i) - delta);
            KB_RC_WITHIN(T((ext.col(i) - E.col(i)).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(N, scale),
                         "Nyström extension at the nodes, i = " + std::to_string(i + 1));
        }
        RC_ASSERT(checked >= 1);
    });
}
//! [mercer-exact]

//! [mercer-monotone]
TEST_CASE_TEMPLATE("Mercer truncation error decreases monotonically in m and vanishes at m = N [beeny:C]", T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        using std::sqrt;
        const auto D = any_discretisation<T>();
        const auto& M = D.M;
        const Eigen::Index N = M.size();
        const Vector<T>& w = M.rule().weights;
        const Vector<T>& lambda = M.eigenvalues();
        const Matrix<T>& E = M.eigenfunctions_at_nodes();
        const Matrix<T>& K = M.gram_at_nodes();
        const T wmin = w.minCoeff(), normA = trace_bound<T>();
        // Entries of K_m are sums of ≤ N terms λᵢeᵢ(t_j)eᵢ(t_l) = W^{-1/2}(UΛUᵀ)W^{-1/2}: the eigen
        // backward error (≤ c₂Nε‖A‖) over w_min; in the weighted Frobenius norm √N·c₂Nε‖A‖.
        const auto sup_bound = kb::test::factorisation<T>(N, T(normA / wmin));
        const auto l2_bound = kb::test::factorisation<T>(N, T(sqrt(T(N)) * normA));
        Vector<T> rw(N);
        for (Eigen::Index j = 0; j < N; ++j) rw(j) = sqrt(w(j));
        // K_m built term by term: K_{m+1} = K_m + λ_{m+1} e_{m+1} e_{m+1}ᵀ.
        Matrix<T> Km = Matrix<T>::Zero(N, N);
        T previous_sup(0), previous_l2(0);
        for (Eigen::Index m = 0; m <= N; ++m) {
            if (m > 0) Km += lambda(m - 1) * E.col(m - 1) * E.col(m - 1).transpose();
            const Matrix<T> R = K - Km; // the remainder Σ_{i>m} λᵢ eᵢ(t_j) eᵢ(t_l), PSD
            const T sup = kb::max_abs(R);
            // Its largest entry sits on the diagonal (|R_jl|² ≤ R_jj R_ll), where R_jj ≥ 0: so
            // the uniform error is max_j R_m(t_j, t_j), non-increasing because each step
            // removes λ e(t_j)² ≥ 0 (Mercer: k_m ↑ k on the diagonal, then uniformly by Dini).
            KB_RC_WITHIN(T(sup - R.diagonal().maxCoeff()), sup_bound, "sup |R_m| = max_j R_m(t_j, t_j)");
            KB_RC_WITHIN(negative_part(T(R.diagonal().minCoeff())), sup_bound, "R_m(t_j, t_j) ≥ 0");
            // In the discrete L²(μ⊗μ) norm the error is ‖W^{1/2}(K − K_m)W^{1/2}‖_F = (Σ_{i>m} λᵢ²)^{1/2}.
            const T l2 = Matrix<T>(rw.asDiagonal() * R * rw.asDiagonal()).norm();
            const T tail = sqrt(T(lambda.tail(N - m).squaredNorm()));
            KB_RC_WITHIN(T(abs(l2 - tail)), l2_bound, "‖W^{1/2}(K − K_m)W^{1/2}‖_F = (Σ_{i>m} λᵢ²)^{1/2}");
            if (m > 0) {
                KB_RC_WITHIN(positive_part(T(sup - previous_sup)), sup_bound, "sup error non-increasing");
                KB_RC_WITHIN(positive_part(T(l2 - previous_l2)), l2_bound, "L² error non-increasing");
            }
            // The library's K_m is the same sum of m terms in another order (a matrix product):
            // two sums of m terms whose magnitudes add up to at most (K_m)_jj^{1/2}(K_m)_ll^{1/2}
            // (Cauchy–Schwarz, λᵢ ≥ 0), and (K_m)_jj ≤ K_jj = k(t_j, t_j): one pass at the scale
            // max k(t, t) of the kernel on the nodes, an input.
            if (m == N / 2)
                KB_RC_WITHIN(kb::max_abs(Matrix<T>(M.truncated_at_nodes(m) - Km)),
                             kb::test::one_pass<T>(std::max<Eigen::Index>(m, 1), T(K.diagonal().maxCoeff())),
                             "truncated_at_nodes(m)");
            previous_sup = sup;
            previous_l2 = l2;
        }
        KB_RC_WITHIN(previous_sup, sup_bound, "error at m = N");
    });
}
//! [mercer-monotone]

namespace {
// The off-grid checks of Mercer's expansion with Nyström-extended eᵢ, shared by the property
// and its companion: R ← R − λ̂ ey eyᵀ for each term, then
//  - max_x R(x, x) is non-increasing EXACTLY in floating point: λ̂ > 0 makes each diagonal
//    term λ̂·ey(x)·ey(x) ≥ 0 and rounding is monotone, so fl(R(x, x) − term) ≤ R(x, x);
//  - 0 ≤ sup|R| − max_x R(x, x) ≤ 2 s + ρ: with (λ̂, û) exact for A + F, ‖F‖ ≤ e = c₂Nε‖A‖, the
//    matrix [K_YY, GÛ; ÛᵀGᵀ, Λ̂ + eI] (G = W^{1/2}K(nodes, Y)) compresses a PSD matrix and is
//    PSD, so R + Δ is PSD with 0 ≤ Δ(x, x) ≤ e/λ̂_m · Σᵢ(gᵀûᵢ)²/(λ̂ᵢ + e) ≤ e/λ̂_m =: s; hence
//    |R(x, y)| ≤ max R(x, x) + 2s. λ̂_m ≥ λ_m(real100) − δ (Weyl). The rounding ρ of the
//    extension (summands ≤ √2/λ̂) is of the same order: the bound is c₂Nε·2‖A‖/(λ_m − δ);
//  - sup|R| non-increasing up to the same 2s + ρ.
// The sup checks run where the bound is below 1/4 (λ_m ≥ 8δ), i.e. where they can fail.
// One comparison of off_grid_checks: the error, the bound it must stay within, what it is.
template <class T>
struct Comparison {
    T error;
    kb::test::Bound<T> bound;
    std::string what;
};

template <class T, class Extension>
std::vector<Comparison<T>> off_grid_checks(const Matrix<T>& KYY, const Vector<T>& lambda, const Extension& Ey,
                                           const Vector<T>& ref, Eigen::Index N, Eigen::Index terms) {
    const T delta = eigenvalue_perturbation<T>(N);
    std::vector<Comparison<T>> out;
    Matrix<T> R = KYY;
    T previous_sup = kb::max_abs(R), previous_diag = R.diagonal().maxCoeff();
    for (Eigen::Index m = 1; m <= terms; ++m) {
        R -= lambda(m - 1) * Ey.col(m - 1) * Ey.col(m - 1).transpose();
        const T sup = kb::max_abs(R), diag = R.diagonal().maxCoeff();
        const std::string at = " at m = " + std::to_string(m);
        out.push_back({positive_part(T(diag - previous_diag)), kb::test::exact<T>(), "max_x R_m(x, x) non-increasing" + at});
        if (ref(m - 1) >= T(8) * delta) {
            const auto slack = kb::test::factorisation<T>(N, T(T(2) * trace_bound<T>() / (ref(m - 1) - delta)));
            out.push_back({positive_part(T(sup - previous_sup)), slack, "sup |R_m| off the grid non-increasing" + at});
            out.push_back({T(sup - diag), slack, "sup |R_m| = max_x R_m(x, x)" + at});
        }
        previous_sup = sup;
        previous_diag = diag;
    }
    return out;
}

// New points between the nodes: (2j + 1)/P − 1, j = 0, …, P − 1.
template <class T>
Matrix<T> between_nodes(Eigen::Index P) {
    Matrix<T> Y(P, 1);
    for (Eigen::Index j = 0; j < P; ++j) Y(j, 0) = T(2 * j + 1) / T(P) - T(1);
    return Y;
}
} // namespace

//! [mercer-offgrid]
TEST_CASE_TEMPLATE("Mercer off the grid: with Nystrom-extended e_i the sup error at new points is non-increasing in m "
                   "and sits on the diagonal down to the quadrature floor [beeny:C]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto D = any_discretisation<T>();
        const auto& M = D.M;
        const Eigen::Index N = M.size(), r = M.numerical_rank();
        const Matrix<T> Y = between_nodes<T>(21);
        // u_i(x) = √λ_i e_i(x) = ⟨v_i, k(x,·)⟩ with v_i orthonormal in the RKHS, so
        // R_m(x, y) = k(x, y) − Σ_{i≤m} u_i(x)u_i(y) = ⟨(I − P_m)k_x, (I − P_m)k_y⟩ is a PSD kernel:
        // R_m(x, x) decreases by u_m(x)² ≥ 0 at each step and |R_m(x, y)|² ≤ R_m(x, x)R_m(y, y).
        // In floating point see off_grid_checks: the slack is the eigensolver's backward error
        // over λ_m, with λ_m from an independent real100 decomposition.
        const Matrix<T> Ey = M.eigenfunctions(Y);
        // R_0 = K_YY: the expansion with no term is 0.
        RC_ASSERT(kb::max_abs(M.truncated(0, Y, Y)) == 0);
        const Matrix<T> KYY = kb::gram(M.kernel(), Y);
        const auto checks = off_grid_checks<T>(KYY, M.eigenvalues(), Ey, reference_eigenvalues<T>(D.N, D.g, D.gauss), N, r);
        for (const auto& c : checks) KB_RC_WITHIN(c.error, c.bound, c.what);
        RC_ASSERT(checks.size() >= 3); // the sup checks ran at m = 1 at least
        // The truncated expansion of the library is the same matrix (at m = r): the two sums of
        // r + 1 terms differ by their roundings; Σᵢ|λ̂ᵢ eᵢ(x)eᵢ(y)| ≤ max_x Σᵢ λ̂ᵢ eᵢ(x)² ≤ k(x, x) + s ≤ 2.
        Matrix<T> R = KYY;
        for (Eigen::Index m = 1; m <= r; ++m) R -= M.eigenvalues()(m - 1) * Ey.col(m - 1) * Ey.col(m - 1).transpose();
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(KYY - M.truncated(r, Y, Y) - R)), kb::test::one_pass<T>(r + 2, T(2)),
                     "truncated(r, Y, Y)");
    });
}
//! [mercer-offgrid]

TEST_CASE_TEMPLATE("companion: a Nystrom extension without the weights w_j overshoots - the off-grid error grows at "
                   "m = 1 [beeny:C]",
                   T, KB_REALS) {
    // The same checks as the property (off_grid_checks), fed an extension that forgets the w_j:
    // e_1(x) = λ₁⁻¹ Σ_j k(x, t_j) e_1(t_j) (the weights sum to 2 over 12 nodes, so it is ~6× too big).
    const auto k = kb::GaussianKernel<T>::from_gamma(T(1));
    const kb::NystromMercer<T, kb::GaussianKernel<T>> M(k, kb::gauss_legendre_rule<T>(12, T(-1), T(1)));
    const Matrix<T> Y = between_nodes<T>(21);
    const Matrix<T> KYY = kb::gram(k, Y);
    const Vector<T> ref = reference_eigenvalues<T>(12, 4, true);
    const Matrix<T> wrong = kb::gram(k, Y, M.rule().nodes) * M.eigenfunctions_at_nodes().leftCols(1) / M.eigenvalues()(0);
    // The right extension passes the property's three checks at m = 1 …
    const auto right = off_grid_checks<T>(KYY, M.eigenvalues(), M.eigenfunctions(Y), ref, 12, 1);
    REQUIRE(right.size() == 3);
    for (const auto& c : right) KB_CHECK_WITHIN(c.error, c.bound, c.what);
    // … the wrong one fails both sup checks by far (sup|R_1| − sup|R_0| and sup|R_1| − max R_1(x, x)
    // are O(1)); its diagonal still decreases (λ̂ > 0 keeps every diagonal term ≥ 0).
    const auto broken = off_grid_checks<T>(KYY, M.eigenvalues(), wrong, ref, 12, 1);
    REQUIRE(broken.size() == 3);
    KB_CHECK_WITHIN(broken[0].error, broken[0].bound, "no weights: " + broken[0].what);
    KB_CHECK_EXCEEDS(broken[1].error, broken[1].bound, "no weights: " + broken[1].what);
    KB_CHECK_EXCEEDS(broken[2].error, broken[2].bound, "no weights: " + broken[2].what);
}

//! [mercer-hermite]
TEST_CASE_TEMPLATE("Mercer for the normal measure: Gauss-Hermite Nystrom eigenvalues of exp(-(x - y)^2) approach the "
                   "closed form 2^-i as nodes are added for every i the coarser grid resolves [beeny:C]",
                   T, KB_REALS) {
    using std::abs;
    // γ = 1, s = 1: a = 1/4, b = 1 = 4a, so A = 2, B = 1/2 and λ_i = 2^{-i} exactly.
    const auto k = kb::GaussianKernel<T>::from_gamma(T(1));
    const Vector<T> closed = kb::gaussian_mercer_eigenvalues(T(1), T(1), 40);
    T power(1);
    for (Eigen::Index i = 0; i < 40; ++i) {
        power /= 2;
        CHECK(closed(i) == power); // the closed form is 2^{-i}: exact in binary
    }
    // Relative errors of the Nyström eigenvalues on n = 10, 20, 40 nodes; "resolved" = the leading
    // i whose error is ≤ 1/100.
    std::vector<Vector<T>> rel;
    std::vector<Eigen::Index> resolved;
    for (Eigen::Index n : {10, 20, 40}) {
        const kb::NystromMercer<T, kb::GaussianKernel<T>> H(k, kb::gauss_hermite_rule<T>(n, T(1)));
        Vector<T> e(n);
        for (Eigen::Index i = 0; i < n; ++i) e(i) = abs(H.eigenvalues()(i) - closed(i)) / closed(i);
        Eigen::Index I = 0;
        while (I < n && e(I) <= T(1) / T(100)) ++I;
        rel.push_back(e);
        resolved.push_back(I);
    }
    for (std::size_t g = 0; g + 1 < rel.size(); ++g) {
        CHECK(resolved[g] >= 1);
        CHECK(resolved[g + 1] > resolved[g]); // more nodes resolve more eigenvalues
        for (Eigen::Index i = 0; i < resolved[g]; ++i) {
            INFO("i = " << i + 1 << ", n = " << (10 << g) << " → " << (20 << g));
            CHECK(rel[g + 1](i) < rel[g](i)); // and each resolved one gets closer to 2^{-i}
        }
    }
}
//! [mercer-hermite]

//! [mercer-ratios]
TEST_CASE_TEMPLATE("Mercer on a bounded interval: the converged eigenvalues of a Gaussian kernel decay faster than "
                   "geometrically - the ratios lambda_(i+1)/lambda_i decrease [beeny:C]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        // At least 8 nodes, so that a few eigenvalues have converged for every width.
        const int N = *size_in(8, max_nodes<T>());
        const auto k = kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*int_in(1, 16), 4));
        const kb::NystromMercer<T, kb::GaussianKernel<T>> coarse(k, kb::gauss_legendre_rule<T>(N, T(-1), T(1)));
        const kb::NystromMercer<T, kb::GaussianKernel<T>> fine(k, kb::gauss_legendre_rule<T>(2 * N, T(-1), T(1)));
        const Vector<T>& lambda = fine.eigenvalues();
        // Converged: the leading eigenvalues on N and 2N nodes agree to 1/100 (a coarse grid's last
        // eigenvalues are artefacts of the grid, whose ratios need not decrease).
        Eigen::Index converged = 0;
        while (converged < N &&
               abs(T(coarse.eigenvalues()(converged) - lambda(converged))) <= lambda(converged) / T(100))
            ++converged;
        // Weyl: each computed λ is within the eigensolver's backward error of the discretised
        // operator's, c₂·2N·ε·‖A‖ with ‖A‖ ≤ tr A = 2 (from the inputs, not the computed λ₁).
        const T rounding = kb::test::factorisation<T>(2 * N, trace_bound<T>()).value;
        for (Eigen::Index i = 0; i + 2 < converged; ++i) {
            if (lambda(i + 2) <= rounding) break; // below rounding the ratios are noise
            const T r0 = lambda(i + 1) / lambda(i), r1 = lambda(i + 2) / lambda(i + 1);
            // Each λ carries a relative error ≤ rounding/λ (Weyl), each ratio twice that.
            const T noise = T(4) * rounding / lambda(i + 2) * r0;
            if (r1 > r0 + noise)
                RC_FAIL("λ_{i+2}/λ_{i+1} = " + kb::show(r1) + " > λ_{i+1}/λ_i = " + kb::show(r0) + " at i = " +
                        std::to_string(i + 1));
        }
        RC_ASSERT(converged >= 3);
    });
}
//! [mercer-ratios]

TEST_CASE_TEMPLATE("companion: no weights or an indefinite k or too few terms break Mercer's identities [beeny:C]", T,
                   KB_REALS) {
    using std::abs;
    const auto k = kb::GaussianKernel<T>::from_gamma(T(1));
    const auto rule = kb::gauss_legendre_rule<T>(12, T(-1), T(1));
    const kb::NystromMercer<T, kb::GaussianKernel<T>> M(k, rule);
    const T normA = trace_bound<T>();
    // The same checks as the property "Mercer on a grid", fed broken inputs.
    // Forgetting the quadrature weights: the eigenvalues of K itself sum to N = 12, not to ∫ k(x, x) dx = 2.
    const auto unweighted = kb::symmetric_eigen(M.gram_at_nodes());
    KB_CHECK_EXCEEDS(T(abs(unweighted.values.sum() - T(2))), kb::test::factorisation<T>(12, T(T(13) * normA)),
                     "unweighted trace");
    KB_CHECK_WITHIN(T(abs(M.eigenvalues().sum() - T(2))), kb::test::factorisation<T>(12, T(T(13) * normA)),
                    "weighted trace");
    // cos(x + y) = cos x cos y − sin x sin y is symmetric but indefinite: a negative
    // eigenvalue far beyond rounding (−∫ sin² ≈ −0.545 on [−1, 1]); |cos| ≤ 1, so its A has
    // ‖A‖₂ ≤ ‖W^{1/2}|K|W^{1/2}‖₂ ≤ Σ_j w_j = 2 as well.
    const kb::NystromMercer<T, ch05::CosineOfSumKernel<T>> C(ch05::CosineOfSumKernel<T>{}, rule);
    KB_CHECK_EXCEEDS(negative_part(T(C.eigenvalues()(11))), kb::test::factorisation<T>(12, normA),
                     "λ_N ≥ 0 for cos(x + y)");
    // One term is not the kernel.
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(M.truncated_at_nodes(1) - M.gram_at_nodes())),
                     kb::test::factorisation<T>(12, T(normA / rule.weights.minCoeff())),
                     "one term");
}

//! [quadrature]
TEST_CASE_TEMPLATE("Gauss-Legendre and Gauss-Hermite rules integrate polynomials of degree up to 2n-1 exactly [beeny:C]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        const int n = *size_in(1, 10);
        const auto L = kb::gauss_legendre_rule<T>(n, T(-1), T(1));
        const auto H = kb::gauss_hermite_rule<T>(n, T(1));
        T hermite_moment(1); // E[t^p] for t ~ N(0, 1): (p − 1)!! for even p, 0 for odd p
        for (int p = 0; p <= 2 * n - 1; ++p) {
            if (p >= 2 && p % 2 == 0) hermite_moment *= T(p - 1);
            T sumL(0), scaleL(0), sumH(0), scaleH(0);
            for (int j = 0; j < n; ++j) {
                T tl(1), th(1);
                for (int e = 0; e < p; ++e) {
                    tl *= L.nodes(j, 0);
                    th *= H.nodes(j, 0);
                }
                sumL += L.weights(j) * tl;
                scaleL += L.weights(j) * abs(tl);
                sumH += H.weights(j) * th;
                scaleH += H.weights(j) * abs(th);
            }
            // ∫_{−1}^{1} t^p dt = 2/(p + 1) for even p, 0 for odd p.
            const T exactL = p % 2 == 0 ? T(2) / T(p + 1) : T(0);
            const T exactH = p % 2 == 0 ? hermite_moment : T(0);
            KB_RC_WITHIN(T(abs(sumL - exactL)), kb::test::factorisation<T>(n, T((p + 1) * (scaleL + 2))), "Legendre moment");
            KB_RC_WITHIN(T(abs(sumH - exactH)), kb::test::factorisation<T>(n, T((p + 1) * (scaleH + exactH))), "Hermite moment");
        }
    });
}
//! [quadrature]

TEST_CASE("companion: the trapezoid rule is not exact for t^2 on three nodes [beeny:C]") {
    const auto rule = kb::trapezoid_rule<double>(3, -1.0, 1.0);
    double s = 0;
    for (int j = 0; j < 3; ++j) s += rule.weights(j) * rule.nodes(j, 0) * rule.nodes(j, 0);
    CHECK(s == 1.0); // ½·1 + 1·0 + ½·1, not 2/3
    KB_CHECK_EXCEEDS(std::abs(s - 2.0 / 3.0), kb::test::factorisation<double>(3, 2.0), "trapezoid t²");
}
