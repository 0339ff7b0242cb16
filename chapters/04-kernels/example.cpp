/// \file example.cpp
/// \brief Chapter 4's program: the kernels and their parameters, the closure rules with
///        proven certificates, the seeds' proofs checked (and their errata demonstrated),
///        the Gaussian kernel through the rules, the refutations with their witnesses, and
///        the explicit feature maps. Writes the data of zhu's Figure 2 (circles lifted to ℝ³).
#include "report.hpp"

#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include "ch04.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <vector>

using kb::real50;
using kb::book::Report;

namespace {

std::string vector_text(const Vector<rational>& c) {
    std::string s = "(";
    for (Eigen::Index i = 0; i < c.size(); ++i) s += (i ? ", " : "") + kb::book::fmt(c(i));
    return s + ")";
}

std::string verdict_text(const kb::PsdCertificate& c) {
    std::string s = kb::to_string(c.verdict);
    if (c.proven()) s += c.definite ? " (positive definite" : " (semi-definite";
    if (c.proven()) s += ", rank " + std::to_string(c.rank) + ")";
    return s;
}

// A refutation: the certificate, its witness and cᵀKc, printed; true if refuted and checked.
bool refute(Report& report, const std::string& what, const Matrix<rational>& K) {
    const kb::PsdCertificate cert = kb::certify_psd(K);
    const bool ok = cert.refuted() && kb::quadratic_form(K, cert.witness) < 0;
    report.say("  " + what + ": " + verdict_text(cert) + ", witness c = " + vector_text(cert.witness) +
               ", cᵀKc = " + kb::book::fmt(cert.witness_value) + " < 0 (exact)");
    return ok;
}
bool refute(Report& report, const std::string& what, const Matrix<kb::interval>& K) {
    const kb::PsdCertificate cert = kb::certify_psd(K);
    const bool ok = cert.refuted() && kb::certainly_negative(kb::quadratic_form(K, cert.witness));
    report.say("  " + what + ": " + verdict_text(cert) + ", witness c = " + vector_text(cert.witness) +
               ", cᵀKc ≤ " + kb::book::fmt(static_cast<double>(cert.witness_value), 6) + " < 0 (interval enclosure)");
    return ok;
}

Matrix<rational> column(std::initializer_list<long> values, long den = 1) {
    IntMatrix M(static_cast<Eigen::Index>(values.size()), 1);
    Eigen::Index i = 0;
    for (long v : values) M(i++, 0) = v;
    return kb::from_integers<rational>(M, den);
}

// A rational point on the circle of radius r: r·((1 − t²)/(1 + t²), 2t/(1 + t²)).
RowVector<rational> on_circle(const rational& r, const rational& t) {
    RowVector<rational> p(2);
    p << r * (1 - t * t) / (1 + t * t), r * 2 * t / (1 + t * t);
    return p;
}

void kernels_and_parameters(Report& report) {
    report.section("Kernels and their parameters");
    report.precision<rational>();
    // σ conventions: zhu and beeny exp(−‖x−y‖²/σ²), ghiasi exp(−‖x−y‖²/(2σ²)).
    const rational sigma(3, 2);
    const rational zhu = kb::GaussianKernel<rational>::from_zhu_sigma(sigma).gamma();
    const rational ghiasi = kb::GaussianKernel<rational>::from_sigma(sigma).gamma();
    report.say("  σ = 3/2: zhu/beeny γ = 1/σ² = " + kb::book::fmt(zhu) + ", ghiasi γ = 1/(2σ²) = " +
               kb::book::fmt(ghiasi));
    report.exact("zhu:ex7c", "Gaussian σ conventions: γ_zhu(σ) = 1/σ² and γ_ghiasi(σ) = 1/(2σ²) = γ_zhu(σ)/2",
                 zhu == rational(4, 9) && ghiasi == rational(2, 9) && zhu == 2 * ghiasi);
    report.precision<real50>();
    const Matrix<real50> P = kb::from_integers<real50>((IntMatrix(2, 2) << 1, 2, -3, 5).finished(), 4);
    using std::sqrt;
    const real50 a = kb::GaussianKernel<real50>::from_sigma(real50(3) / 2)(P.row(0), P.row(1));
    const real50 b = kb::GaussianKernel<real50>::from_zhu_sigma(sqrt(real50(2)) * 3 / 2)(P.row(0), P.row(1));
    using std::abs;
    report.agree("ghiasi:eq1", "exp(−d²/(2σ²)) = exp(−d²/σ_zhu²) with σ_zhu = √2·σ", real50(abs(a - b)),
                 kb::book::rounding_bound<real50>(4, real50(1)));

    // The image kernels of ghiasi eqs. 27–29 at q = 784 on two fixed images with pixels k/255.
    const int q = 784;
    RowVector<rational> x(q), z(q);
    for (int i = 0; i < q; ++i) {
        x(i) = rational((37 * i) % 256, 255);
        z(i) = rational((101 * i + 7) % 256, 255);
    }
    const rational s = kb::pixel_inner_product(x, z);
    const RowVector<rational> u = (2 * x.array() - 1).matrix(), v = (2 * z.array() - 1).matrix();
    const rational t = kb::pixel_inner_product(u, v);
    rational form1(1), form2(1);
    for (int i = 0; i < 9; ++i) {
        form1 *= t + 1;
        form2 *= (t + 1) / 2;
    }
    form1 /= 512;
    const rational k1 = kb::PixelPolynomialKernel<rational>::ghiasi()(x, z);
    const rational k2 = kb::SignedPixelPolynomialKernel<rational>::ghiasi()(x, z);
    report.say("  two images of 784 pixels: ⟨x, z⟩ = " + kb::book::fmt(static_cast<double>(s)) +
               ", ⟨2x−1, 2z−1⟩ = " + kb::book::fmt(static_cast<double>(t)) + ", k₁ = " +
               kb::book::fmt(static_cast<double>(k1)) + ", k₂ = " + kb::book::fmt(static_cast<double>(k2)));
    report.exact("ghiasi:eq27-29", "28·28 = 784 pixels and 2⁹ = 512", 28 * 28 == q && (1 << 9) == 512);
    report.exact("ghiasi:eq27-29", "the two printed forms of k₂ agree: (⟨2x−1,2z−1⟩ + 1)⁹/512 = ((⟨2x−1,2z−1⟩ + 1)/2)⁹",
                 form1 == form2 && form2 == k2);
    report.exact("ghiasi:eq27-29", "ranges: ⟨x, z⟩ ∈ [0, 1], ⟨2x−1, 2z−1⟩ ∈ [−1, 1], k₁, k₂ ∈ [0, 1]",
                 s >= 0 && s <= 1 && t >= -1 && t <= 1 && k1 >= 0 && k1 <= 1 && k2 >= 0 && k2 <= 1);
    const RowVector<rational> white = RowVector<rational>::Ones(q), black = RowVector<rational>::Zero(q);
    const auto K2 = kb::SignedPixelPolynomialKernel<rational>::ghiasi();
    report.exact("ghiasi:eq27-29", "k₂ attains 1 (identical binary images) and 0 (white against black)",
                 K2(white, white) == 1 && K2(white, black) == 0);
}

void definition(Report& report) {
    report.section("What a kernel is (zhu Definition 4, beeny Definitions 3.6 and 3.7)");
    report.precision<rational>();
    const Matrix<rational> X = kb::from_integers<rational>((IntMatrix(4, 2) << 1, 0, 2, 1, -1, 3, 0, -2).finished(), 2);
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const Matrix<rational> K = kb::gram(k, X);
    const Vector<rational> c = (Vector<rational>(4) << 3, -1, 2, -5).finished();
    rational form(0);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) form += c(i) * c(j) * k(X.row(i), X.row(j));
    report.say("  k = (1 + xᵀy)², four points, c = " + vector_text(c) + ": Σᵢⱼ cᵢcⱼ k(xᵢ, xⱼ) = " + kb::book::fmt(form));
    report.exact("beeny:def3.6", "Σᵢⱼ cᵢcⱼ k(xᵢ, xⱼ) = cᵀKc ≥ 0 and K is proven PSD",
                 form == rational(c.transpose() * K * c) && form >= 0 && kb::certify_psd(K).proven());
    const kb::PsdCertificate cert = kb::certify_psd(K);
    report.say("  certificate: " + verdict_text(cert) + "; " + cert.reason + "; pivots d = " + vector_text(cert.d));
    // beeny Definition 3.7: "positive definite" — only semi-definite in general.
    const Matrix<rational> Y = column({1, 2, 3});
    Matrix<rational> Phi(3, 2);
    for (int i = 0; i < 3; ++i) Phi.row(i) << Y(i, 0), Y(i, 0) * Y(i, 0);
    const kb::PsdCertificate feature = kb::certify_psd(Matrix<rational>(Phi * Phi.transpose()));
    report.remark("beeny:def3.7", "\"k would surely be symmetric and positive definite since inner products are\"",
                   "a wording: \"positive definite\" must be read as Definition 3.6's positive SEMI-definite, in the "
                   "strict sense it is false: φ(x) = (x, x²) on the points 1, 2, 3 gives a Gram matrix of rank " +
                       std::to_string(feature.rank) + " < 3",
                   feature.proven() && !feature.definite && feature.rank == 2);
    report.remark("beeny:def3.7", "\"we need to show that there is a unique Hilbert space\"",
                   "a wording: the RKHS is unique, feature spaces are not: φ₁(x) = x and φ₂(x) = (3x/5, 4x/5) give the same k(x, y) = xy "
                   "(the RKHS of k is unique — chapter 5)",
                   rational(3, 5) * rational(3, 5) + rational(4, 5) * rational(4, 5) == 1);
    // zhu Example 7(a).
    const rational kxy = kb::LinearKernel<rational>{}(column({2}).row(0), column({3}).row(0));
    report.erratum("zhu:ex7a", "\"k_x(y) = x\" for the linear kernel",
                   "k_x(y) = xᵀy, a number (x = 2, y = 3: k_x(y) = " + kb::book::fmt(kxy) +
                       ", not 2); the feature map is φ(x) = x, i.e. k_x = ⟨x, ·⟩",
                   kxy == 6);
}

