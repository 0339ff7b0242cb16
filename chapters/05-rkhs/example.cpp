/// \file example.cpp
/// \brief Chapter 5's program: the span of kernel sections and its inner product
///        (zhu:thm5), the reproducing property (zhu:prop6), Gram matrices (beeny:def3.1–ex3.5),
///        the Riesz representer (beeny:thmB.1), minimum-norm interpolation, and Mercer's
///        theorem on a grid (beeny:C), with the errata of the seeds demonstrated.
#include "report.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/mercer.hpp"
#include "kernelbook/rkhs.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <vector>

using kb::KernelExpansion;
using Q = kb::rational;
using kb::book::matrix_to_string;

namespace {

template <class T>
Matrix<T> rows(std::initializer_list<std::initializer_list<long>> r, long den = 1) {
    kb::IntMatrix M(static_cast<Eigen::Index>(r.size()), static_cast<Eigen::Index>(r.begin()->size()));
    Eigen::Index i = 0;
    for (const auto& row : r) {
        Eigen::Index j = 0;
        for (long v : row) M(i, j++) = v;
        ++i;
    }
    return kb::from_integers<T>(M, den);
}

std::string vec(const Vector<Q>& v) {
    std::ostringstream os;
    os << "(";
    for (Eigen::Index i = 0; i < v.size(); ++i) os << (i ? ", " : "") << v(i);
    os << ")";
    return os.str();
}

// ---------------------------------------------------------------------------------------
void gram_matrices(kb::book::Report& r) {
    r.section("Inner products and Gram matrices (beeny:def3.1, beeny:def3.4, beeny:ex3.5)");
    r.precision<Q>();
    // beeny:ex3.5: four vectors of R³ as the columns of V.
    const Matrix<Q> V = rows<Q>({{1, 0, 2, 1}, {0, 1, 1, -1}, {1, 1, 0, 2}});
    Matrix<Q> G(4, 4);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) G(i, j) = V.col(i).dot(V.col(j));
    r.say("V (columns v1..v4):\n" + matrix_to_string(V) + "G_ij = <v_i, v_j>:\n" + matrix_to_string(G));
    r.exact("beeny:ex3.5", "G = VᵀV (the seed's orientation: columns are the vectors)", G == Matrix<Q>(V.transpose() * V));
    r.exact("beeny:def3.4", "G = gram(xᵀy, Vᵀ): with points as rows (this book) the same matrix is XXᵀ, X = Vᵀ",
            G == kb::gram(kb::LinearKernel<Q>{}, Matrix<Q>(V.transpose())));
    const Matrix<Q> N = kb::exact_null_space(G);
    r.exact("beeny:def3.4", "G is PSD (exact elimination certificate) but singular: four vectors in R³, null vector " +
                                vec(N.col(0)),
            kb::is_psd_exact(G) && N.cols() == 1 && Vector<Q>(V * N.col(0)) == Vector<Q>::Zero(3));
    r.remark("beeny:def3.7",
              "\"If Φ is a known feature map, then k would surely be symmetric and positive definite since inner "
              "products are\"",
              "a wording: read \"positive definite\" as Definition 3.6's positive SEMI-definite: Σ cᵢcⱼ⟨Φ(xᵢ),Φ(xⱼ)⟩ = ‖Σ cᵢΦ(xᵢ)‖² ≥ 0, and = 0 for the null vector above "
              "(the inner product is definite on vectors, the Gram matrix of dependent vectors is not)",
              kb::is_psd_exact(G) && N.cols() == 1);
}

