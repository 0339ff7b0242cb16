#pragma once
/// \file fisher_tests.hpp
/// \brief Multi-class Fisher discriminant analysis (fisher.hpp), the tests templated on
///        the scalar: the two-class formula, optimality of the Fisher ratio, S_w-orthonormality,
///        affine invariance, the ridge/rank policy, classification of separable
///        clusters, and the errors on bad input — each property with a failing companion.
///
/// The test cases are defined here once and instantiated for one scalar type per
/// translation unit (fisher_tests_double.cpp, …_real50.cpp, …_real100.cpp), which keeps
/// each unit's compile time within budget. KB_FISHER_INVOKE_ALL(T) registers them all.
#include "reference.hpp"
#include "test_support.hpp"

#include "kernelbook/fisher.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <limits>
#include <tuple>
#include <vector>


namespace {

// A labelled data set as integers (divide by `den` for the scalar type).
struct Recipe {
    IntMatrix X;
    std::vector<int> y;
};

// Label of class c: not 0, 1, 2, … and not in increasing order, so that the code must
// find and sort the classes itself.
int label_of(int c) { return 10 - 3 * c; }

// C clusters in ℝ^d: class c has between n_lo and n_hi points, its centre drawn from
// [−spread, spread]^d (plus `separation` on coordinate (c − 1) mod d for c ≥ 1), and its
// points scattered around the centre by offsets in [−spread, spread]^d.
//
// Well-posed by construction when d ≥ C − 1 and separation ≥ 20·spread: the class mean
// differences μ_c − μ₀ (c ≥ 1) are separation·e_{c−1} plus at most 4·spread per
// coordinate, so the (C−1)×d matrix of them is strictly diagonally dominant (16·spread
// against at most 3·4·spread) and has rank C − 1 — the class means span C − 1 dimensions
// and every one of the C − 1 Fisher ratios is positive. (Without the separation, random
// centres can give coinciding class means, e.g. two classes with the same mean.)
Recipe draw_clusters(int C, int d, int n_lo, int n_hi, long spread, long separation = 0) {
    const IntMatrix centres = *kb::test::int_matrix(C, d, -spread, spread);
    std::vector<std::vector<long>> rows;
    Recipe r;
    for (int c = 0; c < C; ++c) {
        const int n = *kb::test::size_in(n_lo, n_hi);
        const IntMatrix offsets = *kb::test::int_matrix(n, d, -spread, spread);
        for (int i = 0; i < n; ++i) {
            std::vector<long> row(static_cast<std::size_t>(d));
            for (int j = 0; j < d; ++j) row[j] = centres(c, j) + offsets(i, j);
            if (c >= 1) row[static_cast<std::size_t>((c - 1) % d)] += separation;
            rows.push_back(row);
            r.y.push_back(label_of(c));
        }
    }
    r.X.resize(static_cast<Eigen::Index>(rows.size()), d);
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (int j = 0; j < d; ++j) r.X(static_cast<Eigen::Index>(i), j) = rows[i][static_cast<std::size_t>(j)];
    return r;
}

// ------------------------------------------------------------------ bounds from the inputs
// The bounds' condition numbers and Fisher ratios come from the recipe itself, never from
// kb::FisherDiscriminant or kb::scatter_matrices: S_w and S_b are formed here exactly in
// rationals (class means and sums of the integer data), and decomposed by a route
// independent of the library's — Eigen's (Generalized)SelfAdjointEigenSolver in long
// double (ε = 2⁻⁶³) on the exact matrices rounded once, accurate to ~10⁻¹³ relative for
// the κ ≤ 10⁶ admitted below.
struct ExactScatter {
    Matrix<kb::rational> within, between;
};

ExactScatter exact_scatter(const IntMatrix& Xi, const std::vector<int>& y, long den) {
    const Matrix<kb::rational> X = kb::from_integers<kb::rational>(Xi, den);
    const Eigen::Index d = X.cols();
    std::vector<int> labels(y);
    std::sort(labels.begin(), labels.end());
    labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
    const kb::RowVector<kb::rational> mean = X.colwise().sum() / kb::rational(X.rows());
    ExactScatter s{Matrix<kb::rational>::Zero(d, d), Matrix<kb::rational>::Zero(d, d)};
    for (int label : labels) {
        kb::RowVector<kb::rational> mc = kb::RowVector<kb::rational>::Zero(d);
        long n = 0;
        for (Eigen::Index i = 0; i < X.rows(); ++i)
            if (y[static_cast<std::size_t>(i)] == label) {
                mc += X.row(i);
                ++n;
            }
        mc /= kb::rational(n);
        for (Eigen::Index i = 0; i < X.rows(); ++i)
            if (y[static_cast<std::size_t>(i)] == label) {
                const kb::RowVector<kb::rational> dx = X.row(i) - mc;
                s.within += dx.transpose() * dx;
            }
        const kb::RowVector<kb::rational> dm = mc - mean;
        s.between += kb::rational(n) * dm.transpose() * dm;
    }
    return s;
}

using LDMatrix = Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic>;

// S̃_w = S_w + ridge·tr(S_w)/d·I, exactly (the regularisation of kb::FisherOptions::ridge).
Matrix<kb::rational> with_ridge(const Matrix<kb::rational>& Sw, const kb::rational& ridge) {
    const Eigen::Index d = Sw.rows();
    return Sw + Matrix<kb::rational>::Identity(d, d) * (ridge * Sw.trace() / kb::rational(d));
}


// κ = λ_max/λ_min of a symmetric PD exact matrix (∞ if not PD to long double).
template <class T>
T condition(const Matrix<kb::rational>& S) {
    const std::vector<long double> v = kb::test::reference_eigenvalues(S);
    return v.back() > 0 ? T(v.front() / v.back()) : std::numeric_limits<T>::infinity();
}

// The Fisher ratios λ_1 ≥ λ_2 ≥ … (S_b w = λ S_w w) of exact S_b and PD S_w.
std::vector<long double> exact_fisher_values(const Matrix<kb::rational>& Sb, const Matrix<kb::rational>& Sw) {
    const Eigen::GeneralizedSelfAdjointEigenSolver<LDMatrix> es(kb::test::to_long_double(Sb), kb::test::to_long_double(Sw), Eigen::EigenvaluesOnly);
    std::vector<long double> v;
    for (Eigen::Index i = Sb.rows() - 1; i >= 0; --i) v.push_back(es.eigenvalues()(i));
    return v;
}

// The largest κ a property admits. The bounds are c₂·d·ε·κ times a scale: at κ = 10⁶ that
// is ≤ 3·10⁻⁸ relative in double, so a wrong formula (an O(1) error) is still rejected by
// seven orders of magnitude. (A cap of 10¹² let ~3 % pass in double.) The generators draw
// κ ≤ 10⁶ except for nearly degenerate clusters (a class almost on a hyperplane), which
// are rare (the discards are reported by kb::test::property).
constexpr double kappa_cap = 1e6;

// ‖a/‖a‖ ∓ b/‖b‖‖ with the better sign: zero exactly when a and b are parallel.
template <class T>
T parallel_error(const Vector<T>& a, const Vector<T>& b) {
    using std::min;
    const Vector<T> u = a / a.norm(), v = b / b.norm();
    return min(T((u - v).norm()), T((u + v).norm()));
}

template <class T>
Vector<T> mean_difference(const kb::Scatter<T>& s) {
    return (s.means.row(1) - s.means.row(0)).transpose();
}

// The elongated-clusters picture: two long parallel clusters along x, 80 units long, whose
// means differ by (20, 4). The mean difference points mostly along x (where the clusters
// overlap); Fisher's direction S_w⁻¹(μ₁ − μ₀) points mostly along y (where they do not).
Recipe elongated_clusters() {
    Recipe r;
    std::vector<std::vector<long>> rows;
    for (int c = 0; c < 2; ++c)
        for (long t = -40; t <= 40; t += 5)
            for (long e : {-1L, 1L}) {
                rows.push_back({t + 20 * c + (e > 0 ? 1 : 0), 4 * c + e});
                r.y.push_back(c);
            }
    r.X.resize(static_cast<Eigen::Index>(rows.size()), 2);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        r.X(static_cast<Eigen::Index>(i), 0) = rows[i][0];
        r.X(static_cast<Eigen::Index>(i), 1) = rows[i][1];
    }
    return r;
}

