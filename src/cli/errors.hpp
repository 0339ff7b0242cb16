#pragma once
/// \file errors.hpp
/// \brief The exit codes of the `kernelbook` command and the two errors it tells apart from the
///        library's own refusals (kb::error): a wrong command line, and unusable data.

#include "kernelbook/error.hpp"

#include <regex>
#include <string>
#include <vector>

namespace kb::cli {

/// \brief The exit codes of `kernelbook`: what a script can rely on.
enum exit_code : int {
    success = 0,     ///< the command did what was asked (certify: the matrix is proven PSD)
    internal = 1,    ///< an unexpected failure (a bug: please report it with the command line)
    usage = 2,       ///< the command line is wrong (an unknown option, a bad --kernel, a missing file name)
    bad_data = 3,    ///< a file cannot be used: an input unreadable or invalid (not a number, ragged rows, NaN, asymmetry, …), an output not writable or a write that failed
    refusal = 4,     ///< a mathematical refusal: not PSD, rank below the components asked for, κ beyond the precision
    undecided = 5,   ///< certify only: interval arithmetic could not decide whether the matrix is PSD
    resources = 6    ///< the run would not fit: memory, or a documented limit on the input's size (nothing was written)
};

/// \brief A wrong command line (exit code 2).
class usage_error : public error {
public:
    /// \brief The message says what is wrong and what to write instead.
    explicit usage_error(const std::string& message) : error(message) {}
};

/// \brief A file that cannot be used (exit code 3): an input that is not the data the command
///        needs, or an output that cannot be written.
class data_error : public error {
public:
    /// \brief The message names the file (and line and column where there is one) and why.
    explicit data_error(const std::string& message) : error(message) {}
};

/// \brief A run that would not fit in this machine's memory or exceeds a documented limit on the
///        input's size (exit code 6): not a mathematical refusal, and not bad data.
class resource_error : public error {
public:
    /// \brief The message gives the size needed, the size available and what to do instead.
    explicit resource_error(const std::string& message) : error(message) {}
};

/// \brief Runs `check` and turns a kb::error it throws into a kb::cli::data_error (the
///        library's input checks, applied to a file the user gave, are data errors).
template <class F>
void as_data_error(const std::string& file, F&& check) {
    try {
        check();
    } catch (const data_error&) {
        throw;
    } catch (const error& e) {
        throw data_error(file + ": " + e.what());
    }
}

/// \brief A message of the library told in the command's terms: its options (`--precision 50`,
///        `--rank-tolerance`) in place of the library's types, enums and functions, which a user
///        of the command cannot name. The leading name of the library function that refused
///        ("KernelPca: ") goes (the command's own prefix names the subcommand); advice that only
///        the library can follow (opting in to a non-PSD K̃, rescaling a kernel object) goes too.
inline std::string in_command_terms(std::string message) {
    static const std::pair<std::regex, std::string> rules[] = {
        {std::regex("^(Pca|ClassicalMds|KernelPca|ExplicitFeatureMap|KernelCentering|symmetric_eigen|thin_svd|"
                    "gram_from_squared_distances|entrywise_square|certify_psd)(::[a-z_]+)?: "),
         ""},
        {std::regex(", or opt in with NonPsdPolicy::keep_positive to use only the components with positive eigenvalues"), ""},
        {std::regex(" \\(NonPsdPolicy::keep_positive would leave no component\\)"), ""},
        {std::regex(" \\(a factor a: kb::scaled\\(a, k\\)\\)"), ""},
        {std::regex(" \\(kb::[A-Za-z_:]+\\)"), ""}, // a limit's name in the library: (kb::io::CsvLimits::max_bytes)
        {std::regex("use a wider type \\(real50, real100\\)"), "run with --precision 50 or 100"},
        {std::regex("KpcaSolver::lanczos"), "--solver lanczos"},
        {std::regex("KpcaSolver::dense \\(or automatic\\)"), "--solver dense (or auto)"},
        {std::regex("KpcaSolver::dense"), "--solver dense"},
        {std::regex("KpcaSolver::automatic"), "--solver auto"},
        {std::regex("so it needs p: give components"), "so it needs --components"},
        {std::regex("or a rank tolerance of at least"), "or --rank-tolerance of at least"},
        {std::regex("pass rank_tolerance "), "give --rank-tolerance "},
        {std::regex("\\brank_tolerance = "), "--rank-tolerance "},
        {std::regex("\\breal50\\b"), "--precision 50"},
        {std::regex("\\breal100\\b"), "--precision 100"},
    };
    for (const auto& [pattern, replacement] : rules) message = std::regex_replace(message, pattern, replacement);
    return message;
}

/// \brief The spellings of the library in a message the command prints (none may be there): a
///        namespace (`kb::`), a library type or enum (`KernelPca`, `NonPsdPolicy`, `KpcaSolver`,
///        `KpcaOptions`, …), a scalar type's name (`real50`), or `all_components`.
inline std::vector<std::string> library_spellings(const std::string& message) {
    static const std::regex library(
        "kb::|\\b(Pca|ClassicalMds|KernelPca|ExplicitFeatureMap|NonPsdPolicy|KpcaSolver|PcaRoute|MdsInput|[A-Za-z]*Options|"
        "AnyKernel|Nystrom[A-Za-z]*|FisherDiscriminant|real50|real100|all_components|keep_positive)\\b");
    std::vector<std::string> found;
    for (auto it = std::sregex_iterator(message.begin(), message.end(), library); it != std::sregex_iterator(); ++it)
        found.push_back(it->str());
    return found;
}

} // namespace kb::cli
