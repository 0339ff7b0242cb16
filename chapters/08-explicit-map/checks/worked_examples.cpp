/// \file worked_examples.cpp
/// \brief Chapter 8's worked examples and experiment: the chapter's small example (min(x, z) on
///        two points, exact numbers), conditioning and the precision policy on
///        fixed grids, the Gaussian kernel of eq. 1, one sign convention for all projections,
///        and the pipeline of the paper's experiment (section 4) on a small subset.
#include "chapter_support.hpp"

#include "kernelbook/datasets.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/fisher.hpp"
#include "kernelbook/io.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/spectral.hpp"
#include "exact_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

using namespace kb::test::ch08;
// abs and sqrt on double must be std's (not C's int abs); ADL finds the multiprecision ones.
using std::abs;
using std::sqrt;

// ============================================================ the chapter's small example

//! [small-example]
TEST_CASE("the chapter's small example: min(x z) on x = 5 and 10 - K^1/2 has entries 2 1 1 3 - residuals 4/5 6/5 4 "
          "of z = 6 8 14 and the Nystrom value 28/5 for k(6 8) = 6 exactly") {
    using Q = kb::rational;
    // §8.2: the kernel of Brownian motion k(x, z) = min(x, z) (kb::MinKernel), training points
    // x₁ = 5, x₂ = 10, test points z = 6, 8, 14. Every number below is printed there.
    const IntMatrix Xi = (IntMatrix(2, 1) << 5, 10).finished();
    const IntMatrix Zi = (IntMatrix(3, 1) << 6, 8, 14).finished();
    const Matrix<Q> X = kb::from_integers<Q>(Xi), Z = kb::from_integers<Q>(Zi);
    const kb::MinKernel<Q> k;
    using kb::test::exact_matrix;
    const Matrix<Q> K_text = exact_matrix({5, 5, 5, 10}, 2);
    const Matrix<Q> root_text = exact_matrix({2, 1, 1, 3}, 2);            // K^{1/2}
    const Matrix<Q> inv_root_text = exact_matrix({3, -1, -1, 2}, 2, 5);   // K^{-1/2}
    const Matrix<Q> kZ_text = exact_matrix({5, 5, 5, 6, 8, 10}, 2);       // columns k_z, z = 6, 8, 14
    const Matrix<Q> PhiZ_text = exact_matrix({9, 7, 7, 11, 5, 15}, 3, 5); // rows φ(z)ᵀ
    const Vector<Q> kzz_text = exact_matrix({6, 8, 14}, 3);
    const Vector<Q> norm2_text = exact_matrix({26, 34, 50}, 3, 5);        // ‖φ(z)‖² = 26/5, 34/5, 10
    const Vector<Q> r_text = exact_matrix({4, 6, 20}, 3, 5);              // r(z) = 4/5, 6/5, 4
    const Q nystrom_6_8(28, 5), k_6_8(6);
    const Matrix<Q> M_text = exact_matrix({3, 4}, 2, 2);                  // M = (3/2, 2)
    const Q lambda_text(5, 4);

    // K, and its square root by the 2×2 formula √K = (K + sI)/t, s = √det K = 5,
    // t = √(tr K + 2s) = 5: the symmetric positive definite matrix whose square is K.
    const Matrix<Q> K = kb::gram(k, X);
    CHECK(K == K_text);
    CHECK(Matrix<Q>((K + Q(5) * Matrix<Q>::Identity(2, 2)) / Q(5)) == root_text);
    CHECK(Matrix<Q>(root_text * root_text) == K);
    CHECK((root_text(0, 0) > 0 && root_text(0, 0) * root_text(1, 1) - root_text(0, 1) * root_text(1, 0) > 0)); // PD
    CHECK(Matrix<Q>(root_text * inv_root_text) == Matrix<Q>::Identity(2, 2));
    // The training features φ(x_n) = K^{-1/2}K e_n = K^{1/2}e_n: (2, 1) and (1, 3), with
    // inner products K (Theorem 1 between training points).
    const Matrix<Q> Phi = (inv_root_text * K).transpose();
    CHECK(Phi == root_text);
    CHECK(Matrix<Q>(Phi * Phi.transpose()) == K);
    // The test points: k_z and φ(z) = K^{-1/2}k_z. φ(14) = φ(10): the map cannot tell them apart.
    const Matrix<Q> kZ = kb::gram(k, X, Z);
    CHECK(kZ == kZ_text);
    const Matrix<Q> PhiZ = (inv_root_text * kZ).transpose();
    CHECK(PhiZ == PhiZ_text);
    CHECK(Matrix<Q>(PhiZ.row(2)) == Matrix<Q>(Phi.row(1)));
    // Theorem 1: ⟨φ(x_n), φ(z)⟩ = k(x_n, z) for every training point and every z.
    CHECK(Matrix<Q>(Phi * PhiZ.transpose()) == kZ);
    // Proposition 8.1: ‖φ(z)‖² misses k(z, z) by r(z) ≥ 0; the Brownian-bridge variances
    // (z − 5)(10 − z)/5 for 5 ≤ z ≤ 10 and z − 10 beyond 10.
    for (Eigen::Index m = 0; m < 3; ++m) {
        CHECK(PhiZ.row(m).squaredNorm() == norm2_text(m));
        CHECK(k(Z.row(m), Z.row(m)) == kzz_text(m));
        CHECK(kzz_text(m) - norm2_text(m) == r_text(m));
    }
    CHECK(r_text(0) == Q(1 * 4, 5));
    CHECK(r_text(1) == Q(3 * 2, 5));
    CHECK(r_text(2) == Q(14 - 10));
    // Between two test points: 28/5 for k(6, 8) = 6 (off by the bridge covariance
    // (6 − 5)(10 − 8)/5 = 2/5), but exact for (6, 14) and (8, 14).
    const Matrix<Q> G = PhiZ * PhiZ.transpose();
    CHECK(G(0, 1) == nystrom_6_8);
    CHECK(k(Z.row(0), Z.row(1)) == k_6_8);
    CHECK(k_6_8 - nystrom_6_8 == Q(2, 5));
    CHECK(G(0, 2) == k(Z.row(0), Z.row(2)));
    CHECK(G(1, 2) == k(Z.row(1), Z.row(2)));
    // Distances (eq. 26): to a training point, shifted by r(z) (‖φ(5) − φ(6)‖² = 1 − 4/5);
    // between two test points, smaller (4/5 against d_k(6, 8)² = 2); φ(14) − φ(10) = 0.
    CHECK(Matrix<Q>(Phi.row(0) - PhiZ.row(0)).squaredNorm() == Q(1) - r_text(0));
    CHECK(Matrix<Q>(PhiZ.row(0) - PhiZ.row(1)).squaredNorm() == Q(4, 5));
    CHECK(kzz_text(0) + kzz_text(1) - Q(2) * k_6_8 == Q(2));
    // The same through the library's map object, exactly (no square root needed).
    const kb::ExplicitFeatureMap<Q> phi(k, X);
    CHECK(phi.inner_products(X, Z) == kZ);
    CHECK(phi.inner_products(Z, Z) == G);
    CHECK(phi.residuals(Z) == r_text);
    // The mean M = K^{1/2}e = (3/2, 2) (eq. 8), ψ(x_n) = ±(1/2, −1), and C = ½Σψψᵀ with the
    // eigenvalue 5/4 = μ/N along (1, −2): chapter 7's μ = 5/2 of JKJ.
    const Matrix<Q> M = root_text * kb::ones<Q>(2) / Q(2);
    CHECK(M == M_text);
    const Matrix<Q> Psi = Phi.rowwise() - RowVector<Q>(M.transpose());
    const Matrix<Q> C = Psi.transpose() * Psi / Q(2);
    const Matrix<Q> v = exact_matrix({1, -2}, 2);
    CHECK(Matrix<Q>(C * v) == Matrix<Q>(lambda_text * v));
    CHECK(Matrix<Q>(kb::double_center(K)).trace() == Q(2) * lambda_text);

    // kb::ExplicitFeatureMap in real50 computes the features themselves, through K = VΛVᵀ.
    // The eigensolver is exact for K + δK, ‖δK‖_F ≤ √N·c₂Nε‖K‖ (‖K‖ < 14); to first order
    // ‖(K + δK)^{-1/2} − K^{-1/2}‖ ≤ ½λ_min^{-3/2}‖δK‖_F (the largest slope of x^{-1/2} on
    // the spectrum), with λ_min = (15 − 5√5)/2 > 19/10; forming VΛ^{-1/2}Vᵀk_z adds a pass
    // at the scale λ_min^{-1/2}‖k_z‖, ‖k_z‖ < 12 (c₁ < c₂: one factorisation bound covers both).
    using F = kb::real50;
    const long N = 2;
    const kb::ExplicitFeatureMap<F> phi50(kb::MinKernel<F>{}, kb::from_integers<F>(Xi));
    const F lmin = F(19) / F(10);
    const F scale = sqrt(F(N)) * F(14) * F(12) / (F(2) * lmin * sqrt(lmin)) + F(12) / sqrt(lmin);
    const auto feature_bound = kb::test::factorisation<F>(N, scale);
    KB_CHECK_WITHIN(kb::max_abs(Matrix<F>(phi50.transform(kb::from_integers<F>(Xi)) - kb::convert_matrix<F>(root_text))),
                    feature_bound, "φ(x_n) = K^{1/2}e_n");
    KB_CHECK_WITHIN(kb::max_abs(Matrix<F>(phi50.transform(kb::from_integers<F>(Zi)) - kb::convert_matrix<F>(PhiZ_text))),
                    feature_bound, "φ(z) for z = 6, 8, 14");
}
//! [small-example]

