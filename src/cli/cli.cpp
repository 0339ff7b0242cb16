/// \file cli.cpp
/// \brief The command line of `kernelbook`: the subcommands and their options (CLI11), the
///        reading of the input files, the choice of precision, --verify, the output and the
///        report, and the exit codes.
#include "cli/cli.hpp"

#include "cli/command.hpp"
#include "cli/output.hpp"

#include "kernelbook/spectral.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <limits>
#include <numeric>

namespace kb::cli {
namespace {

const char* const precisions_help =
    "double (default), 50 or 100 (decimal digits, MPFR), or exact (rational arithmetic: certify only, "
    "since the other methods need eigenvalues and square roots, which are irrational)";

// -p P: a whole number of components, 1 or more (CLI11's PositiveNumber would answer with the
// range of a double, 309 digits long).
const CLI::Validator components_range(
    [](std::string& v) -> std::string {
        const bool digits = !v.empty() && v.size() <= 9 && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (digits && std::stol(v) >= 1) return "";
        return fmt::format("'{}' is not a number of components: give a whole number from 1 to N, the number of points "
                           "(the data may have fewer components: the refusal then names how many), or leave "
                           "--components out to keep every component above the rank tolerance",
                           v);
    },
    "P ≥ 1", "components");

void add_common(CLI::App* sub, Options& o, bool components) {
    if (components)
        sub->add_option("-p,--components", o.components,
                        "number of components P to keep (default: every one above the rank tolerance; for kpca at most 10)")
            ->check(components_range);
    sub->add_option("--precision", o.precision, precisions_help)
        ->check(CLI::IsMember({"double", "50", "100", "exact"}));
    sub->add_option("-o,--out", o.out, "write the output CSV to FILE, or to standard output with '-' (the default)");
    sub->add_option("--report", o.report,
                    "write the verification report to FILE, or to standard output with '-' (then give --out FILE)");
    sub->add_option("--report-format", o.report_format, "text (default) or json")
        ->check(CLI::IsMember({"text", "json"}));
    sub->add_flag("--verify", o.verify,
                  "compute everything again in 100-digit arithmetic and report the digits of agreement of each output "
                  "column");
}

std::string example(const std::string& lines) { return "\nExamples:\n" + lines; }

// kpca and map: the training data, the kernel and the new points.
void add_kernel_inputs(CLI::App* sub, Options& o, const std::string& data, const std::string& output) {
    sub->add_option("DATA", o.data, data)->required();
    sub->add_option("--kernel", o.kernel_text, "the kernel (see the list below)")->required();
    sub->add_option("--transform", o.transform, "also a CSV of new points: output their " + output + " instead");
}

template <class T>
Json verify_section(const Outcome& result, const Outcome& reference) {
    const Matrix<real100>& A = *result.values;
    const Matrix<real100>& R = *reference.values;
    Json v;
    v["reference"] = "the same command with --precision 100 (100 significant digits)";
    if (A.rows() != R.rows() || A.cols() != R.cols()) {
        v["comparable"] = false;
        v["why"] = fmt::format("the --precision 100 run kept {} columns, this run {}: the rank decision differs between the "
                               "precisions (an eigenvalue near the tolerance)",
                               R.cols(), A.cols());
        return v;
    }
    const Matrix<real100> aligned = align_signs(A, R);
    Json digits = Json::array();
    Json flipped = Json::array();
    double worst = std::numeric_limits<double>::infinity();
    for (Eigen::Index j = 0; j < A.cols(); ++j) {
        const real100 scale = R.col(j).cwiseAbs().maxCoeff();
        double d = decimal_digits<real100>();
        for (Eigen::Index i = 0; i < A.rows(); ++i) d = std::min(d, digits_of_agreement(aligned(i, j), R(i, j), scale));
        digits.push_back(std::round(d * 10) / 10);
        worst = std::min(worst, d);
        if (aligned.col(j) != A.col(j)) flipped.push_back(j + 1);
    }
    v["what"] = "per output column: min over its rows of −log10(|value − reference| / max|reference column|)";
    v["digits_per_column"] = digits;
    v["min_digits"] = A.cols() ? std::round(worst * 10) / 10 : 0.0;
    v["precision_digits"] = decimal_digits<T>();
    v["sign_flipped_columns"] = flipped;
    return v;
}

// --verify repeats the whole method in real100: about N³ operations in software arithmetic,
// 6.6 s for kernel PCA at N = 200 on one core (measured), hours at a few thousand.
constexpr Eigen::Index verify_max_rows = 300;

template <class T>
Outcome run_with_verify(const Options& o, const Inputs& in, Progress& progress) {
    if (o.verify && in.data.rows() > verify_max_rows)
        throw usage_error(fmt::format("--verify repeats the whole computation in 100-digit arithmetic, about N³ "
                                      "operations in software arithmetic: too slow for {} rows (seconds at 200 rows, hours at a few thousand). Verify on a subset of at most "
                                      "{} rows (e.g. head -n {} {}), or run --precision 50 without --verify",
                                      in.data.rows(), verify_max_rows, verify_max_rows + 1, in.data.source));
    Outcome result = run_in<T>(o, in, progress, o.verify);
    if (o.verify) {
        progress.stage("--verify: the same in real100");
        Outcome reference = run_in<real100>(o, in, progress, true);
        result.report["verify"] = verify_section<T>(result, reference);
    }
    result.values.reset();
    return result;
}

// The option names a subcommand knows, its option groups' included ("--kernel", "-p", …).
std::vector<std::string> option_names(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::Option* opt : app.get_options()) {
        for (const std::string& l : opt->get_lnames()) names.push_back("--" + l);
        for (const std::string& s : opt->get_snames()) names.push_back("-" + s);
    }
    for (const CLI::App* group : app.get_subcommands([](const CLI::App* a) { return a->get_name().empty(); })) {
        const std::vector<std::string> more = option_names(*group);
        names.insert(names.end(), more.begin(), more.end());
    }
    return names;
}

// The Levenshtein distance: the fewest insertions, deletions and substitutions from a to b.
std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t substitute = diagonal + (a[i - 1] != b[j - 1]);
            diagonal = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitute});
        }
    }
    return row[b.size()];
}

