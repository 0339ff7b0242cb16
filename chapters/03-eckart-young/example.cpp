/// \file example.cpp
/// \brief Chapter 3's program: the Eckart–Young error of a Gram matrix with a chosen
///        spectrum, rank by rank, exactly and in 50 digits; the SVD version; classical MDS
///        as the minimiser of zhu:def1; indefinite matrices and ties; the rounding error
///        of the Frobenius formula in double, real50 and real100 as the size grows. Writes
///        book/data/03-eckart-young/error_vs_rank.csv and error_vs_precision.csv.
#include "report.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/eckart_young.hpp"
#include "kernelbook/mds.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using R = kb::real50;
using Q = Matrix<rational>;

namespace {

/// The exactly orthogonal Cayley transform (I − S)(I + S)⁻¹ of S/den, S skew-symmetric,
/// computed by Gauss–Jordan elimination in rationals (I + S is always invertible).
Q cayley(const IntMatrix& S, long den) {
    const Eigen::Index n = S.rows();
    const Q I = Q::Identity(n, n);
    const Q A = I + kb::from_integers<rational>(S, den);
    Q M(n, 2 * n);
    M << A, I;
    for (Eigen::Index c = 0; c < n; ++c) {
        Eigen::Index piv = c;
        while (M(piv, c) == 0) ++piv;
        M.row(c).swap(M.row(piv));
        M.row(c) /= M(c, c);
        for (Eigen::Index r = 0; r < n; ++r)
            if (r != c && M(r, c) != 0) M.row(r) -= M(r, c) * M.row(c);
    }
    return (I - kb::from_integers<rational>(S, den)) * M.rightCols(n);
}

/// A skew-symmetric n×n integer matrix with a fixed, irregular pattern.
IntMatrix skew(int n) {
    IntMatrix S = IntMatrix::Zero(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            S(i, j) = ((3 * i + 5 * j) % 7) - 3;
            S(j, i) = -S(i, j);
        }
    return S;
}

/// The integers as an exact vector.
Vector<rational> exact_vector(const std::vector<long>& v) {
    Vector<rational> out(static_cast<Eigen::Index>(v.size()));
    for (std::size_t i = 0; i < v.size(); ++i) out(static_cast<Eigen::Index>(i)) = v[i];
    return out;
}

template <class T>
std::string list(const std::vector<T>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + kb::book::fmt(v[i], 8);
    return s;
}

/// ‖R‖₂ = s for a symmetric R, certified exactly: R v = s v and s I − R, s I + R ⪰ 0.
bool spectral_norm_is(const Q& R, const Vector<rational>& v, const rational& s) {
    const Q I = Q::Identity(R.rows(), R.rows());
    return Vector<rational>(R * v) == Vector<rational>(s * v) && kb::is_psd_exact(Q(s * I - R)) &&
           kb::is_psd_exact(Q(s * I + R));
}

/// H A H for the Householder reflection H = I − 2vvᵀ/(vᵀv), exactly: O(n²) rational
/// operations instead of two matrix products.
Q reflect(const Q& A, const Vector<rational>& v) {
    const rational s = v.dot(v);
    const Vector<rational> Av = A * v;
    const rational vAv = v.dot(Av);
    const Q outer = v * Av.transpose();
    return Q(A - (rational(2) / s) * Q(outer + outer.transpose()) +
             (rational(4) * vAv / (s * s)) * Q(v * v.transpose()));
}

/// The n×n Gram matrix H₂H₁ diag(n, n−1, …, 1) H₁H₂ (two reflections with fixed integer
/// vectors), exactly: its eigenvalues are known, whatever the precision it is rounded to.
Q test_matrix(int n) {
    Vector<rational> lam(n), v1(n), v2(n);
    for (int i = 0; i < n; ++i) {
        lam(i) = n - i;
        v1(i) = ((3 * i + 1) % 7) - 2;
        v2(i) = ((5 * i + 2) % 11) - 4;
    }
    return reflect(reflect(Q(lam.asDiagonal()), v1), v2);
}

/// One curve of error_vs_precision.csv: the largest |‖G − G_p‖_F − √(Σ_{j>p} λ_j²)| over
/// p = n/4, n/2, 3n/4, the left side computed in T from one kb::symmetric_eigen, the right
/// side exact; returns whether every size stayed within kb::book::rounding_bound (32 n ε ‖G‖_F).
template <class T>
bool precision_curve(std::ofstream& csv, const std::vector<Q>& matrices, const std::vector<int>& sizes,
                     std::string& table) {
    using std::abs;
    bool within = true;
    table += "  " + kb::scalar_name<T>() + ":";
    for (std::size_t k = 0; k < sizes.size(); ++k) {
        const int n = sizes[k];
        Vector<T> lam(n);
        for (int i = 0; i < n; ++i) lam(i) = T(n - i);
        const Matrix<T> G = kb::convert_matrix<T>(matrices[k]);
        const kb::SymmetricEigen<T> eig = kb::symmetric_eigen(G);
        const T norm = kb::eckart_young_frobenius(lam, 0);
        T error(0);
        for (int p : {n / 4, n / 2, 3 * n / 4}) {
            const T lhs = Matrix<T>(G - kb::eigen_sum(eig.values, eig.vectors, kb::first_indices(p))).norm();
            error = std::max(error, T(abs(lhs - kb::eckart_young_frobenius(lam, p))));
        }
        const T in_eps = error / (kb::epsilon<T>() * norm);
        within = within && error <= kb::book::rounding_bound<T>(n, norm);
        csv << kb::scalar_name<T>() << "," << n << "," << kb::book::fmt(norm, 17) << "," << kb::book::fmt(error, 6) << ","
            << kb::book::fmt(in_eps, 6) << "\n";
        table += "  n = " + std::to_string(n) + ": " + kb::book::fmt(in_eps, 2) + (k + 1 < sizes.size() ? "," : "\n");
    }
    return within;
}

} // namespace

