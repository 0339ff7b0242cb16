/// \file laws.cpp
/// \brief The Eckart–Young theorem (zhu:thm2) as laws in double, real50 and real100, the failing
///        companions next to their laws: the error formulas, no rank-p competitor doing
///        better, the MDS embedding as minimiser of zhu:def1, indefinite matrices, ties.
///        The laws that the exercises run as well are written once, in laws.hpp.
#include "../laws.hpp"

#include "kernelbook/mds.hpp"

#include <algorithm>
#include <utility>
#include <vector>

using std::abs;
using std::sqrt;
using namespace kb::test::ch03;

namespace {

/// A PSD case: a decreasing positive spectrum whose last `zeros` entries are set to 0.
template <class T>
Case<T> psd_case(int n) {
    auto lambda = *kb::test::decreasing_spectrum(n, 1, 40);
    const int zeros = *kb::test::size_in(0, n - 1);
    for (int j = n - zeros; j < n; ++j) lambda[static_cast<std::size_t>(j)] = 0;
    return make_case<T>(lambda, *kb::test::skew_symmetric(n));
}

/// The eigenvalues of the symmetric XᵀX for the integer matrix M/den, computed in real100 by
/// kb::symmetric_eigen (an independent route, 50 digits beyond double and real50), clipped at
/// real100's rounding level to exact zeros, converted to T: σ_j² for the bounds and the optimum.
template <class T>
Vector<T> reference_sigma2(const IntMatrix& M, long den) {
    using R = kb::real100;
    const Matrix<R> X = kb::from_integers<R>(M, den);
    const Vector<R> all = kb::symmetric_eigen(Matrix<R>(X.transpose() * X)).values;
    const R zero = R(64) * R(X.cols()) * kb::epsilon<R>() * X.squaredNorm();
    Vector<T> out(all.size());
    for (Eigen::Index j = 0; j < all.size(); ++j) out(j) = all(j) > zero ? kb::convert<T>(all(j)) : T(0);
    return out;
}

/// A random case of the competitor properties: G = Q diag(λ) Qᵀ PSD of size n ∈ [2, 8], a rank
/// p ∈ [1, n − 1], the optimal errors in both norms from the integer spectrum (Eckart–Young's
/// values, not from truncate_psd) and the bound of the checks.
template <class T>
struct CompetitorCase {
    int n, p;
    Case<T> c;
    T bestF, best2;
    kb::test::Bound<T> bound;
};
template <class T>
CompetitorCase<T> competitor_case() {
    const int n = *kb::test::size_in(2, 8);
    const int p = *kb::test::size_in(1, n - 1);
    Case<T> c = psd_case<T>(n);
    const T bestF = predicted_frobenius<T>(c.lambda, kb::first_indices(p));
    const T best2 = T(next_eigenvalue(c.lambda, p));
    const auto bound = kb::test::factorisation<T>(n, T(c.lambda[0]));
    return {n, p, std::move(c), bestF, best2, bound};
}

/// The fixed case of the companions: the spectrum (9, 5, 2, 1) in a Cayley basis.
template <class T>
Case<T> companion_case() {
    return make_case<T>({9, 5, 2, 1}, (IntMatrix(4, 4) << 0, 1, 1, 0, -1, 0, 2, 1, -1, -2, 0, 1, 0, -1, -1, 0).finished());
}

} // namespace

//! [psd-errors]
TEST_CASE_TEMPLATE("truncating a PSD matrix to p eigenpairs leaves Frobenius error sqrt(sum_{j>p} lambda_j^2) and "
                   "spectral error lambda_{p+1} [zhu:thm2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(2, 8);
        const Case<T> c = psd_case<T>(n);
        const auto bound = kb::test::factorisation<T>(n, T(c.lambda[0]));
        for (int p = 0; p <= n; ++p) {
            const auto Gp = kb::truncate_psd(c.G, p);
            const Matrix<T> R = c.G - Gp.approximation;
            const T wantF = predicted_frobenius<T>(c.lambda, kb::first_indices(p));
            const T want2 = T(next_eigenvalue(c.lambda, p));
            KB_RC_WITHIN(T(abs(R.norm() - wantF)), bound, "‖G − G_p‖_F = √(Σ_{j>p} λ_j²)");
            KB_RC_WITHIN(T(abs(kb::symmetric_spectral_norm(R) - want2)), bound, "‖G − G_p‖₂ = λ_{p+1}");
            KB_RC_WITHIN(T(abs(Gp.frobenius_error - wantF)), bound, "predicted Frobenius error");
            KB_RC_WITHIN(T(abs(Gp.spectral_error - want2)), bound, "predicted spectral error");
        }
    });
}
//! [psd-errors]

