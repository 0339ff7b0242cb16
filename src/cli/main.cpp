/// \file main.cpp
/// \brief The `kernelbook` program: `kernelbook --help` lists the subcommands.
#include "cli/cli.hpp"
#include "cli/output.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <unistd.h>

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    // No file of the run may take a closed standard descriptor's number, and a signal removes
    // the temporary files of the outputs.
    kb::cli::reserve_standard_descriptors();
    kb::cli::remove_temporaries_on_signals();
    // Standard output through a buffer that keeps the reason of a failed write.
    kb::cli::FdStreambuf buffer(STDOUT_FILENO);
    std::ostream out(&buffer);
    const std::vector<std::string> args(argv, argv + argc);
    int code = kb::cli::run(args, out, std::cerr, isatty(fileno(stderr)) != 0);
    // What went to standard output outside a run (--help) is checked here, and so is its close
    // (which on some file systems is where a write fails). A run reports its own failed write.
    const bool written = !out.flush().fail();
    const bool closed = ::close(STDOUT_FILENO) == 0;
    if ((!written || !closed) && code != kb::cli::bad_data) {
        std::cerr << "kernelbook: standard output: writing failed: "
                  << (written ? std::strerror(errno) : kb::cli::write_failure(out)) << "\n";
        code = kb::cli::bad_data;
    }
    return code;
}
