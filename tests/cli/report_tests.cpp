/// \file report_tests.cpp
/// \brief Every number of the command's reports against an independent value, in a case where
///        the plausible shortcut gives another number: the explained ratios with fewer
///        components than the rank (μ_j / tr K̃, not / the kept sum), λ = μ/N, the variances
///        λ/(N − 1), the masses and the residual of MDS, the map's κ over the kept eigenvalues
///        and its rounding level, the rank tolerances, --verify's digits measured on each
///        column's scale (columns at 10⁶ and 10⁻⁶), every width convention of the exponential
///        kernels in kpca, map and certify (double, 50 and 100 digits, exact), and every output
///        and report number of pca, mds, kpca and map at 2^±300 (bit for bit) and 10^±150
///        (within the bound) times the unscaled run. The references are closed forms of data
///        built for them (rational rotations, orthogonal columns, two points) computed here,
///        never by the code under test; each law has a companion: the shortcut's value, or the
///        wrong power, is rejected by the same bound.
#include "temp_dir.hpp"
#include "test_support.hpp"

#include "cli/cli.hpp"
#include "cli/report.hpp"

#include "kernelbook/csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace fs = std::filesystem;
using kb::cli::Json;
using kb::real100;
using kb::real50;

namespace {

using kb::test::cli::TempDir;

// The command in-process with --report - in JSON: the report, the exit code checked.
Json report(std::vector<std::string> args, int expect = kb::cli::success) {
    args.insert(args.begin(), "kernelbook");
    for (const char* a : {"--report", "-", "--report-format", "json"}) args.push_back(a);
    std::ostringstream out, err;
    const int code = kb::cli::run(args, out, err);
    CAPTURE(err.str());
    REQUIRE(code == expect);
    return Json::parse(out.str());
}

// The cells of an output CSV (header row left out).
std::vector<std::vector<std::string>> cells(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);
    std::vector<std::vector<std::string>> rows;
    while (std::getline(in, line)) {
        std::vector<std::string> row;
        std::istringstream fields(line);
        std::string f;
        while (std::getline(fields, f, ',')) row.push_back(f);
        rows.push_back(row);
    }
    return rows;
}

// A number of the report or of an output, in T (a double's shortest decimal reads back as that double).
// A double from its decimal (strtod: a subnormal number too, which std::stod refuses).
double to_double(const std::string& s) { return std::strtod(s.c_str(), nullptr); }

template <class T>
T parse(const std::string& s) {
    if constexpr (std::is_same_v<T, double>) return to_double(s);
    else return T(s);
}
template <class T>
T value(const Json& j) {
    return parse<T>(j.get<std::string>());
}

template <class T>
const char* precision_option() {
    if constexpr (std::is_same_v<T, double>) return "double";
    else if constexpr (std::is_same_v<T, real50>) return "50";
    else return "100";
}