void closure_rules(Report& report) {
    report.section("The closure rules (beeny Theorem 3.8), proven on rational data");
    report.precision<rational>();
    const Matrix<rational> X =
        kb::from_integers<rational>((IntMatrix(5, 2) << 1, 0, 0, 1, 1, 1, -1, 2, 2, -1).finished(), 2);
    const kb::LinearKernel<rational> lin;
    const kb::PolynomialKernel<rational> poly(rational(1), 2);
    const auto h = kb::affine_map<rational>((Matrix<rational>(1, 2) << 1, -1).finished(),
                                            (RowVector<rational>(1) << rational(1, 2)).finished());
    const auto g = [](const RowVector<rational>& x) { return rational(1 + x(0) - 2 * x(1)); };
    struct Rule {
        std::string label, text;
        Matrix<rational> K;
    };
    const Rule rules[] = {
        {"beeny:thm3.8.1", "3·xᵀy + 0·(1 + xᵀy)² (a zero weight is allowed)", kb::gram(kb::combination(rational(3), lin, rational(0), poly), X)},
        {"beeny:thm3.8.2", "xᵀy · (1 + xᵀy)²", kb::gram(kb::product(lin, poly), X)},
        {"beeny:thm3.8.3", "2 + xᵀy + (xᵀy)³/2", kb::gram(kb::polynomial({rational(2), rational(1), rational(0), rational(1, 2)}, lin), X)},
        {"beeny:thm3.8.4", "(1 + h(x)h(y))², h(x) = x₁ − x₂ + 1/2", kb::gram(kb::composition(poly, h), X)},
        {"beeny:thm3.8.5", "g(x)g(y), g(x) = 1 + x₁ − 2x₂", kb::gram(kb::rank_one<rational>(g), X)},
    };
    for (const Rule& r : rules) {
        const kb::PsdCertificate cert = kb::certify_psd(r.K);
        const bool ok = cert.proven() &&
                        Matrix<rational>(cert.L * cert.d.asDiagonal() * cert.L.transpose()) == r.K;
        report.exact(r.label, r.text + " on 5 points: " + verdict_text(cert) + ", K = L·diag(d)·Lᵀ checked", ok);
    }
    // The seed's proofs, checked.
    const kb::PsdCertificate rank_deficient = kb::certify_psd(kb::gram(lin, X));
    report.remark("beeny:thm3.8.1", "the proof takes \"a₁, a₂ > 0\" for a theorem stated with a₁, a₂ ≥ 0",
                   "the argument works verbatim for a₁, a₂ ≥ 0 (the zero weight above is proven)", true);
    report.erratum("beeny:thm3.8.2", "\"Since K₁, K₂ are positive semi-definite, we have λᵢ, μᵢ > 0\"",
                   "λᵢ, μⱼ ≥ 0: the linear kernel on 5 points of ℝ² has rank " + std::to_string(rank_deficient.rank) +
                       ", so three eigenvalues are exactly 0; ≥ 0 is all the Hadamard argument needs",
                   rank_deficient.proven() && rank_deficient.rank == 2);
    {
        const Matrix<rational> K1 = kb::gram(lin, X), K2 = kb::gram(poly, X);
        const kb::PsdCertificate c1 = kb::certify_psd(K1), c2 = kb::certify_psd(K2);
        Matrix<rational> S = Matrix<rational>::Zero(5, 5);
        for (Eigen::Index i = 0; i < c1.d.size(); ++i)
            for (Eigen::Index j = 0; j < c2.d.size(); ++j) {
                const Vector<rational> w = c1.L.col(i).cwiseProduct(c2.L.col(j));
                S += c1.d(i) * c2.d(j) * w * w.transpose();
            }
        report.exact("beeny:thm3.8.2", "the Hadamard argument: K₁∘K₂ = Σᵢⱼ dᵢeⱼ (lᵢ∘mⱼ)(lᵢ∘mⱼ)ᵀ from K₁ = Σ dᵢlᵢlᵢᵀ, K₂ = Σ eⱼmⱼmⱼᵀ",
                     S == Matrix<rational>(K1.cwiseProduct(K2)));
    }
    {
        const auto hc = kb::affine_map<rational>((Matrix<rational>(1, 2) << 1, 1).finished(),
                                                 RowVector<rational>::Zero(1));
        const Matrix<rational> P = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 2, 2, 1).finished());
        const Matrix<rational> K = kb::gram(kb::composition(poly, hc), P);
        const rational f = kb::quadratic_form(K, (Vector<rational>(2) << 1, -1).finished());
        report.erratum("beeny:thm3.8.4", "the proof concludes Σᵢⱼ cᵢcⱼ k₁(yᵢ, yⱼ) > 0",
                       "≥ 0: with h(x) = x₁ + x₂ the points (1, 2), (2, 1) coincide after h and c = (1, −1) gives " +
                           kb::book::fmt(f),
                       f == 0);
    }
    {
        const Matrix<rational> P = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 0, 4, 1).finished());
        const Matrix<rational> K = kb::gram(kb::rank_one<rational>(g), P);
        const Vector<rational> c = (Vector<rational>(2) << g(P.row(1)), -g(P.row(0))).finished();
        const rational f = kb::quadratic_form(K, c);
        report.erratum("beeny:thm3.8.5", "the proof concludes (Σᵢ yᵢ)² > 0",
                       "≥ 0: c = (g(x₂), −g(x₁)) = " + vector_text(c) + " gives (Σᵢ cᵢg(xᵢ))² = " + kb::book::fmt(f), f == 0);
    }
    report.remark("beeny:thm3.8.3", "\"By part 2, k₁, …, k₁ⁿ are kernels. By part 1, a₀ + a₁k₁ + … is a kernel\"",
                   "a gap in the proof, not a wrong result: the constant a₀ is no power of k₁: it is the kernel g(x)g(y) with g ≡ √a₀ (part 5), Gram a₀𝟙𝟙ᵀ; "
                   "and part 1 is applied n times (induction)",
                   kb::certify_psd(kb::gram(kb::ConstantKernel<rational>(rational(2)), X)).rank == 1);
}

