/// \file kernel_pca_instantiate_double.cpp
/// \brief Compiles kb::KernelPca once for `double`.
#include "kernelbook/kernel_pca_impl.hpp"

KB_KERNEL_PCA_INSTANTIATE(double)
