/// \file run_real50.cpp
/// \brief The subcommands pca, mds, kpca and map of the `kernelbook` command in real50 (one
///        translation unit per precision, so that the three compile in parallel).
#include "cli/methods.hpp"

namespace kb::cli {
template Outcome run_in<real50>(const Options&, const Inputs&, Progress&, bool);
} // namespace kb::cli