template <class T>
T abs_of(const T& x) {
    using std::abs;
    return abs(x);
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Six points of R³ whose centred scatter XᵀX has the eigenvalues 18, 8, 2 (trace 28): the
// rows ±3·(0.6, 0.8, 0), ±2·(−0.8, 0.6, 0), ±(0, 0, 1) (a rational rotation of the axes), plus
// the mean (1, −2, 0.5). The largest squared norm of a row is 20.25 (max|K| of the linear kernel).
const char* const rotated_axes = "a,b,c\n2.8,0.4,0.5\n-0.8,-4.4,0.5\n-0.6,-0.8,0.5\n2.6,-3.2,0.5\n1,-2,1.5\n1,-2,-0.5\n";

template <class T>
void pca_report_numbers() {
    TempDir t;
    const std::string data = t.file("d.csv", rotated_axes);
    const std::string prec = precision_option<T>();
    // Eigenvalues: the backward error of the SVD on ‖X‖₂² = 18; ratios and shares: the same over the
    // trace (below the bound at scale 1).
    const auto eig = kb::test::factorisation<T>(6, T(18));
    const auto share = kb::test::factorisation<T>(6, T(1));
    for (const int p : {1, 2}) {
        CAPTURE(p);
        const Json j = report({"pca", "-p", std::to_string(p), "--precision", prec, "--out", t.path("p.csv"), data});
        CHECK(j["components"] == p);
        CHECK(j["rank"] == 3);
        // The precision the run was asked for: 15 digits of a double (its digits10), or 50.
        CHECK(j["precision"]["decimal_digits"] == (std::is_same_v<T, double> ? std::numeric_limits<double>::digits10 : 50));
        if constexpr (std::is_same_v<T, double>) CHECK(value<double>(j["precision"]["epsilon"]) == std::ldexp(1.0, -52));
        const T lambda[] = {T(18), T(8), T(2)};
        REQUIRE(j["eigenvalues"]["values"].size() == 3);
        for (int k = 0; k < 3; ++k)
            KB_CHECK_WITHIN(value<T>(j["eigenvalues"]["values"][k]) - lambda[k], eig, "λ_k of XᵀX");
        REQUIRE(j["variances"]["values"].size() == std::size_t(p));
        REQUIRE(j["explained_variance_ratio"].size() == std::size_t(p));
        T kept = 0, kept_sum = 0;
        for (int k = 0; k < p; ++k) {
            kept_sum += lambda[k];
            const T variance = value<T>(j["variances"]["values"][k]);
            KB_CHECK_WITHIN(variance - lambda[k] / 5, eig, "variance λ_k/(N − 1)");
            KB_CHECK_EXCEEDS(variance - lambda[k] / 6, eig, "a variance λ_k/N (the 1/N shortcut)");
            const T ratio = value<T>(j["explained_variance_ratio"][k]);
            kept += lambda[k] / 28;
            KB_CHECK_WITHIN(ratio - lambda[k] / 28, share, "explained ratio λ_k / tr(XᵀX)");
        }
        for (int k = 0; k < p; ++k)
            KB_CHECK_EXCEEDS(value<T>(j["explained_variance_ratio"][k]) - lambda[k] / kept_sum, share,
                             "a ratio over the kept eigenvalues (the shortcut)");
        KB_CHECK_WITHIN(value<T>(j["explained_variance_kept"]) - kept, share, "the kept share Σ_{k≤p} λ_k / tr");
        // The rank tolerance max(N, q)·ε·‖X‖_F² = 6·ε·28, up to the rounding of the trace.
        const T tau = T(6) * kb::epsilon<T>() * T(28);
        const auto tau_bound = kb::test::one_pass<T>(18, T(6) * kb::epsilon<T>() * T(28));
        KB_CHECK_WITHIN(value<T>(j["rank_tolerance"]) - tau, tau_bound, "PCA's rank tolerance max(N, q)·ε·‖X‖_F²");
        KB_CHECK_EXCEEDS(value<T>(j["rank_tolerance"]) - T(6) * kb::epsilon<T>() * T(18), tau_bound,
                         "a tolerance on λ_max instead of the trace");
        const T mean[] = {T(1), T(-2), parse<T>("0.5")};
        for (int c = 0; c < 3; ++c)
            KB_CHECK_WITHIN(value<T>(j["mean"][c]) - mean[c], kb::test::one_pass<T>(6, parse<T>("4.4")), "the column mean");
        // The first loading: (0.6, 0.8, 0), signed by the book's rule (its largest entry positive).
        const T axis[] = {parse<T>("0.6"), parse<T>("0.8"), T(0)};
        for (int c = 0; c < 3; ++c)
            KB_CHECK_WITHIN(value<T>(j["loadings"][0][c]) - axis[c], kb::test::subspace<T>(6, T(18), T(10)), "loading 1");
    }
}

template <class T>
void kpca_report_numbers() {
    TempDir t;
    const std::string data = t.file("d.csv", rotated_axes);
    const std::string prec = precision_option<T>();
    // The linear kernel: K̃ = JKJ = XXᵀ of the centred points, with the eigenvalues μ = 18, 8, 2, 0, 0, 0
    // (those of XᵀX), tr K̃ = 28. ‖K‖ ≤ N·max|K| = 6·20.25 bounds the backward error of the eigensolver.
    const auto eig = kb::test::factorisation<T>(6, T(6) * parse<T>("20.25"));
    const auto share = kb::test::factorisation<T>(6, parse<T>("20.25") / T(28) * T(6));
    for (const int p : {1, 2}) {
        CAPTURE(p);
        const Json j = report({"kpca", "--kernel", "linear", "-p", std::to_string(p), "--precision", prec, "--out",
                               t.path("y.csv"), data});
        CHECK(j["components"] == p);
        CHECK(j["rank"] == 3);
        const T mu[] = {T(18), T(8)};
        REQUIRE(j["eigenvalues_mu"]["values"].size() == std::size_t(p));
        REQUIRE(j["eigenvalues_lambda"]["values"].size() == std::size_t(p));
        REQUIRE(j["explained_variance_ratio"]["values"].size() == std::size_t(p));
        T kept_sum = 0;
        for (int k = 0; k < p; ++k) kept_sum += mu[k];
        for (int k = 0; k < p; ++k) {
            KB_CHECK_WITHIN(value<T>(j["eigenvalues_mu"]["values"][k]) - mu[k], eig, "μ_k of K̃");
            const T lambda = value<T>(j["eigenvalues_lambda"]["values"][k]);
            KB_CHECK_WITHIN(lambda - mu[k] / 6, eig, "λ_k = μ_k/N");
            KB_CHECK_EXCEEDS(lambda - mu[k] / 5, eig, "λ_k = μ_k/(N − 1) (the wrong normalisation)");
            const T ratio = value<T>(j["explained_variance_ratio"]["values"][k]);
            KB_CHECK_WITHIN(ratio - mu[k] / 28, share, "explained ratio μ_k / tr K̃");
            KB_CHECK_EXCEEDS(ratio - mu[k] / kept_sum, share, "a ratio over the kept μ (the shortcut)");
        }
        // τ = 64·N·ε·(N·max|K|), max|K| = 20.25 up to the rounding of one inner product.
        const T tau = T(64 * 6 * 6) * kb::epsilon<T>() * parse<T>("20.25");
        KB_CHECK_WITHIN(value<T>(j["rank_tolerance"]) - tau, kb::test::one_pass<T>(3, tau), "kernel PCA's rank tolerance");
        // The smallest eigenvalue of K̃ is 0 (the constant vector; here three of them): rounding only.
        KB_CHECK_WITHIN(value<T>(j["smallest_eigenvalue"]), eig, "the smallest eigenvalue of K̃ (0)");
    }
}

} // namespace

TEST_CASE("pca's report: eigenvalues, variances over N - 1, explained ratios over the trace with fewer components "
          "than the rank, the mean, the first axis and the rank tolerance, in double and 50 digits") {
    pca_report_numbers<double>();
    pca_report_numbers<real50>();
}

TEST_CASE("kpca's report: mu and lambda = mu/N, explained ratios over tr K~ with fewer components than the rank, the "
          "rank, the rank tolerance and the smallest eigenvalue, in double and 50 digits") {
    kpca_report_numbers<double>();
    kpca_report_numbers<real50>();
}

