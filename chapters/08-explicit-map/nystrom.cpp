/// \file nystrom.cpp
/// \brief Chapter 8: the explicit map is the Nyström feature map with every training point
///        as a landmark; fewer landmarks approximate, and the error shrinks to zero at m = N.
#include "test_cases.h"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

using namespace ch08;
// abs and sqrt on double must be std's (not C's int abs); ADL finds the multiprecision ones.
using std::abs;
using std::sqrt;

namespace {
std::vector<Eigen::Index> first(Eigen::Index m) {
    std::vector<Eigen::Index> S(static_cast<std::size_t>(m));
    for (Eigen::Index i = 0; i < m; ++i) S[static_cast<std::size_t>(i)] = i;
    return S;
}

// The Nyström residual K − K_{NS} K_SS⁻¹ K_{SN} for the landmarks S ⊂ training points.
template <class T>
Matrix<T> nystrom_residual(const Matrix<T>& K, const std::vector<Eigen::Index>& S) {
    const Matrix<T> K_SN = kb::select_rows<T>(K, S);
    const Matrix<T> K_SS = kb::select_rows<T>(Matrix<T>(K_SN.transpose()), S);
    return K - kb::nystrom_kernel(K_SS, K_SN, K_SN);
}
} // namespace

//! [nystrom-all]
TEST_CASE_TEMPLATE("the explicit map is the Nystrom map with every training point a landmark [ghiasi:thm1]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const GaussianCase c = draw_gaussian_case(2, 8);
        const Matrix<T> X = kb::from_integers<T>(c.X, 2), Z = kb::from_integers<T>(c.Z, 2);
        const auto k = kb::GaussianKernel<T>::from_gamma(T(c.gamma));
        const kb::ExplicitFeatureMap<T> phi(k, X);
        const Matrix<T> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
        const auto bound = exactness_bound(input_spectrum(K), T(1)); // κ, λ_max of the input K
        KB_RC_WITHIN(max_abs_diff(phi.inner_products(Z, Z), kb::nystrom_kernel(K, kZ, kZ)), bound,
                     "⟨φ(z), φ(z′)⟩ = k_zᵀK⁻¹k_z′");
        // Failing companion of the same check: a Nyström map with the first N − 1 landmarks
        // only misses ⟨φ(z), φ(z′)⟩ for some test point by more than the bound (k(x_N, ·) is
        // not in the span of the others for distinct points: K is PD). Compared on the
        // training points, where the residual is K − K̂ ≠ 0.
        std::vector<Eigen::Index> S;
        for (Eigen::Index i = 0; i + 1 < X.rows(); ++i) S.push_back(i);
        const Matrix<T> K_SN = kb::select_rows<T>(K, S);
        const Matrix<T> K_SS = kb::select_rows<T>(Matrix<T>(K_SN.transpose()), S);
        KB_RC_EXCEEDS(max_abs_diff(kb::nystrom_kernel(K_SS, K_SN, K_SN), K), bound, "N − 1 landmarks");
    });
}
//! [nystrom-all]

TEST_CASE("the explicit map is the Nystrom map with every training point a landmark - exactly [ghiasi:thm1]") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 6);
        const Matrix<rational> X = kb::from_integers<rational>(*kb::test::points(N, 2, 9), 3);
        const Matrix<rational> Z = kb::from_integers<rational>(*kb::test::points(3, 2, 9), 3);
        const kb::PolynomialKernel<rational> k(rational(1), 3);
        const kb::ExplicitFeatureMap<rational> phi(k, X, rational(0));
        const Matrix<rational> kZ = kb::gram(k, X, Z);
        // The landmarks that span: a basis of span{k(x_n,·)} (all N when K is PD).
        const auto S = kb::greedy_landmarks(phi.gram(), N, rational(0)).index;
        const Matrix<rational> K_SS = kb::select_rows<rational>(Matrix<rational>(kb::select_rows<rational>(phi.gram(), S).transpose()), S);
        const Matrix<rational> K_SZ = kb::select_rows<rational>(kZ, S);
        RC_ASSERT(phi.inner_products(Z, Z) == kb::nystrom_kernel(K_SS, K_SZ, K_SZ));
    });
}

