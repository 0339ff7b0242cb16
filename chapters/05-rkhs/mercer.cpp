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

#include <type_traits>

using kb::Matrix;
using kb::Vector;
using kb::test::int_in;
using kb::test::size_in;

namespace {

// Largest grid per type (the suite's time budget: eigen-decompositions in 50/100 digits).
template <class T>
int max_nodes() {
    if constexpr (std::is_same_v<T, double>) return 40;
    if constexpr (std::is_same_v<T, kb::real50>) return 20;
    return 14;
}

// A Gaussian kernel exp(−γ(x − y)²), γ ∈ {1/4, …, 4}, on a Gauss–Legendre or trapezoid rule
// for the Lebesgue measure on [−1, 1].
template <class T>
kb::NystromMercer<T, kb::GaussianKernel<T>> any_discretisation() {
    const int N = *size_in(4, max_nodes<T>());
    const auto k = kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*int_in(1, 16), 4));
    const bool gauss = *int_in(0, 1) == 1;
    const auto rule = gauss ? kb::gauss_legendre_rule<T>(N, T(-1), T(1)) : kb::trapezoid_rule<T>(N, T(-1), T(1));
    return kb::NystromMercer<T, kb::GaussianKernel<T>>(k, rule);
}

} // namespace

//! [mercer-exact]
TEST_CASE_TEMPLATE("Mercer on a grid: the full expansion reproduces k at the nodes with orthonormal e_i and eigenvalues >= 0 summing to the integral of k(x x) [beeny:C]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        using std::sqrt;
        const auto M = any_discretisation<T>();
        const Eigen::Index N = M.size();
        const Vector<T>& w = M.rule().weights;
        const Vector<T>& lambda = M.eigenvalues();
        const Matrix<T>& E = M.eigenfunctions_at_nodes();
        const T normA = M.operator_norm(), wmin = w.minCoeff();
        // Σ_{i ≤ N} λᵢ eᵢ(t_j) eᵢ(t_l) = K_jl: the backward error of A = UΛUᵀ, scaled by W^{-1/2}.
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(M.truncated_at_nodes(N) - M.gram_at_nodes())),
                     kb::test::factorisation<T>(N, T(lambda.cwiseAbs().sum() / wmin)), "Σ λᵢ eᵢ(t_j) eᵢ(t_l) = k(t_j, t_l)");
        // λᵢ ≥ 0 (k is PSD), to the backward error.
        KB_RC_WITHIN(T(lambda(N - 1) < 0 ? T(-lambda(N - 1)) : T(0)), kb::test::factorisation<T>(N, normA), "λ_N ≥ 0");
        // Σ λᵢ = tr(W^{1/2} K W^{1/2}) = Σ_j w_j k(t_j, t_j) = ∫ k(x, x) dx = 2 on [−1, 1].
        KB_RC_WITHIN(T(abs(lambda.sum() - T(2))), kb::test::factorisation<T>(N, T(N * (normA + 2))), "Σ λᵢ = ∫ k(x, x) dμ");
        // Σ_j w_j eᵢ(t_j) e_k(t_j) = δ_ik.
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(E.transpose() * w.asDiagonal() * E - Matrix<T>::Identity(N, N))),
                     kb::test::factorisation<T>(N, T(1)), "Σ_j w_j eᵢ(t_j) e_k(t_j) = δ_ik");
        // The Nyström extension eᵢ(x) = λᵢ⁻¹ Σ_j w_j k(x, t_j) eᵢ(t_j) returns eᵢ at the nodes,
        // to the eigen-residual divided by λᵢ √w_min.
        const Matrix<T> ext = M.eigenfunctions(M.rule().nodes);
        const Matrix<T> absKWE = M.gram_at_nodes().cwiseAbs() * w.asDiagonal() * E.cwiseAbs();
        for (Eigen::Index i = 0; i < ext.cols(); ++i) {
            const T scale = (normA / sqrt(wmin) + absKWE.col(i).maxCoeff()) / lambda(i);
            KB_RC_WITHIN(T((ext.col(i) - E.col(i)).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(N, scale),
                         "Nyström extension at the nodes");
        }
    });
}
//! [mercer-exact]

