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
// Writes, relative to the working directory (the build directory under the `experiment`
// target), book/data/08-explicit-map/:
//   experiment_<dataset>_<kernel>_fisher.csv    split,label,f1,f2 (train and test points)
//   experiment_<dataset>_<kernel>_features.csv  the mapped test images φ(z) and a label column (for t-SNE)
//   experiment_summary.csv                      dataset,kernel,n_train,n_test,rank,kappa,exactness_digits,accuracy
//   experiment_sweep.csv                        dataset,per_class,pixels,k1,k2: test accuracy against n
// A data set whose file is missing is skipped with a message; the exit code is 0 iff at
// least one data set ran.
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

namespace fs = std::filesystem;
using kb::Matrix;

namespace {

const std::string out_dir = "book/data/08-explicit-map";

// The images of one data set, pixels scaled to [0, 1], one image per row: a pool for the
// training images and a pool for the test images (the same pool for the digits).
struct Source {
    std::string name;        // "digits" or "fashion" (file names)
    std::string description; // for the printed output
    std::string protocol;    // how training and test images are chosen
    Matrix<double> Xa, Xb;   // training pool, test pool (Xb empty: test images come from Xa)
    std::vector<int> ya, yb;
    Eigen::Index per_class = 0;             // images per class in each of training and test
    std::vector<Eigen::Index> sweep;        // smaller sizes, for the accuracy-versus-size table
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
    const std::string path = kb::datasets::sklearn_digits_csv;
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
             "training: the first n images of each class in the file; test: the next n", all.X / 16.0, {}, all.y, {}, 88, {20, 30, 40, 50, 60, 70, 80}};
    return s;
}

// Fashion-MNIST: training images are the first n of each class in the training file, test
// images the first n of each class in the separate test file (the paper's protocol: 500 of
// each class from MNIST's training and test sets). The first 4000 images of each file hold
// more than enough of each class; the whole file is still read and validated.
std::optional<Source> load_fashion() {
    const std::string dir = kb::datasets::fashion_mnist_dir;
    const std::vector<std::string> files = {dir + "/train-images-idx3-ubyte.gz", dir + "/train-labels-idx1-ubyte.gz",
                                            dir + "/t10k-images-idx3-ubyte.gz", dir + "/t10k-labels-idx1-ubyte.gz"};
    for (const auto& f : files)
        if (!fs::exists(f)) {
            std::cout << "fashion: SKIPPED — " << f << " is missing (Debian package dataset-fashion-mnist)\n";
            return std::nullopt;
        }
    const Eigen::Index head = 4000;
    const auto train_file = kb::io::read_idx_dataset(files[0], files[1], 0, head);
    const auto test_file = kb::io::read_idx_dataset(files[2], files[3], 0, head);
    Source s{"fashion",
             "Fashion-MNIST 28×28 (q = 784, pixels 0–255 divided by 255), classes 2 pullover, 4 coat, 7 sneaker",
             "training: the first n images of each class in train-images; test: the first n of each class in "
             "t10k-images",
             train_file.images.pixels / 255.0, test_file.images.pixels / 255.0, train_file.labels, test_file.labels, 300, {50, 100, 200}};
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
    const auto F = kb::fisher_discriminant(Ftrain, ytrain, 2);
    FisherRun out;
    out.Ptrain = kb::fisher_project(F, Ftrain);
    out.Ptest = kb::fisher_project(F, Ftest);
    out.accuracy = kb::classification_accuracy(kb::fisher_classify(F, Ftest), ytest);
    out.train_accuracy = kb::classification_accuracy(kb::fisher_classify(F, Ftrain), ytrain);
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
    const kb::ExplicitFeatureMap<double> phi(k, s.Xtrain, r.rank_tol);
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

} // namespace

int main() {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    std::vector<Result> results;
    std::ostringstream sweep_table, sweep_csv;
    sweep_csv << "dataset,per_class,pixels,k1,k2\n";
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
        // Test accuracy against the number of images per class: how robust is the ranking?
        const auto t1 = clock::now();
        std::vector<Eigen::Index> sizes = src->sweep;
        sizes.push_back(src->per_class);
        for (Eigen::Index n : sizes) {
            const std::vector<Result> r = n == src->per_class ? main_run : run_all(make_split(*src, n), false);
            sweep_csv << src->name << ',' << n << ',' << csv_number(r[0].accuracy) << ',' << csv_number(r[1].accuracy)
                      << ',' << csv_number(r[2].accuracy) << '\n';
            sweep_table << std::left << std::setw(9) << src->name << std::right << std::setw(6) << n << std::setw(9)
                        << significant(r[0].accuracy, 3) << std::setw(9) << significant(r[1].accuracy, 3) << std::setw(9)
                        << significant(r[2].accuracy, 3) << '\n';
        }
        std::cout << "  sweep over n: " << significant(seconds_since(t1), 3) << " s\n";
    }
    if (ran == 0) {
        std::cout << "No data set could be read: install the Debian packages python3-sklearn (digits) and/or "
                     "dataset-fashion-mnist (Fashion-MNIST). Nothing was written.\n";
        return 1;
    }
    std::ofstream(out_dir + "/experiment_sweep.csv") << sweep_csv.str();
    std::ofstream summary(out_dir + "/experiment_summary.csv");
    summary << "dataset,kernel,n_train,n_test,rank,kappa,exactness_digits,accuracy\n";
    std::cout << "\n"
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
    std::cout << "\nTest accuracy against n (images per class in each of training and test):\n"
              << std::left << std::setw(9) << "dataset" << std::right << std::setw(6) << "n" << std::setw(9) << "pixels"
              << std::setw(9) << "k1" << std::setw(9) << "k2" << '\n'
              << sweep_table.str();
    std::cout << "\nCSV files in " << out_dir << "/; total time " << significant(seconds_since(start), 3) << " s\n";
    return 0;
}