// The companions' fixed case: the elongated clusters in T, their scatter matrices and Fisher
// direction (the objects under test), and κ(S_w) from the exact scatter (the bounds' input).
template <class T>
struct ElongatedCase {
    Recipe r = elongated_clusters();
    Matrix<T> X = kb::from_integers<T>(r.X, 1);
    kb::Scatter<T> s = kb::scatter_matrices(X, r.y);
    kb::FisherDiscriminant<T> F = kb::FisherDiscriminant(X, r.y, {.components = 1});
    ExactScatter sq = exact_scatter(r.X, r.y, 1);
    T kappa = condition<T>(sq.within);
};

} // namespace

// ---------------------------------------------------------------------------------------
// Two classes

TEST_CASE_TEMPLATE_DEFINE("two classes: the Fisher direction is (S_w + ridge I)^-1 (mu_1 - mu_0) up to scale", T, fisher_00) {
    //! [two-class]
    kb::test::property<T>([] {
        const int d = *kb::test::size_in(1, 4);
        const Recipe r = draw_clusters(2, d, d + 1, d + 4, 8, 160);
        const Matrix<T> X = kb::from_integers<T>(r.X, 4);
        kb::FisherOptions<T> options;
        const long ridge4 = *kb::test::int_in(0, 4);
        options.ridge = kb::ratio<T>(ridge4, 4);
        const auto s = kb::scatter_matrices(X, r.y);
        const Matrix<T> Sw = s.within + Matrix<T>::Identity(d, d) * (options.ridge * s.within.trace() / T(d));
        const T kappa = condition<T>(with_ridge(exact_scatter(r.X, r.y, 4).within, kb::rational(ridge4, 4)));
        RC_PRE(kappa < T(kappa_cap));
        const auto F = kb::FisherDiscriminant(X, r.y, {.components = 1, .ridge = options.ridge, .rank_tolerance = options.rank_tolerance});
        RC_ASSERT(F.directions().cols() == 1);
        RC_ASSERT(F.rank() == d);
        // Independent route: one Cholesky solve S̃_w v = μ₁ − μ₀.
        const Vector<T> v = kb::solve_spd(Sw, Matrix<T>(mean_difference(s))).col(0);
        KB_RC_WITHIN(parallel_error<T>(F.directions().col(0), v), kb::test::factorisation<T>(d, kappa).with_condition(double(kappa)),
                     "w ∥ S̃_w⁻¹(μ₁ − μ₀)");
    });
    //! [two-class]
}

