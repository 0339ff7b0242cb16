/// \file riesz.cpp
/// \brief Chapter 5: the Riesz representation theorem on a finite span (`beeny:thmB.1`),
///        and the worked example, minimum-norm interpolation in the RKHS.
#include "rkhs_test_kernels.hpp"

#include "kernelbook/kernels.hpp"
#include "kernelbook/rkhs.hpp"
#include "kernelbook/spectral.hpp"


namespace {

// Centres of (c + xᵀy)^d on R² in general position: their sections are linearly independent,
// checked exactly (no vanishing combination) on the same integer recipe in rationals.
IntMatrix general_position_centres(int N, long c, int d) {
    const IntMatrix P = *points(N, 2, 10);
    using Q = kb::rational;
    RC_PRE(kb::vanishing_combinations(kb::PolynomialKernel<Q>(Q(c), d), kb::from_integers<Q>(P, 10)).cols() == 0);
    return P;
}

// The kernels of this file rebuilt in real100, for the independent reference computations.
template <class T>
kb::PolynomialKernel<kb::real100> in_real100(const kb::PolynomialKernel<T>& k) {
    return kb::PolynomialKernel<kb::real100>(kb::convert<kb::real100>(k.c()), k.degree());
}
template <class T>
kb::GaussianKernel<kb::real100> in_real100(const kb::GaussianKernel<T>& k) {
    return kb::GaussianKernel<kb::real100>::from_gamma(kb::convert<kb::real100>(k.gamma()));
}

// A bound on ‖β̂‖ for the computed solution of K β = v, from the inputs and never from β̂:
// λ_min of the Gram matrix of the same points computed independently in real100, less
// δ = c₂Nε‖K‖_F, which covers the rounding of K in T and the solver's backward error, so
// ‖β̂‖ ≤ ‖v‖/(λ_min − δ) (Weyl). The generators make K well-posed (general position,
// distinct points): λ_min > 2δ is asserted, not assumed.
template <class T, class Kernel>
T solution_norm_bound(const Kernel& k, const Matrix<T>& X, const Vector<T>& v) {
    using R = kb::real100;
    const Eigen::Index N = X.rows();
    const Matrix<R> K = kb::gram(in_real100(k), kb::convert_matrix<R>(X));
    const T lambda_min = kb::convert<T>(kb::symmetric_eigen(K).values(N - 1));
    const T delta = kb::test::factorisation<T>(N, kb::convert<T>(R(K.norm()))).value;
    RC_ASSERT(lambda_min > T(2) * delta);
    return v.norm() / (lambda_min - delta);
}

// ‖K‖_F ‖β̂‖ + ‖v‖ with ‖β̂‖ ≤ solution_norm_bound: the scale of the residual K β̂ − v of a
// backward-stable solve, from the inputs K and v.
template <class T, class Kernel>
T residual_scale(const Kernel& k, const Matrix<T>& X, const Matrix<T>& K, const Vector<T>& v) {
    if constexpr (kb::is_exact_v<T>)
        return T(0);
    else
        return K.norm() * solution_norm_bound(k, X, v) + v.norm();
}

// f represents the functional with values v on the sections k(xᵢ, ·): ⟨f, k(xᵢ, ·)⟩ = f(xᵢ) = vᵢ.
template <class T, class Kernel>
void represents_on_sections(const KernelExpansion<T, Kernel>& f, const Vector<T>& v, const std::string& what) {
    using std::abs;
    const Matrix<T> K = kb::gram(f.kernel(), f.centres());
    const T bound_scale = residual_scale<T>(f.kernel(), f.centres(), K, v);
    for (Eigen::Index i = 0; i < f.terms(); ++i) {
        const T value = kb::inner(f, kb::feature(f.kernel(), f.centres().row(i)));
        if constexpr (kb::is_exact_v<T>)
            RC_ASSERT(value == v(i));
        else
            KB_RC_WITHIN(T(abs(value - v(i))), kb::test::factorisation<T>(f.terms(), bound_scale), what);
    }
}

template <class T, class Kernel>
void riesz_case(const Kernel& k, const Matrix<T>& X) {
    using std::abs;
    const Eigen::Index N = X.rows();
    const Matrix<T> K = kb::gram(k, X);
    // The evaluation functional δ_x at a point x: on all of H it is represented by k(x, ·)
    // (the reproducing property); within S = span{k(xᵢ, ·)} by β with Kβ = k(X, x).
    const Matrix<T> x = kb::from_integers<T>(*points(1, 2, 10), 10);
    const Vector<T> kXx = kb::gram(k, X, x).col(0);
    const auto P = kb::riesz_representer(k, X, kXx);
    represents_on_sections(P, kXx, "⟨P k_x, k(xᵢ, ·)⟩ = k(xᵢ, x)");
    // A general functional ℓ on S, given by its values on the sections.
    const Vector<T> v = kb::from_integers<T>(*int_matrix(static_cast<int>(N), 1, -9, 9), 2);
    const auto f = kb::riesz_representer(k, X, v);
    represents_on_sections(f, v, "⟨f, k(xᵢ, ·)⟩ = ℓ(k(xᵢ, ·))");
    // … and so on every g = Σ cᵢ k(xᵢ, ·) of S: ℓ(g) = cᵀv = ⟨f, g⟩.
    const Vector<T> c = kb::from_integers<T>(*int_matrix(static_cast<int>(N), 1, -9, 9), 3);
    const KernelExpansion<T, Kernel> g(k, X, c);
    if constexpr (kb::is_exact_v<T>) {
        RC_ASSERT(kb::inner(f, g) == c.dot(v));
        // ‖ℓ‖ = ‖f‖: (cᵀv)² ≤ ‖f‖²‖g‖² for every g, with equality at g = f; ‖f‖² = vᵀK⁻¹v = vᵀβ.
        RC_ASSERT(kb::squared_norm(f) == v.dot(f.coefficients()));
        RC_ASSERT(c.dot(v) * c.dot(v) <= kb::squared_norm(f) * kb::squared_norm(g));
        const T lf = f.coefficients().dot(v);
        RC_ASSERT(lf * lf == kb::squared_norm(f) * kb::squared_norm(f));
        // Within S the representer of δ_x is the orthogonal projection of k(x, ·):
        // Pythagoras ‖k_x‖² = ‖P k_x‖² + ‖k_x − P k_x‖², and P k_x = k_x when x is a centre.
        const auto kx = kb::feature(k, x.row(0));
        RC_ASSERT(kb::squared_norm(kx) == kb::squared_norm(P) + kb::squared_norm(kx - P));
        const auto P1 = kb::riesz_representer(k, X, Vector<T>(K.col(0)));
        RC_ASSERT(kb::squared_norm(P1 - kb::feature(k, X.row(0))) == 0);
    } else {
        KB_RC_WITHIN(T(abs(kb::inner(f, g) - c.dot(v))),
                     kb::test::factorisation<T>(N, T(c.norm() * residual_scale<T>(k, X, K, v))),
                     "⟨f, g⟩ = ℓ(g)");
    }
}

} // namespace