void exponential_rule(Report& report) {
    report.section("Rule 6: exp(k₁) is the entrywise exponential, not the matrix exponential");
    report.precision<real50>();
    const Matrix<real50> X = kb::from_integers<real50>((IntMatrix(3, 1) << 0, 1, 2).finished(), 2);
    const kb::LinearKernel<real50> lin;
    const Matrix<real50> K1 = kb::gram(lin, X);
    const auto eig = kb::symmetric_eigen(K1);
    const Matrix<real50> matrix_exp =
        eig.vectors * eig.values.array().exp().matrix().asDiagonal() * eig.vectors.transpose();
    const Matrix<real50> entrywise = kb::gram(kb::exponential(lin), X);
    report.say("  points 0, 1/2, 1 and k₁ = xy. Matrix exponential e^{K₁} (what the proof computes):\n" +
               kb::book::matrix_to_string(matrix_exp, 8) + "  Gram matrix of exp(k₁) (entrywise):\n" +
               kb::book::matrix_to_string(entrywise, 8));
    const real50 difference = kb::max_abs(Matrix<real50>(matrix_exp - entrywise));
    report.erratum("beeny:thm3.8.6",
                   "\"(exp K₁)v = Σ K₁^m v/m! = e^λ v … K = exp K₁ has eigenvalues e^λ\" (the matrix exponential)",
                   "the Gram matrix of exp(k₁) is the entrywise exponential; it differs from e^{K₁} by up to " +
                       kb::book::fmt(difference, 6) +
                       " here. Correct proof: exp(k₁) = lim Σ_{m≤M} k₁^m/m!, each partial sum a kernel by rule 3, "
                       "and the PSD cone is closed",
                   difference > real50(1) / 10);
    // The partial sums, proven PSD exactly, converge.
    const Matrix<rational> Xq = column({0, 1, 2}, 2);
    const Matrix<rational> K1q = kb::gram(kb::LinearKernel<rational>{}, Xq);
    Matrix<rational> S = Matrix<rational>::Zero(3, 3), power = Matrix<rational>::Ones(3, 3);
    rational factorial(1);
    bool all_proven = true;
    for (int m = 0; m <= 12; ++m) {
        if (m > 0) {
            factorial *= m;
            power = power.cwiseProduct(K1q);
        }
        S += power / factorial;
        all_proven = all_proven && kb::certify_psd(S).proven();
    }
    report.exact("beeny:thm3.8.6", "the partial sums Σ_{m≤M} K₁^{∘m}/m!, M = 0…12, are each proven PSD", all_proven);
    report.agree("beeny:thm3.8.6", "Σ_{m≤12} K₁^{∘m}/m! → exp∘K₁ (Taylor remainder ≤ e·1/13!)",
                 kb::max_abs(Matrix<real50>(kb::convert_matrix<real50>(S) - entrywise)),
                 real50(3) / real50(6227020800), real50(3));
    // The zero kernel: e^{0} = I but exp∘0 = 𝟙𝟙ᵀ, which is singular.
    const kb::PsdCertificate ones = kb::certify_psd(Matrix<rational>(Matrix<rational>::Ones(3, 3)));
    report.erratum("beeny:thm3.8.6", "\"It follows that K is positive definite\"",
                   "only semi-definite: for k₁ = 0 (a kernel) exp(k₁) ≡ 1 has the Gram matrix 𝟙𝟙ᵀ of rank " +
                       std::to_string(ones.rank) + ", while the matrix exponential of 0 is I",
                   ones.proven() && ones.rank == 1);
}