TEST_CASE_TEMPLATE_DEFINE("failing companion: the mean difference alone is not the two-class Fisher direction", T, fisher_01) {
    const ElongatedCase<T> c;
    const auto& [s, F, kappa] = std::tie(c.s, c.F, c.kappa);
    const Vector<T> v = kb::solve_spd(s.within, Matrix<T>(mean_difference(s))).col(0);
    KB_CHECK_WITHIN(parallel_error<T>(F.directions().col(0), v), kb::test::factorisation<T>(2, kappa), "w ∥ S_w⁻¹(μ₁ − μ₀)");
    // Dropping S_w⁻¹ gives a different direction: the check must reject it.
    KB_CHECK_EXCEEDS(parallel_error<T>(mean_difference(s), v), kb::test::factorisation<T>(2, kappa),
                     "μ₁ − μ₀ ∥ S_w⁻¹(μ₁ − μ₀)");
}

// ---------------------------------------------------------------------------------------
// Optimality: the directions maximise Fisher's ratio

TEST_CASE_TEMPLATE_DEFINE("the Fisher directions maximise the ratio w^T S_b w / w^T S_w w over random directions", T, fisher_02) {
    //! [optimality]
    kb::test::property<T>([] {
        const int C = *kb::test::size_in(3, 4), d = *kb::test::size_in(C - 1, 4);
        const Recipe r = draw_clusters(C, d, d + 1, d + 3, 8, 160);
        const Matrix<T> X = kb::from_integers<T>(r.X, 4);
        const auto s = kb::scatter_matrices(X, r.y);
        const ExactScatter sq = exact_scatter(r.X, r.y, 4);
        const T kappa = condition<T>(sq.within);
        RC_PRE(kappa < T(kappa_cap));
        const auto F = kb::FisherDiscriminant(X, r.y, {.components = 2});
        const T lambda1 = F.eigenvalues()(0), lambda2 = F.eigenvalues()(1);
        // Each λ_j is the ratio of its own direction. The scale λ₁κ uses λ₁ of the exact
        // S_b, S_w (independent route), not the discriminant's.
        const T lambda1_in = T(exact_fisher_values(sq.between, sq.within).front());
        const auto tol = kb::test::factorisation<T>(d, lambda1_in * kappa).with_condition(double(kappa));
        using std::abs;
        KB_RC_WITHIN(T(abs(kb::fisher_ratio(s.between, s.within, Vector<T>(F.directions().col(0))) - lambda1)), tol,
                     "J(w₁) = λ₁");
        KB_RC_WITHIN(T(abs(kb::fisher_ratio(s.between, s.within, Vector<T>(F.directions().col(1))) - lambda2)), tol,
                     "J(w₂) = λ₂");
        // No random direction does better than w₁; none S_w-orthogonal to w₁ does better than w₂.
        for (int trial = 0; trial < 5; ++trial) {
            const Vector<T> v = kb::from_integers<T>(*kb::test::int_matrix(d, 1, -9, 9), 1).col(0);
            RC_PRE(v.squaredNorm() > 0);
            KB_RC_WITHIN(std::max(T(0), T(kb::fisher_ratio(s.between, s.within, v) - lambda1)), tol, "J(v) ≤ λ₁");
            const Vector<T> w1 = F.directions().col(0);
            const Vector<T> v_perp = v - w1 * w1.dot(s.within * v); // S_w-orthogonal to w₁ (w₁ᵀS_ww₁ = 1)
            if (v_perp.norm() > v.norm() / T(1000))
                KB_RC_WITHIN(std::max(T(0), T(kb::fisher_ratio(s.between, s.within, v_perp) - lambda2)), tol,
                             "J(v) ≤ λ₂ for v ⊥_{S_w} w₁");
        }
    });
    //! [optimality]
}

TEST_CASE_TEMPLATE_DEFINE("failing companion: the top eigenvector of S_b alone is beaten by the Fisher direction", T, fisher_03) {
    const ElongatedCase<T> c;
    const auto& [s, sq, kappa, F] = std::tie(c.s, c.sq, c.kappa, c.F);
    // "Maximise wᵀS_b w" without S_w: the direction a broken implementation would return.
    const Vector<T> e = kb::symmetric_eigen(s.between).vectors.col(0);
    const T J_broken = kb::fisher_ratio(s.between, s.within, e);
    const T J_fisher = kb::fisher_ratio(s.between, s.within, Vector<T>(F.directions().col(0)));
    const auto tol = kb::test::factorisation<T>(2, T(exact_fisher_values(sq.between, sq.within).front()) * kappa);
    // The optimality check accepts Fisher's direction against the broken one…
    KB_CHECK_WITHIN(std::max(T(0), T(J_broken - J_fisher)), tol, "J(e) ≤ J(w)");
    // …and rejects the broken one against Fisher's (the ratio is several times larger).
    KB_CHECK_EXCEEDS(std::max(T(0), T(J_fisher - J_broken)), tol, "J(w) ≤ J(e)");
    CHECK(J_fisher > 4 * J_broken);
}

// ---------------------------------------------------------------------------------------
// S_w-orthonormality