// ============================================================ conditioning and the precision policy

namespace {
// Gaussian kernel on N equispaced points of [0, 1]: κ(K) grows without bound as γ → 0.
template <class T>
Matrix<T> unit_grid(int N) {
    Matrix<T> X(N, 1);
    for (int i = 0; i < N; ++i) X(i, 0) = T(i) / T(N - 1);
    return X;
}
template <class T>
Matrix<T> mid_grid(int N) {
    Matrix<T> Z(N - 1, 1);
    for (int i = 0; i + 1 < N; ++i) Z(i, 0) = T(2 * i + 1) / T(2 * (N - 1));
    return Z;
}
// The refusal of a map that T cannot represent: kb::error naming the precision, κ(K) and
// ε(T). `full` also asks for the remedies the message offers (shared by both tests below).
template <class T, class Kernel>
void check_refused_as_numerically_singular(const Kernel& k, const Matrix<T>& X, bool full) {
    const std::string expected = "numerically singular in " + kb::scalar_name<T>();
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<T>(k, X), doctest::Contains(expected.c_str()), kb::error);
    try {
        kb::ExplicitFeatureMap<T> refused(k, X);
    } catch (const kb::error& ex) {
        const std::string msg = ex.what();
        CHECK(msg.find("κ(K)") != std::string::npos);
        CHECK(msg.find("ε(" + kb::scalar_name<T>() + ")") != std::string::npos);
        if (full) {
            CHECK(msg.find("real100") != std::string::npos);
            CHECK(msg.find("rank tolerance") != std::string::npos);
            CHECK(msg.find("larger γ") != std::string::npos);
        }
    }
}
} // namespace

