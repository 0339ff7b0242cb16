/// \file study.cpp
/// \brief Tests of the pieces of chapter 8's study of the paper's experiment (§8.10): the
///        seeded stratified splits, the t-interval and the paired comparison against
///        hand-computed cases, 1-nearest-neighbour, the Fisher ridge path against
///        kb::FisherDiscriminant, and the study's explicit features and kernel values
///        against kb::ExplicitFeatureMap and the pixel kernels. Each has a failing
///        companion. The study itself (thousands of images) is the program kb-08-experiment.
#include "chapter_support.hpp"
#include "../ch08.hpp"

#include "kernelbook/evaluation.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/fisher.hpp"
#include "kernelbook/kernels.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

namespace {

// |x − printed| ≤ half a unit in the last printed decimal: agreement with a number written
// with that many decimals (a value from a table, or computed by hand).
bool study_agrees_to_printed(double x, const std::string& printed) {
    const auto point = printed.find('.');
    const int decimals = point == std::string::npos ? 0 : int(printed.size() - point - 1);
    return std::abs(x - std::stod(printed)) <= 0.5 * std::pow(10.0, -decimals);
}

// Labels 0, 1, 2 repeated: 3·m rows, row n of class n mod 3.
std::vector<int> study_labels(int m) {
    std::vector<int> y;
    for (int n = 0; n < 3 * m; ++n) y.push_back(n % 3);
    return y;
}

// Three classes of points in dimension d with well-separated class means and a within-class
// spread that is neither isotropic nor degenerate (values are multiples of 1/8).
Matrix<double> study_points(const std::vector<int>& y, int d) {
    Matrix<double> X(Eigen::Index(y.size()), d);
    for (Eigen::Index n = 0; n < X.rows(); ++n)
        for (Eigen::Index j = 0; j < d; ++j)
            X(n, j) = double((5 * n + 3 * j * j + (n * j) % 7) % 9) / 8.0 + (j % 3 == y[std::size_t(n)] ? 1.5 : 0.0);
    return X;
}

} // namespace

TEST_CASE("study: stratified_parts draws disjoint parts of the asked size per class - repeatable for a seed - "
          "another seed another draw [ghiasi:fig1-4]") {
    const std::vector<int> y = study_labels(20); // 20 rows of each class 0, 1, 2
    const auto parts = kb::stratified_parts(y, {0, 2}, {6, 4}, 11);
    REQUIRE(parts.size() == 2);
    std::set<Eigen::Index> seen;
    for (std::size_t j = 0; j < 2; ++j) {
        const Eigen::Index want = j == 0 ? 6 : 4;
        CHECK(std::is_sorted(parts[j].begin(), parts[j].end()));
        for (int c : {0, 1, 2}) {
            const auto count = std::count_if(parts[j].begin(), parts[j].end(), [&](Eigen::Index n) { return y[std::size_t(n)] == c; });
            CHECK(count == (c == 1 ? 0 : want)); // class 1 was not asked for
        }
        for (Eigen::Index n : parts[j]) CHECK(seen.insert(n).second); // disjoint
    }
    CHECK(kb::stratified_parts(y, {0, 2}, {6, 4}, 11) == parts);
    CHECK(kb::stratified_parts(y, {0, 2}, {6, 4}, 12) != parts);
    // Every row of a class can be drawn: over 40 seeds each of the 20 rows of class 0 appears.
    std::set<Eigen::Index> drawn;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const auto draw = kb::stratified_parts(y, {0}, {3}, seed);
        drawn.insert(draw[0].begin(), draw[0].end());
    }
    CHECK(drawn.size() == 20);
}

