#pragma once
/// \file command.hpp
/// \brief What one run of the `kernelbook` command asks for, and what a subcommand gives back;
///        the subcommands themselves (methods.hpp) are templates over the scalar type,
///        instantiated once per precision in run_<type>.cpp.

#include "cli/kernel_spec.hpp"
#include "cli/report.hpp"

#include "kernelbook/csv.hpp"
#include "kernelbook/real.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kb::cli {

/// \brief The subcommand that was parsed (set from CLI11's parsed subcommand object, never from
///        a name: there is no name that could fall through to another method).
enum class Method { pca, mds, kpca, map, certify };

/// \brief The parsed command line.
struct Options {
    Method method = Method::pca;  ///< the subcommand that was parsed
    std::string command;          ///< its name, for messages: pca, mds, kpca, map, certify
    std::string data;             ///< the input file (DATA.csv or MATRIX.csv)
    std::string transform;        ///< --transform NEW.csv ("" if not given)
    std::string kernel_text;      ///< --kernel SPEC as given
    std::optional<KernelSpec> kernel; ///< --kernel, parsed
    long components = 0;          ///< --components P (0: the default of the subcommand)
    std::string precision = "double"; ///< double, 50, 100, exact
    std::string out;              ///< --out FILE ("" : standard output)
    std::string report;           ///< --report FILE or "-" ("" : no report)
    std::string report_format = "text"; ///< text or json
    bool verify = false;          ///< --verify: run again in real100 and compare
    bool centered = false;        ///< map --centered: ψ(z) = φ(z) − mean
    std::string rank_tolerance;   ///< map --rank-tolerance (decimal; "" : the exact inverse)
    std::string mds_input;        ///< mds: distances, squared-distances or gram
    bool certify_gram = false;    ///< certify --gram
    std::string solver = "auto";  ///< kpca --solver: auto, dense or lanczos
    bool whiten = false;          ///< pca --whiten: scores divided by each axis's standard deviation
    std::string inverse;          ///< pca, kpca --inverse SCORES.csv: points from scores ("" if not given)
    std::string ridge = "1";      ///< kpca --ridge A: the ridge α of the learned pre-image map (decimal, > 0)
    bool kpca_gram = false;       ///< kpca --gram: DATA is the N×N Gram matrix, --transform the M×N kernel rows
};

/// \brief The files the run reads, parsed once (their numbers are converted per precision).
struct Inputs {
    io::CsvTable data;                 ///< the main input
    std::optional<io::CsvTable> fresh; ///< --transform: new points
};

/// \brief What a subcommand gives back: the output table (written only when the whole run
///        succeeded), its report, and, for --verify, the output as real100 values.
struct Outcome {
    std::vector<std::string> columns;             ///< the header row of the output CSV
    std::function<void(std::ostream&)> write_rows; ///< writes the data rows of the output CSV
    Json report;                                  ///< the verification report
    std::optional<Matrix<real100>> values;        ///< the output in real100, when --verify asks for it
    int exit = 0;                                 ///< the exit code (certify: 0, 4 or 5)
    std::string summary;                          ///< certify: the verdict in a few lines, for standard output
};

/// \brief Runs pca, mds, kpca or map in the scalar type T (double, real50, real100).
template <class T>
Outcome run_in(const Options& options, const Inputs& inputs, Progress& progress, bool keep_values);

extern template Outcome run_in<double>(const Options&, const Inputs&, Progress&, bool);
extern template Outcome run_in<real50>(const Options&, const Inputs&, Progress&, bool);
extern template Outcome run_in<real100>(const Options&, const Inputs&, Progress&, bool);

/// \brief Runs certify: exact rational arithmetic, or 50-digit intervals for the exponential kernels.
Outcome run_certify(const Options& options, const Inputs& inputs, Progress& progress);

} // namespace kb::cli