//! [conditioning]
TEST_CASE_TEMPLATE("conditioning: the map is built where T resolves K and refused with kappa and eps where not "
                   "[ghiasi:thm1]",
                   T, KB_REALS) {
    const int N = 8;
    const Matrix<T> X = unit_grid<T>(N), Z = mid_grid<T>(N);
    // γ = 8, 1/10, 1/10⁵, 1/10⁸: κ(K) = 1.3·10⁴, 2.8·10¹⁷, 2.9·10⁴⁵, 2.9·10⁶⁶ (computed in real100).
    // The thresholds 1/(64·N·ε) are 8.8·10¹² (double), 3.7·10⁴⁷ (real50), 3.4·10⁹⁷ (real100):
    // real100 builds all four; its refusal, and both sides with a κ known exactly, are the
    // next test.
    const long inverse_gamma[] = {0, 10, 100000, 100000000};
    T previous_error(0);
    for (long ig : inverse_gamma) {
        const T gamma = ig == 0 ? T(8) : T(1) / T(ig);
        const auto k = kb::GaussianKernel<T>::from_gamma(gamma);
        const auto k100 = kb::GaussianKernel<kb::real100>::from_gamma(ig == 0 ? kb::real100(8) : kb::real100(1) / kb::real100(ig));
        const auto ev = kb::symmetric_eigen(kb::gram(k100, unit_grid<kb::real100>(N))).values;
        const kb::real100 kappa = ev(0) / ev(N - 1);
        // The documented rule: build iff κ < 1/(64·N·ε(T)) (decided on T's own eigenvalues;
        // the cases are chosen far from the threshold).
        const bool representable = kappa * kb::real100(64 * N) * kb::convert<kb::real100>(kb::epsilon<T>()) < 1;
        if (representable) {
            const kb::ExplicitFeatureMap<T> phi(k, X);
            const T err = max_abs_diff(Matrix<T>(phi.transform(X) * phi.transform(Z).transpose()), kb::gram(k, X, Z));
            // κ and λ_max from the real100 Gram matrix above, not from the map.
            InputSpectrum spec;
            spec.values = ev;
            spec.n = N;
            spec.lmax = ev(0);
            spec.lmin = ev(N - 1);
            spec.kappa = kappa;
            KB_CHECK_WITHIN(err, exactness_bound(spec, T(1)), "exactness within the κ-dependent estimate");
            // The error grows with κ: the ill-conditioned cases leave the κ-free bound.
            if (ig != 0) {
                KB_CHECK_EXCEEDS(err, kb::test::factorisation<T>(N, to<T>(ev(0))), "κ-free");
                CHECK(err > previous_error);
            }
            previous_error = err;
        } else {
            check_refused_as_numerically_singular(k, X, true);
        }
    }
}
//! [conditioning]