TEST_CASE("study: failing companion: stratified_parts refuses a class with too few rows - a class listed twice - "
          "an empty part [ghiasi:fig1-4]") {
    const std::vector<int> y = study_labels(5);
    CHECK_THROWS_WITH_AS(kb::stratified_parts(y, {0, 1}, {3, 3}, 1), // 6 > 5 rows of class 0
                         doctest::Contains("stratified_parts: class 0 has 5 rows, fewer than the 6 the parts need "
                                           "together; ask for smaller parts"), kb::error);
    CHECK_THROWS_WITH_AS(kb::stratified_parts(y, {1, 1}, {2}, 1),
                         doctest::Contains("stratified_parts: the class 1 is listed twice; list each label once"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::stratified_parts(y, {1}, {0}, 1),
                         doctest::Contains("stratified_parts: a part of 0 rows per class was asked for; every part "
                                           "needs at least 1"), kb::error);
    CHECK_NOTHROW(kb::stratified_parts(y, {0, 1}, {3, 2}, 1)); // exactly the 5 rows
}

TEST_CASE("study: t_interval of 1 2 3 4 5 is 3 +- 1.963243 (t = 2.776445 from a table, s = sqrt 2.5) - the normal "
          "quantile would give 1.385904 [ghiasi:fig1-4]") {
    // By hand: mean 3, s² = (4 + 1 + 0 + 1 + 4)/4 = 2.5, t_{0.975, 4} = 2.776445 (table),
    // half-width 2.776445·√2.5/√5 = 2.776445/√2 = 1.963243.
    const kb::MeanInterval m = kb::t_interval({1, 2, 3, 4, 5});
    CHECK(m.n == 5);
    CHECK(study_agrees_to_printed(m.mean, "3.000000"));
    CHECK(study_agrees_to_printed(m.sd * m.sd, "2.500000"));
    CHECK(study_agrees_to_printed(m.half_width, "1.963243"));
    CHECK(study_agrees_to_printed(m.lower, "1.036757"));
    CHECK(study_agrees_to_printed(m.upper, "4.963243"));
    // Failing companion: the normal quantile 1.959964 in place of t gives 1.959964/√2 =
    // 1.385904, which the check above rejects; and one value has no interval.
    CHECK_FALSE(study_agrees_to_printed(1.959964 / std::sqrt(2.0), "1.963243"));
    CHECK_THROWS_WITH_AS(kb::t_interval({0.5}),
                         doctest::Contains("t_interval: 1 value(s) were given; a t-interval needs at least two"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::t_interval({0.5, NAN}),
                         doctest::Contains("t_interval: a value is nan; all values must be finite"), kb::error);
}

TEST_CASE("study: paired_comparison of 0.80 0.90 0.70 and 0.85 0.90 0.80 is +0.05 +- 0.124207 with 2 wins and 1 tie - "
          "the same values unpaired give another interval [ghiasi:fig1-4]") {
    // By hand: δ = (0.05, 0, 0.10), mean 0.05, s = 0.05, t_{0.975, 2} = 4.302653 (table),
    // half-width 4.302653·0.05/√3 = 0.124207.
    const std::vector<double> a = {0.80, 0.90, 0.70}, b = {0.85, 0.90, 0.80};
    const kb::PairedComparison p = kb::paired_comparison(a, b);
    CHECK(study_agrees_to_printed(p.difference.mean, "0.050000"));
    CHECK(study_agrees_to_printed(p.difference.half_width, "0.124207"));
    CHECK(p.b_wins == 2);
    CHECK(p.ties == 1);
    CHECK(p.a_wins == 0);
    // Failing companion: b in another split order is no longer paired with a: δ = (0, 0, 0.15)
    // has the same mean but s = 0.0866, and the check of the half-width fails.
    const kb::PairedComparison q = kb::paired_comparison(a, {0.80, 0.90, 0.85});
    CHECK(study_agrees_to_printed(q.difference.mean, "0.050000"));
    CHECK_FALSE(study_agrees_to_printed(q.difference.half_width, "0.124207"));
    CHECK_THROWS_WITH_AS(kb::paired_comparison(a, {0.85, 0.90}),
                         doctest::Contains("paired_comparison: a has 3 values and b 2; give one value of each method "
                                           "per split"), kb::error);
}

TEST_CASE("study: 1-NN gives each point the label of its nearest training point - refuses points of another "
          "dimension [ghiasi:fig1-4]") {
    Matrix<double> X(4, 2), Z(3, 2);
    X << 0, 0, 4, 0, 0, 4, 4, 4;
    Z << 1, 1, 3.5, 0.5, 1, 3;
    const std::vector<int> y = {7, 2, 4, 2};
    CHECK(kb::nearest_neighbour_classify(X, y, Z) == std::vector<int>{7, 2, 4});
    // A point exactly between x_1 and x_2 goes to the first.
    Matrix<double> mid(1, 2);
    mid << 2, 0;
    CHECK(kb::nearest_neighbour_classify(X, y, mid) == std::vector<int>{7});
    // Failing companion: the same classifier with the labels of x_1 and x_2 swapped is wrong
    // on the first two points; points of dimension 3 are refused.
    CHECK(kb::nearest_neighbour_classify(X, {2, 7, 4, 2}, Z) != std::vector<int>{7, 2, 4});
    CHECK_THROWS_WITH_AS(kb::nearest_neighbour_classify(X, y, Matrix<double>::Zero(1, 3)),
                         doctest::Contains("nearest_neighbour_classify: Z has 3 columns but X has 2; give points of "
                                           "the training dimension"), kb::error);
}

TEST_CASE("study: the ridge path equals fisher_discriminant for every ridge - d < N and d > N (singular S_w) - "
          "and differs from it at another ridge [ghiasi:fig1-4]") {
    const std::vector<int> y = study_labels(10);
    const std::vector<double> ridges = {0.0, 1e-3, 1.0};
    for (int d : {6, 45}) {
        CAPTURE(d);
        const Matrix<double> X = study_points(y, d);
        const Matrix<double> Z = study_points(study_labels(4), d).array() + 1.0 / 16;
        const auto path = kb::fisher_ridge_path(X, y, 2, ridges);
        REQUIRE(path.size() == ridges.size());
        for (std::size_t i = 0; i < ridges.size(); ++i) {
            CAPTURE(ridges[i]);
            kb::FisherOptions<double> opt;
            opt.ridge = ridges[i];
            const auto F = kb::FisherDiscriminant(X, y, {.components = 2, .ridge = opt.ridge, .rank_tolerance = opt.rank_tolerance});
            CHECK(path[i].rank() == F.rank());
            CHECK(path[i].predict(Z) == F.predict(Z));
            // The ratios λ_j: eigenvalues of the same whitened M, each computed by a backward
            // stable route, so within c₂·N·ε·λ₁·κ(S̃_w restricted to its kept range).
            const kb::Scatter<double> s = kb::scatter_matrices(X, y);
            Matrix<double> Sw = s.within;
            Sw.diagonal().array() += F.ridge();
            const double wnorm2 = F.directions().squaredNorm(), Sw_norm = Sw.norm();
            const auto bound = kb::test::factorisation<double>(X.rows() + d, F.eigenvalues()(0) * (Sw_norm * wnorm2 + 1));
            KB_CHECK_WITHIN(kb::max_abs(Vector<double>(path[i].eigenvalues() - F.eigenvalues())), bound, "λ of the path = λ of fisher_discriminant");
            // The path's directions satisfy Fisher's normalisation WᵀS̃_wW = I themselves.
            KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(path[i].directions().transpose() * Sw * path[i].directions() -
                                                       Matrix<double>::Identity(2, 2))),
                            kb::test::factorisation<double>(X.rows() + d, Sw_norm * wnorm2 + 1), "WᵀS̃_wW = I on the path");
        }
        // Failing companion: the path at ρ = 1 is not the unregularised discriminant.
        const auto F0 = kb::FisherDiscriminant(X, y, {.components = 2});
        const auto bound = kb::test::factorisation<double>(X.rows() + d, F0.eigenvalues()(0) * (F0.directions().squaredNorm() + 1));
        KB_CHECK_EXCEEDS(kb::max_abs(Vector<double>(path[2].eigenvalues() - F0.eigenvalues())), bound, "λ at ρ = 1 against ρ = 0");
    }
    CHECK_THROWS_WITH_AS(kb::fisher_ridge_path(study_points(y, 6), y, 2, {}),
                         doctest::Contains("fisher_ridge_path: no ridges were given; list at least one ρ ≥ 0 (0: no "
                                           "ridge)"), kb::error);
    CHECK_THROWS_WITH_AS(kb::fisher_ridge_path(study_points(y, 6), y, 2, {-1.0}),
                         doctest::Contains("fisher_ridge_path: ridge = -1 must be finite and ≥ 0 (0: no ridge)"),
                         kb::error);
}