//! [riesz]
TEST_CASE_TEMPLATE("Riesz on the span: k(x .) represents evaluation and K beta = values represents any functional [beeny:thmB.1] [zhu:prop6]",
                   T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const long c = *int_in(1, 2);
        const int d = *size_in(2, 3), N = *size_in(1, 5);
        const Matrix<T> X = kb::from_integers<T>(general_position_centres(N, c, d), 10);
        riesz_case<T>(kb::PolynomialKernel<T>(T(c), d), X);
        if constexpr (!kb::is_exact_v<T>) {
            const Matrix<T> Xg = kb::from_integers<T>(*kb::test::distinct_points(N, 2, 10), 10);
            riesz_case<T>(kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*int_in(1, 8), 4)), Xg);
        }
    });
}
//! [riesz]

//! [riesz-unique]
TEST_CASE("the representer is unique as a function though not as coefficients [beeny:thmB.1]") {
    kb::test::property<kb::rational>([] {
        using Q = kb::rational;
        const int N = *size_in(1, 4);
        const kb::PolynomialKernel<Q> k(Q(1), 2);
        const IntMatrix P = general_position_centres(N, 1, 2);
        IntMatrix PP(N + 1, 2);
        PP << P, P.row(0); // a repeated centre: k(x_{N+1}, ·) = k(x₁, ·)
        const Matrix<Q> X = kb::from_integers<Q>(P, 10), XX = kb::from_integers<Q>(PP, 10);
        const Vector<Q> v = kb::from_integers<Q>(*int_matrix(N, 1, -9, 9), 2);
        const auto f = kb::riesz_representer(k, X, v);
        // On the dependent list the coefficients are not unique — (β, 0) and (β − t e₁, t) —
        // and K(XX) is singular, so the solver refuses; but both give the same function f.
        const Q t = kb::ratio<Q>(*int_in(1, 9), 2);
        Vector<Q> b1(N + 1), b2(N + 1);
        b1 << f.coefficients(), Q(0);
        b2 << f.coefficients(), t;
        b2(0) -= t;
        const KernelExpansion<Q, kb::PolynomialKernel<Q>> f1(k, XX, b1), f2(k, XX, b2);
        RC_ASSERT(kb::squared_norm(f1 - f2) == 0);
        RC_ASSERT(kb::squared_norm(f1 - f) == 0);
        Vector<Q> vv(N + 1);
        vv << v, v(0);
        represents_on_sections(f2, vv, "the second expansion represents ℓ");
        bool refused = false;
        try {
            kb::riesz_representer(k, XX, vv);
        } catch (const kb::error&) {
            refused = true;
        }
        RC_ASSERT(refused);
        // Values that differ on two equal sections define no functional at all: every f gives
        // ⟨f, k(x₁, ·)⟩ = ⟨f, k(x_{N+1}, ·)⟩, so no representer can take the values v₁ and v₁ + 1.
        RC_ASSERT(kb::inner(f, kb::feature(k, XX.row(N))) == v(0));
        RC_ASSERT(kb::inner(f, kb::feature(k, XX.row(N))) != v(0) + 1);
    });
}
//! [riesz-unique]