TEST_CASE_TEMPLATE_DEFINE("the directions are S_w-orthonormal: W^T S_w W = I and W^T S_b W = diag(lambda)", T, fisher_04) {
    //! [orthonormal]
    kb::test::property<T>([] {
        const int C = *kb::test::size_in(2, 4), d = *kb::test::size_in(C - 1, 4);
        const Recipe r = draw_clusters(C, d, d + 1, d + 3, 8, 160);
        const Matrix<T> X = kb::from_integers<T>(r.X, 4);
        kb::FisherOptions<T> options;
        const long ridge8 = *kb::test::int_in(0, 2);
        options.ridge = kb::ratio<T>(ridge8, 8);
        const auto s = kb::scatter_matrices(X, r.y);
        const Matrix<T> Sw = s.within + Matrix<T>::Identity(d, d) * (options.ridge * s.within.trace() / T(d));
        const ExactScatter sq = exact_scatter(r.X, r.y, 4);
        const Matrix<kb::rational> Swq = with_ridge(sq.within, kb::rational(ridge8, 8));
        const T kappa = condition<T>(Swq);
        RC_PRE(kappa < T(kappa_cap));
        const auto F = kb::FisherDiscriminant(X, r.y, {.components = C - 1, .ridge = options.ridge, .rank_tolerance = options.rank_tolerance});
        const Matrix<T>& W = F.directions();
        const Eigen::Index k = W.cols();
        // The checks the fit reports, those of its two eigenproblems, pass; the residual check
        // of S̃_w rejects pairs that are not its eigenpairs (the directions W with the ratios λ).
        RC_ASSERT(F.checks().size() == 4u);
        for (const kb::Check<T>& c : F.checks()) RC_ASSERT(c.passed());
        RC_ASSERT(F.checks()[1].name == "eigen-residual of S̃_w");
        RC_ASSERT(kb::detail::eigen_residual(Sw, Matrix<T>(W), Vector<T>(F.eigenvalues())) > F.checks()[1].bound);
        RC_ASSERT(F.with_directions(W).checks().empty());
        KB_RC_WITHIN(T((W.transpose() * Sw * W - Matrix<T>::Identity(k, k)).norm()),
                     kb::test::factorisation<T>(d, kappa).with_condition(double(kappa)), "WᵀS̃_wW = I");
        KB_RC_WITHIN(T((W.transpose() * s.between * W - Matrix<T>(F.eigenvalues().asDiagonal())).norm()),
                     kb::test::factorisation<T>(d, T(exact_fisher_values(sq.between, Swq).front()) * kappa)
                         .with_condition(double(kappa)),
                     "WᵀS_bW = diag(λ)");
        for (Eigen::Index j = 0; j + 1 < k; ++j) RC_ASSERT(F.eigenvalues()(j) >= F.eigenvalues()(j + 1));
        RC_ASSERT(F.eigenvalues()(k - 1) > 0);
    });
    //! [orthonormal]
}

TEST_CASE_TEMPLATE_DEFINE("failing companion: Euclidean-orthonormal directions are not S_w-orthonormal", T, fisher_05) {
    const ElongatedCase<T> c;
    const auto& [s, kappa, F] = std::tie(c.s, c.kappa, c.F);
    const Matrix<T> W = F.directions();
    const Matrix<T> U = W / W.norm(); // unit Euclidean length: the normalisation of the wrong inner product
    const Matrix<T> I = Matrix<T>::Identity(1, 1);
    KB_CHECK_WITHIN(T((W.transpose() * s.within * W - I).norm()), kb::test::factorisation<T>(2, kappa), "WᵀS_wW = I");
    KB_CHECK_EXCEEDS(T((U.transpose() * s.within * U - I).norm()), kb::test::factorisation<T>(2, kappa),
                     "UᵀS_wU = I");
}

// ---------------------------------------------------------------------------------------
// Affine invariance

TEST_CASE_TEMPLATE_DEFINE("the projection is invariant under an invertible affine change of the data up to sign", T, fisher_06) {
    //! [affine]
    kb::test::property<T>([] {
        const int C = *kb::test::size_in(2, 3), d = *kb::test::size_in(C - 1, 3);
        const Recipe r = draw_clusters(C, d, d + 1, d + 3, 8, 160);
        const Matrix<T> X = kb::from_integers<T>(r.X, 4);
        // A = L·U with unit triangular integer factors: invertible (det A = 1), exact in T.
        Matrix<T> L = Matrix<T>::Identity(d, d), U = Matrix<T>::Identity(d, d);
        const IntMatrix entries = *kb::test::int_matrix(d, d, -2, 2);
        for (int i = 0; i < d; ++i)
            for (int j = 0; j < i; ++j) {
                L(i, j) = T(entries(i, j));
                U(j, i) = T(entries(j, i));
            }
        const Matrix<T> A = L * U;
        const kb::RowVector<T> b = kb::from_integers<T>(*kb::test::int_matrix(1, d, -20, 20), 2);
        const Matrix<T> Y = (X * A).rowwise() + b; // y = Aᵀx + b for each point
        // κ of S_w(X) and of S_w(Y) = AᵀS_w(X)A, and the Fisher ratios, exactly from the recipe.
        Matrix<kb::rational> Aq = Matrix<kb::rational>::Identity(d, d), Uq = Aq;
        for (int i = 0; i < d; ++i)
            for (int j = 0; j < i; ++j) {
                Aq(i, j) = kb::rational(entries(i, j));
                Uq(j, i) = kb::rational(entries(j, i));
            }
        Aq = Matrix<kb::rational>(Aq * Uq);
        const ExactScatter sq = exact_scatter(r.X, r.y, 4);
        const Matrix<kb::rational> Swy = Aq.transpose() * sq.within * Aq;
        const T kappa = std::max(condition<T>(sq.within), condition<T>(Swy));
        RC_PRE(kappa < T(kappa_cap));
        const auto Fx = kb::FisherDiscriminant(X, r.y, {.components = C - 1});
        const auto Fy = kb::FisherDiscriminant(Y, r.y, {.components = C - 1});
        const Matrix<T> Zx = Fx.transform(X), Zy = Fy.transform(Y);
        // The S_w-normalised directions transform as w ↦ A⁻¹w (no rescaling), so each projected
        // coordinate agrees up to sign; ZZᵀ is the invariant that ignores the signs. λ₁ and the
        // gap λ_{C−1} (to the zero ratios) are the exact recipe's, not the discriminant's.
        const std::vector<long double> ratios = exact_fisher_values(sq.between, sq.within);
        const T lambda1 = T(ratios.front()), gap = T(ratios[static_cast<std::size_t>(C - 2)]);
        using std::max;
        const auto tol = kb::test::subspace<T>(d, lambda1 * kappa, gap).with_condition(double(kappa));
        const T scale = Zx.squaredNorm();
        KB_RC_WITHIN(T((Zx * Zx.transpose() - Zy * Zy.transpose()).norm() / scale), tol, "Z_X Z_Xᵀ = Z_Y Z_Yᵀ");
        KB_RC_WITHIN(T((Fx.eigenvalues() - Fy.eigenvalues()).norm() / lambda1), tol, "the Fisher ratios are invariant");
        if (C == 2)
            KB_RC_WITHIN(T(std::min((Zx - Zy).norm(), (Zx + Zy).norm()) / Zx.norm()), tol, "z_Y = ±z_X");
    });
    //! [affine]
}