// ---------------------------------------------------------------------------------------
void pre_rkhs(kb::book::Report& r) {
    r.section("The span of the sections k(x, ·) and its inner product (zhu:thm5)");
    r.precision<Q>();
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    r.say("kernel " + k.describe() + " on R²; its feature space has the 6 monomials 1, x₁, x₂, x₁², x₁x₂, x₂².");
    // Seven centres: more than 6, so Σ cᵢ k(xᵢ, ·) ≡ 0 for some c ≠ 0.
    const Matrix<Q> X = rows<Q>({{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}, {-1, 1}});
    const kb::PolynomialFeatureMap<Q> map(k, 2);
    const Matrix<Q> C = kb::exact_null_space(Matrix<Q>(map.monomials(X).transpose()));
    const Vector<Q> c = C.col(0);
    r.say("centres x1..x7 = (0,0) (1,0) (0,1) (1,1) (2,1) (1,2) (-1,1); Σ cᵢ m(xᵢ) = 0 for c = " + vec(c));
    const Matrix<Q> K = kb::gram(k, X);
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> zero(k, X, c);
    const Matrix<Q> Z = rows<Q>({{3, -2}, {5, 7}, {-4, 9}}, 7);
    bool vanishes = true;
    for (int m = 0; m < 3; ++m) vanishes = vanishes && zero(Z.row(m)) == 0;
    r.exact("zhu:thm5", "K c = 0, ‖Σ cᵢ k(xᵢ,·)‖² = cᵀKc = 0, and Σ cᵢ k(xᵢ, z) = 0 at z = (3,-2)/7, (5,7)/7, (-4,9)/7",
            Vector<Q>(K * c) == Vector<Q>::Zero(7) && kb::inner(zero, zero) == 0 && vanishes);
    r.exact("zhu:thm5", "the null combinations of K (vanishing_combinations) are those of the monomials",
            kb::vanishing_combinations(k, X).cols() == C.cols());
    // Well defined: f and f + c are two expansions of one function.
    Vector<Q> alpha(7);
    alpha << 1, -2, 3, Q(1, 2), 0, -1, 2;
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> f(k, X, alpha), f2(k, X, Vector<Q>(alpha + Q(5, 3) * c));
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> g(k, rows<Q>({{2, -1}, {1, 3}}, 2), Vector<Q>(Vector<Q>::Ones(2)));
    r.exact("zhu:thm5", "well defined: f = Σ αᵢ k(xᵢ,·) and f' = Σ (αᵢ + 5/3 cᵢ) k(xᵢ,·) give ⟨f, g⟩ = ⟨f', g⟩ = " +
                            kb::book::fmt(kb::inner(f, g)) + " and ‖f‖² = ‖f'‖² = " + kb::book::fmt(kb::squared_norm(f)),
            kb::inner(f, g) == kb::inner(f2, g) && kb::squared_norm(f) == kb::squared_norm(f2));
    // Repeated centres: 2 k(x,·) + 3 k(x,·) = 5 k(x,·).
    const Matrix<Q> xx = rows<Q>({{1, 2}, {1, 2}}, 3);
    Vector<Q> a23(2);
    a23 << 2, 3;
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> rep(k, xx, a23);
    const auto merged = kb::combine_repeated_centres(rep);
    r.exact("zhu:thm5", "repeated centres: 2k(x,·) + 3k(x,·) merges to " + kb::book::fmt(merged.coefficients()(0)) +
                            "k(x,·), same ⟨·, g⟩ and norm",
            merged.terms() == 1 && merged.coefficients()(0) == 5 && kb::inner(rep, g) == kb::inner(merged, g) &&
                kb::squared_norm(rep) == kb::squared_norm(merged));
    // Symmetric, bilinear, PSD, definite on functions.
    const Q s = Q(-3, 4);
    r.exact("zhu:thm5", "symmetric and bilinear: ⟨g, f⟩ = ⟨f, g⟩, ⟨f + s g, g⟩ = ⟨f, g⟩ + s⟨g, g⟩ (s = -3/4)",
            kb::inner(g, f) == kb::inner(f, g) && kb::inner(f + s * g, g) == kb::inner(f, g) + s * kb::inner(g, g));
    bool bound = true;
    for (int m = 0; m < 3; ++m)
        bound = bound && f(Z.row(m)) * f(Z.row(m)) <= kb::squared_norm(f) * k(Z.row(m), Z.row(m));
    r.exact("zhu:thm5", "definite on functions through |f(x)|² = |⟨f, k(x,·)⟩|² ≤ ‖f‖² k(x, x) (Cauchy–Schwarz)", bound);
    bool singular = false;
    try {
        kb::inverse_spd(K);
    } catch (const kb::error&) {
        singular = true;
    }
    r.remark("zhu:thm5",
              "\"… satisfies all properties that needed to be an inner product (this is where positive definiteness "
              "comes to use)\"",
              "a wording: only SEMI-definiteness of k is used: it gives ⟨f, f⟩ ≥ 0; then ⟨f, f⟩ = 0 ⇒ f ≡ 0 follows from "
              "Cauchy–Schwarz and the reproducing property. Here K(x1..x7) is singular (not PD), yet the null "
              "combination c is the zero function",
              singular && vanishes);
    // The "if" direction and non-uniqueness of the feature map (double).
    const kb::PolynomialKernel<double> kd(1.0, 2);
    const kb::PolynomialFeatureMap<double> mapd(kd, 2);
    const Matrix<double> Xd = kb::convert_matrix<double>(X);
    const Matrix<double> Phi = mapd.features(Xd);
    kb::IntMatrix S = kb::IntMatrix::Zero(6, 6);
    S(0, 3) = 1;
    S(3, 0) = -1;
    S(1, 5) = 2;
    S(5, 1) = -2;
    // Cayley transform (I − S)(I + S)⁻¹ of a skew S: an orthogonal Q (computed exactly).
    const Matrix<Q> Sq = kb::from_integers<Q>(S);
    const Matrix<Q> I6 = Matrix<Q>::Identity(6, 6);
    const Matrix<Q> Qrot = Matrix<Q>(I6 - Sq) * kb::inverse_spd(Matrix<Q>((I6 + Sq).transpose() * (I6 + Sq))) *
                           Matrix<Q>((I6 + Sq).transpose());
    const Matrix<double> Qd = kb::convert_matrix<double>(Qrot);
    const Matrix<double> Psi = Phi * Qd.transpose();
    const Matrix<double> Kd = kb::gram(kd, Xd);
    const double scale = kb::max_abs(Kd);
    const double e1 = kb::max_abs(Matrix<double>(Phi * Phi.transpose() - Kd));
    const double e2 = kb::max_abs(Matrix<double>(Psi * Psi.transpose() - Kd));
    r.agree("zhu:thm5", "\"if\": k(x, y) = ⟨φ(x), φ(y)⟩ with φ = W^{1/2} m(x), so K = ΦΦᵀ is PSD", e1,
            kb::book::rounding_bound(6, scale), scale);
    r.agree("zhu:thm5", "… and ψ = Qφ (Q orthogonal) is another feature map of the same k", e2,
            kb::book::rounding_bound(36, scale), scale);
    const double differ = kb::max_abs(Matrix<double>(Psi - Phi));
    r.remark("zhu:thm5",
              "(Remark) \"once the kernel k is chosen, the feature map ϕ is automatically chosen as well\"",
              "a wording: the canonical map x ↦ k(x,·) is, but the feature map is not unique (φ, Qφ and x ↦ k(x,·) all reproduce k; here max|Qφ − φ| = " +
                  kb::book::fmt(differ, 3) + "); what k determines uniquely is the RKHS (Moore–Aronszajn)",
              differ > 0.1 && e2 <= kb::book::rounding_bound(36, scale));
}

