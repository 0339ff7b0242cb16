// Chapter 8 — the paper's experiment (ghiasi section 4, eqs. 27–29, figures 1–4), run on
// the two image data sets this machine has: scikit-learn's 8×8 digits (classes 2, 4, 7, as
// in the paper) and Fashion-MNIST (classes 2 pullover, 4 coat, 7 sneaker).
//
// For each data set and each of the kernels k1 = ⟨x,z⟩⁹ and k2 = ((⟨2x−1,2z−1⟩+1)/2)⁹
// (pixels scaled to [0, 1], ⟨x,z⟩ = xᵀz/q): build the explicit map φ(z) = K^{+1/2}k_z on
// the training images (double, rank tolerance at the rounding level 64·N·ε·λ_max), check
// its exactness ⟨φ(x_n),φ(z)⟩ = k(x_n,z) on test images, map training and test images,
// fit multi-class Fisher LDA (2 directions) on the mapped training images, classify the
// mapped test images by the nearest projected class mean; and the same Fisher LDA on raw
// pixels as the baseline.
//
// Then the study (§8.10): the same features on repeated random stratified splits, several
// class triples and four classifiers — (a) the book's Fisher classifier (2 directions, ρ = 0,
// its rank policy, nearest projected class mean), (b) Fisher with a ridge ρ chosen on the training part, (c)
// 1-nearest-neighbour, (d) L2-regularised logistic regression (liblinear) with C chosen on
// the training part — on the raw pixels and in the explicit feature spaces of k1 and k2; the
// rank threshold τ of the map as a factor (three values); every paired difference with the
// plain and the corrected resampled t-test and Holm's correction over the whole family.
//
// Writes, relative to the working directory (the build directory under the `experiment`
// target), book/data/08-explicit-map/:
//   experiment_<dataset>_<kernel>_fisher.csv    split,label,f1,f2 (train and test points)
//   experiment_<dataset>_<kernel>_features.csv  the mapped test images φ(z) and a label column (for t-SNE)
//   experiment_summary.csv                      dataset,kernel,n_train,n_test,rank,kappa,exactness_digits,accuracy
//   experiment_pairs.csv                        dataset,a,b,accuracy: the pixel nearest-centroid accuracy of every pair
//   experiment_study_splits.csv                 one row per data set, triple, split, representation, classifier
//   experiment_study.csv                        mean test accuracy and its 95 % t-interval over the splits
//   experiment_paired.csv                       k2 − k1 per data set, triple, classifier: mean, t-interval, wins,
//                                               the corrected interval, p-values and Holm's adjusted p-value
//   experiment_tau.csv                          k1 and k2 at three rank thresholds τ (Fisher ρ = 0, 1-NN)
//   experiment_tests.csv                        the whole family of paired tests (k2 − k1, k2 − pixels, k2 − k1
//                                               at each τ): plain and corrected intervals, p-values, Holm
// A data set whose file is missing is skipped with a message; the exit code is 0 iff at
// least one data set ran. `--quick` runs 3 splits of one triple per data set (a smoke run).
//
//   cmake --build build --target experiment     (runs this program, then tsne.py)
#include "kernelbook/datasets.hpp"
#include "kernelbook/error.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/fisher.hpp"
#include "kernelbook/io.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/spectral.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <atomic>
#include <ctime>
#include <map>
#include <mutex>
#include <thread>

#include "kernelbook/evaluation.hpp"
#include "kernelbook/study_statistics.hpp"
#include "ch08.hpp"
#include "selection.hpp"
#include <linear.h>

#include <Eigen/QR>

namespace fs = std::filesystem;
using kb::Matrix;