TEST_CASE_TEMPLATE_DEFINE("failing companion: a projection ignoring S_w is not affine invariant", T, fisher_07) {
    const Recipe r = elongated_clusters();
    const Matrix<T> X = kb::from_integers<T>(r.X, 1);
    Matrix<T> A(2, 2);
    A << T(1), T(0), T(3), T(1); // a shear
    const Matrix<T> Y = X * A;
    auto top_Sb_projection = [&](const Matrix<T>& D) { // unit top eigenvector of S_b: no S_w
        const auto s = kb::scatter_matrices(D, r.y);
        const Vector<T> e = kb::symmetric_eigen(s.between).vectors.col(0);
        return Matrix<T>((D.rowwise() - s.mean) * e);
    };
    const Matrix<T> Zx = top_Sb_projection(X), Zy = top_Sb_projection(Y);
    const auto Fx = kb::FisherDiscriminant(X, r.y, {.components = 1}), Fy = kb::FisherDiscriminant(Y, r.y, {.components = 1});
    const Matrix<T> Fzx = Fx.transform(X), Fzy = Fy.transform(Y);
    // κ and λ₁ from the exact recipe (S_w(Y) = AᵀS_w(X)A for the shear A).
    const ExactScatter sq = exact_scatter(r.X, r.y, 1);
    Matrix<kb::rational> Aq(2, 2);
    Aq << 1, 0, 3, 1;
    const T kappa = std::max(condition<T>(sq.within), condition<T>(Matrix<kb::rational>(Aq.transpose() * sq.within * Aq)));
    const T lambda1 = T(exact_fisher_values(sq.between, sq.within).front());
    const auto tol = kb::test::subspace<T>(2, lambda1 * kappa, lambda1);
    KB_CHECK_WITHIN(T(std::min((Fzx - Fzy).norm(), (Fzx + Fzy).norm()) / Fzx.norm()), tol, "Fisher: z_Y = ±z_X");
    KB_CHECK_EXCEEDS(T(std::min((Zx - Zy).norm(), (Zx + Zy).norm()) / Zx.norm()), tol,
                     "top eigenvector of S_b: z_Y = ±z_X");
}

// ---------------------------------------------------------------------------------------
// Singular S_w: the rank policy

TEST_CASE_TEMPLATE_DEFINE("singular S_w: the direction is S_w^+ (mu_1 - mu_0) inside the range of S_w", T, fisher_08) {
    //! [singular]
    kb::test::property<T>([] {
        using std::abs;
        // Two points per class in 3 to 5 dimensions: rank S_w = 2 < d.
        const int d = *kb::test::size_in(3, 5);
        const Recipe r = draw_clusters(2, d, 2, 2, 8, 160);
        const Matrix<T> X = kb::from_integers<T>(r.X, 3); // thirds: S_w is not exact in binary
        const auto s = kb::scatter_matrices(X, r.y);
        // range(S_w) = span{a, b}, the two within-class differences; an orthonormal basis Q of
        // it by Gram–Schmidt, independently of any eigen-decomposition.
        const Vector<T> a = (X.row(1) - X.row(0)).transpose(), b = (X.row(3) - X.row(2)).transpose();
        Matrix<T> Q(d, 2);
        Q.col(0) = a / a.norm();
        const Vector<T> b_perp = b - Q.col(0) * Q.col(0).dot(b);
        RC_PRE(b_perp.norm() > b.norm() / T(1000)); // a and b not (nearly) parallel: rank S_w = 2
        Q.col(1) = b_perp / b_perp.norm();
        const std::vector<long double> ev = kb::test::reference_eigenvalues(exact_scatter(r.X, r.y, 3).within);
        const T kappa = T(ev[0] / ev[1]); // condition over the range kept (exact S_w, independent route)
        const auto F = kb::FisherDiscriminant(X, r.y, {.components = 1});
        RC_ASSERT(F.rank() == 2);
        const auto tol = kb::test::factorisation<T>(d, kappa).with_condition(double(kappa));
        const Vector<T> w = F.directions().col(0);
        // w ∈ range(S_w), and S_w w ∥ P(μ₁ − μ₀) with P = QQᵀ: together, w ∥ S_w⁺(μ₁ − μ₀).
        KB_RC_WITHIN(T((w - Q * (Q.transpose() * w)).norm() / w.norm()), tol, "w ∈ range(S_w)");
        const Vector<T> Pdelta = Q * (Q.transpose() * mean_difference(s));
        KB_RC_WITHIN(parallel_error<T>(Vector<T>(s.within * w), Pdelta), tol, "S_w w ∥ P(μ₁ − μ₀)");
        KB_RC_WITHIN(T(abs(T(w.dot(s.within * w)) - T(1))), tol, "wᵀS_ww = 1");
    });
    //! [singular]
}