// ---------------------------------------------------------------------------------------
template <class T>
void reproducing(kb::book::Report& r) {
    using std::abs;
    using std::sqrt;
    r.section("The reproducing property (zhu:prop6)");
    r.precision<T>();
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(1));
    r.say("kernel " + k.describe() + " (zhu:ex7c with σ = 1)");
    const Matrix<T> X = rows<T>({{0, 0}, {1, 0}, {0, 1}, {1, 1}}, 1);
    Vector<T> alpha(4);
    alpha << T(1), T(-2), kb::ratio<T>(1, 2), T(3);
    const KernelExpansion<T, kb::GaussianKernel<T>> f(k, X, alpha);
    const Matrix<T> x = rows<T>({{1, 3}}, 4);
    const T fx = f(x.row(0));
    const T pair = kb::inner(f, kb::feature(k, x.row(0)));
    r.agree("zhu:prop6", "⟨f, k(x, ·)⟩ = f(x) = " + kb::book::fmt(fx, 12) + " at x = (1/4, 3/4), not a centre", T(abs(pair - fx)),
            kb::book::rounding_bound<T>(4, T(4)), T(1));
    const T nf = kb::norm(f);
    r.exact("zhu:prop6", "|f(x)| = " + kb::book::fmt(abs(fx), 6) + " ≤ ‖f‖ √k(x, x) = " + kb::book::fmt(nf, 6), abs(fx) <= nf);
    const Matrix<T> y = rows<T>({{-1, 2}}, 2);
    const T d2 = kb::squared_norm(kb::feature(k, x.row(0)) - kb::feature(k, y.row(0)));
    const T formula = T(2) - T(2) * k(x.row(0), y.row(0));
    r.agree("zhu:prop6", "‖k(x,·) − k(y,·)‖² = k(x,x) + k(y,y) − 2k(x,y) = " + kb::book::fmt(formula, 12), T(abs(d2 - formula)),
            kb::book::rounding_bound<T>(4, T(4)), T(1));
}