//! [conditioning-known-kappa]
TEST_CASE_TEMPLATE("conditioning: a Gram matrix of exactly known kappa is built two decades below 1/(64 N eps) and "
                   "refused two decades above it [ghiasi:thm1]",
                   T, KB_REALS) {
    // K = Q diag(λ) Qᵀ in rationals, Q an exactly orthogonal Cayley matrix and
    // λ = (1, 1/2, …, 1/64, 10⁻ᵏ): κ(K) = 10ᵏ exactly, known without any eigensolver. K is
    // rounded once to T and used as the table of a kernel on the points 0…7. The exponents sit
    // two decades either side of the threshold 1/(64·N·ε(T)) (8.8·10¹², 3.7·10⁴⁷, 3.4·10⁹⁷):
    // k = 10 and 15 in double, 45 and 50 in real50, 95 and 100 in real100. Rounding K to T
    // moves its eigenvalues by at most Nε·λ_max, and the eigensolver adds c₂Nε·λ_max — far
    // less than the two decades.
    using std::log10;
    const int N = 8;
    const double threshold = static_cast<double>(T(T(1) / (T(64 * N) * kb::epsilon<T>())));
    const int below = static_cast<int>(std::floor(std::log10(threshold))) - 2;
    const int above = static_cast<int>(std::ceil(std::log10(threshold))) + 2;
    const IntMatrix S = (IntMatrix(8, 8) << 0, 1, -2, 1, 0, 3, -1, 2,   //
                         -1, 0, 1, -3, 2, 0, 1, -1,                      //
                         2, -1, 0, 1, -1, 2, 0, 3,                       //
                         -1, 3, -1, 0, 2, -2, 1, 0,                      //
                         0, -2, 1, -2, 0, 1, -3, 1,                      //
                         -3, 0, -2, 2, -1, 0, 2, -1,                     //
                         1, -1, 0, -1, 3, -2, 0, 2,                      //
                         -2, 1, -3, 0, -1, 1, -2, 0)
                            .finished();
    const Matrix<rational> Q = kb::test::cayley_orthogonal<rational>(S, 1);
    REQUIRE(Matrix<rational>(Q.transpose() * Q) == Matrix<rational>::Identity(N, N));
    const auto gram_with_kappa = [&](int decades) {
        Vector<rational> lambda(N);
        for (int i = 0; i + 1 < N; ++i) lambda(i) = rational(1, 1L << i);
        rational smallest(1);
        for (int d = 0; d < decades; ++d) smallest /= 10;
        lambda(N - 1) = smallest; // κ = 1/smallest = 10^decades
        return kb::convert_matrix<T>(Matrix<rational>(kb::test::with_spectrum<rational>(Q, lambda)));
    };
    const Matrix<T> X = table_points<T>(0, N);
    // Below: built, κ as designed, exact to rounding.
    {
        const TableKernel<T> k{gram_with_kappa(below)};
        const kb::ExplicitFeatureMap<T> phi(k, X);
        T kappa(1);
        for (int d = 0; d < below; ++d) kappa *= T(10);
        // The designed spectrum: λ_max = 1, λ_min = 10^{-below}, κ = 10^{below}, exactly.
        InputSpectrum designed;
        designed.n = N;
        designed.lmax = 1;
        designed.kappa = kb::convert<kb::real100>(kappa);
        designed.lmin = 1 / designed.kappa;
        // |κ̂/κ − 1| ≈ |δλ_min|/λ_min ≤ (1 + c₂)Nε·κ (λ_max = 1): the factorisation bound at scale 2κ.
        KB_CHECK_WITHIN(T(abs(phi.condition_number() / kappa - T(1))), kb::test::factorisation<T>(N, T(2) * kappa),
                        "κ computed against κ designed");
        const Matrix<T> Phi = phi.training_features();
        KB_CHECK_WITHIN(max_abs_diff(Matrix<T>(Phi * Phi.transpose()), k.G), exactness_bound(designed, T(1)),
                        "⟨φ(x_m), φ(x_n)⟩ = k(x_m, x_n) at κ two decades below the threshold");
    }
    // Above: refused, with κ and ε named in the message.
    {
        const TableKernel<T> k{gram_with_kappa(above)};
        check_refused_as_numerically_singular(k, X, false);
        // The pseudo-inverse map with the rounding level as rank tolerance drops the one
        // unresolved eigenvalue and is built.
        const kb::ExplicitFeatureMap<T> cut(k, X, {.rank_tolerance = kb::psd_rounding_tolerance<T>(N, T(1))});
        CHECK(cut.rank() == N - 1);
    }
}
//! [conditioning-known-kappa]

// ============================================================ eq. 1

TEST_CASE_TEMPLATE("the Gaussian kernel of eq. 1 uses 1/(2 sigma^2) and has full-rank Gram matrices [ghiasi:eq1]", T,
                   KB_REALS) {
    using std::abs;
    using std::exp;
    // At ‖x − z‖ = σ the kernel is e^{-1/2} (eq. 1); zhu's convention exp(−‖x−z‖²/σ²) would give e^{-1}.
    const T sigma = T(3) / T(2);
    const Matrix<T> x = Matrix<T>::Zero(1, 2);
    Matrix<T> z(1, 2);
    z << T(9) / T(10), T(6) / T(5); // ‖z‖ = 3/2 exactly
    const T value = kb::GaussianKernel<T>::from_sigma(sigma)(x.row(0), z.row(0));
    KB_CHECK_WITHIN(T(abs(value - exp(-T(1) / T(2)))), kb::test::one_pass<T>(4, T(1)), "k = e^{-1/2} at distance σ");
    KB_CHECK_EXCEEDS(T(abs(kb::GaussianKernel<T>::from_zhu_sigma(sigma)(x.row(0), z.row(0)) - value)),
                     kb::test::one_pass<T>(4, T(1)), "zhu's convention");
    // "corresponds to an infinite-dimensional Hilbert space": the Gram matrix of N distinct
    // points has rank N for every N (here up to 12), unlike a polynomial kernel (rank ≤ dim).
    for (int N = 2; N <= 12; N += 5) {
        Matrix<T> X(N, 1);
        for (int i = 0; i < N; ++i) X(i, 0) = T(i) / T(2);
        const auto ev = kb::symmetric_eigen(kb::gram(kb::GaussianKernel<T>::from_sigma(T(1)), X)).values;
        CHECK(ev(N - 1) > kb::psd_rounding_tolerance<T>(N, ev(0)));
    }
    const Matrix<rational> Xq = kb::from_integers<rational>((IntMatrix(12, 1) << 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11).finished());
    const Matrix<rational> Kq = kb::gram(kb::PolynomialKernel<rational>(rational(1), 3), Xq);
    CHECK(kb::greedy_landmarks(Kq, 12, rational(0)).index.size() == 4); // (1 + xy)³ on ℝ: 4 features
}

// ============================================================ one sign convention