TEST_CASE_TEMPLATE_DEFINE("failing companion: inverting rounding-level eigenvalues of a singular S_w gives garbage", T, fisher_09) {
    // Two points per class in ℝ⁴: S_w has rank 2. A ridge of 1000·ε (relative) lifts the two
    // zero eigenvalues just above rounding; with rank_tol = 0 they are kept and inverted,
    // and the direction follows the null space of S_w instead of S_w⁺(μ₁ − μ₀).
    IntMatrix M(4, 4);
    M << 1, 5, -2, 7, 4, -1, 3, 2, -6, 2, 8, 1, -2, 7, 5, -4;
    const Matrix<T> X = kb::from_integers<T>(M, 3);
    const std::vector<int> y{0, 0, 1, 1};
    const auto s = kb::scatter_matrices(X, y);
    const auto eig = kb::symmetric_eigen(s.within);
    const std::vector<long double> ev = kb::test::reference_eigenvalues(exact_scatter(M, y, 3).within);
    const T kappa = T(ev[0] / ev[1]); // over the range of S_w (rank 2), exact S_w
    const Vector<T> v = kb::psd_pseudo_inverse(s.within, T((eig.values(1) + eig.values(2)) / 2)) * mean_difference(s);
    const auto tol = kb::test::factorisation<T>(4, kappa);
    const auto good = kb::FisherDiscriminant(X, y, {.components = 1});
    CHECK(good.rank() == 2);
    KB_CHECK_WITHIN(parallel_error<T>(good.directions().col(0), v), tol, "default rank tolerance: w ∥ S_w⁺(μ₁ − μ₀)");
    kb::FisherOptions<T> no_cut;
    no_cut.ridge = T(1000) * kb::epsilon<T>();
    no_cut.rank_tolerance = T(0);
    const auto bad = kb::FisherDiscriminant(X, y, {.components = 1, .ridge = no_cut.ridge, .rank_tolerance = no_cut.rank_tolerance});
    CHECK(bad.rank() == 4);
    KB_CHECK_EXCEEDS(parallel_error<T>(bad.directions().col(0), v), tol, "rank_tol = 0: w ∥ S_w⁺(μ₁ − μ₀)");
}

// ---------------------------------------------------------------------------------------
// Classification

TEST_CASE_TEMPLATE_DEFINE("separable clusters are classified perfectly by the nearest projected class mean", T, fisher_10) {
    //! [separable]
    kb::test::property<T>([] {
        // Class c ≥ 1 sits 600 units along its own axis c − 1 (d ≥ C − 1), points within ±5 of
        // a centre in [−5, 5]^d. With k = C − 1 the projected means are at distance
        // √(δᵀS_w⁻¹δ) ≥ 520/√(tr S_w) ≥ 520/√(28·4·100) ≈ 4.9, more than twice the largest
        // projected deviation of a training point from its class mean (≤ √k ≤ √3, because
        // Σ_n ‖(x_n − μ_c)W‖² = tr WᵀS_wW = k). So every training point, and every midpoint of
        // two training points of one class, is classified correctly: a guarantee, not luck.
        const int C = *kb::test::size_in(2, 4), d = *kb::test::size_in(C - 1, 4);
        const Recipe r = draw_clusters(C, d, d + 1, d + 3, 5, 600);
        const Matrix<T> X = kb::from_integers<T>(r.X, 1);
        RC_PRE(condition<T>(exact_scatter(r.X, r.y, 1).within) < T(kappa_cap));
        const auto F = kb::FisherDiscriminant(X, r.y, {.components = C - 1});
        RC_ASSERT(kb::classification_accuracy(F.predict(X), r.y) == 1.0);
        Matrix<T> mid(X.rows() - 1, X.cols());
        std::vector<int> mid_y;
        Eigen::Index m = 0;
        for (Eigen::Index n = 0; n + 1 < X.rows(); ++n)
            if (r.y[n] == r.y[n + 1]) {
                mid.row(m++) = (X.row(n) + X.row(n + 1)) / T(2);
                mid_y.push_back(r.y[n]);
            }
        RC_ASSERT(kb::classification_accuracy(F.predict(Matrix<T>(mid.topRows(m))), mid_y) == 1.0);
    });
    //! [separable]
}