namespace {

using kb::ch08::inner_split;
using kb::ch08::InnerSplit;
using kb::ch08::Triple;

const std::string out_dir = "book/data/08-explicit-map";

// The images of one data set, pixels scaled to [0, 1], one image per row: a pool for the
// training images and a pool for the test images (the same pool for the digits).
struct Source {
    std::string name;        // "digits" or "fashion" (file names)
    std::string description; // for the printed output
    std::string protocol;    // how training and test images are chosen
    Matrix<double> Xa, Xb;   // training pool, test pool (Xb empty: test images come from Xa)
    std::vector<int> ya, yb;
    Eigen::Index per_class = 0;             // images per class in each of training and test (main run)
    Eigen::Index study_per_class = 0;       // the same in the study's splits
    Eigen::Index pair_sample = 0;           // images per class for the pair criterion (fit and evaluate)
};

// Training and test images of one run, one image per row.
struct Split {
    std::string name;
    Matrix<double> Xtrain, Xtest;
    std::vector<int> ytrain, ytest;
};

// The classes of both data sets: the paper's digits 2, 4 and 7; in Fashion-MNIST the same
// labels are 2 pullover, 4 coat and 7 sneaker — one pair that is hard to tell apart
// (pullover and coat have the same outline) and one easy class.
const std::vector<int> classes = {2, 4, 7};

// scikit-learn's digits: 1797 images, 177–181 of digits 2, 4, 7, so at most 88 per class in
// each of two disjoint halves. Training: the first n of each class; test: the next n.
std::optional<Source> load_digits() {
    const std::string path = kb::datasets::sklearn_digits_csv();
    if (!fs::exists(path)) {
        std::cout << "digits: SKIPPED — " << path << " is missing (Debian package python3-sklearn)\n";
        return std::nullopt;
    }
    const kb::io::LabelledData all = kb::io::read_digits_csv(path);
    std::cout << "digits: images per class in the file:";
    for (std::size_t i = 0; i < classes.size(); ++i)
        std::cout << (i ? ", " : " ") << classes[i] << ": " << std::count(all.y.begin(), all.y.end(), classes[i]);
    std::cout << '\n';
    Source s{"digits", "scikit-learn digits 8×8 (q = 64, pixels 0–16 divided by 16), classes 2, 4, 7",
             "training: the first n images of each class in the file; test: the next n", all.X / 16.0, {}, all.y, {}, 88, 87, 40};
    return s;
}

// Fashion-MNIST: training images are the first n = 500 of each class in the training file,
// test images the first 500 of each class in the separate test file (the paper's protocol,
// ghiasi section 4: 500 of each class from MNIST's training and test sets; the digits have
// too few images for it and keep at most 88 per class in each half). The study draws its training images from
// the first 20000 of the training file (about 2000 per class) and its test images from the
// whole test file (1000 per class).
std::optional<Source> load_fashion() {
    const std::string dir = kb::datasets::fashion_mnist_dir();
    const std::vector<std::string> files = {dir + "/train-images-idx3-ubyte.gz", dir + "/train-labels-idx1-ubyte.gz",
                                            dir + "/t10k-images-idx3-ubyte.gz", dir + "/t10k-labels-idx1-ubyte.gz"};
    for (const auto& f : files)
        if (!fs::exists(f)) {
            std::cout << "fashion: SKIPPED — " << f << " is missing (Debian package dataset-fashion-mnist)\n";
            return std::nullopt;
        }
    const auto train_file = kb::io::read_idx_dataset(files[0], files[1], 0, 20000);
    const auto test_file = kb::io::read_idx_dataset(files[2], files[3]);
    Source s{"fashion",
             "Fashion-MNIST 28×28 (q = 784, pixels 0–255 divided by 255), classes 2 pullover, 4 coat, 7 sneaker",
             "training: the first n images of each class in train-images; test: the first n of each class in "
             "t10k-images",
             train_file.images.pixels / 255.0, test_file.images.pixels / 255.0, train_file.labels, test_file.labels, 500, 500, 100};
    return s;
}

Split make_split(const Source& src, Eigen::Index n) {
    const auto train = kb::datasets::select_classes(src.Xa, src.ya, classes, n, 0);
    const auto test = src.Xb.size() == 0 ? kb::datasets::select_classes(src.Xa, src.ya, classes, n, n)
                                         : kb::datasets::select_classes(src.Xb, src.yb, classes, n, 0);
    return {src.name, train.X, test.X, train.y, test.y};
}

// One row of the summary table.
struct Result {
    std::string dataset, kernel;
    Eigen::Index n_train = 0, n_test = 0, rank = 0;
    double kappa = 0, kappa_full = 0, rank_tol = 0, exactness_digits = 0, accuracy = 0, train_accuracy = 0;
    double self_min = 0, self_max = 0; // range of k(x, x) over the training images
    bool mapped = false;               // false for the raw-pixel baseline
};

std::string csv_number(double v) {
    std::ostringstream os;
    os << std::setprecision(9) << v;
    return os.str();
}

void write_fisher_csv(const std::string& path, const Matrix<double>& Ptrain, const std::vector<int>& ytrain,
                      const Matrix<double>& Ptest, const std::vector<int>& ytest) {
    std::ofstream csv(path);
    csv << "split,label,f1,f2\n";
    for (Eigen::Index n = 0; n < Ptrain.rows(); ++n)
        csv << "train," << ytrain[static_cast<std::size_t>(n)] << ',' << csv_number(Ptrain(n, 0)) << ','
            << csv_number(Ptrain(n, 1)) << '\n';
    for (Eigen::Index n = 0; n < Ptest.rows(); ++n)
        csv << "test," << ytest[static_cast<std::size_t>(n)] << ',' << csv_number(Ptest(n, 0)) << ','
            << csv_number(Ptest(n, 1)) << '\n';
}

void write_features_csv(const std::string& path, const Matrix<double>& F, const std::vector<int>& y) {
    std::ofstream csv(path);
    for (Eigen::Index j = 0; j < F.cols(); ++j) csv << 'p' << j + 1 << ',';
    csv << "label\n";
    for (Eigen::Index n = 0; n < F.rows(); ++n) {
        for (Eigen::Index j = 0; j < F.cols(); ++j) csv << csv_number(F(n, j)) << ',';
        csv << y[static_cast<std::size_t>(n)] << '\n';
    }
}

// Fisher LDA with 2 directions on the given training representation; accuracy of the
// nearest projected class mean on the test representation (and on the training one).
struct FisherRun {
    Matrix<double> Ptrain, Ptest;
    double accuracy = 0, train_accuracy = 0;
};

FisherRun run_fisher(const Matrix<double>& Ftrain, const std::vector<int>& ytrain, const Matrix<double>& Ftest,
                     const std::vector<int>& ytest) {
    const auto F = kb::FisherDiscriminant(Ftrain, ytrain, {.components = 2});
    FisherRun out;
    out.Ptrain = F.transform(Ftrain);
    out.Ptest = F.transform(Ftest);
    out.accuracy = kb::classification_accuracy(F.predict(Ftest), ytest);
    out.train_accuracy = kb::classification_accuracy(F.predict(Ftrain), ytrain);
    return out;
}

// The explicit map of one kernel on one data set, and Fisher LDA in its feature space.
template <class Kernel>
Result run_kernel(const Split& s, const std::string& kernel_name, const Kernel& k, bool write_csv) {
    Result r;
    r.dataset = s.name;
    r.kernel = kernel_name;
    r.mapped = true;
    r.n_train = s.Xtrain.rows();
    r.n_test = s.Xtest.rows();
    const Eigen::Index N = s.Xtrain.rows();
    // The rank tolerance: the rounding level ρ = 64·N·ε·λ_max of K in double. Eigenvalues at
    // or below it are not determined by K in double (chapter 8.4), so the map keeps the
    // r eigenvalues above it: φ(z) = K^{+1/2}k_z, still exact at the training points.
    const kb::SymmetricEigen<double> eig = kb::symmetric_eigen(kb::gram(k, s.Xtrain));
    r.rank_tol = kb::psd_rounding_tolerance<double>(N, eig.values(0));
    r.kappa_full = eig.values(N - 1) > 0 ? eig.values(0) / eig.values(N - 1) : INFINITY;
    const kb::ExplicitFeatureMap<double> phi(k, s.Xtrain, {.rank_tolerance = r.rank_tol});
    r.rank = phi.rank();
    r.kappa = phi.condition_number();
    r.self_min = phi.gram().diagonal().minCoeff();
    r.self_max = phi.gram().diagonal().maxCoeff();
    const Matrix<double> Ftrain = phi.training_features();
    const Matrix<double> kZ = phi.kernel_columns(s.Xtest); // N×M: k(x_n, z_m)
    const Matrix<double> Ftest = phi.transform_columns(kZ);
    // Exactness ⟨φ(x_n), φ(z_m)⟩ = k(x_n, z_m) for every training image and every test
    // image, as digits of agreement relative to the largest kernel value.
    const Matrix<double> inner = Ftrain * Ftest.transpose();
    const double error = (inner - kZ).cwiseAbs().maxCoeff();
    const double scale = kZ.cwiseAbs().maxCoeff();
    r.exactness_digits = error > 0 ? -std::log10(error / scale) : 16.0;
    const FisherRun f = run_fisher(Ftrain, s.ytrain, Ftest, s.ytest);
    r.accuracy = f.accuracy;
    r.train_accuracy = f.train_accuracy;
    if (write_csv) {
        const std::string stem = out_dir + "/experiment_" + s.name + "_" + kernel_name;
        write_fisher_csv(stem + "_fisher.csv", f.Ptrain, s.ytrain, f.Ptest, s.ytest);
        write_features_csv(stem + "_features.csv", Ftest, s.ytest);
    }
    return r;
}

Result run_baseline(const Split& s) {
    Result r;
    r.dataset = s.name;
    r.kernel = "pixels";
    r.n_train = s.Xtrain.rows();
    r.n_test = s.Xtest.rows();
    const FisherRun f = run_fisher(s.Xtrain, s.ytrain, s.Xtest, s.ytest);
    r.accuracy = f.accuracy;
    r.train_accuracy = f.train_accuracy;
    return r;
}

std::string significant(double v, int digits) {
    std::ostringstream os;
    os << std::setprecision(digits) << v;
    return os.str();
}

// The baseline and both kernels on one split.
std::vector<Result> run_all(const Split& s, bool write_csv) {
    const int q = static_cast<int>(s.Xtrain.cols());
    return {run_baseline(s), run_kernel(s, "k1", kb::PixelPolynomialKernel<double>::ghiasi(q), write_csv),
            run_kernel(s, "k2", kb::SignedPixelPolynomialKernel<double>::ghiasi(q), write_csv)};
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double cpu_seconds() { return double(std::clock()) / CLOCKS_PER_SEC; }

// ============================================================================ the study
// The same explicit features on S random stratified splits, several class triples and four
// classifiers (see §8.10 for the protocol and the reasons).

constexpr int n_splits = 20;
const std::vector<double> ridge_grid = {1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1, 10, 100};
// Logistic regression: C = c / (mean ‖x‖² over the training points), c from this grid, so
// that the grid means the same on representations of very different scales (k1's features
// have squared norms k1(x, x) down to 1e-18).
const std::vector<double> cost_grid = {1e-1, 1, 10, 100, 1e3, 1e4, 1e5};
const std::vector<std::string> representations = {"pixels", "k1", "k2"};
const std::vector<std::string> classifiers = {"fisher", "ridge_fisher", "1nn", "logreg"};
constexpr int n_rep = 3, n_clf = 4;
// The rank threshold τ of the explicit map as a factor of the study: the rounding level
// τ = 64·N·ε·λ_max of §8.9 (every other result of the study uses it), and τ = 10⁻⁴·λ_max and
// 10⁻²·λ_max (never below the rounding level). At each τ: Fisher with ρ = 0 and 1-NN.
constexpr int n_tau = 3;
const double relative_tau[n_tau] = {0, 1e-4, 1e-2}; // 0: the rounding level
const std::vector<std::string> tau_names = {"64Neps", "1e-4", "1e-2"};
const std::vector<std::string> tau_classifiers = {"fisher", "1nn"};
// Every split of the study has as many test as training images of each class: n_test/n_train = 1
// in the corrected resampled t-test (kb::corrected_resampled_t_test).
constexpr double test_to_train = 1.0;
// The family of Holm's correction: every paired test the study prints, at α = 0.05.
constexpr double family_alpha = 0.05;

std::string triple_name(const std::vector<int>& c) {
    std::string s;
    for (std::size_t i = 0; i < c.size(); ++i) s += (i ? "-" : "") + std::to_string(c[i]);
    return s;
}

// What one split gives: the test accuracy of every representation × classifier, and the
// ρ and c chosen on the training part.
struct SplitOutcome {
    double accuracy[n_rep][n_clf] = {};
    double rho[n_rep] = {}, cost[n_rep] = {};
    double tau_accuracy[2][n_tau][2] = {}; // [k1, k2][τ][Fisher ρ = 0, 1-NN]
    double tau_rank[2][n_tau] = {};        // rank r of the map at each τ
};

// ---------------------------------------------------------------- the classifiers
std::vector<int> fisher_predict(const kb::FisherDiscriminant<double>& F, const Matrix<double>& Z) {
    return F.predict(Z);
}

// (d) L2-regularised logistic regression (liblinear, solver L2R_LR: a trust-region Newton
// method, deterministic), one-versus-rest, with a bias feature 1.
struct LinearProblem {
    std::vector<std::vector<feature_node>> rows;
    std::vector<feature_node*> x;
    std::vector<double> y;
    problem prob{};
};

void fill_nodes(std::vector<feature_node>& row, const Matrix<double>& X, Eigen::Index n) {
    row.resize(static_cast<std::size_t>(X.cols() + 2));
    for (Eigen::Index j = 0; j < X.cols(); ++j) row[static_cast<std::size_t>(j)] = {int(j + 1), X(n, j)};
    row[static_cast<std::size_t>(X.cols())] = {int(X.cols() + 1), 1.0}; // the bias feature
    row[static_cast<std::size_t>(X.cols() + 1)] = {-1, 0.0};
}

void make_problem(LinearProblem& p, const Matrix<double>& X, const std::vector<int>& y) {
    p.rows.resize(static_cast<std::size_t>(X.rows()));
    p.x.resize(p.rows.size());
    p.y.assign(y.begin(), y.end());
    for (Eigen::Index n = 0; n < X.rows(); ++n) {
        fill_nodes(p.rows[static_cast<std::size_t>(n)], X, n);
        p.x[static_cast<std::size_t>(n)] = p.rows[static_cast<std::size_t>(n)].data();
    }
    p.prob.l = int(X.rows());
    p.prob.n = int(X.cols() + 1);
    p.prob.y = p.y.data();
    p.prob.x = p.x.data();
    p.prob.bias = -1; // the bias is the explicit last feature
}

std::vector<int> logreg_fit_predict(const LinearProblem& p, double C, const Matrix<double>& Z) {
    parameter param{};
    param.solver_type = L2R_LR;
    param.eps = 0.01;
    param.C = C;
    if (const char* err = check_parameter(&p.prob, &param)) kb::fail("logistic regression", "{}", err);
    model* m = train(&p.prob, &param);
    std::vector<int> out(static_cast<std::size_t>(Z.rows()));
    std::vector<feature_node> row;
    for (Eigen::Index n = 0; n < Z.rows(); ++n) {
        fill_nodes(row, Z, n);
        out[static_cast<std::size_t>(n)] = int(predict(m, row.data()));
    }
    free_and_destroy_model(&m);
    return out;
}

double mean_squared_norm(const Matrix<double>& X) { return X.rowwise().squaredNorm().mean(); }

// (d) The cost c of the grid with the best validation accuracy (ties: the smaller c, the more
// regularised fit).
double choose_cost(const InnerSplit& in) {
    LinearProblem p;
    make_problem(p, in.Xfit, in.yfit);
    const double unit = 1 / mean_squared_norm(in.Xfit);
    return kb::ch08::choose_on_grid(
        cost_grid, [&](double c) { return kb::classification_accuracy(logreg_fit_predict(p, c * unit, in.Xval), in.yval); },
        kb::ch08::Ties::smaller);
}

// Thread CPU seconds spent in each phase of the study (printed at the end).
std::atomic<long long> phase_us[6];
const char* phase_names[6] = {"kernel values", "explicit map", "choice of rho", "Fisher path", "1-NN", "logistic regression"};
struct PhaseTimer {
    int phase;
    timespec t0{};
    explicit PhaseTimer(int p) : phase(p) { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0); }
    ~PhaseTimer() {
        timespec t1{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        phase_us[phase] += (t1.tv_sec - t0.tv_sec) * 1000000LL + (t1.tv_nsec - t0.tv_nsec) / 1000;
    }
};

// All four classifiers on one representation of one split.
void run_classifiers(const Matrix<double>& Ftrain, const std::vector<int>& ytrain, const Matrix<double>& Ftest,
                     const std::vector<int>& ytest, const Triple& t, std::uint64_t inner_seed, double* accuracy,
                     double& rho, double& cost) {
    const InnerSplit in = inner_split(Ftrain, ytrain, t.classes, t.per_class, inner_seed);
    {
        const PhaseTimer timer(2);
        rho = kb::ch08::choose_ridge(in, ridge_grid);
    }
    std::optional<PhaseTimer> timer(std::in_place, 3);
    // (a) ρ = 0 (the book's Fisher classifier, kb::FisherDiscriminant's default) and (b) the chosen ρ,
    // from one eigen-decomposition of S_w.
    const auto path = kb::fisher_ridge_path(Ftrain, ytrain, 2, {0.0, rho});
    accuracy[0] = kb::classification_accuracy(fisher_predict(path[0], Ftest), ytest);
    accuracy[1] = kb::classification_accuracy(fisher_predict(path[1], Ftest), ytest);
    timer.emplace(4);
    // (c) 1-nearest-neighbour in the representation.
    accuracy[2] = kb::classification_accuracy(kb::nearest_neighbour_classify(Ftrain, ytrain, Ftest), ytest);
    // (d) logistic regression with c chosen on the inner split, refitted on the whole training part.
    timer.emplace(5);
    cost = choose_cost(in);
    LinearProblem p;
    make_problem(p, Ftrain, ytrain);
    accuracy[3] = kb::classification_accuracy(logreg_fit_predict(p, cost / mean_squared_norm(Ftrain), Ftest), ytest);
}

// One split: draw the training and test images, map them with k1 and k2, run everything.
SplitOutcome run_split(const Source& src, const Triple& t, int split) {
    // Seeds: split s of every triple uses seed s for the training pool and 1000 + s for a
    // separate test pool; the inner splits use 2000 + s.
    const auto seed = static_cast<std::uint64_t>(split);
    Matrix<double> Xtr, Xte;
    std::vector<int> ytr, yte;
    if (src.Xb.size() == 0) {
        const auto parts = kb::stratified_parts(src.ya, t.classes, {t.per_class, t.per_class}, seed);
        kb::take_rows(src.Xa, src.ya, parts[0], Xtr, ytr);
        kb::take_rows(src.Xa, src.ya, parts[1], Xte, yte);
    } else {
        const auto train = kb::stratified_parts(src.ya, t.classes, {t.per_class}, seed);
        const auto test = kb::stratified_parts(src.yb, t.classes, {t.per_class}, 1000 + seed);
        kb::take_rows(src.Xa, src.ya, train[0], Xtr, ytr);
        kb::take_rows(src.Xb, src.yb, test[0], Xte, yte);
    }
    SplitOutcome out;
    const std::uint64_t inner_seed = 2000 + seed;
    run_classifiers(Xtr, ytr, Xte, yte, t, inner_seed, out.accuracy[0], out.rho[0], out.cost[0]);
    for (int r = 1; r <= 2; ++r) {
        std::optional<PhaseTimer> timer(std::in_place, 0);
        // k1 and k2 as polynomial kernels of rescaled pixels (ch08.hpp): one matrix product.
        const Matrix<double> K = kb::ch08::pixel_kernel_gram(r == 2, Xtr);
        const Matrix<double> kZ = kb::ch08::pixel_kernel_values(r == 2, Xte, Xtr);
        timer.emplace(1);
        // φ in the eigenbasis of K (ch08.hpp): the same inner products as kb::ExplicitFeatureMap.
        const kb::SymmetricEigen<double> eig = kb::symmetric_eigen(K);
        const double rounding = kb::psd_rounding_tolerance<double>(K.rows(), eig.values(0));
        const kb::ch08::EigenbasisFeatures f = kb::ch08::eigenbasis_features(eig, kZ, rounding);
        timer.reset();
        run_classifiers(f.train, ytr, f.test, yte, t, inner_seed, out.accuracy[r], out.rho[r], out.cost[r]);
        // The rank threshold as a factor: τ = 0 gives the classifiers above.
        auto& ta = out.tau_accuracy[r - 1];
        ta[0][0] = out.accuracy[r][0];
        ta[0][1] = out.accuracy[r][2];
        out.tau_rank[r - 1][0] = double(f.rank);
        for (int i = 1; i < n_tau; ++i) {
            const PhaseTimer tau_timer(3);
            const double tau = std::max(rounding, relative_tau[i] * eig.values(0));
            const kb::ch08::EigenbasisFeatures g = kb::ch08::eigenbasis_features(eig, kZ, tau);
            out.tau_rank[r - 1][i] = double(g.rank);
            const auto path = kb::fisher_ridge_path(g.train, ytr, 2, {0.0});
            ta[i][0] = kb::classification_accuracy(fisher_predict(path[0], g.test), yte);
            ta[i][1] = kb::classification_accuracy(kb::nearest_neighbour_classify(g.train, ytr, g.test), yte);
        }
    }
    return out;
}

// ---------------------------------------------------------------- choosing the triples
// The pair criterion: nearest-centroid accuracy on the raw pixels of each pair of classes,
// centroids from m images per class and accuracy on m others (a seeded stratified sample,
// seed 0, of the training pool). Cheap, and a fair proxy for how hard a pair is.
kb::ch08::PairAccuracies pair_accuracies(const Source& src) {
    std::vector<int> all(10);
    for (int c = 0; c < 10; ++c) all[static_cast<std::size_t>(c)] = c;
    const auto parts = kb::stratified_parts(src.ya, all, {src.pair_sample, src.pair_sample}, 0);
    Matrix<double> Xf, Xe;
    std::vector<int> yf, ye;
    kb::take_rows(src.Xa, src.ya, parts[0], Xf, yf);
    kb::take_rows(src.Xa, src.ya, parts[1], Xe, ye);
    return kb::ch08::nearest_centroid_pair_accuracies(Xf, yf, Xe, ye);
}

// ---------------------------------------------------------------- running and reporting
struct StudyRow {
    std::string dataset;
    Triple triple;
    std::vector<SplitOutcome> splits;
};

std::vector<SplitOutcome> run_triple(const Source& src, const Triple& t, int splits, int threads) {
    std::vector<SplitOutcome> out(static_cast<std::size_t>(splits));
    std::atomic<int> next{0};
    std::mutex error_mutex;
    std::string error;
    auto worker = [&] {
        for (int s = next++; s < splits; s = next++) {
            try {
                out[static_cast<std::size_t>(s)] = run_split(src, t, s + 1);
            } catch (const std::exception& e) {
                const std::lock_guard<std::mutex> lock(error_mutex);
                error = e.what();
            }
        }
    };
    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i) pool.emplace_back(worker);
    for (auto& th : pool) th.join();
    if (!error.empty()) throw std::runtime_error(error);
    return out;
}

std::vector<double> column(const std::vector<SplitOutcome>& s, int rep, int clf) {
    std::vector<double> v;
    for (const SplitOutcome& o : s) v.push_back(o.accuracy[rep][clf]);
    return v;
}

std::vector<double> tau_column(const std::vector<SplitOutcome>& s, int kernel, int tau, int clf) {
    std::vector<double> v;
    for (const SplitOutcome& o : s) v.push_back(o.tau_accuracy[kernel][tau][clf]);
    return v;
}

// One paired test of the family: B − A on the same splits, with the plain and the corrected
// resampled t-test and Holm's adjusted p-values over the whole family.
struct FamilyTest {
    const StudyRow* row = nullptr;
    std::string comparison, tau, classifier;
    kb::PairedComparison paired;
    kb::ResampledTTest plain, corrected;
    double holm_plain = 1, holm_corrected = 1;
};

FamilyTest family_test(const StudyRow& row, std::string comparison, std::string tau, std::string classifier,
                       const std::vector<double>& a, const std::vector<double>& b) {
    FamilyTest f;
    f.row = &row;
    f.comparison = std::move(comparison);
    f.tau = std::move(tau);
    f.classifier = std::move(classifier);
    f.paired = kb::paired_comparison(a, b);
    std::vector<double> delta(a.size());
    for (std::size_t s = 0; s < a.size(); ++s) delta[s] = b[s] - a[s];
    f.plain = kb::plain_t_test(delta);
    f.corrected = kb::corrected_resampled_t_test(delta, test_to_train);
    return f;
}

// The family: for every data set, triple and classifier, k2 − k1 and k2 − pixels at the rounding
// level; for every data set, triple and τ above it, k2 − k1 with Fisher ρ = 0 and with 1-NN.
std::vector<FamilyTest> family_of_tests(const std::vector<StudyRow>& rows) {
    std::vector<FamilyTest> out;
    for (const StudyRow& row : rows) {
        for (int c = 0; c < n_clf; ++c) {
            out.push_back(family_test(row, "k2-k1", tau_names[0], classifiers[c], column(row.splits, 1, c),
                                      column(row.splits, 2, c)));
            out.push_back(family_test(row, "k2-pixels", tau_names[0], classifiers[c], column(row.splits, 0, c),
                                      column(row.splits, 2, c)));
        }
        for (int i = 1; i < n_tau; ++i)
            for (int c = 0; c < 2; ++c)
                out.push_back(family_test(row, "k2-k1", tau_names[i], tau_classifiers[c], tau_column(row.splits, 0, i, c),
                                          tau_column(row.splits, 1, i, c)));
    }
    std::vector<double> p_plain, p_corrected;
    for (const FamilyTest& f : out) {
        p_plain.push_back(f.plain.p_value);
        p_corrected.push_back(f.corrected.p_value);
    }
    const std::vector<double> h_plain = kb::holm_adjusted_p_values(p_plain);
    const std::vector<double> h_corrected = kb::holm_adjusted_p_values(p_corrected);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].holm_plain = h_plain[i];
        out[i].holm_corrected = h_corrected[i];
    }
    return out;
}

