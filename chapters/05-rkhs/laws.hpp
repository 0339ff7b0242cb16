#pragma once
/// \file 05-rkhs/laws.hpp
/// \brief The laws of chapter 5 that are written once for any implementation: laws.cpp
///        runs them on the library's functions, and the chapter's exercises
///        (exercises/check.cpp) on the student's — the inner product of the span is symmetric
///        and bilinear (`zhu:thm5`, `beeny:def3.1`) and reproduces evaluation (`zhu:prop6`).
///        With them, the random cases they draw.
#include "checks/chapter_support.hpp"

#include "kernelbook/kernels.hpp"
#include "kernelbook/rkhs.hpp"

namespace kb::test::ch05 {

/// A law over the two kernel families of this chapter: `check(k, q)` for a random polynomial
/// kernel k on R^q, q ∈ {1, 2, 3}, and in floating point also for a random Gaussian kernel.
template <class T, class Check>
void for_polynomial_and_gaussian_kernels(const Check& check) {
    kb::test::property<T>([&check] {
        const int q = *size_in(1, 3);
        check(any_polynomial_kernel<T>(), q);
        if constexpr (!kb::is_exact_v<T>) {
            kb::test::forget_shown(); // the polynomial case passed: show only the Gaussian one
            check(any_gaussian_kernel<T>(), q);
        }
    });
}

/// M random points of \f$[-1, 1]^q\f$ on the grid 1/10, one per row.
template <class T>
Matrix<T> any_points(int M, int q) {
    return kb::from_integers<T>(*points(M, q, 10), 10);
}

/// \name The implementations the laws run on
/// Each law takes the functions it checks as arguments, with the library's signatures.
/// These are the library's own; exercises/check.cpp passes the student's.
///@{
/// \f$\inner{f}{g} = \alpha^\top K(X, Y)\beta\f$ of two expansions (kb::inner).
inline constexpr auto library_inner = [](const auto& f, const auto& g) { return kb::inner(f, g); };
/// \f$f(z) = \sum_i \alpha_i k(x_i, z)\f$ at one point z, a row vector (kb::KernelExpansion::operator()).
inline constexpr auto library_evaluate = [](const auto& f, const auto& z) { return f(z); };
///@}

//! [symmetric-bilinear]
/// zhu:thm5, beeny:def3.1: `inner` is symmetric and bilinear, and the sum of two expansions
/// (on the union of their centres) is their pointwise sum under `evaluate`.
template <class T, class Kernel, class Inner, class Evaluate>
void symmetric_bilinear_case(const Kernel& k, int q, Inner inner, Evaluate evaluate) {
    using std::abs;
    const auto f = any_expansion<T>(k, q);
    const auto g = any_expansion<T>(k, q);
    const auto h = any_expansion<T>(k, q);
    const T a = kb::ratio<T>(*int_in(-7, 7), 3), b = kb::ratio<T>(*int_in(-7, 7), 2);
    kb::test::show("the kernel", k.describe());
    for (const auto& [name, e] : {std::pair{"f", &f}, std::pair{"g", &g}, std::pair{"h", &h}}) {
        kb::test::show(std::string(name) + " = Σᵢ αᵢ k(xᵢ, ·): the centres xᵢ (rows)", e->centres());
        kb::test::show(std::string(name) + ": the coefficients α", e->coefficients());
    }
    kb::test::show("a", a);
    kb::test::show("b", b);
    const long n = f.terms() + g.terms() + h.terms();
    // Symmetry: αᵀK(X, Y)β = βᵀK(Y, X)α because k(x, y) = k(y, x).
    same<T>(inner(f, g), inner(g, f), n, pair_scale(f, g), "⟨f, g⟩ = ⟨g, f⟩");
    // Linearity in each argument, with a f + b g written on the union of the centres.
    const auto combo = a * f + b * g;
    const T scale = abs(a) * pair_scale(f, h) + abs(b) * pair_scale(g, h);
    same<T>(inner(combo, h), T(a * inner(f, h) + b * inner(g, h)), n, scale, "⟨a f + b g, h⟩ = a⟨f, h⟩ + b⟨g, h⟩");
    same<T>(inner(h, combo), T(a * inner(h, f) + b * inner(h, g)), n, scale, "⟨h, a f + b g⟩ = a⟨h, f⟩ + b⟨h, g⟩");
    // The sum is the pointwise sum of the functions.
    const Matrix<T> z = any_points<T>(1, q);
    const RowVector<T> z0 = z.row(0);
    same<T>(evaluate(combo, z0), T(a * evaluate(f, z0) + b * evaluate(g, z0)), n,
            T(abs(a) * value_scale(f, z) + abs(b) * value_scale(g, z)), "(a f + b g)(z) = a f(z) + b g(z)");
}
template <class T, class Inner, class Evaluate>
void symmetric_bilinear_law(Inner inner, Evaluate evaluate) {
    for_polynomial_and_gaussian_kernels<T>([&](const auto& k, int q) { symmetric_bilinear_case<T>(k, q, inner, evaluate); });
}
//! [symmetric-bilinear]

//! [reproducing]
/// zhu:prop6: ⟨f, k(x, ·)⟩ = f(x) at every x — new points and a centre — with `inner` for
/// the pairing and `evaluate` for the value.
template <class T, class Kernel, class Inner, class Evaluate>
void reproducing_case(const Kernel& k, int q, Inner inner, Evaluate evaluate) {
    const auto f = any_expansion<T>(k, q);
    const Matrix<T> Z = any_points<T>(3, q);
    kb::test::show("the kernel", k.describe());
    kb::test::show("f = Σᵢ αᵢ k(xᵢ, ·): the centres xᵢ (rows)", f.centres());
    kb::test::show("f: the coefficients α", f.coefficients());
    kb::test::show("the points x (rows)", Z);
    for (int m = 0; m < 3; ++m) {
        const Matrix<T> z = Z.row(m);
        // ⟨f, k(x, ·)⟩ = Σᵢ αᵢ k(xᵢ, x) = f(x), for every x — not only the centres.
        const auto kx = kb::feature(k, z.row(0));
        const T fx = evaluate(f, RowVector<T>(z.row(0)));
        const auto [n, scale] = two_route_bound(f, z); // the two sides may evaluate k differently
        same<T>(inner(f, kx), fx, n, scale, "⟨f, k(x, ·)⟩ = f(x)");
        same<T>(inner(kx, f), fx, n, scale, "⟨k(x, ·), f⟩ = f(x)");
    }
    // At a centre as well.
    const Matrix<T> x1 = f.centres().row(0);
    const auto [n1, scale1] = two_route_bound(f, x1);
    same<T>(inner(f, kb::feature(k, x1.row(0))), evaluate(f, RowVector<T>(x1.row(0))), n1, scale1,
            "⟨f, k(x₁, ·)⟩ = f(x₁)");
}
template <class T, class Inner, class Evaluate>
void reproducing_law(Inner inner, Evaluate evaluate) {
    for_polynomial_and_gaussian_kernels<T>([&](const auto& k, int q) { reproducing_case<T>(k, q, inner, evaluate); });
}
//! [reproducing]

} // namespace kb::test::ch05