TEST_CASE("kpca's Lanczos route on a Gram matrix of rank 2: the rank found exactly, mu_1 and mu_2 of the closed form, "
          "the ratios over the trace and a remainder bound at the rounding level") {
    // The default components (at most 10, as many as the rank allows). 200 points of the plane, a_i = (i mod 7) − 3 and b_i = (i mod 11)/4 + i/100: the linear kernel's K̃ has
    // rank 2 and the two eigenvalues of the 2×2 scatter S = X_cᵀX_c, computed here in 100 digits from the decimals.
    TempDir t;
    const int N = 200;
    std::string text;
    std::vector<std::array<real100, 2>> x;
    for (int i = 0; i < N; ++i) {
        const std::string a = std::to_string(i % 7 - 3), b = fmt::format("{}", (i % 11) * 0.25 + i * 0.01);
        text += a + "," + b + "\n";
        x.push_back({real100(a), real100(b)});
    }
    std::array<real100, 2> mean = {0, 0};
    for (const auto& r : x)
        for (int c = 0; c < 2; ++c) mean[c] += r[c] / N;
    real100 s11 = 0, s12 = 0, s22 = 0, largest = 0;
    for (const auto& r : x) {
        s11 += (r[0] - mean[0]) * (r[0] - mean[0]);
        s12 += (r[0] - mean[0]) * (r[1] - mean[1]);
        s22 += (r[1] - mean[1]) * (r[1] - mean[1]);
        largest = std::max(largest, real100(r[0] * r[0] + r[1] * r[1]));
    }
    const real100 trace = s11 + s22, root = sqrt((s11 - s22) * (s11 - s22) + 4 * s12 * s12);
    const double mu[] = {static_cast<double>((trace + root) / 2), static_cast<double>((trace - root) / 2)};
    const Json j = report({"kpca", "--kernel", "linear", "--solver", "lanczos", "--out", t.path("y.csv"),
                           t.file("p.csv", text)});
    CHECK(j["rank"] == 2);
    CHECK(j["rank_is"].get<std::string>().find("found by the Lanczos route") != std::string::npos);
    // The backward error of the eigensolver on ‖K‖ ≤ N·max|K|.
    const auto eig = kb::test::factorisation<double>(N, N * static_cast<double>(largest));
    const Json& values = j["eigenvalues_mu"]["values"];
    REQUIRE(values.size() == 2);
    for (int k = 0; k < 2; ++k) {
        KB_CHECK_WITHIN(value<double>(values[k]) - mu[k], eig, "μ_k of K̃ (Lanczos)");
        KB_CHECK_WITHIN(value<double>(j["explained_variance_ratio"]["values"][k]) - mu[k] / static_cast<double>(trace),
                        kb::test::factorisation<double>(N, N * static_cast<double>(largest / trace)), "μ_k / tr K̃");
    }
    // c = ‖K̃ − Σ_j μ_j u_j u_jᵀ‖_F: 0 in exact arithmetic (rank 2), rounding here; a missing pair would leave μ₂.
    const double c = value<double>(j["remainder_bound"]["value"]);
    KB_CHECK_WITHIN(c, eig, "the remainder bound of a rank-2 K̃");
    KB_CHECK_EXCEEDS(mu[1], eig, "the remainder with the second pair left out");
    CHECK(c <= value<double>(j["rank_tolerance"]));
}

TEST_CASE("kpca --inverse: the report's ridge is the one given and its rows the score file's, and the pre-images are "
          "the closed form 2 x_i / (2 + alpha) of two points under the linear kernel") {
    // X = (1, −1)ᵀ, linear kernel, p = 1: K̃ = K = [[1, −1], [−1, 1]], μ = 2, the training scores
    // y = s·(1, −1)ᵀ with s = ±1, K_Y = yyᵀ = K. X is K_Y's eigenvector of eigenvalue 2, so
    // β = (K_Y + αI)⁻¹X = X/(2 + α) and Γ(y_i) = Σ_j β_j y_j y_i = 2x_i/(2 + α), whatever s is:
    // 8/9 at α = 1/4, 2/3 at the default α = 1 (the companion).
    TempDir t;
    const std::string data = t.file("x.csv", "1\n-1\n");
    report({"kpca", "--kernel", "linear", "-p", "1", "--out", t.path("y.csv"), data});
    const std::string scores = t.path("y.csv");
    const Json j = report({"kpca", "--kernel", "linear", "-p", "1", "--inverse", scores, "--ridge", "0.25", "--out",
                           t.path("back.csv"), data});
    CHECK(j["inverse"]["rows"] == 2);
    CHECK(value<double>(j["inverse"]["ridge"]) == 0.25);
    const auto back = cells(t.read("back.csv"));
    REQUIRE(back.size() == 2);
    // A 2×2 solve and two short sums of numbers of size ≤ 2.
    const auto bound = kb::test::factorisation<double>(2, 2.0);
    for (int i = 0; i < 2; ++i) {
        const double x = i == 0 ? 1.0 : -1.0;
        KB_CHECK_WITHIN(to_double(back[i][0]) - 2 * x / 2.25, bound, "Γ(y_i) = 2x_i/(2 + α) at α = 1/4");
        KB_CHECK_EXCEEDS(to_double(back[i][0]) - 2 * x / 3, bound, "the default ridge α = 1 in its place");
    }
}

TEST_CASE("the input section gives the data file's rows and columns, not swapped, in pca, kpca and map") {
    // Five points of R³ (5 rows, 3 columns): a report that swapped them would say 3 and 5. (mds
    // reads a square matrix, where a swap cannot show.)
    TempDir t;
    const std::string data = t.file("x.csv", "0,0,1\n1,0,0\n0,2,0\n1,1,1\n2,0,1\n");
    const std::vector<std::vector<std::string>> commands = {
        {"pca", "-p", "1", "--out", t.path("a.csv"), data},
        {"kpca", "--kernel", "gaussian:gamma=0.5", "-p", "1", "--out", t.path("b.csv"), data},
        {"map", "--kernel", "gaussian:gamma=0.5", "--out", t.path("d.csv"), data}};
    for (const auto& args : commands) {
        CAPTURE(args[0]);
        const Json j = report(args);
        CHECK(j["input"]["rows"] == 5);
        CHECK(j["input"]["columns"] == 3);
    }
}

TEST_CASE("mds's report: the eigenvalues of B with a negative one, the counts, the negative and discarded masses "
          "over the sum of |lambda|, the residual and the coordinates") {
    // B = Q diag(4, 1) Qᵀ ⊕ (−1), Q the rotation (0.6, 0.8): Σ|λ| = 6; with p = 1 the discarded
    // mass is 1/6 (not 1/5 or 1/4), the negative mass 1/6, the residual ‖diag(1, −1)‖_F = √2.
    TempDir t;
    const std::string data = t.file("b.csv", "2.08,1.44,0\n1.44,2.92,0\n0,0,-1\n");
    const Json j = report({"mds", "--gram", "-p", "1", "--out", t.path("x.csv"), data});
    const auto eig = kb::test::factorisation<double>(3, 4);
    const double lambda[] = {4, 1, -1};
    for (int k = 0; k < 3; ++k) KB_CHECK_WITHIN(value<double>(j["eigenvalues"]["values"][k]) - lambda[k], eig, "λ_k of B");
    CHECK(j["positive_eigenvalues"] == 2);
    CHECK(j["negative_eigenvalues"] == 1);
    CHECK(j["components"] == 1);
    const double tau = 64 * 3 * kb::epsilon<double>() * 4;
    KB_CHECK_WITHIN(value<double>(j["zero_tolerance"]) - tau, kb::test::factorisation<double>(3, tau), "τ = 64·N·ε·max|λ|");
    const auto share = kb::test::factorisation<double>(3, 1);
    KB_CHECK_WITHIN(value<double>(j["negative_mass"]["value"]) - 1.0 / 6, share, "negative mass Σ|λ<0| / Σ|λ|");
    KB_CHECK_EXCEEDS(value<double>(j["negative_mass"]["value"]) - 1.0 / 5, share, "negative mass over the positive sum");
    KB_CHECK_WITHIN(value<double>(j["discarded_mass"]["value"]) - 1.0 / 6, share, "discarded mass λ₂ / Σ|λ|");
    KB_CHECK_EXCEEDS(value<double>(j["discarded_mass"]["value"]) - 1.0 / 4, share, "discarded mass over the kept");
    KB_CHECK_WITHIN(value<double>(j["residual"]["value"]) - std::sqrt(2.0), eig, "residual (λ₂² + λ₃²)^½");
    KB_CHECK_EXCEEDS(value<double>(j["residual"]["value"]) - 1.0, eig, "a residual of the positive eigenvalues only");
    // x₁ = √4·(0.6, 0.8, 0).
    const auto rows = cells(t.read("x.csv"));
    const double x[] = {1.2, 1.6, 0};
    for (int i = 0; i < 3; ++i) KB_CHECK_WITHIN(to_double(rows[i][0]) - x[i], kb::test::subspace<double>(3, 4, 3), "x₁");
}