TEST_CASE_TEMPLATE_DEFINE("failing companion: nearest class mean along the mean difference misclassifies elongated clusters", T, fisher_11) {
    const Recipe r = elongated_clusters();
    const Matrix<T> X = kb::from_integers<T>(r.X, 1);
    const auto F = kb::FisherDiscriminant(X, r.y, {.components = 1});
    CHECK(kb::classification_accuracy(F.predict(X), r.y) == 1.0);
    // The same classifier with the direction replaced by μ₁ − μ₀ (S_w ignored).
    const auto s = kb::scatter_matrices(X, r.y);
    const auto broken = F.with_directions(Matrix<T>(mean_difference(s)));
    const double accuracy = kb::classification_accuracy(broken.predict(X), r.y);
    CHECK(accuracy < 0.8);
}

// ---------------------------------------------------------------------------------------
// Bad input

TEST_CASE_TEMPLATE_DEFINE("fisher_discriminant rejects bad input with kb::error", T, fisher_12) {
    const Recipe r = elongated_clusters();
    const Matrix<T> X = kb::from_integers<T>(r.X, 1);
    // A single class.
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(X, std::vector<int>(r.y.size(), 5), {.components = 1}),
                         doctest::Contains("scatter_matrices: all 68 points have the label 5; a discriminant needs at "
                                           "least two classes"), kb::error);
    // Labels and rows disagree.
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(X, std::vector<int>(r.y.begin(), r.y.end() - 1), {.components = 1}),
                         doctest::Contains("scatter_matrices: X has 68 rows but y has 67 labels; give one label per "
                                           "point"), kb::error);
    // Non-finite data.
    Matrix<T> bad = X;
    bad(3, 1) = std::numeric_limits<T>::quiet_NaN();
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(bad, r.y, {.components = 1}),
                         doctest::Contains("X(3,1) = nan is not finite"), kb::error);
    bad(3, 1) = std::numeric_limits<T>::infinity();
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(bad, r.y, {.components = 1}),
                         doctest::Contains("X(3,1) = inf is not finite"), kb::error);
    // More directions than C − 1, or none.
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(X, r.y, {.components = 2}),
                         doctest::Contains("FisherDiscriminant: components = 2 directions were asked for, but 2 classes give "
                                           "at most C − 1 = 1 (S_b has rank ≤ C − 1); choose 1 ≤ components ≤ 1"), kb::error);
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(X, r.y, {.components = 0}), doctest::Contains("components = 0 directions"), kb::error);
    // A negative ridge, a rank tolerance that keeps nothing.
    kb::FisherOptions<T> o;
    o.ridge = T(-1) / 4;
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(X, r.y, {.components = 1, .ridge = o.ridge, .rank_tolerance = o.rank_tolerance}),
                         doctest::Contains("ridge = -0.25 must be finite and ≥ 0"), kb::error);
    o = {};
    o.rank_tolerance = T(1e30);
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(X, r.y, {.components = 1, .ridge = o.ridge, .rank_tolerance = o.rank_tolerance}),
                         doctest::Contains("must be finite, ≥ 0 and below λ_max(S_w)"), kb::error);
    // Every class a single repeated point: S_w = 0.
    Matrix<T> twins(4, 2);
    twins << T(1), T(2), T(1), T(2), T(5), T(0), T(5), T(0);
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(twins, {0, 0, 1, 1}, {.components = 1}),
                         doctest::Contains("the within-class scatter S_w is zero"), kb::error);
    // Three classes whose means are collinear: only one direction separates them.
    Matrix<T> line(9, 2);
    line << T(0), T(1), T(0), T(-1), T(1), T(0), T(10), T(1), T(10), T(-1), T(11), T(0), T(20), T(1), T(20), T(-1),
        T(21), T(0);
    const std::vector<int> y3{0, 0, 0, 1, 1, 1, 2, 2, 2};
    CHECK_NOTHROW(kb::FisherDiscriminant(line, y3, {.components = 1}));
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(line, y3, {.components = 2}),
                         doctest::Contains("the Fisher ratio of direction 2 is zero to rounding"), kb::error);
    // k above the rank of S_w (points of 4 classes in a plane of ℝ³, no ridge).
    Matrix<T> flat(8, 3);
    flat << T(0), T(0), T(0), T(1), T(2), T(0), T(9), T(1), T(0), T(8), T(3), T(0), T(0), T(9), T(0), T(2), T(8), T(0),
        T(9), T(9), T(0), T(7), T(8), T(0);
    const std::vector<int> y4{0, 0, 1, 1, 2, 2, 3, 3};
    CHECK_THROWS_WITH_AS(kb::FisherDiscriminant(flat, y4, {.components = 3}),
                         doctest::Contains("components = 3 directions were asked for, but S_w has numerical rank 2"), kb::error);
    // Projection and accuracy.
    const auto F = kb::FisherDiscriminant(X, r.y, {.components = 1});
    CHECK_THROWS_WITH_AS(F.transform(Matrix<T>(Matrix<T>::Zero(2, 3))),
                         doctest::Contains("FisherDiscriminant::transform: Z has 3 columns but the discriminant was fitted in "
                                           "dimension 2; give points of the training dimension"), kb::error);
    CHECK_THROWS_WITH_AS(kb::classification_accuracy({1, 2}, {1}), doctest::Contains("2 predictions for 1 true labels"),
                         kb::error);
    // Other directions: d rows, finite; Fisher's own give Fisher's centres and predictions back.
    CHECK_THROWS_WITH_AS(F.with_directions(Matrix<T>(Matrix<T>::Zero(3, 1))),
                         doctest::Contains("FisherDiscriminant::with_directions: W is 3×1, but the discriminant was "
                                           "fitted in dimension 2"), kb::error);
    Matrix<T> W = F.directions();
    W(0, 0) = std::numeric_limits<T>::quiet_NaN();
    CHECK_THROWS_WITH_AS(F.with_directions(W), doctest::Contains("W(0,0) = nan is not finite"), kb::error);
    const auto same = F.with_directions(F.directions());
    CHECK(same.centres() == F.centres());
    CHECK(same.predict(X) == F.predict(X));
}