// ---------------------------------------------------------------------------------------
void riesz(kb::book::Report& r) {
    r.section("Riesz representation on a finite span (beeny:thmB.1)");
    r.precision<Q>();
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    const Matrix<Q> X = rows<Q>({{0, 0}, {1, 0}, {0, 1}, {1, 1}});
    // ℓ is given by its values on the sections: ℓ(k(xᵢ, ·)) = vᵢ.
    Vector<Q> v(4);
    v << 2, -1, Q(1, 2), 3;
    const auto f = kb::riesz_representer(k, X, v);
    r.say("ℓ(k(xᵢ,·)) = v = " + vec(v) + " on the sections of x = (0,0) (1,0) (0,1) (1,1); representer β = K⁻¹v = " +
          vec(f.coefficients()));
    Vector<Q> cg(4);
    cg << Q(1, 3), 2, -1, Q(5, 2);
    const KernelExpansion<Q, kb::PolynomialKernel<Q>> g(k, X, cg);
    r.exact("beeny:thmB.1", "ℓ(g) = cᵀv = ⟨f, g⟩ = " + kb::book::fmt(kb::inner(f, g)) + " for g = Σ cᵢ k(xᵢ,·), c = " + vec(cg),
            kb::inner(f, g) == cg.dot(v));
    r.exact("beeny:thmB.1", "‖ℓ‖² = ‖f‖² = vᵀK⁻¹v = " + kb::book::fmt(kb::squared_norm(f)) + ", and (ℓ(g))² ≤ ‖f‖²‖g‖²",
            kb::squared_norm(f) == v.dot(f.coefficients()) &&
                cg.dot(v) * cg.dot(v) <= kb::squared_norm(f) * kb::squared_norm(g));
    // Evaluation at x: represented by k(x, ·) in H, and within the span by its projection.
    const Matrix<Q> x = rows<Q>({{1, 2}}, 3);
    const Vector<Q> kXx = kb::gram(k, X, x).col(0);
    const auto P = kb::riesz_representer(k, X, kXx);
    const auto kx = kb::feature(k, x.row(0));
    r.exact("beeny:thmB.1", "δ_x(g) = g(x) = ⟨k(x,·), g⟩ = ⟨P k(x,·), g⟩ with P the projection onto the span; "
                            "‖k_x‖² = ‖P k_x‖² + ‖k_x − P k_x‖² = " + kb::book::fmt(kb::squared_norm(kx)),
            g(x.row(0)) == kb::inner(kx, g) && g(x.row(0)) == kb::inner(P, g) &&
                kb::squared_norm(kx) == kb::squared_norm(P) + kb::squared_norm(kx - P));
    r.erratum("beeny:thmB.1",
              "\"there exists a unique element g ∈ H such that φ(g) = ⟨f, g⟩_H for all g ∈ H\"",
              "for a continuous linear φ there is a unique f ∈ H with φ(g) = ⟨f, g⟩ for all g ∈ H, and ‖φ‖ = ‖f‖ "
              "(the representer f is what exists uniquely; g ranges over H)",
              kb::inner(f, g) == cg.dot(v));
}