TEST_CASE_TEMPLATE("one sign convention: primal - dual and combined scores coincide without sign alignment "
                   "[ghiasi:eq25]",
                   T, KB_REALS) {
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(6, 2) << 0, 0, 3, 1, -1, 2, 2, -2, -3, -1, 1, 4).finished(), 2);
    const Matrix<T> Z = kb::from_integers<T>((IntMatrix(2, 2) << 1, 1, -2, 3).finished(), 2);
    const auto k = kb::GaussianKernel<T>::from_sigma(T(1));
    const kb::ExplicitFeatureMap<T> phi(k, X);
    // K and kZ from the kernel; the spectrum of K and the gap of JKJ in real100.
    const Matrix<T> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
    const kb::PrimalKpca<T> primal = kb::primal_kpca(phi, 3);
    const kb::DualKpca<T> dual = kb::dual_kpca(K, 3);
    const Vector<kb::real100> mu = independent_eigenvalues(Matrix<T>(kb::double_center(K)));
    const Matrix<T> s25 = kb::combined_projection(dual, kZ);
    // Gaussian kernel: centred features have norm ≤ 2, so every score is at most 2.
    const auto bound = score_bound<T>(input_spectrum(K), to<T>(min_gap<kb::real100>(mu, 3)), T(2));
    KB_CHECK_WITHIN(max_abs_diff(kb::primal_projection(phi, primal, kZ), s25), bound, "primal = combined");
    KB_CHECK_WITHIN(max_abs_diff(kb::dual_projection(K, dual, kZ), s25), bound, "dual = combined");
    // Failing companion of the same check: eq. 25 without its centring terms, k_zᵀα.
    KB_CHECK_EXCEEDS(max_abs_diff(Matrix<T>(kZ.transpose() * dual.alpha), s25), bound, "k_zᵀα (uncentred) = combined");
    // The training scores obey the book's sign rule (largest-magnitude entry positive).
    Matrix<T> train = kb::combined_projection(dual, K);
    const Vector<T> signs = kb::apply_sign_rule(train);
    CHECK(signs == Vector<T>::Ones(3));
}

// ============================================================ the experiment of section 4
// Tests of chapter 8's experiment (ghiasi section 4: eqs. 27–29 and figures 1–4): the
// pipeline of kb-08-experiment — the explicit maps of k1 and k2 on images, Fisher LDA on the
// mapped training images, nearest projected class mean on the mapped test images — on a
// small deterministic subset, so that the labels are checked by every run of the suite:
//  - a synthetic three-class set of 8×8 images (always: it needs no data file);
//  - the first 30 + next 30 images of digits 2, 4, 7 of scikit-learn's digits file, when
//    the file is installed (python3-sklearn, which the README's test command installs);
//    otherwise that case ends as Skipped (kb::test::skip, exit code 77), never as Passed.
// The full experiment (hundreds of images per class, Fashion-MNIST) is the program
// kb-08-experiment, run by `cmake --build build --target experiment`.

namespace {

// Training and test images with their labels (pixels in [0, 1], one image per row).
struct ImageSet {
    Matrix<double> Xtrain, Xtest;
    std::vector<int> ytrain, ytest;
};

// ------------------------------------------------------------------ synthetic images
// Three classes of 8×8 images, labelled 2, 4, 7 like the paper's digits: a horizontal bar
// (label 2), a vertical bar (label 4) and a diagonal stroke (label 7), each two pixels wide,
// at one of five positions, with a stroke intensity 1, 7/8 or 6/8 and a background texture
// of 0–3/8 that changes with the image number n. Every value is a multiple of 1/8, so the
// images are exact in binary. Image n = 0…9 of each class is a training image, n = 10…19 a
// test image: same shapes, other positions/textures.
Matrix<double> synthetic_image(int label, int n) {
    Matrix<double> img(1, 64);
    const int s = 1 + n % 5;                          // position of the stroke
    const double ink = 1.0 - double(n % 3) / 8.0;     // intensity of the stroke
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) {
            bool on = false;
            if (label == 2) on = r == s || r == s + 1;
            if (label == 4) on = c == s || c == s + 1;
            if (label == 7) on = r - c == s - 3 || r - c == s - 2;
            img(0, 8 * r + c) = on ? ink : double((3 * r + 5 * c + 7 * n) % 4) / 8.0;
        }
    return img;
}

ImageSet synthetic_set(int per_class) {
    ImageSet s;
    const std::vector<int> labels = {2, 4, 7};
    s.Xtrain.resize(3 * per_class, 64);
    s.Xtest.resize(3 * per_class, 64);
    int row = 0;
    for (int label : labels)
        for (int n = 0; n < per_class; ++n, ++row) {
            s.Xtrain.row(row) = synthetic_image(label, n);
            s.Xtest.row(row) = synthetic_image(label, per_class + n);
            s.ytrain.push_back(label);
            s.ytest.push_back(label);
        }
    return s;
}

// The first 30 images of digits 2, 4, 7 (training) and the next 30 (test), pixels / 16 —
// the experiment's split on a smaller scale.
ImageSet digits_set(Eigen::Index per_class) {
    const kb::io::LabelledData all = kb::io::read_digits_csv(kb::datasets::sklearn_digits_csv());
    const Matrix<double> X = all.X / 16.0;
    const auto train = kb::datasets::select_classes(X, all.y, {2, 4, 7}, per_class, 0);
    const auto test = kb::datasets::select_classes(X, all.y, {2, 4, 7}, per_class, per_class);
    return {train.X, test.X, train.y, test.y};
}