TEST_CASE("map's report: the eigenvalues of K, kappa over the kept eigenvalues, the rounding level, the rank with and "
          "without a tolerance, the features K^(1/2) and the residual gaps of new points") {
    // K = diag(9, 4, 1) from three orthogonal points of R⁴ (a rotation of 3e₁, 2e₂, e₃); new points
    // z = a·u₁ + b·u₂ + c·e₃ + d·e₄ have φ(z) = (a, b, c) and the gap r(z) = d²: (−0.2, 1.4, 1, 2) → 4,
    // (0, 0, 0, 1) → 1.
    TempDir t;
    const std::string data = t.file("x.csv", "1.8,2.4,0,0\n-1.6,1.2,0,0\n0,0,1,0\n");
    const std::string fresh = t.file("z.csv", "-0.2,1.4,1,2\n0,0,0,1\n");
    const auto eig = kb::test::factorisation<double>(3, 9);
    const auto relative = kb::test::factorisation<double>(3, 9 * 2); // κ: δλ₁/λ₁ + δλ_r/λ_r with λ_r ≥ 1
    {
        const Json j = report({"map", "--kernel", "linear", "--out", t.path("f.csv"), data});
        CHECK(j["dimension"] == 3);
        CHECK(j["rank"] == 3);
        CHECK(j["rank_tolerance"].is_null());
        const double lambda[] = {9, 4, 1};
        for (int k = 0; k < 3; ++k) KB_CHECK_WITHIN(value<double>(j["eigenvalues"]["values"][k]) - lambda[k], eig, "λ_k of K");
        const double kappa = value<double>(j["condition_number"]["value"]);
        KB_CHECK_WITHIN(kappa / 9 - 1, relative, "κ = λ_max/λ_min");
        KB_CHECK_EXCEEDS(kappa / 3 - 1, relative, "κ^(1/2), the singular values' ratio of K^(1/2)");
        const double rho = 64 * 3 * kb::epsilon<double>() * 9;
        KB_CHECK_WITHIN(value<double>(j["rounding_level"]["value"]) / rho - 1, relative, "rounding level 64·N·ε·λ_max");
        // The features of the training points are K^(1/2) = diag(3, 2, 1).
        const auto f = cells(t.read("f.csv"));
        for (int i = 0; i < 3; ++i)
            for (int k = 0; k < 3; ++k)
                KB_CHECK_WITHIN(to_double(f[i][k]) - (i == k ? 3.0 - i : 0.0), kb::test::factorisation<double>(3, 9 * 3),
                                "K^(1/2)");
    }
    {
        const Json j = report({"map", "--kernel", "linear", "--transform", fresh, "--out", t.path("g.csv"), data});
        KB_CHECK_WITHIN(value<double>(j["residual_gaps"]["min"]) - 1, kb::test::factorisation<double>(3, 7 * 27), "min gap d²");
        KB_CHECK_WITHIN(value<double>(j["residual_gaps"]["max"]) - 4, kb::test::factorisation<double>(3, 7 * 27), "max gap d²");
        const auto g = cells(t.read("g.csv"));
        const double phi[2][3] = {{1, 1, 1}, {0, 0, 0}};
        for (int m = 0; m < 2; ++m)
            for (int k = 0; k < 3; ++k)
                KB_CHECK_WITHIN(to_double(g[m][k]) - phi[m][k], kb::test::factorisation<double>(3, 9 * 27), "φ(z)");
    }
    {
        // With a tolerance of 2 the eigenvalue 1 is dropped: κ = 9/4 over the kept ones (not 9).
        const Json j = report({"map", "--kernel", "linear", "--rank-tolerance", "2", "--out", t.path("f.csv"), data});
        CHECK(j["rank"] == 2);
        CHECK(value<double>(j["rank_tolerance"]) == 2);
        const double kappa = value<double>(j["condition_number"]["value"]);
        KB_CHECK_WITHIN(kappa / 2.25 - 1, relative, "κ over the kept eigenvalues 9 and 4");
        KB_CHECK_EXCEEDS(kappa / 9 - 1, relative, "κ over every eigenvalue");
    }
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Kernel conventions: the two points (0, 0) and (1, 2), ‖x − y‖² = 5 and ‖x − y‖₁ = 3. Their
// Gram matrix is [[1, e], [e, 1]] with e = exp(−γ·d): K has the eigenvalues 1 ± e, κ = (1 + e)/(1 − e),
// and K̃ = JKJ the one eigenvalue μ = 1 − e (λ = μ/2, ratio 1).
namespace {

struct Convention {
    const char* spec;
    const char* gamma;       // γ exactly, as certify writes it
    int d_num, d_den;        // γ·d = d_num/d_den
    int wrong_num, wrong_den; // γ·d under a neighbouring convention
};

const Convention conventions[] = {
    {"gaussian:gamma=0.5", "1/2", 5, 2, 5, 1},       // γ = 1/2; γ = 1 would be a wrong reading
    {"gaussian:sigma=2", "1/8", 5, 8, 5, 4},         // γ = 1/(2σ²); Zhu's 1/σ² gives 5/4
    {"gaussian:zhu-sigma=2", "1/4", 5, 4, 5, 8},     // γ = 1/σ²; 1/(2σ²) gives 5/8
    {"laplacian:gamma=0.5", "1/2", 3, 2, 3, 4},      // γ = 1/2 on ‖·‖₁
    {"laplacian:sigma=4", "1/4", 3, 4, 3, 16},       // γ = 1/σ; 1/σ² gives 3/16
};

template <class T>
void conventions_in() {
    TempDir t;
    const std::string data = t.file("two.csv", "0,0\n1,2\n");
    for (const Convention& c : conventions) {
        CAPTURE(c.spec);
        const real100 e = exp(-real100(c.d_num) / c.d_den), wrong = exp(-real100(c.wrong_num) / c.wrong_den);
        const auto bound = kb::test::factorisation<T>(2, T(2));
        const Json k = report({"kpca", "--kernel", c.spec, "--precision", precision_option<T>(), "--out", t.path("y.csv"), data});
        const T mu = value<T>(k["eigenvalues_mu"]["values"][0]);
        KB_CHECK_WITHIN(mu - T(1 - e), bound, "μ = 1 − e");
        KB_CHECK_EXCEEDS(mu - T(1 - wrong), bound, "μ under the neighbouring convention");
        KB_CHECK_WITHIN(value<T>(k["eigenvalues_lambda"]["values"][0]) - T((1 - e) / 2), bound, "λ = μ/2");
        KB_CHECK_WITHIN(value<T>(k["explained_variance_ratio"]["values"][0]) - 1, bound, "ratio μ/tr K̃ = 1");
        KB_CHECK_WITHIN(value<T>(k["smallest_eigenvalue"]), bound, "K̃'s eigenvalue 0");
        // The scores ±√((1 − e)/2): gap 1 − e from the eigenvalue 0.
        const auto y = cells(t.read("y.csv"));
        for (int i = 0; i < 2; ++i)
            KB_CHECK_WITHIN(abs_of(parse<T>(y[i][0])) - T(sqrt((1 - e) / 2)), kb::test::subspace<T>(2, T(2), T(1 - e)),
                            "|score| = √((1 − e)/2)");
        const Json m = report({"map", "--kernel", c.spec, "--precision", precision_option<T>(), "--out", t.path("f.csv"), data});
        KB_CHECK_WITHIN(value<T>(m["eigenvalues"]["values"][0]) - T(1 + e), bound, "λ₁ = 1 + e");
        KB_CHECK_WITHIN(value<T>(m["eigenvalues"]["values"][1]) - T(1 - e), bound, "λ₂ = 1 − e");
        const T kappa = value<T>(m["condition_number"]["value"]);
        const auto relative = kb::test::factorisation<T>(2, T(2) / T(1 - e) * 2);
        KB_CHECK_WITHIN(kappa / T((1 + e) / (1 - e)) - 1, relative, "κ = (1 + e)/(1 − e)");
        KB_CHECK_EXCEEDS(kappa / T((1 + wrong) / (1 - wrong)) - 1, relative, "κ under the neighbouring convention");
        // K^(1/2) = [[s₊ + s₋, s₊ − s₋], [s₊ − s₋, s₊ + s₋]]/2, s± = √(1 ± e).
        const auto f = cells(t.read("f.csv"));
        const real100 sp = sqrt(1 + e), sm = sqrt(1 - e);
        for (int i = 0; i < 2; ++i)
            for (int k2 = 0; k2 < 2; ++k2)
                KB_CHECK_WITHIN(parse<T>(f[i][k2]) - T(i == k2 ? (sp + sm) / 2 : (sp - sm) / 2),
                                kb::test::factorisation<T>(2, T(2) / T(1 - e) * 2), "K^(1/2)");
    }
}

} // namespace

TEST_CASE("every width convention of the gaussian and laplacian kernels gives exp(-gamma d) in kpca and map, in "
          "double, 50 and 100 digits, against the closed forms of two points") {
    conventions_in<double>();
    conventions_in<real50>();
    conventions_in<real100>();
}

TEST_CASE("certify states gamma exactly for every width convention and its spectrum is 1 +- exp(-gamma d), and the "
          "polynomial kernel's default c = 1 gives a definite Gram matrix of rank 2") {
    TempDir t;
    const std::string data = t.file("two.csv", "0,0\n1,2\n");
    for (const Convention& c : conventions) {
        CAPTURE(c.spec);
        const Json j = report({"certify", "--kernel", c.spec, data});
        CHECK(j["verdict"] == "proven PSD");
        CHECK(j["rank"] == 2);
        const std::string kernel = j["kernel"].get<std::string>();
        CAPTURE(kernel);
        CHECK(kernel.find(fmt::format("γ = {} exactly", c.gamma)) != std::string::npos);
        const double e = std::exp(-double(c.d_num) / c.d_den), wrong = std::exp(-double(c.wrong_num) / c.wrong_den);
        // The spectrum is computed in double (for orientation): the eigensolver's backward error at ‖K‖ = 2.
        const auto bound = kb::test::factorisation<double>(2, 2);
        KB_CHECK_WITHIN(value<double>(j["spectrum"]["largest"]) - (1 + e), bound, "largest 1 + e");
        KB_CHECK_WITHIN(value<double>(j["spectrum"]["smallest"]) - (1 - e), bound, "smallest 1 − e");
        KB_CHECK_EXCEEDS(value<double>(j["spectrum"]["smallest"]) - (1 - wrong), bound, "the neighbouring convention");
    }
    // (1 + xᵀy)²: K = [[1, 1], [1, 36]], definite; with c = 0 it would be [[0, 0], [0, 25]], rank 1.
    const Json p = report({"certify", "--kernel", "polynomial", data});
    CHECK(p["rank"] == 2);
    CHECK(p["definite"] == true);
    const double top = (37 + std::sqrt(35.0 * 35 + 4)) / 2;
    KB_CHECK_WITHIN(value<double>(p["spectrum"]["largest"]) - top, kb::test::factorisation<double>(2, 37), "λ_max of [[1,1],[1,36]]");
    // kpca with the default polynomial kernel: μ = (k₁₁ + k₂₂ − 2k₁₂)/2 = 17.5 (with c = 0: 12.5).
    const Json k = report({"kpca", "--kernel", "polynomial", "--out", t.path("y.csv"), data});
    KB_CHECK_WITHIN(value<double>(k["eigenvalues_mu"]["values"][0]) - 17.5, kb::test::factorisation<double>(2, 37), "μ");
    KB_CHECK_EXCEEDS(value<double>(k["eigenvalues_mu"]["values"][0]) - 12.5, kb::test::factorisation<double>(2, 37), "μ of c = 0");
}

TEST_CASE("--verify gives each column's digits of agreement on that column's scale, for columns at 1e6 and 1e-6, as "
          "computed here from the output and the exact features") {
    // The map of the linear kernel on the orthonormal points u₁ = (0.6, 0.8), u₂ = (−0.8, 0.6): K = I, and a new
    // point z = a·u₁ + b·u₂ has φ(z) = K^(−1/2) k_z = (a, b) exactly. With a of 10⁶ and b of 10⁻⁶ the two output
    // columns are at those scales; z is written exactly in decimal, so φ(z) = (0.6 z₁ + 0.8 z₂, −0.8 z₁ + 0.6 z₂) is
    // the exact reference. Digits of column j: min over its rows of −log10(|value − exact| / max(|exact|,
    // max|exact column|)), each double read exactly from its shortest decimal. Reading z in double costs about 10⁻¹⁰
    // absolute, so the 10⁻⁶ column agrees to about 4 digits on its scale (16 in the 10⁶ column), and to about 10
    // against 1.
    TempDir t;
    // (The points are 10⁶·u_j, K = 10¹²·I: φ is the same, and K's scale is that of k(z, z).)
    const std::string data = t.file("u.csv", "600000,800000\n-800000,600000\n");
    const char* a[] = {"1500000", "-2250000", "750000.5"};
    const char* b[] = {"0.000001", "-0.000003", "0.0000025"};
    std::vector<std::array<real100, 2>> z, exact;
    std::string text;
    for (int i = 0; i < 3; ++i) {
        const real100 ai(a[i]), bi(b[i]);
        const std::array<real100, 2> zi = {real100("0.6") * ai - real100("0.8") * bi, real100("0.8") * ai + real100("0.6") * bi};
        z.push_back(zi);
        exact.push_back({real100("0.6") * zi[0] + real100("0.8") * zi[1], real100("-0.8") * zi[0] + real100("0.6") * zi[1]});
        // 0.6·a and 0.8·b have at most 8 decimals: 20 significant digits write z exactly.
        text += zi[0].str(25, std::ios_base::fixed) + "," + zi[1].str(25, std::ios_base::fixed) + "\n";
    }
    for (int i = 0; i < 3; ++i) {
        CHECK(abs(exact[i][0] - real100(a[i])) <= real100("1e-90")); // the closed form: φ(z) = (a, b)
        CHECK(abs(exact[i][1] - real100(b[i])) <= real100("1e-90"));
    }
    const Json j = report({"map", "--kernel", "linear", "--verify", "--transform", t.file("z.csv", text), "--out",
                           t.path("f.csv"), data});
    const auto out = cells(t.read("f.csv"));
    REQUIRE(out.size() == 3);
    const auto digits = [&](int col, bool on_scale) {
        real100 scale = 0;
        for (int i = 0; i < 3; ++i) scale = std::max(scale, real100(abs(exact[i][col])));
        double d = 100;
        for (int i = 0; i < 3; ++i) {
            const real100 err = abs(real100(to_double(out[i][col])) - exact[i][col]);
            if (err == 0) continue;
            const real100 denominator = std::max(real100(abs(exact[i][col])), on_scale ? scale : real100(1));
            d = std::min(d, std::clamp(-std::log10(static_cast<double>(real100(err / denominator))), 0.0, 100.0));
        }
        return std::round(d * 10) / 10;
    };
    const Json& reported = j["verify"]["digits_per_column"];
    REQUIRE(reported.size() == 2);
    double least = 100;
    for (int col = 0; col < 2; ++col) {
        CAPTURE(col);
        const double mine = digits(col, true), theirs = reported[col].get<double>();
        CAPTURE(mine);
        CAPTURE(theirs);
        // The program's reference is the 100-digit run (off the exact features by 10⁻⁹⁸ of their scale):
        // the two agree up to the rounding to a tenth.
        CHECK(std::abs(theirs - mine) <= 0.1 + 1e-9);
        least = std::min(least, mine);
    }
    CHECK(std::abs(j["verify"]["min_digits"].get<double>() - least) <= 0.1 + 1e-9);
    CHECK(j["verify"]["precision_digits"] == std::numeric_limits<double>::digits10);
    CHECK(j["verify"]["sign_flipped_columns"].empty()); // K^(−1/2) k_z has no sign to choose
    // The reading of z bounds the 10⁻⁶ column: ε·|z| ≈ 3·10⁻¹⁰ of 3·10⁻⁶ leaves at most 5 digits.
    CHECK(reported[1].get<double>() <= 6);
    CHECK(reported[0].get<double>() >= 14);
    // Companion: digits against 1 instead of the column's scale are those of an absolute error of 10⁻¹⁰:
    // about 10, which the report must not show.
    const double against_one = digits(1, false);
    CAPTURE(against_one);
    CHECK(against_one >= 8);
    CHECK(std::abs(reported[1].get<double>() - against_one) > 3);
}

TEST_CASE("the CSV reader reads long exponents and a plus sign: exactly in rationals, correctly rounded in double, 50 "
          "and 100 digits") {
    const kb::io::CsvTable t = kb::io::parse_csv("+2.5,1.5e12,25e-12\n0.1,-7E+15,+.125e-3\n", "e.csv");
    using kb::rational;
    const rational exact[2][3] = {{rational(5, 2), rational(1500000000000LL), rational(1, 40000000000LL)},
                                  {rational(1, 10), rational(-7000000000000000LL), rational(1, 8000)}};
    // The compiler's correctly rounded literals, and MPFR's correctly rounded conversion of each fraction.
    const double binary[2][3] = {{2.5, 1.5e12, 25e-12}, {0.1, -7e15, 0.125e-3}};
    const auto q = kb::io::to_matrix<rational>(t);
    const auto d = kb::io::to_matrix<double>(t);
    const auto r50 = kb::io::to_matrix<real50>(t);
    const auto r100 = kb::io::to_matrix<real100>(t);
    for (int i = 0; i < 2; ++i)
        for (int k = 0; k < 3; ++k) {
            CAPTURE(t.fields[std::size_t(i)][std::size_t(k)]);
            CHECK(q(i, k) == exact[i][k]);
            // In lowest terms, as every fraction the program writes: 2.5 is 5/2, not 25/10.
            CHECK(q(i, k).str() == exact[i][k].str());
            CHECK(d(i, k) == binary[i][k]);
            CHECK(r50(i, k) == real50(exact[i][k]));
            CHECK(r100(i, k) == real100(exact[i][k]));
        }
    // Companion: 0.1 through a double is not 0.1 in 50 digits.
    CHECK(real50(0.1) != real50(exact[1][0]));
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Extreme magnitudes: every output and every number of the report at 2^±300 (bit for bit: the
// library scales such data by an exact power of two and back) and at 10^±150 (within the
// eigensolver's bound), against the unscaled run times the field's power of the scale.
namespace {

// A report field: its JSON pointer, the power of the data's scale s it carries (eigenvalues s²,
// ratios s⁰), and the scale it is measured on at 10^k (0: its own largest value).
struct Field {
    std::string pointer;
    int power;
    double scale = 0;
};

struct ScaledCase {
    std::string name;
    std::vector<std::string> options;       // the command line before --out and the data
    std::vector<std::vector<double>> data;  // dyadic numbers: exact in double at every 2^k
    int data_power = 1;                     // D² carries s²
    std::vector<std::vector<double>> fresh; // new points (--transform), if any
    std::vector<Field> fields;
    std::vector<std::string> counts;        // integer fields, the same at every scale
    double output_scale = 0;                // the scale of the output at 10^k (0: its largest value)
    double relative_bound = 0;              // the bound at 10^k, relative to each field's scale
    std::vector<int> exponents = {300, -300, 150, -150}; // the k of 2^k (±300) and 10^k (±150)
    std::map<std::string, int> check_powers; // each check of the report: the power of s its value and bound carry
};

std::vector<std::string> flatten(const Json& j) {
    std::vector<std::string> out;
    if (j.is_string()) out.push_back(j.get<std::string>());
    else
        for (const Json& x : j)
            for (const std::string& s : flatten(x)) out.push_back(s);
    return out;
}

// The text of a matrix times 2^(power·k) (binary) or 10^(power·k) (decimal): exact decimals either way.
std::string scaled_text(const std::vector<std::vector<double>>& rows, int power, int k, bool binary) {
    std::string s;
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < row.size(); ++c)
            s += (c ? "," : "") + (binary ? fmt::format("{}", std::ldexp(row[c], power * k))
                                          : fmt::format("{}e{}", row[c], power * k));
        s += "\n";
    }
    return s;
}

struct Outputs {
    std::vector<std::string> output;
    Json report;
};

Outputs run_scaled(const ScaledCase& c, int k, bool binary) {
    TempDir t;
    std::vector<std::string> args = c.options;
    if (!c.fresh.empty()) {
        args.push_back("--transform");
        args.push_back(t.file("z.csv", scaled_text(c.fresh, 1, k, binary)));
    }
    args.push_back("--out");
    args.push_back(t.path("o.csv"));
    args.push_back(t.file("d.csv", scaled_text(c.data, c.data_power, k, binary)));
    Outputs o;
    o.report = report(args);
    for (const auto& row : cells(t.read("o.csv")))
        for (const std::string& x : row) o.output.push_back(x);
    return o;
}

// Bit for bit at 2^k: every value equals the unscaled one times 2^(power·k); the companion, the
// same values times 2^((power + 1)·k), differs wherever a value is not 0.
void check_binary(const std::string& what, const std::vector<std::string>& got, const std::vector<std::string>& plain,
                  int power, int k) {
    CAPTURE(what);
    REQUIRE(got.size() == plain.size());
    bool wrong_power_differs = false, any_nonzero = false;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const double a = to_double(got[i]), u = to_double(plain[i]);
        CAPTURE(got[i]);
        CAPTURE(plain[i]);
        CHECK(a == std::ldexp(u, power * k));
        any_nonzero = any_nonzero || u != 0;
        wrong_power_differs = wrong_power_differs || a != std::ldexp(u, (power + 1) * k);
    }
    if (any_nonzero) CHECK(wrong_power_differs);
}

// At 10^k: |value − 10^(power·k)·unscaled| ≤ bound·scale·10^(power·k), in 100 digits; the companion
// at the power + 1 exceeds the bound (for a field whose values are not rounding noise).
void check_decimal(const std::string& what, const std::vector<std::string>& got, const std::vector<std::string>& plain,
                   int power, int k, double scale, double relative_bound) {
    CAPTURE(what);
    REQUIRE(got.size() == plain.size());
    real100 largest = 0;
    for (const std::string& x : plain) largest = std::max(largest, real100(abs(real100(to_double(x)))));
    const bool noise = scale > 0 && largest < scale / 1000; // a tolerance or a rounding-level value
    const real100 s = scale > 0 ? real100(scale) : largest;
    const real100 ten = pow(real100(10), power * k), wrong = pow(real100(10), (power + 1) * k);
    real100 error = 0, wrong_error = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const real100 a(to_double(got[i])), u(to_double(plain[i]));
        error = std::max(error, real100(abs(a - ten * u)));
        wrong_error = std::max(wrong_error, real100(abs(a - wrong * u)));
    }
    // Plus the roundings of a subnormal result (a check's bound at 10^-150 is about 10⁻³¹²): each operation
    // of a bound's formula (fewer than 16: roots, products, a sum) rounds by at most 2⁻¹⁰⁷⁵ there, so 8·2⁻¹⁰⁷⁴.
    const real100 floor = 8 * real100(std::numeric_limits<double>::denorm_min());
    const auto bound = kb::test::Bound<real100>{real100(relative_bound) * s * ten + floor,
                                                "subspace (c₂·n·ε·‖A‖/gap) at 10^k, plus 8·2⁻¹⁰⁷⁴", 4, s * ten};
    KB_CHECK_WITHIN(error, bound, what + " at 10^k");
    if (!noise && largest > 0) KB_CHECK_EXCEEDS(wrong_error, bound, what + " at the wrong power of 10^k");
}

