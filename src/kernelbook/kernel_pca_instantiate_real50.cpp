/// \file kernel_pca_instantiate_real50.cpp
/// \brief Compiles kb::KernelPca once for `real50`.
#include "kernelbook/kernel_pca_impl.hpp"

KB_KERNEL_PCA_INSTANTIATE(kb::real50)