void gaussian(Report& report) {
    report.section("Theorem 3.9: the Gaussian kernel is a kernel, through the closure rules");
    report.precision<real50>();
    report.say("  exp(−γ‖x−y‖²) = g(x)·g(y)·exp(2γ xᵀy), g(x) = exp(−γ‖x‖²): rules 1 (2γ·xᵀy), 6 (exp), 5 (g(x)g(y)), 2 (product)");
    const Matrix<real50> X = kb::from_integers<real50>(
        (IntMatrix(6, 2) << 0, 0, 3, 1, -2, 4, 5, -5, 1, 1, -4, -3).finished(), 5);
    const real50 gamma = real50(3) / 4;
    using std::exp;
    const auto E = kb::exponential(kb::scaled(2 * gamma, kb::LinearKernel<real50>{}));
    const auto g = [gamma](const RowVector<real50>& x) { return real50(exp(-gamma * x.squaredNorm())); };
    const Matrix<real50> KE = kb::gram(E, X), KG = kb::gram(kb::rank_one<real50>(g), X);
    const Matrix<real50> K = kb::gram(kb::GaussianKernel<real50>::from_gamma(gamma), X);
    const real50 scale = exp(2 * gamma * 2);
    report.agree("beeny:thm3.9", "(g gᵀ)∘exp(2γXXᵀ) = Gaussian Gram (6 points, γ = 3/4)",
                 kb::max_abs(Matrix<real50>(KG.cwiseProduct(KE) - K)), kb::book::rounding_bound<real50>(8, scale),
                 real50(1));
    report.agree("beeny:thm3.9", "normalised exp(2γxᵀy) = Gaussian", kb::max_abs(Matrix<real50>(kb::gram(kb::normalised(E), X) - K)),
                 kb::book::rounding_bound<real50>(12, scale), real50(1));
    const real50 lmin = kb::symmetric_eigen(K).values(5);
    report.say("  λ_min of the Gaussian Gram matrix = " + kb::book::fmt(lmin, 10));
    // The interval certificate on 20 rational points of the plane.
    IntMatrix P(20, 2);
    for (int i = 0; i < 20; ++i) P.row(i) << 3 * (i % 5) - 6 + (i * i) % 3, 3 * (i / 5) - 6; // a jittered 5×4 grid
    const Matrix<rational> Xq = kb::from_integers<rational>(P, 4);
    const Matrix<kb::interval> Ki =
        kb::gram(kb::GaussianKernel<kb::interval>::from_gamma(kb::to_interval(rational(1, 2))), kb::to_interval(Xq));
    const kb::PsdCertificate cert = kb::certify_psd(Ki);
    report.say("  interval certificate, 20 distinct points of a jittered grid with coordinates k/4, γ = 1/2: " +
               cert.reason);
    report.exact("beeny:thm3.9", "the Gaussian Gram matrix of 20 distinct points is proven positive definite (MPFI)",
                 cert.proven() && cert.definite);
}