std::string row_head(const StudyRow& row) {
    return row.dataset + "," + triple_name(row.triple.classes) + "," + row.triple.rule + "," +
           std::to_string(row.triple.per_class) + ",";
}

void write_study(const std::vector<StudyRow>& rows, const std::vector<FamilyTest>& family) {
    std::ofstream splits(out_dir + "/experiment_study_splits.csv");
    splits << "dataset,triple,rule,per_class,split,representation,classifier,accuracy,rho,c\n";
    std::ofstream study(out_dir + "/experiment_study.csv");
    study << "dataset,triple,rule,per_class,representation,classifier,splits,mean,lower,upper,sd,corrected_lower,"
             "corrected_upper\n";
    std::ofstream tau_csv(out_dir + "/experiment_tau.csv");
    tau_csv << "dataset,triple,rule,per_class,representation,tau,classifier,splits,mean,corrected_lower,corrected_upper,"
               "mean_rank\n";
    for (const StudyRow& row : rows) {
        const std::string head = row_head(row);
        for (std::size_t s = 0; s < row.splits.size(); ++s)
            for (int r = 0; r < n_rep; ++r)
                for (int c = 0; c < n_clf; ++c)
                    splits << head << s + 1 << ',' << representations[r] << ',' << classifiers[c] << ','
                           << csv_number(row.splits[s].accuracy[r][c]) << ',' << csv_number(row.splits[s].rho[r])
                           << ',' << csv_number(row.splits[s].cost[r]) << '\n';
        for (int r = 0; r < n_rep; ++r)
            for (int c = 0; c < n_clf; ++c) {
                const std::vector<double> v = column(row.splits, r, c);
                const kb::MeanInterval m = kb::t_interval(v);
                const kb::MeanInterval w = kb::corrected_resampled_t_test(v, test_to_train).interval;
                study << head << representations[r] << ',' << classifiers[c] << ',' << m.n << ','
                      << csv_number(m.mean) << ',' << csv_number(m.lower) << ',' << csv_number(m.upper) << ','
                      << csv_number(m.sd) << ',' << csv_number(w.lower) << ',' << csv_number(w.upper) << '\n';
            }
        for (int k = 0; k < 2; ++k)
            for (int i = 0; i < n_tau; ++i)
                for (int c = 0; c < 2; ++c) {
                    const kb::MeanInterval w =
                        kb::corrected_resampled_t_test(tau_column(row.splits, k, i, c), test_to_train).interval;
                    double rank = 0;
                    for (const SplitOutcome& o : row.splits) rank += o.tau_rank[k][i];
                    tau_csv << head << representations[k + 1] << ',' << tau_names[i] << ',' << tau_classifiers[c] << ','
                            << w.n << ',' << csv_number(w.mean) << ',' << csv_number(w.lower) << ','
                            << csv_number(w.upper) << ',' << csv_number(rank / double(row.splits.size())) << '\n';
                }
    }
    // k2 − k1 at the rounding level (the figure), and the whole family of tests.
    std::ofstream paired(out_dir + "/experiment_paired.csv");
    paired << "dataset,triple,rule,per_class,classifier,splits,mean_k2_minus_k1,lower,upper,k2_wins,ties,k1_wins,"
              "corrected_lower,corrected_upper,p_plain,p_corrected,holm_p_corrected\n";
    std::ofstream tests(out_dir + "/experiment_tests.csv");
    tests << "dataset,triple,rule,per_class,comparison,tau,classifier,splits,mean,lower,upper,corrected_lower,"
             "corrected_upper,p_plain,p_corrected,holm_p_plain,holm_p_corrected,b_wins,ties,a_wins\n";
    for (const FamilyTest& f : family) {
        const kb::MeanInterval& p = f.plain.interval;
        const kb::MeanInterval& w = f.corrected.interval;
        tests << row_head(*f.row) << f.comparison << ',' << f.tau << ',' << f.classifier << ',' << p.n << ','
              << csv_number(p.mean) << ',' << csv_number(p.lower) << ',' << csv_number(p.upper) << ','
              << csv_number(w.lower) << ',' << csv_number(w.upper) << ',' << csv_number(f.plain.p_value) << ','
              << csv_number(f.corrected.p_value) << ',' << csv_number(f.holm_plain) << ','
              << csv_number(f.holm_corrected) << ',' << f.paired.b_wins << ',' << f.paired.ties << ','
              << f.paired.a_wins << '\n';
        if (f.comparison == "k2-k1" && f.tau == tau_names[0])
            paired << row_head(*f.row) << f.classifier << ',' << p.n << ',' << csv_number(p.mean) << ','
                   << csv_number(p.lower) << ',' << csv_number(p.upper) << ',' << f.paired.b_wins << ','
                   << f.paired.ties << ',' << f.paired.a_wins << ',' << csv_number(w.lower) << ','
                   << csv_number(w.upper) << ',' << csv_number(f.plain.p_value) << ','
                   << csv_number(f.corrected.p_value) << ',' << csv_number(f.holm_corrected) << '\n';
    }
}