// The first argument from args[from] on that looks like an option and is none of `app`'s:
// "unknown option '--kernal'; did you mean --kernel?" (the nearest long option, if it is
// near), or "" if there is none. CLI11 would report a missing required option instead.
std::string unknown_option(const CLI::App& app, const std::vector<std::string>& args, std::size_t from) {
    const std::vector<std::string> names = option_names(app);
    for (std::size_t i = from; i < args.size(); ++i) {
        const std::string a = args[i].substr(0, args[i].find('='));
        const bool is_long = a.size() > 2 && a[1] == '-';
        if (a.size() < 2 || a[0] != '-' || !std::isalpha(static_cast<unsigned char>(a[is_long ? 2 : 1]))) continue;
        if (std::count(names.begin(), names.end(), is_long ? a : a.substr(0, 2))) continue;
        // "-kernel" is compared as "--kernel": a long option written with one dash.
        const std::string as_long = is_long ? a : "-" + a;
        std::string nearest, longs;
        std::size_t best = std::string::npos;
        for (const std::string& n : names) {
            if (n.size() <= 2 || n == "--help") continue;
            longs += (longs.empty() ? "" : ", ") + n;
            if (edit_distance(as_long, n) < best) best = edit_distance(as_long, n), nearest = n;
        }
        if (best <= std::max<std::size_t>(2, nearest.size() / 3))
            return fmt::format("unknown option '{}'; did you mean {}?", a, nearest);
        return fmt::format("unknown option '{}'; the options are {}", a, longs);
    }
    return "";
}

// Whether the output CSV (certify: the witness) goes to standard output: by default, or --out -.
bool csv_to_stdout(const Options& o) { return o.out == "-" || (o.out.empty() && o.method != Method::certify); }

