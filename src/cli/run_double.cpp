/// \file run_double.cpp
/// \brief The subcommands pca, mds, kpca and map of the `kernelbook` command in double (one
///        translation unit per precision, so that the three compile in parallel).
#include "cli/methods.hpp"

namespace kb::cli {
template Outcome run_in<double>(const Options&, const Inputs&, Progress&, bool);
} // namespace kb::cli