std::string interval_text(const kb::MeanInterval& m, bool sign) {
    std::ostringstream cell;
    if (sign) cell << std::showpos;
    cell << std::fixed << std::setprecision(3) << m.mean << " [" << m.lower << ", " << m.upper << "]";
    return cell.str();
}

void print_study_row(const StudyRow& row) {
    std::cout << "  " << triple_name(row.triple.classes) << " (" << row.triple.rule << ", " << row.triple.per_class
              << " per class), mean test accuracy [95 % t-interval] over " << row.splits.size() << " splits:\n";
    std::cout << "    " << std::left << std::setw(14) << "classifier" << std::setw(22) << "pixels" << std::setw(22)
              << "k1" << std::setw(22) << "k2" << "k2 − k1 (paired) [95 %], k2 wins/ties/k1 wins\n";
    for (int c = 0; c < n_clf; ++c) {
        std::cout << "    " << std::left << std::setw(14) << classifiers[c];
        for (int r = 0; r < n_rep; ++r) std::cout << std::setw(22) << interval_text(kb::t_interval(column(row.splits, r, c)), false);
        const kb::PairedComparison p = kb::paired_comparison(column(row.splits, 1, c), column(row.splits, 2, c));
        std::cout << interval_text(p.difference, true) << ", " << p.b_wins << '/' << p.ties << '/' << p.a_wins << '\n';
    }
    std::cout << "    rank threshold τ (Fisher ρ = 0 and 1-NN; mean accuracy, mean rank r):\n";
    for (int k = 0; k < 2; ++k)
        for (int i = 0; i < n_tau; ++i) {
            double rank = 0;
            for (const SplitOutcome& o : row.splits) rank += o.tau_rank[k][i];
            std::cout << "      " << representations[k + 1] << " τ = " << std::left << std::setw(7) << tau_names[i]
                      << " r = " << std::setw(7) << significant(rank / double(row.splits.size()), 4) << std::fixed
                      << std::setprecision(3) << " fisher " << kb::t_interval(tau_column(row.splits, k, i, 0)).mean
                      << "  1nn " << kb::t_interval(tau_column(row.splits, k, i, 1)).mean << std::defaultfloat << '\n';
        }
    std::cout << std::defaultfloat;
}