// ------------------------------------------------------------------ the pipeline
// What kb-08-experiment does for one kernel: the map with the rank tolerance at the
// rounding level 64·N·ε·λ_max, the mapped images, Fisher LDA with two directions.
struct Run {
    kb::ExplicitFeatureMap<double> phi;
    Matrix<double> Ftrain, Ftest, kZ;
    Vector<double> kzz; // k(z, z) of each test image, from the kernel itself
    Matrix<double> K;   // the training Gram matrix, from the kernel itself (not the map's copy)
    kb::FisherDiscriminant<double> F;
    double accuracy = 0;
};

template <class Kernel>
Run run_pipeline(const Kernel& k, const ImageSet& s, const std::vector<int>& ytrain) {
    const Eigen::Index N = s.Xtrain.rows();
    Matrix<double> K = kb::gram(k, s.Xtrain);
    const auto eig = kb::symmetric_eigen(K);
    kb::ExplicitFeatureMap<double> phi(k, s.Xtrain, {.rank_tolerance = kb::psd_rounding_tolerance<double>(N, eig.values(0))});
    Matrix<double> Ftrain = phi.training_features();
    Matrix<double> kZ = phi.kernel_columns(s.Xtest);
    Matrix<double> Ftest = phi.transform_columns(kZ);
    Vector<double> kzz(s.Xtest.rows());
    for (Eigen::Index m = 0; m < s.Xtest.rows(); ++m) kzz(m) = k(s.Xtest.row(m), s.Xtest.row(m));
    auto F = kb::FisherDiscriminant(Ftrain, ytrain, {.components = 2});
    const double accuracy = kb::classification_accuracy(F.predict(Ftest), s.ytest);
    return {std::move(phi), std::move(Ftrain), std::move(Ftest), std::move(kZ), std::move(kzz), std::move(K), std::move(F),
            accuracy};
}

// The threshold "far better than chance". With three balanced classes a classifier that
// ignores the images is right with probability 1/3 per image; the number it gets right of
// M = 30 test images is Binomial(30, 1/3), and P(≥ 20 right) = 1.9·10⁻⁴ (M = 90:
// P(≥ 60 right) = 1.1·10⁻¹⁰). So an accuracy of at least 2/3 (twice chance) cannot come from
// guessing; the measured accuracies are far above it (see the MESSAGEs).
constexpr double far_above_chance = 2.0 / 3.0;

// Theorem 1 on the experiment's data: ⟨φ(x_m), φ(x_n)⟩ = k(x_m, x_n) (training pairs,
// ΦΦᵀ = K) and ⟨φ(x_n), φ(z)⟩ = k(x_n, z) for every training image and test image z.
// The bound is chapter 8's first-order estimate c·N·ε·√(κ λ_max k(z,z)) (section 8.9),
// with κ and λ_max of the input K (decomposed in real100, input_spectrum), not the
// map's; it applies to the whole K because no eigenvalue is cut (rank = N is checked).
void check_exact(const Run& run, const std::string& what) {
    const auto& phi = run.phi;
    REQUIRE(phi.rank() == phi.size());
    const InputSpectrum spec = input_spectrum(run.K);
    const double kzz_train = run.K.diagonal().maxCoeff();
    KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(run.Ftrain * run.Ftrain.transpose() - run.K)),
                    exactness_bound(spec, kzz_train), what + ": ⟨φ(x_m), φ(x_n)⟩ = k(x_m, x_n)");
    // The estimate needs k(z, z) of the test images (‖K⁻¹k_z‖ ≤ √(k(z,z)/λ_min)): their
    // largest value, evaluated by the kernel itself (|k(x_n, z)| ≤ √(k(x_n,x_n) k(z,z)) can
    // be smaller, so the kernel columns would not do).
    const double kzz_test = run.kzz.maxCoeff();
    KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(run.Ftrain * run.Ftest.transpose() - run.kZ)),
                    exactness_bound(spec, kzz_test), what + ": ⟨φ(x_n), φ(z)⟩ = k(x_n, z)");
}