// The refusals of a command line that need no file: contradicting options.
void check_options(Options& o) {
    if (o.precision == "exact" && o.method != Method::certify)
        throw usage_error(fmt::format("--precision exact: {} needs eigenvalues and square roots, which are irrational in "
                                      "general; use --precision 50 or 100 (exact arithmetic is for certify)",
                                      o.command));
    if (o.method == Method::certify && o.precision != "exact" && o.precision != "double")
        throw usage_error(fmt::format("--precision {}: certify decides exactly, in rational arithmetic (50-digit "
                                      "intervals for the exponential kernels); leave --precision out or write exact",
                                      o.precision));
    if (o.verify && o.precision == "100")
        throw usage_error("--verify compares with a 100-digit run, and --precision 100 is that run already; use "
                          "--verify with --precision double or 50");
    // Standard output holds one thing: the output CSV (by default, or --out -), or the report.
    if (o.report == "-" && csv_to_stdout(o))
        throw usage_error(fmt::format("--report - and the {} would both go to standard output; give --out FILE, or "
                                      "--report FILE",
                                      o.method == Method::certify ? "witness (--out -)" : "output CSV"));
    if (o.method == Method::kpca && o.kernel_text.empty() && !o.kpca_gram)
        throw usage_error("--kernel is required (the kernel on the points of DATA), or --gram when DATA is a "
                          "precomputed Gram matrix");
    if (o.method == Method::kpca && !o.kernel_text.empty() && o.kpca_gram)
        throw usage_error("--kernel and --gram together: with --gram, DATA is the Gram matrix itself and no kernel is "
                          "evaluated; give one of them");
    if (o.method == Method::kpca && !o.inverse.empty() && o.kpca_gram)
        throw usage_error("--inverse learns the map from scores back to the points, so it needs the points and "
                          "--kernel, not --gram");
    if (o.solver == "lanczos" && o.precision != "double")
        throw usage_error(fmt::format("--solver lanczos computes in double only; with --precision {} use --solver "
                                      "dense or auto (or leave --precision out)",
                                      o.precision));
    if (!o.kernel_text.empty()) o.kernel = parse_kernel_spec(o.kernel_text);
}

// The files the run writes (not standard output, '-') and those it reads, as the command line names them.
std::vector<NamedFile> file_outputs(const Options& o) {
    std::vector<NamedFile> files;
    if (!o.out.empty() && o.out != "-") files.push_back({"--out", o.out});
    if (!o.report.empty() && o.report != "-") files.push_back({"--report", o.report});
    return files;
}

std::vector<NamedFile> file_inputs(const Options& o) {
    const std::string data = o.method == Method::mds ? "MATRIX" : o.method == Method::certify ? "FILE" : "DATA";
    return {{data, o.data}, {"--transform", o.transform}, {"--inverse", o.inverse}};
}

// A file that cannot be read or parsed is a data error (its message names file, line and column);
// one beyond the reader's documented size limits (kb::io::CsvLimits) is a resource error.
Inputs read_inputs(const Options& o) {
    const auto read = [](const std::string& path) {
        try {
            return io::read_csv(path);
        } catch (const io::size_limit_error& e) {
            throw resource_error(e.what());
        } catch (const error& e) {
            throw data_error(e.what());
        }
    };
    Inputs in;
    in.data = read(o.data);
    if (!o.transform.empty()) in.fresh = read(o.transform);
    if (!o.inverse.empty()) in.fresh = read(o.inverse); // --inverse: scores (--transform is excluded)
    return in;
}

Outcome compute(const Options& o, const Inputs& in, Progress& progress) {
    if (o.method == Method::certify) return run_certify(o, in, progress);
    if (o.precision == "double") return run_with_verify<double>(o, in, progress);
    if (o.precision == "50") return run_with_verify<real50>(o, in, progress);
    return run_with_verify<real100>(o, in, progress);
}

// Every output of the run, all or none: the files go to their temporaries (synced to the disk),
// then standard output is written and checked, and only then do the files take their places.
void write_outputs(const Options& o, const Outcome& result, Outputs& files, std::ostream& out, std::ostream& err) {
    const auto write_csv = [&](std::ostream& os) {
        for (std::size_t j = 0; j < result.columns.size(); ++j) os << (j ? "," : "") << result.columns[j];
        os << '\n';
        result.write_rows(os);
    };
    const bool has_csv = static_cast<bool>(result.write_rows); // certify: only a refutation has a witness
    // The files.
    if (!o.out.empty() && o.out != "-") {
        if (has_csv)
            write_csv(files.stream("--out"));
        else
            files.discard("--out"); // no witness: no file at --out may pass for this run's
    }
    const std::string report =
        o.report.empty() ? "" : o.report_format == "json" ? render_json(result.report) : render_text(result.report);
    if (!o.report.empty() && o.report != "-") files.stream("--report") << report;
    files.finish();
    // Standard output: the CSV, the report or certify's verdict (on standard error when the
    // witness takes standard output).
    if (csv_to_stdout(o) && has_csv) write_csv(out);
    if (o.report == "-") out << report;
    if (o.method == Method::certify && o.report != "-") (o.out == "-" ? err : out) << result.summary;
    if (out.flush().fail())
        throw data_error(fmt::format("standard output: writing failed: {}; so the output files were not written either",
                                     write_failure(out)));
    files.commit();
}