void check_scaled(const ScaledCase& c) {
    CAPTURE(c.name);
    const Outputs plain = run_scaled(c, 0, true);
    for (const int k : c.exponents) {
        const bool binary = k == 300 || k == -300;
        CAPTURE(k);
        const Outputs o = run_scaled(c, k, binary);
        for (const std::string& n : c.counts) CHECK(o.report[Json::json_pointer(n)] == plain.report[Json::json_pointer(n)]);
        if (binary) check_binary("the output", o.output, plain.output, 1, k);
        else check_decimal("the output", o.output, plain.output, 1, k, c.output_scale, c.relative_bound);
        // The report's checks: the same checks, passed, each value and bound at its power of the scale (the
        // values are rounding errors: bit for bit at 2^k, and only their bounds are compared at 10^k).
        REQUIRE(o.report["checks"].size() == c.check_powers.size());
        REQUIRE(plain.report["checks"].size() == c.check_powers.size());
        for (std::size_t i = 0; i < c.check_powers.size(); ++i) {
            const Json& got = o.report["checks"][i];
            const Json& was = plain.report["checks"][i];
            const std::string name = was["check"].get<std::string>();
            CAPTURE(name);
            CHECK(got["check"] == name);
            CHECK(got["passed"] == true);
            REQUIRE(c.check_powers.count(name) == 1);
            const int power = c.check_powers.at(name);
            if (power < 0) continue; // the map's checks: see below
            if (binary) {
                check_binary(name + ": value", {got["value"].get<std::string>()}, {was["value"].get<std::string>()}, power, k);
                check_binary(name + ": bound", {got["bound"].get<std::string>()}, {was["bound"].get<std::string>()}, power, k);
            } else {
                check_decimal(name + ": bound", {got["bound"].get<std::string>()}, {was["bound"].get<std::string>()}, power,
                              k, 0, c.relative_bound);
            }
        }
        for (const Field& f : c.fields) {
            const auto got = flatten(o.report[Json::json_pointer(f.pointer)]);
            const auto was = flatten(plain.report[Json::json_pointer(f.pointer)]);
            if (binary) check_binary(f.pointer, got, was, f.power, k);
            else check_decimal(f.pointer, got, was, f.power, k, f.scale, c.relative_bound);
        }
    }
}

} // namespace