// ---------------------------------------------------------------------------------------
void interpolation(kb::book::Report& r) {
    r.section("Worked example: minimum-norm interpolation in the RKHS");
    r.precision<Q>();
    const kb::PolynomialKernel<Q> k(Q(1), 2);
    // The XOR data: y = 1 at (1,0) and (0,1), y = 0 at (0,0) and (1,1).
    const Matrix<Q> X = rows<Q>({{0, 0}, {1, 0}, {0, 1}, {1, 1}});
    Vector<Q> y(4);
    y << 0, 1, 1, 0;
    const auto f = kb::minimum_norm_interpolant(k, X, y);
    r.say("data: XOR, y = " + vec(y) + " at (0,0) (1,0) (0,1) (1,1); kernel " + k.describe());
    r.say("K =\n" + matrix_to_string(kb::gram(k, X)) + "α = K⁻¹y = " + vec(f.coefficients()));
    // The interpolant as a polynomial: f(x) = m(x)ᵀ W Mᵀ α.
    const kb::PolynomialFeatureMap<Q> map(k, 2);
    const Vector<Q> w = map.weights().asDiagonal() * Vector<Q>(map.monomials(X).transpose() * f.coefficients());
    r.say("f(x) = " + kb::book::fmt(w(0)) + " + " + kb::book::fmt(w(1)) + " x₁ + " + kb::book::fmt(w(2)) + " x₂ + " + kb::book::fmt(w(3)) + " x₁² + " +
          kb::book::fmt(w(4)) + " x₁x₂ + " + kb::book::fmt(w(5)) + " x₂²");
    r.exact("zhu:prop6", "f interpolates: f(xᵢ) = ⟨f, k(xᵢ,·)⟩ = yᵢ", f.values(X) == y);
    r.exact("zhu:prop6", "‖f‖² = αᵀKα = yᵀK⁻¹y = " + kb::book::fmt(kb::squared_norm(f)), kb::squared_norm(f) == y.dot(f.coefficients()));
    // Another interpolant: add h = k(z,·) − P k(z,·), which vanishes at the data.
    const Matrix<Q> z = rows<Q>({{2, -1}}, 1);
    const auto u = kb::feature(k, z.row(0));
    const auto h = u - kb::minimum_norm_interpolant(k, X, u.values(X));
    const auto g = f + Q(1, 2) * h;
    r.exact("zhu:prop6", "g = f + ½h with h = k(z,·) − P k(z,·), z = (2,-1), also interpolates (h(xᵢ) = 0)",
            g.values(X) == y && h.values(X) == Vector<Q>::Zero(4));
    r.exact("zhu:prop6", "Pythagoras: ⟨f, h⟩ = Σ αᵢ h(xᵢ) = 0, so ‖g‖² = ‖f‖² + ¼‖h‖² = " + kb::book::fmt(kb::squared_norm(g)) +
                             " > ‖f‖² = " + kb::book::fmt(kb::squared_norm(f)),
            kb::inner(f, h) == 0 && kb::squared_norm(g) == kb::squared_norm(f) + Q(1, 4) * kb::squared_norm(h) &&
                kb::squared_norm(g) > kb::squared_norm(f));
    // The same in 50 digits with a Gaussian kernel.
    using R = kb::real50;
    r.precision<R>();
    const auto kg = kb::GaussianKernel<R>::from_zhu_sigma(R(1));
    const Matrix<R> Xr = kb::convert_matrix<R>(X);
    const Vector<R> yr = kb::convert_matrix<R>(y);
    const auto fg = kb::minimum_norm_interpolant(kg, Xr, yr);
    using std::abs;
    r.agree("zhu:prop6", "Gaussian (σ = 1): f(xᵢ) = yᵢ", kb::max_abs(Vector<R>(fg.values(Xr) - yr)),
            kb::book::rounding_bound<R>(4, R(4)), R(1));
    r.agree("zhu:prop6", "Gaussian: ‖f‖² = yᵀK⁻¹y = " + kb::book::fmt(kb::squared_norm(fg), 12),
            R(abs(kb::squared_norm(fg) - yr.dot(fg.coefficients()))), kb::book::rounding_bound<R>(4, R(10)), R(1));
    const auto ug = kb::feature(kg, kb::convert_matrix<R>(z).row(0));
    const auto hg = ug - kb::minimum_norm_interpolant(kg, Xr, ug.values(Xr));
    const auto gg = fg + hg;
    r.exact("zhu:prop6", "Gaussian: another interpolant f + h has ‖f + h‖² = " + kb::book::fmt(kb::squared_norm(gg), 12) +
                             " > ‖f‖²",
            kb::squared_norm(gg) > kb::squared_norm(fg));
}

// ---------------------------------------------------------------------------------------
struct MercerTables {
    std::vector<double> lambda_double;
    std::vector<double> sup_error, l2_error, offgrid_error;
};