// Fisher's criterion on the mapped training images, checked independently of
// kb::FisherDiscriminant's own algebra: S_w and S_b are summed here point by point, and
// the directions must satisfy
//   WᵀS_wW = I,  WᵀS_bW = diag(λ)   and   X_c (S_b w_j − λ_j S_w w_j) = 0,
// the last being the generalised eigen-equation S_b w = λ S_w w on range(S_w) = the span
// of the within-class-centred rows of X_c (Fisher's policy for the singular S_w of
// mapped features, d = N > N − C = rank S_w: the null space of S_w is left out).
void check_fisher(const Run& run, const std::vector<int>& y, const std::string& what) {
    const Matrix<double>& X = run.Ftrain;
    const Eigen::Index N = X.rows(), d = X.cols();
    const std::vector<int> classes = {2, 4, 7};
    Matrix<double> means = Matrix<double>::Zero(3, d);
    std::vector<double> counts(3, 0.0);
    auto class_of = [&](int label) { return Eigen::Index(std::find(classes.begin(), classes.end(), label) - classes.begin()); };
    for (Eigen::Index n = 0; n < N; ++n) {
        means.row(class_of(y[std::size_t(n)])) += X.row(n);
        counts[std::size_t(class_of(y[std::size_t(n)]))] += 1;
    }
    for (Eigen::Index c = 0; c < 3; ++c) means.row(c) /= counts[std::size_t(c)];
    const Vector<double> mu = X.colwise().mean().transpose();
    Matrix<double> Xc(N, d), Sw = Matrix<double>::Zero(d, d), Sb = Matrix<double>::Zero(d, d);
    for (Eigen::Index n = 0; n < N; ++n) {
        Xc.row(n) = X.row(n) - means.row(class_of(y[std::size_t(n)]));
        Sw += Xc.row(n).transpose() * Xc.row(n);
    }
    for (Eigen::Index c = 0; c < 3; ++c) {
        const Vector<double> dc = means.row(c).transpose() - mu;
        Sb += counts[std::size_t(c)] * dc * dc.transpose();
    }
    // The numerical rank of S_w is N − C: Fisher's directions live on its range.
    REQUIRE(run.F.rank() == N - 3);
    // The scales of the bounds come from a reference solution of the same problem computed
    // here with Eigen's own solvers (not kb::FisherDiscriminant, not kb::symmetric_eigen):
    // the range basis V_r of S_w (its N − C largest eigenpairs Λ_r), the whitened
    // M = Λ_r^{-1/2} V_rᵀ S_b V_r Λ_r^{-1/2}, its two largest eigenpairs (λ_j, u_j), and
    // W_ref = V_r Λ_r^{-1/2} U. Only sizes are taken from it: ‖W_ref‖_F², λ₁ and λ₁/λ_j.
    const Eigen::Index r = N - 3;
    const Eigen::SelfAdjointEigenSolver<Matrix<double>> esw(Matrix<double>((Sw + Sw.transpose()) / 2));
    const Matrix<double> Bref = esw.eigenvectors().rightCols(r) * esw.eigenvalues().tail(r).cwiseSqrt().cwiseInverse().asDiagonal();
    const Matrix<double> Mref = Bref.transpose() * Sb * Bref;
    const Eigen::SelfAdjointEigenSolver<Matrix<double>> esm(Matrix<double>((Mref + Mref.transpose()) / 2));
    const Matrix<double> Wref = Bref * esm.eigenvectors().rightCols(2);
    const double lambda_ref[2] = {esm.eigenvalues()(r - 1), esm.eigenvalues()(r - 2)};
    const double w2 = Wref.squaredNorm(), Sw_norm = esw.eigenvalues()(N - 1);
    const double Sb_norm = Eigen::SelfAdjointEigenSolver<Matrix<double>>(Matrix<double>((Sb + Sb.transpose()) / 2),
                                                                         Eigen::EigenvaluesOnly).eigenvalues()(N - 1);
    const double kappa = Sw_norm / esw.eigenvalues()(3);
    // W = B̂U with B̂ = V̂Λ̂^{-1/2} exact for S_w + E (‖E‖ ≤ c₂Nε‖S_w‖) and U orthonormal to
    // rounding, so WᵀS_wW − I = −WᵀEW + (UᵀU − I) + the rounding of B̂U, whose columns are
    // off by ≤ γ_r‖|V||Λ^{-1/2}u|‖ ≤ γ_r√r‖w‖ (no cancellation can cost more: the terms lie
    // along orthonormal columns). With ‖w‖‖S_w‖^{1/2} ≥ 1 every term is at most of the size
    // c₂Nε(‖S_w‖‖W‖² + 1): the effective condition ‖S_w‖‖W‖² ≤ κ(S_w) replaces κ, which a
    // direction on the well-conditioned part of range(S_w) never sees.
    const auto tol_orth = kb::test::factorisation<double>(N, Sw_norm * w2 + 1).with_condition(kappa);
    const Matrix<double>& W = run.F.directions();
    KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(W.transpose() * Sw * W - Matrix<double>::Identity(2, 2))), tol_orth,
                    what + ": WᵀS_wW = I");
    // WᵀS_bW − diag(λ) = Uᵀ(M̂ − δM)U − diag(λ): the eigensolver's c₂Nε‖M‖ = c₂Nελ₁ and the
    // rounding δM of B̂ᵀS_bB̂ seen through U, ≤ c₂Nε‖S_b‖‖W‖² as above.
    KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(W.transpose() * Sb * W - Matrix<double>(run.F.eigenvalues().asDiagonal()))),
                    kb::test::factorisation<double>(N, lambda_ref[0] + Sb_norm * w2).with_condition(kappa),
                    what + ": WᵀS_bW = diag(λ)");
    for (Eigen::Index j = 0; j < 2; ++j) {
        const Vector<double> w = W.col(j);
        const double lambda = run.F.eigenvalues()(j);
        const Vector<double> residual = Xc * (Sb * w - lambda * (Sw * w));
        // Relative to the size of the terms, ‖X_c‖·‖w‖·(‖S_b‖ + λ‖S_w‖) (a backward error: the
        // equation is homogeneous in w). In whitened coordinates the residual is
        // Λ̂^{1/2}(M̂u − λu) (≤ ‖S_w‖^{1/2}c₂Nελ₁) plus λEw and (S_b − λS_w)δw; over the scale
        // (‖w‖‖S_w‖^{1/2} ≥ 1) that is at most c₂Nε(λ₁/λ_j + 2).
        const double scale = Xc.norm() * w.norm() * (Sb.norm() + lambda * Sw.norm());
        KB_CHECK_WITHIN(residual.norm() / scale,
                        kb::test::factorisation<double>(N, lambda_ref[0] / lambda_ref[j] + 2).with_condition(kappa),
                        what + ": X_c(S_b w − λ S_w w) = 0, direction " + std::to_string(j + 1));
    }
    // The projection of the training images is (x − μ)W, with this μ.
    KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(run.F.transform(X) - (X.rowwise() - mu.transpose()) * W)),
                    kb::test::one_pass<double>(d, kb::max_abs(X) * kb::max_abs(W)), what + ": projection (x − μ)W");
}

