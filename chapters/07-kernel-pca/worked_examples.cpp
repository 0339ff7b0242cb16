/// \file worked_examples.cpp
/// \brief Chapter 7's worked examples as tests: the circles of `zhu:ex3` (spectra known
///        in closed form), the three rings of `beeny:ex4.1`, the S-shaped surface of
///        `zhu:fig1`, and scikit-learn's numbers for one small data set.
#include "kpca_test_support.hpp"

#include "chapter7.hpp"
#include "kernelbook/datasets.hpp"

using namespace kb::detail::ch07;
using std::abs;
using std::sqrt;

namespace {

std::vector<double> column(const Matrix<double>& Y, Eigen::Index j) {
    return std::vector<double>(Y.col(j).data(), Y.col(j).data() + Y.rows());
}

// Mean of the scores y on each class (labels 0 and 1).
template <class T>
std::pair<T, T> class_means(const Matrix<T>& Y, Eigen::Index j, const std::vector<int>& label) {
    T m0(0), m1(0);
    int n0 = 0, n1 = 0;
    for (std::size_t n = 0; n < label.size(); ++n) {
        if (label[n] == 0) m0 += Y(static_cast<Eigen::Index>(n), j), ++n0;
        else m1 += Y(static_cast<Eigen::Index>(n), j), ++n1;
    }
    return {m0 / T(n0), m1 / T(n1)};
}

// A number printed in chapter 7's README, with the number of decimals printed. The README's
// numbers for the worked examples are measurements of this code; the tests pin the text to
// the code: a measured value agrees with the printed one when it rounds to it,
// |measured − printed| ≤ ½·10^(−decimals) (DESIGN §5: "checked to the digits printed").
struct Printed {
    double value;
    int decimals;
};

bool rounds_to(double measured, Printed printed) {
    return std::abs(measured - printed.value) <= 0.5 * std::pow(10.0, -printed.decimals);
}

#define KB_CHECK_PRINTED(measured, printed)                                                               \
    CHECK_MESSAGE(rounds_to(measured, printed), #measured " = " << (measured) << " does not round to the README's " \
                                                                << (printed).value)

// Whether the point p lies strictly inside the convex polygon whose vertices are the rows
// of P in counter-clockwise order: on the left of every edge.
bool inside_convex_polygon(const Matrix<double>& P, const RowVector<double>& p) {
    const Eigen::Index n = P.rows();
    for (Eigen::Index i = 0; i < n; ++i) {
        const RowVector<double> a = P.row(i), b = P.row((i + 1) % n);
        const double cross = (b(0) - a(0)) * (p(1) - a(1)) - (b(1) - a(1)) * (p(0) - a(0));
        if (!(cross > 0)) return false;
    }
    return true;
}

// The rows of X with the given label, in their order.
Matrix<double> ring(const kb::LabelledPoints<double>& data, int label) {
    std::vector<Eigen::Index> rows;
    for (std::size_t n = 0; n < data.label.size(); ++n)
        if (data.label[n] == label) rows.push_back(static_cast<Eigen::Index>(n));
    Matrix<double> out(static_cast<Eigen::Index>(rows.size()), 2);
    for (std::size_t i = 0; i < rows.size(); ++i) out.row(static_cast<Eigen::Index>(i)) = data.X.row(rows[i]);
    return out;
}

// Every point of A strictly inside the convex polygon B (so no line separates A from B:
// a line with B on one side has B's convex hull, hence A, on that side too).
bool all_inside(const Matrix<double>& A, const Matrix<double>& B) {
    for (Eigen::Index i = 0; i < A.rows(); ++i)
        if (!inside_convex_polygon(B, A.row(i))) return false;
    return true;
}

} // namespace