// The family of paired tests with Holm's correction.
void print_family(const std::vector<FamilyTest>& family) {
    std::size_t plain = 0, corrected = 0, holm_plain = 0, holm_corrected = 0;
    for (const FamilyTest& f : family) {
        plain += f.plain.p_value <= family_alpha;
        corrected += f.corrected.p_value <= family_alpha;
        holm_plain += f.holm_plain <= family_alpha;
        holm_corrected += f.holm_corrected <= family_alpha;
    }
    std::cout << "\nThe family of paired tests (" << family.size() << " tests; α = " << family_alpha
              << "): B − A on the same splits; plain t-interval (factor 1/J) and the corrected resampled one "
                 "(Nadeau–Bengio, factor 1/J + n_test/n_train = 1/J + "
              << test_to_train << "); p two-sided; Holm over the whole family\n"
              << "  rejected at " << family_alpha << ": plain " << plain << ", corrected " << corrected
              << ", plain with Holm " << holm_plain << ", corrected with Holm " << holm_corrected << "\n";
    for (const FamilyTest& f : family) {
        std::cout << "  " << std::left << std::setw(8) << f.row->dataset << std::setw(7)
                  << triple_name(f.row->triple.classes) << std::setw(10) << f.comparison << std::setw(7) << f.tau
                  << std::setw(13) << f.classifier << std::setw(25) << interval_text(f.plain.interval, true)
                  << " corrected [" << std::showpos << std::fixed << std::setprecision(3) << f.corrected.interval.lower
                  << ", " << f.corrected.interval.upper << "]" << std::noshowpos << std::defaultfloat
                  << std::setprecision(2) << "  p " << f.plain.p_value << " / " << f.corrected.p_value << "  Holm "
                  << f.holm_plain << " / " << f.holm_corrected << (f.holm_corrected <= family_alpha ? "  *" : "")
                  << std::setprecision(6) << "  wins " << f.paired.b_wins << '/' << f.paired.ties << '/'
                  << f.paired.a_wins << '\n';
    }
}

} // namespace