void refutations(Report& report) {
    report.section("Things that look like kernels but are not: refuted, with witnesses");
    bool ok = true;
    ok &= refute(report, "‖x − y‖₁ on (0, 0), (3, 4)",
                 kb::gram(kb::impostor::Distance<rational>{rational(1)},
                          kb::from_integers<rational>((IntMatrix(2, 2) << 0, 0, 3, 4).finished())));
    ok &= refute(report, "−‖x − y‖₁ on (0, 0), (3, 4)",
                 kb::gram(kb::impostor::Distance<rational>{rational(-1)},
                          kb::from_integers<rational>((IntMatrix(2, 2) << 0, 0, 3, 4).finished())));
    ok &= refute(report, "max(x, y) on 1, 2", kb::gram(kb::impostor::Max<rational>{}, column({1, 2})));
    ok &= refute(report, "min(x, y) on −1, 2 (ℝ, not [0, ∞))", kb::gram(kb::impostor::MinOnReals<rational>{}, column({-1, 2})));
    using Lin = kb::LinearKernel<rational>;
    using One = kb::ConstantKernel<rational>;
    ok &= refute(report, "min(xy, 1) on −1, 2", kb::gram(kb::impostor::PointwiseMin<Lin, One>{Lin{}, One(rational(1))}, column({-1, 2})));
    ok &= refute(report, "max(xy, 1) on −1, 1, 2",
                 kb::gram(kb::impostor::PointwiseMax<Lin, One>{Lin{}, One(rational(1))}, column({-1, 1, 2})));
    ok &= refute(report, "tanh(xᵀy) on 1, 2",
                 kb::gram(kb::impostor::Sigmoid<kb::interval>{kb::interval(1), kb::interval(0)},
                          kb::to_interval(column({1, 2}))));
    ok &= refute(report, "tanh(xᵀy/2 + 1) on −3, 1, 3",
                 kb::gram(kb::impostor::Sigmoid<kb::interval>{kb::to_interval(rational(1, 2)), kb::interval(1)},
                          kb::to_interval(column({-3, 1, 3}))));
    ok &= refute(report, "exp(+‖x − y‖₁) on 0, 1/2",
                 kb::gram(kb::impostor::ExpDistance<kb::interval>{}, kb::to_interval(column({0, 1}, 2))));
    report.exact("zhu:def4", "each of these symmetric functions has a Gram matrix with cᵀKc < 0: none is a kernel", ok);
    const kb::PsdCertificate min_cert =
        kb::certify_psd(kb::gram(kb::MinKernel<rational>{}, column({0, 1, 3, 4, 9}, 2)));
    report.exact("zhu:def4", "but min(x, y) on [0, ∞) is a kernel: on 0, 1/2, 3/2, 2, 9/2 " + verdict_text(min_cert),
                 min_cert.proven() && min_cert.definite == false);
}

