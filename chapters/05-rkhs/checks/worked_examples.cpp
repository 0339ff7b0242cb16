/// \file worked_examples.cpp
/// \brief Chapter 5's fixed numeric examples: the chapter's small example (two functions of the
///        RKHS of (2 + xy)², exact numbers), and Mercer's eigenvalues of exp(−(x − y)²) for the
///        normal measure (`beeny:C`), against their closed form 2^{−i}.
#include "chapter_support.hpp"

#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/mercer.hpp"
#include "kernelbook/rkhs.hpp"

#include <vector>

//! [small-example]
TEST_CASE("the chapter's small example: f = k(-1 .) + 2k(1 .) and g = -k(1 .) + k(2 .) for k = (2 + xy)^2 have "
          "<f g> = 13, ||f||^2 = 49, ||g||^2 = 13, f(3) = <f k(3 .)> = 51 and f - g = 3k(0 .) exactly") {
    using Q = kb::rational;
    // Section 2 of the chapter: k(x, y) = (2 + xy)² on the line, with φ(x) = (2, 2x, x²);
    // every number below is printed there.
    const kb::PolynomialKernel<Q> k(Q(2), 2);
    auto column = [](std::initializer_list<long> entries) {
        IntMatrix M(static_cast<Eigen::Index>(entries.size()), 1);
        Eigen::Index i = 0;
        for (long e : entries) M(i++, 0) = e;
        return kb::from_integers<Q>(M);
    };
    const Matrix<Q> X = column({-1, 1}), Y = column({1, 2});
    const kb::KernelExpansion<Q, kb::PolynomialKernel<Q>> f(k, X, Vector<Q>(column({1, 2})));
    const kb::KernelExpansion<Q, kb::PolynomialKernel<Q>> g(k, Y, Vector<Q>(column({-1, 1})));
    const Matrix<Q> KXY_text = kb::from_integers<Q>((IntMatrix(2, 2) << 1, 0, 9, 16).finished());
    const Matrix<Q> KX_text = kb::from_integers<Q>((IntMatrix(2, 2) << 9, 1, 1, 9).finished());
    const Matrix<Q> KY_text = kb::from_integers<Q>((IntMatrix(2, 2) << 9, 16, 16, 36).finished());
    const Q inner_text(13), f_norm2_text(49), g_norm2_text(13);
    const Vector<Q> f_values_text = column({12, 19, 32, 51}), g_values_text = column({0, 7, 20, 39}); // z = 0 … 3
    const Vector<Q> f_poly_text = column({12, 4, 3}), g_poly_text = column({0, 4, 3}); // 1, z, z²
    const Vector<Q> wf_text = column({6, 2, 3}), wg_text = column({0, 2, 3});          // on φ = (2, 2x, x²)
    const Q k33_text(121), difference_norm2_text(36);

    // The kernel values the pairing and the norms use.
    CHECK(kb::gram(k, X, Y) == KXY_text);
    CHECK(kb::gram(k, X) == KX_text);
    CHECK(kb::gram(k, Y) == KY_text);
    // ⟨f, g⟩ = αᵀK(X, Y)β, and the same number from the values: Σⱼ βⱼ f(yⱼ) = Σᵢ αᵢ g(xᵢ).
    CHECK(kb::inner(f, g) == inner_text);
    CHECK(kb::inner(g, f) == inner_text);
    CHECK(Q(-f(Y.row(0)) + f(Y.row(1))) == inner_text);
    CHECK(Q(g(X.row(0)) + Q(2) * g(X.row(1))) == inner_text);
    // Norms, and Cauchy–Schwarz: 13² = 169 ≤ 49·13 = 637.
    CHECK(kb::squared_norm(f) == f_norm2_text);
    CHECK(kb::squared_norm(g) == g_norm2_text);
    CHECK(inner_text * inner_text <= f_norm2_text * g_norm2_text);
    // The functions themselves: f(z) = 12 + 4z + 3z², g(z) = 4z + 3z², at z = 0, 1, 2, 3.
    const Matrix<Q> Z = column({0, 1, 2, 3});
    CHECK(f.values(Z) == f_values_text);
    CHECK(g.values(Z) == g_values_text);
    // The reproducing property at z = 3, not a centre: ⟨f, k(3, ·)⟩ = k(−1, 3) + 2k(1, 3) =
    // 1 + 50 = f(3) = 51, ⟨g, k(3, ·)⟩ = g(3) = 39, and the bound f(3)² ≤ ‖f‖² k(3, 3).
    const auto k3 = kb::feature(k, Z.row(3));
    CHECK(kb::inner(f, k3) == f_values_text(3));
    CHECK(f(Z.row(3)) == f_values_text(3));
    CHECK(kb::inner(g, k3) == g_values_text(3));
    CHECK(kb::squared_norm(k3) == k33_text);
    CHECK(f_values_text(3) * f_values_text(3) <= f_norm2_text * k33_text);
    // f − g is the constant 12 = 3k(0, ·) (k(0, ·) ≡ 4), orthogonal to g because g(0) = 0:
    // ‖f‖² = ‖g‖² + ‖f − g‖², 49 = 13 + 36.
    const auto d = f - g;
    const auto k0 = kb::feature(k, Z.row(0));
    CHECK(d.values(Z) == Vector<Q>::Constant(4, Q(12)));
    CHECK(kb::squared_norm(d - Q(3) * k0) == Q(0)); // the same function: zero norm forces it (section 4)
    CHECK(kb::squared_norm(d) == difference_norm2_text);
    CHECK(kb::inner(d, g) == Q(0));
    CHECK(f_norm2_text == g_norm2_text + difference_norm2_text);
    // The feature route (for checking only): with the monomials m(x) = (1, x, x²) and the
    // weights W = diag(4, 4, 1) of kb::PolynomialFeatureMap, f(z) = (W Mᵀα)ᵀ m(z), so W Mᵀα
    // are f's polynomial coefficients; φ = W^{1/2} m with W^{1/2} = diag(2, 2, 1), and the
    // feature-space vectors w_f = W^{1/2}Mᵀα, w_g have ⟨w_f, w_g⟩ = 13, ‖w_f‖² = 49, ‖w_g‖² = 13.
    const kb::PolynomialFeatureMap<Q> fm(k, 1);
    const Vector<Q> root_w = column({2, 2, 1});
    CHECK(fm.weights() == Vector<Q>(root_w.cwiseProduct(root_w)));
    const Vector<Q> f_poly = fm.weights().asDiagonal() * fm.monomials(X).transpose() * f.coefficients();
    const Vector<Q> g_poly = fm.weights().asDiagonal() * fm.monomials(Y).transpose() * g.coefficients();
    CHECK(f_poly == f_poly_text);
    CHECK(g_poly == g_poly_text);
    const Vector<Q> wf = root_w.asDiagonal() * fm.monomials(X).transpose() * f.coefficients();
    const Vector<Q> wg = root_w.asDiagonal() * fm.monomials(Y).transpose() * g.coefficients();
    CHECK(wf == wf_text);
    CHECK(wg == wg_text);
    CHECK(wf.dot(wg) == inner_text);
    CHECK(wf.squaredNorm() == f_norm2_text);
    CHECK(wg.squaredNorm() == g_norm2_text);
}
//! [small-example]

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