TEST_CASE_TEMPLATE("companion: the error formulas sum_{j>p} lambda_j without squares and lambda_p instead of "
                   "lambda_{p+1} are caught [zhu:thm2]",
                   T, KB_REALS) {
    const Case<T> c = companion_case<T>();
    const auto bound = kb::test::factorisation<T>(4, T(9));
    const Matrix<T> R = c.G - kb::truncate_psd(c.G, 2).approximation;
    KB_CHECK_WITHIN(T(abs(R.norm() - sqrt(T(5)))), bound, "√(Σ λ_j²) = √5");
    KB_CHECK_EXCEEDS(T(abs(R.norm() - T(2 + 1))), bound, "Σ λ_j = 3 (wrong)");
    KB_CHECK_EXCEEDS(T(abs(R.norm() - sqrt(T(2 + 1)))), bound, "√(Σ λ_j) = √3 (wrong)");
    KB_CHECK_WITHIN(T(abs(kb::symmetric_spectral_norm(R) - T(2))), bound, "‖R‖₂ = λ₃ = 2");
    KB_CHECK_EXCEEDS(T(abs(kb::symmetric_spectral_norm(R) - T(5))), bound, "‖R‖₂ = λ₂ (wrong)");
}

TEST_CASE_TEMPLATE("truncating the SVD of a data matrix leaves Frobenius error sqrt(sum_{j>p} sigma_j^2) and "
                   "spectral error sigma_{p+1} [zhu:thm2]",
                   T, KB_REALS) {
    svd_errors_law<T>(library_truncate_svd);
}

TEST_CASE_TEMPLATE("companion: for a data matrix the error formulas sum_{j>p} sigma_j without squares and "
                   "sigma_p in place of sigma_{p+1} are caught [zhu:thm2]",
                   T, KB_REALS) {
    // Failing companion of the SVD error property: the same residual, the same bound, wrong formulas.
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(3, 8);
        const int q = *kb::test::size_in(3, 6);
        const int r = std::min(N, q);
        const int p = *kb::test::size_in(1, r - 2); // at least two discarded σ > 0
        const auto sigma = *kb::test::decreasing_spectrum(r, 1, 30);
        const Matrix<T> QN = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(N), 3);
        const Matrix<T> Qq = kb::test::cayley_orthogonal<T>(*kb::test::skew_symmetric(q), 3);
        const Matrix<T> X = kb::test::with_singular_values(QN, kb::test::vector_from<T>(sigma), Qq);
        const auto bound = kb::test::factorisation<T>(std::max(N, q), T(sigma[0]));
        const Matrix<T> R = X - kb::truncate_svd(X, p).approximation;
        long sum = 0;
        for (int j = p; j < r; ++j) sum += sigma[static_cast<std::size_t>(j)];
        // Σ_{j>p} σ_j > (Σ_{j>p} σ_j²)^{1/2} as soon as two of them are positive.
        KB_RC_EXCEEDS(T(abs(R.norm() - T(sum))), bound, "‖X − X_p‖_F = Σ_{j>p} σ_j (wrong)");
        // √(Σ_{j>p} σ_j) < (Σ_{j>p} σ_j²)^{1/2}: distinct integers σ ≥ 1, at most one of them 1.
        KB_RC_EXCEEDS(T(abs(R.norm() - sqrt(T(sum)))), bound, "‖X − X_p‖_F = √(Σ_{j>p} σ_j) (wrong)");
        // σ_p in place of σ_{p+1}: the gap is ≥ 1.
        KB_RC_EXCEEDS(T(abs(kb::spectral_norm(R) - T(sigma[static_cast<std::size_t>(p - 1)]))), bound,
                      "‖X − X_p‖₂ = σ_p (wrong)");
    });
}