//! [ex3-lift]
TEST_CASE_TEMPLATE("two circles: kernel PCA with the kernel of the lift finds the separating axis r^2 first "
                   "[zhu:ex3] [zhu:fig2]",
                   T, KB_REALS) {
    // Radii 1 and 2, ten equally spaced points each (N = 20). Centred lifted features
    // (y₁, y₂, r² − 5/2): variances E r²/2 = 5/4 (twice) and Var r² = 9/4, uncorrelated,
    // so the eigenvalues of K̃ are N·(9/4, 5/4, 5/4) = (45, 25, 25) and PC1 = ±(r² − 5/2).
    const auto data = kb::concentric_rings<T>({10, 10}, {T(1), T(2)});
    const Eigen::Index N = data.X.rows();
    kb::KernelPca<T> kp(3);
    kp.fit(kb::ParaboloidLiftKernel<T>{}, data.X);
    const Vector<T> expected = (Vector<T>(3) << 45, 25, 25).finished();
    KB_CHECK_WITHIN(T((kp.eigenvalues() - expected).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(N, T(45)),
                    "μ = N (9/4, 5/4, 5/4)");
    CHECK(kp.rank() == 3);
    const auto bound = kb::test::subspace<T>(N, T(45 * 7), T(20)); // √μ₁·‖K̃‖ over the gap 45 − 25
    for (Eigen::Index n = 0; n < N; ++n) {
        KB_CHECK_WITHIN(T(abs(T(abs(kp.scores()(n, 0)) - T(3) / T(2)))), bound, "|PC1| = |r² − 5/2| = 3/2");
        // the sign of PC1 is the class: a plane PC1 = 0 separates the circles
        CHECK((kp.scores()(n, 0) * kp.scores()(0, 0) > 0) == (data.label[n] == data.label[0]));
    }
    // The lift itself: the plane x₃ = 5/2 separates (r² = 1 and r² = 4).
    const Matrix<T> lifted = kb::paraboloid_lift(data.X);
    for (Eigen::Index n = 0; n < N; ++n) CHECK((lifted(n, 2) > T(5) / T(2)) == (data.label[n] == 1));
}
//! [ex3-lift]

//! [ex3-polynomial]
TEST_CASE_TEMPLATE("two circles: with (x^T y)^2 the separating axis is only the third component and the linear "
                   "kernel finds none [zhu:ex3]",
                   T, KB_REALS) {
    // Features (y₁², √2y₁y₂, y₂²) = r²·(cos²θ, √2 cosθ sinθ, sin²θ): the directions
    // r²cos2θ/√2 and r²sin2θ/√2 have variance E r⁴/4 = 17/8 each, the radial r²/√2 has
    // Var r²/2 = 9/8. Eigenvalues N·(17/8, 17/8, 9/8) = (42.5, 42.5, 22.5).
    const auto data = kb::concentric_rings<T>({10, 10}, {T(1), T(2)});
    const Eigen::Index N = data.X.rows();
    kb::KernelPca<T> kp(3);
    kp.fit(kb::PolynomialKernel<T>(T(0), 2), data.X);
    const Vector<T> expected = (Vector<T>(3) << T(85) / 2, T(85) / 2, T(45) / 2).finished();
    KB_CHECK_WITHIN(T((kp.eigenvalues() - expected).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(N, T(43)),
                    "μ = N (17/8, 17/8, 9/8)");
    const auto bound = kb::test::subspace<T>(N, T(43 * 7), T(20));
    for (Eigen::Index n = 0; n < N; ++n)
        KB_CHECK_WITHIN(T(abs(T(kp.scores()(n, 2) * kp.scores()(n, 2) - T(9) / T(8)))), bound,
                        "PC3² = (r² − 5/2)²/2 = 9/8");
    // PC1 and PC2 (a tied pair: compare the pair, not the vectors) have equal class means 0.
    for (Eigen::Index j = 0; j < 2; ++j) {
        const auto [m0, m1] = class_means(kp.scores(), j, data.label);
        KB_CHECK_WITHIN(T(abs(m0) + abs(m1)), bound, "PC1, PC2 carry no class information");
    }
    // (1 + xᵀy)² (zhu:ex7b) adds the linear features √2y: eigenvalues N·(5/2, 5/2, 17/8, 17/8, 9/8),
    // so the radial axis is the *fifth* component.
    kb::KernelPca<T> kp1(5);
    kp1.fit(kb::PolynomialKernel<T>(T(1), 2), data.X);
    const Vector<T> expected1 = (Vector<T>(5) << 50, 50, T(85) / 2, T(85) / 2, T(45) / 2).finished();
    KB_CHECK_WITHIN(T((kp1.eigenvalues() - expected1).cwiseAbs().maxCoeff()), kb::test::factorisation<T>(N, T(50)),
                    "μ = N (5/2, 5/2, 17/8, 17/8, 9/8)");
    // Linear kernel: eigenvalues N·(5/4, 5/4) = (25, 25), class means 0: nothing separates.
    kb::KernelPca<T> lin(2);
    lin.fit(kb::LinearKernel<T>{}, data.X);
    KB_CHECK_WITHIN(T((lin.eigenvalues() - Vector<T>::Constant(2, T(25))).cwiseAbs().maxCoeff()),
                    kb::test::factorisation<T>(N, T(25)), "linear: μ = (25, 25)");
    for (Eigen::Index j = 0; j < 2; ++j) {
        const auto [m0, m1] = class_means(lin.scores(), j, data.label);
        KB_CHECK_WITHIN(T(abs(m0) + abs(m1)), bound, "linear PCs carry no class information");
    }
}
//! [ex3-polynomial]

TEST_CASE("two circles: a wrong prediction of the spectrum is caught [zhu:ex3]") {
    // Companion: the variance of r² (not of r) gives the radial eigenvalue.
    const auto data = kb::concentric_rings<double>({10, 10}, {1.0, 2.0});
    kb::KernelPca<double> kp(1);
    kp.fit(kb::ParaboloidLiftKernel<double>{}, data.X);
    const auto bound = kb::test::factorisation<double>(20, 45.0);
    KB_CHECK_EXCEEDS(std::abs(kp.eigenvalues()(0) - 20 * 0.25), bound, "N Var(r)");
    KB_CHECK_EXCEEDS(std::abs(kp.eigenvalues()(0) - 9.0 / 4), bound, "Var r² without N");
}

//! [rings]
TEST_CASE("three rings: Gaussian kernel PCA separates them along one of its first three components [beeny:ex4.1]") {
    // The README's numbers (§7.8): μ₁ = μ₂ = 25.52, μ₃ = 21.26 and PC3 on the rings.
    const Printed mu1{25.52, 2}, mu3{21.26, 2};
    const Printed pc3_ring[3] = {{0.369, 3}, {-0.118, 3}, {-0.250, 3}};
    // Radii 1, 2, 3 with 100 points each; k(x, y) = exp(−‖x − y‖²/σ²), σ = 1 (beeny's σ).
    const auto data = kb::concentric_rings<double>({100, 100, 100}, {1.0, 2.0, 3.0});
    kb::KernelPca<double> kp(3);
    kp.fit(kb::GaussianKernel<double>::from_zhu_sigma(1.0), data.X);
    const Matrix<double>& Y = kp.scores();
    const auto bound = kb::test::factorisation<double>(300, kp.centred_gram().norm());
    // Rotating every ring by 2π/100 maps the data to itself, so frequency-one modes come in
    // exactly tied pairs: μ₁ = μ₂ (PC1, PC2: cos θ and sin θ patterns), μ₃ is simple.
    KB_CHECK_WITHIN(std::abs(kp.eigenvalues()(0) - kp.eigenvalues()(1)), bound, "μ₁ = μ₂");
    CHECK(kp.eigenvalues()(1) - kp.eigenvalues()(2) > 1);
    // PC1 and PC2 carry no ring information (between-ring share of variance 0); PC3 is
    // constant on each ring ("radial", share 1). Exactly so by symmetry: the computed shares
    // differ from 0 and 1 by rounding in the class means, one pass over 300 scores.
    const auto share = kb::test::one_pass<double>(300, 1.0);
    KB_CHECK_WITHIN(kb::book::between_class_fraction(column(Y, 0), data.label), share, "PC1: no ring information");
    KB_CHECK_WITHIN(kb::book::between_class_fraction(column(Y, 1), data.label), share, "PC2: no ring information");
    KB_CHECK_WITHIN(1 - kb::book::between_class_fraction(column(Y, 2), data.label), share, "PC3: constant on rings");
    KB_CHECK_PRINTED(kp.eigenvalues()(0), mu1);
    KB_CHECK_PRINTED(kp.eigenvalues()(1), mu1);
    KB_CHECK_PRINTED(kp.eigenvalues()(2), mu3);
    // Two planes PC3 = const separate the three rings: PC3 takes one value per ring.
    const auto s = kb::book::separation(column(Y, 2), data.label);
    CHECK(s.separated);
    for (int r = 0; r < 3; ++r) {
        KB_CHECK_PRINTED(s.lo[r], pc3_ring[r]);
        KB_CHECK_PRINTED(s.hi[r], pc3_ring[r]);
    }
    // In the plane no line separates ring 1 from ring 3: every point of ring 1 lies inside
    // the convex polygon of ring 3 (its points in counter-clockwise order), …
    CHECK(all_inside(ring(data, 0), ring(data, 2)));
    CHECK(all_inside(ring(data, 1), ring(data, 2)));
    // … while the same test finds ring 3 outside ring 1's polygon (a line does separate a
    // point of ring 3 from ring 1): the check can fail.
    CHECK_FALSE(all_inside(ring(data, 2), ring(data, 0)));
    // PC1 alone does not separate.
    CHECK_FALSE(kb::book::separation(column(Y, 0), data.label).separated);
}
//! [rings]

//! [s-curve]
TEST_CASE("S-shaped surface: neither PCA nor Gaussian kernel PCA keeps the across coordinate in two components "
          "[zhu:fig1]") {
    const int n_t = 40, n_s = 10, N = n_t * n_s;
    const auto S = kb::s_curve<double>(n_t, n_s); // t along the S, s ∈ (0, 2) across it
    const std::vector<double> t = column(S.param, 0), s = column(S.param, 1);
    kb::KernelPca<double> pca(3);
    pca.fit(kb::LinearKernel<double>{}, S.X);
    kb::KernelPca<double> kpca(6);
    kpca.fit(kb::GaussianKernel<double>::from_zhu_sigma(1.0), S.X);
    auto rho = [](const Matrix<double>& Y, Eigen::Index j, const std::vector<double>& v) {
        return std::abs(kb::book::spearman(column(Y, j), v));
    };
    // The README's numbers (§7.8).
    const Printed pca_pc3_s{0.995, 3}, kpca_pc1_t{0.82, 2}, kpca_pc5_s{0.95, 2};
    const Printed kept_pca2{0.35, 2}, kept_kpca2{0.47, 2}, kept_kpca5{0.92, 2}, kept_pca3{0.99, 2};
    // "Unrelated" is decided by symmetry, not by a threshold picked from the output. PCA:
    // the grid makes s uncorrelated with (x₁, x₃) exactly, so PC1 and PC2 are functions of t
    // alone, tied in groups of n_s points (one per s); ρ(·, s) = 0 but for the ties that
    // rounding breaks. Kernel PCA: the data are symmetric under s ↦ 2 − s and under
    // (x₁, x₃) ↦ −(x₁, x₃) (t ↦ −t), so each component is even or odd under both; an even
    // one has ρ = 0 with that coordinate, up to ties in the orbits of at most 4 points.
    const double t_only = kb::book::tie_breaking_bound(n_s, N), orbit = kb::book::tie_breaking_bound(4, N);
    // PCA: the first two axes span the plane of the S (x₁, x₃); s is the third component.
    CHECK(rho(pca.scores(), 0, s) <= t_only);
    CHECK(rho(pca.scores(), 1, s) <= t_only);
    KB_CHECK_PRINTED(rho(pca.scores(), 2, s), pca_pc3_s);
    // Kernel PCA: PC1 orders the points along the S (|ρ| = 0.82 with t, odd in t); PC2 and PC4
    // are even in t and in s — no monotone relation to either; s first appears in PC5.
    KB_CHECK_PRINTED(rho(kpca.scores(), 0, t), kpca_pc1_t);
    for (int j = 0; j < 4; ++j) CHECK(rho(kpca.scores(), j, s) <= orbit);
    CHECK(rho(kpca.scores(), 1, t) <= orbit);
    CHECK(rho(kpca.scores(), 3, t) <= orbit);
    KB_CHECK_PRINTED(rho(kpca.scores(), 4, s), kpca_pc5_s);
    // The companion of "no monotone relation": the same bound rejects the components that
    // do have one.
    CHECK_FALSE(rho(kpca.scores(), 0, t) <= orbit);
    CHECK_FALSE(rho(kpca.scores(), 4, s) <= orbit);
    CHECK_FALSE(rho(pca.scores(), 2, s) <= t_only);
    // Neighbourhoods of the intrinsic coordinates (t, s) kept by the embeddings: 2-D PCA
    // keeps fewer than 2-D kernel PCA, both far from all; 5 kernel components or the 3 PCA
    // components (the S itself) keep almost all.
    auto kept = [&](const Matrix<double>& Y, Eigen::Index p) {
        return kb::book::neighbourhood_preservation(Matrix<double>(Y.leftCols(p)), S.param, 10);
    };
    const double pca2 = kept(pca.scores(), 2), kpca2 = kept(kpca.scores(), 2);
    KB_CHECK_PRINTED(pca2, kept_pca2);
    KB_CHECK_PRINTED(kpca2, kept_kpca2);
    CHECK(pca2 < kpca2);
    KB_CHECK_PRINTED(kept(kpca.scores(), 5), kept_kpca5);
    KB_CHECK_PRINTED(kept(pca.scores(), 3), kept_pca3);
}
//! [s-curve]

//! [sklearn]
TEST_CASE("scikit-learn's KernelPCA conventions: eigenvalues_ = mu and fit_transform and transform = our scores "
          "[zhu:2.3.2]") {
    // scikit-learn 1.2.1, KernelPCA(n_components=3, kernel='poly', degree=2, gamma=1, coef0=1,
    // eigen_solver='dense') on these points, printed with 15 decimals (see chapter 7).
    const Matrix<double> X = kb::from_integers<double>((IntMatrix(6, 2) << 0, 0, 1, 0, 0, 2, 2, 1, -1, 1, 1, -2).finished(), 2);
    const Matrix<double> Z = kb::from_integers<double>((IntMatrix(2, 2) << 1, 1, -2, 0).finished(), 2);
    const Vector<double> eigenvalues = (Vector<double>(3) << 5.335105548477855, 3.552033305690555, 1.1257347639517).finished();
    const Matrix<double> fit_transform = (Matrix<double>(6, 3) << 0.072456873188585, -0.337852335005657, -0.519510423181139,
                                          0.269374210480652, 0.317401882018074, -0.366620354461716,
                                          -1.159354534241204, -0.301585895767443, 0.690914174538384,
                                          -0.339244357841576, 1.523138220524423, 0.023514007780581,
                                          -0.67242534045238, -0.92064327114207, -0.25236239520972,
                                          1.829193148865923, -0.280458600627327, 0.42406499053361).finished();
    const Matrix<double> transform = (Matrix<double>(2, 3) << -0.451925191920027, 0.525239067211904, -0.057245249233303,
                                      -0.316516281771003, -1.098444800782055, -0.858889192568635).finished();
    kb::KernelPca<double> kp(3);
    kp.fit(kb::PolynomialKernel<double>(1.0, 2), X);
    // Two implementations (LAPACK there, Eigen here) differ by their eigensolvers' backward
    // errors: on the scores, the subspace bound with the smallest gap of the spectrum.
    const Vector<double>& mu = kp.spectrum();
    const double gap = std::min({mu(0) - mu(1), mu(1) - mu(2), mu(2) - mu(3)});
    const auto printed = kb::test::subspace<double>(6, kp.centred_gram().norm() * std::sqrt(mu(0)), gap);
    KB_CHECK_WITHIN((kp.eigenvalues() - eigenvalues).cwiseAbs().maxCoeff(), printed, "eigenvalues_ = μ");
    KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(kp.scores() - fit_transform)), printed, "fit_transform = Y");
    KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(kp.transform(Z) - transform)), printed, "transform = y(z)");
    // Companion: the seeds' λ = μ/N is NOT what scikit-learn reports.
    KB_CHECK_EXCEEDS((kp.feature_variances() - eigenvalues).cwiseAbs().maxCoeff(), printed, "λ");
}
//! [sklearn]