template <class T>
void mercer(kb::book::Report& r, Eigen::Index N, MercerTables* tables) {
    using std::abs;
    using std::sqrt;
    r.precision<T>();
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(1));
    const auto rule = kb::gauss_legendre_rule<T>(N, T(-1), T(1));
    const kb::NystromMercer<T, kb::GaussianKernel<T>> M(k, rule);
    const Vector<T>& lambda = M.eigenvalues();
    r.say(k.describe() + " on [-1, 1] with the Lebesgue measure, " + std::to_string(N) +
          "-point Gauss–Legendre rule (Nyström)");
    std::ostringstream os;
    os << "λ_i:";
    for (Eigen::Index i = 0; i < std::min<Eigen::Index>(N, 14); ++i) os << " " << kb::book::fmt(lambda(i), 4);
    os << "\nratios λ_{i+1}/λ_i:";
    for (Eigen::Index i = 0; i + 1 < std::min<Eigen::Index>(N, 14); ++i) os << " " << kb::book::fmt(T(lambda(i + 1) / lambda(i)), 3);
    r.say(os.str());
    // Faster than geometric: the ratios fall — computed, not assumed, for the eigenvalues that have
    // converged (agree to 1 % with a grid of 2N nodes) and lie above rounding; each λ carries a
    // relative error ≤ rounding/λ (Weyl), so a ratio may rise by at most 4·rounding/λ_{i+2} of itself.
    {
        const kb::NystromMercer<T, kb::GaussianKernel<T>> fine(k, kb::gauss_legendre_rule<T>(2 * N, T(-1), T(1)));
        const Vector<T>& mu = fine.eigenvalues();
        Eigen::Index converged = 0;
        while (converged < N && abs(T(lambda(converged) - mu(converged))) <= mu(converged) / T(100)) ++converged;
        const T rounding = kb::book::rounding_bound<T>(2 * N, fine.operator_norm());
        Eigen::Index checked = 0;
        bool falling = true;
        for (Eigen::Index i = 0; i + 2 < converged && mu(i + 2) > rounding; ++i, ++checked) {
            const T r0 = mu(i + 1) / mu(i), r1 = mu(i + 2) / mu(i + 1);
            falling = falling && r1 <= r0 + T(4) * rounding / mu(i + 2) * r0;
        }
        r.exact("beeny:C", std::to_string(converged) + " eigenvalues agree to 1 % with a " + std::to_string(2 * N) +
                               "-node grid; the " + std::to_string(checked) +
                               " ratios λ_{i+1}/λ_i among them fall (from " + kb::book::fmt(T(mu(1) / mu(0)), 3) + " to " +
                               kb::book::fmt(T(mu(checked + 1) / mu(checked)), 3) +
                               "): faster than geometric decay on a bounded interval",
                falling && checked >= 3);
    }
    const T wmin = rule.weights.minCoeff();
    const T reproduce = kb::max_abs(Matrix<T>(M.truncated_at_nodes(N) - M.gram_at_nodes()));
    r.agree("beeny:C", "Σ_{i≤N} λᵢ eᵢ(t_j) eᵢ(t_l) = k(t_j, t_l) at the nodes", reproduce,
            kb::book::rounding_bound<T>(N, T(lambda.cwiseAbs().sum() / wmin)), T(1));
    const T lmin = lambda(N - 1);
    r.agree("beeny:C", "λᵢ ≥ 0 (smallest " + kb::book::fmt(lmin, 3) + ")", T(lmin < 0 ? T(-lmin) : T(0)),
            kb::book::rounding_bound<T>(N, M.operator_norm()), M.operator_norm());
    r.agree("beeny:C", "Σ λᵢ = ∫ k(x, x) dx = 2", T(abs(lambda.sum() - T(2))),
            kb::book::rounding_bound<T>(N, T(N * (M.operator_norm() + 2))), T(2));
    const Matrix<T>& E = M.eigenfunctions_at_nodes();
    r.agree("beeny:C", "Σ_j w_j eᵢ(t_j) e_k(t_j) = δ_ik",
            kb::max_abs(Matrix<T>(E.transpose() * rule.weights.asDiagonal() * E - Matrix<T>::Identity(N, N))),
            kb::book::rounding_bound<T>(N, T(1)), T(1));
    // Truncation: sup error over the nodes, discrete L² error, and error at new points.
    const Matrix<T>& K = M.gram_at_nodes();
    Matrix<T> Km = Matrix<T>::Zero(N, N);
    std::vector<T> sup(static_cast<std::size_t>(N + 1));
    for (Eigen::Index m = 0; m <= N; ++m) {
        if (m > 0) Km += lambda(m - 1) * E.col(m - 1) * E.col(m - 1).transpose();
        sup[static_cast<std::size_t>(m)] = kb::max_abs(Matrix<T>(K - Km));
    }
    bool monotone = true;
    const T slack = kb::book::rounding_bound<T>(N, T(lambda.cwiseAbs().sum() / wmin));
    for (Eigen::Index m = 1; m <= N; ++m)
        monotone = monotone && sup[static_cast<std::size_t>(m)] <= sup[static_cast<std::size_t>(m - 1)] + slack;
    r.exact("beeny:C", "the uniform error max_jl |k − k_m| at the nodes is non-increasing in m (to rounding " +
                           kb::book::fmt(slack, 2) + ")",
            monotone);
    std::ostringstream tab;
    tab << "  m   max|k - k_m| at nodes";
    const Eigen::Index r_num = M.numerical_rank();
    // New points: 101 equally spaced points of [-1, 1] (mostly not nodes), Nyström-extended eᵢ.
    const Eigen::Index P = 101;
    Matrix<T> Y(P, 1);
    for (Eigen::Index j = 0; j < P; ++j) Y(j, 0) = T(-1) + T(2 * j) / T(P - 1);
    const Matrix<T> Ey = M.eigenfunctions(Y);
    const Matrix<T> Ky = kb::gram(k, Y);
    Matrix<T> Kym = Matrix<T>::Zero(P, P);
    std::vector<T> off(static_cast<std::size_t>(r_num + 1));
    for (Eigen::Index m = 0; m <= r_num; ++m) {
        if (m > 0) Kym += lambda(m - 1) * Ey.col(m - 1) * Ey.col(m - 1).transpose();
        off[static_cast<std::size_t>(m)] = kb::max_abs(Matrix<T>(Ky - Kym));
    }
    tab << "   max|k - k_m| at 101 new points\n";
    for (Eigen::Index m : {0, 1, 2, 4, 6, 8, 10, 12, 14, 16, 20, 24, 30, 40, 50, 60}) {
        if (m > N) continue;
        tab << std::setw(3) << m << "   " << std::setw(10) << kb::book::fmt(sup[static_cast<std::size_t>(m)], 3);
        if (m <= r_num) tab << "              " << kb::book::fmt(off[static_cast<std::size_t>(m)], 3);
        tab << "\n";
    }
    r.say(tab.str() + "(numerical rank " + std::to_string(r_num) +
          ": the Nyström extension uses the eigenvalues above N·ε·λ₁; at new points the error stops at the "
          "quadrature's accuracy, not at zero)");
    if (tables) {
        for (Eigen::Index i = 0; i < N; ++i) tables->lambda_double.push_back(static_cast<double>(lambda(i)));
        for (Eigen::Index m = 0; m <= N; ++m) {
            tables->sup_error.push_back(static_cast<double>(sup[static_cast<std::size_t>(m)]));
            tables->l2_error.push_back(static_cast<double>(sqrt(T(lambda.tail(N - m).squaredNorm()))));
            tables->offgrid_error.push_back(m <= r_num ? static_cast<double>(off[static_cast<std::size_t>(m)]) : -1.0);
        }
    }
}