//! [random-competitors]
TEST_CASE_TEMPLATE("no random matrix of rank p comes closer to G than G_p in either norm [zhu:thm2]", T, KB_REALS) {
    kb::test::property<T>([] {
        const auto [n, p, c, bestF, best2, bound] = competitor_case<T>();
        // M = A Bᵀ (rank ≤ p, not symmetric) and C Cᵀ (PSD, rank ≤ p).
        const Matrix<T> A = kb::from_integers<T>(*kb::test::int_matrix(n, p, -9, 9), 3);
        const Matrix<T> B = kb::from_integers<T>(*kb::test::int_matrix(n, p, -9, 9), 3);
        for (const Matrix<T>& M : {Matrix<T>(A * B.transpose()), Matrix<T>(A * A.transpose())}) {
            KB_RC_WITHIN(beats(bestF, T((c.G - M).norm())), bound, "‖G − M‖_F ≥ ‖G − G_p‖_F");
            KB_RC_WITHIN(beats(best2, kb::spectral_norm(Matrix<T>(c.G - M))), bound, "‖G − M‖₂ ≥ λ_{p+1}");
        }
    });
}
//! [random-competitors]

//! [perturbed-optimum]
TEST_CASE_TEMPLATE("moving the optimum along random rank-p directions never lowers the error [zhu:thm2]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const auto [n, p, c, bestF, best2, bound] = competitor_case<T>();
        // G_p = W Wᵀ with W = U_p Λ_p^{1/2}; competitors (W + tE)(W + tF)ᵀ and (W + tE)(W + tE)ᵀ.
        const auto eig = kb::symmetric_eigen(c.G);
        Matrix<T> W = eig.vectors.leftCols(p);
        for (int j = 0; j < p; ++j) W.col(j) *= sqrt(T(c.lambda[static_cast<std::size_t>(j)]));
        const Matrix<T> E = kb::from_integers<T>(*kb::test::int_matrix(n, p, -10, 10), 10);
        const Matrix<T> F = kb::from_integers<T>(*kb::test::int_matrix(n, p, -10, 10), 10);
        const T t = kb::ratio<T>(*kb::test::int_in(-10, 10), 40);
        for (const Matrix<T>& M : {Matrix<T>((W + t * E) * (W + t * F).transpose()),
                                   Matrix<T>((W + t * E) * (W + t * E).transpose())}) {
            KB_RC_WITHIN(beats(bestF, T((c.G - M).norm())), bound, "perturbed: ‖G − M‖_F ≥ optimum");
            KB_RC_WITHIN(beats(best2, kb::spectral_norm(Matrix<T>(c.G - M))), bound, "perturbed: ‖G − M‖₂ ≥ λ_{p+1}");
        }
    });
}
//! [perturbed-optimum]

TEST_CASE_TEMPLATE("companion: a slightly perturbed optimum claimed as the optimum is beaten by G_p in the "
                   "competitor check [zhu:thm2]",
                   T, KB_REALS) {
    // Failing companion of the competitor checks "beats(optimum, ‖G − M‖) within the bound": the
    // same check, with a wrong claimed optimum M = (W + E/40)(W + E/40)ᵀ (a perturbed G₂) and
    // the true G₂ = WWᵀ as the competitor. G₂ beats it by ‖G − M‖_F − √5, far above rounding;
    // with the optimum claimed right, the competitor M does not beat it.
    const Case<T> c = companion_case<T>();
    Matrix<T> W = c.Q.leftCols(2); // the eigenvectors of 9 and 5, exactly (Cayley), scaled by √λ
    W.col(0) *= T(3);
    W.col(1) *= sqrt(T(5));
    const Matrix<T> E = kb::from_integers<T>((IntMatrix(4, 2) << 1, 0, -1, 2, 0, 1, 2, -1).finished());
    const Matrix<T> M = (W + E / T(40)) * (W + E / T(40)).transpose();
    const auto bound = kb::test::factorisation<T>(4, T(9));
    const T best = predicted_frobenius<T>(c.lambda, kb::first_indices(2)); // √5
    const T at_G2 = (c.G - W * W.transpose()).norm(), at_M = (c.G - M).norm();
    KB_CHECK_WITHIN(T(abs(at_G2 - best)), bound, "W Wᵀ = G₂");
    KB_CHECK_WITHIN(beats(best, at_M), bound, "M does not beat the optimum");
    KB_CHECK_EXCEEDS(beats(at_M, at_G2), bound, "M claimed as the optimum (wrong): G₂ beats it");
    // The spectral check likewise: ‖G − G₂‖₂ = 2 beats a claimed optimum with ‖G − M‖₂ > 2.
    KB_CHECK_EXCEEDS(beats(kb::spectral_norm(Matrix<T>(c.G - M)), kb::spectral_norm(Matrix<T>(c.G - W * W.transpose()))),
                     bound, "M claimed as the spectral optimum (wrong)");
}