TEST_CASE("companion: taking the values as coefficients (beta = v without solving K beta = v) does not represent [beeny:thmB.1]") {
    using Q = kb::rational;
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    Matrix<Q> X(2, 2);
    X << 1, 0, 0, 1;
    Vector<Q> v(2);
    v << 1, 2;
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> wrong(k, X, v);
    // ⟨wrong, k(x₁, ·)⟩ = (Kv)₁ = 4·1 + 1·2 = 6 ≠ 1.
    CHECK(kb::inner(wrong, kb::feature(k, X.row(0))) == 6);
    const auto f = kb::riesz_representer(k, X, v);
    CHECK(kb::inner(f, kb::feature(k, X.row(0))) == 1);
    CHECK(kb::inner(f, kb::feature(k, X.row(1))) == 2);
    // The garbled statement of the draft ("a unique g with φ(g) = ⟨f, g⟩ for all g") would
    // single out one g; here every g satisfies ℓ(g) = ⟨f, g⟩ and it is f that is unique.
    CHECK(f.coefficients() == Vector<Q>(kb::inverse_spd(kb::gram(k, X)) * v));
}

namespace {
template <class T, class Kernel>
void interpolation_case(const Kernel& k, const Matrix<T>& X, const Matrix<T>& Z) {
    using std::abs;
    const Eigen::Index N = X.rows();
    const Matrix<T> K = kb::gram(k, X);
    const Vector<T> y = kb::from_integers<T>(*int_matrix(static_cast<int>(N), 1, -9, 9), 4);
    // f = Σ αᵢ k(xᵢ, ·) with Kα = y interpolates: f(xᵢ) = yᵢ.
    const auto f = kb::minimum_norm_interpolant(k, X, y);
    represents_on_sections(f, y, "f(xᵢ) = yᵢ");
    // Any other interpolant of the span: g = f + h with h vanishing at the data. Build h from
    // u = Σ cⱼ k(zⱼ, ·) on extra centres by subtracting the interpolant of u's values.
    const Vector<T> c = kb::from_integers<T>(*int_matrix(static_cast<int>(Z.rows()), 1, -9, 9), 3);
    const KernelExpansion<T, Kernel> u(k, Z, c);
    const auto Pu = kb::minimum_norm_interpolant(k, X, u.values(X));
    const auto h = u - Pu;
    const auto g = f + h;
    if constexpr (kb::is_exact_v<T>) {
        RC_ASSERT(h.values(X) == Vector<T>::Zero(N));
        RC_ASSERT(g.values(X) == y);
        // ‖f‖² = yᵀK⁻¹y = yᵀα, and Pythagoras ‖g‖² = ‖f‖² + ‖h‖² since ⟨f, h⟩ = Σ αᵢ h(xᵢ) = 0.
        RC_ASSERT(kb::squared_norm(f) == y.dot(f.coefficients()));
        RC_ASSERT(kb::inner(f, h) == 0);
        RC_ASSERT(kb::squared_norm(g) == kb::squared_norm(f) + kb::squared_norm(h));
        // So g has the larger norm unless h is the zero function (‖h‖ = 0 ⇒ h ≡ 0).
        if (kb::squared_norm(h) == 0) {
            RC_ASSERT(h(Z.row(0)) == 0);
        } else {
            RC_ASSERT(kb::squared_norm(g) > kb::squared_norm(f));
        }
    } else {
        // h vanishes at the data to the backward error of the solve, …
        const Vector<T> r = h.values(X);
        const T scale = residual_scale<T>(k, X, K, u.values(X)) + kb::gram(k, X, Z).norm() * c.norm();
        const auto r_bound = kb::test::factorisation<T>(N, scale);
        KB_RC_WITHIN(kb::max_abs(r), r_bound, "h(xᵢ) = 0");
        // … and ‖g‖² = ‖f‖² + 2αᵀh(X) + ‖h‖² ≥ ‖f‖² − 2|α|ᵀ|h(X)|, with |α|ᵀ|h(X)| ≤ ‖α‖·√N·max|h(xᵢ)|
        // bounded from the inputs (solution_norm_bound and the bound just checked).
        using std::sqrt;
        const T slack = T(2) * solution_norm_bound(k, X, y) * sqrt(T(N)) * r_bound.value;
        ch05::at_most<T>(kb::squared_norm(f), T(kb::squared_norm(g) + slack), g.terms(),
                         T(ch05::pair_scale(g, g) + ch05::pair_scale(f, f)), "‖f‖² ≤ ‖g‖²");
    }
}
} // namespace

