/// \file main.cpp
/// \brief The `kernelbook` program: `kernelbook --help` lists the subcommands.
#include "cli/cli.hpp"

#include <cstdio>
#include <iostream>
#include <unistd.h>

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv, argv + argc);
    return kb::cli::run(args, std::cout, std::cerr, isatty(fileno(stderr)) != 0);
}