//! [nystrom-error]
TEST_CASE("Nystrom with m landmarks: the residual is PSD - shrinks with m - and is exactly zero at m = N "
          "[ghiasi:thm1]") {
    // (1 + xᵀy)³ on ℝ² (10 features) and N = 8 generic points: K is PD, every landmark counts.
    const kb::PolynomialKernel<rational> k(rational(1), 3);
    const Matrix<rational> X = kb::from_integers<rational>(
        (IntMatrix(8, 2) << 0, 0, 1, 0, 0, 1, 1, 1, 2, -1, -1, 2, 3, 1, -2, -3).finished(), 2);
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(2, 2) << 1, 3, -3, 1).finished(), 2);
    const Matrix<rational> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
    REQUIRE(*kb::exact_psd_rank(K) == 8);
    rational previous = K.trace() + 1;
    for (Eigen::Index m = 1; m <= 8; ++m) {
        const Matrix<rational> R = nystrom_residual(K, first(m));
        CHECK(kb::exact_psd_rank(R).has_value()); // K − K̂ is PSD (a Schur complement)
        CHECK(R.trace() < previous);              // and strictly smaller with each new independent landmark
        previous = R.trace();
        const Matrix<rational> K_SS = kb::select_rows<rational>(Matrix<rational>(kb::select_rows<rational>(K, first(m)).transpose()), first(m));
        const Matrix<rational> cross = kb::nystrom_kernel(K_SS, Matrix<rational>(kb::select_rows<rational>(K, first(m))),
                                                          Matrix<rational>(kb::select_rows<rational>(kZ, first(m))));
        if (m < 8) {
            CHECK(R != Matrix<rational>::Zero(8, 8)); // failing companion: m < N is an approximation
            CHECK(cross != kZ);
        } else {
            CHECK(R == Matrix<rational>::Zero(8, 8)); // m = N: the explicit map, exact
            CHECK(cross == kZ);                       // … also for test–training pairs
        }
    }
}
//! [nystrom-error]

TEST_CASE("Nystrom for a finite-dimensional kernel is exact once the landmarks span the feature space [ghiasi:thm1]") {
    // (xᵀy)² on ℝ²: 3 features. Greedy landmarks reach a zero residual after exactly 3
    // points, and from then on even test–test pairs are exact.
    const kb::PolynomialKernel<rational> k(rational(0), 2);
    const Matrix<rational> X =
        kb::from_integers<rational>((IntMatrix(7, 2) << 1, 0, 2, 0, 0, 1, 1, 1, 2, -1, -1, 3, 1, 2).finished());
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(3, 2) << 5, -2, 1, 7, -3, -3).finished(), 3);
    const Matrix<rational> K = kb::gram(k, X);
    const kb::Landmarks<rational> L = kb::greedy_landmarks(K, 7, rational(0));
    CHECK(L.index.size() == 3);
    CHECK(L.residual == Vector<rational>::Zero(7));
    CHECK(L.residual_trace(2) == 0);
    CHECK(L.residual_trace(1) > 0);
    const Matrix<rational> XS = kb::select_rows<rational>(X, L.index);
    const Matrix<rational> K_SS = kb::gram(k, XS);
    CHECK(kb::nystrom_kernel(K_SS, kb::gram(k, XS, Z), kb::gram(k, XS, Z)) == kb::gram(k, Z));
    CHECK(kb::nystrom_kernel(K_SS, kb::gram(k, XS, X), kb::gram(k, XS, X)) == K);
}

TEST_CASE_TEMPLATE("greedy landmarks: the residual trace decreases to rounding at m = N for a Gaussian kernel "
                   "[ghiasi:thm1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const GaussianCase c = draw_gaussian_case(2, 8);
        const Matrix<T> X = kb::from_integers<T>(c.X, 2);
        const Matrix<T> K = kb::gram(kb::GaussianKernel<T>::from_gamma(T(c.gamma)), X);
        const Eigen::Index N = X.rows();
        const kb::Landmarks<T> L = kb::greedy_landmarks(K, N, T(0));
        RC_ASSERT(static_cast<Eigen::Index>(L.index.size()) == N); // distinct points: every landmark counts
        for (Eigen::Index t = 1; t < N; ++t) RC_ASSERT(L.residual_trace(t) <= L.residual_trace(t - 1));
        // κ and λ_max of the input K (independent route, input_spectrum), not from the code under test.
        const InputSpectrum spec = input_spectrum(K);
        // The greedy residual trace after t + 1 landmarks is the trace of the Nyström residual
        // K − K_{NS}K_SS⁻¹K_{SN} for those landmarks, computed independently (solve_spd).
        // Each entry of the latter is within c₂Nε·κ(K_SS)λ_max ≤ c₂Nε·κλ_max (interlacing), so
        // the N-term trace within N times that.
        const auto trace_bound = kb::test::factorisation<T>(N, T(N) * to<T>(spec.kappa) * to<T>(spec.lmax));
        for (Eigen::Index t = 0; t < N; ++t) {
            const std::vector<Eigen::Index> S(L.index.begin(), L.index.begin() + t + 1);
            KB_RC_WITHIN(T(L.residual_trace(t) - nystrom_residual(K, S).trace()), trace_bound,
                         "greedy trace = trace of the Nyström residual");
        }
        // Failing companion of the same check: the trace one landmark early is not that of
        // all N — the last landmark still carries its residual 1/(K⁻¹)_pp ≥ λ_min(K). Asserted
        // where λ_min (of the input K) is above the bound, i.e. always in real50 and real100
        // and for κ ≲ 10⁶ in double.
        if (to<T>(spec.values(N - 1)) > T(2) * trace_bound.value)
            KB_RC_EXCEEDS(T(L.residual_trace(N - 2) - nystrom_residual(K, L.index).trace()), trace_bound,
                          "trace after N − 1 landmarks = residual of N");
        // At m = N the Nyström residual is rounding: the explicit map.
        KB_RC_WITHIN(kb::max_abs(nystrom_residual(K, L.index)),
                     kb::test::factorisation<T>(N, to<T>(spec.kappa) * to<T>(spec.lmax)), "K − K̂_N = 0");
    });
}

