#pragma once
/// \file cli.hpp
/// \brief The `kernelbook` command as a function: the program's main() calls it with its
///        arguments, and the tests call it in-process with their own streams.

#include "cli/errors.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace kb::cli {

/// \brief Runs `kernelbook` with `args` (args[0] is the program name), writing the output and
///        the report to `out` and messages to `err`; `progress`: announce the stages of long
///        runs on `err` (the program passes whether standard error is a terminal).
/// \returns the exit code (kb::cli::exit_code); never throws.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, bool progress = false);

} // namespace kb::cli