//! [mercer-monotone]
TEST_CASE_TEMPLATE("Mercer truncation error decreases monotonically in m and vanishes at m = N [beeny:C]", T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        using std::sqrt;
        const auto M = any_discretisation<T>();
        const Eigen::Index N = M.size();
        const Vector<T>& w = M.rule().weights;
        const Vector<T>& lambda = M.eigenvalues();
        const Matrix<T>& E = M.eigenfunctions_at_nodes();
        const Matrix<T>& K = M.gram_at_nodes();
        const T wmin = w.minCoeff();
        const auto sup_bound = kb::test::factorisation<T>(N, T(lambda.cwiseAbs().sum() / wmin));
        const auto l2_bound = kb::test::factorisation<T>(N, T(sqrt(T(N)) * M.operator_norm()));
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
            KB_RC_WITHIN(T(abs(sup - R.diagonal().maxCoeff())), sup_bound, "sup |R_m| = max_j R_m(t_j, t_j)");
            KB_RC_WITHIN(T(R.diagonal().minCoeff() < 0 ? T(-R.diagonal().minCoeff()) : T(0)), sup_bound, "R_m(t_j, t_j) ≥ 0");
            // In the discrete L²(μ⊗μ) norm the error is ‖W^{1/2}(K − K_m)W^{1/2}‖_F = (Σ_{i>m} λᵢ²)^{1/2}.
            const T l2 = Matrix<T>(rw.asDiagonal() * R * rw.asDiagonal()).norm();
            const T tail = sqrt(T(lambda.tail(N - m).squaredNorm()));
            KB_RC_WITHIN(T(abs(l2 - tail)), l2_bound, "‖W^{1/2}(K − K_m)W^{1/2}‖_F = (Σ_{i>m} λᵢ²)^{1/2}");
            if (m > 0) {
                KB_RC_WITHIN(T(sup > previous_sup ? T(sup - previous_sup) : T(0)), sup_bound, "sup error non-increasing");
                KB_RC_WITHIN(T(l2 > previous_l2 ? T(l2 - previous_l2) : T(0)), l2_bound, "L² error non-increasing");
            }
            if (m == N / 2)
                KB_RC_WITHIN(kb::max_abs(Matrix<T>(M.truncated_at_nodes(m) - Km)), sup_bound, "truncated_at_nodes(m)");
            previous_sup = sup;
            previous_l2 = l2;
        }
        KB_RC_WITHIN(previous_sup, sup_bound, "error at m = N");
    });
}
//! [mercer-monotone]

//! [mercer-offgrid]
TEST_CASE_TEMPLATE("Mercer off the grid: with Nystrom-extended e_i the sup error at new points is non-increasing in m "
                   "and sits on the diagonal down to the quadrature floor [beeny:C]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        using std::abs;
        const auto M = any_discretisation<T>();
        const Eigen::Index N = M.size(), r = M.numerical_rank(), P = 21;
        // New points between the nodes: (2j + 1)/P − 1, j = 0, …, P − 1.
        Matrix<T> Y(P, 1);
        for (Eigen::Index j = 0; j < P; ++j) Y(j, 0) = T(2 * j + 1) / T(P) - T(1);
        const Vector<T>& lambda = M.eigenvalues();
        const T normA = M.operator_norm();
        // u_i(x) = √λ_i e_i(x) = ⟨v_i, k(x,·)⟩ with v_i orthonormal in the RKHS, so
        // R_m(x, y) = k(x, y) − Σ_{i≤m} u_i(x)u_i(y) = ⟨(I − P_m)k_x, (I − P_m)k_y⟩ is a PSD kernel:
        // R_m(x, x) decreases by u_m(x)² ≥ 0 at each step and |R_m(x, y)|² ≤ R_m(x, x)R_m(y, y).
        // In floating point the v_i are orthonormal up to the eigensolver's backward error divided
        // by λ_m: that is the slack, which reaches the error itself at the floor.
        const Matrix<T> Ey = M.eigenfunctions(Y);
        // R_0 = K_YY: the expansion with no term is 0.
        RC_ASSERT(kb::max_abs(M.truncated(0, Y, Y)) == 0);
        Matrix<T> R = kb::gram(M.kernel(), Y);
        T previous_sup = kb::max_abs(R), previous_diag = R.diagonal().maxCoeff();
        for (Eigen::Index m = 1; m <= r; ++m) {
            R -= lambda(m - 1) * Ey.col(m - 1) * Ey.col(m - 1).transpose();
            const T sup = kb::max_abs(R), diag = R.diagonal().maxCoeff();
            const auto slack = kb::test::factorisation<T>(N, T(T(2) * normA / lambda(m - 1)));
            KB_RC_WITHIN(T(diag > previous_diag ? T(diag - previous_diag) : T(0)), kb::test::one_pass<T>(m + 2, T(2)),
                         "max_x R_m(x, x) non-increasing at m = " + std::to_string(m));
            KB_RC_WITHIN(T(sup > previous_sup ? T(sup - previous_sup) : T(0)), slack,
                         "sup |R_m| off the grid non-increasing at m = " + std::to_string(m));
            KB_RC_WITHIN(T(abs(sup - diag)), slack, "sup |R_m| = max_x R_m(x, x) at m = " + std::to_string(m));
            previous_sup = sup;
            previous_diag = diag;
        }
        // The truncated expansion of the library is the same matrix (at m = r).
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kb::gram(M.kernel(), Y) - M.truncated(r, Y, Y) - R)),
                     kb::test::one_pass<T>(r + 2, T(2)), "truncated(r, Y, Y)");
    });
}
//! [mercer-offgrid]