//! [svd-competitors]
TEST_CASE_TEMPLATE("no rank-p matrix comes closer to a data matrix X than the truncated SVD X_p [zhu:thm2]", T,
                   KB_REALS) {
    kb::test::property<T>([] {
        const int N = *kb::test::size_in(2, 8);
        const int q = *kb::test::size_in(2, 5);
        const int p = *kb::test::size_in(1, std::min(N, q) - 1);
        const IntMatrix Xi = *kb::test::int_matrix(N, q, -20, 20);
        const Matrix<T> X = kb::from_integers<T>(Xi, 4);
        const auto Xp = kb::truncate_svd(X, p);
        // The singular values by an independent route: σ_j² are the eigenvalues of XᵀX, formed
        // and decomposed in real100 from the integers.
        const Vector<T> mu = reference_sigma2<T>(Xi, 4);
        T tail(0);
        for (Eigen::Index j = p; j < std::min(N, q); ++j) tail += mu(j);
        const T normX2 = mu(0) + 1;
        KB_RC_WITHIN(T(abs((X - Xp.approximation).squaredNorm() - tail)), kb::test::factorisation<T>(std::max(N, q), normX2),
                     "‖X − X_p‖_F² = Σ_{j>p} σ_j² (σ² from the eigenvalues of XᵀX)");
        KB_RC_WITHIN(T(abs(Xp.spectral_error * Xp.spectral_error - mu(p))),
                     kb::test::factorisation<T>(std::max(N, q), normX2), "spectral_error² = σ_{p+1}²");
        // The optimum's errors from the reference, not from truncate_svd.
        const T bestF = sqrt(tail), best2 = sqrt(mu(p));
        const Matrix<T> A = kb::from_integers<T>(*kb::test::int_matrix(N, p, -9, 9), 3);
        const Matrix<T> B = kb::from_integers<T>(*kb::test::int_matrix(q, p, -9, 9), 3);
        const T t = kb::ratio<T>(*kb::test::int_in(-10, 10), 40);
        const kb::Svd<T> svd = kb::thin_svd(X);
        const Matrix<T> L = svd.U.leftCols(p) * svd.sigma.head(p).asDiagonal(), Rt = svd.V.leftCols(p);
        const auto bound = kb::test::factorisation<T>(std::max(N, q), sqrt(normX2));
        for (const Matrix<T>& M : {Matrix<T>(A * B.transpose()), Matrix<T>((L + t * A) * (Rt + t * B).transpose())}) {
            KB_RC_WITHIN(beats(bestF, T((X - M).norm())), bound, "‖X − M‖_F ≥ ‖X − X_p‖_F");
            KB_RC_WITHIN(beats(best2, kb::spectral_norm(Matrix<T>(X - M))), bound, "‖X − M‖₂ ≥ σ_{p+1}");
        }
    });
}
//! [svd-competitors]