//! [interpolation]
TEST_CASE_TEMPLATE("minimum-norm interpolation: K alpha = y and ||f||^2 = y'K^-1 y and every other interpolant is larger [zhu:prop6] [beeny:thmB.1]",
                   T, KB_ALL_SCALARS) {
    kb::test::property<T>([] {
        const long c = *int_in(1, 2);
        const int d = *size_in(2, 3), N = *size_in(1, 5), M = *size_in(1, 3);
        const Matrix<T> X = kb::from_integers<T>(general_position_centres(N, c, d), 10);
        const Matrix<T> Z = kb::from_integers<T>(*points(M, 2, 10), 10);
        interpolation_case<T>(kb::PolynomialKernel<T>(T(c), d), X, Z);
        if constexpr (!kb::is_exact_v<T>) {
            const Matrix<T> Xg = kb::from_integers<T>(*kb::test::distinct_points(N, 2, 10), 10);
            interpolation_case<T>(kb::GaussianKernel<T>::from_gamma(kb::ratio<T>(*int_in(1, 8), 4)), Xg, Z);
        }
    });
}
//! [interpolation]

TEST_CASE("companion: alpha = y does not interpolate and y'Ky is not the squared norm [zhu:prop6]") {
    using Q = kb::rational;
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    Matrix<Q> X(2, 1);
    X << 0, 1;
    Vector<Q> y(2);
    y << 1, -1;
    // K = [[1, 1], [1, 4]]; α = K⁻¹y = (5/3, −2/3); ‖f‖² = yᵀα = 7/3.
    const auto f = kb::minimum_norm_interpolant(k, X, y);
    CHECK(kb::squared_norm(f) == Q(7, 3));
    CHECK(f.values(X) == y);
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> wrong(k, X, y);
    CHECK_FALSE(wrong.values(X) == y);
    CHECK_FALSE(y.dot(kb::gram(k, X) * y) == kb::squared_norm(f)); // yᵀKy = 3
    // A perturbed optimum: f + ½·(k(2, ·) projected off the data) interpolates and is longer.
    Matrix<Q> z(1, 1);
    z << 2;
    const auto u = kb::feature(k, z.row(0));
    const auto h = u - kb::minimum_norm_interpolant(k, X, u.values(X));
    const auto g = f + Q(1, 2) * h;
    CHECK(g.values(X) == y);
    CHECK(kb::squared_norm(g) > kb::squared_norm(f));
}