void mercer_section(kb::book::Report& r) {
    r.section("Mercer's theorem on a grid (beeny:C, empty in the draft)");
    r.say("Mercer: a continuous symmetric PSD k on a compact set with a finite measure μ has\n"
          "k(x, y) = Σ λᵢ eᵢ(x) eᵢ(y), uniformly, with λᵢ ≥ 0, Σ λᵢ = ∫ k(x, x) dμ < ∞, eᵢ orthonormal in L²(μ).\n"
          "Nyström: the eigenpairs of W^{1/2} K W^{1/2} on a quadrature rule approximate (λᵢ, eᵢ).");
    MercerTables tables;
    mercer<double>(r, 60, &tables);
    mercer<kb::real50>(r, 24, nullptr);

    // The Gaussian measure, where the eigenvalues are known in closed form (geometric).
    using R = kb::real50;
    r.precision<R>();
    const R gamma(1), s(1);
    const auto k = kb::GaussianKernel<R>::from_gamma(gamma);
    const Eigen::Index n = 80;
    const kb::NystromMercer<R, kb::GaussianKernel<R>> H(k, kb::gauss_hermite_rule<R>(n, s));
    const Vector<R> exact = kb::gaussian_mercer_eigenvalues(gamma, s, 12);
    std::ostringstream os;
    os << "exp(-(x - y)²) with the normal measure N(0, 1), 80-point Gauss–Hermite rule: eigenvalues vs the closed\n"
          "form √(2a/A) B^i (a = 1/4, b = 1, B = b/A = "
       << kb::book::fmt(R(exact(1) / exact(0)), 8) << ", exactly geometric):\n";
    for (Eigen::Index i = 0; i < 12; ++i)
        os << "  λ_" << std::setw(2) << i + 1 << " Nyström " << std::setw(14) << kb::book::fmt(H.eigenvalues()(i), 10)
           << "   closed form " << std::setw(14) << kb::book::fmt(exact(i), 10) << "   digits agree "
           << kb::book::fmt(kb::digits_of_agreement(H.eigenvalues()(i), exact(i)), 3) << "\n";
    r.say(os.str() + "(an illustration of the discretisation's convergence, not a rounding-level check: the\n"
                     "agreement is limited by the quadrature, and improves as nodes are added)");
    // How many eigenvalues the 80-node grid resolves: the leading i within 1 % of 2^{-i}, and
    // within a factor 2 (relative error < 1/2), and from which i on every one is off by more.
    {
        const Vector<R> closed = kb::gaussian_mercer_eigenvalues(gamma, s, n);
        Eigen::Index within1 = 0, within50 = 0, beyond = n;
        while (within1 < n && abs(R(H.eigenvalues()(within1) - closed(within1))) <= closed(within1) / R(100)) ++within1;
        while (within50 < n && abs(R(H.eigenvalues()(within50) - closed(within50))) < closed(within50) / R(2)) ++within50;
        while (beyond > 0 && abs(R(H.eigenvalues()(beyond - 1) - closed(beyond - 1))) >= closed(beyond - 1) / R(2)) --beyond;
        bool below = true; // past the resolved ones the Nyström eigenvalues fall below 2^{-i}
        for (Eigen::Index i = beyond; i < n; ++i) below = below && H.eigenvalues()(i) < closed(i);
        r.exact("beeny:C", "the 80-node Gauss–Hermite eigenvalues resolve 2^{-i} for i ≤ " + std::to_string(within1) +
                               " to 1 % and for i ≤ " + std::to_string(within50) + " within 50 %; from i = " +
                               std::to_string(beyond + 1) + " on every one is off by more than 50 %, below 2^{-i}",
                within1 >= 1 && within50 >= within1 && beyond >= within50 && below);
    }

    // Figure data.
    namespace fs = std::filesystem;
    fs::create_directories("book/data/05-rkhs");
    std::ofstream ev("book/data/05-rkhs/mercer_eigenvalues.csv");
    ev << "i,lambda_legendre60_double,lambda_hermite80_nystrom_real50,lambda_hermite_closed_form\n";
    ev << std::setprecision(17);
    const Vector<R> exact60 = kb::gaussian_mercer_eigenvalues(gamma, s, 60);
    for (std::size_t i = 0; i < tables.lambda_double.size(); ++i) {
        ev << i + 1 << "," << tables.lambda_double[i] << ",";
        ev << static_cast<double>(H.eigenvalues()(static_cast<Eigen::Index>(i)));
        ev << "," << static_cast<double>(exact60(static_cast<Eigen::Index>(i))) << "\n";
    }
    std::ofstream tr("book/data/05-rkhs/mercer_truncation.csv");
    tr << "m,sup_error_nodes,l2_error,sup_error_new_points\n" << std::setprecision(17);
    for (std::size_t m = 0; m < tables.sup_error.size(); ++m) {
        tr << m << "," << tables.sup_error[m] << "," << tables.l2_error[m] << ",";
        if (tables.offgrid_error[m] >= 0) tr << tables.offgrid_error[m];
        tr << "\n";
    }
    r.say("figure data: book/data/05-rkhs/mercer_eigenvalues.csv, book/data/05-rkhs/mercer_truncation.csv");
}