// Where the run was, for a message when memory runs out.
struct Stage {
    std::string what = "reading the input";
    Eigen::Index rows = 0, cols = 0;
};

int execute(Options& o, std::ostream& out, std::ostream& err, bool progress_enabled, Stage& stage) {
    check_options(o);
    // The output paths before any work: collisions, missing directories, unwritable targets.
    Outputs files(file_outputs(o), file_inputs(o));
    const Inputs in = read_inputs(o);
    stage = {"computing", in.data.rows(), in.data.cols()};
    Progress progress(err, progress_enabled, o.command);
    const Outcome result = compute(o, in, progress);
    stage.what = "writing the outputs";
    if (!o.out.empty() && o.out != "-") progress.stage("writing " + o.out);
    write_outputs(o, result, files, out, err);
    progress.done();
    return result.exit;
}

// The advice for a run that ran out of memory: true for this run (fewer points always; a
// lower precision only if it was not double already).
std::string out_of_memory(const Options& o, const Stage& stage) {
    std::string s = fmt::format("out of memory while {}", stage.what);
    if (stage.rows > 0)
        s += fmt::format(" ({} rows × {} columns, {})", stage.rows, stage.cols,
                         o.method == Method::certify ? "exact rational arithmetic"
                         : o.precision == "double" ? "double precision"
                                                   : o.precision + "-digit arithmetic");
    s += ": the memory the method needs could not be had (the machine's, or a limit on the process such as ulimit -v); "
         "use fewer points";
    if (o.method == Method::certify)
        s += ", or numbers with fewer digits (exact fractions grow with them)";
    else if (o.precision != "double")
        s += fmt::format(", or --precision double (a {}-digit number takes {} bytes, a double 8)", o.precision,
                         o.precision == "50" ? sizeof(real50) : sizeof(real100));
    if (o.verify) s += ", or leave out --verify (it repeats the run in 100 digits)";
    return s;
}

} // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool progress) {
    Options o;
    CLI::App app{"kernelbook — the book's methods on your own data: PCA, classical MDS, kernel PCA, the exact "
                 "explicit feature map and PSD certificates, in double, 50 or 100 digits or exact arithmetic, with a "
                 "report of what was checked.\nInput: CSV, comma-separated numbers, one point (or matrix row) per line, "
                 "with or without a header row.\nOutputs: '-' is standard output; the files are written all or none "
                 "(nothing is left at their paths when the run fails or is interrupted).\nExit codes: 0 success, "
                 "2 usage error (also: outputs naming the same file, or an input), 3 a file cannot be used (unreadable or "
                 "invalid data; an output's directory missing or unwritable; a failed write, standard output "
                 "included), 4 a mathematical refusal (not PSD, rank below P, κ beyond the precision; certify: "
                 "refuted), 5 certify undecided, 6 the run would not fit (out of memory, or beyond a documented size "
                 "limit).",
                 "kernelbook"};
    app.require_subcommand(1);
    app.footer(kernel_spec_help());

    CLI::App* pca = app.add_subcommand("pca", "principal component analysis: the scores of the points (chapter 1)");
    pca->add_option("DATA", o.data, "N×q data, one point per row")->required();
    auto* pca_transform = pca->add_option("--transform", o.transform, "also a CSV of new points: output their scores instead");
    pca->add_flag("--whiten", o.whiten,
                  "scores divided by the standard deviation √(λ_j/(N − 1)) of their axis: variance 1 on every axis "
                  "(with --inverse: the scores given are whitened)");
    pca->add_option("--inverse", o.inverse,
                    "a CSV of scores (M×m, m ≤ P): output the points they stand for, Z = P V_mᵀ + μ (the inverse "
                    "transform)")
        ->excludes(pca_transform);
    add_common(pca, o, true);
    pca->footer(example("  kernelbook pca -p 2 --report - --out scores.csv data.csv\n"
                        "  kernelbook pca --precision 50 --verify --report report.json --report-format json data.csv"));

    CLI::App* mds = app.add_subcommand("mds", "classical multidimensional scaling: coordinates from a distance or Gram matrix (chapter 2)");
    mds->add_option("MATRIX", o.data, "N×N matrix")->required();
    auto* kind = mds->add_option_group("input", "what the matrix holds (one of)");
    bool distances = false, squared = false, gram_flag = false;
    kind->add_flag("--distances", distances, "dissimilarities d_ij (symmetric, zero diagonal, ≥ 0)");
    kind->add_flag("--squared-distances", squared, "squared dissimilarities d_ij²");
    kind->add_flag("--gram", gram_flag, "a symmetric Gram matrix B, used as given");
    kind->require_option(1);
    add_common(mds, o, true);
    mds->footer(example("  kernelbook mds --distances -p 2 cities.csv\n"
                        "  kernelbook mds --gram --precision 100 --report - --out coords.csv B.csv"));

    CLI::App* kpca = app.add_subcommand("kpca", "kernel PCA: the scores of the points in the feature space (chapter 7)");
    kpca->add_option("DATA", o.data, "N×q data, one point per row (with --kernel), or the N×N Gram matrix K (with --gram)")
        ->required();
    // One of --kernel and --gram: check_options says which is missing or that both were given.
    kpca->add_option("--kernel", o.kernel_text, "the kernel (see the list below); or --gram");
    kpca->add_flag("--gram", o.kpca_gram,
                   "DATA is a precomputed Gram matrix K_ij = k(x_i, x_j), and --transform's file the kernel rows "
                   "k(z_m, x_i) of the new points (M×N)");
    auto* kpca_transform = kpca->add_option("--transform", o.transform,
                                            "also a CSV of new points (with --gram: their kernel rows): output their "
                                            "scores instead");
    kpca->add_option("--inverse", o.inverse,
                     "a CSV of scores (M×P): output their pre-images in the input space, by the map learned by kernel "
                     "ridge regression from the training scores to the points (with --kernel)")
        ->excludes(kpca_transform);
    kpca->add_option("--ridge", o.ridge, "the ridge α > 0 of the pre-image map of --inverse (default 1)");
    add_common(kpca, o, true);
    kpca->add_option("--solver", o.solver,
                     "auto (default): the p leading eigenpairs by the Lanczos method in double when N ≥ 200 and "
                     "4p ≤ N, else all N; dense: all N eigenpairs; lanczos: the p leading ones (double only)")
        ->check(CLI::IsMember({"auto", "dense", "lanczos"}));
    kpca->footer(example("  kernelbook kpca --kernel gaussian:sigma=2 -p 3 data.csv\n"
                         "  kernelbook kpca --kernel polynomial:degree=3,c=1 --transform new.csv --report - --out y.csv data.csv\n"
                         "  kernelbook kpca --gram -p 2 --transform K_new.csv --out y.csv K.csv\n") +
                 "\n" + kernel_spec_help());

    CLI::App* map = app.add_subcommand("map", "the exact explicit feature map φ(z) = K^(−1/2) k_z (chapter 8)");
    add_kernel_inputs(map, o, "N×q training points, one per row", "features");
    map->add_flag("--centered", o.centered, "output the centred features ψ(z) = φ(z) − (1/N)Σ φ(x_n)");
    map->add_option("--rank-tolerance", o.rank_tolerance,
                    "use K^(+1/2) over the eigenvalues of K above this absolute tolerance (for a singular K)");
    add_common(map, o, false);
    map->footer(example("  kernelbook map --kernel k2:degree=9 --transform test.csv --out features.csv train.csv\n"
                        "  kernelbook map --kernel gaussian:gamma=0.5 --precision 50 --report - --out phi.csv data.csv\n") +
                "\n" + kernel_spec_help());

    CLI::App* certify = app.add_subcommand("certify", "is the Gram matrix PSD? proven, refuted with a witness, or undecided (chapter 4)");
    certify->add_option("FILE", o.data, "N×q data (with --kernel) or an N×N matrix (with --gram)")->required();
    auto* what = certify->add_option_group("matrix", "the matrix to certify (one of)");
    what->add_option("--kernel", o.kernel_text, "the Gram matrix of this kernel on the points of FILE");
    what->add_flag("--gram", o.certify_gram, "FILE is the matrix itself");
    what->require_option(1);
    certify->add_option("--precision", o.precision,
                        "exact (the only choice: rationals, and 50-digit intervals for gaussian and laplacian)")
        ->check(CLI::IsMember({"double", "50", "100", "exact"}));
    certify->add_option("-o,--out", o.out,
                        "write the witness c (refuted) to FILE as a CSV column, or to standard output with '-' (the "
                        "verdict then goes to standard error); when there is no witness, an earlier FILE is removed");
    certify->add_option("--report", o.report, "write the report to FILE, or '-' for standard output");
    certify->add_option("--report-format", o.report_format, "text (default) or json")
        ->check(CLI::IsMember({"text", "json"}));
    certify->footer(example("  kernelbook certify --kernel polynomial:degree=2,c=1 points.csv\n"
                            "  kernelbook certify --gram --report - --report-format json K.csv\n") +
                    "Arithmetic: exact rationals (each decimal is the fraction it denotes); 50-digit intervals for "
                    "gaussian and laplacian; exact arithmetic refuses numbers too large to end in reasonable time (exit code "
                    "6; the limit is in the message).\nExit codes: 0 proven PSD, 4 refuted, 5 undecided, 2, 3 and 6 as "
                    "above.\n\n" +
                    kernel_spec_help());

    // An empty argument is never a file name, an option or a value; CLI11 2.1 can also loop
    // forever on one followed by an option in a subcommand with option groups (found by
    // tests/fuzz/fuzz_cli.cpp), so it is refused before parsing.
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i].empty()) {
            err << "kernelbook: argument " << i << " is empty; remove it (an empty string is not a file name, an "
                << "option or a value)\n";
            return usage;
        }
    // A misspelt subcommand: CLI11 would only say that one is required.
    std::string names;
    bool known = false;
    for (const CLI::App* sub : static_cast<const CLI::App&>(app).get_subcommands([](const CLI::App*) { return true; })) {
        names += (names.empty() ? "" : ", ") + sub->get_name();
        known = known || (args.size() > 1 && args[1] == sub->get_name());
    }
    if (args.size() > 1 && args[1][0] != '-' && !known) {
        err << "kernelbook: unknown subcommand '" << args[1] << "'; the subcommands are " << names
            << "\nRun 'kernelbook --help' for usage.\n";
        return usage;
    }
    std::vector<const char*> argv;
    for (const std::string& a : args) argv.push_back(a.c_str());
    try {
        app.parse(static_cast<int>(argv.size()), argv.data());
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e, out, err);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e, out, err);
    } catch (const CLI::ParseError& e) {
        // A misspelt option first: it is often why a required one seems missing.
        const std::string sub = known ? args[1] : "";
        const std::string unknown = known ? unknown_option(*app.get_subcommand(sub), args, 2) : unknown_option(app, args, 1);
        err << "kernelbook: " << (unknown.empty() ? std::string(e.what()) : unknown) << "\nRun 'kernelbook "
            << (sub.empty() ? "" : sub + " ") << "--help' for usage.\n";
        return usage;
    }
    // The method is the subcommand object CLI11 parsed (app.require_subcommand(1): exactly one).
    const std::pair<const CLI::App*, Method> methods[] = {
        {pca, Method::pca}, {mds, Method::mds}, {kpca, Method::kpca}, {map, Method::map}, {certify, Method::certify}};
    for (const auto& [sub, method] : methods)
        if (sub->parsed()) {
            o.method = method;
            o.command = sub->get_name();
        }
    if (o.method == Method::mds) o.mds_input = distances ? "distances" : squared ? "squared-distances" : "gram";

    Stage stage;
    try {
        return execute(o, out, err, progress, stage);
    } catch (const usage_error& e) {
        err << "kernelbook " << o.command << ": " << in_command_terms(e.what()) << "\n";
        return usage;
    } catch (const data_error& e) {
        err << "kernelbook " << o.command << ": " << in_command_terms(e.what()) << "\n";
        return bad_data;
    } catch (const resource_error& e) {
        err << "kernelbook " << o.command << ": " << in_command_terms(e.what()) << "\n";
        return resources;
    } catch (const error& e) {
        err << "kernelbook " << o.command << ": " << in_command_terms(e.what()) << "\n";
        return refusal;
    } catch (const std::bad_alloc&) {
        err << "kernelbook " << o.command << ": " << out_of_memory(o, stage) << "\n";
        return resources;
    } catch (const std::exception& e) {
        err << "kernelbook " << o.command << ": internal error: " << in_command_terms(e.what())
            << "\nThis is a bug in kernelbook; please report it with the command line.\n";
        return internal;
    }
}

} // namespace kb::cli
