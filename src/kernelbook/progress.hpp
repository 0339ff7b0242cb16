#pragma once
/// \file progress.hpp
/// \brief How a long computation of the library tells its caller how far it has got, without
///        any I/O of its own: a callback that the caller passes and the computation calls.
/// \see \ref using-resources "Using kernelbook on your data: memory, size limits and time"

#include <functional>
#include <string_view>

namespace kb {

/// \brief Called by a long computation as it advances: `stage` names the step in the book's
///        words ("tridiagonal form", "eigenvectors"), and `done` ∈ [0, 1] is the fraction of the
///        whole computation done, estimated from its operation counts (e.g. the Householder
///        reduction of an N×N matrix is \f$\tfrac23 N^3\f$ of the \f$\tfrac83 N^3\f$ operations of
///        the MPFR eigen-decomposition). The library never prints; the `kernelbook` command turns
///        the calls into a line with the time elapsed and an estimate of the time left. An empty
///        callback (the default everywhere) is never called.
///
/// Called by kb::symmetric_eigen() in kb::real50 and kb::real100 (the N³ step of the dense
/// route), to which kb::KernelPca and kb::ExplicitFeatureMap pass it on; a step whose progress
/// cannot be counted (Eigen's solver in `double`, the Lanczos iteration) does not call it. The
/// callback must not throw.
using ProgressCallback = std::function<void(std::string_view stage, double done)>;

} // namespace kb
