#pragma once
/// \file kernelbook.hpp
/// \brief The whole library in one include: `#include <kernelbook/kernelbook.hpp>`.
///
/// Includes every public header of kernelbook (not the `detail/` ones). A program that wants
/// to compile faster includes only the headers it uses; each is listed on the contributors'
/// page, \ref house "The shape of the library". A test keeps this list equal to the public
/// headers (tests/harness, "the umbrella header includes every public header").

// Scalars, matrices, errors and the numerics policy
#include "kernelbook/error.hpp"
#include "kernelbook/matrix.hpp"
#include "kernelbook/numerics.hpp"
#include "kernelbook/progress.hpp"
#include "kernelbook/real.hpp"

// Linear algebra
#include "kernelbook/centering.hpp"
#include "kernelbook/checks.hpp"
#include "kernelbook/solve.hpp"
#include "kernelbook/spectral.hpp"

// The estimators and theorems of the chapters
#include "kernelbook/eckart_young.hpp"
#include "kernelbook/explicit_map.hpp"
#include "kernelbook/class_scatter.hpp"
#include "kernelbook/fisher.hpp"
#include "kernelbook/kernel_pca.hpp"
#include "kernelbook/lines.hpp"
#include "kernelbook/mds.hpp"
#include "kernelbook/nystrom.hpp"
#include "kernelbook/pca.hpp"
#include "kernelbook/preimage.hpp"
#include "kernelbook/regression.hpp"

// Kernels, their closure rules, feature maps, the RKHS and PSD certificates
#include "kernelbook/certify.hpp"
#include "kernelbook/closure.hpp"
#include "kernelbook/exact_psd.hpp"
#include "kernelbook/features.hpp"
#include "kernelbook/basic_kernels.hpp"
#include "kernelbook/kernels.hpp"
#include "kernelbook/more_kernels.hpp"
#include "kernelbook/mercer.hpp"
#include "kernelbook/rkhs.hpp"

// Data: readers, the book's data sets, evaluation
#include "kernelbook/csv.hpp"
#include "kernelbook/datasets.hpp"
#include "kernelbook/evaluation.hpp"
#include "kernelbook/study_statistics.hpp"
#include "kernelbook/io.hpp"
