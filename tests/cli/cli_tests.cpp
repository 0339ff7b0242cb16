/// \file cli_tests.cpp
/// \brief The `kernelbook` command, run in-process (kb::cli::run): every bad input with its
///        message and exit code, the output's shape and sign rule, the report's checks (and that
///        a failing check refuses the result), --verify, and the CSV reader and the kernel
///        specifications it rests on. The program itself is run as a separate process against
///        independent mpmath references by tests/cli/reference.py.
#include "temp_dir.hpp"
#include "test_support.hpp"

#include "cli/cli.hpp"
#include "cli/kernel_spec.hpp"
#include "cli/output.hpp"
#include "cli/report.hpp"

#include "kernelbook/csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <array>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace fs = std::filesystem;
using kb::cli::Json;

namespace {

using kb::test::cli::TempDir;

struct Run {
    int code = -1;
    std::string out, err;
};

Run kernelbook(std::vector<std::string> args) {
    args.insert(args.begin(), "kernelbook");
    std::ostringstream out, err;
    Run r;
    r.code = kb::cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

// The command with its standard output on a full device (/dev/full: every write fails with ENOSPC).
Run kernelbook_on_full_device(std::vector<std::string> args) {
    args.insert(args.begin(), "kernelbook");
    const int fd = ::open("/dev/full", O_WRONLY);
    REQUIRE(fd >= 0);
    Run r;
    {
        kb::cli::FdStreambuf full(fd);
        std::ostream out(&full);
        std::ostringstream err;
        r.code = kb::cli::run(args, out, err);
        r.err = err.str();
        full.pubsync();
    }
    ::close(fd);
    return r;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A data file's text as the catalogue of refusals shows it: line breaks as ⏎, a NUL as \0.
std::string shown_text(const std::string& text) {
    std::string out;
    for (const char c : text) out += c == '\n' ? std::string("⏎") : c == '\0' ? std::string("\\0") : std::string(1, c);
    return out;
}

// Notes a refusal of the command for the catalogue of refusals (refusals.hpp): the command
// line with file names instead of their temporary paths, what the files hold, and the
// message on standard error. Called after the checks of its exit code and message.
void note_refusal(const char* file, int line, const Run& r, const std::vector<std::string>& args,
                  const std::string& data = "") {
    if (r.code == 0 || r.err.empty()) return;
    // Every message the command prints speaks the command's language: its options, never a
    // library type, enum or function (kb::cli::in_command_terms).
    CHECK_MESSAGE(kb::cli::library_spellings(r.err).empty(), "a library spelling in: ", r.err);
    // A temporary path is shown from inside the test's directory: /tmp/kb-cli-tests-9-1/nodir/o.csv as nodir/o.csv.
    const auto inside = [](const std::string& a) {
        const fs::path relative = fs::path(a).lexically_relative(fs::temp_directory_path());
        fs::path shown;
        for (auto part = std::next(relative.begin()); part != relative.end(); ++part) shown /= *part;
        return shown.empty() ? std::string("TMPDIR") : shown.string();
    };
    std::string command = "kernelbook";
    for (const std::string& a : args)
        command += " " + (a.find(fs::temp_directory_path().string()) == 0 ? inside(a)
                          : a.empty()                                     ? std::string("\"\"")
                                                                          : a);
    if (!data.empty()) command += "   (" + data + ")";
    std::string message = r.err;
    while (!message.empty() && message.back() == '\n') message.pop_back();
    kb::test::record_refusal(file, line, command, message);
}
#define NOTE_REFUSAL(...) note_refusal(__FILE__, __LINE__, __VA_ARGS__)

// Five points of the plane with a header row: the data of most cases.
const char* const points = "x,y\n1,2\n3,4.5\n-1,0\n2,2\n0.5,-1\n";

std::vector<std::vector<double>> csv_values(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    std::getline(in, line); // header
    std::vector<std::vector<double>> rows;
    while (std::getline(in, line)) {
        std::vector<double> row;
        std::istringstream fields(line);
        std::string f;
        while (std::getline(fields, f, ',')) row.push_back(std::stod(f));
        rows.push_back(row);
    }
    return rows;
}

} // namespace

TEST_CASE("bad data files exit with 3 and name the file, line and column") {
    TempDir t;
    const std::string good = t.file("good.csv", points);
    struct Case {
        std::string text, message;
    };
    const std::vector<Case> cases = {
        {"1,2\n3,abc\n", "bad.csv:2:2: 'abc' is not a number"},
        {"1,2\n3\n", "bad.csv:2:2: this row has 1 field(s), but the first row has 2"},
        {"a,b\n1,2\n3,4,5\n", "bad.csv:3:3: this row has 3 field(s), but the header has 2"},
        {"", "bad.csv: the file is empty"},
        {"x,y\n", "bad.csv: the file has a header row but no data rows"},
        {"1,nan\n2,3\n", "bad.csv:1:2: 'nan' is not a finite number"},
        {"1,2\n-inf,3\n", "bad.csv:2:1: '-inf' is not a finite number"},
        {"1,,2\n3,4,5\n", "bad.csv:1:2: empty field"},
        {"1,2\n0x10,3\n", "bad.csv:2:1: '0x10' is not a number"},
        {"1;2\n3;4\n", "bad.csv:2:1: '3;4' is not a number (fields are separated by commas, not by ';', tabs or '|')"},
        {"1,2\n3,1e400\n", "bad.csv:2:2: '1e400' is outside the range of double"},
        {std::string("1,2\n3,\0" "4\n", 10), "bad.csv:2: the line holds a NUL byte"},
        {"1,2\n", "bad.csv: 1 row(s) of data, but PCA needs at least 2 points"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.message);
        const std::vector<std::string> args{"pca", t.file("bad.csv", c.text)};
        const Run r = kernelbook(args);
        CHECK(r.code == kb::cli::bad_data);
        CHECK(contains(r.err, c.message));
        CHECK(r.out.empty());
        NOTE_REFUSAL(r, args, "bad.csv: " + shown_text(c.text));
    }
    // The same 1e400 is an ordinary number in 50 digits.
    CHECK(kernelbook({"pca", "--precision", "50", t.file("big.csv", "1,2\n3,1e400\n0,0\n")}).code == kb::cli::success);

    const Run missing = kernelbook({"pca", t.path("nosuch.csv")});
    CHECK(missing.code == kb::cli::bad_data);
    CHECK(contains(missing.err, "nosuch.csv: cannot open the file: no such file"));
    NOTE_REFUSAL(missing, {"pca", "nosuch.csv"}, "no such file");
    const Run dir = kernelbook({"pca", t.dir.string()});
    CHECK(dir.code == kb::cli::bad_data);
    CHECK(contains(dir.err, "it is a directory, not a file"));
    NOTE_REFUSAL(dir, {"pca", "a-directory/"});
    const Run cols = kernelbook({"pca", "--transform", t.file("new.csv", "1,2,3\n"), good});
    CHECK(cols.code == kb::cli::bad_data);
    CHECK(contains(cols.err, "new.csv: the new points have 3 column(s), but the training data"));
    NOTE_REFUSAL(cols, {"pca", "--transform", "new.csv", "good.csv"}, "new.csv: 1,2,3⏎; good.csv: five points of the plane");
    const Run unwritable = kernelbook({"pca", "--out", (t.dir / "no" / "such" / "dir.csv").string(), good});
    CHECK(unwritable.code == kb::cli::bad_data);
    CHECK(contains(unwritable.err, "/no/such' does not exist; create it first"));
    NOTE_REFUSAL(unwritable, {"pca", "--out", "no/such/dir.csv", "good.csv"}, "no directory no/such");
}

TEST_CASE("mds refuses a matrix that is not square, symmetric or a dissimilarity, with exit code 3") {
    TempDir t;
    struct Case {
        std::string flag, text, message;
    };
    const std::vector<Case> cases = {
        {"--distances", "0,1\n1,0\n2,2\n", "the matrix is 3×2, but MDS needs a square N×N matrix"},
        {"--distances", "0,1,2\n1,0,1\n2,1.5,0\n", "D must be symmetric, but D(1,2) = 1 and D(2,1) = 1.5"},
        {"--distances", "0,1\n1,0.5\n", "the diagonal of D must be zero"},
        {"--distances", "0,-1\n-1,0\n", "-1"},
        {"--gram", "1,2\n3,1\n", "B must be symmetric"},
        {"--distances", "0\n", "1 row(s) of data, but MDS needs at least 2 points"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.message);
        const std::vector<std::string> args{"mds", c.flag, t.file("m.csv", c.text)};
        const Run r = kernelbook(args);
        CHECK(r.code == kb::cli::bad_data);
        CHECK(contains(r.err, c.message));
        NOTE_REFUSAL(r, args, "m.csv: " + shown_text(c.text));
    }
}

TEST_CASE("a wrong command line exits with 2 and says what to write") {
    TempDir t;
    const std::string data = t.file("d.csv", points);
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases = {
        {{}, "A subcommand is required"},
        {{"pcaa", data}, "unknown subcommand 'pcaa'; the subcommands are pca, mds, kpca, map, certify"},
        {{"pca", "--bogus", data}, "--bogus"},
        {{"pca"}, "DATA is required"},
        {{"pca", "-p", "0", data}, "--components"},
        {{"pca", "--precision", "32", data}, "--precision"},
        {{"mds", data}, "Exactly 1 option from [--distances,--squared-distances,--gram] is required"},
        {{"kpca", data}, "--kernel is required"},
        {{"kpca", "--kernel", "foo", data}, "unknown kernel 'foo'; the kernels are linear, polynomial, gaussian"},
        {{"kpca", "--kernel", "gaussian", data}, "the gaussian kernel needs exactly one width"},
        {{"kpca", "--kernel", "gaussian:gamma=1,sigma=2", data}, "gamma, sigma and zhu-sigma are alternatives"},
        {{"kpca", "--kernel", "gaussian:gamma=-1", data}, "γ = -1 must be finite and > 0"},
        {{"kpca", "--kernel", "gaussian:gamma=abc", data}, "gamma = 'abc' is not a decimal number"},
        {{"kpca", "--kernel", "polynomial:degree=2,degree=3", data}, "'degree' is given twice"},
        {{"kpca", "--kernel", "polynomial:degree=2.5", data}, "degree = '2.5' must be an integer from 1 to 1000"},
        {{"kpca", "--kernel", "polynomial:c=-1", data}, "offset c = -1 must be finite and ≥ 0"},
        {{"kpca", "--kernel", "linear:gamma=1", data}, "the linear kernel has no parameter 'gamma' (it takes none)"},
        {{"kpca", "--kernel", "polynomial:", data}, "nothing after ':'"},
        {{"kpca", "--kernel", "polynomial:degree", data}, "'degree' is not key=value"},
        {{"pca", "--precision", "exact", data}, "pca needs eigenvalues and square roots"},
        {{"pca", "--precision", "100", "--verify", data}, "--verify compares with a 100-digit run"},
        {{"pca", "--report", "-", data}, "--report - and the output CSV would both go to standard output"},
        {{"map", "--kernel", "linear", "-p", "2", data}, "-p"},
        {{"map", "--kernel", "gaussian:gamma=1", "--rank-tolerance", "x", data}, "--rank-tolerance 'x'"},
        {{"certify", data}, "Exactly 1 option from [--kernel,--gram] is required"},
        {{"mds", "--gram", data, "", "-o", "-"}, "argument 4 is empty; remove it"},
        {{"certify", "--kernel", "linear", "--verify", data}, "--verify"},
        {{"certify", "--kernel", "linear", "--precision", "50", data}, "--precision 50: certify decides exactly"},
    };
    for (const Case& c : cases) {
        std::vector<std::string> args = c.args;
        CAPTURE(c.message);
        const Run r = kernelbook(args);
        CHECK(r.code == kb::cli::usage);
        CHECK(contains(r.err, c.message));
        CHECK(r.out.empty());
        NOTE_REFUSAL(r, args, args.size() > 1 && args.back() == data ? "d.csv: five points of the plane" : "");
    }
}

TEST_CASE("a mathematical refusal exits with 4 and gives the library's reason") {
    TempDir t;
    // Collinear points: rank 1, so two components cannot be kept.
    const std::string line = t.file("line.csv", "0,0\n1,2\n2,4\n3,6\n");
    const Run too_many = kernelbook({"pca", "-p", "3", line});
    CHECK(too_many.code == kb::cli::refusal);
    CHECK(contains(too_many.err, "--components 3: 4 points in dimension 2 have at most min(N − 1, q) = 2"));
    NOTE_REFUSAL(too_many, {"pca", "-p", "3", line}, "line.csv: 0,0⏎1,2⏎2,4⏎3,6⏎");
    const Run rank = kernelbook({"pca", "-p", "2", line});
    CHECK(rank.code == kb::cli::refusal);
    CHECK(contains(rank.err, "numerical rank 1"));
    NOTE_REFUSAL(rank, {"pca", "-p", "2", line}, "line.csv: 0,0⏎1,2⏎2,4⏎3,6⏎");
    const Run same = kernelbook({"pca", t.file("same.csv", "1,1\n1,1\n1,1\n")});
    CHECK(same.code == kb::cli::refusal);
    CHECK(contains(same.err, "all points coincide"));
    NOTE_REFUSAL(same, {"pca", t.path("same.csv")}, "same.csv: 1,1⏎1,1⏎1,1⏎");
    // The min kernel is a kernel on [0, ∞) only.
    const Run negative = kernelbook({"kpca", "--kernel", "min", t.file("neg.csv", "1,2\n-1,3\n2,2\n")});
    CHECK(negative.code == kb::cli::refusal);
    CHECK(contains(negative.err, "coordinates must be ≥ 0"));
    NOTE_REFUSAL(negative, {"kpca", "--kernel", "min", t.path("neg.csv")}, "neg.csv: 1,2⏎-1,3⏎2,2⏎");
    // Two equal points make the Gaussian Gram matrix singular: no exact K^(-1/2).
    const std::string twice = t.file("twice.csv", "0,0\n1,1\n1,1\n2,0\n");
    const Run singular = kernelbook({"map", "--kernel", "gaussian:gamma=1", twice});
    CHECK(singular.code == kb::cli::refusal);
    CHECK(contains(singular.err, "kernelbook map: K is numerically singular in double"));
    CHECK(contains(singular.err, "use a higher precision (--precision 50: ε = "));
    CHECK(contains(singular.err, "or --rank-tolerance of at least the rounding level"));
    NOTE_REFUSAL(singular, {"map", "--kernel", "gaussian:gamma=1", twice}, "twice.csv: 0,0⏎1,1⏎1,1⏎2,0⏎");
    // ... and with a rank tolerance the pseudo-inverse map is built.
    CHECK(kernelbook({"map", "--kernel", "gaussian:gamma=1", "--rank-tolerance", "1e-8", twice}).code == kb::cli::success);
    // MDS of a non-Euclidean dissimilarity with more coordinates than positive eigenvalues.
    const Run mds = kernelbook({"mds", "--distances", "-p", "3", t.file("d.csv", "0,1,1\n1,0,3\n1,3,0\n")});
    CHECK(mds.code == kb::cli::refusal);
    CHECK(contains(mds.err, "positive eigenvalue"));
    NOTE_REFUSAL(mds, {"mds", "--distances", "-p", "3", t.path("d.csv")}, "d.csv: 0,1,1⏎1,0,3⏎1,3,0⏎");
    const Run mds5 = kernelbook({"mds", "--distances", "-p", "5", t.file("d3.csv", "0,1,2\n1,0,1\n2,1,0\n")});
    CHECK(mds5.code == kb::cli::refusal);
    CHECK(contains(mds5.err, "--components 5: 3 points have at most 3 coordinates"));
    NOTE_REFUSAL(mds5, {"mds", "--distances", "-p", "5", t.path("d3.csv")}, "d3.csv: 0,1,2⏎1,0,1⏎2,1,0⏎");
}

TEST_CASE("certify proves, refutes with a checked witness, or leaves undecided, with exit codes 0, 4, 5") {
    TempDir t;
    const std::string data = t.file("d.csv", points);
    const Run proven = kernelbook({"certify", "--kernel", "polynomial:degree=2", "--precision", "exact", data});
    CHECK(proven.code == kb::cli::success);
    CHECK(contains(proven.out, "verdict: proven PSD"));
    // A distance matrix has zero diagonal and positive entries off it: not PSD, c = e₁ − e₂.
    const Run refuted = kernelbook({"certify", "--gram", "--out", t.path("c.csv"), t.file("D.csv", "0,1,2\n1,0,1\n2,1,0\n")});
    CHECK(refuted.code == kb::cli::refusal);
    CHECK(contains(refuted.out, "verdict: refuted"));
    CHECK(contains(refuted.out, "cᵀKc = -2"));
    std::ifstream witness(t.path("c.csv"));
    std::string header, c1, c2, c3;
    witness >> header >> c1 >> c2 >> c3;
    CHECK((header == "c" && c1 == "1" && c2 == "-1" && c3 == "0"));
    // 0.1 is read as 1/10 exactly: [[0.1, 0.3], [0.3, 0.9]] is singular PSD (det = 0.09 − 0.09 = 0).
    const Run exact = kernelbook({"certify", "--gram", t.file("K.csv", "0.1,0.3\n0.3,0.9\n")});
    CHECK(exact.code == kb::cli::success);
    CHECK(contains(exact.out, "rank: 1 of 2"));
    // ... and 0.9000001 in place of 0.9 makes it definite, 0.8999999 indefinite.
    CHECK(kernelbook({"certify", "--gram", t.file("K.csv", "0.1,0.3\n0.3,0.9000001\n")}).out.find("rank: 2 of 2") !=
          std::string::npos);
    CHECK(kernelbook({"certify", "--gram", t.file("K.csv", "0.1,0.3\n0.3,0.8999999\n")}).code == kb::cli::refusal);
    // Intervals prove a Gaussian Gram matrix of distinct points definite, and cannot decide
    // one with two equal points (singular: a pivot's interval contains 0).
    CHECK(kernelbook({"certify", "--kernel", "gaussian:sigma=1", data}).code == kb::cli::success);
    const Run undecided = kernelbook({"certify", "--kernel", "gaussian:gamma=1", t.file("two.csv", "0,0\n1,1\n1,1\n")});
    CHECK(undecided.code == kb::cli::undecided);
    CHECK(contains(undecided.out, "verdict: undecided"));
    const Run asym = kernelbook({"certify", "--gram", t.file("A.csv", "1,0.5\n0.50001,1\n")});
    CHECK(asym.code == kb::cli::bad_data);
    CHECK(contains(asym.err, "not symmetric: K(1, 2) = 0.5 but K(2, 1) = 0.50001"));
}

TEST_CASE("the output has a header row, one row per point, and the book's sign rule") {
    TempDir t;
    const std::string data = t.file("d.csv", points);
    const Run r = kernelbook({"pca", data});
    REQUIRE(r.code == kb::cli::success);
    CHECK(r.out.rfind("pc1,pc2\n", 0) == 0);
    const auto rows = csv_values(r.out);
    REQUIRE(rows.size() == 5);
    // The scores of centred data sum to zero in each column.
    for (int j = 0; j < 2; ++j) {
        double sum = 0;
        for (const auto& row : rows) sum += row[static_cast<std::size_t>(j)];
        CHECK(std::abs(sum) < 1e-14);
    }
    // The sign rule: each loading's largest entry is positive (in the JSON report).
    const Run rep = kernelbook({"pca", "--out", t.path("s.csv"), "--report", "-", "--report-format", "json", data});
    REQUIRE(rep.code == kb::cli::success);
    const Json j = Json::parse(rep.out);
    for (const Json& v : j["loadings"]) {
        double big = 0;
        for (const Json& x : v) {
            const double y = std::stod(x.get<std::string>());
            if (std::abs(y) > std::abs(big)) big = y;
        }
        CHECK(big > 0);
    }
    CHECK(j["components"] == 2);
    CHECK(j["input"]["header"] == Json({"x", "y"}));
    for (const Json& c : j["checks"]) CHECK(c["passed"] == true);
    // Every value is written with the full digits of the precision: 17 significant digits
    // at most in double, 50 in real50.
    const Run p50 = kernelbook({"pca", "--precision", "50", "-p", "1", data});
    const std::string first = p50.out.substr(p50.out.find('\n') + 1, p50.out.find('\n', p50.out.find('\n') + 1) - p50.out.find('\n') - 1);
    CHECK(first.size() >= 50);
}

TEST_CASE("the report names μ and λ = μ/N for kernel PCA, and --verify gives the digits of agreement") {
    TempDir t;
    const std::string data = t.file("d.csv", points);
    const Run r = kernelbook({"kpca", "--kernel", "gaussian:gamma=0.5", "-p", "2", "--verify", "--out", t.path("y.csv"),
                              "--report", "-", "--report-format", "json", data});
    REQUIRE(r.code == kb::cli::success);
    const Json j = Json::parse(r.out);
    const double mu1 = std::stod(j["eigenvalues_mu"]["values"][0].get<std::string>());
    const double lambda1 = std::stod(j["eigenvalues_lambda"]["values"][0].get<std::string>());
    CHECK(lambda1 == doctest::Approx(mu1 / 5).epsilon(1e-15));
    // The rank is a number for both routes; rank_is says whether it is the rank or a bound.
    CHECK(j["rank"].is_number_integer());
    CHECK(j["rank"].get<int>() == 5 - 1); // five distinct points: K is definite, K̃ = JKJ has rank N − 1
    CHECK(contains(j["rank_is"].get<std::string>(), "the numerical rank of K̃"));
    std::string many = "x,y\n";
    for (int i = 0; i < 200; ++i) many += fmt::format("{},{}\n", std::cos(0.1 * i) * (1 + 0.01 * i), std::sin(0.37 * i));
    const Run big = kernelbook({"kpca", "--kernel", "gaussian:gamma=0.5", "-p", "3", "--out", t.path("y200.csv"),
                                "--report", "-", "--report-format", "json", t.file("many.csv", many)});
    REQUIRE(big.code == kb::cli::success);
    const Json jb = Json::parse(big.out);
    CHECK(contains(jb["solver"].get<std::string>(), "lanczos"));
    CHECK(jb["rank"].get<int>() == 3);
    CHECK(contains(jb["rank_is"].get<std::string>(), "a lower bound"));
    CHECK(j["verify"]["digits_per_column"].size() == 2);
    // A double result agrees with the 100-digit one to ≥ 16 − log10(c₂·N·‖K̃‖/gap) ≈ 12 digits here.
    CHECK(j["verify"]["min_digits"].get<double>() >= 12);
    CHECK(j["verify"]["min_digits"].get<double>() <= 17);
    const Run text = kernelbook({"kpca", "--kernel", "gaussian:gamma=0.5", "-p", "2", "--out", t.path("y.csv"), "--report", "-", data});
    CHECK(contains(text.out, "PASS PSD"));
    CHECK(contains(text.out, "λ_j = μ_j/N"));
    // The text report of map gives κ and the kept rank.
    const Run m = kernelbook({"map", "--kernel", "gaussian:gamma=0.5", "--out", t.path("f.csv"), "--report", "-", data});
    CHECK(m.code == kb::cli::success);
    CHECK(contains(m.out, "condition_number:"));
    CHECK(contains(m.out, "rank: 5"));
    CHECK(contains(m.out, "PASS exactness on the training points"));
}

TEST_CASE("a check that fails refuses the result, and a check passes only within its bound") {
    // kb::cli::check is what every report's checks are made of: at the bound it passes, just
    // above it fails.
    CHECK(kb::cli::check<double>("c", "m", 1.0, 1.0, "b")["passed"] == true);
    CHECK(kb::cli::check<double>("c", "m", std::nextafter(1.0, 2.0), 1.0, "b")["passed"] == false);
    CHECK(kb::cli::check<double>("c", "m", std::nan(""), 1.0, "b")["passed"] == false);
}

TEST_CASE("--help of each subcommand exits with 0 and shows an example") {
    for (const std::string sub : {"pca", "mds", "kpca", "map", "certify"}) {
        const Run r = kernelbook({sub, "--help"});
        CHECK(r.code == 0);
        CHECK(contains(r.out, "Examples:"));
        CHECK(contains(r.out, "kernelbook " + sub));
    }
    CHECK(contains(kernelbook({"kpca", "--help"}).out, "gaussian:gamma=G"));
    CHECK(kernelbook({"--help"}).code == 0);
}

TEST_CASE("the CSV reader detects a header, keeps line numbers, and reads decimals exactly") {
    const kb::io::CsvTable t = kb::io::parse_csv("\"a\", b\r\n\n 1 , 2.5\n\n-3,4e-1\n", "t.csv");
    CHECK(t.header == std::vector<std::string>{"a", "b"});
    // A byte-order mark before the first field is skipped.
    CHECK(kb::io::parse_csv("\xEF\xBB\xBF" "1,2\n", "bom.csv").fields[0][0] == "1");
    CHECK(t.rows() == 2);
    CHECK(t.lines == std::vector<long>{3, 5});
    CHECK(kb::io::to_matrix<double>(t)(1, 1) == 0.4);
    CHECK(kb::io::to_matrix<kb::rational>(t)(1, 1) == kb::rational(2, 5));
    CHECK(kb::io::exact_decimal("-1.25e2") == kb::rational(-125));
    CHECK(kb::io::exact_decimal("0.001") == kb::rational(1, 1000));
    CHECK(kb::io::exact_decimal("+.5") == kb::rational(1, 2));
    CHECK_THROWS_WITH_AS(kb::io::exact_decimal("1e20000"), doctest::Contains("exponent beyond ±10000"), kb::error);
    CHECK_THROWS_WITH_AS(kb::io::exact_decimal("1.2.3"), doctest::Contains("is not a decimal number"), kb::error);
    for (const char* ok : {"1", "-1", "+1.", ".5", "1e5", "1E-5", "0.0"}) CHECK(kb::io::is_decimal_number(ok));
    for (const char* bad : {"", ".", "e5", "1e", "1e+", "--1", "1,0", "0x1", "inf", "nan", "1 2"})
        CHECK_FALSE(kb::io::is_decimal_number(bad));
    // A first row that mixes names and numbers is data, and its name is reported.
    CHECK_THROWS_WITH_AS(kb::io::parse_csv("x,1\n2,3\n", "m.csv"), doctest::Contains("m.csv:1:1: 'x' is not a number"),
                         kb::error);
}

TEST_CASE("a kernel specification is parsed into its kernel and convention") {
    std::string d;
    const kb::cli::KernelSpec g = kb::cli::parse_kernel_spec("gaussian:sigma=2");
    const kb::AnyKernel<double> k = kb::cli::make_kernel<double>(g, 1, d);
    const kb::RowVector<double> x = kb::RowVector<double>::Constant(1, 0.0), y = kb::RowVector<double>::Constant(1, 1.0);
    // σ = 2 is γ = 1/(2σ²) = 1/8.
    CHECK(k(x, y) == doctest::Approx(std::exp(-1.0 / 8)).epsilon(1e-15));
    CHECK(contains(d, "γ = 1/(2σ²)"));
    const kb::AnyKernel<double> z = kb::cli::make_kernel<double>(kb::cli::parse_kernel_spec("gaussian:zhu-sigma=2"), 1, d);
    CHECK(z(x, y) == doctest::Approx(std::exp(-1.0 / 4)).epsilon(1e-15));
    const kb::AnyKernel<double> p = kb::cli::make_kernel<double>(kb::cli::parse_kernel_spec("polynomial:degree=3,c=0.5"), 1, d);
    CHECK(p(y, y) == doctest::Approx(3.375).epsilon(1e-15));
    CHECK_THROWS_WITH_AS(kb::cli::make_kernel<kb::rational>(kb::cli::parse_kernel_spec("gaussian:gamma=1"), 1, d),
                         doctest::Contains("irrational"), kb::cli::usage_error);
}

TEST_CASE("the cosine - histogram-intersection - additive-chi2 and sigmoid kernels: their values - their domains and "
          "the sigmoid's witness") {
    std::string d;
    const auto spec = [](const char* text) { return kb::cli::parse_kernel_spec(text); };
    const kb::RowVector<double> x = (kb::RowVector<double>(2) << 3, 4).finished(), y = (kb::RowVector<double>(2) << 4, 3).finished();
    // cos = 24/25: after the scaling by the largest coordinate every step is exact but the last division.
    CHECK(kb::cli::make_kernel<double>(spec("cosine"), 2, d)(x, y) == 0.96);
    CHECK(contains(d, "PSD"));
    // Exact in rationals: min(3, 4) + min(4, 3) = 6 and 2·(2·12/7) = 48/7.
    const kb::RowVector<kb::rational> xq = x.cast<kb::rational>(), yq = y.cast<kb::rational>();
    CHECK(kb::cli::make_kernel<kb::rational>(spec("histogram-intersection"), 2, d)(xq, yq) == 6);
    CHECK(kb::cli::make_kernel<kb::rational>(spec("additive-chi2"), 2, d)(xq, yq) == kb::rational(48, 7));
    CHECK(kb::cli::make_kernel<double>(spec("sigmoid:a=0.5,c=-1"), 2, d)(x, y) == std::tanh(0.5 * 24 - 1));
    CHECK(contains(d, "not PSD in general"));
    CHECK_THROWS_WITH_AS(kb::cli::make_kernel<kb::rational>(spec("cosine"), 2, d), doctest::Contains("irrational"),
                         kb::cli::usage_error);
    CHECK_THROWS_WITH_AS(spec("sigmoid:gamma=1"), doctest::Contains("its parameters are a, c"), kb::cli::usage_error);
    TempDir t;
    const Run refuted = kernelbook({"certify", "--kernel", "sigmoid", t.file("p.csv", "1\n2\n")});
    CHECK(refuted.code == kb::cli::refusal);
    CHECK(contains(refuted.out, "witness: c = (1, -1)"));
    const Run zero = kernelbook({"certify", "--kernel", "cosine", t.file("z.csv", "1,0\n0,0\n")});
    CHECK(zero.code == kb::cli::bad_data);
    CHECK(contains(zero.err, "is the zero vector"));
    const std::string signed_data = t.file("s.csv", "1,-1\n0,2\n");
    for (const char* k : {"histogram-intersection", "additive-chi2"}) {
        const Run negative = kernelbook({"certify", "--kernel", k, signed_data});
        CHECK(negative.code == kb::cli::bad_data);
        CHECK(contains(negative.err, "coordinates must be ≥ 0, but got -1 and -1"));
        CHECK(kernelbook({"certify", "--kernel", k, t.file("u.csv", "1,0\n0,2\n3,3\n")}).code == kb::cli::success);
    }
}

TEST_CASE("progress is announced on a terminal for long runs only") {
    std::ostringstream quiet, short_run, long_run;
    kb::cli::Progress off(quiet, false, "kpca");
    off.long_run();
    off.stage("eigenpairs");
    off.done();
    CHECK(quiet.str().empty()); // standard error is not a terminal
    kb::cli::Progress brief(short_run, true, "kpca");
    brief.stage("eigenpairs");
    brief.done();
    CHECK(short_run.str().empty()); // under a second, and not known to be long
    kb::cli::Progress slow(long_run, true, "kpca");
    slow.long_run();
    slow.stage("eigenpairs");
    slow.done();
    CHECK(contains(long_run.str(), "kernelbook kpca: ["));
    CHECK(contains(long_run.str(), "s] eigenpairs\n"));
    CHECK(contains(long_run.str(), "s] done\n"));
}

TEST_CASE("the outputs of a run are written all or none: a failed write leaves every target as it was") {
    TempDir t;
    const std::string data = t.file("d.csv", points);
    // The report cannot be written (a full device): the output CSV, fully computed, is not
    // written either, and an earlier file keeps its content.
    const std::vector<std::string> full{"pca", "--out", t.path("o.csv"), "--report", "/dev/full", data};
    const Run lost = kernelbook(full);
    CHECK(lost.code == kb::cli::bad_data);
    CHECK(contains(lost.err, "--report '/dev/full': writing failed: No space left on device"));
    CHECK(t.read("o.csv") == "(none)");
    NOTE_REFUSAL(lost, full, "d.csv: five points of the plane");
    t.file("o.csv", "old\n");
    CHECK(kernelbook(full).code == kb::cli::bad_data);
    CHECK(t.read("o.csv") == "old\n");
    // Standard output on a full device: exit code 3 with the reason, and no file is written.
    const std::vector<std::string> to_stdout{"pca", "--out", t.path("s.csv"), "--report", "-", data};
    const Run stdout_full = kernelbook_on_full_device(to_stdout);
    CHECK(stdout_full.code == kb::cli::bad_data);
    CHECK(contains(stdout_full.err, "standard output: writing failed: No space left on device"));
    CHECK(t.read("s.csv") == "(none)");
    NOTE_REFUSAL(stdout_full, to_stdout, "d.csv: five points of the plane; standard output: /dev/full");
    CHECK(kernelbook_on_full_device({"pca", data}).code == kb::cli::bad_data);
    // A refusal (rank 1 < 2 components) leaves the earlier file too.
    const std::string line = t.file("line.csv", "0,0\n1,2\n2,4\n3,6\n");
    CHECK(kernelbook({"pca", "-p", "2", "--out", t.path("o.csv"), "--report", t.path("r.txt"), line}).code == kb::cli::refusal);
    CHECK(t.read("o.csv") == "old\n");
    CHECK(t.read("r.txt") == "(none)");
    // No temporary file is left behind, after a failure or a success.
    CHECK(t.names() == std::vector<std::string>{"d.csv", "line.csv", "o.csv"});
    REQUIRE(kernelbook({"pca", "--out", t.path("o.csv"), "--report", t.path("r.txt"), data}).code == kb::cli::success);
    CHECK(t.read("o.csv").rfind("pc1,pc2\n", 0) == 0);
    CHECK(contains(t.read("r.txt"), "PASS"));
    CHECK(t.names() == std::vector<std::string>{"d.csv", "line.csv", "o.csv", "r.txt"});
    // '-' is standard output for --out as for --report (not a file named '-').
    const Run dash = kernelbook({"pca", "--out", "-", data});
    CHECK(dash.code == kb::cli::success);
    CHECK(dash.out.rfind("pc1,pc2\n", 0) == 0);
    CHECK_FALSE(fs::exists("-"));
    const std::vector<std::string> both{"pca", "--out", "-", "--report", "-", data};
    const Run twice = kernelbook(both);
    CHECK(twice.code == kb::cli::usage);
    CHECK(contains(twice.err, "--report - and the output CSV would both go to standard output"));
    NOTE_REFUSAL(twice, both, "d.csv: five points of the plane");
}

TEST_CASE("outputs naming the same file as each other or as an input are refused with 2 before any work") {
    TempDir t;
    const std::string data = t.file("d.csv", points);
    const std::string fresh = t.file("new.csv", "x,y\n1,1\n");
    fs::create_symlink(data, t.path("link.csv"));
    fs::create_hard_link(data, t.path("hard.csv"));
    fs::create_directory(t.path("sub"));
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases = {
        {{"pca", "--out", t.path("r.csv"), "--report", t.path("r.csv"), data},
         "r.csv' name the same file: the second would replace the first; give each output a file of its own"},
        {{"pca", "--out", t.path("r.csv"), "--report", t.path("sub/../r.csv"), data}, "name the same file"},
        {{"pca", "--out", "-", "--report", data, data}, "d.csv' is the input DATA '"},
        {{"pca", "--out", t.path("sub/../d.csv"), data}, "is the input DATA"},
        {{"pca", "--out", t.path("link.csv"), data}, "link.csv' is the input DATA '"},
        {{"pca", "--out", t.path("hard.csv"), data}, "hard.csv' is the input DATA '"},
        {{"pca", "--transform", fresh, "--out", fresh, data}, "new.csv' is the input --transform '"},
        {{"mds", "--distances", "--report", data, "--out", t.path("x.csv"), data}, "is the input MATRIX"},
        {{"certify", "--gram", "--out", data, data}, "d.csv' is the input FILE '"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.message);
        const Run r = kernelbook(c.args);
        CHECK(r.code == kb::cli::usage);
        CHECK(contains(r.err, c.message));
        CHECK(r.out.empty());
        NOTE_REFUSAL(r, c.args, "d.csv: five points of the plane; link.csv → d.csv; hard.csv: a hard link to d.csv");
    }
    CHECK(t.read("d.csv") == points);
    CHECK(t.read("new.csv") == "x,y\n1,1\n");
    CHECK(t.read("r.csv") == "(none)");
    // Before any work: the input is not even read (a bad input would be exit code 3).
    const std::string bad = t.file("bad.csv", "1,abc\n");
    CHECK(kernelbook({"pca", "--report", bad, bad}).code == kb::cli::usage);
}

TEST_CASE("an output into a missing or unwritable directory is refused with 3 before the computation") {
    TempDir t;
    const std::string data = t.file("d.csv", points);
    // A bad input shows the order: the output's directory is refused before the input is read.
    const std::string bad = t.file("bad.csv", "1,abc\n");
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases = {
        {{"pca", "--out", t.path("nodir/o.csv"), bad}, "/nodir' does not exist; create it first (mkdir -p"},
        {{"pca", "--report", t.path("d.csv/r.txt"), "--out", t.path("o.csv"), bad}, "/d.csv' is not a directory"},
        {{"pca", "--out", t.dir.string(), bad}, "is a directory; name a file in it"},
        // /proc takes no new files, whoever runs the test (root included).
        {{"pca", "--out", "/proc/o.csv", bad}, "--out '/proc/o.csv': cannot create a file in the directory '/proc'"},
        {{"certify", "--gram", "--out", t.path("nodir/c.csv"), bad}, "does not exist"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.message);
        const Run r = kernelbook(c.args);
        CHECK(r.code == kb::cli::bad_data);
        CHECK(contains(r.err, c.message));
        CHECK(contains(r.err, "(nothing was computed)"));
        NOTE_REFUSAL(r, c.args, "bad.csv: 1,abc⏎");
    }
    CHECK(t.names() == std::vector<std::string>{"bad.csv", "d.csv"});
}

TEST_CASE("certify never leaves a witness of an earlier run at --out") {
    TempDir t;
    const std::string D = t.file("D.csv", "0,1,2\n1,0,1\n2,1,0\n"); // refuted: c = (1, -1, 0)
    const std::string I = t.file("I.csv", "1,0\n0,1\n");             // proven
    REQUIRE(kernelbook({"certify", "--gram", "--out", t.path("c.csv"), D}).code == kb::cli::refusal);
    CHECK(t.read("c.csv") == "c\n1\n-1\n0\n");
    // A failed run changes nothing (its exit code is not 4: nobody reads a witness from it).
    CHECK(kernelbook({"certify", "--gram", "--out", t.path("c.csv"), t.file("bad.csv", "1,x\n")}).code == kb::cli::bad_data);
    CHECK(t.read("c.csv") == "c\n1\n-1\n0\n");
    // A run without a witness removes the earlier one.
    CHECK(kernelbook({"certify", "--gram", "--out", t.path("c.csv"), I}).code == kb::cli::success);
    CHECK(t.read("c.csv") == "(none)");
    CHECK(t.names() == std::vector<std::string>{"D.csv", "I.csv", "bad.csv"});
    // --out -: the witness on standard output, the verdict on standard error.
    const Run dash = kernelbook({"certify", "--gram", "--out", "-", D});
    CHECK(dash.code == kb::cli::refusal);
    CHECK(dash.out == "c\n1\n-1\n0\n");
    CHECK(contains(dash.err, "verdict: refuted"));
}

TEST_CASE("certify's verdict and exit code come from exact arithmetic alone, whatever the size of the numbers") {
    TempDir t;
    // 1e400 is beyond double: the exact verdict is proven, and the approximate spectrum is
    // computed on K scaled by a power of two.
    const Run big = kernelbook({"certify", "--gram", "--report", "-", "--report-format", "json",
                                t.file("K.csv", "1e400,0\n0,1e400\n")});
    CHECK(big.code == kb::cli::success);
    REQUIRE(big.err.empty());
    const Json j = Json::parse(big.out);
    CHECK(j["verdict"] == "proven PSD");
    CHECK(j["spectrum"]["largest"] == "1e+400");
    CHECK(j["spectrum"]["smallest"] == "1e+400");
    // (1 + xᵀy)^170 reaches 75^170 ≈ 10^319 on these points: proven exactly, as at degree 150.
    const std::string three = t.file("p.csv", "1,2\n3,4\n5,7\n");
    for (const char* degree : {"polynomial:degree=150", "polynomial:degree=170"}) {
        CAPTURE(degree);
        const Run r = kernelbook({"certify", "--kernel", degree, three});
        CHECK(r.code == kb::cli::success);
        CHECK(contains(r.out, "verdict: proven PSD"));
        CHECK(r.err.empty());
    }
    // A refutation with entries beyond double: [[1, 2], [2, 1]]·10⁴⁰⁰ has cᵀKc = −2·10⁴⁰⁰ for c = (1, −1).
    const Run refuted = kernelbook({"certify", "--gram", t.file("R.csv", "1e400,2e400\n2e400,1e400\n")});
    CHECK(refuted.code == kb::cli::refusal);
    CHECK(contains(refuted.out, "witness: c = (-1, 1)"));
    CHECK(contains(refuted.out, "cᵀKc = -2" + std::string(400, '0')));
    CHECK(contains(refuted.out, "≈ -3e+400")); // the Schur complement's entry 1e400 − 4e400
}

TEST_CASE("exact arithmetic refuses numbers beyond its documented size with exit code 6, at once") {
    TempDir t;
    // 70 bytes: degree 1000 of numbers of 10⁴ digits. Each entry of K would have 6.6·10⁷ bits.
    const std::vector<std::string> huge{"certify", "--kernel", "polynomial:degree=1000", t.file("h.csv", "1e9999,1e9999\n-1e9999,1e9999\n")};
    const Run r = kernelbook(huge);
    CHECK(r.code == kb::cli::resources);
    CHECK(contains(r.err, "exact arithmetic on numbers this large would not end in reasonable time"));
    CHECK(contains(r.err, "beyond the limit of 2^18 = 262144 bits; use numbers with fewer digits, a lower degree, or fewer points"));
    NOTE_REFUSAL(r, huge, "h.csv: 1e9999,1e9999⏎-1e9999,1e9999⏎");
    // A Gram matrix's entries are measured exactly: N × B against 2¹⁸ = 262 144 bits. 10^38999
    // has 129 552 bits (with the denominator's one bit, 2·129 553 ≤ 2¹⁸), 10^39999 has 132 874
    // (2·132 875 > 2¹⁸).
    const auto gram = [&](std::size_t digits) {
        const std::string n = "1" + std::string(digits - 1, '0');
        return t.file("G.csv", n + ",0\n0," + n + "\n");
    };
    CHECK(kernelbook({"certify", "--gram", gram(39000)}).code == kb::cli::success);
    const std::vector<std::string> long_entries{"certify", "--gram", gram(40000)};
    const Run refused = kernelbook(long_entries);
    CHECK(refused.code == kb::cli::resources);
    CHECK(contains(refused.err, "an entry of K has up to 132875 bits"));
    NOTE_REFUSAL(refused, long_entries, "G.csv: 10^39999 on the diagonal of a 2×2 matrix");
}

TEST_CASE("an input beyond the CSV reader's size limit is refused with exit code 6 before it is read") {
    TempDir t;
    // A sparse file of 5 GiB (no disk space used): beyond the reader's 4 GiB, refused from its size.
    const std::string big = t.path("big.csv");
    { std::ofstream(big, std::ios::binary); }
    fs::resize_file(big, std::uintmax_t(5) << 30);
    const std::vector<std::string> args{"pca", big};
    const Run r = kernelbook(args);
    CHECK(r.code == kb::cli::resources);
    CHECK(contains(r.err, "is larger than"));
    CHECK(contains(r.err, "the limit of the CSV reader"));
    NOTE_REFUSAL(r, args, "big.csv: a sparse file of 5 GiB");
}

TEST_CASE("a header or a file name that is not UTF-8 is reported with U+FFFD in its place, in JSON and in text") {
    TempDir t;
    const std::string data = t.file("d\xff.csv", "x\xe9,y\n1,2\n3,4.5\n-1,0\n2,2\n");
    const Run json = kernelbook({"pca", "--out", t.path("o.csv"), "--report", "-", "--report-format", "json", data});
    REQUIRE(json.code == kb::cli::success);
    const Json j = Json::parse(json.out); // valid JSON: parse would throw on invalid UTF-8
    CHECK(j["input"]["header"] == Json({"x\xEF\xBF\xBD", "y"}));
    CHECK(contains(j["input"]["file"].get<std::string>(), "d\xEF\xBF\xBD.csv"));
    CHECK(t.read("o.csv").rfind("pc1,pc2\n", 0) == 0);
    const Run text = kernelbook({"pca", "--out", t.path("o.csv"), "--report", "-", data});
    REQUIRE(text.code == kb::cli::success);
    CHECK(contains(text.out, "x\xEF\xBF\xBD, y"));
    CHECK_FALSE(contains(text.out, "\xff"));
    const Run certify = kernelbook({"certify", "--gram", "--report", "-", "--report-format", "json",
                                    t.file("K\xfe.csv", "k\xc3,l\n1,0\n0,1\n")});
    CHECK(certify.code == kb::cli::success);
    CHECK(Json::parse(certify.out)["input"]["header"][0] == "k\xEF\xBF\xBD");
}

TEST_CASE("a wrong number of components names the range, and a misspelt option the nearest one") {
    TempDir t;
    const std::string data = t.file("d.csv", points);
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases = {
        {{"pca", "-p", "0", data}, "--components: '0' is not a number of components: give a whole number from 1 to N, the number of points"},
        {{"kpca", "--kernel", "linear", "--components", "-1", data}, "'-1' is not a number of components"},
        {{"mds", "--gram", "-p", "2.5", data}, "'2.5' is not a number of components"},
        {{"pca", "-p", "1e400", data}, "'1e400' is not a number of components"},
        {{"kpca", "--kernal", "linear", data}, "unknown option '--kernal'; did you mean --kernel?"},
        {{"kpca", "-kernel", "linear", data}, "unknown option '-kernel'; did you mean --kernel?"},
        {{"pca", "--componets", "2", data}, "unknown option '--componets'; did you mean --components?"},
        {{"map", "--kernel", "linear", "--centred", data}, "unknown option '--centred'; did you mean --centered?"},
        {{"certify", "--gramm", data}, "unknown option '--gramm'; did you mean --gram?"},
        {{"pca", "--report-fromat=json", data}, "unknown option '--report-fromat'; did you mean --report-format?"},
        {{"pca", "--bogus", data}, "unknown option '--bogus'; the options are --transform, --whiten, --inverse, --components"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.message);
        const Run r = kernelbook(c.args);
        CHECK(r.code == kb::cli::usage);
        CHECK(contains(r.err, c.message));
        CHECK_FALSE(contains(r.err, "1797693"));
        NOTE_REFUSAL(r, c.args, "d.csv: five points of the plane");
    }
}

namespace {
// N points of dimension 3, spread about 1 around `centre`, scaled by `scale`, as CSV (17 digits).
std::string spread_points(int N, double centre, double scale) {
    std::string text;
    for (int i = 0; i < N; ++i)
        text += fmt::format("{:.17g},{:.17g},{:.17g}\n", (centre + std::cos(1.1 * i)) * scale,
                            (centre + std::sin(0.7 * i) * (1 + 0.02 * i)) * scale, (centre + std::cos(2.3 * i + 1)) * scale);
    return text;
}

// The report's checks: each value finite and within its bound, and the check named `name` found.
void require_checks_pass(const Json& report, const std::string& name) {
    bool found = false;
    for (const Json& c : report["checks"]) {
        CAPTURE(c.dump());
        const double value = std::stod(c["value"].get<std::string>()), bound = std::stod(c["bound"].get<std::string>());
        CHECK(std::isfinite(value));
        CHECK(value <= bound);
        CHECK(c["passed"] == true);
        if (c["check"] == name) found = true;
    }
    CHECK(found);
}
} // namespace

TEST_CASE("kpca keeps a linear kernel of points whose mean is 1000 times their spread in every precision: the PSD "
          "bound is on the kernel's scale") {
    // K = XXᵀ with |x| ≈ 1700: the rounding of K̃ = JKJ is on the scale of max|K| ≈ 3·10⁶, while
    // the centred eigenvalues are of order 10; a bound on the scale of max|μ| refused these in
    // double and in 50 digits. The bound is the library's τ = 64·N·ε·(N·max|K|), its rank tolerance.
    TempDir t;
    for (const int N : {30, 250}) {
        const std::string data = t.file("far.csv", spread_points(N, 1000, 1));
        for (const std::string precision : {"double", "50", "100"}) {
            if (N == 250 && precision != "double") continue; // the fast route is double's
            CAPTURE(N);
            CAPTURE(precision);
            const Run r = kernelbook({"kpca", "--kernel", "linear", "--precision", precision, "--out", t.path("y.csv"),
                                      "--report", "-", "--report-format", "json", data});
            CAPTURE(r.err);
            REQUIRE(r.code == kb::cli::success);
            const Json j = Json::parse(r.out);
            require_checks_pass(j, "PSD");
            for (const Json& c : j["checks"])
                if (c["check"] == "PSD") CHECK(c["bound"] == j["rank_tolerance"]);
            CHECK(j["rank"].get<int>() == 3);
        }
    }
}

TEST_CASE("pca kpca and mds check results of magnitude 1e90 to 1e150 in double without overflow: the norms are "
          "scaled by a power of two, not squared") {
    TempDir t;
    for (const double scale : {1e90, 1e120, 1e150}) {
        CAPTURE(scale);
        const std::string data = t.file("big.csv", spread_points(20, 0, scale));
        const Run pca = kernelbook({"pca", "--out", t.path("p.csv"), "--report", "-", "--report-format", "json", data});
        CAPTURE(pca.err);
        REQUIRE(pca.code == kb::cli::success);
        require_checks_pass(Json::parse(pca.out), "eigen-residual");
        const Run kpca = kernelbook({"kpca", "--kernel", "linear", "--out", t.path("k.csv"), "--report", "-",
                                     "--report-format", "json", data});
        CAPTURE(kpca.err);
        REQUIRE(kpca.code == kb::cli::success);
        require_checks_pass(Json::parse(kpca.out), "eigen-residual");
    }
    // Distances of 10¹⁰⁰: B = −½JD²J has entries of 10²⁰⁰, its residuals' squares 10⁴⁰⁰.
    std::string d;
    const int N = 12;
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j)
            d += fmt::format("{:.17g}{}", std::hypot(std::cos(1.1 * i) - std::cos(1.1 * j), std::sin(0.7 * i) - std::sin(0.7 * j)) * 1e100,
                             j + 1 < N ? "," : "\n");
    const Run mds = kernelbook({"mds", "--distances", "--out", t.path("x.csv"), "--report", "-", "--report-format", "json",
                                t.file("d.csv", d)});
    CAPTURE(mds.err);
    REQUIRE(mds.code == kb::cli::success);
    require_checks_pass(Json::parse(mds.out), "eigen-residual");
}

TEST_CASE("every message of the command names its options and never a library type, enum or scalar type") {
    // The library's refusals reach the command in its terms: --precision 50 or 100 for a wider
    // type, no opt-in it does not offer, no leading library function.
    TempDir t;
    std::string big, tiny, subnormal;
    for (int i = 0; i < 6; ++i) {
        subnormal += fmt::format("{:.17g}\n", std::ldexp(double(i + 1), -530));
        big += fmt::format("{:.17g},{:.17g}\n", std::cos(i) * 1e200, std::sin(0.7 * i) * 1e200);
        tiny += fmt::format("{:.17g},{:.17g}\n", std::cos(i) * 1e-170, std::sin(0.7 * i) * 1e-170);
    }
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::vector<Case> cases = {
        {{"pca", t.file("big.csv", big)}, "kernelbook pca: the total scatter ‖X − 𝟙μ‖_F² = "},
        {{"pca", t.file("tiny.csv", tiny)}, "or run with --precision 50 or 100"},
        {{"kpca", "--kernel", "linear", t.path("big.csv")}, "kernelbook kpca: the kernel value k(x_i, x_j) at (0,0) = inf"},
        // Kernel values of 10^-340 underflow to 0, of 2^-1060 to subnormals: neither is "the
        // points coincide", and neither message names the library's kb::scaled.
        {{"kpca", "--kernel", "linear", t.path("tiny.csv")},
         "kernelbook kpca: every kernel value k(x_i, x_j) is 0 for these points (max |x| = "},
        {{"map", "--kernel", "linear", t.path("tiny.csv")}, "kernelbook map: every kernel value k(x_i, x_j) is 0"},
        {{"kpca", "--kernel", "linear", "-p", "1", t.file("subnormal.csv", subnormal)},
         "kernelbook kpca: every entry of K is below the smallest normal double"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.message);
        const Run r = kernelbook(c.args);
        CHECK(r.code == kb::cli::refusal);
        CHECK(contains(r.err, c.message));
        NOTE_REFUSAL(r, c.args, "points of 10^200 or 10^-170");
    }
    // The translation, rule by rule, on the library's own sentences.
    CHECK(kb::cli::in_command_terms("KernelPca: the centred kernel matrix K̃ = JKJ is not positive semi-definite: its "
                                    "smallest eigenvalue is -1 (rounding explains at most 1e-9); a kernel must give "
                                    "PSD Gram matrices (see chapter 4) — check the kernel and its parameters, or opt in "
                                    "with NonPsdPolicy::keep_positive to use only the components with positive "
                                    "eigenvalues") ==
          "the centred kernel matrix K̃ = JKJ is not positive semi-definite: its smallest eigenvalue is -1 (rounding "
          "explains at most 1e-9); a kernel must give PSD Gram matrices (see chapter 4) — check the kernel and its "
          "parameters");
    CHECK(kb::cli::in_command_terms("ExplicitFeatureMap: the centred kernel overflows (max |K| = 1e300); rescale the "
                                    "kernel (a factor a: kb::scaled(a, k)) or use a wider type (real50, real100)") ==
          "the centred kernel overflows (max |K| = 1e300); rescale the kernel or run with --precision 50 or 100");
    // A file whose name looks like a function keeps its name.
    CHECK(kb::cli::in_command_terms("Points: the file is empty") == "Points: the file is empty");
    // Companion: the scan finds each kind of library spelling.
    for (const std::string& s : {"kb::scaled(a, k)", "use KpcaSolver::dense", "NonPsdPolicy::keep_positive",
                                 "a wider type (real50, real100)", "KernelPca: 3 components", "or kb::all_components"}) {
        CAPTURE(s);
        CHECK(!kb::cli::library_spellings(s).empty());
    }
    CHECK(kb::cli::library_spellings("kernelbook kpca: --components 3: ask for at most 2; or --precision 50").empty());
}

TEST_CASE("kpca --solver dense and --solver lanczos give the same scores within the bound of the eigensolvers, the report "
          "names the route asked for, and a wrong column exceeds the bound") {
    // 250 points of R³ and the linear kernel: K̃ = X̃X̃ᵀ has rank 3, μ₁ ≥ μ₂ ≥ μ₃ > 0 = μ₄ = …,
    // so with p = 3 both routes find the same three pairs. Each route's eigenpairs are within
    // the numerics policy's bound of the exact ones: |Δμ_j| ≤ c₂·N·ε·μ₁ and, by Davis–Kahan,
    // ‖Δu_j‖ ≤ c₂·N·ε·μ₁/gap_j (c₂ = 32, docs: the tolerance policy), so a score y_ij = √μ_j·u_ij
    // moves by at most c₂·N·ε·μ₁·(√μ_j/gap_j + 1/(2√μ_j)); the two routes differ by twice that.
    TempDir t;
    const int N = 250;
    const std::string data = t.file("d.csv", spread_points(N, 0, 1));
    const auto scores = [&](const std::string& solver, Json& report) {
        const Run r = kernelbook({"kpca", "--kernel", "linear", "-p", "3", "--solver", solver, "--out",
                                  t.path("y-" + solver + ".csv"), "--report", "-", "--report-format", "json", data});
        CAPTURE(r.err);
        REQUIRE(r.code == kb::cli::success);
        report = Json::parse(r.out);
        std::ifstream in(t.path("y-" + solver + ".csv"));
        return csv_values(std::string(std::istreambuf_iterator<char>(in), {}));
    };
    Json automatic, dense, lanczos;
    const auto Ya = scores("auto", automatic), Yd = scores("dense", dense), Yl = scores("lanczos", lanczos);
    CHECK(contains(automatic["solver"].get<std::string>(), "lanczos: in double"));
    CHECK(contains(dense["solver"].get<std::string>(), "dense: asked for (--solver dense)"));
    CHECK(contains(lanczos["solver"].get<std::string>(), "lanczos: asked for (--solver lanczos)"));
    std::vector<double> mu;
    for (const Json& v : dense["eigenvalues_mu"]["values"]) mu.push_back(std::stod(v.get<std::string>()));
    REQUIRE(mu.size() == 3);
    const double eps = std::numeric_limits<double>::epsilon(), unit = 32 * N * eps * mu[0];
    std::vector<double> bound(3);
    for (int j = 0; j < 3; ++j) {
        const double gap = std::min(j > 0 ? mu[j - 1] - mu[j] : mu[0], j < 2 ? mu[j] - mu[j + 1] : mu[j]);
        bound[j] = 2 * unit * (std::sqrt(mu[j]) / gap + 1 / (2 * std::sqrt(mu[j])));
    }
    const auto max_difference = [&](const std::vector<std::vector<double>>& A, int a,
                                     const std::vector<std::vector<double>>& B, int b) {
        double d = 0;
        for (int i = 0; i < N; ++i) d = std::max(d, std::abs(A[i][a] - B[i][b]));
        return d;
    };
    REQUIRE(Yd.size() == std::size_t(N));
    REQUIRE(Yl.size() == std::size_t(N));
    for (int j = 0; j < 3; ++j) {
        CAPTURE(j);
        CAPTURE(bound[j]);
        CHECK(max_difference(Yd, j, Yl, j) <= bound[j]);
        CHECK(max_difference(Ya, j, Yl, j) == 0); // auto took the Lanczos route: the same computation
        // Companion: the neighbouring column (a route that skipped or swapped a pair) is far outside.
        CHECK(max_difference(Yd, j, Yl, (j + 1) % 3) > bound[j]);
    }
}

TEST_CASE("kpca --solver lanczos is refused in 50 digits with exit code 2, an unknown solver likewise, and --verify "
          "checks a Lanczos run against a 100-digit run of every eigenpair") {
    TempDir t;
    const std::string data = t.file("d.csv", spread_points(30, 0, 1));
    const std::vector<std::string> fifty = {"kpca", "--kernel", "gaussian:gamma=0.5", "-p", "2", "--solver", "lanczos",
                                            "--precision", "50", data};
    const Run r = kernelbook(fifty);
    CHECK(r.code == kb::cli::usage);
    CHECK(contains(r.err, "--solver lanczos computes in double only"));
    NOTE_REFUSAL(r, fifty);
    const std::vector<std::string> unknown = {"kpca", "--kernel", "linear", "--solver", "arpack", data};
    const Run u = kernelbook(unknown);
    CHECK(u.code == kb::cli::usage);
    CHECK(contains(u.err, "--solver"));
    NOTE_REFUSAL(u, unknown);
    // 30 points are below the automatic rule's 200, so only --solver lanczos takes this route.
    const Run v = kernelbook({"kpca", "--kernel", "gaussian:gamma=0.5", "-p", "2", "--solver", "lanczos", "--verify",
                              "--out", t.path("y.csv"), "--report", "-", "--report-format", "json", data});
    CAPTURE(v.err);
    REQUIRE(v.code == kb::cli::success);
    const Json j = Json::parse(v.out);
    CHECK(contains(j["solver"].get<std::string>(), "lanczos: asked for"));
    CHECK(j["verify"]["digits_per_column"].size() == 2);
    CHECK(j["verify"]["min_digits"].get<double>() >= 11);
}

TEST_CASE("kpca --gram on a kernel's Gram matrix gives the scores of kpca --kernel, --transform's kernel rows give "
          "those of the new points, and a Gram matrix of another kernel does not") {
    // The Gaussian kernel (γ = 1/2) on the five points, and on three new ones, evaluated here with
    // std::exp: its entries differ from the library's by a few ε, so the two runs' eigenpairs are
    // within the eigensolver's bound of each other (as in the --solver test: c₂·N·ε·μ₁ on μ, over the
    // gap on u; the smallest μ kept, μ₄, has the gap μ₄ − μ₅ = μ₄ since K̃𝟙 = 0).
    TempDir t;
    const std::vector<std::array<double, 2>> x = {{1, 2}, {3, 4.5}, {-1, 0}, {2, 2}, {0.5, -1}}, z = {{0, 0}, {2, 3}, {-1, 1}};
    const auto gram_text = [](const std::vector<std::array<double, 2>>& a, const std::vector<std::array<double, 2>>& b,
                              double gamma) {
        std::string s;
        for (const auto& p : a)
            for (std::size_t i = 0; i < b.size(); ++i)
                s += fmt::format("{:.17g}{}", std::exp(-gamma * (std::pow(p[0] - b[i][0], 2) + std::pow(p[1] - b[i][1], 2))),
                                 i + 1 < b.size() ? "," : "\n");
        return s;
    };
    const std::string data = t.file("d.csv", points), fresh = t.file("z.csv", "x,y\n0,0\n2,3\n-1,1\n");
    const std::string K = t.file("K.csv", gram_text(x, x, 0.5)), Kz = t.file("Kz.csv", gram_text(z, x, 0.5));
    const std::string K_other = t.file("K6.csv", gram_text(x, x, 0.6)), Kz_other = t.file("Kz6.csv", gram_text(z, x, 0.6));
    const auto run = [&](std::vector<std::string> args, const std::string& out, Json& report) {
        args.insert(args.begin(), {"kpca", "-p", "4", "--out", t.path(out), "--report", "-", "--report-format", "json"});
        const Run r = kernelbook(args);
        CAPTURE(r.err);
        REQUIRE(r.code == kb::cli::success);
        report = Json::parse(r.out);
        std::ifstream in(t.path(out));
        return csv_values(std::string(std::istreambuf_iterator<char>(in), {}));
    };
    Json by_kernel, by_gram, new_by_kernel, new_by_gram, other, new_other;
    const auto Y = run({"--kernel", "gaussian:gamma=0.5", data}, "y.csv", by_kernel);
    const auto Yg = run({"--gram", K}, "yg.csv", by_gram);
    const auto Yz = run({"--kernel", "gaussian:gamma=0.5", "--transform", fresh, data}, "yz.csv", new_by_kernel);
    const auto Yzg = run({"--gram", "--transform", Kz, K}, "yzg.csv", new_by_gram);
    const auto Y6 = run({"--gram", K_other}, "y6.csv", other);
    const auto Yz6 = run({"--gram", "--transform", Kz_other, K_other}, "yz6.csv", new_other);
    CHECK(by_gram["kernel"] == "a precomputed Gram matrix K (--gram)");
    std::vector<double> mu;
    for (const Json& v : by_kernel["eigenvalues_mu"]["values"]) mu.push_back(std::stod(v.get<std::string>()));
    REQUIRE(mu.size() == 4);
    const double unit = 32 * 5 * std::numeric_limits<double>::epsilon() * mu[0];
    // A new point's score is k̃_zᵀu_j/√μ_j: its rows move by ‖Δk̃_z‖ ≤ 4·unit and u_j by unit/gap_j
    // (|k̃_z| ≤ 4 entrywise: Gaussian values in (0, 1], centred); 2× for the two runs.
    const auto max_difference = [](const std::vector<std::vector<double>>& A, const std::vector<std::vector<double>>& B,
                                   int j) {
        double d = 0;
        for (std::size_t i = 0; i < A.size(); ++i) d = std::max(d, std::abs(A[i][j] - B[i][j]));
        return d;
    };
    for (int j = 0; j < 4; ++j) {
        const double gap = std::min(j > 0 ? mu[j - 1] - mu[j] : mu[0], j < 3 ? mu[j] - mu[j + 1] : mu[j]);
        const double training = 2 * unit * (std::sqrt(mu[j]) / gap + 1 / (2 * std::sqrt(mu[j])));
        const double fresh_bound = 2 * unit * (4 * std::sqrt(5.0) / std::sqrt(mu[j])) * (1 + mu[j] / gap + 1);
        CAPTURE(j);
        CHECK(max_difference(Y, Yg, j) <= training);
        CHECK(max_difference(Yz, Yzg, j) <= fresh_bound);
        // Companion: γ = 0.6 instead of 0.5 moves the scores far outside both bounds.
        CHECK(max_difference(Y, Y6, j) > training);
        CHECK(max_difference(Yz, Yz6, j) > fresh_bound);
    }
}

namespace {
// Command lines that must be refused: each with its exit code and a part of its message, each
// noted for the catalogue of refusals at the caller's line.
struct Refusal {
    std::vector<std::string> args;
    int code;
    std::string message;
};
void check_refusals(const char* file, int line, const std::vector<Refusal>& cases) {
    for (const Refusal& c : cases) {
        const Run r = kernelbook(c.args);
        CAPTURE(r.err);
        CHECK(r.code == c.code);
        CHECK(contains(r.err, c.message));
        note_refusal(file, line, r, c.args);
    }
}
#define CHECK_REFUSALS(...) check_refusals(__FILE__, __LINE__, __VA_ARGS__)
} // namespace

TEST_CASE("kpca --gram refuses a matrix that is not square or not symmetric and kernel rows of the wrong width with "
          "exit code 3, --gram with --kernel with 2, and a K whose centred matrix is indefinite with 4") {
    TempDir t;
    const std::string good = t.file("K.csv", "1,0.5,0.25\n0.5,1,0.5\n0.25,0.5,1\n");
    CHECK_REFUSALS({
        {{"kpca", "--gram", t.file("rect.csv", "1,0.5,0.2\n0.5,1,0.1\n")}, kb::cli::bad_data,
         "--gram needs the square N×N Gram matrix"},
        {{"kpca", "--gram", t.file("asym.csv", "1,0.5,0.25\n0.4,1,0.5\n0.25,0.5,1\n")}, kb::cli::bad_data,
         "K must be symmetric"},
        {{"kpca", "--gram", "--transform", t.file("kz.csv", "0.3,0.2\n"), good}, kb::cli::bad_data,
         "the kernel rows of the new points have 2 column(s)"},
        {{"kpca", "--gram", "--kernel", "linear", good}, kb::cli::usage, "--kernel and --gram together"},
        // K has the eigenvalue −2 on (1, −1, 0), which is orthogonal to 𝟙: K̃ = JKJ keeps it.
        {{"kpca", "--gram", t.file("indef.csv", "1,3,0\n3,1,0\n0,0,1\n")}, kb::cli::refusal, "not positive semi-definite"},
    });
}

TEST_CASE("pca --whiten gives scores of sample variance 1 on every axis, --inverse turns scores (whitened or not) "
          "back into the points, and whitened scores read as plain ones do not") {
    // Five points of the plane, p = q = 2: the inverse of all the scores is the data itself.
    // Rounding: the scores and the points each go through one product with V (q terms) and the
    // mean, and V is orthonormal within c₂·N·ε (the policy's factorisation bound), so a point
    // comes back within 2·c₂·N·q·ε·max|a| (generous against the q·ε of each product, and far
    // below the companion's error, which is of the size of the data).
    TempDir t;
    const std::string data = t.file("d.csv", points);
    const std::vector<std::vector<double>> A = csv_values(points);
    const auto run = [&](std::vector<std::string> args, const std::string& out, Json* report = nullptr) {
        args.insert(args.begin(), {"pca", "--out", t.path(out)});
        if (report) args.insert(args.end() - 1, {"--report", "-", "--report-format", "json"});
        const Run r = kernelbook(args);
        CAPTURE(r.err);
        REQUIRE(r.code == kb::cli::success);
        if (report) *report = Json::parse(r.out);
        std::ifstream in(t.path(out));
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    Json plain_report;
    const std::string plain = run({data}, "p.csv", &plain_report), white = run({"--whiten", data}, "w.csv");
    const auto P = csv_values(plain), W = csv_values(white);
    const double eps = std::numeric_limits<double>::epsilon();
    for (int j = 0; j < 2; ++j) {
        const double variance = std::stod(plain_report["variances"]["values"][j].get<std::string>());
        double sum = 0, sum_of_squares = 0;
        for (int i = 0; i < 5; ++i) {
            sum += W[i][j];
            sum_of_squares += W[i][j] * W[i][j];
            // W = P/√variance, entry by entry, within two roundings.
            CHECK(std::abs(W[i][j] - P[i][j] / std::sqrt(variance)) <= 4 * eps * std::abs(W[i][j]));
        }
        CHECK(std::abs(sum) <= 32 * 5 * eps * 4);                  // mean 0 (|w| ≤ 2: N − 1 = 4 = Σw²)
        CHECK(std::abs(sum_of_squares / 4 - 1) <= 32 * 5 * 2 * eps); // sample variance 1
    }
    double max_a = 0;
    for (const auto& row : A)
        for (const double a : row) max_a = std::max(max_a, std::abs(a));
    const double bound = 2 * 32 * 5 * 2 * eps * max_a;
    const auto max_difference = [](const std::vector<std::vector<double>>& X, const std::vector<std::vector<double>>& Y) {
        double d = 0;
        for (std::size_t i = 0; i < X.size(); ++i)
            for (std::size_t j = 0; j < X[i].size(); ++j) d = std::max(d, std::abs(X[i][j] - Y[i][j]));
        return d;
    };
    const auto back = csv_values(run({"--inverse", t.file("p-in.csv", plain), data}, "a.csv"));
    const auto back_white = csv_values(run({"--whiten", "--inverse", t.file("w-in.csv", white), data}, "aw.csv"));
    REQUIRE(back.size() == 5);
    REQUIRE(back[0].size() == 2);
    CHECK(max_difference(back, A) <= bound);
    CHECK(max_difference(back_white, A) <= bound);
    // Companion: whitened scores read as plain ones shrink the points towards the mean: far outside.
    const auto wrong = csv_values(run({"--inverse", t.file("w-in2.csv", white), data}, "ax.csv"));
    CHECK(max_difference(wrong, A) > bound);
}

TEST_CASE("pca --inverse refuses more score columns than components with exit code 3 and --inverse with --transform "
          "with 2") {
    TempDir t;
    const std::string data = t.file("d.csv", points);
    const std::vector<std::string> wide = {"pca", "-p", "1", "--inverse", t.file("s.csv", "1,2\n3,4\n"), data};
    const Run r = kernelbook(wide);
    CHECK(r.code == kb::cli::bad_data);
    CHECK(contains(r.err, "2 column(s) of scores, but the PCA of"));
    NOTE_REFUSAL(r, wide);
    const std::vector<std::string> both = {"pca", "--inverse", t.file("s1.csv", "1\n"), "--transform", data, data};
    const Run b = kernelbook(both);
    CHECK(b.code == kb::cli::usage);
    CHECK(contains(b.err, "--inverse"));
    NOTE_REFUSAL(b, both);
}

TEST_CASE("kpca --inverse gives the pre-images of scores by kernel ridge regression: Gamma(Y) = K_Y (K_Y + alpha I)^-1 X "
          "computed here from the scores file, and a ridge of 2 alpha is outside the bound") {
    // The reference is computed in this test from the formula of chapter 7, §7.13, with Eigen's
    // Cholesky on the scores the command wrote: K_Y from the Gaussian kernel (γ = 1/2) of the
    // score vectors, β = (K_Y + αI)⁻¹X, Γ = K_Yβ. The two computations round differently: the
    // solve within c₂·N·ε·κ(K_Y + αI) of β relatively (κ ≤ (‖K_Y‖ + α)/α, ‖K_Y‖ ≤ N), and the
    // scores themselves within the eigensolver's bound; 2·c₂·N·ε·κ·N·max|x| covers both here.
    TempDir t;
    const std::string data = t.file("d.csv", points);
    const std::vector<std::vector<double>> A = csv_values(points);
    const auto run = [&](std::vector<std::string> args, const std::string& out) {
        args.insert(args.begin(), {"kpca", "--kernel", "gaussian:gamma=0.5", "-p", "4", "--out", t.path(out)});
        args.push_back(data);
        const Run r = kernelbook(args);
        CAPTURE(r.err);
        REQUIRE(r.code == kb::cli::success);
        std::ifstream in(t.path(out));
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string scores = run({}, "y.csv");
    const auto Y = csv_values(scores);
    const double alpha = 0.5;
    const auto G = csv_values(run({"--inverse", t.file("y-in.csv", scores), "--ridge", "0.5"}, "g.csv"));
    const int N = 5;
    REQUIRE(G.size() == std::size_t(N));
    REQUIRE(G[0].size() == 2);
    const auto reference = [&](double ridge) {
        Eigen::MatrixXd K(N, N), X(N, 2);
        for (int i = 0; i < N; ++i) {
            X(i, 0) = A[i][0];
            X(i, 1) = A[i][1];
            for (int j = 0; j < N; ++j) {
                double d2 = 0;
                for (std::size_t c = 0; c < Y[i].size(); ++c) d2 += (Y[i][c] - Y[j][c]) * (Y[i][c] - Y[j][c]);
                K(i, j) = std::exp(-0.5 * d2);
            }
        }
        const Eigen::MatrixXd beta = (K + ridge * Eigen::MatrixXd::Identity(N, N)).llt().solve(X);
        return Eigen::MatrixXd(K * beta);
    };
    const double kappa = (N + alpha) / alpha, max_x = 4.5;
    const double bound = 2 * 32 * N * std::numeric_limits<double>::epsilon() * kappa * N * max_x;
    const auto max_difference = [&](const Eigen::MatrixXd& R) {
        double d = 0;
        for (int i = 0; i < N; ++i)
            for (int c = 0; c < 2; ++c) d = std::max(d, std::abs(G[i][c] - R(i, c)));
        return d;
    };
    CHECK(max_difference(reference(alpha)) <= bound);
    CHECK(max_difference(reference(2 * alpha)) > bound); // companion: the ridge doubled
}

TEST_CASE("kpca --inverse refuses --gram and a ridge that is not positive with exit code 2, and scores of the wrong "
          "width with 3") {
    TempDir t;
    const std::string data = t.file("d.csv", points), scores = t.file("s.csv", "1,2\n3,4\n");
    CHECK_REFUSALS({
        {{"kpca", "--gram", "--inverse", scores, t.file("K.csv", "1,0.5\n0.5,1\n")}, kb::cli::usage,
         "needs the points and --kernel, not --gram"},
        {{"kpca", "--kernel", "linear", "-p", "2", "--inverse", scores, "--ridge", "0", data}, kb::cli::usage,
         "the ridge must be positive"},
        {{"kpca", "--kernel", "gaussian:gamma=0.5", "-p", "3", "--inverse", scores, data}, kb::cli::bad_data,
         "2 column(s) of scores, but the kernel PCA of"},
    });
}
