/// \file example.cpp
/// \brief Chapter 7 program: kernel PCA — its conventions, its derivation checked with
///        explicit features in 50 digits, Zhu's Algorithm 8 as printed against the correct
///        projection, and the worked examples with their figure data (book/data/07-kernel-pca/).
#include "report.hpp"

#include "ch07.hpp"
#include "kernelbook/centering.hpp"
#include "kernelbook/datasets.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/preimage.hpp"
#include "kernelbook/spectral.hpp"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>


namespace {

const std::string data_dir = "book/data/07-kernel-pca";

std::vector<double> column(const Matrix<double>& Y, Eigen::Index j) {
    return std::vector<double>(Y.col(j).data(), Y.col(j).data() + Y.rows());
}

// Writes a CSV file: a header line and the rows of the given columns.
void write_csv(const std::string& name, const std::vector<std::string>& header, const Matrix<double>& table) {
    std::filesystem::create_directories(data_dir);
    std::ofstream out(data_dir + "/" + name);
    for (std::size_t j = 0; j < header.size(); ++j) out << (j ? "," : "") << header[j];
    out << "\n";
    out.precision(10);
    for (Eigen::Index i = 0; i < table.rows(); ++i) {
        for (Eigen::Index j = 0; j < table.cols(); ++j) out << (j ? "," : "") << table(i, j);
        out << "\n";
    }
}

Matrix<double> labels_column(const std::vector<int>& label) {
    Matrix<double> L(static_cast<Eigen::Index>(label.size()), 1);
    for (std::size_t n = 0; n < label.size(); ++n) L(static_cast<Eigen::Index>(n), 0) = label[n];
    return L;
}

Matrix<double> hcat(std::initializer_list<Matrix<double>> blocks) {
    Eigen::Index cols = 0, rows = blocks.begin()->rows();
    for (const auto& b : blocks) cols += b.cols();
    Matrix<double> out(rows, cols);
    cols = 0;
    for (const auto& b : blocks) {
        out.middleCols(cols, b.cols()) = b;
        cols += b.cols();
    }
    return out;
}

// ---------------------------------------------------------------------------------------
void conventions(kb::book::Report& report) {
    report.section("One convention, and the conversions to the others");
    report.precision<double>();
    const Matrix<double> X =
        kb::from_integers<double>((IntMatrix(6, 2) << 0, 0, 1, 0, 0, 2, 2, 1, -1, 1, 1, -2).finished(), 2);
    const Matrix<double> Z = kb::from_integers<double>((IntMatrix(2, 2) << 1, 1, -2, 0).finished(), 2);
    kb::KernelPca<double> kp(kb::PolynomialKernel<double>(1.0, 2), X, {.components = 3});
    const double N = 6;
    report.say("six points, k(x, y) = (1 + xᵀy)², p = 3 components");
    report.say("μ (eigenvalues of K̃; scikit-learn's eigenvalues_): " +
               kb::book::matrix_to_string(Matrix<double>(kp.eigenvalues().transpose()), 12, ""));
    report.say("λ = μ/N (eigenvalues of C = K̃/N; the sources' λ, kernlab's eig): " +
               kb::book::matrix_to_string(Matrix<double>(kp.feature_variances().transpose()), 12, ""));
    report.say("training scores Y = U diag(√μ) (scikit-learn's fit_transform):\n" +
               kb::book::matrix_to_string(kp.scores(), 12));
    report.say("scores of two new points (scikit-learn's transform):\n" +
               kb::book::matrix_to_string(kp.transform(Z), 12));
    // scikit-learn 1.2.1 on the same data (KernelPCA(3, kernel='poly', degree=2, gamma=1, coef0=1)).
    const Vector<double> sk_eig = (Vector<double>(3) << 5.335105548477855, 3.552033305690555, 1.1257347639517).finished();
    const Matrix<double> sk_new = (Matrix<double>(2, 3) << -0.451925191920027, 0.525239067211904, -0.057245249233303,
                                   -0.316516281771003, -1.098444800782055, -0.858889192568635).finished();
    report.say("scikit-learn 1.2.1, KernelPCA(n_components=3, kernel='poly', degree=2, gamma=1, coef0=1), prints\n"
               "    eigenvalues_ = [5.335105548477855 3.552033305690555 1.1257347639517]\n"
               "    transform(Z) = [[-0.451925191920027  0.525239067211904 -0.057245249233303]\n"
               "                    [-0.316516281771003 -1.098444800782055 -0.858889192568635]]");
    report.agree<double>("sklearn", "scikit-learn's eigenvalues_ = μ and its transform = our scores (to its 15 printed decimals)",
                         std::max((kp.eigenvalues() - sk_eig).cwiseAbs().maxCoeff(),
                                  kb::max_abs(Matrix<double>(kp.transform(Z) - sk_new))),
                         // the two eigensolvers' backward errors, over the smallest spectral gap
                         kb::book::rounding_bound<double>(
                             6, kp.centered_gram().norm() * std::sqrt(kp.eigenvalues()(0)) /
                                    std::min({kp.spectrum()(0) - kp.spectrum()(1), kp.spectrum()(1) - kp.spectrum()(2),
                                              kp.spectrum()(2) - kp.spectrum()(3)})),
                         1.0);
    // The slides' normalisation and kernlab's scaling.
    const Matrix<double>& A = kp.coefficients();
    const Vector<double> norm = (N * kp.feature_variances()).cwiseProduct(A.colwise().squaredNorm().transpose());
    report.agree<double>("slides:norm", "a_j = u_j/√μ_j satisfies N λ_j a_jᵀa_j = 1",
                         (norm - Vector<double>::Ones(3)).cwiseAbs().maxCoeff(),
                         kb::book::rounding_bound<double>(6, kp.eigenvalues()(0) / kp.eigenvalues()(2)));
    const Matrix<double> pcv = std::sqrt(N) * A; // kernlab: unit eigenvectors of K̃/N over √λ
    report.agree<double>("kernlab", "kernlab's rotated = K̃·pcv = √N · Y",
                         kb::max_abs(Matrix<double>(kp.centered_gram() * pcv - std::sqrt(N) * kp.scores())),
                         kb::book::rounding_bound<double>(6, kp.centered_gram().norm()));
}

// ---------------------------------------------------------------------------------------
void derivation(kb::book::Report& report) {
    using T = kb::real50;
    using std::abs;
    using std::sqrt;
    report.section("The derivation, with explicit features (zhu §2.3, slides, gallier)");
    report.precision<T>();
    const Matrix<T> X =
        kb::from_integers<T>((IntMatrix(7, 2) << 0, 0, 2, 1, -1, 3, 4, -2, 1, 1, 3, 3, -2, -1).finished(), 2);
    const kb::PolynomialKernel<T> k(T(1), 2);
    const kb::PolynomialFeatureMap<T> fm(k, 2);
    kb::KernelPca<T> kp(k, X, {.components = 3});
    const Eigen::Index N = X.rows();
    const Matrix<T> Phi = fm.features(X);
    const RowVector<T> mean = Phi.colwise().sum() / T(N);
    const Matrix<T> P = Phi.rowwise() - mean; // Φ̃: 7 points × 6 features
    const Matrix<T> C = P.transpose() * P / T(N);
    const Matrix<T>& Kc = kp.centered_gram();
    const T nK = Kc.norm();
    report.say("seven points, k(x, y) = (1 + xᵀy)², explicit φ(x) = W^{1/2} m(x) ∈ R⁶ (chapter 4)");
    const Matrix<T>& A = kp.coefficients();
    const Matrix<T> V = P.transpose() * A; // v_j = Φ̃ᵀ a_j
    const Matrix<T> Lambda = kp.feature_variances().asDiagonal();
    const T b = kb::book::rounding_bound<T>(N, nK * nK);
    report.agree<T>("slides:eig", "K̃ a_j = N λ_j a_j", kb::max_abs(Matrix<T>(Kc * A - T(N) * A * Lambda)), b);
    report.agree<T>("zhu:2.3.1", "v_j = Φ̃ᵀ a_j is an eigenvector of C = (1/N) Φ̃ᵀΦ̃ with eigenvalue λ_j",
                    kb::max_abs(Matrix<T>(C * V - V * Lambda)), b);
    const Matrix<T> U = kp.eigenvectors(); // Zhu's unit a_j
    const Vector<T> zhu_norm = (P.transpose() * U).colwise().squaredNorm().transpose();
    report.agree<T>("zhu:2.3.1", "with unit a_j: ‖v_j‖² = a_jᵀ K̃ a_j = N λ_j",
                    T((zhu_norm - T(N) * kp.feature_variances()).cwiseAbs().maxCoeff()), b);
    report.agree<T>("slides:norm", "with N λ_j a_jᵀa_j = 1 the axes are orthonormal: VᵀV = I",
                    kb::max_abs(Matrix<T>(V.transpose() * V - Matrix<T>::Identity(3, 3))), b);
    const Matrix<T> Z = kb::from_integers<T>((IntMatrix(2, 2) << 1, -3, -2, 2).finished(), 2);
    const Matrix<T> Pz = fm.features(Z).rowwise() - mean;
    report.agree<T>("slides:score", "y_j(z) = Σ_i a_ji k̃(z, x_i) = ⟨φ(z) − φ̄, v_j⟩ for new points",
                    kb::max_abs(Matrix<T>(kp.transform(Z) - Pz * V)), b);
    report.agree<T>("zhu:2.3.2", "training scores: Y = K̃ A = Φ̃ V (= U diag √(Nλ))",
                    kb::max_abs(Matrix<T>(kp.scores() - P * V)), b);
    // gallier: X̂ = V D Uᵀ in his letters; our thin_svd(X̂) = U_s Σ V_sᵀ, so his V is U_s.
    const auto svd = kb::thin_svd(P);
    const Eigen::Index r = kp.rank();
    const Matrix<T> Vg = svd.U.leftCols(r), Ug = svd.V.leftCols(r);
    const Matrix<T> Sinv = svd.sigma.head(r).cwiseInverse().asDiagonal();
    report.say("rank of K̃: " + std::to_string(r) + "; σ² = " +
               kb::book::matrix_to_string(Matrix<T>(svd.sigma.head(r).cwiseAbs2().transpose()), 8, "") +
               "    eigenvalues of K̃ = " + kb::book::matrix_to_string(Matrix<T>(kp.spectrum().head(r).transpose()), 8, ""));
    report.agree<T>("gallier:svd", "U_r = X̂ᵀ V_r Σ_r⁻¹", kb::max_abs(Matrix<T>(Ug - P.transpose() * Vg * Sinv)),
                    kb::book::rounding_bound<T>(N, T(svd.sigma(0) / svd.sigma(r - 1))));
    report.agree<T>("gallier:svd", "σ_k² are the non-zero eigenvalues of K̂ = X̂X̂ᵀ",
                    T((svd.sigma.head(r).cwiseAbs2() - kp.spectrum().head(r)).cwiseAbs().maxCoeff()), b);
    report.agree<T>("gallier:proj", "(Y_k)_j = Σ_i σ_k⁻¹ (v_k)_i K̂_ij = ⟨X_j − μ, u_k⟩",
                    kb::max_abs(Matrix<T>(Kc * Vg * Sinv - P * Ug)), b);

    // Errata of §2.3 and of the slides, demonstrated on the same numbers.
    const Matrix<T> printedC = P * P.transpose() / T(N);
    report.erratum("zhu:2.3.1", "C = (1/N) Φ Φᵀ (with Φ the N×M matrix of features as rows)",
                   "C = (1/N) ΦᵀΦ (M×M); (1/N) ΦΦᵀ is K/N (N×N) — here " + std::to_string(printedC.rows()) + "×" +
                       std::to_string(printedC.cols()) + " vs C " + std::to_string(C.rows()) + "×" +
                       std::to_string(C.cols()) + ", and (1/N)ΦΦᵀ − K̃/N = " +
                       kb::book::fmt(kb::max_abs(Matrix<T>(printedC - Kc / T(N))), 2),
                   kb::max_abs(Matrix<T>(printedC - Kc / T(N))) <= b);
    report.erratum("zhu:2.3.1", "(1/N)K²a = λKa ⇒ (1/N)Ka = λa \"(assume K is invertible)\"",
                   "K𝟙 = ΦΦᵀ𝟙 = 0 under §2.3's own assumption Σφ(y_i) = 0, so K is never invertible; nothing "
                   "is needed: solutions differ from eigenvectors only by null vectors n of K, and Φᵀn = 0 "
                   "(‖Φᵀn‖² = nᵀKn = 0), so v = Φᵀa is the same — here ‖K̃𝟙‖ = " +
                       kb::book::fmt(T((Kc * kb::ones<T>(N)).norm()), 2),
                   T((Kc * kb::ones<T>(N)).norm()) <= b);
    const Vector<T> a1 = A.col(0), b1 = a1 + kb::ones<T>(N);
    const T Nl = T(N) * kp.feature_variances()(0);
    report.remark("slides:eig", "(1/N) KK a_j = λ_j K a_j, \"drop K\": K a_j = N λ_j a_j",
                   "a step without its justification, the result is right: dropping K is valid only for a_j ⊥ null(K); b = a_1 + 𝟙 solves (1/N)K̃²b = λK̃b and gives "
                   "the same v_1 (‖v‖² = bᵀK̃b = " + kb::book::fmt(T(b1.dot(Kc * b1)), 6) +
                       ") but N λ bᵀb = " + kb::book::fmt(T(Nl * b1.squaredNorm()), 6) +
                       " ≠ 1: the normalisation N λ aᵀa = 1 needs the eigenvector solution",
                   abs(T(Nl * b1.squaredNorm() - 1)) > T(1) && abs(T(b1.dot(Kc * b1) - 1)) <= b);
    const Matrix<T> S = P.transpose() * P;
    report.erratum("slides:eig", "Σ_i φ(x_i)φ(x_i)ᵀ v_j = λ_j v_j (first line, 1/N missing)",
                   "(1/N) Σ_i φ(x_i)φ(x_i)ᵀ v_j = λ_j v_j; without 1/N the eigenvalue is N λ_j: residual " +
                       kb::book::fmt(T((S * V.col(0) - kp.feature_variances()(0) * V.col(0)).norm()), 3) +
                       " vs " + kb::book::fmt(T((S * V.col(0) / T(N) - kp.feature_variances()(0) * V.col(0)).norm()), 3),
                   T((S * V.col(0) - kp.feature_variances()(0) * V.col(0)).norm()) > T(1));
    report.erratum("zhu:2.3.1", "\"a is orthogonal basis\"; U_{M×N} = [v_1/√(Nλ_1) … v_N/√(Nλ_N)] \"orthogonal\"",
                   "the a_j are orthonormal (unit) eigenvectors, the v_j/√(Nλ_j) are orthonormal, and there are "
                   "at most rank K̃ ≤ N − 1 of them: λ_N = 0 always (K̃𝟙 = 0), here Nλ_7 = " +
                       kb::book::fmt(kp.spectrum()(N - 1), 2),
                   abs(kp.spectrum()(N - 1)) <= kp.rank_tolerance());
    report.erratum("zhu:2.3.2", "\"the basis of that space is (2)\"", "the basis is eq. (3), U = [v_j/√(Nλ_j)]",
                   kb::max_abs(Matrix<T>(kp.transform(Z) - Pz * P.transpose() * U *
                                                               kp.eigenvalues().cwiseSqrt().cwiseInverse().asDiagonal())) <= b);
    // The printed map at y = y' = (1, 1): ⟨φ, φ⟩ = 1 + 2 + 2 + 1 + 1 + √(1·1).
    const RowVector<T> one_one = RowVector<T>::Ones(2);
    const T printed_map = T(1) + T(2) + T(2) + T(1) + T(1) + sqrt(T(1));
    report.erratum("zhu:2.3.1",
                   "\"Theorem 6 says …\", \"In Example 6 …\", φ(y) = (1, √2y₁, √2y₂, y₁², y₂², √(y₁y₂))",
                   "Theorem 5 (kernel ⇔ feature map); Example 7(b); last entry √2·y₁y₂ (chapter 4): at y = y' = "
                   "(1, 1) the printed map gives " + kb::book::fmt(printed_map) + ", k = (1 + 2)² = " +
                       kb::book::fmt(k(one_one, one_one)),
                   printed_map != k(one_one, one_one));
}

// ---------------------------------------------------------------------------------------
void algorithm8(kb::book::Report& report) {
    using T = kb::real50;
    report.section("Zhu's Algorithm 8, as printed and corrected");
    report.precision<T>();
    const Matrix<T> X = kb::from_integers<T>((IntMatrix(6, 2) << 0, 0, 2, 1, -1, 3, 4, -2, 1, 1, 3, 3).finished(), 2);
    const Matrix<T> Z = kb::from_integers<T>((IntMatrix(2, 2) << 1, -3, -2, 2).finished(), 2);
    const auto k = kb::GaussianKernel<T>::from_zhu_sigma(T(2));
    const Eigen::Index N = X.rows();
    const Matrix<T> printed_b = kb::book::zhu_step_b_as_printed(k, X);
    const Matrix<T> K = kb::gram(k, X);
    report.erratum("zhu:alg8", "(b) K = (k(y_1,y_2) … k(y_1,y_N); k(y_2,y_2) …; …) — first column k(·, y_2)",
                   "K = (k(y_i, y_j))_{i,j=1..N}, N×N and symmetric; as printed it is " +
                       std::to_string(printed_b.rows()) + "×" + std::to_string(printed_b.cols()) +
                       " (the column of y_1 is missing)",
                   printed_b.cols() == N - 1);
    kb::KernelPca<T> kp(k, X, {.components = 2});
    report.remark("zhu:alg8", "(d) K̃ u_i = λ u_i, reusing the letter λ of §2.3.1",
                   "(d)'s λ is an eigenvalue μ of K̃ itself, N times the λ of §2.3.1 (eigenvalue of C = K̃/N): "
                   "μ₁ = " + kb::book::fmt(kp.eigenvalues()(0), 8) + ", λ₁ = " +
                       kb::book::fmt(kp.feature_variances()(0), 8),
                   kp.eigenvalues()(0) - kp.feature_variances()(0) > kp.eigenvalues()(0) / T(2));
    const Matrix<T> Kz = kb::gram(k, Z, X);
    const Matrix<T> printed = kb::book::zhu_step_e_as_printed(Kz, kp.eigenvectors());
    const Matrix<T> correct = kp.transform(Z);
    const RowVector<T> shift = kb::ones<T>(N).transpose() * K * kp.eigenvectors() / T(N);
    const Matrix<T> predicted = (correct * kp.eigenvalues().cwiseSqrt().asDiagonal()).rowwise() + shift;
    report.say("new points z₁ = (0.5, −1.5), z₂ = (−1, 1); k(x, y) = exp(−‖x − y‖²/σ²), σ = 2");
    report.say("step (e) as printed, Σ_i k(y_i, y*) u_ij:\n" + kb::book::matrix_to_string(printed, 10));
    report.say("correct scores y_j = Σ_i k̃(y*, y_i) u_ij / √μ_j:\n" + kb::book::matrix_to_string(correct, 10));
    report.agree<T>("zhu:alg8", "printed (e) = √μ_j y_j + (1/N)𝟙ᵀK u_j (a scaling and a shift of each component)",
                    kb::max_abs(Matrix<T>(printed - predicted)), kb::book::rounding_bound<T>(N, T(N)));
    report.erratum("zhu:alg8", "(e) x*_j = Σ_i k(y_i, y*) u_ij",
                   "x*_j = (1/√λ_j) Σ_i k̃(y*, y_i) (u_j)_i with k̃ centred by the training means "
                   "(slides:center-test) and λ_j the eigenvalue of (d); as printed each component is scaled by "
                   "√λ_j and shifted by (1/N)𝟙ᵀKu_j — max error " +
                       kb::book::fmt(kb::max_abs(Matrix<T>(printed - correct)), 3) +
                       "; and u_ij must mean entry i of u_j, not entry j of u_i",
                   kb::max_abs(Matrix<T>(printed - correct)) > T(1) / T(10));
}

// ---------------------------------------------------------------------------------------
void circles(kb::book::Report& report) {
    report.section("zhu:ex3 — two circles, the lift, and what kernel PCA finds");
    report.precision<kb::real50>();
    {
        using T = kb::real50;
        const auto data = kb::concentric_rings<T>({10, 10}, {T(1), T(2)});
        const Eigen::Index N = data.X.rows();
        kb::KernelPca<T> lift(kb::ParaboloidLiftKernel<T>{}, data.X, {.components = 3}), quad(kb::PolynomialKernel<T>(T(0), 2), data.X, {.components = 3});
        report.say("radii 1 and 2, ten points each (N = 20), angles equally spaced");
        report.agree<T>("zhu:ex3", "lift kernel xᵀy + ‖x‖²‖y‖²: μ = N·(Var r², E r²/2, E r²/2) = (45, 25, 25)",
                        T((lift.eigenvalues() - (Vector<T>(3) << 45, 25, 25).finished()).cwiseAbs().maxCoeff()),
                        kb::book::rounding_bound<T>(N, T(45)), T(45));
        using std::abs;
        T worst(0);
        for (Eigen::Index n = 0; n < N; ++n) worst = std::max(worst, T(abs(T(abs(lift.scores()(n, 0)) - T(3) / T(2)))));
        report.agree<T>("zhu:ex3", "lift kernel: PC1 = ±(r² − 5/2): its sign is the class", worst,
                        kb::book::rounding_bound<T>(N, T(45)));
        report.agree<T>("zhu:ex3", "(xᵀy)²: μ = N·(E r⁴/4, E r⁴/4, Var r²/2) = (42.5, 42.5, 22.5): radial axis third",
                        T((quad.eigenvalues() - (Vector<T>(3) << T(85) / 2, T(85) / 2, T(45) / 2).finished())
                              .cwiseAbs()
                              .maxCoeff()),
                        kb::book::rounding_bound<T>(N, T(43)), T(43));
    }
    // Figure data (double): 30 points on each circle.
    const auto data = kb::concentric_rings<double>({30, 30}, {1.0, 2.0});
    kb::KernelPca<double> lift(kb::ParaboloidLiftKernel<double>{}, data.X, {.components = 3}),
        quad(kb::PolynomialKernel<double>(0.0, 2), data.X, {.components = 3}),
        lin(kb::LinearKernel<double>{}, data.X, {.components = 2});
    write_csv("circles.csv",
              {"y1", "y2", "circle", "lift_x3", "lift_pc1", "lift_pc2", "lift_pc3", "quad_pc1", "quad_pc2", "quad_pc3",
               "linear_pc1", "linear_pc2"},
              hcat({data.X, labels_column(data.label), Matrix<double>(kb::paraboloid_lift(data.X).col(2)), lift.scores(),
                    quad.scores(), lin.scores()}));
    const auto s1 = kb::book::separation(column(lift.scores(), 0), data.label);
    const auto s3 = kb::book::separation(column(quad.scores(), 2), data.label);
    report.say("N = 60: lift kernel μ = " + kb::book::matrix_to_string(Matrix<double>(lift.eigenvalues().transpose()), 6, "") +
               "   (xᵀy)² μ = " + kb::book::matrix_to_string(Matrix<double>(quad.eigenvalues().transpose()), 6, ""));
    report.exact("zhu:ex3", "N = 60: the lift kernel's PC1 separates the circles (margin " + kb::book::fmt(s1.margin, 3) +
                                "), and so does the third component of (xᵀy)² (margin " + kb::book::fmt(s3.margin, 3) + ")",
                 s1.separated && s3.separated);
    report.exact("zhu:ex3", "neither the first two components of (xᵀy)² nor the linear kernel's separate",
                 !kb::book::separation(column(quad.scores(), 0), data.label).separated &&
                     !kb::book::separation(column(lin.scores(), 0), data.label).separated &&
                     !kb::book::separation(column(lin.scores(), 1), data.label).separated);
    report.say("figure data: " + data_dir + "/circles.csv");
}

// ---------------------------------------------------------------------------------------
void rings(kb::book::Report& report) {
    report.section("beeny:ex4.1 — three rings and Gaussian kernel PCA (Figure 3)");
    report.precision<double>();
    const auto data = kb::concentric_rings<double>({100, 100, 100}, {1.0, 2.0, 3.0});
    const auto k = kb::GaussianKernel<double>::from_zhu_sigma(1.0);
    // The dense route: all 300 eigenpairs (μ₄ is printed below); the Lanczos route is checked against it after the figure.
    kb::KernelPca<double> kp(k, data.X, {.components = 3, .solver = kb::KpcaSolver::dense});
    const Matrix<double>& Y = kp.scores();
    report.say("radii 1, 2, 3, 100 points each; " + k.describe() + " (σ = 1, beeny's convention)");
    report.say("μ₁…μ₃ = " + kb::book::matrix_to_string(Matrix<double>(kp.eigenvalues().transpose()), 8, "") +
               "   μ₄ = " + kb::book::fmt(kp.spectrum()(3), 8));
    for (int j = 0; j < 3; ++j) {
        const auto s = kb::book::separation(column(Y, j), data.label);
        report.say("PC" + std::to_string(j + 1) + ": between-ring share of variance " +
                   kb::book::fmt(kb::book::between_class_fraction(column(Y, j), data.label), 4) +
                   (s.separated ? ", separates the rings (margin " + kb::book::fmt(s.margin, 3) + ")"
                                : ", does not separate"));
    }
    const auto s3 = kb::book::separation(column(Y, 2), data.label);
    report.say("PC3 on the rings: [" + kb::book::fmt(s3.lo[0], 6) + ", " + kb::book::fmt(s3.hi[0], 6) + "], [" +
               kb::book::fmt(s3.lo[1], 6) + ", " + kb::book::fmt(s3.hi[1], 6) + "], [" + kb::book::fmt(s3.lo[2], 6) +
               ", " + kb::book::fmt(s3.hi[2], 6) + "]");
    report.agree<double>("beeny:ex4.1", "PC1 and PC2 are a tied pair (rotation symmetry): μ₁ = μ₂",
                         std::abs(kp.eigenvalues()(0) - kp.eigenvalues()(1)),
                         kb::book::rounding_bound<double>(300, kp.eigenvalues()(0)), kp.eigenvalues()(0));
    report.exact("beeny:ex4.1", "the first three components separate the rings: two planes PC3 = const do it",
                 s3.separated);
    // Figure data: the points with their scores, and the scores over a grid of the plane
    // (the level sets of PC3 between the rings are the separating curves).
    write_csv("rings.csv", {"x", "y", "ring", "pc1", "pc2", "pc3"}, hcat({data.X, labels_column(data.label), Y}));
    const int G = 61;
    Matrix<double> grid(G * G, 2);
    for (int i = 0; i < G; ++i)
        for (int j = 0; j < G; ++j) grid.row(i * G + j) << -3.6 + 7.2 * i / (G - 1), -3.6 + 7.2 * j / (G - 1);
    write_csv("rings_grid.csv", {"x", "y", "pc1", "pc2", "pc3"}, hcat({grid, kp.transform(grid)}));
    report.say("figure data: " + data_dir + "/rings.csv, " + data_dir + "/rings_grid.csv");
    // §7.9: the Lanczos route computes only these 3 of the 300 eigenpairs — the tied pair
    // μ₁ = μ₂ included — and agrees with the dense route: each is within c₂·N·ε·μ₁ of exact,
    // and a projector moves by that over the gap μ₃ − μ₄ (Davis–Kahan).
    const kb::KernelPca<double> fast(k, data.X, {.components = 3, .solver = kb::KpcaSolver::lanczos});
    const double mu1 = kp.eigenvalues()(0), gap = kp.eigenvalues()(2) - kp.spectrum()(3);
    report.agree<double>("zhu:alg8", "the Lanczos route (3 of 300 eigenpairs) gives the dense route's μ₁, μ₂, μ₃",
                         (fast.eigenvalues() - kp.eigenvalues()).cwiseAbs().maxCoeff(),
                         2 * kb::book::rounding_bound<double>(300, mu1), mu1);
    report.agree<double>("zhu:alg8", "… and the same top-3 projector UUᵀ",
                         kb::max_abs(Matrix<double>(fast.eigenvectors() * fast.eigenvectors().transpose() -
                                                    kp.eigenvectors() * kp.eigenvectors().transpose())),
                         2 * kb::book::rounding_bound<double>(300, mu1) / gap, 1.0);
}

// ---------------------------------------------------------------------------------------
void s_surface(kb::book::Report& report) {
    report.section("zhu:fig1 — the S-shaped surface: PCA versus kernel PCA");
    report.precision<double>();
    const auto S = kb::s_curve<double>(40, 10);
    const std::vector<double> t = column(S.param, 0), s = column(S.param, 1);
    const auto k = kb::GaussianKernel<double>::from_zhu_sigma(1.0);
    // The dense route (§7.9): the neighbourhood counts below break ties of the grid by rounding.
    constexpr auto dense = kb::KpcaSolver::dense;
    kb::KernelPca<double> pca(kb::LinearKernel<double>{}, S.X, {.components = 3, .solver = dense}),
        kpca(k, S.X, {.components = 6, .solver = dense});
    report.say("400 points on a 40×10 grid of (t, s); PCA = kernel PCA with xᵀy; kernel PCA with " + k.describe());
    auto describe = [&](const std::string& name, const Matrix<double>& Y) {
        std::string line = name + ": |Spearman ρ| with t / with s:";
        for (Eigen::Index j = 0; j < Y.cols(); ++j)
            line += "  PC" + std::to_string(j + 1) + " " + kb::book::fmt(std::abs(kb::book::spearman(column(Y, j), t)), 3) +
                    "/" + kb::book::fmt(std::abs(kb::book::spearman(column(Y, j), s)), 3);
        report.say(line);
    };
    describe("PCA       ", pca.scores());
    describe("kernel PCA", kpca.scores());
    const double p2 = kb::book::neighbourhood_preservation(Matrix<double>(pca.scores().leftCols(2)), S.param, 10);
    const double k2 = kb::book::neighbourhood_preservation(Matrix<double>(kpca.scores().leftCols(2)), S.param, 10);
    const double k5 = kb::book::neighbourhood_preservation(Matrix<double>(kpca.scores().leftCols(5)), S.param, 10);
    const double p3 = kb::book::neighbourhood_preservation(pca.scores(), S.param, 10);
    report.say("share of the 10 nearest neighbours in (t, s) kept: PCA 2-D " + kb::book::fmt(p2, 3) + ", kernel PCA 2-D " +
               kb::book::fmt(k2, 3) + ", kernel PCA 5-D " + kb::book::fmt(k5, 3) + ", PCA 3-D (the S itself) " +
               kb::book::fmt(p3, 3));
    // "No monotone relation" from the symmetry, not from a threshold picked from the output:
    // PCA's PC1, PC2 depend on t alone (ties in groups of the 10 points of one t); kernel PCA's
    // components are even or odd under s ↦ 2 − s and t ↦ −t (ties in orbits of ≤ 4 points).
    // Rounding that breaks those ties gives |ρ| ≤ √((g² − 1)/(N² − 1)) (kb::book::tie_breaking_bound).
    const double t_only = kb::book::tie_breaking_bound(10, 400), orbit = kb::book::tie_breaking_bound(4, 400);
    auto rho = [](const Matrix<double>& Y, Eigen::Index j, const std::vector<double>& v) {
        return std::abs(kb::book::spearman(column(Y, j), v));
    };
    report.say("no monotone relation: |ρ| ≤ " + kb::book::fmt(t_only, 3) + " (PCA, ties of 10) and ≤ " +
               kb::book::fmt(orbit, 3) + " (kernel PCA, orbits of 4), what rounding alone can give");
    report.exact("zhu:fig1", "PCA's best plane loses the across coordinate s (it is PC3)",
                 rho(pca.scores(), 0, s) <= t_only && rho(pca.scores(), 1, s) <= t_only &&
                     rho(pca.scores(), 2, s) > t_only);
    report.exact("zhu:fig1", "Gaussian kernel PCA does not unroll the S either: s first appears in PC5",
                 rho(kpca.scores(), 0, s) <= orbit && rho(kpca.scores(), 1, s) <= orbit &&
                     rho(kpca.scores(), 2, s) <= orbit && rho(kpca.scores(), 3, s) <= orbit &&
                     rho(kpca.scores(), 4, s) > orbit);
    write_csv("s_curve.csv",
              {"x1", "x2", "x3", "t", "s", "pca1", "pca2", "pca3", "kpca1", "kpca2", "kpca3", "kpca4", "kpca5", "kpca6"},
              hcat({S.X, S.param, pca.scores(), kpca.scores()}));
    report.say("figure data: " + data_dir + "/s_curve.csv");
}

// ---------------------------------------------------------------------------------------
// Standard normal numbers from the 32-bit outputs of std::mt19937 (fully specified by the
// C++ standard) by the Box–Muller transform: the same noise on every platform.
Matrix<double> normal_noise(Eigen::Index rows, Eigen::Index cols, std::uint32_t seed) {
    std::mt19937 gen(seed);
    auto uniform = [&] { return (static_cast<double>(gen()) + 0.5) / 4294967296.0; }; // in (0, 1)
    Matrix<double> E(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i)
        for (Eigen::Index j = 0; j < cols; ++j) {
            const double u = uniform(), v = uniform();
            E(i, j) = std::sqrt(-2 * std::log(u)) * std::cos(2 * M_PI * v);
        }
    return E;
}

// RMS of ‖x‖ − r over the rows of Z, r the radius of each point's ring (1, 2, 3).
double radial_rms(const Matrix<double>& Z, const std::vector<int>& label) {
    double s = 0;
    for (Eigen::Index i = 0; i < Z.rows(); ++i) {
        const double d = Z.row(i).norm() - (label[static_cast<std::size_t>(i)] + 1);
        s += d * d;
    }
    return std::sqrt(s / double(Z.rows()));
}

void preimages(kb::book::Report& report) {
    report.section("§7.13 — pre-images: denoising the three rings");
    report.precision<double>();
    // Training and test points: two samples of the rings of radii 1, 2, 3 (the test sample at
    // angles shifted by half a step), each with independent normal noise of standard deviation 0.15.
    const auto clean = kb::concentric_rings<double>({100, 100, 100}, {1.0, 2.0, 3.0});
    Matrix<double> test_clean = clean.X;
    for (Eigen::Index i = 0; i < test_clean.rows(); ++i) {
        const double r = test_clean.row(i).norm(), t = std::atan2(test_clean(i, 1), test_clean(i, 0)) + M_PI / 100;
        test_clean.row(i) << r * std::cos(t), r * std::sin(t);
    }
    const double noise = 0.15;
    const Matrix<double> X = clean.X + noise * normal_noise(300, 2, 7);
    const Matrix<double> Z = test_clean + noise * normal_noise(300, 2, 8);
    // Kernel PCA with p = 32 components and κ = k on the scores (the usual choice), α = 0.1.
    const auto k = kb::GaussianKernel<double>::from_gamma(2.0);
    const Eigen::Index p = 32;
    const double alpha = 0.1;
    kb::KernelPca<double> kp(k, X, {.components = p});
    kb::KernelPcaPreimage<double> back(kp, X, k, alpha);
    const Matrix<double> denoised = back.reconstruct(kp, Z);
    report.say("300 noisy training points (noise σ = 0.15), " + k.describe() + ", p = " + std::to_string(p) +
               " components, κ = k, α = " + kb::book::fmt(alpha, 2));
    report.say("300 new noisy points: RMS distance to their ring " + kb::book::fmt(radial_rms(Z, clean.label), 3) +
               " before, " + kb::book::fmt(radial_rms(denoised, clean.label), 3) + " after Γ(y(z))");
    // The training identity X − Γ(Y) = αβ, as computed (the checks page bounds its rounding).
    report.say("training identity: max |X − Γ(Y) − αβ| = " +
               kb::book::fmt(kb::max_abs(Matrix<double>(X - back.inverse_transform(kp.scores()) -
                                                        alpha * back.coefficients())),
                             2));
    write_csv("denoise.csv", {"x", "y", "ring", "noisy_x", "noisy_y", "denoised_x", "denoised_y"},
              hcat({test_clean, labels_column(clean.label), Z, denoised}));
    report.say("figure data: " + data_dir + "/denoise.csv");
}

} // namespace

int main() {
    kb::book::Report report("Chapter 7 — Kernel PCA");
    conventions(report);
    derivation(report);
    algorithm8(report);
    circles(report);
    rings(report);
    s_surface(report);
    preimages(report);
    return report.finish();
}