TEST_CASE("pca mds kpca and map at 2^+-300 give every output and report number bit for bit at its power of the "
          "scale, and at 10^+-150 within the eigensolver's bound") {
    // Four points whose centred columns are orthogonal, u = (1, 5, −3, −3) and v = (2, −1, −1, 0), plus the
    // mean (0.5, 0.25): XᵀX has the eigenvalues 44 and 6, so the scores are known up to c₂·N·ε·44/6 relative
    // (subspace bound, gap 6 from the eigenvalue 0 of K̃ and B); three runs enter a comparison at 10^k (the
    // unscaled, the scaled, and the exact one both approximate), hence 3×.
    const std::vector<std::vector<double>> points = {{1.5, 2.25}, {5.5, -0.75}, {-2.5, -0.75}, {-2.5, 0.25}};
    std::vector<std::vector<double>> squared(4, std::vector<double>(4));
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            squared[i][j] = std::pow(points[i][0] - points[j][0], 2) + std::pow(points[i][1] - points[j][1], 2);
    const double spectral = 3 * kb::test::subspace<double>(4, 44, 6).value;
    check_scaled({"pca", {"pca"}, points, 1, {},
                  {{"/rank_tolerance", 2, 44}, {"/mean", 1}, {"/eigenvalues/values", 2, 44}, {"/variances/values", 2, 44},
                   {"/explained_variance_ratio", 0, 1}, {"/explained_variance_kept", 0, 1}, {"/loadings", 0, 1}},
                  {"/rank", "/components"}, 0, spectral, {300, -300, 150, -150},
                  {{"orthonormal axes", 0}, {"eigen-residual", 2}, {"centred scores", 1}}});
    check_scaled({"mds", {"mds", "--squared-distances", "-p", "1"}, squared, 2, {},
                  {{"/eigenvalues/values", 2, 44}, {"/zero_tolerance", 2, 44}, {"/negative_mass/value", 0, 1},
                   {"/discarded_mass/value", 0, 1}, {"/residual/value", 2, 44}},
                  {"/components", "/positive_eigenvalues", "/negative_eigenvalues"}, 5, spectral, {300, -300, 150, -150},
                  {{"orthonormal eigenvectors", 0}, {"eigen-residual", 2}}});
    check_scaled({"kpca", {"kpca", "--kernel", "linear", "-p", "1"}, points, 1, {},
                  {{"/eigenvalues_mu/values", 2, 44}, {"/eigenvalues_lambda/values", 2, 44},
                   {"/explained_variance_ratio/values", 0, 1}, {"/rank_tolerance", 2, 44}, {"/smallest_eigenvalue", 2, 44}},
                  {"/rank", "/components"}, 5, spectral, {300, -300, 150, -150},
                  {{"PSD", 2}, {"orthonormal eigenvectors", 0}, {"eigen-residual", 2}, {"centring", 2}}});
    // The map of the first two points (K = [[7.3125, 6.5625], [6.5625, 30.8125]], det 182.25) and the features of
    // the other two: K^(±1/2) are known to c₂·N·ε·κ^(3/2) relative (as in reference.py), κ from the closed form.
    const double trace = 7.3125 + 30.8125, det = 182.25, root = std::sqrt(trace * trace - 4 * det);
    const double top = (trace + root) / 2, kappa = (trace + root) / (trace - root);
    const double map_bound = 3 * kb::test::factorisation<double>(2, std::pow(kappa, 1.5)).value;
    const std::vector<std::vector<double>> two = {points[0], points[1]}, other = {points[2], points[3]};
    const std::vector<Field> map_fields = {{"/eigenvalues/values", 2, top}, {"/condition_number/value", 0, kappa},
                                           {"/rounding_level/value", 2, top}};
    // Every scale, with the law for its checks: the bound c₂·N·ε·√κ·√λ_max·√max k(x, x) carries s² (it once
    // took the root of the product κ·λ_max·k, which underflowed to 0 at 2^-300 and 10^-150 in double, refusing
    // the result, and overflowed to ∞ at 2^300 and 10^150).
    check_scaled({"map", {"map", "--kernel", "linear"}, two, 1, {}, map_fields, {"/rank", "/dimension"}, 0, map_bound,
                  {300, -300, 150, -150}, {{"exactness on the training points", 2}}});
    std::vector<Field> transform_fields = map_fields;
    transform_fields.push_back({"/residual_gaps/min", 2, top});
    transform_fields.push_back({"/residual_gaps/max", 2, top});
    check_scaled({"map --transform", {"map", "--kernel", "linear"}, two, 1, other, transform_fields,
                  {"/rank", "/dimension"}, 0, map_bound, {300, -300, 150, -150},
                  {{"exactness on the training points", 2}, {"non-negative residual gaps", 2}}});
}