TEST_CASE_TEMPLATE("companion: a perturbed truncated SVD of a data matrix is detectably worse in Frobenius norm "
                   "[zhu:thm2]",
                   T, KB_REALS) {
    // The checks "‖X − M‖_F ≥ ‖X − X_p‖_F" of the SVD competitors are not vacuous: X (5×4, σ =
    // (6, 3, 2, 1)) and its optimum X₂ = L Rᵀ moved to (L + E/40)(R + F/40)ᵀ, or with σ₁
    // raised by 1/10, lose by far more than the rounding bound.
    const std::vector<long> sigma{6, 3, 2, 1};
    const Matrix<T> U5 = kb::test::cayley_orthogonal<T>(
        (IntMatrix(5, 5) << 0, 1, 0, 2, -1, -1, 0, 1, 0, 1, 0, -1, 0, 1, 2, -2, 0, -1, 0, 1, 1, -1, -2, -1, 0).finished(),
        3);
    const Matrix<T> V4 = kb::test::cayley_orthogonal<T>(
        (IntMatrix(4, 4) << 0, 1, 1, 0, -1, 0, 2, 1, -1, -2, 0, 1, 0, -1, -1, 0).finished(), 3);
    const Matrix<T> X = U5.leftCols(4) * kb::test::vector_from<T>(sigma).asDiagonal() * V4.transpose();
    const auto bound = kb::test::factorisation<T>(5, T(6));
    const auto X2 = kb::truncate_svd(X, 2);
    const T best = sqrt(T(5)); // (2² + 1²)^{1/2}
    KB_CHECK_WITHIN(T(abs((X - X2.approximation).norm() - best)), bound, "‖X − X₂‖_F = √5");
    const kb::Svd<T> svd = kb::thin_svd(X);
    const Matrix<T> L = svd.U.leftCols(2) * svd.sigma.head(2).asDiagonal(), Rt = svd.V.leftCols(2);
    const Matrix<T> E = kb::from_integers<T>((IntMatrix(5, 2) << 1, 0, -1, 2, 0, 1, 2, -1, 1, 1).finished());
    const Matrix<T> F = kb::from_integers<T>((IntMatrix(4, 2) << 0, 1, 2, -1, -1, 0, 1, 1).finished());
    const T moved = (X - (L + E / T(40)) * (Rt + F / T(40)).transpose()).norm();
    // The competitor check of the property, with the perturbed factorisation claimed as the
    // optimum (wrong) and the true X₂ as the competitor: X₂ beats it by far more than rounding.
    KB_CHECK_WITHIN(beats(best, moved), bound, "the perturbed optimum does not beat X₂");
    KB_CHECK_EXCEEDS(beats(moved, best), bound, "the perturbed optimum claimed as the optimum (wrong)");
    Vector<T> raised = svd.sigma.head(2);
    raised(0) += kb::ratio<T>(1, 10);
    const T off = (X - svd.U.leftCols(2) * raised.asDiagonal() * svd.V.leftCols(2).transpose()).norm();
    KB_CHECK_WITHIN(T(abs(off - sqrt(T(5) + kb::ratio<T>(1, 100)))), bound, "σ₁ + 1/10: error √(5 + 1/100)");
    KB_CHECK_EXCEEDS(beats(off, best), bound, "σ₁ raised by 1/10 claimed as the optimum (wrong)");
}

//! [other-subsets]
TEST_CASE_TEMPLATE("every other choice of p eigenpairs leaves the larger error sqrt(sum_{j not in S} lambda_j^2) "
                   "[zhu:thm2]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(2, 6);
        const int p = *kb::test::size_in(1, n - 1);
        const Case<T> c = psd_case<T>(n);
        const auto eig = kb::symmetric_eigen(c.G);
        const T best = predicted_frobenius<T>(c.lambda, kb::first_indices(p));
        const auto bound = kb::test::factorisation<T>(n, T(c.lambda[0]));
        // All subsets S of size p, as bit masks.
        for (unsigned mask = 0; mask < (1u << n); ++mask) {
            if (__builtin_popcount(mask) != p) continue;
            kb::IndexList S;
            for (int j = 0; j < n; ++j)
                if (mask & (1u << j)) S.push_back(j);
            const T err = (c.G - kb::eigen_sum(eig.values, eig.vectors, S)).norm();
            KB_RC_WITHIN(T(abs(err - predicted_frobenius<T>(c.lambda, S))), bound, "‖G − G_S‖_F = √(Σ_{j∉S} λ_j²)");
            KB_RC_WITHIN(beats(best, err), bound, "‖G − G_S‖_F ≥ ‖G − G_p‖_F");
        }
    });
}
//! [other-subsets]