// ---------------------------------------------------------------------------------------
void hilbert_dimension(kb::book::Report& r) {
    r.section("Hilbert spaces and their dimension (beeny:def3.2, beeny:ex3.3)");
    using R = kb::real100;
    r.precision<R>();
    // Distinct points: the Gaussian Gram matrix is positive definite for every N.
    const auto k = kb::GaussianKernel<R>::from_zhu_sigma(R(1));
    Matrix<R> X(12, 1);
    for (int i = 0; i < 12; ++i) X(i, 0) = kb::ratio<R>(i, 6) - R(1);
    const auto eig = kb::symmetric_eigen(kb::gram(k, X));
    const R bound = kb::book::rounding_bound<R>(12, eig.values(0));
    r.exact("beeny:ex3.3", "Gaussian sections of 12 distinct points are independent: λ_min(K) = " + kb::book::fmt(eig.values(11), 3) +
                               " > rounding bound " + kb::book::fmt(bound, 2),
            eig.values(11) > bound);
    const Matrix<Q> Xq = rows<Q>({{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}, {-1, 1}, {3, -1}});
    const auto dep = kb::vanishing_combinations(kb::PolynomialKernel<Q>(Q(1), 2), Xq);
    r.exact("beeny:ex3.3", "sections of (1 + xᵀy)² at 8 points of R² satisfy " + std::to_string(dep.cols()) +
                               " = 8 − 6 exact linear relations: that RKHS has dimension 6",
            dep.cols() == 2);
    r.erratum("beeny:ex3.3", "\"Due to the Riesz-Fischer theorem, every infinite-dimensional Hilbert space is isomorphic to ℓ²\"",
              "every SEPARABLE infinite-dimensional Hilbert space is isomorphic to ℓ² (ℓ²(ℝ) is not: it has "
              "uncountably many orthonormal vectors at mutual distance √2). The Gaussian RKHS is separable: Mercer's "
              "eigenfunctions √λᵢ eᵢ are a countable orthonormal basis — though its sections k(x,·), x ∈ ℝ, are an "
              "uncountable linearly independent family (as the check above shows for every finite subfamily)",
              eig.values(11) > bound);
    r.remark("beeny:def3.2", "\"two Hilbert spaces are isomorphic if and only if they have the same dimension\"",
              "a wording: \"dimension\" is Kreyszig's HILBERT dimension (cardinality of an orthonormal basis), not the algebraic dimension: ℓ² and "
              "ℓ²(ℝ) both have algebraic dimension 2^ℵ₀ but Hilbert dimensions ℵ₀ and 2^ℵ₀. In finite dimension the "
              "two agree: the span of the 8 polynomial sections has dimension 6, isometric to R⁶",
              dep.cols() == 2);
}

} // namespace

int main() {
    kb::book::Report r("Chapter 5 — The RKHS and its reproducing property");
    gram_matrices(r);
    pre_rkhs(r);
    reproducing<kb::real50>(r);
    reproducing<double>(r);
    riesz(r);
    interpolation(r);
    hilbert_dimension(r);
    mercer_section(r);
    return r.finish();
}
