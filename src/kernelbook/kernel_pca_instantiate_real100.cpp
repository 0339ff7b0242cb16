/// \file kernel_pca_instantiate_real100.cpp
/// \brief Compiles kb::KernelPca once for `real100`.
#include "kernelbook/kernel_pca_impl.hpp"

KB_KERNEL_PCA_INSTANTIATE(kb::real100)