int main() {
    using std::abs;
    using std::sqrt;
    kb::book::Report rep("Chapter 3 — The Eckart–Young theorem");

    // ------------------------------------------------------------ a chosen spectrum
    rep.section("A Gram matrix with a chosen spectrum, truncated rank by rank");
    const std::vector<long> lambda{100, 60, 35, 20, 10, 5, 2, 1, 0, 0};
    const int n = static_cast<int>(lambda.size());
    rep.say("G = Q diag(λ) Qᵀ, Q exactly orthogonal (Cayley transform), λ = (" + list(lambda) + ")");
    const Q U = cayley(skew(n), 3);
    const Vector<rational> lam = exact_vector(lambda);
    const Q G = U * lam.asDiagonal() * U.transpose();
    rep.precision<rational>();
    bool frobenius_exact = true, spectral_exact = true;
    for (int p = 0; p < n; ++p) {
        const Q Rp = G - kb::eigen_sum(lam, U, kb::first_indices(p));
        frobenius_exact = frobenius_exact && Rp.squaredNorm() == kb::discarded_sum_of_squares(lam, kb::first_indices(p));
        spectral_exact = spectral_exact && spectral_norm_is(Rp, U.col(p), lam(p));
    }
    rep.exact("zhu:thm2", "‖G − G_p‖²_F = Σ_{j>p} λ_j² for p = 0, …, 9", frobenius_exact);
    rep.exact("zhu:thm2", "‖G − G_p‖₂ = λ_{p+1} for p = 0, …, 9 (eigenvector + two exact PSD certificates)",
              spectral_exact);

    rep.precision<R>();
    const Matrix<R> Gr = kb::convert_matrix<R>(G);
    const Vector<R> lr = kb::convert_matrix<R>(lam);
    const std::filesystem::path data_dir = "book/data/03-eckart-young";
    std::filesystem::create_directories(data_dir);
    std::ofstream csv(data_dir / "error_vs_rank.csv");
    csv << "p,frobenius_computed,frobenius_predicted,spectral_computed,spectral_predicted,"
           "frobenius_smallest_p\n";
    rep.say("  p   ‖G − G_p‖_F (computed)   √(Σ_{j>p} λ_j²)   ‖G − G_p‖₂   λ_{p+1}   ‖G − G_p‖_F keeping the p smallest");
    R worst_f(0), worst_2(0);
    const kb::SymmetricEigen<R> eig = kb::symmetric_eigen(Gr);
    for (int p = 0; p <= n; ++p) {
        const auto Gp = kb::truncate_psd(Gr, p);
        const Matrix<R> Rp = Gr - Gp.approximation;
        const R f = Rp.norm(), s = kb::symmetric_spectral_norm(Rp);
        const R f_pred = kb::eckart_young_frobenius(lr, p), s_pred = kb::eckart_young_spectral(lr, p);
        kb::IndexList smallest;
        for (int j = n - p; j < n; ++j) smallest.push_back(j);
        const R f_small = (Gr - kb::eigen_sum(eig.values, eig.vectors, smallest)).norm();
        worst_f = std::max(worst_f, R(abs(f - f_pred)));
        worst_2 = std::max(worst_2, R(abs(s - s_pred)));
        csv << p << "," << kb::book::fmt(f, 17) << "," << kb::book::fmt(f_pred, 17) << "," << kb::book::fmt(s, 17) << "," << kb::book::fmt(s_pred, 17) << ","
            << kb::book::fmt(f_small, 17) << "\n";
        rep.say("  " + std::to_string(p) + (p < 10 ? "   " : "  ") + kb::book::fmt(f, 12) + "   " + kb::book::fmt(f_pred, 12) + "   " +
                kb::book::fmt(s, 8) + "   " + kb::book::fmt(s_pred, 8) + "   " + kb::book::fmt(f_small, 8));
    }
    rep.say("  (written to book/data/03-eckart-young/error_vs_rank.csv)");
    rep.agree("zhu:thm2", "max over p of |‖G − G_p‖_F − √(Σ_{j>p} λ_j²)|", worst_f,
              kb::book::rounding_bound<R>(n, R(100)), R(100));
    rep.agree("zhu:thm2", "max over p of |‖G − G_p‖₂ − λ_{p+1}|", worst_2, kb::book::rounding_bound<R>(n, R(100)),
              R(100));

    // ------------------------------------------------------------ the SVD version
    rep.section("The SVD version: a 7×5 data matrix with singular values (12, 7, 4, 2, 1)");
    const std::vector<long> sigma{12, 7, 4, 2, 1};
    const Q UN = cayley(skew(7), 2), Vq = cayley(skew(5), 2);
    const kb::Svd<rational> svd{UN.leftCols(5), exact_vector(sigma), Vq};
    const Q X = svd.U * svd.sigma.asDiagonal() * svd.V.transpose();
    rep.precision<rational>();
    bool svd_exact = true;
    for (int p = 0; p <= 5; ++p)
        svd_exact = svd_exact && Q(X - kb::svd_sum(svd, kb::first_indices(p))).squaredNorm() ==
                                     kb::discarded_sum_of_squares(svd.sigma, kb::first_indices(p));
    rep.exact("zhu:thm2", "‖X − X_p‖²_F = Σ_{j>p} σ_j² for p = 0, …, 5", svd_exact);
    rep.precision<R>();
    const Matrix<R> Xr = kb::convert_matrix<R>(X);
    R worst_svd(0);
    for (int p = 0; p <= 5; ++p) {
        const auto Xp = kb::truncate_svd(Xr, p);
        const Matrix<R> Rp = Xr - Xp.approximation;
        const R want2 = p < 5 ? R(sigma[static_cast<std::size_t>(p)]) : R(0);
        worst_svd = std::max(worst_svd, R(abs(kb::spectral_norm(Rp) - want2)));
        worst_svd = std::max(worst_svd, R(abs(Rp.norm() - Xp.frobenius_error)));
    }
    rep.agree("zhu:thm2", "‖X − X_p‖₂ = σ_{p+1} and ‖X − X_p‖_F = √(Σ_{j>p} σ_j²), all p", worst_svd,
              kb::book::rounding_bound<R>(7, R(12)), R(12));

    // ------------------------------------------------------------ classical MDS
    rep.section("Classical MDS is the minimiser of zhu:def1");
    const Matrix<R> Y = kb::from_integers<R>((IntMatrix(5, 2) << 0, 0, 4, 0, 0, 3, 4, 3, 2, 1).finished());
    const Matrix<R> Yc = kb::center_columns(Y);
    const Matrix<R> K = Yc * Yc.transpose();
    const auto mds = kb::ClassicalMds(K, {.components = 1});
    const R best = kb::classical_mds_objective(K, mds.coordinates());
    rep.say("five points (0,0), (4,0), (0,3), (4,3), (2,1): eigenvalues of K = Y_cY_cᵀ: " + kb::book::fmt(mds.spectrum()(0), 10) +
            ", " + kb::book::fmt(mds.spectrum()(1), 10) + ", 0, 0, 0");
    rep.agree("zhu:def1", "the MDS line (p = 1) attains ‖K − XXᵀ‖²_F = λ₂² = (46/5)²", R(abs(best - R(2116) / 25)),
              kb::book::rounding_bound<R>(5, R(256)), R(256));
    R lowest_competitor = kb::classical_mds_objective(K, Matrix<R>(Matrix<R>::Zero(5, 1)));
    std::string scan;
    for (int k = -4; k <= 4; ++k) {
        // Move every point of the MDS line by t·e, e = (1, −2, 0, 2, −1)/4.
        const R t = R(k) / 8;
        Matrix<R> Xt = mds.coordinates();
        const long e[5] = {1, -2, 0, 2, -1};
        for (int i = 0; i < 5; ++i) Xt(i, 0) += t * R(e[i]) / 4;
        const R f = kb::classical_mds_objective(K, Xt);
        if (k != 0) lowest_competitor = std::min(lowest_competitor, f);
        scan += "  t = " + kb::book::fmt(t, 3) + ": " + kb::book::fmt(f, 10) + "\n";
    }
    rep.say("the objective along a line through the optimum, X + t·e:\n" + scan);
    rep.exact("zhu:def1", "every perturbed configuration has a larger objective", lowest_competitor > best);

    // ------------------------------------------------------------ indefinite and ties
    rep.section("Indefinite matrices: largest |λ| versus largest positive λ");
    const Q U3 = cayley((IntMatrix(3, 3) << 0, 1, 2, -1, 0, 1, -2, -1, 0).finished(), 3);
    const Vector<rational> l3 = (Vector<rational>(3) << 3, 1, -4).finished();
    const Q A = U3 * l3.asDiagonal() * U3.transpose();
    rep.precision<rational>();
    const rational keep_first = Q(A - kb::eigen_sum(l3, U3, {0})).squaredNorm();
    const rational keep_abs = Q(A - kb::eigen_sum(l3, U3, {2})).squaredNorm();
    rep.say("spectrum (3, 1, −4), p = 1: keeping λ₁ = 3 leaves ‖·‖²_F = " + kb::book::fmt(keep_first) +
            "; keeping λ₃ = −4 leaves " + kb::book::fmt(keep_abs));
    rep.exact("zhu:thm2", "the best rank-1 approximation keeps −4 (largest |λ|), not the “first eigen” 3",
              keep_abs < keep_first);
    rep.precision<R>();
    const Matrix<R> Ar = kb::convert_matrix<R>(A);
    const auto best_rank = kb::best_rank_p_symmetric(Ar, 1);
    const auto best_psd = kb::best_psd_rank_p(Ar, 1);
    rep.agree("zhu:thm2", "kb::best_rank_p_symmetric: ‖A − A₁‖_F = √10", R(abs((Ar - best_rank.approximation).norm() - sqrt(R(10)))),
              kb::book::rounding_bound<R>(3, R(4)), R(4));
    rep.agree("zhu:thm2", "kb::best_psd_rank_p (best xxᵀ, what classical MDS computes): ‖A − xxᵀ‖_F = √17",
              R(abs((Ar - best_psd.approximation).norm() - sqrt(R(17)))), kb::book::rounding_bound<R>(3, R(4)), R(4));

    rep.section("Ties: λ_p = λ_{p+1}");
    const Q U4 = cayley((IntMatrix(4, 4) << 0, 1, 0, 2, -1, 0, 1, 0, 0, -1, 0, 1, -2, 0, -1, 0).finished(), 3);
    const Vector<rational> l4 = (Vector<rational>(4) << 5, 3, 3, 1).finished();
    const Q G4 = U4 * l4.asDiagonal() * U4.transpose();
    const Q T1 = kb::eigen_sum(l4, U4, {0, 1}), T2 = kb::eigen_sum(l4, U4, {0, 2});
    rep.precision<rational>();
    rep.exact("zhu:thm2",
              "spectrum (5, 3, 3, 1), p = 2: keeping u₂ or u₃ gives two different G₂ (‖difference‖²_F = 18) with the "
              "same error ‖G − G₂‖²_F = 10",
              T1 != T2 && Q(T1 - T2).squaredNorm() == 18 && Q(G4 - T1).squaredNorm() == 10 &&
                  Q(G4 - T2).squaredNorm() == 10);

    // ------------------------------------------------------------ precision
    rep.section("The rounding error of the Frobenius formula in three precisions");
    rep.say("G = H₂H₁ diag(n, …, 1) H₁H₂ exactly (Householder reflections), rounded to each type;\n"
            "error = max over p = n/4, n/2, 3n/4 of |‖G − G_p‖_F computed − √(Σ_{j>p} λ_j²)|, in units of ε‖G‖_F:");
    const std::vector<int> sizes{4, 8, 16, 32, 64};
    std::vector<Q> matrices;
    for (int m : sizes) matrices.push_back(test_matrix(m));
    std::ofstream prec(data_dir / "error_vs_precision.csv");
    prec << "scalar,n,frobenius_norm,max_error,error_over_eps_norm\n";
    std::string table;
    const bool within_double = precision_curve<double>(prec, matrices, sizes, table);
    const bool within_50 = precision_curve<R>(prec, matrices, sizes, table);
    const bool within_100 = precision_curve<kb::real100>(prec, matrices, sizes, table);
    rep.say(table + "  (written to book/data/03-eckart-young/error_vs_precision.csv)");
    rep.exact("zhu:thm2",
              "in double, real50 and real100, for n = 4, …, 64, the error stays below 32 n ε ‖G‖_F "
              "(kb::book::rounding_bound)",
              within_double && within_50 && within_100);

    // ------------------------------------------------------------ remarks
    rep.section("Remarks on zhu Theorem 2");
    rep.remark("zhu:thm2", "“The best p-rank approximation of YYᵀ is Σ_{j≤p} λ_j u_j u_jᵀ”",
                "a wording and an omission: it is a best approximation of rank ≤ p; it is unique iff λ_p > λ_{p+1} (with λ₂ = λ₃ above, two different "
                "G₂ have the same error), and its errors are ‖G − G_p‖_F = (Σ_{j>p} λ_j²)^{1/2}, ‖G − G_p‖₂ = λ_{p+1}",
                T1 != T2 && Q(G4 - T1).squaredNorm() == Q(G4 - T2).squaredNorm());
    rep.remark("zhu:thm2", "“λ_j and u_j are the first p eigens” (and §2.2.2 applies MDS to any −½ J D² J)",
                "the theorem is stated for YYᵀ, which is PSD, and is right there; for the indefinite −½ J D² J of "
                "other distances the first p eigenpairs still give the best Gram matrix XXᵀ (while λ_p > 0), but "
                "the best rank-p approximation keeps the p eigenvalues of largest |λ| "
                "(spectrum (3, 1, −4): errors² 17 and 10)",
                keep_abs < keep_first);
    return rep.finish();
}