TEST_CASE("study: k1 and k2 as polynomial kernels of rescaled pixels equal the pixel kernels - the eigenbasis "
          "features have the explicit map's inner products [ghiasi:eq27-29] [ghiasi:thm1]") {
    // 12 training and 5 test images of 16 pixels in [0, 1] (multiples of 1/8).
    Matrix<double> X(12, 16), Z(5, 16);
    for (Eigen::Index n = 0; n < 12; ++n)
        for (Eigen::Index j = 0; j < 16; ++j) X(n, j) = double((3 * n + 5 * j + n * j) % 9) / 8.0;
    for (Eigen::Index m = 0; m < 5; ++m)
        for (Eigen::Index j = 0; j < 16; ++j) Z(m, j) = double((7 * m + 2 * j + 1) % 9) / 8.0;
    const auto k1 = kb::PixelPolynomialKernel<double>::ghiasi(16);
    const auto k2 = kb::SignedPixelPolynomialKernel<double>::ghiasi(16);
    for (bool signed_pixels : {false, true}) {
        CAPTURE(signed_pixels);
        const Matrix<double> K = signed_pixels ? kb::gram(k2, X) : kb::gram(k1, X);
        const Matrix<double> kZ = signed_pixels ? kb::gram(k2, Z, X) : kb::gram(k1, Z, X);
        // Kernel values: the same inner products, rounded differently, to the 9th power:
        // within c₁·9·q·ε of the largest value (values lie in [0, 1]).
        const auto tol = kb::test::one_pass<double>(9 * 16, 1.0);
        KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(kb::ch08::pixel_kernel_gram(signed_pixels, X) - K)), tol, "K");
        KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(kb::ch08::pixel_kernel_values(signed_pixels, Z, X) - kZ)), tol, "k_Z");
        // The features: ⟨φ(x_m), φ(x_n)⟩ = K and ⟨φ(x_n), φ(z)⟩ = k(x_n, z), as the library's map.
        const auto f = kb::ch08::eigenbasis_features(K, kZ);
        const auto eig = kb::symmetric_eigen(K);
        const kb::ExplicitFeatureMap<double> phi(signed_pixels ? kb::AnyKernel<double>(k2) : kb::AnyKernel<double>(k1), X, {.rank_tolerance = kb::psd_rounding_tolerance<double>(12, eig.values(0))});
        REQUIRE(f.rank == phi.rank());
        // The bounds take λ_max and κ (over the r kept eigenvalues) from the input K,
        // decomposed independently of both routes.
        const auto spectrum = kb::test::ch08::input_spectrum(K, f.rank);
        const double lmax = kb::test::ch08::to<double>(spectrum.lmax);
        // ΦΦᵀ = V_rΛ_rV_rᵀ is K up to the decomposition's backward error (c₂·N·ε·λ_max), the
        // eigenvalues left out (within ±τ, τ = 64·N·ε·λ_max: K is PSD to rounding, or the map
        // above would have refused it) and the rounding of the product (c₁·r·ε·max‖φ(x_n)‖²,
        // ‖φ(x_n)‖² ≤ λ_max). Nothing is inverted, so κ does not enter.
        const kb::test::Bound<double> left_out{kb::psd_rounding_tolerance<double>(12, lmax),
                                               "left-out eigenvalues (τ = c_psd·n·ε·λ_max)", 12, lmax};
        const auto gram_bound = kb::test::plus(kb::test::plus(kb::test::factorisation<double>(12, lmax), left_out),
                                               kb::test::one_pass<double>(f.rank, lmax));
        KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(f.train * f.train.transpose() - K)), gram_bound, "ΦΦᵀ = K");
        // Failing companion: features V_rΛ_r, without the square root, give V_rΛ_r²V_rᵀ = K², not K.
        const Matrix<double> unrooted = eig.vectors.leftCols(f.rank) * eig.values.head(f.rank).asDiagonal();
        KB_CHECK_EXCEEDS(kb::max_abs(Matrix<double>(unrooted * unrooted.transpose() - K)), gram_bound,
                         "without the square root: ΦΦᵀ = K² ≠ K");
        // The library forms (K^{+1/2}K)ᵀ(K^{+1/2}k_z) = V_rV_rᵀk_z − δK K⁺k_z to first order (δK the
        // backward error of its decomposition), the eigenbasis route V_rV_rᵀk_z: the chapter's
        // exactness bound c₂·N·ε·√(κ·λ_max·k(z, z)), with k(z, z) the largest over the test points.
        double kzz = 0;
        for (Eigen::Index m = 0; m < Z.rows(); ++m)
            kzz = std::max(kzz, signed_pixels ? k2(Z.row(m), Z.row(m)) : k1(Z.row(m), Z.row(m)));
        const auto bound = kb::test::ch08::exactness_bound(spectrum, kzz);
        const Matrix<double> library = phi.training_features() * phi.transform_columns(kZ.transpose()).transpose();
        KB_CHECK_WITHIN(kb::max_abs(Matrix<double>(f.train * f.test.transpose() - library)), bound,
                        "⟨φ(x_n), φ(z)⟩ as kb::ExplicitFeatureMap");
        // Failing companion: without the factor Λ^{-1/2} on the test side (φ(z) = V_rᵀk_z) the
        // inner products are no longer the kernel's.
        const Matrix<double> wrong = kZ * eig.vectors.leftCols(f.rank);
        KB_CHECK_EXCEEDS(kb::max_abs(Matrix<double>(f.train * wrong.transpose() - library)), bound,
                         "without Λ^{-1/2}: ⟨φ(x_n), φ(z)⟩ ≠ k(x_n, z)");
    }
    // Failing companion: c = 1 instead of 1/2 in k2's polynomial form is another kernel.
    const Matrix<double> U = ((2 * X.array() - 1) / std::sqrt(32.0)).matrix();
    KB_CHECK_EXCEEDS(kb::max_abs(Matrix<double>(kb::gram(kb::PolynomialKernel<double>(1.0, 9), U) - kb::gram(k2, X))),
                     kb::test::one_pass<double>(9 * 16, 1.0), "k2 with c = 1");
}