int main(int argc, char** argv) {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    const double cpu_start = cpu_seconds();
    const bool quick = argc > 1 && std::string(argv[1]) == "--quick";
    set_print_string_function([](const char*) {}); // liblinear: no progress output
    const unsigned hw = std::thread::hardware_concurrency();
    const int threads = static_cast<int>(std::clamp(hw == 0 ? 1u : hw, 1u, 2u));
    std::vector<Result> results;
    std::vector<StudyRow> study;
    std::ostringstream pairs_csv;
    pairs_csv << "dataset,a,b,accuracy\n";
    int ran = 0;
    for (auto load : {load_digits, load_fashion}) {
        const auto t0 = clock::now();
        std::optional<Source> src;
        try {
            src = load();
        } catch (const kb::error& e) {
            std::cout << "SKIPPED — a data file could not be read: " << e.what() << '\n';
            continue;
        }
        if (!src) continue;
        ++ran;
        fs::create_directories(out_dir);
        std::cout << src->description << "\n  " << src->protocol << "; n = " << src->per_class << " per class: "
                  << 3 * src->per_class << " training and " << 3 * src->per_class << " test images\n";
        const std::vector<Result> main_run = run_all(make_split(*src, src->per_class), true);
        results.insert(results.end(), main_run.begin(), main_run.end());
        std::cout << "  main run: " << significant(seconds_since(t0), 3) << " s\n";
        // The study.
        const auto acc = pair_accuracies(*src);
        for (const auto& [ab, v] : acc)
            pairs_csv << src->name << ',' << ab.first << ',' << ab.second << ',' << csv_number(v) << '\n';
        const bool fashion = src->name == "fashion";
        std::vector<Triple> triples =
            kb::ch08::choose_triples(acc, fashion ? 2 : 3, src->study_per_class, fashion ? 100 : src->study_per_class);
        if (quick) triples.resize(1);
        std::cout << "  study: " << triples.size() << " triples, " << (quick ? 3 : n_splits) << " splits each, "
                  << threads << " thread(s)\n";
        for (const Triple& t : triples) {
            const auto t1 = clock::now();
            StudyRow row{src->name, t, run_triple(*src, t, quick ? 3 : n_splits, threads)};
            print_study_row(row);
            std::cout << "    (" << significant(seconds_since(t1), 3) << " s)\n";
            study.push_back(std::move(row));
        }
    }
    if (ran == 0) {
        std::cout << "No data set could be read: install the Debian packages python3-sklearn (digits) and/or "
                     "dataset-fashion-mnist (Fashion-MNIST). Nothing was written.\n";
        return 1;
    }
    std::ofstream(out_dir + "/experiment_pairs.csv") << pairs_csv.str();
    const std::vector<FamilyTest> family = family_of_tests(study);
    write_study(study, family);
    print_family(family);
    std::ofstream summary(out_dir + "/experiment_summary.csv");
    summary << "dataset,kernel,n_train,n_test,rank,kappa,exactness_digits,accuracy\n";
    std::cout << "\nMain run (one split: the first n images of each class):\n"
              << std::left << std::setw(9) << "dataset" << std::setw(8) << "kernel" << std::right << std::setw(7)
              << "train" << std::setw(6) << "test" << std::setw(6) << "rank" << std::setw(11) << "tau"
              << std::setw(11) << "kappa(K_r)" << std::setw(11) << "kappa(K)" << std::setw(9) << "digits"
              << std::setw(10) << "k(x,x)min" << std::setw(10) << "k(x,x)max" << std::setw(10) << "train acc"
              << std::setw(10) << "test acc" << '\n';
    for (const Result& r : results) {
        std::cout << std::left << std::setw(9) << r.dataset << std::setw(8) << r.kernel << std::right << std::setw(7)
                  << r.n_train << std::setw(6) << r.n_test;
        if (r.mapped)
            std::cout << std::setw(6) << r.rank << std::setw(11) << significant(r.rank_tol, 3) << std::setw(11)
                      << significant(r.kappa, 3) << std::setw(11) << significant(r.kappa_full, 3) << std::setw(9)
                      << significant(r.exactness_digits, 3) << std::setw(10) << significant(r.self_min, 3) << std::setw(10)
                      << significant(r.self_max, 3);
        else
            std::cout << std::setw(6) << "-" << std::setw(11) << "-" << std::setw(11) << "-" << std::setw(11) << "-"
                      << std::setw(9) << "-" << std::setw(10) << "-" << std::setw(10) << "-";
        std::cout << std::setw(10) << significant(r.train_accuracy, 3) << std::setw(10) << significant(r.accuracy, 3) << '\n';
        summary << r.dataset << ',' << r.kernel << ',' << r.n_train << ',' << r.n_test << ',';
        if (r.mapped)
            summary << r.rank << ',' << csv_number(r.kappa) << ',' << significant(r.exactness_digits, 3) << ',';
        else
            summary << ",,,";
        summary << csv_number(r.accuracy) << '\n';
    }
    std::cout << "\ntau: rank tolerance (the rounding level 64·N·ε·λ_max); kappa(K_r): λ_1/λ_r over the r kept "
                 "eigenvalues; kappa(K): λ_max/λ_min of the whole computed K (inf: λ_min ≤ 0);\n"
                 "digits: −log10(max|⟨φ(x_n),φ(z)⟩ − k(x_n,z)| / max|k(x_n,z)|) over all training × test pairs;\n"
                 "k(x,x): range of the self-similarity over the training images; accuracy: nearest projected class "
                 "mean in the 2-D Fisher space (chance: 1/3); pixels: Fisher LDA on the raw pixels.\n";
    std::cout << "\nCPU time of the study by phase (all threads):";
    for (int i = 0; i < 6; ++i) std::cout << (i ? ", " : " ") << phase_names[i] << ' ' << significant(phase_us[i] / 1e6, 3) << " s";
    std::cout << "\nCSV files in " << out_dir << "/; total time " << significant(seconds_since(start), 3)
              << " s wall, " << significant(cpu_seconds() - cpu_start, 3) << " s CPU (" << threads
              << " thread(s))\n";
    return 0;
}