// The experiment on one image set: the exact maps of k1 and k2 (Theorem 1 on the training
// and test images), Fisher's criterion on the mapped training images, and a test accuracy
// far above chance for both kernels.
void check_experiment(const ImageSet& s, const std::string& name) {
    const Run r1 = run_pipeline(kb::PixelPolynomialKernel<double>::ghiasi(64), s, s.ytrain);
    const Run r2 = run_pipeline(kb::SignedPixelPolynomialKernel<double>::ghiasi(64), s, s.ytrain);
    MESSAGE(name << ": κ(K) k1 = " << r1.phi.condition_number() << ", k2 = " << r2.phi.condition_number()
                 << "; test accuracy k1 = " << r1.accuracy << ", k2 = " << r2.accuracy);
    check_exact(r1, "k1");
    check_exact(r2, "k2");
    check_fisher(r1, s.ytrain, "k1");
    check_fisher(r2, s.ytrain, "k2");
    CHECK(r1.accuracy >= far_above_chance);
    CHECK(r2.accuracy >= far_above_chance);
}

} // namespace

//! [experiment-synthetic]
TEST_CASE("experiment pipeline on synthetic 8x8 images: exact maps of k1 and k2 and Fisher far above chance "
          "[ghiasi:fig1-4] [ghiasi:eq27-29]") {
    const ImageSet s = synthetic_set(10); // 30 training and 30 test images
    check_experiment(s, "synthetic");
}
//! [experiment-synthetic]

//! [experiment-digits]
TEST_CASE("experiment pipeline on scikit-learn digits 2 4 7: exact maps of k1 and k2 and Fisher far above chance "
          "[ghiasi:fig1-4] [ghiasi:eq27-29]") {
    if (!std::filesystem::exists(kb::datasets::sklearn_digits_csv()))
        kb::test::skip(std::string(kb::datasets::sklearn_digits_csv()) +
                       " is missing (Debian package python3-sklearn; bash tests/support/packages.sh test installs it)");
    const ImageSet s = digits_set(30); // the first 30 of each class to train, the next 30 to test
    check_experiment(s, "digits");
    // Not checked: that k2 beats k1 (the paper's conclusion). On this subset it does
    // (0.96 against 0.70), but one split decides little: kb-08-experiment's study over 20
    // random splits, several class triples and four classifiers measures it (§8.10).
}
//! [experiment-digits]

TEST_CASE("failing companion: with shuffled training labels Fisher on the mapped features is at chance "
          "[ghiasi:fig1-4]") {
    // The same synthetic images, but the training labels are permuted by a fixed
    // pseudo-random permutation (Fisher–Yates driven by a linear congruential generator, so
    // the same on every platform): the labels no longer say which shape an image has, so
    // the accuracy on the true test labels must fall below the threshold that guessing
    // cannot reach. (A *regular* relabelling, such as cycling 2, 4, 7 within each class,
    // is not enough: it correlates with the stroke intensity n mod 3 of the images and
    // reached 0.7 in a trial run.)
    const ImageSet s = synthetic_set(10);
    std::vector<int> shuffled = s.ytrain;
    std::uint64_t state = 20261122;
    for (std::size_t n = shuffled.size() - 1; n > 0; --n) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL; // Knuth's MMIX LCG
        std::swap(shuffled[n], shuffled[std::size_t((state >> 33) % (n + 1))]);
    }
    const Run r1 = run_pipeline(kb::PixelPolynomialKernel<double>::ghiasi(64), s, shuffled);
    const Run r2 = run_pipeline(kb::SignedPixelPolynomialKernel<double>::ghiasi(64), s, shuffled);
    MESSAGE("shuffled labels: test accuracy k1 = " << r1.accuracy << ", k2 = " << r2.accuracy);
    CHECK_FALSE(r1.accuracy >= far_above_chance);
    CHECK_FALSE(r2.accuracy >= far_above_chance);
}

TEST_CASE("failing companion: a non-kernel in place of k2 breaks the explicit map [ghiasi:eq27-29]") {
    // 1 − k2(x, z) is symmetric but not a kernel: on two binary images (k2(x, x) = 1) its
    // Gram matrix is [[0, a], [a, 0]] with the eigenvalue −a < 0. On the synthetic
    // training images the smallest eigenvalue is negative too (printed below), and the map
    // refuses with kb::error instead of producing features.
    const ImageSet s = synthetic_set(10);
    const auto k2 = kb::SignedPixelPolynomialKernel<double>::ghiasi(64);
    const auto not_a_kernel = [k2](const auto& x, const auto& z) { return 1.0 - k2(x, z); };
    const auto eig = kb::symmetric_eigen(kb::gram(not_a_kernel, s.Xtrain));
    MESSAGE("1 − k2: eigenvalues of K from " << eig.values(eig.values.size() - 1) << " to " << eig.values(0));
    CHECK(eig.values(eig.values.size() - 1) < 0);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(not_a_kernel, s.Xtrain, {.rank_tolerance = 0.0}),
                         doctest::Contains("not positive semi-definite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::ExplicitFeatureMap<double>(not_a_kernel, s.Xtrain), doctest::Contains("not positive semi-definite"),
                         kb::error);
}
