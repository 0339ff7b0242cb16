// Chapter 8 — the exact explicit feature map of Ghiasi-Shirazi & Qaraei, run and checked.
//
// Prints, with kb::book::Report: Theorem 1 in three precisions and exactly; what the map
// gives between two test points (the Nyström kernel) and what that does to distances
// (eq. 26); singular K; the conditioning sweep (a table, and CSV data for a figure); kernel
// PCA through the map (eqs. 8–25) by four routes; appendix A and its errata; Nyström with
// m < N landmarks (CSV data for a figure). Exit code 0 iff every check held.
#include "report.hpp"

#include "kernelbook/exact_psd.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using kb::real100;
using kb::real50;
using std::abs;
using std::pow;
using std::sqrt;

namespace {

template <class T>
T max_abs_diff(const Matrix<T>& A, const Matrix<T>& B) {
    return kb::max_abs(Matrix<T>(A - B));
}

template <class T>
Vector<T> e_vector(Eigen::Index N) {
    return Vector<T>::Constant(N, T(1) / T(N));
}

// Flips the columns of A to best match those of B.
using kb::align_signs;

// The spectrum of the input Gram matrix, decomposed here (not the map's copy): λ_max and
// κ = λ_max/λ_min over the eigenvalues above the rounding level 64·N·ε·λ_max, the level at
// which the map keeps them. The printed bounds are built from it, never from the map.
template <class T>
struct InputSpectrum {
    T lambda_max, kappa;
};
template <class T>
InputSpectrum<T> input_spectrum(const Matrix<T>& K) {
    const Vector<T> values = kb::symmetric_eigen(K).values;
    const T level = kb::psd_rounding_tolerance<T>(K.rows(), values(0));
    T smallest = values(0);
    for (Eigen::Index i = 0; i < values.size() && values(i) > level; ++i) smallest = values(i);
    return {values(0), T(values(0) / smallest)};
}

// The bound on exactness errors that the library documents: 32·N·ε·√(κ λ_max k(z,z)),
// with κ and λ_max of the input K.
template <class T>
T map_bound(const Matrix<T>& K, const T& kzz) {
    const InputSpectrum<T> spec = input_spectrum(K);
    return kb::book::rounding_bound<T>(K.rows(), sqrt(spec.kappa * spec.lambda_max * kzz));
}

std::string sci(double x, int digits = 2) {
    std::ostringstream os;
    os << std::scientific << std::setprecision(digits) << x;
    return os.str();
}

// The worked data: 8 training points and 3 test points in ℝ² (halves), σ = 1 (eq. 1).
const IntMatrix kTrain = (IntMatrix(8, 2) << 0, 0, 2, 0, 0, 2, 2, 2, 4, 2, 2, 4, -2, 2, 4, -2).finished();
const IntMatrix kTest = (IntMatrix(3, 2) << 1, 1, 3, 0, -2, -2).finished();

// ---------------------------------------------------------------- Theorem 1
template <class T>
void theorem1(kb::book::Report& report) {
    const Matrix<T> X = kb::from_integers<T>(kTrain, 2), Z = kb::from_integers<T>(kTest, 2);
    const auto k = kb::GaussianKernel<T>::from_sigma(T(1));
    const kb::ExplicitFeatureMap<T> phi(k, X);
    report.precision<T>();
    const Matrix<T> inner = phi.transform(X) * phi.transform(Z).transpose();
    report.agree("ghiasi:thm1", "⟨φ(x_n), φ(z)⟩ = k(x_n, z) for the 8 training and 3 test points",
                 max_abs_diff(inner, kb::gram(k, X, Z)), map_bound(kb::gram(k, X), T(1)));
    const Matrix<T> Phi = phi.training_features();
    report.agree("ghiasi:thm1", "⟨φ(x_m), φ(x_n)⟩ = k(x_m, x_n) (training pairs)",
                 max_abs_diff(Matrix<T>(Phi * Phi.transpose()), kb::gram(k, X)), map_bound(kb::gram(k, X), T(1)));
    report.say("    κ(K) = " + kb::book::fmt(phi.condition_number(), 4) + ", estimate Nε√(κλ₁) = " +
               kb::book::fmt(phi.exactness_error_estimate(T(1)), 2));
}

void theorem1_exact(kb::book::Report& report) {
    report.precision<rational>();
    const kb::PolynomialKernel<rational> k(rational(1), 3);
    const Matrix<rational> X = kb::from_integers<rational>(kTrain, 2), Z = kb::from_integers<rational>(kTest, 2);
    const Matrix<rational> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
    const Matrix<rational> Kinv = kb::inverse_spd(K);
    report.exact("ghiasi:thm1", "k_{x_n}ᵀ K⁻¹ k_z = k(x_n, z) for (1 + xᵀy)³, 8 training and 3 test points",
                 Matrix<rational>(K * Kinv * kZ) == kZ);
}

// Between two test points: the Nyström kernel, and eq. 26's distances.
void beyond_training(kb::book::Report& report) {
    report.precision<rational>();
    const kb::PolynomialKernel<rational> k(rational(1), 3); // 10 features > N = 8
    const Matrix<rational> X = kb::from_integers<rational>(kTrain, 2), Z = kb::from_integers<rational>(kTest, 2);
    const kb::ExplicitFeatureMap<rational> phi(k, X);
    const Matrix<rational> kzz = kb::gram(k, Z), inner = phi.inner_products(Z, Z);
    const Vector<rational> r = phi.residuals(Z);
    report.say("  k(z, z′) and ⟨φ(z), φ(z′)⟩ = k_zᵀK⁻¹k_z′ for the three test points, (1 + xᵀy)³:");
    for (int a = 0; a < 3; ++a) {
        std::string line = "    ";
        for (int b = 0; b < 3; ++b)
            line += kb::book::fmt(static_cast<double>(kzz(a, b)), 6) + " / " +
                    kb::book::fmt(static_cast<double>(inner(a, b)), 6) + "    ";
        report.say(line);
    }
    report.say("  residuals r(z) = k(z,z) − ‖φ(z)‖² = " + kb::book::fmt(static_cast<double>(r(0)), 6) + ", " +
               kb::book::fmt(static_cast<double>(r(1)), 6) + ", " + kb::book::fmt(static_cast<double>(r(2)), 6));
    const Matrix<rational> kXZ = kb::gram(k, X, Z);
    report.exact("ghiasi:thm1", "⟨φ(z), φ(z′)⟩ equals the Nyström kernel k_zᵀK⁻¹k_z′",
                 inner == kb::nystrom_kernel(phi.gram(), kXZ, kXZ));
    bool positive = true;
    for (int m = 0; m < 3; ++m) positive = positive && r(m) > 0;
    report.erratum("ghiasi:thm1",
                   "(abstract, eq. 3) the map is exact \"during both training and testing\", so a non-kernelized "
                   "algorithm's performance in F matches that in H",
                   "exact only when one argument is a training point; ⟨φ(z),φ(z′)⟩ = k_zᵀK⁻¹k_z′ (projections onto "
                   "span{k(x_n,·)}), and ‖φ(z)‖² = k(z,z) − r(z) with r(z) > 0 here",
                   positive && inner != kzz);
    // eq. 26 for the explicit map.
    const Vector<rational> kxx = kb::gram(k, X).diagonal(), nx = phi.inner_products(X, X).diagonal();
    const Matrix<rational> gXZ = phi.inner_products(X, Z);
    bool shifted = true, exact_train = true;
    for (int n = 0; n < 8; ++n)
        for (int m = 0; m < 3; ++m) {
            const rational dk = kxx(n) + kzz(m, m) - 2 * kXZ(n, m);
            const rational df = nx(n) + inner(m, m) - 2 * gXZ(n, m);
            shifted = shifted && (dk - df == r(m));
        }
    const Matrix<rational> K = kb::gram(k, X), gXX = phi.inner_products(X, X);
    exact_train = gXX == K;
    report.exact("ghiasi:eq26", "‖φ(x_m) − φ(x_n)‖² = k(x_m,x_m) + k(x_n,x_n) − 2k(x_m,x_n) for training pairs",
                 exact_train);
    report.erratum("ghiasi:eq26",
                   "(§4) distances in the feature space are k(x,x) + k(z,z) − 2k(x,z), and the explicit map lets "
                   "t-SNE see them \"without any changes\"",
                   "for the explicit map ‖φ(x_n) − φ(z)‖² = d_k(x_n,z)² − r(z) (the same shift for every x_n), and "
                   "test–test distances are those of the projections; t-SNE on mapped test points sees projected "
                   "distances",
                   shifted && r(0) > 0);
}

// ---------------------------------------------------------------- singular K
template <class T>
void singular(kb::book::Report& report) {
    // (xᵀy)² on ℝ²: 3 features, N = 8 points: rank 3.
    const IntMatrix P = (IntMatrix(8, 2) << 3, 1, -2, 5, 4, -1, 1, 1, -3, -4, 2, 7, 5, 2, -1, 3).finished();
    const Matrix<T> X = kb::from_integers<T>(P, 4);
    const Matrix<T> Z = kb::from_integers<T>((IntMatrix(3, 2) << 1, -6, 7, 2, -2, -3).finished(), 4);
    const kb::PolynomialKernel<T> k(T(0), 2);
    const Matrix<T> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
    const T kzz = kb::gram(k, Z).diagonal().maxCoeff();
    report.precision<T>();
    const kb::ExplicitFeatureMap<T> good(k, X, {.rank_tolerance = kb::psd_rounding_tolerance<T>(8, T(K.norm()))});
    const T err_good = max_abs_diff(Matrix<T>(good.transform(X) * good.transform(Z).transpose()), kZ);
    report.agree("ghiasi:thm1", "rank tolerance at the rounding level: rank " + std::to_string(good.rank()) +
                                    ", ⟨φ(x_n), φ(z)⟩ = k(x_n, z)",
                 err_good, map_bound(K, kzz));
    const Matrix<T> R = kb::psd_inverse_sqrt(K, T(0));
    const T err_zero = max_abs_diff(Matrix<T>((R * K).transpose() * (R * kZ)), kZ);
    std::string refused;
    try {
        kb::ExplicitFeatureMap<T> bad(k, X, {.rank_tolerance = T(0)});
    } catch (const kb::error&) {
        refused = "refused by the library";
    }
    report.say("    rank tolerance 0 (noise eigenvalues inverted): error " + kb::book::fmt(err_zero, 2) + " = " +
               kb::book::fmt(T(err_zero / sqrt(kb::epsilon<T>())), 2) + "·√ε(T) — " +
               (refused.empty() ? std::string("NOT refused") : refused));
    report.exact("ghiasi:thm1", "rank tolerance 0 loses digits (error > bound) and is refused",
                 err_zero > map_bound(K, kzz) && !refused.empty());
}

void singular_exact(kb::book::Report& report) {
    report.precision<rational>();
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const Matrix<rational> X =
        kb::from_integers<rational>((IntMatrix(7, 2) << 0, 0, 1, 0, 0, 1, 1, 1, 2, -1, 1, 0, 1, 1).finished());
    const Matrix<rational> Z = kb::from_integers<rational>((IntMatrix(3, 2) << 3, 2, -1, 2, 1, -2).finished(), 2);
    const kb::ExplicitFeatureMap<rational> phi(k, X, {.rank_tolerance = rational(0)});
    const Matrix<rational> K = phi.gram(), P = phi.pseudo_inverse(), kZ = kb::gram(k, X, Z);
    report.say("  (1 + xᵀy)² on 7 points with two duplicates: exact rank " + std::to_string(phi.rank()));
    report.exact("ghiasi:thm1", "K⁺ satisfies the Penrose conditions", Matrix<rational>(K * P * K) == K &&
                                                                        Matrix<rational>(P * K * P) == P &&
                                                                        Matrix<rational>(K * P) == Matrix<rational>(K * P).transpose());
    report.exact("ghiasi:thm1", "k_z ∈ range(K) (KK⁺k_z = k_z) although r(z) = " +
                                    kb::book::fmt(static_cast<double>(phi.residuals(Z)(0)), 6) + " > 0",
                 Matrix<rational>(K * P * kZ) == kZ && phi.residuals(Z)(0) > 0);
    report.exact("ghiasi:thm1", "k_{x_n}ᵀ K⁺ k_z = k(x_n, z) with the singular K", phi.inner_products(X, Z) == kZ);
}

// ---------------------------------------------------------------- conditioning
struct SweepCell {
    double kappa = 0, error = 0, estimate = 0, error_tol = 0;
    long rank_tol = 0;
    bool built = false;
};

template <class T>
SweepCell sweep_cell(const kb::GaussianKernel<T>& k, const Matrix<T>& X, const Matrix<T>& Z) {
    SweepCell cell;
    const Matrix<T> K = kb::gram(k, X), kZ = kb::gram(k, X, Z);
    const auto eig = kb::symmetric_eigen(K);
    cell.kappa = static_cast<double>(T(eig.values(0) / eig.values(K.rows() - 1)));
    // The bare formula with every positive eigenvalue inverted (what one gets without the policy).
    const Matrix<T> R = kb::psd_inverse_sqrt(K, T(0));
    cell.error = static_cast<double>(max_abs_diff(Matrix<T>((R * K).transpose() * (R * kZ)), kZ));
    try {
        const kb::ExplicitFeatureMap<T> phi(k, X);
        cell.built = true;
        cell.estimate = static_cast<double>(phi.exactness_error_estimate(T(1)));
    } catch (const kb::error&) {
        cell.built = false;
    }
    // The pseudo-inverse map with the rank tolerance at the rounding level (always built).
    const kb::ExplicitFeatureMap<T> truncated(k, X, {.rank_tolerance = kb::psd_rounding_tolerance<T>(K.rows(), T(K.norm()))});
    cell.rank_tol = static_cast<long>(truncated.rank());
    cell.error_tol =
        static_cast<double>(max_abs_diff(Matrix<T>(truncated.transform(X) * truncated.transform(Z).transpose()), kZ));
    return cell;
}

template <class T>
void sweep_points(int family, int step, Matrix<T>& X, Matrix<T>& Z, T& gamma) {
    if (family == 0) { // N = 10 equispaced points of [0, 1], γ = 10^{1 − step/2}
        X.resize(10, 1);
        Z.resize(9, 1);
        for (int i = 0; i < 10; ++i) X(i, 0) = T(i) / T(9);
        for (int i = 0; i < 9; ++i) Z(i, 0) = T(2 * i + 1) / T(18);
        gamma = pow(T(10), T(2 - step) / T(2));
    } else { // N = 6 points 0, 1/4, …, 1 and a sixth at distance δ = 10^{−step} from the first, γ = 1
        X.resize(6, 1);
        Z.resize(5, 1);
        for (int i = 0; i < 5; ++i) X(i, 0) = T(i) / T(4);
        X(5, 0) = pow(T(10), -T(step));
        for (int i = 0; i < 5; ++i) Z(i, 0) = T(2 * i + 1) / T(8);
        gamma = T(1);
    }
}

void conditioning(kb::book::Report& report) {
    namespace fs = std::filesystem;
    fs::create_directories("book/data/08-explicit-map");
    std::ofstream csv("book/data/08-explicit-map/conditioning.csv");
    csv << "family,parameter,kappa_real100,scalar,kappa_computed,max_error,estimate,library,rank_with_tolerance,"
           "max_error_with_tolerance\n";
    report.say("  family A: Gaussian on 10 equispaced points of [0,1], γ from 10 down to 10⁻⁹;");
    report.say("  family B: 5 points of [0,1] and a sixth at distance δ from the first, γ = 1.");
    report.say("  per type: error = max|⟨φ(x_n),φ(z)⟩ − k(x_n,z)| of the bare formula K^{+1/2} over all λ > 0;");
    report.say("  whether the library builds the map ('refused': κ ≥ 1/(64Nε)); and the error of the map with the");
    report.say("  rank tolerance at the rounding level, with the rank r it keeps.");
    report.say("");
    report.say("  fam parameter       κ(K)    | double: error  lib   rank-tol      | real50: error  lib   rank-tol  "
               "    | real100: error lib   rank-tol");
    bool policy_consistent = true, exact_where_built = true;
    for (int family = 0; family < 2; ++family) {
        // A: γ = 10, 1, …, 10⁻⁹; B: δ = 10⁻², 10⁻⁶, …, 10⁻²² (δ = 1 would duplicate the point 1).
        for (int step = family == 0 ? 0 : 2; step <= (family == 0 ? 20 : 22); step += family == 0 ? 2 : 4) {
            Matrix<real100> X1, Z1;
            real100 g1;
            sweep_points<real100>(family, step, X1, Z1, g1);
            const auto ev = kb::symmetric_eigen(kb::gram(kb::GaussianKernel<real100>::from_gamma(g1), X1)).values;
            const double kappa = static_cast<double>(real100(ev(0) / ev(ev.size() - 1)));
            std::string param = family == 0 ? "γ = " + sci(static_cast<double>(g1), 1) : "δ = 1e-" + std::to_string(step);
            param.resize(std::max<std::size_t>(param.size(), 12), ' ');
            std::string row = std::string("  ") + (family == 0 ? "A" : "B") + "   " + param + "  " + sci(kappa, 1);
            auto cell_of = [&](auto tag, const std::string& name) {
                using T = decltype(tag);
                Matrix<T> X, Z;
                T gamma;
                sweep_points<T>(family, step, X, Z, gamma);
                const SweepCell c = sweep_cell<T>(kb::GaussianKernel<T>::from_gamma(gamma), X, Z);
                csv << (family == 0 ? "gamma" : "close_points") << ","
                    << (family == 0 ? static_cast<double>(g1) : std::pow(10.0, -step)) << "," << kappa << "," << name
                    << "," << c.kappa << "," << c.error << "," << c.estimate << "," << (c.built ? "built" : "refused")
                    << "," << c.rank_tol << "," << c.error_tol << "\n";
                row += " | " + sci(c.error, 1) + " " + (c.built ? "built  " : "refused") + " " + sci(c.error_tol, 1) +
                       (c.rank_tol < 10 ? "  (r=" : " (r=") + std::to_string(c.rank_tol) + ")";
                // The policy: built iff κ < 1/(64 N ε(T)) (by T's own eigenvalues); far from the
                // threshold the reference κ decides it too.
                const double threshold = 1.0 / (64.0 * X.rows() * static_cast<double>(kb::epsilon<T>()));
                if (kappa < threshold / 100 && !c.built) policy_consistent = false;
                if (kappa > threshold * 100 && c.built) policy_consistent = false;
                if (c.built && c.error > 32 * c.estimate) exact_where_built = false;
            };
            cell_of(double(0), "double");
            cell_of(real50(0), "real50");
            cell_of(real100(0), "real100");
            report.say(row);
        }
    }
    report.say("");
    report.exact("ghiasi:thm1", "the library builds the map iff κ(K) < 1/(64·N·ε(T)) (cases far from the threshold)",
                 policy_consistent);
    report.exact("ghiasi:thm1", "where built, the exactness error is within 32× the estimate N·ε·√(κ λ₁ k(z,z))",
                 exact_where_built);
    // The message the user sees.
    try {
        Matrix<double> X, Z;
        double gamma;
        sweep_points<double>(0, 6, X, Z, gamma);
        kb::ExplicitFeatureMap<double> refused(kb::GaussianKernel<double>::from_gamma(gamma), X);
    } catch (const kb::error& ex) {
        report.say("  the refusal in double at γ = 0.01:\n    " + std::string(ex.what()));
    }
}

// ---------------------------------------------------------------- kernel PCA, eqs. 8–25
template <class T>
void kpca(kb::book::Report& report, bool print_scores) {
    const Matrix<T> X = kb::from_integers<T>(kTrain, 2), Z = kb::from_integers<T>(kTest, 2);
    const auto k = kb::GaussianKernel<T>::from_sigma(T(1));
    const kb::ExplicitFeatureMap<T> phi(k, X);
    const Eigen::Index N = 8, p = 3;
    const T NN(N);
    const Matrix<T> K = phi.gram(), kZ = phi.kernel_columns(Z), J = kb::centering_matrix<T>(N);
    const Vector<T> e = e_vector<T>(N);
    const T b = map_bound(kb::gram(k, X), T(1));
    report.precision<T>();
    // eqs. 8–11.
    const Matrix<T> Phi = phi.training_features();
    report.agree("ghiasi:eq8", "(1/N) Σ φ(x_n) = K^{1/2} e",
                 T((Vector<T>(Phi.colwise().mean().transpose()) - phi.mean()).cwiseAbs().maxCoeff()), b);
    report.agree("ghiasi:eq9", "K^{-1/2}(k_z − Ke) = φ(z) − M",
                 max_abs_diff(phi.transform_centered(Z), Matrix<T>(phi.transform(Z).rowwise() - phi.mean().transpose())), b);
    report.agree("ghiasi:eq10", "ψ(x_n) = K^{1/2}(e_n − e)", max_abs_diff(phi.transform_centered(X), phi.training_features_centered()),
                 b);
    const Matrix<T> Psi = phi.transform_centered(X);
    report.agree("ghiasi:eq11", "(1/N) Σ ψ(x_n)ψ(x_n)ᵀ = (1/N) K^{1/2}(I − Neeᵀ)K^{1/2}",
                 max_abs_diff(Matrix<T>(Psi.transpose() * Psi / NN), phi.covariance()), b);
    // eqs. 12–16.
    const kb::PrimalKpca<T> primal = kb::primal_kpca(phi, p);
    const Vector<T> mu = kb::symmetric_eigen(kb::double_center(K)).values;
    T gap = mu(0);
    for (Eigen::Index j = 0; j < p; ++j) gap = std::min(gap, T(mu(j) - mu(j + 1)));
    const InputSpectrum<T> spec = input_spectrum(Matrix<T>(kb::gram(k, X)));
    const T sb = kb::book::rounding_bound<T>(N, sqrt(spec.kappa) * spec.lambda_max * T(4) / gap);
    T r14(0), r15(0);
    for (Eigen::Index j = 0; j < p; ++j) {
        const Vector<T> u = primal.u.col(j);
        r14 = std::max(r14, T((K * J * u - NN * primal.lambda(j) * u).norm()));
        r15 = std::max(r15, T(abs(u.dot(phi.pseudo_inverse() * u) - T(1))));
    }
    report.agree("ghiasi:eq12-15", "K(I − Neeᵀ)u = Nλu with u = K^{1/2}v", r14, sb);
    report.agree("ghiasi:eq12-15", "uᵀK⁻¹u = vᵀv = 1", r15, sb);
    const Matrix<T> s16 = kb::primal_projection(phi, primal, kZ);
    report.agree("ghiasi:eq16", "k_z K⁻¹u − eᵀu = ⟨ψ(z), v⟩", max_abs_diff(s16, Matrix<T>(phi.transform_centered(Z) * primal.v)),
                 sb);
    // eqs. 17–23.
    const kb::DualKpca<T> dual = kb::dual_kpca(K, p);
    T r21(0), r22(0), rred(0);
    for (Eigen::Index j = 0; j < p; ++j) {
        const Vector<T> a = dual.alpha.col(j);
        r21 = std::max(r21, T((K * J * a - NN * dual.lambda(j) * a).norm()));
        r22 = std::max(r22, T(abs(a.dot(J * K * J * a) - T(1))));
        rred = std::max(rred, T(abs(NN * dual.lambda(j) * (J * a).squaredNorm() - T(1))));
    }
    report.agree("ghiasi:eq17-23", "K̄α = Nλα for the non-symmetric K̄ = K(I − Neeᵀ) (symmetric route via JKJ)", r21, sb);
    report.agree("ghiasi:eq17-23", "αᵀ(I − Neeᵀ)K(I − Neeᵀ)α = 1 (eq. 22)", r22, sb);
    report.agree("ghiasi:eq17-23", "eq. 22 reduces to Nλ‖Jα‖² = 1", rred, sb);
    const Matrix<T> s23 = kb::dual_projection(K, dual, kZ), s25 = kb::combined_projection(dual, kZ);
    report.agree("ghiasi:eq17-23", "dual projection (23) = primal (16)", max_abs_diff(s23, s16), sb);
    const Matrix<T> Nla = dual.alpha * (NN * dual.lambda).asDiagonal();
    report.agree("ghiasi:eq24", "u = Nλα (primal and dual computed independently)", max_abs_diff(primal.u, Nla), sb);
    report.agree("ghiasi:eq25", "combined projection (25) = dual (23)", max_abs_diff(s25, s23), sb);
    // Ordinary PCA on the mapped data.
    const Eigen::RowVectorX<T> M = Phi.colwise().mean();
    const kb::Svd<T> svd = kb::thin_svd(Matrix<T>(Phi.rowwise() - M));
    const Matrix<T> pca = (phi.transform(Z).rowwise() - M) * svd.V.leftCols(p);
    report.agree("ghiasi:eq25", "(25) = ordinary PCA (thin SVD) of the mapped, centred data",
                 max_abs_diff(align_signs(s25, pca), pca), sb);
    if (print_scores) {
        report.say("    λ = " + kb::book::fmt(dual.lambda(0), 6) + ", " + kb::book::fmt(dual.lambda(1), 6) + ", " +
                   kb::book::fmt(dual.lambda(2), 6));
        report.say("    scores of the test points on the first two components — primal (16), dual (23), "
                   "combined (25), PCA on φ:");
        for (int m = 0; m < 3; ++m) {
            std::string line = "    z" + std::to_string(m + 1) + ":";
            for (const Matrix<T>* s : {&s16, &s23, &s25, &pca})
                line += "  (" + kb::book::fmt((*s)(m, 0), 6) + ", " + kb::book::fmt((*s)(m, 1), 6) + ")";
            report.say(line);
        }
    }
}

// ---------------------------------------------------------------- appendix A (exact)
void appendix(kb::book::Report& report) {
    report.precision<rational>();
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const Matrix<rational> X = kb::from_integers<rational>(kTrain, 2);
    const Matrix<rational> x = kb::from_integers<rational>(kTest.topRows(1), 2);
    const Eigen::Index N = 8;
    const rational NN(N);
    const Matrix<rational> K = kb::gram(k, X), J = kb::centering_matrix<rational>(N);
    const Vector<rational> e = e_vector<rational>(N), one = kb::ones<rational>(N), kx = kb::gram(k, X, x).col(0);
    const Vector<rational> alpha = kb::from_integers<rational>((IntMatrix(8, 1) << 3, -1, 4, 1, -5, 9, -2, 6).finished(), 7);
    const Matrix<rational> KbA = kb::double_center(K);
    // eq. 32.
    report.erratum("ghiasi:appA", "eq. 32, last line: (1/N) Σ_n ψ(x_n)(Kα)_n",
                   "(1/N) Σ_n ψ(x_n)(K̄α)_n with K̄ = [k̄(x_n,x_m)] (eq. 33 already uses K̄); the slip is harmless "
                   "only for Σα_n = 0",
                   Vector<rational>(KbA * (K * alpha - KbA * alpha)) != Vector<rational>::Zero(N));
    // eq. 38.
    const Matrix<rational> eK = e.transpose() * K;
    const rational eKe = e.dot(K * e);
    const Matrix<rational> corrected = K - one * eK - K * e * one.transpose() + eKe * one * one.transpose();
    report.remark("ghiasi:appA", "eq. 38: K̄ = K − eᵀK − Ke + eᵀKe (an N×N, a 1×N, an N×1 and a 1×1 term)",
                   "a notation: the terms conform only when eᵀK is subtracted from every row and Ke from every "
                   "column; written out, K̄ = K − 1eᵀK − Ke1ᵀ + (eᵀKe)11ᵀ = JKJ",
                   eK.rows() != K.rows() && corrected == Matrix<rational>(J * K * J));
    // eq. 39.
    const Matrix<rational> centred = kb::center_test_kernel(Matrix<rational>(kx.transpose()), K);
    const rational line3 = (centred * alpha)(0, 0);
    const rational row_mean = kx.sum() / NN, sum_alpha = alpha.sum();
    const Vector<rational> col_mean = K.colwise().sum().transpose() / NN;
    rational first(0), printed4(0), corrected4(0), shifted(0);
    for (Eigen::Index n = 0; n < N; ++n) {
        first += alpha(n) * (kx(n) - row_mean);
        printed4 += alpha(n) * (col_mean(n) + eKe);
        corrected4 += alpha(n) * (col_mean(n) - eKe);
        shifted += (alpha(n) - sum_alpha / NN) * kx(n);
    }
    const rational eKa = e.dot(K * alpha), ae = alpha.dot(e);
    report.erratum("ghiasi:appA", "eq. 39, line 4: − Σ α_n((1/N)Σ_m k(x_m,x_n) + (1/N²)Σ_mΣ_p k(x_m,x_p))",
                   "− Σ α_n((1/N)Σ_m k(x_m,x_n) − (1/N²)Σ_mΣ_p k(x_m,x_p)) (off by −2(Σα)eᵀKe = " +
                       kb::book::fmt(static_cast<double>(first - printed4 - line3), 6) + " here)",
                   first - printed4 != line3 && first - corrected4 == line3);
    report.erratum("ghiasi:appA", "eq. 39, line 5: … − eᵀKα + eᵀKe αᵀe",
                   "… − eᵀKα + N eᵀKe αᵀe (printed: " +
                       kb::book::fmt(static_cast<double>(shifted - eKa + eKe * ae), 8) + ", correct: " +
                       kb::book::fmt(static_cast<double>(line3), 8) + ")",
                   shifted - eKa + eKe * ae != line3 && shifted - eKa + NN * eKe * ae == line3);
    report.remark("ghiasi:appA", "K̄ denotes K(I − Neeᵀ) in §3.2 (eqs. 19–24) and the centred Gram matrix in eq. 38",
                   "a notation: one symbol for two different matrices: KJ (not symmetric) and JKJ; same non-zero eigenvalues, eigenvectors Kw "
                   "and w; write K̄ = KJ and K̃ = JKJ",
                   Matrix<rational>(K * J) != KbA);
    report.erratum("ghiasi:eq9", "ψ(z) = ψ(z) − M", "ψ(z) = φ(z) − M = K^{-1/2}(k_z − Ke) (checked in every precision above)",
                   true);
}

// ---------------------------------------------------------------- Nyström
template <class T>
void nystrom_curve(std::ofstream& csv, const std::string& kernel_name, const Matrix<T>& K, const Matrix<T>& kZ,
                   const std::vector<Eigen::Index>& order, const std::string& order_name, kb::book::Report& report,
                   bool print) {
    const Eigen::Index N = K.rows();
    std::string line = "    " + kernel_name + ", " + order_name + " landmarks (" + kb::scalar_name<T>() + "):";
    for (Eigen::Index m = 1; m <= N; ++m) {
        std::vector<Eigen::Index> S(order.begin(), order.begin() + m);
        const Matrix<T> K_SN = kb::select_rows<T>(K, S);
        const Matrix<T> K_SS = kb::select_rows<T>(Matrix<T>(K_SN.transpose()), S);
        T train(0), cross(0);
        try {
            train = max_abs_diff(K, kb::nystrom_kernel(K_SS, K_SN, K_SN));
            cross = max_abs_diff(kZ, kb::nystrom_kernel(K_SS, K_SN, Matrix<T>(kb::select_rows<T>(kZ, S))));
        } catch (const kb::error&) {
            break; // the landmark Gram matrix became numerically singular
        }
        csv << kernel_name << "," << order_name << "," << kb::scalar_name<T>() << "," << m << ","
            << static_cast<double>(train) << "," << static_cast<double>(cross) << "\n";
        if (print && (m == 1 || m == 2 || m == 4 || m == 8 || m == 12 || m == 16 || m == N))
            line += "  m=" + std::to_string(m) + ": " + sci(static_cast<double>(train), 1);
    }
    if (print) report.say(line);
}

void nystrom(kb::book::Report& report) {
    std::ofstream csv("book/data/08-explicit-map/nystrom.csv");
    csv << "kernel,order,scalar,m,max_error_train,max_error_cross\n";
    // 20 training points and 10 test points from a small linear congruential recipe.
    IntMatrix P(30, 2);
    long s = 12345;
    for (int i = 0; i < 30; ++i)
        for (int j = 0; j < 2; ++j) {
            s = (s * 1103515245 + 12345) % 2147483648L;
            P(i, j) = s % 41 - 20;
        }
    auto run = [&](auto tag) {
        using T = decltype(tag);
        const Matrix<T> X = kb::from_integers<T>(P.topRows(20), 10), Z = kb::from_integers<T>(P.bottomRows(10), 10);
        const auto g = kb::GaussianKernel<T>::from_sigma(T(1));
        const Matrix<T> K = kb::gram(g, X), kZ = kb::gram(g, X, Z);
        std::vector<Eigen::Index> given(20);
        for (int i = 0; i < 20; ++i) given[static_cast<std::size_t>(i)] = i;
        const kb::Landmarks<T> L = kb::greedy_landmarks(K, 20, T(0));
        nystrom_curve<T>(csv, "gaussian", K, kZ, given, "given", report, true);
        nystrom_curve<T>(csv, "gaussian", K, kZ, L.index, "greedy", report, true);
        const kb::ExplicitFeatureMap<T> phi(g, X);
        report.agree("ghiasi:thm1", "m = N landmarks: Nyström = explicit map (test–test pairs)",
                     max_abs_diff(phi.inner_products(Z, Z), kb::nystrom_kernel(K, kZ, kZ)), map_bound(K, T(1)));
    };
    run(double(0));
    run(real50(0));
    // A finite-dimensional kernel: exact once the landmarks span the 6 features.
    const kb::PolynomialKernel<rational> k(rational(1), 2);
    const Matrix<rational> X = kb::from_integers<rational>(P.topRows(20), 10), Z = kb::from_integers<rational>(P.bottomRows(10), 10);
    const Matrix<rational> K = kb::gram(k, X);
    const kb::Landmarks<rational> L = kb::greedy_landmarks(K, 20, rational(0));
    const Matrix<rational> XS = kb::select_rows<rational>(X, L.index);
    report.exact("ghiasi:thm1", "(1 + xᵀy)² (6 features): greedy Nyström stops after " + std::to_string(L.index.size()) +
                                    " landmarks and is then exact for every pair, test–test included",
                 L.index.size() == 6 &&
                     kb::nystrom_kernel(kb::gram(k, XS), kb::gram(k, XS, Z), kb::gram(k, XS, Z)) == kb::gram(k, Z));
    std::vector<Eigen::Index> given(20);
    for (int i = 0; i < 20; ++i) given[static_cast<std::size_t>(i)] = i;
    for (Eigen::Index m = 1; m <= 6; ++m) {
        std::vector<Eigen::Index> S(given.begin(), given.begin() + m);
        const Matrix<rational> XSm = kb::select_rows<rational>(X, S);
        const Matrix<rational> KSm = kb::gram(k, XSm);
        if (!kb::exact_psd_rank(KSm) || *kb::exact_psd_rank(KSm) != m) break;
        const Matrix<rational> R = K - kb::nystrom_kernel(KSm, kb::gram(k, XSm, X), kb::gram(k, XSm, X));
        csv << "polynomial2,given,rational," << m << "," << static_cast<double>(kb::max_abs(R)) << ","
            << static_cast<double>(kb::max_abs(Matrix<rational>(kb::gram(k, X, Z) -
                                                                kb::nystrom_kernel(KSm, kb::gram(k, XSm, X),
                                                                                   kb::gram(k, XSm, Z)))))
            << "\n";
    }
}

} // namespace