//! [conventions]
TEST_CASE_TEMPLATE("conventions: lambda = mu/N and a_j = u_j/sqrt(mu_j) - kernlab's eig and rotated are lambda and "
                   "sqrt(N) times our scores [slides:eig] [slides:norm]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const auto c = any_polynomial_case<T>(std::is_same_v<T, double> ? 12 : 8);
        const Matrix<T> K = kb::gram(c.k, c.X);
        kb::KernelPca<T> kp(any_well_posed_p(K));
        kp.fit_gram(K);
        const Eigen::Index N = K.rows(), p = kp.components();
        const T nK = kp.centred_gram().norm();
        // The slides: K̃ a_j = N λ_j a_j with N λ_j a_jᵀa_j = 1 …
        const Matrix<T>& A = kp.coefficients();
        const Matrix<T> Nl = (T(N) * kp.feature_variances()).asDiagonal();
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.centred_gram() * A - A * Nl)),
                     kb::test::factorisation<T>(N, T(nK / sqrt(kp.eigenvalues()(p - 1)))), "K̃A = A·NΛ");
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(A.transpose() * A * Nl - Matrix<T>::Identity(p, p))),
                     kb::test::factorisation<T>(N, T(nK / kp.eigenvalues()(p - 1))), "N λ_j a_jᵀ a_j = 1");
        // … and the scores are Y = K̃ A (slides:score on the training points).
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(kp.centred_gram() * A - kp.scores())),
                     kb::test::factorisation<T>(N, T(nK / sqrt(kp.eigenvalues()(p - 1)))), "Y = K̃A");
        // kernlab: eig = eigenvalues of K̃/N (the seeds' λ), pcv = unit eigenvectors of K̃/N
        // divided by √eig, rotated = K̃·pcv. Computed here from its own decomposition of K̃/N.
        const auto e = kb::top_eigenpairs(Matrix<T>(kp.centred_gram() / T(N)), p);
        KB_RC_WITHIN(T((e.values - kp.feature_variances()).cwiseAbs().maxCoeff()),
                     kb::test::factorisation<T>(N, T(nK / T(N))), "kernlab eig = λ");
        const Matrix<T> pcv = e.vectors * e.values.cwiseSqrt().cwiseInverse().asDiagonal();
        const Matrix<T> rotated = kp.centred_gram() * pcv;
        KB_RC_WITHIN(kb::max_abs(Matrix<T>(rotated * rotated.transpose() - T(N) * kp.scores() * kp.scores().transpose())),
                     kb::test::subspace<T>(N, T(T(N) * nK * nK), gap_after(kp)), "rotated rotatedᵀ = N Y Yᵀ");
    });
}
//! [conventions]