TEST_CASE_TEMPLATE("companion: truncating to the p smallest eigenvalues is caught [zhu:thm2]", T, KB_REALS) {
    const Case<T> c = companion_case<T>();
    const auto bound = kb::test::factorisation<T>(4, T(9));
    const auto eig = kb::symmetric_eigen(c.G);
    const T want = sqrt(T(2 * 2 + 1 * 1)); // p = 2: √(λ₃² + λ₄²) = √5
    const T top = (c.G - kb::eigen_sum(eig.values, eig.vectors, {0, 1})).norm();
    const T bottom = (c.G - kb::eigen_sum(eig.values, eig.vectors, {2, 3})).norm(); // √(81 + 25)
    KB_CHECK_WITHIN(T(abs(top - want)), bound, "largest two: √5");
    KB_CHECK_EXCEEDS(T(abs(bottom - want)), bound, "smallest two (wrong)");
}

//! [mds-minimises-def1]
TEST_CASE_TEMPLATE("the classical MDS embedding minimises ||K - XX^T||_F over N x p configurations [zhu:thm2] "
                   "[zhu:def1]",
                   T, KB_REALS) {
    kb::test::property<T>([] {
        const int n = *kb::test::size_in(2, 8);
        const Case<T> c = psd_case<T>(n);
        const int positive = static_cast<int>(std::count_if(c.lambda.begin(), c.lambda.end(), [](long l) { return l > 0; }));
        const int p = *kb::test::size_in(1, positive);
        const auto mds = kb::ClassicalMds(c.G, {.components = p});
        const T best = predicted_frobenius<T>(c.lambda, kb::first_indices(p));
        const auto bound = kb::test::factorisation<T>(n, T(c.lambda[0]));
        KB_RC_WITHIN(T(abs((c.G - mds.coordinates() * mds.coordinates().transpose()).norm() - best)), bound,
                     "‖K − XXᵀ‖_F = √(Σ_{j>p} λ_j²) at the MDS embedding");
        KB_RC_WITHIN(T((mds.coordinates() * mds.coordinates().transpose() - kb::truncate_psd(c.G, p).approximation).norm()), bound,
                     "XXᵀ = G_p");
        const Matrix<T> Xr = kb::from_integers<T>(*kb::test::int_matrix(n, p, -9, 9), 3);
        const Matrix<T> E = kb::from_integers<T>(*kb::test::int_matrix(n, p, -10, 10), 10);
        const T t = kb::ratio<T>(*kb::test::int_in(-10, 10), 40);
        for (const Matrix<T>& X : {Xr, Matrix<T>(mds.coordinates() + t * E)})
            KB_RC_WITHIN(beats(best, T((c.G - X * X.transpose()).norm())), bound, "competitor configuration");
    });
}
//! [mds-minimises-def1]

TEST_CASE_TEMPLATE("for an indefinite symmetric matrix the best rank-p approximation keeps the largest |lambda| and "
                   "the best XX^T keeps the largest positive lambda [zhu:thm2]",
                   T, KB_REALS) {
    indefinite_law<T>(library_best_rank_p_symmetric, library_best_psd_rank_p);
}

TEST_CASE_TEMPLATE("companion: for an indefinite matrix the first p eigenpairs are not the best rank-p approximation "
                   "[zhu:thm2]",
                   T, KB_REALS) {
    // Spectrum (3, 1, −4), p = 1: "the first eigen" keeps 3 (error √17), the best keeps −4
    // (error √10); the best XXᵀ must keep 3 (error √17), since −4 u uᵀ is not of the form xxᵀ.
    const Case<T> c = make_case<T>({3, 1, -4}, (IntMatrix(3, 3) << 0, 1, 2, -1, 0, 1, -2, -1, 0).finished());
    const auto bound = kb::test::factorisation<T>(3, T(4));
    const auto eig = kb::symmetric_eigen(c.G);
    const T first = (c.G - kb::eigen_sum(eig.values, eig.vectors, kb::first_indices(1))).norm();
    const T best = (c.G - kb::best_rank_p_symmetric(c.G, 1).approximation).norm();
    const T psd = (c.G - kb::best_psd_rank_p(c.G, 1).approximation).norm();
    KB_CHECK_WITHIN(T(abs(first - sqrt(T(17)))), bound, "first eigenpair: √17");
    KB_CHECK_WITHIN(T(abs(best - sqrt(T(10)))), bound, "largest |λ|: √10");
    KB_CHECK_WITHIN(T(abs(psd - sqrt(T(17)))), bound, "best XXᵀ: √17");
    KB_CHECK_EXCEEDS(T(first - best), bound, "first p is optimal (wrong)");
}