int main() {
    kb::book::Report report("Chapter 8 — The exact explicit feature map");

    report.section("Theorem 1: ⟨φ(x_n), φ(z)⟩ = k(x_n, z) for φ(z) = K^{-1/2} k_z (Gaussian kernel, σ = 1, eq. 1)");
    theorem1<double>(report);
    theorem1<real50>(report);
    theorem1<real100>(report);
    theorem1_exact(report);

    report.section("Beyond the training points: the Nyström kernel, and distances (eq. 26)");
    beyond_training(report);

    report.section("Singular K: the pseudo-inverse map and its rank tolerance");
    singular<double>(report);
    singular<real50>(report);
    singular<real100>(report);
    singular_exact(report);

    report.section("Conditioning: the exactness error against κ(K), and the precision policy");
    conditioning(report);

    report.section("Kernel PCA without the kernel trick (eqs. 8–25), four routes");
    kpca<double>(report, true);
    kpca<real50>(report, false);
    kpca<real100>(report, false);

    report.section("Appendix A (eqs. 30–39), exactly, with its errata and remarks");
    appendix(report);

    report.section("Nyström with m ≤ N landmarks (max |K − K̂_m| on the training set)");
    nystrom(report);

    report.say("\nfigure data: book/data/08-explicit-map/conditioning.csv, book/data/08-explicit-map/nystrom.csv");
    return report.finish();
}