void feature_maps(Report& report) {
    report.section("Explicit feature maps (zhu Examples 7(b) and 3)");
    report.precision<rational>();
    const kb::PolynomialFeatureMap<rational> phi(kb::PolynomialKernel<rational>(rational(1), 2), 2);
    report.say("  (1 + xᵀy)² on ℝ²: monomials 1, x₁, x₂, x₁², x₁x₂, x₂² with weights " + vector_text(phi.weights()) +
               ": φ(y) = (1, √2·y₁, √2·y₂, y₁², √2·y₁y₂, y₂²)");
    bool exact = true;
    for (int d = 1; d <= 4; ++d)
        for (int q = 1; q <= 4; ++q) {
            const kb::PolynomialKernel<rational> k(rational(1, 3), d);
            const kb::PolynomialFeatureMap<rational> map(k, q);
            IntMatrix M(3, q);
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < q; ++j) M(i, j) = (5 * i + 3 * j + d) % 9 - 4;
            const Matrix<rational> X = kb::from_integers<rational>(M, 3);
            exact = exact && map.inner_products(X, X) == kb::gram(k, X);
        }
    report.exact("zhu:ex7b", "m(x)ᵀ W m(y) = (1/3 + xᵀy)^d exactly for q, d = 1…4", exact);
    const Matrix<rational> P = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 4, 1, 1).finished());
    const rational k = kb::PolynomialKernel<rational>(rational(1), 2)(P.row(0), P.row(1));
    // zhu's printed map at x = (1, 4), y = (1, 1): the last entries √(x₁x₂) = 2 and √(y₁y₂) = 1.
    const rational printed = 1 + 2 * 1 * 1 + 2 * 4 * 1 + 1 * 1 + 16 * 1 + 2 * 1;
    report.erratum("zhu:ex7b", "the feature map (1, √2y₁, √2y₂, y₁², y₂², √(y₁y₂))",
                   "last entry √2·y₁y₂: at x = (1, 4), y = (1, 1) the printed map gives " + kb::book::fmt(printed) +
                       ", the kernel is (1 + 5)² = " + kb::book::fmt(k) + " = m(x)ᵀWm(y) = " +
                       kb::book::fmt(phi.inner_products(P, P)(0, 1)),
                   printed == 30 && k == 36 && phi.inner_products(P, P)(0, 1) == 36);
    const Matrix<rational> Q = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 2, 3, 4).finished());
    const rational first = (1 + Q(0, 0) * Q(1, 0) + Q(1, 0) * Q(1, 1)) * (1 + Q(0, 0) * Q(1, 0) + Q(1, 0) * Q(1, 1));
    report.erratum("zhu:ex7b", "(1 + yᵢᵀyⱼ)² = (1 + y₁₁y₂₁ + y₂₁y₂₂)² = … + y₁₁²y₂₁² + y₂₁²y₂₂² + …",
                   "(1 + y₁₁y₂₁ + y₁₂y₂₂)² = … + y₁₁²y₂₁² + y₁₂²y₂₂² + …; at yᵢ = (1, 2), yⱼ = (3, 4) the printed first "
                   "line gives " + kb::book::fmt(first) + ", the kernel " +
                       kb::book::fmt(kb::PolynomialKernel<rational>(rational(1), 2)(Q.row(0), Q.row(1))),
                   first == 256 && kb::PolynomialKernel<rational>(rational(1), 2)(Q.row(0), Q.row(1)) == 144);

    // zhu Example 3: rational points on circles of radius 1 and 2, lifted. The n points of each
    // circle sit near the evenly spaced angles θ_k = 2πk/n: the parameter t is tan(θ_k/2) rounded
    // to a multiple of 1/1000 (so the point is rational and exactly on the circle), and θ = π,
    // where t would be infinite, is the point (−r, 0) itself.
    const int n = 24;
    Matrix<rational> Y(2 * n, 2);
    for (int i = 0; i < n; ++i) {
        if (2 * i == n) {
            Y.row(i) << -1, 0;
            Y.row(n + i) << -2, 0;
            continue;
        }
        const double half_angle = kb::pi<double>() * i / n;
        const rational t(std::lround(std::tan(half_angle) * 1000), 1000);
        Y.row(i) = on_circle(rational(1), t);
        Y.row(n + i) = on_circle(rational(2), t);
    }
    // The largest gap between neighbouring points of a circle, in degrees (evenly spaced: 360/n).
    double largest_gap = 0;
    {
        std::vector<double> angles;
        for (int i = 0; i < n; ++i) angles.push_back(std::atan2(static_cast<double>(Y(i, 1)), static_cast<double>(Y(i, 0))));
        std::sort(angles.begin(), angles.end());
        for (int i = 0; i < n; ++i) {
            const double next = i + 1 < n ? angles[static_cast<std::size_t>(i + 1)] : angles[0] + 2 * kb::pi<double>();
            largest_gap = std::max(largest_gap, (next - angles[static_cast<std::size_t>(i)]) * 180 / kb::pi<double>());
        }
    }
    report.say("zhu Example 3: " + std::to_string(n) + " rational points on each circle, near the angles 360°·k/" +
               std::to_string(n) + " (largest gap between neighbours " + kb::book::fmt(largest_gap, 4) + "°)");
    const Matrix<rational> L = kb::paraboloid_lift(Y);
    bool separated = true;
    for (int i = 0; i < n; ++i) separated = separated && L(i, 2) == 1 && L(n + i, 2) == 4;
    report.exact("zhu:ex3", "φ(y) = (y₁, y₂, y₁² + y₂²) maps radius 1 to x₃ = 1 and radius 2 to x₃ = 4: the plane x₃ = 5/2 separates",
                 separated);
    const Matrix<rational> K = kb::gram(kb::ParaboloidLiftKernel<rational>{}, Y);
    const kb::PsdCertificate cert = kb::certify_psd(K);
    report.exact("zhu:ex3", "the induced kernel xᵀy + ‖x‖²‖y‖² = ⟨φ(x), φ(y)⟩ on the 48 points: " + verdict_text(cert),
                 K == Matrix<rational>(L * L.transpose()) && cert.proven() && cert.rank == 3);
    // Figure data: zhu's Figure 2 (the circles lifted to ℝ³).
    std::filesystem::create_directories("book/data/04-kernels");
    std::ofstream csv("book/data/04-kernels/circles_lifted.csv");
    csv << "y1,y2,x3,radius\n";
    for (int i = 0; i < 2 * n; ++i)
        csv << static_cast<double>(L(i, 0)) << "," << static_cast<double>(L(i, 1)) << "," << static_cast<double>(L(i, 2))
            << "," << (i < n ? 1 : 2) << "\n";
    report.say("  wrote book/data/04-kernels/circles_lifted.csv (zhu Figure 2: the circles lifted to ℝ³)");
}