TEST_CASE_TEMPLATE("companion: a Nystrom extension without the weights w_j overshoots - the off-grid error grows at "
                   "m = 1 [beeny:C]",
                   T, KB_REALS) {
    const auto k = kb::GaussianKernel<T>::from_gamma(T(1));
    const kb::NystromMercer<T, kb::GaussianKernel<T>> M(k, kb::gauss_legendre_rule<T>(12, T(-1), T(1)));
    Matrix<T> Y(5, 1);
    Y << T(-9) / T(10), T(-1) / T(3), T(1) / T(7), T(1) / T(2), T(19) / T(20);
    // e_1(x) = λ₁⁻¹ Σ_j k(x, t_j) e_1(t_j), the w_j forgotten (the weights sum to 2 over 12 nodes).
    const Matrix<T> wrong = kb::gram(k, Y, M.rule().nodes) * M.eigenfunctions_at_nodes().col(0) / M.eigenvalues()(0);
    const Matrix<T> K = kb::gram(k, Y);
    const T sup0 = kb::max_abs(K);
    const T sup1_wrong = kb::max_abs(Matrix<T>(K - M.eigenvalues()(0) * wrong * wrong.transpose()));
    const T sup1 = kb::max_abs(Matrix<T>(K - M.truncated(1, Y, Y)));
    const auto slack = kb::test::factorisation<T>(12, T(T(2) * M.operator_norm() / M.eigenvalues()(0)));
    CHECK(kb::test::within(T(sup1 > sup0 ? T(sup1 - sup0) : T(0)), slack, "right extension").ok);
    KB_CHECK_EXCEEDS(T(sup1_wrong > sup0 ? T(sup1_wrong - sup0) : T(0)), slack, "no weights");
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
        const T rounding = kb::test::factorisation<T>(2 * N, fine.operator_norm()).value;
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
    const T normA = M.operator_norm();
    // Forgetting the quadrature weights: the eigenvalues of K itself sum to N = 12, not to ∫ k(x, x) dx = 2.
    const auto unweighted = kb::symmetric_eigen(M.gram_at_nodes());
    KB_CHECK_EXCEEDS(T(abs(unweighted.values.sum() - T(2))), kb::test::factorisation<T>(12, T(12 * (normA + 2))),
                     "unweighted trace");
    KB_CHECK_WITHIN(T(abs(M.eigenvalues().sum() - T(2))), kb::test::factorisation<T>(12, T(12 * (normA + 2))),
                    "weighted trace");
    // cos(x + y) = cos x cos y − sin x sin y is symmetric but indefinite: a negative
    // eigenvalue far beyond rounding (−∫ sin² ≈ −0.545 on [−1, 1]).
    const kb::NystromMercer<T, ch05::CosineOfSumKernel<T>> C(ch05::CosineOfSumKernel<T>{}, rule);
    const T lneg = C.eigenvalues()(11);
    KB_CHECK_EXCEEDS(T(lneg < 0 ? T(-lneg) : T(0)), kb::test::factorisation<T>(12, C.operator_norm()),
                     "λ_N ≥ 0 for cos(x + y)");
    // One term is not the kernel.
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<T>(M.truncated_at_nodes(1) - M.gram_at_nodes())),
                     kb::test::factorisation<T>(12, T(M.eigenvalues().sum() / rule.weights.minCoeff())),
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