TEST_CASE_TEMPLATE_DEFINE("scatter_matrices and fisher_ratio and fisher_classify refuse bad input with their "
                          "whole message", T, fisher_13) {
    const Recipe r = elongated_clusters();
    const Matrix<T> X = kb::from_integers<T>(r.X, 1);
    const T nan = std::numeric_limits<T>::quiet_NaN();
    // scatter_matrices: no points, one label too few, a non-finite entry.
    CHECK_THROWS_WITH_AS(kb::scatter_matrices(Matrix<T>(0, 2), std::vector<int>{}),
                         doctest::Contains("scatter_matrices: X must hold at least 1 point (row) of dimension ≥ 1, "
                                           "but it is 0×2"), kb::error);
    CHECK_THROWS_WITH_AS(kb::scatter_matrices(X, std::vector<int>(r.y.begin() + 1, r.y.end())),
                         doctest::Contains("scatter_matrices: X has 68 rows but y has 67 labels; give one label per "
                                           "point"), kb::error);
    Matrix<T> bad = X;
    bad(0, 1) = nan;
    CHECK_THROWS_WITH_AS(kb::scatter_matrices(bad, r.y),
                         doctest::Contains("scatter_matrices: X(0,1) = nan is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    // fisher_ratio: shapes, symmetry, finiteness, and a direction in the null space of S_w.
    const auto s = kb::scatter_matrices(X, r.y);
    const Vector<T> w = Vector<T>::Ones(2);
    CHECK_THROWS_WITH_AS(kb::fisher_ratio(s.between, s.within, Vector<T>(Vector<T>::Ones(3))),
                         doctest::Contains("fisher_ratio: w has length 3 but S_w is 2×2; give a direction in the data "
                                           "space"), kb::error);
    CHECK_THROWS_WITH_AS(kb::fisher_ratio(s.between, Matrix<T>(Matrix<T>::Ones(2, 3)), w),
                         doctest::Contains("fisher_ratio: S_w must be a non-empty square matrix, but it is 2×3"),
                         kb::error);
    CHECK_THROWS_WITH_AS(kb::fisher_ratio(Matrix<T>(Matrix<T>::Identity(3, 3)), s.within, w),
                         doctest::Contains("fisher_ratio: S_b is 3×3 but S_w is 2×2; give the two scatter matrices of "
                                           "one data set"), kb::error);
    const Matrix<T> upper = (Matrix<T>(2, 2) << 1, 2, 0, 1).finished();
    CHECK_THROWS_WITH_AS(kb::fisher_ratio(upper, s.within, w),
                         doctest::Contains("fisher_ratio: S_b must be symmetric, but S_b(0,1) = 2 and S_b(1,0) = 0; "
                                           "pass (A + Aᵀ)/2 if the asymmetry is rounding"), kb::error);
    Matrix<T> Sw_bad = s.within;
    Sw_bad(1, 1) = std::numeric_limits<T>::infinity();
    CHECK_THROWS_WITH_AS(kb::fisher_ratio(s.between, Sw_bad, w),
                         doctest::Contains("fisher_ratio: S_w(1,1) = inf is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    const Vector<T> w_nan = (Vector<T>(2) << 1, nan).finished();
    CHECK_THROWS_WITH_AS(kb::fisher_ratio(s.between, s.within, w_nan),
                         doctest::Contains("fisher_ratio: w(1,0) = nan is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    const Matrix<T> flat = (Matrix<T>(2, 2) << 1, 0, 0, 0).finished();
    CHECK_THROWS_WITH_AS(kb::fisher_ratio(s.between, flat, Vector<T>((Vector<T>(2) << 0, 1).finished())),
                         doctest::Contains("fisher_ratio: wᵀ S_w w = 0 is not positive; w lies in the null space of "
                                           "S_w"), kb::error);
    // predict names itself, not the projection it calls.
    const auto F = kb::FisherDiscriminant(X, r.y, {.components = 1});
    CHECK_THROWS_WITH_AS(F.predict(Matrix<T>(Matrix<T>::Zero(2, 3))),
                         doctest::Contains("FisherDiscriminant::predict: Z has 3 columns but the discriminant was fitted in "
                                           "dimension 2; give points of the training dimension"), kb::error);
    Matrix<T> z = Matrix<T>::Zero(1, 2);
    z(0, 0) = nan;
    CHECK_THROWS_WITH_AS(F.predict(z),
                         doctest::Contains("FisherDiscriminant::predict: Z(0,0) = nan is not finite; remove or impute non-finite "
                                           "values before calling"), kb::error);
    CHECK(F.predict(X).size() == r.y.size());
}

/// Registers every templated Fisher test case for the scalar type T.
#define KB_FISHER_INVOKE_ALL(T) \
    TEST_CASE_TEMPLATE_INVOKE(fisher_00, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_01, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_02, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_03, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_04, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_05, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_06, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_07, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_08, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_09, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_10, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_11, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_12, T); \
    TEST_CASE_TEMPLATE_INVOKE(fisher_13, T);