void random_tree(Report& report) {
    report.section("A kernel built from the rules, certified");
    report.precision<rational>();
    const auto g = [](const RowVector<rational>& x) { return rational(1 - x(0) + x(1)); };
    const auto h = kb::affine_map<rational>((Matrix<rational>(2, 2) << 1, 1, 0, -1).finished(),
                                            (RowVector<rational>(2) << 0, rational(1, 2)).finished());
    const auto k = kb::polynomial(
        {rational(1), rational(2), rational(1, 2)},
        kb::combination(rational(1, 2), kb::product(kb::composition(kb::LinearKernel<rational>{}, h, "h"),
                                                    kb::rank_one<rational>(g)),
                        rational(3), kb::composition(kb::MinKernel<rational>{},
                                                     kb::affine_map<rational>(Matrix<rational>::Identity(2, 2),
                                                                              RowVector<rational>::Ones(2)),
                                                     "(x + 1)")));
    report.say("  k = " + k.describe());
    const Matrix<rational> X = kb::from_integers<rational>(
        (IntMatrix(8, 2) << 0, 0, 1, 2, -2, 1, 3, -1, -1, -1, 2, 2, -3, 0, 1, -3).finished(), 4);
    const kb::PsdCertificate cert = kb::certify_psd(kb::gram(k, X));
    report.exact("beeny:thm3.8.3", "its Gram matrix on 8 rational points: " + verdict_text(cert), cert.proven());
}

} // namespace

int main() {
    Report report("Chapter 4 — Kernels and their closure properties");
    kernels_and_parameters(report);
    definition(report);
    closure_rules(report);
    exponential_rule(report);
    gaussian(report);
    refutations(report);
    feature_maps(report);
    random_tree(report);
    return report.finish();
}