//! [ties]
TEST_CASE_TEMPLATE("with lambda_p = lambda_{p+1} > 0 the best rank-p approximation is not unique but its error is "
                   "[zhu:thm2]",
                   T, KB_REALS) {
    // Spectrum (5, 3, 3, 1) and p = 2: keep u₁ and any unit vector of the eigenspace of 3.
    const Case<T> c = make_case<T>({5, 3, 3, 1}, (IntMatrix(4, 4) << 0, 1, 0, 2, -1, 0, 1, 0, 0, -1, 0, 1, -2, 0, -1, 0)
                                                     .finished());
    const auto bound = kb::test::factorisation<T>(4, T(5));
    const Vector<T> lambda = kb::test::vector_from<T>(c.lambda);
    // Three minimisers: with u₂, with u₃, and with w = (3u₂ + 4u₃)/5.
    Matrix<T> W = c.Q;
    W.col(1) = (T(3) * c.Q.col(1) + T(4) * c.Q.col(2)) / T(5);
    const Matrix<T> A1 = kb::eigen_sum(lambda, c.Q, {0, 1});
    const Matrix<T> A2 = kb::eigen_sum(lambda, c.Q, {0, 2});
    const Matrix<T> A3 = kb::eigen_sum(lambda, W, {0, 1});
    const Matrix<T> library = kb::truncate_psd(c.G, 2).approximation;
    for (const Matrix<T>* A : {&A1, &A2, &A3, &library}) {
        KB_CHECK_WITHIN(T(abs((c.G - *A).norm() - sqrt(T(10)))), bound, "error √(3² + 1²)");
        KB_CHECK_WITHIN(T(abs(kb::symmetric_spectral_norm(Matrix<T>(c.G - *A)) - T(3))), bound, "spectral error 3");
    }
    // … and the minimisers differ by far more than rounding: ‖A1 − A2‖_F = 3√2.
    KB_CHECK_WITHIN(T(abs((A1 - A2).norm() - T(3) * sqrt(T(2)))), bound, "‖A1 − A2‖ = 3√2");
    KB_CHECK_EXCEEDS(T((A1 - A3).norm()), bound, "A1 = A3");
}
//! [ties]

//! [magnitudes]
TEST_CASE("the Frobenius error sqrt(sum_{j>p} lambda_j^2) is right for spectra near the ends of double's range, "
          "where the squares overflow or underflow [zhu:thm2]") {
    // Spectrum s·(3, 2, 1), p = 1: the error is √(2² + 1²)·s = √5·s. At s = 10^±150 the squares
    // stay normal; at s = 10^154 they overflow, at 10^-160 they are subnormal, at 10^±300 both.
    for (const double s : {1e150, 1e-150, 1e154, 1e-160, 1e300, 1e-300}) {
        CAPTURE(s);
        const Vector<double> lambda = Vector<double>{{3.0, 2.0, 1.0}} * s;
        const double expected = sqrt(5.0) * s;
        const auto bound = kb::test::one_pass<double>(3, expected);
        KB_CHECK_WITHIN(kb::eckart_young_frobenius(lambda, 1) - expected, bound, "eckart_young_frobenius = √5·s");
        const Matrix<double> G = lambda.asDiagonal();
        KB_CHECK_WITHIN(kb::truncate_psd(G, 1).frobenius_error - expected, bound, "truncate_psd's frobenius_error");
    }
}

TEST_CASE("companion: the plain sqrt of the sum of squares overflows at 10^154 and loses digits to subnormals at "
          "10^-160 [zhu:thm2]") {
    const auto plain = [](double s) {
        const Vector<double> lambda = Vector<double>{{3.0, 2.0, 1.0}} * s;
        return sqrt(kb::discarded_sum_of_squares(lambda, kb::first_indices(1)));
    };
    CHECK_FALSE(kb::is_finite(plain(1e154)));
    const double expected = sqrt(5.0) * 1e-160;
    KB_CHECK_EXCEEDS(plain(1e-160) - expected, kb::test::one_pass<double>(3, expected), "plain formula at 10^-160");
}
//! [magnitudes]