TEST_CASE("exact rank and PSD decision: exact_psd_rank and pseudo_inverse_exact on rank-deficient matrices") {
    kb::test::property<rational>([] {
        const int N = *kb::test::size_in(2, 7);
        const int r = *kb::test::size_in(1, N);
        const Matrix<rational> B = kb::from_integers<rational>(*kb::test::int_matrix(N, r, -4, 4), 3);
        const Matrix<rational> K = B * B.transpose();
        const auto rank = kb::exact_psd_rank(K);
        RC_ASSERT(rank.has_value());
        RC_ASSERT(*rank <= r);
        RC_ASSERT(static_cast<Eigen::Index>(kb::greedy_landmarks(K, N, rational(0)).index.size()) == *rank);
        if (*rank == 0) return;
        const Matrix<rational> P = kb::pseudo_inverse_exact(K);
        RC_ASSERT(Matrix<rational>(K * P * K) == K);
        RC_ASSERT(Matrix<rational>(P * K * P) == P);
        RC_ASSERT(Matrix<rational>(K * P) == Matrix<rational>(K * P).transpose());
        // Failing companion: an indefinite perturbation is detected exactly.
        Matrix<rational> bad = K;
        bad(0, 0) -= rational(1, 1000) + K(0, 0);
        RC_ASSERT(!kb::exact_psd_rank(bad).has_value());
    });
    // The rank-deficient case where a pivot on the un-updated diagonal meets a zero in the middle.
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const Matrix<rational> X =
        kb::from_integers<rational>((IntMatrix(7, 2) << 0, 0, 1, 0, 0, 1, 1, 1, 2, -1, 1, 0, 1, 1).finished());
    CHECK(kb::exact_psd_rank(kb::gram(k, X)) == Eigen::Index(5));
}

TEST_CASE("bad input to the Nystrom routines") {
    const Matrix<double> K = Matrix<double>::Identity(3, 3);
    CHECK_THROWS_WITH_AS(kb::nystrom_kernel(K, Matrix<double>(Matrix<double>::Ones(2, 1)), Matrix<double>(Matrix<double>::Ones(3, 1))),
                         doctest::Contains("one row per landmark"), kb::error);
    Matrix<double> dup(2, 2);
    dup << 1, 1, 1, 1; // two identical landmarks
    CHECK_THROWS_WITH_AS(kb::nystrom_kernel(dup, Matrix<double>(Matrix<double>::Ones(2, 1)), Matrix<double>(Matrix<double>::Ones(2, 1))),
                         doctest::Contains("not positive definite"), kb::error);
    CHECK_THROWS_WITH_AS(kb::greedy_landmarks(K, 4, 0.0), doctest::Contains("1 ≤ m ≤ N"), kb::error);
    CHECK_THROWS_WITH_AS(kb::greedy_landmarks(K, 2, -1.0), doctest::Contains("tol = -1"), kb::error);
    Matrix<rational> indefinite(2, 2);
    indefinite << 0, 1, 1, 0;
    CHECK_THROWS_WITH_AS(kb::pseudo_inverse_exact(indefinite), doctest::Contains("not positive semi-definite"),
                         kb::error);
}
